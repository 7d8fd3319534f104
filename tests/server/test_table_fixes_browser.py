"""What a new player meets at the browser table, in Chromium: every move of a turn in view
on a laptop screen, one invite panel that follows renewed links and goes when the match is
over, and a lobby that fits a phone."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from ludoteca.core.registry import game_ids
from tests.server.conftest import create_in_lobby, new_page
from tests.server.serverproc import ServerProcess

needs_douro = pytest.mark.skipif("douro1872" not in game_ids(),
                                 reason="Douro 1872 is not installed")


def sized(page: Any, width: int, height: int) -> Any:
    page.set_viewport_size({"width": width, "height": height})
    return page


def moves_in_view(page: Any) -> list[dict[str, Any]]:
    """The move buttons that are not wholly on the screen (empty when all are): each must
    lie inside the window and inside the moves list's visible box, with no inner scroll."""
    return page.evaluate("""() => {
        const box = document.getElementById('actions');
        const outer = box.getBoundingClientRect();
        const shown = box.scrollHeight <= box.clientHeight + 1;
        return [...box.querySelectorAll('button')].map(b => {
            const r = b.getBoundingClientRect();
            return {text: b.textContent, top: r.top, bottom: r.bottom, shown,
                    inside: r.top >= 0 && r.bottom <= innerHeight
                            && r.top >= outer.top - 0.5 && r.bottom <= outer.bottom + 0.5};
        }).filter(b => !(b.inside && b.shown)); }""")


@needs_douro
@pytest.mark.parametrize("size", [(1366, 768), (1280, 900)])
def test_every_move_of_a_douro_turn_is_in_view_on_a_laptop(
        browser: Any, server: ServerProcess, size: tuple[int, int]) -> None:
    page = new_page(browser)
    create_in_lobby(page, server.url, "douro1872", 3, ["me", "invite", "bot:easy"])
    sized(page, *size)
    page.wait_for_selector("#actions button[data-action]")
    count = len(page.query_selector_all("#actions button[data-action]"))
    assert count >= 5  # a Douro first turn offers a move per barrel card and more
    # Without scrolling anything: the moves come first in the side column.
    assert moves_in_view(page) == []
    assert page.js_errors == []


def shown_invites(page: Any) -> list[tuple[str, str]]:
    """(seat, link) of each invite link the page shows, in whichever panel."""
    return page.eval_on_selector_all(
        "a.new-link:not([hidden]), #invites a", "items => items.filter(a => a.offsetParent)"
        ".map(a => [a.closest('li').dataset.seat, a.getAttribute('href')])")


@needs_douro
def test_one_invite_panel_follows_a_new_link_and_goes_at_the_end(
        browser: Any, server: ServerProcess) -> None:
    page = new_page(browser)
    links = create_in_lobby(page, server.url, "douro1872", 3, ["me", "invite", "bot:easy"])
    old = links["seats"][1]
    headings = page.eval_on_selector_all("h2", "hs => hs.map(h => h.textContent)")
    assert headings.count("Invite links") == 1, headings
    assert shown_invites(page) == [["1", old]]
    page.click(".fresh-link[data-seat='1']")
    page.wait_for_function(f"!document.querySelector('a.new-link').href.endsWith({old!r})")
    shown = shown_invites(page)
    assert len(shown) == 1 and shown[0][0] == "1" and shown[0][1] != old, shown
    assert httpx.get(server.url + old).status_code == 403
    assert httpx.get(server.url + shown[0][1]).status_code == 200
    # What the lobby keeps follows: the page opened again shows the new link.
    page.reload()
    page.wait_for_selector("#invite-links a.new-link:not([hidden])")
    assert shown_invites(page) == shown
    # A match with no seat to invite to has no such panel.
    create_in_lobby(page, server.url, "douro1872", 3, ["me", "bot:easy", "bot:easy"])
    assert page.query_selector("#invite-panel") is None and not shown_invites(page)
    assert page.js_errors == []


def test_the_invite_panel_goes_when_the_match_is_over(browser: Any,
                                                      server: ServerProcess) -> None:
    page = new_page(browser)
    links = create_in_lobby(page, server.url, "highcard", 2, ["me", "invite"])
    assert page.is_visible("#invite-panel")
    friend = new_page(browser)
    friend.goto(server.url + links["seats"][1])
    pages = {0: page, 1: friend}
    for _ in range(200):
        if page.get_attribute("#match", "data-finished") == "true":
            break
        player = pages[int(page.get_attribute("#match", "data-to-act"))]
        player.wait_for_selector("#actions button[data-action]")
        if player.is_visible("#moment"):
            player.click("#moment-close")
        before = int(page.get_attribute("#match", "data-version"))
        player.click("#actions button[data-action] >> nth=0")
        page.wait_for_function(
            f"Number(document.getElementById('match').dataset.version) > {before}")
    assert page.get_attribute("#match", "data-finished") == "true"
    assert not page.is_visible("#invite-panel")
    page.reload()
    page.wait_for_selector("#match")
    assert not page.is_visible("#invite-panel") and not shown_invites(page)
    assert page.js_errors == []


@needs_douro
def test_the_lobby_fits_a_phone(browser: Any, server: ServerProcess) -> None:
    names = ["MariaFranciscaAlbuquerque", "BartolomeuDiasEsteves", "José"]
    body = {"game": "douro1872", "players": 3,
            "seats": [{"kind": "invite", "name": n} for n in names]}
    for _ in range(3):
        assert httpx.post(server.url + "/api/matches", json=body, timeout=30).status_code == 201
    finished = {"game": "highcard", "players": 2,
                "seats": [{"kind": "bot", "name": "BartolomeuDiasEsteves"},
                          {"kind": "bot", "name": "MariaFranciscaAlbuquerque"}]}
    assert httpx.post(server.url + "/api/matches", json=finished, timeout=30).status_code == 201
    page = new_page(browser, phone=True)
    page.goto(server.url + "/")
    page.wait_for_selector("#open-matches")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    rights = page.eval_on_selector_all("#open-matches a, #finished-matches a",
                                       "items => items.map(a => a.getBoundingClientRect().right)")
    assert len(rights) >= 3 and max(rights) <= 390, rights
    assert page.js_errors == []


@needs_douro
def test_a_replay_opens_at_the_start_and_goes_to_a_numbered_dispute(
        browser: Any, server: ServerProcess) -> None:
    created = httpx.post(server.url + "/api/matches", json={
        "game": "douro1872", "players": 3, "seats": [{"kind": "bot", "bot": "easy"}] * 3})
    match = created.json()["id"]
    for _ in range(1200):
        if httpx.get(f"{server.url}/api/matches/{match}").json()["status"] == "finished":
            break
        time.sleep(0.1)
    page = new_page(browser)
    page.goto(f"{server.url}/replay/{match}")
    # The start, not the result: nothing is spoiled before the first move.
    assert page.get_attribute("#replay", "data-step") == "0"
    assert not page.is_visible("#result")
    assert page.inner_text("#step-text").startswith("move 0 of ")
    chapters = json.loads(page.inner_text("#replay-data"))["chapters"]
    disputes = [c for c in chapters if c["kind"] == "dispute"]
    assert len(disputes) >= 5, chapters
    fifth = disputes[4]
    labels = page.eval_on_selector_all("select.chapter-select[data-kind=dispute] option",
                                       "o => o.map(x => x.text)")
    assert labels[0] == "go to dispute…" and fifth["label"] in labels
    page.select_option("select.chapter-select[data-kind=dispute]", str(fifth["step"]))
    page.wait_for_function(
        f"document.getElementById('replay').dataset.step === '{fifth['step']}'")
    assert f"step={fifth['step']}" in page.url
    # ?step= still opens where it says (here the end, with its result).
    total = page.get_attribute("#replay", "data-total")
    page.goto(f"{server.url}/replay/{match}?step={total}")
    assert page.get_attribute("#replay", "data-step") == total and page.is_visible("#result")
    assert page.js_errors == []


def test_the_lobby_says_an_invite_link_was_replaced(browser: Any,
                                                    server: ServerProcess) -> None:
    page = new_page(browser)
    links = create_in_lobby(page, server.url, "highcard", 2, ["me", "invite"])
    match = page.get_attribute("#match", "data-match")
    token = links["seats"][0].rsplit("/", 1)[1]
    # A new link issued elsewhere (not through this page, which would keep it).
    r = page.request.post(f"{server.url}/api/matches/{match}/seats/1/link",
                          headers={"Authorization": f"Bearer {token}"})
    assert r.ok, r.text()
    page.goto(server.url + "/")
    page.wait_for_function("[...document.querySelectorAll('.seat-status')]"
                           ".every(s => s.dataset.status !== 'unknown')")
    statuses = page.eval_on_selector_all(
        "#my-seats li", "items => items.map(li => [li.dataset.seat,"
        " li.querySelector('.seat-status').textContent])")
    assert dict(statuses)["1"] == "link replaced", statuses
    assert "no longer here" not in page.inner_text("#my-seats")
    assert page.js_errors == []


needs_vintage = pytest.mark.skipif("vintage" not in game_ids(), reason="Vintage not installed")


def log_box(page: Any) -> dict[str, float]:
    """The log's visible height and where its newest entry lies on the screen."""
    return page.evaluate("""() => {
        const log = document.getElementById('log'), li = log.querySelector('li:last-child');
        const r = li.getBoundingClientRect(), l = log.getBoundingClientRect();
        return {height: log.clientHeight, top: r.top, bottom: r.bottom, window: innerHeight,
                logTop: l.top, logBottom: l.bottom, moves: document.querySelectorAll(
                '#actions button[data-action]').length}; }""")


@needs_vintage
def test_a_long_list_of_moves_leaves_the_log_a_usable_height(
        browser: Any, server: ServerProcess) -> None:
    """At 1280x900 a Vintage turn offers some sixteen moves: the log beside them keeps room
    for several lines, and its newest entry is on the screen (inside the log's box)."""
    page = new_page(browser)
    sized(page, 1280, 900)
    create_in_lobby(page, server.url, "vintage", 3, ["me", "bot:easy", "bot:easy"])
    page.wait_for_selector("#actions button[data-action]")
    page.wait_for_timeout(300)  # the side column is fitted on the next frame
    box = log_box(page)
    assert box["moves"] >= 12, box
    line = page.evaluate("parseFloat(getComputedStyle(document.getElementById('log'))"
                         ".lineHeight) || 20")
    assert box["height"] >= 6 * line, box  # six lines of the log at least
    assert box["top"] >= 0 and box["bottom"] <= box["window"], box
    assert box["logTop"] - 1 <= box["top"] and box["bottom"] <= box["logBottom"] + 1, box
    # Every move can still be reached (inside the moves' own box if it must scroll).
    last = page.locator("#actions button[data-action]").last
    last.scroll_into_view_if_needed()
    r = last.bounding_box()
    assert r is not None and r["y"] >= 0 and r["y"] + r["height"] <= 900
    assert page.js_errors == []
