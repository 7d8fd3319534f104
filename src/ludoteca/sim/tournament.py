"""Tournaments: round-robin over seatings, seat rotation, one list of seeds for all.

Given K agents for a game of N seats in S sides (S = N unless the game has
partnerships), a *round* plays one deal (one seed) at every seating:

* line-ups: every set of S different agents when K >= S (each combination once); when
  K < S, every way of filling the S sides with the K agents in which each agent plays at
  least once (for two agents in a four-seat game: 1+3, 2+2 and 3+1 seats);
* seatings: every distinct order of each line-up around the table. With ``sides`` (the
  default) each agent takes a whole side - partners are the same agent, so a partnership
  game is team against team; in a game without partnerships this is the same as ``all``,
  which seats agents seat by seat (partners may then be different agents). ``rotations``
  keeps only the rotations of each line-up (fewer matches a round).

Because the set of line-ups and seatings is symmetric in the agents, every agent plays
every seat equally often. Round ``r`` uses the seed :func:`match_seed(seed, r)
<ludoteca.sim.simulate.match_seed>` at every one of its seatings: the agents meet the same
deal from every seat (a duplicate tournament), which takes the luck of the deal out of the
comparison. Matches are numbered round by round, so a tournament stopped early still has
balanced seatings for every finished round.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.core.state import ConfigError
from ludoteca.sim.match import Outcome
from ludoteca.sim.ratings import AgentRating, HeadToHead, head_to_head, rate, team_function
from ludoteca.sim.results import check_out_path
from ludoteca.sim.runner import Job
from ludoteca.sim.simulate import (
    ProgressCallback,
    RunResult,
    check_specs,
    execute,
    match_seed,
    prepare,
    resolve_agents,
    run_simulation,
    simulate,
)

__all__ = [
    "Schedule",
    "TournamentResult",
    "lineups",
    "match_seed",
    "resolve_agents",
    "run_simulation",
    "schedule",
    "seatings",
    "simulate",
    "tournament",
]

SEATING_MODES = ("sides", "all", "rotations")


def lineups(num_agents: int, num_players: int) -> list[tuple[int, ...]]:
    """The line-ups (sorted tuples of agent indices) of a round; see the module."""
    if num_agents >= num_players:
        return list(itertools.combinations(range(num_agents), num_players))
    return [c for c in itertools.combinations_with_replacement(range(num_agents), num_players)
            if len(set(c)) == num_agents]


def seatings(lineup: Sequence[int], mode: str = "all") -> list[tuple[int, ...]]:
    """The seatings of one line-up: every distinct order, or its rotations."""
    if mode in ("all", "sides"):
        return sorted(set(itertools.permutations(lineup)))
    if mode == "rotations":
        out: list[tuple[int, ...]] = []
        for k in range(len(lineup)):
            turn = tuple(lineup[k:]) + tuple(lineup[:k])
            if turn not in out:
                out.append(turn)
        return out
    raise ConfigError(f"seatings are {' or '.join(SEATING_MODES)}, not {mode!r}")


@dataclass(frozen=True)
class Schedule:
    agents: tuple[str, ...]
    tables: tuple[tuple[int, ...], ...]
    """The seatings of one round (agent indices per seat)."""
    rounds: int

    @property
    def matches(self) -> int:
        return self.rounds * len(self.tables)

    def jobs(self, seed: int) -> list[Job]:
        jobs = []
        for r in range(self.rounds):
            deal = match_seed(seed, r)
            for t, table in enumerate(self.tables):
                jobs.append(Job(r * len(self.tables) + t, deal,
                                tuple(self.agents[i] for i in table)))
        return jobs

    def seat_counts(self) -> dict[str, list[int]]:
        """How often each agent sits in each seat over the whole schedule."""
        counts = {agent: [0] * len(self.tables[0]) for agent in self.agents}
        for table in self.tables:
            for seat, i in enumerate(table):
                counts[self.agents[i]][seat] += self.rounds
        return counts


def schedule(agents: Sequence[str], num_players: int, matches: int, mode: str = "sides",
             sides: Sequence[Sequence[int]] | None = None) -> Schedule:
    """The seatings of a round and enough rounds for at least ``matches`` matches.

    ``sides``: the seats of each side (partners together); default one side per seat.
    """
    if len(agents) < 2:
        raise ConfigError("a tournament needs at least two agents")
    if len(set(agents)) != len(agents):
        raise ConfigError("give each agent once (seatings decide how many seats each gets)")
    if matches < 1:
        raise ConfigError(f"-n must be 1 or more, not {matches}")
    if mode not in SEATING_MODES:
        raise ConfigError(f"seatings are {', '.join(SEATING_MODES)}, not {mode!r}")
    if mode == "sides" and sides is not None and len(sides) < num_players:
        side_of = {seat: k for k, group in enumerate(sides) for seat in group}
        tables = tuple(tuple(t[side_of[seat]] for seat in range(num_players))
                       for lineup in lineups(len(agents), len(sides))
                       for t in seatings(lineup, mode))
    else:
        tables = tuple(t for lineup in lineups(len(agents), num_players)
                       for t in seatings(lineup, mode))
    rounds = -(-matches // len(tables))
    return Schedule(tuple(agents), tables, rounds)


@dataclass
class TournamentResult:
    schedule: Schedule
    run: RunResult
    ratings: list[AgentRating]
    head_to_head: list[HeadToHead]


def tournament(
    game_id: str,
    num_players: int,
    agents: Sequence[str],
    n: int,
    seed: int = 1,
    *,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    edition: str | Path | None = None,
    seating: str = "sides",
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    chunk_size: int | None = None,
    move_time_limit: float | None = None,
    max_actions: int | None = None,
    progress_callback: ProgressCallback | None = None,
    out: str | Path | None = None,
    on_outcome: Callable[[Outcome], None] | None = None,
    on_schedule: Callable[[Schedule], None] | None = None,
) -> TournamentResult:
    """Plays a round-robin tournament of at least ``n`` matches and rates the agents."""
    if out is not None:
        check_out_path(out)
    game, setup = prepare(game_id, num_players, variant, options, edition, move_time_limit,
                          max_actions)
    state = game.new_initial_state(num_players, setup.variant, options)
    groups: dict[int, list[int]] = {}
    for seat in range(num_players):
        groups.setdefault(state.team_of(seat), []).append(seat)
    plan = schedule(list(agents), num_players, n, seating, list(groups.values()))
    check_specs(plan.agents, game)
    if on_schedule is not None:
        on_schedule(plan)
    run = execute(setup.with_agents(plan.agents), plan.jobs(seed), backend=backend,
                  workers=workers, address=address, chunk_size=chunk_size,
                  progress=progress_callback, out=out, on_outcome=on_outcome)
    teams = team_function()
    return TournamentResult(plan, run, rate(run.records, teams),
                            head_to_head(run.records, teams))
