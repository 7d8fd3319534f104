"""A game carries its own fronts: its board templates, board CSS and rules summary live in
its package and the server finds them through the game, so a game registered by an entry
point (``tests/boardcard``, High Card as a third-party package) gets its board in the
browser, and the server holds no game's content."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core import registry
from ludoteca.server.views import Boards
from tests.boardcard import ENTRY_POINT, GAME_ID
from tests.server.conftest import Api, tokens_of

BOARDCARD = Path(__file__).parents[1] / "boardcard"
SERVER = Path(registry.__file__).parents[1] / "server"


@pytest.fixture
def entry_point_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``boardcard`` installed as a third-party package declares it: an entry point in the
    ``ludoteca.games`` group, found when the registry discovers games."""
    registry.game_ids()
    monkeypatch.setattr(registry, "_classes", dict(registry._classes))
    monkeypatch.setattr(registry, "_default_games", dict(registry._default_games))
    monkeypatch.setattr(registry, "_discovered", False)
    installed = registry.entry_points
    point = EntryPoint(name=GAME_ID, value=ENTRY_POINT, group="ludoteca.games")
    monkeypatch.setattr(registry, "entry_points",
                        lambda group: [*installed(group=group), point])
    assert GAME_ID in registry.game_ids()
    yield


def create(client: Any, game: str) -> dict[str, Any]:
    r = client.post("/api/matches", json={"game": game, "players": 2,
                                           "seats": [{"kind": "me"}, {"kind": "invite"}]})
    assert r.status_code == 201, r.text
    return r.json()


@pytest.mark.usefixtures("entry_point_game")
def test_a_game_from_an_entry_point_is_in_the_lobby_in_its_own_words(client: Any) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    entry = games[GAME_ID]
    assert entry["title"] == "High Card on a board"
    # Its description, then the first paragraph of its summary.md after the title line.
    assert entry["summary"] == ["High Card with a board of its own.",
                                "Goal: hold the highest card among the bettors and take the pot."]
    assert entry["rules"] == (BOARDCARD / "summary.md").read_text(encoding="utf-8")
    page = client.get("/").text
    assert "High Card on a board" in page
    assert "Goal: hold the highest card among the bettors and take the pot." in page
    assert "each seat in turn bets or folds" in page  # the rules in short, in full


@pytest.mark.usefixtures("entry_point_game")
def test_a_game_from_an_entry_point_gets_its_board_and_css_on_the_table(client: Any) -> None:
    created = create(client, GAME_ID)
    tokens = tokens_of(created)
    css_link = f'<link rel="stylesheet" href="/games/{GAME_ID}/web/board.css">'
    seat = client.get(f"/play/{tokens[0]}").text
    assert css_link in seat
    board = re.search(r'<div id="board" class="board">(.*?)</div>\s*</div>', seat, re.S)
    assert board is not None
    assert 'data-game="boardcard"' in board.group(1)
    assert 'class="bc-seats"' in board.group(1)  # web/table.html, spliced into the board
    assert "Your card:" in board.group(1)  # web/board.html, the seat's own part
    assert "generic-board" not in seat
    watch = client.get(f"/watch/{created['id']}").text
    assert css_link in watch and 'class="bc-seats"' in watch and "Your card:" not in watch
    view = client.get(f"/api/matches/{created['id']}/view",
                      headers={"Authorization": f"Bearer {tokens[1]}"}).json()
    assert 'data-game="boardcard"' in view["board"] and "Your card:" in view["board"]

    css = client.get(f"/games/{GAME_ID}/web/board.css")
    assert css.status_code == 200
    assert css.headers["content-type"].startswith("text/css")
    assert css.content == (BOARDCARD / "web" / "board.css").read_bytes()
    again = client.get(f"/games/{GAME_ID}/web/board.css",
                       headers={"If-None-Match": css.headers["etag"]})
    assert again.status_code == 304 and not again.content


@pytest.mark.usefixtures("entry_point_game")
def test_the_replay_of_a_game_with_a_board_links_its_css(api: Api) -> None:
    created = create(api.client, GAME_ID)
    api.play_out(created["id"], tokens_of(created), random.Random(1))
    page = api.client.get(f"/replay/{created['id']}").text
    assert f'<link rel="stylesheet" href="/games/{GAME_ID}/web/board.css">' in page
    assert 'data-game="boardcard"' in page


@pytest.mark.usefixtures("entry_point_game")
@pytest.mark.parametrize("path, words", [
    (f"/games/{GAME_ID}/web/board.html", "serves only .css"),  # a template is not an asset
    (f"/games/{GAME_ID}/web/.board.css", "serves only .css"),
    (f"/games/{GAME_ID}/web/board.css.bak", "serves only .css"),
    (f"/games/{GAME_ID}/web/missing.css", "ships no web file 'missing.css'"),
    ("/games/no-such-game/web/board.css", "There is no game 'no-such-game'"),
    ("/games/highcard/web/board.css", "ships no web file"),  # a single module ships none
    (f"/games/{GAME_ID}/web/..%2Fsummary.md", None),
    (f"/games/{GAME_ID}/web/..%2F__init__.py", None),
    (f"/games/{GAME_ID}/web/%2E%2E", None),
    (f"/games/{GAME_ID}/web/%2e%2e%5Csummary.md", None),
    ("/games/desperados/web/..%2F..%2F..%2Fserver%2Fdb.py", None),
    (f"/games/{GAME_ID}/web/sub/board.css", None),
])
def test_only_a_games_web_assets_are_served(client: Any, path: str, words: str | None
                                            ) -> None:
    r = client.get(path)
    assert r.status_code == 404, r.text
    assert "import" not in r.text and "Goal" not in r.text  # no file's content
    if words is not None:
        assert words in r.json()["detail"]


def test_a_game_without_a_board_gets_the_generic_one_and_no_css(client: Any) -> None:
    created = create(client, "highcard")
    page = client.get(f"/play/{tokens_of(created)[0]}").text
    assert 'data-game="generic"' in page
    assert "/games/" not in page


@pytest.mark.parametrize("game_id", ["desperados", "douro1872", "vintage"])
def test_the_shipped_boards_come_from_their_games_packages(game_id: str) -> None:
    package = Path(registry.__file__).parents[1] / "games" / game_id / "web"
    boards = Boards()
    assert Path(boards.template(game_id).filename) == package / "board.html"
    assert Path(boards.table_template(game_id).filename) == package / "table.html"
    game = registry.load_game(game_id)
    css = registry.game_resource(game, "web", "board.css")
    assert css is not None and Path(str(css)) == package / "board.css"


def test_the_server_holds_no_games_content() -> None:
    """No game's id, board or CSS in the server's templates, static files or catalogue:
    every one of them comes from the games (bots.py names strengths per game)."""
    boards = SERVER / "templates" / "boards"
    assert sorted(p.name for p in boards.iterdir()) == ["generic.html"]
    files = [*(SERVER / "templates").rglob("*.html"), *(SERVER / "static").iterdir(),
             SERVER / "catalog.py", SERVER / "views.py", SERVER / "app.py",
             SERVER / "matches.py"]
    words = re.compile(r"desperados|douro|rabelo|barrel|\.dsp|\.dr-", re.I)
    for path in files:
        found = words.search(path.read_text(encoding="utf-8"))
        assert found is None, f"{path.name}: {found.group(0) if found else ''}"
