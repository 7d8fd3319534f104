"""Running many matches on a backend: in this process, in worker processes, or on Ray.

A run is a :class:`Setup` (the game and its set-up, as plain data that crosses process
boundaries) and a list of :class:`Job` (match index, seed, one agent spec per seat). Every
match depends only on its job, so the results are the same whatever the backend, the
number of workers or the order they finish in. Results stream back one match at a time
(:class:`~ludoteca.sim.match.Outcome`), with heartbeats from inside long matches so that
progress moves however slow a match is.

Stopping. :func:`run_jobs` turns the first Ctrl-C (SIGINT) into a request to stop: workers
abandon the match they are playing at the next action, report and exit, and every match
finished before that is kept; the run then returns with ``interrupted`` set. Worker
processes ignore SIGINT themselves (the terminal sends it to the whole process group), so
only the parent decides; whatever has not exited after a grace period is terminated, then
killed. A second Ctrl-C skips the grace period.
"""

from __future__ import annotations

import gc
import math
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from ludoteca.agents import agent_class, parse_spec, register_agent
from ludoteca.core.registry import load_game, register
from ludoteca.core.state import ConfigError, Game
from ludoteca.sim.match import Outcome, Stopped, play_match

GRACE_SECONDS = 5.0
"""How long stopped workers get to finish their current action and exit."""
BATCH_SECONDS = 0.25
"""A worker sends finished matches at most this long after they end. Each message wakes the
parent, which then takes a core from a worker for a moment: with matches of a millisecond,
0.25 s gave a pool of two 3 % more matches than 0.05 s, and a progress bar still moves
four times a second."""


@dataclass(frozen=True)
class Setup:
    """What every match of a run shares, as plain data a worker can rebuild the game from.

    The game class travels by reference and is registered again in the worker, so a game
    registered at run time in the parent (a test, a notebook) is known there too.
    """

    game_id: str
    game_class: Any
    edition_text: str | None
    num_players: int
    variant: str
    options: dict[str, Any] | None = None
    move_time_limit: float | None = None
    max_actions: int | None = None
    agent_classes: tuple[tuple[str, Any], ...] = ()
    """Agents the workers must know: (name, class) of every agent the specs name, so that
    an agent registered at run time in the parent plays in spawned workers too."""

    @classmethod
    def of(cls, game: Game, num_players: int, variant: str,
           options: Mapping[str, Any] | None = None, **kwargs: Any) -> Setup:
        return cls(game.info.id, type(game), game.edition_text, num_players, variant,
                   dict(options) if options is not None else None, **kwargs)

    def with_agents(self, specs: Sequence[str]) -> Setup:
        """This set-up, carrying the classes of the agents ``specs`` name."""
        from dataclasses import replace

        names = sorted({parse_spec(spec)[0] for spec in specs})
        return replace(self, agent_classes=tuple((name, agent_class(name)) for name in names))

    def game(self) -> Game:
        key = (self.game_id, self.game_class, self.edition_text)
        for name, cls in self.agent_classes:
            if agent_class(name) is not cls:
                register_agent(name)(cls)
        game = _games.get(key)
        if game is None:
            register(self.game_class, self.game_id)
            game = _games[key] = load_game(self.game_id, edition_text=self.edition_text)
        return game


_games: dict[Any, Game] = {}


@dataclass(frozen=True)
class Job:
    """One match: its index in the run, its seed and one agent spec per seat."""

    index: int
    seed: int
    specs: tuple[str, ...]


def play_job(setup: Setup, job: Job, heartbeat: Callable[[int], None] | None = None,
             stop: Callable[[], bool] | None = None) -> Outcome:
    return play_match(setup.game(), job.specs, job.seed, index=job.index,
                      variant=setup.variant, options=setup.options,
                      move_time_limit=setup.move_time_limit, max_actions=setup.max_actions,
                      heartbeat=heartbeat, stop=stop)


# ----- what the caller sees --------------------------------------------------------------

@dataclass
class RunStatus:
    """How a run ended."""

    interrupted: bool = False
    lost: list[int] = field(default_factory=list)
    """Matches whose worker died before reporting them (not played to the end)."""
    errors: list[str] = field(default_factory=list)
    """Why workers died, if any did."""
    workers: int = 1
    backend: str = "local"


class Tracker:
    """Progress in matches, fractional while matches are under way.

    A running match counts as the share of a typical match length it has played (the
    mean length of the finished ones, or half the game's bound before any has
    finished), at most 0.9, so that a progress bar moves during slow matches.
    """

    def __init__(self, total: int, bound: int, callback: Callable[[float, int], None] | None
                 ) -> None:
        self.total = total
        self.done = 0
        self.lengths = 0
        self.bound = max(1, bound)
        self.running: dict[int, int] = {}
        self.callback = callback
        self.last = 0.0

    def finished(self, outcome: Outcome) -> None:
        self.running.pop(outcome.index, None)
        self.done += 1
        self.lengths += len(outcome.record.actions)
        self.report()

    def beat(self, index: int, moves: int) -> None:
        self.running[index] = moves
        self.report()

    def forget(self, index: int) -> None:
        self.running.pop(index, None)

    def value(self) -> float:
        typical = self.lengths / self.done if self.done else self.bound / 2
        partial = sum(min(0.9, moves / typical) for moves in self.running.values())
        return min(self.total, self.done + partial)

    def report(self) -> None:
        if self.callback is not None:
            value = self.value()
            value = max(value, self.last)  # never backwards
            self.last = value
            self.callback(value, self.total)


class _StopFlag:
    """Set by the first SIGINT of a run (a second one raises KeyboardInterrupt)."""

    def __init__(self) -> None:
        self.set = False

    def __call__(self) -> bool:
        return self.set


@contextmanager
def _sigint_requests_stop() -> Iterator[_StopFlag]:
    flag = _StopFlag()
    if threading.current_thread() is not threading.main_thread():
        yield flag  # KeyboardInterrupt is all we can get here
        return

    def handler(signum: int, frame: Any) -> None:
        if flag.set:
            raise KeyboardInterrupt
        flag.set = True

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield flag
    finally:
        signal.signal(signal.SIGINT, previous)


COLLECTING_THRESHOLD = 50_000
"""The cyclic garbage collector's first threshold while a run collects results."""


@contextmanager
def _collecting() -> Iterator[None]:
    """Runs the cyclic garbage collector less often for the length of a run.

    The process that gathers the results allocates a handful of lasting objects per match
    (a record, its lists), none of them garbage, and with the collector's default
    thresholds it kept rescanning them: half of the parent's CPU time in a pool of fast
    matches (a tenth of a core with two workers on Douro 1872), time the workers then
    lacked. The thresholds are restored after the run, also when it raises."""
    previous = gc.get_threshold()
    gc.set_threshold(max(previous[0], COLLECTING_THRESHOLD), *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def run_jobs(
    setup: Setup,
    jobs: Sequence[Job],
    on_outcome: Callable[[Outcome], None],
    *,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Callable[[float, int], None] | None = None,
) -> RunStatus:
    """Plays ``jobs`` and calls ``on_outcome`` in this process as each match ends (in the
    order they end). ``progress(done, total)`` gets fractional match counts."""
    if backend not in ("local", "ray"):
        raise ConfigError(f"unknown backend {backend!r}; use 'local' or 'ray'")
    if workers is not None and workers < 1:
        raise ConfigError(f"workers must be 1 or more, not {workers}")
    if address is not None and backend != "ray":
        raise ConfigError("--address is for the Ray backend (--backend ray)")
    tracker = Tracker(len(jobs), setup.game().info.max_game_length, progress)
    tracker.report()
    if not jobs:
        return RunStatus(workers=0, backend=backend)
    if backend == "ray":
        from ludoteca.sim.ray_backend import run_on_ray

        with _sigint_requests_stop() as stop, _collecting():
            return run_on_ray(setup, jobs, on_outcome, tracker, stop, workers=workers,
                              address=address, chunk_size=chunk_size)
    workers = min(workers or default_workers(), len(jobs))
    with _sigint_requests_stop() as stop, _collecting():
        if workers == 1:
            return _run_here(setup, jobs, on_outcome, tracker, stop)
        return _run_in_processes(setup, jobs, on_outcome, tracker, stop, workers, chunk_size)


MAX_CHUNK = 500
"""The most matches one message hands a worker (the first chunks of a long run)."""


def chunks_of(jobs: Sequence[Job], workers: int, chunk_size: int | None) -> list[list[Job]]:
    """Jobs in dispatch order, several per message.

    ``chunk_size`` fixes the size of every chunk. By default the chunks shrink as the run
    goes on ("guided" scheduling): each takes an eighth of the remaining jobs' share per
    worker, at most :data:`MAX_CHUNK`. Large early chunks keep the parent's work per match
    small when a match takes a millisecond (every chunk costs a message each way and a
    wake-up of the parent); chunks of a single match at the end let the workers finish
    together when a match takes minutes. Which worker plays a match never changes its
    result, only when it arrives.
    """
    if chunk_size is not None:
        return [list(jobs[i:i + chunk_size]) for i in range(0, len(jobs), chunk_size)]
    out, at = [], 0
    while at < len(jobs):
        size = max(1, min(MAX_CHUNK, (len(jobs) - at) // (workers * 8)))
        out.append(list(jobs[at:at + size]))
        at += size
    return out


# ----- in this process ------------------------------------------------------------------------

def _run_here(setup: Setup, jobs: Sequence[Job], on_outcome: Callable[[Outcome], None],
              tracker: Tracker, stop: _StopFlag) -> RunStatus:
    status = RunStatus(workers=1)
    for job in jobs:
        if stop():
            status.interrupted = True
            break
        try:
            outcome = play_job(setup, job, lambda moves, i=job.index: tracker.beat(i, moves),
                               stop)
        except (Stopped, KeyboardInterrupt):
            tracker.forget(job.index)
            status.interrupted = True
            break
        on_outcome(outcome)
        tracker.finished(outcome)
    return status


# ----- in worker processes --------------------------------------------------------------------

def _worker(setup: Setup, conn: Connection, stop_event: Any,
            inherited: Sequence[Connection] = ()) -> None:
    """A worker process: plays the chunks it is sent and sends back finished matches (a
    few at a time, at most :data:`BATCH_SECONDS` after they end) and heartbeats.

    ``inherited``: the parent's ends of the pipes, which a forked worker holds copies of.
    It closes them first: while it holds the reading end of its own pipe, a parent killed
    outright (SIGKILL, SIGTERM) would leave it waiting forever for the next chunk instead
    of seeing the pipe close and exiting."""
    for other in inherited:
        other.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    stopped = stop_event.is_set
    clock = time.monotonic
    done: list[Outcome] = []
    sent = clock()

    def flush() -> None:
        nonlocal sent
        if done:
            conn.send(("done", done[:]))
            done.clear()
        sent = clock()

    def beat(index: int, moves: int) -> None:
        try:
            conn.send(("beat", index, moves))
        except OSError:  # the parent is gone: stop rather than record a failed match
            raise Stopped from None

    try:
        setup.game()
        while not stopped():
            chunk = conn.recv()
            if chunk is None:
                break
            for job in chunk:
                if stopped():
                    break
                try:
                    outcome = play_job(setup, job, lambda moves, i=job.index: beat(i, moves),
                                       stopped)
                except Stopped:
                    break
                done.append(outcome)
                if clock() - sent >= BATCH_SECONDS:
                    flush()
            flush()
            conn.send(("ready",))
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        pass
    except BaseException as err:  # report it rather than die silently
        with suppress(OSError, ValueError):
            flush()
            conn.send(("crash", f"{type(err).__name__}: {err}"))
    finally:
        with suppress(OSError, ValueError):
            conn.send(("exit",))
        conn.close()


def _context() -> Any:
    """How to start workers: ``fork`` when this process runs a single thread (fast, and the
    workers inherit every game and agent registered here, with no need for a main-module
    guard), ``spawn`` otherwise (forking a process with other threads running - a Ray
    driver, a progress bar's refresh thread - can deadlock the child)."""
    methods = mp.get_all_start_methods()
    if "fork" in methods and sys.platform != "darwin" and threading.active_count() == 1:
        return mp.get_context("fork")
    return mp.get_context("spawn")


def _run_in_processes(setup: Setup, jobs: Sequence[Job], on_outcome: Callable[[Outcome], None],
                      tracker: Tracker, stop: _StopFlag, workers: int,
                      chunk_size: int | None) -> RunStatus:
    status = RunStatus(workers=workers)
    ctx = _context()
    stop_event = ctx.Event()
    queue = chunks_of(jobs, workers, chunk_size)
    queue.reverse()  # pop() from the end: first chunks first
    conns: list[Connection] = []
    procs: list[Any] = []
    inflight: dict[Connection, list[list[Job]]] = {}
    forked = ctx.get_start_method() == "fork"
    for _ in range(workers):
        parent, child = ctx.Pipe()
        # A forked worker inherits every pipe end open here; a spawned one only its own.
        inherited = [*conns, parent] if forked else []
        proc = ctx.Process(target=_worker, args=(setup, child, stop_event, inherited),
                           daemon=True)
        proc.start()
        child.close()
        conns.append(parent)
        procs.append(proc)
        inflight[parent] = []
    alive = {conn: proc for conn, proc in zip(conns, procs, strict=True)}

    def send_next(conn: Connection) -> None:
        try:
            if queue and not stop():
                chunk = queue.pop()
                inflight[conn].append(chunk)
                conn.send(chunk)
            elif not inflight[conn]:
                conn.send(None)
        except (OSError, ValueError):  # the worker is gone; its sentinel says so next
            pass

    def handle(conn: Connection, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == "done":
            chunk = inflight[conn][0]
            finished = {outcome.index for outcome in message[1]}
            chunk[:] = [job for job in chunk if job.index not in finished]
            for outcome in message[1]:
                on_outcome(outcome)
                tracker.finished(outcome)
        elif kind == "beat":
            tracker.beat(message[1], message[2])
        elif kind == "ready":
            chunk = inflight[conn].pop(0)
            for job in chunk:  # a chunk abandoned on stop
                tracker.forget(job.index)
            send_next(conn)
        elif kind == "crash":
            status.errors.append(message[1])
        elif kind == "exit":
            close(conn)

    def close(conn: Connection) -> None:
        if conn not in alive:
            return
        proc = alive.pop(conn)
        for chunk in inflight.pop(conn, []):
            for job in chunk:
                tracker.forget(job.index)
                if not stop():
                    status.lost.append(job.index)
        proc.join(timeout=GRACE_SECONDS)
        if proc.exitcode and not stop():
            status.errors.append(f"a worker process ended with code {proc.exitcode}")
        conn.close()

    try:
        for conn in conns:
            send_next(conn)  # two chunks each, so no worker waits for the next one
            send_next(conn)
        deadline = math.inf
        while alive:
            if stop() and deadline == math.inf:
                status.interrupted = True
                stop_event.set()
                deadline = time.monotonic() + GRACE_SECONDS
            if time.monotonic() > deadline:
                break
            sentinels = {proc.sentinel: conn for conn, proc in alive.items()}
            ready_list = wait([*alive, *sentinels], timeout=0.2)
            if not ready_list:
                tracker.report()  # let the caller refresh elapsed time and rates
            for ready in ready_list:
                conn = sentinels.get(ready, ready)  # type: ignore[arg-type]
                if conn not in alive:
                    continue
                try:
                    while conn.poll():
                        handle(conn, conn.recv())
                        if conn not in alive:
                            break
                except (EOFError, OSError):
                    close(conn)
                    continue
                if ready in sentinels and conn in alive:
                    close(conn)  # the process ended without saying so
    except KeyboardInterrupt:  # a second Ctrl-C: no grace
        status.interrupted = True
    finally:
        stop_event.set()
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join(timeout=2)
            if proc.is_alive():
                proc.kill()
                proc.join()
        for conn in conns:
            conn.close()
    if not status.interrupted:
        status.lost += [job.index for chunk in queue for job in chunk]  # no worker left
    status.lost.sort()
    return status
