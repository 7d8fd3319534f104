"""Ending the Game: once the last card is drawn every player has one more turn (the
final turns live in ``turn.py``); then only the closed mines score. A side that has
reached the target with the highest total wins; otherwise a new round is dealt.

A tie at the top plays another round (R16); after ``max_rounds`` rounds the leaders win
together (R21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.desperados.rules.points import mine_value
from ludoteca.games.desperados.rules.preparing import deal_a_round
from ludoteca.games.desperados.tables import NOBODY

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


def score_the_round(state: DesperadosState) -> None:
    """Only closed mines count; then the target decides whether another round follows."""
    t = state.cards
    scored = []
    for slot in t.slots:
        owner = state.owner[slot]
        if owner != NOBODY and state.closed[slot]:
            points = mine_value(state, slot)
            state.totals[owner] += points
            scored.append({"display": owner, "mine": t.mine_name(slot), "points": points})
    state.emit(everyone("round_scored", round=state.round, mines=scored,
                        totals=list(state.totals)))
    best = max(state.totals)
    leaders = [d for d, total in enumerate(state.totals) if total == best]
    reached = best >= state.target and len(leaders) == 1  # R16: a tie at the top replays
    if reached or state.round >= state.max_rounds:
        state.winner_displays = leaders
        state.emit(everyone("game_over", winners=state.winners(), totals=list(state.totals)))
        return  # nothing pending: the game is over
    deal_a_round(state)
