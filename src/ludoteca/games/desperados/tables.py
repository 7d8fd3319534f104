"""The edition compiled into flat tables, built once per game and shared by every state.

Card kinds, in order: one mine per metal, one single chest per metal, one double chest per
metal, the closed mine, then one kind per Desperado. Mines in play are told apart by
*slot*: each metal has as many slots as it has mine cards, and an opened mine takes the
lowest free slot of its metal. Every action has an integer id, looked up in flat tables
(``work_id[kind][slot]``), so generating legal moves never builds an action object.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.core.codec import Codec, Space
from ludoteca.games.desperados.actions import (
    Action,
    Card,
    Close,
    Draw,
    Fight,
    Open,
    Pass,
    Work,
)
from ludoteca.games.desperados.edition import DesperadosEdition

MAX_DISPLAYS = 4  # four seats at most, each its own display in the individual game
MAX_ROUNDS = 50  # the largest ``max_rounds`` option (R21)
MAX_RUN = 12  # the largest ``passes_in_a_row`` option (R20)
MAX_PASS_LIMIT = 30  # the largest ``pass_limit`` option (R20, the per-player house rule)
NOBODY = -1
SINGLE, DOUBLE = 1, 2  # how a chest lies on a mine


class Tables:
    """Card kinds, mine slots, action ids and names of one edition."""

    def __init__(self, edition: DesperadosEdition) -> None:
        self.edition = edition
        self.metals: list[str] = [m.name for m in edition.metals]
        self.points: list[int] = [m.chest_points.value for m in edition.metals]
        nm = len(self.metals)
        self.num_metals = nm
        self.MINE = 0
        self.CHEST = nm
        self.DOUBLE = 2 * nm
        self.CLOSED = 3 * nm
        self.DESPERADO = 3 * nm + 1
        self.desperado_values: list[int] = list(edition.deck.desperados.value)
        self.num_kinds = self.DESPERADO + len(self.desperado_values)
        self.kinds = range(self.num_kinds)
        self.mine_kinds = range(self.MINE, self.CHEST)
        self.chest_kinds = range(self.CHEST, self.CLOSED)
        self.desperado_kinds = range(self.DESPERADO, self.num_kinds)
        per = edition.deck.mines_per_metal.value
        self.mines_per_metal = per
        self.num_slots = nm * per
        self.slots = range(self.num_slots)
        self.slot_metal: list[int] = [s // per for s in range(self.num_slots)]
        self.slots_of_metal: list[range] = [range(m * per, (m + 1) * per) for m in range(nm)]
        # kind -> Desperado value (0 for other kinds)
        self.value: list[int] = [0] * self.num_kinds
        for k in self.desperado_kinds:
            self.value[k] = self.desperado_values[k - self.DESPERADO]
        self.hand_size: int = edition.hand_size.value
        self.names: list[str] = [self._name(k) for k in self.kinds]
        self.kind_by_name: dict[str, int] = {name: k for k, name in enumerate(self.names)}
        self.mine_names: list[str] = [
            f"{self.metals[self.slot_metal[s]]} mine {s % per + 1}" for s in self.slots]
        self.max_copies = max(self.deck_counts(0))
        self.max_value = max(self.desperado_values)
        self._build_actions()
        # Events are immutable records; the rules keep the common ones here, built once.
        self.events: dict[Any, Any] = {}
        # The secret pairs of a card dealt or drawn, per seat and kind (filled as they
        # come): a deal or draw is every other move, and a list is read without a key.
        self.dealt_events: list[list[Any]] = [[None] * self.num_kinds
                                              for _ in range(MAX_DISPLAYS)]
        self.drawn_events: list[list[Any]] = [[None] * self.num_kinds
                                              for _ in range(MAX_DISPLAYS)]

    def _build_actions(self) -> None:
        """The codec, and the id tables the steps read. The types and their domains keep
        the numbering of the listing the game shipped with (records rely on it): draw;
        pass each kind; open each metal in each display; each chest kind onto each slot;
        close each slot; each Desperado onto each slot."""
        nk, ns = self.num_kinds, self.num_slots
        self.codec = codec = Codec(
            actions=[
                Draw,
                Space(Pass, card=self.kinds),
                Space(Open, metal=range(self.num_metals), display=range(MAX_DISPLAYS)),
                Space(Work, card=self.chest_kinds, mine=self.slots),
                Space(Close, mine=self.slots),
                Space(Fight, card=self.desperado_kinds, mine=self.slots),
            ],
            outcomes=[Space(Card, kind=self.kinds)],
        )
        enc = codec.encode
        self.DRAW_ID = enc(Draw())
        self.pass_id = [enc(Pass(k)) for k in self.kinds]
        self.pass_ids = range(self.pass_id[0], self.pass_id[0] + nk)
        self.open_id = [[enc(Open(m, d)) for d in range(MAX_DISPLAYS)]
                        for m in range(self.num_metals)]
        self.work_id = [[enc(Work(k, s)) for s in self.slots] if self.is_chest(k) else [-1] * ns
                        for k in self.kinds]
        self.close_id = [enc(Close(s)) for s in self.slots]
        self.fight_id = [[enc(Fight(k, s)) for s in self.slots]
                         if k in self.desperado_kinds else [-1] * ns for k in self.kinds]
        self.actions: Sequence[Action] = codec.actions
        self.outcomes: Sequence[Card] = codec.outcomes
        # The space is small (a few hundred ids): the scripts and bots look actions up here.
        self.index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}

    # ----- kinds -------------------------------------------------------------------

    def is_chest(self, kind: int) -> bool:
        return self.CHEST <= kind < self.CLOSED

    def is_double(self, kind: int) -> bool:
        return self.DOUBLE <= kind < self.CLOSED

    def metal_of(self, kind: int) -> int:
        """The metal of a mine or chest card."""
        return kind % self.num_metals

    def value_of(self, kind: int) -> int:
        """The rank of a Desperado card."""
        return self.value[kind]

    def deck_counts(self, removed_singles: int) -> list[int]:
        """How many cards of each kind a round is dealt from."""
        deck = self.edition.deck
        counts = [0] * self.num_kinds
        for m in range(self.num_metals):
            counts[self.MINE + m] = deck.mines_per_metal.value
            counts[self.CHEST + m] = deck.single_chests_per_metal.value - removed_singles
            counts[self.DOUBLE + m] = deck.double_chests_per_metal.value
        counts[self.CLOSED] = deck.closed_mines.value
        for k in self.desperado_kinds:
            counts[k] = 1
        return counts

    def removed_singles(self, num_players: int, partnership: bool) -> int:
        """Single chests of each metal taken out before the deal (R22)."""
        if partnership:
            return 0
        removals = self.edition.individual.removed_single_chests_per_metal
        return removals[num_players].value if num_players in removals else 0

    def max_mine_value(self) -> int:
        """A bound on what one mine can be worth: every chest of its metal, all doubled."""
        deck = self.edition.deck
        chests = deck.single_chests_per_metal.value + deck.double_chests_per_metal.value
        return max(self.points) * DOUBLE * chests

    def max_round_points(self) -> int:
        """A bound on the points one round can add to a total (every chest, all doubled)."""
        deck = self.edition.deck
        chests = deck.single_chests_per_metal.value + deck.double_chests_per_metal.value
        return sum(p * DOUBLE * chests for p in self.points)

    def max_round_length(self, num_players: int, partnership: bool) -> int:
        """A bound on the actions of one round, whatever the options.

        Every card is dealt or drawn once (a draw is a decision and a card), played at
        most once; passes while the deck lasts come in runs of at most ``MAX_RUN`` between
        draws and plays (R20); each final turn is one play or pass.
        """
        cards = sum(self.deck_counts(self.removed_singles(num_players, partnership)))
        dealt = num_players * self.hand_size
        draws = cards - dealt
        passes = MAX_RUN * (draws + cards + 1) + num_players if partnership else 0
        return dealt + 2 * draws + cards + passes

    def max_passes(self, num_players: int, partnership: bool) -> int:
        """A bound on the cards one seat passes in a round."""
        if not partnership:
            return 0
        cards = sum(self.deck_counts(self.removed_singles(num_players, partnership)))
        draws = cards - num_players * self.hand_size
        return MAX_RUN * (draws + cards + 1) + num_players

    # ----- names -------------------------------------------------------------------

    def _name(self, kind: int) -> str:
        if kind < self.CHEST:
            return f"{self.metals[kind]} mine"
        if kind < self.DOUBLE:
            return f"{self.metals[kind - self.CHEST]} chest"
        if kind < self.CLOSED:
            return f"double {self.metals[kind - self.DOUBLE]} chest"
        if kind == self.CLOSED:
            return "closed mine"
        return f"Desperado {self.value[kind]}"

    def card_name(self, kind: int) -> str:
        return self.names[kind]

    def mine_name(self, slot: int) -> str:
        """'gold mine 2': the metal and the slot's number within the metal."""
        return self.mine_names[slot]
