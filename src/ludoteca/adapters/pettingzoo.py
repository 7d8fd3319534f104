"""PettingZoo: any ludoteca game as an AEC environment, every seat an agent.

``env()`` is wrapped as PettingZoo's own environments are (an action outside the action
space fails its assertion, and calls out of order, such as ``step`` before ``reset``,
raise PettingZoo's error); ``raw_env()`` is the bare :class:`LudotecaAECEnv`, the faster
one for a loop that is known to be right. Both take the same arguments.

    from ludoteca.adapters.pettingzoo import env

    e = env("desperados", 4, "partnership")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

* Agents are ``player_0 .. player_{n-1}`` (seat numbers); ``agent_selection`` is the seat to
  act. Chance (shuffles, draws, dice) is resolved inside the environment with a generator
  seeded by ``reset(seed=...)``: the same seed and actions give the same match, and
  ``reset()`` without a seed continues that generator deterministically.
* Actions: ``Discrete(num_distinct_actions)``, the game's action ids (one space for every
  set-up of the game). An illegal action raises
  :class:`~ludoteca.core.errors.IllegalActionError` with the rulebook's reason and leaves
  the environment unchanged (sample with the mask to avoid it).
* Observations: ``{"observation": Box(float32), "action_mask": Box(0, 1, int8)}``; the
  observation is the seat's ``observation_tensor`` (bounds from the game's tensor layout),
  the mask is all zeros unless it is that agent's turn. Every ``observe``/``last`` returns
  new arrays, so a learner may keep them (in a replay buffer) while the match goes on.
  ``normalize=True`` scales the observation to ``[0, 1]`` by the layout's bounds.
* Rewards: 0 until the end, then each seat's ``returns()`` (its share of the win: partners
  who win together both get theirs). No truncation: every match ends.
* ``render()``: the game's terminal view as a spectator sees it, as text (``"ansi"``),
  printed (``"human"``) or drawn into a fixed-size ``(height, width, 3)`` uint8 image
  (``"rgb_array"``), followed by what happened since the last decision.
* ``state()``: a global view, every seat's observation tensor one after another.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ludoteca.adapters import rl_extra

with rl_extra("ludoteca.adapters.pettingzoo"):  # checked in a subprocess test
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

from ludoteca.adapters import _arrays
from ludoteca.adapters._common import (
    SEED_BITS,
    render_image,
    render_text,
    resolve_game,
    seat_rng,
)
from ludoteca.core.errors import ConfigError
from ludoteca.core.flow import CHANCE
from ludoteca.core.state import Game, sample_chance

__all__ = ["LudotecaAECEnv", "env", "raw_env"]


class LudotecaAECEnv(AECEnv):
    """A ludoteca match as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "rgb_array"], "name": "ludoteca_v0",
        "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game_id: str | Game, num_players: int, variant: str | None = None,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 normalize: bool = False) -> None:
        super().__init__()
        game = resolve_game(game_id)
        variant = game.info.resolve(num_players, variant)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be one of {self.metadata['render_modes']} "
                              f"or None, not {render_mode!r}")
        self.game = game
        self.num_players = num_players
        self.variant = variant
        self.options = game.parse_options(options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata,
                         "name": f"ludoteca_{game.info.id}_{num_players}p_{variant}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(num_players)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        self._num_actions = game.info.num_distinct_actions
        self._layout = layout = game.tensor_layout(num_players, variant)
        self._size = layout.size
        low = np.asarray(layout.low(), dtype=np.float32)
        high = np.asarray(layout.high(), dtype=np.float32)
        self.normalize = bool(normalize)
        self._low, self._scale = low, _arrays.scale(low, high)
        box = (spaces.Box(0.0, 1.0, shape=(layout.size,), dtype=np.float32) if self.normalize
               else spaces.Box(low, high, dtype=np.float32))
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": box,
                "action_mask": spaces.Box(0, 1, shape=(self._num_actions,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self._num_actions)
                              for agent in self.possible_agents}
        self.state_space = spaces.Box(np.tile(low, num_players), np.tile(high, num_players),
                                      dtype=np.float32)
        self._seeder: np.random.Generator | None = None
        self._chance: random.Random | None = None
        self.match = None
        self.match_seed: int | None = None
        self._recent: list[Any] = []
        self.agents: list[str] = []

    # ----- spaces ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ----- the loop ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new match. ``seed`` reseeds the environment's generator; without one
        the generator goes on from where it was (the first reset ever draws from the OS).
        ``options`` is accepted for the API and ignored: the game's options are fixed when
        the environment is made."""
        if seed is not None or self._seeder is None:
            self._seeder = np.random.default_rng(seed)
        self.match_seed = int(self._seeder.integers(2**SEED_BITS))
        self._chance = seat_rng(self.match_seed, CHANCE)
        self.match = self.game.new_initial_state(self.num_players, self.variant, self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._recent = []
        self._resolve_chance()
        self._select()

    def _resolve_chance(self) -> None:
        match, rng, keep = self.match, self._chance, self.render_mode is not None
        while match.current_player() == CHANCE:
            match.apply_trusted(sample_chance(match.chance_outcomes(), rng))
            if keep:
                self._recent.extend(match.events())

    def _select(self) -> None:
        player = self.match.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
        else:
            self._finish()

    def _finish(self) -> None:
        """The match is over: everyone gets its return; the AEC loop then retires them.
        (Rewards are 0 before: nothing to accumulate at the other steps.)"""
        returns = self.match.returns()
        for agent in self.agents:
            self.rewards[agent] = float(returns[self.agent_name_mapping[agent]])
            self.terminations[agent] = True
        self._accumulate_rewards()

    def step(self, action: Any) -> None:
        match = self.match
        if match is None:
            raise RuntimeError("reset() must be called before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ConfigError(f"{agent} must act: None is only for agents whose match is over")
        match.apply_action(action)  # IllegalActionError leaves the match unchanged
        if self.render_mode is not None:
            self._recent = match.events()
        # The acting agent's reward is handed out: 0 (it stays 0 until the end).
        self._cumulative_rewards[agent] = 0.0
        # _resolve_chance and _select, inline: this is the loop's hot path.
        player = match.current_player()
        if player == CHANCE:
            self._resolve_chance()
            player = match.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
        else:
            self._finish()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation tensor and action mask, as new arrays."""
        seat = self.agent_name_mapping[agent]
        match = self.match
        legal = match.legal_actions() if match.current_player() == seat else ()
        observation = _arrays.observation(match, seat, self._layout)
        if self.normalize:
            observation -= self._low
            observation *= self._scale
        return {"observation": observation,
                "action_mask": _arrays.mask(legal, self._num_actions)}

    def state(self) -> np.ndarray:
        """Every seat's observation tensor, seat 0 first (a global view for centralized
        critics; it holds every seat's private information), as a new array."""
        match = self.match
        out = np.empty((self.num_players, self._size), dtype=np.float32)
        for p in range(self.num_players):
            match.observation_tensor_into(p, out[p])
        return out.reshape(-1)

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use 'ansi', "
                                  "'human' or 'rgb_array' when making the environment")
            return None
        if self.match is None:
            text = f"{self.game.info.title}: call reset() to start a match\n"
        else:
            text = render_text(self.match, None, events=self._recent)
        if self.render_mode == "human":
            print(text, end="")
            return None
        if self.render_mode == "rgb_array":
            return render_image(text)
        return text

    def close(self) -> None:
        """Nothing to release; safe to call more than once."""


def raw_env(game_id: str | Game, num_players: int, variant: str | None = None,
            options: Mapping[str, Any] | None = None, render_mode: str | None = None,
            normalize: bool = False) -> LudotecaAECEnv:
    """The bare AEC environment of one ludoteca set-up (see the module docstring)."""
    return LudotecaAECEnv(game_id, num_players, variant, options, render_mode, normalize)


def env(game_id: str | Game, num_players: int, variant: str | None = None,
        options: Mapping[str, Any] | None = None, render_mode: str | None = None,
        normalize: bool = False) -> AECEnv:
    """:func:`raw_env` in PettingZoo's usual wrappers: ``AssertOutOfBoundsWrapper`` (an
    action outside ``Discrete(num_distinct_actions)`` fails an assertion) and
    ``OrderEnforcingWrapper`` (calls out of order raise). Attributes of the bare
    environment (``match``, ``game``) are reached through ``env.unwrapped``."""
    bare = raw_env(game_id, num_players, variant, options, render_mode, normalize)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(bare))
