"""High Card as a third-party package ships it: a game package outside ``ludoteca`` with
its rules summary (``summary.md``) and a board for the browser (``web/board.html``,
``web/table.html``, ``web/board.css``). The tests register it by an entry point, as
``pyproject.toml`` would::

    [project.entry-points."ludoteca.games"]
    boardcard = "tests.boardcard:BoardCard"
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from ludoteca.core.state import GameInfo
from tests.core.toygame import HighCard

GAME_ID = "boardcard"
ENTRY_POINT = "tests.boardcard:BoardCard"


class BoardCard(HighCard):
    id = GAME_ID
    default_edition = Path(__file__).parent / "editions" / "default.toml"

    def build_info(self) -> GameInfo:
        return dataclasses.replace(super().build_info(), id=GAME_ID,
                                   title="High Card on a board",
                                   description="High Card with a board of its own.")
