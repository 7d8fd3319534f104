"""The challenge phase: offers, the pilot's assignment, market help, committing symbols."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.actions import Assign, Commit, Helper, Offer
from ludoteca.games.puertodiablo.rules import assignment, treasure
from ludoteca.games.puertodiablo.rules.abilities import open_purchase
from ludoteca.games.puertodiablo.rules.consequence import start_consequence
from ludoteca.games.puertodiablo.rules.moves import sweep, to_ship
from ludoteca.games.puertodiablo.steps import (
    PILE,
    AbilityOffer,
    CommitSymbols,
    CrewPhase,
    Decide,
    Failed,
    MakeOffer,
    NextBuyer,
    OpenWindow,
    PickHelper,
    PilotAssigns,
    Purchase,
    Refill,
    Resolved,
    ability_offer_limit,
    best_help,
    help_allowance,
    helper_supply,
    in_harbour,
    multiplier,
    need,
    reachable,
    resolver_limit,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def make_offer(state: PuertoDiabloState, step: MakeOffer, action: Offer) -> None:
    """An offer is one public declaration, in turn from the pilot (no table talk); a
    player holding a card that could add symbols says next how many it will (R60)."""
    state.offers[step.seat] = action.symbols
    state.emit(everyone("offer", seat=step.seat, symbols=action.symbols))
    if ability_offer_limit(state, step.seat):
        state.push(AbilityOffer(step.seat, action.symbols))


def decide(state: PuertoDiabloState, step: Decide, action: None) -> None:
    """If the offers, with the market help allowed, reach the harbour number, the
    challenge must be resolved: the pilot assigns; otherwise it fails. With no offer,
    help alone resolves it only under ``market_alone=yes`` (R15)."""
    players = in_harbour(state)
    helpers = help_allowance(state)
    offers = [state.offers[s] for s in players]
    # R15: market help completes what players commit; it resolves nothing on its own.
    # With help La Coruna's foul side lets one player resolve, without it two, so the
    # offers may reach the number either way (as the pilot's assignment allows).
    most = reachable(offers, resolver_limit(state), 0)
    if helpers:
        most = max(most, reachable(offers, resolver_limit(state, helpers),
                                   best_help(state, helpers)))
    if not any(offers):
        if market_alone(state, helpers):
            # Option market_alone=yes (R15): the market supplies every symbol; nobody
            # committed, so nobody purchases.
            state.push(PickHelper(state.pilot, need(state), helpers), Resolved())
        else:
            state.push(Failed())
        return
    if most < need(state):
        state.push(Failed())
        return
    order = tuple(s for s in players if state.offers[s])
    state.push(PilotAssigns(state.pilot, order[0], order[1:], 0, 0, helpers))


def market_alone(state: PuertoDiabloState, helpers: int) -> bool:
    """Option ``market_alone=yes`` (R15): with every offer at nothing, whether the market
    helpers allowed can supply all the symbols needed. Not in La Coruna's foul weather,
    where one player must resolve with the market."""
    if state.options.market_alone != "yes" or not helpers:
        return False
    if state.t.max_resolvers[state.voyage[state.harbour]][state.foul]:
        return False
    return best_help(state, helpers) >= need(state)


def pilot_assigns(state: PuertoDiabloState, step: PilotAssigns, action: Assign) -> None:
    state.assigned[step.target] = action.symbols
    state.emit(everyone("assign", seat=step.target, symbols=action.symbols))
    sofar = step.sofar + action.symbols
    resolvers = step.resolvers + (action.symbols > 0)
    if step.order:
        state.push(PilotAssigns(step.seat, step.order[0], step.order[1:], sofar, resolvers,
                                step.help))
        return
    # Ability cards of the assignment are played before any side is covered (R61).
    state.push(*assignment.delivery_steps(state, need(state) - sofar, step.help))


def pick_helper(state: PuertoDiabloState, step: PickHelper, action: Helper) -> None:
    """The helper supplies its matching symbols (R15) and goes under the character pile.
    The pilot picks every helper from the display as it was when help was called for, so
    the emptied slots are refilled only after the last pick (R15)."""
    supply = min(helper_supply(state, action.slot), step.left)
    c = state.market[action.slot]
    state.market[action.slot] = -1
    state.place[c] = PILE
    state.char_pile = state.char_pile.put_under(c)
    state.help_supplied += supply  # for the board only
    state.emit(everyone("helper", slot=action.slot, character=c, symbols=supply))
    left = step.left - supply
    if left > 0:
        state.push(PickHelper(step.seat, left, step.allowance - 1))
    else:
        state.push(Refill())


def commit(state: PuertoDiabloState, step: CommitSymbols, action: Commit) -> None:
    """The side is covered; a character committing from both sides, or already weakened,
    returns to the ship. A doubled character's symbols count more than once, up to what
    is left of the assignment (R64)."""
    c, side = action.character, action.side
    counted = min(action.symbols * multiplier(state, c), step.left)
    state.cover[c] |= 1 << side
    state.committed[step.seat] += counted
    extra = {"counted": counted} if counted != action.symbols else {}
    state.emit(everyone("commit", seat=step.seat, character=c, side=side,
                        symbols=action.symbols, **extra))
    if state.cover[c] == 3:
        to_ship(state, c, "weakened")
    if step.left > counted:
        state.push(CommitSymbols(step.seat, step.left - counted))


def resolved(state: PuertoDiabloState, step: Resolved, action: None) -> None:
    """Committers purchase, most symbols first; ties from the pilot clockwise."""
    state.outcome = 1
    # The symbols each seat committed, so that the event says why it succeeded.
    state.emit(everyone("resolved", card=state.challenge, committed=list(state.committed),
                        needed=need(state)))
    sweep(state)
    n = state.num_players
    seats = [(state.pilot + i) % n for i in range(n)]
    order = sorted((s for s in seats if state.committed[s]),
                   key=lambda s: -state.committed[s])
    # The challenge moment lasts until the first purchase begins.
    state.push(OpenWindow("challenge"), NextBuyer(tuple(order)), CrewPhase())


def next_buyer(state: PuertoDiabloState, step: NextBuyer, action: None) -> None:
    """A buyer still ashore purchases (one with no character ashore, only if he holds a
    money treasure: R70); after him the market is refilled."""
    open_purchase(state)
    if state.treasure_on:
        sweep(state)  # R21: a buyer who sent his last character hunting is out
    order = list(step.order)
    # R70: with no character ashore, money treasures are all a committer could spend.
    while order and not state.ashore[order[0]] and not state.found_money[order[0]]:
        order.pop(0)
    if not order:
        return
    state.push(Purchase(order[0], state.t.purchase_limit), Refill(),
               NextBuyer(tuple(order[1:])))
    treasure.hunt_before_purchase(state, order[0])


def failed(state: PuertoDiabloState, step: Failed, action: None) -> None:
    state.outcome = 0
    # The offers made (in the harbour), so that the event says why it failed.
    offers = [[s, state.offers[s]] for s in in_harbour(state)]
    # Words only (no decision): the symbols market help could have supplied, and La
    # Coruna's foul limit of players who may commit with what the best offers under it
    # reach (R15).
    helpers = help_allowance(state)
    helped = best_help(state, helpers) if helpers else 0
    limited = bool(state.t.max_resolvers[state.voyage[state.harbour]][state.foul])
    cap = resolver_limit(state) if limited else 0
    values = [n for _, n in offers]
    state.emit(everyone("failed", card=state.challenge, offers=offers, needed=need(state),
                        help=helped, cap=cap,
                        reach=reachable(values, cap, 0) if cap else sum(values)))
    start_consequence(state)
