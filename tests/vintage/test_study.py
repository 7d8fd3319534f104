"""Study tools on Vintage: simulation at every player count, the report's turn order."""

from __future__ import annotations

import random

from ludoteca.core.match import MatchRecord
from ludoteca.core.registry import load_game
from ludoteca.core.state import sample_chance
from ludoteca.sim import run_simulation
from ludoteca.sim.report import figures, write_report


def _first_player(record: MatchRecord) -> int:
    """The holder of the first-player token as round I starts, read from the observation."""
    state = load_game("vintage").new_initial_state(record.num_players, record.variant,
                                                   record.options)
    for action in record.actions:
        if not state.is_chance_node():
            break
        state.apply_action(action)
    return int(state.observation(None)["first_player"])


def test_the_deal_does_not_always_give_seat_zero_the_first_turn():
    game = load_game("vintage")
    seen = set()
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new_initial_state(4)
        while state.is_chance_node():
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
        seen.add(state.current_player())
    assert len(seen) > 1


def test_report_counts_wins_by_turn_order_where_chance_deals_the_first_player(tmp_path):
    out = tmp_path / "v.jsonl"
    run_simulation("vintage", 3, 24, seed=5, workers=1, out=out,
                   agents=["heuristic", "random", "random"])
    records = [MatchRecord.from_json(line) for line in out.read_text().splitlines()]
    firsts = [_first_player(r) for r in records]
    assert len(set(firsts)) > 1
    f = figures(out)
    assert [s.first_to_act for s in f.seats] == [firsts.count(s) for s in range(3)]
    for place in range(3):
        wins = sum(r.returns[(first + place) % 3] for r, first in zip(records, firsts,
                                                                      strict=True))
        assert f.turn_order[place].wins == wins
    page = write_report([out], tmp_path / "report").read_text()
    assert "Win rate by turn order" in page


def test_simulation_at_every_player_count_finishes_every_match():
    for players in (2, 3, 4):
        run = run_simulation("vintage", players, 20, seed=players, workers=1)
        assert len(run.records) == 20 and not run.faults
        assert all(r.finished for r in run.records)
