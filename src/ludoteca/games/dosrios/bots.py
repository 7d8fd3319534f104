"""A rule-of-thumb Dos Rios player: stand on watered land, build there, harvest what pays.

Each legal action gets a score and the bot takes the best (ties at random). Moves go to
where a worker is worth more: a watered field without a building (it pays on crop and
river cards and can take a building), then a watered forest (Logs), anything on the board
rather than the Town; an attack that drives workers off counts their value too. Buildings
are built at once, the Estate first, watered hexes first. At the end of a turn the card is
activated when it pays the seat at least as much as any other player, else passed over.
River choices and placements favour watered fields. Dams are not used.
``heuristic_action(view, player, rng)``; the view is a state (everything is public).
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.games.dosrios.actions import (
    Activate,
    Attack,
    Build,
    EndTurn,
    FlowTo,
    Move,
    PassOver,
    PlaceWorker,
)
from ludoteca.games.dosrios.tables import FOREST, HILL


def worth(state: Any, x: int, wet: set[int]) -> float:
    """What a worker of ours is worth on location ``x``."""
    t = state.t
    if x >= t.num_hexes:
        return -1.0
    terrain = state.terrain[x]
    if state.building[x] >= 0:
        return 0.5
    if x in wet:
        return 3.0 if terrain < FOREST else 2.0
    return 0.2 if terrain == HILL else 0.0


def _score(state: Any, player: int, item: Any, wet: set[int]) -> float:
    t = state.t
    if isinstance(item, Build):
        watered = item.hex in wet
        return 20.0 + (5.0 if item.kind == "estate" else 0.0) + (5.0 if watered else 0.0)
    if isinstance(item, Move):
        gain = worth(state, item.dst, wet) - worth(state, item.src, wet)
        if item.dst < t.num_hexes and state.hex_seat[item.dst] not in (-1, player):
            gain += 1.0
        return gain
    if isinstance(item, Attack):
        return worth(state, item.target, wet) * 2  # two workers onto it, others off
    if isinstance(item, EndTurn):
        return 0.1
    if isinstance(item, PlaceWorker):
        return worth(state, item.hex, wet)
    if isinstance(item, FlowTo):
        target = t.side_target[item.side]
        return 1.0 if target < t.num_hexes and state.hex_seat[target] == player else 0.0
    return 0.0


def _card_pays_me(state: Any, player: int) -> bool:
    """Whether activating the first card gains ``player`` at least what it gains anyone."""
    after = state.clone()
    after.apply_action(state.t.activate_id)
    gains = [(after.money[s] - state.money[s]) + 150 * (after.logs[s] - state.logs[s])
             for s in range(state.num_players)]
    return gains[player] >= max(gains) and gains[player] > 0


def heuristic_action(view: Any, player: int, rng: random.Random, **_: Any) -> int:
    legal = view.legal_actions()
    if len(legal) == 1:
        return int(legal[0])
    actions = view.game.codec.actions
    first = actions[legal[0]]
    if isinstance(first, Activate | PassOver):
        return int(view.t.activate_id if _card_pays_me(view, player) else view.t.pass_over_id)
    wet = view.irrigated()
    scored = [(_score(view, player, actions[a], wet) + rng.random() * 0.01, a) for a in legal]
    return int(max(scored)[1])
