"""One test per rule (each fails if the rule is broken), and one per item of the
supplement's list of changes after its audit (C1-C11)."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import IllegalActionError
from ludoteca.core.hidden import Pile
from ludoteca.games.dosrios.actions import (
    ActionCard,
    Attack,
    Build,
    Dam,
    EndTurn,
    FlowTo,
    Move,
    PassOver,
)
from ludoteca.games.dosrios.rules.end import check_victory
from ludoteca.games.dosrios.steps import ActionPoints, Harvest, MustLeave, RiverBranch
from tests.dosrios.helpers import (
    CARD,
    EAST,
    MR,
    TOWN,
    VR,
    WEST,
    H,
    T,
    act,
    all_turned,
    build_here,
    chance,
    fresh,
    legal,
    put,
    ready,
    side,
)
from tests.dosrios.test_examples import (
    attack,
    courses,
    dams,
    every,
    fight,
    harvest_with,
    later_turn,
    moves,
)

RED, BLUE, YELLOW = 0, 1, 2


def town_count(state, seat):
    return state.pos[seat * T.workers:(seat + 1) * T.workers].count(TOWN)


# ----- the board ------------------------------------------------------------------------


def test_rivers_never_flow_into_mountains_paths_or_upward():
    from ludoteca.games.dosrios import hexes
    for x, p in enumerate(T.pos):
        for s in T.outflows[x]:
            tgt = T.side_target[s]
            assert tgt not in (T.west, T.east) and tgt not in T.source
            if tgt < T.num_hexes:
                assert hexes.y(T.pos[tgt]) > hexes.y(p)
        # edge columns: two ways down, the others three (with a lake or the Town below)
        assert len(T.outflows[x]) == (2 if p[0] in (0, 6) else 3)


def test_workers_never_move_onto_mountains_or_lakes():
    for _loc, adj in enumerate(T.adjacent):
        assert all(0 <= a < T.num_locations for a in adj)
    assert H(1, 1) in T.adjacent[H(0, 0)] and len(T.adjacent[H(3, 1)]) == 3  # three mountain sides


# ----- action points --------------------------------------------------------------------


def test_action_points_are_not_saved():
    state = fight([])
    act(state, Move(TOWN, H(3, 7)))
    act(state, EndTurn())
    # seat 1's first turn, then seat 0's again with six, not eleven
    assert isinstance(state.next_step(), ActionPoints) and state.next_step().seat == BLUE
    act(state, EndTurn())
    assert isinstance(state.next_step(), Harvest)
    act(state, PassOver())
    assert state.next_step().seat == RED and state.next_step().left == 6


def test_moves_of_different_workers_interleave_and_points_run_out():
    state = fight([(RED, (3, 7), 1)])
    act(state, Move(TOWN, H(2, 7)))
    act(state, Move(H(3, 7), H(3, 6)))
    act(state, Move(H(2, 7), H(2, 6)))
    for _ in range(3):
        act(state, Move(H(3, 6), H(3, 5)) if state.hex_seat[H(3, 5)] < 0
            else Move(H(3, 5), H(3, 6)))
    assert state.next_step().left == 0
    assert not [a for a in legal(state) if isinstance(a, (Move, Attack))]
    assert EndTurn() in legal(state)


def test_town_and_paths_connect():
    state = fight([])
    assert {(TOWN, WEST), (TOWN, EAST)} <= moves(state)
    act(state, Move(TOWN, EAST))
    assert (EAST, (6, 4)) in moves(state) and (EAST, TOWN) in moves(state)
    assert (EAST, (5, 4)) not in moves(state)


# ----- opposing Farms and Estates (R9, R10; changes C1, C4) -------------------------------


def passing(option: str = "literal", setup=((RED, (2, 6), 1),)):
    """Red's worker from (2,6) in passing on Blue's Farm on (2,7), under ``farm_passing``."""
    state = ready(2, farm_passing=option)
    all_turned(state)
    for seat, hex_, k in setup:
        put(state, seat, hex_, k)
    build_here(state, BLUE, (2, 7), "farm")
    act(state, Move(H(2, 6), H(2, 7)))
    return state


def test_change_c4_an_opposing_farm_is_entered_only_in_passing():
    state = passing("strict")
    step = state.next_step()
    assert isinstance(step, MustLeave) and step.hex == H(2, 7)
    acts = legal(state)
    assert EndTurn() not in acts and not [a for a in acts if isinstance(a, (Build, Dam))]
    assert all(isinstance(a, Move) and a.src == H(2, 7) for a in acts)
    act(state, Move(H(2, 7), TOWN))
    assert isinstance(state.next_step(), ActionPoints)


def test_r9_literal_a_dam_during_the_move_through_an_opposing_farm():
    state = passing()
    acts = legal(state)
    sides = [a.side for a in acts if isinstance(a, Dam)]
    assert EndTurn() not in acts
    # the Town side of (2,7) touches no other land hex: only the passing worker can dam it
    town_side = side((2, 7), "S")
    assert town_side in sides
    act(state, Dam(town_side))
    step = state.next_step()
    assert isinstance(step, MustLeave) and step.hex == H(2, 7) and step.left == 5
    assert EndTurn() not in legal(state)
    act(state, Move(H(2, 7), TOWN))
    assert isinstance(state.next_step(), ActionPoints) and EndTurn() in legal(state)


def test_r9_strict_no_dam_during_the_move_through_an_opposing_farm():
    state = passing("strict")
    assert not [a for a in legal(state) if isinstance(a, Dam)]
    with pytest.raises(IllegalActionError):
        act(state, Dam(side((2, 7), "S")))


def test_r9_literal_another_worker_may_interrupt_the_pass():
    state = passing(setup=((RED, (2, 6), 1), (RED, (4, 4), 1)))
    assert ((4, 4), (4, 5)) in moves(state)
    act(state, Move(H(4, 4), H(4, 5)))
    step = state.next_step()
    assert isinstance(step, MustLeave) and step.hex == H(2, 7) and step.left == 4
    assert EndTurn() not in legal(state)  # the duty to move on stands


def test_r9_strict_no_other_worker_moves_during_the_pass():
    state = passing("strict", setup=((RED, (2, 6), 1), (RED, (4, 4), 1)))
    assert all(src == (2, 7) for src, _ in moves(state))


def test_r9_literal_an_interruption_keeps_the_points_to_move_on():
    state = passing()  # 5 points left; two Red workers wait in the Town
    for _ in range(2):
        act(state, Move(TOWN, WEST))
        act(state, Move(WEST, TOWN))
    assert state.next_step().left == 1
    assert all(src == (2, 7) for src, _ in moves(state))  # a 5th move would strand it
    assert not [a for a in legal(state) if isinstance(a, Attack)]


def test_r9_literal_no_second_pass_meanwhile():
    state = passing(setup=((RED, (2, 6), 1), (RED, (4, 6), 1)))
    build_here(state, BLUE, (4, 7), "farm")
    fresh(state)
    assert ((4, 6), (4, 7)) not in moves(state)
    act(state, Move(H(2, 7), TOWN))
    assert ((4, 6), (4, 7)) in moves(state)


def test_r9_literal_an_estate_that_would_close_the_only_way_on_is_not_built():
    # Red passes Blue's Farm on (3,5); every way on but (3,6) is closed, and Red's other
    # worker stands on (3,6) with the cash for the Estate: under `own_estate_entry =
    # literal` an own Estate there could not be entered from (3,5), so it is refused.
    state = ready(2)
    all_turned(state)
    x = H(3, 5)
    exits = [y for y in T.adjacent[x] if y != H(3, 6)]
    build_here(state, BLUE, (3, 5), "farm")
    for k, y in enumerate(exits):
        c, r = T.pos[y]
        if k < 3:
            build_here(state, BLUE, (c, r), "farm")
            put(state, BLUE, (c, r))
        else:
            put(state, RED, (c, r), 2)
    put(state, RED, (3, 6))
    state.money[RED] = 1000
    act(state, Move(H(3, 6), x))
    assert isinstance(state.next_step(), MustLeave)
    put(state, RED, (3, 6))  # a second worker arrives there (as by another move)
    acts = legal(state)
    assert Build("estate", H(3, 6)) not in acts and Build("farm", H(3, 6)) in acts


def test_r9_finding_a_pair_on_the_only_way_back_does_not_bar_the_pass():
    # Two Red workers on (3,6); Blue's Farm on (3,5) whose every other way on is closed:
    # the mover leaves room behind it, so it may pass and return.
    state = ready(2)
    all_turned(state)
    x = H(3, 5)
    exits = [y for y in T.adjacent[x] if y != H(3, 6)]
    build_here(state, BLUE, (3, 5), "farm")
    for k, y in enumerate(exits):
        c, r = T.pos[y]
        if k < 3:
            build_here(state, BLUE, (c, r), "farm")
            put(state, BLUE, (c, r))
        else:
            put(state, RED, (c, r), 2)
    put(state, RED, (3, 6), 2)
    fresh(state)
    assert ((3, 6), (3, 5)) in moves(state)
    act(state, Move(H(3, 6), x))
    assert moves(state) >= {((3, 5), (3, 6))}
    assert all(dst == (3, 6) for src, dst in moves(state) if src == (3, 5))


def test_an_opposing_farm_needs_the_points_to_move_on():
    state = fight([(RED, (2, 6), 1)])
    build_here(state, BLUE, (2, 7), "farm")
    step = state.pop()
    state.push(ActionPoints(RED, 1, 0, False))
    assert ((2, 6), (2, 7)) not in moves(state)
    state.pop()
    state.push(step)
    assert ((2, 6), (2, 7)) in moves(state)


def test_a_farm_with_an_opposing_worker_is_never_entered():
    state = fight([(RED, (0, 4), 2), (BLUE, (1, 5), 1)])
    build_here(state, BLUE, (1, 5), "farm")
    assert ((0, 4), (1, 5)) not in moves(state)
    assert not [a for a in legal(state) if isinstance(a, Attack)]


def test_change_c1_own_estate_entry_literal_by_default():
    state = fight([(RED, (1, 5), 1)])
    build_here(state, RED, (1, 4), "estate")
    assert ((1, 5), (1, 4)) not in moves(state)
    assert (TOWN, (1, 4)) in moves(state)
    act(state, Move(TOWN, H(1, 4)))
    assert state.next_step().left == 4
    assert ((1, 4), (1, 5)) in moves(state)  # leaving is a normal move


def test_change_c1_own_estate_entry_adjacent_as_an_option():
    state = ready(2, own_estate_entry="adjacent")
    all_turned(state)
    put(state, RED, (1, 5))
    build_here(state, RED, (1, 4), "estate")
    assert ((1, 5), (1, 4)) in moves(state) and (TOWN, (1, 4)) in moves(state)
    act(state, Move(H(1, 5), H(1, 4)))
    assert state.next_step().left == 5


def test_r10_an_estate_next_to_the_town_is_one_step_under_adjacent():
    for option, cost in (("literal", 2), ("adjacent", 1)):
        state = ready(2, own_estate_entry=option)
        all_turned(state)
        build_here(state, RED, (3, 7), "estate")
        act(state, Move(TOWN, H(3, 7)))
        assert state.next_step().left == T.action_points - cost, option


def test_an_opposing_estate_is_never_entered():
    for option in ("literal", "adjacent"):
        state = ready(2, own_estate_entry=option)
        all_turned(state)
        put(state, RED, (1, 5))
        build_here(state, BLUE, (1, 4), "estate")
        assert ((1, 5), (1, 4)) not in moves(state)
        assert all(dst != (1, 4) for _, dst in moves(state))


# ----- attacks (R8, R11-R13; change C3) ---------------------------------------------------


def test_change_c3_a_two_worker_attack_is_one_action():
    state = fight([(RED, (1, 5), 1), (RED, (2, 4), 1), (BLUE, (1, 4), 1)])
    assert ((1, 5), (1, 4)) not in moves(state) and ((2, 4), (1, 4)) in moves(state)
    act(state, attack((1, 4), (1, 5), (2, 4)))
    assert state.hex_count[H(1, 4)] == 2 and state.hex_seat[H(1, 4)] == RED
    assert town_count(state, BLUE) == T.workers
    (e,) = [e for e in state.events() if e.kind == "attacked"]
    assert e.data["driven_off"] == 1 and state.next_step().left == 4


def test_a_lone_attacker_never_waits_in_an_occupied_hex():
    state = fight([(RED, (1, 5), 1), (BLUE, (1, 4), 1)])
    assert all(dst != (1, 4) for _, dst in moves(state))


def test_no_attack_on_a_player_who_has_not_had_a_turn():
    state = ready(2)  # seat 0's first turn: seat 1 has had none
    put(state, RED, (0, 3), 2)
    put(state, BLUE, (0, 4))
    assert ((0, 3), (0, 4)) not in moves(state)
    assert not [a for a in legal(state) if isinstance(a, Attack)]
    state.had_turn[BLUE] = 1
    assert ((0, 3), (0, 4)) in moves(state)
    assert [a for a in legal(state) if isinstance(a, Attack)]


def test_workers_in_the_town_or_on_paths_are_never_attacked():
    state = fight([(RED, (0, 3), 2)])
    act(state, Move(H(0, 3), WEST))  # blue has workers in the Town; red joins the path
    act(state, Move(WEST, TOWN))
    assert town_count(state, BLUE) == T.workers  # nobody was driven off
    assert not [e for e in every(state) if e.kind == "moved" and e.data["driven_off"]]


def test_driven_off_workers_return_to_the_town():
    state = fight([(RED, (0, 3), 1), (BLUE, (0, 4), 1)])
    act(state, Move(H(0, 3), H(0, 4)))
    assert town_count(state, BLUE) == T.workers
    (e,) = [e for e in state.events() if e.kind == "moved"]
    assert e.data["driven_off"] == [BLUE]


# ----- building (R15; change C2) ---------------------------------------------------------


def test_building_needs_the_money_and_a_worker_in_the_hex():
    state = fight([(RED, (1, 5), 1)])
    state.money[RED] = 499
    assert not [a for a in legal(state) if isinstance(a, Build)]
    state.money[RED] = 999
    assert [a.kind for a in legal(state) if isinstance(a, Build)] == ["farm"]
    state.money[RED] = 1000
    assert {(a.kind, a.hex) for a in legal(state) if isinstance(a, Build)} == {
        ("farm", H(1, 5)), ("estate", H(1, 5))}


def test_change_c2_one_building_per_hex():
    state = fight([(RED, (1, 5), 1)])
    state.money[RED] = 3000
    act(state, Build("farm", H(1, 5)))
    assert not [a for a in legal(state) if isinstance(a, Build)]


def test_at_most_two_buildings_a_turn():
    state = fight([(RED, (1, 5), 1), (RED, (1, 6), 1), (RED, (1, 7), 1)])
    state.money[RED] = 3000
    act(state, Build("farm", H(1, 5)))
    act(state, Build("farm", H(1, 6)))
    assert not [a for a in legal(state) if isinstance(a, Build)]


# ----- dams (R14, R20; changes C7, C8) ---------------------------------------------------


def test_a_dam_needs_a_log_and_a_worker_beside_it():
    state = fight([(RED, (1, 3), 1)])
    assert side((1, 3), "S") in dams(state) and side((4, 4), "S") not in dams(state)
    state.logs[RED] = 0
    assert not dams(state)


def test_change_c8_inert_dams_one_per_side_and_none_from_the_town():
    state = fight([(RED, (0, 3), 1)])
    path_side = side((0, 3), "SW")  # faces the west path: no outflow of anything
    assert path_side in dams(state)
    act(state, Dam(path_side))
    assert isinstance(state.next_step(), ActionPoints) and courses(state)[0] == VR
    assert path_side not in dams(state)  # one dam per side
    state = fight([])
    assert not dams(state)  # workers in the Town place no dams


def test_change_c7_the_lake_side_a_river_takes_matters():
    state = fight([(RED, (1, 7), 1)])
    act(state, Dam(side((1, 7), "SW")))  # VR leaves (1,7) by its S side
    assert isinstance(state.next_step(), ActionPoints) and courses(state)[0] == VR
    act(state, Dam(side((1, 7), "S")))
    # diverted: the only way left is SE into (2,7), then the Town or Lake West
    assert isinstance(state.next_step(), RiverBranch) and state.next_step().at == H(2, 7)
    assert courses(state)[0] == [*VR, (2, 7)]


def test_change_c6_off_board_sides_are_no_outflow_and_no_path():
    for p in ((0, 0), (0, 1)):
        assert T.west not in T.adjacent[H(*p)]
        assert len(T.outflows[H(*p)]) == 2
    for p in ((6, 0), (6, 1)):
        assert T.east not in T.adjacent[H(*p)]
    assert T.west in T.adjacent[H(0, 2)] and T.east in T.adjacent[H(6, 6)]


def test_a_dam_beside_a_river_that_does_not_cross_it_diverts_nothing():
    state = fight([(RED, (1, 3), 1)])
    act(state, Dam(side((1, 3), (2, 3))))  # VR goes S from (1,3), not SE
    assert isinstance(state.next_step(), ActionPoints) and courses(state)[0] == VR
    (e,) = [e for e in state.events() if e.kind == "dammed"]
    assert e.data["diverts"] is False


def test_a_reroute_never_crosses_a_dam():
    state = fight([(RED, (1, 4), 1), (RED, (2, 3), 1)])
    act(state, Dam(side((2, 3), (1, 4))))  # inert now
    act(state, Dam(side((1, 3), (1, 4))))  # diverts: forced SE into (2,3), whose SW is dammed
    # (2,3): SW dammed, S (2,4) forest, SE (3,4) field: forced SE, then (4,4) merges
    assert courses(state)[0] == [*VR[:4], (2, 3), (3, 4), *MR[5:]]


# ----- the cards (R17-R19, R23-R28) ------------------------------------------------------


def test_no_card_activity_in_a_first_turn():
    state = fight([])
    act(state, EndTurn())
    assert isinstance(state.next_step(), ActionPoints) and state.next_step().seat == BLUE
    assert len(state.row) == 3


def test_pass_over_moves_the_card_to_the_end_without_a_draw():
    state = fight([])
    later_turn(state)
    row = list(state.row)
    act(state, EndTurn())
    act(state, PassOver())
    assert state.row == row[1:] + row[:1] and not state.is_chance_node()


def test_activate_discards_and_draws_to_the_right_end():
    state = fight([])
    row = list(state.row)
    harvest_with(state, T.card_keys[row[0]])
    assert state.row == row[1:] and state.is_chance_node()
    assert state.deck.discards[row[0]] == 1
    chance(state, ActionCard(CARD["wheat"]))
    assert state.row == [*row[1:], CARD["wheat"]]


def test_the_discards_become_the_stack_when_it_runs_out():
    state = fight([])
    counts = [0] * len(T.card_keys)
    discards = [0] * len(T.card_keys)
    discards[CARD["maize"]] = 2
    state.deck = Pile.of(counts, discards=discards)
    harvest_with(state, "tobacco")
    odds = dict(state.chance_outcomes())
    assert odds == pytest.approx({T.card_outcome[CARD["tobacco"]]: 1 / 3,
                                  T.card_outcome[CARD["maize"]]: 2 / 3})


def test_logs_over_five_are_lost_and_a_building_harvests_without_a_worker():
    state = fight([])
    build_here(state, RED, (0, 2), "farm")
    build_here(state, RED, (1, 3), "farm")
    state.logs[RED] = 4
    harvest_with(state, "forest")
    assert state.logs[RED] == 5
    (e,) = [e for e in state.events() if e.kind == "harvested"]
    assert e.data["lost"] == 1


def test_only_irrigated_hexes_pay():
    state = fight([(RED, (3, 4), 1), (RED, (1, 4), 1)])
    harvest_with(state, "tobacco")
    assert state.money[RED] == 100


def test_the_activated_event_says_whether_the_card_pays_anybody():
    # A table opens a panel for a harvest only when it pays (the log line says the rest).
    def activated(state):
        (e,) = [e for e in state.events() if e.kind == "activated"]
        return e.data["pays"], [e.data for e in state.events() if e.kind == "harvested"]

    nobody = fight([(RED, (3, 2), 1)])  # a worker on a dry hill
    harvest_with(nobody, "tobacco")
    assert activated(nobody) == (False, [])
    paid = fight([(RED, (1, 4), 1)])
    harvest_with(paid, "tobacco")
    assert activated(paid) == (True, [{"seat": RED, "money": 100, "logs": 0, "lost": 0}])
    # A Log lost over the cap is still a payout, which the log line tells.
    full = fight([])
    build_here(full, RED, (0, 2), "farm")
    full.logs[RED] = 5
    harvest_with(full, "forest")
    assert activated(full) == (True, [{"seat": RED, "money": 0, "logs": 0, "lost": 1}])


def test_bandits_follow_a_merged_river_down_the_other_course():
    state = fight([(RED, (4, 4), 1), (BLUE, (5, 6), 1)])
    # divert Verde into Moreno at (4,4) (W14): its course now runs down MR
    put(state, RED, (1, 4))
    act(state, Dam(side((1, 3), (1, 4))))
    act(state, FlowTo(side((2, 3), (3, 4))))
    harvest_with(state, "tobacco")
    chance(state, ActionCard(CARD["bandits_verde"]))
    (e,) = [e for e in state.events() if e.kind == "bandits"]
    assert e.data["shot"] == [[RED, H(4, 4)], [BLUE, H(5, 6)]]


def test_a_river_card_pays_a_merged_stretch_for_both_rivers():
    state = fight([(RED, (4, 4), 1)])
    put(state, RED, (1, 4))
    act(state, Dam(side((1, 3), (1, 4))))
    act(state, FlowTo(side((2, 3), (3, 4))))
    state.put_worker(RED, H(1, 4), TOWN)  # (1,4) is dry now anyway
    harvest_with(state, "verde")
    assert state.money[RED] == 100


# ----- victory and the end (R21, R22) ----------------------------------------------------


def test_victory_is_checked_for_every_player_the_active_one_first():
    state = fight([])
    for seat in (BLUE, RED):
        build_here(state, seat, (1, 4) if seat == BLUE else (5, 4), "estate")
        for p in ([(1, 5), (1, 6), (1, 7), (0, 6)] if seat == BLUE else
                  [(5, 6), (5, 7), (4, 6), (4, 7)]):
            build_here(state, seat, p, "farm")
    state.active = BLUE
    check_victory(state)
    assert state.winners() == [BLUE] and state.is_terminal()
    state2 = fight([(RED, (5, 4), 1)])
    build_here(state2, BLUE, (1, 4), "estate")
    for p in [(1, 5), (1, 6), (1, 7), (0, 6)]:
        build_here(state2, BLUE, p, "farm")
    assert not state2.is_terminal()
    state2.money[RED] = 500
    act(state2, Build("farm", H(5, 4)))  # any action by red finds blue's win
    assert state2.winners() == [BLUE]


def test_the_turn_limit_ends_the_game_by_buildings():
    state = ready(2, max_rounds=1)
    state.money[RED] = 500
    put(state, RED, (3, 5))
    act(state, Build("farm", H(3, 5)))
    act(state, EndTurn())
    act(state, EndTurn())
    assert state.is_terminal() and state.winners() == [RED]
    assert state.returns() == [1.0, 0.0]
    (e,) = [e for e in state.events() if e.kind == "end"]
    assert e.data["reason"] == "turn_limit"


def test_a_tie_at_the_turn_limit_is_shared():
    state = ready(2, max_rounds=1)
    act(state, EndTurn())
    act(state, EndTurn())
    assert state.winners() == [RED, BLUE] and state.returns() == [0.5, 0.5]


# ----- bad input -------------------------------------------------------------------------


def test_an_illegal_action_is_refused_and_changes_nothing():
    state = fight([(RED, (1, 5), 1), (BLUE, (1, 4), 1)])
    before = state.observation(None)
    fresh(state)
    with pytest.raises(IllegalActionError):
        act(state, Move(H(1, 5), H(1, 4)))
    assert state.observation(None) == before


def test_a_malformed_edition_is_refused_with_the_field_named(tmp_path):
    from pathlib import Path

    from ludoteca.core.edition import EditionError
    from ludoteca.games.dosrios import DosRios
    text = Path(DosRios.default_edition).read_text()
    bad = text.replace('farm_cost = { value = 500', 'farm_cost = { value = "cheap"')
    f = tmp_path / "bad.toml"
    f.write_text(bad)
    with pytest.raises(EditionError, match=r"bad\.toml.*general\.farm_cost"):
        DosRios(f)
    bad = text.replace('below = { value = ["lake_west", ', 'below = { value = [')
    f.write_text(bad)
    with pytest.raises(EditionError, match=r"board.below"):
        DosRios(f)


def test_r9_literal_an_attack_by_the_passing_worker_is_its_move_on():
    state = passing(setup=((RED, (2, 6), 1), (BLUE, (3, 7), 1)))
    assert H(3, 7) in T.adjacent[H(2, 7)] and TOWN in T.adjacent[H(3, 7)]
    both = attack((3, 7), (2, 7), TOWN)
    assert both in legal(state)
    act(state, both)
    assert isinstance(state.next_step(), ActionPoints) and EndTurn() in legal(state)
    assert state.hex_seat[H(3, 7)] == RED and state.hex_count[H(2, 7)] == 0
