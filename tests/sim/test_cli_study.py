"""`ludoteca simulate` and `ludoteca tournament` on the command line."""

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.sim import read_results
from tests.core.toygame import GAME_ID, install
from tests.sim import agents as _agents  # noqa: F401

install()
runner = CliRunner()


def test_tournament_takes_agents_after_one_flag(tmp_path):
    out = tmp_path / "t.jsonl"
    result = runner.invoke(app, ["tournament", GAME_ID, "--players", "3", "--agents", "random",
                                 "ismcts:iterations=10", "easy", "-n", "6", "--workers", "1",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "6 matches: 1 round(s) × 6 seatings" in result.output
    assert "Ratings" in result.output and "Head to head" in result.output
    records = [r.record for r in read_results(out)]
    assert len(records) == 6 and len({r.seed for r in records}) == 1
    assert sorted(tuple(r.agents) for r in records) == sorted(
        {tuple(r.agents) for r in records})


def test_simulate_reports_forfeits_and_keeps_the_rest(tmp_path):
    out = tmp_path / "s.jsonl"
    result = runner.invoke(app, ["simulate", GAME_ID, "-p", "2", "-n", "30", "--workers", "1",
                                 "--bot", "test-flaky:p=0.3", "--bot", "random",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "stopped by a fault" in result.output
    assert len(read_results(out)) == 30


@pytest.mark.parametrize(("args", "message"), [
    (["--out", "{tmp}/nowhere/x.jsonl"], "does not exist"),
    (["--out", "{tmp}"], "is a directory"),
    (["--backend", "spark"], "--backend is local or ray"),
    (["--address", "auto"], "--backend ray"),
    (["--move-time-limit", "0"], "above 0"),
])
def test_bad_run_options_fail_before_any_match(tmp_path, args, message):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    for command in (["simulate", GAME_ID, "-p", "2", "-n", "5"],
                    ["tournament", GAME_ID, "-p", "2", "--agents", "random", "easy"]):
        result = runner.invoke(app, [*command, *args])
        assert result.exit_code == 2, result.output
        assert message in result.output
        assert "Simulating" not in result.output and "Tournament" not in result.output


def test_tournament_needs_two_different_agents():
    result = runner.invoke(app, ["tournament", GAME_ID, "-p", "2", "--agents", "random"])
    assert result.exit_code == 2 and "at least two agents" in result.output
    result = runner.invoke(app, ["tournament", GAME_ID, "-p", "2", "--agents", "random",
                                 "oracle"])
    assert result.exit_code == 2 and "unknown agent 'oracle'" in result.output
