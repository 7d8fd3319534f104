"""Running matches: faults lose one match only, time limits, progress inside slow matches,
stopping, result files, and the same results whatever the workers."""

import json
import threading

import pytest

from ludoteca import ConfigError, replay
from ludoteca.core.match import MatchRecord
from ludoteca.sim import read_results, run_simulation, simulate
from ludoteca.sim.match import play_match
from ludoteca.sim.results import ResultWriter
from ludoteca.sim.runner import Job, Setup, run_jobs
from tests.core.toygame import GAME_ID, install
from tests.sim import agents as _agents  # noqa: F401  (registers the misbehaving agents)

install()


def test_an_agent_that_raises_loses_that_match_only():
    result = run_simulation(GAME_ID, 3, 40, seed=2, workers=1,
                            agents=["test-flaky:p=0.3", "random", "random"])
    assert len(result.records) == 40
    assert result.faults, "with p=0.3 some match must fail"
    for i, record in enumerate(result.records):
        fault = result.faults.get(i)
        if fault is None:
            assert record.finished
            continue
        assert (fault.seat, fault.kind, fault.agent) == (0, "error", "test-flaky:p=0.3")
        assert "the flaky agent gave up" in fault.message
        assert not record.finished and record.returns == [0.0, 0.5, 0.5]
        assert replay(record).move_number() == fault.move == len(record.actions)
    clean = [r for i, r in enumerate(result.records) if i not in result.faults]
    assert all(replay(r).scores() == r.scores for r in clean)


def test_faults_are_the_same_whatever_the_workers():
    agents = ["test-flaky:p=0.2", "random", "random"]
    one = run_simulation(GAME_ID, 3, 30, seed=5, workers=1, agents=agents)
    two = run_simulation(GAME_ID, 3, 30, seed=5, workers=2, agents=agents, chunk_size=2)
    assert [r.to_json() for r in one.records] == [r.to_json() for r in two.records]
    assert one.faults == two.faults


def test_an_illegal_action_forfeits_and_a_stuck_agent_times_out():
    illegal = run_simulation(GAME_ID, 2, 3, workers=1, agents=["random", "test-illegal"])
    assert {f.kind for f in illegal.faults.values()} == {"illegal"}
    assert all(r.returns == [1.0, 0.0] for r in illegal.records)
    stuck = run_simulation(GAME_ID, 2, 6, seed=3, workers=1, move_time_limit=0.1,
                           agents=["test-stuck:p=0.5", "random"])
    kinds = {f.kind for f in stuck.faults.values()}
    assert kinds == {"timeout"}
    assert 0 < len(stuck.faults) < 6
    assert all("0.1 s" in f.message for f in stuck.faults.values())


def test_a_stuck_agent_times_out_in_a_worker_process_too():
    stuck = run_simulation(GAME_ID, 2, 4, seed=3, workers=2, move_time_limit=0.1,
                           agents=["test-stuck:p=0.5", "random"])
    assert len(stuck.records) == 4
    assert {f.kind for f in stuck.faults.values()} == {"timeout"}


def test_a_slow_move_without_alarm_is_caught_when_it_returns():
    game = install()()
    outcome = {}

    def play():  # not the main thread: no SIGALRM, the clock is read afterwards
        outcome["o"] = play_match(game, ["test-slow:delay=0.05", "random"], 1,
                                  move_time_limit=0.01)

    thread = threading.Thread(target=play)
    thread.start()
    thread.join()
    fault = outcome["o"].fault
    assert fault is not None and fault.kind == "timeout" and "limit 0.01 s" in fault.message


def test_progress_moves_inside_slow_matches():
    seen = []
    setup = Setup.of(install()(), 2, "standard")
    jobs = [Job(0, 1, ("test-slow:delay=0.3", "test-slow:delay=0.3"))]
    run_jobs(setup, jobs, lambda o: None, workers=1,
             progress=lambda done, total: seen.append(done))
    partial = [d for d in seen if 0 < d < 1]
    assert partial, f"no progress inside the match: {seen}"
    assert seen == sorted(seen) and seen[-1] == 1


def test_stop_request_abandons_the_match_under_way():
    game = install()()
    calls = []

    def stop():
        calls.append(1)
        return True

    from ludoteca.sim.match import Stopped

    with pytest.raises(Stopped):
        play_match(game, ["test-slow:delay=0.3"] * 3, 1, stop=stop)
    assert calls


def test_results_are_written_in_match_order_as_they_arrive(tmp_path):
    out = tmp_path / "r.jsonl"
    records = simulate(GAME_ID, 2, 3, seed=1, workers=1)
    with ResultWriter(out, [0, 1, 2]) as writer:
        from ludoteca.sim.match import Outcome

        writer.add(Outcome(2, records[2]))
        writer.add(Outcome(1, records[1]))
        assert out.read_text() == ""
        writer.add(Outcome(0, records[0]))
        assert len(out.read_text().splitlines()) == 3
    assert [r.record for r in read_results(out)] == records


def test_a_forfeit_is_written_with_its_fault_and_read_back(tmp_path):
    out = tmp_path / "f.jsonl"
    result = run_simulation(GAME_ID, 3, 20, seed=2, workers=1, out=out,
                            agents=["test-flaky:p=0.3", "random", "random"])
    back = read_results(out)
    assert [r.record for r in back] == result.records
    assert {i: r.fault for i, r in enumerate(back) if r.fault} == result.faults
    clean = [line for line in out.read_text().splitlines() if '"meta"' not in line]
    assert all(MatchRecord.from_json(line) for line in clean)


@pytest.mark.parametrize("make", [
    lambda tmp: tmp / "missing" / "out.jsonl",
    lambda tmp: tmp,
])
def test_a_bad_out_path_fails_before_any_match(tmp_path, make):
    played = []
    with pytest.raises(ConfigError, match="--out"):
        run_simulation(GAME_ID, 2, 5, workers=1, out=make(tmp_path),
                       on_outcome=played.append)
    assert played == []


def test_bad_backend_options_are_config_errors():
    with pytest.raises(ConfigError, match="backend"):
        simulate(GAME_ID, 2, 2, backend="spark")
    with pytest.raises(ConfigError, match="Ray"):
        simulate(GAME_ID, 2, 2, address="auto")
    with pytest.raises(ConfigError, match="time limit"):
        simulate(GAME_ID, 2, 2, move_time_limit=0)


def test_custom_agents_reach_spawned_workers():
    records = simulate(GAME_ID, 2, 4, workers=2, agents=["test-slow:delay=0", "random"])
    assert [r.agents for r in records] == [["test-slow:delay=0", "random"]] * 4
    assert json.loads(records[0].to_json())["finished"]


def test_a_simulated_match_is_the_match_run_match_plays():
    from ludoteca import game_ids, load_game
    from ludoteca import run_match as core_run

    cases = [(GAME_ID, 3, ["random", "ismcts:iterations=10", "easy"])]
    for game_id in game_ids():
        try:
            game = load_game(game_id)
        except ConfigError:  # a game that does not load yet reports itself in its tests
            continue
        n, _ = game.info.configurations()[0]
        cases.append((game_id, n, ["random"] * n))
        cases.append((game_id, n, ["ismcts:iterations=3,rollout=2"] + ["random"] * (n - 1)))
    for game_id, _, specs in cases:
        game = load_game(game_id)
        for seed in (1, 2):
            outcome = play_match(game, specs, seed)
            assert outcome.fault is None
            assert outcome.record == core_run(game, specs, seed), (game_id, specs, seed)


def test_chunks_cover_every_job_once_in_order_and_shrink_towards_the_end():
    from ludoteca.sim.runner import MAX_CHUNK, chunks_of

    jobs = [Job(i, i, ("random",)) for i in range(20_000)]
    chunks = chunks_of(jobs, 2, None)
    assert [job.index for chunk in chunks for job in chunk] == list(range(20_000))
    sizes = [len(chunk) for chunk in chunks]
    assert sizes[0] == MAX_CHUNK  # a fast game's long run: few messages
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[-16:] == [1] * 16  # the workers finish together
    few = chunks_of(jobs[:10], 4, None)
    assert [len(chunk) for chunk in few] == [1] * 10  # slow tournaments: a match at a time
    assert [len(c) for c in chunks_of(jobs[:10], 2, 4)] == [4, 4, 2]


def test_a_run_gives_the_garbage_collector_its_thresholds_back_even_when_it_raises():
    import gc

    before = gc.get_threshold()
    seen = []
    run_simulation(GAME_ID, 3, 3, workers=1, on_outcome=lambda o: seen.append(gc.get_threshold()))
    assert seen and seen[0][0] >= 50_000  # lazier while collecting
    assert gc.get_threshold() == before

    def boom(outcome):
        raise RuntimeError("a caller's callback fails")

    with pytest.raises(RuntimeError, match="callback fails"):
        run_simulation(GAME_ID, 3, 3, workers=1, on_outcome=boom)
    assert gc.get_threshold() == before
