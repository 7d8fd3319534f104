"""The schema of a Desperados edition file (see ``editions/default.toml``)."""

from __future__ import annotations

from pydantic import field_validator, model_validator

from ludoteca.core.edition import EditionFile, Section, Sourced


def _at_least(minimum: int, item: Sourced[int]) -> Sourced[int]:
    if item.value < minimum:
        raise ValueError(f"must be at least {minimum} (got {item.value})")
    return item


class Metal(Section):
    name: str
    chest_points: Sourced[int]

    @field_validator("chest_points")
    @classmethod
    def _positive(cls, v: Sourced[int]) -> Sourced[int]:
        return _at_least(1, v)


class Deck(Section):
    mines_per_metal: Sourced[int]
    single_chests_per_metal: Sourced[int]
    double_chests_per_metal: Sourced[int]
    closed_mines: Sourced[int]
    desperados: Sourced[list[int]]

    @field_validator("mines_per_metal")
    @classmethod
    def _some_mines(cls, v: Sourced[int]) -> Sourced[int]:
        return _at_least(1, v)

    @field_validator("single_chests_per_metal", "double_chests_per_metal", "closed_mines")
    @classmethod
    def _not_negative(cls, v: Sourced[int]) -> Sourced[int]:
        return _at_least(0, v)

    @field_validator("desperados")
    @classmethod
    def _ranked(cls, v: Sourced[list[int]]) -> Sourced[list[int]]:
        if not v.value or any(x < 1 for x in v.value):
            raise ValueError("must list at least one Desperado, each worth at least 1")
        if len(set(v.value)) != len(v.value):
            raise ValueError("Desperado values must all differ (a fight is won by the highest)")
        return v


class Partnership(Section):
    target: Sourced[int]


class Individual(Section):
    target: Sourced[int]
    removed_single_chests_per_metal: dict[int, Sourced[int]]


class DesperadosEdition(EditionFile):
    hand_size: Sourced[int]
    metals: list[Metal]
    deck: Deck
    partnership: Partnership
    individual: Individual

    @field_validator("hand_size")
    @classmethod
    def _hand(cls, v: Sourced[int]) -> Sourced[int]:
        return _at_least(1, v)

    @field_validator("metals")
    @classmethod
    def _metals(cls, v: list[Metal]) -> list[Metal]:
        if not v:
            raise ValueError("must list at least one metal")
        if len({m.name for m in v}) != len(v):
            raise ValueError("metal names must differ")
        return v

    @model_validator(mode="after")
    def _removals_fit(self) -> DesperadosEdition:
        for players, removed in self.individual.removed_single_chests_per_metal.items():
            if not 0 <= removed.value <= self.deck.single_chests_per_metal.value:
                raise ValueError(
                    f"individual.removed_single_chests_per_metal.{players}: cannot remove "
                    f"{removed.value} of {self.deck.single_chests_per_metal.value} single chests"
                )
        deck = self.deck
        cards = (len(self.metals) * (deck.mines_per_metal.value + deck.single_chests_per_metal.value
                                     + deck.double_chests_per_metal.value)
                 + deck.closed_mines.value + len(deck.desperados.value))
        removals = self.individual.removed_single_chests_per_metal
        for players in (2, 3, 4):
            singles = removals[players].value if players in removals else 0
            left = cards - singles * len(self.metals) - players * self.hand_size.value
            if left < 1:
                raise ValueError(
                    f"with {players} players the deal of {self.hand_size.value} cards each "
                    f"leaves {max(left, 0)} cards to draw; a round needs at least one"
                )
        return self
