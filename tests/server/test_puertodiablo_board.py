"""Puerto Diablo's board in the browser, without a browser and then in Chromium: the board
renders at every kind of step, every legal move can be made by clicking things on it
(``data-pick``), a page shows only what its viewer may see (the characters another seat
chose to send ashore, the hands), a war, a challenge and the end open panels that say
why, and a whole match is played by clicks against a bot."""

from __future__ import annotations

import json
import random
from html import escape
from html.parser import HTMLParser
from typing import Any

import pytest

from ludoteca.core.events import everyone
from ludoteca.core.flow import AutoStep, ChanceStep
from ludoteca.core.registry import load_game
from ludoteca.games.puertodiablo import steps as pd_steps
from ludoteca.games.puertodiablo.actions import SendAshore
from ludoteca.games.puertodiablo.state import PuertoDiabloState
from ludoteca.server.views import Boards, SeatInfo, board_for, table_for

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


class Picks(HTMLParser):
    """The ``data-pick`` fields of every element of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.picks: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "data-pick" and value is not None:
                self.picks.append(json.loads(value))


def fits(action: dict[str, Any], fields: dict[str, Any]) -> bool:
    return all(action.get(k) == v for k, v in fields.items())


def unreachable(state: PuertoDiabloState, page: str) -> list[str]:
    """The legal moves that clicking the board cannot make: as match.js does, clicking
    every element that fits a move narrows the moves to those fitting all their fields
    together, which must leave that move alone."""
    parser = Picks()
    parser.feed(page)
    moves = [state.action_to_json(a) for a in state.legal_actions()]
    missing = []
    for move in moves:
        chosen: dict[str, Any] = {}
        for fields in parser.picks:
            if fits(move, fields):
                chosen.update(fields)
        if not chosen or [m for m in moves if fits(m, chosen)] != [move]:
            missing.append(move["label"])
    return missing


def seats_for(n: int) -> list[SeatInfo]:
    return [SeatInfo(s, "human", None, NAMES[s]) for s in range(n)]


def chance(state: PuertoDiabloState, rng: random.Random) -> None:
    outcomes = state.chance_outcomes()
    state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])


def positions() -> list[PuertoDiabloState]:
    """Decision nodes of random matches of 2 to 5 players; offers lean to the most a seat
    can give, so that challenges get resolved and purchases made."""
    out = []
    g = load_game("puertodiablo")
    for seed in range(8):
        rng = random.Random(seed)
        s: PuertoDiabloState = g.new_initial_state(2 + seed % 4)  # type: ignore[assignment]
        while not s.is_terminal():
            if s.is_chance_node():
                chance(s, rng)
                continue
            legal = s.legal_actions()
            if rng.random() < 0.3:
                out.append(s.clone())
            offers = [a for a in legal if a in s.t.offer_id]
            if offers and rng.random() < 0.8:
                s.apply_action(max(offers, key=s.t.offer_id.index))
            else:
                s.apply_action(rng.choice(legal))
        out.append(s)
    return out + scripted() + first_of({"CounterWindow", "PickCharacter"}) + with_options()


def with_options() -> list[PuertoDiabloState]:
    """Random matches with both options (the draft, hunts begun, money spent) and the
    treasure check's choices, each pushed on a harbour laid out by hand."""
    from tests.puertodiablo.helpers import char, table

    g = load_game("puertodiablo")
    t = g.tables
    out = []
    for seed in range(3):
        rng = random.Random(50 + seed)
        s: PuertoDiabloState = g.new_initial_state(  # type: ignore[assignment]
            2 + seed, options={"treasure": "on", "start": "advanced"})
        while not s.is_terminal():
            if s.is_chance_node():
                chance(s, rng)
                continue
            legal = s.legal_actions()
            if rng.random() < 0.2 or type(s.next_step()).__name__ in {"DraftPick", "StartBuy",
                                                                      "StartHunt"}:
                out.append(s.clone())
            hunts = [a for a in legal if a in {h for row in t.hunt_id for h in row}]
            s.apply_action(rng.choice(hunts) if hunts and rng.random() < 0.7
                           else rng.choice(legal))
    strongbox, altar = t.treasure_ids.index("T01"), t.treasure_ids.index("T04")
    titles = {name: t.abi_names.index(name) for name in ("Old Chart", "Dig Deeper",
                                                          "Claim Jumper")}
    for step in (pd_steps.ChooseSeeker(0, (char("C04"), char("C06"))),
                 pd_steps.BeforeRoll(0, char("C04")), pd_steps.AfterFailedRoll(0, char("C04")),
                 pd_steps.TreasureCounter(1, 0, char("C04")),
                 pd_steps.NewHunt(0, char("C04")), pd_steps.StartHunt(0)):
        s = table(2, {0: ["C01", "C03"], 1: ["C10"]}, options={"treasure": "on"})
        s.treasure_market = [altar]
        for c, x in ((char("C04"), strongbox), (char("C06"), altar + 1)):
            s.place[c], s.owner[c], s.hunt_of[c] = pd_steps.HUNTING, 0, x
        s.hand[0] = [titles["Old Chart"], titles["Dig Deeper"]]
        s.hand[1] = [titles["Claim Jumper"]]
        s.found_money[0] = [altar + 2]
        s.push(step)
        s._legal = None
        out.append(s)
    return out


def first_of(kinds: set[str]) -> list[PuertoDiabloState]:
    """The first position of each kind of step in ``kinds`` met by random matches
    (counters need an ability held and another's to succeed: seldom met by one walk)."""
    g = load_game("puertodiablo")
    found: dict[str, PuertoDiabloState] = {}
    for seed in range(100, 160):
        rng = random.Random(seed)
        s: PuertoDiabloState = g.new_initial_state(2 + seed % 3)  # type: ignore[assignment]
        while not s.is_terminal() and len(found) < len(kinds):
            if s.is_chance_node():
                chance(s, rng)
                continue
            kind = type(s.next_step()).__name__
            if kind in kinds and kind not in found:
                found[kind] = s.clone()
            s.apply_action(rng.choice(s.legal_actions()))
        if len(found) == len(kinds):
            break
    return list(found.values())


def scripted() -> list[PuertoDiabloState]:
    """Steps the walk seldom reaches, each pushed on a harbour laid out by hand: paying
    doubloons, losing an ability from the hand, a war's loser choosing who goes, saying
    one wants to play, the pilot choosing who plays first, putting peeked cards back."""
    from tests.puertodiablo.helpers import table

    out = []
    for step in (pd_steps.PayDoubloons(0, 3), pd_steps.LoseAbility(0, 0, True),
                 pd_steps.WarLoss(0, 0b11111111), pd_steps.Wish(0, "arrival", (1,)),
                 pd_steps.PilotPicks(0, "challenge", (0, 1)), pd_steps.ReorderPeek(0)):
        s = table(2, {0: ["C01", "C02", "C03"], 1: ["C04", "C05"]}, challenge="L11")
        if isinstance(step, pd_steps.ReorderPeek):
            # A peek of three log cards: drawn from the pile into the peeker's hand.
            cards = [k for k, _ in s.log_pile.draw_odds()][:3]
            for k in cards:
                s.log_pile = s.log_pile.drawn(k)
            s.peek, s.peeker = cards, 0
        s.push(step)
        s._legal = None
        if s.legal_actions():
            out.append(s)
    from tests.puertodiablo.helpers import char

    # The assignment's ability cards (R60-R64) and a counter to an event (R66).
    title = load_game("puertodiablo").tables.abi_names.index
    for step, hand in ((pd_steps.AbilityOffer(0, 1), "Sea Legs"),
                       (pd_steps.DeliverAbility(0), "Sea Legs"),
                       (pd_steps.EffectChoice(0, title("Helping Hand"), 0, 0), "Helping Hand"),
                       (pd_steps.EventCounter(0, ()), "Stand Firm"),
                       # (Voodoo's side to cover: random walks no longer meet it surely.)
                       (pd_steps.WeakenSide(0, char("C01")), "Voodoo")):
        s = table(2, {0: ["C01", "C04"], 1: ["C05"]}, challenge="L14")
        s.hand[0] = [title(hand)]
        s.assigned[0] = 2
        s.push(step)
        s._legal = None
        out.append(s)
    return out


@pytest.fixture(scope="module")
def all_positions() -> list[PuertoDiabloState]:
    return positions()


def decision_steps() -> set[str]:
    return {name for name, obj in vars(pd_steps).items()
            if isinstance(obj, type) and issubclass(obj, pd_steps.Step)
            and obj is not pd_steps.Step and obj.__module__ == pd_steps.__name__
            and not issubclass(obj, AutoStep | ChanceStep)}


def test_the_board_renders_at_every_kind_of_step(all_positions: list[PuertoDiabloState]
                                                 ) -> None:
    boards = Boards()
    met = set()
    for s in all_positions:
        seats = seats_for(s.num_players)
        if not s.is_terminal():
            met.add(type(s.next_step()).__name__)
        table = table_for(boards, s, seats)
        assert table is not None and "pd-voyage" in table and "pd-market" in table
        for viewer in {None, 0, s.num_players - 1}:
            page = board_for(boards, s, viewer, seats, table)
            assert 'data-game="puertodiablo"' in page
            assert ("Your side" in page) == (viewer is not None)
    assert met == decision_steps(), decision_steps() - met


def test_every_legal_move_is_a_click_on_the_board(all_positions: list[PuertoDiabloState]
                                                  ) -> None:
    boards = Boards()
    checked = 0
    kinds = set()
    for s in all_positions:
        if s.is_terminal():
            continue
        seat = s.current_player()
        page = board_for(boards, s, seat, seats_for(s.num_players))
        assert unreachable(s, page) == [], type(s.next_step()).__name__
        checked += len(s.legal_actions())
        kinds |= {s.action_to_json(a)["type"] for a in s.legal_actions()}
    assert checked > 400
    assert {"choose_set", "send_ashore", "offer", "assign", "commit", "buy", "tell_tale",
            "done_purchase", "leave", "stay", "helper", "cover"} <= kinds


def test_a_board_shows_only_what_its_viewer_may_know(all_positions: list[PuertoDiabloState]
                                                     ) -> None:
    # Two worlds a seat cannot tell apart (the others' unrevealed choices ashore redrawn)
    # give that seat the same page.
    boards = Boards()
    rng = random.Random(7)
    compared = 0
    for s in all_positions[::4]:
        seats = seats_for(s.num_players)
        for viewer in range(s.num_players):
            world = s.determinize(viewer, rng)
            assert board_for(boards, world, viewer, seats) == board_for(boards, s, viewer,
                                                                        seats)
            compared += 1
        spectator = board_for(boards, s, None, seats)
        assert "pd-mine" not in spectator and "Your side" not in spectator
    assert compared > 50


def test_a_choice_ashore_shows_to_its_seat_only_and_as_waiting_to_the_others() -> None:
    from tests.puertodiablo.helpers import new_state

    s = new_state(3)
    rng = random.Random(1)
    while s.is_chance_node() or type(s.next_step()).__name__ != "SelectAshore":
        if s.is_chance_node():
            chance(s, rng)
        else:
            s.apply_action(s.legal_actions()[0])
    chooser = s.current_player()
    pick = SendAshore(s.action_to_json(s.legal_actions()[0])["character"])
    s.apply_action(s.t.ashore_id[pick.character])
    assert s.chosen[chooser] == [pick.character]
    name = s.t.char_names[pick.character]
    seats = seats_for(3)
    mine = board_for(Boards(), s, chooser, seats)
    ship = mine.split('data-key="ship"')[1].split("</section>")[0]
    chosen_card = ship.split(f'data-key="ship-{pick.character}"')[1].split('data-key="ship-')[0]
    assert "chosen: goes ashore" in chosen_card
    assert "Chosen to go ashore (hidden from the others" in mine
    for viewer in [None] + [v for v in range(3) if v != chooser]:
        page = board_for(Boards(), s, viewer, seats)
        assert "chosen: goes ashore" not in page and "Chosen to go ashore" not in page
        # Its name appears nowhere marked as chosen: only the count shows, as on the table.
        panel = page.split(f'data-seat="{chooser}"')[1].split('data-seat="')[0]
        assert "choosing who goes ashore: 1 of 2" in panel
        assert name not in panel


def test_the_hand_of_abilities_is_face_up_for_its_seat_and_a_count_for_the_others() -> None:
    from tests.puertodiablo.helpers import new_state

    s = new_state(3)
    seats = seats_for(3)
    hand = [s.t.abi_names[a] for a in s.hand[1]]
    assert hand
    mine = board_for(Boards(), s, 1, seats)
    assert all(f'<span class="pd-ab-name">{h}</span><small>in hand</small>' in mine
               for h in hand)
    for viewer in (None, 0, 2):
        page = board_for(Boards(), s, viewer, seats)
        assert "<small>in hand</small>" not in page.split("Your side")[0]
        panel = page.split('data-seat="1"')[1].split('data-seat="')[0]
        assert f"abilities in hand: {len(hand)}" in panel


def test_the_harbour_card_shows_its_side_prohibitions_and_special_rule() -> None:
    from tests.puertodiablo.helpers import table

    s = table(3, {0: ["C01"], 1: ["C02"]}, at="H04", foul=1)
    page = table_for(Boards(), s, seats_for(3)) or ""
    now = page.split('class="pd-harbour now foul"')[1].split("</div>")[0]
    assert "<b>foul</b> weather side" in now
    assert 'pd-s-TRD banned' in now and 'pd-s-HEA banned' in now
    assert "every market card costs 1d more" in now


def test_the_challenge_shows_its_symbols_need_and_consequence() -> None:
    from tests.puertodiablo.helpers import table

    s = table(3, {0: ["C01", "C02"], 1: ["C03", "C04"]}, challenge="L10")
    s.push(pd_steps.MakeOffer(0))  # the offers are being made (a laid-out table is over)
    obs = s.observation(None)
    page = table_for(Boards(), s, seats_for(3)) or ""
    card = page.split('data-key="challenge"')[1].split("</div>")[0]
    assert obs["challenge"]["name"] in card
    assert f"{obs['challenge']['needed']} × " in card
    for code in obs["challenge"]["symbols"]:
        assert f"pd-s-{code}" in card
    assert obs["consequence"] and f"if it fails: {obs['consequence']}" in card
    assert "The negotiation" in page


def test_a_failed_challenge_says_why_with_the_offers() -> None:
    from ludoteca.games.puertodiablo.web import moment

    s = load_game("puertodiablo").new_initial_state(3)
    card = next(i for i, c in enumerate(s.t.edition.log) if c.kind == "challenge")
    failed = everyone("failed", card=card, offers=[[0, 1], [2, 0]], needed=3)
    assert moment(failed) == "The challenge fails"
    text = s.describe_event(failed, 0)
    assert "(offers: you 1 and seat 2 0, 1 of the 3 symbols needed" in text
    assert s.t.edition.log[card].text in text


def test_a_resolved_challenge_says_who_committed_what() -> None:
    from ludoteca.games.puertodiablo.web import moment

    s = load_game("puertodiablo").new_initial_state(3)
    done = everyone("resolved", card=0, committed=[2, 0, 1], needed=3)
    assert moment(done) == "The challenge is resolved"
    text = s.describe_event(done, 2)
    assert "(seat 0 2 and you 1 of the 3 symbols needed)" in text


def test_a_war_the_next_harbour_and_the_end_open_panels(all_positions: list[
        PuertoDiabloState]) -> None:
    from ludoteca.games.puertodiablo.web import moment

    assert moment(everyone("war", a=0, b=1, count_a=2, count_b=1, loser=1,
                           why="a weather card")) == "A war breaks out"
    assert moment(everyone("harbour", index=1, harbour=2, name="Port Halyard", number=3,
                           foul=0)) == "The harbour is left: on to Port Halyard"
    assert moment(everyone("harbour", index=0, harbour=0, name="Puerto Diablo", number=2,
                           foul=0)) is None
    assert moment(everyone("offer", seat=0, symbols=1)) is None
    over = next(s for s in all_positions if s.is_terminal())
    end = next(e for e in over.events() if e.kind == "final")
    assert moment(end) == "The final scoring"


def test_the_final_scoring_table_adds_up_and_names_the_tie_break(
        all_positions: list[PuertoDiabloState]) -> None:
    import re

    for over in [s for s in all_positions if s.is_terminal()]:
        table = table_for(Boards(), over, seats_for(over.num_players)) or ""
        assert "doubloons (tie-break)" in table
        rows = re.findall(r"<tr class=\"(won)?\"><th>[^<]*</th><td>(\d+)</td><td>\+(\d+)"
                          r"(?: <small>\(([^)<]*)\)</small>)?"
                          r"</td><td><b>= (\d+)</b></td><td>(\d+)d</td>", table)
        assert len(rows) == over.num_players
        names = over.observation(None)["result"]["bonus_symbols"]
        for seat, (won, tales, bonus, types, total, _) in enumerate(rows):
            assert int(tales) + int(bonus) == int(total) == over.vp[seat]
            assert bool(won) == (seat in over.table_winners)
            # The symbol type that scored the bonus is named (R10), all of them if tied.
            assert types == " or ".join(names[seat]) and (types != "") == (int(bonus) > 0)


def test_the_lobby_offers_the_game_and_its_rules_page_works(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'value="puertodiablo"' in page.text
    rules = client.get("/rules/puertodiablo")
    assert rules.status_code == 200
    assert "R32" in rules.text and "Most rounds in one harbour" in page.text


def test_the_board_css_prefixes_every_class_with_the_game_s_name() -> None:
    import re
    from importlib.resources import files

    css = (files("ludoteca.games.puertodiablo") / "web" / "board.css").read_text()
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    classes = set(re.findall(r"\.([a-z][a-z0-9-]*)", css))
    assert classes and {c for c in classes if not c.startswith("pd")} <= {
        "pickable", "me", "changed", "small", "chosen", "weakened", "now", "past", "foul",
        "fair", "weather", "challenge", "none", "abilities", "empty", "used", "aside",
        "banned", "covered", "in-hand", "won", "act", "pilot", "away", "to-act", "mine",
        "pick", "wanted", "roll", "success", "miss"}


@pytest.mark.parametrize("phone", [False, True])
def test_puertodiablo_match_in_the_browser(browser: Any, server: Any, phone: bool) -> None:
    # One person against a bot, most moves by clicking the board (a character, a side, a
    # number, a market card, a tale), a spectator watching: the match ends and each
    # page says so; on a phone the page is no wider than the screen.
    from tests.server.conftest import create_in_lobby, new_page
    from tests.server.test_browser import check_end, play_by_clicking

    host = new_page(browser, phone=phone)
    links = create_in_lobby(host, server.url, "puertodiablo", 2, ["me", "bot:easy"])
    spectator = new_page(browser)
    spectator.goto(server.url + links["watch"])
    host.wait_for_selector("#board [data-game=puertodiablo] .pd-voyage")
    moves = play_by_clicking({0: host}, [spectator], random.Random(3 + phone), limit=3000,
                             board_share=0.9)
    assert moves > 10
    check_end({0: host}, [spectator])
    assert "Final scoring" in host.inner_text("#board")
    assert "final scoring" in host.inner_text("#log").lower()
    assert spectator.query_selector("#board .pd-mine") is None
    if phone:
        assert host.evaluate("document.documentElement.scrollWidth") <= 392
    assert host.js_errors == [] and spectator.js_errors == []


def test_the_negotiation_shows_each_offer_once_made_and_the_pilot_s_assignment() -> None:
    from tests.puertodiablo.helpers import table

    s = table(3, {0: ["C01", "C02"], 1: ["C03", "C04"], 2: ["C05", "C06"]},
              challenge="L10", pilot=0)
    s.hand = [[], [], []]  # offers from the characters only (no ability part, R60)
    s.push(pd_steps.MakeOffer(0), pd_steps.MakeOffer(1), pd_steps.MakeOffer(2),
           pd_steps.Decide())
    s._legal = None
    seats = seats_for(3)

    def row(seat: int) -> list[str]:
        import re

        page = table_for(Boards(), s, seats) or ""
        deal = page.split('data-key="deal"')[1].split("</table>")[0]
        tr = deal.split(f'<tr data-seat="{seat}">')[1].split("</tr>")[0]
        return re.findall(r"<td>([^<]*)</td>", tr)

    assert row(0) == ["…", "0", "0"] and row(2) == ["…", "0", "0"]
    most = max(s.legal_actions(), key=s.t.offer_id.index)
    s.apply_action(most)
    offered = s.t.offer_id.index(most)
    # Seat 0's offer is public at once; seat 1 and 2 have not offered yet.
    assert row(0) == [str(offered), "0", "0"] and row(1) == ["…", "0", "0"]
    while type(s.next_step()).__name__ == "MakeOffer":
        s.apply_action(max(s.legal_actions(), key=s.t.offer_id.index))
    assert type(s.next_step()).__name__ == "PilotAssigns"  # the offers reach the need
    target = s.next_step().target  # type: ignore[union-attr]
    s.apply_action(s.legal_actions()[-1])
    assert row(target)[1] == str(s.assigned[target]) != "0"


def test_the_symbols_a_challenge_asks_for_are_ringed_on_open_sides_only() -> None:
    from tests.puertodiablo.helpers import table

    s = table(2, {0: ["C01", "C02", "C03"], 1: ["C04", "C05"]}, challenge="L10")
    s.push(pd_steps.MakeOffer(0))
    obs = s.observation(None)
    wanted = set(obs["challenge"]["symbols"]) - set(obs["prohibited"])
    c = next(ch["id"] for seat in obs["seats"] for ch in seat["ashore"]
             if any(code in wanted for side in ch["sides"]
                    for code in side.split(" ")[0].split("+")))
    s.cover[c] = 0
    page = table_for(Boards(), s, seats_for(2)) or ""
    card = page.split(f'data-key="char-{c}"')[1].split('data-key="')[0]
    open_rings = card.count(" wanted")
    assert open_rings > 0
    s.cover[c] = 3  # both sides covered: nothing of it can be committed
    page = table_for(Boards(), s, seats_for(2)) or ""
    assert " wanted" not in page.split(f'data-key="char-{c}"')[1].split('data-key="')[0]
    # A prohibited symbol is struck through and never ringed.
    assert not [m for m in page.split('class="pd-sym ')[1:]
                if "banned" in m.split('"')[0] and "wanted" in m.split('"')[0]]


def test_an_ability_card_shows_its_foreknowledge_and_die_table_and_the_roll_its_result(
        ) -> None:
    from ludoteca.games.puertodiablo.web import moment
    from tests.puertodiablo.helpers import new_state

    s = new_state(2)
    name = s.t.abi_names[s.hand[0][0]]
    card = s.t.edition.abilities[s.hand[0][0]]
    mine = board_for(Boards(), s, 0, seats_for(2))
    face = mine.split(f'<span class="pd-ab-name">{name}</span><small>in hand</small>')[1]
    face = face.split("</div>")[0]
    for count, least in card.die_table.items():
        assert f"<span>{count}: {least}+</span>" in face
    s.last_roll = (0, name, 2, 4, False)
    table = table_for(Boards(), s, seats_for(2)) or ""
    roll = table.split('data-key="roll"')[1].split("</div>")[0]
    assert f"Ana: {name}" in roll
    assert 'rolled <b class="pd-die">2</b>, needs 4+: no effect' in roll
    assert moment(everyone("plays", seat=0, ability=0, character=0, count=1, least=3)) == (
        "An ability is played: the die roll")
    assert moment(everyone("not_carried_out", seat=0, ability=0)) == (
        "A counter stops the ability")


MOMENT_CARDS = ("Take the Wheel", "Weather Eye", "Instigate", "Voodoo", "Second Wind",
                "Shanghaied", "Sabotage", "Peace Envoy")
"""Cards of the arrival, log and challenge moments (none is in a starting set)."""


def _steer(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A move that makes a moment card come into a hand soon: commit all one can (to
    purchase), buy those cards, stay in the harbour, pass every ability window."""
    by: dict[str, list[dict[str, Any]]] = {}
    for a in actions:
        by.setdefault(a["type"], []).append(a)
    for a in by.get("buy", []):
        if any(name in a["label"] for name in MOMENT_CARDS):
            return a
    for kind in ("offer", "assign", "commit"):
        if kind in by:
            return max(by[kind], key=lambda a: a.get("symbols", 0))
    for kind in ("decline", "stay", "done_purchase"):
        if kind in by:
            return by[kind][0]
    return rng.choice(actions)


def test_an_ability_of_a_new_moment_is_played_by_clicks_in_the_browser(browser: Any,
                                                                        server: Any) -> None:
    # Two people through the API until one of them may play a card of the arrival, log
    # or challenge moment; then in that seat's page the card in the hand is clicked and
    # the character who acts it (and what the effect asks to choose), and the log says
    # what was played and what the die did.
    import httpx

    from tests.server.conftest import create_match, new_page, seat_url

    created = create_match(server.url, "puertodiablo", 2,
                           [{"kind": "invite", "name": n} for n in NAMES[:2]])
    base = f"{server.url}/api/matches/{created['id']}"
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    rng = random.Random(5)

    cookies: dict[str, str] = {}  # the claim of the seat once a page opened it

    def view(seat: int | None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {tokens[seat]}"} if seat is not None else {}
        r = httpx.get(base + "/view", headers=headers, cookies=cookies, timeout=30)
        assert r.status_code == 200, r.text
        return r.json()

    card, who = None, -1
    # The server deals at random: a match may end without such a card ever being held by
    # a seat that may play it; then a new match is dealt (three in all).
    for _ in range(3 * 4000):
        spectator = view(None)
        if spectator["finished"]:
            created = create_match(server.url, "puertodiablo", 2,
                                   [{"kind": "invite", "name": n} for n in NAMES[:2]])
            base = f"{server.url}/api/matches/{created['id']}"
            tokens = {s["seat"]: s["token"] for s in created["seats"]}
            continue
        seat = spectator["to_act"]
        if seat is None or seat < 0:
            continue
        mine = view(seat)
        plays = [a for a in mine["actions"] if a["type"] == "play_ability"
                 and a["name"] in MOMENT_CARDS]
        moment = any(a["type"] == "decline" and "no ability" in a["label"]
                     for a in mine["actions"])
        if plays and moment:
            card, who = plays[0]["name"], seat
            break
        move = _steer(mine["actions"], rng)
        r = httpx.post(base + "/moves", json={"version": mine["version"],
                                              "action": {"action": move["action"]}},
                       headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=30)
        assert r.status_code == 200, r.text
    assert card is not None
    page = new_page(browser)
    page.goto(seat_url(server.url, created, who))
    page.wait_for_selector("#match[data-live='true']")
    page.wait_for_selector("#board [data-game=puertodiablo] .pd-hand")
    cookies.update({c["name"]: c["value"] for c in page.context.cookies()
                    if c["name"].startswith("ludoteca-claim-")})
    assert "play an ability card, or pass?" in page.inner_text("#board [data-key=prompt]")
    before = int(page.get_attribute("#match", "data-version"))
    actors = {a["character"] for a in plays if a["name"] == card}
    page.click(f"#board .pd-hand .pd-ability.pickable:has-text('{card}')")
    if len(actors) > 1:  # one character able to act it (R73): the card's click plays it
        page.click("#board .pd-ashore .pd-char.pickable >> nth=0")
    page.wait_for_function(
        f"Number(document.getElementById('match').dataset.version) > {before}")
    # The effect's own choice, if it asks one (a character, a party, a side, a player).
    for _ in range(4):
        mine = view(who)
        if mine["to_act"] != who or not any(a["type"] in ("choose", "choose_party",
                                                         "choose_weather", "choose_seat")
                                          for a in mine["actions"]):
            break
        before = int(page.get_attribute("#match", "data-version"))
        page.wait_for_selector("#board [data-pick].pickable")
        page.click("#board [data-pick].pickable >> nth=0")
        page.wait_for_function(
            f"Number(document.getElementById('match').dataset.version) > {before}")
    log = page.inner_text("#log").lower()
    # The viewer's own line says "you ... play", not "you ... plays" (one wording for
    # the board and the terminal: describe_event).
    # (the pilot himself is not said to present it to the pilot)
    assert (f"you present an ability to the pilot and play {card.lower()}" in log
            or f"you play {card.lower()} as the pilot with " in log)
    assert f"plays {card.lower()}" not in log
    assert "takes effect" in log or "no effect" in log
    assert page.js_errors == []
def _create_with_option(page: Any, base: str, option: str, value: str) -> dict[str, Any]:
    """The lobby's form filled as a person would, with one rule option set: me against a
    bot, two players."""
    page.goto(base + "/")
    page.check("input[name=game][value=puertodiablo]")
    page.select_option("#players", "2")
    page.select_option(f"#opt-{option}", value)
    page.select_option("select[name=kind-0]", "me")
    page.select_option("select[name=kind-1]", "bot")
    page.select_option("select[name=bot-1]", "easy")
    page.click("#create")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#match")
    return {"watch": page.get_attribute("#watch-link", "href")}


@pytest.mark.parametrize(("option", "value", "seen"), [
    ("treasure", "on", "Treasures"),
    ("start", "advanced", "the advanced start"),
])
def test_puertodiablo_option_match_in_the_browser(browser: Any, server: Any, option: str,
                                                  value: str, seen: str) -> None:
    # One option per match, played to the end by clicking the board (a treasure and a
    # character to start a hunt, a kept character of the draft, an ability to add), a
    # spectator watching.
    from tests.server.conftest import new_page
    from tests.server.test_browser import check_end, play_by_clicking

    host = new_page(browser)
    links = _create_with_option(host, server.url, option, value)
    spectator = new_page(browser)
    spectator.goto(server.url + links["watch"])
    host.wait_for_selector("#board [data-game=puertodiablo] .pd-voyage")
    shown = seen in host.inner_text("#board")
    moves = play_by_clicking({0: host}, [spectator], random.Random(11), limit=3000,
                             board_share=0.9)
    assert moves > 10
    check_end({0: host}, [spectator])
    assert "Final scoring" in host.inner_text("#board")
    assert shown or option == "treasure"  # the treasure market shows once a harbour opens
    assert host.js_errors == [] and spectator.js_errors == []


def test_an_event_pending_shows_whom_it_hits_and_who_is_chosen() -> None:
    # R66: a war's loser has chosen (before the counters); the board names the event,
    # each seat it hits and, for the one who chose, the character that will go.
    from tests.puertodiablo.test_event_windows import france_loses, pick

    s = france_loses()
    pick(s, "C02")
    boards = Boards()
    seats = seats_for(2)
    table = table_for(boards, s, seats)
    for viewer in (None, 0, 1):
        page = board_for(boards, s, viewer, seats, table)
        assert 'data-key="event"' in page and "the war hits" in page
        assert "will send Jeanne Roussel, chandler to the ship" in page


# ----- the trial in Chromium (3-player matches): what the board said too little of -----


def _walk(seed: int, n: int, until: Any, options: Any = None,
          limit: int = 20000) -> PuertoDiabloState | None:
    """A random match of ``n`` (offers leaning to the most, as :func:`positions`) played
    until ``until(state)`` holds at a decision node, or None if it never does."""
    g = load_game("puertodiablo")
    rng = random.Random(seed)
    s: PuertoDiabloState = g.new_initial_state(n, options=options)  # type: ignore[assignment]
    for _ in range(limit):
        if s.is_terminal():
            return None
        if s.is_chance_node():
            chance(s, rng)
            continue
        if until(s):
            return s
        legal = s.legal_actions()
        offers = [a for a in legal if a in s.t.offer_id]
        if offers and rng.random() < 0.8:
            s.apply_action(max(offers, key=s.t.offer_id.index))
        else:
            s.apply_action(rng.choice(legal))
    return None


def _first(n: int, until: Any, options: Any = None) -> PuertoDiabloState:
    for seed in range(40):
        s = _walk(seed, n, until, options)
        if s is not None:
            return s
    raise AssertionError("no random match met the position")


def _deal_rows(page: str) -> dict[str, list[str]]:
    """The negotiation's rows: a seat's number (or the row's data-key) to its cells."""
    import re

    deal = page.split('data-key="deal"')[1].split("</table>")[0]
    out = {}
    row = r'<tr[^>]*? (?:data-seat|data-key)="([^"]+)"[^>]*>(.*?)</tr>'
    for key, cells in re.findall(row, deal):
        out[key] = re.findall(r"<td>([^<]*)</td>", cells)
    out["total"] = re.findall(r"<td>([^<]*)</td>", deal.split('class="pd-total"')[1])
    return out


def test_the_negotiation_keeps_a_seat_that_left_with_its_offer_marked() -> None:
    # Three players; in the crew phase a seat of this round's challenge has left the
    # harbour: it keeps its row (offer, assignment, commit), marked as left.
    def left(s: PuertoDiabloState) -> bool:
        obs = s.observation(None)
        return bool(obs["challenge"]) and any(
            not obs["seats"][x]["in_harbour"] for x in obs["challenge"]["players"])

    s = _first(3, left)
    obs = s.observation(None)
    gone = next(x for x in obs["challenge"]["players"] if not obs["seats"][x]["in_harbour"])
    page = table_for(Boards(), s, seats_for(3)) or ""
    rows = _deal_rows(page)
    assert set(obs["challenge"]["players"]) <= {int(k) for k in rows if k.isdigit()}
    me = obs["seats"][gone]
    assert rows[str(gone)] == [str(me["offer"]), str(me["assigned"]), str(me["committed"])]
    row = page.split(f'<tr data-seat="{gone}"')[1].split("</tr>")[0]
    assert 'class="pd-left"' in row and "(left the harbour)" in row


def test_the_negotiation_counts_the_market_help_supplied() -> None:
    # Market help (R15) supplied symbols: the observation says how many, the negotiation
    # shows them in its own row and in the committed total.
    from ludoteca.games.puertodiablo.steps import PickHelper

    def helping(s: PuertoDiabloState) -> bool:
        return isinstance(s.next_step(), PickHelper)

    s = _first(3, helping)
    assert s.observation(None)["help_supplied"] == 0
    helped = 0  # what the helper events of this challenge say they supplied
    while s.is_chance_node() or isinstance(s.next_step(), PickHelper):
        if s.is_chance_node():
            chance(s, random.Random(0))
        else:
            s.apply_action(s.legal_actions()[0])
        helped += sum(e.data["symbols"] for e in s.events() if e.kind == "helper")
    obs = s.observation(None)
    assert obs["help_supplied"] == helped > 0
    page = table_for(Boards(), s, seats_for(3)) or ""
    rows = _deal_rows(page)
    assert rows["help-supplied"][-1] == str(obs["help_supplied"])
    committed = sum(obs["seats"][x]["committed"] for x in obs["challenge"]["players"])
    total = committed + obs["help_supplied"]
    assert rows["total"][-1] == f"{total} of {obs['challenge']['needed']}"


def test_the_last_ability_roll_is_cleared_at_a_new_round() -> None:
    # A roll shows until the next round begins; then its card is gone from the table.
    s = _first(3, lambda s: s.last_roll is not None)
    page = table_for(Boards(), s, seats_for(3)) or ""
    assert 'data-key="roll"' in page
    rng = random.Random(2)
    at = (s.harbour, s.round)
    # Round 0 is a new harbour's arrival, before its first round begins.
    while ((s.harbour, s.round) == at or s.round == 0) and not s.is_terminal():
        if s.is_chance_node():
            chance(s, rng)
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert not s.is_terminal() and s.round >= 1
    assert any(e.kind == "round" for _, e in s.event_log(None)[-40:])
    assert s.observation(None)["last_roll"] is None
    assert 'data-key="roll"' not in (table_for(Boards(), s, seats_for(3)) or "")


def test_an_event_marks_the_seats_it_hits_and_the_characters_chosen() -> None:
    # R66: while a war is settled, the player panels of the seats it hits are marked,
    # the character chosen for it too, and the losing party's others as those it may take.
    from tests.puertodiablo.helpers import char
    from tests.puertodiablo.test_event_windows import france_loses, pick

    s = france_loses()
    pick(s, "C02")
    page = table_for(Boards(), s, seats_for(2)) or ""
    for seat in s.event.hit:  # type: ignore[union-attr]
        head = page.split(f'data-seat="{seat}"', 1)[0].rsplit("<div", 1)[1]
        assert "pd-hit" in head
    assert "hit by the war" in page
    chosen = page.split(f'data-key="char-{char("C02")}"')[0].rsplit("<div", 1)[1]
    assert " pd-hit" in chosen and "pd-may-hit" not in chosen
    card = page.split(f'data-key="char-{char("C02")}"')[1].split('data-key="char-')[0]
    assert "chosen for the war" in card
    # Seat 1 has not chosen yet: its French (the party that lost) may be taken, its
    # Spaniards not; seat 0, having chosen, has no other marked.
    for cid, marked in (("C23", True), ("C30", True), ("C06", False), ("C10", False)):
        head = page.split(f'data-key="char-{char(cid)}"')[0].rsplit("<div", 1)[1]
        assert ("pd-may-hit" in head) == marked, cid
    # Once the event is over, nothing is marked.
    while s.event is not None:
        s.apply_action(s.legal_actions()[0])
    page = table_for(Boards(), s, seats_for(2)) or ""
    assert "pd-hit" not in page and "pd-may-hit" not in page


def test_characters_on_the_ship_in_the_draft_and_the_sets_show_nation_faction_fears(
        ) -> None:
    # The tags the table's cards carry show on the seat's own cards too, and a long name
    # wraps inside its card rather than being cut.
    import re
    from importlib.resources import files

    from tests.puertodiablo.helpers import new_state

    def tags_of(page: str, key: str) -> str:
        return page.split(f'data-key="{key}"')[1].split('class="pd-sides"')[0]

    def expected(c: dict[str, Any]) -> list[str]:
        out = [c["nation"], c["faction"]] if c["faction"] else [c["nation"]]
        return [x for x in out if x] + [f"pd-s-{f}" for f in c["fears"]]

    s = new_state(3)
    me = s.observation(0)["seats"][0]
    page = board_for(Boards(), s, 0, seats_for(3))
    assert me["ship"] or me["ashore"]
    for c in me["ship"]:
        head = tags_of(page, f"ship-{c['id']}")
        assert "pd-char-tags" in head and all(x in head for x in expected(c)), c["name"]
    feared = [c for c in me["ship"] if c["fears"]]
    assert feared or not me["ship"]
    # The starting sets, for the seat choosing one.
    g = load_game("puertodiablo")
    start: PuertoDiabloState = g.new_initial_state(3)  # type: ignore[assignment]
    rng = random.Random(4)
    while start.is_chance_node():
        chance(start, rng)
    assert type(start.next_step()).__name__ == "PickSet"
    seat = start.current_player()
    page = board_for(Boards(), start, seat, seats_for(3))
    sets = start.observation(seat)["starting_sets"]
    for st in sets:
        for c in st["cards"]:
            head = tags_of(page, f"set-{st['set']}-{c['id']}")
            assert "pd-char-tags" in head and all(x in head for x in expected(c))
    # The draft's hand.
    draft = _first(3, lambda s: type(s.next_step()).__name__ == "DraftPick",
                   options={"start": "advanced"})
    seat = draft.current_player()
    page = board_for(Boards(), draft, seat, seats_for(3))
    for c in draft.observation(seat)["draft"]["hand"]:
        head = tags_of(page, f"draft-{c['id']}")
        assert "pd-char-tags" in head and all(x in head for x in expected(c))
    css = (files("ludoteca.games.puertodiablo") / "web" / "board.css").read_text()
    name_rule = re.search(r"\.pd-char-name \{([^}]*)\}", css)
    assert name_rule and "nowrap" not in name_rule.group(1)
    assert "overflow-wrap: anywhere" in name_rule.group(1)


def test_the_advanced_start_shows_no_starting_sets_and_its_abilities_effects() -> None:
    # The draft replaces the starting sets (R30): they are not offered; an ability to add
    # shows its effect text (the view's), as in the market and the hand.
    draft = _first(3, lambda s: type(s.next_step()).__name__ == "DraftPick",
                   options={"start": "advanced"})
    page = board_for(Boards(), draft, draft.current_player(), seats_for(3))
    assert "pd-draft" in page and "Starting set " not in page
    build = _first(3, lambda s: type(s.next_step()).__name__ == "StartBuy"
                   and bool(s.observation(s.current_player())["draft"]["abilities"]),
                   options={"start": "advanced"})
    seat = build.current_player()
    obs = build.observation(seat)
    page = board_for(Boards(), build, seat, seats_for(3))
    assert "Starting set " not in page
    for ab in obs["draft"]["abilities"]:
        face = page.split(f'data-key="start-abi-{ab["id"]}"')[1].split("</div>")[0]
        effect = obs["ability_cards"][ab["name"]]["effect"]
        assert '<small class="pd-ab-effect">' in face and escape(effect) in face, ab["name"]
    # And the starter start still offers them.
    g = load_game("puertodiablo")
    start: PuertoDiabloState = g.new_initial_state(3)  # type: ignore[assignment]
    rng = random.Random(4)
    while start.is_chance_node():
        chance(start, rng)
    page = board_for(Boards(), start, start.current_player(), seats_for(3))
    assert "Starting set " in page


def test_an_ability_card_shows_its_effect_text_in_the_market_and_the_hand() -> None:
    from tests.puertodiablo.helpers import new_state

    s = new_state(3)
    obs = s.observation(0)
    page = board_for(Boards(), s, 0, seats_for(3))
    for name in obs["seats"][0]["hand"]:
        face = page.split(f'<span class="pd-ab-name">{name}</span><small>in hand</small>')[1]
        assert escape(obs["ability_cards"][name]["effect"]) in face.split("</div>")[0]
    for m in obs["market"]:
        if m and m["kind"] == "ability":
            face = page.split(f'data-key="slot-{m["slot"]}"')[1].split("</div>")[0]
            assert escape(obs["ability_cards"][m["name"]]["effect"]) in face


def test_the_lobby_labels_every_choice_of_every_option_in_words() -> None:
    from ludoteca.server.catalog import option_fields

    fields = [f for f in option_fields(load_game("puertodiablo")) if f.get("choices")]
    assert {f["name"] for f in fields} >= {"treasure", "start", "pilot_own_plays",
                                           "event_window", "event_order", "payment",
                                           "market_alone"}
    for f in fields:
        labels = f["choice_labels"]
        for value in f["choices"]:
            assert value in labels, (f["name"], value)
            assert labels[value] != value and labels[value][0].isupper(), labels[value]


IN_VIEW = """() => {
  const shown = (n) => n.getClientRects().length > 0;
  const node = [...document.querySelectorAll('#board .pickable')].find(shown)
    || [...document.querySelectorAll('#actions button')].find(shown);
  if (!node) return 'no controls';
  const r = node.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight ? 'in view'
    : `off screen: ${Math.round(r.top)}..${Math.round(r.bottom)} of ${window.innerHeight}`;
}"""
"""Where the controls of the turn are: the first part of the board that can be clicked
now, else the first move's button (as match.js looks for them)."""


def test_on_a_phone_each_turn_brings_its_controls_on_screen(browser: Any, server: Any
                                                             ) -> None:
    # Three players (me and two bots) on a phone. Before each move the page is scrolled
    # to its end (reading the log, say) and the move is sent without scrolling (a click
    # by script: Playwright's own clicks scroll to their target); when the next turn's
    # view has been drawn, its controls are on the screen at once (checked once, at the
    # first drawing of that turn: nothing is waited for but the DOM's own version).
    from tests.server.conftest import create_in_lobby, new_page

    page = new_page(browser, phone=True)
    create_in_lobby(page, server.url, "puertodiablo", 3, ["me", "bot:easy", "bot:easy"])
    page.wait_for_selector("#board [data-game=puertodiablo][data-follow-turn]")
    rng = random.Random(8)
    mine = ("v => { const m = document.getElementById('match').dataset;"
            " return m.yourTurn === 'true' && Number(m.version) > v"
            " && document.querySelector('#actions button[data-action]') !== null; }")
    seen, last = [], -1
    for turn in range(14):
        page.wait_for_function(mine, arg=last, timeout=30_000)
        last = int(page.get_attribute("#match", "data-version"))
        if turn:  # (the first turn came with the page: nothing had moved it)
            seen.append(page.evaluate(IN_VIEW))
        page.evaluate("() => { const c = document.getElementById('moment-close');"
                      " while (!document.getElementById('moment').hidden) c.click(); }")
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        # (A choice made together with the bots may redraw meanwhile: the next one.)
        page.evaluate("k => { const b = document.querySelectorAll("
                      "'#actions button[data-action]'); if (b.length) b[k % b.length].click(); }",
                      rng.randrange(1000))
        if page.get_attribute("#match", "data-finished") == "true":
            break
    assert len(seen) >= 10 and set(seen) == {"in view"}, seen
    assert page.js_errors == []


LOG_CLEAR = """(narrow) => {
  // (On a narrow page the log is under the board: the reader scrolls to the page's end.)
  if (narrow) window.scrollTo(0, document.documentElement.scrollHeight);
  const panel = document.getElementById('moment');
  const items = document.querySelectorAll('#log li');
  if (panel.hidden || !items.length) return false;
  const li = items[items.length - 1].getBoundingClientRect();
  const box = document.getElementById('log').getBoundingClientRect();
  const p = panel.getBoundingClientRect();
  // Its last line of text (a long entry taller than a small log box shows its end, as
  // the box follows the log's end): in the box, on the screen and not under the panel.
  const top = Math.max(li.top, li.bottom - 16, box.top, 0);
  const shown = li.bottom <= box.bottom + 1 && li.bottom <= window.innerHeight
    && li.bottom - top >= 12;
  const clear = li.bottom <= p.top + 1 || top >= p.bottom - 1 || li.right <= p.left
    || li.left >= p.right;
  return shown && clear;
}"""
"""The log's newest line shows: its last line of text in the log's box, on the screen and
not under the panel."""


GEOMETRY = """() => {
  const r = (id) => { const b = document.getElementById(id).getBoundingClientRect();
    return [Math.round(b.left), Math.round(b.top), Math.round(b.right), Math.round(b.bottom)]; };
  const items = document.querySelectorAll('#log li');
  const li = items[items.length - 1].getBoundingClientRect();
  const log = document.getElementById('log');
  return {panel: r('moment'), log: r('log'), last: [Math.round(li.left), Math.round(li.top),
    Math.round(li.right), Math.round(li.bottom)],
    scroll: [log.scrollTop, log.scrollHeight, log.clientHeight], y: window.scrollY,
    h: window.innerHeight, page: document.documentElement.scrollHeight};
}"""
@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_a_panel_leaves_the_log_s_newest_lines_in_view(browser: Any, server: Any,
                                                        size: tuple[int, int]) -> None:
    # Three players (me and two bots): each time a panel opens (a challenge settled, a
    # war, a roll), the newest line of the log is readable beside it, on a laptop's
    # screen and (once the page is scrolled to its end, where the log is) on a phone's.
    # Only DOM conditions are waited for (the layout is redone in an animation frame).
    from tests.server.conftest import create_in_lobby, new_page

    page = new_page(browser, phone=size[0] < 900)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    create_in_lobby(page, server.url, "puertodiablo", 3, ["me", "bot:easy", "bot:easy"])
    page.wait_for_selector("#board [data-game=puertodiablo]")
    rng = random.Random(21)
    ready = ("() => { const m = document.getElementById('match').dataset;"
             " return !document.getElementById('moment').hidden || m.finished === 'true'"
             " || (m.yourTurn === 'true'"
             " && document.querySelector('#actions button[data-action]') !== null); }")
    panels = 0
    for _ in range(200):
        page.wait_for_function(ready, timeout=READY_WAIT)
        if page.get_attribute("#match", "data-finished") == "true":
            break
        if page.is_visible("#moment"):
            try:
                page.wait_for_function(LOG_CLEAR, arg=size[0] < 900, timeout=15_000)
            except Exception:
                raise AssertionError(page.evaluate(GEOMETRY)) from None
            panels += 1
            if panels >= 4:
                break
            page.evaluate("() => document.getElementById('moment-close').click()")
            continue
        page.evaluate("k => { const b = document.querySelectorAll("
                      "'#actions button[data-action]'); if (b.length) b[k % b.length].click(); }",
                      rng.randrange(1000))
    assert panels >= 4
    assert page.js_errors == []


READY_WAIT = 120_000
"""ms to wait for my turn, a panel or the end: once I have left a harbour, the bots play
it out without me, and on a loaded machine (the suite's workers beside the browser) that
has taken over 30 s."""


PANEL_BESIDE_MOVES = """() => {
  // An open panel leaves the moves box uncovered and its own button inside the window.
  const panel = document.getElementById('moment');
  if (panel.hidden) return false;
  const p = panel.getBoundingClientRect();
  const b = document.getElementById('moment-close').getBoundingClientRect();
  const m = document.querySelector('.side > .actions-panel').getBoundingClientRect();
  const apart = p.bottom <= m.top + 1 || p.top >= m.bottom - 1 || p.right <= m.left + 1
    || p.left >= m.right - 1;
  return apart && b.top >= 0 && b.bottom <= window.innerHeight;
}"""


@pytest.mark.parametrize("size", [(1366, 800), (1366, 600)])
def test_a_panel_leaves_the_moves_in_view_and_its_button_in_reach(
        browser: Any, server: Any, size: tuple[int, int]) -> None:
    # Three players (me and two bots) on a wide page. Each time a panel is open while I
    # have moves to choose from, it covers neither the moves box nor puts its button out
    # of the window (the panel is fixed: scrolling would not bring it), also when the
    # window is low and the log lies partly below it. The log's newest line stays clear.
    from tests.server.conftest import create_in_lobby, new_page

    page = new_page(browser)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    create_in_lobby(page, server.url, "puertodiablo", 3, ["me", "bot:easy", "bot:easy"])
    page.wait_for_selector("#board [data-game=puertodiablo]")
    rng = random.Random(5)
    ready = ("() => { const m = document.getElementById('match').dataset;"
             " return !document.getElementById('moment').hidden || m.finished === 'true'"
             " || (m.yourTurn === 'true'"
             " && document.querySelector('#actions button[data-action]') !== null); }")
    mine = ("() => document.getElementById('match').dataset.yourTurn === 'true'"
            " && document.querySelector('#actions button[data-action]') !== null")
    checked = 0
    for _ in range(300):
        page.wait_for_function(ready, timeout=READY_WAIT)
        if page.get_attribute("#match", "data-finished") == "true":
            break
        if page.is_visible("#moment"):
            if page.evaluate(mine):
                try:
                    page.wait_for_function(PANEL_BESIDE_MOVES, timeout=15_000)
                    page.wait_for_function(LOG_CLEAR, arg=False, timeout=15_000)
                except Exception:
                    raise AssertionError(page.evaluate(GEOMETRY)) from None
                checked += 1
                if checked >= 4:
                    break
            page.evaluate("() => document.getElementById('moment-close').click()")
            continue
        page.evaluate("k => { const b = document.querySelectorAll("
                      "'#actions button[data-action]'); if (b.length) b[k % b.length].click(); }",
                      rng.randrange(1000))
    assert checked >= 4
    assert page.js_errors == []


@pytest.mark.parametrize("phone", [False, True])
def test_a_long_panel_keeps_its_button_at_its_foot(browser: Any, server: Any,
                                                   phone: bool) -> None:
    # A panel of many lines scrolls inside its own box; its Continue stays in view at the
    # foot of that box (not at the end of the lines, where it would have to be scrolled
    # to), with the lines not showing through beside it.
    from tests.server.conftest import create_in_lobby, new_page

    page = new_page(browser, phone=phone)
    create_in_lobby(page, server.url, "puertodiablo", 3, ["me", "bot:easy", "bot:easy"])
    page.wait_for_selector("#board [data-game=puertodiablo]")
    page.evaluate("""() => { const ul = document.getElementById('moment-lines');
      ul.replaceChildren(...Array.from({length: 80}, (_, i) => {
        const li = document.createElement('li'); li.textContent = 'line ' + i; return li; }));
      document.getElementById('moment').hidden = false; }""")
    geometry = page.evaluate("""() => {
      const m = document.getElementById('moment'), p = m.getBoundingClientRect();
      const b = document.getElementById('moment-close').getBoundingClientRect();
      const foot = b.top + 2, x = p.right - 12;  // beside the button, in the foot's strip
      return {scrolls: m.scrollHeight > m.clientHeight + 20, inside: b.top >= p.top
        && b.bottom <= p.bottom && b.bottom <= window.innerHeight,
        beside: document.elementFromPoint(x, foot).closest('.moment-foot') !== null
          && getComputedStyle(document.querySelector('.moment-foot')).backgroundColor
          !== 'rgba(0, 0, 0, 0)'}; }""")
    assert geometry == {"scrolls": True, "inside": True, "beside": True}


def test_a_weather_war_pending_in_the_log_window_is_on_the_board() -> None:
    # R2: England on top, Spain turned: the weather war waits for the log moment's window
    # (where Peace Envoy could stop it). The board names both parties and their counts
    # ashore (one Englishwoman, C05, against two Spaniards, C06 and C08), and who loses.
    from tests.puertodiablo.helpers import T, log, table

    s = table(2, {0: ["C05", "C26"], 1: ["C06", "C08"]})
    s.hand[0] = [T.abi_names.index("Instigate")]
    s.hand[1] = []
    s.weather = log("L04")
    s.push(pd_steps.TurnLog())
    s._run_automatic()
    s.apply_action(T.log_outcome[log("L07")])
    assert s.pending_war >= 0 and not s.is_chance_node()
    boards = Boards()
    seats = seats_for(2)
    table_html = table_for(boards, s, seats)
    for viewer in (None, 0, 1):
        page = board_for(boards, s, viewer, seats, table_html)
        assert 'data-key="pending-war"' in page
        card = page.split('data-key="pending-war"')[1].split("</div>")[0]
        assert "England against Spain" in card
        assert "England 1, Spain 2" in card
        assert "every player with England ashore sends one to the ship" in card
    # Once the window is over (nobody plays) the war is fought and the card goes.
    s.apply_action(next(a for a in s.legal_actions()
                        if s.action_to_json(a)["type"] == "decline"))
    assert 'data-key="pending-war"' not in board_for(boards, s, 0, seats,
                                                      table_for(boards, s, seats))


def test_the_negotiation_shows_the_part_of_an_offer_an_ability_card_is_to_add() -> None:
    # R60: an offer may count symbols an ability card is to add once the pilot has
    # decided (and its roll may fail): the pilot sees that part beside the whole offer.
    import re

    s = _first(3, lambda s: any(s.by_ability) and type(s.next_step()).__name__
               == "PilotAssigns")
    seats = seats_for(3)
    page = table_for(Boards(), s, seats) or ""
    deal = page.split('data-key="deal"')[1].split("</table>")[0]
    from ludoteca.games.puertodiablo.view import observation

    shown = 0
    for seat in observation(s, None)["challenge"]["players"]:
        tr = deal.split(f'<tr data-seat="{seat}"')[1].split("</tr>")[0]
        offered = re.findall(r"<td>(.*?)</td>", tr)[0]
        if s.by_ability[seat]:
            part = re.fullmatch(rf'{s.offers[seat]} <small class="pd-by-card"[^>]*>'
                                rf'\({s.by_ability[seat]} by a card\)</small>', offered)
            assert part is not None, offered
            shown += 1
        else:
            assert offered == str(s.offers[seat])
    assert shown


def test_the_offer_picker_says_the_most_one_may_offer_and_why() -> None:
    # The picker stops at the most the seat can commit (often 0): it says that number
    # and where it comes from, the challenge's allowed symbols on his open sides, and
    # names a symbol of the challenge the harbour prohibits.
    import re

    from ludoteca.games.puertodiablo.view import observation

    prohibited_seen = 0
    for seed in range(6):
        s = _walk(seed, 3, lambda s: type(s.next_step()).__name__ == "MakeOffer")
        assert s is not None
        seat = s.next_step().seat  # type: ignore[union-attr]
        boards, seats = Boards(), seats_for(3)
        page = board_for(boards, s, seat, seats, table_for(boards, s, seats))
        why = page.split('data-key="offer-most">')[1].split("</small>")[0]
        most = max(s.t.offer_id.index(a) for a in s.legal_actions())
        assert why.startswith(f"(at most {most}: ")
        obs = observation(s, seat)
        for code in obs["challenge"]["symbols"]:
            name = obs["symbol_names"][code]
            if code in obs["prohibited"]:
                assert f"; {name} is prohibited here" in why
                prohibited_seen += 1
            else:
                assert re.search(rf"\b{name}\b.* symbols on open sides", why)
        # Another seat's board has no picker, and so no such line.
        other = board_for(boards, s, (seat + 1) % 3, seats, table_for(boards, s, seats))
        assert 'data-key="offer-most"' not in other
    assert prohibited_seen


def test_a_deal_into_the_market_reads_as_one_line() -> None:
    # The cards laid out at a harbour come as one line of the log, each name once (a
    # repeated title counted), not "to the market: A, the market: B, the market: C".
    from ludoteca.games.puertodiablo.view import describe_event
    from ludoteca.server.views import fold_texts

    s = _first(3, lambda s: all(c >= 0 for c in s.market))
    deal = [e for _, e in s.event_log(None) if e.kind == "market"][:8]
    assert len(deal) == 8
    line = fold_texts([describe_event(s, e, None) for e in deal])
    names = [s.t.char_names[e.data["character"]] if "character" in e.data
             else s.t.abi_names[e.data["ability"]] for e in deal]
    assert line.startswith("laid out for sale: ") and line.count(":") == 1, line
    for name in names:
        assert name in line


def _page(s: PuertoDiabloState, viewer: int | None) -> str:
    boards, seats = Boards(), seats_for(s.num_players)
    return board_for(boards, s, viewer, seats, table_for(boards, s, seats))


def test_the_legend_names_every_symbol_code() -> None:
    # The cards show symbols as codes (HLM, TRD): the legend says each one's name, for a
    # phone, which has no tooltips, and for a spectator too.
    s = _first(3, lambda s: s.harbour >= 0)
    for viewer in (None, 0):
        key = _page(s, viewer).split('data-key="symbol-key">')[1].split("</p>")[0]
        for code, name in zip(s.t.symbols, s.t.symbol_names, strict=True):
            assert f">{code}</i> {name}</span>" in key


def test_the_market_before_it_is_laid_out_says_when_it_will_be() -> None:
    # The market is laid out once everybody has chosen who goes ashore: until then the
    # board says so instead of eight empty slots; then the cards, and no such line.
    s = _first(3, lambda s: type(s.next_step()).__name__ == "SelectAshore")
    page = _page(s, 0)
    market = page.split('data-key="market"')[1].split("</section>")[0]
    assert "once everybody has chosen who goes ashore" in market
    assert "pd-slot empty" not in market
    later = _first(3, lambda s: s.round >= 1)
    market = _page(later, 0).split('data-key="market"')[1].split("</section>")[0]
    assert 'data-key="market-later"' not in market and 'data-key="slot-0"' in market


def test_a_market_ability_card_labels_its_foreknowledge() -> None:
    s = _first(3, lambda s: s.round >= 1)
    market = _page(s, 0).split('data-key="market"')[1].split("</section>")[0]
    abilities = [m for m in s.market[s.t.market_chars:] if m >= 0]
    assert abilities
    for a in abilities:
        fk = s.observation(0)["ability_cards"][s.t.abi_names[a]]["foreknowledge"]
        assert f">foreknowledge: {fk}</small>" in market


def test_the_commit_picker_says_to_click_a_side_and_what_covering_both_does() -> None:
    s = _first(3, lambda s: type(s.next_step()).__name__ == "CommitSymbols")
    seat = s.next_step().seat  # type: ignore[union-attr]
    picker = _page(s, seat).split('data-key="picker"')[1].split("</div>")[0]
    assert "Click a side of one of your characters ashore to cover it" in picker
    assert "(a character with both sides covered goes to the ship)" in picker
    assert "the side you picked" not in picker


def test_while_choosing_who_goes_ashore_the_ship_stands_with_the_moves() -> None:
    # Choosing who goes ashore is clicking the ship's characters: while a seat chooses,
    # its ship is at the top of its board, with the moves (under the players, on a wide
    # page, it was out of view); the others' boards keep their own ships below.
    s = _first(3, lambda s: type(s.next_step()).__name__ == "SelectAshore")
    for viewer in range(3):
        page = _page(s, viewer)
        act = page.split('data-key="act"')[1].split("</section>")[0]
        mine = page.split('data-key="mine"')[1]
        assert 'data-key="ship"' in act and 'data-key="ship"' not in mine
        assert 'data-key="ship-above"' in mine
        assert page.index('data-key="ship"') < page.index('data-key="voyage"')
    # Once the harbour is laid out the ship is back in the seat's side.
    later = _first(3, lambda s: s.round >= 1)
    page = _page(later, 0)
    assert 'data-key="ship"' in page.split('data-key="mine"')[1]
    assert 'data-key="ship"' not in page.split('data-key="act"')[1].split("</section>")[0]


def test_the_lobby_s_help_of_every_option_names_no_ruling_in_its_words() -> None:
    # A ruling number means nothing to a player choosing options: the lobby gives each
    # option's rulings as its "why" link, its help reads in plain words.
    import re

    from ludoteca.server.catalog import option_fields

    fields = option_fields(load_game("puertodiablo"))
    assert any(f["name"] == "start" and "R27" in f["rulings"] for f in fields)
    for f in fields:
        assert not re.search(r"\bR\d+\b", f["help"]), (f["name"], f["help"])


def test_the_weather_card_says_whether_the_next_card_can_start_a_war() -> None:
    # R2: a flagged weather card on top of a flagged one starts the harbour's one weather
    # war. The weather card says so in words (not in a tooltip only, which a phone lacks).
    def note(s: PuertoDiabloState) -> str:
        return _page(s, 0).split('data-key="war-note">')[1].split("</small>")[0]

    flagged = _first(3, lambda s: s.round >= 1 and not s.war_done
                     and s.t.log_party[s.weather] >= 0)
    assert note(flagged) == "war if the next weather card has a flag too"
    plain = _first(3, lambda s: s.round >= 1 and not s.war_done
                   and s.t.log_party[s.weather] < 0)
    assert note(plain) == "no war from the next card"
    done = _first(3, lambda s: s.round >= 1 and s.war_done and s.pending_war < 0)
    assert note(done) == "this harbour's weather war is over"
