"""Douro 1872 in the browser: the board and table templates, their CSS, and what the
table stops on (found by the server as the game's ``web`` module). A replay jumps to the
parts of a match ``render.chapter`` names for the terminal too: each dispute, the second
half.
"""

from __future__ import annotations

from ludoteca.core.events import Event


def moment(event: Event) -> str | None:
    """The title of what ``event`` settles, for a panel a table keeps until the player
    moves on: a dispute's reveal (the cards, the boat's order, who gains), the charity,
    the end of the match (None: nothing settled)."""
    kind = event.kind
    if kind == "reveal":
        return "The barrel cards are revealed"
    if kind == "charity":
        return "The charity is revealed"
    if kind == "end":
        return "The match is over"
    return None
