"""Crash safety: a server killed with SIGKILL mid-match loses no accepted move, and every
match continues after a restart (resumed by replay, bots included)."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import httpx
from sqlalchemy import select

from ludoteca.core.registry import game_ids
from ludoteca.server import db
from tests.server.conftest import Api, tokens_of
from tests.server.serverproc import ServerProcess


def stored_actions(url: str) -> dict[str, list[tuple[int, str, int | None]]]:
    engine = db.make_engine(url)
    try:
        with engine.connect() as connection:
            ids = dict(connection.execute(select(db.matches.c.id, db.matches.c.public_id)).all())
            out: dict[str, list[tuple[int, str, int | None]]] = {p: [] for p in ids.values()}
            for row in connection.execute(select(db.actions).order_by(db.actions.c.seq)):
                out[ids[row.match_id]].append((row.seq, row.kind, row.action))
            return out
    finally:
        engine.dispose()


def long_game() -> tuple[str, int]:
    return ("desperados", 4) if "desperados" in game_ids() else ("highcard", 3)


def test_sigkill_mid_match_loses_no_accepted_move(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    log = tmp_path / "server.log"
    game, players = long_game()
    server = ServerProcess(url, bot_delay=0.0, log_path=log).start()
    accepted: list[tuple[str, int, int]] = []  # (match, version it was chosen at, action)
    lock = threading.Lock()
    stop = threading.Event()
    try:
        api = Api(httpx.Client(base_url=server.url, timeout=10))
        matches = []
        for _ in range(12 if game == "desperados" else 40):
            seats = [{"kind": "invite"}] * (players - 1) + [{"kind": "bot", "bot": "easy"}]
            created = api.create(game, players, seats)
            matches.append((created["id"], tokens_of(created)))

        def player(index: int) -> None:
            rng = random.Random(index)
            client = Api(httpx.Client(base_url=server.url, timeout=10))
            while not stop.is_set():
                match, tokens = rng.choice(matches)
                try:
                    spectator = client.view(match)
                    seat = spectator["to_act"]
                    if spectator["finished"] or seat not in tokens:
                        continue
                    view = client.view(match, tokens[seat])
                    if not view["actions"]:
                        continue
                    action = rng.choice(view["actions"])["action"]
                    r = client.move(match, tokens[seat], view["version"], {"action": action})
                except (httpx.HTTPError, AssertionError):
                    return  # the server died
                if r.status_code == 200:
                    with lock:
                        accepted.append((match, view["version"], action))

        threads = [threading.Thread(target=player, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 30
        while len(accepted) < 40 and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()  # SIGKILL in the middle of the burst
        stop.set()
        for t in threads:
            t.join(timeout=15)
        assert len(accepted) >= 10, "too few moves before the kill"

        stored = stored_actions(url)
        for match, version, action in accepted:  # each accepted move, where it was made
            assert stored[match][version] == (version, "act", action), (match, version)

        server = ServerProcess(url, port=server.port, log_path=log).start()
        api = Api(httpx.Client(base_url=server.url, timeout=10))
        for match, _tokens in matches:  # resumed where it was (a bot may have moved since)
            assert api.view(match)["version"] >= len(stored[match])
        rng = random.Random(7)
        for i, (match, tokens) in enumerate(matches):  # every match goes on; two to the end
            if i < 2:
                final = api.play_out(match, tokens, rng, wait=lambda: time.sleep(0.01))
                assert final["finished"] and final["result"]
                continue
            for _ in range(3):
                view = api.view(match)
                if view["finished"] or view["to_act"] not in tokens:
                    break
                mine = api.view(match, tokens[view["to_act"]])
                r = api.move(match, tokens[view["to_act"]], mine["version"],
                             {"action": rng.choice(mine["actions"])["action"]})
                assert r.status_code == 200, r.text
        after = stored_actions(url)
        for match, rows in stored.items():  # what was stored before the kill stays, as it was
            assert after[match][:len(rows)] == rows
    finally:
        stop.set()
        server.stop()

