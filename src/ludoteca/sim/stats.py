"""Statistics over a set of match records.

A seat's win rate is the mean of its *returns* (its win share), so a win shared by k seats
counts 1/k to each, and partners in a team game each count their team's wins. The 95%
interval is Wilson's score interval: unlike the normal approximation it stays inside
[0, 1] and behaves well for rates near 0 or 1 and for a few hundred matches, which is what
balance questions ("does seat 0 win too often?") are asked with.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ludoteca.core.match import MatchRecord

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; ``successes`` may be fractional (shared wins).

    With no trials nothing is known, and the interval is the whole of [0, 1].
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1.0 - p), 0.0) / n + z2 / (4 * n * n)) / denom
    # At 0 or n successes one end is exactly 0 or 1; say so rather than 3e-18.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class SeatStats:
    seat: int
    agent: str
    wins: float
    """Sum of the seat's returns (shared wins count fractionally)."""
    win_rate: float
    low: float
    high: float
    mean_score: float


@dataclass(frozen=True)
class Summary:
    matches: int
    finished: int
    """Matches that reached the end (the others hit the action limit)."""
    seats: tuple[SeatStats, ...]
    mean_length: float
    min_length: int
    max_length: int


def summarize(records: Sequence[MatchRecord]) -> Summary:
    """Per-seat win rates and mean scores, and match lengths (actions, chance included).

    Unfinished records count as matches nobody won and scored nothing, so that a game or
    agent that fails to finish shows up as a lower win rate rather than vanishing; a match
    stopped by a forfeit counts its forfeit returns (the faulty side lost).
    """
    if not records:
        return Summary(0, 0, (), 0.0, 0, 0)
    num_players = records[0].num_players
    if any(r.num_players != num_players for r in records):
        raise ValueError("cannot summarize matches with different player counts together")
    n = len(records)
    seats = []
    for seat in range(num_players):
        wins = sum(r.returns[seat] for r in records if r.returns)
        score = sum(r.scores[seat] for r in records if r.finished)
        agent = records[0].agents[seat] if seat < len(records[0].agents) else "?"
        low, high = wilson_interval(wins, n)
        seats.append(SeatStats(seat, agent, wins, wins / n, low, high, score / n))
    lengths = [len(r.actions) for r in records]
    return Summary(
        matches=n,
        finished=sum(r.finished for r in records),
        seats=tuple(seats),
        mean_length=sum(lengths) / n,
        min_length=min(lengths),
        max_length=max(lengths),
    )
