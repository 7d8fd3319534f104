"""Trains sb3-contrib's MaskablePPO on one seat of a ludoteca game against its bots, on the
vector environment, and writes the learning curve: the win rate against ``random`` and
``heuristic`` (seats rotated, 95 % Wilson intervals) as training goes on.

    pip install torch --index-url https://download.pytorch.org/whl/cpu   # CPU build first
    pip install 'ludoteca[rl,train]'
    python examples/train_maskable_ppo.py --game douro1872 --steps 300000 --out docs/rl
    python examples/train_maskable_ppo.py --game desperados --steps 300000 --out docs/rl

Half the training matches are against ``random``, half against ``heuristic``; the learner
plays every seat alike. Each evaluation plays ``--eval-matches`` matches against each bot
with the policy's most likely legal action. ``--out DIR`` writes ``DIR/<game>-<n>p.json``
(the curve's figures, the steps, the CPU minutes) and ``DIR/<game>-<n>p.png``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecEnv

from ludoteca.adapters.vector import OneSeatVectorEnv


class LudotecaVecEnv(VecEnv):
    """Several :class:`OneSeatVectorEnv` side by side, as Stable-Baselines3's ``VecEnv``
    (SB3 has its own vector interface; the work is all in ludoteca's batches)."""

    render_mode = None

    def __init__(self, parts: list[OneSeatVectorEnv]) -> None:
        self.parts = parts
        first = parts[0]
        super().__init__(sum(p.num_envs for p in parts), first.single_observation_space,
                         first.single_action_space)
        self._actions: np.ndarray | None = None
        self._bounds = np.cumsum([0, *[p.num_envs for p in parts]])

    def reset(self) -> np.ndarray:
        seed = self._seeds[0] if self._seeds and self._seeds[0] is not None else None
        observations = []
        for k, part in enumerate(self.parts):
            base = None if seed is None else seed + int(self._bounds[k])
            observations.append(part.reset(seed=base)[0])
        self._reset_seeds()
        return np.concatenate(observations)

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        observations, rewards, dones, infos = [], [], [], []
        for k, part in enumerate(self.parts):
            actions = self._actions[self._bounds[k]:self._bounds[k + 1]]
            obs, reward, terminated, truncated, info = part.step(actions)
            observations.append(obs)
            rewards.append(reward)
            done = terminated | truncated
            dones.append(done)
            for i in range(part.num_envs):
                entry: dict[str, Any] = {}
                if done[i]:
                    entry["terminal_observation"] = info["final_obs"][i]
                    entry["TimeLimit.truncated"] = bool(truncated[i])
                infos.append(entry)
        return (np.concatenate(observations), np.concatenate(rewards).astype(np.float32),
                np.concatenate(dones), infos)

    def action_masks(self) -> np.ndarray:
        return np.concatenate([part.action_masks() for part in self.parts])

    def env_method(self, method_name: str, *args: Any, indices: Any = None,
                   **kwargs: Any) -> list[Any]:
        if method_name != "action_masks":
            raise AttributeError(f"no method {method_name!r}")
        return list(self.action_masks()[self._get_indices(indices)])

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        value = getattr(self, attr_name)  # AttributeError if there is none
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError("the environments' attributes are fixed")

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def _get_indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        return [indices] if isinstance(indices, int) else list(indices)

    def close(self) -> None:
        for part in self.parts:
            part.close()


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (ties count half)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model: MaskablePPO | None, game: str, players: int, opponent: str,
             matches: int, seed: int, envs: int = 16) -> dict[str, float]:
    """``matches`` matches against ``opponent``, seats rotated; the learner's win share
    (None as model: uniformly random legal actions)."""
    envs = min(envs, matches)
    venv = OneSeatVectorEnv(game, players, num_envs=envs,
                            seat=[i % players for i in range(envs)], opponents=opponent,
                            normalize=True)
    obs, info = venv.reset(seed=seed)
    rng = np.random.default_rng(seed)
    started, done, share = envs, 0, 0.0
    live = np.ones(envs, dtype=bool)
    while done < matches:
        masks = info["action_mask"]
        if model is None:
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        else:
            actions, _ = model.predict(obs, action_masks=masks.astype(bool), deterministic=True)
        obs, reward, terminated, _, info = venv.step(actions)
        for i in np.flatnonzero(terminated & live):
            done += 1
            share += float(reward[i])
            if started >= matches:
                live[i] = False  # that slot's next matches are not counted
            started += 1
    low, high = wilson(share, matches)
    return {"win_rate": share / matches, "low": low, "high": high, "matches": matches}


class Curve(BaseCallback):
    """Evaluates the policy every ``--eval-every`` steps, writes the figures so far, and
    stops training once ``--cpu-minutes`` (or ``--wall-minutes``) are spent."""

    def __init__(self, args: argparse.Namespace, start: float,
                 baseline: dict[str, Any]) -> None:
        super().__init__()
        self.args, self.start, self.baseline = args, start, baseline
        self.points: list[dict[str, Any]] = []
        self.next_at = 0
        self.wall_start = time.monotonic()

    def cpu_minutes(self) -> float:
        return (time.process_time() - self.start) / 60

    def result(self) -> dict[str, Any]:
        args = self.args
        return {"game": args.game, "players": args.players, "steps": int(self.num_timesteps),
                "cpu_minutes": self.cpu_minutes(), "envs": args.envs, "seed": args.seed,
                "curve": self.points, "random_policy": self.baseline,
                "final": self.points[-1] if self.points else None}

    def write(self) -> None:
        out = self.args.out
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            stem = out / f"{self.args.game}-{self.args.players}p"
            result = self.result()
            stem.with_suffix(".json").write_text(json.dumps(result, indent=1) + "\n")
            plot(result, stem.with_suffix(".png"))

    def point(self) -> None:
        args = self.args
        entry: dict[str, Any] = {"steps": int(self.num_timesteps),
                                 "cpu_minutes": self.cpu_minutes()}
        for opponent in ("random", "heuristic"):
            entry[opponent] = evaluate(self.model, args.game, args.players, opponent,
                                       args.eval_matches, seed=10**6 + len(self.points))
        self.points.append(entry)
        print(f"steps {entry['steps']:>8}  cpu {entry['cpu_minutes']:6.1f} min  "
              + "  ".join(f"vs {o} {entry[o]['win_rate']:.3f} "
                          f"[{entry[o]['low']:.3f}, {entry[o]['high']:.3f}]"
                          for o in ("random", "heuristic")), flush=True)
        self.write()

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_at:
            self.point()
            self.next_at += self.args.eval_every
        cpu, wall = self.args.cpu_minutes, self.args.wall_minutes
        return ((cpu is None or self.cpu_minutes() < cpu)
                and (wall is None or time.monotonic() - self.wall_start < wall * 60))


def plot(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = result["curve"]
    steps = [p["steps"] for p in points]
    fig, ax = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    for opponent, colour in (("random", "tab:blue"), ("heuristic", "tab:red")):
        rate = [p[opponent]["win_rate"] for p in points]
        ax.plot(steps, rate, color=colour, marker="o", ms=3, label=f"vs {opponent}")
        ax.fill_between(steps, [p[opponent]["low"] for p in points],
                        [p[opponent]["high"] for p in points], color=colour, alpha=0.2)
        base = result["random_policy"][opponent]["win_rate"]
        ax.axhline(base, color=colour, ls=":", lw=1,
                   label=f"random policy vs {opponent}")
    ax.set_xlabel("training steps (learner decisions)")
    ax.set_ylabel("win share (95 % Wilson)")
    ax.set_ylim(0, 1)
    ax.set_title(f"MaskablePPO on {result['game']} {result['players']}p: "
                 f"{result['cpu_minutes']:.0f} CPU min")
    ax.legend(fontsize=7, loc="upper left")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="douro1872")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=300_000, help="learner decisions")
    parser.add_argument("--envs", type=int, default=16, help="matches played at once")
    parser.add_argument("--eval-every", type=int, default=30_000)
    parser.add_argument("--eval-matches", type=int, default=200)
    parser.add_argument("--final-matches", type=int, default=500)
    parser.add_argument("--cpu-minutes", type=float,
                        help="stop training once this much CPU time is spent")
    parser.add_argument("--wall-minutes", type=float,
                        help="stop training after this long (on a shared machine)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="directory for the JSON figures and PNG")
    args = parser.parse_args()

    torch.set_num_threads(1)  # small networks: one thread is as fast, and shares the CPU
    start = time.process_time()
    baseline = {o: evaluate(None, args.game, args.players, o, args.final_matches, seed=7)
                for o in ("random", "heuristic")}
    half = args.envs // 2
    parts = [OneSeatVectorEnv(args.game, args.players, num_envs=k, opponents=opponent,
                              seat=[i % args.players for i in range(k)], normalize=True)
             for opponent, k in (("random", half), ("heuristic", args.envs - half)) if k]
    venv = LudotecaVecEnv(parts)
    model = MaskablePPO("MlpPolicy", venv, n_steps=max(16, min(256, args.steps // args.envs)),
                        batch_size=256, n_epochs=4, learning_rate=3e-4, gamma=0.995,
                        ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]},
                        seed=args.seed, verbose=0, device="cpu")
    curve = Curve(args, start, baseline)
    model.learn(total_timesteps=args.steps, callback=curve)
    args.eval_matches = args.final_matches
    curve.point()
    result = curve.result()
    print(f"done: {result['steps']} steps in {result['cpu_minutes']:.1f} CPU minutes; "
          f"random policy: vs random {baseline['random']['win_rate']:.3f}, "
          f"vs heuristic {baseline['heuristic']['win_rate']:.3f}")
    if args.out is not None:
        print(f"wrote {args.out}/{args.game}-{args.players}p.json and .png")


if __name__ == "__main__":
    main()
