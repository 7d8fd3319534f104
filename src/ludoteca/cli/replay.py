"""`ludoteca replay`: step through a recorded match."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.rule import Rule

from ludoteca.cli.common import _results_table, app, console, render, usage_errors
from ludoteca.core.edition import EditionError
from ludoteca.core.match import MatchRecord, ReplayError, replay
from ludoteca.core.state import ConfigError

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
            console.print(render(game, state.observation(seat)))
        label = state.action_to_string(action)
        state.apply_action(action)
        if reveal:
            who = "chance" if player < 0 else f"Seat {player}"
            console.print(escape(f"{i + 1:>4}. {who}: {label}"))
            continue
        seen = state.events_for(seat)
        if not seen:
            continue  # a deal or a draw this viewer does not see
        for event in seen:
            console.print(escape(f"{i + 1:>4}. {state.describe_event(event, seat)}"))
        if waiting:
            try:
                console.input("[dim]Enter for the next action[/]")
            except EOFError:
                waiting = False  # input ended: show the rest without pausing
    console.print(Rule("End" if state.is_terminal() else "End of the record (unfinished)"))
    console.print(render(game, state.observation(seat)))
    if state.is_terminal():
        agents = record.agents
        console.print(_results_table(state, lambda p: agents[p] if p < len(agents) else ""))
