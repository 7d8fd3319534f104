"""Vintage's board in the browser, without a browser: the board renders at every kind of
step, every legal move can be made by clicking things on it (``data-pick``), it shows only
what the viewer may see, and a sale or the end of a round or match opens a panel that says
why."""

from __future__ import annotations

import json
import random
from html.parser import HTMLParser
from typing import Any

import pytest

from ludoteca.core.events import everyone
from ludoteca.core.flow import AutoStep, ChanceStep
from ludoteca.core.registry import load_game
from ludoteca.games.vintage import steps as vintage_steps
from ludoteca.games.vintage.actions import BuyEstate, PlayCard
from ludoteca.games.vintage.state import VintageState
from ludoteca.server.views import Boards, SeatInfo, board_for, table_for
from tests.vintage.helpers import act, card, put_cellar, roll, start

NAMES = ["Ana", "Bo", "Cy", "Di"]

# Moves of the rarer steps, preferred by the walk so that it meets them (a card played,
# a lot aged, a barrel taken) and not only turns and sailing.
RARE = {"play_card", "age_lot", "extra_barrel", "take_barrel", "add_barrels", "peek_chip",
        "discount", "perform", "store", "discard", "draw_card", "draw_deck", "load",
        "harvest_estate", "end_harvest"}


class Picks(HTMLParser):
    """The ``data-pick`` fields of every element of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.picks: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "data-pick" and value is not None:
                self.picks.append(json.loads(value))


def picks_of(page: str) -> list[dict[str, Any]]:
    parser = Picks()
    parser.feed(page)
    return parser.picks


def fits(action: dict[str, Any], fields: dict[str, Any]) -> bool:
    return all(action.get(k) == v for k, v in fields.items())


def unreachable(state: VintageState, page: str) -> list[str]:
    """The legal moves that clicking the board cannot make: as match.js does, clicking
    every element that fits a move narrows the moves to those fitting all their fields
    together, which must leave that move alone."""
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


def seats_for(n: int) -> list[SeatInfo]:
    return [SeatInfo(s, "human", None, NAMES[s]) for s in range(n)]


def choose(state: VintageState, rng: random.Random) -> int:
    legal = state.legal_actions()
    rare = [a for a in legal if (j := state.action_to_json(a))["type"] in RARE
            or (j["type"] == "place" and j["name"] in ("Cards", "Age and sell", "Harvest"))
            or (j["type"] == "sail_to" and j["port"] == 0)]
    if rare and rng.random() < 0.7:
        return rng.choice(rare)
    return rng.choice(legal)


def chance(state: VintageState, rng: random.Random) -> None:
    outcomes = state.chance_outcomes()
    state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])


def scripted() -> list[VintageState]:
    """Positions the walk seldom reaches: two Ruby lots to order, the +1-barrel card's
    row, the Vintage card's barrel, the Buy-estate card's bonus."""
    out = []
    s = start(3)
    put_cellar(s, 0, 0, 2, 5)
    put_cellar(s, 0, 1, 3, 7)
    place_on(s, "Age and sell")
    roll(s, 3)
    out.append(s)  # the order of the two Ruby lots
    s = start(3)
    put_cellar(s, 0, 0, 1, 9)
    s.open_hand[0].append(card(s, "extra_barrel"))
    place_on(s, "Cards")
    act(s, PlayCard(card(s, "extra_barrel")))
    roll(s, 1)
    out.append(s)  # the extra barrel's row
    s = start(2)
    put_cellar(s, 0, 0, 2, 5)
    s.open_hand[0].append(card(s, "vintage"))
    place_on(s, "Cards")
    act(s, PlayCard(card(s, "vintage")))
    out.append(s)  # the barrel the card sells
    s = start(4)
    s.vp[0] = 4
    s.open_hand[0].append(card(s, "buy_estate"))
    place_on(s, "Cards")
    act(s, PlayCard(card(s, "buy_estate")))
    act(s, BuyEstate(next(e for e in range(s.t.num_spaces) if s.owner[e] < 0)))
    out.append(s)  # the Buy-estate card: a VP less, or a vine on the new estate
    return out


def place_on(s: VintageState, name: str) -> None:
    s._legal = None
    a = next(a for a in s.legal_actions() if (j := s.action_to_json(a))["type"] == "place"
             and j["name"] == name and not j["overseer"])
    s.apply_action(a)


def positions() -> list[VintageState]:
    """Decision nodes of biased random matches of 2, 3 and 4 players (one with the rule
    switches on), and the scripted ones."""
    out = []
    g = load_game("vintage")
    for seed in range(6):
        rng = random.Random(seed)
        # The last match frees the circle choice: any empty circle is then a click.
        options = {"circle_choice": "free", "boat_card": "up_to"} if seed == 5 else None
        s = g.new_initial_state(2 + seed % 3, options=options)
        while not s.is_terminal():
            if s.is_chance_node():
                chance(s, rng)
                continue
            if rng.random() < (0.08 if type(s.next_step()).__name__ == "Turn" else 0.4):
                out.append(s.clone())
            s.apply_action(choose(s, rng))
        out.append(s)
    return out + scripted()


@pytest.fixture(scope="module")
def all_positions() -> list[VintageState]:
    return positions()


def decision_steps() -> set[str]:
    return {name for name, obj in vars(vintage_steps).items()
            if isinstance(obj, type) and issubclass(obj, vintage_steps.Step)
            and obj is not vintage_steps.Step and obj.__module__ == vintage_steps.__name__
            and not issubclass(obj, AutoStep | ChanceStep)}


def test_the_board_renders_at_every_kind_of_step(all_positions: list[VintageState]) -> None:
    boards = Boards()
    met = set()
    for s in all_positions:
        seats = seats_for(s.num_players)
        if not s.is_terminal():
            met.add(type(s.next_step()).__name__)
        table = table_for(boards, s, seats)
        assert table is not None and "vt-douro" in table
        for viewer in {None, 0, s.num_players - 1}:
            page = board_for(boards, s, viewer, seats, table)
            assert 'data-game="vintage"' in page
            assert ("Your mat" in page) == (viewer is not None)
    assert met == decision_steps(), decision_steps() - met


def test_every_legal_move_is_a_click_on_the_board(all_positions: list[VintageState]) -> None:
    boards = Boards()
    checked = 0
    for s in all_positions:
        if s.is_terminal():
            continue
        seat = s.current_player()
        page = board_for(boards, s, seat, seats_for(s.num_players))
        assert unreachable(s, page) == [], type(s.next_step()).__name__
        checked += len(s.legal_actions())
    assert checked > 1000


def test_a_board_shows_only_what_its_viewer_may_know(all_positions: list[VintageState]
                                                     ) -> None:
    # Two worlds a seat cannot tell apart (determinizations: other hands, unseen chips
    # and the deck redrawn) give that seat the same page, and the spectator's page holds
    # no seat's private part.
    boards = Boards()
    rng = random.Random(7)
    compared = 0
    for s in all_positions[::5]:
        seats = seats_for(s.num_players)
        for viewer in range(s.num_players):
            world = s.determinize(viewer, rng)
            assert board_for(boards, world, viewer, seats) == board_for(boards, s, viewer,
                                                                        seats)
            compared += 1
        spectator = board_for(boards, s, None, seats)
        assert "vt-mine" not in spectator and "Your cards" not in spectator
    assert compared > 50


def test_a_hand_is_face_up_for_its_seat_and_a_count_for_the_others() -> None:
    s = start(3)  # the display: Buy an estate, Harvest, Enologist, Sell 1 Ruby Vintage
    s.secret_hand[1].append(card(s, "free_action"))
    seats = seats_for(3)
    boards = Boards()
    mine = board_for(boards, s, 1, seats)
    assert "Free action" in mine and 'class="vt-card in-hand"' in mine
    for viewer in (None, 0, 2):
        page = board_for(boards, s, viewer, seats)
        assert "Free action" not in page
        assert page.count("vt-minicard back") == 1  # seat 1's card, face down


def test_a_sale_opens_a_panel_that_says_why() -> None:
    from ludoteca.games.vintage.actions import AgeLot
    from ludoteca.games.vintage.web import moment

    s = start(3)
    put_cellar(s, 0, 0, 3, 7)
    put_cellar(s, 0, 1, 2, 4)
    place_on(s, "Age and sell")
    roll(s, 3)
    lines = [s.describe_event(e, None) for e in s.events()]
    assert "quality + the die picks its warehouse row" in lines[0]
    assert [moment(e) for e in s.events()] == ["The lots are aged"]
    act(s, AgeLot(0))
    events = s.events()
    titles = [moment(e) for e in events]
    # Every line of the sale names a moment, so that its panel opens at the first one.
    assert titles == ["The lots are aged"] * 2 + ["The lots are aged and sold"]
    lines = [s.describe_event(e, 1) for e in events]
    assert lines[0] == ("Seat 0's Ruby lot of 3 barrels: quality 7 + die 3 = 10: 2 in LBV "
                        "and 1 in Ruby Reserva.")
    assert lines[1].endswith("quality 4 + die 3 = 7: 2 in Ruby Reserva.")
    assert lines[2].startswith("Seat 0 sells the full LBV row (3 VP) and the full Ruby "
                               "Reserva row (2 VP): 5 VP (a full row pays its VP")


def test_a_sale_over_several_moves_is_one_panel_for_every_viewer() -> None:
    # Two Ruby lots: after the die the seller chooses which ages first, a move of its own.
    # The table counts that move with the sale's, so that one panel lists the die, both
    # lots and the VP paid (a bot's sale reaches a page one move at a time).
    from ludoteca.core.state import CHANCE
    from ludoteca.core.words import naming
    from ludoteca.games.vintage.actions import AgeLot
    from ludoteca.server.views import log_entries

    s = start(2)
    put_cellar(s, 0, 0, 3, 7)
    put_cellar(s, 0, 1, 2, 4)
    played: list[tuple[int, tuple[Any, ...]]] = []
    place_on(s, "Age and sell")
    played.append((0, tuple(s.events())))
    roll(s, 3)
    played.append((CHANCE, tuple(s.events())))
    assert s.current_player() == 0  # which lot first: seat 0's own move
    act(s, AgeLot(0))
    played.append((0, tuple(s.events())))
    assert s.current_player() == 1
    s.apply_action(next(a for a in s.legal_actions()
                        if s.action_to_json(a)["type"] == "place"))
    played.append((1, tuple(s.events())))
    for viewer in (None, 0, 1):
        with naming(NAMES[:2]):
            entries = log_entries(s, viewer, played)
        at = next(i for i, e in enumerate(entries) if e.get("moment"))
        panel = panel_of(entries, at)
        assert panel[0].startswith("The ageing die shows 3 for "), panel
        lots = [line for line in panel if "Ruby lot of" in line]
        assert len(lots) == 2, panel
        assert lots[0].endswith("quality 7 + die 3 = 10: 2 in LBV and 1 in Ruby Reserva.")
        assert lots[1].endswith("quality 4 + die 3 = 7: 2 in Ruby Reserva.")
        assert "the full LBV row (3 VP) and the full Ruby Reserva row (2 VP): 5 VP" in \
            panel[-1], panel
        # The next seat's move is a move of its own, in no panel of the sale.
        assert entries[-1]["move"] == entries[at]["move"] + 1
        assert entries[-1]["text"] not in panel


def test_the_end_of_a_round_and_of_the_match_open_panels(all_positions: list[VintageState]
                                                         ) -> None:
    from ludoteca.games.vintage.web import moment

    over = next(s for s in all_positions if s.is_terminal())
    end = next(e for e in over.events() if e.kind == "end")
    assert moment(end) == "The final scoring"
    text = over.describe_event(end, None)
    assert "for port barrels" in text and "for planted estates" in text
    assert "for five-vine estates" in text and "Winner" in text
    assert "Final scoring" in (table_for(Boards(), over, seats_for(over.num_players)) or "")
    assert moment(everyone("round_end", round=2)) == "Round III ends"


def test_an_estate_short_of_vines_and_a_full_set_of_estates_are_said_on_the_board() -> None:
    from tests.vintage.helpers import give_estate

    s = start(3)
    young = give_estate(s, 0, "Cima Corgo", 0, ["green"])
    give_estate(s, 0, "Douro Superior", 0, ["green", "yellow", "purple"])
    table = table_for(Boards(), s, seats_for(3)) or ""
    tile = table.split(f'data-key="estate-{young}"')[1].split('data-key="estate-')[0]
    assert "not harvested yet: 1 of 3 vines" in tile and "vt-split" not in tile
    # Every other owned estate has its 3 starting vines: splits, no such line.
    assert table.count("not harvested yet") == 1
    # Seat 0 now owns its 3 estates: its panel says why Buy an estate is not offered.
    panels = table.split('class="vt-player ')[1:]
    assert "estates <b>3</b> of 3" in panels[0] and "no estate left to buy" in panels[0]
    assert "no estate left to buy" not in panels[1] and "estates <b>1</b> of 3" in panels[1]


def test_the_summary_says_the_harvest_needs_three_vines_and_three_estates_at_most() -> None:
    from ludoteca.core.registry import game_summary

    text = " ".join((game_summary(load_game("vintage")) or "").split())
    assert "can be harvested, once it holds 3 vines" in text
    assert "with 3 estates you buy no more" in text


def test_the_overseer_on_a_circle_is_drawn_as_the_overseer_and_markers_as_dots() -> None:
    s = start(3)
    s._legal = None
    by_overseer = next(a for a in s.legal_actions()
                       if (j := s.action_to_json(a))["type"] == "place" and j["overseer"]
                       and j["name"] == "Harvest")
    s.apply_action(by_overseer)
    table = table_for(Boards(), s, seats_for(3)) or ""
    assert table.count("vt-circle taken") == 1
    assert "Ana's overseer" in table and "&#9823;" in table.split("vt-circle taken")[1][:400]
    # Markers: as many dots as the circle took, and no pawn.
    s2 = start(3)
    place_on(s2, "Harvest")
    table = table_for(Boards(), s2, seats_for(3)) or ""
    taken = table.split("vt-circle taken")[1].split("</span>")[0]
    assert "&#9823;" not in taken and "&#8226;" in taken and "Ana's" in taken


def test_each_card_carries_its_effect_on_the_table_and_in_the_hand() -> None:
    s = start(3)  # the display: Buy an estate, Harvest, Enologist, Sell 1 Ruby Vintage
    s.secret_hand[1].append(card(s, "move_boat"))
    table = table_for(Boards(), s, seats_for(3)) or ""
    assert "paying 1 VP less or planting a vine on it" in table
    assert "paying one brandy in all" in table
    assert "Sell 1 Ruby barrel of your cellar for 4 VP." in table
    mine = board_for(Boards(), s, 1, seats_for(3))
    assert 'class="vt-effect">Move the boat 4 steps.</small>' in mine
    # Another seat's hidden card tells nothing of its effect.
    assert "Move the boat 4 steps." not in board_for(Boards(), s, 0, seats_for(3))


def test_a_chip_a_seat_looked_at_shows_its_value_to_that_seat_only() -> None:
    s = start(3)
    value = s.t.chip_values.index(2)
    s.chips[3] = value
    s.chip_known[3] = 1 << 1  # seat 1 looked at round IV's chip

    def chip(page: str) -> str:
        return page.split("round&#34;:3}")[1].split("</div>")[0]

    seats = seats_for(3)
    mine = chip(board_for(Boards(), s, 1, seats))
    assert '<span class="vt-chip-value">+2</span>' in mine and "you looked: +2" in mine
    for viewer in (None, 0, 2):
        other = chip(board_for(Boards(), s, viewer, seats))
        assert '<span class="vt-chip-value">?</span>' in other and "+2" not in other


def test_the_log_words_say_each_thing_once_and_in_the_board_s_terms() -> None:
    s = start(3)
    t = s.t
    say = s.describe_event
    one = say(everyone("sold", seat=0, rows=[[1, 2]], vp=2), 0)
    assert one.startswith("You sell the full LBV row for 2 VP (") and ": 2 VP" not in one
    two = say(everyone("sold", seat=0, rows=[[1, 2], [0, 3]], vp=5), 0)
    assert "(2 VP) and the full Vintage row (3 VP): 5 VP" in two
    brandy_only = say(everyone("harvested", seat=0, lots=[[3, 0, 2]], brandy_paid=0,
                               brandy=3, bonus=0), 0)
    assert "harvest bonus" not in brandy_only and "no port made" in brandy_only
    assert "any more goes back" in brandy_only
    port = say(everyone("harvested", seat=0, lots=[[3, 2, 0]], brandy_paid=1, brandy=0,
                        bonus=1), 0)
    assert "harvest bonus +1 on each lot's quality" in port and "goes back" not in port
    old = say(everyone("planted", seat=1, colour=t.colours.index("black"), estate=3,
                       quality=4), 0)
    assert "plants an old vineyard (a black vine) on" in old
    stored = say(everyone("stored", seat=0, lot=1, port_kind="tawny", column=2), 0)
    assert stored == "You unload the boat's lot 2 into cellar column 3 as Tawny."


def test_unloading_names_the_lot_by_its_barrels_and_quality() -> None:
    from ludoteca.games.vintage.actions import Store
    from ludoteca.games.vintage.view import action_label

    s = start(3)
    k = s.t.sections
    s.hold[:k], s.hold_q[:k] = [1, 2, 2] + [0] * (k - 3), [4, 5, 5] + [0] * (k - 3)
    assert s.current_player() == 0
    assert action_label(s, Store(0, "ruby")) == "Unload 1 barrel of quality 4 as Ruby"
    # Two lots alike keep distinct labels.
    assert action_label(s, Store(1, "tawny")) == ("Unload 2 barrels of quality 5 (the "
                                                  "boat's lot 2) as Tawny")


def test_the_final_scoring_table_adds_up(all_positions: list[VintageState]) -> None:
    import re

    over = next(s for s in all_positions if s.is_terminal())
    table = table_for(Boards(), over, seats_for(over.num_players)) or ""
    rows = re.findall(r"<tr class=\"[^\"]*\"><th>[^<]*</th><td>(-?\d+)</td><td>\+(\d+)</td>"
                      r"<td>\+(\d+)</td><td>\+(\d+)</td><td><b>= (\d+)</b>", table)
    assert len(rows) == over.num_players
    for seat, (before, *adds, total) in enumerate(rows):
        assert int(before) + sum(map(int, adds)) == int(total) == over.vp[seat]


def test_a_chosen_harvest_split_shows_on_its_estate_before_the_harvest_is_made() -> None:
    from ludoteca.games.vintage.actions import HarvestEstate

    s = start(3)
    place_on(s, "Harvest")
    mine = next(e for e in range(s.t.num_spaces) if s.owner[e] == 0)
    act(s, HarvestEstate(mine, 1))
    page = board_for(Boards(), s, 0, seats_for(3))
    tile = page.split(f'data-key="estate-{mine}"')[1].split('data-key="estate-')[0]
    assert f"to harvest: 1 port · {s.t.harvest_yield[mine] - 1} brandy" in tile
    assert "vt-split" not in tile  # chosen once: no more splits offered there
    assert ">Harvest the chosen estates</span>" in page
    assert "Harvest the chosen estates" in [s.action_to_json(a)["label"]
                                             for a in s.legal_actions()]


def played_to_round(n: int, rounds: int, seed: int) -> tuple[VintageState, list[Any]]:
    """A random match of ``n`` players played until ``rounds`` rounds have ended, with
    ``(seat, events)`` per action for the log."""
    s = load_game("vintage").new_initial_state(n)
    rng = random.Random(seed)
    played: list[Any] = []
    # (on to the next decision: the new face-up cards are dealt after the round's end)
    while (s.round < rounds or s.is_chance_node()) and not s.is_terminal():
        seat = s.current_player()
        if s.is_chance_node():
            chance(s, rng)
        else:
            s.apply_action(rng.choice(s.legal_actions()))
        played.append((seat, tuple(s.events())))
    return s, played


def panel_of(entries: list[dict[str, Any]], at: int) -> list[str]:
    """The lines a table's panel shows for the moment at ``entries[at]``, as match.js
    gathers them: the same move's lines up to the next part of the match, less asides."""
    first = entries[at]
    lines = [first["text"]]
    for e in entries[at + 1:]:
        if e["move"] != first["move"] or (e.get("chapter") and not e.get("moment")):
            break
        if not e.get("aside"):
            lines.append(e["text"])
    return lines


def test_the_panel_of_a_round_s_end_says_what_it_settles_not_each_card_dealt() -> None:
    from ludoteca.core.words import naming
    from ludoteca.server.views import log_entries

    s, played = played_to_round(2, 2, seed=4)
    with naming(NAMES[:2]):
        entries = log_entries(s, 0, played)
    ends = [i for i, e in enumerate(entries) if (e.get("moment") or "").endswith(" ends")]
    assert [entries[i]["moment"] for i in ends] == ["Round I ends", "Round II ends"]
    for i in ends:
        panel = panel_of(entries, i)
        assert panel == [entries[i]["text"]], panel  # one line: no "laid face up" list
        assert "new cards are laid face up" in panel[0]
        assert "markers and overseer" in panel[0]
        # The log itself still tells the deal, right after.
        assert entries[i + 1]["text"].startswith("Laid face up: ")
        assert entries[i + 1]["aside"]
    # The token's holder is named as the log names seats, and begins the next round.
    first_of_iii = s.first
    who = "You hold" if first_of_iii == 0 else f"{NAMES[first_of_iii]} holds"
    assert f"{who} the first-player token and begin" in entries[ends[1]]["text"]
    assert "round III" in entries[ends[1]]["text"]


def test_the_new_face_up_cards_are_one_line_that_says_laid_face_up_once() -> None:
    # The set-up's deal and each round's: one line, "Laid face up: X, Y, Z." for
    # every viewer (the cards are public), the cards in the order dealt.
    from ludoteca.core.words import naming
    from ludoteca.server.views import log_entries

    s, played = played_to_round(2, 2, seed=4)
    dealt = [[s.t.card_names[e.data["card"]] for e in events if e.kind == "display"]
             for _, events in played]
    deals: list[list[str]] = []  # runs of consecutive deals
    in_run = False
    for cards in dealt:
        if cards and in_run:
            deals[-1] += cards
        elif cards:
            deals.append(list(cards))
        in_run = bool(cards)
    for viewer in (None, 0, 1):
        with naming(NAMES[:2]):
            entries = log_entries(s, viewer, played)
        lines = [e["text"] for e in entries if "face up" in e["text"]
                 and not e.get("moment")]
        assert len(lines) == len(deals) == 3, lines  # the set-up, rounds I and II
        for line, cards in zip(lines, deals, strict=True):
            assert line.count("face up") == 1, line
            counted = {c: cards.count(c) for c in cards}
            items = [f"{c} ×{n}" if n > 1 else c for c, n in counted.items()]
            assert line == "Laid face up: " + ", ".join(items) + ".", line


def test_the_end_of_the_last_round_says_the_final_scoring_follows() -> None:
    s = start(2)
    text = s.describe_event(everyone("round_end", round=6, first=1, last=True), 0)
    assert text == "Round VII ends: it was the last round, and the final scoring follows."
    # An event of an older record (no holder told) keeps its one line.
    assert s.describe_event(everyone("round_end", round=2), 0) == "Round III ends."


def test_a_win_on_equal_vp_says_which_tie_break_decided_it() -> None:
    from ludoteca.games.vintage.rules import end
    from tests.vintage.helpers import give_estate

    s = start(2)
    s.vp = [10, 10]
    give_estate(s, 1, "Douro Superior", 0, [])
    end.final_scoring(s)
    final = next(e for e in s.events() if e.kind == "end")
    text = s.describe_event(final, 0)
    assert s.table_winners == (1,) and text.endswith("Winner: seat 1.")
    assert (f"Tied at {s.vp[0]} VP: the most estates wins the tie, then the highest total estate "
            "quality (You 1 estate, quality 2; Seat 1 2 estates, quality 5).") in text
    # No tie, no such words.
    s = start(2)
    s.vp = [10, 9]
    end.final_scoring(s)
    final = next(e for e in s.events() if e.kind == "end")
    assert "Tied" not in s.describe_event(final, 0)


def test_a_face_up_card_is_named_by_its_place_in_the_row() -> None:
    # "(place 1)" read like "place 1 marker": the label says the card's place in the row.
    from ludoteca.games.vintage.actions import DrawCard
    from ludoteca.games.vintage.view import _draw_card_label

    s = load_game("vintage").new_initial_state(2)
    rng = random.Random(1)
    while s.is_chance_node():
        chance(s, rng)
    labels = [_draw_card_label(s, DrawCard(slot)) for slot in range(len(s.display))]
    assert labels and labels[0].endswith("(1st in the row)"), labels
    assert labels[1].endswith("(2nd in the row)") and not any("place" in x for x in labels)


def test_the_warehouse_says_in_words_how_many_barrels_a_row_needs_to_sell() -> None:
    # The empty circles alone did not tell a new player that a row sells only when full.
    s = start(2)
    page = board_for(Boards(), s, 0, seats_for(2))
    obs = s.observation(0)
    slotted = [n for n in obs["row_slots"] if n]
    assert slotted
    for n in set(slotted):
        assert f">0 of {n}</small>" in page
    assert "sold only when all are full" in page


def test_a_card_in_hand_that_cannot_be_played_says_why_on_the_mat() -> None:
    s = start(3)
    colheita = card(s, "colheita")
    s.open_hand[1].append(colheita)
    s.open_hand[1].append(card(s, "move_boat"))
    seats = seats_for(3)
    mine = board_for(Boards(), s, 1, seats)
    name = s.t.card_names[colheita]
    assert (f'data-key="why-{name}">Not playable now: it needs {s.t.colheita_barrels} '
            "tawny barrels in your cellar; you have 0.") in mine
    assert mine.count("Not playable now") == 1  # Move the boat can always be played
    for viewer in (None, 0, 2):
        assert "Not playable now" not in board_for(Boards(), s, viewer, seats)
