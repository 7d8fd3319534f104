"""The edition compiled into flat tuples, built once per game and shared by every state.

Numbering (the fields of :mod:`.actions` index these): estate spaces are the sub-regions'
spaces in edition order; colours are the edition's vines, then black (:attr:`Tables.black`);
warehouse rows are the Ruby rows top down, then the Tawny rows; cellar columns are the
Ruby columns, then the Tawny ones; circles are numbered across the whole action table and
each column lists its circles cheapest first.
"""

from __future__ import annotations

from ludoteca.core.codec import Codec, Space
from ludoteca.games.vintage.actions import (
    AddBarrels,
    AgeLot,
    BonusChip,
    BuyEstate,
    Card,
    Die,
    Discard,
    Discount,
    DrawCard,
    DrawDeck,
    EndHarvest,
    ExtraBarrel,
    FirstPlayer,
    HarvestEstate,
    Load,
    MoveBoat,
    Pass,
    PeekChip,
    Perform,
    Place,
    Plant,
    PlayCard,
    SailOn,
    SailTo,
    Store,
    TakeBarrel,
)
from ludoteca.games.vintage.edition import VintageEdition

KINDS = ("ruby", "tawny")
"""The two kinds of port a cellar column and a warehouse side hold."""
RUBY, TAWNY = 0, 1
MOST_SEATS = 4


class Tables:
    """The edition turned into flat tuples (see the module docstring)."""

    def __init__(self, edition: VintageEdition) -> None:
        g = edition.general
        self.rounds = g.rounds.value
        self.start_vp = g.start_vp.value
        self.start_brandy = g.start_brandy.value
        self.brandy_cap = g.brandy_cap.value
        self.markers = g.markers.value
        self.locked = g.estate_tiles.value - 1
        self.free_markers = self.markers - self.locked
        self.short = {int(k): v.value for k, v in g.short_markers.items()}
        self.hand_limit = g.hand_limit.value
        self.display = g.display.value
        self.sections = g.boat_sections.value
        self.port_supply = g.port_supply.value
        self.die_faces = g.die_faces.value
        self.max_vines = g.max_vines.value
        self.harvest_vines = g.harvest_vines.value
        self.five_vine_quality = g.five_vine_quality.value
        self.old_vine_quality = g.old_vine_quality.value
        self.old_vines = g.old_vines.value
        # ----- vines: the edition's colours, then black
        self.colours: tuple[str, ...] = (*edition.vines.value, "black")
        self.black = len(self.colours) - 1
        self.no_black = (1 << self.black) - 1
        self.all_colours = (1 << len(self.colours)) - 1
        self.start_vines = sum(1 << self.colours.index(c) for c in g.start_vines.value)
        # ----- river and estates
        self.ports: tuple[str, ...] = tuple(edition.river.ports.value)
        names: list[str] = []
        port: list[int] = []
        price: list[int] = []
        quality: list[int] = []
        yields: list[int] = []
        old: list[bool] = []
        region: list[int] = []
        self.start_spaces: tuple[int, ...] = ()
        for r, s in enumerate(edition.subregions):
            first = len(price)
            for p, q in zip(s.prices.value, s.qualities.value, strict=True):
                names.append(s.name.value)
                port.append(s.port.value)
                price.append(p)
                quality.append(q)
                yields.append(s.harvest_yield.value)
                old.append(s.old_vines.value)
                region.append(r)
            if s.start_estates.value:
                self.start_spaces = tuple(range(first, len(price)))
        self.regions: tuple[str, ...] = tuple(s.name.value for s in edition.subregions)
        self.space_region: tuple[int, ...] = tuple(region)
        self.space_name: tuple[str, ...] = tuple(names)
        self.space_port: tuple[int, ...] = tuple(port)
        self.price: tuple[int, ...] = tuple(price)
        self.base_quality: tuple[int, ...] = tuple(quality)
        self.harvest_yield: tuple[int, ...] = tuple(yields)
        self.old_ok: tuple[bool, ...] = tuple(old)
        self.num_spaces = len(price)
        self.max_yield = max(yields)
        # ----- harvest-bonus chips: kinds are the distinct values, ascending
        chips = edition.bonus.chips.value
        self.chip_values: tuple[int, ...] = tuple(sorted(set(chips)))
        self.chip_counts: tuple[int, ...] = tuple(chips.count(v) for v in self.chip_values)
        # ----- the action table
        acts = edition.actions
        self.action_names: tuple[str, ...] = tuple(a.name.value for a in acts)
        self.action_keys: tuple[str, ...] = tuple(a.key for a in acts)
        self.action_kind: tuple[str, ...] = tuple(a.kind.value for a in acts)
        self.action_colours: tuple[int, ...] = tuple(
            sum(1 << self.colours.index(c) for c in a.colours.value) if a.colours else 0
            for a in acts)
        keys = self.action_keys
        self.kind_action = {k: i for i, k in enumerate(self.action_kind)
                            if k != "plant" and k != "old_vine"}
        self.old_vine_action = (self.action_kind.index("old_vine")
                                if "old_vine" in self.action_kind else -1)
        self.move_boat = self.action_kind.index("move_boat")
        cost: list[int] = []
        fewest: list[int] = []
        column_circles: dict[int, tuple[int, ...]] = {}
        for i, a in enumerate(acts):
            if a.kind.value == "move_boat" or a.shares is not None or a.circles is None:
                continue
            printed = a.circles.value
            order = sorted(range(len(printed)), key=lambda k: printed[k][0])
            numbers = []
            for k in order:
                numbers.append(len(cost))
                cost.append(printed[k][0])
                fewest.append(printed[k][1])
            column_circles[i] = tuple(numbers)
        column: list[int] = []
        for i, a in enumerate(acts):
            root = i
            seen = {i}
            while acts[root].shares is not None:
                root = keys.index(acts[root].shares.value)  # type: ignore[union-attr]
                if root in seen:
                    raise ValueError(f"actions: {a.key!r} shares circles in a loop")
                seen.add(root)
            column.append(root if a.kind.value != "move_boat" else -1)
        self.circle_cost: tuple[int, ...] = tuple(cost)
        self.circle_fewest: tuple[int, ...] = tuple(fewest)
        self.num_circles = len(cost)
        # Per action: its column's circles, cheapest first (() for the boat).
        self.circles_of: tuple[tuple[int, ...], ...] = tuple(
            column_circles.get(c, ()) for c in column)
        self.max_column = max(len(c) for c in self.circles_of)
        # Per player count: (action, kind, colours, open circles cheapest first, their
        # positions in the column) for every action placed on circles.
        self.placeable: dict[int, tuple[tuple[int, str, int, tuple[int, ...],
                                              tuple[int, ...]], ...]] = {}
        for n in (2, 3, 4):
            entries = []
            for act, circles in enumerate(self.circles_of):
                ids = tuple(c for c in circles if self.circle_fewest[c] <= n)
                if ids:
                    entries.append((act, self.action_kind[act], self.action_colours[act], ids,
                                    tuple(circles.index(c) for c in ids)))
            self.placeable[n] = tuple(entries)
        # ----- cellar and warehouse
        w = edition.warehouse
        self.column_kind: tuple[int, ...] = ((RUBY,) * w.ruby_columns.value
                                            + (TAWNY,) * w.tawny_columns.value)
        self.num_columns = len(self.column_kind)
        rows = [(RUBY, r) for r in w.ruby] + [(TAWNY, r) for r in w.tawny]
        self.row_kind: tuple[int, ...] = tuple(k for k, _ in rows)
        self.row_name: tuple[str, ...] = tuple(r.name.value for _, r in rows)
        self.row_min: tuple[int | None, ...] = tuple(
            r.min.value if r.min is not None else None for _, r in rows)
        self.row_slots: tuple[int, ...] = tuple(r.slots.value for _, r in rows)
        self.row_vp: tuple[int, ...] = tuple(r.vp.value for _, r in rows)
        self.row_set: tuple[int, ...] = tuple(
            r.set_size.value if r.set_size is not None else 0 for _, r in rows)
        self.num_rows = len(rows)
        self.side_rows: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(range(len(w.ruby))), tuple(range(len(w.ruby), self.num_rows)))
        self.bottom: tuple[int, int] = (len(w.ruby) - 1, self.num_rows - 1)
        # ----- cards
        self.card_names: tuple[str, ...] = tuple(c.name.value for c in edition.cards)
        self.card_effect: tuple[str, ...] = tuple(c.effect.value for c in edition.cards)
        self.card_copies: tuple[int, ...] = tuple(c.copies.value for c in edition.cards)
        self.num_cards = len(self.card_names)
        v = edition.card_values
        self.buy_discount = v.buy_discount.value
        self.vintage_vp = v.vintage_vp.value
        self.vintage_barrels = v.vintage_barrels.value
        self.colheita_vp = v.colheita_vp.value
        self.colheita_barrels = v.colheita_barrels.value
        self.plant_vines = v.plant_vines.value
        self.added_barrels = v.added_barrels.value
        self.move_steps = v.move_steps.value
        self.quality_plus = v.quality_plus.value
        scoring = edition.scoring
        self.barrels_per_vp = scoring.barrels_per_vp.value
        self.planted_scores_price = scoring.planted_scores_price.value
        self.five_vine_vp = scoring.five_vine_vp.value
        self._build_codec()

    def row_for(self, kind: int, result: int) -> int:
        """The warehouse row a lot of ``kind`` with ``result`` (quality + die) goes to: the
        highest row of that side whose minimum it reaches, else the bottom row."""
        for row in self.side_rows[kind]:
            low = self.row_min[row]
            if low is not None and self.row_slots[row] and result >= low:
                return row
        return self.bottom[kind]

    def _build_codec(self) -> None:
        n_actions = len(self.action_kind)
        self.codec = Codec(
            actions=[
                Space(Place, task=range(n_actions), circle=range(self.max_column),
                      overseer=range(2)),
                Space(MoveBoat, steps=range(1, self.markers + 1)),
                Space(Load, estate=range(self.num_spaces)),
                Pass,
                Space(BuyEstate, estate=range(self.num_spaces)),
                Discount,
                Space(Plant, colour=range(len(self.colours)), estate=range(self.num_spaces)),
                Space(HarvestEstate, estate=range(self.num_spaces),
                      port=range(self.max_yield + 1)),
                EndHarvest,
                Space(SailTo, port=range(len(self.ports))),
                SailOn,
                Space(Store, lot=range(self.sections), kind=KINDS),
                Space(AgeLot, column=range(self.num_columns)),
                Space(ExtraBarrel, row=range(self.num_rows)),
                Space(DrawCard, slot=range(self.display)),
                DrawDeck,
                Space(PlayCard, card=range(self.num_cards)),
                Space(Discard, card=range(self.num_cards)),
                Space(TakeBarrel, column=range(self.num_columns)),
                Space(AddBarrels, estate=range(self.num_spaces)),
                Space(Perform, task=range(n_actions)),
                Space(PeekChip, round=range(self.rounds)),
            ],
            outcomes=[
                Space(FirstPlayer, seat=range(MOST_SEATS)),
                Space(BonusChip, value=range(len(self.chip_values))),
                Space(Card, card=range(self.num_cards)),
                Space(Die, pips=range(1, self.die_faces + 1)),
            ],
        )
        enc = self.codec.encode
        self.pass_id = enc(Pass())
        self.end_harvest_id = enc(EndHarvest())
        self.sail_on_id = enc(SailOn())
        self.discount_id = enc(Discount())
        self.draw_deck_id = enc(DrawDeck())
        self.place_id = {(a, c, o): enc(Place(a, c, o)) for a in range(n_actions)
                         for c in range(self.max_column) for o in (0, 1)}
        self.move_id = {s: enc(MoveBoat(s)) for s in range(1, self.markers + 1)}
        self.load_id = tuple(enc(Load(e)) for e in range(self.num_spaces))
        self.buy_id = tuple(enc(BuyEstate(e)) for e in range(self.num_spaces))
        self.plant_id = tuple(tuple(enc(Plant(c, e)) for e in range(self.num_spaces))
                              for c in range(len(self.colours)))
        self.harvest_id = tuple(tuple(enc(HarvestEstate(e, p))
                                      for p in range(self.max_yield + 1))
                                for e in range(self.num_spaces))
        self.sail_id = tuple(enc(SailTo(p)) for p in range(len(self.ports)))
        self.store_id = tuple(tuple(enc(Store(lot, k)) for k in KINDS)
                              for lot in range(self.sections))
        self.age_id = tuple(enc(AgeLot(c)) for c in range(self.num_columns))
        self.extra_id = tuple(enc(ExtraBarrel(r)) for r in range(self.num_rows))
        self.draw_id = tuple(enc(DrawCard(s)) for s in range(self.display))
        self.play_id = tuple(enc(PlayCard(c)) for c in range(self.num_cards))
        self.discard_id = tuple(enc(Discard(c)) for c in range(self.num_cards))
        self.take_id = tuple(enc(TakeBarrel(c)) for c in range(self.num_columns))
        self.add_id = tuple(enc(AddBarrels(e)) for e in range(self.num_spaces))
        self.perform_id = tuple(enc(Perform(a)) for a in range(n_actions))
        self.peek_id = tuple(enc(PeekChip(r)) for r in range(self.rounds))
        eo = self.codec.encode_outcome
        self.first_outcome = tuple(eo(FirstPlayer(s)) for s in range(MOST_SEATS))
        self.chip_outcome = tuple(eo(BonusChip(v)) for v in range(len(self.chip_values)))
        self.card_outcome = tuple(eo(Card(c)) for c in range(self.num_cards))
        self.die_outcomes = tuple(
            (eo(Die(p)), 1.0 / self.die_faces) for p in range(1, self.die_faces + 1))
