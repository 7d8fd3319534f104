"""Variant (D. Sebastião) - for 2 players.

"A two-player match is played in the same way as a 3-player game, with a ghost player added
(D. Sebastião). The phylloxera card is removed from the game. The cards of the ghost-player
are played randomly ... all point procedures are applied, and ... D. Sebastião can even
win." R11: he is the last seat of a table of three, with a player's hand and start (edition
values); his cards - in a dispute and for charity - are chance outcomes uniform over his
hand, the ghost's instance of the one step that lays a card face down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.douro1872.steps import FOG, LayFaceDown, lay
from ludoteca.games.douro1872.tables import Tables

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState


def table(tables: Tables, num_players: int) -> tuple[int, int, bool, int]:
    """(seats at the table, the ghost's seat or -1, phylloxera in play, order column).

    Two players sit at a table of three, D. Sebastião the last seat; the orders are the
    3-player column (derived, R4) and the phylloxera card is removed."""
    if num_players == 2:
        return tables.ghost_table, tables.ghost_seat, tables.phylloxera_in_two, \
            tables.ghost_column
    return num_players, -1, True, num_players


def laying_order(state: DouroState, purpose: str, level: int = FOG
                 ) -> tuple[LayFaceDown, ...]:
    """Each seat in turn, then the ghost: the steps of one round of cards laid face down
    for ``purpose`` (disputing the regular card of level index ``level``, or the fog card).
    Immutable steps, built once per table and shared by every state."""
    t = state.tables
    key = (state.seats, state.ghost, purpose, level)
    found: tuple[LayFaceDown, ...] | None = t.step_cache.get(key)
    if found is None:
        last = state.seats - 1
        found = t.step_cache[key] = tuple(
            lay(seat, purpose, seat == state.ghost, seat == last, level)
            for seat in range(state.seats))
    return found
