"""Each rule of the rulebook, on positions laid out by hand: every test fails if its rule
is broken. Worked examples of the rulebook and the card set are named after them."""

from __future__ import annotations

from ludoteca.core.hidden import Pile
from ludoteca.games.puertodiablo.rules import challenge, crew, end
from ludoteca.games.puertodiablo.steps import (
    ASHORE,
    OUT,
    SHIP,
    AbilityOffer,
    CommitSymbols,
    DealSlot,
    Decide,
    Failed,
    MakeOffer,
    PickHelper,
    PilotAssigns,
    TurnLog,
    WarLoss,
    capacity,
    in_harbour,
    need,
)

from .helpers import GAME, T, char, harbour, log, table, turn


def offer(state, *symbols):
    """Each seat in turn offers from his characters; none adds symbols by an ability card
    (the starting sets hold such cards: R60)."""
    for n in symbols:
        assert isinstance(state.next_step(), MakeOffer)
        state.apply_action(T.offer_id[n])
        if isinstance(state.next_step(), AbilityOffer):
            state.apply_action(T.by_ability_id[0])


def legal_assign(state):
    return [T.codec.decode(a).symbols for a in state.legal_actions()]


# ----- the challenge phase ----------------------------------------------------------------


def test_symbols_needed_equal_the_harbour_number_two_in_puerto_diablo_five_in_la_coruna():
    pd = table(2, {0: ["C05"], 1: ["C10"]}, at="H01", challenge="L14")
    lc = table(2, {0: ["C05"], 1: ["C10"]}, at="H08", challenge="L14")
    assert (need(pd), need(lc)) == (2, 5)


def test_puerto_diablo_prohibits_the_tavern_so_only_the_other_symbol_counts():
    # Bastien: BLD | BLD+TAV; Hannah: TAV+TAV | TRD. Brawl on the quay asks BLD or TAV.
    s = table(2, {0: ["C10", "C22"], 1: ["C02"]}, at="H01", challenge="L11")
    assert capacity(s, 0) == 2  # the two blades; the three tavern symbols are prohibited
    turn(s, "L11")
    assert max(T.codec.decode(a).symbols for a in s.legal_actions()) == 2


def test_foul_weather_adds_prohibitions():
    # Puerto Diablo's foul side also prohibits HLM: Hendrik (HLM | HLM+TRD) and Moll
    # (BLD | HLM) offer 4 against the Press gang (BLD/HLM) in fair weather, 1 in foul.
    fair = table(2, {0: ["C04", "C05"], 1: ["C02"]}, at="H01", challenge="L14")
    foul = table(2, {0: ["C04", "C05"], 1: ["C02"]}, at="H01", foul=1, challenge="L14")
    assert (capacity(fair, 0), capacity(foul, 0)) == (4, 1)


def test_a_weather_card_turns_the_harbour_card_to_its_side():
    s = table(2, {0: ["C05"], 1: ["C10"]}, at="H01")
    turn(s, "L03")  # foul, no flag
    assert s.foul == 1
    assert s.observation(0)["weather"] == "foul"


def test_a_challenge_that_enough_offers_can_resolve_must_be_resolved():
    s = table(2, {0: ["C05"], 1: ["C10"]}, at="H01", challenge="L14")
    turn(s, "L14")
    offer(s, 2, 0)
    assert isinstance(s.next_step(), PilotAssigns)
    assert legal_assign(s) == [2]  # assigning less would fail a resolvable challenge


def test_the_pilot_decides_who_commits_within_the_offers():
    s = table(2, {0: ["C05"], 1: ["C10"]}, at="H01", challenge="L14")
    turn(s, "L14")
    offer(s, 2, 2)
    assert legal_assign(s) == [0, 1, 2]  # the pilot: himself, alone or with the other
    s.apply_action(T.assign_id[0])
    assert legal_assign(s) == [2]  # then the other must commit the rest


def test_too_few_offers_fail_the_challenge_and_its_consequence_hits_those_ashore():
    # Press gang: each player ashore sends one male character to the ship.
    s = table(2, {0: ["C05", "C03"], 1: ["C10", "C02"]}, at="H01", challenge="L14")
    turn(s, "L14")
    offer(s, 1, 0)
    # Will (seat 0's only man) and Bastien (seat 1's) go to the ship.
    assert s.place[char("C03")] == SHIP and s.place[char("C10")] == SHIP
    assert s.place[char("C05")] == ASHORE and s.place[char("C02")] == ASHORE


def test_committing_from_both_sides_sends_the_character_to_the_ship():
    s = table(2, {0: ["C05"], 1: ["C10"]}, at="H01", challenge="L14")
    turn(s, "L14")
    offer(s, 2, 0)
    s.apply_action(T.assign_id[2])
    assert isinstance(s.next_step(), CommitSymbols)
    s.apply_action(T.commit_id[char("C05")][0][0])  # BLD from the left side
    assert s.cover[char("C05")] == 1 and s.place[char("C05")] == ASHORE
    s.apply_action(T.commit_id[char("C05")][1][0])  # HLM from the right side
    assert s.place[char("C05")] == SHIP


def test_a_weakened_character_that_commits_returns_to_the_ship():
    s = table(2, {0: ["C05", "C04"], 1: ["C10"]}, at="H01", challenge="L14")
    s.cover[char("C05")] = 1  # weakened: its left side is covered
    turn(s, "L14")
    offer(s, 2, 0)
    s.apply_action(T.assign_id[2])
    s.apply_action(T.commit_id[char("C05")][1][0])  # its visible HLM
    assert s.place[char("C05")] == SHIP


def test_market_help_with_two_players_completes_what_they_cannot_commit():
    # San Lazaro (4): Moll commits 2, Sergeant Colley (BLD | BLD) from the market the rest.
    s = table(2, {0: ["C05"], 1: ["C02"]}, at="H05", challenge="L14",
              market=["C18", "C21"])
    turn(s, "L14")
    offer(s, 2, 0)
    assert legal_assign(s) == [2]
    s.apply_action(T.assign_id[2])
    assert isinstance(s.next_step(), PickHelper)
    s.apply_action(T.helper_id[0])
    # The helper goes under the character pile and its slot is refilled at once (the
    # card set's change: the market refilled at once), before anyone commits.
    assert s.place[char("C18")] == 0 and s.char_pile.bottom[-1] == (char("C18"),)
    assert isinstance(s.next_step(), DealSlot) and s.next_step().slot == 0


def test_two_market_helpers_are_chosen_from_the_display_as_it_was_then_both_replaced():
    # San Lazaro (4): Moll commits 2; two market characters of one symbol each make up
    # the rest. The pilot chooses both from the open display (R15): the first one's slot
    # stays empty while he picks the second, and both are replaced after.
    s = table(2, {0: ["C05"], 1: ["C02"]}, at="H05", challenge="L14",
              market=["C29", "C31"])
    turn(s, "L14")
    offer(s, 2, 0)
    s.apply_action(T.assign_id[2])
    s.apply_action(T.helper_id[0])
    assert isinstance(s.next_step(), PickHelper) and s.market[0] == -1
    s.apply_action(T.helper_id[1])
    assert s.char_pile.bottom[-2:] == ((char("C29"),), (char("C31"),))
    assert isinstance(s.next_step(), DealSlot) and s.next_step().slot == 0


def test_no_market_help_with_four_players():
    s = table(4, {0: ["C05"], 1: ["C02"], 2: ["C08"], 3: ["C07"]}, at="H05",
              challenge="L14", market=["C18", "C16"])
    turn(s, "L14")
    offer(s, 2, 0, 0, 0)
    assert isinstance(s.pending()[0], Failed) or s.outcome == 0


def test_no_market_help_when_the_players_could_commit_enough():
    # They could (4 of 4) but offer less: the market may not help, the challenge fails.
    s = table(2, {0: ["C05", "C04"], 1: ["C02"]}, at="H05", challenge="L14",
              market=["C18"])
    turn(s, "L14")
    offer(s, 2, 0)
    assert s.outcome == 0


def test_la_coruna_foul_allows_at_most_two_resolvers():
    # 2 + 1 + 2 symbols of Powder-room fire (CRF/BLD): three players are needed for 5.
    ashore = {0: ["C10"], 1: ["C01"], 2: ["C14"]}
    fair = table(3, ashore, at="H08", challenge="L19")
    turn(fair, "L19")
    offer(fair, 2, 1, 2)
    assert isinstance(fair.next_step(), PilotAssigns)
    foul = table(3, ashore, at="H08", foul=1, challenge="L19")
    turn(foul, "L19")
    offer(foul, 2, 1, 2)
    assert foul.outcome == 0


def test_la_coruna_foul_two_offers_that_reach_the_number_with_a_card_are_resolved():
    # Characters alone: 2 + 2 of the best two is short of 5, so one market helper may help
    # (R15) and with help only one player may resolve; the market is empty, so help cannot
    # make it. Seat 0 adds 1 by an ability card: offers 3 and 2 reach 5 without help, so
    # the challenge must be resolved by those two (R15), not failed.
    s = table(3, {0: ["C10"], 1: ["C01"], 2: ["C14"]}, at="H08", foul=1, challenge="L19")
    turn(s, "L19")
    assert isinstance(s.next_step(), MakeOffer)
    s.apply_action(T.offer_id[2])
    assert isinstance(s.next_step(), AbilityOffer)
    s.apply_action(T.by_ability_id[1])
    offer(s, 1, 2)
    assert isinstance(s.next_step(), PilotAssigns)
    assert s.outcome != 0


# ----- wars -------------------------------------------------------------------------------


def war_table(extra_spaniard: bool):
    spain = ["C06", "C08"] + (["C12"] if extra_spaniard else [])
    s = table(2, {0: ["C03", "C05"], 1: spain}, at="H01")
    s.weather = log("L07")  # foul, Spain, on top of the opened weather pile
    return s


def test_a_weather_war_the_larger_side_wins_and_each_loser_sends_one_to_the_ship():
    s = war_table(True)
    turn(s, "L04")  # England: England 2 against Spain 3
    assert isinstance(s.next_step(), WarLoss) and s.next_step().seat == 0
    s.apply_action(T.choose_id[char("C03")])
    assert s.place[char("C03")] == SHIP
    assert sum(s.place[char(c)] == ASHORE for c in ("C06", "C08", "C12")) == 3


def test_a_war_with_equal_sides_sends_nobody_back():
    s = war_table(False)
    turn(s, "L04")
    assert all(s.place[char(c)] == ASHORE for c in ("C03", "C05", "C06", "C08"))
    assert s.war_done == 1


def test_only_one_weather_war_per_harbour():
    s = war_table(True)
    s.war_done = 1
    turn(s, "L04")
    assert not isinstance(s.next_step(), WarLoss)
    assert all(s.place[char(c)] == ASHORE for c in ("C03", "C05"))


def test_a_character_of_a_nation_and_a_faction_counts_for_both():
    from ludoteca.games.puertodiablo.rules.log import war
    # Moll is English and a pirate: in England against the Pirates she counts twice.
    s = table(2, {0: ["C05"], 1: ["C15"]}, at="H01")  # Ti-Jean: pirate, no nation
    war(s, T.party_index["EN"], T.party_index["PIR"], "test")
    s._run_automatic()  # the losses come after the war's counter window (R66)
    e = [x for x in s.events() if x.kind == "war"][-1]
    assert (e.data["count_a"], e.data["count_b"]) == (1, 2)
    assert e.data["loser"] == T.party_index["EN"]
    assert s.place[char("C05")] == SHIP  # seat 0's only English character


# ----- purchasing ----------------------------------------------------------------------------


def test_purchase_order_most_symbols_first_ties_from_the_pilot_clockwise():
    s = table(4, {0: ["C05"], 1: ["C10"], 2: ["C04"], 3: ["C02"]}, pilot=2)
    s.committed = [1, 3, 3, 0]
    challenge.resolved(s, None, None)
    # The challenge moment's window first (it lasts until the first purchase begins).
    window, buyers = s.pending()[:2]
    assert window.moment == "challenge" and buyers.order == (2, 1, 0)


def test_a_tall_tale_ignores_prohibitions_and_a_purchase_is_a_tale_or_up_to_three_cards():
    from ludoteca.games.puertodiablo.steps import Purchase
    # Hannah's two tavern symbols tell the 2-tavern tale in Puerto Diablo, where TAV is
    # prohibited for committing.
    s = table(2, {0: ["C22"], 1: ["C02"]}, at="H01", market=["C21"])
    s.push(Purchase(0, 3))
    tale = T.tale_names.index("The Bottomless Tankard")
    assert T.tale_id[tale] in s.legal_actions()
    s.apply_action(T.tale_id[tale])
    assert s.tales[0] == [tale] and s.is_terminal()  # one tale ends the purchase


def test_foul_weather_surcharge_raises_market_prices():
    from ludoteca.games.puertodiablo.steps import card_price
    s = table(2, {0: ["C22"], 1: ["C02"]}, at="H04", market=["C21"])
    fair = card_price(s, 0)
    s.foul = 1
    assert (fair, card_price(s, 0)) == (4, 5)  # Nieuw Zeeburg: +1 per card when foul


# ----- the crew phase and the pilot card ---------------------------------------------------------


def pilot_table(committed, ashore_after, outcome=1):
    s = table(4, {0: ["C05"], 1: ["C10"], 2: ["C04"], 3: ["C02"]}, pilot=0)
    s.committed = committed
    s.outcome = outcome
    s.ashore = ashore_after
    crew.pass_pilot(s, 0)
    return s.pilot


def test_pilot_passing_the_card_set_example_the_non_committer_left():
    # P1 (pilot), P2 and P4 commit; P3 did not and leaves: the card goes to P2.
    assert pilot_table([1, 1, 0, 1], [1, 1, 0, 1]) == 1


def test_pilot_passing_to_the_first_non_committer_still_ashore():
    assert pilot_table([1, 1, 0, 1], [1, 1, 1, 1]) == 2


def test_pilot_keeps_the_card_when_everybody_else_committed():
    assert pilot_table([0, 1, 1, 1], [1, 1, 1, 1]) == 0


def test_pilot_passing_when_everybody_left_goes_directly_left():
    assert pilot_table([1, 1, 0, 1], [0, 0, 0, 0]) == 1


def test_pilot_passing_after_a_failed_challenge_goes_to_the_next_player_ashore():
    assert pilot_table([0, 0, 0, 0], [1, 0, 1, 1], outcome=0) == 2


def test_the_pilot_passes_at_the_end_of_the_crew_phase_not_after_purchasing():
    from ludoteca.games.puertodiablo.steps import CrewPhase, LeaveChoice
    s = table(3, {0: ["C05"], 1: ["C10"], 2: ["C04"]}, pilot=0)
    s.committed = [1, 1, 0]
    s.outcome = 1
    s.push(CrewPhase())
    s.push(TurnLog())  # stands for the rest of the stack
    s.pop()
    s._run_automatic()
    assert isinstance(s.next_step(), LeaveChoice) and s.pilot == 0
    s.apply_action(T.stay_id)
    s.apply_action(T.stay_id)
    s.apply_action(T.leave_id)  # seat 2, the non-committer, leaves
    assert s.pilot == 1


def test_a_player_with_one_weakened_character_leaves_automatically():
    from ludoteca.games.puertodiablo.steps import CrewPhase
    s = table(3, {0: ["C05"], 1: ["C10"], 2: ["C04", "C02"]}, pilot=0)
    s.cover[char("C05")] = 1
    s.push(CrewPhase())
    s._run_automatic()
    assert s.ashore[0] == 0 and s.place[char("C05")] == SHIP
    assert in_harbour(s) == [1, 2]


def test_the_last_player_buys_once_per_healthy_character():
    from ludoteca.games.puertodiablo.steps import CrewEnd, Purchase
    s = table(2, {0: ["C05", "C04", "C02"], 1: []}, pilot=0)
    s.ashore = [1, 0]
    s.cover[char("C02")] = 1
    s.push(CrewEnd(0))
    s._run_automatic()
    step = s.next_step()
    assert isinstance(step, Purchase) and step.last and step.limit == 2


# ----- the end ---------------------------------------------------------------------------


def test_end_scoring_tales_plus_the_most_numerous_symbol_and_the_doubloon_tie_break():
    s = table(2, {0: [], 1: []})
    for c in range(T.num_chars):
        s.owner[c] = -1
    s.owner[char("C16")] = 0  # BLD+HLM | BLD+TAV: two blades (2 + 3 doubloons)
    s.owner[char("C05")] = 0  # BLD | HLM: three blades in all (2 + 2 doubloons)
    s.owner[char("C22")] = 1  # TAV+TAV | TRD: two tavern symbols (2 + 1 doubloons)
    s.place[char("C16")] = s.place[char("C05")] = s.place[char("C22")] = SHIP
    two, two_more = (T.tale_names.index("Seven with One Stroke"),
                     T.tale_names.index("The Bottomless Tankard"))
    s.tales = [[], [two, two_more]]
    assert end.symbol_bonus(s, 0) == 3 and end.symbol_bonus(s, 1) == 2
    end.game_end(s, None, None)
    assert s.vp == [3, 6] and s.winners() == [1]
    s.tales = [[T.tale_names.index("Drank the Governor under the Table")], [two, two_more]]
    end.game_end(s, None, None)  # 6 against 6: doubloons 9 against 3
    assert s.vp == [6, 6] and s.winners() == [0]
    # A character removed from the game counts for neither the bonus nor the tie-break
    # (R10): Lady Arabella Finch (a tavern symbol, 7 doubloons) would give seat 1 a third
    # tavern symbol and 10 doubloons against 9.
    s.owner[char("C17")], s.place[char("C17")] = 1, OUT
    end.game_end(s, None, None)
    assert s.vp == [6, 6] and s.winners() == [0]


def test_harbours_of_the_voyage_in_order():
    s = table(2, {0: ["C05"], 1: ["C10"]})
    names = [T.harbour_names[h] for h in s.voyage]
    assert names[0] == "Puerto Diablo" and names[3].startswith("La Coru")
    assert [T.harbour_number[h] for h in s.voyage] == [2, 3, 4, 5]
    assert GAME.edition.harbours[harbour("H01")].fair.prohibited == ["TAV"]


def test_decide_is_pushed_after_the_offers():
    s = table(2, {0: ["C05"], 1: ["C10"]}, challenge="L14")
    turn(s, "L14")
    assert [type(x) for x in s.pending()] == [MakeOffer, MakeOffer, Decide]


# ----- consequences and the rulings on gaps -------------------------------------------------


def test_rat_infestation_causes_disease_removes_a_character_from_the_game():
    from ludoteca.games.puertodiablo.steps import OUT, PickCharacter
    s = table(2, {0: ["C05", "C04"], 1: ["C10"]}, challenge="L10")
    turn(s, "L10")  # HEA / CRF: nobody has any
    offer(s, 0, 0)
    assert s.outcome == 0
    assert s.place[char("C10")] == OUT  # seat 1's only character
    assert isinstance(s.next_step(), PickCharacter) and s.next_step().remove
    s.apply_action(T.choose_id[char("C04")])
    assert s.place[char("C04")] == OUT and s.place[char("C05")] == ASHORE


def test_paying_doubloons_covers_sides_and_short_of_money_all_go_to_the_ship():
    from ludoteca.games.puertodiablo.steps import PayDoubloons
    # Brawl on the quay (BLD / TAV): each pays 3. Griet (TRD 3d | CRF 1d) can pay with
    # her left side; Isabel (1d | 4d), her 4d side covered, cannot.
    s = table(3, {0: ["C11", "C02"], 1: ["C08"], 2: ["C07", "C09"]}, challenge="L11")
    s.cover[char("C08")] = 2  # only her 1d side is open: short of 3
    turn(s, "L11")
    offer(s, 0, 0, 0)
    assert s.place[char("C08")] == SHIP
    assert isinstance(s.next_step(), PayDoubloons) and s.next_step().seat == 0
    s.apply_action(T.cover_id[char("C11")][0])
    assert s.cover[char("C11")] == 1 and s.place[char("C11")] == ASHORE


def test_r1_an_empty_log_pile_is_made_again_from_the_opened_cards_but_the_top_weather():
    from ludoteca.games.puertodiablo.rules.log import ensure_log_pile
    s = table(2, {0: ["C05"], 1: ["C10"]})
    s.log_pile = Pile.of([0] * T.num_log)
    s.used_log = [log("L02"), log("L14")]
    s.weather = log("L03")
    ensure_log_pile(s)
    assert s.log_pile.size == 2 and s.log_pile.counts[log("L03")] == 0
    assert s.used_log == []


def test_r13_a_war_that_leaves_one_player_ashore_ends_the_round():
    from ludoteca.games.puertodiablo.steps import Purchase
    s = table(2, {0: ["C03"], 1: ["C06", "C08", "C12"]})  # one Englishman, three Spaniards
    s.weather = log("L07")
    turn(s, "L04")
    assert s.ashore == [0, 1]
    # Straight to the crew phase: seat 1 is the last player and buys as such.
    assert isinstance(s.next_step(), Purchase) and s.next_step().last


def test_market_help_commits_only_the_remaining_symbols_so_offers_are_taken_in_full():
    # Sainte-Agathe (3): seat 0 offers 1 (C01's HLM), seat 1 offers 1 (C06's HLM); two
    # helpers allowed. The pilot may not assign seat 0 nothing and let the market do it.
    s = table(2, {0: ["C01"], 1: ["C06"]}, at="H03", market=["C16", "C18"])
    turn(s, "L14")
    offer(s, 1, 1)
    assert legal_assign(s) == [1]
    s.apply_action(T.assign_id[1])
    assert legal_assign(s) == [1]


def test_the_sole_player_left_in_the_harbour_is_not_asked_to_leave():
    from ludoteca.games.puertodiablo.steps import CrewPhase, LeaveChoice, Purchase

    s = table(3, {0: ["C01", "C02"], 1: ["C05", "C06"], 2: ["C10", "C12"]})
    s.push(CrewPhase())
    s._run_automatic()
    assert isinstance(s.next_step(), LeaveChoice) and s.next_step().seat == 0
    s.apply_action(T.leave_id)
    assert s.next_step().seat == 1
    s.apply_action(T.leave_id)
    # Seat 2 is the last player: straight to his purchases, no question.
    assert isinstance(s.next_step(), Purchase) and s.next_step().last


def test_a_player_who_stays_keeps_the_next_one_deciding():
    from ludoteca.games.puertodiablo.steps import CrewPhase, LeaveChoice

    s = table(3, {0: ["C01", "C02"], 1: ["C05", "C06"], 2: ["C10", "C12"]})
    s.push(CrewPhase())
    s._run_automatic()
    s.apply_action(T.stay_id)
    s.apply_action(T.leave_id)
    assert isinstance(s.next_step(), LeaveChoice) and s.next_step().seat == 2


def test_r32_the_round_cap_keeps_the_last_players_purchases():
    from ludoteca.games.puertodiablo.steps import CrewPhase, Purchase

    # Round 2 of a cap of 2: seats 1 and 2 (pilot 1) leave unasked, clockwise from the
    # pilot; seat 0 is the last one left and buys once per healthy character.
    s = table(3, {0: ["C01", "C02"], 1: ["C05", "C06"], 2: ["C10", "C12"]}, pilot=1,
              options={"round_cap": 2})
    s.round = 2
    s.push(CrewPhase())
    s._run_automatic()
    step = s.next_step()
    assert isinstance(step, Purchase) and step.last and step.seat == 0 and step.limit == 2
    assert s.ashore == [1, 0, 0]
