"""Desperados passes the shared conformance checks in every variant and player count, and
with every rule switch."""

import pytest

from ludoteca.testing import check_conformance, configurations

OPTIONS = [
    {"opponent_displays": "close_or_fight"},
    {"fight_joiners": "owner"},
    {"passes_in_a_row": 0},
    {"passes_in_a_row": 12},
    {"pass_limit": 0},
    {"pass_limit": 3},
    {"max_rounds": 1},
]


@pytest.mark.parametrize("num_players,variant", configurations("desperados"))
def test_conformance(num_players, variant):
    check_conformance("desperados", num_players, variant, playouts=5)


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in
                                                                     o.items()))
def test_conformance_with_rule_switches(options):
    for num_players, variant in [(4, "partnership"), (3, "individual")]:
        check_conformance("desperados", num_players, variant, playouts=2, options=options)
