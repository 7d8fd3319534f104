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
reason, before any match is changed.

Arrays: each environment writes its batches in place into arrays it allocated once (one
row per match: the game writes its tensor into the row, the engine its mask's ones), and
by default returns copies of them, new arrays at every call that a learner may keep, as
Gymnasium's vector envs do (``copy=True``). With ``copy=False`` it returns its own
buffers, the same arrays at every call, overwritten by the next ``step`` or ``reset``:
for a learner that reads (or copies into its own storage) each batch before the next step.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, cast

from ludoteca.adapters import rl_extra

with rl_extra("ludoteca.adapters.vector"):  # checked in a subprocess test
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv

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
    # dtype.kind: signed or unsigned integers (np.issubdtype costs more than a match's step)
    if array.dtype.kind not in "iu":
        raise TypeError(f"actions are integer action ids (0 to {num_actions - 1}), one per "
                        f"match, not an array of {array.dtype}")
    if array.shape != (n,):
        raise ConfigError(f"one action per match is needed: shape ({n},), not {array.shape}")
    return array.tolist()


def _num_envs(num_envs: Any) -> int:
    if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
        raise ConfigError(f"num_envs is a whole number of matches, at least 1, "
                          f"not {num_envs!r}")
    return num_envs


class _Batch:
    """The observation and mask batches of one set-up, allocated once and written row by
    row in place: each match writes its own row (the game's tensor writer and the
    engine's ``legal_actions_mask_into``), with no list, dict or array per match and step.

    ``observations`` ``(num_envs, size)`` float32 and ``masks`` ``(num_envs, actions)``
    int8 are these buffers; ``legal[i]`` is the legal tuple of row ``i``'s decision, which
    the next step checks its action against.
    """

    def __init__(self, game: Game, num_players: int, variant: str, num_envs: int,
                 normalize: bool) -> None:
        layout = game.tensor_layout(num_players, variant)
        self.size = size = layout.size
        self.num_actions = actions = game.info.num_distinct_actions
        self.num_envs = num_envs
        self.low = np.asarray(layout.low(), dtype=np.float32)
        self.high = np.asarray(layout.high(), dtype=np.float32)
        self.normalize = normalize
        self.scale = _arrays.scale(self.low, self.high)
        self.observations = np.zeros((num_envs, size), dtype=np.float32)
        self.masks = np.zeros((num_envs, actions), dtype=np.int8)
        # One memoryview per row, made once: the game writes its tensor into a float32
        # view and the engine its ones into an int8 one, each at C speed per value.
        flat = cast("memoryview[float]", memoryview(self.observations.reshape(-1)))  # type: ignore[arg-type]
        self._obs_rows = [flat[i * size:(i + 1) * size] for i in range(num_envs)]
        mask_flat = memoryview(self.masks.reshape(-1))  # type: ignore[arg-type]
        self._mask_rows = [mask_flat[i * actions:(i + 1) * actions] for i in range(num_envs)]
        self.legal: list[tuple[int, ...]] = [()] * num_envs

    def observation_space(self) -> spaces.Box:
        if self.normalize:
            return spaces.Box(0.0, 1.0, shape=(self.size,), dtype=np.float32)
        return spaces.Box(self.low, self.high, dtype=np.float32)

    def check(self, actions: Any, matches: Sequence[State]) -> list[int]:
        """``actions`` as ints, each legal in its match; TypeError, ConfigError or
        IllegalActionError (naming the match and the rulebook's reason) otherwise, before
        anything is changed."""
        chosen = check_actions(actions, self.num_envs, self.num_actions)
        if not all(map(operator.contains, self.legal, chosen)):  # one C loop when all legal
            for i, (action, legal) in enumerate(zip(chosen, self.legal, strict=True)):
                if action not in legal:
                    try:
                        matches[i].apply_action(action)  # raises with the rulebook's reason
                    except IllegalActionError as err:
                        raise IllegalActionError(f"match {i}: {err}") from None
                    raise AssertionError("an action outside the legal actions was accepted")
        return chosen

    def clear(self) -> None:
        """Zeroes both batches (two memsets): every row is written again after."""
        self.observations.fill(0)
        self.masks.fill(0)

    def write(self, i: int, match: State, seat: int) -> None:
        """Row ``i``: ``seat``'s observation and mask in ``match`` (a decision of that
        seat), on rows :meth:`clear` zeroed."""
        self.legal[i] = match.legal_actions_mask_into(self._mask_rows[i])
        # The game's own writer, on a zeroed row: the seat is valid and the row has the
        # layout's length, which is all observation_tensor_into would check.
        match._observation_tensor_into(seat, self._obs_rows[i])

    def finish(self) -> None:
        """Scales the written batch to ``[0, 1]`` where asked (in place)."""
        self._scaled(self.observations)

    def observation(self, match: State, seat: int) -> np.ndarray:
        """A new array: ``seat``'s observation in ``match`` alone, scaled as the batch."""
        out = np.zeros(self.size, dtype=np.float32)
        match._observation_tensor_into(seat, memoryview(out))  # type: ignore[arg-type]
        return self._scaled(out)

    def _scaled(self, out: np.ndarray) -> np.ndarray:
        if self.normalize:  # (x - low) * scale broadcasts over the batch's rows
            out -= self.low
            out *= self.scale
        return out


class SelfPlayVectorEnv:
    """``num_envs`` matches of one set-up, every seat played by the caller (see the module
    docstring).

    ``game_id``, ``num_players``, ``variant``, ``options``: the set-up, as for the other
    adapters. ``normalize``: observations scaled to ``[0, 1]`` by the layout's bounds.
    ``copy``: as for Gymnasium's vector envs, True (the default) returns new arrays at
    every call (a learner may keep them); False returns the environment's own buffers,
    the same five arrays at every call, overwritten by the next ``step`` or ``reset``
    (a learner that reads a batch before the next step saves the copies).
    Raises ConfigError for a set-up the game does not have or ``num_envs`` below 1.
    """

    def __init__(self, game_id: str | Game, num_players: int, variant: str | None = None,
                 num_envs: int = 8, *, options: Mapping[str, Any] | None = None,
                 normalize: bool = False, copy: bool = True) -> None:
        game = resolve_game(game_id)
        variant = game.info.resolve(num_players, variant)
        self.game = game
        self.num_players = num_players
        self.variant = variant
        self.options = game.parse_options(options)
        self.num_envs = _num_envs(num_envs)
        self.copy = copy
        self._batch = _Batch(game, num_players, variant, num_envs, normalize)
        self.num_actions = self._batch.num_actions
        self.single_observation_space = self._batch.observation_space()
        self.single_action_space = spaces.Discrete(self.num_actions)
        self.matches: list[State] = []
        """The matches being played, one per slot (read them; do not apply actions)."""
        self.match_seeds: list[int] = []
        self._seeders: list[np.random.Generator] = []
        self._chance: list[random.Random] = []
        self._seats = np.zeros(num_envs, dtype=np.int64)
        self._rewards = np.zeros((num_envs, num_players))
        self._ends = np.zeros(num_envs, dtype=bool)

    def reset(self, seed: int | Sequence[int] | None = None) -> VectorStep:
        """Starts a new match in every slot; ``seed`` as in the module docstring (None: from
        the OS). Rewards are 0 and ends False."""
        n = self.num_envs
        self._seeders = [np.random.default_rng(s) for s in _seeds(seed, n)]
        self.matches = [None] * n  # type: ignore[list-item]
        self.match_seeds = [0] * n
        self._chance = [None] * n  # type: ignore[list-item]
        batch, seats = self._batch, self._seats
        batch.clear()
        self._rewards.fill(0)
        self._ends.fill(False)
        for i in range(n):
            match = self._start(i)
            seats[i] = seat = match.current_player()
            batch.write(i, match, seat)
        batch.finish()
        self._ended = False
        return self._result()

    def _start(self, i: int) -> State:
        seed = int(self._seeders[i].integers(2**SEED_BITS))
        rng = seat_rng(seed, CHANCE)
        match = self.game.new_initial_state(self.num_players, self.variant, self.options)
        while match.current_player() == CHANCE:
            match.apply_trusted(sample_chance(match.chance_outcomes(), rng))
        if match.current_player() < 0:  # no game of ludoteca ends before anyone acts
            raise RuntimeError(f"{self.game.info.title} ended before anyone acted")
        self.matches[i], self.match_seeds[i], self._chance[i] = match, seed, rng
        return match

    def step(self, actions: Any) -> VectorStep:
        """Applies one action per slot (for the seat to act there), resolves chance, starts
        a new match where one ended. Raises TypeError for non-integer actions and
        IllegalActionError (no match changed) for an action not legal in its match."""
        if not self.matches:
            raise RuntimeError("reset() must be called before step()")
        batch, matches, chance = self._batch, self.matches, self._chance
        chosen = batch.check(actions, matches)
        rewards, ends = self._rewards, self._ends
        if self._ended:
            rewards.fill(0)
            ends.fill(False)
        batch.clear()
        write = batch.write
        seats = memoryview(self._seats)  # type: ignore[arg-type]  # int setitem at C speed
        ended = False
        for i, action in enumerate(chosen):
            match = matches[i]
            match.apply_trusted(action)
            player = match.current_player()
            if player == CHANCE:
                rng = chance[i]
                while player == CHANCE:
                    match.apply_trusted(sample_chance(match.chance_outcomes(), rng))
                    player = match.current_player()
            if player < 0:
                rewards[i] = match.returns()
                ends[i] = ended = True
                match = self._start(i)
                player = match.current_player()
            seats[i] = player
            write(i, match, player)
        batch.finish()
        self._ended = ended
        return self._result()

    _ended = False  # some match ended at the last step: its rewards and end are to clear

    def _result(self) -> VectorStep:
        batch = self._batch
        out = VectorStep(batch.observations, batch.masks, self._seats, self._rewards,
                         self._ends)
        if self.copy:
            return VectorStep(*(array.copy() for array in out))
        return out

    def close(self) -> None:
        """Nothing to release; safe to call more than once."""


class OneSeatVectorEnv(VectorEnv):
    """``num_envs`` matches, one seat of each played by the learner against fixed ludoteca
    agents, as a ``gymnasium.vector.VectorEnv`` (see the module docstring).

    ``seat``: the learner's seat, one for every match or a sequence of ``num_envs`` seats
    (``[i % players for i in range(num_envs)]`` plays every seat alike). ``opponents``: as
    for :class:`~ludoteca.adapters.gymnasium.LudotecaEnv`, the same agents in every match.
    ``normalize``: observations in ``[0, 1]``. ``copy``: as for
    :class:`SelfPlayVectorEnv` (False: observations, rewards, terminations and
    ``infos["action_mask"]`` are the environment's buffers, written again by the next call;
    ``final_obs`` rows and :meth:`action_masks` are always new arrays).

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
                 options: Mapping[str, Any] | None = None, normalize: bool = False,
                 copy: bool = True) -> None:
        game = resolve_game(game_id)
        variant = game.info.resolve(num_players, variant)
        num_envs = _num_envs(num_envs)
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
        self.copy = copy
        self._batch = _Batch(game, num_players, variant, num_envs, normalize)
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
        self._rewards = np.zeros(num_envs)
        self._ended = np.zeros(num_envs, dtype=bool)

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts a match in every slot and plays to the learner's first decision.
        ``options`` is accepted for the API and ignored."""
        n = self.num_envs
        self._seeders = [np.random.default_rng(s) for s in _seeds(seed, n)]
        self.matches = [None] * n  # type: ignore[list-item]
        self.match_seeds = [0] * n
        self._rngs = [{}] * n
        batch = self._batch
        batch.clear()
        for i in range(n):
            self._start(i)
            batch.write(i, self.matches[i], self.seats[i])
        batch.finish()
        observations, masks = self._out(batch.observations), self._out(batch.masks)
        return observations, {"action_mask": masks}

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

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
                return True
            elif player >= 0:
                match.apply_action(choose(agents[player], match, player, rngs[player]))
            else:
                return False

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """One action per slot (the learner's); see the class docstring."""
        if not self.matches:
            raise RuntimeError("reset() must be called before step()")
        batch, matches, seats = self._batch, self.matches, self.seats
        chosen = batch.check(actions, matches)
        rewards, ended = self._rewards, self._ended
        rewards.fill(0)
        ended.fill(False)
        batch.clear()
        final: np.ndarray | None = None
        for i, action in enumerate(chosen):
            match = matches[i]
            match.apply_trusted(action)
            if not self._advance(i):
                rewards[i] = match.returns()[seats[i]]
                ended[i] = True
                if final is None:
                    final = np.empty(self.num_envs, dtype=object)
                final[i] = batch.observation(match, seats[i])
                self._start(i)
                match = matches[i]
            batch.write(i, match, seats[i])
        batch.finish()
        infos: dict[str, Any] = {}
        if final is not None:
            infos = {"final_obs": final, "_final_obs": ended.copy()}
        infos["action_mask"] = self._out(batch.masks)
        return (self._out(batch.observations), self._out(rewards), self._out(ended),
                np.zeros(self.num_envs, dtype=bool), infos)

    def action_masks(self) -> np.ndarray:
        """The learners' masks now, ``(num_envs, num_actions)`` int8 (a new array)."""
        return self._batch.masks.copy()

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
