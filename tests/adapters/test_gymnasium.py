"""Gymnasium's env_checker on every set-up, and the single-seat environment's promises:
registered ids, opponents, seeded matches, rewards, the mask, illegal actions."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="needs the rl extra: pip install 'ludoteca[rl]'")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from ludoteca.adapters.gymnasium import LudotecaEnv, env_id, register_envs
from ludoteca.core.errors import ConfigError, IllegalActionError
from tests.adapters.conftest import SETUPS

register_envs()  # the toy game was registered after the module's import-time registration


def run(env: gymnasium.Env, seed: int, policy_seed: int = 0) -> tuple[list, float, dict]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    trajectory = [obs]
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        trajectory.append(obs)
        assert not truncated
        if terminated:
            return trajectory, reward, info
        assert reward == 0.0


def test_every_set_up_is_registered():
    ids = set(register_envs())
    for game_id, n, variant in SETUPS:
        assert env_id(game_id, n, variant) in ids
        assert env_id(game_id, n, variant) in gymnasium.registry
    assert env_id("desperados", 4, "partnership") == "ludoteca/desperados-4p-partnership-v0"


def test_check_env(setup):
    game_id, n, variant = setup
    env = gymnasium.make(env_id(game_id, n, variant))
    check_env(env.unwrapped)
    env.close()


def test_check_env_for_the_last_seat_and_random_opponents(setup):
    game_id, n, variant = setup
    env = gymnasium.make(env_id(game_id, n, variant), seat=n - 1, opponents="random",
                         render_mode="ansi")
    check_env(env.unwrapped)


def test_whole_match_reward_is_the_seat_return(setup):
    game_id, n, variant = setup
    for seat in range(n):
        env = LudotecaEnv(game_id, n, variant, seat=seat, opponents="random")
        trajectory, reward, info = run(env, seed=seat)
        assert reward == pytest.approx(env.match.returns()[seat])
        assert info["action_mask"].sum() == 0
        for obs in trajectory:
            assert obs in env.observation_space
        with pytest.raises(RuntimeError):
            env.step(0)


def test_seeded_matches_repeat(setup):
    game_id, n, variant = setup
    a = LudotecaEnv(game_id, n, variant)
    b = LudotecaEnv(game_id, n, variant)
    ta, ra, _ = run(a, seed=9)
    tb, rb, _ = run(b, seed=9)
    assert a.match.history() == b.match.history() and ra == rb
    assert all(np.array_equal(x, y) for x, y in zip(ta, tb, strict=True))


def test_illegal_action_ends_the_episode_with_a_penalty():
    env = LudotecaEnv("highcard", 2, opponents="random", illegal_reward=-5.0)
    env.reset(seed=0)
    before = env.match.history()
    obs, reward, terminated, truncated, info = env.step(7)
    assert obs in env.observation_space
    assert (reward, terminated, truncated) == (-5.0, True, False)
    assert info["illegal_action"] is True and "not an action" in info["error"]
    assert info["action_mask"].sum() == 0
    assert env.match.history() == before  # the match is not changed
    with pytest.raises(RuntimeError):
        env.step(0)


def test_illegal_action_can_raise():
    env = LudotecaEnv("highcard", 2, opponents="random", illegal_action="raise")
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(7)
    env.step(1)  # the episode goes on


def test_opponents_by_list_and_mapping():
    env = LudotecaEnv("highcard", 3, seat=1, opponents=["random", "ismcts:iterations=5"])
    assert [a.spec for a in env.opponents.values()] == ["random", "ismcts:iterations=5"]
    assert sorted(env.opponents) == [0, 2]
    env = LudotecaEnv("highcard", 3, seat=2, opponents={0: "random", 1: "random"})
    run(env, seed=1)
    for bad in (["random"], {0: "random"}, "no-such-agent", "heuristic"):
        with pytest.raises(ConfigError):  # the toy game has no heuristic bot
            LudotecaEnv("highcard", 3, opponents=bad)


def test_bad_arguments_are_config_errors():
    for kwargs in ({"seat": 2}, {"seat": True}, {"render_mode": "rgba"},
                   {"illegal_action": "ignore"}):
        with pytest.raises(ConfigError):
            LudotecaEnv("highcard", 2, opponents="random", **kwargs)


def test_render_is_the_seat_view():
    env = LudotecaEnv("highcard", 2, opponents="random", render_mode="ansi")
    env.reset(seed=0)
    assert "you are dealt" in env.render()
    assert env.action_masks().tolist() == [1, 1]


def test_check_env_with_the_mask_in_the_observation(setup):
    game_id, n, variant = setup
    env = gymnasium.make(env_id(game_id, n, variant), opponents="random",
                         mask_in_observation=True, normalize=True)
    assert isinstance(env.observation_space, gymnasium.spaces.Dict)
    assert isinstance(env.observation_space["action_mask"], gymnasium.spaces.MultiBinary)
    check_env(env.unwrapped)


def test_mask_in_observation_is_the_info_mask():
    env = LudotecaEnv("highcard", 3, opponents="random", mask_in_observation=True)
    obs, info = env.reset(seed=2)
    plain = LudotecaEnv("highcard", 3, opponents="random")
    expected, _ = plain.reset(seed=2)
    assert np.array_equal(obs["observation"], expected)
    assert np.array_equal(obs["action_mask"], info["action_mask"])
    assert obs["action_mask"] is not info["action_mask"]  # each may be kept or changed
    while True:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _, terminated, _, info = env.step(action)
        assert obs in env.observation_space
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        if terminated:
            assert obs["action_mask"].sum() == 0
            break


def test_normalized_observations_are_scaled_by_the_bounds(setup):
    game_id, n, variant = setup
    plain = LudotecaEnv(game_id, n, variant, opponents="random")
    scaled = LudotecaEnv(game_id, n, variant, opponents="random", normalize=True)
    assert (scaled.observation_space.low == 0).all() and (scaled.observation_space.high == 1).all()
    low, high = plain.observation_space.low, plain.observation_space.high
    a, info = plain.reset(seed=6)
    b, _ = scaled.reset(seed=6)
    for _ in range(30):
        assert b in scaled.observation_space
        assert b == pytest.approx((a - low) / (high - low))
        action = int(np.flatnonzero(info["action_mask"])[0])
        a, _, terminated, _, info = plain.step(action)
        b, *_ = scaled.step(action)
        if terminated:
            break


def test_a_wrong_typed_action_raises_type_error():
    env = LudotecaEnv("highcard", 2, opponents="random")
    env.reset(seed=0)
    before = env.match.history()
    for bad in (1.0, True, np.float32(1), np.bool_(True), np.array([1]), "1", None):
        with pytest.raises(TypeError, match="integer action id"):
            env.step(bad)
    assert env.match.history() == before  # nothing was played
    env.step(np.array(1))  # a 0-d integer array and NumPy integers are actions
    LudotecaEnv("highcard", 2, opponents="random").reset(seed=0)


def test_rgb_array_frames_have_one_size():
    env = gymnasium.make("ludoteca/highcard-2p-standard-v0", opponents="random",
                         render_mode="rgb_array")
    env.reset(seed=0)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert (first < 128).any()
    env.step(1)
    assert env.render().shape == first.shape


def test_stable_baselines3_make_vec_env():
    """SB3's make_vec_env passes render_mode="rgb_array" to every environment it makes."""
    pytest.importorskip("stable_baselines3", reason="needs the train extra")
    from stable_baselines3.common.env_checker import check_env as sb3_check_env
    from stable_baselines3.common.env_util import make_vec_env

    venv = make_vec_env("ludoteca/highcard-2p-standard-v0", n_envs=2, seed=0,
                        env_kwargs={"opponents": "random"})
    assert venv.render_mode == "rgb_array"
    obs = venv.reset()
    assert obs.shape == (2, *venv.observation_space.shape)
    obs, rewards, dones, _ = venv.step(np.array([0, 1]))
    assert obs.shape[0] == 2 and rewards.shape == dones.shape == (2,)
    sb3_check_env(LudotecaEnv("highcard", 2, opponents="random"))
    sb3_check_env(LudotecaEnv("highcard", 2, opponents="random", mask_in_observation=True))
