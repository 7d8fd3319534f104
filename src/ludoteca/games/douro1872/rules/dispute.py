"""1 Rabelo cards and 1A regular Rabelo cards: the dispute.

"Players choose a barrel card from their hand which they place in front of them (face
down). Players reveal the value of their barrel card, simultaneously. Players add the total
amount of barrels on the table. Players turn the regular Rabelo card (1A) or fog Rabelo card
(1B) that is in dispute and its effect takes place." The barrel cards then stay in a pile in
front of their owner (only the last one on view; R1: the table remembers them all).

Choices are taken one seat after another, each hidden from the others (R12); D. Sebastião's
card is a chance outcome (:mod:`.sebastiao`). The same step lays the charity card in the
middle of the game (:mod:`.charity`). A settled dispute ends with ``state.proceed()``: what
comes next (:mod:`.development`).
"""

from __future__ import annotations

from operator import sub
from typing import Any

from ludoteca.core.events import Event
from ludoteca.games.douro1872.actions import Donate, Face, GhostCard, PlayBarrel
from ludoteca.games.douro1872.rules.phylloxera import (
    next_holder,
    pass_phylloxera,
    penalty,
    reward,
)
from ludoteca.games.douro1872.steps import (
    NONE,
    REGULAR,
    SIRGA,
    TURN_FOG,
    TURN_REGULAR,
    LayFaceDown,
    TurnRegular,
)
from ludoteca.games.douro1872.tables import DISPUTE


def start_dispute(state: Any, target: int, level: int) -> None:
    """1: a dispute of the first card of the Valley (``REGULAR``, its level index) or of the
    fog card on the stack (``FOGCARD``): every seat lays a card face down, in seat order."""
    state.target = target
    state.target_level = level
    state.turned_fog = -1
    state.push(*state.dispute_lays)


def lay_face_down(state: Any, step: LayFaceDown, action: PlayBarrel | Donate | GhostCard
                  ) -> None:
    """A seat lays a barrel card face down - to dispute the Rabelo card, or under the charity
    card. Its owner is told which card; everyone else only that one was laid. After the last
    seat of a dispute the cards are revealed."""
    owner = step.owner
    t = state.tables
    card = t.card_of[action.card]
    state.hands[owner] &= ~(1 << card)
    purpose = step.purpose
    if step.chance:  # D. Sebastião's card: nobody sees it until the reveal
        state.emit(*t.ghost_lay_events[purpose])
    else:
        told, others = t.lay_events[purpose][owner][card]
        state.emit(told, others)  # two arguments, not a starred tuple: a lay is half the game
    if purpose == DISPUTE:
        state.choices[owner] = card
        if step.last:  # the last seat (D. Sebastião is the last one)
            reveal(state)
    else:
        state.donations[owner] = card
        if step.last:  # every gift is given
            state.proceed()


def total(state: Any) -> int:
    """'Players add the total amount of barrels on the table.'"""
    return sum(state.table_cards)


def reveal(state: Any) -> None:
    """1: all cards are revealed at once and added; then the Rabelo card is turned."""
    state.revealed = True
    state.before = tuple(state.points)
    t = state.tables
    cards = state.table_cards = tuple(map(t.values.__getitem__, state.choices))
    event = t.reveal_events.get(cards)
    if event is None:
        event = Event("reveal", {"played": list(cards), "total": sum(cards)})
        if len(t.reveal_events) < t.EVENT_CACHE:
            t.reveal_events[cards] = event
    state.emit(event)
    state.push(TURN_REGULAR if state.target == REGULAR else TURN_FOG)


def extreme(state: Any, highest: bool) -> list[int]:
    """The seats that played the highest (or lowest) barrel card."""
    cards = state.table_cards
    best = max(cards) if highest else min(cards)
    if cards.count(best) == 1:
        return [cards.index(best)]
    return [s for s, v in enumerate(cards) if v == best]


Decided = tuple[list[int], "str | None", "int | None", "int | None"]
"""What decided the points: the seats of the card that scored (tied if several), which
card that was (``highest``/``lowest``, None if none), the order compared with (None if
none) and whether it was reached (1/0, None if the sum did not matter)."""


def filled_or_not(state: Any, order: int, stakes: tuple[int, int]) -> Decided:
    """1A a)/b): filled (sum >= order; R3: equal fills) - the highest card gains; not
    filled - the lowest card loses."""
    full, tie = stakes
    if sum(state.table_cards) >= order:
        seats = extreme(state, highest=True)
        reward(state, seats, full, tie)
        return seats, "highest", order, 1
    seats = extreme(state, highest=False)
    penalty(state, seats, full, tie)
    return seats, "lowest", order, 0


def turn_regular(state: Any, step: TurnRegular, face: Face) -> None:
    """1A: the regular card's order shows (the Valley's first card, or the one Sirga tows);
    its effect is applied: highest +2 (tied +1) if filled, else lowest -2 (tied -1)."""
    r = face.card
    state.faces &= ~(1 << r)
    if state.target == REGULAR:
        state.valley.pop(0)
    state.emit(state.tables.turn_events[state.column][r])
    decided = filled_or_not(state, state.orders[r], state.tables.stakes["regular"])
    settle(state, "sirga" if state.target == SIRGA else "regular", decided)


def settle(state: Any, effect: str, decided: Decided, returned: bool = False) -> None:
    """After the effect: the points each seat won or lost are told, with what decided them
    (the cards and the Rabelo card were told when revealed and turned); the phylloxera passes
    if it tied (R7); the barrel cards stay in their piles - or go back to hand after Our Lady
    of Cardia. Then the game goes on (``state.proceed()``)."""
    tied, side, order, filled = decided
    cards = state.table_cards
    holder = state.holder  # it passes after the points (R7)
    state.emit(Event("settled", {
        "effect": effect, "order": order, "total": sum(cards), "filled": filled,
        "side": side, "card": cards[tied[0]] if tied else None, "tied": tied,
        "holder": holder if holder >= 0 else None,
        "points": list(map(sub, state.points, state.before)),
    }))
    pass_phylloxera(state, next_holder(state, cards))
    if returned:
        for seat, card in enumerate(state.choices):
            state.hands[seat] |= 1 << card
            state.returned[seat] |= 1 << card
    else:
        for pile, card in zip(state.piles, state.choices):  # noqa: B905 (one per seat)
            pile.append(card)
    state.choices = [-1] * state.seats
    state.table_cards = ()
    state.revealed = False
    state.target = NONE
    state.proceed()
