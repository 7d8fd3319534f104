"""Ratings and head-to-head results of agents, from match records.

Ratings use openskill's Plackett-Luce model, which rates multiplayer results with teams:
each *side* of a match is a team (a single seat, or partners), ranked by its win share
(ties share a rank; a side that forfeits is last). Matches are rated in the order given
(match order), so the same records always give the same ratings. An agent that sits in
several seats of one match (four copies of ``random``) is rated in each seat from its
current rating, and its new rating is the mean of those seats' new ratings.

A rating is ``mu`` with uncertainty ``sigma``; the table shows ``mu ± 1.96 sigma`` as its
95 % interval and sorts by ``mu``. Ratings say who is stronger; how much stronger is
better read from the head-to-head table: for two agents A and B seated on different sides,
the share of (A seat, B seat) pairs where A ended with the larger win share (equal shares
count half), averaged per match, with a Wilson 95 % interval over matches. Parity is 0.5.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.core.match import MatchRecord
from ludoteca.sim.stats import Z95, wilson_interval


@dataclass(frozen=True)
class AgentRating:
    agent: str
    mu: float
    sigma: float
    matches: int
    """Matches rated (with at least one seat of this agent)."""
    seats: int
    """Seats played (an agent may hold several seats of a match)."""
    share: float
    """Mean win share per seat played."""
    fair_share: float
    """Mean win share per seat over the same matches' seats (what an equal agent gets)."""

    @property
    def low(self) -> float:
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z95 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "mu": self.mu, "sigma": self.sigma, "low": self.low,
                "high": self.high, "matches": self.matches, "seats": self.seats,
                "share": self.share, "fair_share": self.fair_share}


@dataclass(frozen=True)
class HeadToHead:
    agent: str
    opponent: str
    matches: int
    score: float
    """The agent's score against the opponent (0.5 is parity)."""
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "opponent": self.opponent, "matches": self.matches,
                "score": self.score, "low": self.low, "high": self.high}

    @property
    def verdict(self) -> str:
        if self.low > 0.5:
            return "stronger"
        if self.high < 0.5:
            return "weaker"
        return "not separated"


TeamOf = Callable[[MatchRecord], Callable[[int], int]]
"""Given a record, its seat -> side function."""


def rated(record: MatchRecord) -> bool:
    """Whether a record says who won: finished, or stopped by a forfeit."""
    return bool(record.returns) and (record.finished or any(record.returns))


def side_ranks(record: MatchRecord, team_of: Callable[[int], int]) -> tuple[list[list[int]],
                                                                              list[int]]:
    """The seats of each side and each side's rank (1 best, ties equal) by win share."""
    sides: dict[int, list[int]] = {}
    for seat in range(record.num_players):
        sides.setdefault(team_of(seat), []).append(seat)
    groups = list(sides.values())
    share = [max(record.returns[s] for s in group) for group in groups]
    ranks = [1 + sum(1 for other in share if other > mine) for mine in share]
    return groups, ranks


def rate(records: Sequence[MatchRecord], team_of: TeamOf) -> list[AgentRating]:
    """Openskill ratings of every agent that played, best first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    matches: dict[str, int] = {}
    seats: dict[str, int] = {}
    shares: dict[str, float] = {}
    fair: dict[str, float] = {}
    for record in records:
        for agent in record.agents:
            if agent not in ratings:
                ratings[agent] = model.rating(name=agent)
                matches[agent] = seats[agent] = 0
                shares[agent] = fair[agent] = 0.0
        if not rated(record) or len(set(record.agents)) < 2:
            continue
        groups, ranks = side_ranks(record, team_of(record))
        teams = [[model.rating(mu=ratings[record.agents[s]].mu,
                               sigma=ratings[record.agents[s]].sigma) for s in group]
                 for group in groups]
        new = model.rate(teams, ranks=ranks)
        updates: dict[str, list[Any]] = {}
        for group, team in zip(groups, new, strict=True):
            for seat, rating in zip(group, team, strict=True):
                updates.setdefault(record.agents[seat], []).append(rating)
        mean_share = sum(record.returns) / record.num_players
        for agent, got in updates.items():
            ratings[agent] = model.rating(mu=sum(r.mu for r in got) / len(got),
                                          sigma=sum(r.sigma for r in got) / len(got),
                                          name=agent)
            matches[agent] += 1
        for seat, agent in enumerate(record.agents):
            seats[agent] += 1
            shares[agent] += record.returns[seat]
            fair[agent] += mean_share
    table = [AgentRating(agent, r.mu, r.sigma, matches[agent], seats[agent],
                         shares[agent] / seats[agent] if seats[agent] else 0.0,
                         fair[agent] / seats[agent] if seats[agent] else 0.0)
             for agent, r in ratings.items()]
    return sorted(table, key=lambda r: (-r.mu, r.agent))


def head_to_head(records: Sequence[MatchRecord], team_of: TeamOf) -> list[HeadToHead]:
    """Every ordered pair of agents that met on different sides, with the first's score."""
    totals: dict[tuple[str, str], list[float]] = {}
    for record in records:
        if not rated(record):
            continue
        side = team_of(record)
        returns = record.returns
        pairs: dict[tuple[str, str], list[float]] = {}
        for i, a in enumerate(record.agents):
            for j, b in enumerate(record.agents):
                if a == b or side(i) == side(j):
                    continue
                score = 1.0 if returns[i] > returns[j] else 0.5 if returns[i] == returns[j] \
                    else 0.0
                pairs.setdefault((a, b), []).append(score)
        for key, scores in pairs.items():
            entry = totals.setdefault(key, [0.0, 0])
            entry[0] += sum(scores) / len(scores)
            entry[1] += 1
    out = []
    for (a, b), (total, count) in sorted(totals.items()):
        low, high = wilson_interval(total, int(count))
        out.append(HeadToHead(a, b, int(count), total / count, low, high))
    return out


def team_function(cache: dict[Any, Callable[[int], int]] | None = None) -> TeamOf:
    """A :data:`TeamOf` that asks each record's initial state (cached per set-up)."""
    cache = {} if cache is None else cache

    def team_of(record: MatchRecord) -> Callable[[int], int]:
        key = (record.game, record.num_players, record.variant, record.edition,
               json.dumps(record.options, sort_keys=True))
        found = cache.get(key)
        if found is None:
            state = record.initial_state()
            sides = [state.team_of(seat) for seat in range(record.num_players)]
            found = cache[key] = sides.__getitem__
        return found

    return team_of
