"""The one match loop (core.match.Stepper) and the one way to ask an agent for a move
(core.match.choose): seeds, the ask hook fronts wrap for faults, the callback order, and
the fronts that step matches through it giving the same match for the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca import load_game, run_match
from ludoteca.agents import make_agent
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.match import Stepper, choose, seat_rng
from ludoteca.core.state import CHANCE
from ludoteca.sim.match import play_match
from tests.core.toygame import GAME_ID


def agents(*specs: str) -> list[Any]:
    return [make_agent(spec) for spec in specs]


def test_the_streams_derive_from_the_seed_as_documented():
    stepper = Stepper(7, [None, None, None])
    assert stepper.chance_rng.random() == random.Random("7:chance").random()
    assert [r.random() for r in stepper.rngs] == [
        random.Random(f"7:seat{p}").random() for p in range(3)]
    resumed = Stepper(7, [None, None], resumed=12)
    assert resumed.chance_rng.random() == seat_rng(7, "chance:resumed12").random()
    assert resumed.rngs[1].random() == seat_rng(7, "seat1:resumed12").random()


def test_run_match_is_the_stepper_with_its_seed():
    game = load_game(GAME_ID)
    record = run_match(game, agents("random", "random", "random"), seed=11)
    state = game.new_initial_state(3)
    Stepper(11, agents("random", "random", "random")).run(state)
    assert state.history() == record.actions and state.is_terminal()


def test_choose_hands_a_view_or_only_the_legal_actions():
    state = load_game(GAME_ID).new_initial_state(2)
    while state.current_player() == CHANCE:
        state.apply_action(state.chance_outcomes()[0][0])
    seen: list[Any] = []

    class Reader:
        def act(self, view, player, rng):
            seen.append(view)
            return view.legal_actions()[0]

    class Blind:
        reads_view = False

        def act_blind(self, legal, player, rng):
            seen.append(legal)
            return legal[-1]

    seat = state.current_player()
    assert choose(Reader(), state, seat, random.Random(1)) == state.legal_actions()[0]
    assert seen[-1] is not state and seen[-1].observation(seat) == state.observation(seat)
    assert choose(Blind(), state, seat, random.Random(1)) == state.legal_actions()[-1]
    assert seen[-1] == state.legal_actions()
    calls = []
    assert choose(Blind(), state, seat, random.Random(1),
                  lambda who, method, args: calls.append((who, args)) or 0) == 0
    assert calls == [(seat, (state.legal_actions(), seat, calls[0][1][2]))]


def test_on_action_comes_after_each_action_in_order():
    game = load_game(GAME_ID)
    state = game.new_initial_state(3)
    told: list[tuple[int, int, int]] = []

    def on_action(now, player, action):
        assert now is state and now.history()[-1] == action  # applied already
        told.append((len(now.history()), player, action))

    steps = Stepper(3, agents("random", "random", "random")).run(state, on_action=on_action)
    assert steps == len(state.history()) == len(told)
    assert [a for _, _, a in told] == state.history()
    assert [n for n, _, _ in told] == list(range(1, steps + 1))
    assert {p for _, p, _ in told} == {CHANCE, 0, 1, 2}


def test_run_stops_at_a_seat_without_an_agent_and_at_max_actions():
    game = load_game(GAME_ID)
    state = game.new_initial_state(3)
    stepper = Stepper(5, [make_agent("random"), None, make_agent("random")])
    stepper.run(state)
    assert state.current_player() == 1 and not state.is_terminal()
    assert stepper.run(state) == 0  # still seat 1's turn
    other = game.new_initial_state(3)
    assert Stepper(5, agents("random", "random", "random")).run(other, max_actions=2) == 2
    assert len(other.history()) == 2


def test_the_call_hook_is_how_every_seat_is_asked_and_its_faults_stop_the_run():
    game = load_game(GAME_ID)
    asked: list[int] = []

    def call(seat, method, args):
        asked.append(seat)
        assert args[1] == seat and method.__name__ in ("act", "act_blind")
        return method(*args)

    state = game.new_initial_state(3)
    Stepper(2, agents("random", "random", "random"), call=call).run(state)
    assert asked and asked == [p for p in _players(game, state.history()) if p >= 0]
    # The same match as without the hook: it only wraps the agent's own call.
    plain = game.new_initial_state(3)
    Stepper(2, agents("random", "random", "random")).run(plain)
    assert plain.history() == state.history()

    class Boom(Exception):
        pass

    def failing(seat, method, args):
        raise Boom(seat)

    state = game.new_initial_state(3)
    with pytest.raises(Boom):
        Stepper(2, agents("random", "random", "random"), call=failing).run(state)
    assert state.current_player() >= 0  # stopped at the seat, nothing of it applied

    state = game.new_initial_state(3)
    with pytest.raises(IllegalActionError):
        Stepper(2, agents("random", "random", "random"),
                call=lambda seat, method, args: 999).run(state)
    assert state.current_player() >= 0


def test_decide_is_choose_with_the_seats_stream():
    game = load_game("douro1872")
    state = game.new_initial_state(3)
    stepper = Stepper(4, agents("heuristic", "random", "heuristic"))
    stepper.run(state, max_actions=0)
    while state.current_player() < 0:
        state.apply_action(stepper.chance(state))
    seat = state.current_player()
    twin = Stepper(4, agents("heuristic", "random", "heuristic"))
    twin.chance_rng = stepper.chance_rng
    assert stepper.decide(state, seat) == choose(twin.agents[seat], state, seat,
                                                 twin.rngs[seat])


def _players(game: Any, actions: list[int]) -> list[int]:
    state, out = game.new_initial_state(3), []
    for action in actions:
        out.append(state.current_player())
        state.apply_action(action)
    return out


def test_a_fork_draws_on_independently():
    stepper = Stepper(9, [None, None])
    fork = stepper.fork()
    assert fork.chance_rng.random() == stepper.chance_rng.random()
    fork.rngs[0].random()
    assert fork.rngs[0].random() != stepper.rngs[0].random()


def test_a_fork_for_some_seats_copies_chance_and_theirs_and_shares_the_rest():
    stepper, whole = Stepper(9, [None, None, None]), Stepper(9, [None, None, None])
    fork = stepper.fork(seats=(1,))
    assert fork.rngs[0] is stepper.rngs[0] and fork.rngs[2] is stepper.rngs[2]
    assert fork.rngs[1] is not stepper.rngs[1]
    assert fork.chance_rng is not stepper.chance_rng
    # The copies go on where the originals were, and drawing from them leaves those be.
    assert [fork.chance_rng.random(), fork.rngs[1].random()] == \
        [whole.chance_rng.random(), whole.rngs[1].random()]
    assert stepper.chance_rng.getstate() == Stepper(9, [None] * 3).chance_rng.getstate()
    assert stepper.rngs[1].getstate() == Stepper(9, [None] * 3).rngs[1].getstate()


@pytest.mark.parametrize("game_id, specs", [
    (GAME_ID, ["random", "random", "random"]),
    ("douro1872", ["heuristic", "random", "heuristic"]),
    ("desperados", ["random", "heuristic", "random", "heuristic"]),
])
def test_the_simulation_plays_run_matchs_match(game_id, specs):
    """The simulation's guarded loop is the same stepper: the same seed, the same match
    (with a per-move time limit too, where it asks agents through its timed hook)."""
    game = load_game(game_id)
    record = run_match(game, agents(*specs), seed=21)
    for limit in (None, 60.0):
        outcome = play_match(game, specs, 21, move_time_limit=limit)
        assert outcome.fault is None and outcome.record.actions == record.actions
