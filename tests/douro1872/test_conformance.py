"""The State API contract (ludoteca.testing) for every set-up: 2 (D. Sebastião), 3, 4, 5,
and with the charity ruling switched."""

from __future__ import annotations

import pytest

from ludoteca import load_game
from ludoteca.testing import check_conformance, configurations


@pytest.mark.parametrize("num_players,variant", configurations("douro1872"))
def test_conformance(num_players, variant):
    check_conformance("douro1872", num_players, variant)


@pytest.mark.parametrize("options", [
    {name: value} for name, field in (load_game("douro1872").Options.model_fields.items()
                                      if load_game("douro1872").Options else [])
    for value in (field.annotation.__args__ if hasattr(field.annotation, "__args__") else ())
    if value != field.default
])
def test_conformance_with_rule_switches(options):
    for num_players, variant in configurations("douro1872"):
        check_conformance("douro1872", num_players, variant, playouts=3, options=options)


def test_every_player_count_is_covered():
    assert sorted(configurations("douro1872")) == [
        (2, "sebastiao"), (3, "standard"), (4, "standard"), (5, "standard")
    ]


@pytest.mark.parametrize("num_players,variant", configurations("douro1872"))
def test_a_seats_observation_is_built_from_the_spectators(num_players, variant):
    # The server builds each seat's view from the spectator's once per move: the game
    # adds only the seat's private part, and the result equals the seat's own observation.
    from ludoteca.core.state import State
    from ludoteca.testing import check_seat_observation

    state = load_game("douro1872").new_initial_state(num_players, variant)
    assert type(state)._seat_observation is not State._seat_observation
    check_seat_observation("douro1872", num_players, variant, points=40)
