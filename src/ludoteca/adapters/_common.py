"""What the three adapters share: set-ups, seeds, chance, agents, text rendering.

Nothing here imports the ``rl`` extra, so the adapters can report a missing package
themselves (:func:`ludoteca.adapters.rl_extra`).
"""

from __future__ import annotations

import io
import json
import math
import random
import warnings
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ludoteca.core.errors import ConfigError
from ludoteca.core.flow import CHANCE
from ludoteca.core.match import seat_rng as core_seat_rng
from ludoteca.core.registry import game_ids, game_module, load_game
from ludoteca.core.state import Game, State

SEED_BITS = 63


def resolve_game(game: str | Game) -> Game:
    """A Game from an id (the shipped edition) or a Game already built."""
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise ConfigError(f"a game is named by its id (e.g. 'desperados'), not {game!r}")
    return load_game(game)


def setups(games: Sequence[str] | None = None, *, skip_broken: bool = False
           ) -> list[tuple[str, int, str]]:
    """Every (game id, player count, variant) of the given games (default: every game).

    With ``skip_broken``, a game that fails to load is left out with a warning (what
    registration at import does, so that one broken plug-in hides no other game)."""
    out = []
    for game_id in games if games is not None else game_ids():
        try:
            game = load_game(game_id)
        except Exception as err:
            if not skip_broken:
                raise
            warnings.warn(f"ludoteca game {game_id!r} not registered: {err}", stacklevel=3)
            continue
        out.extend((game_id, n, variant) for n, variant in game.info.configurations())
    return out


def seat_rng(match_seed: int, seat: int) -> random.Random:
    """A separate random stream per seat (``seat`` -1: chance), derived from one seed as
    every front derives them (:class:`ludoteca.core.match.Stepper`)."""
    return core_seat_rng(match_seed, "chance" if seat == CHANCE else f"seat{seat}")


def make_opponents(game: Game, num_players: int, seat: int,
                   opponents: str | Sequence[str] | Mapping[int, str] | None
                   ) -> dict[int, Any]:
    """The agents of every seat but ``seat``, by spec string.

    ``None``: the game's heuristic bot if it has one, else ``random``. A string: the same
    spec for every other seat. A sequence: one spec per other seat, in seat order. A
    mapping: seat -> spec.
    """
    from ludoteca.agents import heuristic_for, make_agent

    others = [p for p in range(num_players) if p != seat]
    if opponents is None:
        opponents = "heuristic" if heuristic_for(game) is not None else "random"
    if isinstance(opponents, str):
        specs = dict.fromkeys(others, opponents)
    elif isinstance(opponents, Mapping):
        specs = {int(p): s for p, s in opponents.items()}
    else:
        specs = dict(zip(others, opponents, strict=False))
        if len(list(opponents)) != len(others):
            raise ConfigError(f"{len(others)} opponent specs are needed (seats {others}), "
                              f"got {list(opponents)!r}")
    if sorted(specs) != others:
        raise ConfigError(f"opponents must be given for seats {others}, got {sorted(specs)}")
    agents = {}
    for p, spec in specs.items():
        agent = make_agent(spec) if isinstance(spec, str) else spec
        agent.check(game)
        agents[p] = agent
    return agents


def render_text(state: State, viewer: int | None, width: int = 100,
                events: Sequence[Any] = ()) -> str:
    """The game's terminal view of ``viewer``'s observation (None: a spectator) as plain
    text, through Rich, followed by ``events`` described for that viewer.

    The terminal view is the game package's ``render.render(observation)``; a game without
    one is shown as its observation in JSON.
    """
    from rich.console import Console

    observation = state.observation(viewer)
    module = game_module(state.game, "render")
    render = getattr(module, "render", None) if module is not None else None
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False,
                      highlight=False, emoji=False, soft_wrap=False)
    if render is not None:
        console.print(render(observation))
    else:
        console.print(json.dumps(observation, indent=1, sort_keys=True), markup=False)
    for event in events:
        if event.visible_to(viewer):
            console.print(f"- {state.describe_event(event, viewer)}", markup=False)
    return buffer.getvalue()


IMAGE_COLUMNS = 100
IMAGE_ROWS = 48
"""The text canvas of :func:`render_image`: every frame has the same size (video
recorders need that); longer views are cut, the last row saying so."""


@cache
def _monospace() -> Any:
    import matplotlib
    from PIL import ImageFont

    # DejaVu Sans Mono ships with matplotlib (a dependency of ludoteca): the terminal view
    # lines up in columns only in a monospace font.
    path = f"{matplotlib.get_data_path()}/fonts/ttf/DejaVuSansMono.ttf"
    return ImageFont.truetype(path, 12)


def render_image(text: str) -> Any:
    """``text`` (a terminal view) drawn black on white in a monospace font, as a NumPy
    ``(height, width, 3)`` uint8 array of a fixed size (:data:`IMAGE_COLUMNS` by
    :data:`IMAGE_ROWS` characters, 808 by 920 pixels): what ``render_mode="rgb_array"``
    returns. Needs numpy (the rl extra)."""
    import numpy as np
    from PIL import Image, ImageDraw

    font = _monospace()
    cell_w = math.ceil(font.getlength("M"))  # the advance, wider than the glyph's box
    cell_h = font.getbbox("Mg")[3] + 4
    lines = text.splitlines()
    if len(lines) > IMAGE_ROWS:
        lines = [*lines[:IMAGE_ROWS - 1], f"... ({len(lines) - IMAGE_ROWS + 1} more lines)"]
    image = Image.new("RGB", (cell_w * IMAGE_COLUMNS + 8, cell_h * IMAGE_ROWS + 8), "white")
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        draw.text((4, 4 + row * cell_h), line[:IMAGE_COLUMNS], fill="black", font=font)
    return np.asarray(image)
