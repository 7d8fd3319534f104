"""The ``ludoteca`` command: list games, play one in the terminal, replay, simulate.

A thin layer over the core (DESIGN.md principle 6): matches are played by
:func:`ludoteca.core.match.run_match`, whose seeded streams make a match reproducible, and
the human is one more :class:`~ludoteca.agents.Agent`. Like every agent the human is handed
``state.determinize(seat, rng)``, never the true state, and is shown only
``game.render(view.observation(seat))`` and the labels of their own legal actions. Other
seats' moves and chance events are described by ``state.public_action_string(action,
seat)``, never by ``action_to_string``: the full label of a deal or of a face-down card
names what the human's seat may not know.

Every set-up mistake (unknown game, player count, variant, seat, option, agent spec,
edition file, record file) is reported as one line on standard error with exit code 2,
the code command-line tools use for usage errors, never as a traceback.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.prompt import Confirm, Prompt
from rich.rule import Rule
from rich.table import Table

from ludoteca.agents import Agent, make_agent
from ludoteca.core.edition import EditionError
from ludoteca.core.match import (
    MatchRecord,
    ReplayError,
    record_of,
    replay,
    run_match,
    save_records,
)
from ludoteca.core.registry import game_ids, load_game
from ludoteca.core.state import CHANCE, ConfigError, Game, State
from ludoteca.sim import simulate, summarize
from ludoteca.sim.tournament import resolve_agents

app = typer.Typer(
    name="ludoteca",
    help="Tabletop games played by their rulebooks: play, replay and simulate matches.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)

# Consoles resolve sys.stdout / sys.stderr when they write, so they follow redirections
# (including the ones typer.testing.CliRunner makes).
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

USAGE_ERROR = 2
"""Exit code of a bad command line or input file (the Unix convention)."""


def fail(message: str) -> NoReturn:
    """Reports a usage problem in one line and exits with :data:`USAGE_ERROR`."""
    err_console.print(f"[bold red]Error:[/] {message}", markup=True, soft_wrap=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def usage_errors() -> Iterator[None]:
    """Turns the core's set-up errors into :func:`fail`.

    Edition errors may span several lines (one per bad key); they are joined into one.
    """
    try:
        yield
    except (ConfigError, EditionError, ReplayError) as err:
        fail("; ".join(str(err).splitlines()))


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``["stakes=2", "x=y"]`` -> ``{"stakes": "2", "x": "y"}``.

    Values stay strings: the game's pydantic options model converts them to the declared
    type ("2" to 2, "true" to True) and rejects what does not fit, so one set of rules
    serves the command line, the server and Python callers.
    """
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"--option expects key=value, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


def _load(game_id: str, edition: Path | None) -> Game:
    try:
        return load_game(game_id, edition)
    except (ConfigError, EditionError):
        raise
    except Exception as err:  # a broken game plug-in, reported not raised
        raise ConfigError(f"cannot load the game {game_id!r}: {err!r}") from None


def _check_setup(game: Game, players: int, variant: str | None, options: dict[str, str]) -> str:
    """Resolves the variant and validates the options by building the initial state."""
    variant = game.info.resolve(players, variant)
    game.new_initial_state(players, variant, options)
    return variant


def _winners(returns: list[float]) -> list[int]:
    return [seat for seat, share in enumerate(returns) if share > 0]


def _results_table(state: State, who: Callable[[int], str]) -> Table:
    table = Table(title=f"{state.title}: final scores")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("Result")
    winners = _winners(state.returns())
    for seat, score in enumerate(state.scores()):
        table.add_row(str(seat), who(seat), f"{score:g}", "winner" if seat in winners else "")
    return table


# ----- games --------------------------------------------------------------------------------


@app.command("games")
def games_command() -> None:
    """List every installed game with its variants and player counts."""
    table = Table(title="ludoteca games")
    table.add_column("Id", style="bold")
    table.add_column("Title")
    table.add_column("Variants (players)")
    try:
        ids = game_ids()
    except Exception as err:  # a broken plug-in must not hide the others
        err_console.print(f"[yellow]Warning:[/] game discovery failed: {err!r}")
        ids = game_ids()
    for game_id in ids:
        try:
            info = load_game(game_id).info
        except Exception as err:  # list the rest, flag the broken one
            table.add_row(game_id, f"[red]cannot load: {err}[/]", "")
            continue
        variants = ", ".join(
            f"{v.id} ({', '.join(map(str, v.player_counts))})" for v in info.variants
        )
        table.add_row(game_id, info.title, variants)
    console.print(table)


# ----- play ---------------------------------------------------------------------------------


class QuitMatch(Exception):  # a signal, not an error
    """The human asked to stop (``q``) or their input ended."""

    def __init__(self, input_ended: bool = False) -> None:
        super().__init__("input ended" if input_ended else "quit")
        self.input_ended = input_ended


HELP_TEXT = (
    "Type the number of an action and press Enter. "
    "[bold]q[/] quits, [bold]?[/] or [bold]help[/] shows this help and the board again."
)


class HumanAgent(Agent):
    """The person at the keyboard, as an agent: sees only what their seat may see.

    ``act`` receives a determinized view like every agent; its observation for the seat
    is, by the State contract, the true one, and its legal actions are the true ones.
    """

    name = "human"

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def show(self, view: State, player: int) -> None:
        console.print(Rule(f"Seat {player} (you)"))
        console.print(self.game.render(view.observation(player)))

    def act(self, view: State, player: int, rng: Any) -> int:
        legal = view.legal_actions()
        self.show(view, player)
        self._list(view, legal)
        while True:
            try:
                answer = Prompt.ask(escape(f"Your move [1-{len(legal)}, q, ?]"), console=console)
            except EOFError:
                raise QuitMatch(input_ended=True) from None
            answer = answer.strip().lower()
            if answer in ("q", "quit", "exit"):
                raise QuitMatch()
            if answer in ("?", "h", "help"):
                console.print(HELP_TEXT)
                self.show(view, player)
                self._list(view, legal)
                continue
            if not answer:
                console.print("[red]Please type the number of an action (or q, ?).[/]")
                continue
            try:
                choice = int(answer)
            except ValueError:
                console.print(f"[red]{escape(repr(answer))} is not a number; "
                              f"type 1 to {len(legal)}.[/]")
                continue
            if not 1 <= choice <= len(legal):
                console.print(f"[red]{choice} is not on the list; type 1 to {len(legal)}.[/]")
                continue
            console.print(escape(f"You: {view.action_to_string(legal[choice - 1])}"),
                          style="bold")
            return legal[choice - 1]

    @staticmethod
    def _list(view: State, legal: list[int]) -> None:
        for number, action in enumerate(legal, start=1):
            console.print(f"  [bold]{number:>3}[/]  {escape(view.action_to_string(action))}")


@app.command("play")
def play_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `ludoteca games`).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")],
    variant: Annotated[
        str | None, typer.Option(help="Variant id; default: the first that fits --players.")
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat, 0 to players-1.")] = 0,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the shuffles and the bots (default: a fresh one, shown at "
                          "the start); the same seed and the same choices give the same match."),
    ] = None,
    bots: Annotated[
        str, typer.Option(help="Agent spec for every other seat, e.g. random or "
                               "ismcts:iterations=400,c=2.")
    ] = "random",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A rule option key=value (repeatable)."),
    ] = None,
    edition: Annotated[
        Path | None,
        typer.Option(help="An edition TOML file to play with instead of the shipped one."),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the match record (JSON) to this file at the end.")
    ] = None,
) -> None:
    """Play a match in the terminal against bots.

    Before each of your decisions you see your seat's view of the table and your legal
    actions, numbered; type a number to choose, [bold]q[/] to quit, [bold]?[/] for help.
    The bots' moves are shown as they happen.
    """
    with usage_errors():
        game = _load(game_id, edition)
        options = parse_options(option)
        variant = _check_setup(game, players, variant, options)
        if not 0 <= seat < players:
            raise ConfigError(f"--seat must be 0 to {players - 1}, not {seat}")
        human = HumanAgent(game)
        seats: list[Agent] = [human if p == seat else make_agent(bots) for p in range(players)]
        for agent in seats:
            agent.check(game)

    if seed is None:
        seed = secrets.randbelow(1_000_000)
    console.print(Rule(f"{game.info.title} · {players} players · {variant}"))
    console.print(escape(f"You are seat {seat}. Bots: {bots}. Seed: {seed}. Type ? for help."))
    live: list[State] = []

    def on_action(state: State, player: int, action: int) -> None:
        if not live:
            live.append(state)  # run_match's own state, mutated in place as it advances
        if player == seat:
            return  # the human just chose it
        # Only what the human's seat learns: a deal or a face-down card is private.
        seen = state.public_action_string(action, seat)
        if seen is None:
            return
        if player == CHANCE:
            console.print(escape(f"· {seen}"), style="dim")
        else:
            console.print(escape(f"Seat {player} ({seats[player].spec}): {seen}"))

    try:
        record = run_match(game, seats, seed, variant=variant, options=options,
                           on_action=on_action)
    except QuitMatch as stop:
        state = live[0] if live else game.new_initial_state(players, variant, options)
        partial = record_of(state, seed=seed, agents=[a.spec for a in seats])
        if stop.input_ended:
            console.print("\nInput ended; the match is abandoned.")
            keep = save is not None
        else:
            console.print("You left the match.")
            keep = save is not None and _confirm(f"Save the unfinished match to {save}?")
        if keep and save is not None:
            save_records(save, [partial])
            console.print(f"Saved to {save}.")
        raise typer.Exit(1 if stop.input_ended else 0) from None

    final = replay(record)
    console.print(Rule("Game over"))
    console.print(game.render(final.observation(seat)))
    console.print(_results_table(final, lambda p: "you" if p == seat else seats[p].spec))
    winners = _winners(record.returns)
    if seat in winners:
        # A whole share is a win (alone, or with partners); less is a tie for the top.
        console.print("[bold green]You win![/]" if record.returns[seat] >= 1.0 else
                      "[bold green]You share the win.[/]")
    else:
        console.print(f"Winner{'s' if len(winners) > 1 else ''}: "
                      + ", ".join(f"seat {p}" for p in winners))
    if save is not None:
        save_records(save, [record])
        console.print(f"Saved to {save}.")


def _confirm(question: str) -> bool:
    try:
        return Confirm.ask(question, console=console, default=True)
    except EOFError:
        return True


# ----- replay -------------------------------------------------------------------------------


def read_record(path: Path, index: int | None) -> MatchRecord:
    """A record from a file holding one JSON record or JSON lines (pick one with ``index``)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ReplayError(f"{path}: cannot read ({err.strerror})") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise ReplayError(f"{path}: the file is empty")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    try:
        if isinstance(whole, dict):
            if index not in (None, 0):
                raise ReplayError(f"{path} holds one record; --index {index} does not exist")
            return MatchRecord.from_json(text)
        i = 0 if index is None else index
        if not 0 <= i < len(lines):
            raise ReplayError(f"{path} holds {len(lines)} records; --index must be 0 to "
                              f"{len(lines) - 1}")
        return MatchRecord.from_json(lines[i])
    except ReplayError as err:
        raise ReplayError(f"{path}: {err}") from None


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A match record (JSON) or records (JSON lines).")],
    seat: Annotated[
        int | None, typer.Option(help="Watch from this seat's point of view (its hidden "
                                      "information included).")
    ] = None,
    spectator: Annotated[
        bool, typer.Option("--spectator", help="Watch as a spectator (the default).")
    ] = False,
    index: Annotated[
        int | None, typer.Option(help="Which record of a JSON-lines file (from 0).")
    ] = None,
    step: Annotated[bool, typer.Option(help="Wait for Enter between actions.")] = False,
    reveal: Annotated[
        bool, typer.Option(help="Show every action in full, chance outcomes and private "
                                "moves included (for study, not for players).")
    ] = False,
) -> None:
    """Step through a recorded match, showing one seat's view (or a spectator's).

    Each action is described as the viewer learned it when it happened (a card dealt to
    another seat is only "dealt"), unless --reveal shows the whole truth.
    """
    with usage_errors():
        if spectator and seat is not None:
            raise ConfigError("give --seat or --spectator, not both")
        record = read_record(file, index)
        try:
            final = replay(record)  # checks the whole record before showing anything
        except (ConfigError, EditionError, ReplayError) as err:
            raise ReplayError(f"{file}: {err}") from None
        if seat is not None and not 0 <= seat < record.num_players:
            raise ConfigError(f"--seat must be 0 to {record.num_players - 1}, not {seat}")

    game = final.game
    viewer = "spectator" if seat is None else f"seat {seat}"
    if reveal:
        viewer += ", everything revealed"
    console.print(Rule(f"{game.info.title} · {record.num_players} players · {record.variant}"
                       f" · watching as {viewer}"))
    state = record.initial_state()
    waiting = step
    for i, action in enumerate(record.actions):
        player = state.current_player()
        if waiting:
            console.print(game.render(state.observation(seat)))
        label = (state.action_to_string(action) if reveal
                 else state.public_action_string(action, seat))
        if label is None:
            state.apply_action(action)  # a deal or a draw this viewer does not see
            continue
        who = "chance" if player == CHANCE else f"Seat {player}"
        console.print(escape(f"{i + 1:>4}. {who}: {label}"))
        state.apply_action(action)
        if waiting:
            try:
                console.input("[dim]Enter for the next action[/]")
            except EOFError:
                waiting = False  # input ended: show the rest without pausing
    console.print(Rule("End" if state.is_terminal() else "End of the record (unfinished)"))
    console.print(game.render(state.observation(seat)))
    if state.is_terminal():
        agents = record.agents
        console.print(_results_table(state, lambda p: agents[p] if p < len(agents) else ""))


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


def main() -> None:
    """Entry point of the ``ludoteca`` script."""
    app()


if __name__ == "__main__":
    main()
