"""The game registry: finding games by id, registering new ones, reporting unknown ones."""

import pytest

from ludoteca import ConfigError, game_ids, load_game, register
from ludoteca.core import registry
from tests.core.toygame import GAME_ID, HighCard


def test_registered_toy_game_is_listed_and_loads():
    assert GAME_ID in game_ids()
    assert game_ids() == sorted(game_ids())
    game = load_game(GAME_ID)
    assert isinstance(game, HighCard)
    assert game.info.title == "High Card"


def test_default_game_is_built_once_and_shared():
    # The shipped edition is parsed once per process: load_game is called per match.
    assert load_game(GAME_ID) is load_game(GAME_ID)


def test_loading_with_an_edition_gives_a_new_game(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(HighCard.default_edition.read_text())
    game = load_game(GAME_ID, path)
    assert game is not load_game(GAME_ID)
    assert game.edition_text == path.read_text()


def test_unknown_game_is_a_config_error_listing_the_known_games():
    with pytest.raises(ConfigError) as err:
        load_game("no-such-game")
    message = str(err.value)
    assert "unknown game 'no-such-game'" in message
    assert GAME_ID in message


@pytest.mark.usefixtures("isolated_registry")
def test_register_adds_a_game_under_an_id():
    class Renamed(HighCard):
        pass

    assert register(Renamed, "highcard-renamed") is Renamed
    assert "highcard-renamed" in game_ids()
    assert isinstance(load_game("highcard-renamed"), Renamed)


@pytest.mark.usefixtures("isolated_registry")
def test_registering_again_replaces_the_cached_default_game():
    before = load_game(GAME_ID)

    class Replacement(HighCard):
        pass

    register(Replacement, GAME_ID)
    assert isinstance(load_game(GAME_ID), Replacement)
    assert load_game(GAME_ID) is not before


@pytest.mark.usefixtures("isolated_registry")
def test_register_without_an_id_uses_the_class_id():
    class Decorated(HighCard):
        id = "highcard-decorated"

    register(Decorated)
    assert "highcard-decorated" in registry.game_ids()


def test_a_games_files_are_found_in_its_package_by_name():
    from pathlib import Path

    from tests.boardcard import BoardCard

    game = BoardCard()
    package = Path(__file__).parents[1] / "boardcard"
    css = registry.game_resource(game, "web", "board.css")
    assert css is not None and css.read_bytes() == (package / "web" / "board.css").read_bytes()
    assert registry.game_resource(game, "web", "missing.css") is None
    assert registry.game_resource(game, "web") is None  # a folder is not a file
    assert registry.game_summary(game) == (package / "summary.md").read_text(encoding="utf-8")


def test_a_game_written_as_one_module_ships_no_files():
    game = load_game(GAME_ID)
    assert registry.game_resource(game, "toygame.py") is None
    assert registry.game_summary(game) is None


@pytest.mark.parametrize("parts", [("..", "core", "conftest.py"), ("web", ".."), ("",),
                                   ("web/board.css",), ("web\\board.css",), (".hidden",),
                                   ("web", "board.css\0")])
def test_a_game_file_is_named_by_plain_names_only(parts):
    from tests.boardcard import BoardCard

    with pytest.raises(ValueError, match="is not the name of a file in a game's package"):
        registry.game_resource(BoardCard(), *parts)
