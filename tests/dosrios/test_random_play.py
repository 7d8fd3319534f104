"""Seeded random matches play to the end without an error, and play as they always did."""

from __future__ import annotations

import hashlib
import json

import pytest

import ludoteca
from ludoteca.core.match import replay

MAX_ACTIONS = 20000
"""Random play rarely builds, so matches run to the turn limit (R22); at 4 players and 60
rounds that took fewer than 5,000 actions, chance outcomes included."""


def play_to_the_end(n: int, seed: int, **options: object) -> ludoteca.MatchRecord:
    record = ludoteca.run_match("dosrios", ["random"] * n, seed=seed, max_actions=MAX_ACTIONS,
                                options=options or None)
    assert record.finished, f"{n} players, seed {seed}: not over after {MAX_ACTIONS} actions"
    return record


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seeded_random_matches_end(n):
    for seed in range(10):
        record = play_to_the_end(n, seed, max_rounds=15)
        assert len(record.scores) == n
        assert abs(sum(record.returns) - 1.0) < 1e-9


def digest(n: int, seed: int, **options: object) -> str:
    record = play_to_the_end(n, seed, **options)
    data = json.dumps([record.actions, record.scores], separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()[:16]


PINNED = {
    (2, 1): "a957265ff6f9eb72",
    (3, 2): "5fb18c8e6e471942",
    (4, 3): "f2fe711452165e36",
}
"""A change of any of these is a change of what the game does: say why in the commit."""

PINNED_STRICT = {
    (2, 1): "0a3cdf33fb4611f1",
    (3, 2): "6880265affbbbda3",
    (4, 3): "f99ff9fc13875bc3",
}
"""Under ``farm_passing = strict`` (R9): the matches as they were before the literal
reading became the default."""


@pytest.mark.parametrize("n,seed", sorted(PINNED))
def test_seeded_matches_are_pinned(n, seed):
    assert digest(n, seed) == PINNED[n, seed]


@pytest.mark.parametrize("n,seed", sorted(PINNED_STRICT))
def test_seeded_matches_are_pinned_under_strict_farm_passing(n, seed):
    assert digest(n, seed, farm_passing="strict") == PINNED_STRICT[n, seed]


def test_a_record_replays_to_the_same_scores():
    record = play_to_the_end(4, 7, max_rounds=10)
    again = ludoteca.MatchRecord.from_json(record.to_json())
    assert replay(again).scores() == record.scores


@pytest.mark.parametrize("option", ["literal", "strict"])
def test_a_worker_in_passing_always_has_a_way_on(option):
    """R9: along random play, whenever a worker stands in passing on an opposing Farm, a
    move of that worker on is legal, and the turn is never ended meanwhile. Every seat
    is handed the cash for its buildings and builds when it can, so Farms stand."""
    import random

    from ludoteca.games.dosrios.actions import Build, EndTurn, Move
    from ludoteca.games.dosrios.steps import MustLeave, opposing_farm
    game = ludoteca.load_game("dosrios")
    codec = game.codec
    T = game.tables
    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state(3, "standard", {"farm_passing": option, "max_rounds": 12})
        while not state.is_terminal():
            if state.is_chance_node():
                outs, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outs, probs)[0])
                continue
            step = state.next_step()
            if state.turns == 1 and state.money[state.active] < 3000:
                state.money[:] = [3000] * 3
                state._legal = None
            acts = state.legal_actions()
            builds = [a for a in acts if isinstance(codec.decode(a), Build)]
            if builds:
                state.apply_action(rng.choice(builds))
                continue
            passes = [a for a in acts if isinstance(m := codec.decode(a), Move)
                      and m.dst < T.num_hexes and opposing_farm(state, state.active, m.dst)]
            if passes and rng.random() < 0.5:  # seek out opposing Farms
                state.apply_action(rng.choice(passes))
                continue
            if isinstance(step, MustLeave):
                seen += 1
                decoded = [codec.decode(a) for a in acts]
                assert any(getattr(a, "src", -1) == step.hex for a in decoded)
                assert EndTurn() not in decoded
            state.apply_action(rng.choice(acts))
    assert seen >= 10, seen  # random play does pass opposing Farms
