"""The pilot's assignment with ability cards, and the counter window of an event.

A player may commit symbols by playing an ability card (the rulebook). He says so in his
offer, by a number only (R60); once the pilot has assigned every offer, and before any
side is covered, each player who offered symbols by an ability card plays his cards, from
the pilot clockwise (R61): each is rolled for, its counter window opens, then it supplies
its symbols (or doubles a character's). A player who still cannot deliver what he was
assigned makes the pilot start a new round of offers (R62). The effects themselves are in
:mod:`.committing`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.events import everyone
from ludoteca.core.flow import Step
from ludoteca.games.puertodiablo.actions import Decline, OfferByAbility, PlayAbility
from ludoteca.games.puertodiablo.rules import committing, first
from ludoteca.games.puertodiablo.rules.abilities import play
from ludoteca.games.puertodiablo.steps import (
    AbilityOffer,
    CommitSymbols,
    DeliverAbility,
    Delivery,
    DeliveryTurn,
    EventCounter,
    EventWindow,
    OpenOffers,
    OpenWindow,
    PickHelper,
    Resolved,
    deliverable,
    delivery_plays,
    in_harbour,
    must_play,
    shields_held,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def ability_offer(state: PuertoDiabloState, step: AbilityOffer, action: OfferByAbility) -> None:
    """Said to all, as a number: which card stays unsaid (R60)."""
    seat = step.seat
    state.offers[seat] = step.symbols + action.symbols
    by = list(state.by_ability)
    by[seat] = action.symbols
    state.by_ability = tuple(by)
    state.emit(everyone("offer_by_ability", seat=seat, symbols=action.symbols,
                        total=state.offers[seat]))


def delivery_steps(state: PuertoDiabloState, left: int, helpers: int) -> list[Step[Any]]:
    """After the pilot's last assignment: the players who offered symbols by an ability
    card and were assigned some play their cards, from the pilot clockwise, then
    :class:`Delivery`."""
    turns: list[Step[Any]] = [DeliveryTurn(s) for s in in_harbour(state)
             if state.assigned[s] and state.by_ability[s]]
    return [*turns, Delivery(left, helpers)]


def delivery_turn(state: PuertoDiabloState, step: DeliveryTurn, action: None) -> None:
    """Asked while a card could still add to what he delivers (R61)."""
    seat = step.player
    if state.supplied[seat] < state.assigned[seat] and delivery_plays(state, seat):
        state.push(DeliverAbility(seat))


def deliver_ability(state: PuertoDiabloState, step: DeliverAbility,
                    action: PlayAbility | Decline) -> None:
    if isinstance(action, PlayAbility):
        state.push(DeliveryTurn(step.seat))
        play(state, step.seat, action, 0)
        return
    state.emit(everyone("delivers", seat=step.seat))


def delivery(state: PuertoDiabloState, step: Delivery, action: None) -> None:
    """Symbols from abilities count up to the assignment, the rest are lost; the other
    symbols are committed from the characters (market help first). A committer who
    cannot make up his assignment makes the pilot start a new round of offers (R62)."""
    committers = [s for s in in_harbour(state) if state.assigned[s]]
    short = [s for s in committers if must_play(state, s)]
    if short:
        for s in short:
            state.emit(everyone("cannot_deliver", seat=s, assigned=state.assigned[s],
                                can=state.supplied[s] + deliverable(state, s)))
        new_offers(state)
        return
    commits = []
    for s in committers:
        got = min(state.supplied[s], state.assigned[s])
        if got:
            state.committed[s] += got
            state.emit(everyone("ability_symbols", seat=s, counted=got,
                                supplied=state.supplied[s], assigned=state.assigned[s]))
        if state.assigned[s] > got:
            commits.append(CommitSymbols(s, state.assigned[s] - got))
    if step.left:
        state.push(PickHelper(state.pilot, step.left, step.help), *commits, Resolved())
    else:
        state.push(*commits, Resolved())


def new_offers(state: PuertoDiabloState) -> None:
    """R62: the offers and the assignment lapse; what abilities supplied, doubled or
    dispensed stays for this challenge, and the cards played stay spent. The challenge
    moment's window opens again before the offers (R38)."""
    for s in range(state.num_players):
        state.offers[s] = 0
        state.assigned[s] = 0
    state.by_ability = (0,) * state.num_players
    state.emit(everyone("new_offers"))
    # Through OpenOffers, as the first time: a card played in the window may skip the
    # challenge (R55), and then there is nothing to offer for.
    state.push(OpenWindow("challenge"), OpenOffers(renewed=True))


def event_window(state: PuertoDiabloState, step: EventWindow, action: None) -> None:
    """R66: the pending event's counter window, to those it still hits holding a shield
    (nobody: no window). ``event_order=seat``: asked in turn from the pilot, each once;
    ``pilot``: as any window (R51), each saying in turn whether he wants to play and the
    pilot choosing who plays first; it opens again once a shield is resolved, the pilot's
    own shields ahead of a waiting player counting across the openings (R51)."""
    seats = committing.window_seats(state)
    if not seats:
        return
    if state.options.event_order == "seat":
        state.push(EventCounter(seats[0], tuple(seats[1:])))
    else:
        first.ask(state, seats, "event",
                  pilot_ahead=first.still_ahead(state, step.pilot_ahead, step.played_by))


def event_counter(state: PuertoDiabloState, step: EventCounter,
                  action: PlayAbility | Decline) -> None:
    """``event_order=seat``: one counter per player, the ones after him are asked once
    his is resolved (as R34 for abilities). ``pilot``: once his is resolved the window
    opens again (R51); a pass closes it (he was the only one, or the pilot let him)."""
    if state.options.event_order == "seat":
        later = [s for s in step.later if shields_held(state, s)]
        nxt: list[Step[Any]] = [EventCounter(later[0], tuple(later[1:]))] if later else []
    else:
        nxt = [EventWindow(step.pilot_ahead, step.seat)] if isinstance(action, PlayAbility) \
            else []
    if isinstance(action, PlayAbility):
        state.push(*nxt)
        play(state, step.seat, action, 0)
        return
    state.emit(everyone("no_counter", seat=step.seat))
    state.push(*nxt)
