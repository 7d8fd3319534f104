"""The files a game ships beside its code (editions, summary, web board) are package data:
listed in ``pyproject.toml`` so that a wheel carries them, and found in the installed
package through the game."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path, PurePosixPath

import pytest

from ludoteca.core.registry import game_resource, load_game

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "src" / "ludoteca"
SHIPPED = ["desperados", "douro1872"]


def package_data() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["setuptools"]["package-data"]["ludoteca"]


def test_every_file_beside_a_games_code_is_listed_as_package_data():
    patterns = package_data()
    files = [p for p in (PACKAGE / "games").rglob("*")
             if p.is_file() and p.suffix not in (".py", ".pyc")]
    assert any("/web/" in str(p) for p in files)
    for path in files:
        relative = PurePosixPath(path.relative_to(PACKAGE).as_posix())
        assert any(relative.match(pattern) for pattern in patterns), \
            f"{relative} is not in [tool.setuptools.package-data] of pyproject.toml"


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_installed_package_holds_each_games_board_and_summary(game_id: str):
    package = resources.files(f"ludoteca.games.{game_id}")
    game = load_game(game_id)
    for parts in (("web", "board.html"), ("web", "table.html"), ("web", "board.css"),
                  ("summary.md",)):
        shipped = package.joinpath(*parts)
        assert shipped.is_file(), "/".join(parts)
        found = game_resource(game, *parts)
        assert found is not None and found.read_bytes() == shipped.read_bytes()
