"""Hex coordinates of the Dos Rios board: flat-topped hexes in vertical columns.

A position is ``(c, r)``: column ``c`` from west to east, row ``r`` growing southward
(downhill). Odd columns sit half a hex higher than even ones, so a hex's height on the
page is ``y = r`` in an odd column and ``r + 0.5`` in an even one. Every hex has six
sides; the three lower ones (SW, S, SE) are the sides a river may leave it by.
"""

from __future__ import annotations

Pos = tuple[int, int]

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
"""Side names, clockwise from the top."""
N, NE, SE, S, SW, NW = range(6)
OUTFLOW = (SW, S, SE)
"""The three sides a river may leave a hex by, west to east."""
OPPOSITE = (S, SW, NW, N, NE, SE)


def neighbour(pos: Pos, direction: int) -> Pos:
    """The position beyond side ``direction`` of ``pos`` (on the board or not)."""
    c, r = pos
    if direction == N:
        return (c, r - 1)
    if direction == S:
        return (c, r + 1)
    odd = c & 1
    if direction == NE:
        return (c + 1, r - odd)
    if direction == NW:
        return (c - 1, r - odd)
    if direction == SE:
        return (c + 1, r + 1 - odd)
    return (c - 1, r + 1 - odd)  # SW


def y(pos: Pos) -> float:
    """Height on the page (0 at the top): rivers always flow to a larger ``y``."""
    c, r = pos
    return r + (0.5 if c % 2 == 0 else 0.0)


def name(pos: Pos) -> str:
    """``"(c,r)"``, as the rulings and tests write a hex."""
    return f"({pos[0]},{pos[1]})"
