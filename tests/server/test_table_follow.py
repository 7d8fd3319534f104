"""The table as players read it, through the API: the log (one line per deal, entry
numbers that never repeat, the moments a game marks), every side's standing at the end,
bots paced only when a person is at the table, distinct bot names and seats read from 1,
replays stepped by a player's move with chapters to jump to, the options of each variant
in plain words, and the rules page."""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

import pytest

from ludoteca.core.events import everyone
from ludoteca.core.registry import game_ids, load_game
from ludoteca.core.state import CHANCE
from ludoteca.server.catalog import option_fields, plain_help
from ludoteca.server.views import LogBook, fold_texts, table_marks
from tests.server.conftest import Api, tokens_of

needs_desperados = pytest.mark.skipif("desperados" not in game_ids(),
                                      reason="Desperados is not installed")
needs_douro = pytest.mark.skipif("douro1872" not in game_ids(),
                                 reason="Douro 1872 is not installed")


def finish(api: Api, match: str, limit: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while True:
        view = api.view(match)
        if view["finished"]:
            return view
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.02)


def test_fold_texts_makes_one_line_of_a_deal() -> None:
    texts = ["You are dealt a Gold Mine 1", "You are dealt a Desperado 4",
             "Bo is dealt a card", "You are dealt a Desperado 4", "Bo is dealt a card."]
    assert fold_texts(texts) == ("You are dealt a Gold Mine 1, a Desperado 4 ×2; "
                                 "Bo is dealt a card ×2.")
    assert fold_texts(["Shuffle"]) == "Shuffle."
    # A head ending in a colon is said once, whatever articles the items hold.
    assert fold_texts(["Laid face up: Harvest.", "Laid face up: Buy an estate.",
                       "Laid face up: Harvest."]) == "Laid face up: Harvest ×2, Buy an estate."


@needs_desperados
def test_the_log_numbers_each_entry_once_and_a_deal_is_one_line(api: Api) -> None:
    created = api.create("desperados", 3, [{"kind": "me", "name": "Ana"},
                                           {"kind": "bot", "bot": "easy"},
                                           {"kind": "bot", "bot": "easy"}])
    tokens, match = tokens_of(created), created["id"]
    api.play_out(match, tokens, random.Random(3), wait=lambda: time.sleep(0.005))
    for token in (tokens[0], None):
        log = api.view(match, token)["log"]
        numbers = [e["n"] for e in log]
        assert numbers == list(range(1, len(log) + 1))  # never twice the same
        moves = [e["move"] for e in log]
        assert moves == sorted(moves) and [e["step"] for e in log] == sorted(
            e["step"] for e in log)
        deal = log[0]  # the first round's eighteen cards, before anyone moves
        assert deal["move"] == 0 and deal["text"].count("×6") == (2 if token else 3), deal
        # every deal (each round's) is one line: no two dealing lines follow each other
        assert not any(" dealt " in a["text"] and " dealt " in b["text"]
                       for a, b in itertools.pairwise(log))
        titles = {e["moment"] for e in log if "moment" in e}
        assert "The match is over" in titles
        assert any(t.startswith("Round ") and t.endswith(" is scored") for t in titles)
        assert {e.get("chapter") for e in log} >= {"fight"}


@needs_desperados
def test_the_log_reads_alike_after_an_undo(api: Api) -> None:
    created = api.create("desperados", 2, [{"kind": "me"}, {"kind": "invite"}])
    tokens, match = tokens_of(created), created["id"]
    before = api.view(match, tokens[0])
    draw = next(a for a in before["actions"] if a["type"] == "draw")
    assert api.move(match, tokens[0], before["version"], {"action": draw["action"]}
                    ).status_code == 200
    after = api.view(match, tokens[0])
    assert len(after["log"]) > len(before["log"])
    if after["can_undo"]:
        assert api.undo(match, tokens[0], after["version"]).status_code == 200
        assert api.view(match, tokens[0])["log"] == before["log"]


def test_log_book_marks_the_moments_and_chapters_a_game_declares() -> None:
    game = load_game("highcard")
    state = game.new_initial_state(2)
    book = LogBook()
    book.extend(state, None, [(CHANCE, (everyone("x"),)), (CHANCE, (everyone("x"),)),
                              (0, ()), (CHANCE, (everyone("x"),))])
    assert [e["move"] for e in book.entries] == [0, 1]  # two chance lines folded, a move
    assert book.steps == 4 and book.moves == 1
    note = book.note("Ana took back a move.", "undo")
    assert note["n"] == 3 and note["move"] == 1 and note["step"] == 4
    book.extend(state, None, [(CHANCE, (everyone("x"),))])
    assert [e["n"] for e in book.entries] == [1, 2, 3, 4]  # a note ends a fold
    moment, chapter = table_marks(game)
    assert moment(everyone("reveal")) is None and chapter(everyone("x")) is None


@needs_douro
def test_douro_marks_each_reveal_and_the_end(api: Api) -> None:
    created = api.create("douro1872", 3, [{"kind": "bot", "bot": "easy"}] * 3)
    finish(api, created["id"])
    log = api.view(created["id"])["log"]
    reveals = [e for e in log if e.get("moment") == "The barrel cards are revealed"]
    assert reveals
    # A dispute opens with its first card laid (the parts the terminal marks too).
    disputes = [e for e in log if e.get("chapter") == "dispute"]
    assert len(disputes) >= len(reveals) - 1 and "lays" in disputes[0]["text"]
    assert [e for e in log if e.get("chapter") == "half"]
    assert log[-1].get("moment") == "The match is over" or any(
        e.get("moment") == "The match is over" for e in log[-3:])


def test_standings_name_every_seat_at_the_end(api: Api) -> None:
    created = api.create("highcard", 3, [{"kind": "me", "name": "Ana"},
                                         {"kind": "invite", "name": "Bo"},
                                         {"kind": "bot", "bot": "easy"}])
    tokens, match = tokens_of(created), created["id"]
    assert api.view(match, tokens[0])["standings"] == []
    api.play_out(match, tokens, random.Random(4), wait=lambda: time.sleep(0.005))
    views = {seat: api.view(match, tokens[seat]) for seat in (0, 1)}
    rows = views[0]["standings"]
    assert sorted(r["names"] for r in rows) == ["Ana", "Bo", "easy bot"]
    assert [r["place"] for r in rows] == sorted(r["place"] for r in rows)
    assert rows[0]["won"] and rows[0]["place"] == 1
    scores = [float(r["score"].replace("−", "-")) for r in rows]
    assert scores[0] == max(scores)
    for seat, view in views.items():
        mine = next(r for r in view["standings"] if r["you"])
        assert mine["names"] == ["Ana", "Bo"][seat]
        assert view["outcome"] == ("won" if mine["won"] else "lost")
    assert api.view(match)["outcome"] is None  # a spectator neither won nor lost


def test_bots_wait_their_pace_only_when_a_person_is_at_the_table(make_client: Any) -> None:
    client = make_client(bot_delay=30.0)
    api = Api(client)
    alone = api.create("highcard", 3, [{"kind": "bot", "bot": "easy"}] * 3)
    finish(api, alone["id"])  # three bots at 30 s a move would take minutes
    hub = client.app.state.hub
    mixed = api.create("highcard", 2, [{"kind": "bot", "bot": "easy"}, {"kind": "me"}])
    live = hub.live[mixed["id"]]
    assert live.bot_pace() == 30.0
    time.sleep(0.3)
    assert api.view(mixed["id"])["to_act"] == 0  # the bot is still waiting its pace
    bots = hub.finished_cache[alone["id"]]
    assert bots.bot_pace() == 0.0


def test_bots_have_names_of_their_own_and_normal_is_the_default(api: Api) -> None:
    created = api.create("highcard", 3, [{"kind": "bot"}, {"kind": "bot", "bot": "easy"},
                                         {"kind": "bot"}])
    names = [s["name"] for s in created["seats"]]
    assert names == ["normal bot A", "easy bot", "normal bot B"]
    agents = [s["agent"] for s in created["seats"]]
    assert agents[0] == agents[2] != agents[1] == "random"
    named = api.create("highcard", 2, [{"kind": "bot", "name": "Zé"}, {"kind": "bot"}])
    assert [s["name"] for s in named["seats"]] == ["Zé", "normal bot"]


def test_seats_read_from_1_where_two_share_a_name(api: Api) -> None:
    created = api.create("highcard", 2, [{"kind": "me", "name": "Guest"},
                                         {"kind": "invite", "name": "Guest"}])
    tokens, match = tokens_of(created), created["id"]
    view = api.view(match, tokens[1])
    assert view["turn"] == "Guest (seat 1) to play"
    page = api.client.get(f"/play/{tokens[1]}").text
    assert "You play seat 2" in page
    assert '<span class="seat-no">1</span>' in page and '<span class="seat-no">0</span>' \
        not in page
    refused = api.client.post("/api/matches", json={
        "game": "highcard", "players": 2, "seats": [{"kind": "me"}, {"kind": "chair"}]})
    assert refused.status_code == 400 and refused.json()["detail"].startswith("seat 2: ")


@needs_desperados
def test_replays_step_by_a_players_move_and_jump_by_chapter(api: Api) -> None:
    created = api.create("desperados", 3, [{"kind": "bot", "bot": "easy"}] * 3)
    match = created["id"]
    finish(api, match)
    first = api.client.get(f"/api/matches/{match}/replay?step=0").json()
    stops, chapters, total = first["stops"], first["chapters"], first["total"]
    assert stops[0] == 0 and stops[-1] == total and stops == sorted(set(stops))
    record = api.client.get(f"/api/matches/{match}/record").json()
    state = load_game("desperados").new_initial_state(3, record["variant"],
                                                      record["options"])
    seat_moves = []
    for i, action in enumerate(record["actions"]):
        if state.current_player() != CHANCE:
            seat_moves.append(i)
        state.apply_action(action)
    assert stops == sorted({0, total, *seat_moves})  # a stop before each seat's move
    assert len(stops) < total  # chance folded in: fewer stops than actions
    kinds = {c["kind"] for c in chapters}
    assert "fight" in kinds
    for c in chapters:
        assert c["step"] in stops
        if c["step"] == 0:  # the first round, which began with the match: nothing told yet
            assert c["label"] == "Round 1"
            continue
        view = api.client.get(f"/api/matches/{match}/replay?step={c['step']}").json()
        assert any(e.get("chapter") == c["kind"] for e in view["log"])
    labels = [c["label"] for c in chapters if c["kind"] == "fight"]
    assert labels[:2] == (["Fight 1", "Fight 2"] if len(labels) > 1 else ["Fight"])
    page = api.client.get(f"/replay/{match}?step={stops[5]}").text
    shown = api.client.get(f"/api/matches/{match}/replay?step={stops[5]}").json()["log"]
    assert shown and all(e["step"] <= stops[5] for e in shown)
    assert f'data-step="{shown[-1]["step"]}"' in page
    assert "⏮" not in page and "⏭" not in page and "<svg" in page


@pytest.mark.parametrize(("game_id", "players", "first"), [
    pytest.param("desperados", 3, "round", marks=needs_desperados),
    pytest.param("douro1872", 3, "half", marks=needs_douro)])
def test_a_replays_jump_labels_count_each_part_once_from_1(api: Api, game_id: str,
                                                          players: int, first: str) -> None:
    """The "go to" menus of a replay: "Round 1", "Round 2"... (the first round, which began
    with the match, at the start) and one "Dispute n" per dispute, however many versions of
    its first face-down card the seats were told."""
    created = api.create(game_id, players, [{"kind": "bot", "bot": "easy"}] * players)
    match = created["id"]
    finish(api, match)
    chapters = api.client.get(f"/api/matches/{match}/replay?step=0").json()["chapters"]
    assert [c["step"] for c in chapters] == sorted(c["step"] for c in chapters)
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for c in chapters:
        by_kind.setdefault(c["kind"], []).append(c)
    assert by_kind[first][0] == {"step": 0, "kind": first,
                                 "label": f"{first.capitalize()} 1"}
    for kind, parts in by_kind.items():
        if len(parts) > 1:
            assert [c["label"] for c in parts] == [f"{kind.capitalize()} {n}"
                                                   for n in range(1, len(parts) + 1)]
            steps = [c["step"] for c in parts]
            assert len(set(steps)) == len(steps), (kind, steps)  # none listed twice
    if game_id == "douro1872":  # each dispute opens with seat 0's first card laid
        record = api.client.get(f"/api/matches/{match}/record").json()
        state = load_game(game_id).new_initial_state(players, record["variant"],
                                                     record["options"])
        opened = 0
        for action in record["actions"]:
            state.apply_action(action)
            opened += any(e.kind == "lay" and e.data["purpose"] == "dispute"
                          and e.data["seat"] == 0 for e in state.events())
        assert len(by_kind["dispute"]) == opened
        assert [c["label"] for c in by_kind["half"]] == ["Half 1", "Half 2"]


@needs_desperados
def test_options_in_plain_words_and_by_variant() -> None:
    fields = {f["name"]: f for f in option_fields(load_game("desperados"))}
    assert fields["fight_joiners"]["variants"] == ["individual"]
    assert fields["passes_in_a_row"]["variants"] == ["partnership"]
    assert fields["max_rounds"]["variants"] is None
    for field in fields.values():
        assert "_" not in field["label"] and "ruling" not in field["help"].lower()
        assert field["rulings"], field
        for choice in field.get("choices", []):
            assert f"({choice})" not in field["help"]
            assert field["choice_labels"][choice] != choice
    assert plain_help("Who plays — rulings R2 and R3") == ("Who plays", ["R2", "R3"])
    assert plain_help("No ruling here") == ("No ruling here", [])


@needs_desperados
def test_the_rules_page_shows_the_summary_and_the_rulings(api: Api) -> None:
    page = api.client.get("/rules/desperados")
    assert page.status_code == 200
    text = page.text
    assert "Desperados: the rules in short" in text and "<ul>" in text
    assert 'id="R20"' in text and 'id="R11"' in text  # the lobby's options link there
    summary = text[text.index("rules-summary"):text.index('id="rulings"')]
    assert "ludoteca " not in summary  # no command to run
    assert "<script" not in text.split("</header>")[1].split("</main>")[0]
    missing = api.client.get("/rules/no-such-game")
    assert missing.status_code == 404 and "no such game" in missing.text
    lobby = api.client.get("/").text
    assert 'href="/rules/desperados"' in lobby
