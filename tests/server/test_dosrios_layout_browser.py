"""Dos Rios's look in Chromium, where only a browser shows it: every seat's name and
pieces can be told from the cream panels and the pale fields they sit on, and in a wide
window the seat's moves and the whole map are in view together."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import create_match, new_page, seat_url
from tests.server.serverproc import ServerProcess

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


def test_the_moves_and_the_whole_map_are_in_view_at_1280_by_900(
        browser: Any, server: ServerProcess) -> None:
    # The trial found "End the turn" under the map, below the fold of a 1280x900 window,
    # so that every turn needed a scroll down and back: the seat's moves now sit beside
    # the map, and the map, the Town at its foot included, stays above the fold.
    created = create_match(server.url, "dosrios", 2,
                           [{"kind": "me"}, {"kind": "bot", "bot": "easy"}])
    page = new_page(browser)
    page.goto(seat_url(server.url, created, 0))
    page.wait_for_selector(".dr-mine")
    mine = page.locator(".dr-mine").bounding_box()
    board = page.locator(".dr-map").bounding_box()
    assert mine is not None and board is not None
    assert mine["y"] + mine["height"] <= 900, mine
    assert board["y"] + board["height"] <= 900, board
    assert mine["x"] >= board["x"] + board["width"], (mine, board)  # beside, not under
    assert page.evaluate("window.scrollY") == 0
    assert page.js_errors == []  # type: ignore[attr-defined]
