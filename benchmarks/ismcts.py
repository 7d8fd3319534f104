"""IS-MCTS decision time per game, per CPU second of one process.

    python benchmarks/ismcts.py [--games desperados ...] [--spec ismcts:iterations=1000]
                                [--positions 12] [--all-configs]

For each game (its default set-up, or every player count and variant) it samples decision
points from seeded random playouts - early, middle and late in the match - hands the agent
the acting seat's determinized view (as a match does) and measures, in CPU time
(``time.process_time``):

* seconds per decision: mean, median and the slowest (the issue's target: 1,000
  iterations under 0.5 s on every game);
* iterations per second and forward-model calls per iteration (actions applied in the
  tree and the rollout, chance included, plus the sampled world).

Decisions with a single legal action are skipped (the agent answers them at once).
Figures, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from rich.console import Console
from rich.table import Table


def decision_points(game, players: int, variant: str, count: int, seed: int = 7) -> list:
    """``count`` states where a seat has a real choice, spread over the match."""
    from ludoteca.core.state import CHANCE, sample_chance

    rng = random.Random(seed)
    points = []
    matches = 0
    while len(points) < count and matches < 10 * count:
        matches += 1
        state = game.new_initial_state(players, variant)
        path = []
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                path.append(state.clone())
            state.apply_action(rng.choice(legal))
        if not path:
            continue
        for fraction in (0.1, 0.5, 0.85):  # early, middle, late
            if len(points) < count:
                points.append(path[min(len(path) - 1, int(fraction * len(path)))])
    return points


def measure(game_id: str, players: int, variant: str, spec: str, positions: int
            ) -> dict[str, float]:
    from ludoteca import load_game, make_agent

    game = load_game(game_id)
    states = decision_points(game, players, variant, positions)
    times, iterations, calls = [], 0, 0
    rng = random.Random(11)
    for state in states:
        agent = make_agent(spec)  # a fresh agent: no tree kept from another position
        seat = state.current_player()
        view = state.determinize(seat, rng)
        start = time.process_time()
        agent.act(view, seat, rng)
        times.append(time.process_time() - start)
        iterations += agent.last_search.get("iterations", 0)
        calls += agent.last_search.get("calls", 0)
    total = sum(times)
    return {"positions": len(states), "mean": total / len(times),
            "median": statistics.median(times), "max": max(times),
            "iterations_per_s": iterations / total if total else float("nan"),
            "calls_per_iteration": calls / iterations if iterations else float("nan")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--spec", default="ismcts:iterations=1000",
                        help="the agent to time (default ismcts:iterations=1000)")
    parser.add_argument("--positions", type=int, default=12, help="decision points per set-up")
    parser.add_argument("--all-configs", action="store_true",
                        help="every player count and variant, not only the default set-up")
    args = parser.parse_args(argv)

    from ludoteca import game_ids, load_game

    console = Console() if Console().is_terminal else Console(width=200)
    table = Table(title=f"{args.spec}: CPU seconds per decision")
    for column in ("Game", "Players", "Variant", "Positions", "Mean s", "Median s", "Max s",
                   "Iterations/s", "Calls/iteration"):
        table.add_column(column, justify="left" if column in ("Game", "Variant") else "right")
    for game_id in args.games or game_ids():
        configs = load_game(game_id).info.configurations()
        for players, variant in configs if args.all_configs else configs[:1]:
            row = measure(game_id, players, variant, args.spec, args.positions)
            table.add_row(game_id, str(players), variant, str(row["positions"]),
                          f"{row['mean']:.3f}", f"{row['median']:.3f}", f"{row['max']:.3f}",
                          f"{row['iterations_per_s']:,.0f}",
                          f"{row['calls_per_iteration']:.1f}")
            console.print(f"measured {game_id} {players}p {variant}", style="dim")
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
