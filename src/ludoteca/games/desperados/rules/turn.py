"""Playing the Game: in turn, each player draws, passes or plays exactly one card.

* Drawing ends the turn; the card is a chance step of its own. Drawing the last card
  starts the final turns: every other player in order, then the drawer, has one more
  turn, with no drawing (R13); a player with nothing they may do is skipped.
* Passing puts a card face down into the partner's hand (R15). While the deck lasts,
  once the whole table has passed in a row, the next player must draw or play (R20).
* Playing a card: ``playing.py`` and ``fights.py``.

Between turns, the fight on the table is settled at the start of its attacker's next turn
(R10), before that turn: ``end_turn`` pushes the automatic :class:`SettleFight` above it.
Each final turn starts with the automatic :class:`StartFinalTurn`, which skips the seat if
it has nothing it may do; after the last one the automatic :class:`ScoreRound` follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.events import everyone
from ludoteca.games.desperados.actions import Card, Draw, Pass
from ludoteca.games.desperados.rules import tell
from ludoteca.games.desperados.rules.cards import LOG_DRAW, LOG_PASS, log, lose_card
from ludoteca.games.desperados.rules.playing import PLAYS
from ludoteca.games.desperados.steps import (
    DRAW_CARD,
    SCORE_ROUND,
    SETTLE_FIGHT,
    TURN,
    DrawCard,
    FinalTurn,
    StartFinalTurn,
    Turn,
    moves,
    playable_mask,
)
from ludoteca.games.desperados.tables import NOBODY

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


def take_a_turn(state: DesperadosState, step: Turn, action: Any) -> None:
    """A turn while the deck lasts: draw, pass or play."""
    seat = step.seat
    kind = type(action)
    if kind is Draw:
        state.emit(*tell.draw(state, seat))
        state.push(DRAW_CARD[seat])  # the turn ends with the card drawn
        return
    if kind is Pass:
        pass_a_card(state, seat, action.card)
    else:
        PLAYS[kind](state, seat, action)
        state.passes_in_a_row = 0
    end_turn(state, seat, None)


def take_a_final_turn(state: DesperadosState, step: FinalTurn, action: Any) -> None:
    """A final turn: play or pass a card."""
    seat = step.seat
    kind = type(action)
    if kind is Pass:
        pass_a_card(state, seat, action.card)
    else:
        PLAYS[kind](state, seat, action)
    end_turn(state, seat, step.left)


def draw_a_card(state: DesperadosState, step: DrawCard, outcome: Card) -> None:
    """The drawer takes the card into their hand; the last card starts the final turns."""
    seat, kind = step.drawer, outcome.kind
    deck = state.deck_pile = state.deck_pile.drawn(kind)
    state.hands[seat][kind] += 1
    state.hand_sizes[seat] += 1
    state.passes_in_a_row = 0
    if state.partnership:
        log(state, seat, LOG_DRAW)
    state.emit(*tell.drawn(state, seat, kind))
    if deck.unseen:
        end_turn(state, seat, None)
        return
    state.emit(everyone("final_turns", drawer=seat))
    end_turn(state, seat, state.num_players)


def pass_a_card(state: DesperadosState, seat: int, kind: int) -> None:
    """The card goes face down into the partner's hand; both of them know what it was."""
    partner = (seat + 2) & 3
    lose_card(state, seat, kind)
    state.hands[partner][kind] += 1
    state.hand_sizes[partner] += 1
    state.partner_knows[seat][kind] += 1
    state.passes[seat] += 1
    state.passes_in_a_row += 1
    log(state, seat, LOG_PASS)
    state.emit(*tell.passed(state, seat, partner, kind))


def end_turn(state: DesperadosState, seat: int, left: int | None) -> None:
    """What comes next: the next player clockwise takes a turn.

    ``left`` is None while the deck lasts; in the final turns, how many are still to come.
    The fight is settled when its attacker's turn comes round (even a turn that is then
    skipped); after the last final turn the round is scored.
    """
    if left == 0:
        state.push(SCORE_ROUND)
        return
    seat += 1
    if seat == state.num_players:
        seat = 0
    step = TURN[seat] if left is None else StartFinalTurn(seat, left - 1)
    if seat == state.fight_attacker and state.fight_mine != NOBODY:
        state.push(SETTLE_FIGHT, step)
    else:
        state.push(step)


def start_a_final_turn(state: DesperadosState, step: StartFinalTurn, action: None) -> None:
    """The seat plays its final turn, or is skipped if it has nothing it may do (R13)."""
    seat, left = step.player, step.left
    if moves(state, seat, True):
        state.push(FinalTurn(seat, left))
        return
    skip(state, seat)
    end_turn(state, seat, left)


def skip(state: DesperadosState, seat: int) -> None:
    """A seat with nothing it may do in its final turn is skipped (R13).

    Everyone sees it, and so learns that the seat holds none of the cards that would have
    given it a move: those are named in the event (and kept for determinization).
    """
    mask = playable_mask(state, seat)
    if state.hand_sizes[seat]:
        state.skips += ((seat, mask),)
    names = state.cards.names
    state.emit(everyone("skipped", seat=seat,
                        could_play=[names[k] for k in state.cards.kinds if mask >> k & 1]))
