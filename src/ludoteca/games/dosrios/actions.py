"""The decisions and chance outcomes of Dos Rios.

Numbers index the tables (:mod:`.tables`): ``hex`` is a land hex (0..48 in column-major
order), a location is a hex, the Town or a side path, ``side`` a hex side, ``tile`` a land
tile, ``kind`` an action card's kind.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FlowTo:
    """Lay the next river segment across ``side`` (one of the equally lowest outflows)."""

    side: int


@dataclass(frozen=True, slots=True)
class FirstRiver:
    """Set-up under ``river_order = choose``: the start player lays ``river`` (``"verde"`` or
    ``"moreno"``) first (R3)."""

    river: str


@dataclass(frozen=True, slots=True)
class PlaceWorker:
    """Set-up: put one worker from the supply on ``hex``."""

    hex: int


@dataclass(frozen=True, slots=True)
class Move:
    """Move one worker from location ``src`` to ``dst`` (one action point; the Town to the
    own Estate two). Onto a single opposing worker from higher ground, an attack."""

    src: int
    dst: int


@dataclass(frozen=True, slots=True)
class Attack:
    """Two workers move onto ``target`` together and drive its workers off (R8):
    ``a`` and ``b`` (``a <= b``) index the target's adjacent locations
    (:attr:`.tables.Tables.adjacent`), one point each."""

    target: int
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Build:
    """Build a ``"farm"`` or the ``"estate"`` on ``hex``, where one's worker stands."""

    kind: str
    hex: int


@dataclass(frozen=True, slots=True)
class Dam:
    """Place a Log on ``side``, a side of a hex where one's worker stands."""

    side: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Spend no more action points this turn."""


@dataclass(frozen=True, slots=True)
class Activate:
    """Harvest with the first action card of the row."""


@dataclass(frozen=True, slots=True)
class PassOver:
    """Move the first action card to the end of the row, without a harvest."""


# ----- chance ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tile:
    """Chance: land tile ``tile`` is laid in the next slot turned ``rotation`` steps."""

    tile: int
    rotation: int


@dataclass(frozen=True, slots=True)
class StartPlayer:
    """Chance: ``seat`` is the start player."""

    seat: int


@dataclass(frozen=True, slots=True)
class ActionCard:
    """Chance: an action card of ``kind`` comes off the stack."""

    kind: int
