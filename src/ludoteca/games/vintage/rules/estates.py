"""Buy an estate, Plant a vine and Plant an old vineyard.

Buying puts a tile on an empty space for its purchase value in VP (once a round, by circle
or card) and sends the marker locked beside the tile to the next round's chip. Planting
puts one cube of a colour the action offers on one's own estate: no colour twice, at most
five; the fifth raises the quality by 1, an old vine (black, Cima Corgo only, one player a
round) by 1 at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.vintage.actions import BuyEstate, Discount, Plant
from ludoteca.games.vintage.steps import BuyBonus, ChooseEstate, PlantVine, plant_choices

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState


def buy_estate(state: VintageState, step: ChooseEstate, action: BuyEstate) -> None:
    """The tile goes on the space; its locked marker onto the next round's chip (lost after
    round VII). With the Buy-estate card the payment waits for the card's choice."""
    seat, e = step.seat, action.estate
    t = state.t
    state.owner[e] = seat
    state.quality[e] = t.base_quality[e]
    state.tiles[seat] -= 1
    state.bought[seat] = 1
    state.parked[seat * (t.rounds + 1) + state.round + 1] += 1
    if step.discount:
        state.emit(everyone("buy_choice", seat=seat, estate=e))
        state.push(BuyBonus(seat, e))
        return
    pay(state, seat, e, t.price[e])


def pay(state: VintageState, seat: int, estate: int, price: int) -> None:
    state.vp[seat] -= price
    state.emit(everyone("bought", seat=seat, estate=estate, paid=price))


def buy_bonus(state: VintageState, step: BuyBonus, action: Discount | Plant) -> None:
    """The Buy-estate card: 1 VP less, or the full price and a vine on the new estate."""
    t = state.t
    price = t.price[step.estate]
    if isinstance(action, Discount):
        pay(state, step.seat, step.estate, max(0, price - t.buy_discount))
        return
    pay(state, step.seat, step.estate, price)
    plant(state, step.seat, action.colour, action.estate)


def plant_vine(state: VintageState, step: PlantVine, action: Plant) -> None:
    """One vine planted; the 3-vines card asks again for another colour while it can."""
    plant(state, step.seat, action.colour, action.estate)
    if step.left > 1:
        colours = step.colours & ~(1 << action.colour)
        if plant_choices(state, step.seat, colours):
            state.push(PlantVine(step.seat, colours, step.left - 1))


def plant(state: VintageState, seat: int, colour: int, estate: int) -> None:
    """A cube on the estate; quality +1 for an old vine, +1 at the fifth vine."""
    t = state.t
    state.vines[estate] |= 1 << colour
    if colour == t.black:
        state.black_left -= 1
        state.quality[estate] += t.old_vine_quality
    if state.vines[estate].bit_count() == t.max_vines:
        state.quality[estate] += t.five_vine_quality
    state.emit(everyone("planted", seat=seat, estate=estate, colour=colour,
                        quality=state.quality[estate]))
