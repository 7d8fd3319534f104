"""Game Preparation: the stack of Rabelo cards (B1, B2) and the Douro Valley (B3).

The stack is never shuffled into a list (R2). A Rabelo card is decided by chance in two
steps, each when the players first learn it: its *back* when it comes to the top of the
stack (fog, or the level of a regular card: :func:`show_back`), its *face* when it is
turned in a dispute (:mod:`.dispute`, :mod:`.fog`). The stack is kept as counts of the
cards nobody has seen the back of: regular and fog cards above the bottom three, and the
bottom three regular cards; the probabilities are in :func:`..steps.back_outcomes`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.douro1872.actions import FogBack, RegularBack
from ludoteca.games.douro1872.steps import DEAL_BACK, DealBack

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState


def unseen(state: DouroState) -> int:
    """Cards of the stack whose back nobody has seen."""
    return state.up_regular + state.up_fog + state.bottom


def show_back(state: DouroState, back: FogBack | RegularBack) -> int:
    """The back of the stack's next card shows: the level index of a regular card, or -1
    for a fog card (which stays on top of the stack: it is disputed after the Valley)."""
    first_upper = state.up_regular + state.up_fog > 0
    state.first_back = False
    if isinstance(back, FogBack):
        state.up_fog -= 1
        state.fog_top += 1
        return -1
    level = state.tables.level_index[back.level]
    state.level_pool[level] -= 1
    if first_upper:
        state.up_regular -= 1
    else:
        state.bottom -= 1
    return level


def deal_back(state: DouroState, step: DealBack, back: FogBack | RegularBack) -> None:
    """B3: regular cards go face down to the Douro Valley until a fog card shows; if the
    stack runs out first (after the last fog card), every card is dealt (R3)."""
    level = show_back(state, back)
    if level < 0:
        state.emit(state.tables.fog_back_event)  # the disputes begin
        return
    state.valley.append(level)
    state.emit(state.tables.valley_events[level])
    if unseen(state):
        state.push(DEAL_BACK)
