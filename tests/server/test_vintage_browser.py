"""Vintage's table in Chromium, where a person sees it: a sale's panel that a later move
does not take away, a round's end said in one line, a view that stays where the player
put it, and a river that reads as one river on a phone."""

from __future__ import annotations

import itertools
import random
from typing import Any

import httpx
import pytest

from ludoteca.core.registry import game_ids
from tests.server.conftest import create_match, new_page, seat_url, version
from tests.server.serverproc import ServerProcess

pytestmark = pytest.mark.skipif("vintage" not in game_ids(), reason="Vintage is not installed")

NAMES = ["Ana", "Bo"]


class Table:
    """A 2-player Vintage match of two people, both played through the API (the test
    stands in for each), and one of them watched in a browser page."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.created = create_match(base, "vintage", 2,
                                    [{"kind": "invite", "name": n} for n in NAMES])
        self.tokens = {s["seat"]: s["token"] for s in self.created["seats"]}
        self.rng = random.Random(0)
        self.cookies: dict[str, str] = {}  # the claims of seats opened in a page

    def view(self, seat: int) -> dict[str, Any]:
        r = httpx.get(f"{self.base}/api/matches/{self.created['id']}/view",
                      headers={"Authorization": f"Bearer {self.tokens[seat]}"},
                      cookies=self.cookies, timeout=30)
        assert r.status_code == 200, r.text
        return r.json()

    def move(self, seat: int, action: dict[str, Any]) -> None:
        view = self.view(seat)
        r = httpx.post(f"{self.base}/api/matches/{self.created['id']}/moves",
                       json={"version": view["version"], "action": {"action": action["action"]}},
                       headers={"Authorization": f"Bearer {self.tokens[seat]}"},
                       cookies=self.cookies, timeout=30)
        assert r.status_code == 200, r.text

    def to_act(self) -> int | None:
        spectator = httpx.get(f"{self.base}/api/matches/{self.created['id']}/view",
                              timeout=30).json()
        return None if spectator["finished"] else spectator["to_act"]

    def url(self, seat: int) -> str:
        return seat_url(self.base, self.created, seat)

    def opened(self, page: Any, seat: int) -> None:
        """``seat``'s page opened in ``page``: the seat is that browser's now, and the test
        moves for it with the claim that browser holds."""
        page.goto(self.url(seat))
        page.wait_for_selector("#match[data-live='true']")
        self.cookies.update({c["name"]: c["value"] for c in page.context.cookies()
                             if c["name"].startswith("ludoteca-claim-")})


def sale_path(actions: list[dict[str, Any]], has_cellar: bool,
              rng: random.Random) -> dict[str, Any]:
    """A move towards a sale: harvest all to port, load, sail to Gaia, unload, and age
    and sell once the cellar holds barrels (else pass, else any move)."""
    by: dict[str, list[dict[str, Any]]] = {}
    for a in actions:
        by.setdefault(a["type"], []).append(a)
    for kind in ("store", "age_lot", "extra_barrel", "load", "end_harvest", "discard"):
        if kind in by:
            return by[kind][0]
    if "sail_to" in by:
        return min(by["sail_to"], key=lambda a: a["port"])
    if "harvest_estate" in by:
        return max(by["harvest_estate"], key=lambda a: a["port"])
    places = sorted(by.get("place", []), key=lambda a: a["overseer"])
    for name, wanted in (("Age and sell", has_cellar), ("Harvest", True)):
        chosen = [a for a in places if a["name"] == name]
        if wanted and chosen:
            return chosen[0]
    for kind in ("move_boat", "sail_on", "pass"):
        if kind in by:
            return by[kind][0]
    return rng.choice(actions)


def is_sale(action: dict[str, Any]) -> bool:
    return action["type"] == "place" and action["name"] == "Age and sell"


def play_until_sale(table: Table, seat: int, limit: int = 600) -> dict[str, Any]:
    """Plays both seats along the sale path until ``seat`` is to act with the Age-and-sell
    circle in its moves and barrels in its cellar; returns that move (not made)."""
    for _ in range(limit):
        acting = table.to_act()
        assert acting is not None, "the match ended before a sale"
        if acting < 0:
            continue
        view = table.view(acting)
        if not view["actions"]:
            continue
        has_cellar = "Your cellar" in view["board"] and cellar_has_barrels(view["board"])
        move = sale_path(view["actions"], has_cellar, table.rng)
        if acting == seat and is_sale(move):
            return move
        table.move(acting, move)
    raise AssertionError("no sale came")


def cellar_has_barrels(board: str) -> bool:
    mat = board.split('data-key="mine"')[1]
    return 'class="vt-cask-big"' in mat


def finish_move(table: Table, seat: int) -> None:
    """The rest of ``seat``'s sale: which lot ages first, the extra barrel's row."""
    while table.to_act() == seat:
        view = table.view(seat)
        rest = [a for a in view["actions"] if a["type"] in ("age_lot", "extra_barrel")]
        if not rest:
            return
        table.move(seat, rest[0])


def test_a_sale_panel_stays_until_read_when_the_other_player_sells_next(
        browser: Any, server: ServerProcess) -> None:
    # Ana sells; before she closes the panel, Bo sells too. Bo's sale must wait behind
    # Ana's (the button says Next) and open when she moves on, not replace hers.
    table = Table(server.url)
    sale = play_until_sale(table, 0)
    page = new_page(browser)
    table.opened(page, 0)
    page.wait_for_selector(f"#actions button[data-action='{sale['action']}']")
    assert not page.is_visible("#moment")
    before = version(page)
    page.click(f"#actions button[data-action='{sale['action']}']")
    page.wait_for_function(f"Number(document.getElementById('match').dataset.version) > {before}")
    while page.is_visible("#actions button[data-type='age_lot'], "
                          "#actions button[data-type='extra_barrel']"):
        before = version(page)
        page.click("#actions button[data-type='age_lot'], "
                   "#actions button[data-type='extra_barrel'] >> nth=0")
        page.wait_for_function(
            f"Number(document.getElementById('match').dataset.version) > {before}")
    page.wait_for_selector("#moment:not([hidden])")
    mine = page.get_attribute("#moment", "data-n")
    # (titled by its last moment: the sale, or the round's end when the sale ended it)
    assert page.inner_text("#moment-title").startswith(("The lots are aged", "Round"))
    assert "Your " in page.inner_text("#moment-lines") and "+ die" in page.inner_text(
        "#moment-lines")
    # Bo plays on to his own sale, through the API, while Ana's panel is open.
    bo_sale = play_until_sale(table, 1)
    table.move(1, bo_sale)
    finish_move(table, 1)
    page.wait_for_function("[...document.querySelectorAll('#log li')].some(li => "
                           "li.textContent.startsWith(\"Bo's \") && "
                           "li.textContent.includes('+ die'))")
    assert page.is_visible("#moment")
    assert page.get_attribute("#moment", "data-n") == mine  # still Ana's sale
    assert page.inner_text("#moment-close") == "Next"
    # Next opens what waited, in turn (the end of a round may come between).
    shown = []
    while page.is_visible("#moment") and len(shown) < 4:
        page.click("#moment-close")
        if page.is_visible("#moment"):
            assert page.get_attribute("#moment", "data-n") != mine
            shown.append(page.inner_text("#moment-lines"))
    assert any("Bo's" in lines and "+ die" in lines for lines in shown), shown
    assert not page.is_visible("#moment")
    assert page.js_errors == []


def play_until_two_lot_sale(table: Table, seat: int, limit: int = 1500) -> dict[str, Any]:
    """As :func:`play_until_sale`, but ``seat`` unloads every lot as Ruby and sells only
    once it has unloaded two: its sale then asks which Ruby lot ages first, a move of
    its own after the die."""
    stored = 0
    for _ in range(limit):
        acting = table.to_act()
        assert acting is not None, "the match ended before a sale"
        if acting < 0:
            continue
        view = table.view(acting)
        if not view["actions"]:
            continue
        has_cellar = "Your cellar" in view["board"] and cellar_has_barrels(view["board"])
        if acting == seat:
            has_cellar = has_cellar and stored >= 2
        move = sale_path(view["actions"], has_cellar, table.rng)
        if acting == seat and move["type"] == "store":
            move = next(a for a in view["actions"]
                        if a["type"] == "store" and a["kind"] == "ruby")
            stored += 1
        if acting == seat and is_sale(move):
            return move
        table.move(acting, move)
    raise AssertionError("no sale of two lots came")


def test_another_seat_s_sale_over_several_moves_is_one_panel(
        browser: Any, server: ServerProcess) -> None:
    # Bo (through the API, as a bot moves: one move at a time) sells two Ruby lots: the
    # die, then his choice of the lot that ages first, then the other lot and the sale.
    # Ana's page shows one panel for it, that grows with each move of the sale and lists
    # the roll, every lot and what was paid; not a second panel for the rest of the sale.
    table = Table(server.url)
    sale = play_until_two_lot_sale(table, 1)
    page = new_page(browser)
    table.opened(page, 0)
    assert not page.is_visible("#moment")
    table.move(1, sale)
    page.wait_for_selector("#moment:not([hidden])")
    panel = page.get_attribute("#moment", "data-n")
    assert page.inner_text("#moment-lines").startswith("The ageing die shows")
    assert [a["type"] for a in table.view(1)["actions"]][:1] == ["age_lot"]
    before = version(page)
    finish_move(table, 1)
    page.wait_for_function(
        f"Number(document.getElementById('match').dataset.version) > {before}")
    page.wait_for_function("[...document.querySelectorAll('#log li')].some(li => "
                           "li.textContent.startsWith('Bo sells') || "
                           "li.textContent.startsWith('No row is full'))")
    assert page.is_visible("#moment")
    assert page.get_attribute("#moment", "data-n") == panel  # the same panel, grown
    lines = page.eval_on_selector_all("#moment-lines li", "ls => ls.map(l => l.textContent)")
    assert lines[0].startswith("The ageing die shows"), lines
    lots = [line for line in lines if line.startswith("Bo's Ruby lot")]
    assert len(lots) == 2 and all("+ die" in line for line in lots), lines
    assert any(line.startswith(("Bo sells", "No row is full")) for line in lines), lines
    # One panel: nothing of the sale waits behind it.
    if page.inner_text("#moment-close") == "Next":  # (only the end of a round may)
        page.click("#moment-close")
        assert page.inner_text("#moment-title").endswith(" ends")
    page.click("#moment-close")
    assert not page.is_visible("#moment")
    assert page.js_errors == []


def top_of(page: Any, selector: str) -> float:
    return float(page.eval_on_selector(selector, "e => e.getBoundingClientRect().top"))


def click_where_it_is(page: Any, selector: str) -> None:
    """A click at the element's place on the screen, as a person makes it (no scrolling
    it into view first, as Playwright's own click would)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None and box["y"] >= 0
    assert box["y"] + box["height"] <= page.viewport_size["height"]
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.parametrize(("phone", "where"), [(False, "board"), (True, "board"),
                                               (True, "moves")])
def test_placing_markers_leaves_the_view_where_the_player_put_it(
        browser: Any, server: ServerProcess, phone: bool, where: str) -> None:
    # Ana's overseer is out (so a circle is one move: markers), Bo has passed. She looks
    # at the action table (or, on a phone, at the list of moves under the board), and
    # places a marker on Plant a red vine: the move is made and the next step offers one
    # move (the page gets shorter), yet what she looked at stays where it was.
    table = Table(server.url)
    while table.to_act() != 0:
        table.move(1, next(a for a in table.view(1)["actions"] if a["type"] == "pass"))
    overseer = next(a for a in table.view(0)["actions"]
                    if a["type"] == "place" and a["overseer"] and a["name"] == "First player")
    table.move(0, overseer)
    while table.to_act() == 1:
        table.move(1, next(a for a in table.view(1)["actions"] if a["type"] == "pass"))
    page = new_page(browser, phone=phone)
    page.goto(table.url(0))
    column = ".vt-column:has(.vt-column-name:text-is('Plant a red vine'))"
    page.wait_for_selector(f"{column} .vt-circle.pickable")
    seen = ".vt-actions" if where == "board" else "#actions"
    page.eval_on_selector(seen, "e => scrollTo(0, e.getBoundingClientRect().top "
                          "+ scrollY - 250)")
    page.wait_for_timeout(200)
    looked_at = top_of(page, seen)
    # (250 from the top, or as near as the page's end lets it come: on a seat's page the
    # action table follows the mat)
    assert 0 <= looked_at < page.viewport_size["height"] - 150, looked_at
    before = version(page)
    click_where_it_is(page, f"{column} .vt-circle.pickable" if where == "board"
                      else "#actions button:text-is('Plant a red vine: 1 marker')")
    page.wait_for_function(f"Number(document.getElementById('match').dataset.version) > {before}")
    page.wait_for_selector(".vt-vine.pickable")  # the next step: where to plant it
    page.wait_for_timeout(300)
    assert abs(top_of(page, seen) - looked_at) < 2, (looked_at, page.evaluate("scrollY"))
    assert page.js_errors == []


@pytest.mark.parametrize("phone", [False, True])
def test_the_river_reads_as_one_river_from_gaia_upstream(
        browser: Any, server: ServerProcess, phone: bool) -> None:
    # Gaia, Baixo Corgo, Cima Corgo, Douro Superior: in one row from the left on a
    # laptop, in one column from the top on a phone (never two rows of two), the page no
    # wider than the phone.
    table = Table(server.url)
    page = new_page(browser, phone=phone)
    page.goto(table.url(0))
    page.wait_for_selector(".vt-douro")
    ports = [page.locator(f"[data-key='port-{p}'] .vt-port").bounding_box() for p in range(4)]
    assert all(ports)
    names = [page.inner_text(f"[data-key='port-{p}'] .vt-port-name") for p in range(4)]
    assert names[0] == "Vila Nova de Gaia" and names[-1] == "Douro Superior"
    along, across = ("y", "x") if phone else ("x", "y")
    assert all(abs(b[across] - ports[0][across]) < 1 for b in ports), ports
    assert all(a[along] + (a["height"] if phone else a["width"]) <= b[along] + 0.5
               for a, b in itertools.pairwise(ports)), ports
    if phone:
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # Each port's estates lie beside it, within the screen.
        estates = page.eval_on_selector_all(".vt-estate", "es => es.map(e => "
                                            "e.getBoundingClientRect().right)")
        assert estates and max(estates) <= 390
        # A boat's owner is read whole on the narrow band: one line, not a letter a line.
        hull = page.locator(".vt-boat .vt-hull").first.bounding_box()
        assert hull is not None and hull["height"] < 20
    assert page.js_errors == []


def test_the_panel_of_a_round_s_end_says_what_it_settled_in_one_line(
        browser: Any, server: ServerProcess) -> None:
    # Both pass, so round I ends: its panel says the cards are refreshed, the markers
    # back and who begins round II, and lists no card dealt face up (the log does).
    table = Table(server.url)
    page = new_page(browser)
    table.opened(page, 0)
    for _ in range(2):  # Ana passes on her page, Bo through the API
        if table.to_act() == 1:
            table.move(1, next(a for a in table.view(1)["actions"] if a["type"] == "pass"))
        else:
            page.click("#actions button[data-type='pass']")
            page.wait_for_function("document.getElementById('match').dataset.toAct !== '0'")
    page.wait_for_selector("#moment:not([hidden])")
    assert page.inner_text("#moment-title") == "Round I ends"
    lines = page.eval_on_selector_all("#moment-lines li", "ls => ls.map(l => l.textContent)")
    assert len(lines) == 1, lines
    assert "new cards are laid face up" in lines[0] and "markers and overseer" in lines[0]
    assert "first-player token and begin" in lines[0] and "round II" in lines[0]
    assert "Laid face up: " in page.inner_text("#log").split("Round I ends")[1]
    assert page.js_errors == []


def test_a_seat_sees_its_mat_under_the_douro_above_the_fold(
        browser: Any, server: ServerProcess) -> None:
    # At 1280x900 the seat's cellar (where the Gaia box says lots unload) starts on the
    # first screen, under the Douro and before the action table; a spectator keeps the
    # table's order (no mat).
    table = Table(server.url)
    page = new_page(browser)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(table.url(0))
    page.wait_for_selector(".vt-mine")
    cellar = page.locator(".vt-mine .vt-columns").bounding_box()
    douro = page.locator(".vt-douro").bounding_box()
    actions = page.locator(".vt-actions").bounding_box()
    assert cellar and douro and actions
    assert douro["y"] + douro["height"] <= cellar["y"] < actions["y"], (douro, cellar, actions)
    assert cellar["y"] + cellar["height"] <= 900, cellar
    watcher = new_page(browser)
    watcher.goto(server.url + f"/watch/{table.created['id']}")
    watcher.wait_for_selector(".vt-actions")
    assert watcher.query_selector(".vt-mine") is None
    assert page.js_errors == [] and watcher.js_errors == []
