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


def test_a_refused_click_on_a_side_not_offered_as_a_dam_gets_the_general_line(
        browser: Any, server: ServerProcess) -> None:
    # (4,4) dammed on five sides: a dam on the sixth would leave it no way down (R14), so
    # it is not offered. A click there is refused like any other (the general line),
    # with no words about that side: the page has none to give, and a reason that fits
    # only some of the sides a click can land near would mislead on the others.
    from ludoteca.games.dosrios.actions import Dam
    from ludoteca.games.dosrios.steps import ActionPoints, dam_keeps_outflow

    s = ready(2)
    all_turned(s)
    t = s.t
    x = H(4, 4)
    for side in t.hex_sides[x]:
        if dam_keeps_outflow(s, side):
            s.dams |= 1 << side
    (last,) = [side for side in t.hex_sides[x] if not s.dams >> side & 1]
    put(s, 0, (4, 4))
    put(s, 0, (2, 3))  # its sides are offered: the table asks for dams
    s.logs[0] = 1
    step = s.pop()
    s.push(ActionPoints(step.seat, 0, step.built, False))  # no points left: no moves
    s._legal = None
    dams = {a.side for a in map(t.codec.decode, s.legal_actions()) if isinstance(a, Dam)}
    assert dams and last not in dams and not dams & set(t.hex_sides[x])
    page, sent = open_position(browser, server, s)
    direction = ("N", "NE", "SE", "S", "SW", "NW")[t.hex_sides[x].index(last)]
    side = page.locator(f'#board polygon.dr-side[data-pick=\'{{"side_hex":{x},'
                        f'"direction":"{direction}"}}\']')
    assert side.count() == 1 and "pickable" not in (side.get_attribute("class") or "")
    side.click(force=True)
    said = note(page)
    assert said.startswith("That fits none of your moves now."), said
    assert "(4,4)" not in said and "side" not in said.split(".")[0], said
    assert sent == [] and page.js_errors == []


def test_a_second_click_on_what_is_chosen_lets_it_go(browser: Any, server: ServerProcess) -> None:
    """Shared by every board: clicking a chosen part again, where nothing around it could
    add to the selection, takes the selection back (it used to say the click fitted no
    move, and only the Cancel button let go)."""
    s = ready(2)
    all_turned(s)
    put(s, 0, (3, 4))
    page, sent = open_position(browser, server, s)
    worker(page, H(3, 4)).click()
    assert page.locator("#cancel-pick").count() == 1
    assert page.locator("#board .picked").count() >= 1
    worker(page, H(3, 4)).click()
    assert page.locator("#cancel-pick").count() == 0
    assert page.locator("#board .picked").count() == 0
    assert note(page) == ""
    assert sent == []
    assert page.js_errors == []
