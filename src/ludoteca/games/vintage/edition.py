"""The schema of a Vintage edition file (``editions/default.toml`` is the shipped one).

Everything printed on the board and the components lives here: the river's ports, the
sub-regions with their estate spaces (purchase value, estate quality, barrels per harvest),
the grape varieties, the harvest-bonus chips, the action table (every action with every
circle's cost and the smallest table it is open at, two actions may share one column of
circles), the cellar and the warehouse rows (quality bands, slots, VP), the 36 cards and
the final scoring. Rules live in :mod:`ludoteca.games.vintage.rules`.

Each value carries its source (``rulebook``, ``found``, ``derived``, ``assumed``). A
malformed file raises :class:`ludoteca.core.edition.EditionError` naming the key.
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from ludoteca.core.edition import EditionFile, Section, Sourced

ActionKind = Literal["buy_estate", "plant", "old_vine", "harvest", "move_boat", "age_sell",
                     "first_player", "cards"]
"""What an action of the table does (rules/ has one rule per kind)."""
CardEffect = Literal["buy_estate", "harvest", "enologist", "forecast", "upgrade", "vintage",
                     "colheita", "plant_three", "two_barrels", "free_action", "move_boat",
                     "extra_barrel", "plus_quality"]
"""A card's effect. ``enologist`` is the peek and the upgrade on one card (the default
reading); ``forecast`` (the peek only) and ``upgrade`` (the upgrade only) are the two halves
of the alternative reading, for an edition that prints them on two cards."""
PLAYER_COUNTS = (2, 3, 4)


class General(Section):
    rounds: Sourced[int]
    start_vp: Sourced[int]
    start_brandy: Sourced[int]
    brandy_cap: Sourced[int]
    markers: Sourced[int]
    """Action markers per player, the ones locked behind estate tiles included."""
    estate_tiles: Sourced[int]
    """Estate tiles per player; each but the starting one locks a marker until bought."""
    short_markers: dict[str, Sourced[int]]
    """Per player count: how many players, from the first, start round I with one marker
    parked on the round-II chip."""
    hand_limit: Sourced[int]
    display: Sourced[int]
    boat_sections: Sourced[int]
    port_supply: Sourced[int]
    die_faces: Sourced[int]
    max_vines: Sourced[int]
    harvest_vines: Sourced[int]
    """Vines an estate needs before it can be harvested (it is then *planted*)."""
    five_vine_quality: Sourced[int]
    old_vine_quality: Sourced[int]
    old_vines: Sourced[int]
    """Black cubes in the game."""
    start_vines: Sourced[list[str]]
    """The colours of the vines on every starting estate."""


class Subregion(Section):
    name: Sourced[str]
    port: Sourced[int]
    """Its port's position on the river (``river.ports``)."""
    harvest_yield: Sourced[int]
    prices: Sourced[list[int]]
    """The purchase value of each estate space, one per space."""
    qualities: Sourced[list[int]]
    """The printed estate quality of each space."""
    old_vines: Sourced[bool]
    start_estates: Sourced[bool]
    """Whether the starting estates lie here (one per player, on the first spaces)."""


class River(Section):
    ports: Sourced[list[str]]
    """From the sea upstream; position 0 is Vila Nova de Gaia, where the cellars are."""


class Bonus(Section):
    chips: Sourced[list[int]]
    on_track: Sourced[int]


class Action(Section):
    key: str
    name: Sourced[str]
    kind: Sourced[ActionKind]
    colours: Sourced[list[str]] | None = None
    """For ``plant``: the colours it offers, one cube of one of them per use."""
    circles: Sourced[list[list[int]]] | None = None
    """``[cost, fewest players it is open for]`` per circle (none for ``move_boat``: each
    colour has its own circle that takes any number of markers)."""
    shares: Sourced[str] | None = None
    """The key of an action whose circles this one uses too (one placement, one of the
    two actions)."""


class Row(Section):
    name: Sourced[str]
    min: Sourced[int] | None = None
    """The lowest result (lot quality + die) that reaches this row; none for a row reached
    only by a card (Vintage) and for a bottom row (every result below the rows above)."""
    slots: Sourced[int]
    """Barrels the row holds; 0 for a bottom row, which holds any number."""
    vp: Sourced[int]
    """VP when every slot is filled; for a bottom row, VP per full set."""
    set_size: Sourced[int] | None = None
    """For a bottom row: barrels per set."""


class Warehouse(Section):
    ruby: list[Row]
    tawny: list[Row]
    ruby_columns: Sourced[int]
    tawny_columns: Sourced[int]


class Card(Section):
    key: str
    name: Sourced[str]
    effect: Sourced[CardEffect]
    copies: Sourced[int]


class CardValues(Section):
    buy_discount: Sourced[int]
    vintage_vp: Sourced[int]
    vintage_barrels: Sourced[int]
    colheita_vp: Sourced[int]
    colheita_barrels: Sourced[int]
    plant_vines: Sourced[int]
    added_barrels: Sourced[int]
    move_steps: Sourced[int]
    quality_plus: Sourced[int]


class Scoring(Section):
    barrels_per_vp: Sourced[int]
    planted_scores_price: Sourced[bool]
    five_vine_vp: Sourced[int]


class VintageEdition(EditionFile):
    general: General
    river: River
    subregions: list[Subregion]
    vines: Sourced[list[str]]
    bonus: Bonus
    actions: list[Action]
    warehouse: Warehouse
    cards: list[Card]
    card_values: CardValues
    scoring: Scoring

    @model_validator(mode="after")
    def _consistent(self) -> VintageEdition:
        g = self.general
        colours = self.vines.value
        if len(set(colours)) != len(colours) or "black" in colours:
            raise ValueError("vines: distinct colours, without black (the old vines)")
        for c in g.start_vines.value:
            if c not in colours:
                raise ValueError(f"general.start_vines: {c!r} is not one of the vines")
        for n in PLAYER_COUNTS:
            if str(n) not in g.short_markers:
                raise ValueError(f"general.short_markers: missing the entry for {n} players")
            if not 0 <= g.short_markers[str(n)].value <= n:
                raise ValueError(f"general.short_markers.{n}: between 0 and {n} players")
        if g.estate_tiles.value < 1 or g.markers.value < g.estate_tiles.value:
            raise ValueError("general.markers: at least one free marker besides the locked ones")
        ports = len(self.river.ports.value)
        starts = 0
        for i, s in enumerate(self.subregions):
            if not 1 <= s.port.value < ports:
                raise ValueError(f"subregions[{i}].port: a port upstream of Gaia, 1 to "
                                 f"{ports - 1}")
            if len(s.prices.value) != len(s.qualities.value) or not s.prices.value:
                raise ValueError(f"subregions[{i}]: one price and one quality per space")
            if s.start_estates.value:
                starts += 1
                if len(s.prices.value) < max(PLAYER_COUNTS):
                    raise ValueError(f"subregions[{i}]: a starting estate for each player")
        if starts != 1:
            raise ValueError("subregions: exactly one sub-region holds the starting estates")
        if len(self.bonus.chips.value) < self.bonus.on_track.value or \
                self.bonus.on_track.value < g.rounds.value:
            raise ValueError("bonus: one chip on the track per round, from the chips there are")
        keys = [a.key for a in self.actions]
        if len(set(keys)) != len(keys):
            raise ValueError("actions: each key once")
        kinds = [a.kind.value for a in self.actions]
        for kind in ("buy_estate", "harvest", "move_boat", "age_sell", "first_player", "cards"):
            if kinds.count(kind) != 1:
                raise ValueError(f"actions: exactly one action of kind {kind!r}")
        for i, a in enumerate(self.actions):
            if a.kind.value == "move_boat":
                continue
            if a.kind.value == "plant" and (not a.colours or not a.colours.value or any(
                    c not in colours for c in a.colours.value)):
                raise ValueError(f"actions[{i}].colours: the vines it offers")
            if a.shares is not None:
                if a.shares.value not in keys or a.shares.value == a.key:
                    raise ValueError(f"actions[{i}].shares: the key of another action")
                continue
            if not a.circles or not a.circles.value:
                raise ValueError(f"actions[{i}].circles: at least one [cost, players] circle")
            for circle in a.circles.value:
                if len(circle) != 2 or circle[0] < 1 or circle[1] not in PLAYER_COUNTS:
                    raise ValueError(
                        f"actions[{i}].circles: [cost >= 1, players 2-4], not {circle}")
        w = self.warehouse
        for kind, rows in (("ruby", w.ruby), ("tawny", w.tawny)):
            if len(rows) < 2 or rows[-1].slots.value != 0 or rows[-1].set_size is None:
                raise ValueError(f"warehouse.{kind}: rows top down, ending with a bottom row "
                                 "(slots 0, set_size)")
            mins = [r.min.value for r in rows[:-1] if r.min is not None]
            if mins != sorted(mins, reverse=True):
                raise ValueError(f"warehouse.{kind}: the rows' min fall from the top down")
            if any(r.slots.value < 1 for r in rows[:-1]):
                raise ValueError(f"warehouse.{kind}: every row above the bottom has slots")
        total = sum(c.copies.value for c in self.cards)
        if total < g.display.value + 8:
            raise ValueError("cards: too few cards for the display and the hands")
        return self
