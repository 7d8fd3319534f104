"""What ability cards do to committing symbols and to the events that hit characters:
``ADD_SYMBOLS`` and ``DOUBLE_SYMBOLS`` (inside the pilot's assignment, R61, R63, R64),
``IGNORE_PROHIBITION`` (R65) and ``SHIELD`` (R66); the counter window of an event.

Everything here lasts for the current challenge (or the event being settled) and is
cleared by :func:`clear_challenge`. The steps that ask the players are in
:mod:`.assignment`; this module only changes the position, so that :mod:`.abilities`,
:mod:`.consequence` and :mod:`.log` can use it without a cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.steps import EventCounter, in_harbour, prohibited, shields_held

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState
    from ludoteca.games.puertodiablo.steps import CarryOut


def clear_challenge(state: PuertoDiabloState) -> None:
    """A new challenge: no offer by ability, nothing supplied, doubled or dispensed."""
    zero = (0,) * state.num_players
    state.by_ability = state.supplied = state.dispensed = zero
    state.doubled = ()
    state.shielded = 0


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*values[:seat], value, *values[seat + 1:])


def add_symbols(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """n symbols toward the player's assignment, covering no side; for ``EITHER`` of the
    type he chose (R63). Those beyond his assignment are lost when he delivers."""
    t = state.t
    n = int(prim["n"])
    kind = prim["symbol"]
    symbol = state.choice.pop(0) if kind == "EITHER" and state.choice else \
        t.sym_index.get(str(kind), -1)
    seat = step.player
    state.supplied = _set(state.supplied, seat, state.supplied[seat] + n)
    state.emit(everyone("supplies", seat=seat, ability=step.ability, symbols=n,
                        symbol=symbol, assigned=state.assigned[seat]))


def double_symbols(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The symbols the acting character commits in this challenge count once more; a
    further doubling adds the original number again (R64)."""
    state.doubled = (*state.doubled, step.character)
    state.emit(everyone("doubles", seat=step.player, ability=step.ability,
                        character=step.character, times=state.doubled.count(step.character) + 1))


def ignore_prohibition(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """For this challenge the player may offer and commit the listed prohibited types
    (R65); foreknowledge counts are not changed."""
    t = state.t
    names = prim.get("symbols", "ALL")
    mask = t.all_symbols if names == "ALL" else sum(1 << t.sym_index[str(x)] for x in names)
    seat = step.player
    state.dispensed = _set(state.dispensed, seat, state.dispensed[seat] | mask)
    lifted = 0
    if state.challenge >= 0:
        lifted = t.challenge_symbols[state.challenge] & mask & prohibited(state)
    state.emit(everyone("dispensed", seat=seat, ability=step.ability,
                        symbols=[k for k in range(len(t.symbols)) if lifted >> k & 1]))


def shield(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The player's characters the pending event (or the ability it answers, R67) would
    hit are not affected, and nobody is chosen in their place (R66)."""
    if step.depth:
        state.spared_depth |= 1 << (step.depth - 1)
    else:
        state.shielded |= 1 << step.player
    state.emit(everyone("stands_firm", seat=step.player, ability=step.ability))


EFFECTS = {
    "ADD_SYMBOLS": add_symbols,
    "DOUBLE_SYMBOLS": double_symbols,
    "IGNORE_PROHIBITION": ignore_prohibition,
    "SHIELD": shield,
}
"""This module's part of the interpreter (:data:`.abilities.EFFECTS`)."""


def event_window(state: PuertoDiabloState, hit: list[int]) -> list[EventCounter]:
    """R66: the counter window of an event about to hit the characters of the players in
    ``hit``: those of them holding a counter to it, asked in turn from the pilot (empty:
    no window). The shields of the last event are cleared."""
    state.shielded = 0
    seats = [s for s in in_harbour(state) if s in hit and shields_held(state, s)]
    return [EventCounter(seats[0], tuple(seats[1:]))] if seats else []


def spares(state: PuertoDiabloState, depth: int, c: int) -> bool:
    """R67: a shield answered the ability at ``depth``, aimed at character ``c``."""
    if state.spared_depth >> depth & 1:
        state.spared_depth &= ~(1 << depth)
        _, ability, _ = state.chain[depth]
        state.emit(everyone("spared", seat=state.owner[c], ability=ability))
        return True
    return False


def spared(state: PuertoDiabloState, seat: int) -> bool:
    """``seat``'s characters stand firm against the event being settled."""
    if state.shielded >> seat & 1:
        state.emit(everyone("spared", seat=seat))
        return True
    return False
