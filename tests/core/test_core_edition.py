"""Editions: every problem in a file is reported with the file, the key and the problem."""

import pytest

from ludoteca import EditionError, load_game
from ludoteca.core.edition import provenance
from tests.core.toygame import EDITION, GAME_ID, HighCard

GOOD = EDITION.read_text()


def edition_error(tmp_path, text: str) -> tuple[str, str]:
    """The message of loading ``text`` from a file, and the file's name."""
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(EditionError) as err:
        HighCard(path)
    return str(err.value), str(path)


def test_shipped_edition_loads_and_is_marked_as_shipped():
    game = load_game(GAME_ID)
    assert game.edition.deck.ranks.value == [2, 3, 5, 7, 11]
    assert game.edition_text is None  # records of shipped editions stay small


def test_edition_from_text_travels_with_the_game():
    game = HighCard(edition_text=GOOD.replace("bet = { value = 2", "bet = { value = 4"))
    assert game.edition.betting.bet.value == 4
    assert "value = 4" in game.edition_text


def test_bad_toml(tmp_path):
    message, path = edition_error(tmp_path, GOOD + "\nthis is not toml\n")
    assert message.startswith(f"{path}: not valid TOML")


def test_missing_key(tmp_path):
    message, path = edition_error(tmp_path, GOOD.replace("bet = {", "# bet = {"))
    assert message == f"{path}: betting.bet: missing"


def test_unknown_key(tmp_path):
    message, path = edition_error(
        tmp_path, GOOD + 'jokers = { value = 2, source = "assumed" }\n'
    )
    assert message == f"{path}: betting.jokers: unknown key"


def test_wrong_type_names_the_value(tmp_path):
    text = GOOD.replace("ante = { value = 1", 'ante = { value = "one"')
    message, path = edition_error(tmp_path, text)
    assert message.startswith(f"{path}: betting.ante.value: ")
    assert "integer" in message and "'one'" in message


def test_unknown_source(tmp_path):
    message, path = edition_error(tmp_path, GOOD.replace('source = "rulebook"', 'source = "guess"'))
    assert message.startswith(f"{path}: betting.ante.source: ")
    assert "'guess'" in message


def test_every_problem_is_listed_one_per_line(tmp_path):
    text = GOOD.replace("bet = {", "# bet = {").replace("ante = { value = 1", "ante = { value = []")
    message, path = edition_error(tmp_path, text)
    lines = message.splitlines()
    assert lines[0] == f"{path}: 2 problems:"  # the file named once, then a line a problem
    assert len(lines) == 3
    assert all(line.startswith("  betting.") for line in lines[1:])


def test_edition_of_another_game(tmp_path):
    message, path = edition_error(tmp_path, GOOD.replace('game = "highcard"', 'game = "douro1872"'))
    assert message == f"{path}: game: this edition is for 'douro1872', not 'highcard'"


def test_unreadable_file(tmp_path):
    path = tmp_path / "missing.toml"
    with pytest.raises(EditionError, match=r"missing\.toml: cannot read the edition file"):
        HighCard(path)


def test_edition_text_errors_say_where_they_come_from():
    with pytest.raises(EditionError, match=r"^<edition text>: deck: missing"):
        HighCard(edition_text='game = "highcard"\nname = "x"\n[betting]\n'
                 'ante = { value = 1, source = "rulebook" }\nbet = { value = 1, source = "found" }')


def test_sourced_values_are_frozen():
    game = load_game(GAME_ID)
    with pytest.raises(ValueError, match="frozen"):
        game.edition.betting.ante.value = 5


def test_provenance_lists_every_sourced_value():
    rows = {key: (value, source, note) for key, value, source, note in
            provenance(load_game(GAME_ID).edition)}
    assert rows == {
        "deck.ranks": ([2, 3, 5, 7, 11], "assumed", "small, so tests run fast"),
        "betting.ante": (1, "rulebook", ""),
        "betting.bet": (2, "assumed", "any bet bigger than the ante will do"),
    }


def test_a_bare_value_says_how_to_write_it_with_its_source(tmp_path):
    bare = GOOD.replace('ante = { value = 1, source = "rulebook" }', "ante = 1")
    message, path = edition_error(tmp_path, bare)
    assert message.startswith(f"{path}: betting.ante: write it with its source")
    assert '{ value = 1, source = "rulebook" }' in message


def test_an_edition_of_another_game_says_so_before_anything_else(tmp_path):
    message, path = edition_error(tmp_path, GOOD.replace('game = "highcard"', 'game = "desperados"')
                                  + "\nnonsense = 3\n")
    assert message == f"{path}: game: this edition is for 'desperados', not 'highcard'"
