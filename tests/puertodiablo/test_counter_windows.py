"""Who a counter window asks when it opens again (R34, R51): once a counter is resolved
and the card it answered is still to be carried out, everybody who can still answer that
card is asked, the player of the counter just resolved included; the pilot's own cards
ahead of a waiting player count across those openings. Each test fails if its rule is
broken."""

from __future__ import annotations

from ludoteca.games.puertodiablo.steps import (
    CounterWindow,
    PilotPicks,
    Purchase,
    Wish,
)

from .helpers import T, char, table
from .test_abilities import play

LOOSE_PURSE = T.abi_names.index("Loose Purse")  # +3 doubloons, a purchase card
BELAY = T.abi_names.index("Belay That!")        # CANCEL, a counter
LUCKY_CHARM = T.abi_names.index("Lucky Charm")  # REROLL of another's ability roll


def buying(seat, ashore, hands, options=None):
    """``seat`` purchasing (the pilot is seat 0) with ``hands`` (seat -> titles)."""
    s = table(len(ashore), ashore, options=options)
    for k, titles in hands.items():
        s.hand[k] = sorted(titles)
    s.push(Purchase(seat, T.purchase_limit))
    return s


def asked(s):
    """Who the next step asks, and in which window: (kind, seat, depth)."""
    step = s.next_step()
    if isinstance(step, CounterWindow | Wish):
        return (type(step).__name__, step.seat, step.depth)
    return (type(step).__name__,)


def test_a_lone_counter_holder_whose_counter_failed_is_asked_again():
    """Only seat 1 can answer; his first Belay That! fails its roll. The purse is still
    to be carried out, so the window opens again to him: he plays his second, which
    stops it (the old engine closed the window after the one holder had played)."""
    s = buying(0, {0: ["C01"], 1: ["C06"]}, {0: [LOOSE_PURSE], 1: [BELAY, BELAY]})
    play(s, LOOSE_PURSE, "C01", 6)
    assert asked(s) == ("CounterWindow", 1, 0)
    play(s, BELAY, "C06", 1)  # 1 never reaches the card's table
    assert asked(s) == ("CounterWindow", 1, 0) and not s.next_step().bound
    play(s, BELAY, "C06", 6)
    assert isinstance(s.next_step(), Purchase) and s.purse == 0


def test_the_player_let_play_first_is_asked_again_with_the_others():
    """Seats 1 and 2 want to counter; the pilot lets seat 1 go first (R51). His cancel
    fails: both are asked again, each saying whether he wants to (the old engine asked
    only seat 2, as if seat 1 had had his turn)."""
    s = buying(0, {0: ["C01"], 1: ["C06"], 2: ["C32"]},
               {0: [LOOSE_PURSE], 1: [BELAY, BELAY], 2: [BELAY]})
    play(s, LOOSE_PURSE, "C01", 6)
    s.apply_action(T.want_id)       # seat 1
    s.apply_action(T.want_id)       # seat 2
    s.apply_action(T.first_id[1])   # the pilot lets seat 1 play first
    play(s, BELAY, "C06", 1)
    step = s.next_step()
    assert isinstance(step, Wish) and (step.seat, step.later, step.depth) == (1, (2,), 0)


def test_when_all_pass_the_window_closes_and_nobody_is_asked_twice():
    """After the reopening, both pass: the effect is carried out at once, nobody being
    put the same question again."""
    s = buying(0, {0: ["C01"], 1: ["C06"], 2: ["C32"]},
               {0: [LOOSE_PURSE], 1: [BELAY, BELAY], 2: [BELAY]})
    play(s, LOOSE_PURSE, "C01", 6)
    s.apply_action(T.want_id)
    s.apply_action(T.decline_id)
    play(s, BELAY, "C06", 1)  # seat 1 was the only one: bound, he played
    seen = []
    while isinstance(s.next_step(), Wish | CounterWindow):
        seen.append(asked(s))
        s.apply_action(T.decline_id)
    assert seen == [("Wish", 1, 0), ("Wish", 2, 0)]
    assert isinstance(s.next_step(), Purchase) and s.purse == 3


def test_a_window_on_a_counter_opens_again_to_the_one_who_answered_it():
    """Seat 1's cancel stands against seat 0's purse (its window, depth 1). Seat 2
    answers it and fails: the window on the cancel opens again to seat 2, who holds
    another, and to seat 0, whose card the cancel would stop."""
    s = buying(0, {0: ["C01", "C06"], 1: ["C07"], 2: ["C32"]},
               {0: [LOOSE_PURSE, BELAY], 1: [BELAY], 2: [BELAY, LUCKY_CHARM]})
    play(s, LOOSE_PURSE, "C01", 6)
    assert asked(s) == ("Wish", 1, 0)
    s.apply_action(T.want_id)      # seat 1
    s.apply_action(T.decline_id)   # seat 2 (seat 0's own card: he is not asked)
    play(s, BELAY, "C07", 6)       # seat 1 cancels the purse
    assert asked(s) == ("Wish", 2, 1)
    s.apply_action(T.want_id)      # seat 2
    s.apply_action(T.decline_id)   # seat 0
    play(s, BELAY, "C32", 1)       # seat 2's cancel of the cancel fails
    step = s.next_step()
    assert isinstance(step, Wish) and (step.seat, step.later, step.depth) == (2, (0,), 1)
    s.apply_action(T.decline_id)   # seat 2
    s.apply_action(T.want_id)      # seat 0, the only one who wants to: he plays
    play(s, BELAY, "C06", 6)       # and cancels the cancel
    assert asked(s) == ("CounterWindow", 2, 2)  # Lucky Charm could answer that
    s.apply_action(T.decline_id)
    # The purse stands again, and the window on it opens again to those who can answer.
    assert asked(s) == ("CounterWindow", 2, 0)
    s.apply_action(T.decline_id)
    assert isinstance(s.next_step(), Purchase) and s.purse == 3


def pilot_ahead_of_seat_2(option):
    """Seat 1 buys and plays Loose Purse; the pilot (seat 0) and seat 2 both want to
    answer it, and the pilot twice chooses himself and fails; both want again."""
    s = buying(1, {0: ["C06"], 1: ["C01"], 2: ["C32"]},
               {0: [BELAY, LUCKY_CHARM, LUCKY_CHARM], 1: [LOOSE_PURSE], 2: [BELAY]},
               options={"pilot_own_plays": option})
    play(s, LOOSE_PURSE, "C01", 6)
    for card in (BELAY, LUCKY_CHARM):
        assert asked(s) == ("Wish", 2, 0)
        s.apply_action(T.want_id)      # seat 2
        s.apply_action(T.want_id)      # seat 0, the pilot
        assert isinstance(s.next_step(), PilotPicks)
        s.apply_action(T.first_id[0])  # the pilot plays first himself
        play(s, card, "C06", 1)
    assert asked(s) == ("Wish", 2, 0)
    s.apply_action(T.want_id)
    s.apply_action(T.want_id)
    return s


def test_with_two_the_pilots_own_counters_count_across_the_reopenings():
    """R51 ``two``: two of his own counters ahead of seat 2, in the same window opened
    again; the third time seat 2 plays without a pick (the old engine never asked the
    pilot again, so the most never came into play)."""
    s = pilot_ahead_of_seat_2("two")
    step = s.next_step()
    assert isinstance(step, CounterWindow) and (step.seat, step.bound) == (2, True)


def test_with_any_the_pilot_may_choose_himself_a_third_time():
    s = pilot_ahead_of_seat_2("any")
    step = s.next_step()
    assert isinstance(step, PilotPicks)
    assert T.first_id[0] in s.legal_actions()


def test_a_player_his_shield_spared_is_offered_no_second_shield_when_the_window_opens_again():
    # An edition with two Stand Firm: seat 1 answers Shanghaied (aimed at his Hendrik Vos)
    # with one; the window opens again (R34) but his character is no longer hit, so his
    # second shield is not offered (R67).
    from pathlib import Path

    import ludoteca.games.puertodiablo as pd
    from ludoteca.core.registry import load_game
    from ludoteca.games.puertodiablo.steps import OpenWindow

    text = (Path(pd.__file__).parent / "editions" / "default.toml").read_text()
    old = 'name = "Stand Firm"\nlevel = "II"\ncopies = 1\n'
    assert old in text
    game = load_game("puertodiablo", edition_text=text.replace(old, old.replace("1", "2")))
    shanghaied, stand_firm = T.abi_names.index("Shanghaied"), T.abi_names.index("Stand Firm")
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11", game=game)
    s.hand[0], s.hand[1] = [shanghaied], [stand_firm, stand_firm]
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    play(s, shanghaied, "C05", 6)
    s.apply_action(T.choose_id[char("C04")])
    play(s, stand_firm, "C07", 6)
    offered = {T.codec.decode(a).ability for a in s.legal_actions()
               if hasattr(T.codec.decode(a), "ability")} if s.current_player() == 1 else set()
    assert stand_firm not in offered
