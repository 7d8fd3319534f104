"""R51, option ``pilot_own_plays``: how many of his own ability cards the pilot may play
ahead of a player who said he wants to play and is waiting. Each test fails if its rule is
broken.

The cards here are played in the challenge window and fail their roll (a 1 is below every
least roll they have), so that nothing but the window itself goes on between two picks.
"""

from __future__ import annotations

from ludoteca.games.puertodiablo.steps import (
    EffectChoice,
    MomentWindow,
    OpenWindow,
    PilotPicks,
    Wish,
)

from .helpers import T, char, table

VOODOO = T.abi_names.index("Voodoo")
SABOTAGE = T.abi_names.index("Sabotage")
INSTIGATE = T.abi_names.index("Instigate")
PILOT_CARDS = [VOODOO, SABOTAGE, INSTIGATE]
PILOT_CHARACTER = {0: "C05", 1: "C01"}  # each may act all these cards (R73)


def challenge_window(option, pilot_hand=PILOT_CARDS, other_hand=(VOODOO, INSTIGATE)):
    """Two players, seat 0 the pilot holding ``pilot_hand`` (cards of the challenge
    moment), seat 1 ``other_hand``; the window after the challenge card is turned is
    open."""
    s = table(2, {0: ["C04", "C05"], 1: ["C01", "C02"]}, pilot=0, challenge="L11",
              options={"pilot_own_plays": option})
    s.hand[0] = list(pilot_hand)
    s.hand[1] = list(other_hand)
    s.outcome = -1
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    return s


def both_want(s):
    """Each player asked says he wants to play, seat 1 (the pilot's left) first and the
    pilot last (R51)."""
    for seat in (1, 0):
        step = s.next_step()
        assert isinstance(step, Wish) and step.seat == seat
        s.apply_action(T.want_id)


def plays_and_fails(s, seat):
    """The pilot, whose pick is pending, lets ``seat`` play first; he plays his first
    card, and it fails."""
    assert isinstance(s.next_step(), PilotPicks)
    s.apply_action(T.first_id[seat])
    plays_his_first_and_fails(s, seat)


def plays_his_first_and_fails(s, seat):
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.seat == seat and step.bound
    s.apply_action(T.play_id[s.hand[seat][0]][char(PILOT_CHARACTER[seat])])
    s.apply_action(T.die_outcome[0])


def test_with_two_the_pilot_who_played_two_ahead_of_a_waiting_player_must_let_him_play():
    s = challenge_window("two")
    both_want(s)
    plays_and_fails(s, 0)
    both_want(s)
    assert s.legal_actions() == sorted([T.first_id[0], T.first_id[1]])
    plays_and_fails(s, 0)
    both_want(s)  # seat 1 still waits; the pilot still holds a card and wants to play
    # Held to his most, the pilot has nobody else to choose: seat 1 plays at once.
    plays_his_first_and_fails(s, 1)
    assert s.hand[0] == [INSTIGATE] and s.hand[1] == [INSTIGATE]


def test_with_two_the_count_starts_again_once_the_waiting_player_has_played():
    s = challenge_window("two", pilot_hand=[*PILOT_CARDS, VOODOO])
    for _ in range(2):
        both_want(s)
        plays_and_fails(s, 0)
    both_want(s)
    plays_his_first_and_fails(s, 1)  # the pilot must let seat 1 play
    both_want(s)  # seat 1 holds one more card: he waits again
    assert T.first_id[0] in s.legal_actions()
    plays_and_fails(s, 0)
    both_want(s)
    assert T.first_id[0] in s.legal_actions()


def test_with_any_the_pilot_may_choose_himself_a_third_time():
    s = challenge_window("any")
    for _ in range(2):
        both_want(s)
        plays_and_fails(s, 0)
    both_want(s)
    assert s.legal_actions() == sorted([T.first_id[0], T.first_id[1]])
    plays_and_fails(s, 0)
    assert s.hand[0] == []


def test_the_pilot_playing_when_nobody_else_wants_to_neither_counts_nor_resets():
    """Seat 1 passes once: the pilot plays alone (ahead of nobody), then with seat 1
    waiting again he is still at his two."""
    s = challenge_window("two", pilot_hand=[*PILOT_CARDS, VOODOO])
    both_want(s)
    plays_and_fails(s, 0)                    # one ahead of seat 1
    s.apply_action(T.decline_id)             # seat 1 does not want to play now
    s.apply_action(T.want_id)                # the pilot does: he plays alone
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.seat == 0 and step.pilot_ahead == 1
    s.apply_action(T.play_id[s.hand[0][0]][char(PILOT_CHARACTER[0])])
    s.apply_action(T.die_outcome[0])
    both_want(s)
    assert s.legal_actions() == sorted([T.first_id[0], T.first_id[1]])
    plays_and_fails(s, 0)                    # two ahead of seat 1
    both_want(s)
    plays_his_first_and_fails(s, 1)          # held to his most: seat 1 plays


def test_a_new_window_starts_the_count_at_nothing():
    s = challenge_window("two")
    for _ in range(2):
        both_want(s)
        plays_and_fails(s, 0)
    s.apply_action(T.decline_id)  # seat 1 passes now, and so does the pilot:
    s.apply_action(T.decline_id)  # the window closes
    assert s.pending() == ()
    s.hand[0] = list(PILOT_CARDS)
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    both_want(s)
    assert s.legal_actions() == sorted([T.first_id[0], T.first_id[1]])


def test_the_option_defaults_to_two():
    s = table(2, {0: ["C04"], 1: ["C01"]})
    assert s.options.pilot_own_plays == "two"
    assert s.pilot_ahead_most == 2


def three_in_the_challenge_window(pilot_hand, hand_1, hand_2, pilot=0, ashore=None):
    """Three players, all holding cards of the challenge moment; the window is open."""
    s = table(3, ashore or {0: ["C04", "C05"], 1: ["C01", "C02"], 2: ["C10", "C12"]},
              pilot=pilot, challenge="L11")
    s.hand = [list(pilot_hand), list(hand_1), list(hand_2)]
    s.outcome = -1
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    return s


def test_the_pilot_says_last_and_having_heard_a_yes_may_still_choose_himself_first():
    """R51: the pilot gives the others the chance first, so he says whether he wants to
    knowing who does; clockwise from his left (seat 1 the pilot: 2, 0, then 1)."""
    s = three_in_the_challenge_window([VOODOO], [VOODOO], [VOODOO], pilot=1)
    order = []
    for answer in (T.want_id, T.decline_id, T.want_id):
        step = s.next_step()
        assert isinstance(step, Wish)
        order.append(step.seat)
        if step.seat == 1:
            assert step.wanting == (2,)  # he has heard seat 2's yes
        s.apply_action(answer)
    assert order == [2, 0, 1]
    step = s.next_step()
    assert isinstance(step, PilotPicks) and step.wanting == (2, 1)
    assert s.legal_actions() == sorted([T.first_id[1], T.first_id[2]])
    s.apply_action(T.first_id[1])
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.seat == 1 and step.bound


def test_held_to_his_most_with_one_other_wanting_that_player_plays_without_a_pick():
    s = challenge_window("two")
    for _ in range(2):
        both_want(s)
        plays_and_fails(s, 0)
    both_want(s)
    step = s.next_step()
    assert not isinstance(step, PilotPicks)
    assert isinstance(step, MomentWindow) and step.seat == 1 and step.bound
    said = [e.data for e in s.events() if e.kind == "plays_first"]
    assert said == [{"seat": 1, "moment": "challenge", "others": [0]}]


def test_held_to_his_most_with_two_others_wanting_the_pilot_chooses_between_them():
    s = three_in_the_challenge_window(PILOT_CARDS, [VOODOO], [VOODOO])
    for _ in range(2):
        for seat in (1, 2, 0):
            assert s.next_step().seat == seat
            s.apply_action(T.want_id)
        plays_and_fails(s, 0)
    for _ in range(3):
        s.apply_action(T.want_id)
    step = s.next_step()
    assert isinstance(step, PilotPicks)
    assert s.legal_actions() == sorted([T.first_id[1], T.first_id[2]])
    assert "played 2 of yours" in step.prompt(s, 0)


def test_a_new_pilot_starts_his_count_at_nothing():
    """The reviewer's case: the pilot (seat 0) chooses himself ahead of seats 1 and 2 and
    plays Instigate; the war sends his only character to the ship, so the pilot card
    passes to seat 1. When the window opens again, the count is seat 1's: none yet, so
    he may choose himself twice ahead of seat 2 (R51)."""
    s = three_in_the_challenge_window(
        [INSTIGATE], [VOODOO, SABOTAGE, VOODOO], [VOODOO, SABOTAGE],
        ashore={0: ["C05"], 1: ["C07", "C20"], 2: ["C25", "C02"]})
    for seat in (1, 2, 0):
        assert s.next_step().seat == seat
        s.apply_action(T.want_id)
    s.apply_action(T.first_id[0])
    s.apply_action(T.play_id[INSTIGATE][char("C05")])
    s.apply_action(T.die_outcome[5])
    pirates, clergy = T.party_index["PIR"], T.party_index["CLG"]
    while isinstance(s.next_step(), EffectChoice):
        side = pirates if s.next_step().part == 0 else clergy
        s.apply_action(T.party_id[side])
    assert s.ashore[0] == 0 and s.pilot == 1
    for _ in range(2):
        for seat in (2, 1):
            step = s.next_step()
            assert isinstance(step, Wish) and step.seat == seat
            s.apply_action(T.want_id)
        step = s.next_step()
        assert isinstance(step, PilotPicks) and step.seat == 1
        assert T.first_id[1] in s.legal_actions()
        s.apply_action(T.first_id[1])
        step = s.next_step()
        assert isinstance(step, MomentWindow) and step.seat == 1 and step.bound
        s.apply_action(T.play_id[s.hand[1][0]][char("C07")])
        s.apply_action(T.die_outcome[0])
    # Now he has played two of his own ahead of seat 2: seat 2 plays.
    for _ in range(2):
        s.apply_action(T.want_id)
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.seat == 2 and step.bound
