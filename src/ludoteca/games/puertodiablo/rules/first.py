"""Who plays first: several players want to play an ability card at the same moment.

The rulebook: a player tells the pilot he wants to play a card, without naming it; the
pilot gives the others the same chance; when more than one wants to, the pilot chooses who
plays first, and the others are not bound to play afterwards (R51). A window asks the
players who can play there; one alone plays or passes at once (saying "I want to" and
playing are then one decision); two or more first say, in turn from the pilot, whether they
want to, and the pilot picks among those who do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.actions import Decline, PlayFirst, WantToPlay
from ludoteca.games.puertodiablo.steps import (
    CounterWindow,
    EventCounter,
    MomentWindow,
    PilotPicks,
    Wish,
    counters_held,
    in_harbour,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def ask(state: PuertoDiabloState, seats: Sequence[int], moment: str, roller: int = -1,
        depth: int = 0) -> None:
    """Opens the window of ``moment`` (``counter``: against ``roller``'s roll at
    ``depth``; ``event``: the counters to the pending event, R66) to ``seats``, those who
    can play there, in turn from the pilot."""
    if len(seats) == 1:
        state.push(_window(seats[0], moment, (), False, roller, depth))
    elif seats:
        state.push(Wish(seats[0], moment, tuple(seats[1:]), (), roller, depth))


def _window(seat: int, moment: str, others: tuple[int, ...], bound: bool, roller: int,
            depth: int) -> CounterWindow | MomentWindow | EventCounter:
    if moment == "counter":
        return CounterWindow(seat, roller, depth, others, bound)
    if moment == "event":
        # R66: it opens again by itself once his shield is resolved (EventWindow).
        return EventCounter(seat, (), bound)
    return MomentWindow(seat, moment, (), bound)


def wish(state: PuertoDiabloState, step: Wish, action: WantToPlay | Decline) -> None:
    """Said to all (which card stays unsaid). After the last: nobody wants to, the window
    closes; one does, he plays; several do, the pilot chooses."""
    wants = isinstance(action, WantToPlay)
    state.emit(everyone("wants_to_play", seat=step.seat, moment=step.moment, wants=wants))
    wanting = (*step.wanting, step.seat) if wants else step.wanting
    if step.later:
        state.push(Wish(step.later[0], step.moment, step.later[1:], wanting, step.roller,
                        step.depth))
    elif len(wanting) == 1:
        _plays(state, wanting[0], step.moment, step.roller, step.depth)
    elif wanting:
        state.push(PilotPicks(state.pilot, step.moment, wanting, step.roller, step.depth))


def pilot_picks(state: PuertoDiabloState, step: PilotPicks, action: PlayFirst) -> None:
    """The one chosen plays now; the others wanted to, but once his card is resolved they
    are asked again like everybody, free to pass."""
    others = [s for s in step.wanting if s != action.seat]
    state.emit(everyone("plays_first", seat=action.seat, moment=step.moment, others=others))
    _plays(state, action.seat, step.moment, step.roller, step.depth)


def _plays(state: PuertoDiabloState, seat: int, moment: str, roller: int, depth: int) -> None:
    # A counter window remembers who else holds a counter, to ask them again once his is
    # resolved (R34); a moment's window opens again to everybody by itself (R38).
    others: tuple[int, ...] = ()
    if moment == "counter":
        others = tuple(s for s in in_harbour(state)
                       if s not in (seat, roller) and counters_held(state, s, depth))
    state.push(_window(seat, moment, others, True, roller, depth))
