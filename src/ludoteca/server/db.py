"""Storage that loses nothing: the schema, the engine, migrations and a group-committing writer.

Four tables (the schema is created and upgraded by the Alembic migrations shipped in
``migrations/``, applied when the server starts):

``matches``
    one row per match: game, player count, variant, options (JSON), the edition's TOML text
    (``edition_shipped`` says it is the one the game ships), the seed, the players (JSON,
    one entry per seat), the status (``open`` / ``finished``) and, once finished, the
    scores and returns, and the words of what decided the win when a tie-break did (the
    game's ``State.result_reason()``: the lobby says "won on the tie-break" after a
    restart as before it); the hash of the creator's token (who may issue fresh invite links)
    and the public id of its rematch, once one is set up.
``seats``
    one row per seat: human or bot, the bot's agent spec, a display name, and for a human
    the SHA-256 hash of its secret token (the token itself is never stored) and, once a
    browser has opened the seat's link, the hash of that browser's claim (a cookie). A
    rematch's human seat has no token until its player asks for it with the old one.
``actions``
    append-only: ``(match_id, seq)`` is the primary key, ``seq`` counting from 0 with no gap.
    A row is either an applied action (``kind = 'act'``, the action id, the seat that chose
    it or -1 for chance) or a take-back (``kind = 'undo'``: the last standing action is
    withdrawn) or a held choice (``kind = 'hold'``: a seat's hidden choice in a group of
    simultaneous choices, made before its turn in the game's order; it is applied, as an
    ``act`` row of that seat, once every earlier seat has chosen). Rows are never updated
    or deleted; the match is the replay of its rows.
``chat``
    the match's chat: who wrote (a seat, or None for a spectator), the name shown, the text.

Writes go through :class:`Writer`, one thread that commits whatever has queued up in one
transaction (a group commit) and then resolves each caller's future: every accepted action
is committed before anyone is told, and a burst of moves from many matches costs one commit
(and one multi-row insert of their action rows, see :class:`Append`).
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
    # What decided the win when the scores do not show it (migration 0004); None when
    # they do, or for a match finished before that revision.
    Column("result_reason", Text, nullable=True),
    Column("creator_hash", String(64), nullable=True),
    Column("rematch", String(32), nullable=True),
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
    Column("claim_hash", String(64), nullable=True),
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

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", Integer, ForeignKey("matches.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(80), nullable=False),
    Column("text", String(500), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # A spectator's line: the hash of what tells their browser from others (migration
    # 0003), so that a restart keeps their number; None for a seat's line.
    Column("sender", String(64), nullable=True),
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
    """An engine for ``url``; SQLite gets WAL, ``synchronous=NORMAL`` and foreign keys."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            # In WAL mode a commit is one append to the WAL file; with synchronous=NORMAL
            # it is not fsynced (the WAL is synced at checkpoints). SQLite's documentation
            # of PRAGMA synchronous: WAL with NORMAL is always consistent, and committed
            # transactions are durable across application crashes (the bytes are in the
            # operating system's cache once the commit returns, and SQLite reads them back
            # at the next open); only a power loss or an operating-system crash may roll
            # back the last commits. So an accepted move survives SIGKILL of the server
            # (tests/server/test_crash.py) without an fsync per move, which would add a
            # disk flush (milliseconds) to every move's latency.
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine, revision: str = "head") -> None:
    """Applies every Alembic migration the database has not had yet (up to ``revision``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)


def current_revision(engine: Engine) -> str | None:
    from alembic.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class StorageError(RuntimeError):
    """The database refused or failed a write; nothing was accepted."""


_INSERT_ACTIONS_SQLITE = ("INSERT INTO actions (match_id, seq, kind, action, seat, created_at) "
                          "VALUES (?, ?, ?, ?, ?, ?)")


def insert_actions(connection: Connection, rows: list[dict[str, Any]]) -> None:
    """Inserts action rows (dicts of the ``actions`` columns).

    On SQLite straight through the driver, in the connection's transaction: building and
    compiling SQLAlchemy's insert for a few rows costs several times what SQLite takes to
    store them, on every move. The time is written as SQLAlchemy's SQLite ``DateTime``
    writes it (``YYYY-MM-DD HH:MM:SS.ffffff``, UTC), so it reads back the same.
    """
    if connection.dialect.name != "sqlite":
        connection.execute(actions.insert(), rows)
        return
    cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.executemany(_INSERT_ACTIONS_SQLITE, [
            (r["match_id"], r["seq"], r["kind"], r["action"], r["seat"],
             r["created_at"].strftime("%Y-%m-%d %H:%M:%S.%f")) for r in rows])
    finally:
        cursor.close()


class Append:
    """A write job that appends rows to the action table, then runs ``then(connection)``
    (e.g. marks the match finished) in the same transaction.

    The writer inserts the rows of every ``Append`` of a group with one statement, after
    the group's other jobs (a match is created, and committed, before its first action).
    ``rows``: dicts with the ``actions`` columns.
    """

    __slots__ = ("rows", "then")

    def __init__(self, rows: list[dict[str, Any]],
                 then: Callable[[Connection], Any] | None = None) -> None:
        self.rows = rows
        self.then = then

    def __call__(self, connection: Connection) -> Any:
        insert_actions(connection, self.rows)
        return None if self.then is None else self.then(connection)


class Writer:
    """Runs write jobs, committing every job queued meanwhile in one transaction.

    ``await writer.submit(job)`` runs ``job(connection)`` inside a transaction and returns
    its result once the transaction has committed (:class:`StorageError` if it failed). If
    a group fails, each of its jobs is retried alone, so one bad job cannot sink the others.

    Where the transactions run depends on the database:

    * SQLite (a local file): in the event loop, on one connection kept open. In WAL mode
      with ``synchronous=NORMAL`` a commit appends to the WAL file in the operating
      system's cache (tens of microseconds), which costs less than handing the job to a
      thread and back: the thread's wake-ups, and the GIL it has to win back from a busy
      event loop after each call into SQLite, waiting up to a switch interval (5 ms) each
      time. Jobs submitted during one turn of the loop are committed together at its end.
      Folding the WAL into the database file (a checkpoint, which syncs the disk) is left
      to a thread of its own, every ``checkpoint_every`` seconds, so no commit waits for
      the disk.
    * Another database (PostgreSQL, over a socket): one thread, which commits whatever
      queued up while it committed the previous group.
    """

    def __init__(self, engine: Engine, max_batch: int = 256,
                 checkpoint_every: float = 1.0) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self.commits = 0
        self.jobs = 0
        self.inline = engine.dialect.name == "sqlite"
        self._closed = False
        self._stop = threading.Event()
        if self.inline:
            self._connection: Connection | None = engine.connect()
            # The checkpoint thread checkpoints; a lock held by someone else (another
            # process on the same file) fails a commit after a second instead of
            # stalling the event loop for the engine's 30 s.
            self._connection.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
            self._connection.exec_driver_sql("PRAGMA busy_timeout=1000")
            self._connection.commit()
            self._pending: list[tuple[Any, asyncio.Future[Any], Any]] = []
            self._scheduled = False
            self._thread = threading.Thread(
                target=self._checkpoints, args=(checkpoint_every,),
                name="ludoteca-checkpoint", daemon=True)
        else:
            self._queue: queue.Queue[Any] = queue.Queue()
            self._thread = threading.Thread(target=self._run, name="ludoteca-writer",
                                            daemon=True)
        self._thread.start()

    def submit(self, job: Callable[[Connection], Any]) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        if not self.inline:
            self._queue.put((job, future, loop))
            return future
        self._pending.append((job, future, None))
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._flush)
        return future

    async def aclose(self) -> None:
        """Stops the writer; jobs already submitted are committed first."""
        if not self.inline:
            self._queue.put(None)
            await asyncio.to_thread(self._thread.join, 10)
            return
        if self._pending:
            self._flush()
        self._closed = True
        self._stop.set()
        await asyncio.to_thread(self._thread.join, 10)
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    # ----- SQLite: in the event loop ------------------------------------------------------

    def _flush(self) -> None:
        self._scheduled = False
        pending, self._pending = self._pending, []
        for i in range(0, len(pending), self.max_batch):
            batch = pending[i:i + self.max_batch]
            if self._closed:
                for _job, future, _ in batch:
                    self._resolve(future, None, None, RuntimeError("the server is closing"))
                continue
            self._commit(batch)

    def _checkpoints(self, every: float) -> None:
        """Folds the WAL into the database file now and then (PASSIVE: it never waits for,
        nor blocks, the writer or the readers)."""
        while not self._stop.wait(every):
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # a checkpoint is an optimisation: the next one catches up
                log.exception("SQLite checkpoint failed")

    # ----- another database: the thread -----------------------------------------------------

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

    # ----- both ---------------------------------------------------------------------------

    def _transaction(self) -> Any:
        if self.inline:
            assert self._connection is not None
            return _Begun(self._connection)
        return self.engine.begin()

    def _commit(self, batch: list[Any]) -> None:
        try:
            with self._transaction() as connection:
                if len(batch) == 1:
                    results = [batch[0][0](connection)]
                else:
                    results = self._run_group(connection, [job for job, _, _ in batch])
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
    def _run_group(connection: Connection, jobs: list[Any]) -> list[Any]:
        """Runs a group's jobs: the others in order, then every :class:`Append`'s rows in
        one insert, then their ``then`` parts. Returns each job's result."""
        results: list[Any] = [None] * len(jobs)
        appends: list[int] = []
        for i, job in enumerate(jobs):
            if type(job) is Append:
                appends.append(i)
            else:
                results[i] = job(connection)
        rows = [row for i in appends for row in jobs[i].rows]
        if rows:
            insert_actions(connection, rows)
        for i in appends:
            then = jobs[i].then
            if then is not None:
                results[i] = then(connection)
        return results

    @staticmethod
    def _resolve(future: Any, loop: Any, result: Any, error: BaseException | None) -> None:
        """Settles a job's future: directly (``loop`` None: we are in its event loop), or
        from the writer thread through its loop."""

        def deliver() -> None:
            if future.cancelled():
                return
            if error is not None:
                future.set_exception(StorageError(f"the database failed: {error}"))
            else:
                future.set_result(result)

        if loop is None:
            deliver()
            return
        with contextlib.suppress(RuntimeError):  # the loop is gone (shutting down)
            loop.call_soon_threadsafe(deliver)


class _Begun:
    """``with _Begun(connection) as c``: a transaction on a connection kept open (commit
    at the end, rollback on an exception), like ``engine.begin()`` without the pool."""

    __slots__ = ("connection",)

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def __enter__(self) -> Connection:
        self.connection.begin()
        return self.connection

    def __exit__(self, kind: Any, *rest: Any) -> None:
        if kind is not None:
            self.connection.rollback()
            return
        try:
            self.connection.commit()
        except BaseException:
            self.connection.rollback()
            raise
