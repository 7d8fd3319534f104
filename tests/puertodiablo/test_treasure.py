"""Treasure hunting (the expansion, option ``treasure=on``), clause by clause of the
rulebook's section and the rulings R7, R8, R21-R24, R40-R46. Each test fails if its rule is
broken."""

from __future__ import annotations

from ludoteca.games.puertodiablo.rules import treasure
from ludoteca.games.puertodiablo.rules.end import tale_vp
from ludoteca.games.puertodiablo.steps import (
    HUNTING,
    SHIP,
    AbilityRoll,
    AfterFailedRoll,
    BeforeRoll,
    ChooseSeeker,
    CrewEnd,
    FinalHunts,
    NewHunt,
    NextBuyer,
    OpenTreasure,
    PilotPicks,
    Purchase,
    Resolved,
    StartHunt,
    TreasureCheck,
    TreasureCounter,
    TreasureRoll,
    TurnLog,
    Wish,
    budget,
    hunt_count,
    hunt_least,
    money,
)

from .helpers import GAME, T, char, log, new_state, table

ON = {"treasure": "on"}
STRONGBOX = T.treasure_ids.index("T01")  # HLM, standard, 5 doubloons
LOGBOOK = T.treasure_ids.index("T09")  # HLM+OCC, standard, 3 VP
ALTAR = T.treasure_ids.index("T04")  # FTH, standard, 5 doubloons
OLD_CHART = T.abi_names.index("Old Chart")
DIG_DEEPER = T.abi_names.index("Dig Deeper")
CLAIM_JUMPER = T.abi_names.index("Claim Jumper")


def hunting(ashore, hunters=(), market=(), n=None, **kw):
    """A harbour with the expansion: ``hunters`` (character id, treasure index) already
    lying on their treasures, seat 0's; ``market`` the treasures face up."""
    s = table(n or max(len(ashore), 2), ashore, options=ON, **kw)
    s.treasure_market = sorted(market)
    for cid, x in hunters:
        c = char(cid)
        s.place[c] = HUNTING
        s.owner[c] = 0
        s.hunt_of[c] = x
    return s


def settle(s):
    """Deal whatever the market refill asks for (the first outcome)."""
    while s.is_chance_node() and not isinstance(s.next_step(), TreasureRoll):
        s.apply_action(s.chance_outcomes()[0][0])


def die(s, face):
    assert isinstance(s.next_step(), TreasureRoll | AbilityRoll), s.next_step()
    s.apply_action(T.die_outcome[face - 1])


def check(s):
    s.push(TreasureCheck())
    s._run_automatic()


# ----- preparation ---------------------------------------------------------------------------


def test_preparation_the_three_treasure_abilities_join_the_level_i_pile():
    on, off = new_state(2, ON), new_state(2)
    for a in (OLD_CHART, DIG_DEEPER, CLAIM_JUMPER):
        assert on.abi_pile.counts[a] == 1 and off.abi_pile.counts[a] == 0
    assert on.level_two == off.level_two


def test_preparation_as_many_treasures_opened_as_the_harbour_number():
    s = new_state(2, ON)
    assert isinstance(s.next_step(), OpenTreasure)
    assert len(s.chance_outcomes()) == T.num_treasures
    s.apply_action(T.treasure_outcome[STRONGBOX])
    s.apply_action(T.treasure_outcome[ALTAR])
    assert s.treasure_market == sorted([STRONGBOX, ALTAR])  # Puerto Diablo: 2
    assert s.treasure_pile.size == T.num_treasures - 2
    assert not isinstance(s.next_step(), OpenTreasure)


def test_without_the_option_no_treasure_is_opened():
    s = new_state(2)
    assert s.treasure_pile.size == 0 and not s.treasure_market
    assert not any(isinstance(p, OpenTreasure) for p in s.pending())


# ----- beginning of the treasure hunt ------------------------------------------------------------


def test_beginning_a_hunt_after_committing_and_before_purchasing():
    s = hunting({0: ["C04", "C05"], 1: ["C02"]}, market=[STRONGBOX, ALTAR])
    s.committed[0] = 2
    s.push(NextBuyer((0,)))
    s._run_automatic()
    assert isinstance(s.next_step(), StartHunt)
    assert T.hunt_id[char("C04")][STRONGBOX] in s.legal_actions()
    assert T.no_hunt_id in s.legal_actions()
    s.apply_action(T.hunt_id[char("C04")][STRONGBOX])
    assert isinstance(s.next_step(), Purchase)


def test_the_hunter_may_be_weakened_and_its_doubloons_are_no_longer_usable():
    s = hunting({0: ["C04", "C05"], 1: ["C02"]}, market=[STRONGBOX])
    s.cover[char("C04")] = 2  # weakened: only the left side (HLM, 2d) shows
    s.committed[0] = 2
    s.push(NextBuyer((0,)))
    s._run_automatic()
    assert T.hunt_id[char("C04")][STRONGBOX] in s.legal_actions()
    before = budget(s, 0)
    s.apply_action(T.hunt_id[char("C04")][STRONGBOX])
    assert budget(s, 0) == before - 2
    assert s.place[char("C04")] == HUNTING


def test_treasure_cards_are_not_replenished():
    s = hunting({0: ["C04", "C05"], 1: ["C02"]}, market=[STRONGBOX])
    s.committed[0] = 2
    s.push(NextBuyer((0,)))
    s._run_automatic()
    pile = s.treasure_pile.size
    s.apply_action(T.hunt_id[char("C04")][STRONGBOX])
    assert s.treasure_market == []
    s.apply_action(T.done_id)
    assert s.treasure_market == [] and s.treasure_pile.size == pile


def test_no_hunt_when_one_player_is_left_and_purchases_as_his_healthy_characters():
    s = hunting({0: ["C04", "C05"]}, market=[STRONGBOX], n=2)
    s.push(CrewEnd(0))
    s._run_automatic()
    step = s.next_step()
    assert isinstance(step, Purchase) and step.last
    assert not any(a in s.legal_actions() for a in T.hunt_id[char("C04")])


def test_a_buyer_who_sends_his_last_character_hunting_is_out_of_the_harbour():
    s = hunting({0: ["C04"], 1: ["C02"], 2: ["C05"]}, market=[STRONGBOX])
    s.committed[0] = 2
    s.push(NextBuyer((0,)))
    s._run_automatic()
    s.apply_action(T.hunt_id[char("C04")][STRONGBOX])
    s.apply_action(T.done_id)
    settle(s)
    assert not s.ashore[0] and s.place[char("C04")] == HUNTING


# ----- result of the treasure hunt -------------------------------------------------------------


def test_least_roll_counts_the_hunters_own_symbols_and_the_weather():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    c = char("C04")  # HLM | HLM+TRD: two HLM
    assert hunt_count(s, c) == 2 and hunt_least(s, c) == 3
    s.foul = 1
    assert hunt_least(s, c) == 4
    s.foul = 0
    s.cover[c] = 2  # only the left side open: one HLM
    assert hunt_count(s, c) == 1 and hunt_least(s, c) == 4


def test_a_prohibited_symbol_still_counts_for_the_hunter():
    # R7: prohibitions are not applied to a hunter (it is not in the harbour).
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)], foul=1)
    hlm = T.sym_index["HLM"]
    s.voyage[0] = next(h for h in range(T.num_harbours)
                       if T.harbour_number[h] == 2)
    assert hunt_count(s, char("C04")) == 2
    assert hlm >= 0


def test_checked_upon_each_log_card_weather_and_challenge():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    s.log_pile = s.log_pile.of([1] * T.num_log)
    s.push(TurnLog())
    s.apply_action(T.log_outcome[log("L02")])  # plain fair weather
    assert isinstance(s.next_step(), TreasureRoll)
    die(s, 1)
    s2 = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    s2.log_pile = s2.log_pile.of([1] * T.num_log)
    s2.push(TurnLog())
    s2.apply_action(T.log_outcome[log("L12")])  # a challenge
    assert isinstance(s2.next_step(), TreasureRoll)


def test_a_war_triggered_by_the_log_card_is_handled_first():
    # L04 (EN flag) on top, L07 (ES flag) turned: a weather war, then the check.
    s = hunting({0: ["C05", "C16"], 1: ["C02", "C06"]}, hunters=[("C04", STRONGBOX)])
    s.weather = log("L04")
    s.log_pile = s.log_pile.of([1] * T.num_log)
    s.push(TurnLog())
    s.apply_action(T.log_outcome[log("L07")])
    kinds = [e.kind for e in s.events()]
    assert "war" in kinds and "treasure_roll" not in kinds
    while not isinstance(s.next_step(), TreasureRoll):
        s.apply_action(s.legal_actions()[0])
    assert "war" in [e.kind for e in s.events()]


def test_hunts_are_checked_from_the_pilot_clockwise_and_a_player_chooses_his_order():
    s = hunting({0: ["C05"], 1: ["C02"], 2: ["C11"]}, pilot=1,
                hunters=[("C01", STRONGBOX), ("C04", ALTAR), ("C06", LOGBOOK),
                         ("C12", T.treasure_ids.index("T13"))])
    for cid, seat in (("C01", 0), ("C04", 1), ("C06", 1), ("C12", 2)):
        s.owner[char(cid)] = seat
    check(s)
    step = s.next_step()
    assert isinstance(step, ChooseSeeker) and step.seat == 1
    s.apply_action(T.seek_id[char("C06")])
    order = []
    while isinstance(s.next_step(), TreasureRoll | ChooseSeeker):
        if isinstance(s.next_step(), ChooseSeeker):
            s.apply_action(s.legal_actions()[0])
            continue
        order.append(T.char_ids[s.next_step().hunter])
        die(s, 1)
    assert order == ["C06", "C04", "C12", "C01"]


def test_found_money_treasure_goes_to_the_hand_and_is_spent_once():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    check(s)
    die(s, 3)  # least 3: found
    assert s.found_money[0] == [STRONGBOX] and s.place[char("C04")] == SHIP
    s.push(Purchase(0, T.purchase_limit))
    before = money(s, s.next_step())
    s.apply_action(T.spend_id[STRONGBOX])
    assert money(s, s.next_step()) == before + 5
    assert s.found_money[0] == [] and T.spend_id[STRONGBOX] not in s.legal_actions()


def test_found_vp_treasure_goes_to_the_tall_tales():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", LOGBOOK)])
    check(s)
    die(s, 6)
    assert s.found_vp[0] == [LOGBOOK] and tale_vp(s, 0) == 3


def test_not_found_the_treasure_returns_face_up_and_the_character_to_the_ship():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    check(s)
    die(s, 2)  # least 3
    assert s.treasure_market == [STRONGBOX] and s.place[char("C04")] == SHIP
    assert s.found_money[0] == [] and s.hunt_of[char("C04")] == -1


def test_a_successful_hunter_goes_on_a_new_hunt_while_treasures_remain():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)],
                market=[ALTAR, LOGBOOK])
    check(s)
    die(s, 6)
    step = s.next_step()
    assert isinstance(step, NewHunt) and step.hunter == char("C04")
    assert sorted(s.legal_actions()) == sorted([T.hunt_id[char("C04")][ALTAR],
                                                T.hunt_id[char("C04")][LOGBOOK]])
    s.apply_action(T.hunt_id[char("C04")][LOGBOOK])
    assert s.hunt_of[char("C04")] == LOGBOOK and s.treasure_market == [ALTAR]


def test_a_successful_hunter_with_no_treasure_left_returns_to_the_ship():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    check(s)
    die(s, 6)
    assert s.place[char("C04")] == SHIP and not isinstance(s.next_step(), NewHunt)


def test_harbour_end_one_last_check_hunters_return_unclaimed_treasures_leave():
    s = hunting({}, hunters=[("C04", STRONGBOX), ("C05", ALTAR)], market=[LOGBOOK], n=2)
    s.owner[char("C05")] = 1
    s.push(FinalHunts())
    s._run_automatic()
    die(s, 6)  # C04 finds the strongbox
    assert not isinstance(s.next_step(), NewHunt)  # the harbour is at its end
    die(s, 1)  # C05 does not find the silver
    assert s.place[char("C04")] == SHIP and s.place[char("C05")] == SHIP
    assert s.found_money[0] == [STRONGBOX] and s.found_money[1] == []
    assert s.treasure_market == []


def test_the_last_check_comes_when_everybody_has_left():
    s = hunting({0: ["C05"]}, hunters=[("C04", STRONGBOX)], n=2)
    s.hand[0] = [OLD_CHART]
    s.push(CrewEnd(0))
    s._run_automatic()
    s.apply_action(T.done_id)  # the last player's purchase, then he leaves
    settle(s)
    assert isinstance(s.next_step(), TreasureRoll) and s.next_step().final


def test_seekers_continue_after_their_player_left_and_he_plays_no_ability():
    s = hunting({1: ["C02"], 2: ["C11"]}, hunters=[("C04", STRONGBOX)])
    s.hand[0] = [OLD_CHART, DIG_DEEPER]
    check(s)
    assert isinstance(s.next_step(), TreasureRoll)  # no modifier window: he has left
    die(s, 1)
    assert s.place[char("C04")] == SHIP  # no reroll window either


# ----- abilities and treasure hunting ----------------------------------------------------------


def test_old_chart_adds_one_to_the_own_hunters_roll():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    s.hand[0] = [OLD_CHART]
    check(s)
    assert isinstance(s.next_step(), BeforeRoll)
    s.apply_action(T.play_id[OLD_CHART][char("C05")])  # C05: one HLM, least 3
    die(s, 6)
    s.apply_action(T.decline_id)
    die(s, 2)  # 2 + 1 reaches the least roll 3
    assert s.found_money[0] == [STRONGBOX]


def test_dig_deeper_rerolls_the_own_failed_roll_and_the_new_result_stands():
    s = hunting({0: ["C03"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    s.hand[0] = [DIG_DEEPER]
    check(s)
    die(s, 1)
    assert isinstance(s.next_step(), AfterFailedRoll)
    s.apply_action(T.play_id[DIG_DEEPER][char("C03")])
    die(s, 6)  # the ability's own roll
    die(s, 5)  # the treasure roll again
    assert s.found_money[0] == [STRONGBOX]


def test_claim_jumper_forces_a_repeat_the_treasure_found_only_if_it_succeeds():
    s = hunting({0: ["C05"], 1: ["C10"]}, hunters=[("C04", STRONGBOX)])
    s.hand[1] = [CLAIM_JUMPER]
    check(s)
    die(s, 6)
    step = s.next_step()
    assert isinstance(step, TreasureCounter) and step.seat == 1
    s.apply_action(T.play_id[CLAIM_JUMPER][char("C10")])
    die(s, 6)  # Claim Jumper's own roll
    assert isinstance(s.next_step(), TreasureRoll) and s.next_step().forced
    die(s, 1)
    assert s.found_money[0] == [] and s.treasure_market == [STRONGBOX]


def test_a_lone_claim_jumper_whose_die_failed_is_asked_again():
    """R43 as R34: seat 1's first Claim Jumper fails its own die, so the find still
    stands and the window opens again to him; his second forces the repeat (the old
    engine asked a lone holder once)."""
    s = hunting({0: ["C05"], 1: ["C10"]}, hunters=[("C04", STRONGBOX)])
    s.hand[1] = [CLAIM_JUMPER, CLAIM_JUMPER]
    check(s)
    die(s, 6)
    s.apply_action(T.play_id[CLAIM_JUMPER][char("C10")])
    die(s, 1)  # a 1 never reaches Claim Jumper's table
    step = s.next_step()
    assert isinstance(step, TreasureCounter) and step.seat == 1 and not step.bound
    s.apply_action(T.play_id[CLAIM_JUMPER][char("C10")])
    die(s, 6)
    assert isinstance(s.next_step(), TreasureRoll) and s.next_step().forced


def test_several_who_can_force_a_repeat_say_whether_they_want_to_and_the_pilot_picks():
    """R43 as R51: two holders each say whether they want to play (the pilot choosing
    who plays first), where the old engine asked them in turn, one after the other."""
    s = hunting({0: ["C05"], 1: ["C10"], 2: ["C02"]}, hunters=[("C04", STRONGBOX)])
    s.hand[1], s.hand[2] = [CLAIM_JUMPER], [CLAIM_JUMPER]
    check(s)
    die(s, 6)
    step = s.next_step()
    assert isinstance(step, Wish) and step.moment == "treasure"
    assert (step.seat, step.later, step.hunter) == (1, (2,), char("C04"))
    s.apply_action(T.want_id)
    s.apply_action(T.want_id)
    assert isinstance(s.next_step(), PilotPicks)
    s.apply_action(T.first_id[2])
    step = s.next_step()
    assert isinstance(step, TreasureCounter) and (step.seat, step.bound) == (2, True)
    assert step.hunter == char("C04") and T.decline_id not in s.legal_actions()


def pilot_jumps_ahead_of_seat_2():
    """Seat 0's hunter finds; the pilot (seat 1) holds three Claim Jumpers, seat 2 one;
    twice both want to and the pilot plays his own first, and it fails."""
    s = hunting({0: ["C05"], 1: ["C10"], 2: ["C02"]}, hunters=[("C04", STRONGBOX)],
                pilot=1)
    s.hand[1], s.hand[2] = [CLAIM_JUMPER] * 3, [CLAIM_JUMPER]
    check(s)
    die(s, 6)
    for _ in range(2):
        step = s.next_step()
        assert isinstance(step, Wish) and (step.seat, step.later) == (2, (1,))
        s.apply_action(T.want_id)
        s.apply_action(T.want_id)
        s.apply_action(T.first_id[1])
        s.apply_action(T.play_id[CLAIM_JUMPER][char("C10")])
        die(s, 1)
    s.apply_action(T.want_id)
    s.apply_action(T.want_id)
    return s


def test_the_pilots_own_claim_jumpers_count_across_the_reopenings():
    """R51 ``two`` at the treasure check: after two of his own ahead of seat 2, seat 2
    plays without a pick."""
    s = pilot_jumps_ahead_of_seat_2()
    step = s.next_step()
    assert isinstance(step, TreasureCounter) and (step.seat, step.bound) == (2, True)


def test_a_hunter_cannot_act_an_ability():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    s.hand[0] = [OLD_CHART]
    check(s)
    assert isinstance(s.next_step(), BeforeRoll)
    acting = {GAME.codec.actions[a].character for a in s.legal_actions()
              if a != T.decline_id}
    assert acting == {char("C05")}


def test_a_hunter_is_not_counted_in_a_war():
    # R21: C04 (a Dutch helmsman) lies on a treasure; the war counts only those ashore.
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    from ludoteca.games.puertodiablo.rules.log import war
    nl = T.party_index["NL"]
    en = T.party_index["EN"]
    war(s, nl, en, "weather")
    e = next(e for e in s.events() if e.kind == "war")
    assert e.data["count_a"] == sum(1 for c in (char("C05"), char("C02"))
                                    if T.nation[c] == nl)


def test_scoring_vp_treasures_count_money_treasures_do_not():
    s = hunting({0: ["C05"], 1: ["C02"]})
    s.found_vp[0] = [LOGBOOK]
    s.found_money[1] = [STRONGBOX]
    assert treasure.treasure_vp(s, 0) == 3 and treasure.treasure_vp(s, 1) == 0
    assert tale_vp(s, 0) == 3 and tale_vp(s, 1) == 0


def test_the_terminal_and_the_observation_say_why_a_hunt_failed():
    from ludoteca.games.puertodiablo.render import render

    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)], market=[ALTAR])
    s.push(TreasureCheck(), Purchase(0, T.purchase_limit))
    s._run_automatic()
    die(s, 2)
    last = s.observation(1)["treasures"]["last_hunt"]
    assert (last["count"], last["weather"], last["least"], last["face"], last["found"]) == \
        (2, "fair", 3, 2, False)
    text = render(s.observation(0)).plain
    assert "Last hunt: s1 Sunken Strongbox: 2 HLM, fair, needs 3, rolled 2: not found" in text
    assert "Treasures: " in text and "Altar Silver" in text


def test_without_the_option_the_observation_has_no_treasure_fields():
    s = table(2, {0: ["C05"], 1: ["C02"]})
    assert "treasures" not in s.observation(0) and "draft" not in s.observation(0)


# ----- a round cut short before the check (R13, R22) -------------------------------------------

SHANGHAIED = T.abi_names.index("Shanghaied")


def test_a_challenge_card_cut_short_by_its_window_still_has_its_treasure_check():
    """R13: the check of a card already turned still happens, after the window (R22)."""
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    s.hand[0] = [SHANGHAIED]
    s.hand[1] = []
    s.push(TurnLog())
    s._run_automatic()
    s.apply_action(T.log_outcome[log("L11")])  # a challenge card: its first window opens
    s.apply_action(T.play_id[SHANGHAIED][char("C05")])
    die(s, 6)  # seat 1's only character to the ship: one player left, the round cut short
    assert s.ashore == [1, 0]
    step = s.next_step()
    assert isinstance(step, TreasureRoll) and step.hunter == char("C04") and not step.final


def test_a_modifier_at_the_check_of_a_round_cut_short_goes_to_that_roll():
    """R13 and R43: a weather war leaves one player ashore; his Old Chart before the
    check's roll neither ends the check nor waits for the harbour's last roll."""
    s = hunting({0: ["C05", "C03"], 1: ["C06"]}, hunters=[("C04", STRONGBOX)])
    s.hand[0] = [OLD_CHART]
    s.hand[1] = []
    s.weather = log("L04")  # England on top of the opened weather pile
    s.push(TurnLog())
    s._run_automatic()
    s.apply_action(T.log_outcome[log("L07")])  # Spain: England v Spain, seat 1's C06 leaves
    assert s.ashore == [1, 0] and isinstance(s.next_step(), BeforeRoll)
    s.apply_action(T.play_id[OLD_CHART][char("C05")])
    die(s, 6)
    assert isinstance(s.next_step(), BeforeRoll)
    s.apply_action(T.decline_id)
    step = s.next_step()
    assert isinstance(step, TreasureRoll) and not step.final
    least = hunt_least(s, char("C04"))
    die(s, least - 1)
    assert s.last_hunt[7] == 1 and s.last_hunt[8] == 1  # the +1 made the find


def test_the_last_check_of_a_harbour_adds_no_modifier_left_over():
    """R44: no ability at the harbour's last roll, so no modifier played earlier counts."""
    s = hunting({0: ["C05"]}, hunters=[("C04", STRONGBOX)], n=2)
    s.hunt_delta = 1  # a modifier whose roll never came
    s.push(FinalHunts())
    s._run_automatic()
    assert isinstance(s.next_step(), TreasureRoll) and s.next_step().final
    die(s, 1)
    assert s.last_hunt[7] == 0 and s.hunt_delta == 0


# ----- a committer with no character ashore when his purchase comes (R70) ---------------------


def test_a_committer_whose_last_character_is_shipped_after_the_resolution_still_purchases():
    s = hunting({0: ["C05", "C38"], 1: ["C02"]}, challenge="L14")
    s.hand[0] = [SHANGHAIED]
    s.hand[1] = []
    s.found_money[1] = [ALTAR]
    s.committed[0] = s.committed[1] = 1
    s.outcome = -1
    s.push(Resolved())
    s._run_automatic()  # the challenge moment's second window
    s.apply_action(T.play_id[SHANGHAIED][char("C05")])
    die(s, 6)
    assert not s.ashore[1]
    s.apply_action(T.done_id)  # seat 0 buys nothing
    settle(s)
    step = s.next_step()
    assert isinstance(step, Purchase) and step.seat == 1
    assert T.spend_id[ALTAR] in s.legal_actions()
    s.apply_action(T.spend_id[ALTAR])
    assert s.found_money[1] == [] and money(s, s.next_step()) == 5


def test_a_committer_with_nothing_ashore_and_no_money_treasure_is_not_asked():
    s = hunting({0: ["C05", "C38"], 1: ["C02"]}, challenge="L14")
    s.hand[0] = [SHANGHAIED]
    s.hand[1] = []
    s.committed[1] = 2  # seat 1 buys first
    s.committed[0] = 1
    s.outcome = -1
    s.push(Resolved())
    s._run_automatic()
    s.apply_action(T.play_id[SHANGHAIED][char("C05")])
    die(s, 6)
    settle(s)
    step = s.next_step()
    assert isinstance(step, Purchase | StartHunt) and step.seat == 0


# ----- what a seat sees: VP treasures and hunters -----------------------------------------------


def test_the_observation_and_the_tensor_count_vp_treasures_with_the_tales():
    s = hunting({0: ["C05"], 1: ["C02"]})
    s.found_vp[0] = [LOGBOOK]
    assert s.observation(1)["seats"][0]["tale_vp"] == 3
    layout = GAME.tensor_layout(2, s.variant)
    assert s.observation_tensor(1)[layout.offsets["tale_vp"]] == 3 / 60


def test_the_tensor_shows_a_character_out_hunting_for_its_seat():
    s = hunting({0: ["C05"], 1: ["C02"]}, hunters=[("C04", STRONGBOX)])
    layout = GAME.tensor_layout(2, s.variant)
    out = s.observation_tensor(1)
    k = char("C04")
    assert out[layout.offsets["hunting"] + k * 2 + 0] == 1.0
    assert out[layout.offsets["ship"] + k * 2 + 0] == 0.0
    assert sum(out[layout.offsets["hunting"]:layout.offsets["hunting"] + T.num_chars * 2]) == 1
