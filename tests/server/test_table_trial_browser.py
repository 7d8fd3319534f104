"""What a new player's first matches found at the browser table, in Chromium: the log's
newest line stays in its box when the list of moves grows under it (the newest batch
marked), no "Your moves" box is left after the end, and the end's standings count in the
game's own unit."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import create_in_lobby, new_page
from tests.server.serverproc import ServerProcess


def log_end_in_its_box(page: Any) -> dict[str, Any]:
    """Where the newest log line lies against the log's own visible box."""
    return page.evaluate("""() => { const box = document.getElementById('log');
        const li = box.querySelector('li:last-child');
        const b = box.getBoundingClientRect(), r = li.getBoundingClientRect();
        return {inside: r.top >= b.top - 1 && r.bottom <= b.bottom + 1,
                top: r.top, bottom: r.bottom, boxTop: b.top, boxBottom: b.bottom,
                scroll: [box.scrollTop, box.clientHeight, box.scrollHeight],
                text: li.textContent}; }""")


def my_turn_with_moves(page: Any) -> None:
    page.wait_for_function("document.getElementById('match').dataset.toAct === '0'"
                           " && document.querySelector('#actions button[data-action]')",
                           timeout=60_000)


def test_the_newest_log_line_stays_in_view_when_the_moves_grow(
        browser: Any, server: ServerProcess) -> None:
    """Dos Rios at 1280x900: after the bot's turn the list of moves grows and the log's box
    shrinks under it; the log still ends on its newest line, the newest batch marked."""
    page = new_page(browser)
    page.set_viewport_size({"width": 1280, "height": 900})
    create_in_lobby(page, server.url, "dosrios", 2, ["me", "bot:easy"])
    checked = 0
    for _ in range(40):
        if page.get_attribute("#match", "data-finished") == "true":
            break
        my_turn_with_moves(page)
        while page.is_visible("#moment"):
            page.click("#moment-close")
        page.wait_for_timeout(150)  # the side column is fitted on the next frame
        seen = log_end_in_its_box(page)
        assert seen["inside"], seen
        if page.query_selector("#log li.newest"):
            checked += 1
            last = page.eval_on_selector("#log li:last-child", "li => li.className")
            assert "newest" in last
        before = int(page.get_attribute("#match", "data-version"))
        ending = page.query_selector("#actions button[data-type=end_turn]")
        (ending or page.query_selector("#actions button[data-action]")).click()
        page.wait_for_function(
            f"Number(document.getElementById('match').dataset.version) > {before}")
        if checked >= 4:
            break
    assert checked >= 4
    assert page.js_errors == []


def test_no_moves_box_after_the_end(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser)
    create_in_lobby(page, server.url, "highcard", 2, ["me", "bot:easy"])
    assert page.is_visible(".actions-panel")
    for _ in range(100):
        if page.get_attribute("#match", "data-finished") == "true":
            break
        try:
            page.wait_for_selector("#actions button[data-action]", timeout=5_000)
        except Exception:
            continue
        if page.is_visible("#moment"):
            page.click("#moment-close")
        before = int(page.get_attribute("#match", "data-version"))
        page.click("#actions button[data-action] >> nth=0")
        page.wait_for_function(
            f"Number(document.getElementById('match').dataset.version) > {before}")
    page.wait_for_function("document.getElementById('match').dataset.finished === 'true'")
    assert not page.is_visible(".actions-panel")
    assert " points" in page.inner_text("#standings")  # the toy game counts points
    page.reload()
    page.wait_for_selector("#match")
    assert not page.is_visible(".actions-panel")
    assert page.js_errors == []
