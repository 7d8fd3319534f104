"""``python -m ludoteca.server``: the server with switches for tests and benchmarks.

``--plugin module:function`` calls ``function()`` first (e.g. to register a test game);
``--bot-delay`` sets the pause before each bot move (seconds); the rest is as
``ludoteca serve``.
"""

from __future__ import annotations

import argparse
import importlib

from ludoteca.server import serve


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ludoteca.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None)
    parser.add_argument("--bot-delay", type=float, default=1.0)
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--plugin", action="append", default=[])
    parser.add_argument("--log-level", default="warning")
    parser.add_argument("--public-url", default=None)
    parser.add_argument("--allow-bot", action="append", default=[])
    args = parser.parse_args(argv)
    for plugin in args.plugin:
        module, _, name = plugin.partition(":")
        getattr(importlib.import_module(module), name or "install")()
    serve(args.host, args.port, args.db, bot_delay=args.bot_delay,
          bot_workers=args.bot_workers, log_level=args.log_level,
          public_url=args.public_url, allow_bots=tuple(args.allow_bot))


if __name__ == "__main__":
    main()
