"""Desperados passes the shared conformance checks in every variant and player count."""

import pytest

from ludoteca.testing import check_conformance, configurations


@pytest.mark.parametrize("num_players,variant", configurations("desperados"))
def test_conformance(num_players, variant):
    check_conformance("desperados", num_players, variant, playouts=5)


@pytest.mark.parametrize("options", [
    {"opponent_displays": "close_or_fight"}, {"fight_joiners": "owner"}, {"pass_limit": 0},
])
def test_conformance_with_rule_switches(options):
    for num_players, variant in [(4, "partnership"), (3, "individual")]:
        check_conformance("desperados", num_players, variant, playouts=2, options=options)
