"""1B Fog Rabelo cards: six cards, each with its own effect.

All six share one back, so the table knows a fog card is coming but not which one until it
is turned. Fragas, Our Lady of Cardia and Rápidos compare the sum with an order of their
own (an edition value per table size, R4); Sirga tows the next regular card of the stack;
Barraca rewards the lowest card whatever the sum; Customs Formalities does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ludoteca.games.douro1872.actions import FogBack, FogCard, RegularBack
from ludoteca.games.douro1872.rules.dispute import (
    Decided,
    extreme,
    filled_or_not,
    settle,
)
from ludoteca.games.douro1872.rules.phylloxera import reward
from ludoteca.games.douro1872.rules.stack import show_back
from ludoteca.games.douro1872.steps import TowBack, TurnFog, TurnRegular

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState


def turn_fog(state: DouroState, step: TurnFog, fog: FogCard) -> None:
    """1B: the fog card is turned and does what it says."""
    f = state.tables.fog_index[fog.effect]
    state.fogs &= ~(1 << f)
    state.fog_top -= 1
    state.emit(state.tables.turn_fog_events[state.column][f])
    if fog.effect == "sirga":  # it settles when the regular card it tows is turned
        sirga(state, f)
        return
    before = tuple(state.points)
    cards = state.face_up
    decided = EFFECTS[fog.effect](state, cards)
    settle(state, fog.effect, cards, before, decided, returned=fog.effect == "cardia")


def fragas(state: DouroState, cards: tuple[int, ...]) -> Decided:
    """Fragas: as a regular card, for 4 points (ties 2)."""
    return filled_or_not(state, cards, state.fog_order, state.tables.stakes["fragas"])


def our_lady_of_cardia(state: DouroState, cards: tuple[int, ...]) -> Decided:
    """Our Lady of Cardia: as a regular card; then the cards go back to hand (settle)."""
    return filled_or_not(state, cards, state.fog_order, state.tables.stakes["cardia"])


def rapidos(state: DouroState, cards: tuple[int, ...]) -> Decided:
    """Rápidos: reversed - filled, the lowest gains; not filled, the highest gains."""
    full, tie = state.tables.stakes["rapidos"]
    filled = sum(cards) >= state.fog_order
    seats = extreme(cards, highest=not filled)
    reward(state, seats, full, tie)
    return seats, "lowest" if filled else "highest", state.fog_order, int(filled)


def sirga(state: DouroState, fog: int) -> None:
    """Sirga (fog card ``fog``): the next regular card of the stack, skipping fog cards, is
    disputed by the barrels on the table. The fog cards on top stay; the backs below are
    looked at (R13)."""
    state.push(TowBack(fog))


def barraca(state: DouroState, cards: tuple[int, ...]) -> Decided:
    """Barraca: whatever the sum, the lowest gains 2 (ties 1)."""
    full, tie = state.tables.stakes["barraca"]
    seats = extreme(cards, highest=False)
    reward(state, seats, full, tie)
    return seats, "lowest", None, None


def customs(state: DouroState, cards: tuple[int, ...]) -> Decided:
    """Customs Formalities: the cards are simply spent."""
    return [], None, None, None


EFFECTS: dict[str, Callable[[DouroState, tuple[int, ...]], Decided]] = {
    "fragas": fragas, "cardia": our_lady_of_cardia, "rapidos": rapidos,
    "barraca": barraca, "customs": customs,
}
"""The fog cards that settle when turned (Sirga settles with the card it tows)."""


def tow_back(state: DouroState, step: TowBack, back: FogBack | RegularBack) -> None:
    """Sirga: 'if the following card is a fog Rabelo card, the players must remove the first
    regular Rabelo card immediately below it' - fog backs are passed over (they stay on the
    stack, to be disputed next); the regular card found is turned for the same barrels."""
    level = show_back(state, back)
    if level < 0:
        state.emit(state.tables.tow_fog_event)
        state.push(step)  # still looking
        return
    state.emit(state.tables.tow_back_events[level])
    state.push(TurnRegular(level, towed_by=step.fog))
