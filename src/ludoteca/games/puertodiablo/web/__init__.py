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
    settled); an ability's play (its die against the card's table, a counter); with the
    options, a treasure hunt's check, the draft's kept characters and the end of the
    advanced start (who holds the pilot card)."""
    kind = event.kind
    # An ability's panel opens at its play, so that it shows the foreknowledge needed,
    # the die against the card's table and whether a counter stopped it.
    if kind == "plays" or kind == "ability_roll":
        return "An ability is played: the die roll"
    if kind == "not_carried_out":
        return "A counter stops the ability"
    if kind == "weather_set":
        return "An ability sets the weather"
    if kind == "war_prevented":
        return "An ability prevents the war"
    if kind == "treasure_roll":
        return "A treasure hunt is checked"
    if kind == "kept":
        return "The kept characters are laid out"
    # The advanced start settles the order of play once everybody has bought: the pilot
    # card goes to the lowest total (the other "pilot" events pass it in play).
    if kind == "pilot" and event.data.get("why") == "lowest total":
        return "The starting sets are bought: the pilot card to the lowest total"
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
