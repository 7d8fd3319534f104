"""The training example runs a few hundred steps and writes its curve (the real curves in
docs/rl.md take CPU minutes: see that page). Needs the train extra (sb3-contrib, torch)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="needs the rl extra: pip install 'ludoteca[rl]'")
pytest.importorskip("torch", reason="needs the train extra: pip install 'ludoteca[train]'")
pytest.importorskip("sb3_contrib", reason="needs the train extra: pip install 'ludoteca[train]'")

ROOT = Path(__file__).resolve().parents[2]


def test_training_smoke(tmp_path):
    command = [sys.executable, str(ROOT / "examples" / "train_maskable_ppo.py"),
               "--game", "douro1872", "--players", "2", "--steps", "256", "--envs", "4",
               "--eval-every", "128", "--eval-matches", "4", "--final-matches", "6",
               "--out", str(tmp_path)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "done: 256 steps" in done.stdout
    result = json.loads((tmp_path / "douro1872-2p.json").read_text())
    assert result["steps"] == 256 and result["cpu_minutes"] > 0
    steps = [point["steps"] for point in result["curve"]]
    assert steps == sorted(steps) and steps[-1] == 256 and len(steps) >= 3
    for point in [*result["curve"], result["random_policy"]]:
        for opponent in ("random", "heuristic"):
            figures = point[opponent]
            assert 0 <= figures["low"] <= figures["win_rate"] <= figures["high"] <= 1
    assert result["final"]["random"]["matches"] == 6
    png = tmp_path / "douro1872-2p.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
