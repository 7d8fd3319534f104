"""Move the boat, loading and unloading, the cellar.

The boat moves one step per marker stacked on its owner's circle (never the overseer):
upstream to the next port, or downstream to any lower port in one step. It may load at
every port it touches (passing ones included) and at its port after a harvest or during
its owner's turn; at most three lots, one per section, never mixed. At Vila Nova de Gaia
its lots go into empty cellar columns, Ruby or Tawny chosen per lot; those that do not fit
wait aboard and go in as soon as a column is free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.vintage.actions import Load, SailOn, SailTo, Store
from ludoteca.games.vintage.steps import (
    Arrive,
    PortCall,
    Sail,
    Unload,
    loadable,
    store_choices,
)
from ludoteca.games.vintage.tables import KINDS

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState


def load_lot(state: VintageState, seat: int, estate: int) -> None:
    """The lot on ``estate`` into the first free section of ``seat``'s boat."""
    t = state.t
    base = seat * t.sections
    lot = state.hold.index(0, base, base + t.sections) - base
    state.hold[base + lot] = state.lot[estate]
    state.hold_q[base + lot] = state.lot_q[estate]
    state.emit(everyone("loaded", seat=seat, estate=estate, lot=lot,
                        barrels=state.lot[estate]))
    state.lot[estate] = 0
    state.lot_q[estate] = 0


def sail(state: VintageState, step: Sail, action: SailTo | SailOn) -> None:
    """One step: the ports touched are called at in order, then the next step."""
    seat = step.seat
    if isinstance(action, SailOn):  # the card's "up to": stop here
        state.emit(everyone("sail_on", seat=seat))
        return
    here = state.boat[seat]
    there = action.port
    state.boat[seat] = there
    state.emit(everyone("sailed", seat=seat, port=there))
    touched = tuple(range(here - 1, there - 1, -1)) if there < here else (there,)
    state.push(Arrive(seat, touched, step.left - 1, step.up_to))


def arrive(state: VintageState, step: Arrive, action: None) -> None:
    """The next port touched: a call where a lot can be loaded, the cellar at Gaia."""
    seat = step.owner
    if not step.ports:
        if step.left > 0:
            state.push(Sail(seat, step.left, step.up_to))
        return
    port, rest = step.ports[0], step.ports[1:]
    state.push(Arrive(seat, rest, step.left, step.up_to))
    if port == 0:
        if store_choices(state, seat):
            state.push(Unload(seat))
    elif loadable(state, seat, port):
        state.push(PortCall(seat, port))


def port_call(state: VintageState, step: PortCall, action: Load | SailOn) -> None:
    if isinstance(action, SailOn):
        state.emit(everyone("sail_on", seat=step.seat))
        return
    load_lot(state, step.seat, action.estate)
    if loadable(state, step.seat, step.port):
        state.push(PortCall(step.seat, step.port))


def unload(state: VintageState, step: Unload, action: Store) -> None:
    """A lot aboard into an empty column of the chosen kind; then the next, while one
    fits."""
    seat = step.seat
    t = state.t
    kind = KINDS.index(action.kind)
    k = t.num_columns
    column = next(c for c in range(k)
                  if t.column_kind[c] == kind and state.cellar[seat * k + c] == 0)
    s = seat * t.sections + action.lot
    state.cellar[seat * k + column] = state.hold[s]
    state.cellar_q[seat * k + column] = state.hold_q[s]
    state.hold[s] = 0
    state.hold_q[s] = 0
    state.emit(everyone("stored", seat=seat, lot=action.lot, port_kind=action.kind,
                        column=column))
    push_unload(state, seat)


def push_unload(state: VintageState, seat: int) -> None:
    """Lots waiting aboard at Gaia go in as soon as a column is free."""
    if store_choices(state, seat):
        state.push(Unload(seat))
