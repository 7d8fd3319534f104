"""IS-MCTS budgets (iterations, time, forward-model calls), rollouts and named strengths."""

import random
import time

import pytest

from ludoteca import ConfigError, load_game, make_agent, run_match
from ludoteca.agents import agent_names, strength_names
from ludoteca.agents.strengths import strength_spec
from tests.core.toygame import GAME_ID, install

install()


def decision_view(seed=0):
    state = load_game(GAME_ID).new_initial_state(3)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    return state.determinize(0, random.Random(seed))


def test_iterations_are_exact_and_calls_bound_the_work():
    agent = make_agent("ismcts:iterations=77,rollout=5")
    agent.act(decision_view(), 0, random.Random(1))
    assert agent.last_search["iterations"] == 77
    calls = make_agent("ismcts:calls=200")
    calls.act(decision_view(), 0, random.Random(1))
    assert 200 <= calls.last_search["calls"] < 200 + 20
    assert calls.last_search["iterations"] < 200


def test_time_is_the_default_budget():
    agent = make_agent("ismcts")
    assert (agent.time, agent.iterations, agent.calls, agent.rollout) == (0.04, None, None, 20)
    start = time.perf_counter()
    agent.act(decision_view(), 0, random.Random(1))
    assert time.perf_counter() - start < 0.5
    assert agent.last_search["seconds"] >= 0.04
    short = make_agent("ismcts:time=0.01,iterations=1000000")
    short.act(decision_view(), 0, random.Random(1))
    assert short.last_search["seconds"] < 0.2


def test_iteration_budgets_replay_exactly():
    specs = ["ismcts:iterations=30,rollout=3", "random", "ismcts:calls=300"]
    assert run_match(GAME_ID, specs, seed=9) == run_match(GAME_ID, specs, seed=9)


def test_a_better_hand_is_bet_on_a_worse_folded():
    # Seat 0 of two holds the highest card: betting wins the pot.
    state = load_game(GAME_ID).new_initial_state(2)
    state.apply_action(4)  # seat 0 gets the 11
    state.apply_action(0)  # seat 1 gets the 2
    agent = make_agent("ismcts:iterations=300,rollout=0")
    assert state.action_to_string(agent.act(state.determinize(0, random.Random(1)), 0,
                                            random.Random(2))) == "bet"


@pytest.mark.parametrize(("spec", "message"), [
    ("ismcts:iterations=0", "iterations must be a whole number >= 1"),
    ("ismcts:time=-1", "time must be a number above 0"),
    ("ismcts:calls=0", "calls must be a whole number >= 1"),
    ("ismcts:rollout=-2", "rollout must be a whole number >= 0"),
    ("ismcts:rollout=2.5", "rollout must be a whole number"),
    ("ismcts:budget=3", "unknown option 'budget'"),
])
def test_bad_budgets(spec, message):
    with pytest.raises(ConfigError, match=message):
        make_agent(spec)


def test_tree_reuse_is_dropped_when_others_moved():
    agent = make_agent("ismcts:iterations=50")
    state = load_game(GAME_ID).new_initial_state(2)
    state.apply_action(0)
    state.apply_action(1)
    agent.act(state.determinize(0, random.Random(0)), 0, random.Random(0))
    state.apply_action(1)  # seat 0 bets; seat 1 is next, not seat 0
    assert agent._kept is None


def test_named_strengths_are_agent_specs_for_every_game():
    game = load_game(GAME_ID)
    assert strength_names() == ["easy", "normal", "strong"]
    assert "strong" not in agent_names()
    assert strength_spec("easy", game) == "random"
    assert strength_spec("normal", game).startswith("ismcts")  # High Card has no heuristic
    assert strength_spec("strong", game).startswith("ismcts:iterations=")
    record = run_match(GAME_ID, ["easy", "normal", "strong"], seed=2)
    assert record.finished and record.agents == ["easy", "normal", "strong"]
    assert not make_agent("easy").reads_view
    with pytest.raises(ConfigError, match="named strengths: easy, normal, strong"):
        make_agent("expert")


def test_strong_plays_the_searches_the_ladder_measured():
    """docs/bots.md's ladder measured `strong` as these searches: changing one makes that
    table stale, so the table must name the spec each game plays. Every strength counts
    iterations, never time, so that a seeded tournament replays exactly."""
    from pathlib import Path

    ladder = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()
    ladder = ladder[ladder.index("## The ladder"):ladder.index("## Tournaments")]
    for game_id in ("desperados", "douro1872", "vintage"):
        spec = strength_spec("strong", load_game(game_id))
        assert f"`{spec}`" in ladder, f"docs/bots.md's ladder does not name {spec}"
    for game_id in ("desperados", "douro1872", GAME_ID):
        for name in ("normal", "strong"):
            spec = strength_spec(name, load_game(game_id))
            assert "time=" not in spec
            make_agent(spec)  # a valid spec


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=15,trees=single",
    "ismcts:iterations=15,soft=2",
    "ismcts:iterations=15,rollout=6,policy=heuristic",
    "ismcts:iterations=15,rollout=6,opponents=heuristic,policy=heuristic",
])
def test_search_variants_play_whole_matches_reproducibly(spec):
    agents = [spec, "heuristic", "random"]
    first = run_match("douro1872", agents, seed=4)
    assert first.finished
    assert run_match("douro1872", agents, seed=4) == first


def test_heuristic_options_need_a_game_with_a_bot():
    agent = make_agent("ismcts:iterations=5,policy=heuristic")
    with pytest.raises(ConfigError, match="no heuristic bot"):
        agent.act(decision_view(), 0, random.Random(1))
    with pytest.raises(ConfigError, match="unknown option 'depth'"):
        make_agent("ismcts:depth=3")
    assert make_agent("ismcts:policy=heuristic,policy_samples=4").policy_options == {
        "samples": 4}


def test_multiple_observer_trees_hide_face_down_choices():
    # In Douro each seat lays a barrel card face down in turn: the tree of a seat that
    # lays after the searching seat must not branch on the searching seat's card.
    from ludoteca.agents.ismcts import ISMCTSAgent
    from ludoteca.core.state import CHANCE, sample_chance

    game = load_game("douro1872")
    state = game.new_initial_state(3)
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(sample_chance(state.chance_outcomes(), rng))
    seat = state.current_player()
    assert seat != CHANCE
    agent = ISMCTSAgent(iterations=200, rollout=0)
    roots = []
    original = agent._iterate_multi

    def spy(trees, world, r, searcher):
        roots.append(trees)
        return original(trees, world, r, searcher)

    agent._iterate_multi = spy
    agent.act(state.determinize(seat, rng), seat, rng)
    nxt = (seat + 1) % 3
    other = roots[0][nxt]
    assert len(other.children) == 1  # one key: "seat ... lays a card", whichever card


def test_final_judges_a_finished_game_by_a_softmax_of_its_points():
    import math

    record = run_match("douro1872", ["heuristic", "random", "random"], seed=5)
    state = load_game("douro1872").new_initial_state(3)
    for action in record.actions:
        state.apply_action(action)
    assert state.is_terminal()
    scores = state.scores()
    weights = [math.exp((x - max(scores)) / 3.0) for x in scores]
    expected = [w / sum(weights) for w in weights]
    graded = make_agent("ismcts:iterations=5,final=3")._judge(state)
    assert graded == pytest.approx(expected)
    assert make_agent("ismcts:iterations=5")._judge(state) == state.returns()
    # A seat further behind gets less, so a lost game still tells two lines apart.
    order = sorted(range(3), key=lambda s: scores[s])
    if scores[order[0]] < scores[order[1]]:
        assert graded[order[0]] < graded[order[1]]
    with pytest.raises(ConfigError, match="final must be a number >= 0"):
        make_agent("ismcts:final=-1")


def test_an_overwhelming_prior_plays_the_heuristic_move_and_tries_it_first():
    from ludoteca.core.state import sample_chance

    game = load_game("douro1872")
    rng = random.Random(3)
    for seed in range(4):
        state = game.new_initial_state(3)
        record = run_match("douro1872", ["heuristic"] * 3, seed=seed)
        for action in record.actions[:30 + 10 * seed]:
            state.apply_action(action)
        while state.is_chance_node() or len(state.legal_actions()) < 2:
            if state.is_chance_node():
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply_action(state.legal_actions()[0])
        seat = state.current_player()
        agent = make_agent("ismcts:iterations=40,prior=1000,reuse=false")
        chosen = agent.act(state.determinize(seat, rng), seat, rng)
        root = agent.last_root
        assert root.hint in state.legal_actions()
        assert chosen == root.hint
        # Every other move is tried once; the bias sends the rest of the iterations to
        # the bot's move.
        assert root.children[root.hint].visits >= 40 - len(state.legal_actions())
        plain = make_agent("ismcts:iterations=40,reuse=false")
        plain.act(state.determinize(seat, rng), seat, rng)
        assert plain.last_root.hint == -1  # no bot asked without a prior
    with pytest.raises(ConfigError, match="prior must be a number >= 0"):
        make_agent("ismcts:prior=-0.5")
