"""`ludoteca replay`: watch a recorded match, or move through it move by move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ludoteca.cli.app import Command, app, console, usage_errors
from ludoteca.cli.show import (
    ChapterCounter,
    recorded_bots,
    render,
    results_table,
    table_seats,
)
from ludoteca.core.edition import EditionError
from ludoteca.core.match import MatchRecord, ReplayError, replay
from ludoteca.core.state import ConfigError, Game, State
from ludoteca.core.words import result_sentence, seat_name, seats_name

# ----- replay -------------------------------------------------------------------------------


def read_record(path: Path, index: int | None, *, ask: bool = False) -> MatchRecord:
    """A record from a file holding one JSON record or JSON lines.

    With several records, ``index`` picks one; without it, ``ask`` lists them and asks
    which (the first when input ends), otherwise the first is taken.
    """
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
        if index is None and ask and len(lines) > 1:
            index = _ask_which(path, lines)
        i = 0 if index is None else index
        if not 0 <= i < len(lines):
            raise ReplayError(f"{path} holds {len(lines)} records; --index must be 0 to "
                              f"{len(lines) - 1}")
        return MatchRecord.from_json(lines[i])
    except ReplayError as err:
        raise ReplayError(f"{path}: {err}") from None


def _outcome(record: MatchRecord) -> str:
    """"won by seats 1 and 3 with 66 points", in words (never a list of numbers)."""
    winners = [p for p, share in enumerate(record.returns) if share > 0]
    if not winners:
        return "won by no seat (a ghost player)"
    try:
        game: Game | None = record.game_object()
    except (ConfigError, EditionError):
        game = None  # the list still says who won, by seat numbers
    with table_seats(record.num_players,
                     recorded_bots(game, record.agents, record.num_players)):
        return f"won by {seats_name(winners)} with {record.scores[winners[0]]:g} points"


def _ask_which(path: Path, lines: list[str]) -> int:
    console.print(f"{path} holds {len(lines)} match records:")
    for i, line in enumerate(lines[:20]):
        try:
            r = MatchRecord.from_json(line)
            what = (f"{r.game}, {r.num_players} players, {len(r.actions)} actions, "
                    + (_outcome(r) if r.finished else "unfinished"))
        except ReplayError as err:
            what = f"not readable ({err})"
        console.print(escape(f"  {i:>3}  {what}"))
    if len(lines) > 20:
        console.print(f"  … and {len(lines) - 20} more (use --index)")
    while True:
        try:
            answer = console.input(f"Which one? [0-{len(lines) - 1}, Enter for 0] ").strip()
        except EOFError:
            return 0
        if not answer:
            return 0
        if answer.isdigit() and int(answer) < len(lines):
            return int(answer)
        console.print(f"[red]Type a number from 0 to {len(lines) - 1}.[/]")


Move = tuple[State, list[str], tuple[str, int] | None, int]
"""The state after a move, the lines the viewer reads for it, the chapter it opens (if
any) and the line that opens it (the round's score comes before the next round)."""


def _step_help(kinds: list[str]) -> str:
    jumps = "".join(f" · {k[0]} N: to the start of {k} N" for k in kinds)
    return f"Enter: next move · b: back one move · g N: go to move N{jumps} · e: to the end " \
           "· q: stop"


def _reveal_events(state: State) -> list[Any]:
    """Every event of the last move as the whole truth: a secret's full form (its owner's)
    instead of what the others were told."""
    events = state.events()
    secret = {e.kind for e in events if e.to is not None}
    return [e for e in events if not (e.hidden_from and e.kind in secret)]


def _moves(record: MatchRecord, seat: int | None, reveal: bool) -> list[Move]:
    """The state after each move, the lines the viewer reads for it, and its chapter."""
    state = record.initial_state()
    chapter = ChapterCounter(state.game)
    out: list[Move] = []
    for i, action in enumerate(record.actions):
        state.apply_action(action)
        # With --reveal the whole truth, for study: each secret in its full form, in a
        # spectator's words (describe_event refuses a spectator a private event).
        events = _reveal_events(state) if reveal else state.events_for(seat)
        describe = state._describe_event if reveal else state.describe_event
        opened, opens_at = None, 0
        for n, e in enumerate(events):
            found = chapter(e)  # every event, so that the chapters are counted right
            if found and not opened:
                opened, opens_at = found, n
        lines = [f"{i + 1:>4}. {describe(e, seat if not reveal else None)}" for e in events]
        out.append((state.clone(), lines, opened, opens_at))
    return out


def _print_lines(lines: list[str]) -> None:
    """Each move's lines, a long one wrapped under its words (not under the move number)."""
    for line in lines:
        grid = Table.grid()
        grid.add_column(width=6, no_wrap=True)
        grid.add_column()
        grid.add_row(Text(line[:6]), Text(line[6:]))
        console.print(grid)


def _chapter_rule(opened: tuple[str, int] | None) -> None:
    if opened:
        console.print(Rule(f"{opened[0].capitalize()} {opened[1]}", style="cyan"))


@app.command("replay", cls=Command)
def replay_command(
    file: Annotated[Path, typer.Argument(
        metavar="FILE", help="A match record (JSON) or records (JSON lines).")],
    seat: Annotated[
        int | None, typer.Option(help="Watch from this seat's point of view (its hidden "
                                      "information included): its index, 0 for the "
                                      "table's seat 1.")
    ] = None,
    spectator: Annotated[
        bool, typer.Option("--spectator", help="Watch as a spectator (the default).")
    ] = False,
    index: Annotated[
        int | None, typer.Option(help="Which record of a JSON-lines file (from 0); without "
                                      "it you are asked.")
    ] = None,
    step: Annotated[bool, typer.Option("--step", help="Move through the match yourself: "
                                                      "forward, back, to a move or a round.")
                    ] = False,
    reveal: Annotated[
        bool, typer.Option("--reveal", help="Show every action in full, chance outcomes and "
                                            "private moves included (for study, not for "
                                            "players).")
    ] = False,
) -> None:
    """Watch a recorded match from one seat's point of view (or a spectator's).

    Each move is told as the viewer learned it when it happened (a card dealt
    to another seat is only "dealt"); --reveal tells the whole truth. With
    --step you move through it: Enter for the next move, b back, g N to move
    N, r N to round N (d N to dispute N in Douro 1872), e to the end.
    """
    with usage_errors():
        if spectator and seat is not None:
            raise ConfigError("give --seat or --spectator, not both")
        record = read_record(file, index, ask=True)
        try:
            final = replay(record)  # checks the whole record before showing anything
        except (ConfigError, EditionError, ReplayError) as err:
            raise ReplayError(f"{file}: {err}") from None
        if seat is not None and not 0 <= seat < record.num_players:
            raise ConfigError(f"--seat must be 0 to {record.num_players - 1}, not {seat}")

    # Seats are numbered from 1 wherever a person reads them (--seat keeps the index); a
    # bot's seat is called by the bot's name, as the match called it.
    game = final.game
    with table_seats(record.num_players,
                     recorded_bots(game, record.agents, record.num_players)):
        viewer = "spectator" if seat is None else seat_name(seat)
        watching = "everything revealed" if reveal else f"watching as {viewer}"
        console.print(Rule(f"{game.info.title} · {record.num_players} players · {record.variant}"
                           f" · {watching}"))
        moves = _moves(record, seat, reveal)
        if step and moves:
            _step_through(game, moves, seat)
        else:
            for _, lines, opened, opens_at in moves:
                _print_lines(lines[:opens_at])
                _chapter_rule(opened)
                _print_lines(lines[opens_at:])
        state = moves[-1][0] if moves else record.initial_state()
        console.print(Rule("End" if state.is_terminal() else "End of the record (unfinished)"))
        console.print(render(game, state.observation(seat)))
        if state.is_terminal():
            bots = recorded_bots(game, record.agents, record.num_players)
            console.print(results_table(state, lambda p: bots[p] or "human"))
            console.print(escape(result_sentence(state, seat) or ""))


def _step_through(game: Game, moves: list[Move], seat: int | None) -> None:
    """The interactive stepper: shows a move's events and the board after it."""
    kinds = list(dict.fromkeys(opened[0] for _, _, opened, _ in moves if opened))
    help_text = _step_help(kinds)
    console.print(help_text, style="dim")
    letters = "".join(f", {k[0]} N" for k in kinds)
    at, shown = 0, -1
    while True:
        if at != shown:
            _show_move(game, moves, at, seat)
            shown = at
        try:
            answer = console.input(f"[dim]Enter, b, g N{letters}, e, q, ?[/] ")
        except EOFError:
            return
        answer = answer.strip().lower()
        number = int(answer[1:]) if answer[1:].strip().isdigit() else None
        if answer in ("q", "quit"):
            return
        if answer in ("?", "h", "help"):
            console.print(help_text)
        elif answer == "":
            if at == len(moves) - 1:
                return
            at += 1
        elif answer == "b":
            if at == 0:
                console.print("[red]This is the first move.[/]")
            at = max(0, at - 1)
        elif answer == "e":
            at = len(moves) - 1
        elif answer[:1] == "g" and number is not None:
            if 1 <= number <= len(moves):
                at = number - 1
            else:
                console.print(f"[red]There is no move {number}: moves go from 1 to "
                              f"{len(moves)}.[/]")
        elif answer[:1] in [k[0] for k in kinds] and number is not None:
            kind = next(k for k in kinds if k[0] == answer[0])
            found = [i for i, (_, _, o, _) in enumerate(moves) if o == (kind, number)]
            if found:
                at = found[0]
            elif number == 1:
                at = 0  # the first round (or half) opens with the match
            else:
                last = max(o[1] for _, _, o, _ in moves if o and o[0] == kind)
                console.print(f"[red]There is no {kind} {number} in this match (the last "
                              f"is {kind} {last}).[/]")
        else:
            console.print(f"[red]{escape(repr(answer))} is not a command.[/] {help_text}")


def _show_move(game: Game, moves: list[Move], at: int, seat: int | None) -> None:
    state, lines, opened, opens_at = moves[at]
    where = _chapter_at(moves, at)
    console.print(Rule(f"move {at + 1} of {len(moves)}"
                       + (f" · {where[0]} {where[1]}" if where else "")))
    if not lines:
        lines = [f"{at + 1:>4}. (nothing this viewer could see)"]
    _print_lines(lines[:opens_at])
    _chapter_rule(opened)
    _print_lines(lines[opens_at:])
    console.print(render(game, state.observation(seat)))


def _chapter_at(moves: list[Move], at: int) -> tuple[str, int] | None:
    """The chapter a move belongs to: the last one opened at or before it."""
    for i in range(at, -1, -1):
        if moves[i][2]:
            return moves[i][2]
    return None
