"""Who plays first: several players want to play an ability card at the same moment.

The rulebook: a player tells the pilot he wants to play a card, without naming it; the
pilot gives the others the same chance; when more than one wants to, the pilot chooses who
plays first, and the others are not bound to play afterwards (R51). A window asks the
players who can play there; one alone plays or passes at once (saying "I want to" and
playing are then one decision); two or more first say whether they want to, clockwise
from the pilot's left and the pilot last, and the pilot picks among those who do. The
pilot may choose himself, but with ``pilot_own_plays="two"`` at most twice in a row ahead
of a player waiting to play: the count is carried by the window's steps (``pilot_ahead``)
and starts at 0 in each window, and for a player who has just become the pilot.
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
    TreasureCounter,
    Wish,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def ask(state: PuertoDiabloState, seats: Sequence[int], moment: str, roller: int = -1,
        depth: int = 0, pilot_ahead: int = 0, hunter: int = -1) -> None:
    """Opens the window of ``moment`` (``counter``: against ``roller``'s roll at
    ``depth``; ``event``: the counters to the pending event, R66; ``treasure``: against
    ``roller``'s find by ``hunter``, R43) to ``seats``, those who can play there, in turn
    from the pilot; ``pilot_ahead``: the pilot's own cards played ahead of a waiting
    player so far in this window (0 when it first opens, R51)."""
    if len(seats) == 1:
        seat = seats[0]
        state.push(_window(seat, moment, False, roller, depth,
                           pilot_ahead if seat == state.pilot else 0, hunter))
    elif seats:
        order = in_declaring_order(state, seats)
        state.push(Wish(order[0], moment, tuple(order[1:]), (), roller, depth, pilot_ahead,
                        hunter))


def in_declaring_order(state: PuertoDiabloState, seats: Sequence[int]) -> list[int]:
    """``seats`` (in turn from the pilot) in the order they say whether they want to play:
    clockwise from the pilot's left, the pilot last, since he gives the others the chance
    before he decides whether to play first himself (R51)."""
    return [s for s in seats if s != state.pilot] + [s for s in seats if s == state.pilot]


def still_ahead(state: PuertoDiabloState, pilot_ahead: int, played_by: int) -> int:
    """The pilot's count when a window opens again after ``played_by``'s card: a count
    is only ever carried by the pilot's own card, and it is his, so a player who has
    become the pilot meanwhile (the card passed when the other's last character left)
    starts with none (R51)."""
    return pilot_ahead if played_by == state.pilot else 0


def _window(seat: int, moment: str, bound: bool, roller: int, depth: int, pilot_ahead: int,
            hunter: int) -> CounterWindow | MomentWindow | EventCounter | TreasureCounter:
    if moment == "counter":
        return CounterWindow(seat, roller, depth, bound, pilot_ahead)
    if moment == "treasure":
        return TreasureCounter(seat, roller, hunter, bound, pilot_ahead)
    if moment == "event":
        # R66: it opens again by itself once his shield is resolved (EventWindow),
        # carrying the pilot's count as the other windows do (R51).
        return EventCounter(seat, (), bound, pilot_ahead)
    return MomentWindow(seat, moment, (), bound, pilot_ahead)


def wish(state: PuertoDiabloState, step: Wish, action: WantToPlay | Decline) -> None:
    """Said to all (which card stays unsaid). After the last: nobody wants to, the window
    closes; one does, he plays; several do, the pilot chooses."""
    wants = isinstance(action, WantToPlay)
    state.emit(everyone("wants_to_play", seat=step.seat, moment=step.moment, wants=wants))
    wanting = (*step.wanting, step.seat) if wants else step.wanting
    if step.later:
        state.push(Wish(step.later[0], step.moment, step.later[1:], wanting, step.roller,
                        step.depth, step.pilot_ahead, step.hunter))
    elif len(wanting) == 1:
        # Nobody else waits: the pilot playing alone is not ahead of anyone (R51).
        seat = wanting[0]
        _plays(state, seat, step.moment, step.roller, step.depth,
               step.pilot_ahead if seat == state.pilot else 0, step.hunter)
    elif wanting:
        picks = PilotPicks(state.pilot, step.moment, wanting, step.roller, step.depth,
                           step.pilot_ahead, step.hunter)
        free = picks.choosable(state)
        if len(free) == 1:
            # The pilot, held to his most, has one player left to let play: no choice.
            _let_play(state, picks, free[0])
        else:
            state.push(picks)


def pilot_picks(state: PuertoDiabloState, step: PilotPicks, action: PlayFirst) -> None:
    """The one chosen plays now; the others wanted to, but once his card is resolved they
    are asked again like everybody, free to pass. The pilot choosing himself plays one
    more of his own ahead of them; another player let play ends that count (R51)."""
    _let_play(state, step, action.seat)


def _let_play(state: PuertoDiabloState, step: PilotPicks, seat: int) -> None:
    others = [s for s in step.wanting if s != seat]
    state.emit(everyone("plays_first", seat=seat, moment=step.moment, others=others))
    ahead = step.pilot_ahead + 1 if seat == step.seat else 0
    _plays(state, seat, step.moment, step.roller, step.depth, ahead, step.hunter)


def _plays(state: PuertoDiabloState, seat: int, moment: str, roller: int, depth: int,
           pilot_ahead: int, hunter: int) -> None:
    # Once his card is resolved the window opens again to everybody by itself (R34, R38,
    # R43).
    state.push(_window(seat, moment, True, roller, depth, pilot_ahead, hunter))
