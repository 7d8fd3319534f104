"""What the RL adapters cost: engine actions per CPU second through each adapter, next to
the raw engine in the same run, and the same loop through a PettingZoo classic game and an
OpenSpiel Python game for comparison.

    python benchmarks/adapters.py                 # every game, its first set-up, 2 s a loop
    python benchmarks/adapters.py --game desperados --players 4 --variant partnership
    python benchmarks/adapters.py --all --seconds 1
    python benchmarks/adapters.py --all --baseline s3     # this code next to a git commit's

Every loop plays whole matches with uniformly random legal actions (chance sampled by its
probabilities) and counts *engine actions* (decisions and chance outcomes: the state's
``move_number`` at the end), so that the loops compare per step of the same engine. Every
loop draws with Python's ``random.Random``; a loop over an adapter reads the legal actions
from the mask it is given (``mask.nonzero()``), which it pays for:

* ``raw``: ``legal_actions`` + ``apply_action`` (chance: ``apply_trusted``);
* ``raw+obs``: the same, plus what any learner reads at every decision: the deciding seat's
  observation tensor as a new float32 array (``observation_tensor_into``, or
  ``observation_tensor`` turned into an array where the code has no such method) and
  ``legal_actions_mask``;
* ``pettingzoo``: the AEC loop (``agent_iter``, ``last()``, masked draw, ``step``), chance
  inside;
* ``gymnasium``: seat 0 with random-policy opponents (every other seat acts inside
  ``step``; the opponents' decisions are counted as engine actions too);
* ``openspiel``: ``legal_actions`` / ``chance_outcomes`` / ``apply_action`` on the
  OpenSpiel state;
* ``pz-free-obs``: the ``pettingzoo`` loop with the game's observation tensor replaced by
  a copy of a constant array (the mask is the real one): what the AEC protocol costs with
  an observation that costs nothing, the floor under the ``pettingzoo`` figure.

``cost`` is CPU time per engine action relative to ``raw`` (the target: adapters at most
2x); ``vs raw+obs`` relative to ``raw+obs``. PettingZoo's ``tictactoe_v3`` needs pygame-ce
(``pip install pygame-ce``, as PettingZoo's classic games do); it is skipped without.

``--baseline REF`` measures a git commit's code too: REF's ``src`` is exported (``git
archive``) to a temporary directory, and each set-up is measured in a child process
importing the current code, then in one importing REF's, one after the other so that a
change in the machine's load hits both alike; the table shows each loop's cost now and in
REF, each relative to its own process's ``raw``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.core.toygame

import numpy as np

from ludoteca.core.flow import CHANCE
from ludoteca.core.registry import load_game
from ludoteca.core.state import sample_chance

ROOT = Path(__file__).resolve().parents[1]
Loop = Callable[[int], tuple[int, int]]  # seed -> (engine actions, decisions) of one match


def raw_loop(game_id: str, n: int, variant: str, observe: bool) -> Loop:
    game = load_game(game_id)
    size = game.tensor_layout(n, variant).size

    def observation(state: object, player: int) -> np.ndarray:
        if hasattr(state, "observation_tensor_into"):
            return state.observation_tensor_into(player, np.empty(size, np.float32))
        return np.fromiter(state.observation_tensor(player), np.float32, count=size)

    def play(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = game.new_initial_state(n, variant)
        decisions = 0
        while True:
            player = state.current_player()
            if player == CHANCE:
                state.apply_trusted(sample_chance(state.chance_outcomes(), rng))
            elif player >= 0:
                if observe:
                    observation(state, player)
                    state.legal_actions_mask()
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            else:
                return state.move_number(), decisions
    return play


def pettingzoo_loop(make_env: Callable[[], object], moves: Callable[[object], int]) -> Loop:
    env = make_env()

    def play(seed: int) -> tuple[int, int]:
        env.reset(seed=seed)
        rng = random.Random(seed)
        decisions = 0
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
            decisions += 1
        return moves(env), decisions
    return play


def ludoteca_pettingzoo(game_id: str, n: int, variant: str) -> Loop:
    from ludoteca.adapters.pettingzoo import env

    return pettingzoo_loop(lambda: env(game_id, n, variant), lambda e: e.match.move_number())


def ludoteca_pettingzoo_free_obs(game_id: str, n: int, variant: str) -> Loop:
    from ludoteca.adapters import _arrays
    from ludoteca.adapters.pettingzoo import env

    def make() -> object:
        e = env(game_id, n, variant)
        zeros = np.zeros(e.observation_space(e.possible_agents[0])["observation"].shape,
                         np.float32)
        size = e.action_space(e.possible_agents[0]).n

        def observe(agent: str) -> dict[str, np.ndarray]:
            match = e.match
            mine = match.current_player() == e.agent_name_mapping[agent]
            return {"observation": zeros.copy(),
                    "action_mask": _arrays.mask(match.legal_actions() if mine else (), size)}
        e.observe = observe
        return e
    return pettingzoo_loop(make, lambda e: e.match.move_number())


def ludoteca_gymnasium(game_id: str, n: int, variant: str) -> Loop:
    from ludoteca.adapters.gymnasium import LudotecaEnv

    env = LudotecaEnv(game_id, n, variant, seat=0, opponents="random")

    def play(seed: int) -> tuple[int, int]:
        _, info = env.reset(seed=seed)
        rng = random.Random(seed)
        decisions = 0
        while True:
            action = rng.choice(info["action_mask"].nonzero()[0].tolist())
            _, _, terminated, truncated, info = env.step(action)
            decisions += 1
            if terminated or truncated:
                return env.match.move_number(), decisions
    return play


def openspiel_loop(game: object) -> Loop:
    def play(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            moves += 1
        return moves, decisions
    return play


def ludoteca_openspiel(game_id: str, n: int, variant: str) -> Loop:
    from ludoteca.adapters import openspiel

    return openspiel_loop(openspiel.load_game(game_id, n, variant))


def measure(loop: Loop, seconds: float) -> tuple[int, int, int, float]:
    """Plays matches for about ``seconds`` of CPU time: (matches, actions, decisions, cpu)."""
    loop(10**6)  # warm up (imports, caches)
    matches = actions = decisions = 0
    start = time.process_time()
    while True:
        a, d = loop(matches)
        matches, actions, decisions = matches + 1, actions + a, decisions + d
        cpu = time.process_time() - start
        if cpu >= seconds:
            return matches, actions, decisions, cpu


def row(name: str, result: tuple[int, int, int, float], raw: float | None,
        raw_obs: float | None) -> str:
    matches, actions, decisions, cpu = result
    per_action = cpu / actions
    cost = f"{per_action / raw:5.2f}x" if raw else "     "
    vs_obs = f"{per_action / raw_obs:5.2f}x" if raw_obs else "     "
    return (f"  {name:<26} {matches:6d} {actions:9d} {decisions:9d} {actions / cpu:11,.0f}"
            f" {per_action * 1e6:8.2f} {cost:>7} {vs_obs:>10}")


HEADER = (f"  {'loop':<26} {'matches':>6} {'actions':>9} {'decisions':>9} {'actions/cpu-s':>11}"
          f" {'us/act':>8} {'cost':>7} {'vs raw+obs':>10}")


LOOPS = ("raw", "raw+obs", "pettingzoo", "gymnasium", "openspiel", "pz-free-obs")
ADAPTERS = ("pettingzoo", "gymnasium", "openspiel")  # what the 2x target is about
Result = tuple[int, int, int, float]


def measure_setup(game_id: str, n: int, variant: str, seconds: float) -> dict[str, Result]:
    """Every loop of one set-up, in this process: loop name -> ``measure``'s figures."""
    makers = {
        "raw": lambda: raw_loop(game_id, n, variant, observe=False),
        "raw+obs": lambda: raw_loop(game_id, n, variant, observe=True),
        "pettingzoo": lambda: ludoteca_pettingzoo(game_id, n, variant),
        "gymnasium": lambda: ludoteca_gymnasium(game_id, n, variant),
        "openspiel": lambda: ludoteca_openspiel(game_id, n, variant),
        "pz-free-obs": lambda: ludoteca_pettingzoo_free_obs(game_id, n, variant),
    }
    return {name: measure(makers[name](), seconds) for name in LOOPS}


def per_action(result: Result) -> float:
    return result[3] / result[1]


def bench_setup(game_id: str, n: int, variant: str, seconds: float) -> list[float]:
    """Prints one set-up's table; returns the adapters' costs over ``raw``."""
    results = measure_setup(game_id, n, variant, seconds)
    print(f"\n{game_id} {n}p {variant}")
    print(HEADER)
    raw_per, obs_per = per_action(results["raw"]), per_action(results["raw+obs"])
    for name in LOOPS:
        print(row(name, results[name], raw_per, obs_per))
    return [per_action(results[name]) / raw_per for name in ADAPTERS]


def measure_elsewhere(src: Path, game_id: str, n: int, variant: str, seconds: float
                      ) -> dict[str, Result]:
    """``measure_setup`` in a child process importing ludoteca from ``src``."""
    command = [sys.executable, __file__, "--child", "--game", game_id, "--players", str(n),
               "--variant", variant, "--seconds", str(seconds)]
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"measuring {game_id} {n}p {variant} with {src} failed:\n"
                           f"{out.stderr[-3000:]}")
    data = json.loads(out.stdout.strip().splitlines()[-1])
    imported = Path(data.pop("ludoteca")).resolve()
    if not imported.is_relative_to(src.resolve()):
        raise RuntimeError(f"the child imported ludoteca from {imported}, not from {src}")
    return {name: tuple(figures) for name, figures in data.items()}


def bench_against(ref: str, chosen: list[tuple[str, int, str]], seconds: float
                  ) -> list[float]:
    """Each set-up measured with this code and with ``ref``'s, side by side."""
    worst = []
    with tempfile.TemporaryDirectory(prefix="ludoteca-bench-") as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        base = Path(tmp) / "src"
        print(f"now: {ROOT / 'src'}; baseline: {ref} (exported to {base})")
        for game_id, n, variant in chosen:
            now = measure_elsewhere(ROOT / "src", game_id, n, variant, seconds)
            before = measure_elsewhere(base, game_id, n, variant, seconds)
            print(f"\n{game_id} {n}p {variant}")
            print(f"  {'loop':<12} {'us/act now':>10} {'cost now':>9} {'us/act ' + ref:>14}"
                  f" {'cost ' + ref:>12} {'now/' + ref:>10}")
            raw_now, raw_before = per_action(now["raw"]), per_action(before["raw"])
            for name in LOOPS:
                a, b = per_action(now[name]), per_action(before[name])
                print(f"  {name:<12} {a * 1e6:10.2f} {a / raw_now:8.2f}x {b * 1e6:14.2f}"
                      f" {b / raw_before:11.2f}x {a / b:9.2f}x")
            worst.append(max(per_action(now[name]) / raw_now for name in ADAPTERS))
    print("\nus/act: CPU microseconds per engine action; cost: relative to raw in the same "
          "process; now/REF: this code's time per action over REF's.")
    return worst


def bench_references(seconds: float) -> None:
    print("\nreferences (the same loops on the libraries' own games)")
    print(HEADER)
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers it)

    for name in ("python_kuhn_poker", "kuhn_poker", "python_tic_tac_toe", "tic_tac_toe"):
        if name == "python_tic_tac_toe":
            from open_spiel.python.games import tic_tac_toe  # noqa: F401
        game = pyspiel.load_game(name)
        print(row(f"openspiel {name}", measure(openspiel_loop(game), seconds), None, None))
    try:
        from pettingzoo.classic import tictactoe_v3
    except ImportError as err:
        print(f"  pettingzoo tictactoe_v3: skipped ({err}; pip install pygame-ce)")
    else:
        loop = pettingzoo_loop(tictactoe_v3.env, lambda e: 0)
        result = measure(loop, seconds)
        # Its matches have no chance nodes: its engine actions are its decisions.
        result = (result[0], result[2], result[2], result[3])
        print(row("pettingzoo tictactoe_v3", result, None, None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game id (repeatable; default all)")
    parser.add_argument("--players", type=int)
    parser.add_argument("--variant")
    parser.add_argument("--all", action="store_true", help="every set-up, not the first")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per loop")
    parser.add_argument("--toy", action="store_true", help="also the core tests' High Card")
    parser.add_argument("--baseline", metavar="REF",
                        help="also measure this git commit's code, side by side")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.toy or (args.game and "highcard" in args.game):
        from tests.core.toygame import install

        install()
    from ludoteca.adapters._common import setups

    chosen = []
    for game_id, n, variant in setups(args.game, skip_broken=not args.game):
        if game_id == "highcard" and not (args.toy or args.game):
            continue
        if args.players is not None and n != args.players:
            continue
        if args.variant is not None and variant != args.variant:
            continue
        if not args.all and not (args.players or args.variant) and any(
                c[0] == game_id for c in chosen):
            continue
        chosen.append((game_id, n, variant))
    if not chosen:
        parser.error("no game set-up matches (is the game installed?)")
    if args.child:  # one set-up, as JSON, for --baseline
        import ludoteca

        (setup,) = chosen
        print(json.dumps({"ludoteca": ludoteca.__file__,
                          **measure_setup(*setup, args.seconds)}))
        return
    print(f"CPU seconds per loop: {args.seconds}; python {sys.version.split()[0]}")
    if args.baseline:
        worst = bench_against(args.baseline, chosen, args.seconds)
    else:
        worst = [max(bench_setup(*setup, args.seconds)) for setup in chosen]
    bench_references(args.seconds)
    print(f"\nlargest adapter cost over raw: {max(worst):.2f}x (target: at most 2x)")


if __name__ == "__main__":
    main()
