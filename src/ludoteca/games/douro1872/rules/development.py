"""Development of the Game: what happens next.

"Phase 1: players play their barrel cards ... until you have exhausted the stack of the 10
barrel cards. Phase 2: in the middle of the game, collect the 10 barrel cards ... and make a
donation to the charity card. Phase 3: repeat the first phase procedures until the Rabelo
cards from the stack end." And: "The regular Rabelo cards are removed from the top of the
stack and arranged on the table, face down, in an area called the Douro Valley. When a fog
Rabelo card appears at the top of the stack, the players begin to dispute the cards. This
procedure is repeated throughout the game."

Each part of the game is pushed above an automatic :class:`~..steps.NextRabelo` step: the
Valley dealt, the lottery, a dispute, the charity cards given. When the part is over that
step comes to the top and :func:`next_rabelo` decides, from the position, what comes next.
The sections never import this module, which imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.douro1872.rules.charity import middle_of_the_game
from ludoteca.games.douro1872.rules.dispute import start_dispute
from ludoteca.games.douro1872.rules.end import end_of_the_game
from ludoteca.games.douro1872.rules.lottery import start_lottery
from ludoteca.games.douro1872.rules.stack import backs_left
from ludoteca.games.douro1872.steps import DEAL_BACK, FOG, NEXT_RABELO, NextRabelo

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState


def next_rabelo(state: DouroState, step: NextRabelo, action: None) -> None:
    """What happens next: deal the Valley, the lottery, the middle, a dispute, the end.

    Each part but the end is pushed above a new :data:`~..steps.NEXT_RABELO` (pushed
    first, so that it lies below what the part pushes; a dispute's steps end with it),
    which decides again once that part is over; after the end nothing is pending."""
    if not state.valley and not state.fog_top and backs_left(state):
        state.push(DEAL_BACK, NEXT_RABELO)  # "This procedure is repeated throughout the game."
        return
    if state.phylloxera_used and state.holder < 0:
        state.push(NEXT_RABELO)
        start_lottery(state)  # D: after the Valley is dealt (B3, C, D)
        return
    if not any(state.hands):
        if state.half == 1:
            state.push(NEXT_RABELO)
            middle_of_the_game(state)  # R10: the first time every hand is empty
            return
        end_of_the_game(state)
        return
    # A dispute's steps end with NEXT_RABELO (they are pushed as one, a dispute at a time).
    if state.valley:  # R3: in the order they came out, the fog card last
        start_dispute(state, state.valley[0])
    elif state.fog_top:
        start_dispute(state, FOG)
    else:
        end_of_the_game(state)
