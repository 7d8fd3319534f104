"""Desperados - Reiner Knizia's card game of Old West prospecting (first published as Digging).

The game in short. Each player in turn does exactly one thing: draws a card, passes a card
face down to their partner, or plays a card face up into any display. A mine card opens a
gold, silver or copper mine; chest cards of the same metal work it (a double chest counts
twice, and laid first it doubles every later chest); a closed-mine card closes any open
mine, and only closed mines score. A Desperado laid on an opponent's mine starts a fight:
every other player has one turn to add a Desperado of their own, and at the start of the
attacker's next turn the higher side (partnerships: the higher total, draws to the
defenders; individual: the single highest card) takes or keeps the mine with its chests.
Closing a mine under attack ends the fight at once and costs the mine its last chest.
When the last card is drawn everyone has one more turn, the drawer last; then the closed
mines are scored and, unless a side has reached the target, all the cards are dealt again.

=================  ==============================================================
Variants           ``partnership`` (4 players; seats 0+2 against 1+3, target 60),
                   ``individual`` (2, 3 or 4 players, each for themselves, target 40)
Actions            draw; pass a card kind; open a mine of a metal in a display;
                   a chest onto a mine; close a mine; a Desperado onto a mine
Chance             ``Card(kind)``: each card dealt and each card drawn, by copies left
Hidden             hands and the deck (a passed card is seen by both partners)
Options            ``opponent_displays`` = ``any`` (R3) | ``close_or_fight``;
                   ``fight_joiners`` = ``all`` (R11) | ``owner``;
                   ``passes_in_a_row`` (R20, default: one per player);
                   ``pass_limit`` (R20 house rule, default none);
                   ``max_rounds`` (R21, default 20)
=================  ==============================================================

Every point the rulebook leaves open is ruled in ``docs/rulings/desperados.md``.

    >>> from ludoteca import load_game
    >>> state = load_game("desperados").new_initial_state(4, "partnership")
    >>> state.current_player()   # the deal is a chance node
    -1
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from ludoteca.core.codec import Codec
from ludoteca.core.state import Game, GameInfo, Variant
from ludoteca.core.tensor import TensorLayout
from ludoteca.games.desperados.edition import DesperadosEdition
from ludoteca.games.desperados.state import DesperadosState
from ludoteca.games.desperados.tables import MAX_PASS_LIMIT, MAX_ROUNDS, MAX_RUN, Tables
from ludoteca.games.desperados.view import tensor_layout


class Options(BaseModel):
    """Rule switches for the points the rulebook leaves open (docs/rulings/desperados.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    opponent_displays: Literal["any", "close_or_fight"] = Field(
        "any", title="What may be played into an opponent's display",
        json_schema_extra={"choice_labels": {
            "any": "any card",
            "close_or_fight": "only a closed-mine card or a Desperado"}},
        description="What may be played into an opponent's display: any card (any), "
        "or only a closed-mine card or a Desperado (close_or_fight) — rulings R2 and R3")
    fight_joiners: Literal["all", "owner"] = Field(
        "all", title="Who may join a fight",
        json_schema_extra={"variants": ["individual"], "choice_labels": {
            "all": "every other player", "owner": "only the mine's owner"}},
        description="Who may add a Desperado to a fight in the individual game: every "
        "other player (all) or only the mine's owner (owner) — ruling R11")
    passes_in_a_row: int | None = Field(
        None, ge=0, le=MAX_RUN, title="Passes in a row before someone must draw or play",
        json_schema_extra={"variants": ["partnership"]},
        description="While the deck lasts, after this many passes in a row (nobody drawing "
        "or playing) the next player must draw or play; default: the number of players "
        "— ruling R20")
    pass_limit: int | None = Field(
        None, ge=0, le=MAX_PASS_LIMIT, title="Most cards each player may pass in a round",
        json_schema_extra={"variants": ["partnership"]},
        description="House rule: the most cards each player may pass in a round while the "
        "deck lasts; default: no such limit — ruling R20")
    max_rounds: int = Field(20, ge=1, le=MAX_ROUNDS, title="Most rounds",
                            description="Rounds after which, if nobody has reached the "
                            "target, the highest total wins — ruling R21")


class Desperados(Game):
    id = "desperados"
    state_class = DesperadosState
    Edition = DesperadosEdition
    default_edition = Path(__file__).with_name("editions") / "default.toml"
    Options = Options
    edition: DesperadosEdition
    cards: Tables
    bot_presets: ClassVar[Mapping[str, str]] = {
        # Random rollouts misjudge fights and chests: the plain search lost to the
        # heuristic bot (0.25 of 24 pilot matches); rolled out by that bot it won 0.84
        # (docs/bots.md, the ladder).
        "strong": "ismcts:iterations=1000,policy=heuristic,c=0.1",
    }

    def build_tables(self) -> None:
        self.cards = Tables(self.edition)

    def build_codec(self) -> Codec:
        return self.cards.codec

    def build_info(self) -> GameInfo:
        t = self.cards
        per_round = max(t.max_round_length(4, True),
                        *(t.max_round_length(n, False) for n in (2, 3, 4)))
        return GameInfo(
            id="desperados",
            title="Desperados",
            variants=(
                Variant("partnership", (4,), "two partnerships, partners opposite; to 60",
                        constant_sum=2.0),
                Variant("individual", (2, 3, 4), "every player for themselves; to 40",
                        constant_sum=1.0),
            ),
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=self.codec.num_outcomes,
            max_game_length=per_round * MAX_ROUNDS,
            hidden_information=True,
            teams=True,
            description="Open mines, work them with chests, close them to score, "
            "and send Desperados to take your opponents' mines.",
            utility_bounds=(0.0, 1.0),
        )

    def tensor_layout(self, num_players: int, variant: str) -> TensorLayout:
        return tensor_layout(self.cards, num_players, variant)


GAME = Desperados
