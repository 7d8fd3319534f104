"""Bots on the server: moves computed without blocking any request.

A seat's bot is a named strength (``easy``, ``normal``, ``strong``: the same bots by the
same names as everywhere else, :mod:`ludoteca.agents.strengths`) or any agent spec.

A bot that never reads its view (``random``) moves at once in the event loop: it costs
microseconds. Any other bot is handed the true state, pickled, in a worker process, which
draws the seat's determinized view there (``state.determinize(seat, rng)``) and asks the
agent: the event loop stays free while a search thinks. Every bot move draws from a random
stream named by the match's seed, the seat and the move number, so a server that restarts
mid-match makes the same move again.
"""

from __future__ import annotations

import asyncio
import pickle
import random
from concurrent.futures import Executor
from typing import Any

from ludoteca.agents import Agent, make_agent
from ludoteca.core.state import ConfigError, Game, State


def check_spec(game: Game, spec: str) -> Agent:
    """The agent of ``spec``, checked against the game (ConfigError if it cannot play)."""
    agent = make_agent(spec)
    agent.check(game)
    return agent


def rng_for(seed: int, stream: str, move: int) -> random.Random:
    return random.Random(f"{seed}:{stream}:{move}")


_agents: dict[str, Agent] = {}


def _agent(spec: str) -> Agent:
    agent = _agents.get(spec)
    if agent is None:
        agent = _agents[spec] = make_agent(spec)
    return agent


def choose(state: State, seat: int, spec: str, rng_seed: str) -> int:
    """The bot's action for ``seat`` (runs in a worker process, or inline when cheap)."""
    agent = _agent(spec)
    rng = random.Random(rng_seed)
    if getattr(agent, "reads_view", True):
        return agent.act(state.determinize(seat, rng), seat, rng)
    return agent.act_blind(state.legal_actions(), seat, rng)


def choose_pickled(blob: bytes, seat: int, spec: str, rng_seed: str) -> int:
    return choose(pickle.loads(blob), seat, spec, rng_seed)


def is_blind(spec: str) -> bool:
    try:
        return not getattr(_agent(spec), "reads_view", True)
    except ConfigError:
        return False


async def bot_move(state: State, seat: int, spec: str, rng_seed: str,
                   pool: Executor | None) -> int:
    """Computes a bot's move without blocking the event loop for longer than a pickle."""
    if pool is None or is_blind(spec):
        return choose(state, seat, spec, rng_seed)
    blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    loop = asyncio.get_running_loop()
    result: Any = await loop.run_in_executor(pool, choose_pickled, blob, seat, spec, rng_seed)
    return int(result)
