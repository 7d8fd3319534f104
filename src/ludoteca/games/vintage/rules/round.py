"""The round: its start, the turns, placing markers or the overseer, passing, First
player, and the end of the round.

A round begins with its harvest-bonus chip face up and the markers parked on it back in
their owners' hands; the token holder takes the first turn; turns go clockwise; a turn is
one action (placing on the cheapest empty circle of its column, exact cost, or the overseer
on any but the boat), a boat move, a free load, or a pass (no more turns this round). The
round ends when every player has passed or placed everything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.vintage.actions import BonusChip, Load, MoveBoat, Pass, Place
from ludoteca.games.vintage.rules import end, table
from ludoteca.games.vintage.rules.boat import load_lot
from ludoteca.games.vintage.rules.setup import deal_display
from ludoteca.games.vintage.steps import (
    END_ROUND,
    NextTurn,
    RevealChip,
    Sail,
    StartRound,
    Turn,
)

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState


def start_round(state: VintageState, step: StartRound, action: None) -> None:
    """The round's chip turns face up: drawn now, unless a peek drew it before."""
    r = state.round
    if state.chips[r] >= 0:
        begin_round(state)
    else:
        state.push(RevealChip(r))


def reveal_chip(state: VintageState, step: RevealChip, outcome: BonusChip) -> None:
    state.chips[step.round] = outcome.value
    begin_round(state)


def begin_round(state: VintageState) -> None:
    """The chip is face up for all; markers parked on it come back; the token holder
    begins."""
    t = state.t
    r = state.round
    state.chip_known[r] = state.everyone_mask
    stride = t.rounds + 1
    for s in range(state.num_players):
        base = s * stride
        state.parked[base + r] = 0
        later = sum(state.parked[base + r + 1: base + stride])
        state.markers[s] = t.markers - state.tiles[s] - later
    state.emit(everyone("round", round=r, bonus=t.chip_values[state.chips[r]]))
    state.push(NextTurn(state.first))


def next_turn(state: VintageState, step: NextTurn, action: None) -> None:
    """The first seat from ``step.start`` on that can still act takes the turn."""
    n = state.num_players
    for i in range(n):
        s = (step.start + i) % n
        if not state.passed[s] and (state.markers[s] or state.overseer[s]):
            state.push(Turn(s))
            return
    state.push(END_ROUND)


def turn(state: VintageState, step: Turn, action: Place | MoveBoat | Load | Pass) -> None:
    """One turn: the action chosen, carried out at once."""
    seat = step.seat
    t = state.t
    n = state.num_players
    if isinstance(action, Load):
        load_lot(state, seat, action.estate)
        state.push(Turn(seat))  # loading is free: the turn goes on
        return
    if isinstance(action, Pass):
        state.passed[seat] = 1
        state.emit(everyone("pass", seat=seat))
        state.push(NextTurn((seat + 1) % n))
        return
    state.push(NextTurn((seat + 1) % n))
    if isinstance(action, MoveBoat):
        state.markers[seat] -= action.steps
        state.boat_markers[seat] += action.steps
        state.emit(everyone("move_boat", seat=seat, steps=action.steps))
        state.push(Sail(seat, action.steps))
        return
    circle = t.circles_of[action.task][action.circle]
    cost = t.circle_cost[circle]
    if action.overseer:
        state.overseer[seat] = 0
        state.overseer_at[seat] = circle
    else:
        state.markers[seat] -= cost
    state.occupied[circle] = seat
    state.emit(everyone("place", seat=seat, action=action.task, circle=action.circle,
                        cost=cost, overseer=bool(action.overseer)))
    table.start_action(state, seat, action.task, by_card=False)


def end_round(state: VintageState, step: object, action: None) -> None:
    """The table is cleared: display, reminder and Enologist cards discarded, markers and
    overseers back; the next round's display is dealt, or after round VII the game ends."""
    t = state.t
    n = state.num_players
    last = state.round + 1 >= t.rounds
    state.emit(everyone("round_end", round=state.round, first=state.first, last=last))
    gone = [c for c in state.display if c >= 0] + list(state.reminders)
    if gone:
        state.deck = state.deck.discarded(*gone)
    state.display = [-1] * t.display
    state.reminders = []
    for s in range(n):
        state.overseer[s] = 1
        state.passed[s] = 0
        state.bought[s] = 0
        state.harvested[s] = 0
        state.enologist[s] = 0
        state.boat_markers[s] = 0
        state.markers[s] = 0
    state.occupied = [-1] * t.num_circles
    state.overseer_at = [-1] * n
    state.round += 1
    if state.round >= t.rounds:
        state.round = t.rounds - 1
        end.final_scoring(state)
        return
    deal_display(state)
