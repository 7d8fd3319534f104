"""The edition compiled into flat tables, built once per game and shared by every state.

Barrel cards are positions ``0..H-1`` in the edition's list of values; a hand is a bit mask
over them. Regular Rabelo cards are positions ``0..14`` of the edition's list of levels;
fog cards positions ``0..5`` of its fog list. Everything a rule or a step looks up in the
hot path (the actions legal for a hand, the chance outcomes of a hand) is precomputed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.codec import Codec, Space
from ludoteca.core.events import Event, everyone
from ludoteca.core.hidden import secret
from ludoteca.games.douro1872.actions import (
    Cut,
    Donate,
    Face,
    FogBack,
    FogCard,
    GhostCard,
    LotteryCard,
    PlayBarrel,
    RegularBack,
)

if TYPE_CHECKING:
    from ludoteca.games.douro1872.edition import DouroEdition

MOST_SEATS = 5
"""The largest table (five players)."""
DISPUTE = "dispute"
"""A barrel card laid face down to dispute a Rabelo card."""
CHARITY = "charity"
"""A barrel card laid face down under the charity card."""
EFFECTS = ("regular", "fragas", "cardia", "rapidos", "barraca", "charity")
"""The point procedures with stakes in the edition."""
ORDERED_FOG = ("fragas", "cardia", "rapidos")
"""Fog effects that compare the sum with an order (the edition's ``fog.orders``)."""


def _uniform(outcomes: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    p = 1.0 / len(outcomes) if outcomes else 0.0
    return tuple((o, p) for o in outcomes)


class Tables:
    """The edition turned into flat tuples (see the module docstring)."""

    EVENT_CACHE = 20_000

    def __init__(self, edition: DouroEdition) -> None:
        # ----- barrel cards
        self.values: tuple[int, ...] = tuple(edition.barrels.values.value)
        self.hand_size = len(self.values)
        self.full_hand = (1 << self.hand_size) - 1
        self.card_of: dict[int, int] = {v: i for i, v in enumerate(self.values)}
        self.bits: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i in range(self.hand_size) if mask >> i & 1)
            for mask in range(1 << self.hand_size)
        )
        # ----- Rabelo cards
        levels = edition.rabelo.levels.value
        self.level_names: tuple[int, ...] = tuple(sorted(set(levels)))
        self.level_index: dict[int, int] = {v: k for k, v in enumerate(self.level_names)}
        self.card_level: tuple[int, ...] = tuple(self.level_names.index(v) for v in levels)
        self.num_regular = len(levels)
        self.level_faces: tuple[int, ...] = tuple(
            sum(1 << r for r, k in enumerate(self.card_level) if k == lvl)
            for lvl in range(len(self.level_names))
        )
        self.level_counts: tuple[int, ...] = tuple(m.bit_count() for m in self.level_faces)
        self.orders: dict[int, tuple[int, ...]] = {
            int(size): tuple(col.value) for size, col in edition.rabelo.orders.items()
        }
        self.fog_effects: tuple[str, ...] = tuple(c.effect.value for c in edition.fog.cards)
        self.fog_names: tuple[str, ...] = tuple(c.name.value for c in edition.fog.cards)
        self.fog_index: dict[str, int] = {e: i for i, e in enumerate(self.fog_effects)}
        self.num_fog = len(self.fog_effects)
        self.fog_orders: dict[int, int] = {
            int(size): o.value for size, o in edition.fog.orders.items()
        }
        # ----- points
        s = edition.stakes
        self.stakes: dict[str, tuple[int, int]] = {
            name: tuple(getattr(s, name).value)  # type: ignore[misc]
            for name in EFFECTS
        }
        self.start_score = sum(edition.score.start.value)
        self.floor = edition.score.floor.value
        self.score_barrels = tuple(zip(edition.score.barrel_values.value,
                                       edition.score.barrel_counts.value, strict=True))
        self.start_barrels = tuple(edition.score.start.value)
        # ----- stack, phylloxera, D. Sebastião
        self.bottom = edition.stack.bottom_regular.value
        self.top_regular = edition.stack.top_regular.value
        self.redraws = edition.phylloxera.lottery_redraws.value
        self.phylloxera_in_two = edition.phylloxera.in_two_player.value
        self.ghost_name = edition.ghost.name.value
        self.ghost_table = edition.ghost.table_size.value
        self.ghost_seat = self.ghost_table - 1  # the players are seats 0 and 1, he is the last
        self.ghost_column = edition.ghost.order_column.value
        self.ghost_start = edition.ghost.start_points.value  # his hand: validated full
        self.max_points = self._max_points()
        self.max_card = max(self.values)
        self._build_codec()
        self._build_events()
        # Filled as play meets them, then shared by every state (all immutable values).
        self._bits_cache: dict[int, tuple[int, ...]] = {}
        self._face_cache: dict[int, tuple[tuple[int, float], ...]] = {}
        self._fog_cache: dict[int, tuple[tuple[int, float], ...]] = {}
        self.back_cache: dict[tuple[Any, ...], tuple[tuple[int, float], ...]] = {}
        """The chance outcomes of a back, per stack (filled by the step that draws it)."""
        self.start_stack: tuple[Any, Any] | None = None
        """The stack at set-up, (backs, levels): values, built once (:mod:`.rules.stack`)."""
        self.fog_odds: dict[Any, float] = {}
        """The chance of a fog back, per pile of backs (filled with ``back_cache``)."""
        self.backs_drawn: dict[tuple[Any, int], Any] = {}
        self.levels_drawn: dict[tuple[Any, int], Any] = {}
        """The pile of backs (of levels) after a back (a level) shows, per pile and kind:
        a few hundred (a few thousand) values an edition at most, met again and again."""
        self.step_cache: dict[tuple[Any, ...], Any] = {}
        """Steps of one round of cards laid face down, per table (filled by the rules)."""
        self.reveal_events: dict[tuple[int, ...], Event] = {}
        """Reveals already told (at most ``EVENT_CACHE``), per cards on the table."""
        self.lottery_events: dict[tuple[int, int, int], Event] = {}
        """Lottery draws already told, per (seat, card, round)."""

    def _max_points(self) -> int:
        """An honest bound on any seat's points: the best start plus the full reward of every
        Rabelo card that can give one (Sirga scores through the regular card it tows, Customs
        never) and of the charity card."""
        fog = sum(self.stakes[e][0] for e in self.fog_effects if e in self.stakes)
        full = self.num_regular * self.stakes["regular"][0] + fog + self.stakes["charity"][0]
        return max(self.start_score, self.ghost_start) + full

    def _build_codec(self) -> None:
        """The codec and the id tables the steps read. The numbering is the one the game
        shipped with (records rely on it): decisions ``PlayBarrel`` then ``Donate``, each
        over the barrel values in the edition's order; chance outcomes as in
        :mod:`.actions`."""
        h = self.hand_size
        self.codec = codec = Codec(
            actions=[Space(PlayBarrel, card=self.values), Space(Donate, card=self.values)],
            outcomes=[
                FogBack,
                Space(RegularBack, level=self.level_names),
                Space(Face, card=range(self.num_regular)),
                Space(FogCard, effect=self.fog_effects),
                Space(LotteryCard, card=self.values),
                Space(Cut, seat=range(MOST_SEATS)),
                Space(GhostCard, card=self.values),
            ],
        )
        enc = codec.encode_outcome
        self.fog_back_id = enc(FogBack())
        self.regular_back_id: tuple[int, ...] = tuple(
            enc(RegularBack(level)) for level in self.level_names)
        self.face_id: tuple[int, ...] = tuple(enc(Face(r)) for r in range(self.num_regular))
        self.cut_id: tuple[int, ...] = tuple(enc(Cut(s)) for s in range(MOST_SEATS))
        self.fog_id: tuple[int, ...] = tuple(enc(FogCard(e)) for e in self.fog_effects)
        lottery = tuple(enc(LotteryCard(v)) for v in self.values)
        ghost = tuple(enc(GhostCard(v)) for v in self.values)
        self.ghost_id: tuple[int, ...] = ghost
        # Per hand mask: the legal decisions and the uniform chance outcomes over its cards.
        self.play_ids: tuple[tuple[int, ...], ...] = self.bits
        self.donate_ids: tuple[tuple[int, ...], ...] = tuple(
            tuple(h + c for c in cards) for cards in self.bits)
        self.lay_ids: dict[str, tuple[tuple[int, ...], ...]] = {
            DISPUTE: self.play_ids, CHARITY: self.donate_ids}
        """The decisions of a card laid face down, per purpose and hand."""
        self.lottery_outcomes: tuple[tuple[tuple[int, float], ...], ...] = tuple(
            _uniform(tuple(lottery[c] for c in cards)) for cards in self.bits)
        self.ghost_outcomes: tuple[tuple[tuple[int, float], ...], ...] = tuple(
            _uniform(tuple(ghost[c] for c in cards)) for cards in self.bits)
        assert all(codec.encode(PlayBarrel(v)) == i and codec.encode(Donate(v)) == h + i
                   for i, v in enumerate(self.values))

    def _build_events(self) -> None:
        """The events that only depend on the edition and the table size, built once
        (immutable, shared by every state): cards laid face down - in full to their owner,
        only *that* a card was laid to everyone else (and to spectators) -, backs shown,
        Rabelo cards turned."""
        self.lay_events: dict[str, tuple[tuple[tuple[Event, ...], ...], ...]] = {
            purpose: tuple(
                tuple(secret((seat,), "lay", {"seat": seat, "purpose": purpose}, card=v)
                      for v in self.values)
                for seat in range(MOST_SEATS))
            for purpose in (DISPUTE, CHARITY)
        }
        self.ghost_lay_events: dict[str, tuple[Event, ...]] = {
            purpose: (everyone("lay", seat=self.ghost_seat, purpose=purpose),)
            for purpose in (DISPUTE, CHARITY)
        }
        levels = self.level_names
        self.valley_events = tuple(everyone("valley", level=lvl) for lvl in levels)
        self.tow_back_events = tuple(everyone("tow_back", level=lvl) for lvl in levels)
        self.fog_back_event = everyone("fog_back")
        self.tow_fog_event = everyone("tow_fog")
        self.turn_events: dict[int, tuple[Event, ...]] = {}
        self.turn_fog_events: dict[int, tuple[Event, ...]] = {}
        for column, orders in self.orders.items():
            fog_order = self.fog_orders[column]
            self.turn_events[column] = tuple(
                everyone("turn", level=levels[self.card_level[r]], order=orders[r])
                for r in range(self.num_regular))
            self.turn_fog_events[column] = tuple(
                everyone("turn_fog", fog=name, effect=effect,
                         order=fog_order if effect in ORDERED_FOG else None)
                for name, effect in zip(self.fog_names, self.fog_effects, strict=True))

    def bits_of(self, mask: int) -> tuple[int, ...]:
        """The positions of the set bits of ``mask`` (cached: masks repeat endlessly)."""
        found = self._bits_cache.get(mask)
        if found is None:
            found = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
            self._bits_cache[mask] = found
        return found

    def face_outcomes(self, mask: int) -> tuple[tuple[int, float], ...]:
        """Chance outcomes uniform over the regular Rabelo cards in ``mask`` (cached)."""
        found = self._face_cache.get(mask)
        if found is None:
            ids = self.face_id
            found = self._face_cache[mask] = _uniform(tuple(ids[r] for r in self.bits_of(mask)))
        return found

    def fog_outcomes(self, mask: int) -> tuple[tuple[int, float], ...]:
        """Chance outcomes uniform over the fog Rabelo cards in ``mask`` (cached)."""
        found = self._fog_cache.get(mask)
        if found is None:
            ids = self.fog_id
            found = self._fog_cache[mask] = _uniform(tuple(ids[f] for f in self.bits_of(mask)))
        return found

    def supply_at_setup(self, seats: int) -> dict[int, int]:
        """A4: the score barrels left in the centre once every seat has its start (DERIVED).
        Play does not use it: scores are whole numbers and change is made freely (R8)."""
        return {
            value: count - self.start_barrels.count(value) * seats
            for value, count in self.score_barrels
        }
