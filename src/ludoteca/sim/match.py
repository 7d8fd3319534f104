"""One match of a simulation, guarded: an agent that fails loses that match only.

:func:`play_match` plays the match :func:`ludoteca.core.match.run_match` plays with the
same seed and agents (its :class:`~ludoteca.core.match.Stepper`, with a timed way of asking
the agents), and turns whatever goes wrong into a :class:`Fault` instead of an exception:

* an agent that raises, returns an illegal action, or thinks longer than the per-move
  time limit *forfeits*: its side loses, every other side shares the win, and the record
  keeps the actions up to the fault (``finished`` false);
* an error of the game itself (a rule raising) voids the match: nobody wins.

The time limit is enforced while the agent thinks when it can be (a ``SIGALRM`` timer, in
the main thread of a process), so an agent stuck in a loop is stopped too; elsewhere it is
checked when the agent returns.

It also reports progress inside long matches (``heartbeat(moves)`` about twice a second)
and stops between two actions when asked (``stop()`` true), so that a run can be
interrupted in the middle of a slow match.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.agents import Agent, agent_factory
from ludoteca.core.match import Call, MatchRecord, Stepper, record_of
from ludoteca.core.state import CHANCE, Game, IllegalActionError, State

HEARTBEAT_SECONDS = 0.5


class MoveTimeout(BaseException):
    """Raised inside an agent whose move ran out of time (a BaseException, so that an
    agent's own ``except Exception`` cannot swallow it)."""


class Stopped(BaseException):
    """The run was asked to stop in the middle of this match."""


class AgentFault(Exception):
    """An agent failed during its move (raised, or took too long)."""

    def __init__(self, seat: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.seat, self.kind, self.message = seat, kind, message


@dataclass(frozen=True)
class Fault:
    """What went wrong in a match. ``seat`` None: the game, not an agent."""

    seat: int | None
    kind: str
    """``error`` (the agent raised), ``timeout``, ``illegal`` (an illegal action) or
    ``game`` (the engine raised: the match is void)."""
    message: str
    move: int
    """How many actions had been applied when it happened."""
    agent: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "message": self.message,
                "move": self.move, "agent": self.agent}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Fault:
        return cls(data.get("seat"), str(data.get("kind", "error")),
                   str(data.get("message", "")), int(data.get("move", 0)),
                   str(data.get("agent", "")))

    def describe(self) -> str:
        who = f"seat {self.seat} ({self.agent})" if self.seat is not None else "the game"
        what = {"error": "raised", "timeout": "ran out of time",
                "illegal": "chose an illegal action", "game": "failed"}.get(self.kind, self.kind)
        return f"{who} {what} after {self.move} actions: {self.message}"


@dataclass
class Outcome:
    """A played match: its record (forfeits included) and the fault, if any."""

    index: int
    record: MatchRecord
    fault: Fault | None = None
    seconds: float = 0.0
    """CPU seconds the worker spent on it."""


# ----- the per-move clock ----------------------------------------------------------------

def _can_alarm() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _on_alarm(signum: int, frame: Any) -> None:
    raise MoveTimeout


def _text(err: BaseException) -> str:
    lines = str(err).strip().splitlines()
    return f"{type(err).__name__}: {lines[0]}" if lines else type(err).__name__


def _timed(method: Callable[..., int], args: tuple[Any, ...], seat: int, limit: float,
           alarm: bool) -> int:
    """``method(*args)`` within ``limit`` seconds, or AgentFault."""
    start = time.perf_counter()
    try:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            action = method(*args)
        finally:
            if alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
    except MoveTimeout:
        raise AgentFault(seat, "timeout", f"no move after {limit:g} s") from None
    except Exception as err:
        raise AgentFault(seat, "error", _text(err)) from err
    spent = time.perf_counter() - start
    if spent > limit:
        raise AgentFault(seat, "timeout", f"took {spent:.3g} s (limit {limit:g} s)")
    return action


def _guarded(limit: float | None, alarm: bool) -> Call:
    """How the agents are called (:data:`ludoteca.core.match.Call`): within the time limit
    if there is one, a failure an :class:`AgentFault` of the seat."""
    if limit is not None:
        return lambda seat, method, args: _timed(method, args, seat, limit, alarm)

    def call(seat: int, method: Callable[..., int], args: tuple[Any, ...]) -> int:
        try:
            return method(*args)
        except Exception as err:
            raise AgentFault(seat, "error", _text(err)) from err

    return call


_factories: dict[str, tuple[Any, Callable[[], Agent]]] = {}


def _fresh(spec: str) -> Agent:
    """A new agent of ``spec`` (the spec parsed and checked once per process)."""
    from ludoteca.agents import agent_class, parse_spec

    cls = agent_class(parse_spec(spec)[0])
    found = _factories.get(spec)
    if found is None or found[0] is not cls:  # unknown, or registered again since
        found = _factories[spec] = (cls, agent_factory(spec))
    return found[1]()


# ----- one match -----------------------------------------------------------------------------

def forfeit_returns(num_players: int, loser_side: set[int], team_of: Callable[[int], int]
                    ) -> list[float]:
    """Win shares when the seats of ``loser_side`` forfeit: every other side shares the win."""
    winners = [p for p in range(num_players) if team_of(p) not in loser_side]
    sides = {team_of(p) for p in winners}
    return [1.0 / len(sides) if p in winners else 0.0 for p in range(num_players)]


def play_match(
    game: Game,
    specs: Sequence[str],
    seed: int,
    *,
    index: int = 0,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    move_time_limit: float | None = None,
    max_actions: int | None = None,
    heartbeat: Callable[[int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Outcome:
    """Plays match ``index`` with ``seed`` between agents made afresh from ``specs``.

    The match is the one :func:`ludoteca.core.match.run_match` plays with the same seed
    and agents: the same :class:`~ludoteca.core.match.Stepper`, so the same random streams
    and the same views (the tests compare them).

    Never raises for an agent's or the game's failure (see the module); raises
    :class:`Stopped` if ``stop()`` turns true in the middle of the match.
    """
    cpu = time.process_time()
    agents = [_fresh(spec) for spec in specs]
    alarm = move_time_limit is not None and _can_alarm()
    previous = signal.signal(signal.SIGALRM, _on_alarm) if alarm else None
    state: State | None = None
    fault: Fault | None = None
    try:
        state = game.new_initial_state(len(agents), game.info.resolve(len(agents), variant),
                                       options)
        _play(state, agents, seed, max_actions, move_time_limit, alarm, heartbeat, stop)
        record = record_of(state, seed=seed, agents=list(specs))
    except AgentFault as err:
        record, move = _forfeit(game, specs, seed, variant, options, state, err.seat)
        fault = Fault(err.seat, err.kind, err.message, move, specs[err.seat])
    except IllegalActionError as err:  # an agent's choice, refused before it was applied
        seat = state.current_player() if state is not None else CHANCE
        if seat < 0:
            record, fault = _void(game, specs, seed, variant, options, state, _text(err))
        else:
            record, move = _forfeit(game, specs, seed, variant, options, state, seat)
            fault = Fault(seat, "illegal", _text(err), move, specs[seat])
    except (Stopped, KeyboardInterrupt):
        raise
    except Exception as err:  # the game itself failed
        record, fault = _void(game, specs, seed, variant, options, state, _text(err))
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    return Outcome(index, record, fault, time.process_time() - cpu)


def _play(state: State, agents: list[Agent], seed: int, max_actions: int | None,
          limit: float | None, alarm: bool, heartbeat: Callable[[int], None] | None,
          stop: Callable[[], bool] | None) -> None:
    """The match :func:`ludoteca.core.match.run_match` plays (the same :class:`Stepper`),
    each agent's move timed and its failure named by seat."""
    game = state.game
    for seat, agent in enumerate(agents):
        try:
            agent.check(game)
        except Exception as err:
            raise AgentFault(seat, "error", _text(err)) from err
    stepper = Stepper(seed, agents, call=_guarded(limit, alarm))
    bound = max_actions if max_actions is not None else game.info.max_game_length
    clock = time.perf_counter
    next_beat = clock() + HEARTBEAT_SECONDS

    def beat() -> None:
        nonlocal next_beat
        now = clock()
        if now >= next_beat:
            next_beat = now + HEARTBEAT_SECONDS
            if stop is not None and stop():
                raise Stopped
            if heartbeat is not None:
                heartbeat(state.move_number())

    if all(getattr(a, "fast", False) for a in agents):
        # Agents that move in microseconds (random): a look at the clock every 64 actions.
        played = 0
        while played < bound:
            steps = stepper.run(state, max_actions=min(64, bound - played))
            played += steps
            if steps < 64:
                break  # the end
            beat()
    else:  # an agent that may think for a while: a look after every action
        stepper.run(state, max_actions=bound, on_action=lambda *_: beat())


def _partial(game: Game, specs: Sequence[str], seed: int, variant: str | None,
             options: Mapping[str, Any] | None, state: State | None) -> tuple[State, MatchRecord]:
    if state is None:  # failed before the first action
        n = len(specs)
        state = game.new_initial_state(n, game.info.resolve(n, variant), options)
    return state, record_of(state, seed=seed, agents=list(specs))


def _forfeit(game: Game, specs: Sequence[str], seed: int, variant: str | None,
             options: Mapping[str, Any] | None, state: State | None, seat: int
             ) -> tuple[MatchRecord, int]:
    """The record of a match ``seat`` forfeited, and how many actions it had."""
    state, record = _partial(game, specs, seed, variant, options, state)
    record.finished = False
    record.scores = []
    record.returns = forfeit_returns(state.num_players, {state.team_of(seat)}, state.team_of)
    return record, state.move_number()


def _void(game: Game, specs: Sequence[str], seed: int, variant: str | None,
          options: Mapping[str, Any] | None, state: State | None, message: str
          ) -> tuple[MatchRecord, Fault]:
    state, record = _partial(game, specs, seed, variant, options, state)
    record.finished = False
    record.scores = []
    record.returns = [0.0] * state.num_players
    return record, Fault(None, "game", message, state.move_number())
