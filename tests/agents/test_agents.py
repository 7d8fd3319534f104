"""The built-in agents: specs, legality, and IS-MCTS finding a move that matters.

The toy game (``tests.core.toygame``) runs every agent against the core; the tests on a
real game run once that game loads on the current core (while a game is being re-cut onto
the core template it does not, and its tests are skipped with the reason).
"""

import random

import pytest

from ludoteca import ConfigError, load_game, make_agent, replay, run_match
from tests.core.toygame import BET, FOLD, GAME_ID, install

install()


def test_specs_name_agents_and_their_options():
    agent = make_agent("ismcts:iterations=50,c=1.5")
    assert (agent.iterations, agent.c, agent.spec) == (50, 1.5, "ismcts:iterations=50,c=1.5")
    with pytest.raises(ConfigError, match=r"unknown option .iters."):
        make_agent("ismcts:iters=5")
    with pytest.raises(ConfigError, match="iterations >= 1"):
        make_agent("ismcts:iterations=0")
    with pytest.raises(ConfigError, match="known agents: heuristic, ismcts, random"):
        make_agent("alphazero")


@pytest.mark.parametrize("variant", ["standard", "sealed"])
def test_ismcts_plays_toy_matches_legally_and_reproducibly(variant):
    agents = ["ismcts:iterations=20,rollout=10", "random", "ismcts:iterations=5"]
    for seed in range(5):
        first = run_match(GAME_ID, agents, seed=seed, variant=variant)
        assert first.finished
        assert replay(first).scores() == first.scores
        assert run_match(GAME_ID, agents, seed=seed, variant=variant).actions == first.actions


def test_ismcts_bets_with_the_best_card_and_reads_only_its_view():
    state = load_game(GAME_ID).new_initial_state(2)
    for action in (0, 4, BET):  # seat 0 holds the 2 and bets; seat 1 holds the 11
        state.apply_action(action)
    agent = make_agent("ismcts:iterations=100,rollout=0")
    assert agent.act(state.determinize(1, random.Random(1)), 1, random.Random(2)) == BET
    before = state.history()
    agent.act(state.determinize(1, random.Random(3)), 1, random.Random(4))
    assert state.history() == before


def test_ismcts_answers_at_once_with_one_legal_action():
    class OneChoice:
        def legal_actions(self):
            return [FOLD]

    assert make_agent("ismcts").act(OneChoice(), 0, random.Random(0)) == FOLD


def test_an_agent_that_cannot_play_a_game_is_refused_before_the_first_move():
    with pytest.raises(ConfigError, match="High Card has no heuristic bot"):
        run_match(GAME_ID, ["heuristic", "random"], seed=1)


def test_ismcts_plays_a_whole_match_legally_and_reproducibly():
    agents = ["ismcts:iterations=4,rollout=10", "random"]
    first = run_match("desperados", agents, seed=5)
    assert first.finished
    assert run_match("desperados", agents, seed=5).actions == first.actions


def test_ismcts_saves_a_rich_mine_it_would_otherwise_lose():
    from tests.desperados.script import GOLD, Script

    # North owns a gold mine worth 18 under attack by East's 9. Of South's 18 legal moves
    # only two save it: defending with the 12, or closing it (banking 12 of the 18).
    sc = Script(hands=[["gold mine", "double gold chest", "gold chest", "gold chest",
                        "closed mine"], ["Desperado 9"], ["Desperado 12"], []])
    gold = sc.open(0, GOLD)
    sc.draw(1), sc.draw(2), sc.draw(3)
    for _ in range(2):
        sc.work(0, "double gold chest" if not sc.state.chests[gold] else "gold chest", gold)
        sc.draw(1), sc.draw(2), sc.draw(3)
    sc.work(0, "gold chest", gold)
    sc.fight(1, 9, gold)
    agent = make_agent("ismcts:iterations=300,rollout=0")
    view = sc.state.determinize(2, random.Random(1))
    choice = agent.act(view, 2, random.Random(2))
    move = sc.state.action_to_json(choice)  # by its fields: labels are worded for people
    defends = move["type"] == "fight" and move["card"] == sc.kind("Desperado 12")
    closes = move["type"] == "close" and move["mine"] == gold
    assert defends or closes, move["label"]


def test_a_bot_is_named_by_the_strength_it_plays_in_the_terminal_and_the_server():
    from ludoteca.agents.strengths import bot_name

    dosrios = load_game("dosrios")
    assert bot_name("normal", dosrios) == "normal bot"
    assert bot_name(" strong ", dosrios) == "strong bot"
    # the spec a strength stands for in this game reads as that strength
    assert bot_name("heuristic", dosrios) == "normal bot"
    assert bot_name("random", dosrios) == "easy bot"
    assert bot_name("ismcts:iterations=7", dosrios) == "bot (ismcts:iterations=7)"
