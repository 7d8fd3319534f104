"""1B Fog Rabelo cards: six cards, each with its own effect.

All six share one back, so the table knows a fog card is coming but not which one until it
is turned. Fragas, Our Lady of Cardia and Rápidos compare the sum with an order of their
own (an edition value per table size, R4); Sirga tows the next regular card of the stack;
Barraca rewards the lowest card whatever the sum; Customs Formalities does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.games.douro1872.actions import FogBack, FogCard, RegularBack
from ludoteca.games.douro1872.rules.dispute import (
    Decided,
    extreme,
    filled_or_not,
    settle,
    total,
)
from ludoteca.games.douro1872.rules.phylloxera import reward
from ludoteca.games.douro1872.rules.stack import show_back
from ludoteca.games.douro1872.steps import SIRGA, TOW_BACK, TURN_REGULAR, TowBack, TurnFog


def turn_fog(state: Any, step: TurnFog, fog: FogCard) -> None:
    """1B: the fog card is turned and does what it says."""
    f = state.tables.fog_index[fog.effect]
    state.fogs &= ~(1 << f)
    state.fog_top -= 1
    state.turned_fog = f
    state.emit(state.tables.turn_fog_events[state.column][f])
    decided = EFFECTS[fog.effect](state)
    if decided is not None:  # Sirga settles when the regular card it tows is turned
        settle(state, fog.effect, decided, returned=fog.effect == "cardia")


def fragas(state: Any) -> Decided:
    """Fragas: as a regular card, for 4 points (ties 2)."""
    return filled_or_not(state, state.fog_order, state.tables.stakes["fragas"])


def our_lady_of_cardia(state: Any) -> Decided:
    """Our Lady of Cardia: as a regular card; then the cards go back to hand (settle)."""
    return filled_or_not(state, state.fog_order, state.tables.stakes["cardia"])


def rapidos(state: Any) -> Decided:
    """Rápidos: reversed - filled, the lowest gains; not filled, the highest gains."""
    full, tie = state.tables.stakes["rapidos"]
    filled = total(state) >= state.fog_order
    seats = extreme(state, highest=not filled)
    reward(state, seats, full, tie)
    return seats, "lowest" if filled else "highest", state.fog_order, int(filled)


def sirga(state: Any) -> None:
    """Sirga: the next regular card of the stack, skipping fog cards, is disputed by the
    barrels on the table. The fog cards on top stay; the backs below are looked at (R13)."""
    state.target = SIRGA
    state.push(TOW_BACK)


def barraca(state: Any) -> Decided:
    """Barraca: whatever the sum, the lowest gains 2 (ties 1)."""
    full, tie = state.tables.stakes["barraca"]
    seats = extreme(state, highest=False)
    reward(state, seats, full, tie)
    return seats, "lowest", None, None


def customs(state: Any) -> Decided:
    """Customs Formalities: the cards are simply spent."""
    return [], None, None, None


EFFECTS: dict[str, Callable[[Any], Decided | None]] = {
    "fragas": fragas, "cardia": our_lady_of_cardia, "rapidos": rapidos, "sirga": sirga,
    "barraca": barraca, "customs": customs,
}


def tow_back(state: Any, step: TowBack, back: FogBack | RegularBack) -> None:
    """Sirga: 'if the following card is a fog Rabelo card, the players must remove the first
    regular Rabelo card immediately below it' - fog backs are passed over (they stay on the
    stack, to be disputed next); the regular card found is turned for the same barrels."""
    level = show_back(state, back)
    if level < 0:
        state.emit(state.tables.tow_fog_event)
        state.push(TOW_BACK)
        return
    state.target_level = level
    state.emit(state.tables.tow_back_events[level])
    state.push(TURN_REGULAR)
