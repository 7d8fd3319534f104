"""Agents and their registry.

An agent is named by a spec string, ``name`` or ``name:key=value,key=value``, the same on
the command line, in the server and in tournaments (``random``, ``ismcts:iterations=400``).
``Agent.act(view, player, rng)`` receives ``view = true_state.determinize(player, rng)``,
never the true state, so no agent can see what its seat may not know.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludoteca.core.state import ConfigError, Game, State


class Agent:
    """Base class: chooses an action for ``player`` in a determinized view."""

    name = "agent"

    def __init__(self, **options: Any) -> None:
        if options:
            raise ConfigError(f"agent {self.name!r} takes no options (got {', '.join(options)})")
        self.spec = self.name

    def act(self, view: State, player: int, rng: random.Random) -> int:
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


def agent_names() -> list[str]:
    return sorted(_AGENTS)


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


def make_agent(spec: str) -> Agent:
    name, options = parse_spec(spec)
    if name not in _AGENTS:
        raise ConfigError(f"unknown agent {name!r}; known agents: {', '.join(agent_names())}")
    try:
        agent = _AGENTS[name](**options)
    except TypeError as err:
        raise ConfigError(f"agent spec {spec!r}: {err}") from None
    agent.spec = spec.strip()
    return agent


@register_agent("random")
class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    def act(self, view: State, player: int, rng: random.Random) -> int:
        return rng.choice(view.legal_actions())


@register_agent("heuristic")
class HeuristicAgent(Agent):
    """The game's own rule-of-thumb player (``games/<id>/bots.py``); options go to it."""

    def __init__(self, **options: Any) -> None:
        self.options = options
        self.spec = self.name

    def check(self, game: Game) -> None:
        if type(game).heuristic_action is Game.heuristic_action:
            raise ConfigError(f"{game.info.title} has no heuristic bot yet; try 'random' or "
                              "'ismcts'")

    def act(self, view: State, player: int, rng: random.Random) -> int:
        try:
            return view.game.heuristic_action(view, player, rng, **self.options)
        except TypeError as err:
            raise ConfigError(f"agent 'heuristic' for {view.game.id}: {err}") from None


from ludoteca.agents import ismcts  # noqa: E402,F401  (registers "ismcts")
