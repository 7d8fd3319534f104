"""Puerto Diablo in the terminal: a whole match through ``ludoteca play``, and a board that
fits 80x24 without showing what the seat may not see."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from ludoteca import MatchRecord, load_game, replay
from ludoteca.cli import app
from ludoteca.games.puertodiablo.render import _short, render
from ludoteca.testing import playout_states

GAME = load_game("puertodiablo")


def text_of(renderable) -> str:
    console = Console(file=io.StringIO(), width=80, record=True)
    console.print(renderable)
    return console.export_text()


def test_full_terminal_match(tmp_path):
    saved = tmp_path / "puertodiablo.json"
    result = CliRunner().invoke(
        app, ["play", "puertodiablo", "--players", "2", "--seed", "3", "--save", str(saved)],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "Puerto Diablo" in result.output and "The game is over" in result.output
    record = MatchRecord.from_json(saved.read_text().strip())
    assert record.finished and replay(record).is_terminal()


def test_the_board_fits_80_columns_and_leaves_room_for_the_choices():
    for n in (2, 5):
        for state in playout_states(GAME, n, "standard", seed=2, every=20):
            lines = text_of(render(state.observation(0))).splitlines()
            assert all(len(line) <= 80 for line in lines)
            assert len(lines) <= 12, "\n".join(lines)


def test_the_board_hides_the_others_choices_ashore():
    for state in playout_states(GAME, 3, "standard", seed=5, every=3):
        text = text_of(render(state.observation(1)))
        for q in (0, 2):
            for c in state.chosen[q]:
                name = _short(GAME.tables.char_names[c], 10)
                shown = state.observation(1)["seats"][q]
                if name in text:
                    assert any(x["id"] == c for x in shown["ship"] + shown["ashore"])


def test_a_list_of_long_choices_is_folded_until_its_rows_fit_24():
    # Five ways to play one card, each label wrapping to two rows: the folding counted
    # entries (8 fit), not their rows, and the screen ran to 27 rows, its board's top
    # scrolling away. Under the board the list is folded until its rows fit.
    from unittest import mock

    from ludoteca.cli import play
    from ludoteca.games.puertodiablo.steps import Purchase

    from .helpers import T, table

    s = table(3, {0: ["C40", "C14", "C45", "C26", "C27"], 1: ["C04"], 2: ["C10"]},
              market=["C03", "C05", "C06", "C09"])
    s.market[4:8] = [T.abi_names.index(n) for n in ("Windfall", "Sabotage", "Lucky Charm",
                                                      "Second Wind")]
    s.hand[0] = [T.abi_names.index("Loose Purse")]
    s.push(Purchase(0, 3))
    console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
    with mock.patch.object(play, "console", console):
        agent = play.HumanAgent(GAME)
        head, entries, board = agent.layout(s, 0)
        lines = agent._lines(head, entries, back=False)
        rows = play._rows(board) + len(lines) + 2
    assert any(len(acts) > 1 for _, _, acts in entries)
    assert rows <= 24, "\n".join(line.plain for line in lines)
