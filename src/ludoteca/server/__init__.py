"""``ludoteca serve``: play in the browser.

A FastAPI application under Uvicorn (:mod:`.app`): a lobby of every registered game, matches
with seats for people (secret invite links) and bots, live pages for the players and
spectators, replays, and storage that loses nothing (:mod:`.db`, SQLite by default,
PostgreSQL by URL, migrations applied at start).
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app", "serve"]


def create_app(db_url: str | None = None, **kwargs: Any) -> Any:
    from ludoteca.server.app import create_app as _create

    return _create(db_url, **kwargs)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
          bot_delay: float = 1.0, bot_workers: int = 1, log_level: str = "warning",
          public_url: str | None = None, allow_bots: tuple[str, ...] = ()) -> None:
    """Runs the server until interrupted, printing the address to open.

    ``bot_delay``: seconds each bot waits before it moves when a person is at the table
    (a pace a person can follow); matches of bots alone are never slowed. ``host``: the
    address to listen on (``0.0.0.0``: every address, so that people on other computers
    can join); ``public_url``: the address they reach it at when it is behind a proxy (the
    invite links use it); ``allow_bots``: agent names or specs anyone may seat besides
    the named strengths."""
    import uvicorn

    from ludoteca.core.words import plural
    from ludoteca.server.app import create_app as _create
    from ludoteca.server.db import default_url
    from ludoteca.server.wire import http_protocol

    url = db or default_url()
    shown = "localhost" if host in ("127.0.0.1", "::1", "0.0.0.0", "::") else host
    address = f"http://{shown}:{port}/"

    app = _create(url, bot_delay=bot_delay, bot_workers=bot_workers, public_url=public_url,
                  listen_host=host, allow_bots=tuple(allow_bots))

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if not self.started:
                return
            # Printed once the socket listens: the address works when it is shown.
            state = app.state
            resumed = state.resumed
            print(f"ludoteca is ready: open {address} in your browser", flush=True)
            if public_url:
                print(f"  invite links point to {public_url}", flush=True)
            elif host in ("0.0.0.0", "::"):
                from ludoteca.server.app import lan_address

                lan = lan_address()
                if lan:
                    print(f"  friends on your network open http://{lan}:{port}/", flush=True)
            else:
                print("  only this computer can join: to let friends elsewhere in, start "
                      "with --host 0.0.0.0 (and --public-url behind a proxy)", flush=True)
            print(f"  database: {_safe(url)}; {plural(resumed, 'open match', 'open matches')}"
                  " resumed", flush=True)
            for problem in state.problems:
                print(f"  could not resume {problem}", flush=True)

    # No proxy-header middleware: nothing here reads the client's address, and it would
    # wrap every request and live connection.
    # Each HTTP answer written to its socket once, head and body together (wire.py).
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, access_log=False,
                            proxy_headers=False, ws_ping_interval=20, ws_ping_timeout=20,
                            ws_per_message_deflate=False, http=http_protocol())
    Server(config).run()


def _safe(url: str) -> str:
    """The database URL without its password."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url
