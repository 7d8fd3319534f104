"""Set-up (4, 3 and 2 players): the first player, the round-I handicap, the display.

The fields every player starts with (3 VP, one starting estate in Baixo Corgo with a
green, a yellow and a purple vine, 1 brandy, the boat at Gaia, the markers locked behind
the unbought estate tiles) are laid by :meth:`..state.VintageState._setup`; this rule does
what needs the first player, who is chance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.vintage.actions import Card, FirstPlayer
from ludoteca.games.vintage.steps import START_ROUND, DealDisplay

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState


def choose_first(state: VintageState, step: object, outcome: FirstPlayer) -> None:
    """The first player takes the token; the first players (two at 4 players, one at 3 and
    2) park one marker on the round-II chip; the display is dealt; round I begins."""
    t = state.t
    n = state.num_players
    state.first = outcome.seat
    stride = t.rounds + 1
    for k in range(t.short[n]):
        seat = (outcome.seat + k) % n
        if t.rounds > 1:
            state.parked[seat * stride + 1] += 1
    state.emit(everyone("first_player", seat=outcome.seat, setup=True))
    deal_display(state)
    # DealDisplay steps were pushed above StartRound.


def deal_display(state: VintageState) -> None:
    """Pushes the display's deal (one chance step per place, while there are cards), then
    the start of the round."""
    t = state.t
    state.push(START_ROUND)
    cards = state.deck.size + sum(state.deck.discards)
    steps = [DealDisplay(slot) for slot in range(min(t.display, cards))]
    if steps:
        state.push(*steps)


def deal_card(state: VintageState, step: DealDisplay, outcome: Card) -> None:
    """A card of the deck face up on the display (the discards become the deck when it
    runs out)."""
    state.deck = state.deck.drawn(outcome.card)
    state.display[step.slot] = outcome.card
    state.emit(everyone("display", slot=step.slot, card=outcome.card))
