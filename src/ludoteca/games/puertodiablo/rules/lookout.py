"""The log pile changed by an ability: ``LOG_PEEK`` (Keen Lookout) and ``LOG_SKIP``
(Change of Course).

``LOG_PEEK``: the card's player looks at the top ``n`` face-down log cards (each a chance
node told to him alone) and, if the card says so, puts them back in an order of his
choice, from the top down (R52, R53). They then lie on the pile as a top known to him
only (:meth:`~ludoteca.core.hidden.Pile.put_on_top`), until they are turned.

``LOG_SKIP``: the challenge card goes under the face-down log pile, in view of all,
neither resolved nor failed; the offers and this challenge's effects lapse, and the log
phase goes on where the offers would have begun (R55).

What the other seats cannot see of a peek - the cards, and the order they were put back
in - is resampled by :func:`determinize_log`, and the view history replays a peek in a
world through :func:`hidden_action`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ludoteca.core.events import Event, everyone
from ludoteca.core.hidden import expand, secret
from ludoteca.games.puertodiablo.actions import LogCard, Reorder
from ludoteca.games.puertodiablo.rules.committing import clear_challenge
from ludoteca.games.puertodiablo.steps import PeekLog, ReorderPeek

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState
    from ludoteca.games.puertodiablo.steps import CarryOut

HIDDEN_KINDS = frozenset({"peeked", "puts_back"})
"""The events whose public half marks a hidden move of a peek."""


# ----- LOG_PEEK -----------------------------------------------------------------------------


def log_peek(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """He sees up to ``n`` cards: fewer if fewer lie above the cards put under the pile
    (R52), a bag of used cards shuffled under that has come to the top counting as
    face-down cards; none: nothing happens, and peeking never makes the pile again (R1)."""
    pile = state.log_pile = state.log_pile.surfaced()
    count = min(int(prim["n"]), len(pile.top) + pile.unseen)
    state.emit(everyone("peeks", seat=step.player, count=count,
                        reorder=bool(prim["reorder"])))
    if count:
        state.peeker = step.player
        state.push(PeekLog(step.player, count - 1, bool(prim["reorder"])))


def peek_log(state: PuertoDiabloState, step: PeekLog, outcome: LogCard) -> None:
    """One card is seen, by him alone; after the last he puts them back."""
    state.log_pile = state.log_pile.drawn(outcome.card)
    state.peek.append(outcome.card)
    seat = step.peeker
    state.emit(*secret((seat,), "peeked", {"seat": seat}, card=outcome.card))
    if step.left:
        state.push(PeekLog(seat, step.left - 1, step.reorder))
    elif step.reorder and len(state.peek) > 1:
        state.push(ReorderPeek(seat))
    else:
        put_back(state, seat)


def reorder_peek(state: PuertoDiabloState, step: ReorderPeek, action: Reorder) -> None:
    """The card chosen goes under those put back before it; the last one left goes by
    itself."""
    card = state.peek.pop(action.position)
    state.peek_order.append(card)
    state.emit(*secret((step.seat,), "puts_back", {"seat": step.seat}, card=card))
    if len(state.peek) > 1:
        state.push(ReorderPeek(step.seat))
    else:
        put_back(state, step.seat)


def put_back(state: PuertoDiabloState, seat: int) -> None:
    """The cards go back on top of the pile, known to him in their order; others know
    only how many."""
    cards = state.peek_order + state.peek
    state.log_pile = state.log_pile.put_on_top(cards, 1 << seat)
    state.peek, state.peek_order, state.peeker = [], [], -1
    state.emit(everyone("peek_back", seat=seat, count=len(cards)))


def determinize_log(new: PuertoDiabloState, state: PuertoDiabloState, seat: int,
                    rng: random.Random) -> None:
    """For a seat that is not the peeker: the cards in his hand and the top he put back
    are redrawn with the unseen part, shuffled in card order (the world depends only on
    what the seat knows); the peeker's own world keeps them."""
    pile = state.log_pile
    in_hand = state.peeker >= 0 and state.peeker != seat
    if not in_hand and not (pile.top and not pile.top_seats >> seat & 1):
        return
    pool = pile.hidden_counts(seat)
    if in_hand:
        for k in state.peek + state.peek_order:
            pool[k] += 1
    cards = expand(pool)
    rng.shuffle(cards)
    start = 0
    if in_hand:
        start = len(state.peek_order) + len(state.peek)
        new.peek_order = cards[:len(state.peek_order)]
        new.peek = cards[len(state.peek_order):start]
    new.log_pile = pile.redealt(seat, cards[start:])


def hidden_action(world: PuertoDiabloState, seat: int, index: int, event: Event,
                  source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
    """Move ``index`` of another player's peek, in ``world``: in the world every peek is
    put back in the order it was seen, so each card is followed through the seat's
    history - seen, put back, perhaps seen again, until turned (its face then known) or
    still on the pile or in the peeker's hand (its face then the world's)."""
    top: list[int] = []  # tokens of the known top, from the top down
    hand: list[int] = []  # tokens in the peeker's hand, in the order seen
    placed: list[int] = []  # tokens put back in the current peek
    face: dict[int, int] = {}
    token_of: dict[int, int] = {}
    tokens = 0
    for i, (_, events) in enumerate(source):
        for e in events:
            if not e.visible_to(seat):
                continue
            if e.kind == "peeked":
                if top:
                    tok = top.pop(0)
                else:
                    tok, tokens = tokens, tokens + 1
                hand.append(tok)
                token_of[i] = tok
            elif e.kind == "puts_back":
                tok = hand.pop(0)
                placed.append(tok)
                token_of[i] = tok
            elif e.kind == "peek_back":
                top = placed + hand + top
                placed, hand = [], []
            elif e.kind in ("weather", "challenge") and top:
                face[top.pop(0)] = e.data["card"]
    for toks, cards in ((top, world.log_pile.top), (placed, world.peek_order),
                        (hand, world.peek)):
        for tok, card in zip(toks, cards, strict=False):
            face[tok] = card
    if event.kind == "puts_back":
        return world.t.reorder_id[0]
    return world.t.log_outcome[face[token_of[index]]]


# ----- LOG_SKIP -----------------------------------------------------------------------------


def log_skip(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The challenge card goes under the pile (known to all, so it comes up again at the
    latest after the rest); the offers and ``MARKET_HELP`` lapse. Its own treasure check
    and the turning of the next log card follow where the offers would have begun
    (:func:`~ludoteca.games.puertodiablo.rules.log.open_offers`)."""
    card = state.challenge
    if card < 0:
        return
    state.used_log.remove(card)
    state.log_pile = state.log_pile.put_under(card)
    state.challenge = -1
    state.extra_help = 0
    clear_challenge(state)  # a dispensation or symbols offered by ability lapse with it
    for s in range(state.num_players):
        state.offers[s] = 0
    state.emit(everyone("challenge_skipped", seat=step.player, card=card))
