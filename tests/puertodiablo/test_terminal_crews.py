"""The terminal board with full crews ashore: cards are never cut in the middle, a count
says how many did not fit, and the viewer sees all of his own."""

from __future__ import annotations

import re

import pytest

from ludoteca.games.puertodiablo.render import ROWS, _short, render
from tests.puertodiablo.helpers import T, table

CREWS = {0: ["C01", "C02", "C03", "C04", "C05"], 1: ["C06", "C07", "C08", "C09", "C10"],
         2: ["C11", "C12", "C13", "C14", "C15"]}


def test_a_full_crew_shows_a_count_of_the_cards_left_out_and_the_viewer_s_own_whole():
    s = table(3, CREWS, at="H08", challenge="L10")
    obs = s.observation(1)
    lines = render(obs).plain.splitlines()
    assert len(lines) <= ROWS and all(len(line) <= 80 for line in lines)
    others = [line for line in lines if line.startswith(("*s1 ", "*s3 "))]  # indices 0, 2
    assert len(others) == 2 and all(line.rsplit(" ", 2)[1].startswith("+") for line in others)
    assert all(line.endswith(" ashore") for line in others)  # counted where they are
    # Every one of the viewer's five characters is named somewhere on the board.
    for c in obs["seats"][1]["ashore"]:
        assert _short(c["name"], 10) in "\n".join(lines)
    # Another seat's cards that did not fit are counted, never half printed.
    shown0 = others[0].split(": ", 1)[1]
    count = int(shown0.rsplit("+", 1)[1].removesuffix(" ashore"))
    assert shown0.count("|") + count == 5


@pytest.mark.parametrize("width", [10, 13, 14, 16])
def test_a_name_too_long_for_its_place_is_shortened_between_words_never_in_one(width):
    shorts = [_short(name, width) for name in T.char_names]
    for name, short in zip(T.char_names, shorts, strict=True):
        words = re.findall(r"'[^']*'|\S+", name.split(",")[0])
        assert len(short) <= width, (name, short)
        # A run of the name's own words, each whole: "Hendrik Vo" is never written.
        kept = re.findall(r"'[^']*'|\S+", short)
        assert any(words[i:i + len(kept)] == kept for i in range(len(words))), (name, short)
    assert len(set(shorts)) == len(shorts)  # no two characters read alike


def test_the_board_rows_never_cut_a_name_in_the_middle_of_a_word():
    s = table(3, CREWS, at="H08", challenge="L10")
    text = render(s.observation(1)).plain
    assert "Hoogeveen" in text  # C01 Pieter Hoogeveen: his surname, whole
    for cut in ("Pieter Hoo", "Hendrik Vo", "Jeanne Rou", "Diego Sarmient"):
        assert cut not in text


def test_another_seat_s_characters_beyond_the_row_are_all_listed_by_the_s_key():
    """The row has room for a count ("+4 ashore"); ``s2`` in play lists every public
    card of seat 2 in full: each character ashore and on the ship with both sides, the
    open hand (R37); the ? help says so."""
    import io
    from unittest import mock

    from rich.console import Console

    from ludoteca.cli import play
    from ludoteca.games.puertodiablo.render import help_lines, seat_details

    from .helpers import GAME

    s = table(3, CREWS, at="H08", challenge="L10")
    obs = s.observation(1)
    full = seat_details(obs, 0)
    for c in obs["seats"][0]["ashore"] + obs["seats"][0]["ship"]:
        assert f"{c['name']}" in full and f"{c['sides'][0]} | {c['sides'][1]}" in full
    assert "Ashore (5):" in full and "Abilities in the hand (2): Helping Hand" in full
    assert "s2: seat 2's" in help_lines(obs)
    console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
    answers = ["?", "s1", "1"]
    with mock.patch.object(play, "console", console), \
            mock.patch.object(play.Prompt, "ask", side_effect=lambda *a, **k: answers.pop(0)), \
            mock.patch.object(play, "page", lambda text, **k: console.print(text)):
        agent = play.HumanAgent(GAME)
        assert agent._choose(s, 1, [("1", "stay", [5]), ("2", "leave", [6])],
                             lambda: None) == [5]
    out = console.file.getvalue()
    assert "Moll Tarrant, rigger EN/PIR  BLD 2d | HLM 2d" in out  # s1's fifth, not on the row
    assert "This match: every option at its default." in out  # the ? help
    assert "s: every seat's public cards in full" in out


def test_an_ability_s_words_too_long_for_the_line_are_cut_between_words():
    from ludoteca.games.puertodiablo.render import hand_lines

    s = table(2, {0: ["C01"], 1: ["C04"]})
    s.hand[0] = list(range(len(T.abi_names)))  # every card, the long words among them
    lines = hand_lines(s.observation(0))
    cut = [line for line in lines if line.endswith("~")]
    assert cut and all(len(line) <= 80 for line in lines)
    effects = {f"  {n}: {c['effect']}" for n, c in s.observation(0)["ability_cards"].items()}
    for line in cut:
        kept = line.removesuffix(" ~")
        full = next(e for e in effects if e.startswith(kept))
        assert full[len(kept)] == " ", (line, full)  # the cut falls between two words
