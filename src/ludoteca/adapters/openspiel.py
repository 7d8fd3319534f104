"""OpenSpiel: every ludoteca game and variant as an OpenSpiel Python game.

    import pyspiel
    from ludoteca.adapters import openspiel as lo

    game = lo.load_game("desperados", 4, "partnership")  # or, once this module is imported:
    game = pyspiel.load_game("ludoteca_desperados_partnership", {"players": 4})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)

* One registration per (game, variant): ``ludoteca_<game>_<variant>`` (:func:`short_name`),
  with the parameter ``players`` (default: the variant's smallest count) and one parameter
  per rule option whose default is a bool, int, float or string. Importing this module
  registers every game ludoteca knows; :func:`register_games` registers games added later.
* ``GameType``: sequential, explicit stochastic (chance nodes are the game's own: shuffles,
  draws, dice), imperfect information, terminal rewards; utility ``CONSTANT_SUM`` (with
  ``utility_sum``) where the variant declares a constant sum, ``ZERO_SUM`` where that sum is
  0, else ``GENERAL_SUM``. ``GameInfo`` takes ludoteca's action and chance bounds, its
  ``utility_bounds`` and ``max_game_length`` (which counts chance nodes too, so it bounds
  OpenSpiel's count of decisions).
* Player ids are the same numbers: seats 0..n-1, chance -1, terminal -4. Action ids are the
  game's action ids; chance outcome ids the game's outcome ids.
* Observers (``make_py_observer``): the default one gives the seat's
  ``observation_tensor`` (named by the game's tensor segments) and its observation as JSON;
  the perfect-recall one gives ``information_state_string`` (every event the seat saw).
  With ``private_info=NONE`` they give a spectator's observation or public events (string
  only). No information-state *tensor* is provided.
* ``resample_from_infostate(player, sampler)`` is ``determinize``: a world the seat cannot
  tell from the true one, drawn from what the seat knows. Its ``history()`` (the Python
  method) is built from that seat's information only when asked and replays from the
  initial state to that world; OpenSpiel's C++ side sees the resampled state's history
  start empty (a Python game cannot set it), so read ``history()`` from Python.
* Serialization: ``pyspiel.serialize_game_and_state`` / ``deserialize_game_and_state`` work
  (OpenSpiel pickles the Python state, and ludoteca states pickle).
* :class:`Evaluator` scores search leaves with ludoteca's ``evaluation()`` after a few
  random actions (a random playout to the end is long in ludoteca's games);
  :class:`AgentBot` puts a ludoteca agent (``"heuristic"``, ...) in a seat.
* Search: OpenSpiel's Python bots (``open_spiel.python.algorithms.ismcts.ISMCTSBot``,
  ``mcts.MCTSBot``) play these games. OpenSpiel's C++ bots (``pyspiel.ISMCTSBot``,
  ``pyspiel.MCTSBot``, ...) crash on Python games, OpenSpiel's own ``python_kuhn_poker``
  included: use the Python ones.
"""

from __future__ import annotations

import json
import operator
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.adapters import rl_extra

with rl_extra("ludoteca.adapters.openspiel"):  # checked in a subprocess test
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts as _mcts

from ludoteca.adapters._common import resolve_game, setups
from ludoteca.core.errors import ConfigError
from ludoteca.core.flow import CHANCE
from ludoteca.core.match import choose
from ludoteca.core.registry import load_game as _load_ludoteca
from ludoteca.core.state import Game, State

__all__ = [
    "AgentBot",
    "Evaluator",
    "LudotecaGame",
    "LudotecaObserver",
    "LudotecaState",
    "inner_state",
    "load_game",
    "register_game",
    "register_games",
    "short_name",
]

_SCALARS = (bool, int, float, str)
_game_types: dict[str, tuple[str, str, Any]] = {}  # short name -> (game id, variant, type)


def short_name(game_id: str, variant: str) -> str:
    """The OpenSpiel name of a ludoteca game's variant: ``ludoteca_desperados_partnership``."""
    return f"ludoteca_{game_id}_{variant}"


def _option_defaults(game: Game) -> dict[str, Any]:
    """The rule options OpenSpiel parameters can carry (scalar defaults), with defaults."""
    if game.Options is None:
        return {}
    out = {}
    for name, field in game.Options.model_fields.items():
        if isinstance(field.default, _SCALARS):
            out[name] = field.default
    return out


def _game_type(game: Game, variant_id: str) -> Any:
    info = game.info
    variant = info.variant(variant_id)
    if variant.constant_sum is None:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    elif variant.constant_sum == 0:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=short_name(info.id, variant_id),
        long_name=f"ludoteca {info.title} ({variant_id})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(variant.player_counts),
        min_num_players=min(variant.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": min(variant.player_counts),
                                 **_option_defaults(game)},
    )


def register_game(game_id: str) -> list[str]:
    """Registers every variant of one ludoteca game with OpenSpiel (idempotent); returns
    the short names."""
    game = _load_ludoteca(game_id)
    names = []
    for variant in game.info.variants:
        name = short_name(game_id, variant.id)
        if name not in _game_types:
            game_type = _game_type(game, variant.id)
            _game_types[name] = (game_id, variant.id, game_type)
            # A class per registration, as OpenSpiel's own Python games register theirs:
            # the registry outlives the interpreter, and a class is never freed under it
            # (a plain function would be, without the GIL, at exit).
            creator = type(f"LudotecaGame_{game_id}_{variant.id}", (LudotecaGame,),
                           {"_short_name": name, "__module__": __name__})
            pyspiel.register_game(game_type, creator)
        names.append(name)
    return names


def register_games(games: Sequence[str] | None = None) -> list[str]:
    """Registers every variant of ``games`` (default: every game ludoteca knows)."""
    ids = sorted({game_id for game_id, _, _ in setups(games, skip_broken=games is None)})
    return [name for game_id in ids for name in register_game(game_id)]


def load_game(game_id: str | Game, num_players: int, variant: str | None = None,
              options: Mapping[str, Any] | None = None) -> LudotecaGame:
    """The OpenSpiel game of one ludoteca set-up (registering the game if needed)."""
    game = resolve_game(game_id)
    variant = game.info.resolve(num_players, variant)
    register_game(game.info.id)
    allowed = _option_defaults(game)
    extra = sorted(set(options or {}) - set(allowed))
    if extra:
        raise ConfigError(f"options {extra} cannot be OpenSpiel parameters (only options "
                          f"with bool, int, float or string values: {sorted(allowed)})")
    params = {"players": num_players, **(options or {})}
    return pyspiel.load_game(short_name(game.info.id, variant), params)


class LudotecaGame(pyspiel.Game):
    """A ludoteca set-up as an OpenSpiel game (see the module docstring)."""

    _short_name: str = ""  # set on the subclass registered for each variant

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game_id, variant, game_type = _game_types[self._short_name]
        params = dict(params or {})
        game = _load_ludoteca(game_id)
        num_players = params.get("players", game_type.min_num_players)
        options = {k: v for k, v in params.items() if k != "players"}
        # Checks the set-up and builds the initial state every new state is cloned from.
        proto = game.new_initial_state(num_players, variant, options)
        bounds = game.info.utility_bounds
        constant = game.info.variant(variant).constant_sum
        info = pyspiel.GameInfo(
            num_distinct_actions=game.info.num_distinct_actions,
            max_chance_outcomes=game.info.max_chance_outcomes,
            num_players=num_players,
            min_utility=float(bounds[0]),
            max_utility=float(bounds[1]),
            utility_sum=None if constant is None else float(constant),
            max_game_length=game.info.max_game_length,
        )
        super().__init__(game_type, info, {"players": num_players, **options})
        self.ludoteca_game = game
        self.variant = variant
        self.layout = game.tensor_layout(num_players, variant)
        self._proto = proto

    def new_initial_state(self) -> LudotecaState:
        return LudotecaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None
                         ) -> LudotecaObserver:
        if isinstance(iig_obs_type, Mapping):  # OpenSpiel's call without a type
            iig_obs_type, params = None, iig_obs_type
        return LudotecaObserver(self, iig_obs_type, params)

    def max_chance_nodes_in_history(self) -> int:
        return self.ludoteca_game.info.max_game_length


class _Inner:
    """Holds the ludoteca state inside an OpenSpiel state, and its information-state
    strings.

    OpenSpiel clones a Python state by deep-copying its attributes; this holder makes that
    a ludoteca ``clone()`` (which shares immutable history and tables) instead.

    Information-state strings are kept per seat once asked for and then extended with the
    events of each later action (``log``). The core keeps them incrementally too, but
    starts a resampled world with none, so its first request replays the world's history;
    here a world starts with the resampling seat's string, which IS-MCTS asks for at once
    (about 10% of its time in Desperados). The extension follows the core's format (a
    header line, then one event key per line); the tests compare both at random positions.
    """

    __slots__ = ("info", "log", "resampled", "state")

    def __init__(self, state: State, resampled: bool = False,
                 log: list[list[Any]] | None = None,
                 info: dict[int, tuple[str, int]] | None = None) -> None:
        self.state = state
        self.resampled = resampled
        self.log = log  # events of each action since strings were first kept, or None
        self.info = info if info is not None else {}  # seat -> (string, len(log) then)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        log = self.log
        return _Inner(self.state.clone(), self.resampled,
                      None if log is None else log.copy(), self.info.copy())

    def __getstate__(self) -> tuple[State, bool]:
        return self.state, self.resampled

    def __setstate__(self, data: tuple[State, bool]) -> None:
        self.state, self.resampled = data
        self.log, self.info = None, {}

    def apply(self, action: int) -> None:
        state = self.state
        if (type(action) is int and state.current_player() == CHANCE
                and any(outcome == action for outcome, _ in state.chance_outcomes())):
            # A possible outcome of this chance node: the check ``apply_action`` makes,
            # without its sorted list of outcomes (chance is most of the actions of some
            # games). Anything else goes through the check, which explains the refusal.
            state.apply_trusted(action)
        else:
            state.apply_action(action)
        if self.log is not None:
            self.log.append(state.events())

    def information_state_string(self, player: int) -> str:
        log = self.log
        cached = self.info.get(player) if type(player) is int else None
        if cached is None:
            text = self.state.information_state_string(player)  # checks the seat
            player = operator.index(player)
            if log is None:
                self.log = log = []
        else:
            text, seen = cached
            if seen == len(log):
                return text
            keys = [event.key() for events in log[seen:] for event in events
                    if event.visible_to(player)]
            if keys:
                text = "\n".join([text, *keys])
        self.info[player] = (text, len(log))
        return text


class LudotecaState(pyspiel.State):
    """A ludoteca state as an OpenSpiel state (see the module docstring)."""

    def __init__(self, game: LudotecaGame, state: State | None = None,
                 resampled: bool = False) -> None:
        super().__init__(game)
        self._inner = _Inner(state if state is not None else game._proto.clone(), resampled)

    # ----- OpenSpiel's Python-game API -----------------------------------------------------

    def current_player(self) -> int:
        # ludoteca's CHANCE (-1) and TERMINAL (-4) are OpenSpiel's numbers.
        return self._inner.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._inner.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._inner.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._inner.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        # Asked at any node (e.g. while printing a history): the kind comes from ``player``.
        return self._inner.state.action_to_string(action, chance=player == CHANCE)

    def is_terminal(self) -> bool:
        return self._inner.state.is_terminal()

    def returns(self) -> list[float]:
        return self._inner.state.returns()

    def __str__(self) -> str:
        """Every seat's observation (what anyone at the table knows, hands included)."""
        state = self._inner.state
        return json.dumps([state.observation(p) for p in range(state.num_players)],
                          sort_keys=True, separators=(",", ":"))

    # ----- the same answers without a round trip through C++ (Python callers) -------------

    def legal_actions(self, player: int | None = None) -> list[int]:
        state = self._inner.state
        if player is not None and player != state.current_player():
            if player < 0 and player != CHANCE:
                raise pyspiel.SpielError(f"legal actions of pseudo-player {player}")
            return []
        return state.legal_actions()

    def is_chance_node(self) -> bool:
        return self._inner.state.current_player() == CHANCE

    def is_player_node(self) -> bool:
        return self._inner.state.current_player() >= 0

    def information_state_string(self, player: int | None = None) -> str:
        inner = self._inner
        return inner.information_state_string(
            inner.state.current_player() if player is None else player)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        state = self._inner.state
        return state.observation_tensor(state.current_player() if player is None else player)

    # ----- imperfect information --------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None
                                ) -> LudotecaState:
        """A state ``player_id`` cannot tell from this one (ludoteca's ``determinize``),
        drawn with a seed taken from ``probability_sampler`` (a callable giving floats in
        [0, 1), e.g. ``pyspiel.UniformProbabilitySampler``)."""
        if probability_sampler is not None:
            seed = int(probability_sampler() * 2**53)
        else:
            seed = random.getrandbits(53)
        inner = self._inner
        view = inner.state.determinize(player_id, random.Random(seed))
        world = LudotecaState(self.get_game(), view, resampled=True)
        # The seat saw the same events in the world as here (determinize's contract).
        world._inner.log = []
        world._inner.info[player_id] = (inner.information_state_string(player_id), 0)
        return world

    def history(self) -> list[int]:
        """Every action from the initial state. On a resampled state: a history that leads
        to that very world, built from the resampling seat's information when first asked."""
        inner = self._inner
        if inner.resampled:
            return inner.state.history()
        return pyspiel.State.history(self)

    def history_str(self) -> str:
        return ", ".join(map(str, self.history()))

    def move_number(self) -> int:
        inner = self._inner
        if inner.resampled:
            return inner.state.move_number()
        return pyspiel.State.move_number(self)

    # ----- ludoteca ---------------------------------------------------------------------------

    @property
    def ludoteca_state(self) -> State:
        """The ludoteca state inside (read it; do not apply actions to it directly)."""
        return self._inner.state


def inner_state(state: Any) -> State:
    """The ludoteca state inside an OpenSpiel state of this adapter."""
    return state._inner.state


class LudotecaObserver:
    """OpenSpiel's Python observer interface (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over ludoteca's observations and information states."""

    def __init__(self, game: LudotecaGame, iig_obs_type: Any = None, params: Any = None
                 ) -> None:
        if params:
            raise ValueError(f"ludoteca observers take no parameters, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("ludoteca gives no observation with every seat's private "
                             "information (private_info=ALL_PLAYERS)")
        self.single = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: np.ndarray | None = None
        if self.single and not self.perfect_recall:
            layout = game.layout
            self.tensor = np.zeros(layout.size, dtype=np.float32)
            for segment in layout.segments:
                at = layout.offsets[segment.name]
                self.dict[segment.name] = self.tensor[at:at + segment.size]

    def set_from(self, state: LudotecaState, player: int) -> None:
        if self.tensor is not None:
            state._inner.state.observation_tensor_into(player, self.tensor)

    def string_from(self, state: LudotecaState, player: int) -> str:
        inner = state._inner.state
        if self.single:
            if self.perfect_recall:
                return state._inner.information_state_string(player)
            return json.dumps(inner.observation(player), sort_keys=True,
                              separators=(",", ":"))
        if self.perfect_recall:
            return "\n".join(event.key() for _, event in inner.event_log(None))
        return json.dumps(inner.observation(None), sort_keys=True, separators=(",", ":"))


class AgentBot(pyspiel.Bot):
    """A ludoteca agent (``"heuristic"``, ``"random"``, ``"ismcts:iterations=200"``) as an
    OpenSpiel bot for one seat: it acts on a determinized view of its seat only."""

    def __init__(self, game: LudotecaGame, player: int, spec: str = "heuristic",
                 seed: int | None = None) -> None:
        from ludoteca.agents import make_agent

        pyspiel.Bot.__init__(self)
        self.agent = make_agent(spec)
        self.agent.check(game.ludoteca_game)
        self.player = player
        self.rng = random.Random(seed)

    def step(self, state: LudotecaState) -> int:
        return choose(self.agent, state._inner.state, self.player, self.rng)

    def restart_at(self, state: LudotecaState) -> None:
        pass

    def inform_action(self, state: LudotecaState, player_id: int, action: int) -> None:
        pass


class Evaluator(_mcts.Evaluator):
    """An evaluator for OpenSpiel's Python MCTS and IS-MCTS bots that reads ludoteca's
    own ``evaluation()`` (the returns at the end; before it, a share for whoever leads on
    the game's scores) after ``rollout`` random actions, instead of a random playout to
    the end, which is long in ludoteca's games. ``prior`` is uniform."""

    def __init__(self, rollout: int = 0, seed: int | None = None) -> None:
        self.rollout = rollout
        self.rng = random.Random(seed)

    def evaluate(self, state: LudotecaState) -> np.ndarray:
        inner = state._inner.state
        if self.rollout:
            inner = inner.clone()
            rng = self.rng
            for _ in range(self.rollout):
                player = inner.current_player()
                if player == CHANCE:
                    outcomes, probs = zip(*inner.chance_outcomes(), strict=True)
                    inner.apply_trusted(rng.choices(outcomes, probs)[0])
                elif player >= 0:
                    inner.apply_trusted(rng.choice(inner.legal_actions()))
                else:
                    break
        return np.asarray(inner.evaluation(), dtype=np.float64)

    def prior(self, state: LudotecaState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


register_games()
