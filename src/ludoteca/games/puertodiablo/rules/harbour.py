"""Arriving in a harbour: preparations, characters sent ashore, the market, the top-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.core.hidden import expand, secret
from ludoteca.games.puertodiablo.actions import (
    AbilityCard,
    CharacterCard,
    SendAshore,
    TakeCheapest,
)
from ludoteca.games.puertodiablo.rules import treasure
from ludoteca.games.puertodiablo.steps import (
    ASHORE,
    MARKET,
    PILE,
    SHIP,
    Arrive,
    DealSlot,
    OpenWindow,
    Refill,
    Reveal,
    SelectAshore,
    StartRound,
    TakeCheapestStep,
    TopUp,
    ashore_of,
    cheapest,
    need,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def arrive(state: PuertoDiabloState, step: Arrive, action: None) -> None:
    """Preparations for a new harbour, then every player chooses his characters ashore at
    the same time as the others."""
    t = state.t
    state.harbour = step.harbour
    state.round = 0
    state.war_done = 0
    state.pending_war = -1  # a new harbour's weather war needs two cards turned there
    state.challenge = -1
    if step.harbour:
        prepare_new_harbour(state)
    else:
        state.foul = 0
    h = state.voyage[step.harbour]
    state.emit(everyone("harbour", index=step.harbour, harbour=h, name=t.harbour_names[h],
                        number=t.harbour_number[h], foul=state.foul))
    number = need(state)
    n = state.num_players
    choosers = []
    for i in range(n):
        seat = (state.pilot + i) % n
        state.ashore[seat] = 1
        on_ship = sum(1 for c in range(t.num_chars)
                      if state.place[c] == SHIP and state.owner[c] == seat)
        # A player with no more characters than the number sends all of them: no choice.
        if on_ship > number:
            choosers.append(seat)
    # One pick per seat in turn, round after round: every seat of a round of picks
    # chooses without knowing the others' picks (the group of simultaneous choices).
    state.push(*(SelectAshore(seat, number - k) for k in range(number) for seat in choosers),
               Reveal())
    treasure.open_at_arrival(state)


def prepare_new_harbour(state: PuertoDiabloState) -> None:
    """The kept weather card decides the side; the other used log cards go under the
    pile, shuffled; the market is emptied under its piles (R17); characters are healthy
    again and abilities back in the hands (R18); level II abilities join at the third."""
    t = state.t
    state.foul = int(t.log_foul[state.weather])
    if state.used_log:
        state.log_pile = state.log_pile.put_under(*state.used_log, shuffled=True)
        state.used_log = []
    chars = [c for c in state.market[:t.market_chars] if c >= 0]
    abis = [a for a in state.market[t.market_chars:] if a >= 0]
    for c in chars:
        state.place[c] = PILE
    state.char_pile = state.char_pile.put_under(*chars)
    state.abi_pile = state.abi_pile.put_under(*abis)
    state.market = [-1] * len(state.market)
    for c in range(t.num_chars):
        state.cover[c] = 0
    for seat in range(state.num_players):
        state.hand[seat].extend(state.ship_abis[seat])
        state.hand[seat].sort()
        state.ship_abis[seat] = []
    if state.harbour + 1 == t.level_two_at and any(state.level_two):
        state.abi_pile = state.abi_pile.shuffled_in(*expand(state.level_two))
        state.level_two = (0,) * t.num_abis
        state.emit(everyone("level_two"))


def select_ashore(state: PuertoDiabloState, step: SelectAshore, action: SendAshore) -> None:
    """The choice is told to the chooser only; the others learn that he chose."""
    state.chosen[step.seat].append(action.character)
    state.emit(*secret((step.seat,), "selects", {"seat": step.seat},
                       character=action.character))


def reveal(state: PuertoDiabloState, step: Reveal, action: None) -> None:
    """Everybody's characters ashore are turned face up; the 4 + 4 market is dealt; short
    players top up."""
    t = state.t
    number = need(state)
    for seat in range(state.num_players):
        mine = [c for c in range(t.num_chars) if state.place[c] == SHIP and state.owner[c] == seat]
        going = state.chosen[seat] if len(mine) > number else mine
        for c in going:
            state.place[c] = ASHORE
        state.chosen[seat] = []
        state.emit(everyone("ashore", seat=seat, characters=sorted(going)))
    state.push(Refill(), TopUp(0))


def refill(state: PuertoDiabloState, step: Refill, action: None) -> None:
    """The first empty market slot whose pile has a card is dealt (chance), then again."""
    t = state.t
    for slot, card in enumerate(state.market):
        if card >= 0:
            continue
        pile = state.char_pile if slot < t.market_chars else state.abi_pile
        if pile.size:
            state.push(DealSlot(slot), Refill())
            return


def deal_slot(state: PuertoDiabloState, step: DealSlot,
              outcome: CharacterCard | AbilityCard) -> None:
    if isinstance(outcome, CharacterCard):
        c = outcome.character
        state.char_pile = state.char_pile.drawn(c)
        state.place[c] = MARKET
        state.market[step.slot] = c
        state.emit(everyone("market", slot=step.slot, character=c))
    else:
        a = outcome.ability
        state.abi_pile = state.abi_pile.drawn(a)
        state.market[step.slot] = a
        state.emit(everyone("market", slot=step.slot, ability=a))


def top_up(state: PuertoDiabloState, step: TopUp, action: None) -> None:
    """R16: from the pilot on, each short player completes his top-up before the next,
    always with the cheapest character (his choice among equals), free."""
    n = state.num_players
    number = need(state)
    for i in range(step.index, n):
        seat = (state.pilot + i) % n
        if len(ashore_of(state, seat)) >= number:
            continue
        low = cheapest(state)
        if not low:
            if state.char_pile.size:  # the display ran out: refill it and go on
                state.push(Refill(), TopUp(i))
                return
            break
        if len(low) == 1:
            take(state, seat, low[0])
            state.push(TopUp(i))
        else:
            state.push(TakeCheapestStep(seat), TopUp(i))
        return
    # R38: the arrival moment, after the top-up, before the first log card; nothing of
    # the last harbour's round is pending any more.
    state.outcome = -1
    state.challenge = -1
    state.push(Refill(), OpenWindow("arrival"), StartRound())


def take(state: PuertoDiabloState, seat: int, c: int) -> None:
    slot = state.market.index(c)
    state.market[slot] = -1
    state.place[c] = ASHORE
    state.owner[c] = seat
    state.emit(everyone("tops_up", seat=seat, character=c))


def take_cheapest(state: PuertoDiabloState, step: TakeCheapestStep, action: TakeCheapest) -> None:
    take(state, step.seat, action.character)
