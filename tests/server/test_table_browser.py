"""The table's server side in Chromium, where a person sees it: two people laying Douro
cards at once, an invite link claimed by one browser, a fresh link from the creator, undo
against a bot, the chat escaped, a rematch, the offline banner that clears when the server
is back, and a phone-width page."""

from __future__ import annotations

import contextlib
from typing import Any

from tests.server.conftest import create_match, new_page, seat_url, version
from tests.server.serverproc import ServerProcess, free_port


def test_two_people_lay_douro_cards_at_once(browser: Any, server: ServerProcess) -> None:
    created = create_match(server.url, "douro1872", 3, [
        {"kind": "me", "name": "Ana"}, {"kind": "invite", "name": "Bo"},
        {"kind": "bot", "bot": "easy", "name": "Robo"}])
    ana, bo = new_page(browser), new_page(browser)
    ana.goto(seat_url(server.url, created, 0))
    bo.goto(seat_url(server.url, created, 1))
    # Seat order puts Ana first, yet Bo may lay at once: no "Waiting for Ana".
    bo.wait_for_selector("#actions button[data-action]")
    assert "Waiting for" not in bo.inner_text("#prompt")
    assert "at once" in bo.inner_text("#turn")
    assert ana.get_attribute("#match", "data-to-act") == "0"
    ana.wait_for_function("document.getElementById('turn').textContent.includes('Bo')")
    bo.locator("#actions button[data-action]").first.click()
    bo.wait_for_function("document.getElementById('prompt').textContent.startsWith('You chose')")
    # Bo may change his mind until everyone has chosen: the cards stay, his choice marked.
    first = bo.locator("#actions button[data-action]").first
    assert first.get_attribute("class") == "held" and first.get_attribute("aria-pressed") == "true"
    cards = bo.locator("#actions button[data-action]")
    assert cards.count() > 1
    other = cards.nth(cards.count() - 1)
    other_label = other.inner_text()
    other.click()
    bo.wait_for_function("label => document.getElementById('prompt').textContent"
                         ".startsWith('You chose ' + label)", arg=other_label)
    assert bo.locator("#actions button.held").count() == 1
    assert bo.locator("#actions button.held").inner_text() == other_label
    assert bo.title().startswith("▶") is False  # a held choice is no longer "your turn"
    # Ana's page learns that only she is awaited, and shows her cards, never Bo's.
    assert "Your turn" in ana.inner_text("#turn")
    ana.wait_for_function("document.getElementById('turn').textContent !== ''"
                          " && !document.getElementById('turn').textContent.includes('Bo')")
    chosen = bo.inner_text("#prompt").removeprefix("You chose ").split(";")[0]
    assert chosen == other_label and chosen not in ana.inner_text("#log")
    assert ana.locator("#actions button.held").count() == 0
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
    # The card laid for Bo is the one he changed to.
    value = other_label.split()[-1]  # "play 10": the barrel card's value
    assert f"You lay your {value} face down." in bo.inner_text("#log")


def test_an_invite_link_is_claimed_once_and_renewed_by_the_creator(
        browser: Any, server: ServerProcess) -> None:
    created = create_match(server.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                       {"kind": "invite", "name": "Bo"}])
    friend, stranger, host = new_page(browser), new_page(browser), new_page(browser)
    link = seat_url(server.url, created, 1)
    friend.goto(link)
    friend.wait_for_selector("#match")
    stranger.goto(link)
    assert "claimed by another browser" in stranger.inner_text("main")
    assert stranger.query_selector("#match") is None
    friend.reload()  # the claiming browser keeps its seat
    friend.wait_for_selector("#match")
    host.goto(seat_url(server.url, created, 0))
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
        created = create_match(srv.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                        {"kind": "bot", "bot": "easy"}])
        ana, watcher = new_page(browser), new_page(browser)
        ana.goto(seat_url(srv.url, created, 0))
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
    created = create_match(server.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                       {"kind": "invite", "name": "Bo"}])
    ana, bo, watcher = new_page(browser), new_page(browser), new_page(browser)
    ana.goto(seat_url(server.url, created, 0))
    bo.goto(seat_url(server.url, created, 1))
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
        created = create_match(srv.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                        {"kind": "invite", "name": "Bo"}])
        ana = new_page(browser)
        ana.goto(seat_url(srv.url, created, 0))
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
    created = create_match(server.url, "highcard", 2, [{"kind": "me", "name": "Ana"},
                                                       {"kind": "invite", "name": "Bo"}])
    ana, bo = new_page(browser, phone=True), new_page(browser, phone=True)
    ana.goto(seat_url(server.url, created, 0))
    bo.goto(seat_url(server.url, created, 1))
    for page in (ana, bo):
        page.wait_for_selector("#actions button[data-type='fold']")
        page.click("#actions button[data-type='fold']")
    for page in (ana, bo):
        page.wait_for_selector("#rematch-box:not([hidden])")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.locator("#chat-form").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    # The page is on a /play/ address already: wait for the new match's page itself.
    with bo.expect_navigation():
        bo.click("#rematch")
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
