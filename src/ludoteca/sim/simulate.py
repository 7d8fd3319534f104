"""Playing many matches between the same agents, reproducibly, on any backend.

Reproducibility is the point of a simulation one can publish, so the results depend only
on the arguments, never on how the work is split:

* match ``i`` is played by :func:`ludoteca.core.match.run_match` with the seed
  :func:`match_seed(seed, i) <match_seed>`, so it can be replayed or re-run alone;
* agents are made afresh for every match from their spec strings, so an agent that keeps
  state between calls cannot carry it from one match into the next (which would make a
  match depend on which worker played the matches before it);
* records are returned (and written) in match order, whatever order the workers finish in.

The same ``seed`` therefore gives the same records with 1 worker or 64, locally or on
Ray, as long as the agents' budgets do not depend on the clock (``ismcts:time=...``
does) and no move hits the time limit.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core.match import MatchRecord
from ludoteca.core.registry import load_game
from ludoteca.core.state import ConfigError, Game
from ludoteca.sim.match import Fault, Outcome
from ludoteca.sim.results import ResultWriter, check_out_path
from ludoteca.sim.runner import Job, RunStatus, Setup, run_jobs

ProgressCallback = Callable[[float, int], None]
"""``callback(done, total)``, called in the calling process as matches progress; ``done``
is fractional while matches are under way."""


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a simulation seeded with ``seed``.

    A hash rather than ``seed * k + index`` so that two simulations with nearby seeds
    never share matches; 48 bits so that the seed survives JSON readers that hold numbers
    as doubles (JavaScript).
    """
    digest = hashlib.blake2b(f"ludoteca:{seed}:{index}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def resolve_agents(agents: str | Sequence[str] | None, num_players: int,
                   game: Game | None = None) -> list[str]:
    """One spec per seat: ``None`` is ``random`` everywhere; a string is the same spec for
    every seat; a list must name one spec per seat. Every spec is checked by building it,
    so a bad spec fails here, in the caller, not in a worker."""
    if agents is None:
        specs = ["random"] * num_players
    elif isinstance(agents, str):
        specs = [agents] * num_players
    else:
        specs = list(agents)
        if len(specs) != num_players:
            raise ConfigError(
                f"{len(specs)} agents given for {num_players} players; give one per seat "
                "or a single spec for every seat"
            )
    check_specs(specs, game)
    return specs


def check_specs(specs: Sequence[str], game: Game | None) -> None:
    for spec in specs:
        agent = make_agent(spec)
        if game is not None:
            agent.check(game)


@dataclass
class RunResult:
    """What a run produced: every finished match in order, and how the run went."""

    records: list[MatchRecord]
    faults: dict[int, Fault] = field(default_factory=dict)
    """Match position in ``records`` -> what went wrong there."""
    status: RunStatus = field(default_factory=RunStatus)
    total: int = 0
    """Matches planned (``len(records)`` unless the run was interrupted or lost some)."""
    written: int = 0


def execute(setup: Setup, jobs: Sequence[Job], *, backend: str = "local",
            workers: int | None = None, address: str | None = None,
            chunk_size: int | None = None, progress: ProgressCallback | None = None,
            out: str | Path | None = None,
            on_outcome: Callable[[Outcome], None] | None = None) -> RunResult:
    """Runs ``jobs``; records in job order (finished ones only), written to ``out`` too."""
    outcomes: dict[int, Outcome] = {}
    with ResultWriter(out, (job.index for job in jobs)) as writer:
        def collect(outcome: Outcome) -> None:
            outcomes[outcome.index] = outcome
            writer.add(outcome)
            if on_outcome is not None:
                on_outcome(outcome)

        status = run_jobs(setup, jobs, collect, backend=backend, workers=workers,
                          address=address, chunk_size=chunk_size, progress=progress)
    played = [outcomes[job.index] for job in jobs if job.index in outcomes]
    return RunResult(
        records=[o.record for o in played],
        faults={i: o.fault for i, o in enumerate(played) if o.fault is not None},
        status=status, total=len(jobs), written=writer.written,
    )


def prepare(game_id: str, num_players: int, variant: str | None,
            options: Mapping[str, Any] | None, edition: str | Path | None,
            move_time_limit: float | None, max_actions: int | None) -> tuple[Game, Setup]:
    """Loads the game and checks the whole set-up before any match is played."""
    game = load_game(game_id, edition)
    variant = game.info.resolve(num_players, variant)
    game.new_initial_state(num_players, variant, options)  # checks the options
    if move_time_limit is not None and not move_time_limit > 0:
        raise ConfigError(f"the move time limit is a number of seconds above 0, "
                          f"not {move_time_limit}")
    setup = Setup.of(game, num_players, variant, options, move_time_limit=move_time_limit,
                     max_actions=max_actions)
    return game, setup


def run_simulation(
    game_id: str,
    num_players: int,
    n: int,
    seed: int = 1,
    agents: str | Sequence[str] | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    progress_callback: ProgressCallback | None = None,
    *,
    edition: str | Path | None = None,
    chunk_size: int | None = None,
    backend: str = "local",
    address: str | None = None,
    move_time_limit: float | None = None,
    max_actions: int | None = None,
    out: str | Path | None = None,
    on_outcome: Callable[[Outcome], None] | None = None,
) -> RunResult:
    """:func:`simulate`, returning faults and how the run ended too (see :class:`RunResult`)."""
    if n < 0:
        raise ConfigError(f"the number of matches must be 0 or more, not {n}")
    if out is not None:
        check_out_path(out)
    game, setup = prepare(game_id, num_players, variant, options, edition, move_time_limit,
                          max_actions)
    specs = tuple(resolve_agents(agents, num_players, game))
    jobs = [Job(i, match_seed(seed, i), specs) for i in range(n)]
    return execute(setup.with_agents(specs), jobs, backend=backend, workers=workers,
                   address=address, chunk_size=chunk_size, progress=progress_callback, out=out,
                   on_outcome=on_outcome)


def simulate(
    game_id: str,
    num_players: int,
    n: int,
    seed: int = 1,
    agents: str | Sequence[str] | None = None,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    progress_callback: ProgressCallback | None = None,
    *,
    edition: str | Path | None = None,
    chunk_size: int | None = None,
    backend: str = "local",
    address: str | None = None,
    move_time_limit: float | None = None,
) -> list[MatchRecord]:
    """Plays ``n`` matches of ``game_id`` and returns their records in match order.

    ``agents``: see :func:`resolve_agents`. ``workers``: processes to use (default one per
    CPU); with 1 the matches are played in this process. ``edition``: an edition file; its
    text travels with every record. ``backend``: ``local`` or ``ray`` (``address`` of a
    cluster, or a local one started for the run). A match an agent forfeits is kept with
    the forfeit's returns (:func:`run_simulation` says which). Raises
    :class:`ConfigError` or :class:`~ludoteca.core.edition.EditionError` before any match
    is played if the set-up is impossible, and KeyboardInterrupt after a Ctrl-C (once the
    workers are stopped).
    """
    result = run_simulation(game_id, num_players, n, seed, agents, variant, options, workers,
                            progress_callback, edition=edition, chunk_size=chunk_size,
                            backend=backend, address=address,
                            move_time_limit=move_time_limit)
    if result.status.interrupted:
        raise KeyboardInterrupt
    if result.status.lost:
        raise RuntimeError(f"{len(result.status.lost)} matches were lost: "
                           + "; ".join(result.status.errors or ["a worker died"]))
    return result.records
