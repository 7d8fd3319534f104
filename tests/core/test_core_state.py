"""The State API's shared machinery (core/state.py), exercised through the toy game."""

import json

import pytest

from ludoteca import CHANCE, TERMINAL, ConfigError, IllegalActionError, load_game
from ludoteca.testing import check_conformance, configurations
from tests.core.toygame import BET, FOLD, GAME_ID, HighCard


def game() -> HighCard:
    return load_game(GAME_ID)


def dealt(num_players=2, cards=(0, 1, 2), variant=None, options=None):
    """A state after the deal, seat i holding card index cards[i]."""
    state = game().new_initial_state(num_players, variant, options)
    for card in cards[:num_players]:
        state.apply_action(card)
    return state


NOT_AN_ACTION = "is not an action of this game (actions are numbered 0 to 4)"


def snapshot(state) -> str:
    seats = [None, *range(state.num_players)]
    return json.dumps([state.history(), state.current_player(), state.legal_actions(),
                       [state.observation(p) for p in seats]])


@pytest.mark.parametrize(("num_players", "variant"), configurations(GAME_ID))
def test_toy_game_conforms(num_players, variant):
    check_conformance(GAME_ID, num_players, variant, playouts=20)


# ----- GameInfo ------------------------------------------------------------------------


def test_info_lists_player_counts_and_configurations():
    info = game().info
    assert info.player_counts == (2, 3)
    assert info.configurations() == [(2, "standard"), (3, "standard"), (2, "lowball")]


def test_resolve_picks_the_first_variant_that_fits():
    assert game().info.resolve(2) == "standard"
    assert game().info.resolve(2, "lowball") == "lowball"


@pytest.mark.parametrize(
    ("num_players", "variant", "message"),
    [
        (5, None, "High Card is for 2, 3 players, not 5"),
        (3, "lowball", "High Card (lowball) is for 2 players, not 3"),
        (2, "poker", "High Card has no variant 'poker'; it has: standard, lowball"),
    ],
)
def test_resolve_errors_say_what_is_possible(num_players, variant, message):
    with pytest.raises(ConfigError) as err:
        game().info.resolve(num_players, variant)
    assert str(err.value) == message
    with pytest.raises(ConfigError):
        game().new_initial_state(num_players, variant)


# ----- options -------------------------------------------------------------------------


def test_options_have_defaults_and_convert_values():
    assert game().new_initial_state(2).options.stakes == 1
    state = game().new_initial_state(2, options={"stakes": "3"})
    assert state.options.stakes == 3
    assert game().options_dict(state.options) == {"stakes": 3}


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"stakes": 0}, "stakes: Input should be greater than or equal to 1"),
        ({"stakes": "lots"}, "stakes: Input should be a valid integer"),
        ({"jokers": True}, "jokers: Extra inputs are not permitted"),
    ],
)
def test_bad_options_are_config_errors_naming_the_option(options, fragment):
    with pytest.raises(ConfigError) as err:
        game().new_initial_state(2, options=options)
    assert str(err.value).startswith("High Card options: ")
    assert fragment in str(err.value)


def test_a_game_without_options_rejects_any():
    class Plain(HighCard):
        Options = None

    plain = Plain()
    assert plain.parse_options(None) is None
    assert plain.options_dict(None) == {}
    with pytest.raises(ConfigError, match=r"High Card has no options \(got \['stakes'\]\)"):
        plain.parse_options({"stakes": 2})


# ----- actions -------------------------------------------------------------------------


def test_chance_then_decisions_then_the_end():
    state = game().new_initial_state(2)
    assert state.current_player() == CHANCE and state.is_chance_node()
    assert state.chance_outcomes() == [(c, 0.2) for c in range(5)]
    assert state.legal_actions() == [0, 1, 2, 3, 4]
    state.apply_action(4)
    state.apply_action(0)
    assert state.current_player() == 0
    assert state.chance_outcomes() == []
    assert state.legal_actions() == [FOLD, BET]
    state.apply_action(BET)
    state.apply_action(BET)
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.legal_actions() == []
    assert state.history() == [4, 0, BET, BET]
    assert state.scores() == [3.0, -3.0]  # 11 beats 2: seat 0 takes the pot of 6
    assert state.returns() == [1.0, 0.0]


def test_shared_win_splits_returns():
    state = dealt(3)
    for _ in range(3):
        state.apply_action(FOLD)
    assert state.returns() == pytest.approx([1 / 3] * 3)
    assert state.scores() == [0.0, 0.0, 0.0]


def test_returns_are_zero_before_the_end():
    assert dealt(2).returns() == [0.0, 0.0]


def test_lowball_variant_is_played_by_its_own_rule():
    state = dealt(2, cards=(4, 0), variant="lowball")
    state.apply_action(BET)
    state.apply_action(BET)
    assert state.returns() == [0.0, 1.0]


@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        ("decision", 3, "High Card: you may only fold (0) or bet (1), not 3"),
        ("decision", -1, f"High Card: -1 {NOT_AN_ACTION}"),
        ("decision", 5, f"High Card: 5 {NOT_AN_ACTION}"),
        ("decision", "bet", "High Card: an action is a whole number, not 'bet'"),
        ("decision", 1.0, "High Card: an action is a whole number, not 1.0"),
        ("decision", True, "High Card: an action is a whole number, not True"),
        ("decision", None, "High Card: an action is a whole number, not None"),
        ("chance", 1, "High Card: 1 is not a possible chance outcome here"),
        ("terminal", 0, "High Card: the game is over; no more actions"),
    ],
)
def test_illegal_actions_explain_and_change_nothing(setup, action, message):
    if setup == "chance":
        state = game().new_initial_state(2)
        state.apply_action(1)  # card 1 has left the deck
    else:
        state = dealt(2)
        if setup == "terminal":
            state.apply_action(FOLD)
            state.apply_action(FOLD)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(action)
    assert str(err.value) == message
    assert snapshot(state) == before


def test_action_strings_and_json_at_each_kind_of_node():
    state = game().new_initial_state(2)
    assert state.action_to_string(4) == "deal a 11"
    assert state.action_to_json(4) == {"action": 4, "label": "deal a 11", "kind": "deal",
                                       "rank": 11}
    state = dealt(2)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["fold", "bet"]
    with pytest.raises(IllegalActionError):
        state.action_to_string(99)


def test_clone_is_independent_both_ways():
    state = dealt(2)
    copy = state.clone()
    copy.apply_action(BET)
    assert state.history() == [0, 1] and state.current_player() == 0
    state.apply_action(FOLD)
    assert copy.history() == [0, 1, BET]
    assert copy.observation(None)["choices"] == ["bet", None]


def test_observations_are_per_seat_and_json():
    state = dealt(3, cards=(4, 0, 2))
    assert state.observation(0)["hand"] == 11
    assert state.observation(1)["hand"] == 0 + 2  # rank of card index 0
    assert state.observation(None)["hand"] is None
    for seat in (None, 0, 1, 2):
        json.dumps(state.observation(seat))
    with pytest.raises(ValueError, match="seat 3 does not exist"):
        state.observation(3)


def test_str_is_the_spectator_view():
    state = dealt(2)
    assert json.loads(str(state)) == state.observation(None)


def test_public_action_strings_hide_chance_by_default():
    from ludoteca.core.state import State

    state = game().new_initial_state(2)
    assert State.public_action_string(state, 3, 0) is None  # the base rule: chance is private
    assert state.public_action_string(3, 0) == "you are dealt a 7"  # the toy's own rule
    assert state.public_action_string(3, 1) == "seat 0 is dealt a card"
    state = dealt(2)
    assert state.public_action_string(BET, 1) == "bet"  # decisions are public
