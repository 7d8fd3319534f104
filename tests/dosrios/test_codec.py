"""Action ids are forever: records are lists of them. This pins the numbering shipped."""

from __future__ import annotations

from ludoteca import load_game
from ludoteca.games.dosrios.actions import (
    ActionCard,
    Activate,
    Attack,
    Build,
    Dam,
    EndTurn,
    FirstRiver,
    FlowTo,
    Move,
    PassOver,
    PlaceWorker,
    StartPlayer,
    Tile,
)

CODEC = load_game("dosrios").codec

FIRST_IDS = [
    (FlowTo(0), 0), (PlaceWorker(0), 174), (Move(0, 0), 223), (Attack(0, 0, 0), 2927),
    (Build("farm", 0), 4691), (Dam(0), 4789), (EndTurn(), 4963), (Activate(), 4964),
    (PassOver(), 4965), (FirstRiver("verde"), 4966), (FirstRiver("moreno"), 4967),
]


def test_the_numbering_is_the_shipped_one():
    assert (CODEC.num_actions, CODEC.num_outcomes) == (4968, 48)
    for action, number in FIRST_IDS:
        assert CODEC.encode(action) == number
        assert CODEC.decode(number) == action
    assert CODEC.encode(Move(49, 33)) == 223 + 49 * 52 + 33
    assert CODEC.encode(Attack(5, 2, 4)) == 2927 + (5 * 6 + 2) * 6 + 4
    assert [CODEC.encode_outcome(o) for o in (Tile(0, 0), StartPlayer(0), ActionCard(0))] \
        == [0, 36, 40]
