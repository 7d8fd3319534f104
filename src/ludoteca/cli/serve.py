"""`ludoteca serve`: play in the browser."""

from __future__ import annotations

from typing import Annotated

import typer

from ludoteca.cli.app import Command, app


@app.command("serve", cls=Command)
def serve_command(
    host: Annotated[str, typer.Option(
        metavar="ADDRESS",
        help="Address to listen on (127.0.0.1: this computer only; 0.0.0.0: your network "
             "too).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        metavar="URL",
        help="Database URL, e.g. postgresql+psycopg://user:pass@host/db (default: an SQLite "
             "file in your user data folder).")] = None,
    public_url: Annotated[str | None, typer.Option(
        metavar="URL",
        help="The address other people reach this server at, when it is behind a proxy "
             "(e.g. https://games.example.org); invite links use it.")] = None,
    allow_bot: Annotated[list[str] | None, typer.Option(
        metavar="SPEC",
        help="Let anyone seat this bot besides easy, normal and strong: an agent name "
             "(ismcts) or a whole spec (ismcts:iterations=400); repeatable. Think time and "
             "iterations stay capped.")] = None,
    bot_pace: Annotated[float, typer.Option(
        min=0.0, max=10.0, metavar="SECONDS",
        help="Seconds a bot waits before each move when a person is at the table, so "
             "that every move can be followed (0: at once). Matches of bots alone are "
             "never slowed.")] = 1.0,
) -> None:
    """Play in the browser: a lobby, matches with friends (invite links) and bots, live
    spectators and replays. Prints the address to open."""
    from ludoteca.server import serve

    if public_url is not None and not public_url.startswith(("http://", "https://")):
        raise typer.BadParameter("a public URL starts with http:// or https://",
                                 param_hint="--public-url")
    serve(host=host, port=port, db=db, bot_delay=bot_pace, public_url=public_url,
          allow_bots=tuple(allow_bot or ()))
