"""Agents that misbehave on purpose, for the simulation tests (registered on import)."""

from __future__ import annotations

import random
import time

from ludoteca.agents import Agent, register_agent


@register_agent("test-flaky")
class Flaky(Agent):
    """Raises on a move with probability ``p`` (a seeded choice: the same matches fail)."""

    reads_view = False

    def __init__(self, p: float = 0.1) -> None:
        self.p = p
        self.spec = self.name

    def act_blind(self, legal: list[int], player: int, rng: random.Random) -> int:
        if rng.random() < self.p:
            raise RuntimeError("the flaky agent gave up")
        return rng.choice(legal)


@register_agent("test-slow")
class Slow(Agent):
    """Sleeps ``delay`` seconds a move, then plays at random."""

    reads_view = False

    def __init__(self, delay: float = 0.01) -> None:
        self.delay = delay
        self.spec = self.name

    def act_blind(self, legal: list[int], player: int, rng: random.Random) -> int:
        time.sleep(self.delay)
        return rng.choice(legal)


@register_agent("test-stuck")
class Stuck(Agent):
    """Never returns from a move with probability ``p`` (a busy loop, not a sleep)."""

    def __init__(self, p: float = 1.0) -> None:
        self.p = p
        self.spec = self.name

    def act(self, view, player: int, rng: random.Random) -> int:
        if rng.random() < self.p:
            while True:
                pass
        return rng.choice(view.legal_actions())


@register_agent("test-illegal")
class Illegal(Agent):
    """Returns an action that is not legal."""

    reads_view = False

    def act_blind(self, legal: list[int], player: int, rng: random.Random) -> int:
        return max(legal) + 1000
