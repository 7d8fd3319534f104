"""A full match in the terminal, through the ``ludoteca`` command (item 10 of issue #3)."""

from __future__ import annotations

from typer.testing import CliRunner

from ludoteca import MatchRecord, replay
from ludoteca.cli import app


def test_full_terminal_match(tmp_path):
    saved = tmp_path / "douro.json"
    result = CliRunner().invoke(
        app, ["play", "douro1872", "--players", "3", "--seed", "4", "--save", str(saved)],
        input="1\n" * 60,
    )
    assert result.exit_code == 0, result.output
    assert "Douro Valley" in result.output and "The game is over" in result.output
    record = MatchRecord.from_json(saved.read_text().strip())
    assert record.finished and replay(record).is_terminal()


def test_two_player_terminal_match_shows_the_ghost(tmp_path):
    result = CliRunner().invoke(
        app, ["play", "douro1872", "--players", "2", "--seed", "9"], input="1\n" * 60,
    )
    assert result.exit_code == 0, result.output
    assert "D. Sebastião" in result.output
