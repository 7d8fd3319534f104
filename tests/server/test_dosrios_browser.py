"""Dos Rios in Chromium, where only a browser shows it: a click the board refuses says why
under the board, and a building costs a deliberate click on its kind's button."""

from __future__ import annotations

from typing import Any

from ludoteca.games.dosrios.actions import Build
from tests.dosrios.helpers import H, all_turned, put, ready
from tests.server.serverproc import ServerProcess
from tests.server.test_dosrios_board import open_position, wait_sent, worker


def note(page: Any) -> str:
    box = page.locator("#board-note")
    return "" if box.is_hidden() else box.inner_text()


def test_a_refused_click_says_why_under_the_board(browser: Any, server: ServerProcess) -> None:
    s = ready(2)
    all_turned(s)
    put(s, 0, (3, 4))
    page, sent = open_position(browser, server, s)
    assert note(page) == ""
    worker(page, H(3, 4)).click()
    page.locator("#board .dr-mountain").nth(1).click(force=True)
    assert "may not enter the mountains" in note(page)
    page.locator("#board .dr-lake").first.click(force=True)
    assert "may not enter the lakes" in note(page)
    # a hex no move of the selection reaches: the selection is named, not the hex's rule
    far = page.locator('#board [data-key="hex-0"] .dr-hexshape')
    far.click(force=True)
    assert "fits none of the moves your selection allows" in note(page)
    # a click that is taken clears the line
    page.locator(f'#board [data-key="hex-{H(3, 5)}"] .dr-hexshape').click(
        position={"x": 28, "y": 10})
    assert wait_sent(page, sent, 10_000)
    assert note(page) == ""
    assert page.js_errors == []


def test_a_click_on_one_s_own_worker_s_hex_chooses_it_and_the_button_builds(
        browser: Any, server: ServerProcess) -> None:
    s = ready(2)
    all_turned(s)
    put(s, 0, (3, 4))
    s.money[0] = 700  # a Farm, not the Estate: one build fits the hex alone
    builds = [a for a in s.legal_actions() if isinstance(s.t.codec.decode(a), Build)]
    assert len(builds) == 1
    page, sent = open_position(browser, server, s)
    page.locator(f'#board [data-key="hex-{H(3, 4)}"] .dr-hexshape').click(
        position={"x": 28, "y": 10})
    assert not wait_sent(page, sent, 1000), sent
    assert "finish it on the board" in page.inner_text("#pick-note")
    button = page.locator("#board .dr-control", has_text="Build a Farm here (500)")
    assert button.is_visible()
    button.click()
    assert wait_sent(page, sent, 10_000)
    assert [m["action"] for m in sent] == builds
    assert page.js_errors == []


def test_a_panel_leaves_the_map_in_view(browser: Any, server: ServerProcess) -> None:
    # The trial's panels covered the lower right of the map at 1280 and most of it on a
    # phone: at 1280x900 a panel docks beside the map; at 390x844 it keeps to the lower
    # third, and the map's upper half stays uncovered.
    s = ready(2)
    all_turned(s)
    page, _ = open_position(browser, server, s)
    show = ("() => { const m = document.getElementById('moment'); m.hidden = false;"
            " document.getElementById('moment-lines').textContent = 'x '.repeat(400); }")
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(show)
        if width < 560:  # where match.js brings the board when a panel opens on a phone
            page.evaluate("document.getElementById('board').scrollIntoView({block: 'start'})")
        panel = page.locator("#moment").bounding_box()
        board = page.locator("#board .dr-map").bounding_box()
        assert panel is not None and board is not None
        if width > 900:
            assert panel["x"] >= board["x"] + board["width"], (panel, board)
        else:
            assert panel["height"] <= height * 0.37, panel
            assert panel["y"] >= max(board["y"], 0) + 0.3 * height, (panel, board)
    assert page.js_errors == []
