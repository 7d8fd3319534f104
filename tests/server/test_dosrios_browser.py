"""Dos Rios in Chromium, where only a browser shows it: every seat's name and pieces can
be told from the cream panels and the pale fields they sit on; a click the board refuses
says why under the board, and a building costs a deliberate click on its kind's button."""

from __future__ import annotations

from typing import Any

from ludoteca.games.dosrios.actions import Build
from tests.dosrios.helpers import H, all_turned, put, ready
from tests.server.conftest import create_match, new_page, seat_url
from tests.server.serverproc import ServerProcess
from tests.server.test_dosrios_board import open_position, wait_sent, worker

# The WCAG contrast ratio of an element's text colour against the first opaque background
# behind it (its own, else an ancestor's), both read from the computed style.
CONTRAST = """el => {
  const rgb = s => s.match(/[\\d.]+/g).map(Number);
  const lum = c => {
    const [r, g, b] = c.slice(0, 3).map(v => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let back = el;
  while (back && (getComputedStyle(back).backgroundColor === "rgba(0, 0, 0, 0)"
                  || rgb(getComputedStyle(back).backgroundColor)[3] === 0)) {
    back = back.parentElement;
  }
  const bg = back ? rgb(getComputedStyle(back).backgroundColor) : [255, 255, 255];
  const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_every_seat_s_name_and_pieces_stand_out(browser: Any, server: ServerProcess) -> None:
    # Four seats, so that the light (third) seat and every other colour are at the table;
    # the names are read in the player panels, where the trial found the third unreadable.
    created = create_match(server.url, "dosrios", 4, [
        {"kind": "me"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"},
        {"kind": "bot", "bot": "easy"}])
    page = new_page(browser)
    page.goto(seat_url(server.url, created, 0))
    page.wait_for_selector("#board [data-game=dosrios] .dr-map")
    for seat in range(4):
        name = page.locator(f".dr-player[data-seat='{seat}'] .dr-player-head b.dr-c{seat}")
        assert name.count() == 1
        ratio = name.evaluate(CONTRAST)
        assert ratio >= 4.5, (seat, ratio)
    # The light seat's workers (in the Town at the start) carry a dark outline that shows
    # on a pale field as well as on the Town.
    light = page.locator(".dr-worker.dr-f2").first
    stroke = light.evaluate("el => [getComputedStyle(el).stroke, "
                            "parseFloat(getComputedStyle(el).strokeWidth)]")
    assert stroke[0] == "rgb(0, 0, 0)" and stroke[1] >= 2, stroke
    assert page.js_errors == []  # type: ignore[attr-defined]


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
    button = page.locator("#board .dr-control", has_text="Build a Farm here (500)")
    assert button.is_visible()
    button.click()
    assert wait_sent(page, sent, 10_000)
    assert [m["action"] for m in sent] == builds
    assert page.js_errors == []
