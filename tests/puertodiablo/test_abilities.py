"""Ability cards at the purchase moment and counters: presenting, the foreknowledge count,
the die against the card's table, the card to the ship either way, the counter window and
the effects. Each test fails if its rule is broken."""

from __future__ import annotations

from ludoteca.games.puertodiablo.steps import (
    AbilityRoll,
    CounterWindow,
    Purchase,
    card_price,
    foreknowledge,
    least_roll,
    money,
)

from .helpers import T, char, table

WINDFALL = T.abi_names.index("Windfall")
LOOSE_PURSE = T.abi_names.index("Loose Purse")
HAGGLING = T.abi_names.index("Haggling")
HARD_BARGAIN = T.abi_names.index("Hard Bargain")
BIG_SPENDER = T.abi_names.index("Big Spender")
LEGEND = T.abi_names.index("Legend in the Making")
EMBELLISH = T.abi_names.index("Embellish")
SEA_LEGS = T.abi_names.index("Sea Legs")
BELAY = T.abi_names.index("Belay That!")
LUCKY_CHARM = T.abi_names.index("Lucky Charm")


def buying(ashore, hands, market=None, **kw):
    """Seat 0 purchasing (limit 3) with ``hands`` (seat -> titles)."""
    s = table(len(ashore), ashore, market=market, **kw)
    for seat, titles in hands.items():
        s.hand[seat] = sorted(titles)
    s.push(Purchase(0, T.purchase_limit))
    return s


def play(s, ability, cid, *faces):
    s.apply_action(T.play_id[ability][char(cid)])
    for f in faces:
        assert isinstance(s.next_step(), AbilityRoll)
        s.apply_action(T.die_outcome[f - 1])


def step(s):
    return s.next_step()


def test_two_doublings_on_four_doubloons_make_twelve():
    # The rulebook's example: each doubling adds the original amount (4 + 4 + 4).
    s = buying({0: ["C17"], 1: ["C05"]}, {0: [WINDFALL, WINDFALL]})
    s.cover[char("C17")] = 2  # right side covered: 4 doubloons visible, one TRD
    assert money(s, step(s)) == 4
    play(s, WINDFALL, "C17", 6)
    assert money(s, step(s)) == 8
    play(s, WINDFALL, "C17", 6)
    assert money(s, step(s)) == 12


def test_die_table_the_least_roll_succeeds_one_less_fails():
    # Loose Purse by Cassia (TRD on her right side): foreknowledge 1, the table asks 3.
    s = buying({0: ["C01"], 1: ["C05"]}, {0: [LOOSE_PURSE, LOOSE_PURSE]})
    assert least_roll(s, LOOSE_PURSE, foreknowledge(s, LOOSE_PURSE, char("C01"))) == 3
    play(s, LOOSE_PURSE, "C01", 2)
    assert s.purse == 0
    play(s, LOOSE_PURSE, "C01", 3)
    assert s.purse == 3


def test_the_card_goes_to_the_ship_whether_the_roll_succeeds_or_not():
    s = buying({0: ["C01"], 1: ["C05"]}, {0: [LOOSE_PURSE, LOOSE_PURSE]})
    play(s, LOOSE_PURSE, "C01", 1)
    assert (s.hand[0], s.ship_abis[0]) == ([LOOSE_PURSE], [LOOSE_PURSE])
    play(s, LOOSE_PURSE, "C01", 6)
    assert (s.hand[0], s.ship_abis[0]) == ([], [LOOSE_PURSE, LOOSE_PURSE])


def test_foreknowledge_counts_only_open_and_not_prohibited_symbols():
    # Windfall counts TRD and TAV; Puerto Diablo prohibits the tavern. C17: TRD | TAV TRD.
    s = buying({0: ["C17"], 1: ["C05"]}, {0: [WINDFALL]})
    assert foreknowledge(s, WINDFALL, char("C17")) == 2
    s.cover[char("C17")] = 2
    assert foreknowledge(s, WINDFALL, char("C17")) == 1
    other = buying({0: ["C17"], 1: ["C05"]}, {0: [WINDFALL]}, at="H02")
    if not T.prohibited[other.voyage[other.harbour]][0] >> T.sym_index["TAV"] & 1:
        assert foreknowledge(other, WINDFALL, char("C17")) == 3


def test_haggling_counts_an_open_side_with_exactly_two_doubloons():
    s = buying({0: ["C02", "C01"], 1: ["C05"]}, {0: [HAGGLING]})
    assert foreknowledge(s, HAGGLING, char("C02")) == 1  # 2 | 2
    assert foreknowledge(s, HAGGLING, char("C01")) == 0  # 3 | 1
    s.cover[char("C02")] = 3
    assert foreknowledge(s, HAGGLING, char("C02")) == 0  # covered sides do not count


def test_own_characters_showing_the_foreknowledge_may_act_healthy_or_weakened_others_not():
    # Loose Purse asks TRD: C01 shows it on its right side, C02 (weakened) on its left.
    s = buying({0: ["C01", "C02"], 1: ["C05"]}, {0: [LOOSE_PURSE]})
    s.cover[char("C02")] = 2
    plays = {T.codec.decode(a).character for a in s.legal_actions()
             if T.codec.decode(a).__class__.__name__ == "PlayAbility"}
    assert plays == {char("C01"), char("C02")}


def test_only_cards_of_the_purchase_moment_are_offered_in_a_purchase():
    s = buying({0: ["C01"], 1: ["C05"]}, {0: [SEA_LEGS, BELAY]})
    assert not [a for a in s.legal_actions() if T.codec.decode(a).__class__.__name__
                == "PlayAbility"]


def test_no_counter_window_when_nobody_holds_a_counter():
    s = buying({0: ["C01"], 1: ["C05"]}, {0: [LOOSE_PURSE], 1: [SEA_LEGS]})
    play(s, LOOSE_PURSE, "C01", 6)
    assert isinstance(step(s), Purchase) and s.purse == 3


def test_counter_window_opens_after_a_successful_roll_and_not_after_a_failed_one():
    s = buying({0: ["C01"], 1: ["C05"]}, {0: [LOOSE_PURSE, LOOSE_PURSE], 1: [BELAY]})
    play(s, LOOSE_PURSE, "C01", 1)
    assert isinstance(step(s), Purchase)
    play(s, LOOSE_PURSE, "C01", 6)
    w = step(s)
    assert isinstance(w, CounterWindow) and w.seat == 1
    assert s.purse == 0  # the window comes before the effect


def test_belay_that_cancels_the_effect_and_both_cards_go_to_the_ship():
    s = buying({0: ["C01"], 1: ["C06"]}, {0: [LOOSE_PURSE], 1: [BELAY]})
    play(s, LOOSE_PURSE, "C01", 6)
    play(s, BELAY, "C06", 6)  # C06: FTH HLM | OCC, foreknowledge 2, needs 3
    assert isinstance(step(s), Purchase)
    assert s.purse == 0
    assert s.ship_abis == [[LOOSE_PURSE], [BELAY]]


def test_a_failed_counter_lets_the_effect_through():
    s = buying({0: ["C01"], 1: ["C06"]}, {0: [LOOSE_PURSE], 1: [BELAY]})
    play(s, LOOSE_PURSE, "C01", 6)
    play(s, BELAY, "C06", 2)
    assert s.purse == 3


def test_a_cancelled_cancel_lets_the_first_ability_take_effect():
    s = buying({0: ["C01", "C06"], 1: ["C32"]}, {0: [LOOSE_PURSE, BELAY], 1: [BELAY]})
    play(s, LOOSE_PURSE, "C01", 6)
    play(s, BELAY, "C32", 6)
    w = step(s)
    assert isinstance(w, CounterWindow) and w.seat == 0 and w.depth == 1
    play(s, BELAY, "C06", 6)
    assert s.purse == 3


def test_declining_the_window_carries_the_effect_out():
    s = buying({0: ["C01"], 1: ["C06"]}, {0: [LOOSE_PURSE], 1: [BELAY]})
    play(s, LOOSE_PURSE, "C01", 6)
    s.apply_action(T.decline_id)
    assert s.purse == 3 and s.hand[1] == [BELAY]


def test_lucky_charm_forces_a_repeat_the_effect_only_if_the_repeat_succeeds():
    for repeat, purse in ((1, 0), (6, 3)):
        s = buying({0: ["C01"], 1: ["C06"]}, {0: [LOOSE_PURSE], 1: [LUCKY_CHARM]})
        play(s, LOOSE_PURSE, "C01", 6)
        play(s, LUCKY_CHARM, "C06", 6, repeat)
        assert s.purse == purse
        assert s.ship_abis == [[LOOSE_PURSE], [LUCKY_CHARM]]


def test_haggling_makes_each_card_cheaper_but_never_below_one():
    s = buying({0: ["C02"], 1: ["C05"]}, {0: [HAGGLING, HARD_BARGAIN]},
               market=["C21", "C18"])
    assert (card_price(s, 0), card_price(s, 1)) == (4, 6)
    play(s, HAGGLING, "C02", 6)
    assert (card_price(s, 0), card_price(s, 1)) == (2, 4)
    play(s, HARD_BARGAIN, "C02", 6)
    assert (card_price(s, 0), card_price(s, 1)) == (1, 1)


def test_price_cuts_end_with_the_purchase():
    s = buying({0: ["C02"], 1: ["C05"]}, {0: [HAGGLING]}, market=["C21"])
    play(s, HAGGLING, "C02", 6)
    s.apply_action(T.done_id)
    from ludoteca.games.puertodiablo.rules.abilities import open_purchase

    open_purchase(s)
    assert card_price(s, 0) == 4


def test_big_spender_raises_the_card_limit_by_one():
    cheap = ["C21", "C18", "C30", "C11"]
    # 25 doubloons ashore; the four cards cost 4 + 6 + 6 + 7.
    crew = ["C17", "C31", "C35", "C16"]
    plain = buying({0: crew, 1: ["C05"]}, {0: [BIG_SPENDER]}, market=cheap)
    for slot in range(3):
        plain.apply_action(T.buy_id[slot])
    assert not isinstance(plain.next_step(), Purchase)  # three cards, then it ends
    s = buying({0: crew, 1: ["C05"]}, {0: [BIG_SPENDER]}, market=cheap)
    play(s, BIG_SPENDER, "C17", 6)
    for slot in range(4):
        s.apply_action(T.buy_id[slot])
    assert all(s.owner[char(c)] == 0 for c in cheap)


def test_legend_in_the_making_lets_a_player_tell_a_tale_and_still_buy():
    s = buying({0: ["C22", "C45", "C27"], 1: ["C05"]}, {0: [LEGEND]}, market=["C21"],
               at="H02")
    play(s, LEGEND, "C22", 6)
    tales = [a for a in s.legal_actions() if a in T.tale_id]
    assert tales
    s.apply_action(tales[0])
    assert T.buy_id[0] in s.legal_actions()


def test_embellish_counts_extra_symbols_for_a_tale():
    s = buying({0: ["C27"], 1: ["C05"]}, {0: [EMBELLISH]}, at="H02")
    before = {a for a in s.legal_actions() if a in T.tale_id}
    play(s, EMBELLISH, "C27", 6)
    after = {a for a in s.legal_actions() if a in T.tale_id}
    assert before < after


def test_a_player_not_chosen_first_may_still_counter_after_a_failed_counter():
    # Seat 0 plays Loose Purse; seats 1 and 2 hold Belay That! and both want to counter;
    # the pilot lets seat 1 go first (R51). His fails: seat 2 is still asked, and his
    # cancel stops the purse.
    s = buying({0: ["C01"], 1: ["C06"], 2: ["C32"]}, {0: [LOOSE_PURSE], 1: [BELAY],
                                                       2: [BELAY]})
    play(s, LOOSE_PURSE, "C01", 6)
    s.apply_action(T.want_id)
    s.apply_action(T.want_id)
    s.apply_action(T.first_id[1])
    play(s, BELAY, "C06", 1)
    w = step(s)
    assert isinstance(w, CounterWindow) and w.seat == 2 and w.depth == 0
    play(s, BELAY, "C32", 6)
    assert s.purse == 0


def test_after_a_successful_cancel_nobody_else_is_asked():
    s = buying({0: ["C01"], 1: ["C06"], 2: ["C32"]}, {0: [LOOSE_PURSE], 1: [BELAY],
                                                       2: [BELAY]})
    play(s, LOOSE_PURSE, "C01", 6)
    s.apply_action(T.want_id)  # seat 1
    s.apply_action(T.decline_id)  # seat 2
    play(s, BELAY, "C06", 6)
    w = step(s)
    # Seat 2 may answer the cancel; once he declines and the cancel is carried out, he is
    # not asked again against the purse.
    assert isinstance(w, CounterWindow) and w.seat == 2 and w.depth == 1
    s.apply_action(T.decline_id)
    assert isinstance(step(s), Purchase) and s.purse == 0 and s.hand[2] == [BELAY]


def test_the_last_player_may_play_purchase_abilities_in_his_purchases():
    s = table(2, {0: ["C01"]}, market=["C21"])
    s.hand[0] = [LOOSE_PURSE]
    s.push(Purchase(0, 1, last=True))
    assert T.play_id[LOOSE_PURSE][char("C01")] in s.legal_actions()


def test_the_die_is_a_fair_chance_node_and_unknown_before_it_is_rolled():
    s = buying({0: ["C01"], 1: ["C05"]}, {0: [LOOSE_PURSE]})
    s.apply_action(T.play_id[LOOSE_PURSE][char("C01")])
    assert s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert sorted(o for o, _ in outcomes) == sorted(T.die_outcome)
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
    for seat in (None, 0, 1):
        assert s.observation(seat)["last_roll"] is None
    s.apply_action(T.die_outcome[3])
    assert s.observation(1)["last_roll"]["face"] == 4
