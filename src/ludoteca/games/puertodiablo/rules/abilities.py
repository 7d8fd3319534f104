"""Ability cards: presenting one, the die against the card's table, the counter window and
the effect, carried out by one interpreter of the edition's closed vocabulary.

Built moments: the purchase moment (the effects in
:data:`~ludoteca.games.puertodiablo.steps.PURCHASE_EFFECTS`) and the counter moment
against a successful ability roll (``CANCEL``, ``REROLL`` of another player's ability
roll). A title whose moments or primitives are not built is never offered, so no card is
played half-way (``docs/rulings/puertodiablo.md``, "Not built").

Order of one card (R33, R34): the card goes face down to the ship as it is played, so it
is there whether the roll succeeds or not; the roll is a chance node; on a success the
counter window opens (only to players holding a counter) before the effect is carried
out. ``state.chain`` holds the card at each depth of a chain of counters,
``state.cancelled`` a bit per depth whose effect is not to be carried out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.actions import Decline, Die, PlayAbility
from ludoteca.games.puertodiablo.steps import (
    AbilityRoll,
    CarryOut,
    CounterWindow,
    ReopenWindow,
    counters_held,
    foreknowledge,
    in_harbour,
    least_roll,
    open_sides,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def play(state: PuertoDiabloState, seat: int, action: PlayAbility, depth: int) -> None:
    """Presenting to the pilot and playing: the title is shown, the card goes to the ship
    at once (used once per harbour, whatever the die says), then the die is rolled."""
    a, c = action.ability, action.character
    state.hand[seat].remove(a)
    state.ship_abis[seat].append(a)
    count = foreknowledge(state, a, c)
    state.emit(everyone("plays", seat=seat, ability=a, character=c, count=count,
                        least=least_roll(state, a, count)))
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
    if not success:
        if step.repeat:
            state.cancelled |= 1 << step.depth
        return
    window = counter_window_steps(state, step.player, step.depth)
    if step.repeat:
        state.push(*window)
    else:
        state.push(*window, CarryOut(step.player, step.ability, step.character, step.depth))


def counter_window_steps(state: PuertoDiabloState, roller: int, depth: int) -> list[Any]:
    """The window is offered only to players in the harbour, other than the roller, who
    hold a counter and have a character ashore to act it; nobody: no window."""
    seats = [s for s in in_harbour(state) if s != roller and counters_held(state, s)]
    return [CounterWindow(seats[0], roller, depth, tuple(seats[1:]))] if seats else []


def counter_window(state: PuertoDiabloState, step: CounterWindow,
                   action: PlayAbility | Decline) -> None:
    """Players are asked in turn from the pilot; one who plays a counter goes first (the
    rulebook: the pilot picks who plays first), and once it is resolved those after him
    are asked again: they need not play, but they may."""
    if isinstance(action, PlayAbility):
        if step.later:
            state.push(ReopenWindow(step.roller, step.depth, step.later))
        play(state, step.seat, action, step.depth + 1)
        return
    state.emit(everyone("no_counter", seat=step.seat))
    if step.later:
        state.push(CounterWindow(step.later[0], step.roller, step.depth, step.later[1:]))


def reopen_window(state: PuertoDiabloState, step: ReopenWindow, action: None) -> None:
    """Only if the ability is still to be carried out, and only to those still holding a
    counter."""
    if state.cancelled >> step.depth & 1:
        return
    seats = [s for s in step.seats if counters_held(state, s)]
    if seats:
        state.push(CounterWindow(seats[0], step.roller, step.depth, tuple(seats[1:])))


def carry_out(state: PuertoDiabloState, step: CarryOut, action: None) -> None:
    """The card's primitives, in order, unless a counter cancelled it."""
    bit = 1 << step.depth
    if state.cancelled & bit:
        state.cancelled &= ~bit
        state.emit(everyone("not_carried_out", seat=step.player, ability=step.ability))
        return
    state.emit(everyone("takes_effect", seat=step.player, ability=step.ability))
    for prim in state.t.abi_effect[step.ability]:
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
    "ROLL_MODIFIER": roll_modifier,
}
"""The interpreter: primitive name -> the effect that carries it out."""


def open_purchase(state: PuertoDiabloState) -> None:
    """Effects last for one purchase: a new purchase (or none) starts with none."""
    state.purse = state.price_cut = state.extra_buys = state.extra_tales = 0
    state.tale_bonus = 0
