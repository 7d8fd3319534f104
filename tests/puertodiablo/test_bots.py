"""The heuristic bot beats random play, seat-rotated (the goal: at least 70 %)."""

from __future__ import annotations

import pytest

import ludoteca


@pytest.mark.parametrize("n", [2, 4])
def test_the_heuristic_beats_random_seat_rotated(n):
    matches = 60
    won = 0.0
    for seed in range(matches):
        seats = ["random"] * n
        seats[seed % n] = "heuristic"
        record = ludoteca.run_match("puertodiablo", seats, seed=seed)
        won += record.returns[seed % n]
    assert won / matches >= 0.7


def test_the_search_judges_a_position_by_the_vp_it_would_score_now():
    """evaluation(): a softmax of tall tales plus symbol bonus (R10), not of the tales
    alone: equal tales, and the seat with three blades to two tavern symbols leads."""
    import math

    from ludoteca.games.puertodiablo.rules import end
    from ludoteca.games.puertodiablo.state import PROSPECT_WIDTH
    from ludoteca.games.puertodiablo.steps import SHIP

    from .helpers import T, char, new_state

    s = new_state(2)  # the first harbour's choices still to make
    assert not s.is_terminal()
    for c in range(T.num_chars):
        s.owner[c] = -1
    s.owner[char("C16")] = s.owner[char("C05")] = 0  # three blades
    s.owner[char("C22")] = 1  # two tavern symbols
    s.place[char("C16")] = s.place[char("C05")] = s.place[char("C22")] = SHIP
    assert s.scores() == [0.0, 0.0]  # the tales alone would see a tie
    assert end.prospect(s, 0) == 3 + 9 / 100 and end.prospect(s, 1) == 2 + 3 / 100
    share = s.evaluation()
    assert math.isclose(sum(share), 1.0)
    gap = end.prospect(s, 0) - end.prospect(s, 1)
    assert math.isclose(share[0] / share[1], math.exp(gap / PROSPECT_WIDTH))
    # A tale worth two more VP turns it round.
    s.tales = [[], [T.tale_names.index("Seven with One Stroke")]]
    assert s.evaluation()[1] > s.evaluation()[0]


def test_at_the_end_the_search_is_judged_by_the_returns():
    record = ludoteca.run_match("puertodiablo", ["heuristic", "heuristic"], seed=4)
    state = ludoteca.replay(record)
    assert state.is_terminal() and state.evaluation() == state.returns() == record.returns
