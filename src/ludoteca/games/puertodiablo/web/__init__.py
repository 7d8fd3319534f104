"""Puerto Diablo in the browser: the board and table templates, their CSS, and what the
table stops on (found by the server as the game's ``web`` module). A replay jumps to the
harbours ``render.chapter`` names for the terminal too.
"""

from __future__ import annotations

from ludoteca.core.events import Event


def moment(event: Event) -> str | None:
    """The title of what ``event`` settles, for a panel a table keeps until the player
    moves on: a war (the parties counted, the loser), a challenge's resolution (the
    offers, the pilot's assignment, the commits, success or the consequence), a new
    harbour (the last one's end), the final scoring with its tie-break (None: nothing
    settled)."""
    kind = event.kind
    if kind == "war":
        return "A war breaks out"
    if kind == "resolved":
        return "The challenge is resolved"
    if kind == "failed":
        return "The challenge fails"
    if kind == "harbour" and event.data.get("index", 0) > 0:
        return f"The harbour is left: on to {event.data['name']}"
    if kind == "final":
        return "The final scoring"
    return None
