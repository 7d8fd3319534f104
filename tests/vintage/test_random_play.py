"""Seeded random matches play to the end without an error, and play as they always did."""

from __future__ import annotations

import hashlib
import json

import pytest

import ludoteca
from ludoteca.core.match import replay

MAX_ACTIONS = 2000
"""A bound on one match's actions, chance outcomes included: the longest of 90 seeded
random matches took 332 (4 players), so a match still going at 2000 has a rule that never
ends a round or the game."""


def play_to_the_end(n: int, seed: int) -> ludoteca.MatchRecord:
    record = ludoteca.run_match("vintage", ["random"] * n, seed=seed, max_actions=MAX_ACTIONS)
    assert record.finished, (
        f"{n} players, seed {seed}: the match has not ended after {MAX_ACTIONS} actions; "
        "a rule that should end a turn, a round or the game does not")
    return record


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_hundred_seeded_random_matches_end(n):
    for seed in range(100):
        record = play_to_the_end(n, seed)
        assert len(record.scores) == n
        assert abs(sum(record.returns) - 1.0) < 1e-9


def digest(n: int, seed: int) -> str:
    record = play_to_the_end(n, seed)
    data = json.dumps([record.actions, record.scores], separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()[:16]


PINNED = {
    (2, 1): "0e8dd7ef3475fa4f",
    (3, 2): "ef7ab42f03fe3b36",
    (4, 3): "c02b04842ce18f75",
}
"""A change of any of these is a change of what the game does: say why in the commit."""


@pytest.mark.parametrize("n,seed", sorted(PINNED))
def test_seeded_matches_are_pinned(n, seed):
    assert digest(n, seed) == PINNED[n, seed]


def test_a_record_replays_to_the_same_scores():
    record = play_to_the_end(4, 7)
    again = ludoteca.MatchRecord.from_json(record.to_json())
    assert replay(again).scores() == record.scores
