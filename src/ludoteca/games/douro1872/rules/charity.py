"""2B Charity card, and the middle of the game when it is given.

"In the middle of the game, as players retrieve the 10 barrel cards played in the first
half, each one chooses one of their barrel cards that are placed (without revealing the
value) beneath the charity card. At the end of the game ... the values of the barrel cards
are revealed for charity and: the player or players who donated the lowest value card
deliver 1 point (note phylloxera card); the player or players who donated the highest value
card receive 1 point from the pile (note phylloxera card)."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.douro1872.rules import tell
from ludoteca.games.douro1872.rules.phylloxera import (
    next_holder,
    pass_phylloxera,
    penalty,
    reward,
)
from ludoteca.games.douro1872.rules.sebastiao import laying_order
from ludoteca.games.douro1872.tables import CHARITY

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState


def middle_of_the_game(state: DouroState) -> None:
    """Phase 2: everyone takes back the ten cards and gives one, face down, to charity
    (R10: when every hand is empty for the first time), one seat after another."""
    full = state.tables.full_hand
    seats = state.seats
    state.half = 2
    state.hands = [full] * seats
    state.piles = [[] for _ in range(seats)]
    state.donations = [-1] * seats
    state.returned = [0] * seats
    state.emit(everyone("middle"))
    state.push(*laying_order(state, CHARITY))


def charity(state: DouroState) -> None:
    """2B, at the end: the lowest gift(s) -1, the highest gift(s) +1, the phylloxera tie
    rule applied (R6), then the card passes if the holder tied (R7).

    When every gift is equal, every seat gave both the lowest and the highest card (R9): read
    literally (option ``charity_all_equal = "literal"``, the default) both apply - the
    holder loses the tie for the lowest alone and drops out of the tie for the highest, so
    it pays 1 and the others gain 1; ``"nothing"`` pays nothing. The card passes either way.
    """
    before = tuple(state.points)
    holder = state.holder
    values = [state.tables.values[c] for c in state.donations]
    full, tie = state.tables.stakes["charity"]
    best, worst = max(values), min(values)
    if best != worst or state.charity_all_equal == "literal":
        reward(state, [s for s, v in enumerate(values) if v == best], full, tie)
        penalty(state, [s for s, v in enumerate(values) if v == worst], full, tie)
    after = next_holder(state, values)
    state.charity = tuple(values)
    state.emit(tell.charity(state, values, before, holder, after))
    pass_phylloxera(state, after)
