"""The worked examples E1-E21 of douro-1872-data.md, one test each, played move by move.

Orders are those of the shipped edition (the ASSUMED 3-player column is the odd numbers
1..29). Where an example names an order that is not in that column (10, 12, 20) the nearest
order with the same outcome is used and the test says so (E6-E10, E14).
"""

from __future__ import annotations

import random

from ludoteca import load_game
from ludoteca.core.state import CHANCE
from ludoteca.games.douro1872.actions import GhostCard
from ludoteca.games.douro1872.rules.end import final_ranking
from ludoteca.testing import random_step
from tests.douro1872.script import (
    A,
    B,
    C,
    D,
    Script,
    charity_match,
    charity_result,
    events,
    settled,
)


def to_fog(sc: Script, holder: int = C) -> None:
    """Deals a level-1 card and a fog card, disputes the regular card with 1, 3, 7."""
    sc.start(1, holder=holder)
    sc.regular(1, 1, 3, 7)


def test_e01_valley_layout():
    sc = Script(3)
    sc.backs(2, 1, 4, "fog")
    assert sc.obs["valley"] == [2, 1, 4]
    assert sc.obs["stack"]["fog_on_top"] == 1
    sc.give_phylloxera(C)
    disputed = []
    for order, plays in ((9, (10, 8, 7)), (1, (9, 6, 4)), (21, (3, 2, 1))):
        disputed.append(sc.obs["in_dispute"])
        sc.regular(order, *plays)
    disputed.append(sc.obs["in_dispute"])
    assert disputed == [{"kind": "regular", "level": 2}, {"kind": "regular", "level": 1},
                        {"kind": "regular", "level": 4}, {"kind": "fog"}]


def test_e02_barrel_hand():
    sc = Script(4)
    for seat in range(4):
        hand = sc.hand(seat)
        assert hand == [0, 1, 2, 3, 4, 6, 7, 8, 9, 10]
        assert sum(hand) == 50 and 5 not in hand


def test_e03_score_setup_four_seats():
    sc = Script(4)
    assert sc.scores() == [5, 5, 5, 5]
    assert sc.tables.supply_at_setup(4) == {1: 2, 3: 1, 6: 5}


def test_e04_regular_success_clear_winner():
    sc = Script(3)
    sc.start(3)
    sc.regular(15, 10, 4, 2)
    assert sc.last()["total"] == 16
    assert sc.scores() == [7, 5, 5]


def test_e05_success_at_threshold_with_tie():
    sc = Script(3)
    sc.start(3, holder=C)
    sc.regular(15, 7, 7, 1)
    assert sc.last()["total"] == 15  # equal to the order fills the boat
    assert sc.scores() == [6, 6, 5]
    assert sc.holder() == C  # the holder is not in the tie: no rotation


def test_e06_regular_failure_and_score_floor():
    # Order 20 is not a 3-seat order of the assumed table; 21 fails the same way.
    sc = Script(3)
    sc.start(4, 4, 4, holder=A)
    sc.regular(21, 6, 3, 0)
    assert sc.scores() == [5, 5, 3]
    sc.regular(19, 7, 4, 1)
    assert sc.score(C) == 1
    sc.regular(23, 8, 6, 2)  # C has only 1 point: C -> 0, not -1
    assert sc.scores() == [5, 5, 0]


def test_e07_failure_with_tie():
    # Order 20 is not a 3-seat order; 21 fails the same way (total 6 < 20 < 21).
    sc = Script(3)
    sc.start(4, holder=A)
    sc.regular(21, 6, 0, 0)
    assert sc.scores() == [5, 4, 4]
    assert sc.holder() == A


def test_e08_failure_tie_involving_phylloxera():
    # Order 20 is not a 3-seat order; 21 fails the same way (total 6 < 20 < 21).
    sc = Script(3)
    sc.start(4, holder=B)
    sc.regular(21, 6, 0, 0)
    assert sc.scores() == [5, 3, 5]
    assert sc.holder() == C


def test_e09_success_tie_involving_phylloxera():
    # Order 10 is not a 3-seat order; 11 (total 17 >= 11) succeeds the same way.
    sc = Script(3)
    sc.start(2, holder=A)
    sc.regular(11, 8, 8, 1)
    assert sc.scores() == [5, 7, 5]
    assert sc.holder() == B


def test_e10_irrelevant_tie_still_rotates():
    # Order 10 is not a 3-seat order; 11 (total 15 >= 11) succeeds the same way.
    sc = Script(3)
    sc.start(2, holder=A)
    sc.regular(11, 3, 3, 9)
    assert sc.scores() == [5, 5, 7]
    assert sc.holder() == B


def test_e11_fragas():
    sc = Script(3)
    to_fog(sc)
    sc.play(9, 4, 2)
    sc.fog("fragas")
    assert sc.last()["points"] == [4, 0, 0]
    sc = Script(3)
    to_fog(sc)
    sc.play(2, 2, 6)
    sc.fog("fragas")
    assert sc.last()["points"] == [-2, -2, 0]


def test_e12_our_lady_of_cardia():
    sc = Script(3)
    to_fog(sc)
    sc.play(6, 6, 4)
    sc.fog("cardia")
    assert sc.last()["points"] == [1, 1, 0]
    for seat, card in ((A, 6), (B, 6), (C, 4)):
        assert card in sc.hand(seat)
        assert len(sc.hand(seat)) == 9  # as before the dispute
    assert [s["pile"] for s in sc.obs["seats"]] == [[1], [3], [7]]


def test_e13_rapids():
    sc = Script(3)
    to_fog(sc)
    sc.play(10, 4, 2)
    sc.fog("rapidos")
    assert sc.last()["points"] == [0, 0, 2]  # filled: the lowest gains
    sc = Script(3)
    to_fog(sc)
    sc.play(3, 2, 1)
    sc.fog("rapidos")
    assert sc.last()["points"] == [2, 0, 0]  # not filled: the highest gains


def test_e14_sirga():
    # Order 12 is not a 3-seat order; 13 (15 >= 13) gives the same result.
    sc = Script(3)
    to_fog(sc)
    sc.play(8, 6, 1)
    sc.fog("sirga")
    sc.backs("fog", 3)  # the top of the stack is a fog card: the regular card under it
    sc.face(13)
    entry = sc.last()
    assert entry["rabelo"] == {"fog": "Sirga (Tow)", "level": 3, "order": 13}
    assert entry["points"] == [2, 0, 0]
    assert sc.obs["stack"]["fog_on_top"] == 1  # the skipped fog card stays on the stack
    assert sc.obs["in_dispute"] == {"kind": "fog"}
    assert len(settled(sc.state)) == 2  # one dispute settled both the Sirga and the regular


def test_e15_barraca():
    sc = Script(3)
    to_fog(sc)
    sc.play(0, 10, 9)
    sc.fog("barraca")
    assert sc.last()["points"] == [2, 0, 0]
    sc = Script(3)
    to_fog(sc, holder=C)
    sc.play(0, 0, 9)
    sc.fog("barraca")
    assert sc.last()["points"] == [1, 1, 0]


def test_e16_customs():
    sc = Script(3)
    to_fog(sc)
    before = sc.scores()
    sc.play(10, 0, 4)
    sc.fog("customs")
    assert sc.scores() == before
    assert [s["pile_top"] for s in sc.obs["seats"]] == [10, 0, 4]
    assert [len(sc.hand(seat)) for seat in range(3)] == [8, 8, 8]


def test_e17_charity():
    sc = charity_match([0, 10, 10], holder=A)
    charity = charity_result(sc.state)
    assert charity["revealed"] == [0, 10, 10]
    assert charity["points"] == [-1, 1, 1]
    sc = charity_match([0, 10, 10], holder=B)
    charity = charity_result(sc.state)
    assert charity["points"] == [-1, 0, 1]
    assert charity["phylloxera"] == [B, C]


def test_e18_lottery():
    sc = Script(3)
    sc.backs(1, "fog")
    sc.lottery(7, 4, 0)
    assert sc.holder() == C
    assert [len(sc.hand(seat)) for seat in range(3)] == [10, 10, 10]
    assert [(x["seat"], x["card"]) for x in sc.obs["lottery"]] == [(A, 7), (B, 4), (C, 0)]
    draws = events(sc.state, "lottery_draw")  # what each seat was told
    assert [(x["seat"], x["card"]) for x in draws] == [(A, 7), (B, 4), (C, 0)]


def _random_match(num_players: int, seed: int):
    """A whole match of uniformly random moves and chance drawn by its probabilities. The
    sampler is written out here so the match depends on nothing but the game's rules."""
    state = load_game("douro1872").new_initial_state(num_players)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    return state


def test_e19_end_tie():
    # Real matches that end in the example's positions (seeds found by searching).
    state = _random_match(4, 84166)
    assert state.observation(None)["phylloxera"] == B
    assert state.scores() == [12, 3, 12, 9]  # A and C tie; from B's left, C comes first
    assert final_ranking(state) == (C,)
    assert state.winners() == [C] and state.returns() == [0.0, 0.0, 1.0, 0.0]
    state = _random_match(4, 3233)
    assert state.observation(None)["phylloxera"] == B
    assert state.scores() == [5, 12, 3, 12]  # B and D tie; C is not tied, then D
    assert final_ranking(state) == (D,)
    assert state.winners() == [D] and state.returns() == [0.0, 0.0, 0.0, 1.0]


def test_e20_game_length_invariant():
    game = load_game("douro1872")
    for seed in range(120):
        n = 2 + seed % 4
        state = game.new_initial_state(n)
        rng = random.Random(seed)
        spent_at_middle = None  # barrel cards each seat had spent when the charity began
        while not state.is_terminal():
            random_step(state, rng)
            if spent_at_middle is None and state.observation(None)["phase"] == "charity":
                log = settled(state)
                spent_at_middle = sum(
                    1 for e in log if e["rabelo"].get("fog") != "Our Lady of Cardia")
        assert spent_at_middle == 10  # the middle came when the first ten were spent
        obs = state.observation(None)
        log = settled(state)
        assert len(log) == 20  # 21 Rabelo cards, Sirga settles two with one dispute
        cardia = sum(1 for e in log if e["rabelo"].get("fog") == "Our Lady of Cardia")
        spending = sum(1 for e in log if e["rabelo"].get("fog") != "Our Lady of Cardia")
        assert cardia == 1 and spending == 19  # 19 barrel cards spent = 10 + 9
        assert all(s["hand_size"] == 0 for s in obs["seats"])
        assert all(len(s["pile"]) == 9 for s in obs["seats"])  # second half
        assert obs["stack"]["cards"] == 0 and obs["valley"] == []


def test_e21_threshold_table_lookup():
    sc = Script(4)
    sc.start(3)
    sc.play(10, 9, 8, 7)
    orders = {sc.state.action_to_json(a)["order"] for a, _ in sc.state.chance_outcomes()}
    assert orders == {17, 20, 23}
    sc = Script(2)
    sc.start(5)
    sc.play(10, 9)
    sc.chance(GhostCard(8))
    orders = {sc.state.action_to_json(a)["order"] for a, _ in sc.state.chance_outcomes()}
    assert orders == {25, 27, 29}
