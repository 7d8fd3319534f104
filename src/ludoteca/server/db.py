"""Storage that loses nothing: the schema, the engine, migrations and a group-committing writer.

Three tables (the schema is created and upgraded by the Alembic migrations shipped in
``migrations/``, applied when the server starts):

``matches``
    one row per match: game, player count, variant, options (JSON), the edition's TOML text
    (``edition_shipped`` says it is the one the game ships), the seed, the players (JSON,
    one entry per seat), the status (``open`` / ``finished``) and, once finished, the
    scores and returns.
``seats``
    one row per seat: human or bot, the bot's agent spec, a display name, and for a human
    the SHA-256 hash of its secret token (the token itself is never stored).
``actions``
    append-only: ``(match_id, seq)`` is the primary key, ``seq`` counting from 0 with no gap.
    A row is either an applied action (``kind = 'act'``, the action id, the seat that chose
    it or -1 for chance) or a take-back (``kind = 'undo'``: the last standing action is
    withdrawn). Rows are never updated or deleted; the match is the replay of its rows.

Writes go through :class:`Writer`, one thread that commits whatever has queued up in one
transaction (a group commit) and then resolves each caller's future: every accepted action
is durable before anyone is told, and a burst of moves from many matches costs one commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import queue
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
)
from sqlalchemy.engine import Connection, Engine

log = logging.getLogger("ludoteca.server")

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("public_id", String(32), nullable=False, unique=True),
    Column("game", String(64), nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("variant", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("edition", Text, nullable=False),
    Column("edition_shipped", Boolean, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("players", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("scores", JSON, nullable=True),
    Column("returns", JSON, nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("agent", String(200), nullable=True),
    Column("name", String(80), nullable=False),
    Column("token_hash", String(64), nullable=True, unique=True),
)

actions = Table(
    "actions",
    metadata,
    Column("match_id", Integer, ForeignKey("matches.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("action", Integer, nullable=True),
    Column("seat", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")


def now() -> datetime:
    return datetime.now(UTC)


def token_hash(token: str) -> str:
    """What the database keeps of a seat's token (tokens are 192 random bits: no salt or
    slow hash is needed to make the hash useless to someone who reads the database)."""
    return hashlib.sha256(token.encode()).hexdigest()


def default_url() -> str:
    """An SQLite file in the user's data folder (created on first use)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("ludoteca", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ludoteca.sqlite3'}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, full fsync on commit and foreign keys."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Applies every Alembic migration the database has not had yet."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")


def current_revision(engine: Engine) -> str | None:
    from alembic.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class StorageError(RuntimeError):
    """The database refused or failed a write; nothing was accepted."""


class Writer:
    """One thread that runs write jobs, committing all queued jobs in one transaction.

    ``await writer.submit(job)`` runs ``job(connection)`` inside a transaction and returns
    its result once the transaction has committed. If a group fails, each of its jobs is
    retried alone, so one bad job cannot sink the others.
    """

    def __init__(self, engine: Engine, max_batch: int = 256) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self._queue: queue.Queue[Any] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="ludoteca-writer", daemon=True)
        self._thread.start()
        self.commits = 0
        self.jobs = 0

    def submit(self, job: Callable[[Connection], Any]) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.put((job, future, loop))
        return future

    def run_sync(self, job: Callable[[Connection], Any]) -> Any:
        """Runs a job from a plain thread (start-up, tests) and waits for it."""
        done = threading.Event()
        box: dict[str, Any] = {}

        class _Sync:
            def set(self, result: Any = None, error: BaseException | None = None) -> None:
                box["result"], box["error"] = result, error
                done.set()

        self._queue.put((job, _Sync(), None))
        done.wait()
        if box["error"] is not None:
            raise box["error"]
        return box["result"]

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    # ----- the thread ---------------------------------------------------------------

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < self.max_batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[Any]) -> None:
        try:
            with self.engine.begin() as connection:
                results = [job(connection) for job, _, _ in batch]
        except Exception as err:
            if len(batch) == 1:
                _job, future, loop = batch[0]
                log.exception("storage write failed")
                self._resolve(future, loop, None, err)
                return
            for one in batch:
                self._commit([one])
            return
        self.commits += 1
        self.jobs += len(batch)
        for (_, future, loop), result in zip(batch, results, strict=True):
            self._resolve(future, loop, result, None)

    @staticmethod
    def _resolve(future: Any, loop: Any, result: Any, error: BaseException | None) -> None:
        if loop is None:
            future.set(result, error)
            return

        def deliver() -> None:
            if future.cancelled():
                return
            if error is not None:
                future.set_exception(StorageError(f"the database failed: {error}"))
            else:
                future.set_result(result)

        with contextlib.suppress(RuntimeError):  # the loop is gone (shutting down)
            loop.call_soon_threadsafe(deliver)
