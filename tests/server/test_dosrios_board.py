"""Dos Rios's board in the browser: without a browser, the board renders at every kind of
step, draws the map's parts (terrain, rivers with their flow, dams, workers, buildings,
irrigation), every legal move can be made by clicking things on it (``data-pick``), a
seat's page holds nothing a spectator's lacks but its own buttons, and an attack, a
harvest, the Bandits, a re-route and the end open panels that say why; with a browser, a
whole match played by clicks against a bot."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ludoteca.core.flow import AutoStep, ChanceStep
from ludoteca.core.registry import load_game
from ludoteca.games.dosrios import DosRiosOptions
from ludoteca.games.dosrios import steps as dosrios_steps
from ludoteca.games.dosrios.actions import Attack, Build, Dam, Move
from ludoteca.games.dosrios.state import DosRiosState
from ludoteca.games.dosrios.web import moment
from ludoteca.server.views import Boards, SeatInfo, board_for, table_for
from tests.dosrios.helpers import CARD, TOWN, H, act, all_turned, build_here, put, ready
from tests.server.conftest import new_page, seat_url
from tests.server.serverproc import ServerProcess
from tests.server.test_browser import check_end, play_by_clicking
from tests.server.test_vintage_board import fits, picks_of

NAMES = ["Ana", "Bo", "Cy", "Di"]


def seats_for(n: int) -> list[SeatInfo]:
    return [SeatInfo(s, "human", None, NAMES[s]) for s in range(n)]


def unreachable(state: DosRiosState, page: str) -> list[str]:
    """The legal moves that clicking the board cannot make: every element that fits a
    move, clicked together, must leave that move alone (as match.js narrows)."""
    picks = picks_of(page)
    moves = [state.action_to_json(a) for a in state.legal_actions()]
    missing = []
    for move in moves:
        chosen: dict[str, Any] = {}
        for fields in picks:
            if fits(move, fields):
                chosen.update(fields)
        if not chosen or [m for m in moves if fits(m, chosen)] != [move]:
            missing.append(move["label"])
    return missing


def chance(state: DosRiosState, rng: random.Random) -> None:
    outcomes = state.chance_outcomes()
    state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])


def positions() -> list[DosRiosState]:
    """Decision nodes of random matches of 2, 3 and 4 players (moves, attacks, builds and
    dams preferred over ending the turn, so that the board fills), every ChooseRiver and
    MustLeave met, and a scripted MustLeave."""
    out = []
    g = load_game("dosrios")
    for seed in range(4):
        rng = random.Random(seed)
        # the last match lets the start player choose the first river
        options = {"max_rounds": 6, "river_order": "choose" if seed == 3 else "verde_first"}
        s = g.new_initial_state(2 + seed % 3, options=options)
        while not s.is_terminal():
            if s.is_chance_node():
                chance(s, rng)
                continue
            legal = s.legal_actions()
            if rng.random() < 0.25 or type(s.next_step()).__name__ in ("MustLeave",
                                                                      "ChooseRiver"):
                out.append(s.clone())
            busy = [a for a in legal if s.action_to_json(a)["type"] != "end_turn"]
            s.apply_action(rng.choice(busy if busy and rng.random() < 0.9 else legal))
        out.append(s)
    return [*out, must_leave()]


def must_leave() -> DosRiosState:
    """A worker that entered an opposing Farm in passing and must leave it."""
    s = ready(2)
    all_turned(s)
    build_here(s, 1, (3, 5), "farm")
    put(s, 0, (3, 4))
    act(s, Move(H(3, 4), H(3, 5)))
    assert type(s.next_step()).__name__ == "MustLeave"
    return s


@pytest.fixture(scope="module")
def all_positions() -> list[DosRiosState]:
    return positions()


def decision_steps() -> set[str]:
    return {name for name, obj in vars(dosrios_steps).items()
            if isinstance(obj, type) and issubclass(obj, dosrios_steps.Step)
            and obj is not dosrios_steps.Step and obj.__module__ == dosrios_steps.__name__
            and not issubclass(obj, AutoStep | ChanceStep)}


def page_of(state: DosRiosState, viewer: int | None) -> str:
    boards = Boards()
    seats = seats_for(state.num_players)
    return board_for(boards, state, viewer, seats, table_for(boards, state, seats))


def test_the_board_renders_at_every_kind_of_step(all_positions: list[DosRiosState]) -> None:
    boards = Boards()
    met = set()
    for s in all_positions:
        seats = seats_for(s.num_players)
        if not s.is_terminal():
            met.add(type(s.next_step()).__name__)
        table = table_for(boards, s, seats)
        assert table is not None and "dr-map" in table
        for viewer in {None, 0, s.num_players - 1}:
            page = board_for(boards, s, viewer, seats, table)
            assert 'data-game="dosrios"' in page
            # a seat's own buttons, until the end, where nothing is left to choose
            assert ("Your moves" in page) == (viewer is not None and not s.is_terminal())
    assert met == decision_steps(), decision_steps() - met


def test_every_legal_move_is_a_click_on_the_board(all_positions: list[DosRiosState]) -> None:
    checked = 0
    for s in all_positions:
        if s.is_terminal():
            continue
        page = page_of(s, s.current_player())
        assert unreachable(s, page) == [], type(s.next_step()).__name__
        checked += len(s.legal_actions())
    assert checked > 1000


def test_a_seat_s_page_holds_only_the_public_table_and_its_own_buttons(
        all_positions: list[DosRiosState]) -> None:
    # Nothing in Dos Rios is private but the stack's order: every seat's page is the
    # spectator's table (names aside) plus that seat's buttons, and two worlds a seat
    # cannot tell apart (a determinization: the stack reshuffled) give it the same page.
    rng = random.Random(7)
    compared = 0
    for s in all_positions[::6]:
        spectator = page_of(s, None)
        assert "dr-mine" not in spectator and "Your moves" not in spectator
        for viewer in range(s.num_players):
            mine = page_of(s, viewer)
            assert page_of(s.determinize(viewer, rng), viewer) == mine
            # the table inside is the spectator's: same number of every drawn part
            for part in ("dr-hexshape", "dr-worker ", "dr-farm", "dr-estate", "dr-dam\"",
                         "dr-card "):
                assert mine.count(part) == spectator.count(part), part
            compared += 1
    assert compared > 10


def test_the_map_draws_terrain_height_irrigation_and_the_frame() -> None:
    s = ready(2)
    page = page_of(s, 0)
    hexes = s.observation(None)["board"]["hexes"]
    assert page.count('class="dr-hexshape') == len(hexes) == 49
    for h in hexes:
        assert f"dr-t-{h['terrain']}" in page
    irrigated = sum(h["irrigated"] for h in hexes)
    assert irrigated > 0 and page.count("dr-hexshape dr-t-") == 49
    assert len(re.findall(r'class="dr-hexshape dr-t-\w+ irrigated"', page)) == irrigated
    assert page.count('class="dr-drop"') == irrigated
    # heights: hills 3, forests 2, fields 1 (the edition's), written in each hex
    assert re.search(r"\(\d,\d\) hill, height 3", page)
    assert re.search(r"\(\d,\d\) forest, height 2", page)
    assert 'class="dr-frame"' in page and page.count('class="dr-mountain"') == 5
    assert "Lake West" in page and "Lake East" in page and "Town" in page
    assert "west path" in page and "east path" in page


def test_each_river_is_drawn_along_its_course_with_arrows() -> None:
    s = ready(2)
    obs = s.observation(None)
    page = page_of(s, None)
    for r, name in ((0, "Verde"), (1, "Moreno")):
        line = re.search(rf'<polyline class="dr-river dr-river{r}"[^>]*points="([^"]+)"', page)
        assert line is not None, name
        points = line.group(1).split()
        # a point per node and one per side crossed: source, (side, node) per segment
        assert len(points) == 1 + 2 * len(obs["rivers"][r]["sides"])
        ys = [float(p.split(",")[1]) for p in points]
        assert ys[-1] > ys[0]  # it runs downhill, from the source
        assert f'marker-mid="url(#dr-arrow{r})"' in line.group(0)
        assert f"Rio {name}" in page


def test_dams_workers_and_buildings_are_drawn_by_colour() -> None:
    s = ready(2)
    all_turned(s)
    put(s, 0, (3, 4), 2)
    put(s, 1, (1, 4))
    build_here(s, 0, (3, 5), "farm")
    build_here(s, 1, (5, 5), "estate")
    s.logs[0] = 2
    dam = next(a for a in s.legal_actions() if isinstance(s.t.codec.decode(a), Dam))
    s.apply_action(dam)
    page = page_of(s, 0)
    hex34 = re.search(rf'data-key="hex-{H(3, 4)}".*?</g>\s*</g>\s*</g>', page, re.S)
    assert hex34 is not None and hex34.group(0).count("dr-worker dr-f0") == 2
    assert 'cx="-7"' in hex34.group(0) and 'cx="7"' in hex34.group(0)  # side by side
    assert page.count('class="dr-farm dr-f0"') == 1
    assert page.count('class="dr-estate dr-f1"') == 1
    assert page.count('class="dr-dam"') == len(s.observation(None)["dams"]) == 1


def test_the_board_labels_its_columns_and_rows_along_the_edges() -> None:
    # The words name a hex "(c,r)": each column's number stands above it, each row's
    # number on both sides level with that row's hexes in the even columns.
    s = ready(2)
    page = page_of(s, 0)
    at = {s.t.pos[int(k)]: (float(x), float(y)) for k, x, y in re.findall(
        r'data-key="hex-(\d+)" transform="translate\(([\d.]+) ([\d.]+)\)"', page)}
    assert len(at) == s.t.num_hexes
    cols = {int(t): float(x) for x, t in
            re.findall(r'class="dr-coord dr-col" x="([\d.]+)"[^>]*>(\d+)<', page)}
    assert cols == {c: x for (c, _), (x, _) in at.items()}
    rows: dict[int, list[tuple[float, float]]] = {}
    for x, y, t in re.findall(r'class="dr-coord dr-rowlabel" x="([\d.]+)" y="([\d.]+)"'
                              r'>(\d+)<', page):
        rows.setdefault(int(t), []).append((float(x), float(y)))
    assert set(rows) == {r for _, r in at}
    for (c, r), (_x, y) in at.items():
        if c % 2 == 0:
            assert all(abs(ly - 3 - y) < 0.01 for _, ly in rows[r]), (c, r)
    sides = {lx for labels in rows.values() for lx, _ in labels}
    assert len(sides) == 2 and min(sides) < min(x for x, _ in at.values()) - 28 \
        and max(sides) > max(x for x, _ in at.values()) + 28


def test_a_worker_then_a_hex_is_a_move_and_a_hex_then_a_kind_a_building() -> None:
    s = ready(2)
    put(s, 0, (3, 4))
    s.money[0] = 1000
    page = page_of(s, 0)
    picks = picks_of(page)
    moves = [s.action_to_json(a) for a in s.legal_actions()]
    src = {"src": H(3, 4)}
    assert src in picks and {"src": TOWN} in picks
    to = [m for m in moves if fits(m, src)]
    assert to and all({"dst": m["dst"]} in picks for m in to)
    builds = [m for m in moves if m["type"] == "build" and m["hex"] == H(3, 4)]
    assert {b["kind"] for b in builds} == {"farm", "estate"}
    assert {"hex": H(3, 4)} in picks and {"kind": "farm"} in picks
    assert {"kind": "estate"} in picks and {"type": "end_turn"} in picks


def test_a_dam_is_a_click_on_a_hex_side() -> None:
    s = ready(2)
    s.logs[0] = 1
    put(s, 0, (3, 4))
    moves = [s.action_to_json(a) for a in s.legal_actions()]
    dams = [m for m in moves if m["type"] == "dam"]
    assert dams
    picks = picks_of(page_of(s, 0))
    for d in dams:
        assert {"side_hex": d["side_hex"], "direction": d["direction"]} in picks
        # and that side alone names one legal move
        assert [m for m in moves if fits(m, {"side_hex": d["side_hex"],
                                             "direction": d["direction"]})] == [d]


def test_the_first_card_of_the_row_is_marked_as_the_one_that_activates() -> None:
    s = ready(2, row=["maize", "forest", "verde"])
    page = page_of(s, None)
    row = re.findall(r'class="dr-card dr-k-(\w+)( first)?"', page)
    assert row == [("maize", " first"), ("forest", ""), ("verde", "")]
    assert "activates" in page and "stack <b>" in page


def test_an_attack_opens_a_panel_that_says_why() -> None:
    s = ready(2)
    all_turned(s)
    put(s, 1, (3, 4))
    put(s, 0, (2, 3))
    put(s, 0, (4, 3))
    attack = next(a for a in s.legal_actions() if isinstance(s.t.codec.decode(a), Attack))
    act(s, s.t.codec.decode(attack))
    titles = [moment(e) for e in s.events()]
    assert "An attack: two workers drive the lone defender back to the Town" in titles


def test_a_pair_driven_off_gets_a_title_of_its_own() -> None:
    # R12: a pair falls only to two attackers both from higher ground; the lone
    # defender's title would be wrong above it.
    s = ready(2)
    all_turned(s)
    t = s.t
    target, high = next((x, up) for x in range(t.num_hexes)
                        if len(up := [y for y in t.adjacent[x] if y < t.num_hexes
                                      and s.height[y] > s.height[x]]) >= 2)
    put(s, 1, t.pos[target], 2)
    put(s, 0, t.pos[high[0]])
    put(s, 0, t.pos[high[1]])
    attack = next(a for a in map(t.codec.decode, s.legal_actions())
                  if isinstance(a, Attack) and a.target == target)
    act(s, attack)
    titles = [moment(e) for e in s.events()]
    assert "An attack: two workers from higher ground drive the pair back to the Town" \
        in titles
    assert not any(t and "lone defender" in t for t in titles)


def test_an_attack_from_higher_ground_opens_a_panel_that_says_why() -> None:
    s = ready(2)
    all_turned(s)
    hexes = s.observation(None)["board"]["hexes"]
    # a hill next to a field: the lone worker on the hill drives the one on the field off
    for h in hexes:
        if h["terrain"] != "hill":
            continue
        low = [y for y in s.t.adjacent[h["hex"]] if y < 49
               and hexes[y]["terrain"] in ("tobacco", "maize", "wheat")]
        if low:
            break
    s.put_worker(0, TOWN, h["hex"])
    s.put_worker(1, TOWN, low[0])
    act(s, Move(h["hex"], low[0]))
    titles = [moment(e) for e in s.events()]
    assert "An attack from higher ground: the defender goes back to the Town" in titles


def _maize_harvest(paid: bool) -> tuple[list[str | None], list[dict[str, Any]]]:
    """The maize card activated with a worker of Ana's on an irrigated maize hex (``paid``)
    or on none: the panels' titles of its events, and Ana's log entries of the match."""
    from ludoteca.games.dosrios.actions import Activate, EndTurn
    from ludoteca.server.views import log_entries

    s = ready(2, row=["maize", "forest", "verde"])
    maize = s.t.card_crop[CARD["maize"]]
    if paid:
        wet = next(x for x in sorted(s.irrigated()) if s.terrain[x] == maize)
        s.put_worker(0, TOWN, wet)
    played: list[tuple[int, Any]] = []
    while type(s.next_step()).__name__ != "Harvest":  # the first turns harvest nothing
        seat = s.current_player()
        act(s, EndTurn())
        played.append((seat, s.events()))
    act(s, Activate())
    played.append((0, s.events()))
    return [moment(e) for e in s.events()], log_entries(s, 0, played)


def test_a_harvest_that_pays_nobody_opens_no_panel() -> None:
    titles, entries = _maize_harvest(paid=False)
    assert titles and not any(titles), titles
    (line,) = [e for e in entries if e["text"].startswith("You activate the Maize card")]
    assert "moment" not in line, line  # what match.js opens a panel for


def test_a_harvest_and_the_bandits_open_panels_that_say_why() -> None:
    titles, entries = _maize_harvest(paid=True)
    title = "The maize harvest: 100 for each irrigated maize hex a player holds"
    assert title in titles
    (line,) = [e for e in entries if e["text"].startswith("You activate the Maize card")]
    assert line.get("moment") == title, line
    from ludoteca.core.events import everyone

    bandits = moment(everyone("bandits", river=1, shot=[]))
    assert bandits is not None and bandits.startswith("Bandits ride down Rio Moreno")
    assert "three at most" in bandits and CARD["bandits_moreno"] >= 0
    assert moment(everyone("end", winners=[0], reason="victory")) == "The match is over"


def test_a_diverting_dam_opens_a_re_route_panel(all_positions: list[DosRiosState]) -> None:
    found = 0
    for s in all_positions:
        for e in s.events():
            if e.kind == "dammed":
                assert (moment(e) == "A dam re-routes the river") == bool(e.data["diverts"])
                found += 1
    assert found > 0


def test_a_build_is_reachable_with_its_kind() -> None:
    s = ready(2)
    put(s, 0, (3, 4))
    s.money[0] = 500
    page = page_of(s, 0)
    legal = [s.action_to_json(a) for a in s.legal_actions()]
    farm = next(m for m in legal if m["type"] == "build")
    assert isinstance(s.t.codec.decode(farm["action"]), Build)
    assert unreachable(s, page) == []


def test_dosrios_match_in_the_browser(browser: Any, server: ServerProcess) -> None:
    # One person against a bot, most moves by clicking the board (a worker then a hex, a
    # hex, a side, the first card), two rounds: the match ends and the page says so.
    import httpx

    r = httpx.post(server.url + "/api/matches", json={
        "game": "dosrios", "players": 2, "options": {"max_rounds": 2},
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "easy"}]}, timeout=30)
    assert r.status_code == 201, r.text
    created = r.json()
    host = new_page(browser)
    host.goto(seat_url(server.url, created, 0))
    host.wait_for_selector("#board [data-game=dosrios] .dr-map")
    moves = play_by_clicking({0: host}, [], random.Random(5), limit=3000, board_share=0.85)
    assert moves > 10
    check_end({0: host}, [])
    assert host.js_errors == []


def test_the_lobby_offers_dos_rios_with_its_options_and_the_rules_page_works(
        client: Any) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    entry = games["dosrios"]
    assert entry["title"] == "Dos Rios" and entry["player_counts"] == [2, 3, 4]
    assert entry["summary"][1].startswith("Goal:")
    options = {o["name"]: o for o in entry["options"]}
    assert set(options) == set(DosRiosOptions.model_fields)
    for o in options.values():
        assert o["label"] and o["help"] and o["rulings"]
    rules = client.get("/rules/dosrios")
    assert rules.status_code == 200
    assert 'id="R1"' in rules.text and 'id="R10"' in rules.text


def test_a_seat_s_table_and_the_spectator_s_page_carry_the_board(client: Any) -> None:
    created = client.post("/api/matches", json={
        "game": "dosrios", "players": 2,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "easy"}]}).json()
    token = next(s["token"] for s in created["seats"] if s["seat"] == 0)
    seat = client.get(f"/play/{token}").text
    watch = client.get(f"/watch/{created['id']}").text
    css = '<link rel="stylesheet" href="/games/dosrios/web/board.css">'
    for page in (seat, watch):
        assert css in page and 'class="dr-map"' in page and "generic-board" not in page
    assert "Your moves" in seat and 'class="dr-mine' not in watch


def test_the_board_fits_a_phone(browser: Any, server: ServerProcess) -> None:
    import httpx

    created = httpx.post(server.url + "/api/matches", json={
        "game": "dosrios", "players": 2,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "easy"}]}, timeout=30).json()
    page = new_page(browser, phone=True)
    page.goto(seat_url(server.url, created, 0))
    page.wait_for_selector("#board .dr-map")
    assert page.evaluate("document.documentElement.scrollWidth") <= 392
    box = page.locator("#board .dr-map").bounding_box()
    assert box is not None and 300 < box["width"] <= 390
    # a first move by clicking the board: where a river flows, or a worker's place
    page.wait_for_selector("#board .dr-hexpick.pickable, #board .dr-to.pickable")
    before = int(page.get_attribute("#match", "data-version"))
    page.locator("#board .dr-hexpick.pickable, "
                 "#board .dr-to.pickable .dr-hexpick").first.click()
    page.wait_for_function(
        "v => Number(document.getElementById('match').dataset.version) > v", arg=before)
    assert page.js_errors == []


def test_a_move_carries_its_cost_and_the_board_a_number_for_each_cost_into_a_hex() -> None:
    s = ready(2)
    build_here(s, 0, (3, 5), "estate")
    page = page_of(s, 0)
    moves = [s.action_to_json(a) for a in s.legal_actions()]
    into = {(m["src"], m["dst"]): m["cost"] for m in moves if m["type"] == "move"}
    assert into.pop((TOWN, H(3, 5))) == 2
    assert into and set(into.values()) == {1}
    costs = {(f["dst"], f["cost"]) for f in picks_of(page) if "cost" in f}
    assert {(H(3, 5), 1), (H(3, 5), 2), (H(3, 4), 1)} <= costs
    assert (H(3, 4), 2) not in costs  # 2 points only ever lead into an Estate


# ----- in Chromium: a position of our own on a seat's page -------------------------------


def open_position(browser: Any, server: ServerProcess, state: DosRiosState,
                  viewer: int = 0) -> tuple[Any, list[dict[str, Any]]]:
    """A seat's page in Chromium showing ``state``: a new match's page whose view is
    replaced by ``state``'s (its board and legal moves), its live connection answered by
    nobody, and the moves it sends caught, not played. Returns the page and the list the
    moves sent are appended to (each the ``action`` fields match.js posts)."""
    import json

    import httpx

    n = state.num_players
    created = httpx.post(server.url + "/api/matches", json={
        "game": "dosrios", "players": n,
        "seats": [{"kind": "me"}] + [{"kind": "invite"}] * (n - 1)}, timeout=30).json()
    url = seat_url(server.url, created, viewer)
    sent: list[dict[str, Any]] = []
    page = new_page(browser)

    def serve(route: Any) -> None:
        response = route.fetch()
        html = response.text()
        found = re.search(r'(<script type="application/json" id="view-data">)(.*?)(</script>)',
                          html, re.S)
        assert found is not None
        view = json.loads(found.group(2))
        view.update(version=view["version"] + 1, to_act=state.current_player(),
                    board=page_of(state, viewer), log=[], finished=state.is_terminal(),
                    actions=[] if state.is_terminal() or state.current_player() != viewer
                    else [state.action_to_json(a) for a in state.legal_actions()])
        text = json.dumps(view).replace("<", "\\u003c").replace(">", "\\u003e") \
            .replace("&", "\\u0026")
        html = html[:found.start(2)] + text + html[found.end(2):]
        route.fulfill(response=response, body=html)

    def caught(route: Any) -> None:
        sent.append(json.loads(route.request.post_data)["action"])
        route.fulfill(status=200, json={"version": 0})

    page.route(url, serve)
    page.route("**/api/matches/*/moves", caught)
    page.route_web_socket("**/live*", lambda ws: None)
    page.goto(url)
    page.wait_for_selector("#board .dr-map")
    return page, sent


def worker(page: Any, x: int) -> Any:
    """The viewer's workers on location ``x`` (a hex, or the Town)."""
    where = f'[data-key="sink-{x}"]' if x == TOWN else f'[data-key="hex-{x}"]'
    return page.locator(f'#board {where} .dr-workers[data-seat="0"]')


def test_a_two_worker_attack_takes_its_attackers_in_either_order(
        browser: Any, server: ServerProcess) -> None:
    # Two attackers next to the lone defender on (3, 4): one on (2, 3), a pair on (4, 3).
    s = ready(2)
    all_turned(s)
    put(s, 1, (3, 4))
    put(s, 0, (2, 3))
    put(s, 0, (4, 3), 2)
    target, lone, pair = H(3, 4), H(2, 3), H(4, 3)
    attacks = {}
    for a in s.legal_actions():
        item = s.t.codec.decode(a)
        if isinstance(item, Attack) and item.target == target:
            adj = s.t.adjacent[target]
            attacks[frozenset((adj[item.a], adj[item.b]))] = a
    assert set(attacks) == {frozenset((lone, pair)), frozenset((pair,))}
    page, sent = open_position(browser, server, s)
    # Nothing goes before the second attacker is chosen, even where the first one names
    # the attack alone (the lone worker is in one attack only): a misclick costs a worker.
    for clicks, expected in (([lone, pair], {lone, pair}), ([pair, lone], {lone, pair}),
                             ([pair, pair], {pair})):
        page.locator(f'#board [data-key="hex-{target}"] .dr-hexshape').click()
        for x in clicks:
            worker(page, x).click()
            if x is not clicks[-1]:
                assert not wait_sent(page, sent, 1000), (clicks, sent)
        assert wait_sent(page, sent, 10_000), clicks
        assert len(sent) == 1, (clicks, sent)
        assert sent.pop()["action"] == attacks[frozenset(expected)], clicks
    assert page.js_errors == []


def test_an_attack_by_a_pair_alone_is_sent_only_once_both_are_chosen(
        browser: Any, server: ServerProcess) -> None:
    # The only attack on (3, 4) is by the pair on (4, 3): the target alone names it, and
    # so does one click on the pair, yet the legend asks for the hex, then both workers.
    s = ready(2)
    all_turned(s)
    put(s, 1, (3, 4))
    put(s, 0, (4, 3), 2)
    target, pair = H(3, 4), H(4, 3)
    attacks = [a for a in s.legal_actions() if isinstance(s.t.codec.decode(a), Attack)]
    assert len(attacks) == 1
    page, sent = open_position(browser, server, s)
    legend = page.inner_text('#board [data-key="legend"]')
    assert "click the opposing hex, then each of your two attackers (a pair: its hex twice)" \
        in legend, legend
    page.locator(f'#board [data-key="hex-{target}"] .dr-hexshape').click()
    assert not wait_sent(page, sent, 1000), sent
    worker(page, pair).click()
    assert not wait_sent(page, sent, 1000), sent
    assert "1 move fits your selection" in page.inner_text("#pick-note")
    worker(page, pair).click()
    assert wait_sent(page, sent, 10_000)
    assert [m["action"] for m in sent] == attacks
    assert "needs" not in sent[0]  # the board's hint is not part of the move
    assert page.js_errors == []


def shown(locator: Any) -> bool:
    return bool(locator.evaluate("e => getComputedStyle(e).display !== 'none'"))


def stroke(locator: Any) -> str:
    return str(locator.evaluate("e => getComputedStyle(e).stroke"))


ATTACK_RED = "rgb(213, 0, 0)"


def higher_ground() -> tuple[tuple[int, int], tuple[int, int]]:
    """A hex and a lower neighbour of it, on the default board."""
    s = ready(2)
    t = s.t
    for a in range(t.num_hexes):
        for b in t.adjacent[a]:
            if b < t.num_hexes and s.height[a] > s.height[b]:
                return t.pos[a], t.pos[b]
    raise AssertionError("no higher ground on the board")


def test_an_attack_carries_a_red_badge_of_its_own_and_a_move_none(
        browser: Any, server: ServerProcess) -> None:
    # A two-worker target shows its badge at once; a lone worker below one of ours is a
    # move that attacks: its badge and red outline show once our worker is chosen, while
    # a plain destination keeps the move's colour and no badge.
    high, low = higher_ground()
    s = ready(2)
    all_turned(s)
    put(s, 0, high)
    put(s, 1, low)
    put(s, 1, (3, 4))
    put(s, 0, (2, 3))
    put(s, 0, (4, 3))
    moves = [s.t.codec.decode(a) for a in s.legal_actions()]
    assert Move(H(*high), H(*low)) in moves
    plain = next(m.dst for m in moves if isinstance(m, Move) and m.src == H(*high)
                 and m.dst < s.t.num_hexes and s.hex_seat[m.dst] < 0)
    page, sent = open_position(browser, server, s)
    hexg = lambda x: page.locator(f'#board [data-key="hex-{x}"]')  # noqa: E731
    assert shown(hexg(H(3, 4)).locator(".dr-atk-two"))
    assert stroke(hexg(H(3, 4)).locator(".dr-hexshape")) == ATTACK_RED
    assert not shown(hexg(H(*low)).locator(".dr-atk-move"))
    worker(page, H(*high)).click()
    assert shown(hexg(H(*low)).locator(".dr-atk-move"))
    assert stroke(hexg(H(*low)).locator(".dr-hexshape")) == ATTACK_RED
    assert hexg(plain).locator(".dr-atk").evaluate_all(
        "els => els.filter(e => getComputedStyle(e).display !== 'none')") == []
    assert stroke(hexg(plain).locator(".dr-hexshape")) not in (ATTACK_RED, "rgb(75, 58, 40)")
    assert not shown(hexg(H(3, 4)).locator(".dr-atk-two"))  # not an attack from there
    legend = page.locator('#board [data-key="legend"]')
    assert legend.locator(".dr-key.attack").count() == 1
    assert legend.locator(".dr-key.badge").count() == 1
    assert "an attack" in legend.inner_text()
    assert sent == [] and page.js_errors == []


def test_choosing_the_town_lights_up_one_s_own_counter_not_the_bot_s(
        browser: Any, server: ServerProcess) -> None:
    s = ready(2)
    all_turned(s)
    assert all(seat["town"] for seat in s.observation(0)["seats"])  # both in the Town
    page, sent = open_position(browser, server, s)
    mine, theirs = (page.locator(f'#board [data-key="sink-{TOWN}"] .dr-workers'
                                 f'[data-seat="{seat}"] .dr-worker') for seat in (0, 1))
    plain = stroke(theirs)
    assert stroke(mine) != plain  # ours can be clicked: it says so
    worker(page, TOWN).click()
    assert stroke(mine) == "rgb(255, 214, 0)"  # chosen
    assert stroke(theirs) == plain
    assert theirs.evaluate("e => getComputedStyle(e.closest('.dr-workers')).pointerEvents") \
        == "none"
    assert sent == [] and page.js_errors == []


def wait_sent(page: Any, sent: list[dict[str, Any]], ms: int) -> bool:
    """Whether the page sent a move within ``ms`` milliseconds (the routes answer while
    Playwright waits)."""
    for _ in range(ms // 100):
        if sent:
            return True
        page.wait_for_timeout(100)
    return bool(sent)


def visible_costs(page: Any, x: int) -> list[str]:
    return page.locator(f'#board [data-key="hex-{x}"] .dr-cost').evaluate_all(
        "els => els.filter(e => getComputedStyle(e).display !== 'none')"
        ".map(e => e.textContent.trim())")


def test_the_cost_into_one_s_own_estate_is_the_legal_move_s(
        browser: Any, server: ServerProcess) -> None:
    # Under own_estate_entry = adjacent the Estate on (3, 2) is one point from (3, 3) next
    # to it and still two from the Town; under the literal rule only the Town leads in.
    for entry, from_next_door in (("adjacent", ["1"]), ("literal", [])):
        s = ready(2, own_estate_entry=entry)
        build_here(s, 0, (3, 2), "estate")
        put(s, 0, (3, 3))
        page, _sent = open_position(browser, server, s)
        estate = H(3, 2)
        worker(page, TOWN).click()
        assert visible_costs(page, estate) == ["2"], entry
        assert visible_costs(page, H(3, 3)) == []  # not a move from the Town
        page.click("#cancel-pick")
        worker(page, H(3, 3)).click()
        assert visible_costs(page, estate) == from_next_door, entry
        assert page.js_errors == []


def test_after_the_end_the_turn_bar_says_the_match_is_over_and_who_won(
        browser: Any, server: ServerProcess) -> None:
    g = load_game("dosrios")
    rng = random.Random(3)
    s = g.new_initial_state(2, options={"max_rounds": 2})
    while not s.is_terminal():
        if s.is_chance_node():
            chance(s, rng)
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    winners = s.winners()
    page, _sent = open_position(browser, server, s)
    bar = page.inner_text("#board .dr-top")
    assert "The match is over" in bar and "Turn" not in bar, bar
    names = [NAMES[w] if w else "you" for w in winners]
    said = page.inner_text("#board .dr-won")
    assert all(name in said for name in names), (said, names)
    assert said.startswith("Won by" if len(winners) == 1 else "Shared by"), said
    assert page.js_errors == []


def test_without_motion_the_last_move_keeps_a_steady_glow_and_no_box(
        browser: Any, server: ServerProcess) -> None:
    # app.css draws a dashed box round what changed when motion is reduced; on the map
    # such a box would read as a pick or an attack, so the map keeps a glow instead.
    page, _sent = open_position(browser, server, ready(2))
    page.emulate_media(reduced_motion="reduce")
    hexg = page.locator(f'#board [data-key="hex-{H(3, 4)}"]')
    hexg.evaluate("e => e.classList.add('changed')")
    style = hexg.evaluate("e => { const s = getComputedStyle(e); return "
                          "[s.animationName, s.outlineStyle, s.filter]; }")
    assert style[0] == "none" and style[1] == "none", style
    assert "drop-shadow" in style[2], style
    legend = page.inner_text('#board [data-key="legend"]')
    assert "changed by the last move" in legend
    assert page.js_errors == []


def test_a_turn_limit_s_standings_and_lobby_line_show_the_deciding_cash() -> None:
    # R22: nobody built, cash decided; "0 buildings" for both would say nothing.
    from types import SimpleNamespace

    from ludoteca.games.dosrios.rules import end
    from ludoteca.server.matches import _stored_result
    from ludoteca.server.views import result_text, standings
    state = ready(2)
    state.money[:] = [300, 500]
    end.end_by_limit(state)
    rows = standings(state, 0, seats_for(2))
    assert [(r["names"], r["detail"]) for r in rows] == [
        ("Bo", "0 buildings, 0 irrigated, 500 cash"),
        ("Ana", "0 buildings, 0 irrigated, 300 cash")]
    assert "Bo won by the most money at the turn limit" in (
        result_text(state, 0, seats_for(2)) or "")
    # The lobby's line comes from the stored row, the same after a restart: the reason
    # stored at the end says a tie-break decided.
    row = SimpleNamespace(status="finished", scores=state.scores(), returns=state.returns(),
                          players=[{"name": "Ana"}, {"name": "Bo"}],
                          result_reason=state.result_reason())
    assert row.result_reason
    assert _stored_result(row) == "Bo won on the tie-break (0–0)"
