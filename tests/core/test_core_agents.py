"""Agent specs and the agent registry."""

import random

import pytest

from ludoteca import ConfigError, load_game, make_agent
from ludoteca import agents as agents_module
from ludoteca.agents import Agent, agent_names, parse_spec, register_agent
from tests.core.toygame import GAME_ID


@pytest.mark.parametrize(
    ("spec", "parsed"),
    [
        ("random", ("random", {})),
        ("  random  ", ("random", {})),
        ("random:", ("random", {})),
        ("name:key=value,k2=1.5", ("name", {"key": "value", "k2": 1.5})),
        ("ismcts:iterations=400,c=2", ("ismcts", {"iterations": 400, "c": 2})),
        ("x: a = 1 , b=TRUE, c=false, d=-3,", ("x", {"a": 1, "b": True, "c": False, "d": -3})),
        ("x:path=a:b", ("x", {"path": "a:b"})),
    ],
)
def test_specs_parse_to_a_name_and_typed_options(spec, parsed):
    assert parse_spec(spec) == parsed


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("x:iterations", "agent spec 'x:iterations': expected key=value, got 'iterations'"),
        ("x:=3", "agent spec 'x:=3': expected key=value, got '=3'"),
    ],
)
def test_malformed_specs_are_config_errors(spec, message):
    with pytest.raises(ConfigError) as err:
        parse_spec(spec)
    assert str(err.value) == message


def test_unknown_agent_lists_the_known_ones():
    with pytest.raises(ConfigError) as err:
        make_agent("oracle:depth=3")
    assert str(err.value).startswith("unknown agent 'oracle'; known agents: ")
    assert "random" in str(err.value)


def test_options_an_agent_does_not_take_are_rejected():
    with pytest.raises(ConfigError, match="agent 'random' takes no options"):
        make_agent("random:depth=2")


def test_made_agents_remember_their_spec():
    agent = make_agent(" random ")
    assert agent.spec == "random"
    assert "random" in agent_names()
    assert repr(agent) == "<RandomAgent random>"


def test_random_agent_picks_a_legal_action():
    state = load_game(GAME_ID).new_initial_state(2)
    state.apply_action(0)
    state.apply_action(1)
    agent = make_agent("random")
    picks = {agent.act(state.determinize(0, random.Random(s)), 0, random.Random(s))
             for s in range(20)}
    assert picks == set(state.legal_actions())


def test_registered_agents_get_their_options(monkeypatch):
    monkeypatch.setattr(agents_module, "_AGENTS", dict(agents_module._AGENTS))

    @register_agent("first")
    class First(Agent):
        def __init__(self, offset: int = 0) -> None:
            super().__init__()
            self.offset = offset

        def act(self, view, player, rng):
            legal = view.legal_actions()
            return legal[min(self.offset, len(legal) - 1)]

    agent = make_agent("first:offset=1")
    assert isinstance(agent, First) and agent.offset == 1 and agent.spec == "first:offset=1"
    assert First.name == "first"


def test_an_option_an_agent_does_not_take_is_a_config_error(monkeypatch):
    monkeypatch.setattr(agents_module, "_AGENTS", dict(agents_module._AGENTS))

    @register_agent("first")
    class First(Agent):
        def __init__(self, offset: int = 0) -> None:
            super().__init__()

    with pytest.raises(ConfigError, match=r"^agent spec 'first:depth=1': .*'depth'"):
        make_agent("first:depth=1")


def test_random_agent_never_reads_a_view():
    agent = make_agent("random")
    assert agent.reads_view is False
    picks = {agent.act_blind([0, 1], 0, random.Random(s)) for s in range(20)}
    assert picks == {0, 1}
