"""Ctrl-C during `ludoteca simulate`: workers stop, no process stays behind, every finished
match is kept in --out. The command runs in a subprocess that is sent SIGINT, as a
terminal sends it (to the whole process group) or as `kill -INT` does (to the parent)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludoteca.sim import match_seed, read_results
from ludoteca.sim.runner import MAX_CHUNK

ROOT = Path(__file__).resolve().parents[2]

CHILD = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from tests.core.toygame import install
install()
import tests.sim.agents
from ludoteca.cli import main
if __name__ == "__main__":
    sys.argv = ["ludoteca", *sys.argv[1:]]
    main()
"""


def _children(pid: int) -> set[int]:
    """Every descendant of ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize(("workers", "to_group"), [(2, True), (1, False)])
def test_ctrl_c_stops_cleanly_and_keeps_finished_matches(tmp_path, workers, to_group):
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen(
        [sys.executable, str(script), "simulate", "highcard", "-p", "3", "-n", "100000",
         "--workers", str(workers), "--bots", "test-slow:delay=0.01", "--out", str(out)],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if out.exists() and len(out.read_text().splitlines()) >= 5:
                break
            time.sleep(0.1)
        else:
            pytest.fail("no match finished within a minute")
        children = _children(proc.pid)
        assert len(children) >= workers - 1
        before = len(out.read_text().splitlines())
        if to_group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            os.kill(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "Interrupted" in stdout
    time.sleep(0.2)
    assert not [pid for pid in children if _alive(pid)], "a worker outlived the command"
    results = read_results(out)
    assert len(results) >= before
    # A worker plays a chunk of up to MAX_CHUNK matches ahead of the others.
    seeds = [match_seed(1, i) for i in range(len(results) + workers * MAX_CHUNK)]
    positions = [seeds.index(r.record.seed) for r in results]
    assert positions == sorted(set(positions))  # match order, no duplicates
    assert all(r.record.finished for r in results)
    assert f"{len(results)} finished matches kept" in stdout


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize("delay", [0.0, 0.3])
def test_workers_exit_when_the_command_is_killed_outright(tmp_path, delay):
    """SIGKILL gives the command no chance to stop its workers: each must notice its pipe
    close (waiting for a chunk, sending matches, or sending a heartbeat from a slow
    match) and exit rather than run or wait forever."""
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen(
        [sys.executable, str(script), "simulate", "highcard", "-p", "3", "-n", "100000",
         "--workers", "2", "--bots", f"test-slow:delay={delay}", "--out", str(out)],
        cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True,
        start_new_session=True)
    children: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(_children(proc.pid)) < 2:
            time.sleep(0.1)
        time.sleep(1.0)  # the workers are playing
        children = _children(proc.pid)
        assert len(children) >= 2
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(pid) for pid in children):
            time.sleep(0.1)
        assert not [pid for pid in children if _alive(pid)], "a worker outlived the command"
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
        for pid in children:  # orphans now: the test cleans up what it started
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
