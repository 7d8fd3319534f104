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

Set-ups (``GameInfo.variants``): ``standard`` for 3–5 players; ``sebastiao`` for 2 players
(a table of three, seat 2 being D. Sebastião).

The model, in short (details in :mod:`.rules` and ``docs/rulings/douro1872.md``):

* **Actions.** ``0..9`` play the barrel card at that position of ``0,1,2,3,4,6,7,8,9,10``;
  ``10..19`` donate it to charity (:mod:`.actions`).
* **Chance.** The stack is never stored as an order: a card's *back* (fog, or the level of a
  regular card) is a chance node when it comes to the top of the stack, its *face* (the
  order, or which fog card) when it is turned. The phylloxera lottery draws each card from
  the owner's hand as a chance node; D. Sebastião's cards are chance nodes uniform over his
  hand.
* **Simultaneous choices** are taken seat by seat; a face-down card is hidden from every
  other seat until all have chosen.
* **Information (ruling R1, perfect memory).** Everything ever revealed to the table is in
  every observation (all played cards, every score, every settled dispute); a seat's hand,
  face-down card and charity card are private. ``observation(p)["prompt"]`` says what the
  acting seat decides.
* **Result.** ``scores()`` are the players' points; ``winners()`` the winning players.
  D. Sebastião is seat 2 of the observation's ``seats``; when he wins alone ``winners()``
  is empty and ``returns()`` are all 0; a win shared with him gives each winning player
  ``1/k`` of ``k`` winners counting him (so returns sum to less than 1).
  ``observation(...)["result"]`` says who won in words.
* **Edition.** ``editions/default.toml``: the order table of the Rabelo cards and the order
  of three fog cards were not found and are *assumed*; an owner of the game corrects them in
  an edition file of their own (``Douro1872("my-edition.toml")``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ludoteca.core.state import Game, GameInfo, Variant
from ludoteca.games.douro1872.actions import num_distinct_actions
from ludoteca.games.douro1872.edition import DouroEdition
from ludoteca.games.douro1872.rules import DouroState, Tables

__all__ = ["Douro1872", "DouroState"]


class Douro1872(Game):
    id = "douro1872"
    state_class = DouroState
    Edition = DouroEdition
    default_edition = Path(__file__).parent / "editions" / "default.toml"
    Options = None

    def build_info(self) -> GameInfo:
        self.tables = t = Tables(self.edition)  # static, shared by every state of this game
        rabelos = t.num_regular + t.num_fog
        disputes = rabelos - ("sirga" in t.fog_effects)
        most = 5
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
                Variant("standard", (3, 4, 5), "3 to 5 players"),
                Variant("sebastiao", (2,), "2 players and the ghost D. Sebastião"),
            ),
            num_distinct_actions=num_distinct_actions(t.hand_size),
            max_chance_outcomes=max(t.num_regular, t.num_fog, t.hand_size,
                                    1 + len(t.level_names), most),
            max_game_length=max_length,
            hidden_information=True,
            description="Fill the Rabelo boats with barrels; beware the fog and phylloxera.",
            extra={"ghost": t.ghost_name},
        )

    def render(self, observation: dict[str, Any]) -> Any:
        from ludoteca.games.douro1872.render import render

        return render(observation)
