"""Bots on the server: moves computed without blocking any request.

A seat's bot is a named strength (``easy``, ``normal``, ``strong``: the same bots by the
same names as everywhere else, :mod:`ludoteca.agents.strengths`) or any agent spec.

A bot that never reads its view (``random``) moves at once in the event loop: it costs
microseconds. Any other bot is handed the true state, pickled, in a worker process, which
draws the seat's determinized view there (``state.determinize(seat, rng)``) and asks the
agent: the event loop stays free while a search thinks. Each seat draws from its own random
stream of the match, as :class:`ludoteca.core.match.Stepper` derives them from the seed:
the stream's state goes to the worker with the position and comes back with the move, and
the match keeps it once the move is committed. A match played by bots alone is therefore
the match :func:`ludoteca.core.match.run_match` plays with the same seed.
"""

from __future__ import annotations

import asyncio
import pickle
import random
from concurrent.futures import Executor
from typing import Any

from ludoteca.agents import Agent, make_agent
from ludoteca.core.match import choose
from ludoteca.core.state import ConfigError, Game, State


def check_spec(game: Game, spec: str) -> Agent:
    """The agent of ``spec``, checked against the game (ConfigError if it cannot play)."""
    agent = make_agent(spec)
    agent.check(game)
    return agent


RngState = Any
"""A seat's random stream as ``random.Random.getstate()`` gives it (picklable)."""

_agents: dict[str, Agent] = {}


def _agent(spec: str) -> Agent:
    agent = _agents.get(spec)
    if agent is None:
        agent = _agents[spec] = make_agent(spec)
    return agent


def bot_choice(state: State, seat: int, spec: str, stream: RngState) -> tuple[int, RngState]:
    """The bot's action for ``seat``, asked as every front asks an agent
    (:func:`ludoteca.core.match.choose`) with the seat's stream in ``stream``; and that
    stream after the move, for the match to keep once the move is committed. Runs in a
    worker process, or inline when cheap."""
    rng = random.Random()
    rng.setstate(stream)
    action = choose(_agent(spec), state, seat, rng)
    return action, rng.getstate()


def bot_choice_pickled(blob: bytes, seat: int, spec: str, stream: RngState
                       ) -> tuple[int, RngState]:
    return bot_choice(pickle.loads(blob), seat, spec, stream)


def is_blind(spec: str) -> bool:
    try:
        return not getattr(_agent(spec), "reads_view", True)
    except ConfigError:
        return False


async def bot_move(state: State, seat: int, spec: str, stream: RngState,
                   pool: Executor | None) -> tuple[int, RngState]:
    """Computes a bot's move (and its stream after it) without blocking the event loop for
    longer than a pickle."""
    if pool is None or is_blind(spec):
        return bot_choice(state, seat, spec, stream)
    blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    loop = asyncio.get_running_loop()
    action, after = await loop.run_in_executor(pool, bot_choice_pickled, blob, seat, spec,
                                               stream)
    return int(action), after
