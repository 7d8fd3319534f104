"""Preparation: the first pilot, the voyage, the starting sets, the piles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.core.hidden import Pile
from ludoteca.games.puertodiablo.actions import ChooseSet, FirstPilot, Voyage
from ludoteca.games.puertodiablo.rules import advanced
from ludoteca.games.puertodiablo.steps import SHIP, Arrive, LayOut, PickSet, PickVoyage

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def first_pilot(state: PuertoDiabloState, step: object, outcome: FirstPilot) -> None:
    """R28: the rulebook's real-life criterion becomes a random seat."""
    state.pilot = outcome.seat
    state.emit(everyone("pilot", seat=outcome.seat, why="first"))
    state.push(PickVoyage(3), PickVoyage(4))


def pick_voyage(state: PuertoDiabloState, step: PickVoyage, outcome: Voyage) -> None:
    """Puerto Diablo first, La Coruna last, a 3 and a 4 between (R29: drawn at random)."""
    t = state.t
    slot = step.number - 2
    state.voyage[slot] = outcome.harbour
    state.emit(everyone("voyage", number=step.number, harbour=outcome.harbour,
                        name=t.harbour_names[outcome.harbour]))
    if step.number == 4 and state.advanced:
        advanced.begin(state)  # the advanced start instead of the starting sets
    elif step.number == 4:
        n = state.num_players
        state.push(*(PickSet((state.pilot + i) % n) for i in range(n)), LayOut())


def choose_set(state: PuertoDiabloState, step: PickSet, action: ChooseSet) -> None:
    """The set's characters go to the ship side (the hand), its abilities into the hand."""
    t = state.t
    k = t.set_numbers.index(action.starting_set)
    state.sets_taken |= 1 << k
    for c in t.set_chars[k]:
        state.place[c] = SHIP
        state.owner[c] = step.seat
    state.hand[step.seat].extend(t.set_abis[k])
    state.hand[step.seat].sort()
    state.emit(everyone("starting_set", seat=step.seat, set=action.starting_set))


def lay_out(state: PuertoDiabloState, step: LayOut, action: None) -> None:
    """After the sets: the leftover sets join the piles; level II abilities are held back
    for the third harbour (the advanced start: not, R49), the treasure ones left out
    without the expansion; the opening sun card lies face up."""
    t = state.t
    chars = [0] * t.num_chars
    for c in range(t.num_chars):
        if state.owner[c] < 0:
            chars[c] = 1
    state.char_pile = Pile.of(chars)
    abis = list(t.abi_copies)
    for seat in range(state.num_players):
        for a in state.hand[seat]:
            abis[a] -= 1
    level2 = [0] * t.num_abis
    for a in range(t.num_abis):
        if t.abi_treasure[a] and not state.treasure_on:
            abis[a] = 0  # only with the treasure expansion (its level I pile otherwise)
        elif t.abi_level2[a] and not state.advanced:
            level2[a], abis[a] = abis[a], 0
    state.abi_pile = Pile.of(abis)
    state.level_two = tuple(level2)
    logs = [1] * t.num_log
    logs[t.opening] = 0
    state.log_pile = Pile.of(logs)
    state.weather = t.opening
    if state.treasure_on:  # the treasure pile lies face down beside the market
        state.treasure_pile = Pile.of([1] * t.num_treasures)
    state.emit(everyone("opening", card=t.opening))
    state.push(Arrive(0))
