"""The Ray backend: matches as Ray tasks, on an existing cluster or a local one.

``run_on_ray`` connects to the cluster at ``address`` (``ray://host:10001``, ``host:6379``
or ``auto``), or starts a local one with ``workers`` CPUs for the run and shuts it down
afterwards. Chunks of matches are *generator tasks* that yield each match as it ends, so
results stream back; heartbeats from inside long matches go to a small progress actor the
driver polls. Every match depends only on its job, so a run gives the same records as the
local backend. Ctrl-C cancels the running tasks (Ray interrupts them, which abandons the
match under way) and keeps every match already received.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ludoteca.core.state import ConfigError
from ludoteca.sim.match import Outcome, Stopped
from ludoteca.sim.runner import (
    GRACE_SECONDS,
    Job,
    RunStatus,
    Setup,
    Tracker,
    chunks_of,
    play_job,
)


def _chunk(setup: Setup, chunk: list[Job], beats: Any) -> Iterator[Outcome]:
    """A Ray generator task: plays ``chunk`` and yields each match as it ends."""
    for job in chunk:
        def heartbeat(moves: int, i: int = job.index) -> None:
            beats.beat.remote(i, moves)  # fire and forget

        try:
            outcome = play_job(setup, job, heartbeat)
        except (Stopped, KeyboardInterrupt):
            return
        yield outcome


class _Beats:
    """A Ray actor that keeps the latest heartbeat of each running match."""

    def __init__(self) -> None:
        self.latest: dict[int, int] = {}

    def beat(self, index: int, moves: int) -> None:
        self.latest[index] = moves

    def take(self) -> dict[int, int]:
        latest, self.latest = self.latest, {}
        return latest


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError("the Ray backend needs Ray: pip install 'ludoteca[ray]'") from None
    return ray


def run_on_ray(setup: Setup, jobs: Sequence[Job], on_outcome: Callable[[Outcome], None],
               tracker: Tracker, stop: Callable[[], bool], *, workers: int | None,
               address: str | None, chunk_size: int | None) -> RunStatus:
    ray = _ray()
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                   "logging_level": logging.ERROR}
        try:
            if address is not None:
                ray.init(address=address, **options)
            else:
                # Workers of a local cluster see what the driver sees (a game or agent
                # registered from a folder put on sys.path at run time unpickles there).
                path = os.pathsep.join(p for p in sys.path if p and os.path.isdir(p))
                ray.init(num_cpus=workers, runtime_env={"env_vars": {"PYTHONPATH": path}},
                         **options)
        except (ConnectionError, ValueError, RuntimeError) as err:
            raise ConfigError(f"cannot start or reach a Ray cluster ({address or 'local'}): "
                              f"{err}") from None
        started = True
    status = RunStatus(backend="ray")
    running: dict[Any, list[Job]] = {}
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        status.workers = slots = min(workers or cpus, len(jobs))
        task = ray.remote(_chunk).options(num_cpus=1, max_retries=0)
        beats = ray.remote(_Beats).options(num_cpus=0).remote()
        queue = chunks_of(jobs, slots, chunk_size)
        queue.reverse()
        running = {}
        setup_ref = ray.put(setup)
        last_poll = 0.0
        while queue or running:
            while queue and len(running) < 2 * slots and not stop():
                chunk = queue.pop()
                running[task.remote(setup_ref, chunk, beats)] = chunk
            if stop():
                status.interrupted = True
                break
            ready, _ = ray.wait(list(running), num_returns=1, timeout=0.2)
            if not ready:
                tracker.report()
            for gen in ready:
                chunk = running[gen]
                try:
                    outcome: Outcome = ray.get(next(gen))
                except StopIteration:
                    del running[gen]
                    continue
                except Exception as err:  # the task or its worker failed
                    del running[gen]
                    status.errors.append(f"{type(err).__name__}: {err}".splitlines()[0])
                    status.lost += [job.index for job in chunk]
                    for job in chunk:
                        tracker.forget(job.index)
                    continue
                chunk[:] = [job for job in chunk if job.index != outcome.index]
                on_outcome(outcome)
                tracker.finished(outcome)
            now = time.monotonic()
            if now - last_poll > 0.5:
                last_poll = now
                for index, moves in ray.get(beats.take.remote()).items():
                    if any(job.index == index for chunk in running.values() for job in chunk):
                        tracker.beat(index, moves)
    except KeyboardInterrupt:
        status.interrupted = True
    finally:
        if running:  # stopped: cancel what runs, keep what finishes meanwhile
            with contextlib.suppress(KeyboardInterrupt):
                _cancel(ray, running, on_outcome, tracker)
        if started:
            ray.shutdown()
    status.lost.sort()
    return status


def _cancel(ray: Any, running: dict[Any, list[Job]], on_outcome: Callable[[Outcome], None],
            tracker: Tracker) -> None:
    """Cancels running tasks, keeping matches that finished meanwhile."""
    for gen in running:
        with contextlib.suppress(Exception):  # already finished
            ray.cancel(gen)
    deadline = time.monotonic() + GRACE_SECONDS
    while running and time.monotonic() < deadline:
        ready, _ = ray.wait(list(running), num_returns=1, timeout=0.2)
        for gen in ready:
            try:
                outcome = ray.get(next(gen))
            except Exception:  # StopIteration, cancelled
                del running[gen]
                continue
            on_outcome(outcome)
            tracker.finished(outcome)
    for gen in running:
        with contextlib.suppress(Exception):
            ray.cancel(gen, force=True)
