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


def render(game: Game, observation: dict[str, Any]) -> Any:
    """The game's terminal view of an observation (its ``render`` module), or the raw data."""
    module = game_module(game, "render")
    if module is None:
        from rich.pretty import Pretty

        return Pretty(observation)
    return module.render(observation)


def print_events(state: State, viewer: int | None, prefix: str = "") -> None:
    """What the last action told ``viewer``, one line per event."""
    for event in state.events_for(viewer):
        console.print(escape(prefix + state.describe_event(event, viewer)))


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



