"""What a seat cannot see in Douro 1872: resampled worlds, and the hook of the view history.

**What a seat knows** (R1: perfect memory). Every card laid face up, so the *set* of each
seat's cards out of its pile is public; its own face-down barrel card and charity card;
that every other seat has laid one. It does not know which of its cards another seat laid
face down (until the reveal) or put under the charity card (until the gifts are shown),
nor D. Sebastião's card, which is a chance outcome nobody sees until then. Nothing of the
stack is hidden but its order, and no future card is stored (R2).

**Determinization** (:func:`determinize`) redraws each of those cards from its owner's
cards out of the pile, as a sorted list, so the world depends only on what the seat knows.

**The view history** is the core's (:func:`ludoteca.core.hidden.view_history`): the lays
the seat saw only the public half of, and D. Sebastião's (``sealed_events``), are the hidden
moves, and :func:`hidden_action` says what each was in the world.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.core.events import Event
from ludoteca.games.douro1872.tables import DISPUTE

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState


def determinize(state: DouroState, player: int, rng: random.Random) -> DouroState:
    """Resamples what ``player`` cannot know: every other seat's face-down barrel card
    and charity card. With perfect memory (R1) the *set* of a seat's cards out of its
    pile is public, so only which of them lies face down (or under the charity card) is
    hidden. Each pool is that set as a sorted list, so the world depends only on what
    the seat knows. A charity card cannot be one its owner showed in a dispute of the
    second half (even one that came back to hand on Our Lady of Cardia). Nothing of the
    stack is resampled: no future card is stored (R2)."""
    new: DouroState = state.clone()  # type: ignore[assignment]
    open_gifts = state.charity is None
    revealed = state.revealed
    bits = state.tables.bits
    for seat in range(state.seats):
        if seat == player:
            continue
        choice = state.choices[seat] if not revealed else -1
        gift = state.donations[seat] if open_gifts else -1
        if choice < 0 and gift < 0:
            continue
        pool = list(bits[state.hands[seat]])
        pool += [c for c in (choice, gift) if c >= 0]
        pool.sort()
        if gift >= 0:
            shown = state.returned[seat]
            allowed = [c for c in pool if not shown >> c & 1]
            gift = allowed[rng.randrange(len(allowed))]
            pool.remove(gift)
            new.donations[seat] = gift
        if choice >= 0:
            choice = pool[rng.randrange(len(pool))]
            pool.remove(choice)
            new.choices[seat] = choice
        new.hands[seat] = sum(1 << c for c in pool)
    return new


def hidden_action(world: DouroState, seat: int, index: int, event: Event,
                  source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
    """A card another seat (or D. Sebastião) laid face down, as ``seat`` saw it (``event``,
    a ``lay`` without its card): the card the reveal later showed (``reveal`` for a
    dispute, ``charity`` for the gifts, read ahead in ``source``), or, while it is still
    face down, this world's face-down or charity card. Reads only the events shown to
    ``seat`` and the world's own fields."""
    owner, purpose = event.data["seat"], event.data["purpose"]
    shown = "reveal" if purpose == DISPUTE else "charity"
    field = "played" if purpose == DISPUTE else "revealed"
    events = source[index][1]
    after = next((i + 1 for i, e in enumerate(events) if e is event), 0)
    for later in (events[after:], *(ev for _, ev in source[index + 1:])):
        for e in later:
            if e.kind == shown and e.visible_to(seat):
                return lay_id(world, owner, purpose, e.data[field][owner])
    card = world.choices[owner] if purpose == DISPUTE else world.donations[owner]
    return lay_id(world, owner, purpose, world.tables.values[card])


def lay_id(world: DouroState, owner: int, purpose: str, value: int) -> int:
    """The action (or D. Sebastião's chance outcome) that lays ``value`` for ``purpose``."""
    t = world.tables
    card = t.card_of[value]
    if owner == world.ghost:
        return t.ghost_id[card]
    return t.play_ids[1 << card][0] if purpose == DISPUTE else t.donate_ids[1 << card][0]
