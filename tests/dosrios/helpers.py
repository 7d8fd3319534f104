"""Positions for the Dos Rios tests, on the default board (``tiles=default``)."""

from __future__ import annotations

from typing import Any

from ludoteca import load_game
from ludoteca.games.dosrios.actions import (
    ActionCard,
    FlowTo,
    PlaceWorker,
    StartPlayer,
)
from ludoteca.games.dosrios.state import DosRiosState
from ludoteca.games.dosrios.steps import ActionPoints

GAME = load_game("dosrios")
T = GAME.tables
TOWN, WEST, EAST = T.town, T.west, T.east
CARD = {k: i for i, k in enumerate(T.card_keys)}


def H(c: int, r: int) -> int:
    """The hex id of ``(c, r)``."""
    return T.index[(c, r)]


def side(a: tuple[int, int], b: tuple[int, int] | str) -> int:
    """The side between hexes ``a`` and ``b``, or side ``b`` ("S", "SW", ...) of ``a``."""
    from ludoteca.games.dosrios import hexes
    x = H(*a)
    if isinstance(b, str):
        return T.hex_sides[x][hexes.DIRECTIONS.index(b)]
    y = H(*b)
    (common,) = set(T.hex_sides[x]) & set(T.hex_sides[y])
    return common


def source_side(river: int, hex_: tuple[int, int]) -> int:
    (s,) = [s for s in T.source_exits[river] if T.side_target[s] == H(*hex_)]
    return s


def new(n: int = 2, **options: Any) -> DosRiosState:
    opts = {"tiles": "default", **options}
    return GAME.new_initial_state(n, "standard", opts)  # type: ignore[return-value]


def fresh(state: DosRiosState) -> None:
    """Forgets the legal actions the state computed for this node: the scenarios edit the
    position directly (a worker put down, a dam laid), which play never does."""
    state._legal = None


def act(state: DosRiosState, action: Any) -> None:
    """Applies a structured decision (checked: an illegal one raises)."""
    fresh(state)
    state.apply_action(GAME.codec.encode(action))


def chance(state: DosRiosState, outcome: Any) -> None:
    state.apply_action(GAME.codec.encode_outcome(outcome))


def legal(state: DosRiosState) -> list[Any]:
    fresh(state)
    return [GAME.codec.decode(a) for a in state.legal_actions()]


def flow_targets(state: DosRiosState) -> list[tuple[int, int] | int]:
    """The hexes (or sink node ids) the pending river choice may flow into."""
    out = []
    for a in legal(state):
        tgt = T.side_target[a.side]
        out.append(T.pos[tgt] if tgt < T.num_hexes else tgt)
    return sorted(out, key=str)


VR = [(0, 0), (0, 1), (0, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7)]
MR = [(5, 1), (6, 1), (6, 2), (5, 3), (5, 4), (4, 4), (4, 5), (5, 6), (5, 7)]


def lay_reference_rivers(state: DosRiosState) -> None:
    """Verde = VR and Moreno = MR, the choices of the supplement's reference courses."""
    for at, to in (((0, 0), (0, 1)), ((1, 3), (1, 4)), ((1, 6), (1, 7))):
        act(state, FlowTo(side(at, to)))
    act(state, FlowTo(side((1, 7), "S")))
    for at, to in (((5, 1), (6, 1)), ((4, 5), (5, 6)), ((5, 6), (5, 7))):
        act(state, FlowTo(side(at, to)))
    act(state, FlowTo(side((5, 7), "S")))


PARK = [(3, 2), (3, 1), (4, 2), (2, 2), (5, 2), (1, 2), (1, 1), (5, 5), (3, 5), (6, 0),
        (6, 3), (0, 3)]
"""Dry hexes the workers are first placed on (hills mostly), out of the way."""

PLAIN_ROW = ["tobacco", "maize", "wheat", "forest", "verde"]


def ready(n: int = 2, start: int = 0, row: list[str] | None = None,
          **options: Any) -> DosRiosState:
    """The default board with VR and MR, every worker placed (then all sent to the Town,
    so tests place their own), the row revealed, at the start of ``start``'s first turn."""
    state = new(n, **options)
    chance(state, StartPlayer(start))
    lay_reference_rivers(state)
    k = 0
    while type(state.next_step()).__name__ == "PlaceWorkers":
        act(state, PlaceWorker(H(*PARK[k])))
        k += 1
    for key in (row or PLAIN_ROW)[: n + 1]:
        chance(state, ActionCard(CARD[key]))
    assert isinstance(state.next_step(), ActionPoints)
    for seat in range(n):
        for loc in list(state.pos[seat * T.workers:(seat + 1) * T.workers]):
            if 0 <= loc < T.num_hexes:
                state.put_worker(seat, loc, TOWN)
    return state


def put(state: DosRiosState, seat: int, hex_: tuple[int, int], count: int = 1) -> None:
    """``count`` of ``seat``'s workers from the Town onto ``hex_``."""
    for _ in range(count):
        state.put_worker(seat, TOWN, H(*hex_))


def build_here(state: DosRiosState, seat: int, hex_: tuple[int, int], kind: str) -> None:
    """A building placed directly (a scenario's starting position)."""
    x = H(*hex_)
    k = 0 if kind == "farm" else 1
    state.building[x] = seat * 2 + k
    if k:
        state.estates_left[seat] -= 1
        state.estate_hex[seat] = x
    else:
        state.farms_left[seat] -= 1


def all_turned(state: DosRiosState) -> None:
    """As if every seat had had a turn (the first-round protection no longer applies)."""
    for s in range(state.num_players):
        state.had_turn[s] = 1
