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
  inside, on ``raw_env()`` (PettingZoo's own games are compared raw too);
* ``pz-wrapped``: the same on ``env()``, in PettingZoo's usual wrappers;
* ``gymnasium``: seat 0 with random-policy opponents (every other seat acts inside
  ``step``; the opponents' decisions are counted as engine actions too);
* ``openspiel``: ``legal_actions`` / ``chance_outcomes`` / ``apply_action`` on the
  OpenSpiel state;
* ``pz-free-obs``: the ``pettingzoo`` loop with the game's observation tensor replaced by
  a copy of a constant array (the mask is the real one): what the AEC protocol costs with
  an observation that costs nothing, the floor under the ``pettingzoo`` figure;
* ``vector``: :class:`~ludoteca.adapters.vector.SelfPlayVectorEnv` of ``--envs`` matches
  (every seat played), one batched masked draw per step (``argmax`` of uniform noise
  times the mask, what a policy's batched sample costs at least);
* ``vector-1seat``: :class:`~ludoteca.adapters.vector.OneSeatVectorEnv`, seat 0 against
  random opponents, as ``gymnasium`` but batched.

``cost`` is CPU time per engine action relative to ``raw``; ``vs raw+obs`` relative to
``raw+obs`` (the target for PettingZoo: at most 2x); ``us/dec`` is CPU time per decision,
the step a learner sees (the figure compared with PettingZoo's own card games, and the
vector env's steps per CPU second with the PettingZoo loop's: the target at least 1.5x).
PettingZoo's classic games need ``pip install rlcard pygame-ce`` (the card games and
``tictactoe_v3``); each is skipped without.

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
    from ludoteca.adapters import pettingzoo

    # raw_env where there is one (env was the bare env before PettingZoo's wrappers)
    make = getattr(pettingzoo, "raw_env", pettingzoo.env)
    return pettingzoo_loop(lambda: make(game_id, n, variant), lambda e: e.match.move_number())


def ludoteca_pettingzoo_free_obs(game_id: str, n: int, variant: str) -> Loop:
    from ludoteca.adapters import _arrays, pettingzoo

    def make() -> object:
        e = getattr(pettingzoo, "raw_env", pettingzoo.env)(game_id, n, variant)
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


def ludoteca_pettingzoo_wrapped(game_id: str, n: int, variant: str) -> Loop:
    from ludoteca.adapters.pettingzoo import env

    return pettingzoo_loop(lambda: env(game_id, n, variant),
                           lambda e: e.unwrapped.match.move_number())


def draw(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of a batch of masks."""
    return (rng.random(masks.shape, dtype=np.float32) * masks).argmax(axis=1)


def measure_vector(venv: object, seconds: float, one_seat: bool = False, seed: int = 0
                   ) -> tuple[int, int, int, float]:
    """Steps a vector env for about ``seconds`` of CPU time: (matches finished, engine
    actions, decisions, cpu). Engine actions: the finished matches' move numbers plus the
    moves made since the start in the matches still going. Decisions: one per match and
    step (the learner's; with ``one_seat`` the opponents' are engine actions, as in the
    ``gymnasium`` loop)."""
    rng = np.random.default_rng(seed)

    def masks_of(result: object) -> np.ndarray:
        return result[-1]["action_mask"] if one_seat else result.action_masks

    masks = masks_of(venv.reset(seed=seed))
    for _ in range(20):  # warm up (caches)
        masks = masks_of(venv.step(draw(masks, rng)))
    begun = sum(m.move_number() for m in venv.matches)
    matches = actions = steps = 0
    start = time.process_time()
    while True:
        before = list(venv.matches)  # a finished match's state is replaced, not reused
        result = venv.step(draw(masks, rng))
        steps += 1
        masks = masks_of(result)
        for i in np.flatnonzero(result[2] if one_seat else result.ends):
            matches += 1
            actions += before[i].move_number()
        cpu = time.process_time() - start
        if cpu >= seconds:
            actions += sum(m.move_number() for m in venv.matches) - begun
            return matches, actions, steps * venv.num_envs, cpu


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
            f" {per_action * 1e6:8.2f} {cpu / decisions * 1e6:8.2f} {cost:>7} {vs_obs:>10}")


HEADER = (f"  {'loop':<26} {'matches':>6} {'actions':>9} {'decisions':>9} {'actions/cpu-s':>11}"
          f" {'us/act':>8} {'us/dec':>8} {'cost':>7} {'vs raw+obs':>10}")


LOOPS = ("raw", "raw+obs", "pettingzoo", "pz-wrapped", "gymnasium", "openspiel",
         "pz-free-obs", "vector", "vector-1seat")
ADAPTERS = ("pettingzoo", "gymnasium", "openspiel")
Result = tuple[int, int, int, float]
VECTOR_ENVS = 32


def measure_setup(game_id: str, n: int, variant: str, seconds: float,
                  envs: int = VECTOR_ENVS) -> dict[str, Result]:
    """Every loop of one set-up, in this process: loop name -> ``measure``'s figures (the
    vector loops only where the code has ``ludoteca.adapters.vector``)."""
    makers = {
        "raw": lambda: raw_loop(game_id, n, variant, observe=False),
        "raw+obs": lambda: raw_loop(game_id, n, variant, observe=True),
        "pettingzoo": lambda: ludoteca_pettingzoo(game_id, n, variant),
        "pz-wrapped": lambda: ludoteca_pettingzoo_wrapped(game_id, n, variant),
        "gymnasium": lambda: ludoteca_gymnasium(game_id, n, variant),
        "openspiel": lambda: ludoteca_openspiel(game_id, n, variant),
        "pz-free-obs": lambda: ludoteca_pettingzoo_free_obs(game_id, n, variant),
    }
    results = {name: measure(make(), seconds) for name, make in makers.items()}
    try:
        from ludoteca.adapters.vector import OneSeatVectorEnv, SelfPlayVectorEnv
    except ImportError:  # a baseline from before the vector envs
        return results
    results["vector"] = measure_vector(SelfPlayVectorEnv(game_id, n, variant, envs), seconds)
    results["vector-1seat"] = measure_vector(
        OneSeatVectorEnv(game_id, n, variant, envs, opponents="random"), seconds,
        one_seat=True)
    return {name: results[name] for name in LOOPS if name in results}


def per_action(result: Result) -> float:
    return result[3] / result[1]


def per_decision(result: Result) -> float:
    return result[3] / result[2]


def bench_setup(game_id: str, n: int, variant: str, seconds: float, envs: int
                ) -> dict[str, float]:
    """Prints one set-up's table; returns its target figures: PettingZoo over raw+obs, the
    vector env's decisions per CPU second over PettingZoo's, and both loops' CPU time per
    decision."""
    results = measure_setup(game_id, n, variant, seconds, envs)
    print(f"\n{game_id} {n}p {variant}")
    print(HEADER)
    raw_per, obs_per = per_action(results["raw"]), per_action(results["raw+obs"])
    for name, result in results.items():
        print(row(name, result, raw_per, obs_per))
    pz = results["pettingzoo"]
    return {"pz/raw+obs": per_action(pz) / obs_per,
            "vector/pz": vector_over_pz(results),
            "vector/pz-wrapped": per_decision(results["pz-wrapped"])
            / per_decision(results["vector"]),
            "pz us/dec": per_decision(pz) * 1e6,
            "vector us/dec": per_decision(results["vector"]) * 1e6,
            "worst/raw": max(per_action(results[name]) / raw_per for name in ADAPTERS)}


def measure_elsewhere(src: Path, game_id: str, n: int, variant: str, seconds: float,
                      envs: int = VECTOR_ENVS) -> dict[str, Result]:
    """``measure_setup`` in a child process importing ludoteca from ``src``."""
    command = [sys.executable, __file__, "--child", "--game", game_id, "--players", str(n),
               "--variant", variant, "--seconds", str(seconds), "--envs", str(envs)]
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


def bench_against(ref: str, chosen: list[tuple[str, int, str]], seconds: float,
                  envs: int = VECTOR_ENVS) -> list[float]:
    """Each set-up measured with this code and with ``ref``'s, side by side; then the
    vector env's decisions per CPU second over the PettingZoo loop's, now and in ``ref``
    (each over its own process's PettingZoo loop)."""
    worst = []
    targets = []
    with tempfile.TemporaryDirectory(prefix="ludoteca-bench-") as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        base = Path(tmp) / "src"
        print(f"now: {ROOT / 'src'}; baseline: {ref} (exported to {base})")
        for game_id, n, variant in chosen:
            now = measure_elsewhere(ROOT / "src", game_id, n, variant, seconds, envs)
            before = measure_elsewhere(base, game_id, n, variant, seconds, envs)
            print(f"\n{game_id} {n}p {variant}")
            print(f"  {'loop':<12} {'us/act now':>10} {'cost now':>9} {'us/act ' + ref:>14}"
                  f" {'cost ' + ref:>12} {'now/' + ref:>10}")
            raw_now, raw_before = per_action(now["raw"]), per_action(before["raw"])
            for name in LOOPS:
                if name not in now or name not in before:
                    continue
                a, b = per_action(now[name]), per_action(before[name])
                print(f"  {name:<12} {a * 1e6:10.2f} {a / raw_now:8.2f}x {b * 1e6:14.2f}"
                      f" {b / raw_before:11.2f}x {a / b:9.2f}x")
            worst.append(max(per_action(now[name]) / raw_now for name in ADAPTERS))
            if "vector" in now:
                targets.append((game_id, n, variant, now,
                                before if "vector" in before else None))
    print("\nus/act: CPU microseconds per engine action; cost: relative to raw in the same "
          "process; now/REF: this code's time per action over REF's.")
    print(f"\nvector decisions per CPU second over pettingzoo's (target at least 1.5x), "
          f"now and in {ref}; CPU us per decision")
    for game_id, n, variant, now, before in targets:
        line = (f"  {game_id} {n}p {variant:<12} now {vector_over_pz(now):4.2f}x "
                f"(pz {per_decision(now['pettingzoo']) * 1e6:5.1f} us, "
                f"vector {per_decision(now['vector']) * 1e6:5.1f} us)")
        if before is not None:
            line += (f"  {ref} {vector_over_pz(before):4.2f}x "
                     f"(pz {per_decision(before['pettingzoo']) * 1e6:5.1f} us, "
                     f"vector {per_decision(before['vector']) * 1e6:5.1f} us)")
        print(line)
    return worst


def vector_over_pz(results: dict[str, Result]) -> float:
    """The vector env's decisions per CPU second over the PettingZoo loop's."""
    return per_decision(results["pettingzoo"]) / per_decision(results["vector"])


PETTINGZOO_REFERENCES = ("leduc_holdem_v4", "texas_holdem_v4", "texas_holdem_no_limit_v6",
                         "tictactoe_v3")
CARD_GAMES = PETTINGZOO_REFERENCES[:3]


def bench_references(seconds: float) -> float | None:
    """The libraries' own games through the same loops; returns the least CPU time per
    decision among PettingZoo's card games (their raw envs), None without rlcard."""
    print("\nreferences (the same loops on the libraries' own games)")
    print(HEADER)
    import importlib
    import warnings

    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers it)

    for name in ("python_kuhn_poker", "kuhn_poker", "python_tic_tac_toe", "tic_tac_toe"):
        if name == "python_tic_tac_toe":
            from open_spiel.python.games import tic_tac_toe  # noqa: F401
        game = pyspiel.load_game(name)
        print(row(f"openspiel {name}", measure(openspiel_loop(game), seconds), None, None))
    fastest = None
    for name in PETTINGZOO_REFERENCES:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                module = importlib.import_module(f"pettingzoo.classic.{name}")
        except ImportError as err:
            print(f"  pettingzoo {name}: skipped ({err}; pip install rlcard pygame-ce)")
            continue
        for label, make in (("raw_env", module.raw_env), ("env", module.env)):
            if label == "env" and name != "leduc_holdem_v4":
                continue  # one wrapped game shows what the wrappers add
            result = measure(pettingzoo_loop(make, lambda e: 0), seconds)
            # Chance is inside their engines: their engine actions are their decisions.
            result = (result[0], result[2], result[2], result[3])
            print(row(f"pettingzoo {name} {label}", result, None, None))
            if label == "raw_env" and name in CARD_GAMES:
                us = per_decision(result) * 1e6
                fastest = us if fastest is None else min(fastest, us)
    return fastest


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
    parser.add_argument("--envs", type=int, default=VECTOR_ENVS,
                        help="matches of the vector loops")
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
                          **measure_setup(*setup, args.seconds, args.envs)}))
        return
    print(f"CPU seconds per loop: {args.seconds}; python {sys.version.split()[0]}; "
          f"vector loops: {args.envs} matches")
    if args.baseline:
        worst = bench_against(args.baseline, chosen, args.seconds, args.envs)
        bench_references(args.seconds)
        print(f"\nlargest adapter cost over raw: {max(worst):.2f}x")
        return
    figures = {setup: bench_setup(*setup, args.seconds, args.envs) for setup in chosen}
    card = bench_references(args.seconds)
    print("\ntargets per set-up: pettingzoo over raw+obs (at most 2x); vector decisions per "
          "CPU second over pettingzoo's (at least 1.5x; also over pz-wrapped's); CPU us per "
          "decision, pettingzoo and vector"
          + (f", next to PettingZoo's fastest card game ({card:.1f} us)" if card else ""))
    for (game_id, n, variant), f in figures.items():
        print(f"  {game_id} {n}p {variant:<12} pz/raw+obs {f['pz/raw+obs']:4.2f}x  "
              f"vector/pz {f['vector/pz']:4.2f}x (/pz-wrapped {f['vector/pz-wrapped']:4.2f}x)  "
              f"pz {f['pz us/dec']:5.1f} us  "
              f"vector {f['vector us/dec']:5.1f} us")
    print(f"largest adapter cost over raw: {max(f['worst/raw'] for f in figures.values()):.2f}x")


if __name__ == "__main__":
    main()
