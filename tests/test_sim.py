"""Simulation: reproducible whatever the number of workers, and its statistics."""

import pytest

from ludoteca import ConfigError, MatchRecord, load_game, replay, run_match
from ludoteca.sim import match_seed, simulate, summarize, wilson_interval
from tests.core.toygame import EDITION, GAME_ID, install

install()


def test_match_seeds_are_stable_distinct_and_json_safe():
    assert match_seed(1, 0) == match_seed(1, 0)
    seeds = {match_seed(s, i) for s in range(5) for i in range(200)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**53 for s in seeds)


def test_same_seed_same_records_whatever_the_workers():
    one = simulate(GAME_ID, 3, 40, seed=7, workers=1)
    two = simulate(GAME_ID, 3, 40, seed=7, workers=2, chunk_size=3)
    assert [r.to_json() for r in one] == [r.to_json() for r in two]
    assert [r.seed for r in one] == [match_seed(7, i) for i in range(40)]
    assert simulate(GAME_ID, 3, 40, seed=8, workers=1) != one


def test_each_record_is_the_match_run_match_plays_with_its_seed():
    records = simulate(GAME_ID, 2, 5, seed=3, agents="random", workers=1)
    for record in records:
        assert run_match(GAME_ID, ["random"] * 2, seed=record.seed) == record
        assert replay(record).scores() == record.scores


def test_progress_counts_every_match_and_reaches_the_total():
    seen = []
    simulate(GAME_ID, 2, 10, workers=1, chunk_size=4,
             progress_callback=lambda done, total: seen.append((done, total)))
    assert seen == [(float(i) if i else 0, 10) for i in range(11)]


def test_variant_options_agents_and_edition_reach_every_match(tmp_path):
    edition = tmp_path / "deck.toml"
    edition.write_text(EDITION.read_text().replace("[2, 3, 5, 7, 11]", "[1, 2, 3, 4]"))
    records = simulate(GAME_ID, 2, 6, seed=1, agents=["random", "random"], variant="lowball",
                       options={"stakes": "2"}, workers=2, edition=edition)
    assert {r.variant for r in records} == {"lowball"}
    assert all(r.options == {"stakes": 2} for r in records)
    assert all(r.edition == edition.read_text() for r in records)
    assert all(max(r.actions[:2]) < 4 for r in records)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"agents": ["random"]}, "1 agents given for 2 players"),
        ({"agents": "oracle"}, "unknown agent 'oracle'"),
        ({"agents": "random:depth=2"}, "takes no options"),
        ({"variant": "poker"}, "has no variant 'poker'"),
        ({"options": {"stakes": 0}}, "stakes"),
        ({"n": -1}, "0 or more"),
    ],
)
def test_impossible_set_ups_fail_before_any_match(kwargs, message):
    args = {"game_id": GAME_ID, "num_players": 2, "n": 3, "workers": 1} | kwargs
    with pytest.raises(ConfigError, match=message):
        simulate(**args)


def test_no_matches():
    assert simulate(GAME_ID, 2, 0) == []
    assert summarize([]).matches == 0


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    low, high = wilson_interval(0, 100)
    assert low == 0.0 and high == pytest.approx(0.0370, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-4)


def record(returns, scores, actions=4, finished=True) -> MatchRecord:
    return MatchRecord(game=GAME_ID, num_players=2, variant="standard", actions=[0] * actions,
                       agents=["a", "b"], scores=scores, returns=returns, finished=finished)


def test_summary_counts_shared_wins_and_unfinished_matches():
    summary = summarize([
        record([1.0, 0.0], [3.0, -3.0], actions=4),
        record([0.5, 0.5], [0.0, 0.0], actions=6),
        record([0.0, 1.0], [-1.0, 1.0], actions=5),
        record([], [], actions=9, finished=False),
    ])
    assert summary.matches == 4 and summary.finished == 3
    first, second = summary.seats
    assert (first.agent, first.wins, first.win_rate) == ("a", 1.5, 0.375)
    assert (second.agent, second.wins, second.win_rate) == ("b", 1.5, 0.375)
    assert first.mean_score == 0.5 and second.mean_score == -0.5
    assert first.low < 0.375 < first.high
    assert (summary.mean_length, summary.min_length, summary.max_length) == (6.0, 4, 9)


def test_summary_rejects_mixed_player_counts():
    three = MatchRecord(game=GAME_ID, num_players=3, variant="standard")
    with pytest.raises(ValueError, match="different player counts"):
        summarize([record([1.0, 0.0], [1.0, -1.0]), three])


def test_toy_game_win_rates_are_plausible():
    summary = summarize(simulate(GAME_ID, 2, 300, seed=2, workers=1))
    assert sum(s.win_rate for s in summary.seats) == pytest.approx(1.0)
    assert load_game(GAME_ID).info.max_game_length >= summary.max_length
