"""Every decision and chance outcome of Puerto Diablo, as frozen dataclasses.

Numbers name things of the edition by position: ``character`` a character card
(``edition.characters``), ``ability`` an ability title (``edition.abilities``), ``tale`` a
tall tale, ``card`` a log card, ``harbour`` a harbour card, ``starting_set`` a starting set
(1 to 5), ``side`` 0 for the left side of a character card and 1 for the right, ``slot`` a
place of the market's display (0-3 characters, 4-7 abilities). The codec
(:mod:`.tables`) gives each field its domain.
"""

from __future__ import annotations

from dataclasses import dataclass

# ----- set-up and arrival -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseSet:
    """Take starting set ``starting_set`` (its characters and abilities) into the hand."""

    starting_set: int


@dataclass(frozen=True, slots=True)
class SendAshore:
    """Send ``character`` (one of the own characters on the ship) ashore; hidden from the
    others until everybody has chosen."""

    character: int


@dataclass(frozen=True, slots=True)
class TakeCheapest:
    """Top up with ``character``, one of the cheapest characters of the market (free)."""

    character: int


# ----- the challenge --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Offer:
    """Offer to commit ``symbols`` symbols of the challenge (0: nothing)."""

    symbols: int


@dataclass(frozen=True, slots=True)
class OfferByAbility:
    """After his offer from his characters: ``symbols`` more he means to supply by an
    ability card played when he delivers (R60: the count is said, the card is not)."""

    symbols: int


@dataclass(frozen=True, slots=True)
class Assign:
    """The pilot: the player being decided on commits ``symbols`` of his offer."""

    symbols: int


@dataclass(frozen=True, slots=True)
class Helper:
    """The pilot: the market character in display ``slot`` helps."""

    slot: int


@dataclass(frozen=True, slots=True)
class Commit:
    """Commit ``symbols`` matching symbols from ``side`` of ``character``, covering it."""

    character: int
    side: int
    symbols: int


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick ``character`` (a consequence or a war: which character goes)."""

    character: int


@dataclass(frozen=True, slots=True)
class Cover:
    """Pay doubloons by covering ``side`` of ``character``."""

    character: int
    side: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Lose the ability ``ability`` from the hand (a consequence)."""

    ability: int


# ----- ability cards ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayAbility:
    """Play the ability of title ``ability`` from the hand, acted by ``character`` (one of
    the own characters ashore, healthy or weakened, showing the card's foreknowledge if
    any of them does: R73)."""

    ability: int
    character: int


@dataclass(frozen=True, slots=True)
class Decline:
    """Play no ability now (a counter window, or the window of a moment of play)."""


@dataclass(frozen=True, slots=True)
class ChooseParty:
    """An ability's choice: the party ``party`` (nations first, then factions), e.g. a
    side of the war ``START_WAR`` starts."""

    party: int


@dataclass(frozen=True, slots=True)
class ChooseWeather:
    """An ability's choice (``SET_WEATHER``): the harbour card shows its ``foul`` side
    (1) or its fair side (0)."""

    foul: int


@dataclass(frozen=True, slots=True)
class ChooseSeat:
    """An ability's choice: the other player ``seat`` is the one it hits."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseSymbol:
    """An ability's choice (``ADD_SYMBOLS`` with ``EITHER``): its symbols are of type
    ``symbol`` (an index of the edition's symbol types), one of the challenge's two."""

    symbol: int


@dataclass(frozen=True, slots=True)
class WantToPlay:
    """Tell the pilot one wants to play an ability card now, without naming it."""


@dataclass(frozen=True, slots=True)
class PlayFirst:
    """The pilot: of the players who want to play, ``seat`` plays first."""

    seat: int


@dataclass(frozen=True, slots=True)
class Reorder:
    """``LOG_PEEK``: the peeked card at ``position`` (of those not yet put back, in the
    order they were seen) goes next onto the log pile, the first one put back on top."""

    position: int


# ----- purchasing and the crew phase ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TellTale:
    """Tell tall tale ``tale`` (enough open symbols of its type ashore)."""

    tale: int


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the market card in display ``slot`` with doubloons."""

    slot: int


@dataclass(frozen=True, slots=True)
class DonePurchase:
    """End one's purchase."""


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the harbour: every character ashore and unplayed ability to the ship."""


@dataclass(frozen=True, slots=True)
class Stay:
    """Stay in the harbour for another round."""


# ----- chance ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FirstPilot:
    """Chance: ``seat`` starts as the pilot (ruling R28)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Voyage:
    """Chance: ``harbour`` is the voyage's harbour of its number (ruling R29)."""

    harbour: int


@dataclass(frozen=True, slots=True)
class LogCard:
    """Chance: log card ``card`` is turned from the face-down pile."""

    card: int


@dataclass(frozen=True, slots=True)
class CharacterCard:
    """Chance: ``character`` comes off the face-down character pile into the market."""

    character: int


@dataclass(frozen=True, slots=True)
class AbilityCard:
    """Chance: an ability of title ``ability`` comes off the ability pile into the market."""

    ability: int


@dataclass(frozen=True, slots=True)
class LostAbility:
    """Chance: the ability of title ``ability`` is the one lost at random."""

    ability: int


@dataclass(frozen=True, slots=True)
class Die:
    """Chance: the die shows ``face`` (1 to the edition's number of faces)."""

    face: int


# ----- treasure hunting (the expansion: option ``treasure``) -------------------------------------


@dataclass(frozen=True, slots=True)
class Hunt:
    """Send ``character`` (an own character ashore, healthy or weakened; or, after a
    find, the successful hunter) hunting for ``treasure`` (an edition treasure lying face
    up in the harbour's treasure market)."""

    character: int
    treasure: int


@dataclass(frozen=True, slots=True)
class NoHunt:
    """Start no treasure hunt before this purchase."""


@dataclass(frozen=True, slots=True)
class Seek:
    """A player with several treasure hunters: ``character``'s hunt is checked next."""

    character: int


@dataclass(frozen=True, slots=True)
class SpendTreasure:
    """Spend the money treasure ``treasure`` (found earlier, kept with the abilities in
    hand) in this purchase: its doubloons are added once, no change given."""

    treasure: int


@dataclass(frozen=True, slots=True)
class TreasureCard:
    """Chance: ``treasure`` is opened from the face-down treasure pile into the market."""

    treasure: int


# ----- the advanced start (option ``start=advanced``) --------------------------------------------


@dataclass(frozen=True, slots=True)
class Draft:
    """Keep ``character`` from the hand of dealt characters (hidden until both are kept)."""

    character: int


@dataclass(frozen=True, slots=True)
class StartCharacter:
    """Add the face-up character of display ``slot`` to one's starting set."""

    slot: int


@dataclass(frozen=True, slots=True)
class StartAbility:
    """Add an ability of title ``ability`` (either level) to one's starting set."""

    ability: int


@dataclass(frozen=True, slots=True)
class StartDone:
    """One's starting set is ready: add no more cards."""


@dataclass(frozen=True, slots=True)
class DealtCharacter:
    """Chance: ``character`` is dealt (face down, seen by its receiver only)."""

    character: int


@dataclass(frozen=True, slots=True)
class RollOff:
    """Chance: of the players tied on the lowest total, ``seat`` rolls highest."""

    seat: int
