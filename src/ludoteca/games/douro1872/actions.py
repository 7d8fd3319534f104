"""Douro 1872's actions and chance outcomes, as frozen dataclasses.

A seat only ever decides which barrel card to lay face down: to dispute a Rabelo card
(:class:`PlayBarrel`) or, in the middle of the game, to give to the charity card
(:class:`Donate`). A barrel card is named by its value (0 to 10 without 5 in the shipped
edition): ``PlayBarrel(card=6)`` lays the 6.

Everything else is chance, and each kind of chance outcome has its own type, so that one
integer always means one thing:

* :class:`FogBack`, :class:`RegularBack` - the back of the next card of the stack shows
  (a fog back, or the level printed on a regular card's back);
* :class:`Face` - a regular Rabelo card is turned (which of the edition's regular cards);
* :class:`FogCard` - a fog Rabelo card is turned (which effect);
* :class:`LotteryCard` - the phylloxera lottery draws a card from a hand;
* :class:`Cut` - after too many tied lottery rounds a cut gives the phylloxera to a seat;
* :class:`GhostCard` - D. Sebastião's card, drawn at random from his hand.

The numbering (``Tables._build_codec`` in :mod:`ludoteca.games.douro1872.tables`, each
type with its fields' domains): decisions ``PlayBarrel`` 0..H-1 then ``Donate`` H..2H-1 (H
barrel cards, in the edition's order); chance outcomes in the order listed above, each type
over its domain (levels in ascending order, faces and fog effects in the edition's order,
barrel values in the edition's order, seats 0 to 4).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayBarrel:
    """Lay the barrel card of value ``card`` face down to dispute the Rabelo card."""

    card: int


@dataclass(frozen=True, slots=True)
class Donate:
    """Lay the barrel card of value ``card`` face down under the charity card."""

    card: int


Action = PlayBarrel | Donate


@dataclass(frozen=True, slots=True)
class FogBack:
    """Chance: the next card of the stack shows a fog back."""


@dataclass(frozen=True, slots=True)
class RegularBack:
    """Chance: the next card of the stack is a regular Rabelo card of this (printed) level."""

    level: int


@dataclass(frozen=True, slots=True)
class Face:
    """Chance: the regular Rabelo card turned is the edition's regular card number ``card``
    (its order, per table size, is in the edition's order table)."""

    card: int


@dataclass(frozen=True, slots=True)
class FogCard:
    """Chance: the fog Rabelo card turned is the one with this effect."""

    effect: str


@dataclass(frozen=True, slots=True)
class LotteryCard:
    """Chance: the phylloxera lottery draws the barrel card of value ``card`` from the hand
    of the seat whose draw is pending."""

    card: int


@dataclass(frozen=True, slots=True)
class Cut:
    """Chance: the cut after the last tied lottery round gives the phylloxera to ``seat``."""

    seat: int


@dataclass(frozen=True, slots=True)
class GhostCard:
    """Chance: D. Sebastião lays the barrel card of value ``card`` (at random from his hand)."""

    card: int


Outcome = FogBack | RegularBack | Face | FogCard | LotteryCard | Cut | GhostCard
