"""The built-in agents: specs, legality, and IS-MCTS finding a move that matters."""

import random

import pytest

from ludoteca import ConfigError, make_agent, run_match
from tests.desperados.script import GOLD, Script


def test_specs_name_agents_and_their_options():
    agent = make_agent("ismcts:iterations=50,c=1.5")
    assert (agent.iterations, agent.c, agent.spec) == (50, 1.5, "ismcts:iterations=50,c=1.5")
    with pytest.raises(ConfigError, match="unexpected keyword"):
        make_agent("ismcts:iters=5")
    with pytest.raises(ConfigError, match="iterations >= 1"):
        make_agent("ismcts:iterations=0")
    with pytest.raises(ConfigError, match="known agents: heuristic, ismcts, random"):
        make_agent("alphazero")


def test_ismcts_plays_a_whole_match_legally_and_reproducibly():
    agents = ["ismcts:iterations=4,rollout=10", "random"]
    first = run_match("desperados", agents, seed=5)
    assert first.finished
    assert run_match("desperados", agents, seed=5).actions == first.actions


def test_ismcts_saves_a_rich_mine_it_would_otherwise_lose():
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
    label = sc.state.action_to_string(choice)
    assert label.endswith("with Desperado 12") or label.startswith("Close gold mine 1"), label


def test_an_agent_that_cannot_play_a_game_is_refused_before_the_first_move():
    with pytest.raises(ConfigError, match="no heuristic bot"):
        run_match("douro1872", ["heuristic", "random", "random"], seed=1)
