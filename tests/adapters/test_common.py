"""What the adapters share: seat streams, opponents by spec, text rendering."""

from __future__ import annotations

import pytest

from ludoteca.adapters._common import make_opponents, render_text, seat_rng
from ludoteca.core.errors import ConfigError
from ludoteca.core.registry import load_game


def test_seat_streams_are_separate_and_repeat():
    assert seat_rng(5, 0).random() == seat_rng(5, 0).random()
    assert seat_rng(5, 0).random() != seat_rng(5, 1).random()
    assert seat_rng(5, -1).random() != seat_rng(6, -1).random()


def test_opponents():
    game = load_game("highcard")
    agents = make_opponents(game, 3, 1, None)  # no heuristic bot: random
    assert sorted(agents) == [0, 2] and {a.spec for a in agents.values()} == {"random"}
    with pytest.raises(ConfigError):
        make_opponents(game, 3, 1, ["random"] * 3)


def test_render_text_is_the_games_terminal_view_with_events():
    game = load_game("highcard")
    state = game.new_initial_state(2)
    state.apply_action(0)
    text = render_text(state, 0, events=state.events())
    assert "Your card: 2" in text and "you are dealt a 2" in text
    assert "dealt a 2" not in render_text(state, 1, events=state.events())


def test_render_text_without_a_render_module_shows_the_observation(monkeypatch):
    from ludoteca.adapters import _common

    monkeypatch.setattr(_common, "game_module", lambda game, name: None)
    state = load_game("highcard").new_initial_state(2)
    state.apply_action(0)
    assert '"hand": 2' in render_text(state, 0)
