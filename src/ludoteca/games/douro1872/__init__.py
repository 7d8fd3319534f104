"""Douro 1872 (Ricardo Jorge Gomes, Pythagoras Games, 2018) — 2 to 5 players.

Small Douro growers fill the Rabelo boats of the port-wine companies. Every player holds the
same ten barrel cards (0–4 and 6–10). Rabelo cards are disputed one at a time: everyone lays a
barrel card face down, all are revealed and added, then the Rabelo card is turned. A regular
card orders a number of barrels (by the number of players): if the sum reaches it, the
highest card gains 2 points (tied: 1 each); otherwise the lowest card loses 2 (tied: 1 each).
Six fog cards change that: Fragas (±4), Our Lady of Cardia (cards go back to hand), Rápidos
(reversed), Sirga (the same barrels dispute the next regular card), Barraca (lowest gains
whatever the sum) and Customs (nothing). Whoever holds the phylloxera card loses every tie
it is in and passes the card to its left after any tie it is in. In the middle of the game
everyone takes back their cards and gives one, face down, to charity: at the end the lowest
gift loses 1 and the highest gains 1. Most points wins; ties go to the first tied player to the
left of the phylloxera card. With two players, the ghost D. Sebastião plays random cards,
scores and can win.

Playing it::

    ludoteca play douro1872 --players 4
    ludoteca.run_match("douro1872", ["random"] * 3, seed=1)

Set-ups (``GameInfo.variants``): ``standard`` for 3–5 players (returns sum to 1);
``sebastiao`` for 2 players, a table of three with D. Sebastião as seat 2 (general-sum: he
can win, and then nobody's return is 1).

The package (imports go one way: actions, tables <- steps <- rules <- state -> view):

* :mod:`.edition` / ``editions/default.toml`` - the components, every value with its source;
  :mod:`.tables` - the edition compiled into flat tables and the action codec;
* :mod:`.actions` - decisions ``PlayBarrel(card)``, ``Donate(card)`` (a card is named by its
  value) and the typed chance outcomes (``FogBack``, ``RegularBack``, ``Face``, ``FogCard``,
  ``LotteryCard``, ``Cut``, ``GhostCard``);
* :mod:`.steps` - what can be pending, what each pending decision is about, and the
  automatic steps (the reveal, a lottery round's result, what comes next); laying a card
  face down is one step type, whose D. Sebastião instance is a chance step;
* :mod:`.rules` - one module per rulebook section, and ``rules/tell.py``, the events and
  who sees them; :mod:`.state` - the fields and the
  wiring; :mod:`.view` - observation, tensor, labels, events in words; :mod:`.render` - the
  terminal view of an observation.

Rulings on what the rulebook leaves open are in ``docs/rulings/douro1872.md`` (R1–R14).
Options: ``charity_all_equal`` = ``literal`` (R9, default) | ``nothing``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from ludoteca.core.codec import Codec
from ludoteca.core.state import Game, GameInfo, Variant
from ludoteca.core.tensor import TensorLayout
from ludoteca.games.douro1872 import view
from ludoteca.games.douro1872.edition import DouroEdition
from ludoteca.games.douro1872.state import DouroState
from ludoteca.games.douro1872.tables import MOST_SEATS, Tables

__all__ = ["GAME", "Douro1872", "DouroOptions", "DouroState"]


class DouroOptions(BaseModel):
    """Rule switches.

    ``charity_all_equal``: what the charity card does when every gift is equal (R9).
    ``literal`` - everyone gave the lowest and the highest card, so both apply with the
    phylloxera tie rule (the holder pays 1, the others gain 1); ``nothing`` - nobody gave
    more or less, nothing is paid. The phylloxera passes either way.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    charity_all_equal: Literal["literal", "nothing"] = Field(
        "literal", title="When every charity gift is equal",
        json_schema_extra={"choice_labels": {
            "literal": "the holder of the phylloxera pays 1, the others gain 1",
            "nothing": "nobody pays or gains"}},
        description="What the charity does when every gift is equal: literal, everyone gave "
        "both the lowest and the highest card, so the phylloxera's holder pays 1 and the "
        "others gain 1; nothing, nobody pays or gains — ruling R9")


class Douro1872(Game):
    id = "douro1872"
    state_class = DouroState
    Edition = DouroEdition
    default_edition = Path(__file__).parent / "editions" / "default.toml"
    Options = DouroOptions
    edition: DouroEdition
    tables: Tables
    bot_presets: ClassVar[Mapping[str, str]] = {
        # The points move only when a dispute is settled, and the leader-takes-all
        # evaluation of a position 20 actions on says little; rollouts to the end of the
        # match (about 110 actions) are what beat the heuristic bot (docs/bots.md, the
        # ladder).
        "strong": "ismcts:iterations=1000,rollout=200",
    }

    def build_tables(self) -> None:
        self.tables = Tables(self.edition)  # static, shared by every state of this game

    def build_codec(self) -> Codec:
        return self.tables.codec

    def build_info(self) -> GameInfo:
        t = self.tables
        rabelos = t.num_regular + t.num_fog
        disputes = rabelos - ("sirga" in t.fog_effects)
        most = MOST_SEATS
        max_length = (
            rabelos  # backs
            + most * (t.redraws + 1) + 1  # lottery rounds and the cut
            + disputes * most  # barrel cards laid (the ghost's included)
            + rabelos  # faces
            + most  # charity
        )
        return GameInfo(
            id=self.id,
            title="Douro 1872",
            variants=(
                Variant("standard", (3, 4, 5), "3 to 5 players", constant_sum=1.0),
                Variant("sebastiao", (2,), "2 players and the ghost D. Sebastião (he can win)",
                        constant_sum=None),
            ),
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=self.codec.num_outcomes,
            max_game_length=max_length,
            hidden_information=True,
            description="Fill the Rabelo boats with barrels; beware the fog and phylloxera.",
            utility_bounds=(0.0, 1.0),
            extra={"ghost": t.ghost_name},
        )

    def tensor_layout(self, num_players: int, variant: str) -> TensorLayout:
        return view.tensor_layout(self.tables, num_players, variant)


GAME = Douro1872
