"""`ludoteca replay`: watch a recorded match, or move through it move by move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.rule import Rule

from ludoteca.cli.common import _results_table, app, console, render, result_line, usage_errors
from ludoteca.core.edition import EditionError
from ludoteca.core.match import MatchRecord, ReplayError, replay
from ludoteca.core.state import ConfigError, Game, State

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


def _ask_which(path: Path, lines: list[str]) -> int:
    console.print(f"{path} holds {len(lines)} match records:")
    for i, line in enumerate(lines[:20]):
        try:
            r = MatchRecord.from_json(line)
            what = (f"{r.game}, {r.num_players} players, {len(r.actions)} actions, "
                    + (f"scores {', '.join(f'{x:g}' for x in r.scores)}" if r.finished
                       else "unfinished"))
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


STEP_HELP = ("Enter: next move · b: back one move · g N: go to move N · "
             "r N: go to the start of round N · e: to the end · q: stop stepping")


def _moves(record: MatchRecord, seat: int | None, reveal: bool
           ) -> list[tuple[State, list[str], dict[str, object]]]:
    """The state after each move, the lines the viewer reads for it, and its round marks."""
    state = record.initial_state()
    out = []
    for i, action in enumerate(record.actions):
        player = state.current_player()
        label = state.action_to_string(action)
        state.apply_action(action)
        if reveal:
            who = "chance" if player < 0 else f"Seat {player}"
            lines = [f"{i + 1:>4}. {who}: {label}"]
        else:
            lines = [f"{i + 1:>4}. {state.describe_event(e, seat)}"
                     for e in state.events_for(seat)]
        rounds = {e.kind: e.data.get("round") for e in state.events() if "round" in e.data}
        out.append((state.clone(), lines, rounds))
    return out


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
        int | None, typer.Option(help="Which record of a JSON-lines file (from 0); without "
                                      "it you are asked.")
    ] = None,
    step: Annotated[bool, typer.Option(help="Move through the match yourself: forward, back, "
                                            "to a move or a round.")] = False,
    reveal: Annotated[
        bool, typer.Option(help="Show every action in full, chance outcomes and private "
                                "moves included (for study, not for players).")
    ] = False,
) -> None:
    """Watch a recorded match from one seat's point of view (or a spectator's).

    Each action is described as the viewer learned it when it happened (a card dealt to
    another seat is only "dealt"), unless --reveal shows the whole truth. With --step you
    move through it: Enter for the next move, b back, g N to move N, r N to round N.
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

    game = final.game
    viewer = "spectator" if seat is None else f"seat {seat}"
    if reveal:
        viewer += ", everything revealed"
    console.print(Rule(f"{game.info.title} · {record.num_players} players · {record.variant}"
                       f" · watching as {viewer}"))
    moves = _moves(record, seat, reveal)
    if step and moves:
        _step_through(game, record, moves, seat)
    else:
        for _, lines, _ in moves:
            for line in lines:
                console.print(escape(line))
    state = moves[-1][0] if moves else record.initial_state()
    console.print(Rule("End" if state.is_terminal() else "End of the record (unfinished)"))
    console.print(render(game, state.observation(seat)))
    if state.is_terminal():
        agents = record.agents
        console.print(_results_table(state, lambda p: agents[p] if p < len(agents) else ""))
        console.print(escape(result_line(state, seat)))


def _step_through(game: Game, record: MatchRecord,
                  moves: list[tuple[State, list[str], dict[str, object]]],
                  seat: int | None) -> None:
    """The interactive stepper: shows a move's events and the board after it."""
    console.print(STEP_HELP, style="dim")
    at = 0
    while True:
        state, lines, _ = moves[at]
        console.print(Rule(f"move {at + 1} of {len(moves)}"))
        for line in lines or [f"{at + 1:>4}. (nothing this viewer could see)"]:
            console.print(escape(line))
        console.print(render(game, state.observation(seat)))
        try:
            answer = console.input("[dim]Enter, b, g N, r N, e, q, ?[/] ").strip().lower()
        except EOFError:
            return
        if answer in ("q", "quit"):
            return
        if answer == "?":
            console.print(STEP_HELP)
        elif answer == "":
            if at == len(moves) - 1:
                return
            at += 1
        elif answer == "b":
            at = max(0, at - 1)
        elif answer == "e":
            at = len(moves) - 1
        elif answer[:1] in ("g", "r") and answer[1:].strip().isdigit():
            number = int(answer[1:].strip())
            if answer[0] == "g":
                at = min(max(number, 1), len(moves)) - 1
            else:
                found = [i for i, (_, _, rounds) in enumerate(moves)
                         if number in rounds.values()]
                if found:
                    at = found[0]
                else:
                    console.print(f"[red]No round {number} in this match.[/]")
        else:
            console.print(f"[red]{escape(answer)!r} is not a command. {STEP_HELP}[/]")
