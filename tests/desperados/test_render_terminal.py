"""The terminal view and the words of Desperados, as a newcomer reads them (issue #10):
a board that leaves room for the choices on 80x24, mines named without nested brackets,
points named by seat, what the rulings make public (passes, the discard pile) shown."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from ludoteca import load_game
from ludoteca.cli.play import MENU_LIMIT, MENU_MIN, menu
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
    assert "Fight over gold mine 1, started by seat 3. Desperados: seat 3 7." in board
    assert re.search(r"You and seat 2 +gold mine 1 +1 chest, a double +open, 6 if closed",
                     board), board
    assert "Your hand: " in board and "first side to 60" in board


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_the_board_and_the_choices_fit_an_80x24_screen(players, variant):
    """As `play` draws them: a rule, the board, the choices folded to the room left, the
    prompt. Random playouts crowd the table far more than play does; nearly all fit."""
    over = total = 0
    for seed in range(2):
        for state in playout_states(GAME, players, variant, seed=seed, every=3):
            seat = state.current_player()
            if seat < 0 or state.is_terminal():
                continue
            board = text_of(view.render(state.observation(seat))).rstrip("\n").count("\n") + 1
            limit = min(MENU_LIMIT, max(MENU_MIN, 24 - board - 2))
            entries = menu(state, state.legal_actions(), view.MENU_GROUPS, limit)
            total += 1
            over += 1 + board + len(entries) + 1 > 24
    assert over <= total // 50, (over, total)


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
