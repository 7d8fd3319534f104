"""Matches in play: the hub that holds them, moves, bots, undo, live subscribers, replays.

One server process owns its database. Every open match lives in memory as a
:class:`LiveMatch` (its true state, its version, its subscribers); the database holds
everything needed to rebuild it, and at start every open match is rebuilt by replaying its
action rows, bots included. The in-memory state is never changed before the database has
committed the change: a move is applied to a clone, the clone's actions (the move and the
chance outcomes it triggers) are committed, and only then is the clone installed and
everyone told.

A match's *version* is the number of its rows in the action table. A move names the
version it was chosen at; any other version is stale and refused (HTTP 409).
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import gc
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection, Engine

from ludoteca.agents.strengths import bot_name, spec_for
from ludoteca.core.errors import ConfigError, IllegalActionError
from ludoteca.core.events import Event
from ludoteca.core.match import MatchRecord, Stepper
from ludoteca.core.registry import load_game
from ludoteca.core.state import CHANCE, TERMINAL, Game, State
from ludoteca.core.words import joined, naming
from ludoteca.server import db
from ludoteca.server.bots import bot_move, check_spec
from ludoteca.server.db import StorageError, Writer, token_hash
from ludoteca.server.views import (
    Boards,
    LogBook,
    Memo,
    SeatInfo,
    board_for,
    json_text,
    legal_for,
    log_entries,
    outcome_of,
    prompt_text,
    result_text,
    seat_names,
    standings,
    table_for,
    table_marks,
    turn_text,
)

log = logging.getLogger("ludoteca.server")

MAX_NAME = 40
MAX_CHAT = 300
"""Characters a chat line may have."""
CHAT_BURST = 5
CHAT_WINDOW = 10.0
"""A chat sender may write :data:`CHAT_BURST` lines per :data:`CHAT_WINDOW` seconds."""
CHAT_KEPT = 200
"""Chat lines a page is sent when it opens (the newest)."""
CHECKPOINT = 64
FINISHED_CACHE = 64

# Stands for the shared table inside a viewer's board while its live message is encoded:
# the table's JSON is spliced in there, so it is encoded once per change, not per viewer.
# (No board contains it otherwise: names lose control characters at creation, and every
# other string a board shows comes from the game.)
TABLE_MARK = "\x00table\x00"
TABLE_MARK_JSON = json_text(TABLE_MARK)[1:-1]


class MatchError(Exception):
    """A refused request: an HTTP status and a sentence for the person who sent it."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


CLAIMED = ("This seat was claimed by another browser: its link works only where it was "
           "first opened. Ask the match's creator for a fresh link.")
MAX_PLAYERS = 16


def seat_index(seat: int) -> str:
    """How a sentence names a seat the API was given by its 0-based index: both the index
    and the seat's number at the table, so neither can be mistaken for the other."""
    return f"seat index {seat} (Seat {seat + 1} at the table)"


def seat_range(num_players: int) -> str:
    """The seat indexes the API takes for a match of ``num_players``."""
    return f"seat indexes are 0 to {num_players - 1}"


def claim_cookie(public_id: str, seat: int) -> str:
    """The name of the cookie that holds a browser's claim of a seat."""
    return f"ludoteca-claim-{public_id}-{seat}"


def spectator_name(number: int) -> str:
    """How chat names the ``number``-th spectator to write: "Spectator", "Spectator 2"..."""
    return "Spectator" if number == 1 else f"Spectator {number}"


def spectator_number(name: str) -> int | None:
    """The number in a spectator's chat name (:func:`spectator_name`), or None."""
    if name == "Spectator":
        return 1
    head, _, tail = name.partition(" ")
    return int(tail) if head == "Spectator" and tail.isdigit() and len(tail) < 7 else None


def chat_line(seat: int | None, name: str, text: str, at: datetime | None) -> dict[str, Any]:
    return {"type": "chat", "seat": seat, "name": name, "text": text,
            "at": at.isoformat() if at else None}


@dataclass(frozen=True)
class BotPolicy:
    """Which bots anyone who can reach the server may seat, and how hard they may think.

    ``allowed``: besides the named strengths (``easy``, ``normal``, ``strong``) and the
    plain agents behind them (``random``, ``heuristic``), the specs the operator allows
    (``ludoteca serve --allow-bot``): an agent's name (``ismcts``: any options) or a whole
    spec (``ismcts:iterations=400``). Every bot is held to ``max_time`` seconds of thought
    a move and ``max_iterations`` search iterations, whatever the operator allowed.
    """

    allowed: tuple[str, ...] = ()
    max_time: float = 5.0
    max_iterations: int = 5000
    max_spec: int = 200

    BUILT_IN = ("easy", "normal", "strong", "random", "heuristic")

    def check(self, spec: str) -> None:
        """ConfigError with a sentence if ``spec`` may not be seated here."""
        from ludoteca.agents import parse_spec

        if len(spec) > self.max_spec:
            raise ConfigError(f"a bot is named in at most {self.max_spec} characters")
        name, options = parse_spec(spec)
        if not (spec in self.BUILT_IN or spec in self.allowed or name in self.allowed):
            raise ConfigError(
                f"this server seats the bots easy, normal and strong; {spec!r} needs the "
                "operator's leave (ludoteca serve --allow-bot)")
        think = options.get("time")
        if isinstance(think, int | float) and think > self.max_time:
            raise ConfigError(f"a bot thinks at most {self.max_time:g} s a move here, not "
                              f"{think:g}")
        for key in ("iterations", "calls"):
            value = options.get(key)
            if isinstance(value, int | float) and value > self.max_iterations:
                raise ConfigError(f"a bot searches at most {self.max_iterations:,} "
                                  f"{key} a move here, not {value:,}")


def clean_name(raw: Any) -> str:
    """A seat's name as given in the lobby: printable characters only, trimmed, at most
    :data:`MAX_NAME` characters ("" when none is given)."""
    text = "".join(ch for ch in str(raw or "") if ch.isprintable())
    return text.strip()[:MAX_NAME].strip()


def distinct_bot_names(seats: list[SeatInfo], unnamed: Sequence[int]) -> list[SeatInfo]:
    """The seats with the bots named by the lobby (``unnamed``) told apart by a letter when
    several share a strength: "normal bot A", "normal bot B" (a seat number would read as
    a count, and every sentence names them)."""
    by_name: dict[str, list[int]] = {}
    for seat in unnamed:
        by_name.setdefault(seats[seat].name, []).append(seat)
    out = list(seats)
    for name, group in by_name.items():
        if len(group) > 1 or any(s.name == name for s in seats if s.seat not in group):
            for letter, seat in zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", group, strict=False):
                info = seats[seat]
                out[seat] = SeatInfo(info.seat, info.kind, info.agent, f"{name} {letter}")
    return out


def game_for(game_id: str, edition: str, shipped: bool) -> Game:
    """The game a stored match was created with (the shared default object when the
    shipped edition has not changed since)."""
    game = load_game(game_id)
    if shipped and game.edition_text_or_default() == edition:
        return game
    return load_game(game_id, edition_text=edition)


class Subscriber:
    """One live connection (a WebSocket) of a viewer: messages queue here to be sent."""

    def __init__(self, viewer: int | None, limit: int = 512) -> None:
        self.viewer = viewer
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=limit)
        self.dropped = False

    def push(self, message: str) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:  # a reader that stopped reading: it reconnects later
            self.dropped = True
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
            self.queue.put_nowait(None)


@dataclass
class Played:
    """One applied action: its id, who chose it (-1: chance) and the events it produced."""

    action: int
    seat: int
    events: tuple[Event, ...]
    seq: int = -1  # its row in the action table


class LiveMatch:
    def __init__(self, hub: Hub, *, id: int, public_id: str, game: Game, num_players: int,
                 variant: str, options: dict[str, Any], seed: int, seats: list[SeatInfo],
                 status: str, created_at: datetime | None, edition: str,
                 edition_shipped: bool) -> None:
        self.hub = hub
        self.id = id
        self.public_id = public_id
        self.game = game
        self.num_players = num_players
        self.variant = variant
        self.options = options
        self.seed = seed
        self.seats = seats
        self.names = seat_names(seats)  # what the words call each seat ("Ana", "normal bot")
        self.status = status
        self.created_at = created_at
        self.edition = edition
        self.edition_shipped = edition_shipped
        self.state: State = game.new_initial_state(num_players, variant, options)
        # The match's random streams (chance, each bot seat), as run_match derives them
        # from the seed; the server decides for nobody through it (bots think in workers).
        self.stepper = Stepper(seed, [None] * num_players)
        self.version = 0
        self.played: list[Played] = []
        self.broken: str | None = None
        self.lock = asyncio.Lock()
        self.subscribers: dict[int | None, set[Subscriber]] = {}
        self._logs: dict[int | None, LogBook] = {}
        self._mark: dict[int | None, int] = {}
        self._memos: dict[int | None, Memo] = {}  # each live viewer's last board
        self._task: asyncio.Task[None] | None = None
        self._replay: _Replay | None = None
        # The version the shared table was made at, its HTML and its JSON string body.
        self._table: tuple[int, str | None, str | None] = (-1, None, None)
        # The state the observations were made of, and each viewer's (made once per
        # version, whoever asks: the board, the prompt, the shared table).
        self._seen: tuple[State | None, dict[int | None, dict[str, Any]]] = (None, {})
        self.claims: dict[int, str | None] = {s.seat: None for s in seats}  # claim hashes
        self.creator_hash: str | None = None
        self.rematch: str | None = None
        self.held: dict[int, int] = {}  # simultaneous choices made before their turn
        self.group_version: int | None = None  # the version at which the pending group opened
        self.notes: list[tuple[int, int, str]] = []  # (after move n, version, text): undos
        self.chat: list[dict[str, Any]] = []
        self._chat_times: dict[Any, list[float]] = {}
        # A spectator's browser (the hash of its key) -> its number in chat, and the last
        # number given; both are rebuilt from the stored chat (numbers survive a restart).
        self._spectators: dict[str, int] = {}
        self._last_spectator = 0

    # ----- facts ---------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def title(self) -> str:
        return self.game.info.title

    def seat_json(self) -> list[dict[str, Any]]:
        return [{"seat": s.seat, "kind": s.kind, "agent": s.agent, "name": s.name}
                for s in self.seats]

    def record(self) -> MatchRecord:
        """The match as a :class:`MatchRecord` (``ludoteca replay`` reads its JSON)."""
        state = self.state
        done = state.is_terminal()
        return MatchRecord(
            game=self.game.id,
            num_players=self.num_players,
            variant=self.variant,
            options=dict(self.options),
            edition=None if self.edition_shipped else self.edition,
            actions=state.history(),
            seed=self.seed,
            agents=[s.agent if s.kind == "bot" and s.agent else "human" for s in self.seats],
            scores=state.scores() if done else [],
            returns=state.returns() if done else [],
            finished=done,
        )

    # ----- rebuilding ----------------------------------------------------------------

    def rebuild(self, rows: Sequence[tuple[str, int | None, int]]) -> None:
        """Replays the action rows (``(kind, action, seat)`` in ``seq`` order)."""
        standing: list[tuple[int, int, int]] = []
        held: dict[int, int] = {}
        notes: list[tuple[int, int, str]] = []
        for seq, (kind, action, seat) in enumerate(rows):
            version = seq + 1
            if kind == "undo":
                if standing:
                    standing.pop()
                notes.append((len(standing), version, self._undo_note(seat)))
            elif kind == "hold":
                held[seat] = int(action)  # type: ignore[arg-type]
            else:
                standing.append((int(action), seat, seq))  # type: ignore[arg-type]
                held.pop(seat, None)  # a held choice is applied as its seat's act row
        state = self.game.new_initial_state(self.num_players, self.variant, self.options)
        played: list[Played] = []
        for i, (action, seat, seq) in enumerate(standing):
            try:
                state.apply_action(action)
            except IllegalActionError as err:
                raise ConfigError(f"action {i} ({action}) does not replay: {err}") from None
            played.append(Played(action, seat, tuple(state.events()), seq))
        self.state = state
        self.played = played
        self.version = len(rows)
        # The streams' positions are not stored: a match taken up again draws from streams
        # of its own, as a resumed run_match does.
        self.stepper = Stepper(self.seed, [None] * self.num_players, resumed=len(standing))
        self.held = held
        self.notes = notes
        self.group_version = self.version if state.simultaneous() else None
        self._logs.clear()

    def _undo_note(self, seat: int) -> str:
        with naming(self.names):
            name = self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"
        return f"{name[:1].upper()}{name[1:]} took back a move."

    # ----- what a viewer is shown -------------------------------------------------------

    def log(self, viewer: int | None) -> list[dict[str, Any]]:
        """``viewer``'s move log, kept per viewer and extended by the moves since."""
        book = self._logs.get(viewer)
        played = self.played
        if book is None:
            book = self._logs[viewer] = LogBook()
            # From the start: the standing moves, and each take-back's note where it was
            # said (between the moves, by their row numbers).
            with naming(self.names):
                for _after, version, text in self.notes:
                    j = book.steps
                    while j < len(played) and played[j].seq < version:
                        j += 1
                    if j > book.steps:
                        book.extend(self.state, viewer,
                                    [(p.seat, p.events) for p in played[book.steps:j]])
                    book.note(text, "undo")
        if book.steps < len(played):
            with naming(self.names):
                book.extend(self.state, viewer,
                            [(p.seat, p.events) for p in played[book.steps:]])
        return book.entries

    def can_undo(self, viewer: int | None) -> bool:
        """Whether ``viewer`` may take back its last move now.

        Only the very last action of the match can be taken back, only by the seat that
        chose it, and only if that move showed nothing to anyone else that they did not
        see in full: each of its events is public, or shown to the mover alone, or shown
        to everyone but the mover (the public side of the mover's own secret). A chance
        outcome after the move, or another seat's move, makes the move the last no more.
        """
        if viewer is None or self.finished or not self.played or self.broken:
            return False
        if viewer >= len(self.seats):
            return False
        if self.seats[viewer].kind != "human":
            return False
        last = self.played[-1]
        if last.seat != viewer:
            return False
        for event in last.events:
            if event.to is None:
                if event.hidden_from not in ((), (viewer,)):
                    return False
            elif tuple(event.to) != (viewer,):
                return False
        return True

    def view(self, viewer: int | None, *, log_start: int | None = None) -> dict[str, Any]:
        """Everything ``viewer`` is shown now; the log from ``log_start`` (default: all)."""
        with naming(self.names):
            table, _json = self._shared_table()
            return self._view(viewer, log_start, table)

    def observed(self, viewer: int | None) -> dict[str, Any]:
        """``viewer``'s observation of the current state, made once per state: the board,
        the prompt and the shared table of every message and view of that state read this
        one (a seat's is made from the spectator's when that was made already,
        :meth:`State.seat_observation <ludoteca.core.state.State.seat_observation>`).
        Called within the match's ``naming``; read it, never change it."""
        state, seen = self._seen
        if state is not self.state:
            seen = {}
            self._seen = (self.state, seen)
        obs = seen.get(viewer)
        if obs is None:
            public = seen.get(None) if viewer is not None else None
            obs = seen[viewer] = (self.state.observation(viewer) if public is None
                                  else self.state.seat_observation(viewer, public))
        return obs

    def prompt(self, viewer: int | None) -> str:
        """What ``viewer`` is asked to do (:func:`prompt_text`): the observation's
        ``prompt`` when it has one (every game's is ``state.prompt(viewer)``, pinned by
        tests/server/test_move_costs.py), so that a message does not word it twice."""
        state = self.state
        if state.current_player() == TERMINAL:
            return ""
        made = self.observed(viewer).get("prompt")
        return made if isinstance(made, str) else prompt_text(state, viewer)

    def _view(self, viewer: int | None, log_start: int | None, table: str | None,
              memo: Memo | None = None) -> dict[str, Any]:
        state = self.state
        entries = self.log(viewer)
        start = 0 if log_start is None else min(log_start, len(entries))
        actions = [] if self.broken else legal_for(state, viewer)
        turn, prompt = turn_text(state, viewer, self.seats), self.prompt(viewer)
        together = self._together(viewer)
        if together is not None:
            turn, prompt, group_actions = together
            actions = actions or ([] if self.broken else group_actions)
        return {
            "type": "state",
            "match": self.public_id,
            "version": self.version,
            "viewer": viewer,
            "to_act": state.current_player(),
            "turn": turn,
            "prompt": self.broken or prompt,
            "choosing": self._choosing(),
            "board": board_for(self.hub.boards, state, viewer, self.seats, table, memo,
                               obs=self.observed(viewer)),
            "actions": actions,
            "log_start": start,
            "log": entries[start:],
            "result": result_text(state, viewer, self.seats),
            "outcome": outcome_of(state, viewer),
            "standings": standings(state, viewer, self.seats),
            "finished": self.finished,
            "can_undo": self.can_undo(viewer),
            "rematch": self.rematch,
            # The viewer's own choice held in a pending group (it may change it until the
            # group resolves); nobody else's, which stays hidden.
            "held": None if viewer is None else self.held.get(viewer),
        }

    def _choosing(self) -> list[int]:
        """The seats of the pending group of simultaneous choices that have not chosen."""
        together = self.state.simultaneous()
        return [seat for seat in together if seat not in self.held]

    def _together(self, viewer: int | None) -> tuple[str, str, list[dict[str, Any]]] | None:
        """In a pending group of simultaneous choices: the turn line, the prompt and the
        actions ``viewer`` is shown (its own choice may be made now, whoever is first in
        the game's order); None outside a group."""
        together = self.state.simultaneous()
        if not together:
            return None
        state = self.state
        waiting = [seat for seat in together if seat not in self.held]
        names = ["you" if seat == viewer else self.names[seat] for seat in waiting]
        who = joined(names)
        turn = f"Everyone chooses at once: waiting for {who}"
        if viewer is None or viewer not in together:
            return turn, state.prompt(viewer), []
        actions = [state.action_to_json(a) for a in together[viewer]]
        if viewer in self.held:  # still open: another choice replaces it
            label = state.action_to_string(self.held[viewer])
            return (turn, f"You chose {label}; it stays hidden until everyone has chosen, "
                          "and you may change it until then.", actions)
        step = next(step for step in state.pending() if step.seat == viewer)
        return (f"Your turn: everyone chooses at once (waiting for {who})",
                step.prompt(state, viewer), actions)

    def _message(self, viewer: int | None, log_start: int | None) -> str:
        """:meth:`view` as the JSON text of a live message (called within ``naming``).

        The board is rendered around :data:`TABLE_MARK` and the shared table's JSON,
        encoded once per change, is spliced in: the text equals :func:`json_text` of the view.
        """
        table, table_json = self._shared_table()
        if table is None:
            return json_text(self._view(viewer, log_start, None))
        memo = self._memos.get(viewer)
        if memo is None:
            memo = self._memos[viewer] = Memo()
        text = json_text(self._view(viewer, log_start, TABLE_MARK, memo))
        return text.replace(TABLE_MARK_JSON, table_json, 1)  # type: ignore[arg-type]

    def _shared_table(self) -> tuple[str | None, str | None]:
        """The board's shared part and its JSON string body, rendered once per version
        for every viewer (``(None, None)`` when the game's board has none), from the
        spectator's observation (:meth:`observed`, which the seats' are then made from)."""
        if self._table[0] != self.version:
            state = self.state
            public = None
            if self.hub.boards.table_template(state.game.id) is not None:
                public = self.observed(None)
            with naming(self.names):
                table = table_for(self.hub.boards, state, self.seats, public)
            body = None if table is None else json_text(table)[1:-1]
            self._table = (self.version, table, body)
        return self._table[1], self._table[2]

    def subscribe(self, sub: Subscriber) -> None:
        """Adds a live connection and queues the full view for it."""
        self.subscribers.setdefault(sub.viewer, set()).add(sub)
        self.hub.connections.add(sub)
        with naming(self.names):
            text = self._message(sub.viewer, None)
        self._mark[sub.viewer] = len(self.log(sub.viewer))
        sub.push(text)
        if self.chat:
            sub.push(json_text({"type": "chat-history", "lines": self.chat}))

    def unsubscribe(self, sub: Subscriber) -> None:
        self.hub.connections.discard(sub)
        group = self.subscribers.get(sub.viewer)
        if group is not None:
            group.discard(sub)
            if not group:
                del self.subscribers[sub.viewer]
                self._memos.pop(sub.viewer, None)

    def publish(self) -> None:
        """Tells every live connection what changed (called after each commit): each
        viewer's message is built and encoded once, for all of its connections."""
        with naming(self.names):
            for viewer, group in list(self.subscribers.items()):
                if not group:
                    continue
                entries = self.log(viewer)
                start = min(self._mark.get(viewer, 0), len(entries))
                text = self._message(viewer, start)
                self._mark[viewer] = len(entries)
                for sub in list(group):
                    sub.push(text)

    # ----- changing the match ----------------------------------------------------------

    def _play_chance(self, state: State, batch: list[Played], draft: Stepper) -> None:
        """Plays chance on ``state`` (a clone) until a seat is to act, into ``batch``,
        drawing from ``draft`` (a fork of the match's streams)."""
        def played(state: State, seat: int, action: int) -> None:
            batch.append(Played(action, seat, tuple(state.events())))

        draft.run(state, on_action=played)

    async def _commit(self, new: State, batch: list[Played], draft: Stepper,
                      held: dict[int, int] | None = None) -> None:
        """Commits ``batch`` (applied to ``new``), then installs ``new`` and the streams it
        drew from (``draft``) and tells everyone.

        Called with the lock held. If the database fails nothing changes in memory.
        """
        start = self.version
        done = new.is_terminal()
        rows = [{"match_id": self.id, "seq": start + i, "kind": "act", "action": p.action,
                 "seat": p.seat, "created_at": db.now()} for i, p in enumerate(batch)]
        for i, p in enumerate(batch):
            p.seq = start + i
        finish = None
        if done:
            result = {"scores": new.scores(), "returns": new.returns(),
                      "result_reason": new.result_reason()}
            match_id = self.id

            def finish(connection: Connection) -> None:
                connection.execute(
                    db.matches.update().where(db.matches.c.id == match_id).values(
                        status="finished", finished_at=db.now(), **result))

        await self.hub.writer.submit(db.Append(rows, finish))
        grouped = bool(self.state.simultaneous())
        self.state = new
        self.stepper = draft
        self.version = start + len(batch)
        self.played.extend(batch)
        if held is not None:
            self.held = held
        if not new.simultaneous():
            self.group_version = None
            self.held = {}
        elif not grouped or self.group_version is None:
            self.group_version = self.version
        if done:
            self.status = "finished"
        self.hub.moves += len(batch)
        self.publish()
        if done:
            self.hub.retire(self)

    def _check_version(self, version: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise MatchError(400, f"a move names the version it was chosen at (a whole "
                                  f"number), not {version!r}")
        if version != self.version:
            raise MatchError(409, f"This move was chosen at version {version}, but the match "
                                  f"is at version {self.version}: something happened since. "
                                  "Look at the table again and choose anew.")

    async def move(self, seat: int, version: Any, data: Any) -> dict[str, Any]:
        """A human seat's move, named by its fields (``action_from_json``)."""
        async with self.lock:
            if self.broken:
                raise MatchError(503, self.broken)
            if self.finished:
                raise MatchError(409, "The match is over.")
            together = self.state.simultaneous()
            in_group = seat in together and self.group_version is not None
            # In a group of simultaneous choices another seat's hidden choice changes the
            # version without changing what this seat may choose: any version since the
            # group opened will do.
            opened = self.group_version
            since_group = (in_group and opened is not None and isinstance(version, int)
                           and not isinstance(version, bool)
                           and opened <= version <= self.version)
            if not since_group:
                self._check_version(version)
            player = self.state.current_player()
            if player != seat and not in_group:
                who = ("chance" if player == CHANCE else self.seats[player].label())
                raise MatchError(409, f"It is not your turn: {who} is to play.")
            if not isinstance(data, Mapping):
                raise MatchError(400, f"an action is a JSON object such as "
                                      f'{{"action": 3}}, not {data!r}')
            try:
                action = self.state.action_from_json(data)
            except IllegalActionError as err:
                raise MatchError(400, str(err)) from None
            with naming(self.names):
                label = self.state.action_to_string(action)
            if player != seat:
                await self._hold(seat, action, together[seat])
                return {"version": self.version, "action": action, "label": label,
                        "held": True}
            new = self.state.clone()
            try:
                new.apply_action(action)
            except IllegalActionError as err:
                raise MatchError(422, str(err)) from None
            batch = [Played(action, seat, tuple(new.events()))]
            draft = self._draft(new)
            held = self._play_chance_and_held(new, batch, draft)
            try:
                await self._commit(new, batch, draft, held)
            except StorageError as err:
                raise MatchError(503, f"{err}; the move was not accepted") from None
        self.kick()
        return {"version": self.version, "action": action, "label": label}

    async def _hold(self, seat: int, action: int, legal: list[int]) -> None:
        """Keeps ``seat``'s hidden choice of a pending group until its turn in the game's
        order (a ``hold`` row, so that a restart keeps it; the last row of a seat counts).
        A seat may choose again while it waits: the new choice replaces the held one (the
        same choice again changes nothing). Called with the lock held."""
        if action not in legal:
            with naming(self.names):
                try:
                    probe = self.state.clone()
                    reason = probe.explain_illegal(action) if hasattr(probe, "explain_illegal") \
                        else None
                except Exception:
                    reason = None
            raise MatchError(422, f"That move is not allowed{': ' + reason if reason else ''}.")
        if self.held.get(seat) == action:
            return
        row = {"match_id": self.id, "seq": self.version, "kind": "hold", "action": action,
               "seat": seat, "created_at": db.now()}
        try:
            await self.hub.writer.submit(db.Append([row]))
        except StorageError as err:
            raise MatchError(503, f"{err}; the choice was not accepted") from None
        self.held[seat] = action
        self.version += 1
        self.publish()

    def _draft(self, new: State) -> Stepper:
        """The streams that what follows a person's move on ``new`` draws from: a fork of
        the chance stream when chance or a held choice comes next (kept if the commit
        succeeds), else the match's own streams, which nothing will draw from."""
        if self.held or new.current_player() == CHANCE:
            return self.stepper.fork(seats=())
        return self.stepper

    def _play_chance_and_held(self, state: State, batch: list[Played], draft: Stepper
                              ) -> dict[int, int]:
        """Plays chance, then every held choice whose turn has come (and chance after it),
        on ``state``; returns the held choices still waiting (installed on commit)."""
        held = dict(self.held)
        while True:
            self._play_chance(state, batch, draft)
            player = state.current_player()
            action = held.pop(player, None) if player >= 0 else None
            if action is None:
                return held
            try:
                state.apply_action(action)
            except IllegalActionError:  # cannot happen if the group keeps its promise
                log.error("a held choice of seat %d in match %s is illegal at its turn; "
                          "the seat chooses again", player, self.public_id)
                continue
            batch.append(Played(action, player, tuple(state.events())))

    async def undo(self, seat: int, version: Any) -> dict[str, Any]:
        async with self.lock:
            if self.broken:
                raise MatchError(503, self.broken)
            self._check_version(version)
            if not self.can_undo(seat):
                raise MatchError(409, "You can take back only your own last move, and only "
                                      "before anyone else has moved or anything hidden has "
                                      "been revealed.")
            start = self.version
            match_id = self.id
            row = {"match_id": match_id, "seq": start, "kind": "undo", "action": None,
                   "seat": seat, "created_at": db.now()}
            standing = [p.action for p in self.played[:-1]]
            new = self.game.new_initial_state(self.num_players, self.variant, self.options)
            for action in standing:
                new.apply_action(action)

            try:
                await self.hub.writer.submit(db.Append([row]))
            except StorageError as err:
                raise MatchError(503, f"{err}; nothing was taken back") from None
            self.state = new
            self.version = start + 1
            self.played.pop()
            self.notes.append((len(self.played), self.version, self._undo_note(seat)))
            if new.simultaneous() and self.group_version is None:
                self.group_version = self.version
            self._logs.clear()  # read again: the moves still standing, and every note
            for viewer in list(self._mark):
                # The new note is the last entry; what precedes it may have changed.
                self._mark[viewer] = min(self._mark[viewer], len(self.log(viewer)) - 1)
            self.publish()
        self.kick()
        return {"version": self.version}

    # ----- bots and chance ---------------------------------------------------------------

    def kick(self) -> None:
        """Starts the loop that plays chance and bots until a human is to act (when chance
        or a bot is to act now: a person's turn needs no task)."""
        if self.finished or self.broken:
            return
        player = self.state.current_player()
        if player != CHANCE and not (0 <= player < len(self.seats)
                                     and self.seats[player].kind == "bot"):
            return
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._advance())

    def bot_pace(self) -> float:
        """Seconds a bot waits before it moves: the hub's ``bot_delay`` when a person sits
        at the table, so that they can follow each move (and see it marked on the board);
        none when only bots play, whose matches nobody follows move by move."""
        if any(s.kind == "human" for s in self.seats):
            return self.hub.bot_delay
        return 0.0

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _advance(self) -> None:
        while not self.finished and not self.broken and not self.hub.closing:
            state, version = self.state, self.version
            player = state.current_player()
            if player == CHANCE:
                async with self.lock:
                    if self.version != version:
                        continue
                    new, draft = state.clone(), self.stepper.fork(seats=())
                    batch: list[Played] = []
                    held = self._play_chance_and_held(new, batch, draft)
                    if not await self._try_commit(new, batch, draft, held):
                        return
                continue
            if player < 0 or self.seats[player].kind != "bot":
                return
            pause = self.bot_pace()
            if pause:
                await asyncio.sleep(pause)
                if self.version != version:
                    continue
            spec = self.seats[player].agent or "random"
            # The move draws from a fork of the seat's stream, kept if it is committed.
            draft = self.stepper.fork(seats=(player,))
            stream = draft.rngs[player]
            try:
                action, after = await bot_move(state, player, spec, stream.getstate(),
                                               self.hub.pool())
                stream.setstate(after)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot %s failed in match %s; it plays at random", spec,
                              self.public_id)
                action = stream.choice(state.legal_actions())
            async with self.lock:
                if self.version != version:
                    continue
                new = state.clone()
                try:
                    new.apply_action(action)
                except IllegalActionError:
                    log.error("bot %s chose an illegal action in match %s", spec,
                              self.public_id)
                    action = state.legal_actions()[0]
                    new = state.clone()
                    new.apply_action(action)
                batch = [Played(action, player, tuple(new.events()))]
                held = self._play_chance_and_held(new, batch, draft)
                if not await self._try_commit(new, batch, draft, held):
                    return

    async def _try_commit(self, new: State, batch: list[Played], draft: Stepper,
                          held: dict[int, int] | None = None) -> bool:
        for attempt in range(5):
            try:
                await self._commit(new, batch, draft, held)
                return True
            except StorageError:
                log.exception("storing a bot move of match %s failed (attempt %d)",
                              self.public_id, attempt + 1)
                await asyncio.sleep(0.2 * (attempt + 1))
        return False

    # ----- replays -----------------------------------------------------------------------

    def replay_view(self, viewer: str, step: int) -> dict[str, Any]:
        """A finished match after ``step`` actions, from a seat, a spectator, or everything
        revealed (``viewer``: a seat number, ``"spectator"`` or ``"all"``)."""
        if not self.finished:
            raise MatchError(409, "A match can be replayed once it is over.")
        with naming(self.names):
            if self._replay is None:
                self._replay = _Replay(self)
            return self._replay.view(viewer, step)


class _Replay:
    """Steps a finished match: checkpoints every few moves, every action's full label,
    the positions a person steps between and the chapters a replay may jump to.

    ``stops``: the positions (actions applied) at which a seat is about to move, or the
    end: stepping by a player's move passes over the chance outcomes that follow a move
    (a deal, a card turned) as part of it. ``chapters``: ``{"step", "kind", "label"}``
    for each event the game marks as opening a part of the match (a round, a dispute, a
    fight), at the first stop that shows it.
    """

    def __init__(self, live: LiveMatch) -> None:
        self.live = live
        game = live.game
        state = game.new_initial_state(live.num_players, live.variant, live.options)
        self.checkpoints: dict[int, State] = {0: state.clone()}
        self.labels: list[str] = []
        _moment, chapter = table_marks(game)
        opened: list[tuple[int, str, int | None]] = []
        for i, played in enumerate(live.played):
            who = "Chance" if played.seat == CHANCE else live.names[played.seat]
            who = who[:1].upper() + who[1:]
            self.labels.append(f"{who}: {state.action_to_string(played.action)}")
            state.apply_action(played.action)
            kinds: set[str] = set()
            for event in played.events:
                part = chapter(event)
                # One action opens a part once: a fact told in two versions (a card laid
                # face down, its face to its owner and its back to the others) is one event
                # of the match, so a part is not listed twice (as part 1 and part 2).
                if part and part[0] not in kinds:
                    kinds.add(part[0])
                    opened.append((i + 1, *part))
            if (i + 1) % CHECKPOINT == 0:
                self.checkpoints[i + 1] = state.clone()
        self.total = total = len(live.played)
        self.stops = sorted({0, total} | {i for i, p in enumerate(live.played)
                                          if p.seat != CHANCE})
        every = {kind: sum(k == kind for _, k, _ in opened) for _, kind, _ in opened}
        counts: dict[str, int] = {}
        self.chapters: list[dict[str, Any]] = []
        firsts: dict[str, int | None] = {}
        for _after, kind, number in opened:
            firsts.setdefault(kind, number)
        for kind, number in firsts.items():
            # A numbered part whose first mark is its second (a game that announces its
            # rounds from the second on, or only its second half): the first began with
            # the match, and is listed at the start, so the menu counts from 1 as people do.
            if number == 2:
                self.chapters.append({"step": 0, "kind": kind,
                                      "label": f"{kind[:1].upper()}{kind[1:]} 1"})
        for after, kind, number in opened:
            step = self.stops[bisect.bisect_left(self.stops, after)]
            counts[kind] = counts.get(kind, 0) + 1
            label = kind[:1].upper() + kind[1:]
            if number is not None or every[kind] > 1:  # "Round 2", "Fight 3"
                label += f" {counts[kind] if number is None else number}"
            self.chapters.append({"step": step, "kind": kind, "label": label})
        self.chapters.sort(key=lambda c: c["step"])  # (stable: a part's order is kept)

    def state_at(self, step: int) -> State:
        base = step - step % CHECKPOINT
        state = self.checkpoints[base].clone()
        for played in self.live.played[base:step]:
            state.apply_action(played.action)
        return state

    def view(self, viewer: str, step: int) -> dict[str, Any]:
        live = self.live
        step = max(0, min(int(step), self.total))
        state = self.state_at(step)
        played = [(p.seat, p.events) for p in live.played[:step]]
        seats = live.seats
        boards = live.hub.boards
        base = {"step": step, "total": self.total, "viewer": viewer, "stops": self.stops,
                "chapters": self.chapters}
        table = table_for(boards, state, seats)
        if viewer == "all":
            panels = [{"title": "Table (spectator)",
                       "board": board_for(boards, state, None, seats, table)}]
            for seat in range(live.num_players):
                panels.append({"title": f"{seats[seat].label()}'s view",
                               "board": board_for(boards, state, seat, seats, table)})
            log_list = [{"n": i + 1, "step": i + 1, "text": text}
                        for i, text in enumerate(self.labels[:step])]
            return {**base, "panels": panels, "log": log_list,
                    "turn": turn_text(state, None, seats), "prompt": prompt_text(state, None),
                    "result": result_text(state, None, seats),
                    "standings": standings(state, None, seats)}
        if viewer != "spectator" and not (viewer.lstrip("-").isdigit() and len(viewer) <= 4):
            raise MatchError(400, "viewer is a seat index (0 for Seat 1 at the table), "
                                  "spectator or all")
        seat = None if viewer == "spectator" else int(viewer)
        if seat is not None and not 0 <= seat < live.num_players:
            raise MatchError(400, f"there is no seat index {seat} "
                                  f"({seat_range(live.num_players)})")
        return {**base,
                "panels": [{"title": "Table" if seat is None else f"{seats[seat].label()}",
                            "board": board_for(boards, state, seat, seats, table)}],
                "log": log_entries(state, seat, played),
                "turn": turn_text(state, seat, seats), "prompt": prompt_text(state, seat),
                "result": result_text(state, seat, seats),
                "standings": standings(state, seat, seats)}


class _Collector:
    """Who holds Python's garbage collector: the running hubs of this process, and
    whether it was enabled before the first of them took it."""

    holders = 0
    found_enabled = True


def take_collector() -> None:
    """Switches Python's automatic garbage collection off for a running hub, which collects
    on its own schedule (:meth:`Hub._tame_gc`). Hubs may run side by side in one process
    (tests, an embedding program): the first one to start notes whether the collector was
    enabled, and :func:`hand_back_collector`, called by the last one to close, restores
    that."""
    if _Collector.holders == 0:
        _Collector.found_enabled = gc.isenabled()
    _Collector.holders += 1
    gc.disable()


def hand_back_collector() -> None:
    """One running hub lets go of the collector (:func:`take_collector`); once none holds
    it, nothing stays frozen (``gc.unfreeze``: the frozen objects rejoin the oldest
    generation) and automatic collection is enabled again if it was when the first hub
    started."""
    _Collector.holders -= 1
    if _Collector.holders > 0:
        return
    _Collector.holders = 0
    gc.unfreeze()
    if _Collector.found_enabled:
        gc.enable()


class Hub:
    """Every match the server knows, the writer, the bot pool and the live connections."""

    def __init__(self, engine: Engine, boards: Boards, *, bot_delay: float = 0.0,
                 bot_workers: int = 1, bots: BotPolicy | None = None) -> None:
        self.engine = engine
        self.bots = bots or BotPolicy()
        self.writer = Writer(engine)
        self.boards = boards
        self.bot_delay = bot_delay
        self.bot_workers = bot_workers
        self.live: dict[str, LiveMatch] = {}
        self.finished_cache: OrderedDict[str, LiveMatch] = OrderedDict()
        self.tokens: dict[str, tuple[str, int]] = {}
        self.connections: set[Subscriber] = set()  # every live connection, of any match
        self.closing = False
        self.moves = 0
        self._pool: Executor | None = None
        self._gc_task: asyncio.Task[None] | None = None
        self._gc_held = False  # this hub holds the collector (take_collector)

    def pool(self) -> Executor | None:
        if self._pool is None and self.bot_workers > 0:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(
                max_workers=self.bot_workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    # ----- loading -------------------------------------------------------------------------

    def _build(self, connection: Connection, row: Any) -> LiveMatch:
        seat_rows = connection.execute(
            select(db.seats).where(db.seats.c.match_id == row.id).order_by(db.seats.c.seat)
        ).all()
        action_rows = connection.execute(
            select(db.actions.c.kind, db.actions.c.action, db.actions.c.seat)
            .where(db.actions.c.match_id == row.id).order_by(db.actions.c.seq)
        ).all()
        seats = [SeatInfo(r.seat, r.kind, r.agent, r.name) for r in seat_rows]
        game = game_for(row.game, row.edition, row.edition_shipped)
        live = LiveMatch(self, id=row.id, public_id=row.public_id, game=game,
                         num_players=row.num_players, variant=row.variant,
                         options=dict(row.options), seed=int(row.seed), seats=seats,
                         status=row.status, created_at=row.created_at, edition=row.edition,
                         edition_shipped=row.edition_shipped)
        live.rebuild([(r.kind, r.action, r.seat) for r in action_rows])
        for r in seat_rows:
            if r.token_hash:
                self.tokens[r.token_hash] = (row.public_id, r.seat)
            live.claims[r.seat] = r.claim_hash
        live.creator_hash = row.creator_hash
        live.rematch = row.rematch
        chat_rows = connection.execute(
            select(db.chat).where(db.chat.c.match_id == row.id).order_by(db.chat.c.id.desc())
            .limit(CHAT_KEPT)).all()
        live.chat = [chat_line(r.seat, r.name, r.text, r.created_at)
                     for r in reversed(chat_rows)]
        # Each spectator's number, from their first line (every line, not only those kept
        # for the page): its name says it.
        firsts = connection.execute(
            select(db.chat.c.sender, db.chat.c.name, func.min(db.chat.c.id))
            .where((db.chat.c.match_id == row.id) & db.chat.c.seat.is_(None))
            .group_by(db.chat.c.sender, db.chat.c.name)).all()
        for sender, name, _first in sorted(firsts, key=lambda r: r[2]):
            number = spectator_number(name)
            if number is None:
                continue
            live._last_spectator = max(live._last_spectator, number)
            if sender is not None:
                live._spectators.setdefault(sender, number)
        return live

    def load_open(self) -> tuple[int, list[str]]:
        """Rebuilds every open match from its rows (at start). Returns how many, and the
        problems of those that could not be rebuilt (kept, marked broken)."""
        problems: list[str] = []
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(db.matches).where(db.matches.c.status == "open")).all()
            for row in rows:
                try:
                    live = self._build(connection, row)
                except Exception as err:  # a game that changed or vanished: keep serving
                    problems.append(f"match {row.public_id} ({row.game}): {err}")
                    log.error("cannot resume match %s: %s", row.public_id, err)
                    continue
                self.live[live.public_id] = live
        return len(self.live), problems

    def start(self) -> None:
        """Sets every resumed match going again (bots and chance), in the event loop."""
        for live in self.live.values():
            live.kick()
        take_collector()
        self._gc_held = True
        self._gc_task = asyncio.get_running_loop().create_task(self._tame_gc())

    async def _tame_gc(self, freeze_every: float = 1.0, full_every: float = 3600.0) -> None:
        """Keeps Python's garbage collections short and few (the hub's collector schedule).

        Every match keeps its whole history (states, events, logs) and every live
        connection its objects, so the heap grows with play; a collection that walks it all
        costs milliseconds per ten thousand objects, and Python starts a full one each time
        the heap has grown by a quarter. So while a hub runs, Python's automatic collector
        is off (:func:`take_collector`: its generation-0 and generation-1 collections,
        which a move's objects set off several times a second, cost about a tenth of the
        server's CPU at 1,000 moves/s) and this schedule replaces it: every
        ``freeze_every`` seconds the objects made since the last time are collected and
        the survivors moved out of the collector's sight (``gc.freeze``, which costs
        nothing). Cyclic garbage therefore still goes within ``freeze_every`` seconds, and
        no collection ever walks the history. Frozen objects are still freed by reference
        counting when a match is dropped; once every ``full_every`` seconds (an hour)
        everything is unfrozen and collected once, in case a cycle was frozen (one made by
        another thread between a collection and its freeze). :meth:`close` hands the
        collector back as it was found.
        """
        gc.collect()
        gc.freeze()
        last_full = time.monotonic()
        while not self.closing:
            await asyncio.sleep(freeze_every)
            if time.monotonic() - last_full > full_every:
                gc.unfreeze()
                last_full = time.monotonic()
            gc.collect()
            gc.freeze()

    async def close(self) -> None:
        self.closing = True
        if self._gc_task is not None:
            self._gc_task.cancel()
        if self._gc_held:
            self._gc_held = False
            hand_back_collector()
        for live in self.live.values():
            live.stop()
        for sub in list(self.connections):
            sub.push(None)  # type: ignore[arg-type]
        if self._pool is not None:
            # Waited for (in a thread): a pool left to die with the interpreter leaks its
            # semaphores ("leaked semaphore objects" at exit).
            pool, self._pool = self._pool, None
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)
        await self.writer.aclose()

    def retire(self, live: LiveMatch) -> None:
        """A match just finished: it leaves the open matches for the cache of finished
        ones, where the :data:`FINISHED_CACHE` most recently used stay in memory (older
        ones are rebuilt from storage when asked for: a long-running server does not keep
        every match it ever served)."""
        if self.live.get(live.public_id) is live:
            del self.live[live.public_id]
        self._cache_finished(live)

    def _cache_finished(self, live: LiveMatch) -> None:
        cache = self.finished_cache
        cache[live.public_id] = live
        cache.move_to_end(live.public_id)
        while len(cache) > FINISHED_CACHE:
            _, old = cache.popitem(last=False)
            old._replay = None  # it points back at the match: a cycle for the collector

    async def get(self, public_id: str) -> LiveMatch:
        live = self.live.get(public_id)
        if live is not None:
            return live
        live = self.finished_cache.get(public_id)
        if live is not None:
            self.finished_cache.move_to_end(public_id)
            return live

        def load() -> LiveMatch | None:
            with self.engine.connect() as connection:
                row = connection.execute(select(db.matches).where(
                    db.matches.c.public_id == public_id)).first()
                return None if row is None else self._build(connection, row)

        try:
            live = await asyncio.to_thread(load)
        except Exception as err:
            raise MatchError(500, f"match {public_id} cannot be rebuilt: {err}") from None
        if live is None:
            raise MatchError(404, "There is no such match.")
        existing = self.live.get(public_id) or self.finished_cache.get(public_id)
        if existing is not None:  # loaded twice at once: keep the first
            return existing
        if live.finished:
            self._cache_finished(live)
        else:
            self.live[public_id] = live
        return live

    async def by_token(self, token: str | None) -> tuple[LiveMatch, int]:
        """The match and seat of a seat token (403 if it names no seat)."""
        if not token or not isinstance(token, str) or len(token) > 200:
            raise MatchError(403, "This link names no seat (the token is missing).")
        digest = token_hash(token)
        found = self.tokens.get(digest)
        if found is None:
            def lookup() -> str | None:
                with self.engine.connect() as connection:
                    row = connection.execute(
                        select(db.matches.c.public_id).join(
                            db.seats, db.seats.c.match_id == db.matches.c.id)
                        .where(db.seats.c.token_hash == digest)).first()
                    return None if row is None else row.public_id

            public_id = await asyncio.to_thread(lookup)
            if public_id is None:
                raise MatchError(403, "This link names no seat of any match.")
            await self.get(public_id)
            found = self.tokens.get(digest)
            if found is None:
                raise MatchError(403, "This link names no seat of any match.")
        live = await self.get(found[0])
        return live, found[1]

    async def seat_of(self, live: LiveMatch, token: str | None,
                      claims: Mapping[str, str] | None = None) -> int:
        """The seat of ``token`` in ``live`` (403 if the token is not one of its seats, or
        if the seat was claimed by a browser whose claim is not among ``claims``, the
        request's cookies)."""
        other, seat = await self.by_token(token)
        if other is not live:
            raise MatchError(403, "This token belongs to another match.")
        claim = live.claims.get(seat)
        if claim is not None:
            mine = (claims or {}).get(claim_cookie(live.public_id, seat))
            if not mine or token_hash(mine) != claim:
                raise MatchError(403, CLAIMED)
        return seat

    async def claim(self, live: LiveMatch, seat: int, cookie: str | None) -> str | None:
        """Opening a seat's link in a browser: the first browser claims the seat (returns
        the claim to set as its cookie); the same browser again is welcome (None); any
        other browser is refused (403)."""
        claim = live.claims.get(seat)
        if claim is not None:
            if cookie and token_hash(cookie) == claim:
                return None
            raise MatchError(403, CLAIMED)
        secret = secrets.token_urlsafe(24)
        digest = live.claims[seat] = token_hash(secret)  # at once: a second browser waits
        match_id = live.id

        def job(connection: Connection) -> None:
            connection.execute(db.seats.update().where(
                (db.seats.c.match_id == match_id) & (db.seats.c.seat == seat)).values(
                claim_hash=digest))

        try:
            await self.writer.submit(job)
        except StorageError as err:
            live.claims[seat] = None
            raise MatchError(503, f"{err}; the seat was not claimed") from None
        return secret

    async def fresh_link(self, live: LiveMatch, seat: Any, token: str | None,
                         claims: Mapping[str, str] | None) -> str:
        """A new secret link for a person's seat, asked for by the match's creator: the old
        link stops working and the seat is unclaimed (its browser is disconnected)."""
        if not token or live.creator_hash is None or token_hash(token) != live.creator_hash:
            raise MatchError(403, "Only the match's creator may issue a fresh link.")
        if self.tokens.get(token_hash(token), (None,))[0] == live.public_id:
            await self.seat_of(live, token, claims)  # the creator's own seat: its browser
        if isinstance(seat, bool) or not isinstance(seat, int) or \
                not 0 <= seat < live.num_players:
            raise MatchError(400, f"there is no seat index {str(seat)[:20]} "
                                  f"({seat_range(live.num_players)})")
        if live.seats[seat].kind != "human":
            raise MatchError(400, f"{seat_index(seat)} is a bot's: it has no link")
        if live.finished:
            raise MatchError(409, "The match is over.")
        new = secrets.token_urlsafe(24)
        digest, match_id = token_hash(new), live.id

        def job(connection: Connection) -> None:
            connection.execute(db.seats.update().where(
                (db.seats.c.match_id == match_id) & (db.seats.c.seat == seat)).values(
                token_hash=digest, claim_hash=None))

        try:
            await self.writer.submit(job)
        except StorageError as err:
            raise MatchError(503, f"{err}; no new link was made") from None
        for old, (public_id, s) in list(self.tokens.items()):
            if public_id == live.public_id and s == seat:
                del self.tokens[old]
        self.tokens[digest] = (live.public_id, seat)
        live.claims[seat] = None
        for sub in list(live.subscribers.get(seat, ())):
            sub.push(None)  # type: ignore[arg-type]  # the old link's page: closed
        return new

    # ----- creating ------------------------------------------------------------------------

    async def create(self, game_id: Any, players: Any, variant: Any, options: Any,
                     seat_choices: Any, *, game: Game | None = None, trusted: bool = False,
                     unissued: frozenset[int] = frozenset()) -> dict[str, Any]:
        """A new match. ``seat_choices``: one ``{"kind": "me" | "invite" | "bot", "bot":
        strength or agent spec, "name": ...}`` per seat. Returns the match id and, for each
        human seat, its secret token (shown once: only its hash is stored)."""
        try:
            if not isinstance(game_id, str):
                raise ConfigError("choose a game")
            if len(game_id) > 64:
                raise ConfigError("there is no such game")
            game = game or load_game(game_id)
            if isinstance(players, str) and players.isdigit() and len(players) <= 3:
                players = int(players)
            if isinstance(players, bool) or not isinstance(players, int) or \
                    not 1 <= players <= MAX_PLAYERS:
                shown = repr(players) if len(repr(players)) <= 20 else "that"
                raise ConfigError(f"choose how many players (a whole number such as 3), "
                                  f"not {shown}")
            if isinstance(variant, str) and len(variant) > 64:
                raise ConfigError(f"{game.info.title} has no such variant")
            variant = game.info.resolve(players, variant or None)
            parsed = game.parse_options(options or {})
            state = game.new_initial_state(players, variant, parsed)
            if not isinstance(seat_choices, list) or len(seat_choices) != players:
                raise ConfigError(f"choose who sits at each of the {players} seats")
            seats: list[SeatInfo] = []
            tokens: dict[int, str] = {}
            guests = 0
            unnamed_bots: list[int] = []
            for seat, choice in enumerate(seat_choices):
                if not isinstance(choice, Mapping):
                    raise ConfigError(f"seat {seat + 1}: choose me, invite or a bot")
                kind = choice.get("kind")
                name = clean_name(choice.get("name"))
                if kind in ("me", "invite"):
                    tokens[seat] = secrets.token_urlsafe(24)
                    if not name:
                        guests += kind == "invite"
                        name = "Host" if kind == "me" else f"Guest {guests}"
                    seats.append(SeatInfo(seat, "human", None, name))
                elif kind == "bot":
                    choice_text = str(choice.get("bot") or "normal")
                    if len(choice_text) > self.bots.max_spec:
                        raise ConfigError(f"seat {seat + 1}: a bot is named in at most "
                                          f"{self.bots.max_spec} characters")
                    spec = spec_for(game, choice_text)
                    try:
                        check_spec(game, spec)
                        if not trusted:
                            self.bots.check(choice_text if choice_text in BotPolicy.BUILT_IN
                                            else spec)
                    except ConfigError as err:
                        raise ConfigError(f"seat {seat + 1}: {err}") from None
                    if not name:  # the words say "normal bot draws a card"
                        name = bot_name(choice_text, game)
                        unnamed_bots.append(seat)
                    seats.append(SeatInfo(seat, "bot", spec, name))
                else:
                    raise ConfigError(f"seat {seat + 1}: choose me, invite or a bot, not {kind!r}")
            seats = distinct_bot_names(seats, unnamed_bots)
        except ConfigError as err:
            raise MatchError(400, str(err)) from None
        kinds = {seat: ("me" if seat_choices[seat].get("kind") == "me" else "invite")
                 for seat in tokens}
        seed = secrets.randbits(62)
        public_id = secrets.token_urlsafe(9)
        edition = game.edition_text_or_default()
        options_json = game.options_dict(parsed)
        created = db.now()
        players_json = [{"kind": s.kind, "agent": s.agent, "name": s.name} for s in seats]
        hashes = {seat: token_hash(token) for seat, token in tokens.items()
                  if seat not in unissued}
        # The creator may issue fresh links: the key is the "me" seat's token, if any.
        me = next((seat for seat in tokens if kinds[seat] == "me"), None)
        creator_token = tokens[me] if me is not None else secrets.token_urlsafe(24)
        creator_hash = token_hash(creator_token)

        def job(connection: Connection) -> int:
            result = connection.execute(db.matches.insert().values(
                public_id=public_id, game=game.id, num_players=players, variant=variant,
                options=options_json, edition=edition,
                edition_shipped=game.edition_text is None, seed=seed, players=players_json,
                status="open", created_at=created, creator_hash=creator_hash,
                rematch=None))
            match_id = int(result.inserted_primary_key[0])
            connection.execute(db.seats.insert(), [
                {"match_id": match_id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
                 "name": s.name, "token_hash": hashes.get(s.seat)} for s in seats])
            return match_id

        try:
            match_id = await self.writer.submit(job)
        except StorageError as err:
            raise MatchError(503, f"{err}; the match was not created") from None
        live = LiveMatch(self, id=match_id, public_id=public_id, game=game,
                         num_players=players, variant=variant, options=options_json,
                         seed=seed, seats=seats, status="open", created_at=created,
                         edition=edition, edition_shipped=game.edition_text is None)
        live.state = state
        live.creator_hash = creator_hash
        self.live[public_id] = live
        for seat, digest in hashes.items():
            self.tokens[digest] = (public_id, seat)
        async with live.lock:
            new, draft = state.clone(), live.stepper.fork(seats=())
            batch: list[Played] = []
            live._play_chance(new, batch, draft)
            if batch:
                try:
                    await live._commit(new, batch, draft)
                except StorageError as err:
                    raise MatchError(503, f"{err}; the match could not start") from None
        live.kick()
        return {
            "id": public_id,
            "game": game.id,
            **({} if me is not None else {"creator_token": creator_token}),
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent,
                       **({"token": tokens[s.seat], "role": kinds[s.seat]}
                          if s.seat in hashes else {})}
                      for s in seats],
        }

    # ----- the table's comforts: chat and rematch ---------------------------------------------

    async def say(self, live: LiveMatch, token: str | None, claims: Mapping[str, str] | None,
                  text: Any, sender: str) -> dict[str, Any]:
        """A chat line from a seat (its token) or a spectator. ``sender`` identifies a
        spectator's browser (its watcher cookie, else its address): it keys the rate limit
        and the spectator's name, "Spectator", "Spectator 2"... in the order they first
        wrote. A spectator never picks a name, so no line can pass for a seat's or the
        server's. Stored with the match, then sent to every page of the match; pages show
        it as text, never as HTML."""
        seat = None if token is None else await self.seat_of(live, token, claims)
        if not isinstance(text, str):
            raise MatchError(400, 'a chat line is {"text": "..."}')
        text = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
        if not text:
            raise MatchError(400, "Write something first.")
        if len(text) > MAX_CHAT:
            raise MatchError(400, f"A chat line has at most {MAX_CHAT} characters "
                                  f"(this one has {len(text)}).")
        key = ("seat", seat) if seat is not None else ("spectator", sender)
        now = time.monotonic()
        times = [t for t in live._chat_times.get(key, ()) if now - t < CHAT_WINDOW]
        if len(times) >= CHAT_BURST:
            raise MatchError(429, "You are writing faster than the table can read: wait a "
                                  "few seconds.")
        times.append(now)
        live._chat_times[key] = times
        digest = None
        if seat is not None:
            who = live.names[seat]
        else:
            digest = token_hash(sender)
            number = live._spectators.get(digest)
            if number is None:  # numbered now, so that two writing at once differ
                number = live._spectators[digest] = live._last_spectator + 1
                live._last_spectator = number
            who = spectator_name(number)
        at, match_id = db.now(), live.id

        def job(connection: Connection) -> None:
            connection.execute(db.chat.insert().values(
                match_id=match_id, seat=seat, name=who[:80], text=text, created_at=at,
                sender=digest))

        try:
            await self.writer.submit(job)
        except StorageError as err:
            raise MatchError(503, f"{err}; the line was not sent") from None
        line = chat_line(seat, who, text, at)
        live.chat = [*live.chat[-(CHAT_KEPT - 1):], line]
        message = json_text(line)
        for group in live.subscribers.values():
            for sub in list(group):
                sub.push(message)
        return line

    async def rematch(self, live: LiveMatch, token: str | None,
                      claims: Mapping[str, str] | None) -> dict[str, Any]:
        """A finished match's rematch: the same game, set-up, people and bots. The first
        person to ask sets it up; each person's seat link is issued when they ask (with
        their old seat's token, so nobody else can take it). Returns ``{"id", "token"}``."""
        seat = await self.seat_of(live, token, claims)
        if not live.finished:
            raise MatchError(409, "A rematch is set up once the match is over.")
        async with live.lock:
            if live.rematch is None:
                choices = [{"kind": "me" if s.seat == seat else "invite", "name": s.name}
                           if s.kind == "human" else
                           {"kind": "bot", "bot": s.agent or "random", "name": s.name}
                           for s in live.seats]
                others = frozenset(s.seat for s in live.seats
                                   if s.kind == "human" and s.seat != seat)
                created = await self.create(live.game.id, live.num_players, live.variant,
                                            live.options, choices, game=live.game,
                                            trusted=True, unissued=others)
                new_id, match_id = created["id"], live.id

                def job(connection: Connection) -> None:
                    connection.execute(db.matches.update().where(
                        db.matches.c.id == match_id).values(rematch=new_id))

                try:
                    await self.writer.submit(job)
                except StorageError as err:
                    raise MatchError(503, f"{err}; the rematch was not set up") from None
                live.rematch = new_id
                message = json_text({"type": "rematch", "id": new_id})
                for group in live.subscribers.values():
                    for sub in list(group):
                        sub.push(message)
                mine = next(s["token"] for s in created["seats"] if s["seat"] == seat)
                return {"id": new_id, "token": mine}
        new = await self.get(live.rematch)
        return {"id": new.public_id, "token": await self._issue(new, seat)}

    async def _issue(self, live: LiveMatch, seat: int) -> str:
        """The first token of a rematch's seat (409 if it was issued already)."""
        if live.seats[seat].kind != "human" or any(
                where == (live.public_id, seat) for where in self.tokens.values()):
            raise MatchError(409, "You have joined the rematch already, from the browser "
                                  "that asked first.")
        new = secrets.token_urlsafe(24)
        digest, match_id = token_hash(new), live.id
        self.tokens[digest] = (live.public_id, seat)

        def job(connection: Connection) -> None:
            connection.execute(db.seats.update().where(
                (db.seats.c.match_id == match_id) & (db.seats.c.seat == seat)
                & db.seats.c.token_hash.is_(None)).values(token_hash=digest))

        try:
            await self.writer.submit(job)
        except StorageError as err:
            del self.tokens[digest]
            raise MatchError(503, f"{err}; try again") from None
        return new

    # ----- listing -------------------------------------------------------------------------

    def list_matches(self, status: str, limit: int = 50) -> list[dict[str, Any]]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(db.matches, select(func.count()).where(
                    db.actions.c.match_id == db.matches.c.id).scalar_subquery().label("moves"))
                .where(db.matches.c.status == status)
                .order_by(db.matches.c.id.desc()).limit(limit)).all()
        out = []
        for row in rows:
            try:
                title = load_game(row.game).info.title
            except Exception:
                title = row.game
            live = self.live.get(row.public_id)
            out.append({
                "id": row.public_id, "game": row.game, "title": title,
                "num_players": row.num_players, "variant": row.variant,
                "status": row.status, "moves": int(row.moves),
                "players": [p.get("name") for p in row.players],
                "created_at": row.created_at.isoformat() if row.created_at else None,
                "finished_at": row.finished_at.isoformat() if row.finished_at else None,
                "turn": (turn_text(live.state, None, live.seats)
                         if live is not None and not live.finished else None),
                "result": _stored_result(row),
            })
        return out


def _stored_result(row: Any) -> str | None:
    """The lobby's line for a finished match, from its stored row alone (so that a
    restarted server says what it said before): "Ana won (3–1)", the scores in seat
    order; "Bo won on the tie-break (0–0)" when the game said a tie-break decided (the
    stored ``result_reason``, see :meth:`State.result_reason
    <ludoteca.core.state.State.result_reason>`); None for a match not finished."""
    if row.status != "finished" or not row.scores:
        return None
    names = [p.get("name") for p in row.players]
    winners = [names[i] for i, r in enumerate(row.returns or []) if r > 0]
    scores = "–".join(f"{s:g}" for s in row.scores)
    how = " on the tie-break" if winners and row.result_reason else ""
    return f"{joined(winners) or 'nobody at the table'} won{how} ({scores})"
