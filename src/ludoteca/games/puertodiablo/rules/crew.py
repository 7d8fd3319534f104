"""The crew phase: leaving the harbour, the last player in it, the pilot card, and what
comes next (a new round or a new harbour)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.actions import Leave, Stay
from ludoteca.games.puertodiablo.rules import treasure
from ludoteca.games.puertodiablo.rules.abilities import open_purchase
from ludoteca.games.puertodiablo.rules.moves import leave
from ludoteca.games.puertodiablo.steps import (
    Arrive,
    CrewEnd,
    CrewPhase,
    GameEnd,
    LastOut,
    LeaveChoice,
    Purchase,
    Refill,
    StartRound,
    ashore_of,
    healthy,
    in_harbour,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def crew_phase(state: PuertoDiabloState, step: CrewPhase, action: None) -> None:
    """A player whose one character ashore is weakened leaves at once; the others decide
    clockwise from the pilot; at the round cap (R32) all but the last leave unasked."""
    holder = state.pilot
    for seat in in_harbour(state):
        chars = ashore_of(state, seat)
        if len(chars) == 1 and state.cover[chars[0]]:
            leave(state, seat, "weakened")
    players = in_harbour(state)
    if state.round >= state.round_cap:
        # R32: the cap makes the players leave, clockwise from the pilot, as if each chose
        # to; the one left last is still the last player, with his purchases.
        for seat in players[:-1]:
            leave(state, seat, "round cap")
        players = players[-1:]
    if len(players) >= 2:
        state.push(LeaveChoice(players[0], tuple(players[1:])), CrewEnd(holder))
    else:
        state.push(CrewEnd(holder))


def leave_choice(state: PuertoDiabloState, step: LeaveChoice, action: Leave | Stay) -> None:
    """The next player decides only while somebody else is still in the harbour: the sole
    one left is the last player, who must leave after his purchases (not asked)."""
    if isinstance(action, Leave):
        leave(state, step.seat, "chose")
    else:
        state.emit(everyone("stays", seat=step.seat))
    if step.later and len(in_harbour(state)) >= 2:
        state.push(LeaveChoice(step.later[0], step.later[1:]))


def crew_end(state: PuertoDiabloState, step: CrewEnd, action: None) -> None:
    """R12: the last player's purchases, bought abilities into the hands, the pilot card
    passes once, then a new round or, once all have left, the next harbour."""
    players = in_harbour(state)
    if len(players) == 1:
        seat = players[0]
        k = healthy(state, seat)
        if k:
            open_purchase(state)
            state.push(Purchase(seat, k, last=True), Refill(), LastOut(seat), CrewEnd(step.holder))
        else:
            state.push(LastOut(seat), CrewEnd(step.holder))
        return
    for seat in range(state.num_players):
        if state.aside[seat]:
            state.hand[seat].extend(state.aside[seat])
            state.hand[seat].sort()
            state.emit(everyone("abilities_to_hand", seat=seat, abilities=state.aside[seat]))
            state.aside[seat] = []
    pass_pilot(state, step.holder)
    if players:
        state.push(StartRound())
    elif state.harbour + 1 < len(state.voyage):
        state.push(Arrive(state.harbour + 1))
        treasure.at_harbour_end(state)
    else:
        state.push(GameEnd())
        treasure.at_harbour_end(state)


def last_out(state: PuertoDiabloState, step: LastOut, action: None) -> None:
    open_purchase(state)  # the last player's purchase effects end with it
    leave(state, step.player, "last")


def pass_pilot(state: PuertoDiabloState, holder: int) -> None:
    """The cases, counted from the holder when the crew phase began, the first that
    applies: everybody left - the player directly left; resolved and a non-committer
    other than the holder still ashore - the first such to the left; resolved, the
    holder did not commit and is ashore, all others ashore did - he keeps it; otherwise
    the first player to the left still ashore."""
    n = state.num_players
    left = [(holder + i) % n for i in range(1, n)]
    ashore = in_harbour(state)
    # ``case``: which case of R12 applied, for the words (1 to 4, in the order above).
    if not ashore:
        to, case = left[0], 1
    elif state.outcome == 1:
        others = [s for s in left if state.ashore[s] and not state.committed[s]]
        if others:
            to, case = others[0], 2
        elif state.ashore[holder] and not state.committed[holder]:
            to, case = holder, 3
        else:
            to, case = next((s for s in left if state.ashore[s]), holder), 4
    else:
        to, case = next((s for s in left if state.ashore[s]), holder), 4
    state.pilot = to
    state.emit(everyone("pilot", seat=to, why="crew phase", case=case, holder=holder))
