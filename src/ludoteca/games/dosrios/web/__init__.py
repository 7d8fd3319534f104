"""Dos Rios in the browser: the board and table templates, their CSS, and what the table
stops on (found by the server as the game's ``web`` module). A replay jumps to the turns
``render.chapter`` names for the terminal too.
"""

from __future__ import annotations

from functools import cache

from ludoteca.core.events import Event
from ludoteca.core.registry import load_game
from ludoteca.games.dosrios.tables import RIVERS, Tables


@cache
def _tables() -> Tables:
    tables: Tables = load_game("dosrios").tables  # type: ignore[attr-defined]
    return tables


def river(r: int) -> str:
    return f"Rio {RIVERS[r].capitalize()}"


def card_moment(card: int) -> str:
    """What activating card ``card`` pays and why (the rulebook's payouts, R23-R24)."""
    t = _tables()
    kind = ("crop", "forest", "river", "bandits")[t.card_kind[card]]
    key = t.card_keys[card]
    if kind == "crop":
        return f"The {key} harvest: 100 for each irrigated {key} hex a player holds"
    if kind == "forest":
        return "The forest harvest: a Log for each irrigated forest a player holds"
    return (f"{river(t.card_river[card])} harvests: along its course 100 per field and a "
            "Log per forest")


def moment(event: Event) -> str | None:
    """The title of what ``event`` settles, for a panel a table keeps until the player
    moves on: an attack (two attackers, or higher ground), a harvest card that pays
    anybody (the ``activated`` event's ``pays``), the Bandits, a river re-routed by a dam,
    the end of the match (None: nothing settled)."""
    kind = event.kind
    d = event.data
    if kind == "attacked":
        # a pair falls only to two attackers both from higher ground (R12)
        if d["driven_off"] > 1:
            return "An attack: two workers from higher ground drive the pair back to the Town"
        return "An attack: two workers drive the lone defender back to the Town"
    if kind == "moved" and d["driven_off"]:
        return "An attack from higher ground: the defender goes back to the Town"
    if kind == "activated":
        # a harvest that pays nobody settles nothing: its log line says enough
        return card_moment(d["card"]) if d["pays"] else None
    if kind == "bandits":
        return (f"Bandits ride down {river(d['river'])}: from the source, one worker per "
                "occupied hex goes back to the Town (none in an Estate), three at most")
    if kind == "dammed" and d["diverts"]:
        return "A dam re-routes the river"
    if kind == "end":
        return "The match is over"
    return None
