"""OpenSpiel: OpenSpiel's Python IS-MCTS in seat 0 against ludoteca's heuristic bot in
every other seat (a random bot for a game without one); prints each seat's win shares.

    python examples/openspiel_ismcts.py --game douro1872 --players 3 --simulations 100
"""

from __future__ import annotations

import argparse
import random

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from ludoteca.adapters import openspiel as lo
from ludoteca.agents import heuristic_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="desperados")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default=None)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollout", type=int, default=20,
                        help="random actions before ludoteca's evaluation scores a leaf "
                        "(-1: OpenSpiel's random playouts to the end, slow in long games)")
    args = parser.parse_args()

    game = lo.load_game(args.game, args.players, args.variant)
    rs = np.random.RandomState(args.seed)
    if args.rollout < 0:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    else:
        evaluator = lo.Evaluator(rollout=args.rollout, seed=args.seed)
    searcher = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0,
                                max_simulations=args.simulations, random_state=rs)
    spec = "heuristic" if heuristic_for(game.ludoteca_game) is not None else "random"
    bots = [searcher] + [lo.AgentBot(game, p, spec, seed=args.seed + p)
                         for p in range(1, args.players)]
    chance = random.Random(args.seed)
    shares = [0.0] * args.players
    for match in range(args.matches):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chance.choices(outcomes, probs)[0])
            else:
                state.apply_action(bots[state.current_player()].step(state))
        returns = state.returns()
        shares = [s + r for s, r in zip(shares, returns, strict=True)]
        print(f"match {match}: returns {returns}")
    print(f"IS-MCTS ({args.simulations} simulations) in seat 0 vs {spec}: "
          f"win shares {[round(s, 3) for s in shares]}")


if __name__ == "__main__":
    main()
