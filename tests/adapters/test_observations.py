"""The observation arrays the adapters hand out: equal to ``observation_tensor`` at every
position of random playouts of every set-up, new arrays that later steps leave alone, and
``observation_tensor_into``, which writes them, with its errors."""

from __future__ import annotations

import random
from array import array

import pytest

pytest.importorskip("pettingzoo", reason="needs the rl extra: pip install 'ludoteca[rl]'")

import numpy as np

from ludoteca.adapters.gymnasium import LudotecaEnv
from ludoteca.adapters.openspiel import load_game as openspiel_game
from ludoteca.adapters.pettingzoo import env as pettingzoo_env
from ludoteca.core.errors import ConfigError
from ludoteca.core.registry import load_game
from ludoteca.testing import playout_states


def expected(state, seat: int) -> np.ndarray:
    """What the arrays must hold: the list, as float32."""
    values = state.observation_tensor(seat)
    assert all(type(x) is float for x in values)
    return np.asarray(values, dtype=np.float32)


# ----- observation_tensor_into --------------------------------------------------------------

def test_into_writes_the_list_at_every_position(setup):
    """float32 and float64 buffers of every kind, filled with garbage first, hold exactly
    the list's values (float64: the very floats) at every position of two playouts."""
    game_id, n, variant = setup
    game = load_game(game_id)
    size = game.tensor_layout(n, variant).size
    positions = 0
    for seed in range(2):
        for state in playout_states(game, n, variant, seed):
            batch = np.full((n, size), 7.0, dtype=np.float32)
            for seat in range(n):
                want = state.observation_tensor(seat)
                f32 = np.full(size, np.nan, dtype=np.float32)
                assert state.observation_tensor_into(seat, f32) is f32
                assert np.array_equal(f32, np.asarray(want, dtype=np.float32))
                f64 = np.full(size, -3.0)
                state.observation_tensor_into(seat, f64)
                assert f64.tolist() == want
                buffer = array("d", [5.0] * size)
                state.observation_tensor_into(seat, memoryview(buffer))
                assert buffer.tolist() == want
                state.observation_tensor_into(seat, batch[seat])
                assert np.array_equal(batch[seat], f32)
            positions += 1
    assert positions > 2


BAD_BUFFERS = {
    "short": lambda size: np.zeros(size - 1, dtype=np.float32),
    "long": lambda size: np.zeros(size + 1, dtype=np.float32),
    "int32": lambda size: np.zeros(size, dtype=np.int32),
    "float16": lambda size: np.zeros(size, dtype=np.float16),
    "2d": lambda size: np.zeros((1, size), dtype=np.float32),
    "list": lambda size: [0.0] * size,
    "none": lambda size: None,
}


@pytest.mark.parametrize("kind", BAD_BUFFERS)
def test_into_refuses_other_buffers(kind):
    state = load_game("douro1872").new_initial_state(3)
    bad = BAD_BUFFERS[kind](state.observation_tensor_shape()[0])
    with pytest.raises(ConfigError):
        state.observation_tensor_into(0, bad)


def test_into_refuses_read_only_strided_and_big_endian_buffers_and_bad_seats():
    state = load_game("desperados").new_initial_state(4, "partnership")
    size = state.observation_tensor_shape()[0]
    frozen = np.zeros(size, dtype=np.float32)
    frozen.flags.writeable = False
    strided = np.zeros(2 * size, dtype=np.float32)[::2]
    swapped = np.zeros(size, dtype=">f4" if np.little_endian else "<f4")
    for bad in (frozen, strided, swapped, bytes(4 * size)):
        with pytest.raises(ConfigError):
            state.observation_tensor_into(0, bad)
    for seat in (4, -1, None, True, 0.0):
        with pytest.raises(ConfigError):
            state.observation_tensor_into(seat, np.zeros(size, dtype=np.float32))


# ----- the adapters ---------------------------------------------------------------------------

def test_pettingzoo_observations_are_the_tensors(setup):
    """At every step of two matches, every agent's observation is its tensor and its mask
    the legal actions (the acting agent's) or zeros; ``state()`` is every tensor."""
    game_id, n, variant = setup
    e = pettingzoo_env(game_id, n, variant)
    for seed in (0, 1):
        e.reset(seed=seed)
        rng = random.Random(seed)
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            match = e.match
            for other in e.agents:
                seat = e.agent_name_mapping[other]
                seen = obs if other == agent else e.observe(other)
                assert seen["observation"].dtype == np.float32
                assert np.array_equal(seen["observation"], expected(match, seat))
                mask = np.flatnonzero(seen["action_mask"]).tolist()
                assert mask == (match.legal_actions() if match.current_player() == seat
                                else [])
            assert np.array_equal(e.state(), np.concatenate(
                [expected(match, p) for p in range(n)]))
            if terminated or truncated:
                e.step(None)
            else:
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def test_pettingzoo_observations_are_new_arrays_a_learner_may_keep():
    e = pettingzoo_env("desperados", 4, "partnership")
    e.reset(seed=3)
    rng = random.Random(3)
    kept = []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        again = e.observe(agent)
        for key in ("observation", "action_mask"):
            assert np.array_equal(obs[key], again[key])
            assert not np.shares_memory(obs[key], again[key])
        if kept:
            for key in ("observation", "action_mask"):
                assert not np.shares_memory(obs[key], kept[-1][0][key])
        kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        state = e.state()
        assert not np.shares_memory(state, obs["observation"])
        if terminated or truncated:
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert len(kept) > 20
    for obs, copy in kept:  # nothing later overwrote what the loop kept
        for key in ("observation", "action_mask"):
            assert np.array_equal(obs[key], copy[key])


def test_a_learner_writing_into_its_arrays_changes_no_later_observation():
    """Masks are built once per set of legal actions and copied, observations copied from
    a zeroed array: what a learner does to the arrays it got must not leak into the next."""
    e = pettingzoo_env("douro1872", 3)
    e.reset(seed=5)
    rng = random.Random(5)
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        obs["action_mask"][:] = 1  # a learner's in-place masking, say
        obs["observation"][:] = 7.0
        again = e.observe(agent)
        assert np.flatnonzero(again["action_mask"]).tolist() == legal
        assert np.array_equal(again["observation"],
                              expected(e.match, e.agent_name_mapping[agent]))
        if terminated or truncated:
            e.step(None)
        else:
            e.step(rng.choice(legal))


def test_gymnasium_observations_are_the_tensors_and_new_arrays(setup):
    game_id, n, variant = setup
    env = LudotecaEnv(game_id, n, variant, seat=n - 1, opponents="random")
    kept = []
    for seed in (0, 1):
        obs, info = env.reset(seed=seed)
        rng = random.Random(seed)
        while True:
            assert np.array_equal(obs, expected(env.match, n - 1))
            legal = env.match.legal_actions() if not env.match.is_terminal() else []
            assert np.flatnonzero(info["action_mask"]).tolist() == legal
            assert not np.shares_memory(obs, env.action_masks())
            kept.append((obs, obs.copy(), info["action_mask"], info["action_mask"].copy()))
            if env.match.is_terminal():
                break
            obs, _, _, _, info = env.step(rng.choice(legal))
    for obs, obs_copy, mask, mask_copy in kept:
        assert np.array_equal(obs, obs_copy) and np.array_equal(mask, mask_copy)


def test_openspiel_observer_tensor_is_the_tensor(setup):
    import pyspiel

    game_id, n, variant = setup
    game = openspiel_game(game_id, n, variant)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        for seat in range(n):
            observer.set_from(state, seat)
            assert np.array_equal(observer.tensor, expected(state.ludoteca_state, seat))
            assert state.observation_tensor(seat) == state.ludoteca_state.observation_tensor(seat)
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
