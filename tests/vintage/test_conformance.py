"""The State API contract (ludoteca.testing) for 2, 3 and 4 players and every option."""

from __future__ import annotations

import pytest

from ludoteca import load_game
from ludoteca.testing import check_conformance, configurations


@pytest.mark.parametrize("num_players,variant", configurations("vintage"))
def test_conformance(num_players, variant):
    check_conformance("vintage", num_players, variant, playouts=4)


@pytest.mark.parametrize("options", [
    {"circle_choice": "free"}, {"boat_card": "up_to"}, {"free_action_cards": "allowed"},
    {"enologists": "once", "upgrade_room": "before"}])
def test_conformance_with_rule_switches(options):
    for num_players, variant in configurations("vintage"):
        check_conformance("vintage", num_players, variant, playouts=2, options=options)


def test_every_player_count_is_covered():
    assert sorted(configurations("vintage")) == [(2, "standard"), (3, "standard"),
                                                  (4, "standard")]


@pytest.mark.parametrize("num_players,variant", configurations("vintage"))
def test_a_seats_observation_is_built_from_the_spectators(num_players, variant):
    # The server builds each seat's view from the spectator's once per move: the game
    # adds only the seat's private part, and the result equals the seat's own observation.
    from ludoteca.core.state import State
    from ludoteca.testing import check_seat_observation

    state = load_game("vintage").new_initial_state(num_players, variant)
    assert type(state)._seat_observation is not State._seat_observation
    check_seat_observation("vintage", num_players, variant, points=40)
