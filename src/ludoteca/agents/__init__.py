"""Agents and their registry.

An agent is named by a spec string, ``name`` or ``name:key=value,key=value``, the same on
the command line, in the server and in tournaments (``random``, ``ismcts:iterations=400``).
Named strengths are specs too: ``easy``, ``normal`` and ``strong`` (:mod:`.strengths`)
pick a suitable agent for whatever game they are asked to play.
``Agent.act(view, player, rng)`` receives ``view = true_state.determinize(player, rng)``,
never the true state, so no agent can see what its seat may not know. An agent that never
reads its view sets ``reads_view = False`` and implements ``act_blind(legal_actions,
player, rng)`` instead: the match runner then spends nothing on a view for it.

:func:`run_match` here is :func:`ludoteca.core.match.run_match` with agents also named by
spec strings.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ludoteca.core import match as _match
from ludoteca.core.registry import game_module
from ludoteca.core.state import ConfigError, Game, State


class Agent:
    """Base class: chooses an action for ``player`` in a determinized view."""

    name = "agent"
    reads_view: ClassVar[bool] = True
    fast: ClassVar[bool] = False
    """True for agents that decide in microseconds (``random``): a simulation then looks at
    the clock only every so many moves of theirs."""

    def __init__(self, **options: Any) -> None:
        if options:
            raise ConfigError(f"agent {self.name!r} takes no options (got {', '.join(options)})")
        self.spec = self.name

    def act(self, view: State, player: int, rng: random.Random) -> int:
        raise NotImplementedError

    def act_blind(self, legal_actions: list[int], player: int, rng: random.Random) -> int:
        """The choice of an agent that does not read the view (``reads_view = False``)."""
        raise NotImplementedError

    def check(self, game: Game) -> None:
        """Raises :class:`ConfigError` if this agent cannot play ``game`` (before any move)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


_AGENTS: dict[str, Callable[..., Agent]] = {}


def register_agent(name: str) -> Callable[[type[Agent]], type[Agent]]:
    def decorate(cls: type[Agent]) -> type[Agent]:
        cls.name = name
        _AGENTS[name] = cls
        return cls

    return decorate


_STRENGTHS: set[str] = set()


def agent_names() -> list[str]:
    """The agents proper (named strengths are listed by :func:`strength_names`)."""
    return sorted(name for name in _AGENTS if name not in _STRENGTHS)


def strength_names() -> list[str]:
    """The named strengths (``easy``, ``normal``, ``strong``), weakest first."""
    from ludoteca.agents.strengths import STRENGTHS

    return [name for name in STRENGTHS if name in _AGENTS]


def _known() -> str:
    text = f"known agents: {', '.join(agent_names())}"
    if _STRENGTHS:
        text += f"; named strengths: {', '.join(strength_names())}"
    return text


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=400,c=1.4"`` -> ``("ismcts", {"iterations": 400, "c": 1.4})``."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"agent spec {spec!r}: expected key=value, got {part!r}")
        options[key.strip()] = _value(value.strip())
    return name, options


def agent_class(name: str) -> Callable[..., Agent] | None:
    """The class registered as ``name``, or None."""
    return _AGENTS.get(name)


def agent_parameters(name: str) -> dict[str, Any]:
    """The keyword options an agent takes, with their defaults."""
    if name not in _AGENTS:
        raise ConfigError(f"unknown agent {name!r}; {_known()}")
    params = inspect.signature(_AGENTS[name].__init__).parameters
    return {p.name: p.default for p in params.values()
            if p.name != "self" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}


def make_agent(spec: str) -> Agent:
    """The agent named by ``spec`` (``"ismcts:iterations=400"``); ConfigError if unknown or
    if an option is unknown or has a bad value."""
    if not isinstance(spec, str):
        raise ConfigError(f"an agent spec is a string such as 'random', not {spec!r}")
    name, options = parse_spec(spec)
    if name not in _AGENTS:
        raise ConfigError(f"unknown agent {name!r}; {_known()}")
    _check_options(spec, name, options)
    try:
        agent = _AGENTS[name](**options)
    except TypeError as err:
        raise ConfigError(f"agent spec {spec!r}: {err} ({_options_text(name)})") from None
    agent.spec = spec.strip()
    return agent


def agent_factory(spec: str) -> Callable[[], Agent]:
    """A function that makes a fresh agent of ``spec`` each call, the spec checked once
    (what a simulation uses: a new agent for every match, at no parsing cost)."""
    make_agent(spec)  # raises ConfigError for a bad spec
    name, options = parse_spec(spec)
    cls, spec = _AGENTS[name], spec.strip()

    def make() -> Agent:
        agent = cls(**options)
        agent.spec = spec
        return agent

    return make


def _options_text(name: str) -> str:
    params = agent_parameters(name)
    if not params:
        return f"{name!r} takes no options"
    shown = ", ".join(f"{k}={v}" if v is not inspect.Parameter.empty else k
                      for k, v in params.items())
    return f"options of {name!r}, with defaults: {shown}"


def _check_options(spec: str, name: str, options: dict[str, Any]) -> None:
    """Unknown options and values of the wrong kind, named before the agent is built."""
    params = agent_parameters(name)
    takes_any = any(p.kind is p.VAR_KEYWORD
                    for p in inspect.signature(_AGENTS[name].__init__).parameters.values())
    for key, value in options.items():
        if key not in params:
            if takes_any:
                continue
            raise ConfigError(
                f"agent spec {spec!r}: unknown option {key!r} ({_options_text(name)})")
        default = params[key]
        if isinstance(default, bool):
            ok = isinstance(value, bool)
            kind = "true or false"
        elif isinstance(default, int):
            ok = isinstance(value, int) and not isinstance(value, bool)
            kind = "a whole number"
        elif isinstance(default, float):
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            kind = "a number"
        else:
            continue
        if not ok:
            raise ConfigError(f"agent spec {spec!r}: {key} must be {kind}, not {value!r} "
                              f"({_options_text(name)})")


def run_match(game: Game | str, agents: Sequence[Agent | str], seed: int | None = None,
              **kwargs: Any) -> _match.MatchRecord:
    """:func:`ludoteca.core.match.run_match`, with agents as objects or spec strings."""
    seats = [make_agent(a) if isinstance(a, str) else a for a in agents]
    return _match.run_match(game, seats, seed, **kwargs)


def heuristic_for(game: Game) -> Callable[..., int] | None:
    """The game's heuristic bot (``heuristic_action`` in its ``bots`` module), if any."""
    module = game_module(game, "bots")
    return getattr(module, "heuristic_action", None) if module is not None else None


@register_agent("random")
class RandomAgent(Agent):
    """Picks uniformly among the legal actions (it never reads a view)."""

    reads_view = False
    fast = True

    def act(self, view: State, player: int, rng: random.Random) -> int:
        return rng.choice(view.legal_actions())

    def act_blind(self, legal_actions: list[int], player: int, rng: random.Random) -> int:
        return rng.choice(legal_actions)


@register_agent("heuristic")
class HeuristicAgent(Agent):
    """The game's own rule-of-thumb player (``games/<id>/bots.py``); options go to it."""

    def __init__(self, **options: Any) -> None:
        self.options = options
        self.spec = self.name

    def check(self, game: Game) -> None:
        if heuristic_for(game) is None:
            raise ConfigError(f"{game.info.title} has no heuristic bot yet; try 'random' or "
                              "'ismcts'")

    def act(self, view: State, player: int, rng: random.Random) -> int:
        bot = heuristic_for(view.game)
        if bot is None:
            raise ConfigError(f"{view.title} has no heuristic bot")
        try:
            return bot(view, player, rng, **self.options)
        except TypeError as err:
            raise ConfigError(f"agent 'heuristic' for {view.game.id}: {err}") from None


from ludoteca.agents import (  # noqa: E402  (registers ismcts, easy, normal, strong)
    ismcts,  # noqa: F401
    strengths,  # noqa: F401
)
