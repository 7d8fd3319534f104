"""Ability cards inside the pilot's assignment (ADD_SYMBOLS, DOUBLE_SYMBOLS), the
dispensation from a prohibition (IGNORE_PROHIBITION) and the counter to an event (SHIELD).
Each test fails if its rule (R60-R66) is broken."""

from __future__ import annotations

import random

from ludoteca.games.puertodiablo.bots import heuristic_action
from ludoteca.games.puertodiablo.rules import log
from ludoteca.games.puertodiablo.steps import (
    ASHORE,
    SHIP,
    AbilityOffer,
    CommitSymbols,
    CounterWindow,
    DeliverAbility,
    EffectChoice,
    EventCounter,
    MakeOffer,
    MomentWindow,
    PayDoubloons,
    PilotAssigns,
    StartRound,
    capacity,
    foreknowledge,
    multiplier,
    playable_at,
)

from .helpers import T, char, table, turn

SEA_LEGS = T.abi_names.index("Sea Legs")            # ADD_SYMBOLS HLM 2, foreknowledge HLM
HELPING_HAND = T.abi_names.index("Helping Hand")    # ADD_SYMBOLS EITHER 1
DOUBLE_EFFORT = T.abi_names.index("Double Effort")  # DOUBLE_SYMBOLS, foreknowledge CRF
DISPENSATION = T.abi_names.index("Dispensation")    # IGNORE_PROHIBITION ALL
ROUND = T.abi_names.index("Round for the House")    # foreknowledge TAV
STAND_FIRM = T.abi_names.index("Stand Firm")        # SHIELD, a counter
BELAY = T.abi_names.index("Belay That!")            # CANCEL, a counter
HLM, BLD, TAV = (T.sym_index[x] for x in ("HLM", "BLD", "TAV"))


def offer(s, seat, symbols, by_ability=None):
    step = s.next_step()
    assert isinstance(step, MakeOffer) and step.seat == seat
    s.apply_action(T.offer_id[symbols])
    if by_ability is not None:
        assert isinstance(s.next_step(), AbilityOffer)
        s.apply_action(T.by_ability_id[by_ability])
    else:
        assert not isinstance(s.next_step(), AbilityOffer)


def assign(s, symbols):
    assert isinstance(s.next_step(), PilotAssigns)
    s.apply_action(T.assign_id[symbols])


def play(s, ability, cid, face):
    s.apply_action(T.play_id[ability][char(cid)])
    s.apply_action(T.die_outcome[face - 1])


def sea_legs_table(seat1=("C04", "C05")):
    # Press gang asks BLD or HLM. Seat 0 (the pilot): Pieter (HLM on his right) and
    # Jeanne (nothing of the challenge). Seat 1 holds Sea Legs.
    s = table(2, {0: ["C01", "C02"], 1: list(seat1)}, at="H01")
    s.hand[0], s.hand[1] = [], [SEA_LEGS]
    turn(s, "L14")
    return s


# ----- the offer (R60) --------------------------------------------------------------------


def test_an_offer_by_an_ability_card_is_said_as_a_number_without_the_card():
    s = sea_legs_table()
    offer(s, 0, 0)
    offer(s, 1, 1, by_ability=2)
    assert s.offers[1] == 3 and s.by_ability[1] == 2
    e = [x for x in s.events() if x.kind == "offer_by_ability"][-1]
    assert e.data == {"seat": 1, "symbols": 2, "total": 3}  # no card named
    text = s.describe_event(e, 0)
    assert "2 more symbols by an ability card" in text and "Sea Legs" not in text


def test_the_ability_part_of_an_offer_is_at_most_what_the_cards_held_could_add():
    s = sea_legs_table()
    offer(s, 0, 0)
    s.apply_action(T.offer_id[0])
    assert [T.codec.decode(a).symbols for a in s.legal_actions()] == [0, 1, 2]


def test_a_card_whose_symbol_is_not_on_the_challenge_cannot_be_offered():
    # Brawl on the quay asks BLD or TAV: Sea Legs' helm symbols do not fit it.
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]}, at="H01")
    s.hand[0], s.hand[1] = [], [SEA_LEGS]
    turn(s, "L11")
    offer(s, 0, 0)
    offer(s, 1, 1)  # no AbilityOffer follows


def test_a_symbol_card_is_not_played_in_the_challenge_window_before_the_offers():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]}, at="H01", challenge="L14")
    s.hand[1] = [SEA_LEGS]
    assert playable_at(s, 1, "challenge") == []


# ----- delivery (R61) ----------------------------------------------------------------------


def test_the_card_is_played_after_the_pilots_decision_before_any_side_is_covered():
    s = sea_legs_table()
    offer(s, 0, 0)
    offer(s, 1, 0, by_ability=2)
    assign(s, 2)
    assert isinstance(s.next_step(), DeliverAbility)
    assert all(not s.cover[c] for c in range(T.num_chars))


def test_the_committers_play_their_cards_from_the_pilot_clockwise():
    """R61: with seat 1 the pilot of three, seat 1 delivers first, then seat 2, then
    seat 0 - not in seat order, nor counter-clockwise."""
    s = table(3, {0: ["C01"], 1: ["C04"], 2: ["C05"]}, at="H05", pilot=1)  # needs 4
    s.hand = [[SEA_LEGS], [SEA_LEGS], [SEA_LEGS]]
    turn(s, "L14")
    for seat in (1, 2, 0):
        offer(s, seat, 0, by_ability=2)
    for symbols in (1, 1, 2):  # everybody is assigned some
        assign(s, symbols)
    acting = {0: "C01", 1: "C04", 2: "C05"}
    order = []
    while isinstance(s.next_step(), DeliverAbility):
        seat = s.next_step().seat
        order.append(seat)
        play(s, SEA_LEGS, acting[seat], 6)
    assert order == [1, 2, 0]
    assert s.committed == [2, 1, 1] and s.outcome == 1


def test_sea_legs_supplies_two_symbols_covering_no_side_and_they_count_as_committed():
    s = sea_legs_table()
    offer(s, 0, 0)
    offer(s, 1, 0, by_ability=2)
    assign(s, 2)
    play(s, SEA_LEGS, "C04", 6)  # Hendrik shows three helms: needs 2
    assert s.outcome == 1 and s.committed == [0, 2]
    assert not s.cover[char("C04")] and not s.cover[char("C05")]
    assert s.ship_abis[1] == [SEA_LEGS] and s.hand[1] == []
    supplies = [x for x in s.events() if x.kind == "supplies"][-1]
    assert "Sea Legs supplies 2 HLM symbols" in s.describe_event(supplies, None)


def test_symbols_beyond_the_assignment_are_lost():
    s = sea_legs_table()
    offer(s, 0, 1)
    offer(s, 1, 0, by_ability=2)
    assign(s, 1)  # the pilot commits one himself
    assign(s, 1)
    play(s, SEA_LEGS, "C04", 6)
    assert isinstance(s.next_step(), CommitSymbols) and s.next_step().seat == 0
    assert s.committed[1] == 1  # two supplied, one assigned


def test_a_failed_roll_is_made_up_from_the_characters_when_they_can():
    s = sea_legs_table()
    offer(s, 0, 0)
    offer(s, 1, 0, by_ability=2)
    assign(s, 2)
    play(s, SEA_LEGS, "C04", 1)
    step = s.next_step()
    assert isinstance(step, CommitSymbols) and step.seat == 1 and step.left == 2
    assert s.ship_abis[1] == [SEA_LEGS]  # to the ship all the same


def test_a_player_may_pass_his_card_only_while_his_characters_can_make_up_the_rest():
    s = sea_legs_table()  # Hendrik and Moll: four helms and blades
    offer(s, 0, 0)
    offer(s, 1, 0, by_ability=2)
    assign(s, 2)
    assert T.decline_id in s.legal_actions()
    s2 = sea_legs_table(seat1=("C02", "C03"))  # Jeanne and Will: one blade
    offer(s2, 0, 0)
    offer(s2, 1, 0, by_ability=2)
    assign(s2, 2)
    assert T.decline_id not in s2.legal_actions()


def test_a_failed_roll_nobody_can_make_up_starts_a_new_round_of_offers():
    s = sea_legs_table(seat1=("C02", "C03"))  # Jeanne, Will: no helm, no blade to spare
    offer(s, 0, 0)
    offer(s, 1, 1, by_ability=2)  # Will's blade and the card's two helms
    assign(s, 2)
    play(s, SEA_LEGS, "C02", 1)
    # Will alone supplies one: short of two, so the offers start again.
    assert [x.kind for x in s.events()][-2:] == ["cannot_deliver", "new_offers"]
    step = s.next_step()
    assert isinstance(step, MakeOffer) and step.seat == 0
    assert s.offers == [0, 0] and s.assigned == [0, 0] and s.ship_abis[1] == [SEA_LEGS]
    assert s.outcome == -1 and not any(s.cover)


def test_a_counter_window_falls_between_the_successful_roll_and_the_supply():
    s = sea_legs_table()
    s.hand[0] = [BELAY]
    offer(s, 0, 0)
    offer(s, 1, 0, by_ability=2)
    assign(s, 2)
    play(s, SEA_LEGS, "C04", 6)
    assert isinstance(s.next_step(), CounterWindow) and s.supplied == (0, 0)
    play(s, BELAY, "C01", 6)
    assert s.supplied == (0, 0)  # not carried out
    step = s.next_step()
    assert isinstance(step, CommitSymbols) and step.seat == 1 and step.left == 2


def test_helping_hand_either_type_the_player_picks_one_of_the_challenges():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]}, at="H01")
    s.hand[0], s.hand[1] = [], [HELPING_HAND]
    turn(s, "L14")
    offer(s, 0, 1)
    offer(s, 1, 0, by_ability=1)
    assign(s, 1)
    assign(s, 1)
    play(s, HELPING_HAND, "C04", 6)
    step = s.next_step()
    assert isinstance(step, EffectChoice)
    assert sorted(s.legal_actions()) == sorted([T.symbol_id[BLD], T.symbol_id[HLM]])
    s.apply_action(T.symbol_id[BLD])
    e = [x for x in s.events() if x.kind == "supplies"][-1]
    assert e.data["symbol"] == BLD and s.supplied[1] == 1


def test_helping_hand_never_supplies_a_prohibited_type():
    # Brawl on the quay in Puerto Diablo: TAV is prohibited, so only BLD is left and it
    # is taken without asking.
    s = table(2, {0: ["C01", "C02"], 1: ["C10", "C05"]}, at="H01")
    s.hand[0], s.hand[1] = [], [HELPING_HAND]
    turn(s, "L11")
    offer(s, 0, 0)
    offer(s, 1, 1, by_ability=1)
    assign(s, 2)
    play(s, HELPING_HAND, "C10", 6)
    e = [x for x in s.events() if x.kind == "supplies"][-1]
    assert e.data["symbol"] == BLD


# ----- doubling (R64) ---------------------------------------------------------------------


def test_double_effort_counts_the_acting_characters_symbols_once_more():
    # Press gang in San Lazaro (4 needed): Hendrik commits the two helms of his right
    # side, counted twice.
    s2 = table(2, {0: ["C01", "C16"], 1: ["C04", "C05"]}, at="H05")  # needs 4, HEA banned
    s2.hand[0], s2.hand[1] = [], [DOUBLE_EFFORT]
    turn(s2, "L14")
    offer(s2, 0, 0)
    offer(s2, 1, 2, by_ability=2)  # Hendrik: up to two more by doubling
    assign(s2, 4)
    play(s2, DOUBLE_EFFORT, "C04", 6)
    assert s2.doubled == (char("C04"),)
    s2.apply_action(T.commit_id[char("C04")][0][0])  # his left helm, counted twice
    assert s2.committed[1] == 2 and s2.next_step().left == 2
    commit = [x for x in s2.events() if x.kind == "commit"][-1]
    assert commit.data["counted"] == 2
    assert "counting 2" in s2.describe_event(commit, None)
    s2.apply_action(T.commit_id[char("C04")][1][0])
    assert s2.committed[1] == 4 and s2.outcome == 1


def test_double_effort_is_acted_only_by_a_character_with_a_symbol_to_commit():
    """Doubling a character that has none of the challenge's symbols open would double
    nothing: Griet (a crafter, so with foreknowledge for the card, but no blade or helm)
    may not act it, Mateo (a crafter too, with a blade and a helm) may (R64, R73)."""
    s = table(2, {0: ["C01", "C16"], 1: ["C34", "C11"]}, at="H05")  # needs 4
    s.hand[0], s.hand[1] = [], [DOUBLE_EFFORT]
    turn(s, "L14")  # Press gang: BLD or HLM
    offer(s, 0, 0)
    offer(s, 1, 2, by_ability=2)
    assign(s, 4)
    assert isinstance(s.next_step(), DeliverAbility)
    assert foreknowledge(s, DOUBLE_EFFORT, char("C11")) > 0
    assert s.legal_actions() == [T.play_id[DOUBLE_EFFORT][char("C34")]]


def test_double_effort_is_not_offered_when_only_characters_with_nothing_to_commit_show_its_craft():
    """R73 with R64: Griet shows the card's craft but has no blade or helm to double;
    Hendrik has two helms but no craft, and since Griet shows it he may not act the card.
    So it adds nothing, and he offers no symbols by it."""
    s = table(2, {0: ["C01", "C16"], 1: ["C04", "C11"]}, at="H05")
    s.hand[0], s.hand[1] = [], [DOUBLE_EFFORT]
    turn(s, "L14")
    offer(s, 0, 0)
    offer(s, 1, 2)  # no AbilityOffer follows: the card could add nothing


def test_double_effort_is_delivered_by_the_crafter_not_by_the_helmsman_without_craft():
    """R73: Hendrik could double his two helms, but Mateo shows the card's craft (and a
    blade and a helm to double), so only Mateo may act it."""
    s = table(2, {0: ["C01", "C16"], 1: ["C34", "C04"]}, at="H05")
    s.hand[0], s.hand[1] = [], [DOUBLE_EFFORT]
    turn(s, "L14")
    offer(s, 0, 0)
    offer(s, 1, 2, by_ability=2)
    assign(s, 4)
    assert isinstance(s.next_step(), DeliverAbility)
    # His characters can deliver the 4 alone, so he may also play nothing.
    assert s.legal_actions() == [T.play_id[DOUBLE_EFFORT][char("C34")], T.decline_id]


def test_each_doubling_is_applied_to_the_original_amount_like_four_and_four_and_four():
    # The rulebook's example: two doublings on four make twelve (4 + 4 + 4). Hendrik's
    # two helms, doubled twice, count 2 + 2 + 2 = 6, not 8.
    s = table(2, {0: ["C01"], 1: ["C04"]}, at="H05", challenge="L14")
    s.doubled = (char("C04"), char("C04"))
    assert multiplier(s, char("C04")) == 3
    s.push(CommitSymbols(1, 6))
    s.apply_action(T.commit_id[char("C04")][0][0])
    s.apply_action(T.commit_id[char("C04")][1][0])
    assert s.committed[1] == 6


def test_doubled_symbols_beyond_the_assignment_are_lost():
    s = table(2, {0: ["C01"], 1: ["C04"]}, at="H01", challenge="L14")
    s.doubled = (char("C04"),)
    s.push(CommitSymbols(1, 1))
    # One helm counted twice already covers the one symbol left: no second helm.
    assert s.legal_actions() == [T.commit_id[char("C04")][0][0], T.commit_id[char("C04")][1][0]]
    s.apply_action(T.commit_id[char("C04")][1][0])
    assert s.committed[1] == 1


# ----- the dispensation (R65) ------------------------------------------------------------


def dispensation_table(card="L11"):
    # Puerto Diablo forbids TAV; Hannah shows TAV+TAV | TRD.
    s = table(2, {0: ["C22", "C02"], 1: ["C04", "C05"]}, at="H01")
    s.hand[0], s.hand[1] = [DISPENSATION], []
    turn(s, card)
    return s


def test_dispensation_lets_its_player_commit_the_prohibited_tavern_symbols():
    s = dispensation_table()
    assert capacity(s, 0) == 0
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.seat == 0
    play(s, DISPENSATION, "C22", 6)
    assert capacity(s, 0) == 2 and capacity(s, 1) == 1  # only his prohibitions lift
    e = [x for x in s.events() if x.kind == "dispensed"][-1]
    assert "may offer and commit TAV despite the harbour's prohibition" in \
        s.describe_event(e, 1)
    offer(s, 0, 2)
    offer(s, 1, 0)
    assign(s, 2)
    s.apply_action(T.commit_id[char("C22")][0][1])  # both tavern symbols
    assert s.outcome == 1 and s.committed == [2, 0]


def test_dispensation_is_not_offered_when_nothing_of_the_challenge_is_prohibited():
    s = dispensation_table("L14")  # Press gang: BLD or HLM, neither prohibited here
    assert isinstance(s.next_step(), MakeOffer)
    assert playable_at(s, 0, "challenge") == []


def test_dispensation_is_not_offered_to_a_player_with_no_prohibited_symbol_to_commit():
    # The tavern is prohibited and asked, but seat 0's characters show no TAV and he holds
    # no symbol card: the dispensation could change nothing for him (R65).
    s = table(2, {0: ["C02", "C05"], 1: ["C04", "C22"]}, at="H01")
    s.hand[0], s.hand[1] = [DISPENSATION], []
    turn(s, "L11")
    assert playable_at(s, 0, "challenge") == []
    s.hand[0] = [DISPENSATION, HELPING_HAND]  # a card of either type could supply a TAV
    assert DISPENSATION in playable_at(s, 0, "challenge")


def test_dispensation_does_not_change_foreknowledge():
    s = dispensation_table()
    play(s, DISPENSATION, "C22", 6)
    assert foreknowledge(s, ROUND, char("C22")) == 0  # TAV still prohibited for that


def test_dispensation_lapses_with_the_challenge():
    s = dispensation_table()
    play(s, DISPENSATION, "C22", 6)
    assert s.dispensed[0]
    s.clear_pending()
    log.start_round(s, StartRound(), None)
    assert s.dispensed == (0, 0)


# ----- standing firm (R66) ------------------------------------------------------------------


def fail(s, card):
    turn(s, card)
    for seat in (0, 1):
        offer(s, seat, 0)


def test_stand_firm_spares_its_players_characters_from_a_consequence():
    # Squall: every character with a fear of HLM goes to the ship. Griet (seat 0) and
    # Esteban (seat 1) both fear it.
    s = table(2, {0: ["C11", "C02"], 1: ["C37", "C04"]}, at="H01")
    s.hand[0], s.hand[1] = [STAND_FIRM], []
    fail(s, "L12")
    step = s.next_step()
    assert isinstance(step, EventCounter) and step.seat == 0
    assert s.place[char("C11")] == ASHORE and s.place[char("C37")] == ASHORE
    play(s, STAND_FIRM, "C02", 6)
    assert s.place[char("C11")] == ASHORE  # spared, and nobody instead
    assert s.place[char("C37")] == SHIP and s.place[char("C02")] == ASHORE
    spared = [x for x in s.events() if x.kind == "spared"][-1]
    assert "the event passes your characters by" in s.describe_event(spared, 0)


def test_stand_firm_that_fails_lets_the_consequence_hit():
    s = table(2, {0: ["C11", "C02"], 1: ["C37", "C04"]}, at="H01")
    s.hand[0], s.hand[1] = [STAND_FIRM], []
    fail(s, "L12")
    play(s, STAND_FIRM, "C02", 1)
    assert s.place[char("C11")] == SHIP and s.ship_abis[0] == [STAND_FIRM]


def test_a_cancelled_stand_firm_lets_the_consequence_hit():
    s = table(2, {0: ["C11", "C02"], 1: ["C37", "C04"]}, at="H01")
    s.hand[0], s.hand[1] = [STAND_FIRM], [BELAY]
    fail(s, "L12")
    play(s, STAND_FIRM, "C02", 6)
    assert isinstance(s.next_step(), CounterWindow)
    play(s, BELAY, "C37", 6)  # Esteban shows Belay That!'s faith (R73)
    assert s.place[char("C11")] == SHIP and s.place[char("C37")] == SHIP


def test_stand_firm_is_asked_only_of_a_player_the_event_hits():
    # Squall again, but seat 0 has nobody with a fear of HLM: no window for him.
    s = table(2, {0: ["C01", "C02"], 1: ["C37", "C04"]}, at="H01")
    s.hand[0], s.hand[1] = [STAND_FIRM], []
    fail(s, "L12")
    assert not isinstance(s.next_step(), EventCounter)
    assert s.place[char("C37")] == SHIP


def test_stand_firm_against_a_payment_pays_nothing():
    # Brawl on the quay: each pays 3 doubloons.
    s = table(2, {0: ["C11", "C02"], 1: ["C37", "C04"]}, at="H01")
    s.hand[0], s.hand[1] = [STAND_FIRM], []
    fail(s, "L11")
    play(s, STAND_FIRM, "C02", 6)
    step = s.next_step()
    assert isinstance(step, PayDoubloons) and step.seat == 1
    assert not s.cover[char("C11")] and not s.cover[char("C02")]


def test_stand_firm_in_a_war_keeps_the_losing_characters_ashore():
    # Spain 3 against France 2: Jeanne (seat 0) and Bastien (seat 1) are French.
    s = table(2, {0: ["C02", "C06"], 1: ["C10", "C08", "C12"]}, at="H01")
    s.hand[0], s.hand[1] = [STAND_FIRM], []
    log.war(s, T.party_index["ES"], T.party_index["FR"], "test")
    s._run_automatic()
    assert isinstance(s.next_step(), EventCounter)
    play(s, STAND_FIRM, "C06", 6)
    assert s.place[char("C02")] == ASHORE and s.place[char("C10")] == SHIP


def test_the_bot_plays_the_cards_of_the_assignment_and_stands_firm_without_crashing():
    rng = random.Random(3)
    # Squall fails here (one craft symbol in all), so both stand firm against it. For the
    # dispensation each seat shows a tavern symbol (R65: it is offered only then).
    for card, hand, seat0, seat1 in (
            ("L14", [SEA_LEGS, HELPING_HAND, DOUBLE_EFFORT], "C02", "C04"),
            ("L12", [STAND_FIRM], "C02", "C08"), ("L11", [DISPENSATION], "C10", "C04")):
        s = table(2, {0: ["C11", seat0], 1: ["C37", seat1, "C22"]}, at="H01")
        s.hand[0], s.hand[1] = list(hand), list(hand)
        turn(s, card)
        for _ in range(200):
            if s.outcome >= 0 and s.next_step().__class__.__name__ in ("Purchase",
                                                                        "LeaveChoice"):
                break
            if s.current_player() < 0:
                s.apply_action(s.legal_actions()[0])
            else:
                s.apply_action(heuristic_action(s, s.current_player(), rng))
        assert s.outcome >= 0
        assert s.ship_abis[0] and s.ship_abis[1]  # both played their cards


# ----- standing firm against an ability (R67) ----------------------------------------------

VOODOO = T.abi_names.index("Voodoo")
SHANGHAIED = T.abi_names.index("Shanghaied")


def aimed(ability, target, shields=(STAND_FIRM,)):
    from ludoteca.games.puertodiablo.steps import OpenWindow
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0], s.hand[1] = [ability], list(shields)
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    play(s, ability, "C05", 6)
    s.apply_action(T.choose_id[char(target)])
    return s


def test_stand_firm_answers_an_ability_aimed_at_its_players_character():
    s = aimed(VOODOO, "C07")
    step = s.next_step()
    assert isinstance(step, CounterWindow) and step.seat == 1
    play(s, STAND_FIRM, "C07", 6)  # Father Anselme shows faith
    assert s.cover[char("C07")] == 0  # not weakened
    e = [x for x in s.events() if x.kind == "spared"][-1]
    assert "Voodoo passes your characters by" in s.describe_event(e, 1)


def test_stand_firm_against_shanghaied_keeps_the_character_ashore():
    s = aimed(SHANGHAIED, "C04")
    play(s, STAND_FIRM, "C07", 6)
    assert s.place[char("C04")] == ASHORE


def test_a_failed_stand_firm_lets_the_ability_hit():
    s = aimed(SHANGHAIED, "C04")
    play(s, STAND_FIRM, "C07", 1)
    assert s.place[char("C04")] == SHIP


def test_stand_firm_is_no_counter_to_an_ability_not_aimed_at_his_characters():
    from ludoteca.games.puertodiablo.steps import OpenWindow
    SABOTAGE = T.abi_names.index("Sabotage")  # sends an ability to his ship, no character
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0], s.hand[1] = [SABOTAGE], [STAND_FIRM, BELAY]
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    play(s, SABOTAGE, "C01", 6)  # Pieter shows its craft (R73)
    assert isinstance(s.next_step(), CounterWindow)
    plays = {T.codec.decode(a).ability for a in s.legal_actions() if a != T.decline_id}
    assert plays == {BELAY}


def test_a_shield_of_a_cancelled_card_spares_nothing_later():
    from ludoteca.games.puertodiablo.steps import OpenWindow
    s = table(3, {0: ["C05", "C01"], 1: ["C07", "C04"], 2: ["C10", "C12"]},
              challenge="L11")
    s.hand[0], s.hand[1], s.hand[2] = [SHANGHAIED, SHANGHAIED], [STAND_FIRM], [BELAY]
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    play(s, SHANGHAIED, "C05", 6)
    s.apply_action(T.choose_id[char("C04")])
    s.apply_action(T.want_id)      # both could answer it (R51): seat 1 wants to,
    s.apply_action(T.decline_id)   # seat 2 not yet
    play(s, STAND_FIRM, "C07", 6)  # seat 1 stands firm ...
    s.apply_action(T.decline_id)   # (seat 2 lets the shield be)
    play(s, BELAY, "C10", 6)       # ... and seat 2 cancels the card itself
    assert s.place[char("C04")] == ASHORE
    # The second copy, unanswered, is not stopped by the first one's shield.
    play(s, SHANGHAIED, "C05", 6)
    s.apply_action(T.choose_id[char("C04")])
    assert s.place[char("C04")] == SHIP


def test_offers_that_reach_the_number_with_an_ability_card_take_no_market_help():
    # Sainte-Agathe (3), Press gang: each seat's characters hold one helm, so the market
    # may help (2 of 3), but seat 1 offers 1 + 2 by Sea Legs: the offers reach 3 alone.
    # The pilot assigns as without help (exactly 3, no offer forced in full), and nobody
    # is left to pick a helper for a negative shortfall, a step with no legal move.
    s = table(2, {0: ["C01"], 1: ["C06"]}, at="H03", market=["C16", "C18"])
    s.hand[0], s.hand[1] = [], [SEA_LEGS]
    turn(s, "L14")
    from ludoteca.games.puertodiablo.steps import help_allowance
    assert help_allowance(s)  # the characters alone could not reach 3
    offer(s, 0, 1)
    offer(s, 1, 1, by_ability=2)
    assert [T.codec.decode(a).symbols for a in s.legal_actions()] == [0, 1]
    assign(s, 1)
    assert [T.codec.decode(a).symbols for a in s.legal_actions()] == [2]
    assign(s, 2)
    play(s, SEA_LEGS, "C06", 6)
    while not s.is_terminal() and s.outcome < 0:  # not yet resolved
        legal = s.legal_actions()
        assert legal, f"{s.next_step()} has no legal action"
        s.apply_action(legal[0])
    assert s.outcome == 1 and s.committed == [1, 2]
