"""Engine throughput of every registered game, per CPU second of one process.

    python benchmarks/engine.py [--games desperados ...] [--seconds 2] [--all-configs]
                                [--baseline REF]

For each game (its default set-up, or with ``--all-configs`` every player count and
variant) it prints, per CPU second (``time.process_time``, so a busy machine does not
lower the figures as much as wall time would):

* rollout actions/s - random playouts through the trusted apply path (``apply_trusted``):
  ``legal_actions`` + apply, chance outcomes sampled by their probabilities, the inner loop
  of a Monte Carlo search;
* checked actions/s - the same playouts through ``apply_action`` (what outside callers pay);
* matches/s - whole random playouts (trusted path);
* clones/s - ``clone()`` of mid-game states (what every search node pays);
* determinize/s - ``determinize(seat, rng)`` of the same states (IS-MCTS pays it per
  iteration);
* IS-MCTS iterations/s - the ``ismcts`` agent deciding at those states.

``--baseline REF`` measures a git commit (a branch, a tag, ``HEAD~1``) side by side: the
REF is checked out into a temporary worktree, and each figure is measured alternately in
a child process importing the current code and one importing REF's, so machine drift hits
both; the table then shows both figures and their ratio. Figures, not a pass/fail test.

A speed-up must not change what the games do, so with ``--baseline`` both trees first play
``--same N`` seeded random matches per set-up (default 100; 0 skips it) and the ``same``
column says whether every action, the legal actions and chance outcomes before it, its
events, and the final returns, scores, information states and observations were identical
(:func:`fingerprint`). The command exits with status 2 if any set-up differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# A child process puts the measured tree's ``src`` first on the path before importing this.
from ludoteca.core.state import CHANCE, sample_chance

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ("rollout", "checked", "matches", "clones", "determinize", "ismcts")


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per CPU second, running ``work`` (which returns units done) repeatedly."""
    done = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        done += work()
        now = time.process_time()
        if now >= deadline:
            return done / (now - start)


def _sample(state, rng: random.Random) -> int:
    # CHANCE and sample_chance are imported once, at the top: an import statement here
    # would run once per action and cost about a sixth of a Douro 1872 playout.
    if state.current_player() == CHANCE:
        return sample_chance(state.chance_outcomes(), rng)
    return rng.choice(state.legal_actions())


def playout_rates(game, players: int, variant: str, seconds: float, trusted: bool
                  ) -> tuple[float, float]:
    """(actions, matches) per CPU second of random playouts."""
    rng = random.Random(0)
    actions = matches = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = game.new_initial_state(players, variant)
        apply = getattr(state, "apply_trusted", None) if trusted else None
        apply = apply or state.apply_action
        while not state.is_terminal():
            apply(_sample(state, rng))
            actions += 1
        matches += 1
    elapsed = time.process_time() - start
    return actions / elapsed, matches / elapsed


def midgame_states(game, players: int, variant: str, count: int = 50) -> list:
    """States from the middle of random playouts, where states are largest."""
    rng = random.Random(1)
    states = []
    for _ in range(count):
        state = game.new_initial_state(players, variant)
        path = [state.clone()]
        while not state.is_terminal():
            state.apply_action(_sample(state, rng))
            path.append(state.clone())
        states.append(path[len(path) // 2])
    return states


def clone_rate(states: list, seconds: float) -> float:
    def work() -> int:
        for state in states:
            state.clone()
        return len(states)

    return _rate(work, seconds)


def determinize_rate(states: list, seconds: float) -> float:
    rng = random.Random(2)
    live = [s for s in states if not s.is_terminal()]
    if not live:
        return float("nan")

    def work() -> int:
        for state in live:
            state.determinize(max(state.current_player(), 0), rng)
        return len(live)

    return _rate(work, seconds)


def ismcts_rate(states: list, seconds: float, iterations: int = 50) -> float:
    from ludoteca.agents.ismcts import ISMCTSAgent

    agent = ISMCTSAgent(iterations=iterations)
    rng = random.Random(3)
    deciding = [s for s in states if s.current_player() >= 0][:5]
    if not deciding:
        return float("nan")

    def work() -> int:
        for state in deciding:
            player = state.current_player()
            agent.act(state.determinize(player, rng), player, rng)
        return iterations * len(deciding)

    return _rate(work, seconds)


def fingerprint(game_id: str, players: int, variant: str, matches: int) -> str:
    """A digest of ``matches`` seeded random matches: at every node the player to act, the
    legal actions or chance outcomes and the action taken, its events (with their
    audiences); at move 40, a determinized view of the seat to act (the match goes on in a
    clone); at the end the returns, scores, every seat's information state and every
    observation. Even seeds apply through ``apply_action``, odd ones through
    ``apply_trusted``. Two trees that play alike give the same digest."""
    from ludoteca import load_game

    game = load_game(game_id)
    digest = hashlib.sha256()

    def put(*items: object) -> None:
        digest.update(json.dumps(items, sort_keys=True, default=repr).encode())
        digest.update(b"\n")

    for seed in range(matches):
        rng = random.Random(seed)
        state = game.new_initial_state(players, variant)
        while not state.is_terminal():
            player = state.current_player()
            if state.move_number() == 40:  # well into every game
                view = state.determinize(max(player, 0), random.Random(seed))
                put(view.observation(max(player, 0)), view.legal_actions())
                state = state.clone()
            put(player, state.legal_actions(), state.chance_outcomes())
            action = _sample(state, rng)
            (state.apply_trusted if seed % 2 else state.apply_action)(action)
            put(action, [(e.to_json(), e.to, e.hidden_from) for e in state.events()])
        put(state.returns(), state.scores(), state.history())
        for seat in range(players):
            put(state.information_state_string(seat), state.observation(seat))
        put(state.observation(None))
    return digest.hexdigest()


def measure(game_id: str, players: int, variant: str, seconds: float) -> dict[str, float]:
    """Every figure of one set-up, in this process."""
    from ludoteca import load_game

    game = load_game(game_id)
    rollout, matches = playout_rates(game, players, variant, seconds, trusted=True)
    checked, _ = playout_rates(game, players, variant, seconds, trusted=False)
    states = midgame_states(game, players, variant)
    return {
        "rollout": rollout, "checked": checked, "matches": matches,
        "clones": clone_rate(states, seconds),
        "determinize": determinize_rate(states, seconds),
        "ismcts": ismcts_rate(states, seconds),
    }


def _child(src: Path, call: str, *args: object) -> Any:
    """``engine.<call>(*args)`` in a fresh process importing ludoteca from ``src``."""
    code = (f"import json, sys; sys.path.insert(0, {str(src)!r}); "
            f"sys.path.insert(0, {str(Path(__file__).parent)!r}); import engine; "
            f"print(json.dumps(engine.{call}(*{args!r})))")
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"{call}{args!r} at {src} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _configs(ids: list[str], all_configs: bool) -> list[tuple[str, int, str]]:
    from ludoteca import load_game

    out = []
    for game_id in ids:
        configs = load_game(game_id).info.configurations()
        out += [(game_id, n, v) for n, v in (configs if all_configs else configs[:1])]
    return out


def main(argv: list[str] | None = None) -> int:
    from rich.console import Console
    from rich.table import Table

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per figure")
    parser.add_argument("--all-configs", action="store_true",
                        help="every player count and variant, not only the default set-up")
    parser.add_argument("--baseline", metavar="REF",
                        help="also measure this git commit, side by side, and print ratios")
    parser.add_argument("--same", type=int, default=100, metavar="N",
                        help="with --baseline: seeded random matches per set-up that must play "
                             "identically in both trees (0: no check)")
    args = parser.parse_args(argv)
    if args.same < 0:
        parser.error("--same is a number of matches, 0 or more")

    from ludoteca import game_ids

    ids = args.games or game_ids()
    if not ids:
        print("no games registered", file=sys.stderr)
        return 1
    console = Console()
    if not console.is_terminal:
        console = Console(width=260)  # piped to a file: keep the figures whole
    title = f"ludoteca engine, per CPU second ({args.seconds:g} s per figure)"
    table = Table(title=title + (f", against {args.baseline}" if args.baseline else ""))
    columns = ("Game", "Players", "Variant", *FIGURES)
    if args.baseline and args.same:
        columns += ("same",)
    for column in columns:
        table.add_column(column, justify="left" if column in ("Game", "Variant") else "right",
                         no_wrap=True)
    configs = _configs(ids, args.all_configs)
    if not args.baseline:
        for game_id, players, variant in configs:
            row = measure(game_id, players, variant, args.seconds)
            table.add_row(game_id, str(players), variant, *(f"{row[f]:,.0f}" for f in FIGURES))
            console.print(f"measured {game_id} {players}p {variant}", style="dim")
        console.print(table)
        return 0
    differ = False
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base),
                        args.baseline], check=True)
        try:
            for game_id, players, variant in configs:
                setup = (game_id, players, variant)
                same: tuple[str, ...] = ()
                if args.same:
                    alike = (_child(ROOT / "src", "fingerprint", *setup, args.same)
                             == _child(base / "src", "fingerprint", *setup, args.same))
                    differ |= not alike
                    same = (f"yes ({args.same})" if alike else "DIFFERENT",)
                # Alternate the two, so a change in the machine's speed hits both alike.
                now = _child(ROOT / "src", "measure", *setup, args.seconds)
                before = _child(base / "src", "measure", *setup, args.seconds)
                table.add_row(game_id, str(players), variant, *(
                    f"{now[f]:,.0f} / {before[f]:,.0f} = {now[f] / before[f]:.2f}x"
                    if before[f] == before[f] and before[f] else f"{now[f]:,.0f}"
                    for f in FIGURES), *same)
                console.print(f"measured {game_id} {players}p {variant}", style="dim")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=False)
    console.print(table)
    console.print("Each cell: now / baseline = ratio. A baseline without the trusted apply "
                  "path measures its checked path in the rollout column.")
    if differ:
        console.print(f"Some set-ups did not play alike in this tree and {args.baseline}: "
                      "their rules or events differ.", style="bold red")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
