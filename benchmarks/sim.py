"""Mass-simulation throughput: random-agent matches per second, per worker and in parallel.

    python benchmarks/sim.py [--games desperados ...] [--seconds 5] [--workers 2]
                             [--baseline REF]

For each game's default set-up it prints:

* matches/s per worker - ``ludoteca.sim.simulate(..., workers=1)`` with random agents, per
  CPU second of the process (``time.process_time``: a busy machine lowers it less than
  wall time would);
* the machine's two processes - two independent processes each playing ``simulate(...,
  workers=1)`` at the same time, their matches per wall second added up: what the machine
  gives two processes right now (measured before and after the pool, averaged);
* the pool - ``simulate(..., workers=N)`` in one process playing the same matches in all
  (worker start-up, dispatch and collection included), matches per wall second;
* parallel efficiency - the pool divided by the independent processes (the issue's
  target: at least 90 %);
* CPU efficiency - CPU seconds per match of the independent processes against the pool's
  (the parent, the workers, their start-up): what the parallel machinery costs, whatever
  else the machine is doing.

``--baseline REF`` also measures the per-worker figure of a git commit (e.g. ``20e6133``,
the commit the issue's 46 matches/s for Desperados 4p were measured on), side by side in
the same run: REF's ``src`` is exported to a temporary directory (no worktree is created)
and the two are measured alternately in child processes, so machine drift hits both alike.

The wall-clock efficiency only means something on a quiet machine: another process
running during the pool but not during the two processes (or the other way round) moves
it by tens of percent. The load average is printed before and after, next to the CPU count;
a figure taken with a load above the CPU count is a lower bound. Figures, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PER_WORKER = """
import json, sys, time
from ludoteca.sim import simulate
game_id, players, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
n = int(sys.argv[4]) if len(sys.argv) > 4 else 0
start = time.process_time()
simulate(game_id, players, 5, seed=99, workers=1)  # warm up, and a first guess of the rate
if not n:
    n = max(5, int(seconds * 5 / (time.process_time() - start)))
cpu, wall = time.process_time(), time.perf_counter()
simulate(game_id, players, n, seed=1, workers=1)
print(json.dumps({"matches": n, "cpu": time.process_time() - cpu,
                  "wall": time.perf_counter() - wall}))
"""

POOL = """
import json, resource, sys, time
from ludoteca.sim import simulate
game_id, players, n, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
start, cpu = time.perf_counter(), time.process_time()
simulate(game_id, players, n, seed=1, workers=workers)
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
children = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"matches": n, "wall": wall,
                  "cpu": cpu + children.ru_utime + children.ru_stime}))
"""


def _run(src: Path, code: str, *args: object) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(src))
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tempfile.gettempdir())


def _result(proc: subprocess.Popen[str]) -> dict[str, float]:
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"a measurement failed:\n{err[-2000:]}")
    return json.loads(out.strip().splitlines()[-1])


def per_worker(src: Path, game_id: str, players: int, seconds: float) -> float:
    r = _result(_run(src, PER_WORKER, game_id, players, seconds))
    return r["matches"] / r["cpu"]


def independent(src: Path, game_id: str, players: int, matches: int, count: int
                ) -> tuple[float, float]:
    """``count`` single-worker processes running at once, each playing ``matches`` (timed
    inside each, after its imports): matches per wall second added up, and CPU seconds
    per match."""
    procs = [_run(src, PER_WORKER, game_id, players, 0, matches) for _ in range(count)]
    results = list(map(_result, procs))
    return (sum(r["matches"] / r["wall"] for r in results),
            sum(r["cpu"] for r in results) / sum(r["matches"] for r in results))


def pool(src: Path, game_id: str, players: int, matches: int, workers: int
         ) -> tuple[float, float]:
    """Matches per wall second of one ``simulate(workers=...)``, start-up included, and
    CPU seconds per match of the parent and its workers together."""
    r = _result(_run(src, POOL, game_id, players, matches, workers))
    return r["matches"] / r["wall"], r["cpu"] / r["matches"]


def export_source(ref: str, into: Path) -> Path:
    """The ``src`` tree of git commit ``ref``, written under ``into``; returns its path."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def _load() -> str:
    if not hasattr(os, "getloadavg"):
        return "unknown"
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    from rich.console import Console
    from rich.table import Table

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="CPU seconds per figure (the pool runs about as long)")
    parser.add_argument("--workers", type=int, default=2, help="processes in parallel")
    parser.add_argument("--repeat", type=int, default=2,
                        help="alternations of the processes and the pool (medians kept)")
    parser.add_argument("--baseline", metavar="REF",
                        help="also measure matches/s per worker at this git commit")
    args = parser.parse_args(argv)

    from ludoteca import game_ids, load_game

    src = ROOT / "src"
    console = Console() if Console().is_terminal else Console(width=200)
    table = Table(title=f"Random-agent matches per second ({args.seconds:g} s per figure, "
                        f"{args.workers} workers)")
    columns = ["Game", "Players", "Per worker (CPU s)"]
    if args.baseline:
        columns += [f"{args.baseline} (CPU s)", "Ratio"]
    columns += [f"{args.workers} processes (wall s)", "Pool (wall s)", "Efficiency",
                "CPU efficiency"]
    for column in columns:
        table.add_column(column, justify="left" if column == "Game" else "right")
    ids = args.games or game_ids()
    console.print(f"Load average before (1, 5, 15 min): {_load()} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        base_src = export_source(args.baseline, Path(tmp)) if args.baseline else None
        for game_id in ids:
            players, _ = load_game(game_id).info.configurations()[0]
            now = per_worker(src, game_id, players, args.seconds)
            row = [game_id, str(players), f"{now:,.1f}"]
            if base_src is not None:
                before = per_worker(base_src, game_id, players, args.seconds)
                row += [f"{before:,.1f}", f"{now / before:.2f}x"]
            # The same work both ways: each independent process plays ``each`` matches,
            # the pool plays them all. They alternate (processes, pool, processes, ...)
            # and the medians are kept, since the load of a shared machine drifts.
            each = max(10, int(now * args.seconds))
            machine, machine_cpu, ours, ours_cpu = [], [], [], []
            for _ in range(args.repeat):
                wall, cpu = independent(src, game_id, players, each, args.workers)
                machine.append(wall)
                machine_cpu.append(cpu)
                wall, cpu = pool(src, game_id, players, each * args.workers, args.workers)
                ours.append(wall)
                ours_cpu.append(cpu)
            efficiency = statistics.median(o / m for o, m in zip(ours, machine, strict=True))
            cpu_efficiency = statistics.median(
                m / o for o, m in zip(ours_cpu, machine_cpu, strict=True))
            row += [f"{statistics.median(machine):,.1f}", f"{statistics.median(ours):,.1f}",
                    f"{efficiency:.0%}", f"{cpu_efficiency:.0%}"]
            table.add_row(*row)
            console.print(f"measured {game_id} {players}p", style="dim")
    console.print(table)
    console.print(f"Load average after (1, 5, 15 min): {_load()} on {os.cpu_count()} CPUs")
    console.print("Per worker: matches per CPU second of one process. Processes and pool: "
                  "matches per wall second (medians); efficiency = pool / independent "
                  "processes (on a machine shared with other work this drifts with the "
                  "load). CPU efficiency = CPU seconds per match of the independent "
                  "processes / of the pool (parent, start-up and workers).")
    return 0


if __name__ == "__main__":
    started = time.perf_counter()
    code = main()
    print(f"({time.perf_counter() - started:.0f} s)")
    sys.exit(code)
