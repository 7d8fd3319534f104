"""Seats named in words: the core's naming (``seat_names`` / ``naming``), the games' events,
prompts and labels that use it, and the server's move log, turn and result in names."""

from __future__ import annotations

import random
import re
import threading
from typing import Any

import pytest

from ludoteca.core.errors import ConfigError
from ludoteca.core.registry import load_game
from ludoteca.core.state import CHANCE, State
from ludoteca.core.words import naming, seat_name, seat_names, seats_name
from tests.server.conftest import Api, tokens_of

SEAT_NUMBER = re.compile(r"\b[Ss]eats? \d")
NAMES4 = ["Ana", "normal bot", "Bo", "strong bot"]


def test_seat_name_defaults_to_seat_numbers_and_takes_names_in_a_block() -> None:
    assert seat_name(2) == "seat 2" and seat_name(2, capital=True) == "Seat 2"
    assert seats_name([1, 3]) == "seats 1 and 3"
    assert seats_name([0, 1, 2]) == "seats 0, 1 and 2"
    assert seats_name([2]) == "seat 2"
    assert seat_names() is None
    with naming(NAMES4):
        assert seat_names() == tuple(NAMES4)
        assert seat_name(1) == "normal bot" and seat_name(1, capital=True) == "Normal bot"
        assert seats_name([1, 3]) == "normal bot and strong bot"
        assert seats_name([0, 1, 2], capital=True) == "Ana, normal bot and Bo"
        assert seat_name(7) == "seat 7"  # a seat past the names (a ghost player's index)
        with naming(None):
            assert seat_name(1) == "seat 1"
        with naming(["W", "X", "Y", "Z"]):
            assert seat_name(0) == "W"
        assert seat_name(0) == "Ana"
    assert seat_name(0) == "seat 0"
    with pytest.raises(ValueError):
        seats_name([])


def test_names_are_per_thread() -> None:
    seen: list[str] = []

    def other() -> None:
        seen.append(seat_name(0))

    with naming(NAMES4):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    assert seen == ["seat 0"]


@pytest.mark.parametrize("bad", ["Ana", ["Ana", ""], ["Ana", 3], [None]])
def test_malformed_names_are_refused(bad: Any) -> None:
    with pytest.raises(ConfigError):
        naming(bad)


def play(game_id: str, players: int, seed: int, moves: int) -> list[tuple[State, list[Any]]]:
    """(state after the move, its events) for the first ``moves`` actions of a random match."""
    game = load_game(game_id)
    state = game.new_initial_state(players, game.info.resolve(players, None),
                                   game.parse_options({}))
    rng = random.Random(seed)
    out = []
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            actions = [a for a, _ in state.chance_outcomes()]
        else:
            actions = state.legal_actions()
        state.apply_action(rng.choice(actions))
        out.append((state.clone(), state.events()))
    return out


@pytest.mark.parametrize(("game_id", "players"),
                         [("desperados", 4), ("desperados", 3), ("douro1872", 4),
                          ("douro1872", 2)])  # Douro for two: D. Sebastião keeps his name
def test_events_prompts_and_labels_name_the_seats(game_id: str, players: int) -> None:
    named = 0
    for state, events in play(game_id, players, 7, 400):
        names = NAMES4[:state.num_players]
        for viewer in [None, *range(state.num_players)]:
            for event in events:
                if not event.visible_to(viewer):
                    continue
                plain = state.describe_event(event, viewer)
                text = state.describe_event(event, viewer, seat_names=names)
                assert not SEAT_NUMBER.search(text), (plain, text)
                with naming(names):  # a block says the same as the argument
                    assert state.describe_event(event, viewer) == text
                if SEAT_NUMBER.search(plain):
                    named += 1
                    assert text != plain
                    assert any(n in text or n.capitalize() in text for n in names)
            prompt = state.prompt(viewer, seat_names=names)
            assert not SEAT_NUMBER.search(prompt), prompt
        player = state.current_player()
        if player >= 0:
            with naming(names):
                labels = [state.action_to_string(a) for a in state.legal_actions()]
            assert not [label for label in labels if SEAT_NUMBER.search(label)]
    assert named > 20  # the match did name other seats


def test_describe_event_checks_the_names() -> None:
    state, events = play("desperados", 4, 3, 1)[0]
    event = next(e for e in events if e.visible_to(None))
    with pytest.raises(ConfigError, match="4 seats"):
        state.describe_event(event, None, seat_names=["Ana", "Bo"])
    with pytest.raises(ConfigError, match="seat 1"):
        state.prompt(None, seat_names=["Ana", 5, "Cy", "Di"])


def test_the_default_words_are_unchanged() -> None:
    """Without names the words say "seat N" and "You", as before names existed."""
    texts = [state.describe_event(e, 0) for state, events in play("desperados", 4, 5, 300)
             for e in events if e.visible_to(0)]
    assert any(t.startswith("You ") for t in texts)
    assert any(re.match(r"Seat [123] ", t) for t in texts)


def test_edition_text_or_default() -> None:
    game = load_game("desperados")
    assert game.edition_text is None
    assert game.edition_text_or_default() == type(game).default_edition.read_text("utf-8")
    custom = load_game("desperados", edition_text=game.edition_text_or_default())
    assert custom.edition_text_or_default() == custom.edition_text


def test_the_match_page_speaks_in_names(api: Api) -> None:
    created = api.create("desperados", 4, [
        {"kind": "me", "name": "Ana"}, {"kind": "bot", "bot": "easy"},
        {"kind": "invite", "name": "Bo"}, {"kind": "bot", "bot": "easy"}])
    names = [s["name"] for s in created["seats"]]
    assert names == ["Ana", "easy bot A", "Bo", "easy bot B"]  # bots told apart
    tokens, match = tokens_of(created), created["id"]
    rng = random.Random(11)
    for _ in range(60):
        spectator = api.view(match)
        if spectator["finished"]:
            break
        seat = spectator["to_act"]
        if seat not in tokens:
            continue
        view = api.view(match, tokens[seat])
        if seat != spectator["to_act"] or not view["actions"]:
            continue
        if view["turn"] == "Your turn":
            other = api.view(match, tokens[2 - seat])
            assert other["turn"] == f"{names[seat]} to play"
        action = rng.choice(view["actions"])
        r = api.move(match, tokens[seat], view["version"], {"action": action["action"]})
        assert r.status_code in (200, 409), r.text
    mine = [e["text"] for e in api.view(match, tokens[0])["log"]]
    watching = [e["text"] for e in api.view(match)["log"]]
    logs = mine + watching
    # No seat numbers: every seat has a name of its own.
    assert not [t for t in logs if SEAT_NUMBER.search(t)], logs
    # Two bots of one strength: the words tell them apart by their letters.
    assert any(t.lower().startswith("easy bot b ") for t in watching)
    assert any(t.startswith("You ") for t in mine)
    assert any(t.startswith("Ana ") for t in watching)
    assert not any(t.startswith("Ana ") for t in mine)  # Ana reads "You"


def test_the_tables_standings_are_the_places_of_the_result_sentence() -> None:
    # The words' own places (core.words.standings): a ghost is ranked with the seats,
    # winners are 1st together whatever their points, equal points share a place.
    from ludoteca.core.words import Ghost
    from ludoteca.server.views import SeatInfo, result_text, standings
    from tests.core.test_words import Ended

    seats = [SeatInfo(0, "human", None, "Ana"), SeatInfo(1, "bot", "random", "easy bot")]
    ghost = Ended([9, 4], [], others=[Ghost("D. Sebastião", 12, True)])
    assert standings(ghost, 1, seats) == [
        {"place": 1, "names": "D. Sebastião", "score": "12", "unit": "points", "won": True,
         "tied": False, "you": False},
        {"place": 2, "names": "Ana", "score": "9", "unit": "points", "won": False,
         "tied": False, "you": False},
        {"place": 3, "names": "easy bot", "score": "4", "unit": "points", "won": False,
         "tied": False, "you": True}]
    assert result_text(ghost, 1, seats) == (  # type: ignore[arg-type]
        "You lost: D. Sebastião won. Places: D. Sebastião 1st (12 points); Ana 2nd "
        "(9 points); you 3rd (4 points).")
    both = Ended([30, -2], [0, 1])
    assert [(r["names"], r["place"], r["score"], r["tied"]) for r in
            standings(both, None, seats)] == [("Ana", 1, "30", True),
                                              ("easy bot", 1, "−2", True)]
