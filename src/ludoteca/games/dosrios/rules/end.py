"""Game End: the victory conditions, checked after every action that can meet them, for
every player (R21), and the turn limit that keeps a match finite (R22)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.dosrios.tables import ESTATE

if TYPE_CHECKING:
    from ludoteca.games.dosrios.state import DosRiosState


def qualifies(state: DosRiosState, seat: int, irrigated: set[int]) -> bool:
    """All Farms and the Estate built; or the Estate and three Farms built, all on
    irrigated hexes."""
    t = state.t
    if state.estates_left[seat] or t.farms - state.farms_left[seat] < t.win_farms:
        return False
    if not state.farms_left[seat]:
        return True
    estate_wet = False
    wet_farms = 0
    for x, b in enumerate(state.building):
        if b >= 0 and b >> 1 == seat and x in irrigated:
            if b & 1 == ESTATE:
                estate_wet = True
            else:
                wet_farms += 1
    return estate_wet and wet_farms >= t.win_farms


def check_victory(state: DosRiosState) -> None:
    """Ends the game if somebody qualifies: the active player first, then the others in
    turn order after it (R21)."""
    n = state.num_players
    irrigated = state.irrigated()
    first = max(state.active, 0)
    for k in range(n):
        seat = (first + k) % n
        if qualifies(state, seat, irrigated):
            state.table_winners = (seat,)
            state.clear_pending()
            state.emit(everyone("end", winners=[seat], reason="victory"))
            return


def standing(state: DosRiosState, seat: int) -> tuple[int, int, int]:
    """What ranks the players at the turn limit (R22): buildings, then irrigated
    buildings, then money."""
    irrigated = state.irrigated()
    built = [x for x, b in enumerate(state.building) if b >= 0 and b >> 1 == seat]
    return (len(built), sum(1 for x in built if x in irrigated), state.money[seat])


def deciding_mark(state: DosRiosState, winners: list[int]) -> int:
    """Which mark of :func:`standing` set ``winners`` above the others at the turn limit:
    0 buildings, 1 irrigated buildings, 2 money; 3 when nobody else is left (a lead
    shared on all three)."""
    marks = [standing(state, s) for s in range(state.num_players)]
    others = [m for s, m in enumerate(marks) if s not in winners]
    if not others:
        return 3
    best, next_best = marks[winners[0]], max(others)
    return next(i for i in range(3) if best[i] != next_best[i])


def ended_by_limit(state: DosRiosState) -> bool:
    """Whether the game is over because the turn limit ran out: the winners of a victory
    qualify (R21), those of the limit cannot, or the game would have ended already."""
    if not state.table_winners:
        return False
    irrigated = state.irrigated()
    return not any(qualifies(state, s, irrigated) for s in state.table_winners)


def end_by_limit(state: DosRiosState) -> None:
    """The turn limit is reached with no winner: the best standing wins, ties share."""
    marks = [standing(state, s) for s in range(state.num_players)]
    best = max(marks)
    state.table_winners = tuple(s for s, m in enumerate(marks) if m == best)
    state.clear_pending()
    state.emit(everyone("end", winners=list(state.table_winners), reason="turn_limit"))


LOG_WORTH = 150
"""What a Log is taken to be worth in a prospect, in money: a Log is a dam, and the Forest
and river cards pay a Log where a field pays 100 (ASSUMED, a search's guess)."""

WET_WORTH = 250
"""What a building standing on an irrigated hex adds to a prospect: it harvests, and the
second way to win counts only irrigated buildings (ASSUMED, a search's guess)."""

WORKER_WORTH = 100
"""What a worker standing on an irrigated hex without a building adds: one harvest of 100
(ASSUMED, a search's guess)."""


def prospect(state: DosRiosState, seat: int, irrigated: set[int]) -> float:
    """A seat's progress towards winning, in money: cash, Logs at :data:`LOG_WORTH`, each
    building at what it cost plus :data:`WET_WORTH` if irrigated, each worker on an
    irrigated hex without a building at :data:`WORKER_WORTH`. A guess for a search that
    stops before the end, not a rule (the rulebook keeps no score)."""
    t = state.t
    farm_cost, estate_cost = t.cost
    worth = float(state.money[seat] + LOG_WORTH * state.logs[seat])
    for x, b in enumerate(state.building):
        if b >= 0 and b >> 1 == seat:
            worth += (estate_cost if b & 1 == ESTATE else farm_cost) \
                + (WET_WORTH if x in irrigated else 0)
    for x in state.pos[seat * t.workers:(seat + 1) * t.workers]:
        if 0 <= x < t.num_hexes and x in irrigated and state.building[x] < 0:
            worth += WORKER_WORTH
    return worth
