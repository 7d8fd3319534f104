"""The State API contract (ludoteca.testing) for 2, 3 and 4 players and every option."""

from __future__ import annotations

import pytest

from ludoteca.testing import check_conformance, configurations


@pytest.mark.parametrize("num_players,variant", configurations("dosrios"))
def test_conformance(num_players, variant):
    check_conformance("dosrios", num_players, variant, playouts=2)


@pytest.mark.parametrize("options", [
    {"tiles": "default"}, {"own_estate_entry": "adjacent"}, {"max_rounds": 3}])
def test_conformance_with_rule_switches(options):
    for num_players, variant in configurations("dosrios"):
        check_conformance("dosrios", num_players, variant, playouts=1, options=options)


def test_every_player_count_is_covered():
    assert sorted(configurations("dosrios")) == [(2, "standard"), (3, "standard"),
                                                  (4, "standard")]
