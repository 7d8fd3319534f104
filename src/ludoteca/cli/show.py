"""Showing a match in the terminal, through the game's own ``render`` module: boards,
events, the rules in short, a pager, the results and the parts of a match.

A game's ``render`` module draws an observation (``render(observation)``); it may also
offer, for the terminal (docs/adding-a-game.md lists them all):

* a ``compact`` argument, ``render(observation, compact=True)``: a shorter board for a
  crowded table, which ``play`` draws when the full one leaves too little room for the
  choices;
* ``MENU_GROUPS``: ``{action type: label}``, the words for a folded group of choices
  ("Pass a card to your partner");
* ``menu_key(action_json)``: what a person types for a choice instead of its number
  (Douro: the card's value, so that 7 plays the 7);
* ``MAP_KEY``: how to read the board's letters and signs, which the ``?`` help prints
  after the rules in short;
* ``chapter(event)``: ``("round", 3)`` (or ``("dispute", None)``, numbered in order) when
  an event opens a new part of the match, so that plays and replays show the break and the
  replay stepper can jump to it.

The result is said in the words the server says it in
(:func:`ludoteca.core.words.result_sentence`), players who are no seat (D. Sebastião)
included, as the game's ``State.ghosts()`` names them.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from rich.markup import escape
from rich.table import Table

from ludoteca.cli.app import console
from ludoteca.core.registry import game_module, game_summary
from ludoteca.core.state import Game, State
from ludoteca.core.words import naming, score_unit


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


def rules_summary(game: Game) -> str | None:
    """The game's rules summary in plain words (``summary.md`` in its package), if any."""
    return game_summary(game)


def render_hook(game: Game, name: str) -> Any:
    """An optional extra of the game's ``render`` module (see the module docstring)."""
    module = game_module(game, "render")
    return getattr(module, name, None) if module is not None else None


def reflow(text: str, width: int) -> list[str]:
    """``text`` as the rows it takes on a console ``width`` columns wide. A paragraph of
    lines that start at the margin (up to a blank line or a list item) is filled anew to
    the width, so that text wrapped for a wider page is not wrapped twice, ragged; a list
    item's lines hang under its first word. An indented line (a table, a key, code) is
    laid out as written and only wrapped if it is too wide, under its own indent."""
    rows: list[str] = []
    block: list[str] = []

    def flush() -> None:
        if block:
            item = re.match(r"(?:[-*]|\d+\.)\s+", block[0])
            rows.extend(textwrap.wrap(" ".join(line.strip() for line in block), width,
                                      subsequent_indent=" " * (item.end() if item else 0),
                                      break_on_hyphens=False))
            block.clear()

    for line in text.splitlines():
        if not line.strip() or line[0].isspace() or line.startswith(("|", "#", "```")):
            flush()
            indent = line[:len(line) - len(line.lstrip())]
            rows.extend(textwrap.wrap(line, width, subsequent_indent=indent + "  ",
                                      break_on_hyphens=False) or [""])
            continue
        if block and re.match(r"(?:[-*]|\d+\.)\s+", line):
            flush()
        block.append(line)
    flush()
    return rows


def page(text: str, pause_at_end: bool = False) -> None:
    """Prints ``text``; on a terminal too small for it, a screenful at a time (and, with
    ``pause_at_end``, waits for Enter after the last one, before the screen moves on).
    On a terminal the paragraphs are filled to its width first, so that a screenful is
    counted in the rows it takes."""
    lines = reflow(text, console.width) if console.is_terminal else text.splitlines()
    # A row for the question under each screenful, one for the line above it (a heading).
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


def table_seats(num_players: int, bots: Sequence[str | None] | None = None) -> naming:
    """The seats' names in the terminal's sentences, numbered from 1 as a person counts them
    ("seat 1" is seat index 0; options such as ``--seat`` and the records keep the index).
    A :func:`ludoteca.core.words.naming` block: describe_event, prompts, the boards and
    the result sentence name the seats so within it.

    ``bots``: one entry per seat, a bot's name ("normal bot") or ``None`` for a person's
    seat. A bot seat is then called by its name, as the banner and the browser call it;
    bots of one name are told apart by a letter ("normal bot A", "normal bot B")."""
    names = [f"seat {seat + 1}" for seat in range(num_players)]
    if bots is not None:
        by_name: dict[str, list[int]] = {}
        for seat, name in enumerate(bots):
            if name is not None:
                by_name.setdefault(name, []).append(seat)
        for name, group in by_name.items():
            for letter, seat in zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", group, strict=False):
                names[seat] = name if len(group) == 1 else f"{name} {letter}"
    return naming(tuple(names))


def recorded_bots(game: Game | None, agents: Sequence[str], num_players: int
                  ) -> list[str | None]:
    """The bots of a recorded match (its ``MatchRecord.agents``, one spec per seat), for
    :func:`table_seats`: each bot seat's :func:`~ludoteca.agents.strengths.bot_name`
    ("easy bot", "bot (ismcts:iterations=50)"), as the match called it, and ``None`` for
    a person's seat (``"human"``, or no spec). ``game`` None (a record whose game cannot
    be loaded): every seat ``None``."""
    from ludoteca.agents.strengths import bot_name

    specs = list(agents)[:num_players] + [""] * max(0, num_players - len(agents))
    if game is None:
        return [None] * num_players
    return [None if not spec.strip() or spec.strip() == "human" else bot_name(spec, game)
            for spec in specs]


def results_table(state: State, who: Callable[[int], str]) -> Table:
    """Every seat's final score and who played it (winners in bold), then the players who
    are no seat (``state.ghosts()``). The result itself is said once, in words, by
    :func:`ludoteca.core.words.result_sentence`. The score column is headed by what the
    game counts (:func:`ludoteca.core.words.score_unit`: "Points", "VP", "Buildings")."""
    table = Table(title=f"{state.title}: final scores")
    table.add_column("Seat")
    table.add_column("Played by")
    many = score_unit(state)[1]
    table.add_column(many[:1].upper() + many[1:], justify="right")
    returns = state.returns()
    for seat, score in enumerate(state.scores()):
        table.add_row(str(seat + 1), who(seat), f"{score:g}",
                      style="bold" if returns[seat] > 0 else None)
    for name, score, won in state.ghosts():
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
