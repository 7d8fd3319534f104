"""The edition compiled into flat tuples, built once per game and shared by every state.

Numbering (the fields of :mod:`.actions` index these):

* **hexes** ``0 .. H-1``: the land hexes, column by column, each column top down;
* **locations** are the hexes, then :attr:`Tables.town`, :attr:`Tables.west` and
  :attr:`Tables.east` (the side paths): where a worker can stand;
* **river nodes** are the locations, then the two lakes and the two sources: where a
  river segment starts or ends (the Town and the lakes are sinks);
* **sides**: every side of a land hex once (a side between two land hexes is one side),
  numbered as met going through the hexes in order, each clockwise from N;
* **tiles** and **slots** in the edition's order; terrains are :data:`TOBACCO`,
  :data:`MAIZE`, :data:`WHEAT` (the fields), :data:`FOREST`, :data:`HILL`;
* **card kinds** in the edition's order.

The rivers' hot path reads only :attr:`Tables.outflows`, :attr:`Tables.side_target` and a
state's heights: every choice of a river is a look-up in these tuples.
"""

from __future__ import annotations

from ludoteca.core.codec import Codec, Space
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
from ludoteca.games.dosrios.edition import CROPS, RIVERS, DosRiosEdition

TOBACCO, MAIZE, WHEAT, FOREST, HILL = range(5)
TERRAINS = ("tobacco", "maize", "wheat", "forest", "hill")
FARM, ESTATE = 0, 1
BUILDINGS = ("farm", "estate")
VERDE, MORENO = 0, 1
MOST_SEATS = 4
ROTATIONS = 3



def card_name(key: str) -> str:
    """An action card's name as the board's row of cards prints it: "Verde", "Bandits
    verde" (never the edition's key ``bandits_verde``)."""
    text = key.replace("_", " ")
    return text[:1].upper() + text[1:]


class Tables:
    """The board, the cards and the codec of one edition (see the module docstring)."""

    def __init__(self, edition: DosRiosEdition) -> None:
        g, b = edition.general, edition.board
        self.action_points = g.action_points.value
        self.cost = (g.farm_cost.value, g.estate_cost.value)
        self.farms = g.farms.value
        self.estates = g.estates.value
        self.workers = g.workers.value
        self.workers_in_town = g.workers_in_town.value
        self.start_logs = g.start_logs.value
        self.start_money = g.start_money.value
        self.log_cap = g.log_cap.value
        self.per_hex = g.workers_per_hex.value
        self.buildings_per_turn = g.buildings_per_turn.value
        self.estate_trip = g.estate_trip.value
        self.crop_pay = g.crop_pay.value
        self.bandit_shots = g.bandit_shots.value
        self.win_farms = g.win_farms.value

        # ----- hexes and locations -----
        pos: list[hexes.Pos] = []
        for c, (lo, hi) in enumerate(b.rows.value):
            pos.extend((c, r) for r in range(lo, hi + 1))
        self.pos: tuple[hexes.Pos, ...] = tuple(pos)
        index = {p: i for i, p in enumerate(pos)}
        self.index = index
        h = len(pos)
        self.num_hexes = h
        self.town, self.west, self.east = h, h + 1, h + 2
        self.num_locations = h + 3
        self.lake_west, self.lake_east = h + 3, h + 4
        self.source = (h + 5, h + 6)
        self.num_nodes = h + 7
        sink_of = {"lake_west": self.lake_west, "town": self.town, "lake_east": self.lake_east}
        self.is_sink = tuple(n in (self.town, self.lake_west, self.lake_east)
                             for n in range(self.num_nodes))

        # ----- terrain: frame, slots, default tiles -----
        code = {t: i for i, t in enumerate(TERRAINS)}
        self.frame_terrain: dict[int, int] = {index[(c, r)]: code[t] for c, r, t in b.frame.value}
        self.slots: tuple[tuple[int, int, int], ...] = tuple(
            (index[tuple(s[0])], index[tuple(s[1])], index[tuple(s[2])])  # type: ignore[index]
            for s in b.slots.value)
        self.tiles: tuple[tuple[int, int, int], ...] = tuple(
            (code[t[0]], code[t[1]], code[t[2]]) for t in b.tiles.value)
        hv = b.heights.value
        self.terrain_height = (hv["field"], hv["field"], hv["field"], hv["forest"], hv["hill"])
        self.default_terrain = self.terrain_with(
            [(k, 0) for k in range(len(self.slots))])

        # ----- sides -----
        sources = {tuple(b.verde_source.value): VERDE, tuple(b.moreno_source.value): MORENO}
        exits = ({index[tuple(e)] for e in b.verde_exits.value},  # type: ignore[index]
                 {index[tuple(e)] for e in b.moreno_exits.value})  # type: ignore[index]
        first_row = [lo for lo, _ in b.rows.value]
        last_row = [hi for _, hi in b.rows.value]
        cols = len(b.rows.value)
        side_of: dict[tuple[int, int], int] = {}
        side_hexes: list[tuple[int, ...]] = []
        side_dir: list[tuple[int, int]] = []
        side_upper: list[int] = []
        side_target: list[int] = []
        source_exits: list[list[int]] = [[], []]
        outflows: list[tuple[int, ...]] = []
        for i, p in enumerate(pos):
            for d in range(6):
                q = hexes.neighbour(p, d)
                if q in index:
                    j = index[q]
                    key = (min(i, j), max(i, j))
                    if key in side_of:
                        continue
                    upper, lower = (i, j) if hexes.y(p) < hexes.y(q) else (j, i)
                    side_of[key] = len(side_hexes)
                    side_hexes.append((i, j))
                    side_upper.append(upper)
                    side_target.append(lower)
                else:
                    side_of[(i, -1 - d)] = len(side_hexes)
                    side_hexes.append((i,))
                    c, r = q
                    upper = target = -1
                    if d in hexes.OUTFLOW and 0 <= c < cols and r > last_row[c]:
                        upper, target = i, sink_of[b.below.value[c]]
                    elif q in sources and i in exits[sources[q]]:
                        upper, target = self.source[sources[q]], i
                        source_exits[sources[q]].append(len(side_hexes) - 1)
                    elif 0 <= c < cols and r < first_row[c]:
                        pass  # a mountain: never a river's way
                    side_upper.append(upper)
                    side_target.append(target)
                side_dir.append((i, d))
        for i, p in enumerate(pos):
            outs = []
            for d in hexes.OUTFLOW:
                q = hexes.neighbour(p, d)
                key = (min(i, index[q]), max(i, index[q])) if q in index else (i, -1 - d)
                s = side_of[key]
                if side_target[s] >= 0 and side_upper[s] == i:
                    outs.append(s)
            outflows.append(tuple(outs))
        hex_sides = []
        for i, p in enumerate(pos):
            row = []
            for d in range(6):
                q = hexes.neighbour(p, d)
                row.append(side_of[(min(i, index[q]), max(i, index[q]))] if q in index
                           else side_of[(i, -1 - d)])
            hex_sides.append(tuple(row))
        self.hex_sides = tuple(hex_sides)
        """Per hex: its six sides, clockwise from N."""
        if any(len(e) != 2 for e in source_exits):
            raise ValueError("board: each source needs two exits, each next to it")
        self.num_sides = len(side_hexes)
        self.side_hexes = tuple(side_hexes)
        self.side_dir = tuple(side_dir)
        """Per side: a hex it belongs to and its direction from that hex (to draw it)."""
        self.side_upper = tuple(side_upper)
        """Per side: the node it is an outflow of (a hex or a source), or -1 if none."""
        self.side_target = tuple(side_target)
        """Per side: the node a river across it flows into, or -1 if none does."""
        self.source_exits = (tuple(source_exits[0]), tuple(source_exits[1]))
        out_table = outflows + [()] * (self.num_nodes - h)
        out_table[self.source[VERDE]] = self.source_exits[VERDE]
        out_table[self.source[MORENO]] = self.source_exits[MORENO]
        self.outflows = tuple(out_table)
        """Per river node: the sides a river may leave it by (west to east)."""

        # ----- movement -----
        town_hexes = {index[tuple(x)] for x in b.town_hexes.value}  # type: ignore[index]
        west = {index[tuple(x)] for x in b.west_path.value}  # type: ignore[index]
        east = {index[tuple(x)] for x in b.east_path.value}  # type: ignore[index]
        adjacent: list[tuple[int, ...]] = []
        for i, p in enumerate(pos):
            adj = [index[q] for q in (hexes.neighbour(p, d) for d in range(6)) if q in index]
            adj += [loc for loc, group in ((self.town, town_hexes), (self.west, west),
                                           (self.east, east)) if i in group]
            adjacent.append(tuple(adj))
        adjacent.append((*tuple(sorted(town_hexes)), self.west, self.east))
        adjacent.append((*tuple(sorted(west)), self.town))
        adjacent.append((*tuple(sorted(east)), self.town))
        self.adjacent = tuple(adjacent)
        """Per location: the locations one action point reaches (never a mountain or a lake)."""
        self.max_adjacent = max(len(a) for a in adjacent[:h])
        self.slot_of = tuple(adjacent[t].index(x) if x in adjacent[t] else -1
                             for t in range(h) for x in range(self.num_locations))
        """``slot_of[target * L + loc]``: ``loc``'s index among ``target``'s adjacent."""

        # ----- cards -----
        self.card_keys = tuple(c.key for c in edition.cards)
        kinds = ("crop", "forest", "river", "bandits")
        self.card_kind = tuple(kinds.index(c.kind.value) for c in edition.cards)
        self.card_crop = tuple(CROPS.index(c.crop.value) if c.crop else -1
                               for c in edition.cards)
        self.card_river = tuple(RIVERS.index(c.river.value) if c.river else -1
                                for c in edition.cards)
        self.card_copies = tuple(c.copies.value for c in edition.cards)
        self.bandits = tuple(k for k, kind in enumerate(self.card_kind) if kind == 3)

        # ----- the codec -----
        L, A = self.num_locations, self.max_adjacent
        self.codec = Codec(
            actions=[
                Space(FlowTo, side=range(self.num_sides)),
                Space(PlaceWorker, hex=range(h)),
                Space(Move, src=range(L), dst=range(L)),
                Space(Attack, target=range(h), a=range(A), b=range(A)),
                Space(Build, kind=BUILDINGS, hex=range(h)),
                Space(Dam, side=range(self.num_sides)),
                EndTurn,
                Activate,
                PassOver,
                Space(FirstRiver, river=RIVERS),  # last: the earlier ids stay as shipped
            ],
            outcomes=[
                Space(Tile, tile=range(len(self.tiles)), rotation=range(ROTATIONS)),
                Space(StartPlayer, seat=range(MOST_SEATS)),
                Space(ActionCard, kind=range(len(self.card_keys))),
            ],
        )
        enc = self.codec.encode
        self.flow_id = tuple(enc(FlowTo(s)) for s in range(self.num_sides))
        self.place_id = tuple(enc(PlaceWorker(x)) for x in range(h))
        self.move_id = tuple(enc(Move(s, d)) for s in range(L) for d in range(L))
        self.attack_id = tuple(enc(Attack(t, a, bb)) for t in range(h) for a in range(A)
                               for bb in range(A))
        self.build_id = tuple(tuple(enc(Build(k, x)) for x in range(h)) for k in BUILDINGS)
        self.dam_id = tuple(enc(Dam(s)) for s in range(self.num_sides))
        self.end_turn_id = enc(EndTurn())
        self.activate_id = enc(Activate())
        self.pass_over_id = enc(PassOver())
        self.first_river_id = tuple(enc(FirstRiver(r)) for r in RIVERS)
        out = self.codec.encode_outcome
        self.tile_outcome = tuple(tuple(out(Tile(k, rot)) for rot in range(ROTATIONS))
                                  for k in range(len(self.tiles)))
        self.start_outcome = tuple(out(StartPlayer(s)) for s in range(MOST_SEATS))
        self.card_outcome = tuple(self.codec.encode_outcome(ActionCard(k))
                                  for k in range(len(self.card_keys)))

    def terrain_with(self, laid: list[tuple[int, int]]) -> tuple[int, ...]:
        """The terrain of every hex with ``laid[slot] = (tile, rotation)``: slot hex ``m``
        shows tile terrain ``(m + rotation) % 3``; frame hexes never change."""
        terrain = [-1] * self.num_hexes
        for x, t in self.frame_terrain.items():
            terrain[x] = t
        for slot, (tile, rot) in enumerate(laid):
            for m, x in enumerate(self.slots[slot]):
                terrain[x] = self.tiles[tile][(m + rot) % 3]
        return tuple(terrain)

    def heights(self, terrain: tuple[int, ...]) -> tuple[int, ...]:
        """Per river node and location: hexes by terrain, the Town, paths and lakes 0
        (R5: the sources never receive a river)."""
        th = self.terrain_height
        return tuple(th[t] if t >= 0 else 0 for t in terrain) + (0,) * (self.num_nodes
                                                                      - self.num_hexes)
