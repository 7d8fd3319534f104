"""The table in Chromium, where a person sees it: what just changed glows on the board, a
reveal and the end stop in a panel that waits for the player, the tab says whose turn it
is (and a notification, mocked here, when the page is not in front), the newest log line
is in view, move buttons are never clipped, the lobby's options follow the variant, your
seats show their status, and replays step by a player's move and jump to a round or a
fight."""

from __future__ import annotations

import contextlib
import itertools
import json
import time
from typing import Any

import httpx
import pytest

from ludoteca.core.registry import game_ids
from tests.server.conftest import create_in_lobby, new_page, version
from tests.server.serverproc import ServerProcess

# A browser that is not in front, and a Notification that records what it is asked to show.
MOCK_NOTIFICATION = """
window.__notes = [];
class FakeNotification {
  constructor(title, options) { window.__notes.push([title, (options || {}).body || ""]); }
  static requestPermission() { return Promise.resolve("granted"); }
}
FakeNotification.permission = "granted";
window.Notification = FakeNotification;
document.hasFocus = () => false;
"""

needs_desperados = pytest.mark.skipif("desperados" not in game_ids(),
                                      reason="Desperados is not installed")
needs_douro = pytest.mark.skipif("douro1872" not in game_ids(),
                                 reason="Douro 1872 is not installed")


def your_turn(page: Any, timeout: float = 20_000) -> None:
    page.wait_for_function("document.title.startsWith('▶ Your turn')", timeout=timeout)


def log_in_view(page: Any) -> None:
    """The newest log line is on the screen, and no entry number is shown twice.

    The side column is fitted to the window in the frame after a move is drawn, and the
    log follows then: the check waits for the page to settle (a slow machine draws that
    frame late), and fails if the line is still out of view after five seconds."""
    where = """() => { const li = document.querySelector('#log li:last-child');
        const r = li.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, height: innerHeight}; }"""
    settled = f"(() => {{ const b = ({where})(); return b.top >= 0 && b.bottom <= b.height; }})()"
    with contextlib.suppress(Exception):  # the assertion below says where the line is
        page.wait_for_function(settled, timeout=5_000)
    box = page.evaluate(where)
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    numbers = page.eval_on_selector_all("#log li", "items => items.map(li => li.value)")
    assert len(numbers) == len(set(numbers)), numbers


def buttons_whole(page: Any) -> None:
    """Every move button shows its whole label and none overlaps the next."""
    boxes = page.eval_on_selector_all("#actions button", """items => items.map(b => {
        const r = b.getBoundingClientRect();
        return {clipped: b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1,
                top: r.top, bottom: r.bottom, text: b.textContent}; })""")
    assert boxes
    assert not [b for b in boxes if b["clipped"]], boxes
    for a, b in itertools.pairwise(boxes):
        assert a["bottom"] <= b["top"] + 0.5, (a, b)


@needs_desperados
def test_against_bots_you_see_each_move_and_know_your_turn(browser: Any,
                                                          paced: ServerProcess) -> None:
    page = new_page(browser)
    page.context.add_init_script(MOCK_NOTIFICATION)
    create_in_lobby(page, paced.url, "desperados", 3, ["me", "bot:easy", "bot:easy"])
    assert "/play/" in page.url  # creating the match took us to our seat
    chips = page.inner_text("#seat-chips")
    assert [c.split()[0] for c in chips.splitlines() if c.strip()] == ["1", "2", "3"]
    assert "bot bot" not in chips and "easy bot A" in chips and "easy bot B" in chips
    assert page.get_attribute("#rules-link", "href") == "/rules/desperados"
    page.check("#pref-notify")
    page.check("#pref-sound")
    your_turn(page)
    assert page.get_attribute("link[rel=icon]", "href").startswith("data:image/svg+xml")
    log_in_view(page)
    buttons_whole(page)
    notes_before = page.evaluate("window.__notes.length")
    seen_change = False
    for _ in range(4):
        your_turn(page)
        before = version(page)
        page.click("#actions button[data-type=draw], #actions button[data-action] >> nth=0")
        page.wait_for_function("!document.title.startsWith('▶ Your turn')")
        # A bot's move arrives a moment later, and the board marks where it happened.
        page.wait_for_function(
            f"Number(document.getElementById('match').dataset.version) > {before + 1}")
        if page.query_selector("#board .changed"):
            seen_change = True
        log_in_view(page)
    assert seen_change, "no change was marked on the board"
    your_turn(page)
    notes = page.evaluate("window.__notes")
    assert len(notes) > notes_before and notes[-1][0].startswith("Your turn")
    assert int(page.get_attribute("#match", "data-beeps") or 0) >= 1
    assert page.js_errors == []


@needs_douro
def test_a_reveal_waits_for_you_and_the_end_names_every_standing(
        browser: Any, server: ServerProcess) -> None:
    page = new_page(browser)
    create_in_lobby(page, server.url, "douro1872", 3, ["me", "bot:easy", "bot:easy"])
    assert "first half" in page.inner_text(".dr-phase")
    titles: list[str] = []
    waited = False
    deadline = time.monotonic() + 300
    while page.get_attribute("#match", "data-finished") != "true":
        assert time.monotonic() < deadline
        page.wait_for_function(
            "document.getElementById('moment').hidden === false ||"
            " document.getElementById('match').dataset.yourTurn === 'true' ||"
            " document.getElementById('match').dataset.finished === 'true'")
        if page.is_visible("#moment"):
            titles.append(page.inner_text("#moment-title"))
            lines = page.inner_text("#moment-lines")
            if titles[-1] == "The barrel cards are revealed" and not waited:
                assert "revealed" in lines
                # The panel stays while the match goes on, until the player moves on.
                shown = page.get_attribute("#moment", "data-n")
                time.sleep(0.5)
                assert page.is_visible("#moment")
                assert page.get_attribute("#moment", "data-n") == shown
                waited = True
            if page.get_attribute("#match", "data-finished") == "true":
                break
            page.click("#moment-close")
            continue
        if page.get_attribute("#match", "data-your-turn") == "true":
            before = version(page)
            page.click("#actions button[data-action] >> nth=0")
            page.wait_for_function(
                f"Number(document.getElementById('match').dataset.version) > {before}"
                " || document.getElementById('error').hidden === false")
    assert "The barrel cards are revealed" in titles and waited
    page.wait_for_selector("#moment:not([hidden])")
    assert page.inner_text("#moment-title") == "The match is over"
    rows = page.eval_on_selector_all("#moment-standings li", "items => items.map(li =>"
                                     " [li.value, li.textContent])")
    assert len(rows) == 3 and sorted(r[0] for r in rows) == [r[0] for r in rows]
    assert sum("(you)" in r[1] for r in rows) == 1
    outcome = page.get_attribute("#result", "data-outcome")
    assert outcome in ("won", "lost", "shared")
    color = page.eval_on_selector("#result", "el => getComputedStyle(el).color")
    assert (color == "rgb(163, 32, 32)") == (outcome == "lost")  # a loss is not a success
    assert page.title().startswith("Over · ")
    assert page.js_errors == []


def test_your_seats_show_whose_turn_and_a_phone_sees_the_end(
        browser: Any, server: ServerProcess) -> None:
    page = new_page(browser, phone=True)
    links = create_in_lobby(page, server.url, "highcard", 2, ["me", "invite"])
    assert set(links["seats"]) == {0, 1}  # the invite link waits on the creator's seat
    assert page.is_visible("#invite-panel")
    page.goto(server.url + "/")
    page.wait_for_function("[...document.querySelectorAll('.seat-status')]"
                           ".every(s => s.dataset.status !== 'unknown')")
    statuses = page.eval_on_selector_all(
        "#my-seats li", "items => items.map(li => [li.dataset.seat,"
        " li.querySelector('.seat-status').textContent])")
    assert sorted(s for _, s in statuses) == ["waiting", "your turn"], statuses
    assert "seat 1" in page.inner_text("#my-seats") and "seat 0" not in page.inner_text(
        "#my-seats")
    # Both seats play to the end on the phone; the end's panel fits the screen.
    friend = new_page(browser, phone=True)
    friend.goto(server.url + links["seats"][1])
    page.goto(server.url + links["seats"][0])
    pages = {0: page, 1: friend}
    deadline = time.monotonic() + 120
    while page.get_attribute("#match", "data-finished") != "true":
        assert time.monotonic() < deadline
        seat = int(page.get_attribute("#match", "data-to-act"))
        if seat not in pages:
            time.sleep(0.05)
            continue
        player = pages[seat]
        player.wait_for_selector("#actions button[data-action]")
        before = version(player)
        if player.is_visible("#moment"):
            player.click("#moment-close")
        player.click("#actions button[data-action] >> nth=0")
        page.wait_for_function(
            f"Number(document.getElementById('match').dataset.version) > {before}")
    page.wait_for_selector("#moment:not([hidden])")
    assert page.inner_text("#moment-title") == "The match is over"
    assert len(page.query_selector_all("#moment-standings li")) == 2
    box = page.eval_on_selector("#moment", "el => el.getBoundingClientRect().right")
    assert box <= 390 and page.evaluate("document.documentElement.scrollWidth") <= 392
    page.goto(server.url + "/")
    page.wait_for_selector(".seat-status[data-status=finished]")


@needs_desperados
def test_the_options_are_those_of_the_chosen_variant(browser: Any,
                                                     server: ServerProcess) -> None:
    page = new_page(browser)
    page.goto(server.url + "/")
    page.check("input[name=game][value=desperados]")
    page.select_option("#players", "4")
    page.select_option("#variant", "partnership")
    assert page.query_selector("[data-option=passes_in_a_row]")
    assert page.query_selector("[data-option=fight_joiners]") is None
    page.select_option("#variant", "individual")
    assert page.query_selector("[data-option=passes_in_a_row]") is None
    row = page.inner_text("[data-option=fight_joiners]")
    assert "Who may join a fight" in row and "fight_joiners" not in row
    assert "ruling" not in row.lower()
    labels = page.eval_on_selector_all("#opt-fight_joiners option", "o => o.map(x => x.text)")
    assert labels == ["every other player", "only the mine's owner"]
    assert page.get_attribute("[data-option=fight_joiners] a", "href") == "/rules/desperados#R11"
    assert page.eval_on_selector("select[name=bot-1]", "s => s.value") == "normal"
    assert page.inner_text("#seats .seat-no >> nth=0") == "Seat 1"


@needs_desperados
def test_a_replay_steps_by_moves_and_jumps_to_a_fight(browser: Any,
                                                      server: ServerProcess) -> None:
    created = httpx.post(server.url + "/api/matches", json={
        "game": "desperados", "players": 3, "seats": [{"kind": "bot", "bot": "easy"}] * 3})
    match = created.json()["id"]
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/matches/{match}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    page = new_page(browser)
    page.goto(f"{server.url}/replay/{match}")
    data = json.loads(page.inner_text("#replay-data"))
    stops, chapters = data["stops"], data["chapters"]
    middle = stops[len(stops) // 2]
    page.goto(f"{server.url}/replay/{match}?step={middle}")
    # Opened at a step: the log up to it, its newest line in view.
    last = page.eval_on_selector("#log li:last-child", "li => Number(li.dataset.step)")
    assert last <= middle
    assert page.evaluate("(() => { const l = document.getElementById('log');"
                         " return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; })()")
    page.click("#forward")
    after = stops[stops.index(middle) + 1]
    page.wait_for_function(f"document.getElementById('replay').dataset.step === '{after}'")
    fight = next(c for c in chapters if c["kind"] == "fight" and c["step"] > after)
    page.click("button.jump[data-kind=fight][data-dir=next]")
    page.wait_for_function(
        f"document.getElementById('replay').dataset.step === '{fight['step']}'")
    page.wait_for_function("[...document.querySelectorAll('#log li')]"
                           ".some(li => /attacks/.test(li.textContent))")
    # The controls are drawn, not glyphs a font may lack.
    for button in ("#first", "#back", "#forward", "#last"):
        assert page.query_selector(f"{button} svg") is not None
        assert page.inner_text(button).strip() == ""
    # A log line opens the match where it happened.
    first = page.get_attribute("#log li >> nth=0", "data-step")
    page.click("#log li >> nth=0")
    page.wait_for_function(f"document.getElementById('replay').dataset.step === '{first}'")
    assert page.js_errors == []
