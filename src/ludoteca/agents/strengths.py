"""Named strengths: ``easy``, ``normal`` and ``strong``, agent specs for every game.

A player (in the terminal, on the server, in a tournament) asks for a strength, not for an
algorithm; what each strength means depends on what the game offers:

``easy``
    ``random``: a uniformly random legal move.
``normal``
    the game's ``heuristic`` bot when it has one, otherwise a light IS-MCTS
    (:data:`NORMAL_SEARCH`).
``strong``
    IS-MCTS with a solid budget (:data:`STRONG_SEARCH`), counted in iterations so that a
    seeded match replays exactly.

A game may play a strength its own way: its Game class declares ``bot_presets``
(``{"strong": "ismcts:..."}``), with the measurements that chose each spec; this module
holds no game's content. They are registered agents like any other, so ``ludoteca play
desperados --bots strong``, ``ludoteca tournament ... --agents easy normal strong`` and the
server's lobby all mean the same bot by the same name. A record keeps the strength's name
as the seat's agent. ``docs/bots.md`` lists the measured ladder that backs these names.
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
"""``normal`` in a game without a heuristic bot (and no preset of its own)."""
STRONG_SEARCH = "ismcts:iterations=1000,rollout=20"
"""``strong`` in a game without a preset of its own."""

STRENGTHS = {
    "easy": "a random legal move",
    "normal": "the game's heuristic bot, or a light IS-MCTS where there is none",
    "strong": "IS-MCTS with a solid budget",
}


def strength_spec(name: str, game: Game) -> str:
    """The agent spec that the strength ``name`` plays ``game`` with: the game's own
    ``bot_presets[name]`` where it declares one, else the default above. KeyError for a
    name that is no strength."""
    if name not in STRENGTHS:
        raise KeyError(name)
    preset = getattr(game, "bot_presets", {}).get(name)
    if preset is not None:
        return str(preset)
    if name == "easy":
        return "random"
    if name == "normal":
        return "heuristic" if heuristic_for(game) is not None else NORMAL_SEARCH
    return STRONG_SEARCH


def bot_name(choice: str, game: Game) -> str:
    """What a player reads for a bot seat that plays ``choice`` (a strength or an agent
    spec): ``"normal bot"`` for a strength, and for a spec that is what a strength plays in
    ``game`` (``"heuristic"`` is the normal bot of a game whose normal is its heuristic),
    else ``"bot (<spec>)"``. The terminal and the server both name bots so."""
    choice = choice.strip()
    if choice in STRENGTHS:
        return f"{choice} bot"
    for name in STRENGTHS:
        if strength_spec(name, game) == choice:
            return f"{name} bot"
    return f"bot ({choice})"


def spec_for(game: Game, choice: str) -> str:
    """The agent spec a seat's choice stands for: a strength's spec for ``game``
    (``"strong"``), or the choice itself, trimmed, when it is an agent spec already
    (``"ismcts:iterations=50"``)."""
    choice = choice.strip()
    return strength_spec(choice, game) if choice in STRENGTHS else choice


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
