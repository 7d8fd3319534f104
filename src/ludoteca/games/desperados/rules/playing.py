"""Playing a Card: opening, working and closing a mine (fighting is ``fights.py``).

Any card may go into any display, an opponent's too (R2, R3; the ``opponent_displays``
switch narrows that). A chest goes onto an open mine of its metal (R4); a closed-mine
card onto any open mine, which keeps its owner and takes no more cards (R6).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.games.desperados.actions import Close, Fight, Open, Work
from ludoteca.games.desperados.rules import tell
from ludoteca.games.desperados.rules.cards import LOG_PLAY, log, lose_card
from ludoteca.games.desperados.rules.fights import close_during_a_fight, fight_over_a_mine
from ludoteca.games.desperados.tables import DOUBLE, NOBODY, SINGLE

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


def open_a_mine(state: DesperadosState, seat: int, action: Open) -> None:
    """A mine card opens a mine of its metal; it takes the metal's lowest free slot (R1)."""
    t = state.cards
    kind = t.MINE + action.metal
    lose_card(state, seat, kind)
    owner = state.owner
    slot = next(s for s in t.slots_of_metal[action.metal] if owner[s] == NOBODY)
    owner[slot] = action.display
    bisect.insort(state.open_mines, slot)
    if state.partnership:
        log(state, seat, LOG_PLAY, kind)
    state.emit(*tell.played(state, "open", seat, kind, slot, action.display))


def work_a_mine(state: DesperadosState, seat: int, action: Work) -> None:
    """A chest card goes onto an open mine of its metal, in play order (R4, R5)."""
    kind, slot = action.card, action.mine
    lose_card(state, seat, kind)
    state.chests[slot].append(DOUBLE if kind >= state.cards.DOUBLE else SINGLE)
    if state.partnership:
        log(state, seat, LOG_PLAY, kind)
    state.emit(*tell.played(state, "work", seat, kind, slot))


def close_a_mine(state: DesperadosState, seat: int, action: Close) -> None:
    """Closing stops the mine; closing the mine being fought over ends the fight (R12)."""
    slot = action.mine
    kind = state.cards.CLOSED
    lose_card(state, seat, kind)
    state.closed[slot] = True
    state.open_mines.remove(slot)
    if state.partnership:
        log(state, seat, LOG_PLAY, kind)
    state.emit(*tell.played(state, "close", seat, kind, slot))
    if slot == state.fight_mine:
        close_during_a_fight(state, slot)


PLAYS: dict[type[Any], Callable[[DesperadosState, int, Any], None]] = {
    Open: open_a_mine, Work: work_a_mine, Close: close_a_mine, Fight: fight_over_a_mine}
"""Action type -> the rule that plays that card."""
