"""A failed challenge: its consequence, primitive by primitive, for the players who still
have characters ashore (clockwise from the pilot); then the crew phase."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.events import everyone
from ludoteca.core.flow import Step
from ludoteca.games.puertodiablo.actions import Choose, Cover, Discard, LostAbility
from ludoteca.games.puertodiablo.rules import treasure
from ludoteca.games.puertodiablo.rules.committing import (
    choose,
    chosen_of,
    spared,
    start_event,
    window_due,
)
from ludoteca.games.puertodiablo.rules.log import war
from ludoteca.games.puertodiablo.rules.moves import sweep, to_ship
from ludoteca.games.puertodiablo.steps import (
    OUT,
    AfterEvent,
    Consequence,
    CrewPhase,
    EventWindow,
    LoseAbility,
    PayDoubloons,
    PickCharacter,
    RandomLoss,
    ashore_of,
    budget,
    in_harbour,
    matching,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def start_consequence(state: PuertoDiabloState) -> None:
    state.push(Consequence(0, tuple(in_harbour(state))))


def consequence(state: PuertoDiabloState, step: Consequence, action: None) -> None:
    """One primitive for every player it touches, then the next primitive."""
    prims = state.t.consequence[state.challenge]
    if not step.asked:
        state.event = None  # the last primitive's event is over
    if step.index >= len(prims):
        state.push(AfterEvent(), CrewPhase())
        return
    prim = prims[step.index]
    op = prim["op"]
    if op != "START_WAR" and not step.asked:
        # R66: the counter window once it is known whose characters it hits.
        hit = [s for s in step.players if state.ashore[s] and hits(state, s, prim)]
        start_event(state, "consequence", step.index, hit)
        if window_due(state):
            choices: list[Step[Any]] = []
            early = state.options.event_window == "after_choices"
            if early:
                choices = choose_first(state, step, prim)
            state.push(*choices, EventWindow(),
                       Consequence(step.index, step.players, True, early))
            return
    state.push(Consequence(step.index + 1, step.players))
    if op == "START_WAR":
        t = state.t
        war(state, t.party_index[prim["a"]], t.party_index[prim["b"]], "challenge")
        return
    steps: list[Step[Any]] = []
    for seat in step.players:
        if state.ashore[seat] and not (hits(state, seat, prim) and spared(state, seat)):
            if step.chosen and op != "PAY_DOUBLOONS" and hits(state, seat, prim):
                take_chosen(state, seat, op)
            else:
                steps.extend(apply_to(state, seat, step, prim))
    state.push(*steps)


def choose_first(state: PuertoDiabloState, step: Consequence,
                 prim: dict[str, Any]) -> list[Step[Any]]:
    """``event_window=after_choices`` (R66): the characters the primitive takes from each
    player it hits are chosen before the counter window (by the owner, or his left
    neighbour as the card says), said to all; they stay ashore until it is carried out.
    A payment is made after the window (nothing to choose before it)."""
    op = prim["op"]
    out: list[Step[Any]] = []
    assert state.event is not None
    for seat in state.event.hit:
        if op == "SEND_TO_SHIP":
            target = prim["target"]
            chars = matching(state, seat, target)
            if target.get("count", 1) == "ALL" or len(chars) <= 1:
                for c in chars:
                    choose(state, c, seat, forced=True)
            else:
                out.append(PickCharacter(chooser(state, seat, target), seat, step.index,
                                         False, deferred=True))
        elif op == "REMOVE_FROM_GAME":
            chars = ashore_of(state, seat)
            if len(chars) == 1:
                choose(state, chars[0], seat, forced=True)
            elif chars:
                out.append(PickCharacter(seat, seat, step.index, True, deferred=True))
    return out


def take_chosen(state: PuertoDiabloState, seat: int, op: str) -> None:
    """The characters chosen for the event before its window go (``op``: to the ship, or
    out of the game)."""
    for c in chosen_of(state, seat):
        if op == "REMOVE_FROM_GAME":
            remove_character(state, c)
        else:
            to_ship(state, c, "consequence")


def apply_to(state: PuertoDiabloState, seat: int, step: Consequence,
             prim: dict[str, Any]) -> list[Step[Any]]:
    """What ``prim`` does to ``seat`` at once, and the steps of the choices it needs."""
    op = prim["op"]
    if op == "SEND_TO_SHIP":
        target = prim["target"]
        chars = matching(state, seat, target)
        if target.get("count", 1) == "ALL" or len(chars) <= 1:
            for c in chars:
                choose(state, c)
                to_ship(state, c, "consequence")
            return []
        return [PickCharacter(chooser(state, seat, target), seat, step.index, False)]
    if op == "REMOVE_FROM_GAME" and prim["kind"] == "CHARACTER":
        chars = ashore_of(state, seat)
        if len(chars) == 1:
            choose(state, chars[0])
            remove_character(state, chars[0])
            return []
        return [PickCharacter(seat, seat, step.index, True)] if chars else []
    if op == "REMOVE_FROM_GAME":
        mask = 0
        if "foreknowledge_has" in prim:
            mask = 1 << state.t.sym_index[prim["foreknowledge_has"]]
        return lose_ability(state, seat, prim["pick"], mask, True)
    if op == "ABILITIES_TO_SHIP":
        if prim["count"] == "ALL":
            state.ship_abis[seat].extend(state.hand[seat])
            state.ship_abis[seat].sort()
            state.emit(everyone("abilities_to_ship", seat=seat, abilities=state.hand[seat]))
            state.hand[seat] = []
            return []
        return lose_ability(state, seat, prim["pick"], 0, False)
    if op == "PAY_DOUBLOONS":
        return pay(state, seat, prim["n"])
    raise AssertionError(f"{op} is no consequence")  # the edition refuses it at load


def hits(state: PuertoDiabloState, seat: int, prim: dict[str, Any]) -> bool:
    """Whether the primitive would hit one of ``seat``'s characters (what a ``SHIELD``
    answers: characters only, a payment included, not abilities)."""
    op = prim["op"]
    if op == "SEND_TO_SHIP":
        return bool(matching(state, seat, prim["target"]))
    if (op == "REMOVE_FROM_GAME" and prim["kind"] == "CHARACTER") or op == "PAY_DOUBLOONS":
        return bool(ashore_of(state, seat))
    return False


def chooser(state: PuertoDiabloState, owner: int, target: dict[str, Any]) -> int:
    """R26: the left neighbour is the first player to the owner's left still ashore."""
    if target.get("chooser", "OWNER") != "LEFT_NEIGHBOUR":
        return owner
    n = state.num_players
    for i in range(1, n):
        seat = (owner + i) % n
        if state.ashore[seat]:
            return seat
    return owner


def lose_ability(state: PuertoDiabloState, seat: int, pick: str, mask: int,
                 remove: bool) -> list[Step[Any]]:
    fk = state.t.abi_fk_symbols
    hand = [a for a in state.hand[seat] if not mask or fk[a] & mask]
    if not hand:
        return []
    if pick == "RANDOM" and not mask:
        if len(set(hand)) == 1:
            drop_ability(state, seat, hand[0], remove)
            return []
        return [RandomLoss(seat, remove)]
    if len(set(hand)) == 1:
        drop_ability(state, seat, hand[0], remove)
        return []
    return [LoseAbility(seat, mask, remove)]


def drop_ability(state: PuertoDiabloState, seat: int, a: int, remove: bool) -> None:
    state.hand[seat].remove(a)
    if not remove:
        state.ship_abis[seat].append(a)
        state.ship_abis[seat].sort()
    state.emit(everyone("loses_ability", seat=seat, ability=a, removed=remove))


def pay(state: PuertoDiabloState, seat: int, n: int) -> list[Step[Any]]:
    """R3: short of the amount, all his characters ashore go to the ship."""
    if budget(state, seat) < n:
        for c in ashore_of(state, seat):
            to_ship(state, c, "cannot pay")
        return []
    return [PayDoubloons(seat, n)]


def remove_character(state: PuertoDiabloState, c: int) -> None:
    state.place[c] = OUT
    state.emit(everyone("removed", seat=state.owner[c], character=c))


def pick_character(state: PuertoDiabloState, step: PickCharacter, action: Choose) -> None:
    if step.deferred:
        choose(state, action.character, step.seat)
        return
    choose(state, action.character)
    if step.remove:
        remove_character(state, action.character)
    else:
        to_ship(state, action.character, "consequence")


def pay_doubloons(state: PuertoDiabloState, step: PayDoubloons, action: Cover) -> None:
    """R3: the side is covered; a character with both sides covered (a weakened one whose
    open side pays, too) goes to the ship. The step goes on with the sides covered so far
    until the amount is reached."""
    c, side = action.character, action.side
    state.cover[c] |= 1 << side
    paid = state.t.doubloons[c][side]
    state.emit(everyone("pays", seat=step.seat, character=c, side=side, doubloons=paid))
    if state.event is not None:  # for the boards: what each has paid so far
        state.event = state.event._replace(paid=(*state.event.paid, (step.seat, paid)))
    if state.cover[c] == 3:
        to_ship(state, c, "weakened")
    if paid < step.left:
        state.push(PayDoubloons(step.seat, step.left - paid, (*step.covered, (c, side))))


def lose_chosen(state: PuertoDiabloState, step: LoseAbility, action: Discard) -> None:
    drop_ability(state, step.seat, action.ability, step.remove)


def random_loss(state: PuertoDiabloState, step: RandomLoss, outcome: LostAbility) -> None:
    drop_ability(state, step.owner, outcome.ability, step.remove)


def after_event(state: PuertoDiabloState, step: AfterEvent, action: None) -> None:
    """R13: fewer than two players ashore before the crew phase cut the round short."""
    state.event = None
    sweep(state)
    if state.outcome < 0 and len(in_harbour(state)) < 2:
        state.clear_pending()
        state.pending_war = -1  # its WeatherWar was among the steps cleared
        state.emit(everyone("round_cut_short"))
        state.push(CrewPhase())
        treasure.after_cut_short(state)
