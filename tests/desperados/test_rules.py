"""One test (at least) per rule of the Desperados rulebook and per ruling we made."""

from __future__ import annotations

import random

import pytest

from ludoteca import ConfigError, IllegalActionError, load_game
from ludoteca.core.state import CHANCE
from ludoteca.games.desperados.actions import Draw, Fight, Open, Pass, Work
from tests.desperados.script import GOLD, SILVER, Script
from tests.desperados.test_examples import play_to_round_end

# ----- Preparing to play -------------------------------------------------------------

def test_deal_six_cards_each_then_left_of_dealer_starts():
    sc = Script(hands=[[], [], [], []])
    state = sc.state
    assert state.hand_sizes == [6, 6, 6, 6]
    assert state.dealer == 3 and state.current_player() == 0


def test_the_deal_is_one_chance_node_per_card_weighted_by_copies_left():
    state = load_game("desperados").new_initial_state(4)
    assert state.current_player() == CHANCE
    outcomes = dict(state.chance_outcomes())
    gold_chest = load_game("desperados").cards.CHEST + GOLD
    assert outcomes[gold_chest] == pytest.approx(9 / 60)


# ----- A turn: exactly one of draw, pass, play ---------------------------------------

@pytest.mark.parametrize("action", ["draw", "pass", "play"])
def test_exactly_one_action_ends_the_turn(action):
    sc = Script(hands=[["gold mine", "silver chest"], [], [], []])
    if action == "draw":
        sc.draw(0)
    elif action == "pass":
        sc.pass_card(0, "silver chest")
    else:
        sc.open(0, GOLD)
    assert sc.state.current_player() == 1


def test_drawing_adds_the_drawn_card_to_the_hand():
    sc = Script(hands=[[], [], [], []])
    before = sc.state.hands[0][sc.kind("closed mine")]
    sc.draw(0, "closed mine")
    assert sc.state.hands[0][sc.kind("closed mine")] == before + 1
    assert sc.state.hand_sizes[0] == 7 and sc.state.deck_total == 35


def test_pass_goes_face_down_to_the_partner():
    sc = Script(hands=[["Desperado 12"], [], [], []])
    state = sc.state
    twelve = sc.kind("Desperado 12")
    opponent_before = state.observation(1)
    sc.pass_card(0, "Desperado 12")
    assert sc.events(1) == ["Seat 0 passes a card to their partner"]
    assert sc.events(2) == ["Seat 0 passes you a Desperado 12"]
    assert sc.events(0) == ["You pass a Desperado 12 to your partner"]
    assert state.hands[2][twelve] == 1 and state.hands[0][twelve] == 0
    assert state.observation(2)["hand"]["Desperado 12"] == 1
    assert state.observation(0)["partner_holds"] == {"Desperado 12": 1}
    opponent_after = state.observation(1)
    assert "Desperado 12" not in str(opponent_after["hand"])
    assert opponent_after["hand"] == opponent_before["hand"]


def test_what_a_partner_passed_stays_in_their_view_of_the_partners_hand():
    sc = Script(hands=[["Desperado 12"], [], [], []])
    sc.pass_card(0, "Desperado 12")
    for seed in range(5):
        view = sc.state.determinize(0, random.Random(seed))
        assert view.hands[2][sc.kind("Desperado 12")] == 1


def test_passing_does_not_exist_in_the_individual_game():
    sc = Script(2, "individual", hands=[["gold chest"], []])
    with pytest.raises(IllegalActionError, match="only in the partnership game"):
        sc.act(0, Pass(sc.kind("gold chest")))


def test_a_round_limits_passes_ruling_r20():
    sc = Script(hands=[["gold chest"], ["gold chest"], ["gold chest"], ["gold chest"]],
                options={"pass_limit": 1})
    sc.pass_card(0, "gold chest")
    sc.draw(1), sc.draw(2), sc.draw(3)
    with pytest.raises(IllegalActionError, match="passed 1 of the 1 cards a player may pass"):
        sc.act(0, Pass(sc.kind("copper chest")))


def test_after_the_whole_table_passes_in_a_row_the_next_player_draws_or_plays_ruling_r20():
    sc = Script(hands=[["gold chest", "silver chest"], ["silver chest"], ["gold chest"],
                       ["gold chest"]])
    state = sc.state
    for seat in range(4):
        sc.pass_card(seat, "gold chest" if seat != 1 else "silver chest")
    assert state.passes_in_a_row == 4
    with pytest.raises(IllegalActionError, match="passed 4 times in a row"):
        sc.act(0, Pass(sc.kind("silver chest")))
    assert sc.legal(Draw()), "drawing is always possible then: no play is ever forced"
    assert "pass" not in state.prompt(0)
    sc.draw(0)
    assert sc.legal(Pass(sc.kind("silver chest"))), "a draw ends the run of passes"


def test_a_pass_is_refused_only_after_a_whole_round_of_passes_ruling_r20():
    sc = Script(hands=[["gold chest", "gold chest"], ["gold chest", "gold chest"],
                       ["gold chest", "gold chest"], ["gold mine", "gold chest"]])
    state = sc.state
    for seat in range(3):
        sc.pass_card(seat, "gold chest")
    sc.open(3, GOLD)  # a play: the count starts again
    for seat in range(3):
        assert sc.legal(Pass(sc.kind("gold chest")))
        sc.pass_card(seat, "gold chest")
    assert state.passes_in_a_row == 3 and state.passes == [2, 2, 2, 0]


def test_passing_in_the_final_turns_is_never_refused_ruling_r20():
    """The old per-round limit could force a harmful play: out of passes in a final turn,
    holding only a closed-mine card, a player had to close an opponent's mine."""
    sc = Script(hands=[["closed mine"], ["gold mine"], [], []],
                options={"pass_limit": 1, "passes_in_a_row": 1})
    state = sc.state
    sc.draw(0)
    gold = sc.open(1, GOLD)
    def pass_any(seat):
        sc.pass_card(seat, sc.cards.card_name(
            next(k for k, c in enumerate(state.hands[seat]) if c)))

    # every seat passes once (its limit), never two passes in a row
    pass_any(2), sc.draw(3), pass_any(0), sc.draw(1), sc.draw(2), pass_any(3), sc.draw(0)
    pass_any(1), sc.draw(2)
    seat = state.current_player()
    held = next(k for k, c in enumerate(state.hands[seat]) if c)
    with pytest.raises(IllegalActionError, match="passed 1 of the 1 cards"):
        sc.act(seat, Pass(held))
    while state.final_turns is None:
        sc.draw(state.current_player())
    for _ in range(4):  # four passes in a row, each by a seat past its limit
        seat = state.current_player()
        assert any(isinstance(sc.cards.actions[a], Pass) for a in state.legal_actions())
        assert "pass" in state.prompt(seat)
        pass_any(seat)
    assert state.round == 2 and state.totals == [0, 0]
    assert state.owner[gold] == -1, "a new round: the table is cleared"


def test_the_individual_final_turn_prompt_offers_no_pass():
    sc = Script(2, "individual", hands=[["gold mine"], ["silver mine"]])
    state = sc.state
    while state.final_turns is None:
        sc.draw(state.current_player())
    seat = state.current_player()
    assert state.prompt(seat) == "Final turn: the deck is empty, so play a card."


@pytest.mark.parametrize("players,variant", [(4, "partnership"), (3, "individual")])
def test_a_prompt_offers_only_the_moves_in_the_legal_list(players, variant):
    from ludoteca.testing import playout_states

    game = load_game("desperados")
    first_play = game.cards.open_id[0][0]
    for seed in range(2):
        for state in playout_states(game, players, variant, seed):
            seat = state.current_player()
            if seat < 0:
                continue
            legal = state.legal_actions()
            prompt = state.prompt(seat)
            if prompt.startswith("Fight over"):
                assert any(isinstance(game.codec.actions[a], Fight) for a in legal)
                continue
            assert ("draw" in prompt) == (Draw() in [game.codec.actions[a] for a in legal])
            assert ("pass" in prompt) == any(1 <= a < first_play for a in legal)
            assert ("play" in prompt) == any(a >= first_play for a in legal)


# ----- Opening, working, closing -----------------------------------------------------

def test_a_mine_card_may_open_a_mine_in_any_display_ruling_r2():
    sc = Script(hands=[["gold mine"], [], [], []])
    assert sc.legal(Open(GOLD, 1))
    slot = sc.open(0, GOLD, display=1)
    assert sc.state.owner[slot] == 1


def test_second_mine_of_a_metal_ruling_r1():
    sc = Script(hands=[["gold mine", "gold mine"], [], [], []])
    first = sc.open(0, GOLD)
    sc.draw(1), sc.draw(2), sc.draw(3)
    second = sc.open(0, GOLD)
    assert first != second and sc.state.owner[first] == sc.state.owner[second] == 0


def test_chest_only_on_open_mine_of_its_metal():
    sc = Script(hands=[["gold mine", "silver chest", "gold chest"], [], [], []])
    gold = sc.open(0, GOLD)
    sc.draw(1), sc.draw(2), sc.draw(3)
    assert not sc.legal(Work(sc.kind("silver chest"), gold))
    assert sc.legal(Work(sc.kind("gold chest"), gold))


def test_chests_may_go_onto_an_opponents_mine_unless_switched_off():
    for setting, allowed in (("any", True), ("close_or_fight", False)):
        sc = Script(hands=[["gold mine"], ["gold chest", "gold mine"], [], []],
                    options={"opponent_displays": setting})
        gold = sc.open(0, GOLD)
        assert sc.legal(Work(sc.kind("gold chest"), gold)) is allowed
        assert sc.legal(Open(GOLD, 0)) is allowed


def test_closing_any_open_mine_keeps_its_owner_and_stops_it():
    sc = Script(hands=[["gold mine", "gold chest"], ["closed mine"], [], []])
    gold = sc.open(0, GOLD)
    sc.close(1, gold)
    assert sc.state.owner[gold] == 0 and sc.state.closed[gold]
    sc.draw(2), sc.draw(3)
    assert not sc.legal(Work(sc.kind("gold chest"), gold)), "no cards on a closed mine"
    with pytest.raises(IllegalActionError, match="is closed"):
        sc.act(0, Work(sc.kind("gold chest"), gold))


def test_double_first_doubles_every_later_chest_but_not_otherwise():
    sc = Script(hands=[["gold mine", "gold mine", "double gold chest"],
                       ["gold chest"] * 3, [], []])
    doubled = sc.open(0, GOLD)
    sc.draw(1), sc.draw(2), sc.draw(3)
    sc.work(0, "double gold chest", doubled)
    sc.work(1, "gold chest", doubled)
    assert sc.mine(doubled)["value"] == 12
    sc.draw(2), sc.draw(3)
    plain = sc.open(0, GOLD)
    sc.work(1, "gold chest", plain)
    assert sc.mine(plain)["value"] == 3


# ----- Fights ----------------------------------------------------------------------

def test_fights_only_over_an_opponents_open_mine_ruling_r9():
    sc = Script(hands=[["gold mine", "Desperado 3"], ["silver mine"], [], []])
    own = sc.open(0, GOLD)
    theirs = sc.open(1, SILVER)
    sc.draw(2), sc.draw(3)
    assert not sc.legal(Fight(sc.kind("Desperado 3"), own))
    assert sc.legal(Fight(sc.kind("Desperado 3"), theirs))


def test_a_just_opened_empty_mine_may_be_attacked():
    sc = Script(hands=[["gold mine"], ["Desperado 3"], [], []])
    gold = sc.open(0, GOLD)
    assert sc.legal(Fight(sc.kind("Desperado 3"), gold))


def test_attacker_adds_nothing_and_joining_is_only_in_the_next_turn():
    sc = Script(hands=[["gold mine", "Desperado 1"], ["Desperado 9", "Desperado 10"],
                       ["Desperado 12", "Desperado 2"], ["Desperado 4"]])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold)
    sc.fight(2, 12, gold)
    sc.draw(3)
    sc.draw(0)
    # E's turn: the fight was settled before E acts; E keeps Desperado 10 and the mine stays.
    assert sc.state.fight_mine == -1 and sc.state.owner[gold] == 0
    assert sc.state.hands[1][sc.kind("Desperado 10")] == 1


def test_the_attacker_gets_no_turn_inside_the_fight_window():
    sc = Script(3, "individual", hands=[["Desperado 5", "Desperado 6"], ["gold mine"], []])
    sc.draw(0)
    gold = sc.open(1, GOLD)
    sc.draw(2)
    sc.fight(0, 5, gold)
    sc.draw(1), sc.draw(2)
    state = sc.state
    assert state.current_player() == 0
    assert state.fight_mine == -1, "settled before the attacker could add a second card"
    assert state.owner[gold] == 0, "the unanswered 5 takes the mine"
    assert state.hands[0][sc.kind("Desperado 6")] == 1


def test_all_desperados_go_to_the_discard_pile_after_a_fight():
    sc = Script(hands=[["gold mine", "Desperado 1"], ["Desperado 9"], ["Desperado 12"], []])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold)
    sc.fight(2, 12, gold)
    sc.draw(3)
    sc.fight(0, 1, gold)
    discard = sc.state.observation(None)["discard"]
    assert discard == {"Desperado 1": 1, "Desperado 9": 1, "Desperado 12": 1}


def test_individual_fight_joiners_owner_only_switch_ruling_r11():
    sc = Script(3, "individual", hands=[["Desperado 6"], ["silver mine"], ["Desperado 11"]],
                options={"fight_joiners": "owner"})
    sc.draw(0)
    silver = sc.open(1, SILVER)
    sc.draw(2)
    sc.fight(0, 6, silver)
    sc.draw(1)
    with pytest.raises(IllegalActionError, match="only the mine's owner"):
        sc.act(2, Fight(sc.kind("Desperado 11"), silver))


def test_winning_attackers_take_the_mine_with_its_chests_into_their_display():
    sc = Script(2, "individual", hands=[["gold mine", "gold chest"], ["Desperado 4"]])
    gold = sc.open(0, GOLD)
    sc.fight(1, 4, gold)
    sc.work(0, "gold chest", gold)  # the owner works the mine instead of defending
    assert sc.state.owner[gold] == 1 and sc.mine(gold)["chests"] == ["single"]


def test_chests_played_on_a_contested_mine_count_for_whoever_ends_up_owning_it():
    sc = Script(hands=[["gold mine"], ["Desperado 9", "gold chest"], ["gold chest"], []])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold)
    sc.work(2, "gold chest", gold)
    sc.draw(3), sc.draw(0)
    assert sc.state.owner[gold] == 1 and sc.mine(gold)["value"] == 3


# ----- Ending the round ------------------------------------------------------------

def test_open_mines_are_worthless_and_closed_mines_score_for_their_owner():
    sc = Script(2, "individual", hands=[["gold mine", "closed mine"], ["gold chest"] * 2])
    gold = sc.open(0, GOLD)
    sc.work(1, "gold chest", gold)
    sc.close(0, gold)
    play_to_round_end_individual(sc)
    assert sc.state.totals == [3, 0]


def play_to_round_end_individual(sc: Script) -> None:
    state = sc.state
    first = state.round
    while state.round == first:
        seat = state.current_player()
        if state.final_turns is None:
            sc.draw(seat)
        else:
            state.apply_action(state.legal_actions()[0])


def test_rounds_repeat_with_the_deal_passing_left():
    sc = Script(hands=[[], [], [], []])
    play_to_round_end(sc)
    state = sc.state
    assert state.round == 2 and not state.is_terminal()
    assert state.dealer == 0
    assert state.current_player() == CHANCE and state.deck_total == 60
    sc.deal([[], [], [], []])
    assert state.current_player() == 1, "the player left of the new dealer starts"


def test_partnership_target_is_60_and_individual_40():
    def ended(players, variant, totals):
        sc = Script(players, variant)
        sc.end_round_with(totals)
        return sc.state.is_terminal()

    assert not ended(4, "partnership", [59, 0]) and ended(4, "partnership", [60, 0])
    assert not ended(2, "individual", [39, 0]) and ended(2, "individual", [40, 0])


def test_a_tie_at_the_top_plays_another_round_ruling_r16():
    sc = Script(4, "partnership")
    sc.end_round_with([61, 61])
    state = sc.state
    assert not state.is_terminal() and state.round == 2


def test_the_round_cap_ends_a_match_with_the_leaders_sharing_ruling_r21():
    sc = Script(3, "individual", options={"max_rounds": 1})
    sc.end_round_with([5, 5, 1])
    state = sc.state
    assert state.is_terminal() and state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5, 0.0]


def test_partners_share_their_score_and_their_win():
    sc = Script(4, "partnership")
    sc.end_round_with([70, 20])
    state = sc.state
    assert state.scores() == [70, 20, 70, 20]
    assert state.winners() == [0, 2]


# ----- Information -----------------------------------------------------------------

def test_observations_show_only_ones_own_hand():
    sc = Script(hands=[["Desperado 12"], [], [], []])
    spectator = sc.state.observation(None)
    assert "hand" not in spectator
    assert "Desperado 12" in sc.state.observation(0)["hand"]
    assert "Desperado 12" not in sc.state.observation(1)["hand"]


def test_a_draw_is_seen_only_by_the_drawer():
    sc = Script(hands=[[], [], [], []])
    sc.act(0, Draw())
    k = sc.kind("closed mine")
    sc.state.apply_action(k)
    assert sc.events(0) == ["You draw a closed mine"]
    assert sc.events(1) == ["Seat 0 draws a card"], "the others are not told the card"
    assert "closed mine" not in str([e.data for e in sc.state.events_for(1)])


def test_bad_set_ups_are_refused_clearly():
    game = load_game("desperados")
    with pytest.raises(ConfigError, match=r"partnership.*4 players"):
        game.new_initial_state(3, "partnership")
    with pytest.raises(ConfigError, match="pass_limit"):
        game.new_initial_state(4, None, {"pass_limit": -1})
    with pytest.raises(ConfigError, match="nonsense"):
        game.new_initial_state(4, None, {"nonsense": 1})


def test_other_seats_read_moves_in_the_third_person():
    sc = Script(hands=[["gold mine"], [], [], []])
    action = sc.cards.index[Open(GOLD, 0)]
    assert sc.state.action_to_string(action) == (
        "Open a gold mine in your partnership's display")
    sc.state.apply_action(action)
    assert sc.events(1) == ["Seat 0 opens a gold mine in the display of seats 0 and 2"]


def test_closing_during_an_individual_fight_ends_it_too():
    sc = Script(3, "individual", hands=[["Desperado 6"], ["silver mine", "silver chest"],
                                        ["closed mine"]])
    sc.draw(0)
    silver = sc.open(1, SILVER)
    sc.draw(2)
    sc.fight(0, 6, silver)
    sc.work(1, "silver chest", silver)
    sc.close(2, silver)
    state = sc.state
    assert state.fight_mine == -1 and state.owner[silver] == 1
    assert sc.mine(silver)["chests"] == [], "the chest laid during the fight is discarded"


def test_an_empty_hand_can_only_draw_ruling_r14():
    sc = Script(2, "individual", hands=[["gold mine"] * 3 + ["silver mine"] * 3, []])
    for _ in range(6):
        sc.open(0, sc.cards.metal_of(next(k for k in range(3) if sc.state.hands[0][k])))
        sc.draw(1)
    assert sc.state.hand_sizes[0] == 0
    assert sc.state.legal_actions() == [sc.cards.index[Draw()]]


TINY = """
game = "desperados"
name = "tiny test deck"
hand_size = { value = 1, source = "assumed" }
[[metals]]
name = "gold"
chest_points = { value = 3, source = "rulebook" }
[deck]
mines_per_metal = { value = 1, source = "assumed" }
single_chests_per_metal = { value = 4, source = "assumed" }
double_chests_per_metal = { value = 0, source = "assumed" }
closed_mines = { value = 0, source = "assumed" }
desperados = { value = [1], source = "assumed" }
[partnership]
target = { value = 60, source = "rulebook" }
[individual]
target = { value = 1, source = "assumed" }
[individual.removed_single_chests_per_metal]
2 = { value = 0, source = "assumed" }
"""


def test_a_player_with_nothing_to_do_in_the_final_turns_skips_ruling_r13():
    sc = Script(2, "individual", hands=[["gold chest"], ["gold chest"]], edition_text=TINY)
    sc.draw(0, "gold chest")
    sc.draw(1, "gold mine")
    sc.draw(0, "gold chest")
    sc.draw(1, "Desperado 1")  # the last card: final turns for seat 0, then seat 1
    state = sc.state
    assert state.final_turns is not None
    assert state.current_player() == 1, "seat 0 holds only chests and no mine is open: skipped"
    sc.act(1, Open(GOLD, 1))
    assert state.round == 2, "seat 1's was the last turn of the round"


# ----- Edge cases the audit asked for ------------------------------------------------

def _to_final_turns(sc: Script, drawer: int) -> None:
    """Everyone draws until ``drawer`` is about to draw the last card."""
    state = sc.state
    while state.deck_total > 1 or state.current_player() != drawer:
        seat = state.current_player()
        if state.deck_total == 1:
            sc.pass_card(seat, sc.cards.card_name(
                next(k for k, c in enumerate(state.hands[seat]) if c)))
        else:
            sc.draw(seat)
    sc.draw(drawer)


def test_a_fight_started_in_the_final_turns_has_no_effect_ruling_r13():
    sc = Script(hands=[["gold mine", "gold chest"], ["closed mine"], [], ["Desperado 12"]])
    gold = sc.open(0, GOLD)
    _to_final_turns(sc, 2)  # final turns: seat 3, 0, 1, then 2
    sc.fight(3, 12, gold)
    state = sc.state
    for seat in (0, 1, 2):
        sc.pass_card(seat, sc.cards.card_name(
            next(k for k, c in enumerate(state.hands[seat]) if c)))
    assert state.round == 2 and state.totals == [0, 0]
    settled = [e for _, e in state.event_log(None) if e.kind == "fight_settled"]
    assert settled == [], "the fight was never settled"


def test_the_attackers_partner_may_close_the_contested_mine():
    sc = Script(hands=[["gold mine", "gold chest"], ["Desperado 9"], [], ["closed mine"]])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold)
    sc.draw(2)
    sc.close(3, gold)
    state = sc.state
    assert state.fight_mine == -1 and state.owner[gold] == 0 and state.closed[gold]
    fight = next(e for e in state.events_for(0) if e.kind == "fight_settled")
    assert fight.data["outcome"].startswith("the mine was closed")


def test_closing_removes_a_first_placed_double_that_is_the_only_chest_ruling_r12():
    sc = Script(hands=[["gold mine"], ["Desperado 9"], ["double gold chest"], ["closed mine"]])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold)
    sc.work(2, "double gold chest", gold)
    assert sc.mine(gold)["value"] == 6
    sc.close(3, gold)
    assert sc.mine(gold)["chests"] == [] and sc.mine(gold)["value"] == 0
    assert sc.state.discard[sc.kind("double gold chest")] == 1


def test_a_mine_opened_in_an_opponents_display_may_be_attacked_by_its_opener():
    sc = Script(hands=[["gold mine", "Desperado 5"], [], [], []])
    gold = sc.open(0, GOLD, display=1)
    sc.draw(1), sc.draw(2), sc.draw(3)
    sc.fight(0, 5, gold)
    sc.draw(1), sc.draw(2), sc.draw(3)
    assert sc.state.owner[gold] == 0, "an unanswered 5 takes it into the opener's display"


def test_a_new_round_forgets_passes_knowledge_and_fights():
    sc = Script(hands=[["Desperado 1"], ["gold mine"], ["Desperado 9"], []])
    sc.pass_card(0, "Desperado 1")
    gold = sc.open(1, GOLD)
    state = sc.state
    assert state.passes[0] == 1 and state.observation(0)["partner_holds"]
    sc.fight(2, 9, gold)
    assert state.fight_mine == gold
    play_to_round_end(sc)
    assert state.round == 2
    assert state.passes == [0, 0, 0, 0]
    assert state.observation(0)["partner_holds"] == {}
    assert state.fight_mine == -1 and all(owner == -1 for owner in state.owner)


def test_scores_add_up_over_rounds():
    def bank_a_gold_mine(sc: Script) -> None:
        first = sc.state.current_player()
        order = [(first + i) % 4 for i in range(4)]
        gold = sc.open(order[0], GOLD)
        sc.work(order[1], "gold chest", gold)
        sc.draw(order[2]), sc.draw(order[3])
        sc.close(order[0], gold)

    sc = Script(hands=[["gold mine", "closed mine"], ["gold chest"], [], []])
    bank_a_gold_mine(sc)
    play_to_round_end(sc)
    assert sc.state.totals == [3, 0]
    scored = next(e for e in sc.state.events_for(None) if e.kind == "round_scored")
    assert scored.data["mines"] == [
        {"display": 0, "mine": "gold mine 1", "points": 3}]
    sc.deal([[], ["gold mine", "closed mine"], ["gold chest"], []])  # seat 1 opens round 2
    bank_a_gold_mine(sc)
    play_to_round_end(sc)
    assert sc.state.totals == [3, 3]


def test_partnerships_tied_at_the_round_cap_share_the_win():
    sc = Script(4, "partnership", options={"max_rounds": 1})
    sc.end_round_with([10, 10])
    state = sc.state
    assert state.is_terminal() and state.returns() == [0.5, 0.5, 0.5, 0.5]


def test_a_spectator_sees_a_pass_only_as_a_pass():
    sc = Script(hands=[["Desperado 12"], [], [], []])
    sc.pass_card(0, "Desperado 12")
    assert sc.events(None) == ["Seat 0 passes a card to their partner"]


def test_the_fight_prompt_is_offered_only_to_a_seat_holding_a_desperado():
    sc = Script(hands=[["gold mine"], ["Desperado 9"], ["gold chest"] * 6, ["Desperado 3"]])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold)
    assert "Fight over" not in sc.state.observation(2)["prompt"]
    sc.draw(2)
    assert "Fight over" in sc.state.observation(3)["prompt"]


def test_skipped_final_turns_are_reported():
    sc = Script(2, "individual", hands=[["gold chest"], ["gold chest"]], edition_text=TINY)
    sc.draw(0, "gold chest"), sc.draw(1, "gold mine"), sc.draw(0, "gold chest")
    sc.draw(1, "Desperado 1")
    skipped = [e.data["seat"] for e in sc.state.events_for(1) if e.kind == "skipped"]
    assert skipped == [0]


def _cards_in_play(state) -> list[int]:
    """Every card of the round, wherever it is, counted per kind."""
    cards = state.cards
    counts = list(state.deck)
    for hand in state.hands:
        counts = [a + b for a, b in zip(counts, hand, strict=True)]
    counts = [a + b for a, b in zip(counts, state.discard, strict=True)]
    for slot in range(cards.num_slots):
        if state.owner[slot] == -1:
            continue
        metal = cards.slot_metal[slot]
        counts[cards.MINE + metal] += 1
        counts[cards.CLOSED] += state.closed[slot]
        for chest in state.chests[slot]:
            counts[(cards.DOUBLE if chest == 2 else cards.CHEST) + metal] += 1
    for kind in state.fight_cards:
        if kind != -1:
            counts[kind] += 1
    return counts


@pytest.mark.parametrize("players,variant", [(4, "partnership"), (2, "individual"),
                                             (3, "individual")])
def test_no_card_is_ever_lost_or_made(players, variant):
    from ludoteca.testing import playout_states

    game = load_game("desperados")
    for seed in range(3):
        for state in playout_states(game, players, variant, seed):
            if state.is_terminal():
                break
            expected = game.cards.deck_counts(state.removed_singles)
            assert _cards_in_play(state) == expected, f"seed {seed}, {len(state.history())}"
