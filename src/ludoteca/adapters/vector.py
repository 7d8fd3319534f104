"""Many matches of one set-up at once, as NumPy batches: self-play, and one seat against
fixed opponents as a Gymnasium ``VectorEnv``.

    from ludoteca.adapters.vector import SelfPlayVectorEnv

    venv = SelfPlayVectorEnv("douro1872", 2, num_envs=64)
    batch = venv.reset(seed=0)
    for _ in range(1000):
        # batch.observations (64, obs) float32, batch.action_masks (64, actions) int8,
        # batch.seats (64,): the seat to act in each match
        actions = policy(batch.observations, batch.action_masks, batch.seats)
        batch = venv.step(actions)
        # batch.rewards (64, players): each seat's return where a match ended, else 0;
        # batch.ends (64,) bool: that match ended at this step (and a new one started)

* :class:`SelfPlayVectorEnv`: every seat of ``num_envs`` matches; each call returns the
  seats to act, their observations and masks. Chance is resolved inside; a match that ends
  is replaced by a new one in the same call (its returns are in ``rewards``, the arrays
  describe the new match).
* :class:`OneSeatVectorEnv`: a ``gymnasium.vector.VectorEnv`` of one seat per match
  (the seat may differ from match to match) against fixed ludoteca agents, resetting
  itself in the same step (``autoreset_mode`` ``SAME_STEP``).

Seeds: match slot ``i`` has its own generator, seeded by ``reset(seed=...)`` with
``seed + i`` (an int) or ``seed[i]`` (a sequence); each new match of that slot draws its
seed from it. Slot ``i`` thus plays exactly the matches a PettingZoo env (or a Gymnasium
env, for :class:`OneSeatVectorEnv`) plays after ``reset(seed=seed + i)`` and then
``reset()`` after each match, given the same actions.

Actions: an integer array (or sequence) of ``num_envs`` action ids. Another type raises
``TypeError``; an illegal action raises
:class:`~ludoteca.core.errors.IllegalActionError` naming the match and the rulebook's
reason, before any match is changed. Every array returned is new: a learner may keep it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any, NamedTuple

from ludoteca.adapters import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
except ImportError as err:  # pragma: no cover - checked in a subprocess test
    raise missing_extra("ludoteca.adapters.vector", err) from err

from ludoteca.adapters import _arrays
from ludoteca.adapters._common import (
    SEED_BITS,
    make_opponents,
    resolve_game,
    seat_rng,
)
from ludoteca.core.errors import ConfigError, IllegalActionError
from ludoteca.core.flow import CHANCE
from ludoteca.core.match import choose
from ludoteca.core.state import Game, State, sample_chance

__all__ = ["OneSeatVectorEnv", "SelfPlayVectorEnv", "VectorStep"]


class VectorStep(NamedTuple):
    """What :class:`SelfPlayVectorEnv` returns, one row per match slot."""

    observations: np.ndarray
    """``(num_envs, observation size)`` float32: the observation of the seat to act."""
    action_masks: np.ndarray
    """``(num_envs, num_actions)`` int8: 1 for each legal action of that seat."""
    seats: np.ndarray
    """``(num_envs,)`` int64: the seat to act."""
    rewards: np.ndarray
    """``(num_envs, num_players)`` float64: every seat's return where a match ended at
    this step, 0 elsewhere (rewards come only at the end)."""
    ends: np.ndarray
    """``(num_envs,)`` bool: the match ended at this step; the row now shows a new one."""


def _seeds(seed: int | Sequence[int] | None, n: int) -> Sequence[int | None]:
    if seed is None:
        return [None] * n
    if isinstance(seed, bool):
        raise ConfigError(f"a seed is an integer or a sequence of {n} integers, not {seed!r}")
    if isinstance(seed, int | np.integer):
        return [int(seed) + i for i in range(n)]
    try:
        items = [] if isinstance(seed, str | bytes) else list(seed)
        seeds = [int(s) for s in items if isinstance(s, int | np.integer)
                 and not isinstance(s, bool)]
    except TypeError:
        items = seeds = []
    if len(seeds) != n or len(items) != n:
        raise ConfigError(f"a seed is an integer or a sequence of {n} integers, not {seed!r}")
    return seeds


def check_actions(actions: Any, n: int, num_actions: int) -> list[int]:
    """``actions`` as a list of ``n`` Python ints. Raises TypeError for anything but
    integers (a float or boolean array is a mistake, not a move) and ConfigError for
    another length."""
    array = np.asarray(actions)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"actions are integer action ids (0 to {num_actions - 1}), one per "
                        f"match, not an array of {array.dtype}")
    if array.shape != (n,):
        raise ConfigError(f"one action per match is needed: shape ({n},), not {array.shape}")
    return array.tolist()


class _Batcher:
    """Builds the observation and mask batches of one set-up, row by row."""

    def __init__(self, game: Game, num_players: int, variant: str, num_envs: int,
                 normalize: bool) -> None:
        layout = game.tensor_layout(num_players, variant)
        self.layout = layout
        self.size = layout.size
        self.num_actions = game.info.num_distinct_actions
        self.num_envs = num_envs
        self.low = np.asarray(layout.low(), dtype=np.float32)
        self.high = np.asarray(layout.high(), dtype=np.float32)
        self.normalize = normalize
        self.scale = _arrays.scale(self.low, self.high)
        self._row_ids = np.arange(num_envs)

    def observation_space(self) -> spaces.Box:
        if self.normalize:
            return spaces.Box(0.0, 1.0, shape=(self.size,), dtype=np.float32)
        return spaces.Box(self.low, self.high, dtype=np.float32)

    def observations(self, matches: Sequence[State], seats: Sequence[int]) -> np.ndarray:
        size = self.size
        out = np.zeros((len(matches), size), dtype=np.float32)
        flat = memoryview(out.reshape(-1))  # type: ignore[arg-type]  # numpy arrays are buffers
        start = 0
        for match, seat in zip(matches, seats, strict=True):
            # The game's own writer, on a zeroed row: the seat is valid and the row has the
            # layout's length, which is all observation_tensor_into would check.
            match._observation_tensor_into(seat, flat[start:start + size])
            start += size
        if self.normalize:
            out -= self.low
            out *= self.scale
        return out

    def masks(self, legal: Sequence[tuple[int, ...]]) -> np.ndarray:
        # One scatter for the whole batch: legal sets repeat too little across matches
        # (Desperados' hands) for a cache of rows to pay.
        n = len(legal)
        lengths = [len(actions) for actions in legal]
        columns = np.fromiter(chain.from_iterable(legal), dtype=np.intp, count=sum(lengths))
        out = np.zeros((n, self.num_actions), dtype=np.int8)
        out[np.repeat(self._row_ids[:n], lengths), columns] = 1
        return out


def _legal(match: State) -> tuple[int, ...]:
    """The legal actions of a decision as the tuple the state keeps (no list copy)."""
    legal = match._legal
    if legal is None:
        match.legal_actions()
        legal = match._legal
    assert legal is not None  # legal_actions() keeps the tuple
    return legal


class SelfPlayVectorEnv:
    """``num_envs`` matches of one set-up, every seat played by the caller (see the module
    docstring).

    ``game_id``, ``num_players``, ``variant``, ``options``: the set-up, as for the other
    adapters. ``normalize``: observations scaled to ``[0, 1]`` by the layout's bounds.
    Raises ConfigError for a set-up the game does not have or ``num_envs`` below 1.
    """

    def __init__(self, game_id: str | Game, num_players: int, variant: str | None = None,
                 num_envs: int = 8, *, options: Mapping[str, Any] | None = None,
                 normalize: bool = False) -> None:
        game = resolve_game(game_id)
        variant = game.info.resolve(num_players, variant)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ConfigError(f"num_envs is a whole number of matches, at least 1, "
                              f"not {num_envs!r}")
        self.game = game
        self.num_players = num_players
        self.variant = variant
        self.options = game.parse_options(options)
        self.num_envs = num_envs
        self._batch = _Batcher(game, num_players, variant, num_envs, normalize)
        self.num_actions = self._batch.num_actions
        self.single_observation_space = self._batch.observation_space()
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.matches: list[State] = []
        """The matches being played, one per slot (read them; do not apply actions)."""
        self.match_seeds: list[int] = []
        self._seeders: list[np.random.Generator] = []
        self._chance: list[random.Random] = []
        self._legal: list[tuple[int, ...]] = []

    def reset(self, seed: int | Sequence[int] | None = None) -> VectorStep:
        """Starts a new match in every slot; ``seed`` as in the module docstring (None: from
        the OS). Rewards are 0 and ends False."""
        n = self.num_envs
        self._seeders = [np.random.default_rng(s) for s in _seeds(seed, n)]
        self.matches = [None] * n  # type: ignore[list-item]
        self.match_seeds = [0] * n
        self._chance = [None] * n  # type: ignore[list-item]
        self._legal = [()] * n
        for i in range(n):
            self._start(i)
        return self._result(np.zeros((n, self.num_players)),
                            np.zeros(n, dtype=bool))

    def _start(self, i: int) -> None:
        seed = int(self._seeders[i].integers(2**SEED_BITS))
        rng = seat_rng(seed, CHANCE)
        match = self.game.new_initial_state(self.num_players, self.variant, self.options)
        while match.current_player() == CHANCE:
            match.apply_trusted(sample_chance(match.chance_outcomes(), rng))
        if match.current_player() < 0:  # no game of ludoteca ends before anyone acts
            raise RuntimeError(f"{self.game.info.title} ended before anyone acted")
        self.matches[i], self.match_seeds[i], self._chance[i] = match, seed, rng
        self._legal[i] = _legal(match)

    def step(self, actions: Any) -> VectorStep:
        """Applies one action per slot (for the seat to act there), resolves chance, starts
        a new match where one ended. Raises TypeError for non-integer actions and
        IllegalActionError (no match changed) for an action not legal in its match."""
        if not self.matches:
            raise RuntimeError("reset() must be called before step()")
        chosen = check_actions(actions, self.num_envs, self.num_actions)
        matches, legal = self.matches, self._legal
        for i, action in enumerate(chosen):
            if action not in legal[i]:
                try:
                    matches[i].apply_action(action)  # raises with the rulebook's reason
                except IllegalActionError as err:
                    raise IllegalActionError(f"match {i}: {err}") from None
                raise AssertionError("an action outside the legal actions was accepted")
        rewards = np.zeros((self.num_envs, self.num_players))
        ends = np.zeros(self.num_envs, dtype=bool)
        chance = self._chance
        for i, action in enumerate(chosen):
            match = matches[i]
            match.apply_trusted(action)
            player = match.current_player()
            if player == CHANCE:
                rng = chance[i]
                while player == CHANCE:
                    match.apply_trusted(sample_chance(match.chance_outcomes(), rng))
                    player = match.current_player()
            if player >= 0:
                legal[i] = _legal(match)
            else:
                rewards[i] = match.returns()
                ends[i] = True
                self._start(i)
        return self._result(rewards, ends)

    def _result(self, rewards: np.ndarray, ends: np.ndarray) -> VectorStep:
        matches = self.matches
        seats = [match.current_player() for match in matches]
        return VectorStep(self._batch.observations(matches, seats),
                          self._batch.masks(self._legal), np.array(seats, dtype=np.int64),
                          rewards, ends)

    def close(self) -> None:
        """Nothing to release; safe to call more than once."""


class OneSeatVectorEnv(VectorEnv):
    """``num_envs`` matches, one seat of each played by the learner against fixed ludoteca
    agents, as a ``gymnasium.vector.VectorEnv`` (see the module docstring).

    ``seat``: the learner's seat, one for every match or a sequence of ``num_envs`` seats
    (``[i % players for i in range(num_envs)]`` plays every seat alike). ``opponents``: as
    for :class:`~ludoteca.adapters.gymnasium.LudotecaEnv`, the same agents in every match.
    ``normalize``: observations in ``[0, 1]``.

    ``step`` returns observations ``(num_envs, obs)``, rewards ``(num_envs,)`` (the seat's
    return where its match ended), terminations, truncations (never) and infos with
    ``"action_mask"`` ``(num_envs, num_actions)`` int8; where a match ended, the row shows
    a new match and ``infos["final_obs"]`` (an object array, ``infos["_final_obs"]`` marking
    the rows) holds the last observation of the old one. :meth:`action_masks` gives the
    masks too (sb3-contrib's name). An illegal action raises IllegalActionError before any
    match is changed.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP,  # noqa: RUF012
                                "render_modes": []}

    def __init__(self, game_id: str | Game, num_players: int, variant: str | None = None,
                 num_envs: int = 8, *, seat: int | Sequence[int] = 0,
                 opponents: str | Sequence[str] | Mapping[int, str] | None = None,
                 options: Mapping[str, Any] | None = None, normalize: bool = False) -> None:
        game = resolve_game(game_id)
        variant = game.info.resolve(num_players, variant)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ConfigError(f"num_envs is a whole number of matches, at least 1, "
                              f"not {num_envs!r}")
        seats = [seat] * num_envs if isinstance(seat, int) else list(seat)
        if len(seats) != num_envs or any(
                isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < num_players
                for s in seats):
            raise ConfigError(f"seat is a seat 0 to {num_players - 1}, or one per match "
                              f"({num_envs}), not {seat!r}")
        self.game = game
        self.num_players = num_players
        self.variant = variant
        self.options = game.parse_options(options)
        self.num_envs = num_envs
        self.seats = seats
        self.opponents = [make_opponents(game, num_players, s, opponents) for s in seats]
        self._batch = _Batcher(game, num_players, variant, num_envs, normalize)
        self.num_actions = self._batch.num_actions
        self.single_observation_space = self._batch.observation_space()
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.num_actions))
        self.matches: list[State] = []
        self.match_seeds: list[int] = []
        self._seeders: list[np.random.Generator] = []
        self._rngs: list[dict[int, random.Random]] = []
        self._legal: list[tuple[int, ...]] = []

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts a match in every slot and plays to the learner's first decision.
        ``options`` is accepted for the API and ignored."""
        n = self.num_envs
        self._seeders = [np.random.default_rng(s) for s in _seeds(seed, n)]
        self.matches = [None] * n  # type: ignore[list-item]
        self.match_seeds = [0] * n
        self._rngs = [{}] * n
        self._legal = [()] * n
        for i in range(n):
            self._start(i)
        return self._observations(), {"action_mask": self._batch.masks(self._legal)}

    def _start(self, i: int) -> None:
        seed = int(self._seeders[i].integers(2**SEED_BITS))
        self.match_seeds[i] = seed
        self._rngs[i] = {p: seat_rng(seed, p) for p in (CHANCE, *self.opponents[i])}
        self.matches[i] = self.game.new_initial_state(self.num_players, self.variant,
                                                      self.options)
        if not self._advance(i):
            raise RuntimeError(f"{self.game.info.title} ended before seat {self.seats[i]} "
                               f"acted")

    def _advance(self, i: int) -> bool:
        """Plays chance and the opponents of slot ``i`` until the learner decides (True)
        or the match ends (False)."""
        match, seat, rngs, agents = self.matches[i], self.seats[i], self._rngs[i], \
            self.opponents[i]
        while True:
            player = match.current_player()
            if player == CHANCE:
                match.apply_trusted(sample_chance(match.chance_outcomes(), rngs[CHANCE]))
            elif player == seat:
                self._legal[i] = _legal(match)
                return True
            elif player >= 0:
                match.apply_action(choose(agents[player], match, player, rngs[player]))
            else:
                self._legal[i] = ()
                return False

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """One action per slot (the learner's); see the class docstring."""
        if not self.matches:
            raise RuntimeError("reset() must be called before step()")
        chosen = check_actions(actions, self.num_envs, self.num_actions)
        matches = self.matches
        for i, action in enumerate(chosen):
            if action not in self._legal[i]:
                try:
                    matches[i].apply_action(action)
                except IllegalActionError as err:
                    raise IllegalActionError(f"match {i}: {err}") from None
                raise AssertionError("an action outside the legal actions was accepted")
        n = self.num_envs
        rewards = np.zeros(n)
        ended = np.zeros(n, dtype=bool)
        for i, action in enumerate(chosen):
            matches[i].apply_trusted(action)
            if not self._advance(i):
                ended[i] = True
                rewards[i] = matches[i].returns()[self.seats[i]]
        infos: dict[str, Any] = {}
        if ended.any():
            last = self._observations()
            final = np.empty(n, dtype=object)
            for i in np.flatnonzero(ended).tolist():
                final[i] = last[i]
                self._start(i)
            infos = {"final_obs": final, "_final_obs": ended.copy()}
        infos["action_mask"] = self._batch.masks(self._legal)
        return self._observations(), rewards, ended, np.zeros(n, dtype=bool), infos

    def _observations(self) -> np.ndarray:
        return self._batch.observations(self.matches, self.seats)

    def action_masks(self) -> np.ndarray:
        """The learners' masks now, ``(num_envs, num_actions)`` int8."""
        return self._batch.masks(self._legal)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
