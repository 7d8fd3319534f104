"""1 Rabelo cards and 1A regular Rabelo cards: the dispute.

"Players choose a barrel card from their hand which they place in front of them (face
down). Players reveal the value of their barrel card, simultaneously. Players add the total
amount of barrels on the table. Players turn the regular Rabelo card (1A) or fog Rabelo card
(1B) that is in dispute and its effect takes place." The barrel cards then stay in a pile in
front of their owner (only the last one on view; R1: the table remembers them all).

Choices are taken one seat after another, each hidden from the others (R12); D. Sebastião's
card is a chance outcome (:mod:`.sebastiao`). The same step lays the charity card in the
middle of the game (:mod:`.charity`). A dispute's steps are pushed whole
(:func:`dispute_steps`); what comes after it is :mod:`.development`'s business.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.douro1872.actions import Face, GhostCard, PlayBarrel
from ludoteca.games.douro1872.rules import tell
from ludoteca.games.douro1872.rules.phylloxera import (
    next_holder,
    pass_phylloxera,
    penalty,
    reward,
)
from ludoteca.games.douro1872.rules.sebastiao import laying_order
from ludoteca.games.douro1872.steps import (
    FOG,
    NEXT_RABELO,
    NOT_TOWED,
    TURN_FOG,
    LayFaceDown,
    TurnRegular,
)
from ludoteca.games.douro1872.tables import DISPUTE

if TYPE_CHECKING:
    from ludoteca.core.flow import Step
    from ludoteca.games.douro1872.actions import Donate
    from ludoteca.games.douro1872.state import DouroState


def dispute_steps(state: DouroState) -> tuple[tuple[Step[DouroState], ...], ...]:
    """The steps of a whole dispute and of what follows it, per level index of the regular
    card disputed, the fog card's last (index :data:`FOG`): every seat lays a card face
    down in seat order (the last lay reveals them), the Rabelo card is turned, then the
    game goes on (:data:`~..steps.NEXT_RABELO`). Built once per table and shared."""
    t = state.tables
    key = (state.seats, state.ghost, DISPUTE)
    found: tuple[tuple[Step[DouroState], ...], ...] | None = t.step_cache.get(key)
    if found is None:
        regular = tuple((*laying_order(state, DISPUTE, level), TurnRegular(level), NEXT_RABELO)
                        for level in range(len(t.level_names)))
        fog = (*laying_order(state, DISPUTE, FOG), TURN_FOG, NEXT_RABELO)
        found = t.step_cache[key] = (*regular, fog)
    return found


def start_dispute(state: DouroState, level: int) -> None:
    """1: a dispute of the first card of the Valley (its level index) or of the fog card on
    the stack (:data:`FOG`), then what comes next."""
    state.push(*state.dispute_steps[level])


def lay_face_down(state: DouroState, step: LayFaceDown, action: PlayBarrel | Donate | GhostCard
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


def reveal(state: DouroState) -> None:
    """1: all cards are revealed at once and added; then the Rabelo card is turned."""
    cards = state.face_up = tuple(map(state.tables.values.__getitem__, state.choices))
    state.emit(tell.reveal(state, cards))


def extreme(cards: tuple[int, ...], highest: bool) -> list[int]:
    """The seats that played the highest (or lowest) barrel card."""
    best = max(cards) if highest else min(cards)
    if cards.count(best) == 1:
        return [cards.index(best)]
    return [s for s, v in enumerate(cards) if v == best]


Decided = tuple[list[int], "str | None", "int | None", "int | None"]
"""What decided the points: the seats of the card that scored (tied if several), which
card that was (``highest``/``lowest``, None if none), the order compared with (None if
none) and whether it was reached (1/0, None if the sum did not matter)."""


def filled_or_not(state: DouroState, cards: tuple[int, ...], order: int,
                  stakes: tuple[int, int]) -> Decided:
    """1A a)/b): filled (sum >= order; R3: equal fills) - the highest card gains; not
    filled - the lowest card loses. 'Players add the total amount of barrels on the
    table.'"""
    full, tie = stakes
    if sum(cards) >= order:
        seats = extreme(cards, highest=True)
        reward(state, seats, full, tie)
        return seats, "highest", order, 1
    seats = extreme(cards, highest=False)
    penalty(state, seats, full, tie)
    return seats, "lowest", order, 0


def turn_regular(state: DouroState, step: TurnRegular, face: Face) -> None:
    """1A: the regular card's order shows (the Valley's first card, or the one Sirga tows);
    its effect is applied: highest +2 (tied +1) if filled, else lowest -2 (tied -1)."""
    r = face.card
    state.faces &= ~(1 << r)
    towed = step.towed_by != NOT_TOWED
    if not towed:
        state.valley.pop(0)
    state.emit(state.tables.turn_events[state.column][r])
    before = tuple(state.points)
    cards = state.face_up
    decided = filled_or_not(state, cards, state.orders[r], state.tables.stakes["regular"])
    settle(state, "sirga" if towed else "regular", cards, before, decided)


def settle(state: DouroState, effect: str, cards: tuple[int, ...], before: tuple[int, ...],
           decided: Decided, returned: bool = False) -> None:
    """After the effect: the points each seat won or lost since ``before`` (the points at
    the reveal) are told, with what decided them (the cards and the Rabelo card were told
    when revealed and turned); the phylloxera passes if it tied (R7); the barrel cards stay
    in their piles - or go back to hand after Our Lady of Cardia."""
    state.emit(tell.settled(state, effect, cards, before, decided))
    pass_phylloxera(state, next_holder(state, cards))  # after the points (R7)
    if returned:
        for seat, card in enumerate(state.choices):
            state.hands[seat] |= 1 << card
            state.returned[seat] |= 1 << card
    else:
        for pile, card in zip(state.piles, state.choices):  # noqa: B905 (one per seat)
            pile.append(card)
    state.choices = [-1] * state.seats
    state.face_up = ()
