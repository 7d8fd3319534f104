"""D / 2A card draw: the phylloxera lottery.

"All players randomly remove from the player's stack on their left a card of barrels
(which they place in front of the player to whom the deck belongs). The value is revealed
immediately. The player with the lowest barrel card in front of him/her receives the
phylloxera card." R5: each seat's revealed card is a uniformly random card of its own hand;
the cards go back to the hands; on a tie for the lowest only the tied draw again, and after
``phylloxera.lottery_redraws`` tied rounds a cut among them decides.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.events import everyone
from ludoteca.games.douro1872.actions import Cut, LotteryCard
from ludoteca.games.douro1872.steps import LOTTERY_CUT, LotteryCut, LotteryDraw


def start_lottery(state: Any, seats: tuple[int, ...] | None = None) -> None:
    """A lottery round among ``seats`` (everyone by default), each drawing in seat order."""
    state.lot_set = tuple(range(state.seats)) if seats is None else seats
    state.lot = [-1] * state.seats
    state.push(*(LotteryDraw(s) for s in state.lot_set))


def lottery_draw(state: Any, step: LotteryDraw, drawn: LotteryCard) -> None:
    """One card, drawn from ``owner``'s hand, is revealed in front of ``owner``; after the
    round's last draw the lowest card receives the phylloxera (ties draw again)."""
    owner = step.owner
    state.lot[owner] = drawn.card
    state.lot_log += ((state.lot_round, owner, drawn.card),)  # face up, for all to see
    t = state.tables
    key = (owner, drawn.card, state.lot_round)
    event = t.lottery_events.get(key)
    if event is None:
        event = t.lottery_events[key] = everyone(
            "lottery_draw", seat=owner, card=drawn.card, round=state.lot_round)
    state.emit(event)
    if owner != state.lot_set[-1]:
        return
    low = min(state.lot[s] for s in state.lot_set)
    tied = tuple(s for s in state.lot_set if state.lot[s] == low)
    if len(tied) == 1:  # "the lowest barrel card receives the phylloxera card"
        state.holder = tied[0]
        state.emit(everyone("phylloxera_drawn", seat=tied[0], card=low))
        state.proceed()
        return
    state.lot_round += 1
    state.emit(everyone("lottery_tie", seats=list(tied), card=low))
    if state.lot_round > state.tables.redraws:
        state.lot_set = tied
        state.push(LOTTERY_CUT)
    else:
        start_lottery(state, tied)


def lottery_cut(state: Any, step: LotteryCut, cut: Cut) -> None:
    """R5: the cut gives the phylloxera card to one of the still-tied seats."""
    state.holder = cut.seat
    state.emit(everyone("lottery_cut", seat=cut.seat))
    state.proceed()
