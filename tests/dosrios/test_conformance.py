"""The State API contract (ludoteca.testing) for 2, 3 and 4 players and every option.

A random match runs to the turn limit (random play rarely builds), and the kit checks
every node; so 3 and 4 players, and the rule switches, are checked with a shorter limit
(``max_rounds``, itself an option), which changes only when the game ends."""

from __future__ import annotations

import pytest

from ludoteca.testing import check_conformance, configurations


def test_conformance_two_players_default_options():
    check_conformance("dosrios", 2, "standard", playouts=2)


@pytest.mark.parametrize("num_players,variant", configurations("dosrios"))
def test_conformance(num_players, variant):
    check_conformance("dosrios", num_players, variant, playouts=2,
                      options={"max_rounds": 8})


@pytest.mark.parametrize("options", [
    {"tiles": "default", "max_rounds": 4}, {"own_estate_entry": "adjacent", "max_rounds": 4},
    {"farm_passing": "strict", "max_rounds": 4}])
def test_conformance_with_rule_switches(options):
    for num_players, variant in configurations("dosrios"):
        check_conformance("dosrios", num_players, variant, playouts=1, options=options)


def test_every_player_count_is_covered():
    assert sorted(configurations("dosrios")) == [(2, "standard"), (3, "standard"),
                                                  (4, "standard")]
