"""Desperados — Reiner Knizia's card game of Old West prospecting (first published as Digging).

Players open gold, silver and copper mines, work them with chest cards, close them to
bank their points, and send Desperados to seize each other's mines. Only closed mines
score. Rounds are played until a side reaches the target.

=================  ==============================================================
Variants           ``partnership`` (4 players; seats 0+2 against 1+3, target 60),
                   ``individual`` (2, 3 or 4 players, target 40)
Actions            draw; pass a card kind; open a mine of a metal in a display;
                   a chest onto a mine; close a mine; a Desperado onto a mine
Chance             the deal and every draw: a card kind, by how many are left
Hidden             hands and the deck (a passed card is seen by both partners)
Options            ``opponent_displays`` = ``any`` (R3) | ``close_or_fight``;
                   ``fight_joiners`` = ``all`` (R11) | ``owner``;
                   ``pass_limit`` (R20, default 10); ``max_rounds`` (R21, default 20)
=================  ==============================================================

Sources: ``shared/rules/desperados.txt`` (the rulebook) and ``desperados-data.md``.
Every point the rulebook leaves open is ruled in ``docs/rulings/desperados.md``.

    >>> from ludoteca import load_game
    >>> state = load_game("desperados").new_initial_state(4, "partnership")
    >>> state.current_player()   # the deal is a chance node
    -1
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ludoteca.core.state import Game, GameInfo, Variant
from ludoteca.games.desperados.actions import Cards
from ludoteca.games.desperados.edition import DesperadosEdition
from ludoteca.games.desperados.rules import DesperadosState

MAX_PASS_LIMIT = 30
MAX_ROUNDS = 50


class Options(BaseModel):
    """Rule switches for the points the rulebook leaves open (docs/rulings/desperados.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    opponent_displays: Literal["any", "close_or_fight"] = Field(
        "any", description="R3: what may be played into an opponent's display")
    fight_joiners: Literal["all", "owner"] = Field(
        "all", description="R11: who may answer a fight in the individual game")
    pass_limit: int = Field(10, ge=0, le=MAX_PASS_LIMIT,
                            description="R20: cards a player may pass per round")
    max_rounds: int = Field(20, ge=1, le=MAX_ROUNDS,
                            description="R21: rounds after which the leader wins")


class Desperados(Game):
    id = "desperados"
    state_class = DesperadosState
    Edition = DesperadosEdition
    default_edition = Path(__file__).with_name("editions") / "default.toml"
    Options = Options

    def __init__(self, edition: str | Path | None = None, *, edition_text: str | None = None):
        super().__init__(edition, edition_text=edition_text)
        self.cards = Cards(self.edition)

    def build_info(self) -> GameInfo:
        cards = Cards(self.edition)
        total = sum(cards.deck_counts(0))
        # A round: every card dealt or drawn (chance), a draw decision per drawn card,
        # every card played once, every pass allowed, and skipped final turns cost nothing.
        per_round = 3 * total + 4 * MAX_PASS_LIMIT
        return GameInfo(
            id="desperados",
            title="Desperados",
            variants=(
                Variant("partnership", (4,), "two partnerships, partners opposite; to 60"),
                Variant("individual", (2, 3, 4), "every player for themselves; to 40"),
            ),
            num_distinct_actions=len(cards.actions),
            max_chance_outcomes=cards.num_kinds,
            max_game_length=per_round * MAX_ROUNDS,
            teams=True,
            description="Open mines, work them with chests, close them to score, "
            "and send Desperados to take your opponents' mines.",
        )

    def heuristic_action(self, view: Any, player: int, rng: Any, **options: Any) -> int:
        from ludoteca.games.desperados.bots import choose

        return choose(view, player, rng, **options)

    def render(self, observation: dict[str, Any]) -> Any:
        from ludoteca.games.desperados.render import render

        return render(observation)
