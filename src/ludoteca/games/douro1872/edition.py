"""The schema of a Douro 1872 edition file (``editions/default.toml`` is the shipped one).

Everything printed on the components lives here: the barrel cards, the Rabelo cards with their
order per table size, the six fog cards and their order, the score barrels, the stakes of
each effect. Rules live in :mod:`ludoteca.games.douro1872.rules`.

A table size is the number of seats at the table: 3, 4 or 5 (the two-player game is played
at a table of 3, D. Sebastião being the third seat), written as a TOML key (``"3"``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from ludoteca.core.edition import EditionFile, Section, Sourced

FogEffect = Literal["fragas", "cardia", "rapidos", "sirga", "barraca", "customs"]
TABLE_SIZES = ("3", "4", "5")


class Barrels(Section):
    values: Sourced[list[int]]
    """One barrel card of each value per player (the same ten for every colour)."""


class Score(Section):
    start: Sourced[list[int]]
    """Score barrels each seat starts with (their values)."""
    barrel_values: Sourced[list[int]]
    barrel_counts: Sourced[list[int]]
    floor: Sourced[int]


class Stakes(Section):
    """Points of an effect: ``[sole player, each tied player]``."""

    regular: Sourced[list[int]]
    fragas: Sourced[list[int]]
    cardia: Sourced[list[int]]
    rapidos: Sourced[list[int]]
    barraca: Sourced[list[int]]
    charity: Sourced[list[int]]


class Stack(Section):
    bottom_regular: Sourced[int]
    """Regular cards set aside as the bottom of the stack (set-up B1)."""
    top_regular: Sourced[bool]
    """The top card of the stack is always a regular card (set-up B2)."""


class Rabelo(Section):
    levels: Sourced[list[int]]
    """The level (printed on the back) of each regular Rabelo card."""
    orders: dict[str, Sourced[list[int]]]
    """Per table size, the order (barrels needed) of each regular card, same order as levels."""


class FogCard(Section):
    name: Sourced[str]
    effect: Sourced[FogEffect]


class Fog(Section):
    cards: list[FogCard]
    orders: dict[str, Sourced[int]]
    """Per table size, the order of Fragas, Our Lady of Cardia and Rápidos."""


class Phylloxera(Section):
    lottery_redraws: Sourced[int]
    """Rounds of re-drawing among players tied for the lowest card before a cut decides."""
    in_two_player: Sourced[bool]


class Ghost(Section):
    """D. Sebastião, the ghost third seat of the two-player game."""

    name: Sourced[str]
    table_size: Sourced[int]
    """Seats at the table of the two-player game (the ghost included)."""
    order_column: Sourced[int]
    """The table size whose order columns (``rabelo.orders``, ``fog.orders``) it uses."""
    hand_size: Sourced[int]
    """Barrel cards in the ghost's hand (the same values as a player's)."""
    start_points: Sourced[int]
    """The ghost's points at the start."""


class DouroEdition(EditionFile):
    barrels: Barrels
    score: Score
    stakes: Stakes
    stack: Stack
    rabelo: Rabelo
    fog: Fog
    phylloxera: Phylloxera
    ghost: Ghost

    @model_validator(mode="after")
    def _consistent(self) -> DouroEdition:
        values = self.barrels.values.value
        if len(set(values)) != len(values) or not values:
            raise ValueError("barrels.values: the ten barrel values must be distinct")
        n = len(self.rabelo.levels.value)
        for size in TABLE_SIZES:
            if size not in self.rabelo.orders:
                raise ValueError(f"rabelo.orders: missing the column for {size} seats")
            if len(self.rabelo.orders[size].value) != n:
                raise ValueError(f"rabelo.orders.{size}: needs {n} orders, one per level entry")
            if size not in self.fog.orders:
                raise ValueError(f"fog.orders: missing the order for {size} seats")
        effects = [c.effect.value for c in self.fog.cards]
        if len(set(effects)) != len(effects):
            raise ValueError("fog.cards: each fog effect appears once")
        if n < self.stack.bottom_regular.value + 1:
            raise ValueError("rabelo.levels: not enough regular cards for the stack")
        # Game length (ruling R10, example E20): every dispute but Our Lady of Cardia spends a
        # barrel card, and Sirga settles two Rabelo cards with one dispute, so the Rabelo cards
        # must run out exactly when the second hand does (10 + 9 cards: one went to charity).
        spending = n + len(effects) - ("sirga" in effects) - ("cardia" in effects)
        if spending != 2 * len(values) - 1:
            raise ValueError(
                f"rabelo/fog: {spending} disputes spend a barrel card, but two hands less the "
                f"charity card hold {2 * len(values) - 1}; the stack and the hands must run out "
                "together"
            )
        if "sirga" in effects and self.stack.bottom_regular.value < 1:
            raise ValueError("stack.bottom_regular: Sirga needs a regular card under every fog")
        if self.ghost.table_size.value != 3:
            raise ValueError("ghost.table_size: the two-player game is played at a table of 3")
        if str(self.ghost.order_column.value) not in TABLE_SIZES:
            raise ValueError(f"ghost.order_column: one of the table sizes {', '.join(TABLE_SIZES)}")
        if self.ghost.hand_size.value != len(values):
            raise ValueError(
                f"ghost.hand_size: the ghost plays in every dispute, so he needs all "
                f"{len(values)} barrel cards"
            )
        if self.ghost.start_points.value < 0:
            raise ValueError("ghost.start_points: a score is never negative")
        if len(self.score.barrel_values.value) != len(self.score.barrel_counts.value):
            raise ValueError("score: barrel_values and barrel_counts differ in length")
        return self
