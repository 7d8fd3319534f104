"""The Cards action and the twelve card effects.

On one circle of the Cards column a player either draws (a face-up card, or the top of the
deck) or plays a card from hand. The hand holds at most 2: drawing with 2 discards one
first. Played and discarded cards go face up to the discards, which become the deck when it
runs out; a card used to buy an estate or to harvest lies on the player's reminder space,
and an Enologist beside the player board, until the end of the round. A card that performs
an action needs no circle of that action's column, only its conditions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.vintage.actions import (
    AddBarrels,
    BonusChip,
    Card,
    Discard,
    DrawCard,
    DrawDeck,
    PeekChip,
    Perform,
    PlayCard,
    TakeBarrel,
)
from ludoteca.games.vintage.rules import tell
from ludoteca.games.vintage.rules.boat import push_unload
from ludoteca.games.vintage.rules.table import start_action
from ludoteca.games.vintage.steps import (
    AgeingDie,
    CardsUse,
    ChooseEstate,
    DeckCard,
    DiscardFor,
    Enologist,
    FreeAction,
    Harvest,
    PeekedChip,
    PlantVine,
    PortCall,
    Sail,
    TakeBarrels,
    TwoBarrels,
    loadable,
    peek_rounds,
)
from ludoteca.games.vintage.tables import KINDS, RUBY, TAWNY

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState

REMINDED = ("buy_estate", "harvest")
"""Actions whose card stays on the reminder space until the round ends."""


def cards_use(state: VintageState, step: CardsUse, action: DrawCard | DrawDeck | PlayCard
              ) -> None:
    seat = step.seat
    t = state.t
    if isinstance(action, PlayCard):
        play(state, seat, action.card)
        return
    slot = action.slot if isinstance(action, DrawCard) else -1
    if len(state.open_hand[seat]) + len(state.secret_hand[seat]) >= t.hand_limit:
        state.emit(everyone("draw_choice", seat=seat, slot=slot))
        state.push(DiscardFor(seat, slot))
        return
    draw(state, seat, slot)


def draw(state: VintageState, seat: int, slot: int) -> None:
    if slot < 0:
        state.push(DeckCard(seat))
        return
    card = state.display[slot]
    state.display[slot] = -1
    state.open_hand[seat].append(card)
    state.emit(everyone("took", seat=seat, slot=slot, card=card))


def discard_for(state: VintageState, step: DiscardFor, action: Discard) -> None:
    """A card of the full hand face up to the discards, then the draw."""
    hidden = remove(state, step.seat, action.card)
    state.deck = state.deck.discarded(action.card)
    state.emit(everyone("discarded", seat=step.seat, card=action.card, hidden=hidden))
    draw(state, step.seat, step.slot)


def deck_card(state: VintageState, step: DeckCard, outcome: Card) -> None:
    """The deck's top card to the drawer's hand: nobody else sees it."""
    state.deck = state.deck.drawn(outcome.card)
    state.secret_hand[step.owner].append(outcome.card)
    state.emit(*tell.draws(step.owner, outcome.card))


def remove(state: VintageState, seat: int, card: int) -> bool:
    """A card leaves the hand: a face-up one of that kind first (whether it was the one
    drawn face down, nobody else can tell). True if it came from the face-down part,
    which everyone can tell too."""
    if card in state.open_hand[seat]:
        state.open_hand[seat].remove(card)
        return False
    state.secret_hand[seat].remove(card)
    return True


def play(state: VintageState, seat: int, card: int) -> None:
    """A card played from hand: its effect, with the steps of the action it performs."""
    t = state.t
    hidden = remove(state, seat, card)
    effect = t.card_effect[card]
    state.emit(everyone("played", seat=seat, card=card, hidden=hidden))
    if effect in REMINDED or effect in ("enologist", "upgrade"):
        state.reminders.append(card)
    elif effect != "free_action":  # that one lies where the action it performs says
        state.deck = state.deck.discarded(card)
    if effect == "buy_estate":
        state.push(ChooseEstate(seat, t.buy_discount))
    elif effect == "harvest":
        state.push(Harvest(seat, True))
    elif effect in ("enologist", "forecast", "upgrade"):
        if effect != "forecast":
            state.enologist[seat] += 1
        if effect != "upgrade" and peek_rounds(state, seat):
            state.push(Enologist(seat))
    elif effect == "vintage":
        state.push(TakeBarrels(seat, RUBY, t.vintage_barrels, t.vintage_vp))
    elif effect == "colheita":
        state.push(TakeBarrels(seat, TAWNY, t.colheita_barrels, t.colheita_vp))
    elif effect == "plant_three":
        state.push(PlantVine(seat, t.no_black, t.plant_vines))
    elif effect == "two_barrels":
        state.push(TwoBarrels(seat))
    elif effect == "free_action":
        state.push(FreeAction(seat, card))
    elif effect == "move_boat":
        state.push(Sail(seat, t.move_steps, state.boat_card_up_to))
    elif effect == "extra_barrel":
        state.push(AgeingDie(seat, 0, True))
    elif effect == "plus_quality":
        state.push(AgeingDie(seat, t.quality_plus, False))


def free_action(state: VintageState, step: FreeAction, action: Perform) -> None:
    """The Free-action card carries out the action; used to buy or harvest it goes on the
    reminder space, else to the discards."""
    t = state.t
    if t.action_kind[action.task] in REMINDED:
        state.reminders.append(step.card)
    else:
        state.deck = state.deck.discarded(step.card)
    state.emit(everyone("performs", seat=step.seat, action=action.task))
    start_action(state, step.seat, action.task, by_card=True)


def enologist(state: VintageState, step: Enologist, action: PeekChip) -> None:
    """The peek: a chip already drawn (another's peek) is simply seen; else it is drawn."""
    r = action.round
    if state.chips[r] >= 0:
        seen(state, step.seat, r, False)
        return
    state.push(PeekedChip(step.seat, r))


def peeked_chip(state: VintageState, step: PeekedChip, outcome: BonusChip) -> None:
    state.chips[step.round] = outcome.value
    seen(state, step.owner, step.round, True)


def seen(state: VintageState, seat: int, round_: int, drawn: bool) -> None:
    state.chip_known[round_] |= 1 << seat
    value = state.t.chip_values[state.chips[round_]]
    state.emit(*tell.peeks(seat, round_, value, drawn))


def take_barrel(state: VintageState, step: TakeBarrels, action: TakeBarrel) -> None:
    """The Vintage or Colheita card: barrels from the cellar, then the VP; the barrels go
    back to the supply (a barrel already in that row stays: ruling R15)."""
    seat = step.seat
    k = state.t.num_columns
    i = seat * k + action.column
    state.emit(everyone("took_barrel", seat=seat, column=action.column))
    state.cellar[i] -= 1
    if not state.cellar[i]:
        state.cellar_q[i] = 0
    state.supply += 1
    if step.left > 1:
        state.push(TakeBarrels(seat, step.kind, step.left - 1, step.vp))
        return
    state.vp[seat] += step.vp
    state.emit(everyone("card_sale", seat=seat, port_kind=KINDS[step.kind], vp=step.vp))
    push_unload(state, seat)


def two_barrels(state: VintageState, step: TwoBarrels, action: AddBarrels) -> None:
    """The +2-barrels card: onto a lot on an estate, at its quality (as many as the
    supply has, up to 2). With the boat in that estate's port the grown lot can go aboard
    at once, as after a harvest (ruling R5)."""
    t = state.t
    n = min(t.added_barrels, state.supply)
    state.lot[action.estate] += n
    state.supply -= n
    state.emit(everyone("added", seat=step.seat, estate=action.estate, barrels=n))
    port = t.space_port[action.estate]
    if state.boat[step.seat] == port and action.estate in loadable(state, step.seat, port):
        state.push(PortCall(step.seat, port))
