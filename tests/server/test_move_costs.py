"""What a move costs the server, pinned: SQLite in WAL mode with ``synchronous=NORMAL``, a
move stored as appended action rows in one transaction (the match's record is never
written again), and the live messages built only for viewers with a live connection.
(That an acknowledged move survives a crash of the process: tests/server/test_crash.py.)"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from ludoteca.core.registry import load_game
from ludoteca.core.state import CHANCE, State
from ludoteca.server import db
from tests.server.conftest import Api, tokens_of

HUMANS3 = [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}]


def test_sqlite_is_in_wal_mode_with_synchronous_normal(sqlite_url: str) -> None:
    engine = db.make_engine(sqlite_url)
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
    finally:
        engine.dispose()


def _writes(statements: list[str]) -> list[str]:
    return [s for s in statements
            if s.lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE", "REPLACE")]


def test_a_move_is_appended_rows_in_one_transaction(make_client: Any) -> None:
    client = make_client()
    api = Api(client)
    created = api.create("highcard", 3, HUMANS3)
    tokens, match = tokens_of(created), created["id"]
    view = api.view(match, tokens[0])
    writer = client.app.state.hub.writer
    assert writer.inline  # SQLite: committed in the event loop, on one connection
    statements: list[str] = []
    raw = writer._connection.connection.driver_connection
    raw.set_trace_callback(statements.append)
    try:
        answer = api.move(match, tokens[0], view["version"], {"type": "bet"})
    finally:
        raw.set_trace_callback(None)
    assert answer.status_code == 200, answer.text
    rows = answer.json()["version"] - view["version"]
    writes = _writes(statements)
    assert rows >= 1 and len(writes) == rows
    assert all(w.startswith("INSERT INTO actions ") for w in writes), writes
    assert sum(s.strip().upper() == "COMMIT" for s in statements) == 1


def test_a_seat_without_a_live_connection_gets_no_message_built(make_client: Any) -> None:
    client = make_client()
    api = Api(client)
    created = api.create("highcard", 3, HUMANS3)
    tokens, match = tokens_of(created), created["id"]
    boards = client.app.state.hub.boards
    rendered: list[Any] = []
    render = boards.render

    def counting(game_id: str, **kw: Any) -> str:
        rendered.append(kw["viewer"])
        return render(game_id, **kw)

    with client.websocket_connect(f"/api/matches/{match}/live?token={tokens[0]}") as ws:
        first = ws.receive_json()
        boards.render = counting
        try:
            assert api.move(match, tokens[0], first["version"], {"type": "bet"}).status_code \
                == 200
            update = ws.receive_json()
        finally:
            del boards.render
    assert update["version"] > first["version"]
    assert rendered == [0]  # seats 1 and 2 (no connection) and no spectator: nothing built


SHIPPED = ("desperados", "douro1872", "vintage", "dosrios", "puertodiablo")


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_games_observation_carries_the_prompt_the_server_shows(game_id: str) -> None:
    # LiveMatch.prompt takes the prompt from the observation it made for the board (so a
    # message words it once): that holds only while each game's observation says what
    # State.prompt says, for every viewer, at every kind of step.
    game = load_game(game_id)
    rng = random.Random(7)
    for players, variant in game.info.configurations():
        state = game.new_initial_state(players, variant)
        for _ in range(40):
            if state.is_terminal():
                break
            if state.current_player() >= 0:
                for viewer in (None, *range(players)):
                    assert state.observation(viewer)["prompt"] == state.prompt(viewer)
            state.apply_action(rng.choice(state.legal_actions())
                               if state.current_player() != CHANCE
                               else rng.choice([a for a, _p in state.chance_outcomes()]))


def test_a_move_words_each_viewers_prompt_once(make_client: Any) -> None:
    # Four seats watching: the spectator's prompt (the shared table's observation) and
    # each seat's, once each; the board's observation and the message's prompt line
    # share one wording.
    client = make_client()
    api = Api(client)
    created = api.create("desperados", 4, [{"kind": "me"}] + [{"kind": "invite"}] * 3)
    tokens, match = tokens_of(created), created["id"]
    calls: list[int | None] = []
    prompt = State.prompt

    def counting(self: State, viewer: int | None, *args: Any) -> str:
        calls.append(viewer)
        return prompt(self, viewer, *args)

    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(
            f"/api/matches/{match}/live?token={tokens[seat]}")) for seat in range(4)]
        views = [ws.receive_json() for ws in sockets]
        mover = views[0]["to_act"]
        action = views[mover]["actions"][0]["action"]
        State.prompt = counting  # type: ignore[method-assign]
        try:
            answer = api.move(match, tokens[mover], views[mover]["version"],
                              {"action": action})
            assert answer.status_code == 200, answer.text
            updates = [ws.receive_json() for ws in sockets]
        finally:
            State.prompt = prompt  # type: ignore[method-assign]
    assert sorted(calls, key=lambda v: -1 if v is None else v) == [None, 0, 1, 2, 3]
    for seat, update in enumerate(updates):
        assert update["version"] == answer.json()["version"]
        assert update["prompt"] == api.view(match, tokens[seat])["prompt"]
