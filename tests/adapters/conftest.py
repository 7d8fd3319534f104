"""The adapters' suites run on every set-up of every game ludoteca knows, plus the toy
game of the core tests (High Card), which uses the whole State API.

``SETUPS`` is built at import (``parametrize`` needs it while collecting). ``SIZES`` keeps
the suites short: a few cycles per set-up, enough to reach the end of every game.
"""

from __future__ import annotations

import pytest

from tests.core.toygame import install

install()

from ludoteca.adapters._common import setups  # noqa: E402
from ludoteca.core.registry import load_game  # noqa: E402

SETUPS = setups(skip_broken=True)
"""(game id, players, variant) of every game that loads."""

GAMES = sorted({game_id for game_id, _, _ in SETUPS})
VARIANTS = sorted({(game_id, variant) for game_id, _, variant in SETUPS})


def setup_id(setup: tuple[str, int, str]) -> str:
    game_id, n, variant = setup
    return f"{game_id}-{n}p-{variant}"


def cycles(game_id: str) -> int:
    """AEC cycles for PettingZoo's suites: about one whole match of the game."""
    length = load_game(game_id).info.max_game_length
    return max(20, min(length, 400))


@pytest.fixture(params=SETUPS, ids=setup_id)
def setup(request: pytest.FixtureRequest) -> tuple[str, int, str]:
    return request.param
