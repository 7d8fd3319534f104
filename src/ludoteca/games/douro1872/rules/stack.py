"""Game Preparation: the stack of Rabelo cards (B1, B2) and the Douro Valley (B3).

The stack is never shuffled into a list (R2). A Rabelo card is decided by chance in two
steps, each when the players first learn it: its *back* when it comes to the top of the
stack (fog, or the level of a regular card: :func:`show_back`), its *face* when it is
turned in a dispute (:mod:`.dispute`, :mod:`.fog`). The stack is two core piles
(:func:`new_stack`): the *backs* nobody has seen, of kinds regular and fog, and the
*levels* of the regular cards whose back nobody has seen, drawn when a regular back
shows; the probabilities are in :func:`..steps.back_outcomes`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.hidden import Pile
from ludoteca.games.douro1872.actions import FogBack, RegularBack
from ludoteca.games.douro1872.steps import DEAL_BACK, FOG_BACK, REGULAR_BACK, DealBack

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState
    from ludoteca.games.douro1872.tables import Tables


def new_stack(t: Tables) -> tuple[Pile, Pile]:
    """B1/B2: the stack as (backs, levels). The backs: the cards above the bottom three,
    regular and fog, shuffled; the bottom three regular cards, a bag known to all (B1);
    the top card regular, known to all, when the edition says so (B2). The levels: every
    regular card's level, none seen yet. (Values: built once, kept in the tables.)"""
    if t.start_stack is None:
        upper_regular = t.num_regular - t.bottom
        top = (REGULAR_BACK,) if t.top_regular and upper_regular else ()
        backs = Pile.of((upper_regular - len(top), t.num_fog), top=top,
                        bottom=[(REGULAR_BACK,) * t.bottom])
        t.start_stack = backs, Pile.of(t.level_counts)
    return t.start_stack


def backs_left(state: DouroState) -> bool:
    """Whether the stack holds a card whose back nobody has seen (``backs.size``, without
    adding it up: asked after every card of the Valley)."""
    backs = state.backs
    return bool(backs.unseen or backs.bottom or backs.top)


def show_back(state: DouroState, back: FogBack | RegularBack) -> int:
    """The back of the stack's next card shows: the level index of a regular card, or -1
    for a fog card (which stays on top of the stack: it is disputed after the Valley)."""
    t = state.tables
    # The piles after the draw are read from the tables' caches: the same few piles come
    # up in every match, and a draw costs more than the rest of the move.
    backs = state.backs
    if isinstance(back, FogBack):
        key = (backs, FOG_BACK)
        after = t.backs_drawn.get(key)
        if after is None:
            after = t.backs_drawn[key] = backs.drawn(FOG_BACK)
        state.backs = after
        state.fog_top += 1
        return -1
    key = (backs, REGULAR_BACK)
    after = t.backs_drawn.get(key)
    if after is None:
        after = t.backs_drawn[key] = backs.drawn(REGULAR_BACK)
    state.backs = after
    level = t.level_index[back.level]
    levels = state.levels
    key = (levels, level)
    after = t.levels_drawn.get(key)
    if after is None:
        after = t.levels_drawn[key] = levels.drawn(level)
    state.levels = after
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
    if backs_left(state):
        state.push(DEAL_BACK)
