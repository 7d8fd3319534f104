"""The schema of a Dos Rios edition file (``editions/default.toml`` is the shipped one).

Everything printed on the board and the components lives here: the hex layout (columns
and their rows), the frame hexes, the twelve tile slots and the tiles, the terrain
heights, the two sources with their two exits, what lies below each column (a lake or the
Town), the hexes beside the Town and the side paths, the action cards, costs and limits.
Rules live in :mod:`ludoteca.games.dosrios.rules`.

Each value carries its source (``rulebook``, ``found``, ``derived``, ``assumed``). A
malformed file raises :class:`ludoteca.core.edition.EditionError` naming the file and the
key (through :func:`ludoteca.core.edition.load_edition`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from ludoteca.core.edition import EditionFile, Section, Sourced

Terrain = Literal["hill", "forest", "tobacco", "maize", "wheat"]
CROPS = ("tobacco", "maize", "wheat")
RIVERS = ("verde", "moreno")
Below = Literal["lake_west", "town", "lake_east"]


class General(Section):
    action_points: Sourced[int]
    farm_cost: Sourced[int]
    estate_cost: Sourced[int]
    farms: Sourced[int]
    estates: Sourced[int]
    workers: Sourced[int]
    workers_in_town: Sourced[int]
    start_logs: Sourced[int]
    start_money: Sourced[int]
    log_cap: Sourced[int]
    workers_per_hex: Sourced[int]
    buildings_per_turn: Sourced[int]
    estate_trip: Sourced[int]
    """Action points from the Town to one's own Estate."""
    crop_pay: Sourced[int]
    bandit_shots: Sourced[int]
    win_farms: Sourced[int]
    """Farms that, with the Estate, win when all are irrigated."""


class Board(Section):
    columns: Sourced[int]
    rows: Sourced[list[list[int]]]
    """Per column, its first and last row (inclusive)."""
    frame: Sourced[list[tuple[int, int, Terrain]]]
    """The frame's printed hexes: column, row, terrain."""
    slots: Sourced[list[list[tuple[int, int]]]]
    """The tile slots: three hexes each, clockwise from the top-most."""
    tiles: Sourced[list[list[Terrain]]]
    """The land tiles, three terrains each in the slots' order; tile k lies in slot k in
    the default arrangement."""
    heights: Sourced[dict[Literal["field", "forest", "hill"], int]]
    verde_source: Sourced[tuple[int, int]]
    verde_exits: Sourced[list[tuple[int, int]]]
    moreno_source: Sourced[tuple[int, int]]
    moreno_exits: Sourced[list[tuple[int, int]]]
    below: Sourced[list[Below]]
    town_hexes: Sourced[list[tuple[int, int]]]
    west_path: Sourced[list[tuple[int, int]]]
    east_path: Sourced[list[tuple[int, int]]]


class Card(Section):
    key: str
    kind: Sourced[Literal["crop", "forest", "river", "bandits"]]
    crop: Sourced[Literal["tobacco", "maize", "wheat"]] | None = None
    river: Sourced[Literal["verde", "moreno"]] | None = None
    copies: Sourced[int]


class DosRiosEdition(EditionFile):
    general: General
    board: Board
    cards: list[Card]

    @model_validator(mode="after")
    def _consistent(self) -> DosRiosEdition:
        b = self.board
        cols = b.columns.value
        if cols < 3:
            raise ValueError("board.columns: at least 3 columns")
        if len(b.rows.value) != cols or any(len(r) != 2 or r[0] > r[1] or r[0] < 0
                                            for r in b.rows.value):
            raise ValueError(f"board.rows: one [first, last] pair per column ({cols})")
        land = {(c, r) for c, (lo, hi) in enumerate(b.rows.value) for r in range(lo, hi + 1)}
        frame = [(c, r) for c, r, _ in b.frame.value]
        slotted = [h for slot in b.slots.value for h in slot]
        if any(len(slot) != 3 for slot in b.slots.value):
            raise ValueError("board.slots: three hexes per slot")
        every = frame + slotted
        if len(set(every)) != len(every):
            raise ValueError("board.slots: a hex is in the frame or in two slots")
        if set(every) != land:
            missing = sorted(land - set(every))
            extra = sorted(set(every) - land)
            raise ValueError(f"board.frame/slots: must cover the land hexes exactly "
                             f"(missing {missing}, outside {extra})")
        if len(b.tiles.value) != len(b.slots.value) or any(len(t) != 3 for t in b.tiles.value):
            raise ValueError("board.tiles: one tile of three terrains per slot")
        if len(b.below.value) != cols:
            raise ValueError(f"board.below: one entry per column ({cols})")
        for name in ("verde", "moreno"):
            src = getattr(b, f"{name}_source").value
            exits = getattr(b, f"{name}_exits").value
            if tuple(src) in land:
                raise ValueError(f"board.{name}_source: a mountain position, not a land hex")
            if len(exits) != 2 or any(tuple(e) not in land for e in exits):
                raise ValueError(f"board.{name}_exits: two land hexes")
        for key in ("town_hexes", "west_path", "east_path"):
            for h in getattr(b, key).value:
                if tuple(h) not in land:
                    raise ValueError(f"board.{key}: {list(h)} is not a land hex")
        heights = b.heights.value
        if set(heights) != {"field", "forest", "hill"} or min(heights.values()) < 1:
            raise ValueError("board.heights: field, forest and hill, each above the "
                             "Lakes and Town (0)")
        keys = [c.key for c in self.cards]
        if len(set(keys)) != len(keys):
            raise ValueError("cards: each key once")
        for i, c in enumerate(self.cards):
            kind = c.kind.value
            if kind == "crop" and c.crop is None:
                raise ValueError(f"cards[{i}].crop: a crop card names its crop")
            if kind in ("river", "bandits") and c.river is None:
                raise ValueError(f"cards[{i}].river: a {kind} card names its river")
            if c.copies.value < 0:
                raise ValueError(f"cards[{i}].copies: zero or more")
        plain = sum(c.copies.value for c in self.cards if c.kind.value != "bandits")
        if plain < 5 + 1:
            raise ValueError("cards: too few cards without Bandits for a row of 5")
        g = self.general
        if g.workers_in_town.value >= g.workers.value:
            raise ValueError("general.workers_in_town: fewer than the workers")
        if g.win_farms.value > g.farms.value:
            raise ValueError("general.win_farms: at most general.farms")
        return self
