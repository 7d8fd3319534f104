"""``MARKET_HELP`` (Call in Favours): more market characters may help with this challenge.

The rulebook lets one market character help with three players in the harbour and two
with two; the card raises that allowance by ``n`` for the challenge it is played in (with
four or five players, from none to ``n``). Everything else about market help stays (R15):
only if the players ashore cannot reach the total, harbour prohibitions apply, the pilot
picks all the helpers from the display as it stood and they are replaced only after his
last pick, La Coruna's foul limit holds (R54).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.steps import help_allowance, in_harbour

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState
    from ludoteca.games.puertodiablo.steps import CarryOut


def market_help(state: PuertoDiabloState, step: CarryOut, prim: dict[str, Any]) -> None:
    """+n market helpers for this challenge (the event says what that allows now: none
    while the players ashore could reach the total themselves)."""
    state.extra_help += int(prim["n"])
    base = state.t.help_allowance.get(len(in_harbour(state)), 0)
    state.emit(everyone("market_help", seat=step.player, extra=int(prim["n"]), base=base,
                        allowance=help_allowance(state)))
