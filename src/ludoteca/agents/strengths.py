"""Named strengths: ``easy``, ``normal`` and ``strong``, agent specs for every game.

A player (in the terminal, on the server, in a tournament) asks for a strength, not for an
algorithm; what each strength means depends on what the game offers:

``easy``
    ``random``: a uniformly random legal move.
``normal``
    the game's ``heuristic`` bot when it has one, otherwise a light IS-MCTS
    (:data:`NORMAL_SEARCH`).
``strong``
    IS-MCTS with a solid budget (:data:`STRONG_SEARCH`, or the game's entry in
    :data:`STRONG_BY_GAME`), counted in iterations so that a seeded match replays exactly.

They are registered agents like any other, so ``ludoteca play desperados --bots strong``,
``ludoteca tournament ... --agents easy normal strong`` and the server all take them. A
record keeps the strength's name as the seat's agent. ``docs/bots.md`` lists the measured
ladder that backs these names.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.agents import (
    _STRENGTHS,
    Agent,
    RandomAgent,
    heuristic_for,
    make_agent,
    register_agent,
)
from ludoteca.core.state import Game, State

NORMAL_SEARCH = "ismcts:iterations=200,rollout=20"
"""``normal`` in a game without a heuristic bot."""
STRONG_SEARCH = "ismcts:iterations=1000,rollout=20"
"""``strong`` unless the game has its own entry below."""
STRONG_BY_GAME: dict[str, str] = {
    # Douro 1872's points move only when a dispute is settled, and the leader-takes-all
    # evaluation of a position 20 actions on says little; rollouts to the end of the match
    # (about 110 actions) are what beat the heuristic bot (docs/bots.md, the ladder).
    "douro1872": "ismcts:iterations=1000,rollout=200",
    # Desperados' random rollouts misjudge fights and chests: the plain search lost to the
    # heuristic bot (0.25 of 24 pilot matches), rolled out by that bot it won 0.84.
    "desperados": "ismcts:iterations=1000,policy=heuristic,c=0.1",
}
"""Game id -> the spec ``strong`` plays there, where the default search does not suit."""

STRENGTHS = {
    "easy": "a random legal move",
    "normal": "the game's heuristic bot, or a light IS-MCTS where there is none",
    "strong": "IS-MCTS with a solid budget",
}


def strength_spec(name: str, game: Game) -> str:
    """The agent spec that the strength ``name`` plays ``game`` with."""
    if name == "easy":
        return "random"
    if name == "normal":
        return "heuristic" if heuristic_for(game) is not None else NORMAL_SEARCH
    if name == "strong":
        return STRONG_BY_GAME.get(game.info.id, STRONG_SEARCH)
    raise KeyError(name)


@register_agent("easy")
class EasyAgent(RandomAgent):
    """Named strength ``easy``: a random legal move."""


class _Strength(Agent):
    """A named strength: plays as the agent :func:`strength_spec` names for the game."""

    def __init__(self) -> None:
        self.spec = self.name
        self._game: Game | None = None
        self._agent: Agent | None = None

    def agent_for(self, game: Game) -> Agent:
        if self._agent is None or self._game is not game:
            self._agent = make_agent(strength_spec(self.name, game))
            self._game = game
        return self._agent

    def check(self, game: Game) -> None:
        self.agent_for(game).check(game)

    def act(self, view: State, player: int, rng: random.Random) -> int:
        return self.agent_for(view.game).act(view, player, rng)


@register_agent("normal")
class NormalAgent(_Strength):
    """Named strength ``normal``: the game's heuristic, or a light IS-MCTS."""


@register_agent("strong")
class StrongAgent(_Strength):
    """Named strength ``strong``: IS-MCTS with a solid budget."""


_STRENGTHS.update(STRENGTHS)


def describe(name: str, game: Game) -> dict[str, Any]:
    """What a strength means for one game (for ``ludoteca games`` and the server)."""
    return {"name": name, "description": STRENGTHS[name], "spec": strength_spec(name, game)}
