"""Moves shared by several phases: a character to the ship, a player without characters
ashore, the pilot card following the characters."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.steps import SHIP, ashore_of

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def to_ship(state: PuertoDiabloState, c: int, why: str) -> None:
    """A character ashore goes face down to the ship (usable again at the next harbour)."""
    state.place[c] = SHIP
    state.emit(everyone("to_ship", seat=state.owner[c], character=c, why=why))


def leave(state: PuertoDiabloState, seat: int, why: str) -> None:
    """All of ``seat``'s characters ashore and his unplayed abilities go to the ship; he
    takes no further part in this harbour."""
    for c in ashore_of(state, seat):
        state.place[c] = SHIP
    state.ship_abis[seat].extend(state.hand[seat])
    state.ship_abis[seat].sort()
    state.hand[seat] = []
    state.ashore[seat] = 0
    state.emit(everyone("leaves", seat=seat, why=why))


def sweep(state: PuertoDiabloState) -> None:
    """A player left with no character ashore is out of the harbour; the pilot card, if
    its holder has none, passes left to the first player who has one (outside the crew
    phase: R12)."""
    for seat in range(state.num_players):
        if state.ashore[seat] and not ashore_of(state, seat):
            leave(state, seat, "no characters")
    n = state.num_players
    if state.ashore[state.pilot]:
        return
    for i in range(1, n):
        seat = (state.pilot + i) % n
        if state.ashore[seat]:
            state.pilot = seat
            state.emit(everyone("pilot", seat=seat, why="holder ashore no more"))
            return
