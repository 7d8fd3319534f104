"""What each seat may know: everything but the order of the stack, which is never stored."""

from __future__ import annotations

import random

from ludoteca import load_game
from tests.dosrios.helpers import CARD, ready


def test_every_seat_and_a_spectator_see_the_same_position():
    state = ready(3)
    views = [state.observation(v) for v in (0, 1, 2, None)]
    for v in views:
        v.pop("prompt")  # addressed to its reader: "you" or the seat's name
    assert all(v == views[0] for v in views)
    assert views[0]["row"] == ["tobacco", "maize", "wheat", "forest"]
    assert views[0]["deck"] == sum(load_game("dosrios").tables.card_copies) - 4


def test_the_game_declares_perfect_information_with_chance():
    assert load_game("dosrios").info.hidden_information is False


def test_determinize_changes_nothing_but_keeps_the_stack_a_chance_node():
    state = ready(4)
    for seed in range(5):
        world = state.determinize(seed % 4, random.Random(seed))
        assert world.observation(None) == state.observation(None)
        assert world.deck == state.deck
        assert world.legal_actions() == state.legal_actions()


def test_the_next_card_is_decided_only_when_drawn():
    state = ready(2)
    # nothing in the state says which card comes next: the stack is counts per kind
    assert state.deck.top == () and state.deck.counts[CARD["tobacco"]] == 1


def test_events_reach_every_seat_alike():
    state = ready(2)
    assert state.events_for(0) == state.events_for(1) == state.events_for(None)
