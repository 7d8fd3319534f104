"""Information-set Monte Carlo tree search (single-observer IS-MCTS), for any game.

Each iteration samples a world the searching seat cannot tell from the real one
(``view.determinize(player, rng)``), walks one shared tree of decisions in it, plays the rest
out at random and backs the result up. The tree is keyed by the decisions taken, not by the
hidden cards, so statistics from every sampled world pool in the same nodes; chance
outcomes are sampled and do not branch the tree. Selection at a node only considers the
actions legal in the sampled world and weighs them by how often they were available
(Cowling, Powley & Whitehouse's availability count), which keeps opponents' options fair.

Options: ``iterations`` (default 200), ``c`` (exploration, default 0.7), ``rollout``
(random moves after the tree before judging by scores, default 300).
"""

from __future__ import annotations

import math
import random

from ludoteca.agents import Agent, register_agent
from ludoteca.core.state import CHANCE, ConfigError, State, sample_chance


class _Node:
    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


@register_agent("ismcts")
class ISMCTSAgent(Agent):
    def __init__(self, iterations: int = 200, c: float = 0.7, rollout: int = 300) -> None:
        if iterations < 1 or rollout < 0 or c < 0:
            raise ConfigError("agent 'ismcts': iterations >= 1, rollout >= 0 and c >= 0")
        self.iterations, self.c, self.rollout = int(iterations), float(c), int(rollout)
        self.spec = self.name

    def act(self, view: State, player: int, rng: random.Random) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = _Node(mover=-1)
        for _ in range(self.iterations):
            self._iterate(root, view.determinize(player, rng), rng)
        return max(root.children.items(), key=lambda kv: (kv[1].visits, -kv[0]))[0]

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        node, path = root, [root]
        while not state.is_terminal():
            mover = state.current_player()
            if mover == CHANCE:
                state.apply_trusted(sample_chance(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                if a in node.children:
                    node.children[a].avail += 1
            if untried:
                action = rng.choice(untried)
                node.children[action] = child = _Node(mover)
                state.apply_trusted(action)
                path.append(child)
                break
            action = max(legal, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            state.apply_trusted(action)
            path.append(node)
        for _ in range(self.rollout):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.apply_trusted(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply_trusted(rng.choice(state.legal_actions()))
        result = state.evaluation()
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += result[visited.mover]

    def _ucb(self, node: _Node) -> float:
        return node.total / node.visits + self.c * math.sqrt(math.log(node.avail) / node.visits)
