"""Fundamentals of River Flow: laying a river from its source, and re-routing it after a
dam.

A river is the chain of segments that starts at its source: ``state.out[node]`` is the
side the segment leaving ``node`` crosses (-1: none). Each hex has at most one segment out
of it, so where two rivers meet they flow on together (R3). Laying goes segment by segment
into the lowest undammed outflow (R4); where equally low outflows leave a choice the
player decides (:class:`~..steps.RiverBranch`), elsewhere the segment is forced. Laying
stops in a lake or the Town, or on reaching a hex that already has a segment out of it:
the other river (a merge) or, after a dam, the river's own old course (R20). Then every
segment no source feeds any more is removed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.dosrios.actions import FlowTo
from ludoteca.games.dosrios.rules.end import check_victory
from ludoteca.games.dosrios.steps import LayRiver, RiverBranch, lowest_outflows

if TYPE_CHECKING:
    from ludoteca.games.dosrios.state import DosRiosState


def lay_river(state: DosRiosState, step: LayRiver, action: None) -> None:
    """Set-up: the start player lays ``step.river`` from its source."""
    state.emit(everyone("river_laid", river=step.river, seat=step.layer))
    flow(state, step.layer, state.t.source[step.river], reroute=False)


def river_branch(state: DosRiosState, step: RiverBranch, action: FlowTo) -> None:
    """The player's choice among equally low outflows, then on down the slope."""
    state.emit(everyone("branch", seat=step.seat, at=step.at, side=action.side))
    node = lay_segment(state, step.at, action.side)
    if node < 0:
        finish(state, step.reroute)
    else:
        flow(state, step.seat, node, step.reroute)


def flow(state: DosRiosState, seat: int, node: int, reroute: bool) -> None:
    """Lays forced segments from ``node`` until the river stops (then :func:`finish`) or
    a choice is left to ``seat`` (then a :class:`~..steps.RiverBranch` is pushed)."""
    while True:
        options = lowest_outflows(state, node)
        if len(options) > 1:
            state.push(RiverBranch(seat, node, reroute))
            return
        node = lay_segment(state, node, options[0])
        if node < 0:
            finish(state, reroute)
            return


def lay_segment(state: DosRiosState, node: int, side: int) -> int:
    """One segment from ``node`` across ``side``; the node it reaches, or -1 if the river
    stops there (a lake, the Town, or a hex that already has a segment out of it)."""
    t = state.t
    replaced = state.out[node]  # after a dam: the segment the new one takes the place of
    state.out[node] = side
    target = t.side_target[side]
    stops = t.is_sink[target] or state.out[target] >= 0
    state.emit(everyone("segment", at=node, side=side, to=target, stops=stops,
                        replaced=replaced))
    return -1 if stops else target


def finish(state: DosRiosState, reroute: bool) -> None:
    """The river is complete: segments no source feeds are removed; after a dam the win
    is checked for every player (R21)."""
    removed = remove_unfed(state)
    if removed:
        state.emit(everyone("segments_removed", segments=removed))
    if reroute:
        check_victory(state)


def remove_unfed(state: DosRiosState) -> list[list[int]]:
    """Clears every segment that does not flow from a source; ``[node, side]`` each."""
    t = state.t
    out = state.out
    fed = set()
    for src in t.source:
        node = src
        while node >= 0 and out[node] >= 0 and node not in fed:
            fed.add(node)
            node = t.side_target[out[node]]
    removed = []
    for node, side in enumerate(out):
        if side >= 0 and node not in fed:
            out[node] = -1
            removed.append([node, side])
    return removed
