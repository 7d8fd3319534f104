"""Mass simulation: many matches between agents, in parallel, and their statistics.

:func:`simulate` plays ``n`` matches and returns their records in match order;
:func:`summarize` turns records into per-seat win rates (with Wilson intervals), mean
scores and match lengths. The command line (``ludoteca simulate``) is a thin layer over
these two.
"""

from ludoteca.sim.stats import SeatStats, Summary, summarize, wilson_interval
from ludoteca.sim.tournament import match_seed, simulate

__all__ = ["SeatStats", "Summary", "match_seed", "simulate", "summarize", "wilson_interval"]
