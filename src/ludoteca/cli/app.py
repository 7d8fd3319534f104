"""The ``ludoteca`` command itself: the Typer app and its tidy help, the consoles, and how a
bad command line or input file is reported (one sentence, exit code 2)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
import typer.core
from rich.console import Console
from rich.markup import escape

from ludoteca.core.edition import EditionError
from ludoteca.core.match import ReplayError
from ludoteca.core.state import ConfigError


def _unwrapped(text: str | None) -> str | None:
    """A docstring's paragraphs as single lines, for the help to wrap at the terminal's
    width (rich keeps a docstring's line breaks, which at 80 columns leaves ragged lines);
    an indented paragraph (an example command) keeps its lines."""
    if not text:
        return text
    import inspect

    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(p if p.startswith(" ") else " ".join(p.split()) for p in paragraphs)

_TYPE_WORDS = {"int": "INTEGER", "integer": "INTEGER", "float": "NUMBER", "str": "TEXT",
               "text": "TEXT", "path": "PATH", "Path": "PATH"}


def _metavar(param: Any) -> str:
    """The word a help screen shows for what an option takes: INTEGER, TEXT, PATH, or
    nothing for a flag (click's words; some typer versions print ``<int>`` instead)."""
    if getattr(param, "is_flag", False) or getattr(param, "is_bool_flag", False):
        return ""
    kind = getattr(getattr(param, "type", None), "name", None)  # click's own type
    if kind is None and hasattr(param, "bare_type"):  # typer's, by annotation
        kind = param.bare_type().removeprefix("list[").removesuffix("]")
    if kind in ("bool", "boolean"):
        return ""
    return _TYPE_WORDS.get(str(kind), str(kind or "VALUE").upper())


class _TidyHelp:
    """What ``-h`` shows, made to read cleanly: an option's value as INTEGER, TEXT, PATH
    (or the metavar its declaration gives), none for a flag or an argument (its name says
    it), ``GAME`` and ``[GAME]`` for required and optional arguments in the usage line,
    and docstrings wrapped at the terminal's width."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = _unwrapped(self.help)  # type: ignore[has-type]

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if param.param_type_name == "argument":
                # The argument's name is its metavar; no second word for its type.
                param.display_type_rich = lambda ctx: None
            elif param.metavar is None:
                param.metavar = _metavar(param)
        return params


class Command(_TidyHelp, typer.core.TyperCommand):
    """Every ``ludoteca`` command (``@app.command(..., cls=Command)``): see
    :class:`_TidyHelp`."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name != "argument":
                continue
            name = param.metavar or param.name.upper()
            if param.metavar is None and param.nargs != 1:
                name += "..."
            pieces.append(name if param.required else f"[{name}]")
        return pieces

COMMAND_ORDER = ("games", "play", "replay", "simulate", "tournament", "report", "serve")
"""The order ``ludoteca -h`` lists the commands in: a newcomer's first steps first."""


class Group(_TidyHelp, typer.core.TyperGroup):
    """The ``ludoteca`` command itself: see :class:`_TidyHelp`; its commands listed in
    :data:`COMMAND_ORDER` (any other after them)."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        rank = {name: i for i, name in enumerate(COMMAND_ORDER)}
        return sorted(names, key=lambda name: rank.get(name, len(rank)))

app = typer.Typer(
    cls=Group,
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
    """Reports a usage problem and exits with :data:`USAGE_ERROR`: one line, or, for a
    list of problems (an edition file), a first line and one problem per line."""
    first, *rest = message.splitlines() or [""]
    err_console.print(f"[bold red]Error:[/] {escape(first)}", markup=True, soft_wrap=True)
    for line in rest:
        if line.strip():
            err_console.print(escape(f"  {line.strip()}"), soft_wrap=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def usage_errors() -> Iterator[None]:
    """Turns the core's set-up errors into :func:`fail` (an edition's many problems stay
    one per line)."""
    try:
        yield
    except (ConfigError, EditionError, ReplayError) as err:
        fail(str(err))
