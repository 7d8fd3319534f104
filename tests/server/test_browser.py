"""The server in a real browser: Playwright drives Debian's Chromium (headless).

People play whole matches by clicking, in separate browser contexts (separate cookies and
storage, as on separate computers), while a spectator watches live: High Card (the toy
game), a Desperados partnership match (two people as partners, two bots) and a Douro 1872
match when those games are installed; a phone-width page; a server killed with SIGKILL
mid-match that the pages survive.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from typing import Any

import pytest

from ludoteca.core.registry import game_ids
from tests.server.conftest import create_in_lobby, new_page
from tests.server.serverproc import ServerProcess


def version(page: Any) -> int:
    return int(page.get_attribute("#match", "data-version"))


def wait_version(page: Any, above: int, timeout: float = 15_000) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('match').dataset.version) > v", arg=above,
        timeout=timeout)


def finished(page: Any) -> bool:
    return page.get_attribute("#match", "data-finished") == "true"


def play_by_clicking(players: dict[int, Any], watchers: list[Any], rng: random.Random,
                     limit: int = 3000, board_share: float = 0.5) -> int:
    """Plays for the people until the match ends: each move by clicking the board (when
    the board offers it) or a labelled button. Returns how many moves the people made."""
    moves = 0
    any_page = next(iter(players.values()))
    deadline = time.monotonic() + 600
    while moves < limit:
        assert time.monotonic() < deadline, "the match took too long"
        if finished(any_page):
            break
        before, to_act = any_page.evaluate(
            "() => { const m = document.getElementById('match').dataset;"
            " return [Number(m.version), m.toAct]; }")
        seat = int(to_act) if to_act not in (None, "") else -9
        page = players.get(seat)
        if page is None:  # a bot or chance: the page updates by itself
            try:
                wait_version(any_page, before, timeout=10_000)
            except Exception:
                if not finished(any_page):
                    raise
            continue
        if page.evaluate("Number(document.getElementById('match').dataset.version)") < before:
            wait_version(page, before - 1)  # this seat's live view is on its way
        before = version(page)
        if not page.query_selector("#actions button[data-action]"):
            try:
                page.wait_for_selector("#actions button[data-action]", timeout=15_000)
            except Exception:
                page.screenshot(path="/tmp/ludoteca-browser-failure.png", full_page=True)
                raise
        while page.is_visible("#moment"):  # a reveal, a round's scoring: read, go on
            page.click("#moment-close")  # (moments that came meanwhile open in turn)
        click_a_move(page, rng, board_share)
        wait_version(page, before)
        moves += 1
    assert finished(any_page)
    for page in [*players.values(), *watchers]:
        page.wait_for_function("document.getElementById('match').dataset.finished === 'true'")
    return moves


def click_random(page: Any, selector: str, rng: random.Random) -> bool:
    """Clicks one of the elements matching ``selector`` (looked up again at the click, as
    the page may redraw in between). False if there was none to click."""
    for _ in range(3):
        items = page.locator(selector)
        count = items.count()
        if not count:
            return False
        try:
            items.nth(rng.randrange(count)).click(timeout=3_000)
            return True
        except Exception:  # redrawn under the pointer: look again
            continue
    return False


def click_a_move(page: Any, rng: random.Random, board_share: float = 0.5) -> None:
    """One move: often by clicking the board (a card, then where it goes), else a button."""
    start = version(page)
    moved = f"Number(document.getElementById('match').dataset.version) > {start}"
    if rng.random() < board_share:
        for _ in range(6):  # narrow the choice on the board until one move is left
            if not click_random(page, "#board [data-pick].pickable", rng):
                break
            with contextlib.suppress(Exception):  # a click that narrowed nothing
                page.wait_for_function(f"{moved} || document.getElementById('cancel-pick')"
                                       " !== null || document.getElementById('error')"
                                       ".hidden === false", timeout=1_000)
            if page.evaluate(moved):
                return
            if page.query_selector("#cancel-pick") is None:
                break
            if rng.random() < 0.3:  # or pick among the moves that fit
                click_random(page, "#actions button[data-action]", rng)
                return
    click_random(page, "#actions button[data-action]", rng)


def check_end(players: dict[int, Any], watchers: list[Any]) -> None:
    for page in [*players.values(), *watchers]:
        result = page.inner_text("#result")
        assert "won" in result or "lost" in result or "shared" in result, result
        assert page.query_selector_all("#log li"), "the log is empty"
        assert page.js_errors == [], page.js_errors
    for page in watchers:
        assert page.query_selector("#actions") is None  # a spectator has no moves


def check_replay(page: Any, base: str, match_id: str) -> None:
    page.goto(f"{base}/replay/{match_id}")
    total = int(page.get_attribute("#replay", "data-total"))
    stops = json.loads(page.inner_text("#replay-data"))["stops"]
    assert total > 0 and stops[0] == 0 and stops[-1] == total
    page.click("#first")
    page.wait_for_function("document.getElementById('replay').dataset.step === '0'")
    page.click("#forward")  # one player's move, with the chance outcomes that follow it
    page.wait_for_function(f"document.getElementById('replay').dataset.step === '{stops[1]}'")
    page.select_option("#viewer", "all")
    page.wait_for_function("document.getElementById('replay').dataset.viewer === 'all'")
    page.click("#last")
    page.wait_for_function(f"document.getElementById('replay').dataset.step === '{total}'")
    assert page.inner_text("#result")
    page.click("#back")
    page.wait_for_function(f"document.getElementById('replay').dataset.step === '{stops[-2]}'")
    record = page.request.get(f"{base}/api/matches/{match_id}/record")
    assert record.ok and json.loads(record.text())["finished"]


def test_toy_match_two_people_a_bot_and_a_spectator(browser: Any, server: ServerProcess
                                                    ) -> None:
    host = new_page(browser)
    links = create_in_lobby(host, server.url, "highcard", 3, ["me", "invite", "bot:easy"])
    match_id = links["watch"].rsplit("/", 1)[1]
    host.goto(server.url + links["seats"][0])
    friend = new_page(browser)
    friend.goto(server.url + links["seats"][1])
    spectator = new_page(browser)
    spectator.goto(server.url + links["watch"])
    for page in (host, friend, spectator):
        page.wait_for_function("document.getElementById('match').dataset.live === 'true'")
    assert "You play seat 1" in host.inner_text(".viewer-note")
    assert "spectator" in spectator.inner_text(".viewer-note")
    # The host bets, takes it back (the friend has not acted yet), and folds instead.
    host.wait_for_selector("#actions button[data-type=bet]")
    before = version(host)
    host.click("#actions button[data-type=bet]")
    wait_version(host, before)
    host.wait_for_selector("#undo:not([hidden])")
    assert friend.query_selector("#undo") is not None and friend.is_hidden("#undo")
    before = version(host)
    host.click("#undo")
    wait_version(host, before)
    host.wait_for_selector("#actions button[data-type=fold]")
    assert host.is_hidden("#undo")
    wait_version(spectator, before)
    players = {0: host, 1: friend}
    moves = play_by_clicking(players, [spectator], random.Random(1))
    assert moves >= 2
    check_end(players, [spectator])
    # Every viewer saw every public move live, in its own words.
    assert any("you" in li.inner_text().lower() for li in host.query_selector_all("#log li"))
    check_replay(spectator, server.url, match_id)


def test_phone_width_page_fits(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser, phone=True)
    links = create_in_lobby(page, server.url, "highcard", 2, ["me", "bot:easy"])
    page.goto(server.url + links["seats"][0])
    page.wait_for_function("document.getElementById('match').dataset.live === 'true'")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the page is {width}px wide on a 390px phone"
    page.goto(server.url + "/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 392


def test_pages_survive_a_server_killed_mid_match(browser: Any, tmp_path: Any) -> None:
    srv = ServerProcess(f"sqlite:///{tmp_path / 'k.sqlite3'}", bot_delay=0.0,
                        log_path=tmp_path / "server.log").start()
    try:
        host = new_page(browser)
        links = create_in_lobby(host, srv.url, "highcard", 3, ["me", "invite", "bot:easy"])
        host.goto(srv.url + links["seats"][0])
        friend = new_page(browser)
        friend.goto(srv.url + links["seats"][1])
        host.wait_for_selector("#actions button[data-action]")
        before = version(host)
        host.click("#actions button[data-type=bet]")
        wait_version(host, before)
        accepted = version(host)
        srv.kill()
        host.wait_for_function("document.getElementById('match').dataset.live === 'false'")
        srv = ServerProcess(srv.db_url, port=srv.port, log_path=tmp_path / "server.log").start()
        # The pages reconnect by themselves and show the match where it was.
        for page in (host, friend):
            page.wait_for_function("document.getElementById('match').dataset.live === 'true'",
                                   timeout=20_000)
            assert version(page) >= accepted
        assert "you bet" in host.inner_text("#log")
        moves = play_by_clicking({0: host, 1: friend}, [], random.Random(2))
        assert moves >= 1
        check_end({0: host, 1: friend}, [])
    finally:
        srv.stop()


@pytest.mark.skipif("desperados" not in game_ids(), reason="Desperados is not installed yet")
def test_desperados_partnership_two_people_two_bots_and_a_spectator(
        browser: Any, server: ServerProcess) -> None:
    host = new_page(browser)
    links = create_in_lobby(host, server.url, "desperados", 4,
                            ["me", "bot:easy", "invite", "bot:easy"], variant="partnership")
    match_id = links["watch"].rsplit("/", 1)[1]
    host.goto(server.url + links["seats"][0])
    partner = new_page(browser)
    partner.goto(server.url + links["seats"][2])
    spectator = new_page(browser)
    spectator.goto(server.url + links["watch"])
    players = {0: host, 2: partner}
    t0 = time.monotonic()
    moves = play_by_clicking(players, [spectator], random.Random(3), limit=5000,
                             board_share=0.25)
    print(f"{moves} moves clicked in {time.monotonic() - t0:.0f} s")
    assert moves > 10
    check_end(players, [spectator])
    assert "partnership" in host.inner_text("#result").lower()
    check_replay(spectator, server.url, match_id)


@pytest.mark.skipif("douro1872" not in game_ids(), reason="Douro 1872 is not installed yet")
def test_douro_match_in_the_browser(browser: Any, server: ServerProcess) -> None:
    host = new_page(browser)
    links = create_in_lobby(host, server.url, "douro1872", 3, ["me", "invite", "bot:easy"])
    match_id = links["watch"].rsplit("/", 1)[1]
    host.goto(server.url + links["seats"][0])
    friend = new_page(browser)
    friend.goto(server.url + links["seats"][1])
    spectator = new_page(browser)
    spectator.goto(server.url + links["watch"])
    players = {0: host, 1: friend}
    moves = play_by_clicking(players, [spectator], random.Random(4))
    assert moves > 10
    check_end(players, [spectator])
    check_replay(host, server.url, match_id)


@pytest.mark.skipif("vintage" not in game_ids(), reason="Vintage is not installed yet")
def test_vintage_match_in_the_browser(browser: Any, server: ServerProcess) -> None:
    # One person against two bots, most moves by clicking the board (a circle, an estate,
    # a port, a card), a spectator watching: the match ends and each page says so.
    host = new_page(browser)
    links = create_in_lobby(host, server.url, "vintage", 3, ["me", "bot:easy", "bot:easy"])
    match_id = links["watch"].rsplit("/", 1)[1]
    spectator = new_page(browser)
    spectator.goto(server.url + links["watch"])
    host.wait_for_selector("#board [data-game=vintage] .vt-douro")
    moves = play_by_clicking({0: host}, [spectator], random.Random(6), limit=5000,
                             board_share=0.8)
    assert moves > 30
    check_end({0: host}, [spectator])
    # The final scoring stays on the board: each player's VP by source.
    assert "Final scoring" in host.inner_text("#board")
    assert "planted estates" in host.inner_text("#log")
    # A spectator's page shows nobody's hand and no chip nobody showed it.
    assert spectator.query_selector("#board .vt-mine") is None
    assert host.js_errors == [] and spectator.js_errors == []
    check_replay(spectator, server.url, match_id)


@pytest.mark.parametrize("game_id, players", [("desperados", 4), ("douro1872", 3),
                                                ("vintage", 3), ("puertodiablo", 2)])
def test_a_games_board_is_styled_by_the_css_its_package_ships(
        browser: Any, server: ServerProcess, game_id: str, players: int) -> None:
    if game_id not in game_ids():
        pytest.skip(f"{game_id} is not installed yet")
    import httpx

    created = httpx.post(server.url + "/api/matches", json={
        "game": game_id, "players": players, "seats": [{"kind": "me"}]
        + [{"kind": "bot", "bot": "easy"}] * (players - 1)}).json()
    page = new_page(browser)
    page.goto(server.url + f"/play/{created['seats'][0]['token']}")
    href = f"/games/{game_id}/web/board.css"
    rules = page.evaluate(f"document.querySelector('link[href=\"{href}\"]').sheet"
                          ".cssRules.length")
    assert rules > 10
    # Both boards lay their parts out as a flex column; unstyled, the div is a block.
    board = f"#board [data-game={game_id}]"
    assert page.eval_on_selector(board, "el => getComputedStyle(el).display") == "flex"
    assert page.js_errors == []
