"""What can be pending in Dos Rios: the steps of its turn flow, and what each may choose.

Set-up: :class:`LayTile` (chance, one per slot; none with the default arrangement),
:class:`ChooseStart` (chance), :class:`LayRiver` (automatic: the start player lays a
river from its source, asked by :class:`RiverBranch` wherever equally low outflows
leave a choice), :class:`PlaceWorkers` (each seat in turn, three rounds),
:class:`RevealCard` (chance, players + 1 times). Then :class:`NextTurn` (automatic) hands
the turn on: :class:`ActionPoints` is the repeatable step of a turn (move, attack, build,
dam, end), :class:`MustLeave` the rest of a move through an opposing Farm, and
:class:`Harvest` the end-of-turn choice of the first action card.

The helpers at the top say what a seat can do; the steps only ask them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.core.flow import AutoStep, ChanceStep, Step
from ludoteca.core.words import plural, seat_name
from ludoteca.games.dosrios.actions import Attack, Build, Move
from ludoteca.games.dosrios.tables import ESTATE, FARM, RIVERS, card_name

if TYPE_CHECKING:
    from ludoteca.games.dosrios.state import DosRiosState

# ----- rivers ----------------------------------------------------------------------------


def lowest_outflows(state: DosRiosState, node: int) -> list[int]:
    """The undammed outflow sides of ``node`` into the lowest of its targets (R4)."""
    t = state.t
    dams = state.dams
    height = state.height
    target = t.side_target
    best = 99
    out: list[int] = []
    for s in t.outflows[node]:
        if dams >> s & 1:
            continue
        h = height[target[s]]
        if h < best:
            best = h
            out = [s]
        elif h == best:
            out.append(s)
    return out


def dam_keeps_outflow(state: DosRiosState, side: int) -> bool:
    """Whether a dam on ``side`` leaves its upper node (a hex or a source) an undammed
    outflow (R14); a side that is no outflow never blocks anything."""
    t = state.t
    upper = t.side_upper[side]
    if upper < 0:
        return True
    dams = state.dams | 1 << side
    return any(not dams >> s & 1 for s in t.outflows[upper])


# ----- workers ---------------------------------------------------------------------------


def own_locations(state: DosRiosState, seat: int) -> dict[int, int]:
    """``{location: workers}`` of ``seat``'s workers on the board, Town and paths."""
    w = state.t.workers
    counts: dict[int, int] = {}
    for loc in state.pos[seat * w: seat * w + w]:
        if loc >= 0:
            counts[loc] = counts.get(loc, 0) + 1
    return counts


def opposing_farm(state: DosRiosState, seat: int, x: int) -> bool:
    b = state.building[x]
    return b >= 0 and b >> 1 != seat and b & 1 == FARM


def enter_cost(state: DosRiosState, seat: int, src: int, dst: int, left: int) -> int:
    """Action points a move of one of ``seat``'s workers from ``src`` to ``dst`` costs, or
    0 if the move is not allowed with ``left`` points (R6-R10; an attack from higher
    ground is such a move)."""
    t = state.t
    if dst >= t.num_hexes:  # the Town or a path: always open, 1 point
        return 1 if dst in t.adjacent[src] and left >= 1 else 0
    b = state.building[dst]
    if b >= 0 and b & 1 == ESTATE:
        if b >> 1 != seat:
            return 0  # an opposing Estate is never entered
        if src == t.town:
            # Under ``adjacent`` an Estate next to the Town is one step like any other (R10).
            trip = 1 if state.estate_adjacent and dst in t.adjacent[src] else t.estate_trip
            return trip if left >= trip and state.hex_count[dst] < t.per_hex else 0
        if not state.estate_adjacent or dst not in t.adjacent[src]:
            return 0
    elif dst not in t.adjacent[src]:
        return 0
    if left < 1:
        return 0
    who = state.hex_seat[dst]
    if who < 0 or who == seat:
        if who == seat and state.hex_count[dst] >= t.per_hex:
            return 0
        if b >= 0 and b >> 1 != seat:  # an opposing Farm: only in passing (R9)
            return 1 if left >= 2 and can_pass(state, seat, src, dst, left - 1) else 0
        return 1
    # An opposing worker: a lone attacker needs higher ground against a lone defender
    # who stands in no building and has had a turn (R11-R13).
    if b >= 0 or state.hex_count[dst] != 1 or not state.had_turn[who]:
        return 0
    return 1 if state.height[src] > state.height[dst] else 0


def can_pass(state: DosRiosState, seat: int, src: int, x: int, left: int) -> bool:
    """Whether a worker of ``seat`` moving from ``src`` into the opposing Farm on ``x`` can
    move on with ``left`` points, judged as if it already stood on ``x`` (so the place it
    came from has room for it again, R9)."""
    count = state.hex_count
    h = state.t.num_hexes
    if src < h:
        count[src] -= 1
    count[x] += 1
    try:
        return can_leave(state, seat, x, left)
    finally:
        count[x] -= 1
        if src < h:
            count[src] += 1


def can_leave(state: DosRiosState, seat: int, x: int, left: int) -> bool:
    """Whether a worker of ``seat`` passing through the opposing Farm on ``x`` can move on
    with ``left`` points (R9)."""
    if left < 1:
        return False
    return any(enter_cost(state, seat, x, dst, left) for dst in state.t.adjacent[x])


def move_ids(state: DosRiosState, seat: int, left: int, only: int = -1) -> list[int]:
    """Move ids for ``seat``'s workers (only the one on location ``only`` if given)."""
    t = state.t
    ids: list[int] = []
    if left < 1:
        return ids
    L = t.num_locations
    move_id = t.move_id
    locs = [only] if only >= 0 else list(own_locations(state, seat))
    for src in locs:
        for dst in t.adjacent[src]:
            if enter_cost(state, seat, src, dst, left):
                ids.append(move_id[src * L + dst])
        if src == t.town:
            e = state.estate_hex[seat]
            if e >= 0 and e not in t.adjacent[src] and enter_cost(state, seat, src, e, left):
                ids.append(move_id[src * L + e])
    return ids


def passing_ids(state: DosRiosState, seat: int, x: int, left: int, built: int) -> list[int]:
    """What ``seat`` may do while its worker stands in passing on the opposing Farm on ``x``
    under ``farm_passing = literal`` (R9): that worker's moves on, any dam, and any move,
    attack or building of the other workers that leaves the passing worker a way on with
    the points left; a second worker does not start a pass of its own meanwhile."""
    t = state.t
    ids = move_ids(state, seat, left, only=x) + dam_ids(state, seat)
    codec = t.codec
    h = t.num_hexes
    for i in move_ids(state, seat, left) + attack_ids(state, seat, left) \
            + build_ids(state, seat, built):
        a = codec.decode(i)
        estate = -1
        if isinstance(a, Move):
            if a.src == x or (a.dst < h and opposing_farm(state, seat, a.dst)):
                continue
            cost = enter_cost(state, seat, a.src, a.dst, left)
            steps = [(a.src, a.dst)]
        elif isinstance(a, Attack):
            adj = t.adjacent[a.target]
            if x in (adj[a.a], adj[a.b]):  # the passing worker attacks: it moves on
                ids.append(i)
                continue
            cost, steps = 2, [(adj[a.a], a.target), (adj[a.b], a.target)]
        else:  # a Farm never closes a way; an own Estate may (R10)
            assert isinstance(a, Build)
            cost, steps = 0, []
            estate = a.hex if a.kind == "estate" else -1
        if keeps_way_on(state, seat, x, left - cost, steps, estate):
            ids.append(i)
    return sorted(set(ids))


def keeps_way_on(state: DosRiosState, seat: int, x: int, left: int,
                 steps: list[tuple[int, int]], estate: int) -> bool:
    """Whether the worker passing ``x`` can still move on with ``left`` points once
    ``seat``'s workers made ``steps`` (``(src, dst)``, driving off whoever stands on
    ``dst``) and, if ``estate >= 0``, the Estate stands there. The position is restored."""
    t = state.t
    saved = (state.pos[:], state.hex_seat[:], state.hex_count[:], state.building[:])
    try:
        for src, dst in steps:
            who = state.hex_seat[dst] if dst < t.num_hexes else -1
            if who >= 0 and who != seat:
                for _ in range(state.hex_count[dst]):
                    state.put_worker(who, dst, t.town)
            state.put_worker(seat, src, dst)
        if estate >= 0:
            state.building[estate] = seat * 2 + ESTATE
        return can_leave(state, seat, x, left)
    finally:
        state.pos[:], state.hex_seat[:], state.hex_count[:], state.building[:] = saved


def attack_ids(state: DosRiosState, seat: int, left: int) -> list[int]:
    """Two-worker attacks (R12): a target hex of a lone or paired opposing worker outside
    any building, whose player has had a turn, and two of ``seat``'s workers next to it
    (both from higher ground against a pair)."""
    t = state.t
    if left < 2:
        return []
    own = own_locations(state, seat)
    ids: list[int] = []
    A = t.max_adjacent
    height = state.height
    for target in range(t.num_hexes):
        who = state.hex_seat[target]
        if who < 0 or who == seat or state.building[target] >= 0 or not state.had_turn[who]:
            continue
        adj = t.adjacent[target]
        pair = state.hex_count[target] == 2
        here = height[target]
        slots = [k for k, loc in enumerate(adj) if loc in own
                 and (not pair or height[loc] > here)]
        base = target * A * A
        for i, a in enumerate(slots):
            if own[adj[a]] >= 2:
                ids.append(t.attack_id[base + a * A + a])
            for b in slots[i + 1:]:
                ids.append(t.attack_id[base + a * A + b])
    return ids


def build_ids(state: DosRiosState, seat: int, built: int) -> list[int]:
    """Build ids: a hex with one of ``seat``'s workers and no building (R15), while fewer
    than two buildings were built this turn and the money is there."""
    t = state.t
    if built >= t.buildings_per_turn:
        return []
    ids: list[int] = []
    money = state.money[seat]
    kinds = [k for k, left in ((FARM, state.farms_left[seat]), (ESTATE, state.estates_left[seat]))
             if left > 0 and money >= t.cost[k]]
    if not kinds:
        return ids
    for x in own_locations(state, seat):
        if x < t.num_hexes and state.building[x] < 0:
            ids.extend(t.build_id[k][x] for k in kinds)
    return ids


def dam_ids(state: DosRiosState, seat: int) -> list[int]:
    """Dam ids: an undammed side of a hex with one of ``seat``'s workers, that leaves every
    hex and source an outflow (R14), while ``seat`` has a Log."""
    t = state.t
    if state.logs[seat] < 1:
        return []
    sides: set[int] = set()
    for x in own_locations(state, seat):
        if x < t.num_hexes:
            sides.update(t.hex_sides[x])
    dams = state.dams
    return [t.dam_id[s] for s in sorted(sides)
            if not dams >> s & 1 and dam_keeps_outflow(state, s)]


# ----- set-up ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LayTile(ChanceStep["DosRiosState"]):
    """Chance lays one of the tiles not yet laid into ``slot``, turned at random."""

    slot: int

    def chance_outcomes(self, state: DosRiosState) -> list[tuple[int, float]]:
        t = state.t
        left = [k for k in range(len(t.tiles)) if state.tiles_left >> k & 1]
        p = 1.0 / (len(left) * 3)
        return [(t.tile_outcome[k][r], p) for k in left for r in range(3)]


@dataclass(frozen=True, slots=True)
class ChooseStart(ChanceStep["DosRiosState"]):
    """Chance chooses the start player."""

    def chance_outcomes(self, state: DosRiosState) -> list[tuple[int, float]]:
        n = state.num_players
        return [(state.t.start_outcome[s], 1.0 / n) for s in range(n)]


@dataclass(frozen=True, slots=True)
class ChooseRiver(Step["DosRiosState"]):
    """Under ``river_order = choose``: the start player, ``seat``, says which river to lay
    first (R3)."""

    seat: int

    def legal_actions(self, state: DosRiosState) -> list[int]:
        return sorted(state.t.first_river_id)

    def prompt(self, state: DosRiosState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Which river do you lay first?"
        return f"{seat_name(self.seat)} chooses which river to lay first"


@dataclass(frozen=True, slots=True)
class LayRiver(AutoStep["DosRiosState"]):
    """The start player, ``layer``, lays ``river`` from its source (R2-R4)."""

    river: int
    layer: int


@dataclass(frozen=True, slots=True)
class RiverBranch(Step["DosRiosState"]):
    """``seat`` chooses where the river on node ``at`` flows next, among equally low
    outflows; ``reroute``: after a dam (the river then ends where it meets any course)."""

    seat: int
    at: int
    reroute: bool

    def legal_actions(self, state: DosRiosState) -> list[int]:
        flow = state.t.flow_id
        return sorted(flow[s] for s in lowest_outflows(state, self.at))

    def prompt(self, state: DosRiosState, viewer: int | None) -> str:
        rivers = state.rivers_through(self.at)
        what = " and ".join(f"Rio {RIVERS[r].capitalize()}" for r in rivers) or "the river"
        where = state.node_name(self.at)
        if viewer == self.seat:
            return f"Where does {what} flow from {where}?"
        return f"{seat_name(self.seat)} chooses where {what} flows from {where}"


@dataclass(frozen=True, slots=True)
class PlaceWorkers(Step["DosRiosState"]):
    """``seat`` puts one worker of the supply on a hex (R16)."""

    seat: int

    def legal_actions(self, state: DosRiosState) -> list[int]:
        t = state.t
        seat = self.seat
        return [t.place_id[x] for x in range(t.num_hexes)
                if state.hex_seat[x] in (-1, seat) and state.hex_count[x] < t.per_hex]

    def prompt(self, state: DosRiosState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Place a worker on a hex"
        return f"{seat_name(self.seat)} places a worker"


@dataclass(frozen=True, slots=True)
class RevealCard(ChanceStep["DosRiosState"]):
    """Chance: the next action card off the stack, to the right end of the row.
    ``setup``: in the opening row (Bandits are set aside, ``aside`` of them so far, and
    shuffled back once a card without them is drawn, R18); else Bandits strike at once."""

    setup: bool
    aside: tuple[int, ...] = ()

    def chance_outcomes(self, state: DosRiosState) -> list[tuple[int, float]]:
        ids = state.t.card_outcome
        return [(ids[k], p) for k, p in state.deck.draw_odds()]


# ----- a turn ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NextTurn(AutoStep["DosRiosState"]):
    """The turn passes from seat ``after`` to the next seat clockwise (or the game ends at
    the turn limit, R22)."""

    after: int


@dataclass(frozen=True, slots=True)
class ActionPoints(Step["DosRiosState"]):
    """``seat`` has ``left`` action points and built ``built`` buildings this turn;
    ``first``: the seat's first turn (no card activity)."""

    seat: int
    left: int
    built: int
    first: bool

    def legal_actions(self, state: DosRiosState) -> list[int]:
        seat, left = self.seat, self.left
        ids = move_ids(state, seat, left)
        ids += attack_ids(state, seat, left)
        ids += build_ids(state, seat, self.built)
        ids += dam_ids(state, seat)
        ids.append(state.t.end_turn_id)
        ids.sort()
        return ids

    def prompt(self, state: DosRiosState, viewer: int | None) -> str:
        if viewer == self.seat:
            return (f"{plural(self.left, 'point')} left, {self.built}/{state.t.buildings_per_turn} "
                    "built: move, attack, build, dam or end the turn")
        return f"{seat_name(self.seat)} is moving ({self.left} action points left)"


@dataclass(frozen=True, slots=True)
class MustLeave(Step["DosRiosState"]):
    """``seat``'s worker passing through the opposing Farm on ``hex`` must move on (R9):
    under ``farm_passing = strict`` its move on is the next action; under ``literal``
    dams, buildings and other workers' moves may come first, but the turn does not end
    until it has moved on."""

    seat: int
    hex: int
    left: int
    built: int
    first: bool

    def legal_actions(self, state: DosRiosState) -> list[int]:
        if state.literal_passing:
            return passing_ids(state, self.seat, self.hex, self.left, self.built)
        return sorted(move_ids(state, self.seat, self.left, only=self.hex))

    def prompt(self, state: DosRiosState, viewer: int | None) -> str:
        where = state.node_name(self.hex)
        if viewer == self.seat:
            return f"Move on: a worker may not stop on the opposing Farm on {where}"
        return f"{seat_name(self.seat)} moves on from {where}"


@dataclass(frozen=True, slots=True)
class Harvest(Step["DosRiosState"]):
    """``seat`` activates the first action card of the row or passes over it (R19)."""

    seat: int

    def legal_actions(self, state: DosRiosState) -> list[int]:
        t = state.t
        return sorted((t.activate_id, t.pass_over_id))

    def prompt(self, state: DosRiosState, viewer: int | None) -> str:
        card = card_name(state.t.card_keys[state.row[0]])
        if viewer == self.seat:
            return f"Activate the {card} card, or pass it over?"
        return f"{seat_name(self.seat)} decides on the {card} card"


CHOOSE_START = ChooseStart()
