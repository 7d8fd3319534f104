"""The terminal view and the words of Desperados, as a newcomer reads them (issue #10):
a board that leaves room for the choices on 80x24, mines named without nested brackets,
points named by seat, what the rulings make public (passes, the discard pile) shown."""

from __future__ import annotations

import io
import re
from unittest import mock

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from ludoteca import load_game
from ludoteca.cli import play
from ludoteca.cli.play import MENU_LIMIT, menu
from ludoteca.core.events import everyone
from ludoteca.games.desperados import render as view
from ludoteca.games.desperados.actions import Fight
from ludoteca.testing import playout_states
from tests.desperados.script import GOLD, SILVER, Script

GAME = load_game("desperados")
CONFIGS = [(4, "partnership"), (3, "individual"), (4, "individual")]
NESTED = re.compile(r"\([^()]*\(")  # "mine 1 (your partnership's display (seats 0 and 2))"
PY_LIST = re.compile(r"\[\s*-?\d+\s*,")  # "Totals: [0, 14]"


def text_of(renderable) -> str:
    console = Console(file=io.StringIO(), width=80, record=True)
    console.print(renderable)
    return console.export_text()


def words(state, viewer) -> list[str]:
    """Everything a viewer reads of a state: the events, the labels, the board."""
    out = [state.describe_event(e, viewer) for e in state.events_for(viewer)]
    if viewer is not None and state.current_player() == viewer:
        out += [state.action_to_string(a) for a in state.legal_actions()]
    return [*out, text_of(view.render(state.observation(viewer)))]


# ----- words: one word for a seat, no lists, no nested brackets ------------------------------

@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_what_a_seat_reads_names_seats_in_words(players, variant):
    for state in playout_states(GAME, players, variant, seed=2, every=7):
        for viewer in (None, 0, players - 1):
            for text in words(state, viewer):
                assert not NESTED.search(text), text
                assert not PY_LIST.search(text), text
                assert "Player" not in text and "card(s)" not in text, text


def test_a_mine_is_named_with_its_owner_and_no_nested_brackets():
    sc = Script(hands=[["gold mine", "Desperado 9"], ["silver mine"], [], []])
    sc.open(0, GOLD)
    silver = sc.open(1, SILVER)
    sc.draw(2), sc.draw(3)
    attack = sc.cards.index[Fight(sc.kind("Desperado 9"), silver)]
    assert sc.state.action_to_string(attack) == (
        "Attack silver mine 1 of seats 1 and 3 with Desperado 9")
    sc.fight(0, 9, silver)
    assert sc.events(2) == ["Seat 0 attacks silver mine 1 of seats 1 and 3 with Desperado 9"]
    assert sc.events(1) == ["Seat 0 attacks your partnership's silver mine 1 with Desperado 9"]


def test_individual_mines_are_yours_theirs_or_a_seats():
    sc = Script(3, "individual", hands=[["gold mine", "closed mine"], ["silver mine"], []])
    gold = sc.open(0, GOLD)
    assert sc.events(0) == ["You open a gold mine in your display"]
    assert sc.events(1) == ["Seat 0 opens a gold mine in their display"]
    sc.draw(1)
    sc.draw(2)
    sc.close(0, gold)
    assert sc.events(0) == ["You close your gold mine 1"]
    assert sc.events(2) == ["Seat 0 closes their gold mine 1"]
    assert sc.state.observation(1)["displays"][0]["mines"][0]["closed"]


def test_a_round_score_names_each_side_its_gain_and_its_total():
    state = GAME.new_initial_state(4, "partnership")
    scored = everyone("round_scored", round=2, totals=[20, 45], mines=[
        {"display": 0, "mine": "silver mine 1", "points": 6},
        {"display": 1, "mine": "gold mine 1", "points": 3},
        {"display": 1, "mine": "gold mine 2", "points": 9}])
    assert state.describe_event(scored, 2) == (
        "Round 2 scored: you and seat 0 +6 (silver mine 1: 6), 20 in all; seats 1 and 3 +12 "
        "(gold mine 1: 3, gold mine 2: 9), 45 in all.")
    assert state.describe_event(scored, None).startswith(
        "Round 2 scored: seats 0 and 2 +6 (silver mine 1: 6), 20 in all; ")
    state = GAME.new_initial_state(3, "individual")
    scored = everyone("round_scored", round=1, totals=[3, 0, 0], mines=[
        {"display": 0, "mine": "gold mine 1", "points": 3}])
    assert state.describe_event(scored, 1) == (
        "Round 1 scored: seat 0 +3 (gold mine 1: 3), 3 in all; you +0 (no closed mine), "
        "0 in all; seat 2 +0 (no closed mine), 0 in all.")


def settled(sc, viewer) -> str:
    (fight,) = [e for e in sc.state.events_for(viewer) if e.kind == "fight_settled"]
    return sc.state.describe_event(fight, viewer)


def test_a_partnership_fight_says_each_sides_strength_and_who_won():
    sc = Script(hands=[["gold mine"], ["Desperado 9"], [], ["Desperado 4"]])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold), sc.draw(2), sc.fight(3, 4, gold), sc.draw(0)
    assert settled(sc, 2) == ("Fight over gold mine 1: seats 1 and 3 attacked with 9 + 4 = 13, "
                              "you and seat 0 added no Desperado — seats 1 and 3 win 13 to 0 "
                              "and take the mine.")
    assert settled(sc, 3).endswith("— you and seat 1 win 13 to 0 and take the mine.")
    sc = Script(hands=[["gold mine", "Desperado 12"], ["Desperado 9"], [], []])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold), sc.draw(2), sc.draw(3), sc.fight(0, 12, gold)
    assert settled(sc, 0) == ("Fight over gold mine 1: seats 1 and 3 attacked with 9, you and "
                              "seat 2 defended with 12 — you and seat 2 win 12 to 9 and keep "
                              "the mine.")


def test_an_individual_fight_names_the_highest_card_and_who_takes_the_mine():
    sc = Script(3, "individual", hands=[["gold mine"], ["Desperado 5"], ["Desperado 9"]])
    gold = sc.open(0, GOLD)
    sc.fight(1, 5, gold), sc.fight(2, 9, gold), sc.draw(0)
    assert settled(sc, None) == ("Fight over gold mine 1: seat 1 attacked with 5, seat 2 added "
                                 "9 — seat 2 takes the mine with 9, the highest card.")
    assert settled(sc, 2).endswith("you added 9 — you take the mine with 9, the highest card.")
    sc = Script(3, "individual", hands=[["gold mine", "Desperado 12"], ["Desperado 5"], []])
    gold = sc.open(0, GOLD)
    sc.fight(1, 5, gold), sc.draw(2), sc.fight(0, 12, gold)
    assert settled(sc, 1) == ("Fight over gold mine 1: you attacked with 5, seat 0 added 12 — "
                              "seat 0 keeps the mine with 12, the highest card.")


def test_a_fight_ended_by_closing_the_mine_says_so():
    sc = Script(hands=[["gold mine", "closed mine"], ["Desperado 2"], [], []])
    gold = sc.open(0, GOLD)
    sc.fight(1, 2, gold), sc.draw(2), sc.draw(3), sc.close(0, gold)
    assert settled(sc, None) == (
        "Fight over gold mine 1 called off (seats 1 and 3 attacked with 2, seats 0 and 2 added "
        "no Desperado): the mine was closed during the fight and lost nothing; its owner keeps "
        "it.")


def test_a_skipped_final_turn_names_the_cards_the_seat_cannot_hold():
    for state in playout_states(GAME, 3, "individual", seed=4, every=1):
        skipped = [e for e in state.events_for(None) if e.kind == "skipped"]
        if skipped and skipped[0].data["could_play"]:
            text = state.describe_event(skipped[0], None)
            assert "skips the final turn (so they hold no " in text, text
            return
    pytest.skip("no skipped final turn in this playout")


def test_a_revealed_deal_or_draw_names_the_seat_that_gets_the_card():
    state = GAME.new_initial_state(4, "partnership")
    first = state.pending()[0].to
    label = state.action_to_string(state.legal_actions()[0])
    assert re.fullmatch(rf"Deal an? .+ to seat {first}", label), label


# ----- the board -------------------------------------------------------------------------------

def test_the_board_shows_passes_and_the_discard_pile_everyone_saw():
    sc = Script(hands=[["Desperado 9"], [], [], []], options={"pass_limit": 5})
    sc.pass_card(0, "Desperado 9")
    sc.pass_card(1, "copper chest")
    board = " ".join(text_of(view.render(sc.state.observation(2))).split())
    assert ("Passes in a row: 2 (at 4, the next seat must draw or play). Passed this round "
            "(at most 5 each): seat 0: 1, seat 1: 1, you: 0, seat 3: 0.") in board, board
    assert "Discard pile" not in board
    # A fight's Desperados go to the discard pile, face down but seen by all (R18).
    sc = Script(hands=[["gold mine", "closed mine"], ["Desperado 2"], [], []])
    gold = sc.open(0, GOLD)
    sc.fight(1, 2, gold)
    sc.draw(2), sc.draw(3)
    sc.close(0, gold)
    assert "Discard pile: Desperado 2." in text_of(view.render(sc.state.observation(2)))


def test_the_board_names_a_fight_and_the_mines_in_one_line_each():
    sc = Script(hands=[["gold mine"], [], ["double gold chest"], ["Desperado 7"]])
    gold = sc.open(0, GOLD)
    sc.draw(1)
    sc.work(2, "double gold chest", gold)
    sc.fight(3, 7, gold)
    board = text_of(view.render(sc.state.observation(0)))
    assert ("Fight over gold mine 1, started by seat 3: attack 7 (seat 3 7), defence 0."
            in board)
    assert re.search(r"You and seat 2 +gold mine 1 +1 chest, a double +open, 6 if closed",
                     board), board
    assert "Your hand: " in board and "first side to 60" in board


def decision_screen(state, seat, news: int = 0) -> tuple[list[str], object]:
    """The rows `play` draws for a decision on an 80x24 terminal (a rule, the board, the
    choices; the prompt line comes after them), and the board it chose; ``news``: rows
    of what the other seats did, printed just before."""
    console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
    with mock.patch.object(play, "console", console):
        agent = play.HumanAgent(GAME)
        head, entries, board = agent.layout(state, seat, news)
        agent._draw(seat, board, head, entries)  # as agent.screen() does
    return console.file.getvalue().rstrip("\n").split("\n"), board


def assert_fits(state, seat) -> int:
    """The decision screen fits 80x24 with its prompt and no table squeezed; returns its
    rows."""
    rows, board = decision_screen(state, seat)
    assert len(rows) + 1 <= 24, "\n".join(rows)
    assert max(map(cell_len, rows)) <= 80, "\n".join(rows)
    wide = Console(file=io.StringIO(), width=200)
    for part in board.renderables:
        if isinstance(part, Table):  # measured unbounded: a squeezed table wraps its cells
            assert Measurement.get(wide, wide.options, part).maximum <= 80
    return len(rows) + 1


# Seeds whose random playouts reach crowded decisions that took 25 or 26 rows before the
# board had a compact form (up to 28 rows: a long hand, the discard pile, final turns, a
# fight, many kinds of move at once); every=1: every decision of the playout is drawn.
CROWDED = [(4, "partnership", 0), (4, "partnership", 5), (4, "individual", 1),
           (4, "individual", 7)]


@pytest.mark.parametrize(("players", "variant", "seed"), CROWDED)
def test_every_decision_screen_fits_80x24(players, variant, seed):
    tallest = 0
    for state in playout_states(GAME, players, variant, seed=seed, every=1):
        seat = state.current_player()
        if seat >= 0 and not state.is_terminal():
            tallest = max(tallest, assert_fits(state, seat))
    assert tallest >= 22  # the seed does crowd the screen


def test_a_decision_keeps_what_the_others_just_did_in_view_where_it_can():
    """Five rows of news over the screen: kept in view (the compact board, a shorter list)
    wherever some layout allows, and never at the cost of the screen fitting."""
    kept = kept_before = total = 0
    for state in playout_states(GAME, 4, "partnership", seed=0, every=3):
        seat = state.current_player()
        if seat < 0 or state.is_terminal():
            continue
        alone = len(decision_screen(state, seat)[0]) + 1
        with_news = len(decision_screen(state, seat, news=5)[0]) + 1
        assert with_news <= 24 and with_news <= alone
        total += 1
        kept += with_news + 5 <= 24
        kept_before += alone + 5 <= 24
    assert kept > 0.9 * total and kept_before < 0.8 * total, (kept, kept_before, total)


def test_a_crowded_board_has_a_compact_form():
    """The compact board keeps the mines, the fight, the hand and the prompt, and drops
    what a player can best do without."""
    sc = Script(3, "individual", hands=[["gold mine", "Desperado 9"], ["Desperado 4"], []])
    gold = sc.open(0, GOLD)
    sc.fight(1, 4, gold)
    sc.draw(2)
    obs = sc.state.observation(0)
    obs = obs | {"final_turns": 3, "deck": 0}
    full = text_of(view.render(obs))
    compact = text_of(view.render(obs, compact=True))
    assert "Final turns: the deck is empty" in full
    assert re.search(r"\nSeat 1 +no mines *\n0 points", full)
    assert compact.startswith("Individual · round 1 · first to 40 · final turns · dealer")
    assert "Seat 1: 0 pts" in compact and "Seat 2: 0 pts" in compact
    for kept in ("gold mine 1", "Fight over gold mine 1", "Hand:", obs["prompt"]):
        assert kept in " ".join(compact.split()), kept
    assert compact.count("\n") < full.count("\n") - 2


def test_a_long_list_folds_the_passes_and_keeps_joining_the_fight_in_view():
    hands = [["gold mine"], ["Desperado 12"], [],
             ["gold chest", "silver chest", "copper chest", "closed mine", "Desperado 3",
              "Desperado 5"]]
    sc = Script(hands=hands)
    gold = sc.open(0, GOLD)
    sc.fight(1, 12, gold)
    sc.draw(2)
    state = sc.state
    legal = state.legal_actions()
    entries = menu(state, legal, view.MENU_GROUPS, MENU_LIMIT)
    labels = [label for label, _ in entries]
    assert len(legal) > MENU_LIMIT >= len(entries)
    assert "Pass a card to your partner … (6 choices)" in labels
    joins = [label for label in labels if label.startswith("Join the fight over")]
    assert joins == ["Join the fight over gold mine 1 of seats 0 and 2 with Desperado 3",
                     "Join the fight over gold mine 1 of seats 0 and 2 with Desperado 5"]
    assert state.prompt(3).startswith("Fight over gold mine 1: you may add one Desperado now")


def test_the_prompt_offers_only_the_kinds_of_move_in_the_list():
    for state in playout_states(GAME, 4, "partnership", seed=3, every=1,
                                options={"pass_limit": 1}):
        seat = state.current_player()
        if seat < 0:
            continue
        prompt = state.prompt(seat)
        kinds = {state.action_to_json(a)["type"] for a in state.legal_actions()}
        if "pass" in prompt:
            assert "pass" in kinds, prompt
        if "draw" in prompt:
            assert "draw" in kinds, prompt


def test_chapters_and_menu_groups_for_the_terminal():
    sc = Script(4, "partnership")
    sc.end_round_with([1, 0])
    (started,) = [e for e in sc.state.events_for(None) if e.kind == "round_started"]
    assert view.chapter(started) == ("round", 2)
    assert set(view.MENU_GROUPS) >= {"pass", "work", "fight"}
