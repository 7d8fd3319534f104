"""The rule-of-thumb bot beats random play, and the search runs on Vintage."""

from __future__ import annotations

import random

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.core.registry import load_game
from ludoteca.core.state import sample_chance


def test_heuristic_beats_random_in_seat_rotated_matches():
    won = 0.0
    matches = 40
    for seed in range(matches):
        seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        record = ludoteca.run_match("vintage", seats, seed=seed)
        won += record.returns[seats.index("heuristic")]
    assert won / matches >= 0.7


def test_ismcts_chooses_a_legal_action_from_a_determinized_view():
    game = load_game("vintage")
    state = game.new_initial_state(3)
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(sample_chance(state.chance_outcomes(), rng))
    agent = make_agent("ismcts:iterations=30")
    seat = state.current_player()
    action = agent.act(state.determinize(seat, rng), seat, rng)
    assert action in state.legal_actions()


def test_evaluation_counts_what_the_final_scoring_will_add():
    """A purchase is paid in VP and repaid at the end: the guess a search reads must not
    drop with it, and a seat further ahead gets the larger share."""
    from ludoteca.games.vintage.rules.end import prospect

    game = load_game("vintage")
    record = ludoteca.run_match("vintage", ["heuristic"] * 3, seed=4)
    state = game.new_initial_state(3)
    bought = 0
    for action in record.actions:
        owned = [state.owner.count(s) for s in range(3)]
        vp = list(state.vp)
        before = [prospect(state, s) for s in range(3)]
        state.apply_action(action)
        for s in range(3):
            if state.owner.count(s) > owned[s] and state.vp[s] < vp[s]:
                bought += 1
                assert prospect(state, s) >= before[s]
        if not state.is_terminal():
            shares = state.evaluation()
            assert abs(sum(shares) - 1.0) < 1e-9
            points = [prospect(state, s) for s in range(3)]
            for a in range(3):
                for b in range(3):
                    if points[a] > points[b]:
                        assert shares[a] > shares[b]
    assert bought > 0
    assert state.evaluation() == state.returns()


def test_the_heuristic_reads_what_its_seats_observation_shows():
    """The bot reads the view's fields instead of building the observation: every value it
    scores must be the one the seat's observation gives, all through a match."""
    from ludoteca.games.vintage.bots import _Glance

    game = load_game("vintage")
    record = ludoteca.run_match("vintage", ["heuristic"] * 3, seed=6)
    state = game.new_initial_state(3)
    checked = 0
    for action in record.actions:
        if not state.is_chance_node():
            for seat in range(3):
                obs = state.observation(seat)
                me = obs["seats"][seat]
                glance = _Glance(state, seat)
                assert glance.round == obs["round"]
                assert glance.lot_ports == [e["port"] for e in obs["estates"]
                                            if e["owner"] == seat and e["lot"]]
                assert glance.hold == len([h for h in me["hold"] if h])
                assert glance.hold_q == [h[1] if h else 0 for h in me["hold"]]
                assert glance.cellar == sum(c["barrels"] for c in me["cellar"])
                assert list(glance.cellar_q) == [c["quality"] for c in me["cellar"]]
                assert glance.boat == me["boat"]
                assert [glance.vines[e].bit_count() for e in range(len(obs["estates"]))] \
                    == [len(e["vines"]) for e in obs["estates"]]
                checked += 1
        state.apply_action(action)
    assert checked > 300


def test_the_strong_preset_parses_and_plays_legal_moves_in_a_match():
    from ludoteca.agents.strengths import strength_spec

    game = load_game("vintage")
    spec = strength_spec("strong", game)
    agent = make_agent(spec)
    record = ludoteca.run_match("vintage", ["heuristic", "random"], seed=8)
    rng = random.Random(5)
    for cut in (30, 120):
        state = game.new_initial_state(2)
        for action in record.actions[:cut]:
            state.apply_action(action)
        while state.is_chance_node() or len(state.legal_actions()) < 2:
            if state.is_chance_node():
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply_action(state.legal_actions()[0])
        seat = state.current_player()
        action = agent.act(state.determinize(seat, rng), seat, rng)
        assert action in state.legal_actions()
        assert agent.last_search["iterations"] == agent.iterations
