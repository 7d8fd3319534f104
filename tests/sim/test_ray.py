"""The Ray backend on a small local cluster: the same records as the local backend."""

import pytest

from ludoteca.sim import run_simulation, simulate, tournament
from tests.core.toygame import GAME_ID, install
from tests.sim import agents as _agents  # noqa: F401

ray = pytest.importorskip("ray")
install()


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_the_local_results(cluster):
    local = simulate(GAME_ID, 3, 30, seed=4, workers=1)
    assert simulate(GAME_ID, 3, 30, seed=4, backend="ray", chunk_size=4) == local
    flaky = ["test-flaky:p=0.2", "random", "random"]
    on_ray = run_simulation(GAME_ID, 3, 20, seed=4, agents=flaky, backend="ray")
    here = run_simulation(GAME_ID, 3, 20, seed=4, agents=flaky, workers=1)
    assert on_ray.records == here.records and on_ray.faults == here.faults
    assert on_ray.status.backend == "ray"
    t = tournament(GAME_ID, 2, ["random", "ismcts:iterations=10"], 6, backend="ray")
    assert t.run.records == tournament(GAME_ID, 2, ["random", "ismcts:iterations=10"], 6,
                                       workers=1).run.records
