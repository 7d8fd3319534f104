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
EXAMPLE_GAMES = [g for g in GAMES if g != "highcard"] or ["highcard"]
LAUNCH = (
    "import runpy, sys\n"
    "from tests.core.toygame import install\n"
    "install()\n"
    "sys.argv = sys.argv[1:]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


def run_example(game: str, script: str, *args: str) -> str:
    path = str(ROOT / "examples" / script)
    command = [sys.executable, path, *args]
    if game == "highcard":
        command = [sys.executable, "-c", LAUNCH, path, *args]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def first_setup(game: str) -> tuple[int, str]:
    from ludoteca.core.registry import load_game

    return load_game(game).info.configurations()[0]


@pytest.mark.parametrize("game", EXAMPLE_GAMES)
def test_pettingzoo_random(game):
    n, variant = first_setup(game)
    out = run_example(game, "pettingzoo_random.py", "--game", game, "--players", str(n),
                      "--variant", variant, "--matches", "2", "--render")
    assert "match 1:" in out and "total returns" in out


@pytest.mark.parametrize("game", EXAMPLE_GAMES)
def test_gymnasium_masked(game):
    n, variant = first_setup(game)
    out = run_example(game, "gymnasium_masked.py", "--id", f"ludoteca/{game}-{n}p-{variant}-v0",
                      "--episodes", "2")
    assert "average return over 2 episodes" in out


@pytest.mark.parametrize("game", EXAMPLE_GAMES)
def test_openspiel_ismcts(game):
    n, variant = first_setup(game)
    out = run_example(game, "openspiel_ismcts.py", "--game", game, "--players", str(n),
                      "--variant", variant, "--simulations", "5", "--matches", "1")
    assert "win shares" in out
