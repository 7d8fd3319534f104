"""D / 2A card draw: the phylloxera lottery.

"All players randomly remove from the player's stack on their left a card of barrels
(which they place in front of the player to whom the deck belongs). The value is revealed
immediately. The player with the lowest barrel card in front of him/her receives the
phylloxera card." R5: each seat's revealed card is a uniformly random card of its own hand;
the cards go back to the hands; on a tie for the lowest only the tied draw again, and after
``phylloxera.lottery_redraws`` tied rounds a cut among them decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.douro1872.actions import Cut, LotteryCard
from ludoteca.games.douro1872.rules import tell
from ludoteca.games.douro1872.steps import LotteryCut, LotteryDraw, LotteryRound

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState


def start_lottery(state: DouroState, among: tuple[int, ...] | None = None, round: int = 0
                  ) -> None:
    """Lottery round ``round`` among the seats ``among`` (everyone by default), each
    drawing in seat order; then the round's cards are compared."""
    among = tuple(range(state.seats)) if among is None else among
    state.push(*(LotteryDraw(s, round) for s in among), LotteryRound(among, round))


def lottery_draw(state: DouroState, step: LotteryDraw, drawn: LotteryCard) -> None:
    """One card, drawn from ``owner``'s hand, is revealed in front of ``owner``."""
    owner = step.owner
    state.lot_log += ((step.round, owner, drawn.card),)  # face up, for all to see
    state.emit(tell.lottery_draw(state, owner, drawn.card, step.round))


def lottery_round(state: DouroState, step: LotteryRound, action: None) -> None:
    """After the round's last draw the lowest card receives the phylloxera; the tied draw
    again, and after the last redraw a cut decides."""
    drawn = {seat: card for r, seat, card in state.lot_log if r == step.round}
    low = min(drawn[s] for s in step.among)
    tied = tuple(s for s in step.among if drawn[s] == low)
    if len(tied) == 1:  # "the lowest barrel card receives the phylloxera card"
        state.holder = tied[0]
        state.emit(everyone("phylloxera_drawn", seat=tied[0], card=low))
        return
    again = step.round + 1
    state.emit(everyone("lottery_tie", seats=list(tied), card=low))
    if again > state.tables.redraws:
        state.push(LotteryCut(tied))
    else:
        start_lottery(state, tied, again)


def lottery_cut(state: DouroState, step: LotteryCut, cut: Cut) -> None:
    """R5: the cut gives the phylloxera card to one of the still-tied seats."""
    state.holder = cut.seat
    state.emit(everyone("lottery_cut", seat=cut.seat))
