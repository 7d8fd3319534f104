"""Test games for the server, built on the core's toy game (High Card).

* ``highcard`` itself;
* ``strictcard``: seat 1 may only fold, so a well-formed move can be illegal (HTTP 422);
* ``canarycard``: ranks that appear nowhere else, so a hidden card that reaches another
  seat is found by searching the raw text that seat was sent;
* ``tiebreakcard``: no chips change hands (every score 0), so the higher card wins as a
  tie-break the scores do not show (``result_reason``).

``install()`` registers all four (the server subprocess takes it as ``--plugin``).
"""

from __future__ import annotations

from pathlib import Path

from ludoteca.core.registry import register
from tests.core.toygame import FOLD, HighCard, HighCardState
from tests.core.toygame import install as install_highcard


class StrictState(HighCardState):
    def _legal_actions(self) -> list[int]:
        if self.current_player() == 1:
            return [FOLD]
        return super()._legal_actions()

    def _explain_illegal(self, action: object) -> str | None:
        return "seat 1 may only fold in Strict Card"


class StrictCard(HighCard):
    id = "strictcard"
    state_class = StrictState
    default_edition = Path(__file__).with_name("strict.toml")


class CanaryCard(HighCard):
    id = "canarycard"
    default_edition = Path(__file__).with_name("canary.toml")


class TieBreakState(HighCardState):
    def scores(self) -> list[float]:
        return [0.0] * self.num_players

    def result_reason(self) -> str | None:
        if self.is_terminal() and len(self.winners()) < self.num_players:
            return "the higher card"
        return None


class TieBreakCard(HighCard):
    id = "tiebreakcard"
    state_class = TieBreakState
    default_edition = Path(__file__).with_name("tiebreak.toml")


def install() -> None:
    install_highcard()
    register(StrictCard, "strictcard")
    register(CanaryCard, "canarycard")
    register(TieBreakCard, "tiebreakcard")
