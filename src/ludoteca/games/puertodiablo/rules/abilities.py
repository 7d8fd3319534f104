"""Ability cards: presenting one, the die against the card's table, the counter window and
the effect, carried out by one interpreter of the edition's closed vocabulary.

Built moments: the purchase moment (the effects in
:data:`~ludoteca.games.puertodiablo.steps.PURCHASE_EFFECTS`), the counter moment against
a successful ability roll (``CANCEL``, ``REROLL`` of another player's ability roll), the
windows of the arrival, log and challenge moments (R38, their effects R39) and, with the
expansion, the treasure check (``ROLL_MODIFIER``, ``REROLL`` of a treasure roll: R8, R43,
in :mod:`.treasure`). A title whose moments or primitives are not built is never offered,
so no card is played half-way (``docs/rulings/puertodiablo.md``, "Not built").

Order of one card (R35, R34): the card goes face down to the ship as it is played, so it
is there whether the roll succeeds or not; the roll is a chance node; on a success the
counter window opens (only to players holding a counter) before the effect is carried
out. ``state.chain`` holds the card at each depth of a chain of counters,
``state.cancelled`` a bit per depth whose effect is not to be carried out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.actions import (
    Choose,
    ChooseParty,
    ChooseSeat,
    ChooseSymbol,
    ChooseWeather,
    Cover,
    Decline,
    Die,
    PlayAbility,
)
from ludoteca.games.puertodiablo.rules import committing, first, lookout, market_help
from ludoteca.games.puertodiablo.rules.consequence import lose_ability
from ludoteca.games.puertodiablo.rules.log import war
from ludoteca.games.puertodiablo.rules.moves import to_ship
from ludoteca.games.puertodiablo.steps import (
    ASHORE,
    PURCHASE_EFFECTS,
    AbilityRoll,
    AfterEvent,
    CarryOut,
    ChoicePoint,
    CounterWindow,
    EffectChoice,
    MomentWindow,
    OpenWindow,
    ReopenWindow,
    WeakenSide,
    choice_parts,
    counters_held,
    effect_options,
    foreknowledge,
    in_harbour,
    least_roll,
    open_sides,
    playable_at,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def play(state: PuertoDiabloState, seat: int, action: PlayAbility, depth: int) -> None:
    """Presenting to the pilot and playing: the title is shown, the card goes to the ship
    at once (used once per harbour, whatever the die says), then the die is rolled."""
    a, c = action.ability, action.character
    if not depth:
        state.choice = []
    state.hand[seat].remove(a)
    state.ship_abis[seat].append(a)
    count = foreknowledge(state, a, c)
    state.emit(everyone("plays", seat=seat, ability=a, character=c, count=count,
                        least=least_roll(state, a, count), pilot=state.pilot))
    state.push(AbilityRoll(seat, a, c, depth))


def roll(state: PuertoDiabloState, step: AbilityRoll, outcome: Die) -> None:
    """Equal to or above the card's least roll for the foreknowledge counted: it takes
    effect, and the counter window opens before the effect. A forced repeat that fails
    stops the effect it repeated; one that succeeds opens a new window."""
    count = foreknowledge(state, step.ability, step.character)
    least = least_roll(state, step.ability, count)
    success = outcome.face >= least
    state.last_roll = (step.player, state.t.abi_names[step.ability], outcome.face, least,
                       success)
    state.emit(everyone("ability_roll", seat=step.player, ability=step.ability,
                        face=outcome.face, least=least, success=success,
                        repeat=step.repeat))
    if not step.repeat:
        state.chain[step.depth:] = [(step.player, step.ability, step.character)]
        state.spared_depth &= ~(1 << step.depth)  # R67: no shield of an earlier card
    if not success:
        if step.repeat:
            state.cancelled |= 1 << step.depth
        return
    window = counter_window_steps(state, step.player, step.depth)
    if step.repeat:
        # The new window asks everybody: the old one's second asking would ask the same
        # players about the same roll again.
        pending = state.next_step()
        if isinstance(pending, ReopenWindow) and pending.depth == step.depth:
            state.pop()
        state.push(*window)
        return
    # Every choice the effect needs is made first, then the window opens (the card set's
    # order of play); who is asked is settled after the choices (a shield answers a card
    # aimed at one's own character, R67).
    choices = [ChoicePoint(step.player, step.ability, i, part)
               for i, prim in enumerate(state.t.abi_effect[step.ability])
               for part in range(choice_parts(prim))]
    if choices:
        window = [ReopenWindow(step.player, step.depth)]
    state.push(*choices, *window,
               CarryOut(step.player, step.ability, step.character, step.depth))


def counter_window_steps(state: PuertoDiabloState, roller: int, depth: int) -> list[Any]:
    """The window is offered only to players in the harbour, other than the roller, who
    hold a counter and have a character ashore to act it; nobody: no window. One: he
    plays or passes; several: each says whether he wants to, and the pilot picks (R51)."""
    return [ReopenWindow(roller, depth)] if window_seats(state, roller, depth) else []


def window_seats(state: PuertoDiabloState, roller: int, depth: int) -> list[int]:
    """Who is asked each time the window on ``roller``'s card at ``depth`` opens, the
    first time or again (R34): everybody in the harbour who can answer that card now,
    the player of a counter just resolved included. Not its own player: every counter
    of this window answers his own card (a counter answers another player's card); one
    played against his card is answered in that counter's own window, one depth down,
    where he is asked like everybody."""
    return [s for s in in_harbour(state) if s != roller and counters_held(state, s, depth)]


def counter_window(state: PuertoDiabloState, step: CounterWindow,
                   action: PlayAbility | Decline) -> None:
    """A counter played is resolved first; then, if the card it answered is still to be
    carried out, the window opens again to everybody who can still answer it, he who
    just played included (a second card of his, R34); the others need not play, but they
    may (R51). A pass closes the window: he was the only one asked, or the only one who
    wanted to play and the pilot let him."""
    if isinstance(action, PlayAbility):
        state.push(ReopenWindow(step.roller, step.depth, step.pilot_ahead, step.seat))
        play(state, step.seat, action, step.depth + 1)
        return
    state.emit(everyone("no_counter", seat=step.seat))


def reopen_window(state: PuertoDiabloState, step: ReopenWindow, action: None) -> None:
    """Only if the ability is still to be carried out, and to everybody who can answer
    it now (:func:`window_seats`): something changed since they were last asked, a card
    was played and resolved."""
    if state.cancelled >> step.depth & 1:
        return
    first.ask(state, window_seats(state, step.roller, step.depth), "counter", step.roller,
              step.depth, first.still_ahead(state, step.pilot_ahead, step.played_by))


def carry_out(state: PuertoDiabloState, step: CarryOut, action: None) -> None:
    """The card's primitives, in order, unless a counter cancelled it."""
    bit = 1 << step.depth
    if state.cancelled & bit:
        state.cancelled &= ~bit
        state.emit(everyone("not_carried_out", seat=step.player, ability=step.ability))
        return
    state.emit(everyone("takes_effect", seat=step.player, ability=step.ability))
    prims = state.t.abi_effect[step.ability]
    if not all(p["op"] in PURCHASE_EFFECTS or p["op"] in ("CANCEL", "REROLL", "ROLL_MODIFIER")
               or p["op"] in committing.EFFECTS for p in prims):
        # R13: an ability that leaves fewer than two players ashore cuts the round short.
        # A modifier moves no character: at the check of a round already cut short, the
        # cut would clear the rest of that check.
        state.push(AfterEvent())
    for prim in prims:
        EFFECTS[prim["op"]](state, step, prim)


# ----- the effects (5.3 of the closed vocabulary) ---------------------------------------------


def add_doubloons(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """+n doubloons for this purchase; unspent ones are lost (no change)."""
    state.purse += int(prim["n"])


def double_doubloons(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The acting character's visible doubloons count once more: each doubling adds the
    original amount again (the rulebook: two doublings on 4 make 4 + 4 + 4 = 12)."""
    d = state.t.doubloons[step.character]
    state.purse += sum(d[s] for s in open_sides(state, step.character))


def price_delta(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """Each card bought in this purchase costs delta more (less); summed with the
    surcharge, then raised to 1 (:func:`~ludoteca.games.puertodiablo.steps.card_price`)."""
    state.price_cut += int(prim["delta"])


def extra_purchase(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The card limit of this purchase is raised by n."""
    state.extra_buys += int(prim["n"])


def extra_tale(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """n tall tales besides telling one or buying, in this purchase."""
    state.extra_tales += int(prim["n"])


def tale_bonus(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """Each tale told in this purchase counts n extra symbols of its type."""
    state.tale_bonus += int(prim["n"])


def cancel(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The ability that opened the window is not carried out."""
    state.cancelled |= 1 << (step.depth - 1)


def reroll(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """Another player's successful roll is made again; its effect is carried out only if
    the repeat succeeds."""
    if prim.get("roll") == "TREASURE":
        state.hunt_reroll = 1  # the treasure check makes the roll again (rules/treasure.py)
        return
    seat, a, c = state.chain[step.depth - 1]
    state.push(AbilityRoll(seat, a, c, step.depth - 1, repeat=True))


def _chosen(state: PuertoDiabloState) -> int:
    """The next choice made for the effect being carried out (-1: nothing fitted)."""
    return state.choice.pop(0) if state.choice else -1


def take_pilot(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The card's player takes the pilot card (already the pilot: nothing changes)."""
    if state.pilot != step.player:
        state.pilot = step.player
        state.emit(everyone("pilot", seat=step.player, why="ability"))


def set_weather(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The harbour card turns to the side chosen (or named); it is the weather until the
    next weather card is turned (R39)."""
    to = prim.get("to", "CHOICE")
    foul = _chosen(state) if to == "CHOICE" else int(to == "FOUL")
    changed = foul != state.foul
    state.foul = foul
    state.emit(everyone("weather_set", seat=step.player, foul=foul, changed=changed))


def prevent_war(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The pending weather war is not fought; it still uses up the harbour's one."""
    if state.pending_war >= 0:
        state.pending_war = -1
        state.emit(everyone("war_prevented", seat=step.player))


def start_war(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """A war between the two parties, by the normal rules; it neither needs nor uses up
    the weather-war limit."""
    a, b = _chosen(state), _chosen(state)
    if a >= 0 and b >= 0:
        war(state, a, b, "ability")


def weaken(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The chosen character's owner covers one of its sides; one already weakened goes
    to the ship instead."""
    c = _chosen(state)
    if c < 0 or state.place[c] != ASHORE:  # not ashore any more
        return
    if committing.spares(state, step.depth, c):
        return
    if state.cover[c]:
        to_ship(state, c, "ability")
    else:
        state.push(WeakenSide(state.owner[c], c))


def send_to_ship(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The chosen character, healthy or weakened, goes to the ship."""
    c = _chosen(state)
    if c >= 0 and state.place[c] == ASHORE and not committing.spares(state, step.depth, c):
        to_ship(state, c, "ability")


def restore(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """The chosen weakened character is uncovered: healthy again."""
    c = _chosen(state)
    if c >= 0 and state.place[c] == ASHORE and state.cover[c]:
        state.cover[c] = 0
        state.emit(everyone("restored", seat=state.owner[c], character=c))


def abilities_to_ship(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """One ability of the chosen player's hand (at random, or his pick) goes to his ship."""
    seat = _chosen(state) if prim.get("owner") == "CHOSEN_OTHER" else step.player
    if seat < 0 or not state.hand[seat]:
        return
    if prim.get("count") == "ALL":
        state.ship_abis[seat].extend(state.hand[seat])
        state.ship_abis[seat].sort()
        state.emit(everyone("abilities_to_ship", seat=seat, abilities=state.hand[seat]))
        state.hand[seat] = []
        return
    state.push(*lose_ability(state, seat, str(prim.get("pick", "RANDOM")), 0, False))


def roll_modifier(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """+delta to the treasure roll about to be made for one's own hunter (R8)."""
    state.hunt_delta += int(prim["delta"])


EFFECTS: dict[str, Callable[[PuertoDiabloState, CarryOut, dict[str, Any]], None]] = {
    "ADD_DOUBLOONS": add_doubloons,
    "DOUBLE_DOUBLOONS": double_doubloons,
    "PRICE_DELTA": price_delta,
    "EXTRA_PURCHASE": extra_purchase,
    "EXTRA_TALE": extra_tale,
    "TALE_BONUS": tale_bonus,
    "CANCEL": cancel,
    "REROLL": reroll,
    "TAKE_PILOT": take_pilot,
    "SET_WEATHER": set_weather,
    "PREVENT_WAR": prevent_war,
    "START_WAR": start_war,
    "WEAKEN": weaken,
    "SEND_TO_SHIP": send_to_ship,
    "RESTORE": restore,
    "ABILITIES_TO_SHIP": abilities_to_ship,
    "ROLL_MODIFIER": roll_modifier,
    **committing.EFFECTS,
    "LOG_PEEK": lookout.log_peek,
    "LOG_SKIP": lookout.log_skip,
    "MARKET_HELP": market_help.market_help,
}
"""The interpreter: primitive name -> the effect that carries it out."""


def open_purchase(state: PuertoDiabloState) -> None:
    """Effects last for one purchase: a new purchase (or none) starts with none."""
    state.purse = state.price_cut = state.extra_buys = state.extra_tales = 0
    state.tale_bonus = 0


# ----- the windows of the moments of play ------------------------------------------------------


def open_window(state: PuertoDiabloState, step: OpenWindow, action: None) -> None:
    """R38: the players in the harbour who can play a card of the moment, from the pilot
    clockwise (several who want to: the pilot picks, R51); after a card is resolved the
    window opens again, so everybody may answer it with one of his own, until all pass.
    A challenge skipped by ``LOG_SKIP`` has no window left."""
    if step.moment == "challenge" and state.challenge < 0:
        return
    seats = [s for s in in_harbour(state) if playable_at(state, s, step.moment)]
    first.ask(state, seats, step.moment,
              pilot_ahead=first.still_ahead(state, step.pilot_ahead, step.played_by))


def moment_window(state: PuertoDiabloState, step: MomentWindow,
                  action: PlayAbility | Decline) -> None:
    if isinstance(action, PlayAbility):
        state.push(OpenWindow(step.moment, step.pilot_ahead, step.seat))
        play(state, step.seat, action, 0)
        return
    state.emit(everyone("passes", seat=step.seat, moment=step.moment))


def choice_point(state: PuertoDiabloState, step: ChoicePoint, action: None) -> None:
    options = effect_options(state, step.player, step.ability, step.index, step.part)
    if len(options) > 1:
        state.push(EffectChoice(step.player, step.ability, step.index, step.part))
        return
    value = -1
    if options:
        value = _choice_value(state.game.codec.actions[options[0]])
        # The only choice is still part of the card's play, said to all before the
        # counters (R38), so that those who may counter know what the card will hit.
        state.emit(everyone("effect_choice", seat=step.player, ability=step.ability,
                            op=state.t.abi_effect[step.ability][step.index]["op"],
                            value=value, forced=True))
    state.choice.append(value)


def _choice_value(action: Any) -> int:
    if isinstance(action, Choose):
        return action.character
    if isinstance(action, ChooseParty):
        return action.party
    if isinstance(action, ChooseWeather):
        return action.foul
    if isinstance(action, ChooseSeat):
        return action.seat
    if isinstance(action, ChooseSymbol):
        return action.symbol
    raise AssertionError(f"{action!r} is no choice of an effect")


def effect_choice(state: PuertoDiabloState, step: EffectChoice,
                  action: Choose | ChooseParty | ChooseWeather | ChooseSeat | ChooseSymbol,
                  ) -> None:
    """Said to all: the choice is part of the card's play."""
    value = _choice_value(action)
    state.choice.append(value)
    state.emit(everyone("effect_choice", seat=step.seat, ability=step.ability,
                        op=state.t.abi_effect[step.ability][step.index]["op"], value=value,
                        forced=False))


def weaken_side(state: PuertoDiabloState, step: WeakenSide, action: Cover) -> None:
    state.cover[action.character] |= 1 << action.side
    state.emit(everyone("weakened", seat=step.seat, character=action.character,
                        side=action.side))
