"""What every ``ludoteca`` command shares: the app, consoles, errors, set-up checks,
rendering through the game's own ``render`` module."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ludoteca.core.edition import EditionError
from ludoteca.core.match import ReplayError
from ludoteca.core.registry import game_module, load_game
from ludoteca.core.state import ConfigError, Game, State

app = typer.Typer(
    name="ludoteca",
    help="Tabletop games played by their rulebooks: play, replay and simulate matches.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from ludoteca import __version__

        console.print(f"ludoteca {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """Tabletop games played by their rulebooks: play, replay and simulate matches."""

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


def render(game: Game, observation: dict[str, Any]) -> Any:
    """The game's terminal view of an observation (its ``render`` module), or the raw data."""
    module = game_module(game, "render")
    draw = getattr(module, "render", None)
    if draw is None:
        from rich.pretty import Pretty

        return Pretty(observation)
    return draw(observation)


def print_events(state: State, viewer: int | None, prefix: str = "") -> None:
    """What the last action told ``viewer``, one line per event."""
    for event in state.events_for(viewer):
        console.print(escape(prefix + state.describe_event(event, viewer)))


def check_output_path(path: Path | None, option: str) -> None:
    """Refuses, before any work, a path that could not be written at the end."""
    if path is None:
        return
    import os

    if path.is_dir():
        raise ConfigError(f"{option} {path}: is a folder; give a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ConfigError(f"{option} {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ConfigError(f"{option} {path}: not writable")


def rules_summary(game: Game) -> str | None:
    """The game's rules summary in plain words (``summary.md`` in its package), if any."""
    from importlib import resources

    package = type(game).__module__
    try:
        text = resources.files(package).joinpath("summary.md").read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, TypeError, ModuleNotFoundError):
        return None
    return text


def result_line(state: State, seat: int | None) -> str:
    """The result in words for ``seat``: "You won", "Your partnership lost 40-69", ...

    Sides are seats with equal ``team_of``; a side's score is its first seat's (partners
    share one score). When no seat wins (a ghost player), the game's own last words say who.
    """
    returns, scores = state.returns(), state.scores()
    sides: dict[int, list[int]] = {}
    for p in range(state.num_players):
        sides.setdefault(state.team_of(p), []).append(p)
    winners = [p for p in range(state.num_players) if returns[p] > 0]
    if not winners:  # a ghost player won: the game's own last words name it
        return f"{'No player' if seat is None else 'You lost:'} {state.prompt(seat)}"
    side_scores = {t: scores[members[0]] for t, members in sides.items()}

    def show(t: int) -> str:
        return f"{side_scores[t]:g}"

    win_sides = sorted({state.team_of(p) for p in winners})
    if seat is None:
        names = " and ".join(_side_name(sides[t], None) for t in win_sides)
        verb = "share the win" if len(win_sides) > 1 else ("win" if len(sides[win_sides[0]]) > 1
                                                           else "wins")
        return f"{names} {verb} with {show(win_sides[0])} points."
    mine = state.team_of(seat)
    team = len(sides[mine]) > 1
    others = sorted((t for t in sides if t != mine), key=lambda t: -side_scores[t])
    best_other = others[0] if others else mine
    low = min(side_scores[mine], side_scores[best_other])
    dash = "–" if low >= 0 else " to "  # "40–69", but "-3 to 6"
    score = f"{show(mine)}{dash}{show(best_other)}" if others else show(mine)
    who = "Your partnership" if team else "You"
    if mine in win_sides:
        if len(win_sides) > 1:
            return f"{who} share{'s' if team else ''} the win, {score}."
        return f"{who} won {score}."
    leader = win_sides[0]
    return (f"{who} lost {score}: {_side_name(sides[leader], seat)} won"
            f"{' (shared)' if len(win_sides) > 1 else ''}.")


def _side_name(members: list[int], viewer: int | None) -> str:
    if len(members) == 1:
        return f"seat {members[0]}"
    return "seats " + " and ".join(str(p) for p in members)


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



