"""`ludoteca serve`: play in the browser."""

from __future__ import annotations

from typing import Annotated

import typer

from ludoteca.cli.common import Command, app


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
) -> None:
    """Play in the browser: a lobby, matches with friends (invite links) and bots, live
    spectators and replays. Prints the address to open."""
    from ludoteca.server import serve

    serve(host=host, port=port, db=db)
