"""Every decision and chance outcome of Vintage, as frozen dataclasses.

Numbers name things of the edition by position: ``task`` an action of the table
(``edition.actions``), ``estate`` an estate space (the sub-regions' spaces in order),
``colour`` a vine (the edition's colours, then black for an old vine), ``port`` a port
(0 is Vila Nova de Gaia), ``lot`` a section of the boat, ``column`` a cellar column (Ruby
columns first), ``row`` a warehouse row (Ruby rows top down, then Tawny rows), ``card`` a
card kind, ``slot`` a place of the face-up display, ``round`` a round (0 is round I).
The codec (:mod:`.tables`) gives each field its domain.
"""

from __future__ import annotations

from dataclasses import dataclass

# ----- a turn ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """Put markers (``overseer`` 0) or the overseer (1) on circle ``circle`` of the column of
    ``task`` (an action of the action table; ``action`` names the id at the boundary) and
    carry it out. By default only the column's cheapest empty circle is legal (the
    ``circle_choice`` option frees the choice)."""

    task: int
    circle: int
    overseer: int


@dataclass(frozen=True, slots=True)
class MoveBoat:
    """Stack ``steps`` markers on the own-colour boat circle and make that many steps."""

    steps: int


@dataclass(frozen=True, slots=True)
class Load:
    """Load the harvest lot lying on ``estate`` onto the boat (free: the boat is in that
    estate's port with a free section)."""

    estate: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Take no more turns this round."""


# ----- the sub-choices of an action ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BuyEstate:
    """Put an estate tile on the empty space ``estate`` and pay its purchase value."""

    estate: int


@dataclass(frozen=True, slots=True)
class Discount:
    """The Buy-estate card: pay 1 VP less (instead of planting a vine on the new estate)."""


@dataclass(frozen=True, slots=True)
class Plant:
    """Plant one vine of ``colour`` on one's own ``estate``."""

    colour: int
    estate: int


@dataclass(frozen=True, slots=True)
class HarvestEstate:
    """Harvest ``estate``: ``port`` port barrels, the rest of its yield brandy."""

    estate: int
    port: int


@dataclass(frozen=True, slots=True)
class EndHarvest:
    """Every estate to harvest is chosen: the harvest takes place."""


@dataclass(frozen=True, slots=True)
class SailTo:
    """One step of the boat: to the next port upstream, or to any port downstream."""

    port: int


@dataclass(frozen=True, slots=True)
class SailOn:
    """Load nothing more at this port."""


@dataclass(frozen=True, slots=True)
class Store:
    """At Gaia, the lot in boat section ``lot`` goes into an empty cellar column of
    ``kind`` (``ruby`` or ``tawny``)."""

    lot: int
    kind: str


@dataclass(frozen=True, slots=True)
class AgeLot:
    """Age and sell: the lot of cellar ``column`` goes into the warehouse next."""

    column: int


@dataclass(frozen=True, slots=True)
class ExtraBarrel:
    """The +1-barrel card: one barrel from the supply into a free slot of ``row``."""

    row: int


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Take the face-up card of display ``slot``."""

    slot: int


@dataclass(frozen=True, slots=True)
class DrawDeck:
    """Draw the top card of the deck."""


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card of kind ``card`` from one's hand."""

    card: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a card of kind ``card`` without effect (the hand is full)."""

    card: int


@dataclass(frozen=True, slots=True)
class TakeBarrel:
    """The Vintage or Colheita card: one barrel from the lot of cellar ``column``."""

    column: int


@dataclass(frozen=True, slots=True)
class AddBarrels:
    """The +2-barrels card: onto the harvest lot lying on ``estate``."""

    estate: int


@dataclass(frozen=True, slots=True)
class Perform:
    """The Free-action card: carry out ``task`` (an action of the table) without markers."""

    task: int


@dataclass(frozen=True, slots=True)
class PeekChip:
    """The Enologist: look at the face-down harvest-bonus chip of ``round``."""

    round: int


# ----- chance ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """Chance: ``seat`` takes the first-player token at the set-up."""

    seat: int


@dataclass(frozen=True, slots=True)
class BonusChip:
    """Chance: the chip seen is of value kind ``value`` (an index of the distinct chip
    values)."""

    value: int


@dataclass(frozen=True, slots=True)
class Card:
    """Chance: the card that comes off the deck is of kind ``card``."""

    card: int


@dataclass(frozen=True, slots=True)
class Die:
    """Chance: the ageing die shows ``pips``."""

    pips: int
