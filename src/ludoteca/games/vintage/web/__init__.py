"""Vintage in the browser: the board and table templates, their CSS, and what the table
stops on (found by the server as the game's ``web`` module). A replay jumps to the rounds
``render.chapter`` names for the terminal too.
"""

from __future__ import annotations

from ludoteca.core.events import Event
from ludoteca.games.vintage.view import roman


def moment(event: Event) -> str | None:
    """The title of what ``event`` settles, for a panel a table keeps until the player
    moves on: a sale (the die, each lot's quality + die and row, the VP paid), a sale by
    card, the end of a round, the final scoring (None: nothing settled)."""
    kind = event.kind
    # A panel starts at the first line of a move that names a moment: the die and each
    # lot's row name one too, so that a sale's panel shows why from its first line; its
    # title is the last such line's.
    if kind == "die" or kind == "aged":
        return "The lots are aged"
    if kind == "sold":
        return "The lots are aged and sold"
    if kind == "took_barrel":
        return "A barrel is sold by card"
    if kind == "card_sale":
        return "A sale by card"
    if kind == "round_end":
        return f"Round {roman(event.data['round'])} ends"
    if kind == "end":
        return "The final scoring"
    return None


def aside(event: Event) -> bool:
    """The face-up cards dealt: the log tells each deal, but the panel of a round's end
    does not list them, since its first line says they are dealt and the board shows
    them."""
    return event.kind == "display"


def continues(event: Event) -> bool:
    """A move that goes on with the sale its seat's move before began: the next lot aged
    in the order the seller chose, the +1-barrel card's barrel. Such a move is shown in
    the sale's panel, not in a second one (the panel lists the die, every lot and the
    VP paid)."""
    return event.kind in ("aged", "extra_barrel")
