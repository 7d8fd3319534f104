"""The table's server side in Chromium, where a person sees it: two people laying Douro
cards at once, an invite link claimed by one browser, a fresh link from the creator, undo
against a bot, the chat escaped, a rematch, the offline banner that clears when the server
is back, and a phone-width page."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.conftest import chromium_path
from tests.server.serverproc import ServerProcess, free_port

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def server(tmp_path: Any) -> Iterator[ServerProcess]:
    with ServerProcess(f"sqlite:///{tmp_path / 't.sqlite3'}", bot_delay=0.0,
                       log_path=tmp_path / "server.log") as srv:
        yield srv


def person(browser: Any, *, phone: bool = False) -> Any:
    """A page in a browser context of its own (its own cookies: another computer)."""
    context = browser.new_context(bypass_csp=True,
                                  viewport={"width": 390, "height": 844} if phone
                                  else {"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


def create(base: str, game: str, players: int, seats: list[dict[str, Any]]) -> dict[str, Any]:
    r = httpx.post(base + "/api/matches", json={"game": game, "players": players,
                                                 "seats": seats}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def url(base: str, created: dict[str, Any], seat: int) -> str:
    return base + next(s["url"] for s in created["seats"] if s["seat"] == seat)


def version(page: Any) -> int:
    return int(page.get_attribute("#match", "data-version"))


def test_two_people_lay_douro_cards_at_once(browser: Any, server: ServerProcess) -> None:
    created = create(server.url, "douro1872", 3, [
        {"kind": "me", "name": "Ana"}, {"kind": "invite", "name": "Bo"},
        {"kind": "bot", "bot": "easy", "name": "Robo"}])
    ana, bo = person(browser), person(browser)
    ana.goto(url(server.url, created, 0))
    bo.goto(url(server.url, created, 1))
    # Seat order puts Ana first, yet Bo may lay at once: no "Waiting for Ana".
    bo.wait_for_selector("#actions button[data-action]")
    assert "Waiting for" not in bo.inner_text("#prompt")
    assert "at once" in bo.inner_text("#turn")
    assert ana.get_attribute("#match", "data-to-act") == "0"
    ana.wait_for_function("document.getElementById('turn').textContent.includes('Bo')")
    bo.locator("#actions button[data-action]").first.click()
    bo.wait_for_function("document.getElementById('prompt').textContent.startsWith('You chose')")
    assert bo.locator("#actions button[data-action]").count() == 0
    # Ana's page learns that only she is awaited, and shows her cards, never Bo's.
    assert "Your turn" in ana.inner_text("#turn")
    ana.wait_for_function("document.getElementById('turn').textContent !== ''"
                          " && !document.getElementById('turn').textContent.includes('Bo')")
    chosen = bo.inner_text("#prompt").removeprefix("You chose ").split(";")[0]
    assert chosen not in ana.inner_text("#log")
    bo.screenshot(path="/tmp/ludoteca-douro-at-once-bo.png")
    before = version(ana)
    ana.locator("#actions button[data-action]").first.click()
    # Ana's lay, Bo's held card and the bot's: the reveal reaches both pages.
    for page in (ana, bo):
        page.wait_for_function(
            "v => Number(document.getElementById('match').dataset.version) > v + 2",
            arg=before)
        page.wait_for_function("/reveal|turn|Rabelo|barrels/i.test("
                               "document.getElementById('log').textContent)")
        assert page.js_errors == []  # type: ignore[attr-defined]


def test_an_invite_link_is_claimed_once_and_renewed_by_the_creator(
        browser: Any, server: ServerProcess) -> None:
    created = create(server.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                 {"kind": "invite", "name": "Bo"}])
    friend, stranger, host = person(browser), person(browser), person(browser)
    link = url(server.url, created, 1)
    friend.goto(link)
    friend.wait_for_selector("#match")
    stranger.goto(link)
    assert "claimed by another browser" in stranger.inner_text("main")
    assert stranger.query_selector("#match") is None
    friend.reload()  # the claiming browser keeps its seat
    friend.wait_for_selector("#match")
    host.goto(url(server.url, created, 0))
    host.click(".fresh-link[data-seat='1']")
    fresh = host.wait_for_selector(".new-link:not([hidden])")
    new_url = fresh.get_attribute("href")
    assert fresh.inner_text().endswith(new_url)
    friend.reload()
    assert "claimed by another browser" in friend.inner_text("main") or \
        "names no seat" in friend.inner_text("main")
    stranger.goto(server.url + new_url)
    stranger.wait_for_selector("#match")
    assert stranger.get_attribute("#match", "data-viewer") == "1"


def test_undo_against_a_bot_and_the_log_says_so(browser: Any, tmp_path: Any) -> None:
    # The bot takes its pace (3 s here) before it moves: the person's window to take back.
    with ServerProcess(f"sqlite:///{tmp_path / 'u.sqlite3'}", bot_delay=3.0) as srv:
        created = create(srv.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                  {"kind": "bot", "bot": "easy"}])
        ana, watcher = person(browser), person(browser)
        ana.goto(url(srv.url, created, 0))
        watcher.goto(srv.url + created["watch"])
        ana.click("#actions button[data-type='bet']")
        ana.wait_for_selector("#undo:not([hidden])")
        ana.click("#undo")
        for page in (ana, watcher):
            page.wait_for_function("document.getElementById('log').textContent"
                                   ".includes('Ana took back a move.')")
            assert page.locator("#log li.note").count() == 1
        ana.wait_for_selector("#actions button[data-type='fold']")
        assert ana.get_attribute("#match", "data-to-act") == "0"


def test_chat_is_shown_as_text(browser: Any, server: ServerProcess) -> None:
    created = create(server.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                 {"kind": "invite", "name": "Bo"}])
    ana, bo, watcher = person(browser), person(browser), person(browser)
    ana.goto(url(server.url, created, 0))
    bo.goto(url(server.url, created, 1))
    watcher.goto(server.url + created["watch"])
    for page in (ana, bo, watcher):
        page.wait_for_function("document.getElementById('match').dataset.live === 'true'")
    evil = '<img src=x onerror="window.pwned=1"><b>hi</b>'
    ana.fill("#chat-text", evil)
    ana.click("#chat-send")
    for page in (bo, watcher):
        page.wait_for_selector("#chat li")
        assert page.inner_text("#chat li") == f"Ana:{evil}" or \
            page.inner_text("#chat li").replace(" ", "") == f"Ana:{evil}".replace(" ", "")
        assert page.locator("#chat img, #chat b").count() == 0
        assert page.evaluate("window.pwned") is None
    watcher.fill("#chat-text", "good luck")
    watcher.click("#chat-send")
    ana.wait_for_function("document.getElementById('chat').textContent"
                          ".includes('Spectator:good luck')")
    bo.reload()  # stored with the match: a page opened later shows it
    bo.wait_for_function("document.querySelectorAll('#chat li').length === 2")


def test_offline_banner_clears_when_the_server_is_back(browser: Any, tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    port = free_port()
    srv = ServerProcess(db, port=port).start()
    try:
        created = create(srv.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                  {"kind": "invite", "name": "Bo"}])
        ana = person(browser)
        ana.goto(url(srv.url, created, 0))
        ana.wait_for_function("document.getElementById('match').dataset.live === 'true'")
        assert ana.is_hidden("#offline")
        srv.kill()
        ana.wait_for_selector("#offline:not([hidden])")
        assert "unreachable" in ana.inner_text("#offline")
        ana.click("#actions button[data-type='bet']")
        ana.wait_for_function("document.getElementById('error').textContent"
                              ".includes('unreachable')")
        assert "Failed to fetch" not in ana.inner_text("main")
        srv = ServerProcess(db, port=port).start()
        # Retried every second, so it goes within about two seconds of the return.
        ana.wait_for_selector("#offline", state="hidden")
        ana.click("#actions button[data-type='bet']")
        ana.wait_for_selector("#undo:not([hidden])")
    finally:
        with contextlib.suppress(Exception):
            srv.stop()


def test_rematch_on_a_phone(browser: Any, server: ServerProcess) -> None:
    created = create(server.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                 {"kind": "invite", "name": "Bo"}])
    ana, bo = person(browser, phone=True), person(browser, phone=True)
    ana.goto(url(server.url, created, 0))
    bo.goto(url(server.url, created, 1))
    for page in (ana, bo):
        page.wait_for_selector("#actions button[data-type='fold']")
        page.click("#actions button[data-type='fold']")
    for page in (ana, bo):
        page.wait_for_selector("#rematch-box:not([hidden])")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.locator("#chat-form").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    bo.click("#rematch")
    bo.wait_for_url("**/play/**")
    bo.wait_for_selector("#match")
    assert bo.get_attribute("#match", "data-match") != created["id"]
    ana.wait_for_function("document.getElementById('rematch').textContent"
                          ".includes('Join the rematch')")
    ana.click("#rematch")
    ana.wait_for_function("id => document.getElementById('match') &&"
                          " document.getElementById('match').dataset.match !== id",
                          arg=created["id"])
    assert ana.get_attribute("#match", "data-match") == bo.get_attribute("#match",
                                                                         "data-match")
    assert ana.get_attribute("#match", "data-viewer") == "0"
