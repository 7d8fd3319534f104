"""The JSON API, pages and live channel, on the toy games: the catalogue, creating matches,
moves and every kind of refusal (each changes nothing), undo, replays, records, bots."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest

from ludoteca.core.events import Event, all_but, everyone, only
from ludoteca.core.match import MatchRecord, replay
from ludoteca.server.matches import LiveMatch, Played
from tests.server.conftest import Api, tokens_of

HUMANS2 = [{"kind": "me"}, {"kind": "invite"}]


def snapshot(api: Api, match: str, tokens: dict[int, str]) -> list[dict[str, Any]]:
    return [api.view(match, tokens.get(seat)) for seat in [None, *tokens]]


def test_catalogue_lists_games_with_setups_options_and_summary(api: Api) -> None:
    data = api.client.get("/api/games").json()
    games = {g["id"]: g for g in data["games"]}
    hc = games["highcard"]
    assert hc["title"] == "High Card"
    assert hc["player_counts"] == [2, 3]
    variants = {v["id"]: v["players"] for v in hc["variants"]}
    assert variants["standard"] == [2, 3] and variants["lowball"] == [2]
    (stakes,) = hc["options"]
    assert stakes["name"] == "stakes" and stakes["default"] == 1 and stakes["kind"] == "integer"
    assert stakes["minimum"] == 1 and stakes["maximum"] == 10
    assert hc["summary"] and all(isinstance(p, str) and p for p in hc["summary"])
    # A game without a heuristic bot gets a short search for "normal".
    assert hc["bots"]["easy"] == "random" and hc["bots"]["normal"].startswith("ismcts")
    page = api.client.get("/")
    assert page.status_code == 200 and "High Card" in page.text and "stakes" in page.text


@pytest.mark.parametrize("body, words", [
    ({"game": "nope", "players": 2, "seats": HUMANS2}, "unknown game"),
    ({"game": "highcard", "players": 5, "seats": HUMANS2 * 3}, "not 5"),
    ({"game": "highcard", "players": "two", "seats": HUMANS2}, "whole number"),
    ({"game": "highcard", "players": 2, "variant": "x", "seats": HUMANS2}, "no variant"),
    ({"game": "highcard", "players": 3, "variant": "lowball",
      "seats": [*HUMANS2, {"kind": "me"}]}, "not 3"),
    ({"game": "highcard", "players": 2, "options": {"stakes": 99}, "seats": HUMANS2},
     "stakes"),
    ({"game": "highcard", "players": 2, "options": {"colour": "red"}, "seats": HUMANS2},
     "not an option"),
    ({"game": "highcard", "players": 2, "seats": HUMANS2[:1]}, "each of the 2 seats"),
    ({"game": "highcard", "players": 2, "seats": [{"kind": "me"}, {"kind": "alien"}]},
     "choose me, invite or a bot"),
    ({"game": "highcard", "players": 2, "seats": [{"kind": "me"},
                                                  {"kind": "bot", "bot": "wizard"}]},
     "unknown agent"),
    ({"game": "highcard", "players": 2, "seats": [{"kind": "me"},
                                                  {"kind": "bot", "bot": "heuristic"}]},
     "no heuristic"),
])
def test_bad_matches_are_refused_with_a_reason(api: Api, body: dict[str, Any],
                                                words: str) -> None:
    r = api.client.post("/api/matches", json=body)
    assert r.status_code == 400, r.text
    assert words in r.json()["detail"]


def test_not_json_is_refused(api: Api) -> None:
    r = api.client.post("/api/matches", content=b"{nope", headers={
        "Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["detail"]


def test_moves_and_refusals(api: Api) -> None:
    created = api.create("strictcard", 2, HUMANS2)
    other = api.create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    before = snapshot(api, match, tokens)
    version = before[1]["version"]
    assert before[1]["to_act"] == 0 and before[1]["actions"]

    def refused(status: int, words: str, response: Any) -> None:
        assert response.status_code == status, response.text
        assert words in response.json()["detail"]
        assert snapshot(api, match, tokens) == before

    refused(409, "version", api.move(match, tokens[0], version - 1, {"type": "bet"}))
    refused(400, "version", api.move(match, tokens[0], "3", {"type": "bet"}))
    refused(400, "version", api.move(match, tokens[0], True, {"type": "bet"}))
    refused(409, "not your turn", api.move(match, tokens[1], version, {"type": "fold"}))
    refused(400, "unknown action type", api.move(match, tokens[0], version, {"type": "raise"}))
    refused(400, "JSON object", api.move(match, tokens[0], version, [1]))
    refused(400, "numbered 0 to 1", api.move(match, tokens[0], version, {"action": 9}))
    refused(400, "whole number", api.move(match, tokens[0], version, {"action": "1"}))
    refused(403, "another match", api.move(match, tokens_of(other)[0], version,
                                           {"type": "bet"}))
    refused(403, "no seat", api.move(match, "forged-token", version, {"type": "bet"}))
    refused(403, "missing", api.client.post(f"/api/matches/{match}/moves",
                                            json={"version": version, "action": {"action": 1}}))
    r = api.client.post(f"/api/matches/{match}/moves", content=b"[]",
                        headers={"Authorization": f"Bearer {tokens[0]}"})
    refused(400, "JSON object", r)
    r = api.client.post(f"/api/matches/{match}/moves", json={"version": version},
                        headers={"Authorization": f"Bearer {tokens[0]}"})
    refused(400, "a move is", r)
    r = api.client.post("/api/matches/nosuchmatch/moves", json={"version": 1, "action": {}},
                        headers={"Authorization": f"Bearer {tokens[0]}"})
    assert r.status_code == 404

    r = api.move(match, tokens[0], version, {"type": "bet"})
    assert r.status_code == 200 and r.json() == {"version": version + 1, "action": 1,
                                                  "label": "bet"}
    before = snapshot(api, match, tokens)
    # Seat 1 may only fold: a well-formed bet is illegal, with the engine's sentence.
    refused(422, "seat 1 may only fold", api.move(match, tokens[1], version + 1,
                                                   {"type": "bet"}))
    r = api.move(match, tokens[1], version + 1, {"type": "fold", "action": 0})
    assert r.status_code == 200
    final = api.view(match, tokens[1])
    assert final["finished"] and final["result"] and final["actions"] == []
    r = api.move(match, tokens[1], final["version"], {"type": "fold"})
    assert r.status_code == 409 and "over" in r.json()["detail"]


def test_concurrent_moves_one_wins(client: Any) -> None:
    """Two requests naming the same version: exactly one is accepted."""
    import concurrent.futures

    api = Api(client)
    created = api.create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    version = api.view(match, tokens[0])["version"]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(
            lambda kind: api.move(match, tokens[0], version, {"type": kind}).status_code,
            ["bet", "fold", "bet", "fold"]))
    assert sorted(results) == [200, 409, 409, 409]
    assert api.view(match, tokens[0])["version"] == version + 1


def test_undo_only_own_last_move_before_anyone_acts(api: Api) -> None:
    created = api.create("highcard", 3, [{"kind": "me"}, {"kind": "invite"},
                                         {"kind": "invite"}])
    tokens, match = tokens_of(created), created["id"]
    start = api.view(match, tokens[0])
    assert not start["can_undo"]  # the last action was chance (the deal)
    r = api.undo(match, tokens[0], start["version"])
    assert r.status_code == 409 and "take back" in r.json()["detail"]
    api.move(match, tokens[0], start["version"], {"type": "bet"})
    mine = api.view(match, tokens[0])
    assert mine["can_undo"] and not api.view(match, tokens[1])["can_undo"]
    r = api.undo(match, tokens[1], mine["version"])  # not seat 1's move
    assert r.status_code == 409
    r = api.undo(match, tokens[0], mine["version"] - 1)  # stale
    assert r.status_code == 409 and "version" in r.json()["detail"]
    r = api.undo(match, tokens[0], mine["version"])
    assert r.status_code == 200
    back = api.view(match, tokens[0])
    # The move's own lines go; everyone reads that it was taken back.
    *kept, note = back["log"]
    assert back["to_act"] == 0 and kept == start["log"]
    assert note == {**note, "n": len(kept) + 1, "text": "Host took back a move.",
                    "note": "undo"}
    for viewer in (tokens[1], None):
        assert api.view(match, viewer)["log"][-1]["text"] == "Host took back a move."
    assert back["version"] == mine["version"] + 1
    # Choose differently; once seat 1 has acted, seat 0 can take nothing back.
    api.move(match, tokens[0], back["version"], {"type": "fold"})
    v = api.view(match, tokens[1])
    api.move(match, tokens[1], v["version"], {"type": "bet"})
    assert not api.view(match, tokens[0])["can_undo"]
    assert api.view(match, tokens[1])["can_undo"]
    assert not api.view(match)["can_undo"]  # a spectator never


def test_a_face_down_decision_can_be_taken_back(api: Api) -> None:
    """In High Card's sealed variant a decision is laid face down: the others only learn
    that it was made, so it can be taken back until the next seat acts."""
    created = api.create("highcard", 2, HUMANS2, variant="sealed")
    tokens, match = tokens_of(created), created["id"]
    view = api.view(match, tokens[0])
    api.move(match, tokens[0], view["version"], {"type": "bet"})
    mine = api.view(match, tokens[0])
    assert mine["can_undo"]
    assert "bet" not in api.view(match, tokens[1])["log"][-1]["text"]
    assert api.undo(match, tokens[0], mine["version"]).status_code == 200


def test_undo_rule_reads_the_audience_of_the_move(api: Api) -> None:
    created = api.create("highcard", 3, [{"kind": "me"}, {"kind": "invite"},
                                         {"kind": "invite"}])
    live: LiveMatch = api.client.app.state.hub.live[created["id"]]

    def allowed(*events: Event) -> bool:
        live.played.append(Played(1, 0, events))
        try:
            return live.can_undo(0)
        finally:
            live.played.pop()

    assert allowed(everyone("bet", seat=0))
    assert allowed(only((0,), "lays", seat=0, card=3), all_but((0,), "lays", seat=0))
    assert not allowed(only((0, 2), "passes", seat=0, card=3))  # the partner saw a card
    assert not allowed(only((1,), "shown", card=3))
    assert not allowed(all_but((1,), "whisper", seat=0))


def test_bots_play_a_match_by_themselves(api: Api) -> None:
    created = api.create("highcard", 3, [{"kind": "bot", "bot": "easy"}] * 3)
    deadline = time.monotonic() + 10
    while not api.view(created["id"])["finished"]:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    # Unseeded: a winner, or (everyone folded) a win shared by all; every standing follows.
    result = api.view(created["id"])["result"]
    assert re.match(r".+ (won|shared the win)\. Places: .*1st", result), result


def test_searching_bot_moves_in_a_worker_process(make_client: Any) -> None:
    api = Api(make_client(bot_workers=1, allow_bots=("ismcts",)))
    created = api.create("highcard", 2, [{"kind": "me"},
                                         {"kind": "bot", "bot": "ismcts:iterations=20"}])
    tokens, match = tokens_of(created), created["id"]
    view = api.view(match, tokens[0])
    assert api.move(match, tokens[0], view["version"], {"type": "bet"}).status_code == 200
    deadline = time.monotonic() + 60
    while not api.view(match)["finished"]:
        assert time.monotonic() < deadline
        # The event loop stays free while the bot thinks.
        t = time.monotonic()
        assert api.client.get("/healthz").status_code == 200
        assert time.monotonic() - t < 1.0
        time.sleep(0.02)


def test_replays_step_through_a_finished_match(api: Api) -> None:
    created = api.create("highcard", 3, [{"kind": "me"}, {"kind": "invite"},
                                         {"kind": "bot", "bot": "easy"}])
    tokens, match = tokens_of(created), created["id"]
    r = api.client.get(f"/api/matches/{match}/replay?viewer=all&step=1")
    assert r.status_code == 409  # not while the match is open: it would reveal hands
    assert api.client.get(f"/api/matches/{match}/record").status_code == 409
    assert api.client.get(f"/replay/{match}", follow_redirects=False).status_code == 303
    final = api.play_out(match, tokens, random.Random(5), wait=lambda: time.sleep(0.005))
    record = MatchRecord.from_json(api.client.get(f"/api/matches/{match}/record").text)
    assert record.finished and record.agents == ["human", "human", "random"]
    state = replay(record)
    total = len(record.actions)
    for viewer in ["spectator", "0", "1", "2", "all"]:
        steps = [api.client.get(f"/api/matches/{match}/replay?viewer={viewer}&step={k}").json()
                 for k in range(total + 1)]
        assert [s["step"] for s in steps] == list(range(total + 1))
        assert steps[-1]["result"] and not steps[0]["result"]
        assert len(steps[0]["log"]) == 0
        if viewer == "all":
            assert len(steps[-1]["panels"]) == 4
            assert [e["text"].split(": ")[0] for e in steps[3]["log"]] == ["Chance"] * 3
        else:
            assert len(steps[-1]["panels"]) == 1
    ends = api.client.get(f"/api/matches/{match}/replay?viewer=0&step=999").json()
    assert ends["step"] == total and ends["log"] == final_log(api, match, tokens[0])
    assert api.client.get(f"/api/matches/{match}/replay?viewer=7&step=1").status_code == 400
    assert api.client.get(f"/api/matches/{match}/replay?viewer=x&step=1").status_code == 400
    page = api.client.get(f"/replay/{match}?viewer=all&step=2")
    assert page.status_code == 200 and "everything revealed" in page.text
    assert state.scores() == record.scores and final["finished"]


def final_log(api: Api, match: str, token: str) -> list[dict[str, Any]]:
    return api.view(match, token)["log"]


@pytest.mark.parametrize("game, players", [("highcard", 2), ("desperados", 4),
                                           ("douro1872", 3)])
def test_ludoteca_replay_reads_the_downloaded_record(api: Api, tmp_path: Any, game: str,
                                                    players: int) -> None:
    from typer.testing import CliRunner

    from ludoteca.cli import app
    from ludoteca.core.registry import game_ids

    if game not in game_ids():
        pytest.skip(f"{game} is not installed")
    created = api.create(game, players, [{"kind": "bot"}] * players)
    deadline = time.monotonic() + 60
    while not api.view(created["id"])["finished"]:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    path = tmp_path / "match.json"
    path.write_text(api.client.get(f"/api/matches/{created['id']}/record").text)
    record = MatchRecord.from_json(path.read_text())
    assert record.finished and replay(record).scores() == record.scores
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output


def test_pages(api: Api) -> None:
    created = api.create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    page = api.client.get(f"/play/{tokens[0]}")
    assert page.status_code == 200 and "You play seat 1" in page.text
    assert page.headers["referrer-policy"] == "no-referrer"
    watch = api.client.get(f"/watch/{match}")
    assert watch.status_code == 200 and "spectator" in watch.text
    assert tokens[0] not in watch.text and tokens[1] not in watch.text
    assert tokens[1] not in page.text
    bad = api.client.get("/play/not-a-token")
    assert bad.status_code == 403 and "names no seat" in bad.text
    assert api.client.get("/watch/nothing").status_code == 404
    lobby = api.client.get("/")
    assert f"/watch/{match}" in lobby.text
    assert tokens[0] not in lobby.text


def test_live_channel_sends_each_viewer_its_view(api: Api) -> None:
    created = api.create("highcard", 2, HUMANS2)
    tokens, match = tokens_of(created), created["id"]
    with api.client.websocket_connect(f"/api/matches/{match}/live?token={tokens[0]}") as ws0, \
            api.client.websocket_connect(f"/api/matches/{match}/live") as spectator:
        first = ws0.receive_json()
        assert first["viewer"] == 0 and first["log_start"] == 0 and first["actions"]
        assert first == api.view(match, tokens[0])
        watching = spectator.receive_json()
        assert watching["viewer"] is None and watching["actions"] == []
        api.move(match, tokens[0], first["version"], {"type": "bet"})
        update = ws0.receive_json()
        assert update["version"] == first["version"] + 1
        assert update["log_start"] == len(first["log"])
        assert [e["text"] for e in update["log"]] == ["you bet"]
        assert update["actions"] == [] and update["can_undo"]
        seen = spectator.receive_json()
        assert [e["text"][:10] for e in seen["log"]] == ["seat 0 bet"]
        api.undo(match, tokens[0], update["version"])
        back = ws0.receive_json()
        # The move's line is gone (the log restarts where it stood), the note joins it.
        assert back["log_start"] == len(first["log"])
        assert [e["text"] for e in back["log"]] == ["Host took back a move."]
        ws0.send_text("ping")
        assert ws0.receive_json() == {"type": "pong"}
    with pytest.raises(Exception), api.client.websocket_connect(  # noqa: B017
            f"/api/matches/{match}/live?token=forged") as ws:
        ws.receive_json()


def test_views_are_json(api: Api) -> None:
    created = api.create("highcard", 2, HUMANS2)
    view = api.view(created["id"], tokens_of(created)[0])
    assert json.loads(json.dumps(view)) == view
