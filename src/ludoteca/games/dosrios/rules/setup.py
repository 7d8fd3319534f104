"""Set Up: the tiles, the start player, both rivers, the workers and the opening row of
action cards (R1-R3, R16-R18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.dosrios.actions import FirstRiver, PlaceWorker, StartPlayer, Tile
from ludoteca.games.dosrios.steps import (
    ChooseRiver,
    LayRiver,
    LayTile,
    NextTurn,
    PlaceWorkers,
    RevealCard,
)
from ludoteca.games.dosrios.tables import MORENO, RIVERS, VERDE

if TYPE_CHECKING:
    from ludoteca.games.dosrios.state import DosRiosState


def lay_tile(state: DosRiosState, step: LayTile, outcome: Tile) -> None:
    """A land tile into its slot; once the last is laid the board's heights are known."""
    state.laid[step.slot] = (outcome.tile, outcome.rotation)
    state.tiles_left &= ~(1 << outcome.tile)
    state.emit(everyone("tile", slot=step.slot, tile=outcome.tile, rotation=outcome.rotation))
    if step.slot == len(state.t.slots) - 1:
        state.set_terrain(state.t.terrain_with(state.laid))


def choose_start(state: DosRiosState, step: object, outcome: StartPlayer) -> None:
    """The start player lays both rivers, Rio Verde first (R3; or the one the start player
    names, under ``river_order = choose``), then everybody places workers one at a time in
    turn order; the opening row is revealed; the start player's turn begins."""
    n = state.num_players
    s = outcome.seat
    state.start = s
    state.emit(everyone("start_player", seat=s))
    to_place = state.t.workers - state.t.workers_in_town
    placing = [PlaceWorkers((s + k) % n) for _ in range(to_place) for k in range(n)]
    row = [RevealCard(True) for _ in range(n + 1)]
    if state.river_choice:
        state.push(ChooseRiver(s), *placing, *row, NextTurn((s - 1) % n))
    else:
        state.push(LayRiver(VERDE, s), LayRiver(MORENO, s), *placing, *row,
                   NextTurn((s - 1) % n))


def choose_river(state: DosRiosState, step: ChooseRiver, action: FirstRiver) -> None:
    """The named river is laid first, then the other (R3)."""
    first = RIVERS.index(action.river)
    state.emit(everyone("first_river", seat=step.seat, river=first))
    state.push(LayRiver(first, step.seat), LayRiver(1 - first, step.seat))


def place_worker(state: DosRiosState, step: PlaceWorkers, action: PlaceWorker) -> None:
    """One worker from the supply onto the hex."""
    state.put_worker(step.seat, -1, action.hex)
    state.emit(everyone("placed", seat=step.seat, hex=action.hex))
