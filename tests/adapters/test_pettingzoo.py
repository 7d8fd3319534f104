"""PettingZoo's own suites (api_test, seed_test, render_test) on every set-up, and the
adapter's promises: seeded chance, returns at the end, masks, errors, global state."""

from __future__ import annotations

import functools

import pytest

pytest.importorskip("pettingzoo", reason="needs the rl extra: pip install 'ludoteca[rl]'")

import warnings

import numpy as np

with warnings.catch_warnings():  # its test module imports its classic games (old API)
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, render_test, seed_test

from ludoteca.adapters.pettingzoo import LudotecaAECEnv, env, raw_env
from ludoteca.core.errors import ConfigError, IllegalActionError
from ludoteca.core.registry import load_game
from tests.adapters.conftest import cycles

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo warns about every dict observation (its classic games' too).
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


def play(e, rng: np.random.Generator) -> int:
    """One match with random legal actions; returns how many decisions were taken."""
    steps = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        steps += 1
    return steps


def test_api(setup):
    game_id, n, variant = setup
    api_test(env(game_id, n, variant), num_cycles=cycles(game_id))


def test_seed(setup):
    game_id, n, variant = setup
    seed_test(functools.partial(env, game_id, n, variant), num_cycles=cycles(game_id))


def test_render(setup):
    game_id, n, variant = setup
    render_test(functools.partial(env, game_id, n, variant),
                custom_tests={"ansi": lambda text: isinstance(text, str) and text.strip() != ""})


def test_whole_match_rewards_are_returns(setup):
    game_id, n, variant = setup
    e = env(game_id, n, variant)
    e.reset(seed=11)
    agents = list(e.agents)
    totals = dict.fromkeys(agents, 0.0)
    rng = np.random.default_rng(11)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            assert obs["action_mask"].sum() == 0
            returns = e.match.returns()
            e.step(None)
            continue
        assert e.match.current_player() == e.agent_name_mapping[agent]
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.agents == []
    assert [totals[a] for a in agents] == pytest.approx(returns)
    constant = load_game(game_id).info.variant(variant).constant_sum
    if constant is not None:  # partners both get theirs: partnership sums to 2
        assert sum(totals.values()) == pytest.approx(constant)


def test_chance_follows_the_seed(setup):
    game_id, n, variant = setup
    histories = []
    for seed in (5, 5, 6):
        e = env(game_id, n, variant)
        e.reset(seed=seed)
        play(e, np.random.default_rng(0))
        histories.append(e.match.history())
    assert histories[0] == histories[1]
    assert histories[0] != histories[2]
    # reset() without a seed goes on from the seeded generator, deterministically.
    nexts = []
    for _ in range(2):
        e = env(game_id, n, variant)
        e.reset(seed=5)
        e.reset()
        nexts.append(e.match.history())
    assert nexts[0] == nexts[1]


def test_illegal_action_raises_and_changes_nothing(setup):
    game_id, n, variant = setup
    for make in (env, raw_env):
        e = make(game_id, n, variant)
        e.reset(seed=3)
        obs, *_ = e.last()
        illegal = np.flatnonzero(obs["action_mask"] == 0)
        before = e.match.history()
        if illegal.size:
            with pytest.raises(IllegalActionError):
                e.step(int(illegal[0]))
        # Out of the action space: the wrapped env's assertion, as in PettingZoo's own.
        with pytest.raises(AssertionError if make is env else IllegalActionError):
            e.step(e.action_space(e.agent_selection).n)
        with pytest.raises(AssertionError if make is env else ConfigError):
            e.step(None)
        assert e.match.history() == before


def test_env_is_wrapped_and_raw_env_bare():
    from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

    wrapped, bare = env("highcard", 2), raw_env("highcard", 2)
    assert type(bare) is LudotecaAECEnv
    assert isinstance(wrapped, OrderEnforcingWrapper)
    assert isinstance(wrapped.env, AssertOutOfBoundsWrapper)
    assert wrapped.unwrapped.__class__ is LudotecaAECEnv
    with pytest.raises(AssertionError, match="reset"):  # order enforced: step before reset
        wrapped.step(0)
    with pytest.raises(RuntimeError):
        bare.step(0)


def test_masks_and_global_state(setup):
    game_id, n, variant = setup
    e = env(game_id, n, variant)
    e.reset(seed=1)
    for agent in e.agents:
        mask = e.observe(agent)["action_mask"]
        if agent == e.agent_selection:
            assert list(np.flatnonzero(mask)) == e.match.legal_actions()
        else:
            assert mask.sum() == 0
    state = e.state()
    assert state.dtype == np.float32 and state in e.state_space
    assert len(state) == n * e.observation_space("player_0")["observation"].shape[0]


def test_render_shows_the_table_and_what_happened():
    e = env("highcard", 2, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert "dealt" in text
    e.step(1)
    assert "seat 0 bet" in e.render()


def test_bad_set_ups_are_config_errors():
    with pytest.raises(ConfigError):
        env("highcard", 4)
    with pytest.raises(ConfigError):
        env("highcard", 3, "lowball")
    with pytest.raises(ConfigError):
        env("highcard", 2, options={"stakes": 99})
    with pytest.raises(ConfigError):
        env("highcard", 2, render_mode="rgba")
    with pytest.raises(ConfigError):
        env("no-such-game", 2)


def test_rgb_array_draws_the_terminal_view():
    e = env("highcard", 2, render_mode="rgb_array")
    e.reset(seed=0)
    frame = e.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert (frame < 128).any() and (frame == 255).any()  # text drawn on white
    e.step(1)
    assert e.render().shape == frame.shape  # every frame the same size (videos need it)
    blank = raw_env("highcard", 2, render_mode="rgb_array").render()
    assert blank.shape == frame.shape and not np.array_equal(blank, frame)


def test_normalized_observations_lie_in_zero_to_one(setup):
    game_id, n, variant = setup
    plain, scaled = raw_env(game_id, n, variant), raw_env(game_id, n, variant, normalize=True)
    box = plain.observation_space("player_0")["observation"]
    plain.reset(seed=4)
    scaled.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in scaled.agent_iter(max_iter=200):
        obs, _, terminated, truncated, _ = scaled.last()
        raw = plain.observe(agent)["observation"]
        assert obs["observation"] in scaled.observation_space(agent)["observation"]
        assert obs["observation"] == pytest.approx((raw - box.low) / (box.high - box.low))
        action = None if terminated or truncated else \
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        scaled.step(action)
        plain.step(action)
