"""A Player's Turn, Attacking and Building: six action points spent on moves of one's own
workers, interleaved with building (cash, at most two a turn) and damming (a Log each);
then the first action card (R6-R15, R19).

A move onto a lone opposing worker from higher ground is an attack; two workers attack
together as one action (R12). A worker entering an unoccupied opposing Farm must move on
before the turn ends (:class:`~..steps.MustLeave`, R9; dams, buildings and other
workers' moves may come first unless ``farm_passing = strict``). A dam across a river's segment
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


def again(step: ActionPoints | MustLeave, left: int, built: int) -> ActionPoints | MustLeave:
    """The same step with ``left`` points and ``built`` buildings: a worker in passing on an
    opposing Farm still has to move on (R9)."""
    if isinstance(step, MustLeave):
        return MustLeave(step.seat, step.hex, left, built, step.first)
    return ActionPoints(step.seat, left, built, step.first)


def move(state: DosRiosState, step: ActionPoints | MustLeave, action: Move) -> None:
    """A worker one step on (the Town to the own Estate: two points), driving off a lone
    worker it attacks from higher ground; into an opposing Farm, it must move on. Another
    worker's move while one is in passing leaves that duty standing (R9)."""
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
    elif isinstance(step, MustLeave) and src != step.hex:
        state.push(again(step, left, step.built))
    else:
        state.push(ActionPoints(seat, left, step.built, step.first))


def must_leave(state: DosRiosState, step: MustLeave,
               action: Move | Attack | Build | Dam) -> None:
    """While a worker is in passing on an opposing Farm: its move on, or (``farm_passing =
    literal``) a dam, a building or another worker's move first (R9). Never the end of the
    turn: the step does not offer it."""
    if isinstance(action, Move):
        move(state, step, action)
    elif isinstance(action, Attack):
        attack(state, step, action)
    elif isinstance(action, Build):
        build(state, step, action)
    else:
        dam(state, step, action)


def attack(state: DosRiosState, step: ActionPoints | MustLeave, action: Attack) -> None:
    """Two workers onto the target together, one point each; its workers go to the Town
    (R12). A worker in passing on an opposing Farm may be one of them: that is its move on."""
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
    moved_on = isinstance(step, MustLeave) and step.hex in (src_a, src_b)
    state.push(ActionPoints(seat, step.left - 2, step.built, step.first) if moved_on
               else again(step, step.left - 2, step.built))


def build(state: DosRiosState, step: ActionPoints | MustLeave, action: Build) -> None:
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
    state.push(again(step, step.left, step.built + 1))
    check_victory(state)


def dam(state: DosRiosState, step: ActionPoints | MustLeave, action: Dam) -> None:
    """A Log on the side; if a river crossed it, the active player re-routes the river
    from the node above the dam (R14, R20). The dammed segment goes at once, so that the
    course seen while a re-route choice is pending ends above the dam."""
    t = state.t
    seat, side = step.seat, action.side
    state.logs[seat] -= 1
    state.dams |= 1 << side
    upper = t.side_upper[side]
    diverts = upper >= 0 and state.out[upper] == side
    state.emit(everyone("dammed", seat=seat, side=side, diverts=diverts))
    state.push(again(step, step.left, step.built))
    if diverts:
        state.out[upper] = -1
        flow(state, seat, upper, reroute=True)


def end_turn(state: DosRiosState, step: ActionPoints) -> None:
    """The turn's points are done; the first card is up, except in a first turn (R19)."""
    state.emit(everyone("end_turn", seat=step.seat, unspent=step.left))
    if step.first:
        state.push(NextTurn(step.seat))
    else:
        state.push(Harvest(step.seat), NextTurn(step.seat))
