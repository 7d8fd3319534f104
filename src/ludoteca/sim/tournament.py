"""Playing many matches, in parallel worker processes, reproducibly.

Reproducibility is the point of a simulation one can publish, so the results depend only
on the arguments, never on how the work is split:

* match ``i`` is played by :func:`ludoteca.core.match.run_match` with the seed
  :func:`match_seed(seed, i) <match_seed>`, so it can be replayed or re-run alone;
* agents are made afresh for every match from their spec strings, so an agent that keeps
  state between calls cannot carry it from one match into the next (which would make a
  match depend on which worker played the matches before it);
* records are returned in match order, whatever order the workers finish in.

The same ``seed`` therefore gives the same records with 1 worker or 64. Workers receive
plain data (the game id, its class reference, the edition text, agent specs, options) and
build the game in their own process: states never cross a process boundary.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from ludoteca.agents import make_agent, run_match
from ludoteca.core.match import MatchRecord
from ludoteca.core.registry import load_game, register
from ludoteca.core.state import ConfigError, Game

ProgressCallback = Callable[[int, int], None]
"""``callback(done, total)``, called in the calling process as matches complete."""


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` of a simulation seeded with ``seed``.

    A hash rather than ``seed * k + index`` so that two simulations with nearby seeds
    never share matches; 48 bits so that the seed survives JSON readers that hold numbers
    as doubles (JavaScript).
    """
    digest = hashlib.blake2b(f"ludoteca:{seed}:{index}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


# ----- the work of one process ------------------------------------------------------------

_worker_game: Game | None = None


def _init_worker(game_id: str, game_class: Any, edition_text: str | None) -> None:
    """Builds the game once per worker process.

    The class is registered again under its id, so a game registered at run time in the
    parent (a test, a notebook) is known in the child even when processes are spawned
    rather than forked.
    """
    global _worker_game
    register(game_class, game_id)
    _worker_game = load_game(game_id, edition_text=edition_text)


def _play(
    game: Game, indices: Sequence[int], seed: int, agents: Sequence[str], variant: str,
    options: Mapping[str, Any] | None,
) -> list[tuple[int, MatchRecord]]:
    return [
        (i, run_match(game, list(agents), match_seed(seed, i), variant=variant, options=options))
        for i in indices
    ]


def _play_in_worker(
    indices: Sequence[int], seed: int, agents: Sequence[str], variant: str,
    options: Mapping[str, Any] | None,
) -> list[tuple[int, MatchRecord]]:
    assert _worker_game is not None, "worker not initialised"
    return _play(_worker_game, indices, seed, agents, variant, options)


# ----- the calling process ----------------------------------------------------------------


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
    for spec in specs:
        agent = make_agent(spec)
        if game is not None:
            agent.check(game)
    return specs


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
) -> list[MatchRecord]:
    """Plays ``n`` matches of ``game_id`` and returns their records in match order.

    ``agents``: see :func:`resolve_agents`. ``workers``: processes to use (default
    ``os.cpu_count()``); with 1 the matches are played in this process. ``edition``: an
    edition file; its text travels with every record. Raises :class:`ConfigError` or
    :class:`~ludoteca.core.edition.EditionError` before any match is played if the set-up
    is impossible.
    """
    if n < 0:
        raise ConfigError(f"the number of matches must be 0 or more, not {n}")
    game = load_game(game_id, edition)
    variant = game.info.resolve(num_players, variant)
    game.new_initial_state(num_players, variant, options)  # checks the options
    specs = resolve_agents(agents, num_players)
    workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
    workers = min(workers, max(1, n))
    if chunk_size is None:
        # Small enough for a smooth progress bar and balanced workers, big enough that
        # sending work to a process costs little beside playing it.
        chunk_size = max(1, min(50, n // (workers * 8) or 1))
    chunks = [range(start, min(n, start + chunk_size)) for start in range(0, n, chunk_size)]

    results: list[MatchRecord | None] = [None] * n
    done = 0
    if progress_callback is not None:
        progress_callback(0, n)

    def collect(played: list[tuple[int, MatchRecord]]) -> None:
        nonlocal done
        for i, record in played:
            results[i] = record
        done += len(played)
        if progress_callback is not None:
            progress_callback(done, n)

    if workers == 1:
        for chunk in chunks:
            collect(_play(game, chunk, seed, specs, variant, options))
    else:
        opts = dict(options) if options is not None else None
        with ProcessPoolExecutor(
            max_workers=workers,
            initializer=_init_worker,
            initargs=(game.id, type(game), game.edition_text),
        ) as pool:
            pending = {
                pool.submit(_play_in_worker, list(chunk), seed, specs, variant, opts)
                for chunk in chunks
            }
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    collect(future.result())
    assert all(r is not None for r in results)
    return results  # type: ignore[return-value]
