"""Desperados in the browser: the board and table templates, their CSS, and what the
table stops on and a replay jumps to (found by the server as the game's ``web`` module).

The parts of a match (its rounds) are ``render.chapter``'s, shared with the terminal; a
replay may also jump to each fight (:func:`chapter`).
"""

from __future__ import annotations

from ludoteca.core.events import Event


def moment(event: Event) -> str | None:
    """The title of what ``event`` settles, for a panel a table keeps until the player
    moves on: a fight, a round's scoring, the end of the match (None: nothing settled)."""
    kind = event.kind
    if kind == "fight_settled":
        return "The fight is settled"
    if kind == "round_scored":
        return f"Round {event.data['round']} is scored"
    if kind == "game_over":
        return "The match is over"
    return None


def chapter(event: Event) -> str | None:
    """A fight (the first Desperado laid on a mine), for a replay to jump to."""
    if event.kind == "fight" and not event.data.get("joins"):
        return "fight"
    return None
