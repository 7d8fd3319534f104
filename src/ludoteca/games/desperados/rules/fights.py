"""Fighting over a Mine.

A Desperado laid on an opponent's open mine starts a fight (one at a time, R9). Every
other player then has exactly one turn in which they may add one Desperado (R10, R11);
the fight is settled at the start of the attacker's next turn, before the attacker acts.
Partnerships add their cards and a draw goes to the defenders; in the individual game the
single highest card takes the mine for whoever played it. Closing the mine ends the fight
at once: no change of owner, and the last chest laid on it is discarded (R12). Every
Desperado of a fight then goes face down to the discard pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.desperados.actions import Fight
from ludoteca.games.desperados.rules import tell
from ludoteca.games.desperados.rules.cards import LOG_PLAY, log, lose_card
from ludoteca.games.desperados.tables import DOUBLE, NOBODY

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


def fight_over_a_mine(state: DesperadosState, seat: int, action: Fight) -> None:
    """A Desperado starts a fight over an opponent's mine, or joins the fight on it."""
    kind, slot = action.card, action.mine
    lose_card(state, seat, kind)
    joins = state.fight_mine != NOBODY
    if not joins:
        state.fight_mine = slot
        state.fight_attacker = seat
    state.fight_cards[seat] = kind
    if state.partnership:
        log(state, seat, LOG_PLAY, kind)
    state.emit(*tell.played(state, "fight", seat, kind, slot, int(joins)))


def fight_winner(state: DesperadosState) -> int:
    """The display that wins the fight as it stands (R10, R11)."""
    slot = state.fight_mine
    value = state.cards.value
    defenders = state.owner[slot]
    if state.partnership:
        totals = [0, 0]
        for seat, kind in enumerate(state.fight_cards):
            if kind != NOBODY:
                totals[seat & 1] += value[kind]
        attackers = 1 - defenders
        return attackers if totals[attackers] > totals[defenders] else defenders
    best, winner = -1, defenders
    for seat, kind in enumerate(state.fight_cards):
        if kind != NOBODY and value[kind] > best:
            best, winner = value[kind], seat
    return winner


def settle_the_fight(state: DesperadosState) -> None:
    """At the start of the attacker's next turn the fight is decided."""
    slot = state.fight_mine
    winner = fight_winner(state)
    kept = winner == state.owner[slot]
    _report(state, winner, "the defenders keep the mine" if kept else "the mine changes hands")
    state.owner[slot] = winner
    discard_the_fight(state)


def close_during_a_fight(state: DesperadosState, slot: int) -> None:
    """The fight is over at once, no change of owner, and the last chest is discarded."""
    t = state.cards
    chests = state.chests[slot]
    lost = "nothing"
    if chests:
        metal = t.slot_metal[slot]
        last = chests.pop()
        kind = (t.DOUBLE if last == DOUBLE else t.CHEST) + metal
        state.discard[kind] += 1
        lost = f"a {t.card_name(kind)}"
    _report(state, state.owner[slot],
            f"the mine was closed during the fight and lost {lost}")
    discard_the_fight(state)


def discard_the_fight(state: DesperadosState) -> None:
    """After a fight every Desperado played in it goes face down to the discard pile."""
    for kind in state.fight_cards:
        if kind != NOBODY:
            state.discard[kind] += 1
    state.fight_mine = NOBODY
    state.fight_attacker = NOBODY
    state.fight_cards = [NOBODY] * state.num_players


def _report(state: DesperadosState, owner: int, outcome: str) -> None:
    value = state.cards.value
    cards = [[seat, value[kind]] for seat, kind in enumerate(state.fight_cards)
             if kind != NOBODY]
    state.emit(everyone("fight_settled", mine=state.fight_mine, attacker=state.fight_attacker,
                        desperados=cards, owner=owner, outcome=outcome))
