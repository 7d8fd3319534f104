"""Cards moving between the deck, the hands and the table, and what partners know.

Hands, the deck and the discard pile are counts per card kind. In the partnership game a
seat that passed a card knows its partner holds it: ``partner_knows[seat]`` is a lower
bound, per kind, of the partner's hand, raised by each card passed and lowered when the
partner plays or passes a card of that kind (R24).

The partnership game also keeps ``round_log``: the public record of the round's turns
(who drew, who passed, who played which card), one int per entry, which determinization
reads to resample what opponents passed each other (``state.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState

# round_log entries: (kind << 4) | (what << 2) | seat
LOG_DRAW, LOG_PASS, LOG_PLAY = 0, 1, 2


def take_from_deck(state: DesperadosState, seat: int, kind: int) -> None:
    state.deck_pile = state.deck_pile.drawn(kind)
    state.hands[seat][kind] += 1
    state.hand_sizes[seat] += 1


def lose_card(state: DesperadosState, seat: int, kind: int) -> None:
    """A card leaves a hand (played or passed); the partner's knowledge falls with it."""
    state.hands[seat][kind] -= 1
    state.hand_sizes[seat] -= 1
    if state.partnership:
        knows = state.partner_knows[(seat + 2) & 3]
        if knows[kind]:
            knows[kind] -= 1


def log(state: DesperadosState, seat: int, what: int, kind: int = 0) -> None:
    """Adds a public entry to the round's log (partnership game only)."""
    state.round_log.append((kind << 4) | (what << 2) | seat)
