"""core.words: lists, plurals, "you" and seat names, and the result sentence every front
prints (win, tie, partnerships, a ghost who wins or ties)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from ludoteca import load_game
from ludoteca.core.words import (
    Ghost,
    joined,
    naming,
    number,
    ordinal,
    plural,
    result_sentence,
    side_name,
    standings,
)
from ludoteca.testing import random_step


def test_joined_with_and_or_or():
    assert joined([]) == ""
    assert joined(["a"]) == "a"
    assert joined(["a", "b"]) == "a and b"
    assert joined(["a", "b", "c"]) == "a, b and c"
    assert joined(["a", "b", "c"], "or") == "a, b or c"
    assert joined(iter(["play", "pass"]), "or") == "play or pass"


def test_plurals_counts_and_places():
    assert plural(1, "card") == "1 card"
    assert plural(2, "card") == "2 cards"
    assert plural(0, "card") == "0 cards"
    assert plural(2, "box", "boxes") == "2 boxes"
    assert plural(1.0, "point") == "1 point"
    assert plural(2.5, "point") == "2.5 points"
    assert number(-4) == "−4"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
        "101st", "111th"]


def test_a_side_is_you_and_the_seats_names():
    assert side_name([1], None) == "seat 1"
    assert side_name([1, 3], None) == "seats 1 and 3"
    assert side_name([0, 2], 0) == "you and seat 2"
    assert side_name([0], 0, capital=True) == "You"
    with naming(["Ana", "Bo", "Cy", "Di"]):
        assert side_name([0, 2], 2) == "you and Ana"
        assert side_name([1, 3], 0) == "Bo and Di"


@dataclass
class Ended:
    """The end of a match as result_sentence reads it (what every State offers)."""

    points: list[float]
    won: list[int]
    teams: list[int] | None = None
    others: list[Ghost] = field(default_factory=list)

    @property
    def num_players(self) -> int:
        return len(self.points)

    def is_terminal(self) -> bool:
        return True

    def scores(self) -> list[float]:
        return list(self.points)

    def winners(self) -> list[int]:
        return list(self.won)

    def team_of(self, seat: int) -> int:
        return seat if self.teams is None else self.teams[seat]

    def ghosts(self) -> list[Ghost]:
        return list(self.others)


def test_a_win_every_seat_in_its_place():
    state = Ended([30, 45, 12], [1])
    assert result_sentence(state, 1) == (
        "You won. Places: you 1st (45 points); seat 0 2nd (30 points); seat 2 3rd "
        "(12 points).")
    assert result_sentence(state, 0) == (
        "You lost: seat 1 won. Places: seat 1 1st (45 points); you 2nd (30 points); "
        "seat 2 3rd (12 points).")
    assert result_sentence(state, None).startswith("Seat 1 won. Places: seat 1 1st")
    with naming(["Ana", "normal bot", "Bo"]):
        assert result_sentence(state, None) == (
            "Normal bot won. Places: normal bot 1st (45 points); Ana 2nd (30 points); "
            "Bo 3rd (12 points).")


def test_ties_share_a_place():
    shared = Ended([20, 20, 5, 5], [0, 1])
    assert result_sentence(shared, 0) == (
        "You shared the win with seat 1. Places: you tied 1st (20 points); seat 1 tied "
        "1st (20 points); seat 2 tied 3rd (5 points); seat 3 tied 3rd (5 points).")
    assert result_sentence(shared, 3).startswith("You lost: seat 0 and seat 1 shared the win.")
    # A tie-break the rules settled: equal points, one winner, the other 2nd.
    broken = Ended([1, 7, 7], [2])
    assert result_sentence(broken, None) == (
        "Seat 2 won. Places: seat 2 1st (7 points); seat 1 2nd (7 points); seat 0 3rd "
        "(1 point).")


def test_partnerships_are_one_side():
    state = Ended([69, 40, 69, 40], [0, 2], teams=[0, 1, 0, 1])
    assert result_sentence(state, 2) == (
        "Your partnership won. Places: you and seat 0 1st (69 points); seats 1 and 3 "
        "2nd (40 points).")
    assert result_sentence(state, 1) == (
        "Your partnership lost: seats 0 and 2 won. Places: seats 0 and 2 1st (69 "
        "points); you and seat 3 2nd (40 points).")
    with naming(["Ana", "Bo", "Cy", "Di"]):
        assert result_sentence(state, None) == (
            "Ana and Cy won. Places: Ana and Cy 1st (69 points); Bo and Di 2nd (40 "
            "points).")


def test_a_ghost_who_wins_or_ties_is_named_and_ranked():
    alone = Ended([9, 4], [], others=[Ghost("D. Sebastião", 12, True)])
    assert result_sentence(alone, 0) == (
        "You lost: D. Sebastião won. Places: D. Sebastião 1st (12 points); you 2nd "
        "(9 points); seat 1 3rd (4 points).")
    assert result_sentence(alone, None).startswith("D. Sebastião won. Places:")
    tied = Ended([22, 15], [0], others=[Ghost("D. Sebastião", 22, True)])
    assert result_sentence(tied, 0) == (
        "You shared the win with D. Sebastião. Places: you tied 1st (22 points); "
        "D. Sebastião tied 1st (22 points); seat 1 3rd (15 points).")
    assert result_sentence(tied, 1) == (
        "You lost: seat 0 and D. Sebastião shared the win. Places: seat 0 tied 1st "
        "(22 points); D. Sebastião tied 1st (22 points); you 3rd (15 points).")
    beaten = Ended([22, 15], [0], others=[Ghost("D. Sebastião", 3, False)])
    assert result_sentence(beaten, 0).endswith("D. Sebastião 3rd (3 points).")
    assert result_sentence(Ended([0, 0], []), 0) == (
        "Nobody won. Places: you tied 1st (0 points); seat 1 tied 1st (0 points).")


def test_douro_names_and_ranks_d_sebastiao_through_its_state():
    """The real game: its State.ghosts() says who he is; the core knows no game."""
    game = load_game("douro1872")
    for seed in range(80):
        state = game.new_initial_state(2)
        rng = random.Random(seed)
        while not state.is_terminal():
            random_step(state, rng)
        (ghost,) = state.ghosts()
        assert ghost.name == "D. Sebastião" and ghost.score == state.points[2]
        if state.table_winners == (2,):
            assert ghost.won and state.winners() == []
            text = result_sentence(state, 0)
            assert text.startswith("You lost: D. Sebastião won. Places: D. Sebastião 1st ("
                                   f"{ghost.score:g} points)"), text
            return
    raise AssertionError("D. Sebastião never won alone")


def test_no_sentence_before_the_end():
    state = load_game("douro1872").new_initial_state(3)
    assert result_sentence(state, 0) is None
    assert state.ghosts() == []


@pytest.mark.parametrize("viewer", [0, None])
def test_every_seat_and_ghost_is_named_once(viewer):
    state = Ended([3, 8, 8, 1], [1, 2], others=[Ghost("Ghost", 2, False)])
    places = result_sentence(state, viewer).split("Places: ")[1]
    names = ["you" if viewer == 0 else "seat 0", "seat 1", "seat 2", "seat 3", "Ghost"]
    assert all(places.count(f"{name} ") == 1 for name in names), places


def test_standings_are_the_places_the_sentence_words():
    tied = Ended([22, 15], [0], others=[Ghost("D. Sebastião", 22, True)])
    assert [(s.name, s.seats, s.score, s.won, s.place, s.tied)
            for s in standings(tied, 1)] == [
        ("seat 0", (0,), 22, True, 1, True), ("D. Sebastião", (), 22, True, 1, True),
        ("you", (1,), 15, False, 3, False)]
    with naming(["Ana", "Bo", "Cy", "Di"]):
        sides = standings(Ended([69, 40, 69, 40], [0, 2], teams=[0, 1, 0, 1]), None)
    assert [(s.name, s.place) for s in sides] == [("Ana and Cy", 1), ("Bo and Di", 2)]

    class Playing(Ended):
        def is_terminal(self) -> bool:
            return False

    assert standings(Playing([1, 2], [])) == []


@dataclass
class EndedGame(Ended):
    """An end whose game names what its scores count (GameInfo.score_unit)."""

    game_id: str = "dosrios"

    @property
    def game(self):  # type: ignore[no-untyped-def]
        return load_game(self.game_id)

    @property
    def title(self) -> str:
        return self.game.info.title

    def returns(self) -> list[float]:
        return [1.0 if s in self.won else 0.0 for s in range(self.num_players)]


def test_the_result_counts_in_the_games_own_unit():
    """Dos Rios ranks by buildings, Vintage and Puerto Diablo by VP; the others by points."""
    assert load_game("dosrios").info.score_unit == ("building", "buildings")
    assert load_game("vintage").info.score_unit == ("VP", "VP")
    assert load_game("puertodiablo").info.score_unit == ("VP", "VP")
    assert load_game("douro1872").info.score_unit == ("point", "points")
    assert result_sentence(EndedGame([5, 1], [0]), 1) == (
        "You lost: seat 0 won. Places: seat 0 1st (5 buildings); you 2nd (1 building).")
    assert result_sentence(EndedGame([18, 7], [0], game_id="vintage"), 1) == (
        "You lost: seat 0 won. Places: seat 0 1st (18 VP); you 2nd (7 VP).")


def test_the_terminals_final_table_heads_its_column_with_the_unit():
    from rich.console import Console

    from ludoteca.cli.show import results_table

    console = Console(width=80, record=True)
    console.print(results_table(EndedGame([5, 4], [0]), lambda seat: "you"))  # type: ignore[arg-type]
    assert "┃ Buildings ┃" in console.export_text()
    console.print(results_table(EndedGame([18, 7], [0], game_id="vintage"), str))  # type: ignore[arg-type]
    assert "┃ VP ┃" in console.export_text()
