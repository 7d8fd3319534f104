"""Gymnasium: one seat against ludoteca's heuristic bots, playing random legal actions
(the mask is in ``info``); prints the seat's average return.

    python examples/gymnasium_masked.py --id ludoteca/douro1872-3p-standard-v0
"""

from __future__ import annotations

import argparse

import gymnasium

import ludoteca.adapters.gymnasium  # noqa: F401  (registers ludoteca/<game>-<n>p-<variant>-v0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--id", default="ludoteca/desperados-4p-partnership-v0")
    parser.add_argument("--opponents", default=None,
                        help="agent spec for the other seats (default: the game's heuristic)")
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = gymnasium.make(args.id, opponents=args.opponents)
    env.action_space.seed(args.seed)
    total = 0.0
    for episode in range(args.episodes):
        _, info = env.reset(seed=args.seed + episode)
        steps, terminated, truncated = 0, False, False
        while not (terminated or truncated):
            action = env.action_space.sample(info["action_mask"])
            _, reward, terminated, truncated, info = env.step(action)
            steps += 1
        total += reward
        print(f"episode {episode}: {steps} decisions, return {reward}")
    print(f"average return over {args.episodes} episodes: {total / args.episodes:.3f}")
    env.close()


if __name__ == "__main__":
    main()
