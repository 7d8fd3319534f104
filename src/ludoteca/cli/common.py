"""What every ``ludoteca`` command shares: the app, consoles, errors, set-up checks,
rendering through the game's own ``render`` module.

A game's ``render`` module draws an observation (``render(observation)``); it may also
offer, for the terminal (docs/adding-a-game.md lists them all):

* a ``compact`` argument, ``render(observation, compact=True)``: a shorter board for a
  crowded table, which ``play`` draws when the full one leaves too little room for the
  choices;
* ``MENU_GROUPS``: ``{action type: label}``, the words for a folded group of choices
  ("Pass a card to your partner");
* ``menu_key(action_json)``: what a person types for a choice instead of its number
  (Douro: the card's value, so that 7 plays the 7);
* ``chapter(event)``: ``("round", 3)`` (or ``("dispute", None)``, numbered in order) when
  an event opens a new part of the match, so that plays and replays show the break and the
  replay stepper can jump to it;
* ``ghosts(observation)``: ``[(name, score, won)]`` for the seats at the table no person
  or bot plays (D. Sebastião), so that results name them with their score.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import typer
import typer.core
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ludoteca.core.edition import EditionError
from ludoteca.core.match import ReplayError
from ludoteca.core.registry import game_module, game_summary, load_game
from ludoteca.core.state import ConfigError, Game, State


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
    check_options(game, options)
    game.new_initial_state(players, variant, options)
    return variant


def option_values(field: Any) -> str:
    """What an option accepts, in words: "any or close_or_fight", "a whole number from 0
    to 12", "true or false"."""
    import typing

    import annotated_types

    kinds = [k for k in typing.get_args(field.annotation) or (field.annotation,)
             if k is not type(None)]
    words = []
    for kind in kinds:
        if typing.get_origin(kind) is typing.Literal:
            words.append(" or ".join(map(str, typing.get_args(kind))))
        elif kind is bool:
            words.append("true or false")
        elif kind in (int, float):
            low = next((m.ge for m in field.metadata if isinstance(m, annotated_types.Ge)), None)
            high = next((m.le for m in field.metadata if isinstance(m, annotated_types.Le)),
                        None)
            text = "a whole number" if kind is int else "a number"
            if low is not None and high is not None:
                text += f" from {low} to {high}"
            elif low is not None:
                text += f", {low} or more"
            elif high is not None:
                text += f", {high} or less"
            words.append(text)
        else:
            words.append(getattr(kind, "__name__", str(kind)))
    return " or ".join(words) or "a value"


def option_default(field: Any) -> str:
    default = field.default
    if default is None:
        return "none"
    if isinstance(default, bool):
        return str(default).lower()
    return str(default)


def check_options(game: Game, options: dict[str, str]) -> None:
    """Each ``--option``, named with what it accepts when it is wrong (never a pydantic
    message): an unknown key lists the game's options, a bad value says what fits."""
    model = game.Options
    title = game.info.title
    if model is None:
        if options:
            raise ConfigError(f"--option {next(iter(options))}: {title} has no options")
        return
    from pydantic import ValidationError

    fields = model.model_fields
    for key, value in options.items():
        if key not in fields:
            known = "; ".join(f"{name} ({option_values(f)}, default {option_default(f)})"
                              for name, f in fields.items())
            raise ConfigError(f"--option {key}={value}: {title} has no option {key!r}. "
                              f"Its options: {known}. See `ludoteca games {game.id}`.")
        try:
            model.model_validate({key: value})
        except ValidationError:
            field = fields[key]
            raise ConfigError(f"--option {key}={value}: {key} must be "
                              f"{option_values(field)} (default {option_default(field)})"
                              ) from None


def render(game: Game, observation: dict[str, Any], compact: bool = False) -> Any:
    """The game's terminal view of an observation (its ``render`` module), or the raw data.

    ``compact``: the shorter board for a crowded screen, where the module's ``render``
    takes a ``compact`` argument (else its one board).
    """
    module = game_module(game, "render")
    draw = getattr(module, "render", None)
    if draw is None:
        from rich.pretty import Pretty

        return Pretty(observation)
    if compact and _takes(draw, "compact"):
        return draw(observation, compact=True)
    return draw(observation)


def _takes(function: Callable[..., Any], name: str) -> bool:
    import inspect

    try:
        return name in inspect.signature(function).parameters
    except (TypeError, ValueError):  # a builtin or a C function: no such argument
        return False


def print_events(state: State, viewer: int | None, prefix: str = "") -> None:
    """What the last action told ``viewer``, one line per event."""
    for event in state.events_for(viewer):
        console.print(escape(prefix + state.describe_event(event, viewer)))


def check_output_path(path: Path | None, option: str) -> None:
    """Refuses, before any work, a file path that could not be written at the end: a
    folder, a folder that does not exist, a place not writable (ConfigError saying which,
    naming ``option``)."""
    if path is None:
        return
    import os

    if path.is_dir():
        raise ConfigError(f"{option} {path}: is a directory; give a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ConfigError(f"{option} {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ConfigError(f"{option} {path}: not writable")


def check_output_folder(path: Path | None, option: str) -> None:
    """Refuses, before any work, a folder that could not be made or written at the end
    (it may not exist yet; its parent must)."""
    if path is None:
        return
    import os

    if path.exists() and not path.is_dir():
        raise ConfigError(f"{option} {path}: is a file; give a folder name")
    if path.is_dir():
        if not os.access(path, os.W_OK | os.X_OK):
            raise ConfigError(f"{option} {path}: not writable")
        return
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ConfigError(f"{option} {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ConfigError(f"{option} {path}: cannot create it in {parent} (not writable)")


def rules_summary(game: Game) -> str | None:
    """The game's rules summary in plain words (``summary.md`` in its package), if any."""
    return game_summary(game)


def render_hook(game: Game, name: str) -> Any:
    """An optional extra of the game's ``render`` module (see the module docstring)."""
    module = game_module(game, "render")
    return getattr(module, name, None) if module is not None else None


def page(text: str, pause_at_end: bool = False) -> None:
    """Prints ``text``; on a terminal too small for it, a screenful at a time (and, with
    ``pause_at_end``, waits for Enter after the last one, before the screen moves on)."""
    lines = text.splitlines()
    height = max(console.height - 2, 5)
    if not console.is_terminal or len(lines) <= height:
        console.print(escape(text))
        return
    for start in range(0, len(lines), height):
        console.print(escape("\n".join(lines[start:start + height])))
        last = start + height >= len(lines)
        if last and not pause_at_end:
            return
        try:
            answer = console.input("[dim]-- Enter to go on --[/] " if last else
                                   "[dim]-- Enter for more, q to stop --[/] ")
        except EOFError:
            return
        if last or answer.strip().lower().startswith("q"):
            return


Side = tuple[str, list[int], float, bool]
"""A side at the table: its name, its seats (none for a ghost), its score, whether it won."""


def ghosts(game: Game, state: State) -> list[tuple[str, float, bool]]:
    """The seats nobody plays (D. Sebastião), with their score and whether they won."""
    hook = render_hook(game, "ghosts")
    return list(hook(state.observation(None))) if hook is not None else []


def _sides(state: State, extra: list[tuple[str, float, bool]]) -> list[Side]:
    """Every side: partners share one score (their first seat's); ghosts come last."""
    returns, scores = state.returns(), state.scores()
    members: dict[int, list[int]] = {}
    for p in range(state.num_players):
        members.setdefault(state.team_of(p), []).append(p)
    sides: list[Side] = [(_side_name(seats), seats, scores[seats[0]],
                          any(returns[p] > 0 for p in seats)) for seats in members.values()]
    return sides + [(name, [], score, won) for name, score, won in extra]


def result_line(state: State, seat: int | None,
                extra: list[tuple[str, float, bool]] | None = None) -> str:
    """The result in words for ``seat``: "You won 12–9.", "Your partnership lost 40–69:
    seats 1 and 3 won.", "You lost 1–12: D. Sebastião won." (a spectator: "Seat 2 wins with
    42 points."). ``extra``: the ghosts, from :func:`ghosts`."""
    sides = _sides(state, extra or [])
    won = [s for s in sides if s[3]]
    if not won:
        return state.prompt(seat)
    if seat is None:
        names = _and([name for name, *_ in won])
        many = len(won) > 1 or len(won[0][1]) > 1
        verb = "share the win" if len(won) > 1 else ("win" if many else "wins")
        return f"{names[:1].upper()}{names[1:]} {verb} with {won[0][2]:g} points."
    mine = next(s for s in sides if seat in s[1])
    others = sorted((s for s in sides if s is not mine), key=lambda s: -s[2])
    who = "Your partnership" if len(mine[1]) > 1 else "You"
    score = f"{mine[2]:g}"
    if others:
        best = others[0][2]
        score += ("–" if min(mine[2], best) >= 0 else " to ") + f"{best:g}"  # "-3 to 6"
    if mine[3]:
        partners = [name for name, *_ in won if name != mine[0]]
        if partners:
            return f"{who} share{'s' if who != 'You' else ''} the win with {_and(partners)}, " \
                   f"{score}."
        return f"{who} won {score}."
    winners = [name for name, *_ in won]
    return (f"{who} lost {score}: {_and(winners)} "
            f"{'shared the win' if len(winners) > 1 else 'won'}.")


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _side_name(members: list[int]) -> str:
    if len(members) == 1:
        return f"seat {members[0]}"
    return "seats " + _and([str(p) for p in members])


def results_table(state: State, who: Callable[[int], str],
                  extra: list[tuple[str, float, bool]] | None = None) -> Table:
    """Every seat's final score and who played it (winners in bold). The result itself is
    said once, in words, by :func:`result_line`."""
    table = Table(title=f"{state.title}: final scores")
    table.add_column("Seat")
    table.add_column("Played by")
    table.add_column("Score", justify="right")
    returns = state.returns()
    for seat, score in enumerate(state.scores()):
        table.add_row(str(seat), who(seat), f"{score:g}",
                      style="bold" if returns[seat] > 0 else None)
    for name, score, won in extra or []:
        table.add_row(name, "the game", f"{score:g}", style="bold" if won else None)
    return table


def chapters(game: Game) -> Callable[[Any], tuple[str, int | None] | None]:
    """The game's ``chapter(event)`` (round breaks and the like), or one that finds none."""
    hook = render_hook(game, "chapter")
    return hook if hook is not None else (lambda event: None)


class ChapterCounter:
    """Numbers the chapters of a match as their events come ("round 2", "dispute 5")."""

    def __init__(self, game: Game) -> None:
        self.find = chapters(game)
        self.counts: dict[str, int] = {}

    def __call__(self, event: Any) -> tuple[str, int] | None:
        found = self.find(event)
        if found is None:
            return None
        kind, number = found
        self.counts[kind] = number if number is not None else self.counts.get(kind, 0) + 1
        return kind, self.counts[kind]
