"""The vector environments play exactly the matches of separate environments given the
same seeds and actions: self-play against N PettingZoo envs, one seat against N Gymnasium
envs. Then their shapes, resets, seeds and errors."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="needs the rl extra: pip install 'ludoteca[rl]'")

import gymnasium
import numpy as np

from ludoteca.adapters.gymnasium import LudotecaEnv
from ludoteca.adapters.pettingzoo import raw_env
from ludoteca.adapters.vector import OneSeatVectorEnv, SelfPlayVectorEnv
from ludoteca.core.errors import ConfigError, IllegalActionError

N = 3


def draw(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


def steps_for(game_id: str) -> int:
    # Long enough for Douro 1872 and High Card to finish and restart matches in every slot,
    # and for Desperados and Dos Rios (484-911 random decisions at 2 players) to reach
    # their end in some.
    return {"desperados": 700, "dosrios": 1000}.get(game_id, 250)


def test_self_play_is_n_pettingzoo_envs(setup):
    game_id, n, variant = setup
    venv = SelfPlayVectorEnv(game_id, n, variant, num_envs=N)
    envs = [raw_env(game_id, n, variant) for _ in range(N)]
    batch = venv.reset(seed=40)
    for i, e in enumerate(envs):
        e.reset(seed=40 + i)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps_for(game_id)):
        for i, e in enumerate(envs):
            agent = e.agent_selection
            expected = e.observe(agent)
            assert batch.seats[i] == e.agent_name_mapping[agent]
            assert np.array_equal(batch.observations[i], expected["observation"])
            assert np.array_equal(batch.action_masks[i], expected["action_mask"])
            assert venv.matches[i].history() == e.match.history()
        actions = draw(batch.action_masks, rng)
        batch = venv.step(actions)
        for i, e in enumerate(envs):
            e.step(int(actions[i]))
            over = all(e.terminations.values())
            assert batch.ends[i] == over
            if over:
                ended += 1
                assert batch.rewards[i].tolist() == [e.rewards[a] for a in e.possible_agents]
                assert batch.rewards[i].tolist() == e.match.returns()
                e.reset()  # a new match from the env's own generator, as the slot does
            else:
                assert not batch.rewards[i].any()
    assert ended > 0


def test_one_seat_is_n_gymnasium_envs(setup):
    game_id, n, variant = setup
    seats = [i % n for i in range(N)]
    venv = OneSeatVectorEnv(game_id, n, variant, num_envs=N, seat=seats, opponents="random")
    assert isinstance(venv, gymnasium.vector.VectorEnv)
    envs = [LudotecaEnv(game_id, n, variant, seat=s, opponents="random") for s in seats]
    obs, info = venv.reset(seed=70)
    expected = [e.reset(seed=70 + i) for i, e in enumerate(envs)]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(steps_for(game_id) // 2):
        assert obs in venv.observation_space
        for i, (o, inf) in enumerate(expected):
            assert np.array_equal(obs[i], o)
            assert np.array_equal(info["action_mask"][i], inf["action_mask"])
        assert np.array_equal(venv.action_masks(), info["action_mask"])
        actions = draw(info["action_mask"], rng)
        obs, rewards, terminated, truncated, info = venv.step(actions)
        assert not truncated.any()
        for i, e in enumerate(envs):
            o, r, t, _, inf = e.step(int(actions[i]))
            assert (rewards[i], terminated[i]) == (r, t)
            if t:
                ended += 1
                assert info["_final_obs"][i]
                assert np.array_equal(info["final_obs"][i], o)
                expected[i] = e.reset()
            else:
                expected[i] = (o, inf)
                assert "_final_obs" not in info or not info["_final_obs"][i]
    assert ended > 0


def test_shapes_types_and_new_arrays():
    venv = SelfPlayVectorEnv("highcard", 3, num_envs=5)
    batch = venv.reset(seed=1)
    size = venv.single_observation_space.shape[0]
    assert batch.observations.shape == (5, size) and batch.observations.dtype == np.float32
    assert batch.action_masks.shape == (5, venv.num_actions)
    assert batch.action_masks.dtype == np.int8
    assert batch.seats.shape == (5,) and batch.rewards.shape == (5, 3)
    assert batch.ends.dtype == np.bool_ and not batch.ends.any()
    kept = batch.observations.copy()
    nxt = venv.step(draw(batch.action_masks, np.random.default_rng(0)))
    assert np.array_equal(batch.observations, kept)  # nothing handed out is written again
    assert nxt.observations is not batch.observations


def test_seeds_per_match():
    a = SelfPlayVectorEnv("highcard", 2, num_envs=3)
    b = SelfPlayVectorEnv("highcard", 2, num_envs=3)
    a.reset(seed=5)
    b.reset(seed=[5, 6, 7])
    assert a.match_seeds == b.match_seeds
    assert len(set(a.match_seeds)) == 3
    b.reset(seed=[9, 6, 7])
    assert a.match_seeds[1:] == b.match_seeds[1:] and a.match_seeds[0] != b.match_seeds[0]
    for bad in ([1, 2], [1.5, 2, 3], True, "seed"):
        with pytest.raises(ConfigError):
            a.reset(seed=bad)


def test_normalized_observations():
    plain = SelfPlayVectorEnv("douro1872", 3, num_envs=4)
    scaled = SelfPlayVectorEnv("douro1872", 3, num_envs=4, normalize=True)
    low, high = plain.single_observation_space.low, plain.single_observation_space.high
    x, y = plain.reset(seed=3), scaled.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        assert y.observations in gymnasium.vector.utils.batch_space(
            scaled.single_observation_space, 4)
        assert y.observations == pytest.approx((x.observations - low) / (high - low))
        actions = draw(x.action_masks, rng)
        x, y = plain.step(actions), scaled.step(actions)


def test_bad_actions_raise_before_any_match_changes():
    venv = SelfPlayVectorEnv("highcard", 2, num_envs=3)
    batch = venv.reset(seed=0)
    before = [m.history() for m in venv.matches]
    legal = draw(batch.action_masks, np.random.default_rng(0))
    with pytest.raises(TypeError, match="integer action ids"):
        venv.step(legal.astype(np.float64))
    with pytest.raises(TypeError, match="integer action ids"):
        venv.step(np.ones(3, dtype=bool))
    with pytest.raises(ConfigError, match="one action per match"):
        venv.step(legal[:2])
    bad = legal.copy()
    bad[2] = 7  # not an action of High Card
    with pytest.raises(IllegalActionError, match="match 2"):
        venv.step(bad)
    assert [m.history() for m in venv.matches] == before
    venv.step(legal.tolist())  # a list of ints is a batch too

    one = OneSeatVectorEnv("highcard", 2, num_envs=2, opponents="random")
    one.reset(seed=0)
    with pytest.raises(IllegalActionError, match="match 1"):
        one.step(np.array([0, 7]))
    with pytest.raises(TypeError):
        one.step(np.array([0.0, 1.0]))


def test_bad_set_ups_are_config_errors():
    for kwargs in ({"num_envs": 0}, {"num_envs": True}, {"num_envs": 2.0}):
        with pytest.raises(ConfigError):
            SelfPlayVectorEnv("highcard", 2, **kwargs)
    with pytest.raises(ConfigError):
        SelfPlayVectorEnv("highcard", 4)
    for seat in (2, [0, 1], [0, 1, 5], True):
        with pytest.raises(ConfigError):
            OneSeatVectorEnv("highcard", 2, num_envs=3, seat=seat, opponents="random")
    with pytest.raises(RuntimeError):
        SelfPlayVectorEnv("highcard", 2).step([0] * 8)


def test_copy_false_returns_the_same_buffers_with_the_same_values():
    kept = SelfPlayVectorEnv("douro1872", 3, num_envs=4)
    shared = SelfPlayVectorEnv("douro1872", 3, num_envs=4, copy=False)
    x, y = kept.reset(seed=8), shared.reset(seed=8)
    first = y
    rng = np.random.default_rng(8)
    ended = 0
    for _ in range(120):
        for a, b in zip(x, y, strict=True):
            assert np.array_equal(a, b)
        assert all(b is c for b, c in zip(y, first, strict=True))  # written in place
        actions = draw(x.action_masks, rng)
        before = x.observations.copy()
        x, y = kept.step(actions), shared.step(actions)
        ended += int(x.ends.sum())
        assert not np.array_equal(before, y.observations)  # the buffer moved on
    assert ended > 0  # rewards and ends were set and cleared again

    one_kept = OneSeatVectorEnv("highcard", 2, num_envs=3, opponents="random")
    one_shared = OneSeatVectorEnv("highcard", 2, num_envs=3, opponents="random", copy=False)
    (o1, i1), (o2, i2) = one_kept.reset(seed=2), one_shared.reset(seed=2)
    buffers = (o2, i2["action_mask"])
    for _ in range(30):
        assert np.array_equal(o1, o2) and np.array_equal(i1["action_mask"], i2["action_mask"])
        assert o2 is buffers[0] and i2["action_mask"] is buffers[1]
        actions = draw(i1["action_mask"], rng)
        o1, r1, t1, _, i1 = one_kept.step(actions)
        o2, r2, t2, _, i2 = one_shared.step(actions)
        assert np.array_equal(r1, r2) and np.array_equal(t1, t2)
        for i in np.flatnonzero(t1):
            assert np.array_equal(i1["final_obs"][i], i2["final_obs"][i])
