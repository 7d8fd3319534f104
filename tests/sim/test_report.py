"""`ludoteca report`: HTML with plots, CSV/JSON summaries, one file or two side by side."""

import csv
import json

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.sim import run_simulation, tournament
from ludoteca.sim.report import ReportError, figures, write_report
from tests.core.toygame import EDITION, GAME_ID, install
from tests.sim import agents as _agents  # noqa: F401

install()
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("results")
    a, b = folder / "a.jsonl", folder / "b.jsonl"
    edition = folder / "b.toml"
    edition.write_text(EDITION.read_text().replace("[2, 3, 5, 7, 11]", "[1, 2, 3, 4, 5, 6]"))
    run_simulation(GAME_ID, 3, 150, seed=1, workers=1, out=a,
                   agents=["test-flaky:p=0.05", "random", "random"])
    run_simulation(GAME_ID, 3, 150, seed=1, workers=1, out=b, edition=edition)
    t = folder / "t.jsonl"
    tournament(GAME_ID, 2, ["random", "ismcts:iterations=20"], 20, workers=1, out=t)
    return a, b, t


def test_figures_of_one_file(files):
    a, _, _ = files
    f = figures(a)
    assert (f.game, f.num_players, f.matches) == (GAME_ID, 3, 150)
    assert f.faults.get("error", 0) > 0
    assert sum(s.wins for s in f.seats) == pytest.approx(150 * f.fair_share * 3)
    assert sum(f.actions.values()) == sum(f.decisions)
    assert set(f.actions) == {"Bet", "Fold"} or set(f.actions) <= {"Bet", "Fold", "bet",
                                                                   "fold"}
    assert f.lengths and len(f.margins) == f.finished


def test_report_of_two_files_side_by_side(files, tmp_path):
    a, b, _ = files
    index = write_report([a, b], tmp_path / "rep", labels=["shipped", "six cards"])
    html = index.read_text()
    for name in ("win_rate_by_seat.png", "scores.png", "margins.png", "length.png",
                 "actions.png"):
        assert (tmp_path / "rep" / name).read_bytes().startswith(PNG)
        assert name in html
    assert "six cards against shipped" in html
    summary = json.loads((tmp_path / "rep" / "summary.json").read_text())
    assert [f["label"] for f in summary["files"]] == ["shipped", "six cards"]
    assert summary["files"][1]["edition"].startswith("custom")
    rows = list(csv.DictReader((tmp_path / "rep" / "summary.csv").open()))
    assert {r["section"] for r in rows} >= {"file", "seat", "action", "faults"}


def test_tournament_report_shows_ratings(files, tmp_path):
    _, _, t = files
    index = write_report([t], tmp_path / "t")
    assert (tmp_path / "t" / "ratings.png").read_bytes().startswith(PNG)
    assert "Head to head" in index.read_text()


def test_report_command(files, tmp_path):
    a, b, _ = files
    result = CliRunner().invoke(app, ["report", str(a), str(b), "--out", str(tmp_path / "c"),
                                      "--no-actions"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "c" / "index.html").exists()
    assert not (tmp_path / "c" / "actions.png").exists()


def test_report_refuses_what_it_cannot_read(files, tmp_path):
    a, _, t = files
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(ReportError, match="no match records"):
        figures(empty)
    with pytest.raises(ReportError, match="different set-ups"):
        write_report([a, t], tmp_path / "x")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": 3}\n')
    result = CliRunner().invoke(app, ["report", str(bad)])
    assert result.exit_code == 2 and "line 1" in result.output


def test_turn_order_is_the_seat_table_when_seat_0_always_opens(files, tmp_path):
    _, a, _ = files
    f = figures(a)
    assert [s.first_to_act for s in f.seats] == [f.matches, 0, 0]
    assert [t.wins for t in f.turn_order] == [s.wins for s in f.seats]
    page = write_report([a], tmp_path / "r").read_text()
    assert "Win rate by turn order" not in page
    assert "first-player advantage" in page


def test_a_vintage_report_counts_markers_by_the_action_placed_on(tmp_path):
    # Vintage's one move type "place" covers every action of its table: the report counts
    # each action placed on (the game's action_kind), and the shares still add up.
    from ludoteca.core.registry import game_ids, load_game

    if "vintage" not in game_ids():
        pytest.skip("Vintage is not installed")
    out = tmp_path / "v.jsonl"
    run_simulation("vintage", 2, 2, seed=3, workers=1, out=out, agents=["random", "random"])
    f = figures(out)
    assert sum(f.actions.values()) == sum(f.decisions)
    assert "place" not in f.actions
    names = {name.lower() for name in load_game("vintage").tables.action_names}
    placed = {kind.removeprefix("place: ") for kind in f.actions if kind.startswith("place: ")}
    assert placed and placed <= names and "harvest" in placed, f.actions
    assert "pass" in f.actions  # the other moves keep their type
    summary = write_report([out], tmp_path / "r").parent / "summary.csv"
    rows = list(csv.DictReader(summary.read_text().splitlines()))
    assert any(r["section"] == "action" and r["key"] == "place: harvest" for r in rows)
