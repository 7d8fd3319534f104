"""What each seat is told (events), the observation tensor, and clones."""

from __future__ import annotations

import json
import random

import pytest

from ludoteca import load_game
from ludoteca.core.state import CHANCE, sample_chance
from ludoteca.testing import playout_states
from tests.desperados.script import GOLD, Script

CONFIGS = [(4, "partnership"), (4, "individual"), (3, "individual"), (2, "individual")]


def _log(state, viewer, kind):
    return [e for _, e in state.event_log(viewer) if e.kind == kind]


# ----- events ----------------------------------------------------------------------------------

def test_the_deal_tells_each_receiver_its_cards_and_the_others_only_that_a_card_was_dealt():
    hands = [["gold mine", "Desperado 12"], ["silver mine"], ["Desperado 3"], []]
    sc = Script(hands=hands)
    state = sc.state
    for seat in range(4):
        mine = sorted(e.data["card"] for e in _log(state, seat, "dealt") if "card" in e.data)
        held = sorted(name for name, c in state.observation(seat)["hand"].items()
                      for _ in range(c))
        assert mine == held
        others = [e for e in _log(state, seat, "dealt") if "card" not in e.data]
        assert len(others) == 18 and {e.data["seat"] for e in others} == set(range(4)) - {seat}
    assert all("card" not in e.data for e in _log(state, None, "dealt"))


def test_a_draw_says_the_card_to_the_drawer_only():
    sc = Script(hands=[[], [], [], []])
    sc.draw(0, "Desperado 9")
    assert sc.events(0) == ["You draw a Desperado 9"]
    assert sc.events(2) == ["Seat 0 draws a card"]
    assert sc.events(None) == ["Seat 0 draws a card"]


def test_a_settled_fight_tells_everyone_its_cards_winner_and_outcome():
    sc = Script(hands=[["gold mine", "Desperado 1"], ["Desperado 9"], ["Desperado 12"],
                       ["Desperado 4"]])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold), sc.fight(2, 12, gold), sc.fight(3, 4, gold), sc.fight(0, 1, gold)
    for viewer in (None, 0, 1, 2, 3):
        (fight,) = [e for e in sc.state.events_for(viewer) if e.kind == "fight_settled"]
        assert fight.data == {"mine": gold, "attacker": 1,
                              "desperados": [[0, 1], [1, 9], [2, 12], [3, 4]], "owner": 0,
                              "outcome": "the defenders keep the mine"}
    assert sc.events(1)[-1] == ("Fight over gold mine 1: you and seat 3 attacked with 9 + 4 = "
                                "13, seats 0 and 2 defended with 1 + 12 = 13 — a tie, 13 to "
                                "13, goes to the defenders: seats 0 and 2 keep the mine.")


def test_the_end_of_a_round_and_of_the_game_are_told_to_everyone():
    sc = Script(4, "partnership")
    sc.end_round_with([20, 10])
    state = sc.state
    (scored,) = [e for e in state.events_for(3) if e.kind == "round_scored"]
    assert scored.data == {"round": 1, "mines": [], "totals": [20, 10]}
    (started,) = [e for e in state.events_for(3) if e.kind == "round_started"]
    assert started.data == {"round": 2, "dealer": 0}
    assert any(e.kind == "final_turns" for _, e in state.event_log(None))
    sc.end_round_with([61, 10])
    (over,) = [e for e in state.events_for(None) if e.kind == "game_over"]
    assert over.data == {"winners": [0, 2], "totals": [61, 10]}
    assert sc.events(2)[-1] == "The game is over: you win (seat 0 and seat 2)."
    assert sc.events(1)[-1] == "The game is over: seat 0 and seat 2 win."


@pytest.mark.parametrize("players,variant", CONFIGS)
def test_every_move_tells_every_seat_something_and_events_are_json(players, variant):
    game = load_game("desperados")
    for state in playout_states(game, players, variant, seed=1):
        if not state.history():
            continue
        events = state.events()
        assert events, "every move emits events"
        for viewer in [None, *range(players)]:
            seen = state.events_for(viewer)
            assert seen, f"a move showed {viewer} nothing"
            for e in seen:
                json.dumps(e.to_json())
                assert state.describe_event(e, viewer)


# ----- observation tensor -------------------------------------------------------------------

@pytest.mark.parametrize("players,variant", CONFIGS)
def test_the_observation_tensor_has_a_fixed_length_and_honest_bounds(players, variant):
    game = load_game("desperados")
    layout = game.tensor_layout(players, variant)
    low, high = layout.low(), layout.high()
    for seed in range(2):
        for state in playout_states(game, players, variant, seed, every=3):
            for p in range(players):
                vec = state.observation_tensor(p)
                assert len(vec) == layout.size == state.observation_tensor_shape()[0]
                bad = [i for i, v in enumerate(vec) if not low[i] <= v <= high[i]]
                assert not bad


def test_the_tensor_shows_only_what_the_observation_shows():
    """Equal observations of a seat give equal tensors (a determinization cannot move it)."""
    game = load_game("desperados")
    for state in playout_states(game, 4, "partnership", seed=2, every=17):
        for p in range(4):
            view = state.determinize(p, random.Random(p))
            assert view.observation_tensor(p) == state.observation_tensor(p)


# ----- clones ----------------------------------------------------------------------------------

def _mutables(obj, seen, out, depth=0):
    if id(obj) in seen or depth > 4:
        return
    seen.add(id(obj))
    if isinstance(obj, list | dict | set):
        out.add(id(obj))
    if isinstance(obj, list | tuple | set):
        for item in obj:
            _mutables(item, seen, out, depth + 1)
    elif isinstance(obj, dict):
        for item in obj.values():
            _mutables(item, seen, out, depth + 1)


def _state_mutables(state):
    out: set[int] = set()
    for name, value in vars(state).items():
        if name in ("game", "cards", "options", "_actions", "_outcomes", "_trail", "_events"):
            continue  # shared by design: the game, its tables, the immutable history
        _mutables(value, set(), out)
    return out


def test_a_clone_shares_no_mutable_object_with_its_original():
    game = load_game("desperados")
    rng = random.Random(4)
    state = game.new_initial_state(4, "partnership", {"max_rounds": 1})
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if rng.random() < 0.05:
            assert not _state_mutables(state) & _state_mutables(state.clone())
    copy = state.clone()
    assert not _state_mutables(state) & _state_mutables(copy)
    before = state.winners()
    copy.winner_displays.append(1 - copy.winner_displays[0])
    assert state.winners() == before, "winner_displays is not shared"


# ----- terminal view ------------------------------------------------------------------------

def test_the_terminal_view_draws_any_observation():
    from rich.console import Console

    from ludoteca.core.registry import game_module

    game = load_game("desperados")
    render = game_module(game, "render").render
    for players, variant in [(4, "partnership"), (2, "individual")]:
        for state in playout_states(game, players, variant, seed=3, every=97):
            for viewer in [None, *range(players)]:
                console = Console(record=True, width=100)
                console.print(render(state.observation(viewer)))
                text = console.export_text()
                assert "Desperados" in text and state.observation(viewer)["prompt"] in text
