"""Douro 1872's actions: what a seat decides, and the integer codec.

A seat only ever decides which barrel card to lay face down: to dispute a Rabelo card
(:class:`PlayBarrel`) or, in the middle of the game, to give to the charity card
(:class:`Donate`). With ``H`` barrel cards in a hand (ten), the integers are::

    0 .. H-1     PlayBarrel(card)   card = position of the value in the edition's list
    H .. 2H-1    Donate(card)

Chance outcomes (the backs and faces of Rabelo cards, the lottery, D. Sebastião's cards) are
not actions of a seat; their integers are described by the state that offers them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayBarrel:
    """Lay one barrel card face down to dispute the Rabelo card."""

    card: int

    def label(self, values: tuple[int, ...]) -> str:
        return f"play {values[self.card]}"


@dataclass(frozen=True)
class Donate:
    """Put one barrel card face down under the charity card (middle of the game)."""

    card: int

    def label(self, values: tuple[int, ...]) -> str:
        return f"donate {values[self.card]}"


Action = PlayBarrel | Donate


def encode(action: Action, hand_size: int) -> int:
    if isinstance(action, PlayBarrel):
        return action.card
    return hand_size + action.card


def decode(action: int, hand_size: int) -> Action:
    if action < hand_size:
        return PlayBarrel(action)
    return Donate(action - hand_size)


def num_distinct_actions(hand_size: int) -> int:
    return 2 * hand_size
