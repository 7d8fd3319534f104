"""`ludoteca games`: what is installed."""

from __future__ import annotations

from rich.table import Table

from ludoteca.cli.common import app, console, err_console
from ludoteca.core.registry import game_ids, load_game


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
