"""The quick symbol counts of :mod:`ludoteca.games.puertodiablo.steps` equal their plain
definitions: for every card, side, cover and mask, and at every node of seeded random
matches (with the options, so that hunts, covered sides and doublings occur).

The counts are written for speed (a mask's set bits only, both sides in one pass, one
count for all tall tales); these definitions are the slow, obvious ones."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.registry import load_game
from ludoteca.core.state import CHANCE, sample_chance
from ludoteca.games.puertodiablo import steps
from ludoteca.games.puertodiablo.steps import ASHORE

GAME = load_game("puertodiablo")
T = GAME.tables
MASKS = range(T.all_symbols + 1)


def plain_side_count(c: int, side: int, mask: int) -> int:
    return sum(n for k, n in enumerate(T.side_symbols[c][side]) if mask >> k & 1)


def plain_open_sides(cover: int) -> list[int]:
    return [s for s in (0, 1) if not cover >> s & 1]


def plain_ashore(state, seat: int) -> list[int]:
    return [c for c in range(T.num_chars)
            if state.place[c] == ASHORE and state.owner[c] == seat]


def test_side_count_is_the_sum_over_the_masks_types():
    state = GAME.new_initial_state(4)
    for c in range(T.num_chars):
        for side in (0, 1):
            for mask in MASKS:
                assert steps.side_count(state, c, side, mask) == \
                    plain_side_count(c, side, mask), (c, side, mask)


def test_open_count_is_the_sum_over_the_open_sides():
    state = GAME.new_initial_state(4)
    for c in range(T.num_chars):
        for cover in (0, 1, 2, 3):
            state.cover[c] = cover
            for mask in MASKS:
                want = sum(plain_side_count(c, s, mask) for s in plain_open_sides(cover))
                assert steps.open_count(state, c, mask) == want, (c, cover, mask)


def check_node(state, seen: dict[str, int]) -> None:
    for seat in range(state.num_players):
        ashore = plain_ashore(state, seat)
        assert steps.ashore_of(state, seat) == ashore
        sides = [(c, s) for c in ashore for s in plain_open_sides(state.cover[c])]
        counts = [sum(T.side_symbols[c][s][k] for c, s in sides) for k in range(len(T.symbols))]
        assert steps.open_symbol_counts(state, seat) == counts
        assert [steps.open_symbols(state, seat, k) for k in range(len(T.symbols))] == counts
        if state.challenge >= 0:
            mask = steps.usable_for(state, seat)
            assert steps.capacity(state, seat) == \
                sum(plain_side_count(c, s, mask) for c, s in sides)
            assert steps.deliverable(state, seat) == \
                sum(plain_side_count(c, s, mask) * (1 + state.doubled.count(c))
                    for c, s in sides)
        seen["covered"] += sum(1 for c in ashore if state.cover[c])
    seen["doubled"] += bool(state.doubled)
    for c in steps.hunters(state):
        mask = T.treasure_symbols[state.hunt_of[c]]
        assert steps.hunt_count(state, c) == \
            sum(plain_side_count(c, s, mask) for s in plain_open_sides(state.cover[c]))
        seen["hunting"] += 1


@pytest.mark.parametrize("options", [{}, {"treasure": "on"}, {"start": "advanced"}],
                         ids=["standard", "treasure", "advanced"])
def test_the_counts_equal_their_definitions_at_every_node(options):
    seen = {"covered": 0, "doubled": 0, "hunting": 0}
    for n, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        rng = random.Random(seed)
        state = GAME.new_initial_state(n, options=options)
        while not state.is_terminal():
            check_node(state, seen)
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        check_node(state, seen)
    # The matches reach the cases the quick counts treat apart.
    assert seen["covered"]
    if options.get("treasure"):
        assert seen["hunting"]
    if options.get("start"):
        assert seen["doubled"]
