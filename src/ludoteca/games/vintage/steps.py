"""What can be pending in Vintage: the steps of its turn flow, and what each may choose.

A round: :class:`StartRound` (automatic) turns the round's harvest-bonus chip face up
(:class:`RevealChip`, chance, unless a peek already drew it) and hands the first turn to
the holder of the first-player token through :class:`NextTurn` (automatic), which finds
the next seat clockwise that has neither passed nor placed everything. A :class:`Turn`
places markers or the overseer on one action, moves the boat, loads a lot (free) or
passes; the rule pushes the action's sub-steps above the next :class:`NextTurn`. When no
seat is left, :class:`EndRound` (automatic) clears the table, deals the display again
(:class:`DealDisplay`, chance) and starts the next round, or scores the end.

Sub-steps carry their context in their fields: what a card changes (``by_card``,
``single_brandy``, ``plus``, ``extra``), what is chosen so far (the harvest's ``chosen``),
how many steps or vines are left. The helpers at the top say what a seat can do; a step
is only pushed when it has a legal choice ("an action may only be chosen if it can
actually be carried out").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ludoteca.core.flow import AutoStep, ChanceStep, Step
from ludoteca.core.words import seat_name
from ludoteca.games.vintage.actions import PlayCard
from ludoteca.games.vintage.tables import KINDS, RUBY, TAWNY

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState

# ----- what a seat can do -------------------------------------------------------------------


def affordable(state: VintageState, seat: int, discount: int) -> list[int]:
    """Empty estate spaces ``seat`` can pay for (``discount`` VP less)."""
    vp = state.vp[seat] + discount
    price = state.t.price
    return [e for e, o in enumerate(state.owner) if o < 0 and price[e] <= vp]


def can_buy(state: VintageState, seat: int, discount: int) -> bool:
    return (not state.bought[seat] and state.tiles[seat] > 0
            and bool(affordable(state, seat, discount)))


def plant_choices(state: VintageState, seat: int, colours: int, estate: int = -1
                  ) -> list[int]:
    """Plant ids: a colour of the mask ``colours`` on one of ``seat``'s estates (or only on
    ``estate``) that lacks it and has room; black only where old vines grow, while a black
    cube is left."""
    t = state.t
    out: list[int] = []
    black = t.black
    for c in range(len(t.colours)):
        if not colours >> c & 1:
            continue
        if c == black and state.black_left <= 0:
            continue
        ids = t.plant_id[c]
        for e, o in enumerate(state.owner):
            if o != seat or (estate >= 0 and e != estate):
                continue
            v = state.vines[e]
            if v >> c & 1 or v.bit_count() >= t.max_vines:
                continue
            if c == black and not t.old_ok[e]:
                continue
            out.append(ids[e])
    out.sort()
    return out


def harvestable(state: VintageState, seat: int) -> list[int]:
    """``seat``'s estates that can be harvested: planted and without a lot on them."""
    need = state.t.harvest_vines
    return [e for e, o in enumerate(state.owner)
            if o == seat and state.lot[e] == 0 and state.vines[e].bit_count() >= need]


def cellar_barrels(state: VintageState, seat: int, kind: int = -1) -> int:
    t = state.t
    k = t.num_columns
    return sum(state.cellar[seat * k + c] for c in range(k)
               if kind < 0 or t.column_kind[c] == kind)


def loadable(state: VintageState, seat: int, port: int) -> list[int]:
    """Estates of ``seat`` at ``port`` whose lot can go aboard (a free section)."""
    t = state.t
    s = t.sections
    if 0 not in state.hold[seat * s: seat * s + s]:
        return []
    return [e for e, o in enumerate(state.owner)
            if o == seat and state.lot[e] and t.space_port[e] == port]


def store_choices(state: VintageState, seat: int) -> list[int]:
    """Store ids: a lot aboard, into an empty cellar column of either kind (at Gaia)."""
    t = state.t
    if state.boat[seat] != 0:
        return []
    k = t.num_columns
    free = [False, False]
    for c in range(k):
        if state.cellar[seat * k + c] == 0:
            free[t.column_kind[c]] = True
    if not (free[0] or free[1]):
        return []
    s = t.sections
    out: list[int] = []
    for lot in range(s):
        if state.hold[seat * s + lot]:
            out.extend(t.store_id[lot][kind] for kind in (RUBY, TAWNY) if free[kind])
    out.sort()
    return out


def playable_card(state: VintageState, seat: int, card: int) -> bool:
    """Whether ``seat`` could carry out the card of kind ``card`` now."""
    t = state.t
    effect = t.card_effect[card]
    if effect == "buy_estate":
        return can_buy(state, seat, t.buy_discount)
    if effect == "harvest":
        return not state.harvested[seat] and bool(harvestable(state, seat))
    if effect in ("vintage", "colheita"):
        kind, need = ((RUBY, t.vintage_barrels) if effect == "vintage"
                      else (TAWNY, t.colheita_barrels))
        return cellar_barrels(state, seat, kind) >= need
    if effect == "plant_three":
        return bool(plant_choices(state, seat, state.t.no_black))
    if effect == "two_barrels":
        return state.supply > 0 and any(
            o == seat and state.lot[e] for e, o in enumerate(state.owner))
    if effect == "free_action":
        return bool(free_actions(state, seat))
    if effect in ("extra_barrel", "plus_quality"):
        return cellar_barrels(state, seat) > 0
    return True  # enologist, forecast, upgrade, move_boat


def why_unplayable(state: VintageState, seat: int, card: int) -> str | None:
    """Why ``seat`` could not carry out the card of kind ``card`` now, as the clause of a
    sentence ("it needs ...": the board shows it on the card, an illegal play quotes it);
    None when it could (:func:`playable_card`, which the legal actions use, decides)."""
    if playable_card(state, seat, card):
        return None
    t = state.t
    effect = t.card_effect[card]
    if effect == "buy_estate":
        if state.bought[seat]:
            return "you have already bought an estate this round"
        if state.tiles[seat] <= 0:
            return "you have no estate tile left to place"
        return (f"no empty estate costs {state.vp[seat] + t.buy_discount} VP or less "
                f"(your {state.vp[seat]} VP and the card's {t.buy_discount} off)")
    if effect == "harvest":
        if state.harvested[seat]:
            return "you have already harvested this round"
        return (f"none of your estates has {t.harvest_vines} vines or more and no lot "
                "on it")
    if effect in ("vintage", "colheita"):
        kind, need = ((RUBY, t.vintage_barrels) if effect == "vintage"
                      else (TAWNY, t.colheita_barrels))
        return (f"it needs {need} {KINDS[kind]} barrels in your cellar; you have "
                f"{cellar_barrels(state, seat, kind)}")
    if effect == "plant_three":
        return "none of your estates has room for a vine colour it lacks"
    if effect == "two_barrels":
        if state.supply <= 0:
            return "the barrel supply is empty"
        return "none of your estates has a lot on it"
    if effect == "free_action":
        return "none of the actions it may perform can be carried out now"
    return "your cellar is empty"  # extra_barrel, plus_quality


def can_act(state: VintageState, seat: int, action: int, by_card: bool) -> bool:
    """Whether ``seat`` can carry out ``action`` (its kind's conditions; a circle is the
    caller's business)."""
    t = state.t
    kind = t.action_kind[action]
    if kind == "buy_estate":
        return can_buy(state, seat, 0)
    if kind == "plant":
        return bool(plant_choices(state, seat, t.action_colours[action]))
    if kind == "old_vine":
        return bool(plant_choices(state, seat, 1 << t.black))
    if kind == "harvest":
        return not state.harvested[seat] and bool(harvestable(state, seat))
    if kind == "age_sell":
        return cellar_barrels(state, seat) > 0
    if kind == "cards":
        hand = state.open_hand[seat] + state.secret_hand[seat]
        return (any(c >= 0 for c in state.display) or state.deck.size > 0
                or any(state.deck.discards)
                or any(playable_card(state, seat, c) for c in set(hand)))
    return kind == "first_player"


FREE_EXCLUDED = ("old_vine", "move_boat", "first_player", "cards")
"""Actions the Free-action card cannot perform: the three the card names, and Cards,
because a card is played by choosing the Cards action on a turn of its own (ruling R18).
Option ``free_action_cards = allowed`` lifts the last one."""

NOT_BY_FREE_ACTION = ("move_boat", "free_action")
"""Cards that cannot be played through a Free-action card (under ``free_action_cards =
allowed``): Move the boat is one of the card's exceptions, and a second Free-action card
would chain one circle into any number of cards."""


def free_actions(state: VintageState, seat: int) -> list[int]:
    """Perform ids the Free-action card allows now (any action but Old vineyard, Move the
    boat, First player and Cards, with its conditions but no circle; Cards too under the
    option ``free_action_cards = allowed``)."""
    t = state.t
    out = []
    for a, kind in enumerate(t.action_kind):
        if kind == "cards" and state.free_action_cards:
            if not _cards_after(state, seat):
                continue
        elif kind in FREE_EXCLUDED or not can_act(state, seat, a, True):
            continue
        out.append(t.perform_id[a])
    return out


def _cards_after(state: VintageState, seat: int) -> bool:
    """Whether the Cards action performed by a Free-action card has a choice: the card
    itself has left the hand, and the cards it cannot play do not count."""
    hand = state.open_hand[seat] + state.secret_hand[seat]
    effect = state.t.card_effect
    return (any(c >= 0 for c in state.display) or state.deck.size > 0
            or any(state.deck.discards)
            or any(playable_card(state, seat, c) for c in set(hand)
                   if effect[c] not in NOT_BY_FREE_ACTION))


def who(state: VintageState, seat: int, viewer: int | None) -> str:
    return "you" if viewer == seat else seat_name(seat)


# ----- set-up and rounds -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseFirst(ChanceStep["VintageState"]):
    """Set-up: the first player is picked at random."""

    phase: ClassVar[str] = "set-up"

    def chance_outcomes(self, state: VintageState) -> list[tuple[int, float]]:
        n = state.num_players
        ids = state.t.first_outcome
        return [(ids[s], 1.0 / n) for s in range(n)]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        return "Choosing the first player."


@dataclass(frozen=True, slots=True)
class DealDisplay(ChanceStep["VintageState"]):
    """A card of the deck is laid face up on display place ``slot``."""

    slot: int
    phase: ClassVar[str] = "cards"

    def chance_outcomes(self, state: VintageState) -> list[tuple[int, float]]:
        ids = state.t.card_outcome
        return [(ids[k], p) for k, p in state.deck.draw_odds()]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        return "Laying out the face-up cards."


@dataclass(frozen=True, slots=True)
class StartRound(AutoStep["VintageState"]):
    """The round's harvest-bonus chip turns face up, parked markers come back, the token
    holder's turn begins."""


@dataclass(frozen=True, slots=True)
class RevealChip(ChanceStep["VintageState"]):
    """The chip of ``round`` turns face up: a chip nobody has seen, drawn from those
    nobody has seen (the track's and the box's alike)."""

    round: int
    phase: ClassVar[str] = "round"

    def chance_outcomes(self, state: VintageState) -> list[tuple[int, float]]:
        return state.chip_odds()

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        return "Turning the round's harvest-bonus chip face up."


@dataclass(frozen=True, slots=True)
class NextTurn(AutoStep["VintageState"]):
    """The next turn goes to the first seat from ``start`` on, clockwise, that has not
    passed and has markers or the overseer left; none: the round ends."""

    start: int


@dataclass(frozen=True, slots=True)
class EndRound(AutoStep["VintageState"]):
    """Everyone has passed or placed everything: the round ends (after round VII, the
    game)."""


@dataclass(frozen=True, slots=True)
class Turn(Step["VintageState"]):
    """``seat``'s turn: one action by markers or the overseer, the boat, a free load, or
    passing."""

    seat: int
    phase: ClassVar[str] = "turn"

    def legal_actions(self, state: VintageState) -> list[int]:
        # The hottest path of a playout: the seat's estates are read once for every
        # planting action, and each column's cheapest open circle found by one scan.
        seat = self.seat
        t = state.t
        out: list[int] = []
        markers = state.markers[seat]
        overseer = state.overseer[seat]
        free_choice = state.circle_choice_free
        occupied = state.occupied
        plantable = 0
        max_vines = t.max_vines
        vines = state.vines
        for e, o in enumerate(state.owner):
            if o == seat and vines[e].bit_count() < max_vines:
                plantable |= ~vines[e] & (t.all_colours if t.old_ok[e] else t.no_black)
        if state.black_left <= 0:
            plantable &= t.no_black
        place = t.place_id
        cost = t.circle_cost
        for a, kind, colours, circles, positions in t.placeable[state.num_players]:
            if (kind == "plant" and not colours & plantable) or (
                    kind == "old_vine" and not plantable >> t.black & 1):
                continue
            for c, i in zip(circles, positions, strict=True):
                if occupied[c] >= 0:
                    continue
                if cost[c] > markers and not overseer:
                    if free_choice:
                        continue
                    break
                if kind == "first_player" or kind == "plant" or kind == "old_vine":
                    pass
                elif kind == "age_sell":
                    k = t.num_columns
                    if not any(state.cellar[seat * k: seat * k + k]):
                        break
                elif kind == "harvest":
                    if state.harvested[seat] or not harvestable(state, seat):
                        break
                elif not can_act(state, seat, a, False):
                    break
                if cost[c] <= markers:
                    out.append(place[a, i, 0])
                if overseer:
                    out.append(place[a, i, 1])
                if not free_choice:
                    break
        out.extend(t.move_id[s] for s in range(1, markers + 1))
        out.extend(t.load_id[e] for e in loadable(state, seat, state.boat[seat]))
        out.append(t.pass_id)
        out.sort()
        return out

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Your turn: place markers or your overseer on an action, move your boat, " \
                   "load a lot, or pass."
        return f"{seat_name(self.seat, capital=True)} is taking a turn."


# ----- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseEstate(Step["VintageState"]):
    """Buy an estate: which empty space (``discount``: the Buy-estate card's VP less, if
    taken)."""

    seat: int
    discount: int
    phase: ClassVar[str] = "buy an estate"

    def legal_actions(self, state: VintageState) -> list[int]:
        ids = state.t.buy_id
        return [ids[e] for e in affordable(state, self.seat, self.discount)]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        return ("Choose an empty estate space to buy." if viewer == self.seat
                else f"{seat_name(self.seat, capital=True)} is buying an estate.")


@dataclass(frozen=True, slots=True)
class BuyBonus(Step["VintageState"]):
    """The Buy-estate card on ``estate``: pay 1 VP less, or pay in full and plant a vine
    (not black) on it."""

    seat: int
    estate: int
    phase: ClassVar[str] = "buy an estate"

    def legal_actions(self, state: VintageState) -> list[int]:
        t = state.t
        out = [t.discount_id]
        if state.vp[self.seat] >= t.price[self.estate]:
            out += plant_choices(state, self.seat, state.t.no_black, self.estate)
        out.sort()
        return out

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        return ("Buy-estate card: pay 1 VP less, or pay in full and plant a vine on the new "
                "estate." if viewer == self.seat
                else f"{seat_name(self.seat, capital=True)} is using the Buy-estate card.")


@dataclass(frozen=True, slots=True)
class PlantVine(Step["VintageState"]):
    """Plant one vine of a colour in the mask ``colours`` (``left`` vines to go, for the
    3-vines card, each of a colour not ``used`` yet)."""

    seat: int
    colours: int
    left: int = 1
    phase: ClassVar[str] = "plant"

    def legal_actions(self, state: VintageState) -> list[int]:
        return plant_choices(state, self.seat, self.colours)

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is planting."
        more = f" ({self.left} to plant)" if self.left > 1 else ""
        return f"Choose a vine and the estate to plant it on{more}."


@dataclass(frozen=True, slots=True)
class Harvest(Step["VintageState"]):
    """Harvest: each estate to harvest with its port barrels (the rest brandy), then
    :class:`~.actions.EndHarvest`. ``chosen`` is ((estate, port), ...) so far;
    ``single_brandy``: the Harvest card, one brandy in all."""

    seat: int
    single_brandy: bool
    chosen: tuple[tuple[int, int], ...] = ()
    phase: ClassVar[str] = "harvest"

    def legal_actions(self, state: VintageState) -> list[int]:
        t = state.t
        seat = self.seat
        done = {e for e, _ in self.chosen}
        making = sum(1 for _, p in self.chosen if p)
        brandy = state.brandy[seat]
        can_port = brandy >= 1 if self.single_brandy else brandy > making
        if self.single_brandy and making:
            can_port = True
        supply = state.supply - sum(p for _, p in self.chosen)
        out = []
        for e in harvestable(state, seat):
            if e in done:
                continue
            ids = t.harvest_id[e]
            out.append(ids[0])
            if can_port:
                out.extend(ids[p] for p in range(1, min(t.harvest_yield[e], supply) + 1))
        if self.chosen:
            out.append(t.end_harvest_id)
        out.sort()
        return out

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is harvesting."
        return ("Choose an estate to harvest and how many port barrels it makes (the rest "
                "is brandy), then harvest the chosen estates.")


@dataclass(frozen=True, slots=True)
class PortCall(Step["VintageState"]):
    """The boat of ``seat`` is at ``port`` (stopping, passing, or after a harvest): load a
    lot of an estate there, or go on."""

    seat: int
    port: int
    phase: ClassVar[str] = "boat"

    def legal_actions(self, state: VintageState) -> list[int]:
        t = state.t
        out = [t.load_id[e] for e in loadable(state, self.seat, self.port)]
        out.append(t.sail_on_id)
        out.sort()
        return out

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)}'s boat is at {state.t.ports[self.port]}."
        return f"Your boat is at {state.t.ports[self.port]}: load a lot, or go on."


@dataclass(frozen=True, slots=True)
class Sail(Step["VintageState"]):
    """Move the boat: ``left`` steps to make (``up_to``: the card's steps may stop early)."""

    seat: int
    left: int
    up_to: bool = False
    phase: ClassVar[str] = "boat"

    def legal_actions(self, state: VintageState) -> list[int]:
        t = state.t
        at = state.boat[self.seat]
        out = [t.sail_id[p] for p in range(at)]
        if at + 1 < len(t.ports):
            out.append(t.sail_id[at + 1])
        if self.up_to:
            out.append(t.sail_on_id)
        out.sort()
        return out

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is moving the boat."
        return (f"Move your boat ({self.left} step{'s' if self.left > 1 else ''} left): one "
                "port upstream, or any port downstream.")


@dataclass(frozen=True, slots=True)
class Arrive(AutoStep["VintageState"]):
    """The boat touches ``ports`` in order (passed on a downstream step, then the port it
    stops at): a call at each where a lot can be loaded, the cellar at Gaia; then the
    ``left`` steps still to make (the boat of ``owner``)."""

    owner: int
    ports: tuple[int, ...]
    left: int
    up_to: bool = False


@dataclass(frozen=True, slots=True)
class Unload(Step["VintageState"]):
    """At Gaia: a lot aboard goes into an empty cellar column, Ruby or Tawny."""

    seat: int
    phase: ClassVar[str] = "boat"

    def legal_actions(self, state: VintageState) -> list[int]:
        return store_choices(state, self.seat)

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is unloading at Gaia."
        return "Unload a lot into an empty cellar column: Ruby or Tawny?"


@dataclass(frozen=True, slots=True)
class AgeingDie(ChanceStep["VintageState"]):
    """Age and sell: the die is rolled once for all lots (``plus``: the +1-quality card;
    ``extra``: the +1-barrel card)."""

    owner: int
    plus: int
    extra: bool
    phase: ClassVar[str] = "age and sell"

    def chance_outcomes(self, state: VintageState) -> list[tuple[int, float]]:
        return list(state.t.die_outcomes)

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        return "Rolling the ageing die."


@dataclass(frozen=True, slots=True)
class AgeLots(Step["VintageState"]):
    """Which cellar lot goes into the warehouse next (``add``: the die and the card's +1);
    asked only while lots of one kind compete for its rows."""

    seat: int
    add: int
    extra: bool
    phase: ClassVar[str] = "age and sell"

    def legal_actions(self, state: VintageState) -> list[int]:
        t = state.t
        k = t.num_columns
        base = self.seat * k
        return [t.age_id[c] for c in range(k) if state.cellar[base + c]]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is ageing the lots."
        return "Choose the lot that goes into the warehouse next."


def extra_rows(state: VintageState, seat: int) -> list[int]:
    """Rows that can take the +1-barrel card's barrel: one holding a barrel, with a free
    slot (a bottom row always has one)."""
    t = state.t
    base = seat * t.num_rows
    return [r for r in range(t.num_rows) if state.ware[base + r]
            and (t.row_slots[r] == 0 or state.ware[base + r] < t.row_slots[r])]


@dataclass(frozen=True, slots=True)
class ExtraBarrelStep(Step["VintageState"]):
    """The +1-barrel card: which row takes the barrel."""

    seat: int
    phase: ClassVar[str] = "age and sell"

    def legal_actions(self, state: VintageState) -> list[int]:
        ids = state.t.extra_id
        return [ids[r] for r in extra_rows(state, self.seat)]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is adding a barrel."
        return "+1 barrel: choose the warehouse row that takes it."


@dataclass(frozen=True, slots=True)
class Sale(AutoStep["VintageState"]):
    """After the lots are placed: the Enologist's move up, full rows sold, bottom sets
    (the warehouse of ``owner``)."""

    owner: int


@dataclass(frozen=True, slots=True)
class CardsUse(Step["VintageState"]):
    """The Cards action: draw a face-up card or the deck's top, or play a card
    (``by_card``: performed by a Free-action card, which cannot play Move the boat or
    another Free-action card)."""

    seat: int
    by_card: bool = False
    phase: ClassVar[str] = "cards"

    def legal_actions(self, state: VintageState) -> list[int]:
        t = state.t
        seat = self.seat
        out = [t.draw_id[s] for s, c in enumerate(state.display) if c >= 0]
        if state.deck.size or any(state.deck.discards):
            out.append(t.draw_deck_id)
        for c in sorted(set(state.open_hand[seat] + state.secret_hand[seat])):
            if self.by_card and t.card_effect[c] in NOT_BY_FREE_ACTION:
                continue
            if playable_card(state, seat, c):
                out.append(t.play_id[c])
        out.sort()
        return out

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is using the Cards action."
        return "Take a face-up card, draw from the deck, or play a card from your hand."

    def explain_illegal(self, state: VintageState, action: object) -> str | None:
        if not isinstance(action, PlayCard):
            return None
        name = state.t.card_names[action.card]
        if action.card not in state.open_hand[self.seat] + state.secret_hand[self.seat]:
            return f"{name} is not in your hand"
        if self.by_card and state.t.card_effect[action.card] in NOT_BY_FREE_ACTION:
            return f"a Free-action card cannot play {name}"
        reason = why_unplayable(state, self.seat, action.card)
        return f"{name} cannot be played now: {reason}" if reason else None


@dataclass(frozen=True, slots=True)
class DiscardFor(Step["VintageState"]):
    """The hand is full: a card is discarded before drawing (``slot`` the display place,
    -1 the deck)."""

    seat: int
    slot: int
    phase: ClassVar[str] = "cards"

    def legal_actions(self, state: VintageState) -> list[int]:
        ids = state.t.discard_id
        return [ids[c] for c in sorted(set(state.open_hand[self.seat]
                                           + state.secret_hand[self.seat]))]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is discarding a card."
        return "Your hand is full: discard a card first."


@dataclass(frozen=True, slots=True)
class DeckCard(ChanceStep["VintageState"]):
    """The top card of the deck goes to ``seat``'s hand."""

    owner: int
    phase: ClassVar[str] = "cards"

    def chance_outcomes(self, state: VintageState) -> list[tuple[int, float]]:
        ids = state.t.card_outcome
        return [(ids[k], p) for k, p in state.deck.draw_odds()]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        return "Drawing a card."


def peek_rounds(state: VintageState, seat: int) -> list[int]:
    """Rounds whose chip lies face down on the track and ``seat`` has not seen."""
    return [r for r in range(state.round + 1, state.t.rounds)
            if not state.chip_known[r] >> seat & 1]


@dataclass(frozen=True, slots=True)
class Enologist(Step["VintageState"]):
    """The Enologist: look secretly at a face-down harvest-bonus chip of a later round."""

    seat: int
    phase: ClassVar[str] = "cards"

    def legal_actions(self, state: VintageState) -> list[int]:
        ids = state.t.peek_id
        return [ids[r] for r in peek_rounds(state, self.seat)]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is choosing a chip to look at."
        return "Choose the round whose harvest-bonus chip you look at."


@dataclass(frozen=True, slots=True)
class PeekedChip(ChanceStep["VintageState"]):
    """The chip of ``round``, seen for the first time, by ``seat`` alone."""

    owner: int
    round: int
    phase: ClassVar[str] = "cards"

    def chance_outcomes(self, state: VintageState) -> list[tuple[int, float]]:
        return state.chip_odds()

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        return "A harvest-bonus chip is being looked at."


@dataclass(frozen=True, slots=True)
class TakeBarrels(Step["VintageState"]):
    """The Vintage or Colheita card: ``left`` barrels of ``kind`` to take from the cellar,
    one lot at a time; ``vp`` when all are taken."""

    seat: int
    kind: int
    left: int
    vp: int
    phase: ClassVar[str] = "cards"

    def legal_actions(self, state: VintageState) -> list[int]:
        t = state.t
        k = t.num_columns
        base = self.seat * k
        return [t.take_id[c] for c in range(k)
                if t.column_kind[c] == self.kind and state.cellar[base + c]]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is selling by card."
        return f"Choose the cellar lot to take a barrel from ({self.left} to take)."


@dataclass(frozen=True, slots=True)
class TwoBarrels(Step["VintageState"]):
    """The +2-barrels card: onto which harvest lot still on an estate."""

    seat: int
    phase: ClassVar[str] = "cards"

    def legal_actions(self, state: VintageState) -> list[int]:
        ids = state.t.add_id
        return [ids[e] for e, o in enumerate(state.owner) if o == self.seat and state.lot[e]]

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is adding barrels to a lot."
        return "Choose the harvest lot that gets the barrels."


@dataclass(frozen=True, slots=True)
class FreeAction(Step["VintageState"]):
    """The Free-action card (of kind ``card``): which action to carry out."""

    seat: int
    card: int
    phase: ClassVar[str] = "cards"

    def legal_actions(self, state: VintageState) -> list[int]:
        return free_actions(state, self.seat)

    def prompt(self, state: VintageState, viewer: int | None) -> str:
        if viewer != self.seat:
            return f"{seat_name(self.seat, capital=True)} is taking a free action."
        return "Free action: choose the action to carry out."


CHOOSE_FIRST = ChooseFirst()
START_ROUND = StartRound()
END_ROUND = EndRound()
