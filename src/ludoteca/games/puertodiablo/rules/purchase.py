"""The purchasing phase: one tall tale, or up to three market cards with doubloons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.actions import (
    Buy,
    DonePurchase,
    PlayAbility,
    SpendTreasure,
    TellTale,
)
from ludoteca.games.puertodiablo.rules import treasure
from ludoteca.games.puertodiablo.rules.abilities import play
from ludoteca.games.puertodiablo.steps import SHIP, Purchase, card_price, may_buy, may_tell

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def purchase(state: PuertoDiabloState, step: Purchase,
             action: TellTale | Buy | DonePurchase | PlayAbility | SpendTreasure) -> None:
    if isinstance(action, SpendTreasure):
        treasure.spend(state, step, action)
    elif isinstance(action, PlayAbility):
        # Only the buyer plays at the purchase moment; he goes on purchasing after it.
        state.push(step)
        play(state, step.seat, action, 0)
    elif isinstance(action, TellTale):
        tell_tale(state, step, action.tale)
    elif isinstance(action, Buy):
        buy(state, step, action.slot)
    else:
        state.emit(everyone("purchase_done", seat=step.seat))


def tell_tale(state: PuertoDiabloState, step: Purchase, tale: int) -> None:
    """Telling weakens nobody; the player keeps the card (its VP) to the end."""
    state.told |= 1 << tale
    state.tales[step.seat].append(tale)
    state.emit(everyone("tale", seat=step.seat, tale=tale, vp=state.t.tale_vp[tale]))
    go_on(state, Purchase(step.seat, step.limit, step.bought, step.spent, step.tales + 1,
                          step.last))


def buy(state: PuertoDiabloState, step: Purchase, slot: int) -> None:
    """One budget for all his cards, no change given; the display is refilled only after
    he has finished. A character goes face down to the ship (usable from the next
    harbour); an ability is set aside until the end of the crew phase (R19)."""
    t = state.t
    price = card_price(state, slot)
    card = state.market[slot]
    state.market[slot] = -1
    # Why the price is what it is, for the words: the harbour side's surcharge (with the
    # side showing) and this purchase's ability price change.
    why = {"surcharge": t.surcharge[state.voyage[state.harbour]][state.foul],
           "foul": state.foul, "delta": state.price_cut}
    if slot < t.market_chars:
        state.place[card] = SHIP
        state.owner[card] = step.seat
        state.emit(everyone("buys", seat=step.seat, slot=slot, character=card, price=price,
                            **why))
    else:
        state.aside[step.seat].append(card)
        state.emit(everyone("buys", seat=step.seat, slot=slot, ability=card, price=price,
                            **why))
    go_on(state, Purchase(step.seat, step.limit, step.bought + 1, step.spent + price,
                          step.tales, step.last))


def go_on(state: PuertoDiabloState, step: Purchase) -> None:
    """The purchase goes on while another tale or card is allowed."""
    if may_tell(state, step) or may_buy(state, step):
        state.push(step)
