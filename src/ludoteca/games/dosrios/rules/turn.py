"""A Player's Turn, Attacking and Building: six action points spent on moves of one's own
workers, interleaved with building (cash, at most two a turn) and damming (a Log each);
then the first action card (R6-R15, R19).

A move onto a lone opposing worker from higher ground is an attack; two workers attack
together as one action (R12). A worker entering an unoccupied opposing Farm must move on
within the same move (:class:`~..steps.MustLeave`, R9). A dam across a river's segment
makes the active player re-route it (:mod:`.rivers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.dosrios.actions import Attack, Build, Dam, EndTurn, Move
from ludoteca.games.dosrios.rules.end import check_victory, end_by_limit
from ludoteca.games.dosrios.rules.rivers import flow
from ludoteca.games.dosrios.steps import (
    ActionPoints,
    Harvest,
    MustLeave,
    NextTurn,
    enter_cost,
    opposing_farm,
)
from ludoteca.games.dosrios.tables import BUILDINGS, ESTATE

if TYPE_CHECKING:
    from ludoteca.games.dosrios.state import DosRiosState


def next_turn(state: DosRiosState, step: NextTurn, action: None) -> None:
    """The next seat clockwise receives six action points, or the turn limit ends the
    game (R22)."""
    n = state.num_players
    if state.turns >= state.turn_limit:
        end_by_limit(state)
        return
    seat = (step.after + 1) % n
    state.turns += 1
    state.active = seat
    first = not state.had_turn[seat]
    state.had_turn[seat] = 1
    state.emit(everyone("turn", seat=seat, turn=state.turns, first=first))
    state.push(ActionPoints(seat, state.t.action_points, 0, first))


def action_points(state: DosRiosState, step: ActionPoints,
                  action: Move | Attack | Build | Dam | EndTurn) -> None:
    """One use of the turn: a move, an attack, a building, a dam, or the end."""
    if isinstance(action, Move):
        move(state, step, action)
    elif isinstance(action, Attack):
        attack(state, step, action)
    elif isinstance(action, Build):
        build(state, step, action)
    elif isinstance(action, Dam):
        dam(state, step, action)
    else:
        end_turn(state, step)


def move(state: DosRiosState, step: ActionPoints | MustLeave, action: Move) -> None:
    """A worker one step on (the Town to the own Estate: two points), driving off a lone
    worker it attacks from higher ground; into an opposing Farm, it must move on."""
    seat, src, dst = step.seat, action.src, action.dst
    cost = enter_cost(state, seat, src, dst, step.left)
    t = state.t
    driven: list[int] = []
    if dst < t.num_hexes:
        who = state.hex_seat[dst]
        if who >= 0 and who != seat:
            state.put_worker(who, dst, t.town)
            driven.append(who)
    state.put_worker(seat, src, dst)
    state.emit(everyone("moved", seat=seat, src=src, dst=dst, cost=cost, driven_off=driven))
    left = step.left - cost
    if dst < t.num_hexes and opposing_farm(state, seat, dst):
        state.push(MustLeave(seat, dst, left, step.built, step.first))
    else:
        state.push(ActionPoints(seat, left, step.built, step.first))


def must_leave(state: DosRiosState, step: MustLeave, action: Move) -> None:
    """The worker passing through an opposing Farm moves on (R9)."""
    move(state, step, action)


def attack(state: DosRiosState, step: ActionPoints, action: Attack) -> None:
    """Two workers onto the target together, one point each; its workers go to the Town
    (R12)."""
    t = state.t
    seat, target = step.seat, action.target
    adj = t.adjacent[target]
    who = state.hex_seat[target]
    driven = [who] * state.hex_count[target]
    for _ in driven:
        state.put_worker(who, target, t.town)
    src_a, src_b = adj[action.a], adj[action.b]
    state.put_worker(seat, src_a, target)
    state.put_worker(seat, src_b, target)
    state.emit(everyone("attacked", seat=seat, target=target, srcs=[src_a, src_b],
                        defender=who, driven_off=len(driven)))
    state.push(ActionPoints(seat, step.left - 2, step.built, step.first))


def build(state: DosRiosState, step: ActionPoints, action: Build) -> None:
    """A Farm or the Estate where the worker stands, paid in cash (R15); then the win is
    checked."""
    t = state.t
    seat, x = step.seat, action.hex
    kind = BUILDINGS.index(action.kind)
    state.money[seat] -= t.cost[kind]
    state.building[x] = seat * 2 + kind
    if kind == ESTATE:
        state.estates_left[seat] -= 1
        state.estate_hex[seat] = x
    else:
        state.farms_left[seat] -= 1
    state.emit(everyone("built", seat=seat, building=action.kind, hex=x, paid=t.cost[kind]))
    state.push(ActionPoints(seat, step.left, step.built + 1, step.first))
    check_victory(state)


def dam(state: DosRiosState, step: ActionPoints, action: Dam) -> None:
    """A Log on the side; if a river crossed it, the active player re-routes the river
    from the node above the dam (R14, R20)."""
    t = state.t
    seat, side = step.seat, action.side
    state.logs[seat] -= 1
    state.dams |= 1 << side
    upper = t.side_upper[side]
    diverts = upper >= 0 and state.out[upper] == side
    state.emit(everyone("dammed", seat=seat, side=side, diverts=diverts))
    state.push(ActionPoints(seat, step.left, step.built, step.first))
    if diverts:
        flow(state, seat, upper, reroute=True)


def end_turn(state: DosRiosState, step: ActionPoints) -> None:
    """The turn's points are done; the first card is up, except in a first turn (R19)."""
    state.emit(everyone("end_turn", seat=step.seat, unspent=step.left))
    if step.first:
        state.push(NextTurn(step.seat))
    else:
        state.push(Harvest(step.seat), NextTurn(step.seat))
