"""`ludoteca games`: what is installed."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ludoteca.agents import agent_names, agent_parameters, heuristic_for, strength_names
from ludoteca.agents.strengths import describe as describe_strength
from ludoteca.cli.app import Command, app, console, err_console, usage_errors
from ludoteca.cli.setup import _load, option_default, option_values
from ludoteca.cli.show import rules_summary
from ludoteca.core.registry import game_ids, load_game
from ludoteca.core.state import Game


def describe_game(game_id: str) -> None:
    """One game in full: variants, options with defaults and meaning, agents."""
    game = _load(game_id, None)
    info = game.info
    console.print(f"[bold]{escape(info.title)}[/] ({game_id}) — {escape(info.description)}")
    table = Table(title="Variants")
    for column in ("Variant", "Players", "Returns sum to", "About"):
        table.add_column(column)
    for v in info.variants:
        total = "varies" if v.constant_sum is None else f"{v.constant_sum:g}"
        table.add_row(v.id, ", ".join(map(str, v.player_counts)), total, v.description)
    console.print(table)
    if game.Options is None:
        console.print("Options: none.")
    else:
        options = Table(title="Options (--option key=value)")
        for column in ("Option", "Default", "Meaning"):
            options.add_column(column)
        for name, field in game.Options.model_fields.items():
            meaning = (field.description or _documented(game.Options, name)).rstrip(".")
            options.add_row(name, "—" if field.default is None else option_default(field),
                            (f"{escape(meaning)}.\n" if meaning else "")
                            + f"[dim]Takes {escape(option_values(field))}.[/]")
        console.print(options)
    agents = Table(title="Agents (--bot / --bots spec, e.g. ismcts:iterations=400)")
    agents.add_column("Agent")
    agents.add_column("Options and defaults")
    default = "heuristic" if heuristic_for(game) is not None else "random"
    for name in agent_names():
        if name == "heuristic" and heuristic_for(game) is None:
            continue
        params = agent_parameters(name)
        label = name + (" (default)" if name == default else "")
        # An option whose default is None is simply not set (an IS-MCTS budget, say).
        agents.add_row(label, ", ".join(f"{k}={'unset' if v is None else v}"
                                         for k, v in params.items()
                                         if not str(v).startswith("<")) or "none")
    console.print(agents)
    console.print(strengths_table(game))
    summary = rules_summary(game)
    if summary:
        console.print()
        console.print(escape(summary.strip()))


def strengths_table(game: Game) -> Table:
    """The named strengths (``--bots strong``) with the agent spec each plays ``game``
    with: the game's own preset where it declares one, else the default of every game."""
    table = Table(title="Named strengths (--bot / --bots, e.g. --bots strong)")
    table.add_column("Strength", no_wrap=True)
    # A spec has no spaces, so a long one (Vintage's strong preset is 70 characters) is
    # folded at the column's edge rather than squeezing the names and meanings to "e…".
    table.add_column("Plays as", overflow="fold")
    table.add_column("Meaning", min_width=22)
    for name in strength_names():
        shown = describe_strength(name, game)
        own = "this game's own preset" if name in game.bot_presets else shown["description"]
        table.add_row(name, escape(shown["spec"]), escape(own))
    return table


def _documented(model: type, name: str) -> str:
    """An option's meaning from its model's docstring ("``name``: ...", up to a blank
    line), for options declared without a description."""
    import inspect
    import re

    doc = inspect.getdoc(model) or ""
    for paragraph in doc.split("\n\n"):
        if paragraph.lstrip().startswith(f"``{name}``"):
            text = " ".join(paragraph.split()).removeprefix(f"``{name}``").lstrip(": ")
            return re.sub(r"``([^`]*)``", r"\1", text)
    return ""


@app.command("games", cls=Command)
def games_command(
    game_id: Annotated[str | None, typer.Argument(
        metavar="GAME", help="Show one game in full: variants, options, agents, rules.")
    ] = None,
) -> None:
    """List every installed game, or describe one (`ludoteca games desperados`)."""
    if game_id is not None:
        with usage_errors():
            describe_game(game_id)
        return
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
