"""LOG_PEEK (Keen Lookout), LOG_SKIP (Change of Course), MARKET_HELP (Call in Favours) and
the pilot choosing who plays first (R51-R55). Each test fails if its rule is broken."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import ludoteca.games.puertodiablo as pd
from ludoteca.core.hidden import Pile
from ludoteca.core.registry import load_game
from ludoteca.games.puertodiablo.steps import (
    CounterWindow,
    MakeOffer,
    MomentWindow,
    OpenOffers,
    OpenWindow,
    PeekLog,
    PilotAssigns,
    PilotPicks,
    Purchase,
    ReorderPeek,
    StartRound,
    TurnLog,
    Wish,
    capacity,
    help_allowance,
    need,
    playable_at,
)
from ludoteca.games.puertodiablo.view import log_card_words

from .helpers import GAME, T, char, log, table

KEEN = T.abi_names.index("Keen Lookout")
FAVOURS = T.abi_names.index("Call in Favours")
COURSE = T.abi_names.index("Change of Course")
WHEEL = T.abi_names.index("Take the Wheel")
BELAY = T.abi_names.index("Belay That!")
LOOSE_PURSE = T.abi_names.index("Loose Purse")
A, B, C, D = log("L02"), log("L11"), log("L05"), log("L14")


def window(s, moment, *after):
    s.push(OpenWindow(moment), *after)
    s._run_automatic()


def play(s, ability, cid, face=6):
    s.apply_action(T.play_id[ability][char(cid)])
    s.apply_action(T.die_outcome[face - 1])


def log_pile(*cards):
    counts = [0] * T.num_log
    for c in cards:
        counts[c] += 1
    return Pile.of(counts)


def peeking(seen=(A, B, C), order=(2, 0), seat=0):
    """Seat ``seat`` plays Keen Lookout at arrival, sees ``seen`` and puts them back by
    the positions ``order`` (of the cards still in his hand)."""
    s = table(2, {0: ["C04", "C05"], 1: ["C01", "C02"]}, pilot=0)
    s.hand[seat] = [KEEN]
    s.log_pile = log_pile(A, B, C, D, log("L03"), log("L12"))
    window(s, "arrival")
    play(s, KEEN, "C04" if seat == 0 else "C01")
    for card in seen:
        assert isinstance(s.next_step(), PeekLog)
        s.apply_action(T.log_outcome[card])
    for position in order:
        assert isinstance(s.next_step(), ReorderPeek)
        s.apply_action(T.reorder_id[position])
    return s


# ----- LOG_PEEK ---------------------------------------------------------------------------


def test_keen_lookout_is_offered_at_arrival_and_while_a_weather_card_is_settled():
    s = table(2, {0: ["C04", "C05"], 1: ["C01", "C02"]})
    s.hand[0] = [KEEN]
    assert playable_at(s, 0, "arrival") == [KEEN]
    assert playable_at(s, 0, "log") == [KEEN]
    assert playable_at(s, 0, "challenge") == []


def test_the_peeked_cards_lie_on_top_in_the_order_chosen_known_to_the_peeker_only():
    s = peeking(order=(2, 0))  # C first, then A, then B
    assert s.log_pile.top == (C, A, B) and s.log_pile.top_seats == 1 << 0
    mine, theirs = s.observation(0)["log_known"], s.observation(1)["log_known"]
    assert mine == {"seat": 0, "count": 3, "cards": [T.log_names[k] for k in (C, A, B)],
                    "words": [log_card_words(T, k) for k in (C, A, B)]}
    assert theirs == {"seat": 0, "count": 3, "cards": None, "words": None}


def test_the_next_log_cards_turned_are_the_peeked_ones_in_that_order():
    s = peeking(order=(1, 1))  # B, C, then A
    s.push(TurnLog())
    assert s.chance_outcomes() == [(T.log_outcome[B], 1.0)]
    s.apply_action(T.log_outcome[B])
    assert s.log_pile.known_top(0) == (C, A)


def test_other_seats_see_the_same_whatever_was_peeked_and_however_it_was_ordered():
    one = peeking(seen=(A, B, C), order=(2, 0))
    two = peeking(seen=(D, A, B), order=(0, 0))
    for seat in (1, None):
        assert json.dumps(one.observation(seat), sort_keys=True) == \
            json.dumps(two.observation(seat), sort_keys=True)
    words = [[s.describe_event(e, 1) for _, e in s.event_log(1)] for s in (one, two)]
    assert words[0] == words[1]
    assert one.observation(0) != two.observation(0)


def test_the_peekers_determinizations_always_keep_the_peeked_cards_on_top():
    s = peeking(order=(2, 0))
    for seed in range(12):
        world = s.determinize(0, random.Random(seed))
        assert world.log_pile.top == (C, A, B)


def test_other_seats_determinizations_resample_the_peeked_cards():
    s = peeking(order=(2, 0))
    tops = {s.determinize(1, random.Random(seed)).log_pile.top for seed in range(20)}
    assert len(tops) > 1
    for top in tops:
        assert len(top) == 3
    for seed in range(8):
        world = s.determinize(1, random.Random(seed))
        assert world.log_pile.size == s.log_pile.size
        # Count per kind of log card (the list is indexed by card): the same cards are
        # resampled, none of one kind turned into another.
        assert world.log_pile.hidden_counts(1) == s.log_pile.hidden_counts(1)


def test_cards_in_the_peekers_hand_are_resampled_for_others_and_kept_for_him():
    s = peeking(order=())  # still choosing the order
    assert isinstance(s.next_step(), ReorderPeek) and s.peek == [A, B, C]
    assert all(s.determinize(0, random.Random(k)).peek == [A, B, C] for k in range(8))
    hands = {tuple(s.determinize(1, random.Random(k)).peek) for k in range(20)}
    assert len(hands) > 1
    assert s.observation(1)["peek"] == {"seat": 0, "in_hand": 3, "put_back": 0,
                                        "cards": None, "words": None}


def test_a_peek_without_reorder_puts_the_cards_back_as_they_lay():
    """R53: an edition's ``LOG_PEEK`` with ``reorder = false``: no order is asked for,
    and the cards lie on top as they were seen, known to the peeker."""
    text = (Path(pd.__file__).parent / "editions" / "default.toml").read_text()
    text = text.replace('{ op = "LOG_PEEK", n = 3, reorder = true }',
                        '{ op = "LOG_PEEK", n = 3, reorder = false }')
    game = load_game("puertodiablo", edition_text=text)
    t = game.tables
    keen = t.abi_names.index("Keen Lookout")
    assert t.abi_effect[keen][0]["reorder"] is False
    s = table(2, {0: ["C04", "C05"], 1: ["C01", "C02"]}, pilot=0, game=game)
    s.hand[0] = [keen]
    s.log_pile = log_pile(A, B, C, D, log("L03"), log("L12"))
    window(s, "arrival")
    s.apply_action(t.play_id[keen][char("C04")])
    s.apply_action(t.die_outcome[5])
    for card in (C, A, B):
        assert isinstance(s.next_step(), PeekLog)
        s.apply_action(t.log_outcome[card])
    assert not isinstance(s.next_step(), ReorderPeek)
    assert s.peek == [] and s.peeker == -1
    assert s.log_pile.top == (C, A, B) and s.log_pile.top_seats == 1 << 0
    assert not [e for e in s.events() if e.kind == "puts_back"]


def test_a_peek_sees_only_the_cards_above_those_put_under_the_pile():
    s = table(2, {0: ["C04", "C05"], 1: ["C01", "C02"]}, pilot=0)
    s.hand[0] = [KEEN]
    s.log_pile = log_pile(A, B).put_under(D)
    window(s, "arrival")
    play(s, KEEN, "C04")
    s.apply_action(T.log_outcome[A])
    s.apply_action(T.log_outcome[B])
    s.apply_action(T.reorder_id[1])
    assert s.log_pile.top == (B, A) and s.log_pile.bottom == ((D,),)


def test_a_peek_sees_into_the_used_cards_shuffled_under_once_nothing_lies_above():
    # Arriving at La Coruna, the pile may be only the used cards shuffled under at a new
    # harbour: face-down cards in no known order, which a peek sees as any others (R52).
    s = table(2, {0: ["C04", "C05"], 1: ["C01", "C02"]}, pilot=0)
    s.hand[0] = [KEEN]
    s.log_pile = log_pile().put_under(A, B, C, D, shuffled=True)
    window(s, "arrival")
    play(s, KEEN, "C04")
    for card in (C, A, D):
        assert isinstance(s.next_step(), PeekLog)
        s.apply_action(T.log_outcome[card])
    assert isinstance(s.next_step(), ReorderPeek)
    assert sorted(s.peek) == sorted([A, C, D])


def test_an_edition_with_two_peeking_cards_is_refused():
    data = GAME.edition.model_dump()
    card = next(a for a in data["abilities"] if a["name"] == "Keen Lookout")
    card["copies"] = 2
    with pytest.raises(ValueError, match="LOG_PEEK"):
        type(GAME.edition).model_validate(data)


# ----- LOG_SKIP -----------------------------------------------------------------------------


def skipping():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, pilot=0)
    s.hand[0] = [COURSE]
    s.log_pile = log_pile(A, B, C)
    s.push(TurnLog())
    s._run_automatic()
    s.apply_action(T.log_outcome[B])  # a challenge: its window opens
    return s


def test_a30_change_of_course_puts_the_challenge_under_the_pile_and_turns_on():
    # The card set's note: played before the pilot's decision, the challenge goes under
    # the log pile, the offers lapse and the next log cards are turned.
    s = skipping()
    assert isinstance(s.next_step(), MomentWindow)
    play(s, COURSE, "C05")
    assert s.challenge == -1 and s.log_pile.bottom == ((B,),) and B not in s.used_log
    assert isinstance(s.next_step(), TurnLog)
    assert {k for k, _ in s.log_pile.draw_odds()} == {A, C}
    s.apply_action(T.log_outcome[A])  # weather: the log phase goes on
    assert s.weather == A


def test_change_of_course_in_the_window_reopened_by_a_short_delivery_skips_the_challenge():
    # R62 opens the challenge window again when a delivery falls short; a skip played
    # there goes on with the log phase, as in the first window (no offers for a challenge
    # that is gone, no failure of card -1).
    sea_legs = T.abi_names.index("Sea Legs")
    s = table(2, {0: ["C01", "C09"], 1: ["C02", "C03"]}, at="H01")
    s.hand[0], s.hand[1] = [], [sea_legs, COURSE]
    s.log_pile = log_pile(log("L14"), log("L02"), log("L11"))
    s.push(TurnLog())
    s._run_automatic()
    s.apply_action(T.log_outcome[log("L14")])
    s.apply_action(T.decline_id)  # the first window: seat 1 keeps Change of Course
    s.apply_action(T.offer_id[0])
    s.apply_action(T.offer_id[1])
    s.apply_action(T.by_ability_id[2])  # 1 + 2 by Sea Legs
    s.apply_action(T.assign_id[2])
    play(s, sea_legs, "C03", face=1)  # the roll fails: the delivery is short (R62)
    assert [e.kind for e in s.events()][-2:] == ["cannot_deliver", "new_offers"]
    assert isinstance(s.next_step(), MomentWindow) and s.next_step().moment == "challenge"
    play(s, COURSE, "C03")
    assert s.challenge == -1 and isinstance(s.next_step(), TurnLog)
    assert not any(e.kind == "failed" for e in s.events())


def test_a_skip_lapses_the_extra_market_help_a_dispensation_and_offers_by_ability():
    # R54, R55, R65: what was given for this challenge goes with it.
    s = skipping()
    s.extra_help = 1
    s.dispensed = (1 << T.sym_index["TAV"], 0)
    s.by_ability = (0, 2)
    play(s, COURSE, "C05")
    assert s.challenge == -1
    assert s.extra_help == 0 and s.dispensed == (0, 0) and s.by_ability == (0, 0)


def test_new_offers_after_a_short_delivery_keep_what_abilities_supplied():
    # R62: the offers and the assignment lapse; what a card supplied stays for this
    # challenge, and the challenge window opens again before the offers.
    from ludoteca.games.puertodiablo.rules.assignment import new_offers

    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.offers[:] = [1, 2]
    s.assigned[:] = [0, 2]
    s.supplied, s.by_ability = (0, 1), (0, 2)
    new_offers(s)
    assert list(s.offers) == [0, 0] and list(s.assigned) == [0, 0]
    assert s.supplied == (0, 1) and s.by_ability == (0, 0)
    assert s.pending()[0] == OpenWindow("challenge")
    assert s.pending()[1] == OpenOffers(renewed=True)


def test_change_of_course_is_not_offered_after_the_challenge_is_resolved():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0] = [COURSE, FAVOURS]
    assert playable_at(s, 0, "challenge") == sorted([COURSE, FAVOURS])
    s.outcome = 1
    assert playable_at(s, 0, "challenge") == []


def test_a_skip_whose_roll_fails_leaves_the_challenge_to_the_offers():
    s = skipping()
    play(s, COURSE, "C05", face=1)
    assert s.challenge == B and isinstance(s.next_step(), MakeOffer)


# ----- MARKET_HELP --------------------------------------------------------------------------


def favours(played):
    # Three players in La Coruna: one market helper is allowed; seat 1 can commit 1 of
    # the 5 symbols, C16 and C18 could supply 2 each: one helper is not enough.
    s = table(3, {0: ["C02"], 1: ["C03"], 2: ["C06"]}, at="H08", challenge="L14",
              market=["C16", "C18", "C21", "C22"])
    s.hand[0] = [FAVOURS]
    window(s, "challenge", OpenOffers())
    if played:
        play(s, FAVOURS, "C02")
    else:
        s.apply_action(T.decline_id)
    for seat, offer in ((0, 0), (1, 1), (2, 0)):
        assert isinstance(s.next_step(), MakeOffer) and s.next_step().seat == seat
        s.apply_action(T.offer_id[offer])
    return s


def test_call_in_favours_lets_one_more_market_character_help():
    assert favours(False).outcome == 0  # one helper short: the challenge fails
    s = favours(True)
    assert help_allowance(s) == 2
    assert isinstance(s.next_step(), PilotAssigns) and s.next_step().help == 2


def test_call_in_favours_with_four_players_allows_n_helpers_only_if_they_are_short():
    s = table(4, {0: ["C02"], 1: ["C03"], 2: ["C06"], 3: ["C07"]}, at="H08",
              challenge="L14", market=["C16", "C18", "C21", "C22"])
    assert help_allowance(s) == 0  # four players: no market help by the rulebook
    s.extra_help = 1
    assert help_allowance(s) == 1  # the card's one helper, the players being short
    rich = table(4, {0: ["C02"], 1: ["C03"], 2: ["C06"], 3: ["C07"]}, at="H01",
                 challenge="L14")
    assert capacity(rich, 0) + capacity(rich, 1) + capacity(rich, 2) \
        + capacity(rich, 3) >= need(rich)
    rich.extra_help = 1
    assert help_allowance(rich) == 0


def test_the_extra_help_lapses_with_the_challenge():
    s = favours(True)
    s.clear_pending()
    s.push(StartRound())
    s._run_automatic()
    assert s.extra_help == 0


# ----- who plays first ----------------------------------------------------------------------


def test_when_several_want_to_play_the_pilot_chooses_who_plays_first():
    s = table(3, {0: ["C01", "C02"], 1: ["C04", "C05"], 2: ["C10", "C12"]}, pilot=1)
    for seat in (0, 1, 2):
        s.hand[seat] = [WHEEL]
    window(s, "arrival")
    asked = []
    for answer in (T.want_id, T.want_id, T.decline_id):
        step = s.next_step()
        assert isinstance(step, Wish)
        asked.append(step.seat)
        s.apply_action(answer)
    assert asked == [2, 0, 1]  # everybody is asked, from the pilot's left, the pilot last
    step = s.next_step()
    assert isinstance(step, PilotPicks) and step.seat == 1
    assert sorted(s.legal_actions()) == sorted([T.first_id[0], T.first_id[2]])
    s.apply_action(T.first_id[0])  # not the seat order: the pilot's choice
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.seat == 0
    assert T.decline_id not in s.legal_actions()  # he said he wants to
    play(s, WHEEL, "C01")
    assert s.pilot == 0
    # The one not chosen is not bound to play afterwards.
    step = s.next_step()
    assert isinstance(step, Wish)
    s.apply_action(T.decline_id)
    s.apply_action(T.decline_id)
    assert s.next_step() is None and s.hand[2] == [WHEEL]


def test_one_player_wanting_to_play_plays_without_the_pilot_choosing():
    s = table(3, {0: ["C01", "C02"], 1: ["C04", "C05"], 2: ["C10", "C12"]}, pilot=0)
    s.hand[1] = [WHEEL]
    s.hand[2] = [WHEEL]
    window(s, "arrival")
    s.apply_action(T.decline_id)  # seat 1
    s.apply_action(T.want_id)  # seat 2
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.seat == 2


def test_when_several_want_to_counter_the_pilot_chooses_and_the_other_may_answer_later():
    s = table(3, {0: ["C01"], 1: ["C06"], 2: ["C32"]}, pilot=0)
    s.hand[0] = [LOOSE_PURSE]
    s.hand[1] = [BELAY]
    s.hand[2] = [BELAY]
    s.push(Purchase(0, T.purchase_limit))
    play(s, LOOSE_PURSE, "C01")
    s.apply_action(T.want_id)  # seat 1
    s.apply_action(T.want_id)  # seat 2
    assert isinstance(s.next_step(), PilotPicks) and s.current_player() == 0
    s.apply_action(T.first_id[2])
    step = s.next_step()
    assert isinstance(step, CounterWindow) and step.seat == 2 and step.bound
    play(s, BELAY, "C32", face=1)  # fails
    step = s.next_step()
    assert isinstance(step, CounterWindow) and step.seat == 1 and not step.bound
    play(s, BELAY, "C06")
    assert s.purse == 0


def test_a_peek_is_put_in_words_for_everyone():
    s = peeking(order=(2, 0))
    lines = [s.describe_event(e, 1) for _, e in s.event_log(1)]
    assert any("looks at the top 3 log cards" in line for line in lines)
    # The card is named by what it is (its name, or its weather and flag), not its id.
    seen = log_card_words(T, C)
    assert not any(seen in line for line in lines[-6:])
    mine = [s.describe_event(e, 0) for _, e in s.event_log(0)]
    assert any(seen in line and "you see" in line for line in mine)
    assert not any(T.log_ids[C] in line for line in mine)
