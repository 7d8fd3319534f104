"""What each seat sees of Dos Rios: the observation, the tensor, labels and events in
words. Everything is public (the stack's order is never stored), so every viewer, a
spectator too, gets the same observation.

The observation (JSON-safe; numbers as in :mod:`.tables`):

``board``     ``hexes``: per hex (index = hex id) ``{"hex", "c", "r", "terrain",
              "irrigated", "rivers", "workers": [seat, count] | None,
              "building": [seat, "farm" | "estate"] | None}``
``rivers``    per river (0 Verde, 1 Moreno) ``{"name", "nodes": [source, hex, ..., end],
              "sides": [side, ...], "crossings": [[hex, direction], ...]}``: the course
              from the source, each segment's side and where that side lies
``dams``      the dammed sides; ``dam_sides`` each as ``[hex, direction]``
``seats``     per seat ``{"money", "logs", "farms_left", "estates_left", "town",
              "west", "east", "supply", "had_turn"}``
``row``       the face-up action cards, left first (card keys); ``deck`` cards in the
              stack; ``discards`` ``{key: count}``
``turn``      ``{"active", "turns", "turn_limit", "start"}``
``pending``   the step to act on: ``{"step", "seat", ...its fields}`` or None
``winners``   the winners once the game is over; ``prompt`` what the viewer reads
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.events import Event
from ludoteca.core.tensor import Segment, TensorLayout
from ludoteca.core.words import plural, seat_name
from ludoteca.games.dosrios import hexes
from ludoteca.games.dosrios.actions import (
    ActionCard,
    Activate,
    Attack,
    Build,
    Dam,
    EndTurn,
    FirstRiver,
    FlowTo,
    Move,
    PassOver,
    PlaceWorker,
    StartPlayer,
    Tile,
)
from ludoteca.games.dosrios.rules import end
from ludoteca.games.dosrios.steps import ActionPoints, MustLeave, enter_cost
from ludoteca.games.dosrios.tables import BUILDINGS, RIVERS, TERRAINS, Tables, card_name

if TYPE_CHECKING:
    from ludoteca.games.dosrios.state import DosRiosState

MONEY_CLIP = 3000
"""Cash is unbounded by the rules; the tensor clips it at what all five buildings cost."""
STEPS = ("LayTile", "ChooseStart", "RiverBranch", "PlaceWorkers", "RevealCard",
         "ActionPoints", "MustLeave", "Harvest", "ChooseRiver")


def river_name(r: int) -> str:
    return f"Rio {RIVERS[r].capitalize()}"


def observation(state: DosRiosState, player: int | None) -> dict[str, Any]:
    t = state.t
    n = state.num_players
    # The hot path of every view and of the conformance kit: locals, no inner loops.
    verde, moreno = set(state.course(0)), set(state.course(1))
    names = [TERRAINS[k] for k in state.terrain] if state.terrain else [None] * t.num_hexes
    building, hex_seat, hex_count = state.building, state.hex_seat, state.hex_count
    hx = []
    for x, (c, r) in enumerate(t.pos):
        b = building[x]
        who = hex_seat[x]
        on_v, on_m = x in verde, x in moreno
        hx.append({
            "hex": x, "c": c, "r": r,
            "terrain": names[x],
            "irrigated": on_v or on_m,
            "rivers": [0, 1] if on_v and on_m else [0] if on_v else [1] if on_m else [],
            "workers": [who, hex_count[x]] if who >= 0 else None,
            "building": [b >> 1, BUILDINGS[b & 1]] if b >= 0 else None,
        })
    dams = []
    bits = state.dams
    while bits:  # the set bits, lowest first
        low = bits & -bits
        dams.append(low.bit_length() - 1)
        bits ^= low
    rivers = []
    for rv in range(2):
        node = t.source[rv]
        nodes, sides = [node], []
        while state.out[node] >= 0:
            sides.append(state.out[node])
            node = t.side_target[state.out[node]]
            nodes.append(node)
            if node >= t.num_hexes:
                break
        rivers.append({"name": RIVERS[rv], "nodes": nodes, "sides": sides,
                       "crossings": [side_place(t, sd) for sd in sides]})
    w = t.workers
    seats = []
    for s in range(n):
        mine = state.pos[s * w: s * w + w]
        seats.append({
            "money": state.money[s], "logs": state.logs[s],
            "farms_left": state.farms_left[s], "estates_left": state.estates_left[s],
            "town": mine.count(t.town), "west": mine.count(t.west), "east": mine.count(t.east),
            "supply": mine.count(-1), "had_turn": bool(state.had_turn[s]),
        })
    step = state.next_step()
    pending: dict[str, Any] | None = None
    if step is not None:
        pending = {"step": type(step).__name__, "seat": step.seat}
        for f in ("left", "built", "first", "at", "hex", "reroute", "slot"):
            if hasattr(step, f):
                pending[f] = getattr(step, f)
    return {
        "board": {"hexes": hx},
        "rivers": rivers,
        "dams": dams,
        "dam_sides": [side_place(t, side) for side in dams],
        "seats": seats,
        "row": [t.card_keys[k] for k in state.row],
        "deck": state.deck.size,
        "discards": {t.card_keys[k]: c for k, c in enumerate(state.deck.discards) if c},
        "turn": {"active": state.active, "turns": state.turns,
                 "turn_limit": state.turn_limit, "start": state.start},
        "pending": pending,
        "winners": list(state.table_winners),
        "prompt": state.prompt(player),
    }


def tensor_layout(t: Tables, n: int, variant: str) -> TensorLayout:
    h = t.num_hexes
    k = len(t.card_keys)
    return TensorLayout([
        Segment("terrain", h * 5, 0, 1, "per hex: one-hot terrain (all 0 before the tiles)"),
        Segment("workers", h * n, 0, t.per_hex, "per hex and seat: workers"),
        Segment("buildings", h * n * 2, 0, 1, "per hex and seat: farm, estate"),
        Segment("rivers", h * 2, 0, 1, "per hex: on Rio Verde, on Rio Moreno"),
        Segment("dams", t.num_sides, 0, 1, "per side: dammed"),
        Segment("money", n, 0, MONEY_CLIP, f"per seat: cash, clipped at {MONEY_CLIP}"),
        Segment("seat", n * 8, 0, t.workers,
                "per seat: logs, farms left, estates left, in the Town, on the west path, "
                "on the east path, in the supply, had a turn"),
        Segment("row", (n + 1) * (k + 1), 0, 1, "per place of the row: one-hot card or empty"),
        Segment("stack", 1 + k, 0, sum(t.card_copies), "cards in the stack, discards by kind"),
        Segment("active", n, 0, 1, "one-hot: whose turn"),
        Segment("step", len(STEPS), 0, 1, "one-hot: the pending step's type"),
        Segment("points", 2, 0, t.action_points, "action points left, buildings built"),
    ])


def observation_tensor(state: DosRiosState, player: int) -> list[float]:
    t = state.t
    n = state.num_players
    h = t.num_hexes
    vec: list[float] = [0.0] * (h * 5)
    for x, terr in enumerate(state.terrain):
        vec[x * 5 + terr] = 1.0
    workers = [0.0] * (h * n)
    buildings = [0.0] * (h * n * 2)
    for x in range(h):
        if state.hex_seat[x] >= 0:
            workers[x * n + state.hex_seat[x]] = float(state.hex_count[x])
        b = state.building[x]
        if b >= 0:
            buildings[(x * n + (b >> 1)) * 2 + (b & 1)] = 1.0
    vec += workers
    vec += buildings
    rivers = [0.0] * (h * 2)
    for r in range(2):
        for x in state.course(r):
            rivers[x * 2 + r] = 1.0
    vec += rivers
    vec += [float(state.dams >> s & 1) for s in range(t.num_sides)]
    vec += [float(min(m, MONEY_CLIP)) for m in state.money]
    w = t.workers
    for s in range(n):
        mine = state.pos[s * w: s * w + w]
        vec += [float(state.logs[s]), float(state.farms_left[s]), float(state.estates_left[s]),
                float(mine.count(t.town)), float(mine.count(t.west)), float(mine.count(t.east)),
                float(mine.count(-1)), float(state.had_turn[s])]
    k = len(t.card_keys)
    for place in range(n + 1):
        part = [0.0] * (k + 1)
        part[state.row[place] if place < len(state.row) else k] = 1.0
        vec += part
    vec.append(float(state.deck.size))
    vec += [float(c) for c in state.deck.discards]
    vec += [1.0 if s == state.active else 0.0 for s in range(n)]
    step = state.next_step()
    name = type(step).__name__ if step is not None else ""
    vec += [1.0 if name == s else 0.0 for s in STEPS]
    vec += [float(getattr(step, "left", 0)), float(getattr(step, "built", 0))]
    return vec


def action_label(state: DosRiosState, action: Any) -> str:
    t = state.t
    nm = state.node_name
    if isinstance(action, FlowTo):
        if len(t.side_hexes[action.side]) == 2:  # one side parts two hexes: the target says it
            return f"flow into {nm(t.side_target[action.side])}"
        return f"flow across {side_name(t, action.side)} into {nm(t.side_target[action.side])}"
    if isinstance(action, PlaceWorker):
        return f"place a worker on {nm(action.hex)}"
    if isinstance(action, FirstRiver):
        return f"lay Rio {action.river.capitalize()} first"
    if isinstance(action, Move):
        what = "attack" if action.dst < t.num_hexes and state.hex_seat[action.dst] not in (
            -1, state.current_player()) else "move"
        return f"{what}: worker {nm(action.src)} -> {nm(action.dst)}"
    if isinstance(action, Attack):
        adj = t.adjacent[action.target]
        if max(action.a, action.b) >= len(adj):  # an id of the space no position offers
            return f"attack {nm(action.target)} with neighbours {action.a} and {action.b}"
        if action.a == action.b:  # a pair from one place ("from the Town and the Town")
            return f"attack {nm(action.target)} with two workers from {nm(adj[action.a])}"
        return (f"attack {nm(action.target)} with workers from {nm(adj[action.a])} and "
                f"{nm(adj[action.b])}")
    if isinstance(action, Build):
        return f"build a {action.kind} on {nm(action.hex)}"
    if isinstance(action, Dam):
        # which river a dam would turn aside is what a player weighs in choosing the side
        rivers = rivers_across(state, action.side)
        across = f" (across {' and '.join(rivers)})" if rivers else " (no river)"
        return f"dam {side_name(t, action.side)}{across}"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, Activate | PassOver):
        verb = "activate" if isinstance(action, Activate) else "pass over"
        return f"{verb} the {card_name(t.card_keys[state.row[0]])} card" if state.row else verb
    return str(action)


def rivers_across(state: DosRiosState, side: int) -> list[str]:
    """The names of the rivers that flow across ``side`` now ("Rio Verde"), in river
    order: both where they run merged."""
    t, out = state.t, state.out
    names = []
    for rv in range(2):
        node = t.source[rv]
        while out[node] >= 0:
            if out[node] == side:
                names.append(f"Rio {RIVERS[rv].capitalize()}")
                break
            node = t.side_target[out[node]]
            if node >= t.num_hexes:
                break
    return names


def side_place(t: Tables, side: int) -> list[Any]:
    """``[hex, direction]``: a hex the side belongs to and the side's direction from it
    ("N" ... "NW"), as a board draws it (the same pair as a Dam's ``side_hex`` and
    ``direction``)."""
    x, d = t.side_dir[side]
    return [x, hexes.DIRECTIONS[d]]


def side_name(t: Tables, side: int) -> str:
    """A side by the hexes it parts, the northern first: "the side between (1,4) and
    (1,5)"; a side on the map's edge by its direction from its one hex: "the S side of
    (4,7)". A direction is never read from a neighbour, so that a player need not turn
    "(0,4) NE" round into (1,4)'s SW."""
    parted = t.side_hexes[side]
    if len(parted) == 2:
        north = t.side_upper[side]
        south = parted[1] if parted[0] == north else parted[0]
        return f"the side between {hexes.name(t.pos[north])} and {hexes.name(t.pos[south])}"
    x, d = t.side_dir[side]
    return f"the {hexes.DIRECTIONS[d]} side of {hexes.name(t.pos[x])}"


def outcome_label(state: DosRiosState, outcome: Any) -> str:
    t = state.t
    if isinstance(outcome, Tile):
        return f"tile {outcome.tile} turned {outcome.rotation}"
    if isinstance(outcome, StartPlayer):
        return f"{seat_name(outcome.seat)} starts"
    if isinstance(outcome, ActionCard):
        return f"the {card_name(t.card_keys[outcome.kind])} card"
    return str(outcome)


def action_json(state: DosRiosState, item: Any) -> dict[str, Any]:
    """Extra fields: a move's ``cost`` in action points and whether it ``drives_off`` an
    opposing worker (while the move is legal); the locations of an attack's two workers
    (``from``), each also as a flag ``with_<location>`` (``pair_<location>`` too when both
    come from one place), so that a board can pick the attackers one click at a time in
    either order, and ``needs``, the flags a click on the board must have chosen before the
    attack is sent (a building's ``needs`` its kind, so a click on the hex only chooses
    where); a side's hex, direction and target."""
    t = state.t
    if isinstance(item, Move):
        step = state.next_step() if not state.is_terminal() else None
        if isinstance(step, ActionPoints | MustLeave):
            cost = enter_cost(state, state.active, item.src, item.dst, step.left)
            if cost:
                # a legal move onto an opposing worker is an attack from higher ground
                who = state.hex_seat[item.dst] if item.dst < t.num_hexes else -1
                return {"cost": cost, "drives_off": who not in (-1, state.active)}
        return {}
    if isinstance(item, Build):
        # 500 or 1,000 in cash: the hex's click only chooses it, the kind's button builds
        return {"needs": ["kind"]}
    if isinstance(item, Attack):
        adj = t.adjacent[item.target]
        la, lb = adj[item.a], adj[item.b]
        fields: dict[str, Any] = {"from": [la, lb], f"with_{la}": True, f"with_{lb}": True}
        if la == lb:
            fields[f"pair_{la}"] = True
        # a worker lost to a misclick is not given back: the board sends an attack only
        # once both attackers are chosen (a pair: its place clicked twice)
        fields["needs"] = [f"pair_{la}"] if la == lb else [f"with_{la}", f"with_{lb}"]
        return fields
    if isinstance(item, (Dam, FlowTo)):
        x, d = t.side_dir[item.side]
        fields = {"side_hex": x, "direction": hexes.DIRECTIONS[d],
                  "to": t.side_target[item.side]}
        if isinstance(item, Dam):
            # The hex of the worker the dam is built beside: a list of dams is read by
            # worker (the terminal folds a long one so).
            mine = [h for h in t.side_hexes[item.side]
                    if h < t.num_hexes and state.hex_seat[h] == state.active]
            if mine:
                fields["beside"] = state.node_name(mine[0])
        return fields
    return {}


STANDING = ("buildings", "irrigated buildings", "money")


def limit_reason(state: DosRiosState, winners: list[int]) -> str:
    """What decided the turn limit's ranking (R22): "the most buildings at the turn
    limit", or the first tie-break the winners lead the others on ("the most money at
    the turn limit, level on buildings and irrigated buildings"), or a lead shared on all
    three ("tying on ...") when nobody else is left."""
    k = end.deciding_mark(state, winners)
    if k == len(STANDING):
        return "tying on buildings, irrigated buildings and money at the turn limit"
    level = f", level on {' and '.join(STANDING[:k])}" if k else ""
    return f"the most {STANDING[k]} at the turn limit{level}"


FIGURES = (("building", "buildings"), ("irrigated", "irrigated"), ("cash", "cash"))


def limit_figures(state: DosRiosState) -> list[str]:
    """Each seat's marks at the turn limit down to the one that decided (R22): "2
    buildings", "1 building, 1 irrigated", "0 buildings, 0 irrigated, 500 cash"."""
    k = min(end.deciding_mark(state, list(state.table_winners)), len(STANDING) - 1)
    return [", ".join(plural(m, *FIGURES[i])
                      for i, m in enumerate(end.standing(state, s)[:k + 1]))
            for s in range(state.num_players)]


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def describe_event(state: DosRiosState, event: Event, viewer: int | None) -> str:
    """One sentence for ``event`` as ``viewer`` reads it (``you`` for the viewer's own seat,
    the verb agreeing with it); nothing in Dos Rios is hidden from a viewer but the stack."""
    d = event.data
    k = event.kind
    t = state.t
    nm = state.node_name

    def who(seat: int) -> str:
        return "You" if viewer == seat else seat_name(seat, capital=True)

    def whom(seat: int) -> str:
        return "you" if viewer == seat else seat_name(seat)

    def acts(seat: int, you: str, other: str) -> str:
        return f"{who(seat)} {you if viewer == seat else other}"

    if k == "tile":
        # the edition's tile and slot numbers mean nothing on the board: the hexes and
        # the terrains they take do (R1)
        shown = [f"{nm(x)} {TERRAINS[t.tiles[d['tile']][(m + d['rotation']) % 3]]}"
                 for m, x in enumerate(t.slots[d["slot"]])]
        return f"Tiles laid: {', '.join(shown)}"  # the set-up folds the twelve into one list
    if k == "start_player":
        lays = "lay" if viewer == d["seat"] else "lays"
        return f"{acts(d['seat'], 'start', 'starts')} and {lays} the rivers"
    if k == "first_river":
        return f"{acts(d['seat'], 'lay', 'lays')} {river_name(d['river'])} first"
    if k == "river_laid":
        return f"{river_name(d['river'])} is laid from its source"
    if k == "branch":
        return (f"{acts(d['seat'], 'send', 'sends')} the river from {nm(d['at'])} across "
                f"{side_name(t, d['side'])}")
    if k == "segment":
        end = " and stops" if d["stops"] else ""
        return f"The river flows from {nm(d['at'])} into {nm(d['to'])}{end}"
    if k == "segments_removed":
        n = len(d["segments"])
        return (f"{plural(n, 'river segment')} no longer fed from a source "
                f"{'is' if n == 1 else 'are'} removed")
    if k == "placed":
        return f"{acts(d['seat'], 'place', 'places')} a worker on {nm(d['hex'])}"
    if k == "drawn":
        return f"The {card_name(t.card_keys[d['card']])} card is drawn"
    if k == "shuffled_back":
        return "The Bandits are shuffled back into the stack"
    if k == "turn":
        return f"{who(d['seat'])}: turn {d['turn']}"
    if k == "moved":
        off = ((" and drive" if viewer == d["seat"] else " and drives")
               + " off a worker from higher ground") if d["driven_off"] else ""
        return f"{acts(d['seat'], 'move', 'moves')} {nm(d['src'])} -> {nm(d['dst'])}{off}"
    if k == "attacked":
        n = d["driven_off"]
        owner = "your" if viewer == d["defender"] else f"{seat_name(d['defender'])}'s"
        driven = f"{NUMBER_WORDS.get(n, n)} of {owner} workers"
        return (f"{acts(d['seat'], 'attack', 'attacks')} {nm(d['target'])} with two workers "
                f"and {'drive' if viewer == d['seat'] else 'drives'} {driven} to the Town")
    if k == "built":
        building = "an Estate" if d["building"] == "estate" else "a Farm"
        return (f"{acts(d['seat'], 'build', 'builds')} {building} on {nm(d['hex'])} "
                f"for {d['paid']}")
    if k == "dammed":
        div = ", diverting the river" if d["diverts"] else ""
        return f"{acts(d['seat'], 'dam', 'dams')} {side_name(t, d['side'])}{div}"
    if k == "end_turn":
        return f"{acts(d['seat'], 'end', 'ends')} the turn"
    if k == "activated":
        return (f"{acts(d['seat'], 'activate', 'activates')} the "
                f"{card_name(t.card_keys[d['card']])} card")
    if k == "passed_over":
        return (f"{acts(d['seat'], 'pass', 'passes')} over the "
                f"{card_name(t.card_keys[d['card']])} card")
    if k == "harvested":
        lost = f" ({plural(d['lost'], 'log')} lost over the cap)" if d["lost"] else ""
        gains = [f"{d['money']}"] if d["money"] else []
        if d["logs"]:
            gains.append(plural(d["logs"], "log"))
        return f"{acts(d['seat'], 'harvest', 'harvests')} {' and '.join(gains) or 'nothing'}{lost}"
    if k == "bandits":
        shot = ", ".join(f"{whom(s)} on {nm(x)}" for s, x in d["shot"]) or "nobody"
        return f"Bandits ride down {river_name(d['river'])} and shoot {shot}"
    if k == "end":
        winners = d["winners"]
        if d["reason"] == "turn_limit":
            why = limit_reason(state, winners)
        elif not state.farms_left[winners[0]]:
            why = "building all four Farms and the Estate"
        else:
            why = "building the Estate and three Farms, all on irrigated land"
        names = ", ".join(whom(s) for s in winners)
        verb = "win" if len(winners) > 1 or viewer in winners else "wins"
        return f"{names[:1].upper()}{names[1:]} {verb} by {why}"
    return k
