"""The State API contract (ludoteca.testing) for every set-up: 2 (D. Sebastião), 3, 4, 5."""

from __future__ import annotations

import pytest

from ludoteca.testing import check_conformance, configurations


@pytest.mark.parametrize("num_players,variant", configurations("douro1872"))
def test_conformance(num_players, variant):
    check_conformance("douro1872", num_players, variant)


def test_every_player_count_is_covered():
    assert sorted(configurations("douro1872")) == [
        (2, "sebastiao"), (3, "standard"), (4, "standard"), (5, "standard")
    ]
