"""The shipped edition carries provenance; a home-made edition plays; a broken one is refused."""

from pathlib import Path

import pytest

from ludoteca import EditionError, load_game, run_match
from ludoteca.core.edition import provenance
from ludoteca.games.desperados import Desperados
from ludoteca.testing import check_conformance

DEFAULT = Desperados.default_edition.read_text()


def test_every_value_of_the_default_edition_says_where_it_came_from():
    rows = list(provenance(load_game("desperados").edition))
    assert len(rows) >= 10
    assert {source for _, _, source, _ in rows} <= {"rulebook", "found", "derived", "assumed"}
    assert ("deck.desperados", list(range(1, 13)), "rulebook") in [r[:3] for r in rows]


def test_sixty_cards_in_the_default_edition():
    assert sum(load_game("desperados").cards.deck_counts(0)) == 60


def test_a_home_made_edition_changes_the_game_without_code(tmp_path: Path):
    tin = DEFAULT.replace("value = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]",
                          "value = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]")
    path = tmp_path / "tin.toml"
    path.write_text(tin)
    game = load_game("desperados", path)
    assert sum(game.cards.deck_counts(0)) == 58
    assert game.info.num_distinct_actions < load_game("desperados").info.num_distinct_actions
    check_conformance(game, 4, "partnership", playouts=2)
    record = run_match(game, ["random"] * 4, seed=3)
    assert record.edition == tin, "the record carries the edition so it replays anywhere"


@pytest.mark.parametrize("change,words", [
    (("hand_size = { value = 6,", "hand_size = { value = 0,"), r"hand_size: .*at least 1"),
    (("closed_mines = { value = 9,", "closed_mines = { value = 'nine',"),
     r"deck\.closed_mines\.value: .*integer"),
    (('source = "rulebook" }\n\n[[metals]]', 'source = "rumour" }\n\n[[metals]]'),
     r"source: .*rulebook"),
    (("[deck]", "[deck]\njokers = 2"), r"deck\.jokers: unknown key"),
    (("[partnership]\ntarget", "[partnership]\ngoal"), r"partnership\.target: missing"),
    (("value = [1, 2, 3,", "value = [1, 1, 3,"), r"must all differ"),
    (('game = "desperados"', 'game = "douro1872"'), r"game: this edition is for 'douro1872'"),
    (("[deck]", "[deck"), r"not valid TOML"),
])
def test_a_malformed_edition_names_the_file_the_key_and_the_problem(tmp_path, change, words):
    path = tmp_path / "broken.toml"
    assert change[0] in DEFAULT
    path.write_text(DEFAULT.replace(change[0], change[1], 1))
    with pytest.raises(EditionError, match=words) as err:
        load_game("desperados", path)
    assert str(path) in str(err.value)


def test_a_missing_edition_file_is_a_clear_error(tmp_path):
    with pytest.raises(EditionError, match="cannot read"):
        load_game("desperados", tmp_path / "nope.toml")


def test_an_edition_too_small_to_deal_is_refused(tmp_path):
    path = tmp_path / "small.toml"
    path.write_text(DEFAULT.replace("hand_size = { value = 6,", "hand_size = { value = 15,"))
    with pytest.raises(EditionError, match="with 4 players the deal of 15 cards each leaves 0"):
        load_game("desperados", path)
