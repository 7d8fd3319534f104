"""Engine throughput of every registered game, on one core (DESIGN.md section 7).

    python benchmarks/engine.py [--games desperados ...] [--seconds 2] [--all-configs]

For each game (its default set-up, or with ``--all-configs`` every player count and
variant) it prints:

* actions/s - random playouts: ``legal_actions`` + ``apply_action``, chance outcomes
  sampled by their probabilities (the inner loop of a Monte Carlo search), no determinize;
* matches/s - whole random playouts per second in the same run;
* clones/s - ``clone()`` of mid-game states (what every search node pays);
* determinize/s - ``determinize(seat, rng)`` of the same states (what IS-MCTS pays per
  iteration);
* IS-MCTS iterations/s - the ``ismcts`` agent (default rollout) deciding at those states.

These are figures to compare engines and commits, not a pass/fail test. The random steps
are :func:`ludoteca.testing.random_step`, the same as the conformance playouts.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from ludoteca import game_ids, load_game
from ludoteca.core.state import Game, State
from ludoteca.testing import random_step


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second, running ``work`` (which returns units done) repeatedly."""
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        done += work()
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def playout_rates(game: Game, players: int, variant: str, seconds: float) -> tuple[float, float]:
    """(actions/s, matches/s) of random playouts."""
    rng = random.Random(0)
    actions = matches = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state(players, variant)
        while not state.is_terminal():
            random_step(state, rng)
            actions += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, matches / elapsed


def midgame_states(game: Game, players: int, variant: str, count: int = 50) -> list[State]:
    """States from the middle of random playouts, where states are largest."""
    rng = random.Random(1)
    states = []
    for _ in range(count):
        state = game.new_initial_state(players, variant)
        path = [state.clone()]
        while not state.is_terminal():
            random_step(state, rng)
            path.append(state.clone())
        states.append(path[len(path) // 2])
    return states


def clone_rate(states: list[State], seconds: float) -> float:
    def work() -> int:
        for state in states:
            state.clone()
        return len(states)

    return _rate(work, seconds)


def determinize_rate(states: list[State], seconds: float) -> float:
    rng = random.Random(2)
    live = [s for s in states if not s.is_terminal()]
    if not live:
        return float("nan")

    def work() -> int:
        for state in live:
            state.determinize(max(state.current_player(), 0), rng)
        return len(live)

    return _rate(work, seconds)


def ismcts_rate(states: list[State], seconds: float, iterations: int = 50) -> float:
    from ludoteca.agents.ismcts import ISMCTSAgent

    agent = ISMCTSAgent(iterations=iterations)
    rng = random.Random(3)
    deciding = [s for s in states if s.current_player() >= 0]
    if not deciding:
        return float("nan")

    def work() -> int:
        for state in deciding[:5]:
            player = state.current_player()
            agent.act(state.determinize(player, rng), player, rng)
        return iterations * len(deciding[:5])

    return _rate(work, seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--all-configs", action="store_true",
                        help="every player count and variant, not only the default set-up")
    args = parser.parse_args(argv)

    try:
        ids = args.games or game_ids()
    except Exception as err:  # a half-written game: measure the ones that load
        print(f"game discovery failed: {err!r}", file=sys.stderr)
        ids = game_ids()
    if not ids:
        print("no games registered", file=sys.stderr)
        return 1
    table = Table(title=f"ludoteca engine throughput ({args.seconds:g} s per figure, one core)")
    for column in ("Game", "Players", "Variant", "Actions/s", "Matches/s", "Clones/s",
                   "Determinize/s", "IS-MCTS it/s", "Actions/match"):
        table.add_column(column, justify="left" if column in ("Game", "Variant") else "right",
                         no_wrap=True)
    console = Console()
    if not console.is_terminal:
        console = Console(width=160)  # piped to a file: keep the figures whole
    for game_id in ids:
        game = load_game(game_id)
        configs = game.info.configurations()
        for players, variant in configs if args.all_configs else configs[:1]:
            actions, matches = playout_rates(game, players, variant, args.seconds)
            states = midgame_states(game, players, variant)
            table.add_row(
                game_id, str(players), variant,
                f"{actions:,.0f}", f"{matches:,.1f}",
                f"{clone_rate(states, args.seconds):,.0f}",
                f"{determinize_rate(states, args.seconds):,.0f}",
                f"{ismcts_rate(states, args.seconds):,.0f}",
                f"{actions / matches:,.1f}" if matches else "-",
            )
            console.print(f"measured {game_id} {players}p {variant}", style="dim")
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
