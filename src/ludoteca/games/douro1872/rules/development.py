"""Development of the Game: what happens next.

"Phase 1: players play their barrel cards ... until you have exhausted the stack of the 10
barrel cards. Phase 2: in the middle of the game, collect the 10 barrel cards ... and make a
donation to the charity card. Phase 3: repeat the first phase procedures until the Rabelo
cards from the stack end." And: "The regular Rabelo cards are removed from the top of the
stack and arranged on the table, face down, in an area called the Douro Valley. When a fog
Rabelo card appears at the top of the stack, the players begin to dispute the cards. This
procedure is repeated throughout the game."

Each section's rule resolves its own step and pushes what its section still needs; when its
section is over it calls ``state.proceed()``, which the state wires to :func:`next_rabelo`:
the sections never import this module, which imports them.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.douro1872.rules.charity import middle_of_the_game
from ludoteca.games.douro1872.rules.dispute import start_dispute
from ludoteca.games.douro1872.rules.end import end_of_the_game
from ludoteca.games.douro1872.rules.lottery import start_lottery
from ludoteca.games.douro1872.steps import DEAL_BACK, FOGCARD, NONE, REGULAR


def next_rabelo(state: Any) -> None:
    """What happens next: deal the Valley, the lottery, the middle, a dispute, the end."""
    if not state.valley and not state.fog_top and (
            state.up_regular or state.up_fog or state.bottom):  # cards left on the stack
        state.target = NONE
        state.push(DEAL_BACK)  # "This procedure is repeated throughout the game."
        return
    if state.phylloxera_used and state.holder < 0:
        start_lottery(state)  # D: after the Valley is dealt (B3, C, D)
        return
    if not any(state.hands):
        if state.half == 1:
            middle_of_the_game(state)  # R10: the first time every hand is empty
            return
        end_of_the_game(state)
        return
    if state.valley:  # R3: in the order they came out, the fog card last
        start_dispute(state, REGULAR, state.valley[0])
    elif state.fog_top:
        start_dispute(state, FOGCARD, -1)
    else:
        end_of_the_game(state)

