"""What a seat cannot see in Puerto Diablo: resampled worlds, and the view history's hook.

**Hidden** (and nothing else): the order of the three face-down piles (log cards,
characters, abilities), never stored: each is counts with its known bottom, a core
:class:`~ludoteca.core.hidden.Pile`; the log cards one player looked at with ``LOG_PEEK``
(in his hand, or put back as a top known to him); and the characters other players have
chosen to send ashore but not yet revealed. Everything else is open or known by perfect
recall (starting sets are chosen openly, cards are bought from the open market).

**Determinization** redraws each other player's unrevealed choice from the characters on
his ship (in card order, so that the world depends only on what the seat knows), and for
every seat but the peeker the peeked log cards with the unseen part of the log pile
(:func:`~.rules.lookout.determinize_log`).

**The view history** is the core's: each choice and each peeked card is a ``secret``
pair, and :func:`hidden_action` gives another player's k-th choice of the harbour this
world's (once revealed, the k-th of the characters he sent ashore, in card order), and
another player's peek this world's (:func:`~.rules.lookout.hidden_action`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.core.events import Event
from ludoteca.games.puertodiablo.rules import advanced, lookout
from ludoteca.games.puertodiablo.steps import SHIP

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def determinize(state: PuertoDiabloState, player: int, rng: random.Random) -> PuertoDiabloState:
    new: PuertoDiabloState = state.clone()
    if state.advanced:
        advanced.determinize_draft(new, state, player, rng)
    lookout.determinize_log(new, state, player, rng)
    for q in range(state.num_players):
        if q == player or not state.chosen[q]:
            continue
        ship = [c for c in range(state.t.num_chars)
                if state.place[c] == SHIP and state.owner[c] == q]
        new.chosen[q] = rng.sample(ship, len(state.chosen[q]))
    return new


def hidden_action(world: PuertoDiabloState, seat: int, index: int, event: Event,
                  source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
    if event.kind in advanced.HIDDEN_KINDS:
        return advanced.hidden_action(world, seat, index, event, source)
    if event.kind in lookout.HIDDEN_KINDS:
        return lookout.hidden_action(world, seat, index, event, source)
    owner = event.data["seat"]
    k = 0
    for i in range(index - 1, -1, -1):
        kinds = [e for e in source[i][1] if e.visible_to(seat)]
        if any(e.kind == "harbour" for e in kinds):
            break
        k += sum(1 for e in kinds if e.kind == "selects" and e.data["seat"] == owner)
    for _, events in source[index:]:
        for e in events:
            if e.kind == "ashore" and e.data["seat"] == owner and e.visible_to(seat):
                return world.t.ashore_id[sorted(e.data["characters"])[k]]
    return world.t.ashore_id[world.chosen[owner][k]]
