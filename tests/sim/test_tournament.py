"""Tournaments: balanced seatings, one deal per round, ratings and head-to-head."""

import pytest

from ludoteca import ConfigError
from ludoteca.core.match import MatchRecord
from ludoteca.sim import head_to_head, rate, read_results, tournament
from ludoteca.sim.ratings import side_ranks
from ludoteca.sim.tournament import lineups, schedule, seatings
from tests.core.toygame import GAME_ID, install
from tests.sim import agents as _agents  # noqa: F401

install()


@pytest.mark.parametrize(("agents", "players", "mode"), [
    (2, 2, "all"), (3, 2, "all"), (2, 3, "all"), (3, 3, "rotations"), (2, 4, "all"),
    (3, 4, "all"), (5, 3, "rotations"), (4, 4, "all"),
])
def test_every_agent_sits_in_every_seat_equally_often(agents, players, mode):
    names = [f"a{i}" for i in range(agents)]
    plan = schedule(names, players, 1, mode)
    counts = plan.seat_counts()
    values = {c for seats in counts.values() for c in seats}
    assert len(values) == 1 and values.pop() > 0
    # every agent sits at every table of a line-up it belongs to, and meets every other
    met = {(a, b) for t in plan.tables for a in t for b in t if a != b}
    assert met == {(a, b) for a in range(agents) for b in range(agents) if a != b}


def test_sides_seat_partners_with_the_same_agent():
    plan = schedule(["x", "y"], 4, 1, "sides", [[0, 2], [1, 3]])
    assert plan.tables == ((0, 1, 0, 1), (1, 0, 1, 0))
    assert plan.seat_counts() == {"x": [1, 1, 1, 1], "y": [1, 1, 1, 1]}
    mixed = schedule(["x", "y"], 4, 1, "all", [[0, 2], [1, 3]])
    assert len(mixed.tables) == 14
    three = schedule(["x", "y", "z"], 4, 1, "sides", [[0, 2], [1, 3]])
    assert len(three.tables) == 6 and all(t[0] == t[2] and t[1] == t[3] for t in three.tables)


def test_lineups_and_seatings():
    assert lineups(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert lineups(2, 4) == [(0, 0, 0, 1), (0, 0, 1, 1), (0, 1, 1, 1)]
    assert seatings((0, 0, 1), "all") == [(0, 0, 1), (0, 1, 0), (1, 0, 0)]
    assert seatings((0, 1, 2), "rotations") == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    with pytest.raises(ConfigError):
        seatings((0, 1), "random")


def test_rounds_cover_the_matches_asked_for_and_share_one_seed():
    plan = schedule(["x", "y", "z"], 2, 10)
    assert len(plan.tables) == 6 and plan.rounds == 2 and plan.matches == 12
    jobs = plan.jobs(seed=4)
    assert [j.index for j in jobs] == list(range(12))
    assert len({j.seed for j in jobs[:6]}) == 1 and jobs[0].seed != jobs[6].seed


@pytest.mark.parametrize(("agents", "message"), [
    (["random"], "at least two"), (["random", "random"], "each agent once"),
])
def test_bad_agent_lists(agents, message):
    with pytest.raises(ConfigError, match=message):
        schedule(agents, 2, 5)


def test_a_tournament_rates_the_stronger_agent_first(tmp_path):
    out = tmp_path / "t.jsonl"
    result = tournament(GAME_ID, 2, ["random", "ismcts:iterations=40"], 60, seed=3,
                        workers=1, out=out)
    assert result.schedule.matches == 60
    assert result.ratings[0].agent == "ismcts:iterations=40"
    pair = next(h for h in result.head_to_head if h.agent == "ismcts:iterations=40")
    assert pair.matches == 60 and pair.score > 0.5
    assert [r.record for r in read_results(out)] == result.run.records
    same = tournament(GAME_ID, 2, ["random", "ismcts:iterations=40"], 60, seed=3, workers=2)
    assert same.run.records == result.run.records
    assert [r.mu for r in same.ratings] == [r.mu for r in result.ratings]


def test_a_raising_agent_forfeits_in_a_tournament():
    result = tournament(GAME_ID, 2, ["test-flaky:p=0.6", "random"], 40, workers=1)
    assert result.run.faults
    for i, fault in result.run.faults.items():
        assert result.run.records[i].returns[fault.seat] == 0.0
    assert len(result.run.records) == result.schedule.matches
    flaky = next(r for r in result.ratings if r.agent.startswith("test-flaky"))
    assert flaky.share < flaky.fair_share


def record(agents, returns, n=None):
    n = n or len(agents)
    return MatchRecord(game=GAME_ID, num_players=n, variant="standard", agents=agents,
                       returns=returns, scores=[0.0] * n, finished=True)


def test_ranks_group_partners_and_share_ties():
    partners = {0: 0, 1: 1, 2: 0, 3: 1}.__getitem__
    groups, ranks = side_ranks(record(["a", "b", "a", "b"], [1.0, 0.0, 1.0, 0.0]), partners)
    assert groups == [[0, 2], [1, 3]] and ranks == [1, 2]
    _, ranks = side_ranks(record(["a", "b", "c"], [0.5, 0.5, 0.0]), lambda s: s)
    assert ranks == [1, 1, 3]


def test_ratings_and_head_to_head_by_hand():
    records = [record(["a", "b"], [1.0, 0.0])] * 8 + [record(["b", "a"], [0.0, 1.0])] * 8
    ratings = rate(records, lambda r: (lambda s: s))
    assert [r.agent for r in ratings] == ["a", "b"]
    assert ratings[0].low > ratings[1].high
    assert ratings[0].share == 1.0 and ratings[0].fair_share == 0.5
    h2h = {(h.agent, h.opponent): h for h in head_to_head(records, lambda r: (lambda s: s))}
    assert h2h["a", "b"].score == 1.0 and h2h["b", "a"].score == 0.0
    assert h2h["a", "b"].matches == 16 and h2h["a", "b"].low > 0.5
    # the same agent on both sides of a match tells nothing about it
    mirror = [record(["a", "a", "b"], [1.0, 0.0, 0.0])]
    assert {(h.agent, h.opponent) for h in head_to_head(mirror, lambda r: (lambda s: s))} \
        == {("a", "b"), ("b", "a")}
