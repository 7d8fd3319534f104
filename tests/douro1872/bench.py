"""Random-playout speed of Douro 1872, per CPU second, against a baseline commit in the same
run (a script, not a test).

    .venv/bin/python -m tests.douro1872.bench [--baseline REF] [--seconds S] [--rounds K]
    .venv/bin/python -m tests.douro1872.bench --instructions [--matches M]

Each measurement is a child process running random playouts (chance sampled by its
probabilities, decisions uniform among the legal actions) for ``S`` CPU seconds
(``time.process_time``) and counting actions: this tree with ``apply_trusted`` (and, for
comparison, ``apply_action``), the baseline's tree (``git archive REF``) with
``apply_action``, the only way it has. The kinds alternate for ``K`` rounds, so that both
see the same machine load; the best round of each is reported.

On a shared machine CPU time still varies with the load; ``--instructions`` counts the
machine instructions per action instead (valgrind's callgrind: ``M`` seeded matches minus an
empty run), which does not. Both trees play the very same matches (same seeds, same
actions), so the ratio compares the same work.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, random, sys, time
from ludoteca import load_game
from ludoteca.core.state import CHANCE, sample_chance
players, seconds, mode = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
limit = int(sys.argv[4]) if len(sys.argv) > 4 else -1  # a number of matches instead
game = load_game("douro1872")
rng = random.Random(0)
actions = matches = 0
start = time.process_time()
while (matches < limit) if limit >= 0 else (time.process_time() - start < seconds):
    state = game.new_initial_state(players)
    apply = state.apply_trusted if mode == "trusted" else state.apply_action
    choice = rng.choice
    while True:
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        elif player < 0:
            break
        else:
            action = choice(state.legal_actions())
        apply(action)
        actions += 1
    matches += 1
elapsed = time.process_time() - start
print(json.dumps({"actions_per_s": actions / max(elapsed, 1e-9),
                  "matches_per_s": matches / max(elapsed, 1e-9), "actions": actions}))
"""


def measure(src: Path, players: int, seconds: float, mode: str) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run([sys.executable, "-c", CHILD, str(players), str(seconds), mode],
                         env=env, capture_output=True, text=True, check=True, cwd=src)
    return json.loads(out.stdout)


def instructions(src: Path, players: int, matches: int, mode: str) -> tuple[float, int]:
    """(machine instructions per action, actions) of ``matches`` seeded random matches."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")

    def run(n: int) -> tuple[int, int]:
        """(instructions, actions) of a child playing ``n`` matches under callgrind."""
        with tempfile.TemporaryDirectory() as tmp:
            out = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                 sys.executable, "-c", CHILD, str(players), "0", mode, str(n)],
                env=env, capture_output=True, text=True, check=True, cwd=src)
        found = re.search(r"Collected : (\d+)", out.stderr)
        assert found, out.stderr
        return int(found.group(1)), json.loads(out.stdout)["actions"]

    empty, _ = run(0)
    total, actions = run(matches)
    return (total - empty) / actions, actions


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", default="20e6133")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, nargs="*", default=[4])
    parser.add_argument("--instructions", action="store_true",
                        help="count machine instructions per action (valgrind) instead")
    parser.add_argument("--matches", type=int, default=150)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", args.baseline, "src"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        kinds = {
            f"{args.baseline} apply_action": (Path(tmp) / "src", "checked"),
            "this tree apply_action": (ROOT / "src", "checked"),
            "this tree apply_trusted": (ROOT / "src", "trusted"),
        }
        if args.instructions:
            for players in args.players:
                base_src = Path(tmp) / "src"
                old, n = instructions(base_src, players, args.matches, "checked")
                new, m = instructions(ROOT / "src", players, args.matches, "trusted")
                assert n == m, "the two trees did not play the same matches"
                print(f"Douro 1872, {players} players, {n} actions of {args.matches} random "
                      f"matches: {args.baseline} apply_action {old:,.0f} instructions/action, "
                      f"this tree apply_trusted {new:,.0f} (x{old / new:.2f} fewer)")
            return 0
        for players in args.players:
            best: dict[str, float] = {}
            for _ in range(args.rounds):
                for name, (src, mode) in kinds.items():
                    rate = measure(src, players, args.seconds, mode)["actions_per_s"]
                    best[name] = max(best.get(name, 0.0), rate)
            base = best[f"{args.baseline} apply_action"]
            print(f"Douro 1872, {players} players, random playouts, actions per CPU second "
                  f"(best of {args.rounds} x {args.seconds:g} s):")
            for name, rate in best.items():
                print(f"  {name:<28} {rate:>10,.0f}   x{rate / base:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
