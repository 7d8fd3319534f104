"""Storage that loses nothing, on SQLite and on PostgreSQL: migrations, rows, hashed tokens,
the append-only action table, resuming open matches by replay (bots included), undo rows,
and failed writes that change nothing."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from sqlalchemy import select

from ludoteca.core.match import MatchRecord, replay
from ludoteca.server import db
from tests.server.conftest import Api, tokens_of

HUMANS = [{"kind": "me"}, {"kind": "invite"}]


def rows(url: str, table: Any, **where: Any) -> list[Any]:
    engine = db.make_engine(url)
    try:
        with engine.connect() as connection:
            query = select(table)
            for key, value in where.items():
                query = query.where(table.c[key] == value)
            return list(connection.execute(query).all())
    finally:
        engine.dispose()


def match_row(url: str, public_id: str) -> Any:
    (row,) = rows(url, db.matches, public_id=public_id)
    return row


def test_migrations_build_the_declared_schema(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = db.make_engine(db_url)
    try:
        db.migrate(engine)
        db.migrate(engine)  # applying again changes nothing
        assert db.current_revision(engine) == "0004"
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), db.metadata) == []
    finally:
        engine.dispose()


def test_a_match_is_stored_with_hashed_tokens(db_url: str, make_client: Any) -> None:
    api = Api(make_client(db_url))
    created = api.create("highcard", 3, [{"kind": "me", "name": "Ana"}, {"kind": "invite"},
                                         {"kind": "bot", "bot": "easy"}],
                         options={"stakes": 2})
    row = match_row(db_url, created["id"])
    assert (row.game, row.num_players, row.variant, row.status) == ("highcard", 3, "standard",
                                                                     "open")
    assert row.options == {"stakes": 2}
    assert row.edition_shipped and "ranks" in row.edition
    assert [p["name"] for p in row.players] == ["Ana", "Guest 1", "easy bot"]
    assert row.seed > 0
    seats = sorted(rows(db_url, db.seats, match_id=row.id), key=lambda r: r.seat)
    tokens = tokens_of(created)
    assert [s.kind for s in seats] == ["human", "human", "bot"]
    assert seats[2].agent == "random" and seats[2].token_hash is None
    for seat, token in tokens.items():
        assert seats[seat].token_hash == db.token_hash(token)
    # The token itself is nowhere in the database.
    everything = repr([tuple(r) for t in (db.matches, db.seats, db.actions)
                       for r in rows(db_url, t)])
    for token in tokens.values():
        assert token not in everything
    # The deal (chance) was committed as the first action rows.
    acts = rows(db_url, db.actions, match_id=row.id)
    assert [a.seq for a in sorted(acts, key=lambda a: a.seq)] == [0, 1, 2]
    assert all(a.seat == -1 and a.kind == "act" for a in acts)


def test_actions_are_appended_and_never_rewritten(db_url: str, make_client: Any) -> None:
    api = Api(make_client(db_url))
    created = api.create("highcard", 2, HUMANS)
    tokens = tokens_of(created)
    match = created["id"]
    before = None
    for seat in (0, 1):
        view = api.view(match, tokens[seat])
        assert api.move(match, tokens[seat], view["version"], {"type": "bet"}).status_code == 200
        now = sorted(rows(db_url, db.actions), key=lambda r: r.seq)
        if before is not None:
            assert [tuple(r) for r in now[:len(before)]] == [tuple(r) for r in before]
        before = now
    assert [r.seq for r in before] == list(range(len(before)))
    row = match_row(db_url, match)
    assert row.status == "finished" and row.finished_at is not None
    record = MatchRecord.from_json(api.client.get(f"/api/matches/{match}/record").text)
    assert [r.action for r in before] == record.actions
    assert row.scores == record.scores and row.returns == record.returns
    assert replay(record).scores() == record.scores


def test_open_matches_resume_by_replay_bots_included(db_url: str, make_client: Any) -> None:
    first = Api(make_client(db_url, bot_delay=30.0))  # the bot will not move before restart
    created = first.create("highcard", 3, [{"kind": "me"}, {"kind": "invite"},
                                           {"kind": "bot"}])
    tokens = tokens_of(created)
    match = created["id"]
    for seat in (0, 1):
        view = first.view(match, tokens[seat])
        assert first.move(match, tokens[seat], view["version"], {"type": "bet"}).status_code == 200
    seen = {seat: first.view(match, tokens[seat]) for seat in (0, 1)}
    assert seen[0]["to_act"] == 2  # the bot is to act
    first.client.__exit__(None, None, None)  # the server stops (state gone from memory)

    second = Api(make_client(db_url))
    for seat in (0, 1):
        again = second.view(match, tokens[seat])
        if again["version"] == seen[seat]["version"]:
            assert again["log"] == seen[seat]["log"]
    deadline = time.monotonic() + 10
    while not second.view(match)["finished"]:
        assert time.monotonic() < deadline, "the resumed bot did not move"
        time.sleep(0.02)
    final = second.view(match, tokens[0])
    assert final["log"][:len(seen[0]["log"])] == seen[0]["log"]
    assert final["result"]


def test_undo_rows_replay_after_restart(db_url: str, make_client: Any) -> None:
    api = Api(make_client(db_url))
    created = api.create("highcard", 2, HUMANS)
    tokens = tokens_of(created)
    match = created["id"]
    view = api.view(match, tokens[0])
    assert api.move(match, tokens[0], view["version"], {"type": "bet"}).status_code == 200
    view = api.view(match, tokens[0])
    assert view["can_undo"]
    r = api.undo(match, tokens[0], view["version"])
    assert r.status_code == 200, r.text
    after = api.view(match, tokens[0])
    assert after["version"] == view["version"] + 1 and after["to_act"] == 0
    kinds = [r.kind for r in sorted(rows(db_url, db.actions), key=lambda r: r.seq)]
    assert kinds == ["act", "act", "act", "undo"]
    api.client.__exit__(None, None, None)
    again = Api(make_client(db_url)).view(match, tokens[0])
    assert again["version"] == after["version"] and again["to_act"] == 0
    assert again["log"] == after["log"]


def test_a_failed_write_changes_nothing(db_url: str, make_client: Any,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_client(db_url)
    api = Api(client)
    created = api.create("highcard", 2, HUMANS)
    tokens = tokens_of(created)
    match = created["id"]
    view = api.view(match, tokens[0])
    hub = client.app.state.hub

    def broken(connection: Any) -> None:
        raise RuntimeError("disk full")

    real_submit = hub.writer.submit
    monkeypatch.setattr(hub.writer, "submit", lambda job: real_submit(broken))
    r = api.move(match, tokens[0], view["version"], {"type": "bet"})
    assert r.status_code == 503 and "not accepted" in r.json()["detail"]
    monkeypatch.setattr(hub.writer, "submit", real_submit)
    assert api.view(match, tokens[0]) == view
    assert len(rows(db_url, db.actions)) == view["version"]
    assert api.move(match, tokens[0], view["version"], {"type": "bet"}).status_code == 200


def test_many_matches_many_moves(db_url: str, make_client: Any) -> None:
    """A few whole matches through the API; the stored rows replay to the same end."""
    api = Api(make_client(db_url))
    rng = random.Random(3)
    for _ in range(4):
        created = api.create("highcard", 3, [{"kind": "me"}, {"kind": "invite"},
                                             {"kind": "bot"}])
        final = api.play_out(created["id"], tokens_of(created), rng,
                             wait=lambda: time.sleep(0.005))
        assert final["finished"]
        record = MatchRecord.from_json(
            api.client.get(f"/api/matches/{created['id']}/record").text)
        row = match_row(api.client.app.state.db_url, created["id"])
        stored = sorted(rows(api.client.app.state.db_url, db.actions, match_id=row.id),
                        key=lambda r: r.seq)
        assert [r.action for r in stored] == record.actions


def test_finished_matches_leave_memory_and_come_back_from_storage(make_client: Any) -> None:
    """A finished match moves from the open matches to a small cache of finished ones;
    once evicted it is rebuilt from its rows, the same to every viewer."""
    client = make_client()
    api, hub = Api(client), client.app.state.hub
    created = api.create("highcard", 2, HUMANS)
    tokens, match = tokens_of(created), created["id"]
    assert match in hub.live
    api.play_out(match, tokens, random.Random(4))
    assert match not in hub.live and match in hub.finished_cache
    seen = {seat: api.view(match, tokens.get(seat)) for seat in (None, 0, 1)}
    replay_view = client.get(f"/api/matches/{match}/replay?viewer=all&step=2").json()
    hub.finished_cache.clear()
    for seat, view in seen.items():
        assert api.view(match, tokens.get(seat)) == view
    assert client.get(f"/api/matches/{match}/replay?viewer=all&step=2").json() == replay_view
    assert match in hub.finished_cache and match not in hub.live


def test_matches_stored_before_the_table_revision_still_load(db_url: str,
                                                             make_client: Any) -> None:
    """A database at revision 0001 (no claims, creator, rematch nor chat) with an open
    match in it: the server upgrades it, and the match plays on with its old links."""
    from ludoteca.core.registry import load_game

    engine = db.make_engine(db_url)
    game = load_game("highcard")
    token = "an-old-token-of-seat-0"
    try:
        db.migrate(engine, "0001")
        assert db.current_revision(engine) == "0001"
        with engine.begin() as connection:
            # Inserts that name only the columns a revision-0001 table has.
            connection.execute(db.matches.insert().values(
                public_id="old1", game="highcard", num_players=2, variant="standard",
                options={}, edition=game.edition_text_or_default(), edition_shipped=True,
                seed=7, players=[{"kind": "human", "agent": None, "name": n}
                                 for n in ("Ana", "Bo")],
                status="open", created_at=db.now()))
            match_id = connection.execute(select(db.matches.c.id)).scalar_one()
            for seat, name in enumerate(("Ana", "Bo")):
                connection.execute(db.seats.insert().values(
                    match_id=match_id, seat=seat, kind="human", agent=None, name=name,
                    token_hash=db.token_hash(token) if seat == 0 else None))
            state = game.new_initial_state(2, "standard", game.parse_options({}))
            for seq in range(2):  # the deal
                action = state.chance_outcomes()[0][0]
                state.apply_action(action)
                connection.execute(db.actions.insert().values(
                    match_id=match_id, seq=seq, kind="act", action=action, seat=-1,
                    created_at=db.now()))
    finally:
        engine.dispose()
    client = make_client(db_url)
    api = Api(client)
    view = api.view("old1", token)
    assert view["to_act"] == 0 and view["version"] == 2
    assert db.current_revision(db.make_engine(db_url)) == "0004"
    assert api.move("old1", token, 2, {"type": "bet"}).status_code == 200
    page = client.get(f"/play/{token}")  # the old link claims its seat now
    assert page.status_code == 200 and any(c.startswith("ludoteca-claim-old1-0")
                                           for c in client.cookies)
    (seat_row,) = rows(db_url, db.seats, match_id=match_id, seat=0)
    assert seat_row.claim_hash is not None


def test_held_choices_claims_and_chat_survive_a_restart(db_url: str, make_client: Any) -> None:
    first_client = make_client(db_url)
    first = Api(first_client)
    created = first.create("douro1872", 3, [{"kind": "me", "name": "Ana"},
                                            {"kind": "invite", "name": "Bo"},
                                            {"kind": "invite", "name": "Cy"}])
    tokens, match = tokens_of(created), created["id"]
    view = _until_group(first, match, tokens)
    cy = first.view(match, tokens[2])
    card = cy["actions"][0]
    r = first.move(match, tokens[2], cy["version"], {"action": card["action"]})
    assert r.status_code == 200 and r.json()["held"], r.text
    # Cy changes her mind before the others have chosen: the second card is the one kept.
    card2 = cy["actions"][-1]
    assert card2 != card
    r = first.move(match, tokens[2], cy["version"], {"action": card2["action"]})
    assert r.status_code == 200 and r.json()["held"], r.text
    assert first.client.post(f"/api/matches/{match}/chat", json={"text": "hello"},
                             headers={"Authorization": f"Bearer {tokens[1]}"}
                             ).status_code == 200
    first_client.get(f"/play/{tokens[1]}")
    bo_claim = dict(first_client.cookies)
    first_client.__exit__(None, None, None)

    second_client = make_client(db_url)
    second = Api(second_client)
    held = second.view(match, tokens[2])
    assert held["held"] == card2["action"] and "You chose" in held["prompt"]
    assert second_client.app.state.hub.live[match].chat[-1]["text"] == "hello"
    # Bo's seat stays claimed by Bo's browser: without its cookie the token is refused.
    assert second.client.get(f"/api/matches/{match}/view", headers={
        "Authorization": f"Bearer {tokens[1]}"}).status_code == 403
    second_client.cookies.update(bo_claim)
    assert second.view(match, tokens[1])["actions"]
    # Ana and Bo lay; Cy's held card follows in seat order, and the reveal with it.
    for seat in (0, 1):
        v = second.view(match, tokens[seat])
        assert second.move(match, tokens[seat], v["version"],
                           {"action": v["actions"][0]["action"]}).status_code == 200
    stored = sorted(rows(db_url, db.actions), key=lambda r: (r.match_id, r.seq))
    kinds = [(r.kind, r.seat) for r in stored if r.seat >= 0][-5:]
    assert kinds == [("hold", 2), ("hold", 2), ("act", 0), ("act", 1), ("act", 2)]
    assert [r.action for r in stored if r.kind == "hold"] == [card["action"], card2["action"]]
    assert [r.action for r in stored if r.kind == "act" and r.seat == 2][-1] == card2["action"]
    after = second.view(match)
    assert view["version"] < after["version"] and not second_client.app.state.hub.live[
        match].held


def _until_group(api: Api, match: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Plays the first seat's moves until a group of simultaneous choices is pending."""
    for _ in range(50):
        view = api.view(match)
        if len(view["choosing"]) > 1:
            return view
        seat = view["to_act"]
        mine = api.view(match, tokens[seat])
        assert api.move(match, tokens[seat], mine["version"],
                        {"action": mine["actions"][0]["action"]}).status_code == 200
    raise AssertionError("no group of simultaneous choices came")


def _lobby_results(client: Any) -> dict[str, str | None]:
    r = client.get("/api/matches", params={"status": "finished"})
    assert r.status_code == 200, r.text
    return {m["id"]: m["result"] for m in r.json()["matches"]}


def test_a_tie_break_s_lobby_line_survives_a_restart(db_url: str, make_client: Any) -> None:
    """The finished line says a tie-break decided (the game's ``result_reason``) before a
    restart and after it, when the match is rebuilt from nothing but its row."""
    first_client = make_client(db_url)
    first = Api(first_client)
    ids = {}
    for game in ("tiebreakcard", "highcard"):
        created = first.create(game, 2, [{"kind": "me", "name": "Ana"},
                                         {"kind": "invite", "name": "Bo"}])
        tokens, match = tokens_of(created), created["id"]
        for _ in range(2):  # both bet: the higher card takes it
            view = first.view(match, tokens[first.view(match)["to_act"]])
            assert first.move(match, tokens[view["to_act"]], view["version"],
                              {"type": "bet"}).status_code == 200
        assert first.view(match)["finished"]
        ids[game] = match
    before = _lobby_results(first_client)
    tie, plain = before[ids["tiebreakcard"]], before[ids["highcard"]]
    assert tie is not None and re.fullmatch(r"(Ana|Bo) won on the tie-break \(0–0\)", tie), tie
    assert plain is not None and re.fullmatch(r"(Ana|Bo) won \(-?\d+–-?\d+\)", plain), plain
    assert match_row(db_url, ids["tiebreakcard"]).result_reason == "the higher card"
    assert match_row(db_url, ids["highcard"]).result_reason is None
    first_client.__exit__(None, None, None)

    second_client = make_client(db_url)
    assert _lobby_results(second_client) == before
    assert tie in second_client.get("/").text


def test_matches_finished_before_the_result_reason_revision_read_as_before(
        db_url: str, make_client: Any) -> None:
    """A database at revision 0003 with a finished match: the upgrade leaves its line as
    it was (no reason was stored, so none is claimed)."""
    engine = db.make_engine(db_url)
    try:
        db.migrate(engine, "0003")
        with engine.begin() as connection:
            connection.execute(db.matches.insert().values(
                public_id="old3", game="highcard", num_players=2, variant="standard",
                options={}, edition="", edition_shipped=True, seed=7,
                players=[{"kind": "human", "agent": None, "name": n} for n in ("Ana", "Bo")],
                status="finished", created_at=db.now(), finished_at=db.now(),
                scores=[0, 0], returns=[0, 1]))
    finally:
        engine.dispose()
    client = make_client(db_url)
    assert db.current_revision(db.make_engine(db_url)) == "0004"
    assert _lobby_results(client) == {"old3": "Bo won (0–0)"}
