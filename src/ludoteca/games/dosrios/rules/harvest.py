"""Harvests and Bandits: the end-of-turn choice of the first action card, what each card
pays, the draw that refills the row, and the Bandits (R17-R19, R23-R26)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.dosrios.actions import ActionCard, Activate, PassOver
from ludoteca.games.dosrios.steps import Harvest, RevealCard
from ludoteca.games.dosrios.tables import ESTATE, FOREST

if TYPE_CHECKING:
    from ludoteca.games.dosrios.state import DosRiosState

CROP, FORESTS, RIVER, BANDITS = range(4)


def harvest(state: DosRiosState, step: Harvest, action: Activate | PassOver) -> None:
    """Activate: everyone harvests by the first card, which is discarded, and a card is
    drawn to the right end of the row. Pass over: the card goes to the end of the row."""
    kind = state.row.pop(0)
    if isinstance(action, PassOver):
        state.row.append(kind)
        state.emit(everyone("passed_over", seat=step.seat, card=kind))
        return
    money, logs = payouts(state, kind)
    # ``pays``: whether anybody is paid anything (a "harvested" line follows), so that a
    # table opens no panel for a harvest that pays nobody (its log line says enough).
    state.emit(everyone("activated", seat=step.seat, card=kind,
                        pays=any(money) or any(logs)))
    pay(state, money, logs)
    state.deck = state.deck.discarded(kind)
    state.push(RevealCard(False))


def holder(state: DosRiosState, x: int) -> int:
    """Who harvests hex ``x``: its building's owner, else its workers' (-1: nobody)."""
    b = state.building[x]
    return b >> 1 if b >= 0 else state.hex_seat[x]


def payouts(state: DosRiosState, kind: int) -> tuple[list[int], list[int]]:
    """What card ``kind`` pays each seat, in money and in Logs before the cap: 100 per
    irrigated hex of the crop, a Log per irrigated forest, or along the named river a Log
    per forest and 100 per field (R23, R24). Changes nothing."""
    t = state.t
    what = t.card_kind[kind]
    hexes = state.course(t.card_river[kind]) if what == RIVER else sorted(state.irrigated())
    terrain = state.terrain
    crop = t.card_crop[kind]
    money = [0] * state.num_players
    logs = [0] * state.num_players
    for x in hexes:
        who = holder(state, x)
        if who < 0:
            continue
        here = terrain[x]
        # a crop card pays its crop, a river card every field; hills pay nothing
        if (what == CROP and here == crop) or (what == RIVER and here < FOREST):
            money[who] += t.crop_pay
        elif here == FOREST and what in (FORESTS, RIVER):
            logs[who] += 1
    return money, logs


def pay(state: DosRiosState, money: list[int], logs: list[int]) -> None:
    """Pays each seat its ``payouts``: the money, and the Logs up to the cap (R24), the
    rest lost; one "harvested" event per seat paid anything."""
    t = state.t
    for seat in range(state.num_players):
        state.money[seat] += money[seat]
        got = min(logs[seat], t.log_cap - state.logs[seat])
        state.logs[seat] += got
        if money[seat] or logs[seat]:
            state.emit(everyone("harvested", seat=seat, money=money[seat], logs=got,
                                lost=logs[seat] - got))


def reveal_card(state: DosRiosState, step: RevealCard, outcome: ActionCard) -> None:
    """A card to the right end of the row. Bandits: set aside in the opening row and
    shuffled back once a card without them is drawn (R18); in play they strike at once,
    are discarded and another card is drawn (R25)."""
    t = state.t
    kind = outcome.kind
    state.deck = state.deck.drawn(kind)
    if t.card_kind[kind] == BANDITS:
        state.emit(everyone("drawn", card=kind, setup=step.setup))
        if step.setup:
            state.push(RevealCard(True, (*step.aside, kind)))
            return
        bandits(state, t.card_river[kind])
        state.deck = state.deck.discarded(kind)
        state.push(RevealCard(False))
        return
    state.row.append(kind)
    state.emit(everyone("drawn", card=kind, setup=step.setup))
    if step.aside:
        state.deck = state.deck.shuffled_in(*step.aside)
        state.emit(everyone("shuffled_back", cards=list(step.aside)))


def bandits(state: DosRiosState, river: int) -> None:
    """Down the river from its source: one worker shot back to the Town in each hex with
    workers, but none beside an Estate, until three are shot or the river ends (R26)."""
    t = state.t
    shots = 0
    shot: list[list[int]] = []
    for x in state.course(river):
        if shots >= t.bandit_shots:
            break
        who = state.hex_seat[x]
        if who < 0:
            continue
        b = state.building[x]
        if b >= 0 and b & 1 == ESTATE:
            continue
        state.put_worker(who, x, t.town)
        shots += 1
        shot.append([who, x])
    state.emit(everyone("bandits", river=river, shot=shot))
