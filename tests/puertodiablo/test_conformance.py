"""The State API contract (ludoteca.testing) for 2 to 5 players and the round cap."""

from __future__ import annotations

from pathlib import Path

import pytest

import ludoteca.games.puertodiablo as pd
from ludoteca.core.registry import load_game
from ludoteca.testing import check_conformance, configurations


@pytest.mark.parametrize("num_players,variant", configurations("puertodiablo"))
def test_conformance(num_players, variant):
    check_conformance("puertodiablo", num_players, variant, playouts=3)


@pytest.mark.parametrize("num_players", [2, 5])
def test_conformance_with_a_short_round_cap(num_players):
    check_conformance("puertodiablo", num_players, "standard", playouts=2,
                      options={"round_cap": 2})


def test_every_player_count_is_covered():
    assert sorted(configurations("puertodiablo")) == [(2, "standard"), (3, "standard"),
                                                       (4, "standard"), (5, "standard")]


OPTION_GRID = [{"treasure": "on"}, {"start": "advanced"},
               {"treasure": "on", "start": "advanced"},
               # "two" is the default, played by every other configuration here.
               {"pilot_own_plays": "any"},
               {"event_window": "before_choices"}, {"event_order": "seat"},
               # "minimal" is the default (R3).
               {"payment": "until_paid"},
               # "no" is the default (R15).
               {"market_alone": "yes"}]


@pytest.mark.parametrize("options", OPTION_GRID,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_conformance_with_the_options(num_players, options):
    check_conformance("puertodiablo", num_players, "standard", playouts=2, options=options)


def test_conformance_with_the_log_and_help_cards_in_the_starting_sets():
    # Keen Lookout, Change of Course and Call in Favours dealt at the start, so that the
    # playouts peek at the log pile (a top known to one seat), skip challenges and call
    # for more market help, and players often want to play at the same moment.
    text = (Path(pd.__file__).parent / "editions" / "default.toml").read_text()
    for name, sets in (("Keen Lookout", "[1]"), ("Change of Course", "[2, 3]"),
                       ("Call in Favours", "[4]")):
        text = text.replace(f'name = "{name}"\n', f'name = "{name}"\nstart_sets = {sets}\n', 1)
    game = load_game("puertodiablo", edition_text=text)
    keen = game.tables.abi_names.index("Keen Lookout")
    assert any(keen in titles for titles in game.tables.set_abis)
    check_conformance(game, 5, "standard", playouts=2)


@pytest.mark.parametrize("order", ["pilot", "seat"])
def test_conformance_with_a_shield_in_every_starting_set(order):
    # Three more copies of Stand Firm, one in each of the first four starting sets, so
    # that several players hit by an event hold a shield (R66): under event_order=pilot
    # they say whether they want to play and the pilot picks, under seat they are asked
    # in turn; the characters chosen first stay ashore through the window.
    text = (Path(pd.__file__).parent / "editions" / "default.toml").read_text()
    old = 'name = "Stand Firm"\nlevel = "II"\ncopies = 1\n'
    assert old in text
    text = text.replace(old, 'name = "Stand Firm"\nstart_sets = [1, 2, 3, 4]\n'
                        'level = "II"\ncopies = 4\n')
    game = load_game("puertodiablo", edition_text=text)
    firm = game.tables.abi_names.index("Stand Firm")
    assert sum(firm in titles for titles in game.tables.set_abis) == 4
    check_conformance(game, 4, "standard", playouts=2, options={"event_order": order})


def test_the_length_bound_counts_the_events_of_the_editions_longest_consequence():
    # Each primitive of a failed challenge's consequence is an event with a counter
    # window of its own (R66): an edition whose consequence has three needs a longer
    # bound than the default's, whose longest has one.
    text = (Path(pd.__file__).parent / "editions" / "default.toml").read_text()
    one = 'consequence = [{ op = "PAY_DOUBLOONS", owner = "EACH_IN_HARBOUR", n = 3 }]'
    assert one in text
    three = one.replace("[{", "[" + "{ op = \"PAY_DOUBLOONS\", owner = \"EACH_IN_HARBOUR\", "
                        "n = 1 }, " * 2 + "{")
    longer = load_game("puertodiablo", edition_text=text.replace(one, three))
    assert max(len(c) for c in longer.tables.consequence) == 3
    assert longer.info.max_game_length > load_game("puertodiablo").info.max_game_length
