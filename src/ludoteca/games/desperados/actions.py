"""Desperados decisions and chance outcomes, as frozen dataclasses.

Cards of one kind are identical (nine single gold chests are interchangeable), so a
decision names a card *kind*, never a particular copy, and the only chance outcome is
:class:`Card`: a card of that kind comes off the deck (dealt or drawn; the pending step
says which). Kinds are numbered by the edition's tables (``tables.py``): one mine per
metal, one single chest per metal, one double chest per metal, the closed mine, then one
kind per Desperado. Mines in play are told apart by *slot* (``mine``).

The numbering (``Tables._build_actions`` in :mod:`ludoteca.games.desperados.tables`, each
type with its fields' domains): ``Draw``, then ``Pass`` per kind, ``Open`` per metal and
display, ``Work`` per chest kind and slot, ``Close`` per slot, ``Fight`` per Desperado and
slot; the chance outcomes ``Card`` per kind.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw a card from the deck (the card itself is the chance outcome that follows)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass a card of kind ``card`` face down to one's partner (partnership game only)."""

    card: int


@dataclass(frozen=True, slots=True)
class Open:
    """Play a mine card of ``metal``, opening a mine in ``display``."""

    metal: int
    display: int


@dataclass(frozen=True, slots=True)
class Work:
    """Play a chest card (single or double) of kind ``card`` onto the open mine ``mine``."""

    card: int
    mine: int


@dataclass(frozen=True, slots=True)
class Close:
    """Play a closed-mine card onto the open mine ``mine``."""

    mine: int


@dataclass(frozen=True, slots=True)
class Fight:
    """Play the Desperado ``card`` onto ``mine``: start a fight over it, or join the fight."""

    card: int
    mine: int


@dataclass(frozen=True, slots=True)
class Card:
    """Chance: a card of kind ``kind`` comes off the deck (dealt, or drawn)."""

    kind: int


Action = Draw | Pass | Open | Work | Close | Fight
