"""What a seat cannot see in Vintage: resampled worlds, and the hook of the view history.

**Hidden** (and nothing else): the cards other players drew from the top of the deck and
still hold (a card taken from the display, played or discarded is seen by all); the order
of the deck (never stored: it is counts, a core :class:`~ludoteca.core.hidden.Pile`); the
harvest-bonus chips nobody has seen (never stored either: a chip is drawn when first seen,
at its round or at a peek, from the nine chips minus those seen, which is the distribution
of seven shuffled chips on the track and two in the box); and a chip another player
looked at with the Enologist (drawn, but known to that player alone).

**Determinization** (:func:`determinize`) pools the deck's unseen cards with the other
players' face-down hand cards (expanded in kind order, so that the world depends only on
what the seat knows), shuffles, and deals each of them back as many as they hold; the
chips others peeked at are redrawn from the chips the seat has not seen, in round order.

**The view history** is the core's: deck draws and peeks are ``secret`` pairs, and
:func:`hidden_action` gives each another player's draw a card of this world (the card that
player later showed, else one it still holds face down here, oldest draw first), and each
peek this world's chip.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.core.events import Event
from ludoteca.core.hidden import expand

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState


def determinize(state: VintageState, player: int, rng: random.Random) -> VintageState:
    """A world ``player`` cannot tell from ``state`` (see the module docstring)."""
    new: VintageState = state.clone()
    others = [q for q in range(state.num_players)
              if q != player and state.secret_hand[q]]
    if others:
        pool = expand(state.deck.hidden_counts(player))
        for q in others:
            pool += state.secret_hand[q]
        pool.sort()
        rng.shuffle(pool)
        for q in others:
            k = len(state.secret_hand[q])
            new.secret_hand[q] = pool[-k:]
            del pool[-k:]
        new.deck = state.deck.redealt(player, pool)
    bit = 1 << player
    unknown = [r for r, c in enumerate(state.chips) if c >= 0 and not state.chip_known[r] & bit]
    if unknown:
        counts = list(state.t.chip_counts)
        for r, c in enumerate(state.chips):
            if c >= 0 and state.chip_known[r] & bit:
                counts[c] -= 1
        chips = expand(counts)
        rng.shuffle(chips)
        for r in unknown:
            new.chips[r] = chips.pop()
    return new


def hidden_action(world: VintageState, seat: int, index: int, event: Event,
                  source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
    """The move ``index`` of ``source`` that ``seat`` saw only as ``event`` (the public
    half of a draw or a peek), as this world has it."""
    t = world.t
    data = event.data
    if event.kind == "peeks":
        if not data["drawn"]:
            return source[index][0]  # a chip already drawn: the choice of round is public
        return t.chip_outcome[world.chips[data["round"]]]
    owner = data["seat"]
    # The owner's deck draws in order, and the cards it later showed from its face-down
    # part, each given to the oldest draw not yet given one; the rest are those it holds.
    draws: list[int] = []
    given: dict[int, int] = {}
    waiting: list[int] = []
    for i, (_, events) in enumerate(source):
        for e in events:
            if not e.visible_to(seat) or e.data.get("seat") != owner:
                continue
            if e.kind == "draws":
                draws.append(i)
                waiting.append(i)
            elif e.kind in ("played", "discarded") and e.data.get("hidden") and waiting:
                given[waiting.pop(0)] = e.data["card"]
    if index in given:
        return t.card_outcome[given[index]]
    held = [i for i in draws if i not in given]
    return t.card_outcome[world.secret_hand[owner][held.index(index)]]
