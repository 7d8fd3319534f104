"""The table's server side through the API: simultaneous choices taken in any order, seat
links claimed by one browser and renewed by the creator, links for other computers, undo
notes, the chat, rematches, bot limits and refused requests (never a 500)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.conftest import Api, tokens_of

HUMANS2 = [{"kind": "me", "name": "Ana"}, {"kind": "invite", "name": "Bo"}]
DOURO3 = [{"kind": "me", "name": "Ana"}, {"kind": "invite", "name": "Bo"},
          {"kind": "invite", "name": "Cy"}]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def until_group(api: Api, match: str, tokens: dict[int, str]) -> dict[str, Any]:
    for _ in range(50):
        view = api.view(match)
        if len(view["choosing"]) > 1:
            return view
        mine = api.view(match, tokens[view["to_act"]])
        assert api.move(match, tokens[view["to_act"]], mine["version"],
                        {"action": mine["actions"][0]["action"]}).status_code == 200
    raise AssertionError("no group of simultaneous choices came")


# ----- choose at once ----------------------------------------------------------------------

def test_douro_seats_lay_face_down_in_any_order(api: Api) -> None:
    created = api.create("douro1872", 3, DOURO3)
    tokens, match = tokens_of(created), created["id"]
    start = until_group(api, match, tokens)
    assert start["choosing"] == [0, 1, 2] and start["to_act"] == 0
    # Everyone may choose now; nobody reads "Waiting for Ana".
    views = {seat: api.view(match, tokens[seat]) for seat in (0, 1, 2)}
    for seat, view in views.items():
        assert view["actions"], seat
        assert "Waiting for" not in view["prompt"]
    # Cy, then Bo, choose before Ana: held, the engine untouched, all at old versions.
    before = api.client.app.state.hub.live[match].state.history()
    for seat in (2, 1):
        card = views[seat]["actions"][-1]
        r = api.move(match, tokens[seat], views[seat]["version"], {"action": card["action"]})
        assert r.status_code == 200 and r.json()["held"], r.text
    assert api.client.app.state.hub.live[match].state.history() == before
    bo = api.view(match, tokens[1])
    assert bo["prompt"].startswith("You chose") and bo["held"] == views[1]["actions"][-1]["action"]
    # Bo may change his mind until the group resolves: the new card replaces the held one.
    assert bo["actions"] == views[1]["actions"]
    changed = views[1]["actions"][0]
    again = api.move(match, tokens[1], bo["version"], {"action": changed["action"]})
    assert again.status_code == 200 and again.json()["held"], again.text
    assert api.view(match, tokens[1])["held"] == changed["action"]
    assert api.client.app.state.hub.live[match].state.history() == before
    # The same card again changes nothing (no new version); an illegal one is refused.
    version = api.view(match, tokens[1])["version"]
    same = api.move(match, tokens[1], version, {"action": changed["action"]})
    assert same.status_code == 200 and same.json()["version"] == version
    mine = {a["action"] for a in views[1]["actions"]}
    illegal = next(a for a in range(200) if a not in mine)
    refused = api.move(match, tokens[1], version, {"action": illegal})
    assert refused.status_code in (400, 422)
    assert api.view(match, tokens[1])["held"] == changed["action"]
    # Nobody else is told which card Bo holds.
    assert api.view(match, tokens[0])["held"] is None and api.view(match)["held"] is None
    # What Cy chose reaches nobody else: Ana's and the spectator's views name no card.
    for viewer in (tokens[0], None):
        seen = api.view(match, viewer)
        assert seen["choosing"] == [0]
        assert views[2]["actions"][-1]["label"] not in str(seen["log"][-3:])
    # Ana lays at the version she saw: the three cards go down in seat order.
    r = api.move(match, tokens[0], views[0]["version"],
                 {"action": views[0]["actions"][0]["action"]})
    assert r.status_code == 200, r.text
    live = api.client.app.state.hub.live[match]
    laid = live.state.history()[len(before):len(before) + 3]
    assert laid == [views[0]["actions"][0]["action"], changed["action"],
                    views[2]["actions"][-1]["action"]]
    assert [p.seat for p in live.played[len(before):len(before) + 3]] == [0, 1, 2]
    assert not live.held and api.view(match)["choosing"] != [0]


def test_a_held_choice_must_be_legal_and_a_spectator_cannot_hold(api: Api) -> None:
    created = api.create("douro1872", 3, DOURO3)
    tokens, match = tokens_of(created), created["id"]
    until_group(api, match, tokens)
    view = api.view(match, tokens[2])
    mine = {a["action"] for a in view["actions"]}
    other = next(a for a in range(200) if a not in mine)
    r = api.move(match, tokens[2], view["version"], {"action": other})
    assert r.status_code in (400, 422) and r.json()["detail"]


# ----- invite anyone -----------------------------------------------------------------------

def test_a_seat_link_is_claimed_by_the_first_browser(make_client: Any) -> None:
    from fastapi.testclient import TestClient

    host = make_client()
    created = Api(host).create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    friend = TestClient(host.app)  # another browser: cookies of its own
    stranger = TestClient(host.app)
    assert friend.get(f"/play/{tokens[1]}").status_code == 200
    assert friend.get(f"/play/{tokens[1]}").status_code == 200  # the same browser again
    refused = stranger.get(f"/play/{tokens[1]}")
    assert refused.status_code == 403 and "claimed by another browser" in refused.text
    r = stranger.get(f"/api/matches/{match}/view", headers=auth(tokens[1]))
    assert r.status_code == 403
    assert friend.get(f"/api/matches/{match}/view", headers=auth(tokens[1])).status_code == 200
    # The creator (Ana's seat) issues a fresh link: the old one stops working anywhere.
    host.get(f"/play/{tokens[0]}")
    r = host.post(f"/api/matches/{match}/seats/1/link", headers=auth(tokens[0]))
    assert r.status_code == 200, r.text
    fresh = r.json()
    assert fresh["link"].endswith(fresh["url"]) and fresh["token"] != tokens[1]
    assert friend.get(f"/play/{tokens[1]}").status_code == 403
    assert stranger.get(fresh["url"]).status_code == 200  # whoever opens it first
    # Nobody else may issue links.
    r = friend.post(f"/api/matches/{match}/seats/0/link", headers=auth(fresh["token"]))
    assert r.status_code == 403 and "creator" in r.json()["detail"]


def test_links_use_the_address_the_browser_used_or_the_public_url(make_client: Any) -> None:
    client = make_client()
    r = client.post("/api/matches", json={"game": "highcard", "players": 2, "seats": HUMANS2},
                    headers={"Host": "table.example:8124"})
    seat = r.json()["seats"][1]
    assert seat["link"] == f"http://table.example:8124/play/{seat['token']}"
    behind = make_client(public_url="https://games.example.org/")
    r = behind.post("/api/matches", json={"game": "highcard", "players": 2, "seats": HUMANS2})
    assert r.json()["watch_link"] == f"https://games.example.org/watch/{r.json()['id']}"
    lobby = client.get("/").text
    assert "--host 0.0.0.0" in lobby and "--public-url" in lobby


# ----- undo, chat, rematch ------------------------------------------------------------------

def test_the_log_says_a_move_was_taken_back_after_a_restart_too(make_client: Any,
                                                                sqlite_url: str) -> None:
    client = make_client(sqlite_url)
    api = Api(client)
    created = api.create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    for _ in range(2):
        view = api.view(match, tokens[0])
        api.move(match, tokens[0], view["version"], {"type": "bet"})
        assert api.undo(match, tokens[0], view["version"] + 1).status_code == 200
    logs = {viewer: api.view(match, tokens.get(viewer))["log"] for viewer in (0, 1, None)}
    for log in logs.values():
        assert [e["text"] for e in log[-2:]] == ["Ana took back a move."] * 2
    client.__exit__(None, None, None)
    again = Api(make_client(sqlite_url))
    assert {v: again.view(match, tokens.get(v))["log"] for v in (0, 1, None)} == logs


def test_chat_is_stored_bounded_and_rate_limited(api: Api) -> None:
    created = api.create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    url = f"/api/matches/{match}/chat"
    with api.client.websocket_connect(f"/api/matches/{match}/live") as ws:
        ws.receive_json()
        r = api.client.post(url, json={"text": "<b>hi</b>\n  there"}, headers=auth(tokens[1]))
        assert r.status_code == 200, r.text
        line = ws.receive_json()
        assert line == {**line, "type": "chat", "seat": 1, "name": "Bo",
                        "text": "<b>hi</b> there"}
    assert api.client.post(url, json={"text": "x" * 301}, headers=auth(tokens[1])
                           ).status_code == 400
    assert api.client.post(url, json={"text": "   "}, headers=auth(tokens[1])).status_code == 400
    codes = [api.client.post(url, json={"text": f"line {i}"}, headers=auth(tokens[0])
                             ).status_code for i in range(7)]
    assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
    # A spectator cannot choose a name (one that could pass for a seat's or an admin's):
    # each browser is "Spectator", "Spectator 2"... in the order they first wrote.
    r = api.client.post(url, json={"text": "go Bo", "name": "Admin"})
    assert r.status_code == 200 and r.json()["name"] == "Spectator"
    assert api.client.get(f"/watch/{match}").status_code == 200  # sets a watcher cookie
    r = api.client.post(url, json={"text": "go Ana", "name": "Ana"})
    assert r.status_code == 200 and r.json()["name"] == "Spectator 2"
    r = api.client.post(url, json={"text": "again", "name": "Bo"})
    assert r.status_code == 200 and r.json()["name"] == "Spectator 2"
    api.client.cookies.clear()
    r = api.client.post(url, json={"text": "back", "name": "Zed"})
    assert r.status_code == 200 and r.json()["name"] == "Spectator"


def test_spectators_keep_their_numbers_when_the_server_restarts(make_client: Any,
                                                                sqlite_url: str) -> None:
    from ludoteca.server import db

    client = make_client(sqlite_url)
    created = Api(client).create("highcard", 2, HUMANS2)
    match = created["id"]
    url = f"/api/matches/{match}/chat"

    def say(api_client: Any) -> str:
        r = api_client.post(url, json={"text": "hello"})
        assert r.status_code == 200, r.text
        return r.json()["name"]

    assert say(client) == "Spectator"  # by address: no watcher cookie yet
    client.get(f"/watch/{match}")  # sets one
    watcher = client.cookies.get("ludoteca-watcher")
    assert say(client) == "Spectator 2"
    # A line stored before spectators' browsers were kept (revision 0002): its number is
    # taken all the same.
    engine = db.make_engine(sqlite_url)
    with engine.begin() as connection:
        match_id = connection.execute(db.matches.select().where(
            db.matches.c.public_id == match)).first().id
        connection.execute(db.chat.insert().values(
            match_id=match_id, seat=None, name="Spectator 4", text="old", created_at=db.now()))
    engine.dispose()
    client.__exit__(None, None, None)

    again = make_client(sqlite_url)
    again.cookies.set("ludoteca-watcher", watcher)
    assert say(again) == "Spectator 2"  # the same browser, the same number
    again.cookies.clear()
    assert say(again) == "Spectator"  # the same address
    again.get(f"/watch/{match}")  # a browser new to this match
    assert say(again) == "Spectator 5"


def test_a_rematch_seats_the_same_people_and_bots(api: Api) -> None:
    created = api.create("highcard", 3, [*HUMANS2, {"kind": "bot", "bot": "normal",
                                                     "name": "Robo"}])
    tokens, match = tokens_of(created), created["id"]
    api.play_out(match, tokens, random.Random(2), wait=lambda: None)
    r = api.client.post(f"/api/matches/{match}/rematch", headers=auth(tokens[1]))
    assert r.status_code == 200, r.text
    bo = r.json()
    r = api.client.post(f"/api/matches/{match}/rematch", headers=auth(tokens[0]))
    ana = r.json()
    assert ana["id"] == bo["id"] and ana["token"] != bo["token"]
    again = api.client.post(f"/api/matches/{match}/rematch", headers=auth(tokens[0]))
    assert again.status_code == 409  # Ana's new seat was issued already
    new = api.client.get(f"/api/matches/{bo['id']}").json()
    old = api.client.get(f"/api/matches/{match}").json()
    assert [(s["kind"], s["name"], s["agent"]) for s in new["seats"]] == [
        (s["kind"], s["name"], s["agent"]) for s in old["seats"]]
    assert [s["name"] for s in new["seats"]] == ["Ana", "Bo", "Robo"]
    assert api.view(bo["id"], ana["token"])["viewer"] == 0
    assert api.view(match)["rematch"] == bo["id"]


# ----- hardening ------------------------------------------------------------------------------

@pytest.mark.parametrize(("body", "status", "words"), [
    (b"[" * 100_000 + b"]" * 100_000, 413, "too large"),
    (b"[" * 5000 + b"]" * 5000, 400, "nests JSON"),
    (b'{"a": "' + b"[" * 5000 + b'"}', 400, "game"),  # brackets in a string are text
    (b'{"game": "highcard", "players": ' + b"9" * 5000 + b"}", 400, "too many digits"),
    (b'{"game": "highcard", "players": "' + b"9" * 5000 + b'", "seats": []}', 400,
     "how many players"),
    (b'{"game": "highcard", "players": 1e400, "seats": []}', 400, "how many players"),
    (b'{"game": "' + b"g" * 5000 + b'", "players": 2}', 400, "no such game"),
])
def test_bad_bodies_get_a_sentence_never_a_500(api: Api, body: bytes, status: int,
                                               words: str) -> None:
    r = api.client.post("/api/matches", content=body,
                        headers={"Content-Type": "application/json"})
    assert r.status_code == status, r.text
    assert words in r.json()["detail"]


@pytest.mark.parametrize(("query", "words"), [
    ("replay?viewer=" + "9" * 5000, "viewer is a seat index"),
    ("replay?step=" + "9" * 5000, "step: not a number"),
    ("replay?step=1e9", "step: not a number"),
])
def test_out_of_range_query_numbers_get_a_sentence(api: Api, query: str, words: str) -> None:
    created = api.create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    api.play_out(match, tokens, random.Random(1))
    r = api.client.get(f"/api/matches/{match}/{query}")
    assert r.status_code == 400 and words in r.json()["detail"], r.text
    r = api.client.get("/api/matches?limit=" + "9" * 5000)
    assert r.status_code == 400 and "limit" in r.json()["detail"]


def test_a_large_move_body_is_refused(api: Api) -> None:
    created = api.create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    r = api.client.post(f"/api/matches/{match}/moves", headers=auth(tokens[0]),
                        content=b'{"version": 2, "action": {"type": "bet", "x": "'
                        + b"x" * 1_000_000 + b'"}}')
    assert r.status_code == 413
    deep = b'{"version": 2, "action": ' + b"[" * 3000 + b"]" * 3000 + b"}"
    r = api.client.post(f"/api/matches/{match}/moves", headers=auth(tokens[0]), content=deep)
    assert r.status_code == 400 and "nests" in r.json()["detail"]
    r = api.move(match, tokens[0], 10 ** 300, {"action": 10 ** 300})
    assert r.status_code == 409
    r = api.move(match, tokens[0], 2, {"action": 10 ** 300})
    assert r.status_code == 400


@pytest.mark.parametrize(("bot", "words"), [
    ("ismcts:time=20", "needs the operator's leave"),
    ("ismcts:iterations=10" + "0" * 100_00, "at most 200 characters"),
    ("random:" + "x=1," * 30_000, "too large"),
])
def test_bots_are_limited_to_what_the_operator_allows(api: Api, bot: str, words: str) -> None:
    r = api.client.post("/api/matches", json={"game": "highcard", "players": 2, "seats": [
        {"kind": "me"}, {"kind": "bot", "bot": bot}]})
    assert r.status_code in (400, 413) and words in r.json()["detail"]


def test_allowed_bots_still_have_capped_thought(make_client: Any) -> None:
    api = Api(make_client(allow_bots=("ismcts",), max_bot_time=2, max_bot_iterations=800))
    for bot, words in (("ismcts:time=20", "at most 2 s"),
                       ("ismcts:iterations=100000", "at most 800 iterations")):
        r = api.client.post("/api/matches", json={"game": "highcard", "players": 2, "seats": [
            {"kind": "me"}, {"kind": "bot", "bot": bot}]})
        assert r.status_code == 400 and words in r.json()["detail"], r.text
    api.create("highcard", 2, [{"kind": "me"}, {"kind": "bot", "bot": "ismcts:iterations=50"}])
    names = api.create("highcard", 2, [{"kind": "me", "name": "A" * 5000},
                                       {"kind": "bot", "name": "B" * 5000}])
    assert [len(s["name"]) for s in names["seats"]] == [40, 40]


def test_refusals_name_a_seat_by_its_index_and_its_number_at_the_table(api: Api) -> None:
    # The API takes 0-based seat indexes; the table names seats from 1: a sentence that
    # names a seat says both, so "seat 2" never means two different seats.
    created = api.create("highcard", 3, [*HUMANS2, {"kind": "bot", "name": "Robo"}])
    tokens, match = tokens_of(created), created["id"]
    api.client.get(f"/play/{tokens[0]}")

    def refusal(path: str) -> str:
        r = api.client.post(f"/api/matches/{match}/seats/{path}/link", headers=auth(tokens[0]))
        assert r.status_code == 400, (r.status_code, r.text)
        return r.json()["detail"]

    assert refusal("2") == "seat index 2 (Seat 3 at the table) is a bot's: it has no link"
    assert refusal("3") == "there is no seat index 3 (seat indexes are 0 to 2)"
    assert refusal("x") == "there is no seat index 'x' (seat indexes are 0 to 2)"
    api.play_out(match, tokens, random.Random(2), wait=lambda: None)  # replays are of the end
    r = api.client.get(f"/api/matches/{match}/replay?viewer=7&step=1")
    assert r.status_code == 400 and "seat index 7 (seat indexes are 0 to 2)" in r.text
    r = api.client.get(f"/api/matches/{match}/replay?viewer=x&step=1")
    assert r.status_code == 400 and "0 for Seat 1" in r.text


def test_the_end_says_the_game_is_over_once(api: Api) -> None:
    created = api.create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    api.play_out(match, tokens, random.Random(3), wait=lambda: None)
    for token in (tokens[0], None):
        view = api.view(match, token)
        assert view["finished"] and view["turn"] == "Game over" and view["result"]
        assert view["prompt"] == ""  # not "The game is over." under "Game over"
    page = api.client.get(f"/watch/{match}").text
    assert "The game is over." not in page and "Game over" in page
    replay = api.client.get(f"/api/matches/{match}/replay?viewer=all&step=999").json()
    assert replay["turn"] == "Game over" and replay["prompt"] == ""
