"""Vintage in the terminal: a whole match through ``ludoteca play``, and a board that
fits 80x24 without showing what the seat may not see."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from ludoteca import MatchRecord, load_game, replay
from ludoteca.cli import app
from ludoteca.games.vintage.render import render
from ludoteca.testing import playout_states

GAME = load_game("vintage")


def text_of(renderable) -> str:
    console = Console(file=io.StringIO(), width=80, record=True)
    console.print(renderable)
    return console.export_text()


def test_full_terminal_match(tmp_path):
    saved = tmp_path / "vintage.json"
    result = CliRunner().invoke(
        app, ["play", "vintage", "--players", "2", "--seed", "3", "--save", str(saved)],
        input="1\n" * 2000,
    )
    assert result.exit_code == 0, result.output
    assert "Round" in result.output and "The game is over" in result.output
    record = MatchRecord.from_json(saved.read_text().strip())
    assert record.finished and replay(record).is_terminal()


def test_the_board_fits_80_columns_and_leaves_room_for_the_choices():
    for n in (2, 4):
        for state in playout_states(GAME, n, "standard", seed=2, every=25):
            lines = text_of(render(state.observation(0))).splitlines()
            assert all(len(line) <= 80 for line in lines)
            assert len(lines) <= 17, "\n".join(lines)
            compact = text_of(render(state.observation(0), compact=True)).splitlines()
            assert len(compact) <= 12


def test_the_board_hides_other_players_deck_cards():
    for state in playout_states(GAME, 3, "standard", seed=5, every=10):
        obs = state.observation(1)
        for s in obs["seats"]:
            if s["seat"] != 1:
                assert s["hand"] is None
        text = text_of(render(obs))
        for q in (0, 2):
            for c in state.secret_hand[q]:
                name = GAME.tables.card_names[c]
                if name in text:
                    assert (name in obs["display"] or name in obs["seats"][1]["hand"]
                            or any(name in s["open_cards"] for s in obs["seats"])), name


def test_the_first_player_is_named_as_the_seats_are():
    # The terminal calls seats "Seat 0", "Seat 1", ...: the header must name the same seat.
    for state in playout_states(GAME, 3, "standard", seed=2, every=15):
        obs = state.observation(0)
        if obs["first_player"] is None:
            continue
        header = text_of(render(obs)).splitlines()[0]
        assert f"first player seat {obs['first_player']} " in header, header


def test_every_kind_of_decision_has_its_words():
    # The labels are a table keyed by action type: a decision type left out of it would
    # be shown to the player as its repr.
    import dataclasses

    from ludoteca.games.vintage import actions
    from ludoteca.games.vintage.view import LABELS

    outcomes = {actions.FirstPlayer, actions.BonusChip, actions.Card, actions.Die}
    decisions = {obj for obj in vars(actions).values() if isinstance(obj, type)
                 and dataclasses.is_dataclass(obj) and obj not in outcomes}
    assert decisions and decisions == set(LABELS)


def test_every_line_of_a_whole_seeded_match_fits_80_columns_and_is_read_whole():
    # Every state of one whole match, seen by each seat: no row is wider than 80
    # columns, and nothing is cut to get there (a long line wraps under its indent):
    # each face-up card, each circle taken and the prompt are on the screen whole.
    from ludoteca.games.vintage.render import WIDTH

    checked = 0
    for n in (2, 4):
        for state in playout_states(GAME, n, "standard", seed=11, every=1):
            for seat in range(n):
                obs = state.observation(seat)
                rows = str(render(obs)).split("\n")
                assert all(len(row) <= WIDTH for row in rows), max(rows, key=len)
                whole = " ".join(row.strip() for row in rows)
                for name in filter(None, obs["display"]):
                    assert name in whole
                assert " ".join(obs["prompt"].split()) in whole
                for a in obs["table"]:
                    used = [str(c["seat"]) for c in a["circles"] if c["seat"] is not None]
                    if used:
                        assert f"{a['name']} {','.join(used)}" in whole
                checked += 1
    assert checked > 500


def test_a_whole_match_in_the_terminal_prints_no_line_over_80_columns():
    result = CliRunner().invoke(
        app, ["play", "vintage", "--players", "2", "--seed", "5"], input="1\n" * 2000,
        terminal_width=80)
    assert result.exit_code == 0, result.output
    assert "The game is over" in result.output
    # The runner echoes no answer: what follows a prompt starts the row a terminal would.
    import re

    shown = re.sub(r"(Your move \[[^\]]*\]: )", r"\1\n", result.output)
    long = [line for line in shown.splitlines() if len(line) > 80]
    assert long == []
