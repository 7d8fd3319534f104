"""What ability cards do to committing symbols and to the events that hit characters:
``ADD_SYMBOLS`` and ``DOUBLE_SYMBOLS`` (inside the pilot's assignment, R61, R63, R64),
``IGNORE_PROHIBITION`` (R65) and ``SHIELD`` (R66); the pending event (``state.event``)
its counter window answers, and the characters chosen for it.

Everything here lasts for the current challenge (or the event being settled) and is
cleared by :func:`clear_challenge`. The steps that ask the players are in
:mod:`.assignment`; this module only changes the position, so that :mod:`.abilities`,
:mod:`.consequence` and :mod:`.log` can use it without a cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.steps import (
    ASHORE,
    PendingEvent,
    in_harbour,
    prohibited,
    shields_held,
)

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


def start_event(state: PuertoDiabloState, kind: str, detail: int, hit: list[int],
                **shown: Any) -> None:
    """R66: an event (``kind``, ``detail``: see :class:`PendingEvent`) is about to hit the
    characters of the players in ``hit`` (empty: it hits nobody). The shields of the last
    event are cleared. ``shown``: what only the boards read (a war's parties, counts and
    cause)."""
    state.shielded = 0
    state.event = PendingEvent(kind, detail, tuple(hit), **shown) if hit else None


def window_due(state: PuertoDiabloState) -> bool:
    """Whether the pending event's counter window will ask anybody: one it hits, still
    in the harbour, holds a ``SHIELD`` and has a character ashore to act it. What the
    players choose for the event changes neither, so this is known before they do."""
    ev = state.event
    return ev is not None and any(s in ev.hit and shields_held(state, s)
                                  for s in in_harbour(state))


def window_seats(state: PuertoDiabloState) -> list[int]:
    """Those the pending event still hits (no shield of theirs has taken effect) who
    hold a ``SHIELD``, in turn from the pilot."""
    ev = state.event
    if ev is None:
        return []
    return [s for s in in_harbour(state) if s in ev.hit and not state.shielded >> s & 1
            and shields_held(state, s)]


def choose(state: PuertoDiabloState, c: int, chooser: int = -1, forced: bool = False) -> None:
    """Character ``c`` is chosen (``forced``: it is the only one) to be taken by the
    pending event; ``chooser`` >= 0: this happens before the counter window, the
    character stays ashore until the event is carried out, and it is said to all
    (``event_window=after_choices``)."""
    ev = state.event
    if ev is None:
        return
    state.event = ev._replace(chosen=(*ev.chosen, c))
    if chooser >= 0:
        state.emit(everyone("chosen_for_event", seat=chooser, owner=state.owner[c],
                            character=c, event=ev.kind, forced=forced))


def chosen_of(state: PuertoDiabloState, seat: int) -> list[int]:
    """``seat``'s characters chosen for the pending event, still ashore."""
    ev = state.event
    if ev is None:
        return []
    return [c for c in ev.chosen if state.owner[c] == seat and state.place[c] == ASHORE]


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
