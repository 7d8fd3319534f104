"""Seeded random matches of Douro 1872 play exactly as they did when the digests below were
taken: the same actions, the same events (with their audiences), the same points and
returns, through the checked and the trusted apply paths alike.

A speed-up must leave these alone. A change that is meant to change play (a ruling, an
edition value) changes them too; then print the new digests and paste them here:

    .venv/bin/python -m tests.douro1872.test_random_play
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from ludoteca import load_game
from ludoteca.core.state import CHANCE, sample_chance

GAME = load_game("douro1872")
MATCHES = 25

DIGESTS = {
    (3, "standard"): "9fbfe1701b12b0a92e38a1016fe654755c85c6340cf885577093b80e65a34a9c",
    (4, "standard"): "81795a3a2c71448d0c3252d54c3e8395d8d91246c6eaab24f667e6a9eb51e862",
    (5, "standard"): "14fa1f4e66dce70982723867c53b22191c5cac3041369346d0f73dcd5e72028f",
    (2, "sebastiao"): "07e140cce5f6af09138d53dbc74519d97651d5499866a76bb781edd307637dac",
}


def digest(players: int, variant: str, matches: int = MATCHES) -> str:
    """sha256 of ``matches`` random matches (seeds 0..matches-1; even seeds through
    ``apply_action``, odd ones through ``apply_trusted``): every action and its events, then
    the scores and returns."""
    out = hashlib.sha256()
    for seed in range(matches):
        rng = random.Random(seed)
        state = GAME.new_initial_state(players, variant)
        apply = state.apply_trusted if seed % 2 else state.apply_action
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                action = sample_chance(state.chance_outcomes(), rng)
            else:
                action = rng.choice(state.legal_actions())
            apply(action)
            events = [(e.to_json(), e.to, e.hidden_from) for e in state.events()]
            out.update(json.dumps([action, events], sort_keys=True).encode())
        out.update(json.dumps([state.scores(), state.returns()]).encode())
    return out.hexdigest()


@pytest.mark.parametrize(("players", "variant"), sorted(DIGESTS))
def test_seeded_random_matches_play_as_before(players: int, variant: str) -> None:
    assert digest(players, variant) == DIGESTS[players, variant], (
        "seeded random matches no longer play as before: if the change is meant to change "
        "play, update DIGESTS (see the module docstring)")


if __name__ == "__main__":
    for players, variant in DIGESTS:
        print(f'    ({players}, "{variant}"): "{digest(players, variant)}",')
