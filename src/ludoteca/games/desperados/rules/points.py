"""Point Values: gold chests 3, silver 2, copper 1 (as the edition says); a double chest
counts twice; a double laid first on a mine makes every later chest on it double too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.desperados.tables import DOUBLE

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


def mine_value(state: DesperadosState, slot: int) -> int:
    """What the mine's chests are worth (it scores only once closed)."""
    chests = state.chests[slot]
    if not chests:
        return 0
    t = state.cards
    points = t.points[t.slot_metal[slot]]
    if chests[0] == DOUBLE:
        return points * DOUBLE * len(chests)
    return points * sum(chests)
