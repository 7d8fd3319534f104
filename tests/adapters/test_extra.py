"""The rl extra is optional: the core imports without it, and an adapter used without it
says which extra to install."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RL_MODULES = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")

# Runs Python as if the rl packages were not installed (an import of any of them fails).
BLOCK = f"""
import sys
for name in {RL_MODULES!r}:
    sys.modules[name] = None
"""


def python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCK + code], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_the_core_imports_without_the_extra():
    done = python(
        "import ludoteca, ludoteca.core.state, ludoteca.core.match, ludoteca.agents, "
        "ludoteca.cli, ludoteca.sim, ludoteca.adapters\n"
        "print('ok')\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


@pytest.mark.parametrize("adapter", ["pettingzoo", "gymnasium", "openspiel", "vector"])
def test_an_adapter_without_the_extra_names_it(adapter):
    done = python(
        "try:\n"
        f"    import ludoteca.adapters.{adapter}\n"
        "except ImportError as err:\n"
        "    print(err)\n")
    assert done.returncode == 0, done.stderr
    assert f"ludoteca.adapters.{adapter} needs" in done.stdout
    assert "pip install 'ludoteca[rl]'" in done.stdout


def test_rl_extra_names_the_extra_and_lets_other_errors_through():
    from ludoteca.adapters import rl_extra

    expected = (r"ludoteca\.adapters\.x needs .*no_such_package_9 is not installed.*"
                r"pip install 'ludoteca\[rl\]'")
    with pytest.raises(ImportError, match=expected) as caught, rl_extra("ludoteca.adapters.x"):
        import no_such_package_9  # noqa: F401
    assert caught.value.name == "no_such_package_9"
    assert isinstance(caught.value.__cause__, ModuleNotFoundError)
    with pytest.raises(ZeroDivisionError), rl_extra("ludoteca.adapters.x"):
        _ = 1 / 0


def test_the_extra_lists_the_four_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extra = project["optional-dependencies"]["rl"]
    names = {req.split(">")[0].split("<")[0].split("=")[0].strip().lower() for req in extra}
    assert names == {"pettingzoo", "gymnasium", "numpy", "open_spiel"}
    assert all("<" in req and ">=" in req for req in extra)  # pinned ranges
    assert not any(name in str(project["dependencies"]) for name in RL_MODULES)


def test_the_train_extra_admits_the_cpu_torch_and_is_not_in_rl():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    train = project["optional-dependencies"]["train"]
    names = {req.split(">")[0].split("<")[0].strip().lower(): req for req in train}
    assert set(names) == {"sb3-contrib", "stable-baselines3", "torch"}
    assert all("<" in req and ">=" in req for req in train)
    assert names["torch"] == "torch>=2.2,<3"  # admits the 2.13 CPU wheel
    assert not set(names) & {r.split(">")[0].lower() for r in
                             project["optional-dependencies"]["rl"]}
