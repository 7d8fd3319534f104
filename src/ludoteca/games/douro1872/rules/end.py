"""End of the Game.

"The game ends after being played the last regular Rabelo card in the stack. After counting
the profits or losses of the charity card, all the victory points are added. The player who
scores the most points is the winner. In the event of a tie, among the tied, the player
immediately to the left of the phylloxera card wins."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.douro1872.rules import tell
from ludoteca.games.douro1872.rules.charity import charity

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState


def end_of_the_game(state: DouroState) -> None:
    """After the last regular card: charity, totals, ties from the holder's left (R14).
    Nothing is pending afterwards: the game is over."""
    charity(state)
    state.table_winners = final_ranking(state)
    state.emit(tell.end(state))


def final_ranking(state: DouroState) -> tuple[int, ...]:
    """The most points wins. 'In the event of a tie, among the tied, the player immediately
    to the left of the phylloxera card wins' - so the first tied seat met going clockwise
    from the holder's left, the holder itself last (R14). Without the card (two players) a
    tie is a shared win."""
    points = state.points
    top = max(points)
    tied = [s for s, v in enumerate(points) if v == top]
    holder = state.holder
    if len(tied) > 1 and holder >= 0:
        for step in range(1, state.seats + 1):
            seat = (holder + step) % state.seats
            if seat in tied:
                return (seat,)
    return tuple(tied)
