"""Between harbours: what a new harbour keeps, shuffles under, empties and adds."""

from __future__ import annotations

import random

from ludoteca.games.puertodiablo.steps import ASHORE

from .helpers import GAME, T


def play_until(n, seed, stop):
    state = GAME.new_initial_state(n)
    rng = random.Random(seed)
    while not state.is_terminal():
        before = state.clone()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes],
                                           [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if stop(before, state):
            return before, state
    raise AssertionError("never reached")


def arrived(k):
    return lambda before, after: before.harbour == k - 1 and after.harbour == k


def test_level_two_abilities_join_the_pile_on_arrival_at_the_third_harbour():
    before, after = play_until(3, 1, arrived(2))
    assert any(before.level_two) and not any(after.level_two)
    level_two = [a for a in range(T.num_abis) if T.abi_level2[a]]
    assert sum(after.abi_pile.counts[a] for a in level_two) == sum(before.level_two)


def test_a_new_harbour_keeps_the_weather_card_and_shuffles_the_used_log_cards_under():
    before, after = play_until(3, 2, arrived(1))
    assert after.weather == before.weather
    assert after.foul == int(T.log_foul[before.weather])
    used = sorted(before.used_log)
    assert tuple(used) in after.log_pile.bottom  # one bag, in no known order
    assert after.used_log == []


def test_a_new_harbour_heals_everybody_and_returns_the_abilities_to_the_hands():
    _, after = play_until(4, 3, arrived(1))
    assert not any(after.cover)
    assert all(not x for x in after.ship_abis)


def test_characters_ashore_equal_the_harbour_number_after_the_top_up():
    def revealed(before, after):
        return before.harbour == 1 and before.round == 0 and after.round == 1
    _, state = play_until(3, 4, revealed)
    for seat in range(3):
        mine = [c for c in range(T.num_chars)
                if state.place[c] == ASHORE and state.owner[c] == seat]
        assert len(mine) == 3 or state.char_pile.size == 0
