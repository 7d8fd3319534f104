"""Harvest: once a round, any or all of one's planted estates without a lot on them.

Each estate's yield is split into port and brandy. Every estate that makes port costs one
brandy held before the harvest (one in all with the Harvest card); the port stays on the
estate as one lot of quality estate quality + the round's bonus; the brandy goes to the
player board, at most 3 (paid first, then added, then capped: ruling R14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.vintage.actions import EndHarvest, HarvestEstate
from ludoteca.games.vintage.steps import Harvest, PortCall, loadable

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState


def harvest(state: VintageState, step: Harvest, action: HarvestEstate | EndHarvest) -> None:
    if isinstance(action, HarvestEstate):
        state.emit(everyone("harvest_choice", seat=step.seat, estate=action.estate,
                            port=action.port))
        state.push(Harvest(step.seat, step.single_brandy,
                           (*step.chosen, (action.estate, action.port))))
        return
    do_harvest(state, step.seat, step.chosen, step.single_brandy)


def do_harvest(state: VintageState, seat: int, chosen: tuple[tuple[int, int], ...],
               single_brandy: bool) -> None:
    t = state.t
    bonus = t.chip_values[state.chips[state.round]]
    making = sum(1 for _, p in chosen if p)
    paid = min(making, 1) if single_brandy else making
    made = sum(t.harvest_yield[e] - p for e, p in chosen)
    state.brandy[seat] = min(t.brandy_cap, state.brandy[seat] - paid + made)
    lots: list[list[int]] = []
    for e, p in chosen:
        if p:
            state.lot[e] = p
            state.lot_q[e] = state.quality[e] + bonus
            state.supply -= p
        lots.append([e, p, t.harvest_yield[e] - p])
    state.harvested[seat] = 1
    state.emit(everyone("harvested", seat=seat, lots=lots, brandy_paid=paid,
                        brandy=state.brandy[seat], bonus=bonus))
    port = state.boat[seat]
    if port and loadable(state, seat, port):
        state.push(PortCall(seat, port))
