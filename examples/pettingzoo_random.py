"""PettingZoo: every seat plays random legal actions (sampled with the action mask).

    python examples/pettingzoo_random.py --game desperados --players 4 --variant partnership
"""

from __future__ import annotations

import argparse

from ludoteca.adapters.pettingzoo import env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="desperados")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default=None)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--render", action="store_true", help="print the final table")
    args = parser.parse_args()

    e = env(args.game, args.players, args.variant, render_mode="ansi" if args.render else None)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for match in range(args.matches):
        e.reset(seed=args.seed + match)
        for i, agent in enumerate(e.possible_agents):
            e.action_space(agent).seed(args.seed + 1000 * match + i)
        decisions = 0
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = e.action_space(agent).sample(obs["action_mask"])
                decisions += 1
            e.step(action)
        print(f"match {match}: {decisions} decisions, returns {e.match.returns()}")
        if args.render:
            print(e.render())
    print("total returns:", {agent: round(total, 3) for agent, total in totals.items()})


if __name__ == "__main__":
    main()
