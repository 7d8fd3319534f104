"""The State API contract (ludoteca.testing) for 2 to 5 players and the round cap."""

from __future__ import annotations

import pytest

from ludoteca.testing import check_conformance, configurations


@pytest.mark.parametrize("num_players,variant", configurations("puertodiablo"))
def test_conformance(num_players, variant):
    check_conformance("puertodiablo", num_players, variant, playouts=3)


@pytest.mark.parametrize("num_players", [2, 5])
def test_conformance_with_a_short_round_cap(num_players):
    check_conformance("puertodiablo", num_players, "standard", playouts=2,
                      options={"round_cap": 2})


def test_every_player_count_is_covered():
    assert sorted(configurations("puertodiablo")) == [(2, "standard"), (3, "standard"),
                                                       (4, "standard"), (5, "standard")]


OPTION_GRID = [{"treasure": "on"}, {"start": "advanced"},
               {"treasure": "on", "start": "advanced"}]


@pytest.mark.parametrize("options", OPTION_GRID,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_conformance_with_the_options(num_players, options):
    check_conformance("puertodiablo", num_players, "standard", playouts=2, options=options)
