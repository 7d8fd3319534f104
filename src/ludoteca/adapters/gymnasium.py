"""Gymnasium: one seat of a ludoteca game against fixed opponents.

    import gymnasium
    import ludoteca.adapters.gymnasium  # registers every set-up

    env = gymnasium.make("ludoteca/desperados-4p-partnership-v0", opponents="heuristic")
    obs, info = env.reset(seed=0)
    while True:
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

* Ids: ``ludoteca/<game>-<n>p-<variant>-v0`` for every game, player count and variant
  (:func:`env_id`). Keyword arguments of ``gymnasium.make`` reach :class:`LudotecaEnv`:
  ``seat`` (default 0), ``opponents``, ``options``, ``render_mode``, ``illegal_action``,
  ``illegal_reward``, ``mask_in_observation``, ``normalize``.
* Opponents are ludoteca agents named by spec strings (``"heuristic"``, ``"random"``,
  ``"ismcts:iterations=50"``): one spec for every other seat, a list in seat order, or a
  ``{seat: spec}`` mapping. The default is the game's heuristic bot, or ``random`` for a
  game without one. Each opponent sees only a determinized view of its seat.
* Observation: the seat's ``observation_tensor`` as a float32 ``Box`` with the bounds of
  the game's tensor layout (``normalize=True``: scaled to ``[0, 1]`` by those bounds).
  ``info["action_mask"]``: int8, 1 for each legal action. With
  ``mask_in_observation=True`` the observation is ``{"observation": Box, "action_mask":
  MultiBinary}`` (what RLlib, Tianshou and AgileRL expect), the mask still in ``info``
  too. All are new arrays at every step: a learner may keep them.
* Actions: an integer action id (a Python or NumPy integer, or a 0-d integer array); a
  float or boolean raises ``TypeError``.
* Reward: 0 until the end, then the seat's share of the win (``returns()[seat]``).
* Chance and the opponents' turns are played inside ``step``; everything is drawn from the
  generator seeded by ``reset(seed=...)``.
* **An illegal action ends the episode**: ``terminated=True``, reward ``illegal_reward``
  (default -1.0, below any real return), ``info["illegal_action"] = True`` and
  ``info["error"]`` the rulebook's reason. The match is not changed. With
  ``illegal_action="raise"``, ``step`` raises
  :class:`~ludoteca.core.errors.IllegalActionError` instead (and the episode goes on).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ludoteca.adapters import rl_extra

with rl_extra("ludoteca.adapters.gymnasium"):  # checked in a subprocess test
    import gymnasium
    import numpy as np
    from gymnasium import spaces

from ludoteca.adapters import _arrays
from ludoteca.adapters._common import (
    SEED_BITS,
    make_opponents,
    render_image,
    render_text,
    resolve_game,
    setups,
)
from ludoteca.core.errors import ConfigError, IllegalActionError
from ludoteca.core.match import Stepper
from ludoteca.core.state import Game

__all__ = ["LudotecaEnv", "env_id", "register_envs"]

ENTRY_POINT = "ludoteca.adapters.gymnasium:LudotecaEnv"


def env_id(game_id: str, num_players: int, variant: str) -> str:
    """The Gymnasium id of a set-up: ``ludoteca/desperados-4p-partnership-v0``."""
    return f"ludoteca/{game_id}-{num_players}p-{variant}-v0"


class LudotecaEnv(gymnasium.Env):
    """One seat of a ludoteca match against fixed opponents (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human", "rgb_array"],
                                          "render_fps": 1}

    def __init__(self, game_id: str | Game, num_players: int, variant: str | None = None,
                 options: Mapping[str, Any] | None = None, seat: int = 0,
                 opponents: str | Sequence[str] | Mapping[int, str] | None = None,
                 render_mode: str | None = None, illegal_action: str = "terminate",
                 illegal_reward: float = -1.0, mask_in_observation: bool = False,
                 normalize: bool = False) -> None:
        game = resolve_game(game_id)
        variant = game.info.resolve(num_players, variant)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < num_players:
            raise ConfigError(f"seat must be 0 to {num_players - 1}, not {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be one of {self.metadata['render_modes']} "
                              f"or None, not {render_mode!r}")
        if illegal_action not in ("terminate", "raise"):
            raise ConfigError(f"illegal_action is 'terminate' or 'raise', not {illegal_action!r}")
        self.game = game
        self.num_players = num_players
        self.variant = variant
        self.options = game.parse_options(options)
        self.seat = seat
        self.opponents = make_opponents(game, num_players, seat, opponents)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self._num_actions = game.info.num_distinct_actions
        self._layout = layout = game.tensor_layout(num_players, variant)
        low = np.asarray(layout.low(), dtype=np.float32)
        high = np.asarray(layout.high(), dtype=np.float32)
        self.normalize = bool(normalize)
        self._low, self._scale = low, _arrays.scale(low, high)
        if self.normalize:
            box = spaces.Box(0.0, 1.0, shape=(layout.size,), dtype=np.float32)
        else:
            box = spaces.Box(low, high, dtype=np.float32)
        self.mask_in_observation = bool(mask_in_observation)
        self.observation_space: spaces.Space = box
        if self.mask_in_observation:
            self.observation_space = spaces.Dict({
                "observation": box, "action_mask": spaces.MultiBinary(self._num_actions)})
        self.action_space = spaces.Discrete(self._num_actions)
        self.match = None
        self.match_seed: int | None = None
        self._stepper: Stepper | None = None
        self._over = True
        self._recent: list[Any] = []

    # ----- the loop ----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts a match and plays until the seat's first decision. ``options`` is
        accepted for the API and ignored (the game's options are fixed at construction)."""
        super().reset(seed=seed)
        self.match_seed = int(self.np_random.integers(2**SEED_BITS))
        # The learner's seat has no agent: the stepper hands the match back there.
        self._stepper = Stepper(self.match_seed, [self.opponents.get(p)
                                                  for p in range(self.num_players)])
        self.match = self.game.new_initial_state(self.num_players, self.variant, self.options)
        self._recent = []
        self._advance()
        if self.match.is_terminal():  # no game of ludoteca ends before every seat acts
            raise RuntimeError(f"{self.game.info.title} ended before seat {self.seat} acted")
        self._over = False
        info = self._info()
        return self._observe(info), info

    def _advance(self) -> None:
        """Plays chance and the opponents until the seat must decide or the match ends
        (the match stepper every front uses, so its seed convention)."""
        assert self._stepper is not None and self.match is not None  # reset() made them
        recent = self._recent if self.render_mode is not None else None
        self._stepper.run(self.match, on_action=None if recent is None else
                          lambda state, player, action: recent.extend(state.events()))

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Plays the seat's ``action`` (an integer action id; TypeError for another type),
        then chance and the opponents up to the seat's next decision or the end."""
        if self.match is None or self._over:
            raise RuntimeError("the episode is over (or never started): call reset()")
        action = _arrays.action_id(action, self._num_actions)
        try:
            self.match.apply_action(action)
        except IllegalActionError as err:
            if self.illegal_action == "raise":
                raise
            self._over = True
            info = {"action_mask": np.zeros(self._num_actions, dtype=np.int8),
                    "illegal_action": True, "error": str(err)}
            return self._observe(info), self.illegal_reward, True, False, info
        if self.render_mode is not None:
            self._recent = self.match.events()
        self._advance()
        terminated = self.match.is_terminal()
        self._over = terminated
        reward = float(self.match.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        info = self._info()
        return self._observe(info), reward, terminated, False, info

    def _observe(self, info: dict[str, Any]) -> Any:
        """The observation as the space says: the tensor (scaled with ``normalize``), with
        a copy of the info's mask when ``mask_in_observation``."""
        out = _arrays.observation(self.match, self.seat, self._layout)
        if self.normalize:
            out -= self._low
            out *= self._scale
        if self.mask_in_observation:
            return {"observation": out, "action_mask": info["action_mask"].copy()}
        return out

    def _info(self) -> dict[str, Any]:
        match = self.match
        legal = match.legal_actions() if match.current_player() == self.seat else ()
        return {"action_mask": _arrays.mask(legal, self._num_actions)}

    def action_masks(self) -> np.ndarray:
        """The legal-action mask now (the name sb3-contrib's MaskablePPO looks for)."""
        return self._info()["action_mask"]

    def render(self) -> str | np.ndarray | None:
        """The seat's own view of the table, with what happened since its last decision:
        text (``"ansi"``), printed (``"human"``) or that text drawn as an ``(height, width,
        3)`` uint8 image of a fixed size (``"rgb_array"``, for video recorders)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; use 'ansi', "
                                  "'human' or 'rgb_array' when making the environment")
            return None
        if self.match is None:
            text = f"{self.game.info.title}: call reset() to start a match\n"
        else:
            text = render_text(self.match, self.seat, events=self._recent)
        if self.render_mode == "human":
            print(text, end="")
            return None
        if self.render_mode == "rgb_array":
            return render_image(text)
        return text

    def close(self) -> None:
        """Nothing to release; safe to call more than once."""


def register_envs(games: Sequence[str] | None = None) -> list[str]:
    """Registers ``ludoteca/<game>-<n>p-<variant>-v0`` for every set-up of ``games``
    (default: every game ludoteca knows; ids already registered are kept) and returns the
    ids. Importing this module registers every game known at that moment."""
    ids = []
    for game_id, n, variant in setups(games, skip_broken=True):
        name = env_id(game_id, n, variant)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=ENTRY_POINT, disable_env_checker=False,
                               kwargs={"game_id": game_id, "num_players": n,
                                       "variant": variant})
        ids.append(name)
    return ids


register_envs()
