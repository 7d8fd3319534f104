"""The log phase: the pilot turns log cards; weather changes, perhaps a war, until a
challenge shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.core.hidden import Pile
from ludoteca.games.puertodiablo.actions import Choose, LogCard
from ludoteca.games.puertodiablo.rules import treasure
from ludoteca.games.puertodiablo.rules.committing import (
    choose,
    chosen_of,
    clear_challenge,
    spared,
    start_event,
    window_due,
)
from ludoteca.games.puertodiablo.rules.moves import to_ship
from ludoteca.games.puertodiablo.steps import (
    AfterEvent,
    Decide,
    EventWindow,
    MakeOffer,
    OpenOffers,
    OpenWindow,
    StartRound,
    TurnLog,
    WarLoss,
    WarLosses,
    WeatherWar,
    in_harbour,
    war_candidates,
    war_counts,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def start_round(state: PuertoDiabloState, step: StartRound, action: None) -> None:
    state.round += 1
    state.challenge = -1
    state.outcome = -1
    state.extra_help = 0
    # (Presentation: a new round's board shows no roll, no helpers of an earlier one.)
    state.last_roll = None
    state.challengers = state.help_supplied = 0
    for seat in range(state.num_players):
        state.offers[seat] = 0
        state.assigned[seat] = 0
        state.committed[seat] = 0
    clear_challenge(state)
    state.emit(everyone("round", round=state.round))
    ensure_log_pile(state)
    state.push(TurnLog())


def ensure_log_pile(state: PuertoDiabloState) -> None:
    """R1: an empty log pile is made again from the opened cards but the weather card on
    top, shuffled; the harbour keeps its own record of a weather war."""
    if state.log_pile.size or not state.used_log:
        return
    counts = [0] * state.t.num_log
    for c in state.used_log:
        counts[c] += 1
    state.log_pile = Pile.of(counts)
    state.used_log = []
    state.emit(everyone("log_reshuffled"))


def turn_log(state: PuertoDiabloState, step: TurnLog, outcome: LogCard) -> None:
    """A weather card is settled and the next card turned; a challenge opens the challenge
    phase."""
    t = state.t
    card = outcome.card
    state.log_pile = state.log_pile.drawn(card)
    if t.log_is_weather[card]:
        settle_weather(state, card)
        return
    state.challenge = card
    state.used_log.append(card)  # the opened challenge pile, shuffled under at a new harbour
    state.emit(everyone("challenge", card=card, name=t.log_names[card]))
    treasure.card_turned(state)  # due now, made after the window (R22), even if cut short
    # The challenge moment opens before the offers (R38).
    state.push(OpenWindow("challenge"), OpenOffers())


def open_offers(state: PuertoDiabloState, step: OpenOffers, action: None) -> None:
    if state.challenge < 0:
        # LOG_SKIP (R55): the log phase goes on, after the skipped card's treasure check.
        state.push(TurnLog())
    else:
        players = in_harbour(state)
        state.challengers = sum(1 << s for s in players)  # for the board only
        state.push(*(MakeOffer(s) for s in players), Decide())
    # A challenge card's treasure check (R22): after the challenge moment's first window,
    # before the offers, as a weather card's comes after the log moment's window and war.
    if not step.renewed:
        treasure.after_log_card(state)


def settle_weather(state: PuertoDiabloState, card: int) -> None:
    """The harbour card turns to the card's weather; a flagged card turned onto a flagged
    top card starts the harbour's one weather war (R2: the same party twice is a tie)."""
    t = state.t
    top = state.weather
    state.used_log.append(top)
    state.weather = card
    foul = int(t.log_foul[card])
    changed = foul != state.foul
    state.foul = foul
    state.emit(everyone("weather", card=card, foul=foul, changed=changed))
    a, b = t.log_party[top], t.log_party[card]
    ensure_log_pile(state)
    state.push(TurnLog())
    treasure.after_log_card(state)  # below the war: the war is handled first
    if a >= 0 and b >= 0 and not state.war_done:
        state.war_done = 1
        state.pending_war = a * len(t.parties) + b
    # The log moment: after the change of weather and the war test, before the war.
    state.push(OpenWindow("log"), WeatherWar())


def weather_war(state: PuertoDiabloState, step: WeatherWar, action: None) -> None:
    """The war the test found, unless an ability prevented it."""
    if state.pending_war < 0:
        return
    a, b = divmod(state.pending_war, len(state.t.parties))
    state.pending_war = -1
    war(state, a, b, "weather")


def war(state: PuertoDiabloState, a: int, b: int, why: str) -> None:
    """Characters ashore of each party are counted (weakened ones too, a character of
    both parties for both); every player with characters of the losing side sends one of
    them to the ship; a tie sends nobody. With ``event_window=after_choices`` (and a
    shield that could answer) the losers choose before the counter window (R66)."""
    count_a, count_b = war_counts(state, a, b)
    loser = -1 if count_a == count_b else (b if count_a > count_b else a)
    state.emit(everyone("war", a=a, b=b, count_a=count_a, count_b=count_b, loser=loser,
                        why=why))
    if loser < 0:
        state.event = None
        state.push(AfterEvent())
        return
    # R66: the counter window once the losing side's characters are known.
    hit = [s for s in in_harbour(state) if war_candidates(state, s, 1 << loser)]
    start_event(state, "war", loser, hit, parties=(a, b), counts=(count_a, count_b), why=why)
    if state.options.event_window == "before_choices" or not window_due(state):
        state.push(EventWindow(), WarLosses(loser))
        return
    # The card set's order: the losers choose first, their characters stay ashore
    # through the window, then the war takes them.
    steps: list[WarLoss] = []
    for seat in hit:
        candidates = war_candidates(state, seat, 1 << loser)
        if len(candidates) == 1:
            choose(state, candidates[0], seat, forced=True)
        else:
            steps.append(WarLoss(seat, 1 << loser, deferred=True))
    state.push(*steps, EventWindow(), WarLosses(loser, chosen=True))


def war_losses(state: PuertoDiabloState, step: WarLosses, action: None) -> None:
    """Each player with characters of the losing side returns one, unless they stand
    firm: the one chosen before the window (``step.chosen``), or one he chooses now."""
    steps: list[WarLoss | AfterEvent] = []
    for seat in in_harbour(state):
        candidates = war_candidates(state, seat, 1 << step.loser)
        if not candidates or spared(state, seat):
            continue
        if step.chosen:
            for c in chosen_of(state, seat):
                to_ship(state, c, "war")
        elif len(candidates) == 1:
            choose(state, candidates[0])
            to_ship(state, candidates[0], "war")
        else:
            steps.append(WarLoss(seat, 1 << step.loser))
    state.push(*steps, AfterEvent())


def war_loss(state: PuertoDiabloState, step: WarLoss, action: Choose) -> None:
    if step.deferred:
        choose(state, action.character, step.seat)
        return
    choose(state, action.character)
    to_ship(state, action.character, "war")
