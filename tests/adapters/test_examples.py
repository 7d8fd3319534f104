"""Each example runs, small, in its own process (on the toy game when the real games are
not there, through a launcher that registers it first)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="needs the rl extra: pip install 'ludoteca[rl]'")

from tests.adapters.conftest import GAMES

ROOT = Path(__file__).resolve().parents[2]
REAL = [g for g in GAMES if g != "highcard"]
GAME = REAL[0] if REAL else "highcard"
LAUNCH = (
    "import runpy, sys\n"
    "from tests.core.toygame import install\n"
    "install()\n"
    "sys.argv = sys.argv[1:]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


def run_example(script: str, *args: str) -> str:
    path = str(ROOT / "examples" / script)
    command = [sys.executable, path, *args]
    if GAME == "highcard":
        command = [sys.executable, "-c", LAUNCH, path, *args]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def players() -> str:
    from ludoteca.core.registry import load_game

    return str(load_game(GAME).info.configurations()[0][0])


def test_pettingzoo_random():
    out = run_example("pettingzoo_random.py", "--game", GAME, "--players", players(),
                      "--matches", "2", "--render")
    assert "match 1:" in out and "total returns" in out


def test_gymnasium_masked():
    from ludoteca.core.registry import load_game

    n, variant = load_game(GAME).info.configurations()[0]
    out = run_example("gymnasium_masked.py", "--id", f"ludoteca/{GAME}-{n}p-{variant}-v0",
                      "--episodes", "2")
    assert "average return over 2 episodes" in out


def test_openspiel_ismcts():
    out = run_example("openspiel_ismcts.py", "--game", GAME, "--players", players(),
                      "--simulations", "5", "--matches", "1")
    assert "win shares" in out
