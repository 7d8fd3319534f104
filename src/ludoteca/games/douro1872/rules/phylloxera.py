"""2A Phylloxera: the holder loses every tie it is in, and then passes the card.

"In case of a tie, with one or more players, the player who holds the phylloxera card
always loses" - with regular and fog Rabelo cards, the charity card and the final tie.
"The phylloxera card rotates clockwise whenever there are draws involving the player who
holds it, even if that tie is not important." The lottery that gives the card first is
in :mod:`.lottery`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.core.events import everyone

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState


def pay(state: DouroState, seat: int, points: int) -> None:
    """End note: 'players are forgiven of paying barrels they do not have' (floor 0, R8)."""
    state.points[seat] = max(state.tables.floor, state.points[seat] + points)


def reward(state: DouroState, seats: list[int], full: int, tie: int) -> None:
    """Sole player: ``full``; tied players: ``tie`` each. The holder loses a tie (R6): it
    drops out, and a sole remaining player takes the full reward."""
    holder = state.holder
    if len(seats) > 1 and holder in seats:
        seats = [s for s in seats if s != holder]
    if len(seats) == 1:
        pay(state, seats[0], full)
    else:
        for s in seats:
            pay(state, s, tie)


def penalty(state: DouroState, seats: list[int], full: int, tie: int) -> None:
    """Sole player: loses ``full``; tied: ``tie`` each. A holder in the tie loses it, so it
    alone pays the full penalty and the others pay nothing (R6)."""
    holder = state.holder
    if len(seats) > 1 and holder in seats:
        pay(state, holder, -full)
    elif len(seats) == 1:
        pay(state, seats[0], -full)
    else:
        for s in seats:
            pay(state, s, -tie)


def next_holder(state: DouroState, values: Sequence[int]) -> int:
    """Who holds the card after a dispute or the charity with these cards: the holder's
    left neighbour if the holder's card equals another, whatever its rank (R7)."""
    holder = state.holder
    if holder >= 0 and values.count(values[holder]) > 1:
        return (holder + 1) % state.seats
    return holder


def pass_phylloxera(state: DouroState, holder: int) -> None:
    """The card rotates clockwise to ``holder`` (no change: nothing happens)."""
    if holder != state.holder:
        state.emit(everyone("phylloxera", seat=holder, previous=state.holder))
        state.holder = holder
