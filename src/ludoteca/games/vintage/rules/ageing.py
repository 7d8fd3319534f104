"""Age and sell: one die for every lot of the cellar.

Each lot's result is its quality + the die (+1 with the +1-quality card, added before any
row is read); its barrels fill the free slots of that result's row and overflow down to
the unlimited bottom row. Then the +1-barrel card's barrel, then the Enologist's move up
one row, then every full row is sold for its VP and each full set of the bottom rows
scores 1 VP (4 Ruby, 5 Tawny barrels).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.vintage.actions import AgeLot, Die, ExtraBarrel
from ludoteca.games.vintage.rules.boat import push_unload
from ludoteca.games.vintage.steps import (
    AgeingDie,
    AgeLots,
    ExtraBarrelStep,
    Sale,
    extra_rows,
)
from ludoteca.games.vintage.tables import KINDS

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState


def ageing_die(state: VintageState, step: AgeingDie, outcome: Die) -> None:
    state.emit(everyone("die", seat=step.owner, pips=outcome.pips, plus=step.plus))
    age_next(state, step.owner, outcome.pips + step.plus, step.extra)


def age_lot(state: VintageState, step: AgeLots, action: AgeLot) -> None:
    place_lot(state, step.seat, action.column, step.add)
    age_next(state, step.seat, step.add, step.extra)


def age_next(state: VintageState, seat: int, add: int, extra: bool) -> None:
    """Places the lots whose order cannot matter (the only lot of its kind left) and asks
    for the order while two lots of one kind remain (ruling R8); then the sale."""
    t = state.t
    k = t.num_columns
    base = seat * k
    while True:
        left = [c for c in range(k) if state.cellar[base + c]]
        if not left:
            break
        kinds = [t.column_kind[c] for c in left]
        if len(set(kinds)) < len(kinds):
            state.push(AgeLots(seat, add, extra))
            return
        place_lot(state, seat, left[0], add)
    state.push(Sale(seat))
    if extra and state.supply > 0 and extra_rows(state, seat):
        state.push(ExtraBarrelStep(seat))


def place_lot(state: VintageState, seat: int, column: int, add: int) -> None:
    """A lot into its row, the overflow down the rows below; its column empties."""
    t = state.t
    k = t.num_columns
    barrels = state.cellar[seat * k + column]
    quality = state.cellar_q[seat * k + column]
    result = quality + add
    kind = t.column_kind[column]
    row = t.row_for(kind, result)
    last = t.side_rows[kind][-1]
    base = seat * t.num_rows
    placed = []
    for r in range(row, last + 1):
        if not barrels:
            break
        slots = t.row_slots[r]
        room = barrels if slots == 0 else max(0, slots - state.ware[base + r])
        put = min(room, barrels)
        if put:
            state.ware[base + r] += put
            barrels -= put
            placed.append([r, put])
    state.cellar[seat * k + column] = 0
    state.cellar_q[seat * k + column] = 0
    state.emit(everyone("aged", seat=seat, column=column, port_kind=KINDS[kind],
                        quality=quality, result=result, rows=placed))


def extra_barrel(state: VintageState, step: ExtraBarrelStep, action: ExtraBarrel) -> None:
    """The +1-barrel card: a barrel from the supply into a free slot of a row that holds
    one."""
    state.ware[step.seat * state.t.num_rows + action.row] += 1
    state.supply -= 1
    state.emit(everyone("extra_barrel", seat=step.seat, row=action.row))


def sale(state: VintageState, step: Sale, action: None) -> None:
    seat = step.owner
    # Each Enologist played this round is its own move up (ruling R12), unless the option
    # makes several worth one.
    times = min(state.enologist[seat], 1) if state.enologists_once else state.enologist[seat]
    for _ in range(times):
        upgrade(state, seat)
    sell(state, seat)
    push_unload(state, seat)


def upgrade(state: VintageState, seat: int) -> None:
    """The Enologist: every barrel up one row where the row above has a free slot, from
    the top row down, each barrel at most one row (ruling R16). A slot freed by a move can
    take a barrel from the row below, unless the option ``upgrade_room = before`` counts
    only the slots free before the upgrade."""
    t = state.t
    base = seat * t.num_rows
    before = state.ware[base: base + t.num_rows] if state.upgrade_before else None
    moves = []
    for rows in t.side_rows:
        for i in range(1, len(rows)):
            up, here = rows[i - 1], rows[i]
            held = state.ware[base + up] if before is None else before[up]
            room = t.row_slots[up] - held
            n = min(room, state.ware[base + here])
            if n > 0:
                state.ware[base + up] += n
                state.ware[base + here] -= n
                moves.append([here, n])
    if moves:
        state.emit(everyone("upgraded", seat=seat, moves=moves))


def sell(state: VintageState, seat: int) -> None:
    """Full rows are sold; the bottom rows score their full sets. Barrels sold go back to
    the supply."""
    t = state.t
    base = seat * t.num_rows
    scored = []
    for r in range(t.num_rows):
        have = state.ware[base + r]
        slots = t.row_slots[r]
        if slots:
            if have == slots:
                scored.append([r, t.row_vp[r]])
                state.ware[base + r] = 0
                state.supply += have
        elif have >= t.row_set[r]:
            sets = have // t.row_set[r]
            scored.append([r, sets * t.row_vp[r]])
            state.ware[base + r] -= sets * t.row_set[r]
            state.supply += sets * t.row_set[r]
    vp = sum(v for _, v in scored)
    state.vp[seat] += vp
    state.emit(everyone("sold", seat=seat, rows=scored, vp=vp))
