"""`ludoteca simulate`, `tournament` and `report`: bots at scale, ratings, balance reports."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ludoteca.cli.app import Command, app, console, err_console, fail, usage_errors
from ludoteca.cli.setup import (
    _check_setup,
    _load,
    check_output_folder,
    check_output_path,
    parse_options,
)
from ludoteca.core.match import MatchRecord
from ludoteca.core.state import ConfigError, Game
from ludoteca.core.words import plural
from ludoteca.sim import summarize
from ludoteca.sim.match import Outcome
from ludoteca.sim.simulate import RunResult, resolve_agents, run_simulation
from ludoteca.sim.tournament import SEATING_MODES, Schedule, schedule, tournament

INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), the shell convention."""

# ----- options shared by simulate and tournament ----------------------------------------------

BackendOption = Annotated[
    str, typer.Option(metavar="BACKEND",
                      help="Where matches run: local (worker processes) or ray.")
]
AddressOption = Annotated[
    str | None,
    typer.Option(metavar="ADDRESS",
                 help="Ray: address of an existing cluster (e.g. ray://head:10001 or auto); "
                      "default: a local cluster started for the run."),
]
WorkersOption = Annotated[
    int | None, typer.Option(help="Worker processes, or Ray CPUs (default: one per CPU).")
]
TimeLimitOption = Annotated[
    float | None,
    typer.Option("--move-time-limit", metavar="SECONDS",
                 help="An agent thinking longer than this on one move forfeits that match."),
]


def _check_run_options(backend: str, address: str | None, workers: int | None,
                       out: Path | None, time_limit: float | None) -> None:
    if backend not in ("local", "ray"):
        raise ConfigError(f"--backend is local or ray, not {backend!r}")
    if address is not None and backend != "ray":
        raise ConfigError("--address is for the Ray backend: add --backend ray")
    if workers is not None and workers < 1:
        raise ConfigError(f"--workers must be 1 or more, not {workers}")
    if time_limit is not None and not time_limit > 0:
        raise ConfigError(f"--move-time-limit is a number of seconds above 0, not {time_limit}")
    check_output_path(out, "--out")
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise ConfigError("--backend ray needs Ray: pip install 'ludoteca[ray]'") from None


class RateColumn(ProgressColumn):
    """Matches per second since the start."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        if elapsed <= 0 or not task.completed:
            return Text("– matches/s", style="progress.data.speed")
        return Text(f"{task.completed / elapsed:.3g} matches/s", style="progress.data.speed")


class DoneColumn(ProgressColumn):
    """Whole matches finished out of the total."""

    def render(self, task: Task) -> Text:
        done = int(task.fields.get("finished", 0))
        return Text(f"{done}/{int(task.total or 0)}", style="progress.download")


@contextmanager
def _progress(total: int, label: str) -> Iterator[tuple[Progress, object]]:
    # No refresh thread (auto_refresh off): the run calls back at least every 0.5 s, and
    # a process without other threads can fork its workers safely.
    with Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(),
        DoneColumn(), TaskProgressColumn(), RateColumn(), TimeElapsedColumn(),
        TextColumn("ETA"), TimeRemainingColumn(), console=err_console, transient=False,
        auto_refresh=False, speed_estimate_period=60,
    ) as progress:
        task = progress.add_task(label, total=total, finished=0)
        yield progress, task


def _updater(progress: Progress, task: object):  # type: ignore[no-untyped-def]
    """A progress callback that redraws the bar at most four times a second."""
    last = 0.0

    def update(done: float, total: int) -> None:
        nonlocal last
        progress.update(task, completed=done)  # type: ignore[arg-type]
        now = time.monotonic()
        if now - last >= 0.25 or done >= total:
            last = now
            progress.refresh()

    return update


def _announce(progress: Progress, task: object):  # type: ignore[no-untyped-def]
    finished = 0

    def on_outcome(outcome: Outcome) -> None:
        nonlocal finished
        finished += 1
        progress.update(task, finished=finished)  # type: ignore[arg-type]
        if outcome.fault is not None:
            progress.console.print(escape(f"match {outcome.index}: "
                                          f"{outcome.fault.describe()}"), style="yellow")

    return on_outcome


def _report_run(run: RunResult, out: Path | None, started: float) -> None:
    """What happened to the run as a whole: faults, lost matches, interruption, file."""
    played = len(run.records)
    seconds = time.monotonic() - started
    rate = f"{played / seconds:.3g} matches/s" if seconds > 0 else ""
    console.print(f"{played} of {run.total} matches played in {seconds:.1f} s ({rate}, "
                  f"{plural(run.status.workers, 'worker')}, "
                  f"{run.status.backend})")
    if run.faults:
        kinds: dict[str, int] = {}
        for fault in run.faults.values():
            kinds[fault.kind] = kinds.get(fault.kind, 0) + 1
        console.print(f"[yellow]{len(run.faults)} match(es) stopped by a fault "
                      f"({', '.join(f'{k}: {v}' for k, v in sorted(kinds.items()))}); "
                      "the faulty side lost them, every other match is kept.[/]")
    if run.status.lost:
        console.print(f"[red]{len(run.status.lost)} match(es) lost with a worker: "
                      f"{escape('; '.join(run.status.errors) or 'no reason given')}[/]")
    if run.status.interrupted:
        console.print(f"[yellow]Interrupted: {played} finished matches kept.[/]")
    if out is not None:
        console.print(f"Records written to {out} ({run.written} lines).")


# ----- simulate -----------------------------------------------------------------------------


@app.command("simulate", cls=Command)
def simulate_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `ludoteca games`).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")],
    variant: Annotated[
        str | None, typer.Option(metavar="NAME",
                                 help="Variant id; default: the first that fits --players.")
    ] = None,
    n: Annotated[int, typer.Option("-n", "--matches", help="Number of matches.")] = 1000,
    seed: Annotated[
        int, typer.Option(help="Master seed; match i is seeded from (seed, i).")
    ] = 1,
    bots: Annotated[
        str | None, typer.Option(metavar="SPEC",
                                 help="One agent spec for every seat (default random).")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", metavar="SPEC",
                     help="Agent spec of one seat, repeated once per seat in order (specs may "
                          "contain commas: ismcts:iterations=400,c=2)."),
    ] = None,
    workers: WorkersOption = None,
    out: Annotated[
        Path | None, typer.Option(metavar="FILE",
                                  help="Write every match record, as JSON lines in match order.")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE",
                     help="A rule option (repeatable; see `ludoteca games GAME`)."),
    ] = None,
    edition: Annotated[
        Path | None, typer.Option(metavar="FILE",
                                  help="An edition TOML file instead of the shipped one.")
    ] = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    move_time_limit: TimeLimitOption = None,
) -> None:
    """Play many matches between bots and report win rates, scores and match lengths.

    The same --seed gives the same matches and the same --out file whatever --workers or
    --backend is (unless an agent's budget is a time). Win rates count a shared win
    fractionally; intervals are 95% Wilson intervals. Ctrl-C stops the workers and keeps
    every finished match. Turn the --out file into plots with `ludoteca report`.
    """
    with usage_errors():
        if bots is not None and bot:
            raise ConfigError("give --bots (every seat) or --bot (once per seat), not both")
        if n < 0:
            raise ConfigError(f"-n must be 0 or more, not {n}")
        _check_run_options(backend, address, workers, out, move_time_limit)
        game = _load(game_id, edition)
        options = parse_options(option)
        variant = _check_setup(game, players, variant, options)
        agents: str | list[str] | None = list(bot) if bot else bots
        resolve_agents(agents, players, game)

    started = time.monotonic()
    with _progress(n, "Simulating") as (progress, task), usage_errors():
        run = run_simulation(
            game_id, players, n, seed, agents, variant, options, workers,
            _updater(progress, task), edition=edition, backend=backend, address=address,
            move_time_limit=move_time_limit, out=out,
            on_outcome=_announce(progress, task),
        )
    _print_summary(game, players, variant, seed, run.records)
    _report_run(run, out, started)
    if run.status.interrupted:
        raise typer.Exit(INTERRUPTED)


def _print_summary(game: Game, players: int, variant: str, seed: int,
                   records: list[MatchRecord]) -> None:
    summary = summarize(records)
    console.print(f"[bold]{game.info.title} · {players} players · {variant} · "
                  f"{summary.matches} matches · seed {seed}[/]")
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
    if summary.matches and summary.finished and _ghost_share(records) > 0:
        console.print(f"Won by no seat (a ghost player, e.g. D. Sebastião): "
                      f"{_ghost_share(records):.3f} of finished matches")
    if summary.matches:
        console.print(
            f"Match length (actions): mean {summary.mean_length:.1f}, "
            f"min {summary.min_length}, max {summary.max_length}"
            + ("" if summary.finished == summary.matches
               else f"; [yellow]{summary.matches - summary.finished} did not finish[/]")
        )


def _ghost_share(records: list[MatchRecord]) -> float:
    """The share of finished matches whose win went to no seat at the table."""
    done = [r for r in records if r.finished]
    return sum(1 for r in done if not any(r.returns)) / len(done) if done else 0.0


# ----- tournament ---------------------------------------------------------------------------


@app.command("tournament", cls=Command,
             context_settings={"allow_extra_args": True})
def tournament_command(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `ludoteca games`).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")],
    agents: Annotated[
        list[str],
        typer.Option("--agents", "-a", metavar="SPEC...",
                     help="Agent specs, at least two, after one --agents: --agents random "
                          "heuristic ismcts:iterations=500 (or repeat --agents)."),
    ],
    n: Annotated[
        int, typer.Option("-n", "--matches",
                          help="Matches, at least (rounded up to whole rounds: one deal "
                               "played at every seating).")
    ] = 100,
    seed: Annotated[int, typer.Option(help="Master seed; round r's deal is seeded from "
                                           "(seed, r).")] = 1,
    variant: Annotated[
        str | None, typer.Option(metavar="NAME",
                                 help="Variant id; default: the first that fits --players.")
    ] = None,
    seating: Annotated[
        str, typer.Option(metavar="MODE",
                          help="sides (each agent takes a whole side: partners are the same "
                               "agent), all (seat by seat) or rotations (fewer seatings).")
    ] = "sides",
    workers: WorkersOption = None,
    out: Annotated[
        Path | None, typer.Option(metavar="FILE",
                                  help="Write every match record, as JSON lines in match order.")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE",
                     help="A rule option (repeatable; see `ludoteca games GAME`)."),
    ] = None,
    edition: Annotated[
        Path | None, typer.Option(metavar="FILE",
                                  help="An edition TOML file instead of the shipped one.")
    ] = None,
    backend: BackendOption = "local",
    address: AddressOption = None,
    move_time_limit: TimeLimitOption = None,
) -> None:
    """Round-robin tournament: ratings (openskill) and head-to-head results.

    Every agent sits in every seat equally often, and each round plays one deal (one seed)
    at every seating, so the agents meet the same cards from every seat. Partners are
    rated as a team. The table shows each rating with its 95% interval (mu ± 1.96 sigma),
    each agent's mean win share against what an equal agent would get, and, for every
    pair, the share of their meetings the first agent came out ahead (0.5 is parity).
    """
    specs = _split_agents([*agents, *ctx.args])
    with usage_errors():
        if n < 1:
            raise ConfigError(f"-n must be 1 or more, not {n}")
        if seating not in SEATING_MODES:
            raise ConfigError(f"--seating is {', '.join(SEATING_MODES)}, not {seating!r}")
        _check_run_options(backend, address, workers, out, move_time_limit)
        game = _load(game_id, edition)
        options = parse_options(option)
        variant = _check_setup(game, players, variant, options)
        schedule(specs, players, n, seating)  # two or more different agents
        for spec in specs:
            resolve_agents(spec, players, game)

    started = time.monotonic()
    plans: list[Schedule] = []
    with _progress(0, "Tournament") as (progress, task), usage_errors():
        def on_schedule(plan: Schedule) -> None:
            plans.append(plan)
            progress.update(task, total=plan.matches)  # type: ignore[arg-type]
            progress.console.print(
                f"{plan.matches} matches: {plan.rounds} round(s) × {len(plan.tables)} "
                f"seatings; every agent sits {plan.seat_counts()[plan.agents[0]][0]} times "
                "in each seat")

        result = tournament(
            game_id, players, specs, n, seed, variant=variant, options=options,
            edition=edition, seating=seating, backend=backend, workers=workers,
            address=address, move_time_limit=move_time_limit, out=out,
            progress_callback=_updater(progress, task),
            on_outcome=_announce(progress, task), on_schedule=on_schedule,
        )
    console.print(f"[bold]{game.info.title} · {players} players · {variant} · tournament of "
                  f"{len(result.run.records)} matches · seed {seed}[/]")
    print_ratings(result.ratings)
    print_head_to_head(result.head_to_head)
    _report_run(result.run, out, started)
    if result.run.status.interrupted:
        raise typer.Exit(INTERRUPTED)


def _split_agents(agents: list[str]) -> list[str]:
    """``--agents a b c``: click gives --agents one value and leaves the others as extra
    arguments (the command takes no other positional argument after GAME); repeated
    --agents flags and one quoted argument with spaces work too."""
    out: list[str] = []
    for value in agents:
        out += value.split()
    return out


def print_ratings(ratings: list) -> None:  # type: ignore[type-arg]
    table = Table(title="Ratings (openskill Plackett-Luce; partners rated as a team)")
    table.add_column("#", justify="right")
    table.add_column("Agent")
    table.add_column("Rating μ", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("σ", justify="right")
    table.add_column("Matches", justify="right")
    table.add_column("Win share", justify="right")
    table.add_column("Equal share", justify="right")
    for i, r in enumerate(ratings, 1):
        table.add_row(str(i), escape(r.agent), f"{r.mu:.2f}", f"{r.low:.2f} – {r.high:.2f}",
                      f"{r.sigma:.2f}", str(r.matches), f"{r.share:.3f}", f"{r.fair_share:.3f}")
    console.print(table)


def print_head_to_head(h2h: list) -> None:  # type: ignore[type-arg]
    if not h2h:
        return
    table = Table(title="Head to head (share of meetings the agent came out ahead; "
                        "0.5 is parity)")
    table.add_column("Agent")
    table.add_column("Opponent")
    table.add_column("Matches", justify="right")
    table.add_column("Score", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("Verdict")
    for h in h2h:
        if h.agent > h.opponent and any(o.agent == h.opponent and o.opponent == h.agent
                                        for o in h2h):
            continue  # each pair once: the other row is 1 - this one
        table.add_row(escape(h.agent), escape(h.opponent), str(h.matches), f"{h.score:.3f}",
                      f"{h.low:.3f} – {h.high:.3f}", h.verdict)
    console.print(table)


# ----- report -------------------------------------------------------------------------------


@app.command("report", cls=Command)
def report_command(
    files: Annotated[
        list[Path], typer.Argument(metavar="FILE [FILE2]",
                                   help="Output of simulate or tournament; two files are "
                                        "compared side by side (an A/B balance study).")
    ],
    out: Annotated[
        Path | None, typer.Option(metavar="FOLDER", help="Folder for index.html, the PNG plots and "
                                       "summary.csv/json (default: next to the first file, "
                                       "named after it).")
    ] = None,
    label: Annotated[
        list[str] | None, typer.Option("--label", metavar="NAME",
                                       help="A name for each file, in order (default: the "
                                            "file names).")
    ] = None,
    actions: Annotated[
        bool, typer.Option(show_default=False,
                           help="Replay every match to count the kinds of action taken (the "
                                "default; --no-actions skips it).")
    ] = True,
) -> None:
    """An HTML report with plots: win rate by seat (first-player advantage), scores and
    margins, match length, kinds of action taken, agent ratings; plus CSV/JSON summaries.

    Give two files (e.g. simulate --edition A, simulate --edition B, same seed) to
    compare them side by side.
    """
    from ludoteca.sim.report import ReportError, write_report

    if not 1 <= len(files) <= 2:
        fail("give one result file, or two to compare")
    if label and len(label) != len(files):
        fail(f"give one --label per file ({len(files)})")
    folder = out if out is not None else files[0].with_name(files[0].stem + "-report")
    with usage_errors():
        check_output_folder(out, "--out")  # before the (long) reading of the files
        try:
            index = write_report(files, folder, labels=label, count_actions=actions)
        except ReportError as err:
            raise ConfigError(str(err)) from None
    console.print(f"Report written to {index}")
