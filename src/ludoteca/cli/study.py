"""`ludoteca simulate` (and, to come, tournaments and reports): bots at scale."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ludoteca.cli.common import _check_setup, _load, app, console, parse_options, usage_errors
from ludoteca.core.match import MatchRecord, save_records
from ludoteca.core.state import ConfigError
from ludoteca.sim import simulate, summarize
from ludoteca.sim.tournament import resolve_agents

# ----- simulate -----------------------------------------------------------------------------


@app.command("simulate")
def simulate_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `ludoteca games`).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")],
    variant: Annotated[
        str | None, typer.Option(help="Variant id; default: the first that fits --players.")
    ] = None,
    n: Annotated[int, typer.Option("-n", "--matches", help="Number of matches.")] = 1000,
    seed: Annotated[
        int, typer.Option(help="Master seed; match i is seeded from (seed, i).")
    ] = 1,
    bots: Annotated[
        str | None, typer.Option(help="One agent spec for every seat (default random).")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", help="Agent spec of one seat, repeated once per seat in order "
                                   "(specs may contain commas: ismcts:iterations=400,c=2)."),
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="Worker processes (default: one per CPU).")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Write every match record, as JSON lines in match order.")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A rule option key=value (repeatable)."),
    ] = None,
    edition: Annotated[
        Path | None, typer.Option(help="An edition TOML file instead of the shipped one.")
    ] = None,
) -> None:
    """Play many matches between bots and report win rates, scores and match lengths.

    The same --seed gives the same matches and the same --out file whatever --workers is.
    Win rates count a shared win fractionally; intervals are 95% Wilson intervals.
    """
    with usage_errors():
        if bots is not None and bot:
            raise ConfigError("give --bots (every seat) or --bot (once per seat), not both")
        if workers is not None and workers < 1:
            raise ConfigError(f"--workers must be 1 or more, not {workers}")
        if n < 0:
            raise ConfigError(f"-n must be 0 or more, not {n}")
        game = _load(game_id, edition)
        options = parse_options(option)
        variant = _check_setup(game, players, variant, options)
        agents: str | list[str] | None = list(bot) if bot else bots
        resolve_agents(agents, players, game)

    with Progress(
        "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), console=console, transient=False,
    ) as progress:
        task = progress.add_task("Simulating", total=n)
        with usage_errors():
            records = simulate(
                game_id, players, n, seed, agents, variant, options, workers,
                lambda done, total: progress.update(task, completed=done),
                edition=edition,
            )
    if out is not None:
        save_records(out, records)
    summary = summarize(records)
    console.print(f"[bold]{game.info.title} · {players} players · {variant} · {n} matches"
                  f" · seed {seed}[/]")
    table = Table()
    table.add_column("Seat", justify="right")
    table.add_column("Agent")
    table.add_column("Win rate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("Mean score", justify="right")
    for s in summary.seats:
        table.add_row(str(s.seat), s.agent, f"{s.win_rate:.3f}",
                      f"{s.low:.3f} – {s.high:.3f}", f"{s.mean_score:.2f}")
    console.print(table)
    if summary.matches and summary.finished == summary.matches and _ghost_share(records) > 0:
        console.print(f"Won by no seat (a ghost player, e.g. D. Sebastião): "
                      f"{_ghost_share(records):.3f} of matches")
    if summary.matches:
        console.print(
            f"Match length (actions): mean {summary.mean_length:.1f}, "
            f"min {summary.min_length}, max {summary.max_length}"
            + ("" if summary.finished == summary.matches
               else f"; [yellow]{summary.matches - summary.finished} did not finish[/]")
        )
    if out is not None:
        console.print(f"Records written to {out}.")


def _ghost_share(records: list[MatchRecord]) -> float:
    """The share of finished matches whose win went to no seat at the table."""
    done = [r for r in records if r.finished]
    return sum(1 for r in done if not any(r.returns)) / len(done) if done else 0.0
