"""The heuristic bot beats random play, seat-rotated (the goal: at least 70 %)."""

from __future__ import annotations

import pytest

import ludoteca


@pytest.mark.parametrize("n", [2, 4])
def test_the_heuristic_beats_random_seat_rotated(n):
    matches = 60
    won = 0.0
    for seed in range(matches):
        seats = ["random"] * n
        seats[seed % n] = "heuristic"
        record = ludoteca.run_match("puertodiablo", seats, seed=seed)
        won += record.returns[seed % n]
    assert won / matches >= 0.7
