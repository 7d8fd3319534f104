"""What the RL adapters cost: engine actions per CPU second through each adapter, next to
the raw engine in the same run, and the same loop through a PettingZoo classic game and an
OpenSpiel Python game for comparison.

    python benchmarks/adapters.py                 # every game, its first set-up, 2 s a loop
    python benchmarks/adapters.py --game desperados --players 4 --variant partnership
    python benchmarks/adapters.py --all --seconds 1

Every loop plays whole matches with uniformly random legal actions (chance sampled by its
probabilities) and counts *engine actions* (decisions and chance outcomes: the state's
``move_number`` at the end), so that the loops compare per step of the same engine:

* ``raw``: ``legal_actions`` + ``apply_action`` (chance: ``apply_trusted``);
* ``raw+obs``: the same, plus the deciding seat's ``observation_tensor`` and
  ``legal_actions_mask`` at every decision (what any learner reads);
* ``pettingzoo``: the AEC loop (``last()``, masked sample, ``step``), chance inside;
* ``gymnasium``: seat 0 with random-policy opponents (every other seat acts inside
  ``step``; the opponents' decisions are counted as engine actions too);
* ``openspiel``: ``legal_actions`` / ``chance_outcomes`` / ``apply_action`` on the
  OpenSpiel state.

``cost`` is CPU time per engine action relative to ``raw`` (the target: adapters at most
2x); ``vs raw+obs`` relative to ``raw+obs``. PettingZoo's ``tictactoe_v3`` needs pygame-ce
(``pip install pygame-ce``, as PettingZoo's classic games do); it is skipped without.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.core.toygame

import numpy as np

from ludoteca.core.flow import CHANCE
from ludoteca.core.registry import load_game
from ludoteca.core.state import sample_chance

Loop = Callable[[int], tuple[int, int]]  # seed -> (engine actions, decisions) of one match


def raw_loop(game_id: str, n: int, variant: str, observe: bool) -> Loop:
    game = load_game(game_id)

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
                    state.observation_tensor(player)
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
        rng = np.random.default_rng(seed)
        decisions = 0
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
        return moves(env), decisions
    return play


def ludoteca_pettingzoo(game_id: str, n: int, variant: str) -> Loop:
    from ludoteca.adapters.pettingzoo import env

    return pettingzoo_loop(lambda: env(game_id, n, variant), lambda e: e.match.move_number())


def ludoteca_gymnasium(game_id: str, n: int, variant: str) -> Loop:
    from ludoteca.adapters.gymnasium import LudotecaEnv

    env = LudotecaEnv(game_id, n, variant, seat=0, opponents="random")

    def play(seed: int) -> tuple[int, int]:
        _, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        decisions = 0
        while True:
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
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
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
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


def bench_setup(game_id: str, n: int, variant: str, seconds: float) -> list[float]:
    print(f"\n{game_id} {n}p {variant}")
    print(HEADER)
    raw = measure(raw_loop(game_id, n, variant, observe=False), seconds)
    raw_obs = measure(raw_loop(game_id, n, variant, observe=True), seconds)
    raw_per, obs_per = raw[3] / raw[1], raw_obs[3] / raw_obs[1]
    print(row("raw", raw, raw_per, obs_per))
    print(row("raw+obs", raw_obs, raw_per, obs_per))
    costs = []
    for name, make in (("pettingzoo", ludoteca_pettingzoo), ("gymnasium", ludoteca_gymnasium),
                       ("openspiel", ludoteca_openspiel)):
        result = measure(make(game_id, n, variant), seconds)
        print(row(name, result, raw_per, obs_per))
        costs.append(result[3] / result[1] / raw_per)
    return costs


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
    print(f"CPU seconds per loop: {args.seconds}; python {sys.version.split()[0]}")
    worst = []
    for setup in chosen:
        worst.append(max(bench_setup(*setup, args.seconds)))
    bench_references(args.seconds)
    print(f"\nlargest adapter cost over raw: {max(worst):.2f}x (target: at most 2x)")


if __name__ == "__main__":
    main()
