"""The terminal view and the words of Douro 1872, as a newcomer reads them (issue #10):
results that say why, LEVEL and ORDER used as the rules summary explains them, seats
named "seat", D. Sebastião named with his score, and a board that fits 80x24."""

from __future__ import annotations

import io
import random
import re
from unittest import mock

import pytest
from rich.cells import cell_len
from rich.console import Console

from ludoteca import load_game
from ludoteca.cli import play
from ludoteca.cli.play import menu
from ludoteca.cli.show import rules_summary
from ludoteca.games.douro1872 import render as view
from ludoteca.testing import playout_states
from tests.douro1872.script import A, B, C, Script

GAME = load_game("douro1872")
PY_LIST = re.compile(r"\[\s*-?\d+\s*,")


def text_of(renderable) -> str:
    console = Console(file=io.StringIO(), width=80, record=True)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("players", [2, 3, 5])
def test_what_a_seat_reads_names_seats_in_words(players):
    for state in playout_states(GAME, players, "sebastiao" if players == 2 else "standard",
                                seed=1, every=5):
        for viewer in (None, 0):
            texts = [state.describe_event(e, viewer) for e in state.events_for(viewer)]
            texts.append(text_of(view.render(state.observation(viewer))))
            if state.current_player() == viewer:
                texts += [state.action_to_string(a) for a in state.legal_actions()]
            for text in texts:
                assert "Player" not in text and "card(s)" not in text, text
                assert not PY_LIST.search(text) and "[" not in text, text
                assert " a 8" not in text and "orders 1 barrels" not in text, text


def test_a_dispute_says_why_the_points_moved():
    sc = Script(3)
    sc.start(3, 1, holder=A)
    sc.regular(15, 7, 8, 3)  # 18 barrels reach the order 15: the highest card, B's 8
    texts = [sc.state.describe_event(e, C) for e in sc.state.events_for(C)]
    assert texts == ["The level-3 Rabelo card is turned: it orders 15 barrels.",
                     "The regular Rabelo card: order 15 reached with 18 barrels: highest "
                     "card 8 (seat 1) gets +2."]
    told = sc.state.describe_event(sc.state.events_for(B)[-1], B)
    assert told.endswith("highest card 8 (you) gets +2."), told  # the card gets, not "get"
    sc.play(0, 0, 9)
    assert sc.state.describe_event(sc.state.events_for(A)[-1], A) == (
        "The barrel cards are revealed: you: 0, seat 1: 0, seat 2: 9 — 9 barrels in all.")
    sc.face(1)  # reached again: the 9 gains; the tied lowest pay nothing
    assert sc.state.describe_event(sc.state.events_for(B)[-2], B).endswith(
        "order 1 reached with 9 barrels: highest card 9 (seat 2) gets +2.")


def test_a_tie_shares_the_points_and_a_loss_nobody_can_pay_is_said():
    sc = Script(3)
    sc.start(3, 1, holder=A)
    sc.regular(15, 9, 8, 8)  # 25 reach 15: 9 is highest alone
    sc.regular(1, 0, 1, 1)  # reached with 2: B and C tie for the highest
    told = [sc.state.describe_event(e, B) for e in sc.state.events_for(B)]
    assert told[1].endswith("highest card 1 (you and seat 2) get +1 each."), told


def test_the_board_says_level_and_order_as_the_summary_does():
    summary = rules_summary(GAME)
    assert "LEVEL" in summary and "ORDER" in summary
    assert "order 15 reached" in summary and "gets +2" in summary
    sc = Script(3)
    sc.start(3, 1, holder=A)
    sc.regular(15, 7, 8, 3)
    board = text_of(view.render(sc.state.observation(A)))
    assert "Douro Valley: one boat, level 1." in board
    assert "In dispute: the level-1 regular Rabelo card (its order shows when it is " \
           "turned)." in board
    assert "Turned so far — orders by level: level 3: 15." in board
    assert "Phylloxera card: you (its holder loses every tie it is part of)." in board
    assert re.search(r"Seat +Points +Cards +Played \(last on view\) +Laid now +Charity", board)
    assert re.search(r"seat 1 +7 +9 +8 ", board), board


def test_douro_cards_are_chosen_by_their_value():
    sc = Script(3)
    sc.start(3, 1, holder=A)
    state = sc.state
    keys = [view.menu_key(state.action_to_json(a)) for a in state.legal_actions()]
    assert keys == ["0", "1", "2", "3", "4", "6", "7", "8", "9", "10"]
    assert len(menu(state, state.legal_actions())) == 10  # one kind: never folded


def test_d_sebastiao_is_named_with_his_score_when_he_wins():
    for seed in range(60):
        state = GAME.new_initial_state(2)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() < 0:
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes],
                                               [p for _, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if state.table_winners == (2,):
            obs = state.observation(0)
            ghost = obs["seats"][2]["score"]
            assert state.ghosts() == [("D. Sebastião", ghost, True)]
            (end,) = [e for e in state.events() if e.kind == "end"]
            assert state.describe_event(end, 0) == (
                f"The game is over: D. Sebastião wins with {ghost} points.")
            assert state.prompt(0) == "The game is over."  # the result is said once
            return
    raise AssertionError("D. Sebastião never won alone")


def test_chapters_are_the_disputes_and_the_second_half():
    state = GAME.new_initial_state(3)
    rng = random.Random(2)
    chapters = []
    while not state.is_terminal():
        if state.current_player() < 0:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        chapters += [c for c in map(view.chapter, state.events_for(None)) if c]
    assert chapters.count(("dispute", None)) == 20  # one per settled dispute
    assert chapters.count(("half", 2)) == 1


@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_board_and_the_choices_fit_an_80x24_screen(players):
    """Every decision as `play` draws it (a rule, the board, the choices, then the prompt)
    fits 80x24, with five seats and with the ghost."""
    variant = "sebastiao" if players == 2 else "standard"
    for seed in (3, 4):
        for state in playout_states(GAME, players, variant, seed=seed, every=1):
            seat = state.current_player()
            if seat < 0 or state.is_terminal():
                continue
            console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
            with mock.patch.object(play, "console", console):
                play.HumanAgent(GAME).screen(state, seat)
            rows = console.file.getvalue().rstrip("\n").split("\n")
            assert len(rows) + 1 <= 24, "\n".join(rows)
            assert max(map(cell_len, rows)) <= 80, "\n".join(rows)
