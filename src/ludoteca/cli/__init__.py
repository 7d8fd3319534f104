"""The ``ludoteca`` command: list games, play one in the terminal, replay, simulate.

A thin layer over the State API: matches are played by
:func:`ludoteca.core.match.run_match`, whose seeded streams make a match reproducible, and
the human is one more :class:`~ludoteca.agents.Agent`. Like every agent the human is handed
``state.determinize(seat, rng)``, never the true state, and is shown only the game's
terminal view of ``view.observation(seat)`` (its package's ``render`` module) and the
labels of their own legal actions. What happens at the table reaches the human only as
the events their seat may see (``state.events_for(seat)``, described by
``state.describe_event``), never through ``action_to_string``: the full label of a deal
or of a face-down card names what the seat may not know.

The commands live in the modules of this package, one per group: ``games``, ``play``,
``replay``, ``study`` (simulate, tournaments, reports), ``serve``.

Errors exit with code 2, the code command-line tools use for usage errors, and never
show a traceback. The commands' own checks (unknown game, player count, variant, seat,
option, agent spec, output path, record file), made before any match is played, print one
line on standard error, "Error: ..."; an edition file with several problems prints that
line and then one problem per line. Mistakes in the command line itself (a missing
required option, a word where a number goes, an unknown command or option) are caught by
typer before the command runs: it prints the usage line, a hint to ``-h`` and the problem
in a small box, on standard error too.
"""

from __future__ import annotations

from ludoteca.cli import games, play, replay, serve, study  # noqa: F401  (each registers its commands)
from ludoteca.cli.app import app


def main() -> None:
    """Entry point of the ``ludoteca`` script."""
    app()


__all__ = ["app", "main"]
