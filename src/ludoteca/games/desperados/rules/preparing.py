"""Preparing to Play: all the cards are shuffled and six dealt to each player.

The deal is one chance step per card, to the dealer's left first and round the table; the
player left of the dealer then starts. Seat n-1 deals the first round, so seat 0 starts
(R19); the deal passes to the left each round (R16). In two- and three-player games some
single chests stay out of the deck (R22).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.core.hidden import Pile
from ludoteca.games.desperados.actions import Card
from ludoteca.games.desperados.rules import tell
from ludoteca.games.desperados.rules.cards import take_from_deck
from ludoteca.games.desperados.steps import DEAL, TURN, Deal
from ludoteca.games.desperados.tables import NOBODY

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


def deal_a_round(state: DesperadosState, announce: bool = True) -> None:
    """A new round: every card back in the deck, the table cleared, then the deal."""
    t, n = state.cards, state.num_players
    state.round += 1
    if state.round > 1:
        state.dealer = (state.dealer + 1) % n
    state.deck_pile = Pile.of(t.deck_counts(state.removed_singles))
    state.discard = [0] * t.num_kinds
    state.hands = [[0] * t.num_kinds for _ in range(n)]
    state.hand_sizes = [0] * n
    state.owner = [NOBODY] * t.num_slots
    state.closed = [False] * t.num_slots
    state.chests = [[] for _ in range(t.num_slots)]
    state.open_mines = []
    state.passes = [0] * n
    state.passes_in_a_row = 0
    state.partner_knows = [[0] * t.num_kinds for _ in range(n)] if state.partnership else []
    state.round_log = []
    state.skips = ()
    state.fight_mine = NOBODY
    state.fight_attacker = NOBODY
    state.fight_cards = [NOBODY] * n
    if announce:
        state.emit(everyone("round_started", round=state.round, dealer=state.dealer))
    first = (state.dealer + 1) % n
    # The edition guarantees cards are left to draw after the deal.
    state.push(*(DEAL[(first + i) % n] for i in range(n * state.hand_size)), TURN[first])


def deal(state: DesperadosState, step: Deal, outcome: Card) -> None:
    """One card of the deal; only its receiver learns which."""
    take_from_deck(state, step.to, outcome.kind)
    state.emit(*tell.dealt(state, step.to, outcome.kind))
