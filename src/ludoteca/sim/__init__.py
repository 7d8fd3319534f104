"""Mass simulation: many matches between agents, tournaments, ratings and reports.

:func:`simulate` plays ``n`` matches and returns their records in match order;
:func:`tournament` plays a seat-rotated round robin and rates the agents (openskill);
:func:`summarize` turns records into per-seat win rates (with Wilson intervals), mean
scores and match lengths; :mod:`ludoteca.sim.report` writes an HTML report with plots.
Matches run in this process, in worker processes or on a Ray cluster
(:mod:`ludoteca.sim.runner`), with the same results whatever the backend. The command
line (``ludoteca simulate``, ``tournament``, ``report``) is a thin layer over these.
"""

from ludoteca.sim.match import Fault, Outcome
from ludoteca.sim.ratings import AgentRating, HeadToHead, head_to_head, rate
from ludoteca.sim.results import Result, read_results
from ludoteca.sim.simulate import RunResult, match_seed, run_simulation, simulate
from ludoteca.sim.stats import SeatStats, Summary, summarize, wilson_interval
from ludoteca.sim.tournament import Schedule, TournamentResult, schedule, tournament

__all__ = [
    "AgentRating",
    "Fault",
    "HeadToHead",
    "Outcome",
    "Result",
    "RunResult",
    "Schedule",
    "SeatStats",
    "Summary",
    "TournamentResult",
    "head_to_head",
    "match_seed",
    "rate",
    "read_results",
    "run_simulation",
    "schedule",
    "simulate",
    "summarize",
    "tournament",
    "wilson_interval",
]
