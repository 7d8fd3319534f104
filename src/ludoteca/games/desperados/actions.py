"""Desperados cards and actions: readable structures inside, integers at the boundary.

Cards of one kind are identical (nine single gold chests are interchangeable), so hands,
the deck and the discard pile are counts per *card kind*, and an action names a kind,
never a particular copy. Kinds, in order: one mine per metal, one single chest per metal,
one double chest per metal, the closed mine, then one kind per Desperado value.

Mines in play are told apart by *slot*: each metal has as many slots as it has mine cards,
and an opened mine takes the lowest free slot of its metal. The integer codec is a flat
table built once per edition, so decoding an action is one list look-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ludoteca.games.desperados.edition import DesperadosEdition

MAX_DISPLAYS = 4  # four seats at most, each its own display in the individual game


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw a card from the deck."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass a card face down to one's partner (partnership game only)."""

    card: int


@dataclass(frozen=True, slots=True)
class Open:
    """Play a mine card, opening a mine of its metal in a display."""

    metal: int
    display: int


@dataclass(frozen=True, slots=True)
class Work:
    """Play a chest card (single or double) onto an open mine."""

    card: int
    mine: int


@dataclass(frozen=True, slots=True)
class Close:
    """Play a closed-mine card onto an open mine."""

    mine: int


@dataclass(frozen=True, slots=True)
class Fight:
    """Play a Desperado onto a mine: start a fight over it, or join the fight on it."""

    card: int
    mine: int


Action = Draw | Pass | Open | Work | Close | Fight


class Cards:
    """Card kinds, mine slots and the action codec of one edition."""

    def __init__(self, edition: DesperadosEdition) -> None:
        self.edition = edition
        self.metals = [m.name for m in edition.metals]
        self.points = [m.chest_points.value for m in edition.metals]
        nm = len(self.metals)
        self.num_metals = nm
        self.MINE = 0
        self.CHEST = nm
        self.DOUBLE = 2 * nm
        self.CLOSED = 3 * nm
        self.DESPERADO = 3 * nm + 1
        self.desperado_values = list(edition.deck.desperados.value)
        self.num_kinds = self.DESPERADO + len(self.desperado_values)
        per = edition.deck.mines_per_metal.value
        self.mines_per_metal = per
        self.num_slots = nm * per
        self.slot_metal = [s // per for s in range(self.num_slots)]
        self.actions: list[Action] = self._all_actions()
        self.index = {a: i for i, a in enumerate(self.actions)}

    def _all_actions(self) -> list[Action]:
        acts: list[Action] = [Draw()]
        acts += [Pass(k) for k in range(self.num_kinds)]
        acts += [Open(m, d) for m in range(self.num_metals) for d in range(MAX_DISPLAYS)]
        acts += [Work(k, s) for k in self.chest_kinds for s in range(self.num_slots)]
        acts += [Close(s) for s in range(self.num_slots)]
        acts += [Fight(k, s) for k in self.desperado_kinds for s in range(self.num_slots)]
        return acts

    # ----- kinds -------------------------------------------------------------------

    @cached_property
    def chest_kinds(self) -> range:
        return range(self.CHEST, self.CLOSED)

    @cached_property
    def desperado_kinds(self) -> range:
        return range(self.DESPERADO, self.num_kinds)

    def is_chest(self, kind: int) -> bool:
        return self.CHEST <= kind < self.CLOSED

    def is_double(self, kind: int) -> bool:
        return self.DOUBLE <= kind < self.CLOSED

    def metal_of(self, kind: int) -> int:
        """The metal of a mine or chest card."""
        return kind % self.num_metals

    def value_of(self, kind: int) -> int:
        """The rank of a Desperado card."""
        return self.desperado_values[kind - self.DESPERADO]

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

    # ----- names -------------------------------------------------------------------

    def card_name(self, kind: int) -> str:
        if kind < self.CHEST:
            return f"{self.metals[kind]} mine"
        if kind < self.DOUBLE:
            return f"{self.metals[kind - self.CHEST]} chest"
        if kind < self.CLOSED:
            return f"double {self.metals[kind - self.DOUBLE]} chest"
        if kind == self.CLOSED:
            return "closed mine"
        return f"Desperado {self.value_of(kind)}"

    def mine_name(self, slot: int) -> str:
        """'gold mine 2': the metal and the slot's number within the metal."""
        return f"{self.metals[self.slot_metal[slot]]} mine {slot % self.mines_per_metal + 1}"
