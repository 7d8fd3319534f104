"""The State API's shared machinery (core/state.py), exercised through the toy game."""

import json
import pickle
import random

import pytest

from ludoteca import CHANCE, TERMINAL, ConfigError, IllegalActionError, load_game
from ludoteca.testing import check_conformance, configurations
from tests.core.toygame import BET, FOLD, GAME_ID, HighCard, HighCardState


def game() -> HighCard:
    return load_game(GAME_ID)


def dealt(num_players=2, cards=(0, 1, 2), variant=None, options=None):
    """A state after the deal, seat i holding card index cards[i]."""
    state = game().new_initial_state(num_players, variant, options)
    for card in cards[:num_players]:
        state.apply_action(card)
    return state


# Decisions and chance outcomes are numbered apart (the codec types each): High Card has two
# actions, Fold() = 0 and Bet() = 1, and five chance outcomes, Card(0) to Card(4).
NOT_AN_ACTION = "is not an action of this game (actions are numbered 0 to 1)"
NOT_AN_OUTCOME = "is not a chance outcome of this game (chance outcomes are numbered 0 to 4)"


class Index:
    """An integer type that is not ``int`` (as ``numpy.int64``): it only has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


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
    assert info.configurations() == [(2, "standard"), (3, "standard"), (2, "lowball"),
                                     (2, "sealed"), (3, "sealed")]


def test_resolve_picks_the_first_variant_that_fits():
    assert game().info.resolve(2) == "standard"
    assert game().info.resolve(2, "lowball") == "lowball"


@pytest.mark.parametrize(
    ("num_players", "variant", "message"),
    [
        (5, None, "High Card is for 2, 3 players, not 5"),
        (3, "lowball", "High Card (lowball) is for 2 players, not 3"),
        (2, "poker", "High Card has no variant 'poker'; it has: standard, lowball, sealed"),
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


def test_frozen_default_options_are_built_once_and_shared_by_every_state():
    from pydantic import ConfigDict

    from tests.core.toygame import HighCardOptions

    class Frozen(HighCardOptions):
        model_config = ConfigDict(extra="forbid", frozen=True)

    class FrozenHighCard(HighCard):
        Options = Frozen

    g = FrozenHighCard()
    a, b = g.parse_options(None), g.parse_options(None)
    assert a is b is g.default_options and a.stakes == 1
    assert g.parse_options({"stakes": 3}).stakes == 3  # given options still validated


def test_mutable_default_options_are_new_for_each_state():
    # The toy's model is not frozen: a shared default could be changed through one state.
    g = game()
    a = g.parse_options(None)
    a.stakes = 9
    assert g.default_options is None and g.parse_options(None).stakes == 1


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
        ("decision", 2, f"High Card: 2 {NOT_AN_ACTION}"),
        ("decision", -1, f"High Card: -1 {NOT_AN_ACTION}"),
        ("decision", 4, f"High Card: 4 {NOT_AN_ACTION}"),
        ("decision", "bet", "High Card: an action is a whole number, not 'bet'"),
        ("decision", 1.0, "High Card: an action is a whole number, not 1.0"),
        ("decision", True, "High Card: an action is a whole number, not True"),
        ("decision", None, "High Card: an action is a whole number, not None"),
        ("chance", 1, "High Card: 1 is not a possible chance outcome here "
                      "('deal a 3' cannot happen now)"),
        ("chance", 5, f"High Card: 5 {NOT_AN_OUTCOME}"),
        ("chance", -1, f"High Card: -1 {NOT_AN_OUTCOME}"),
        ("chance", True, "High Card: an action is a whole number, not True"),
        ("terminal", 0, "High Card: the game is over; no more actions"),
        ("terminal", 2, f"High Card: 2 {NOT_AN_ACTION}"),
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
    assert state.action_to_json(4) == {"action": 4, "label": "deal a 11", "chance": True,
                                       "type": "card", "index": 4}
    state = dealt(2)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["fold", "bet"]
    assert state.action_to_json(BET) == {"action": 1, "label": "bet", "chance": False,
                                         "type": "bet"}
    with pytest.raises(IllegalActionError):
        state.action_to_string(99)


@pytest.mark.parametrize("method", ["action_to_string", "action_to_json"])
def test_out_of_range_at_a_chance_node_is_an_illegal_action(method):
    # Issue #6: action_to_string(22) at a chance node raised IndexError.
    state = game().new_initial_state(2)
    with pytest.raises(IllegalActionError) as err:
        getattr(state, method)(22)
    assert str(err.value) == f"High Card: 22 {NOT_AN_OUTCOME}"
    with pytest.raises(IllegalActionError, match="whole number"):
        getattr(state, method)(True)


def test_an_explanation_comes_from_the_game_or_says_what_is_not_allowed():
    class BetOnly(HighCardState):
        def _legal_actions(self):
            return [BET]

    class Unexplained(BetOnly):
        def _explain_illegal(self, action):
            return None

    for cls, message in [(BetOnly, "High Card: you may only fold (0) or bet (1)"),
                         (Unexplained, "High Card: 'fold' is not allowed now")]:
        state = cls(game(), 2, "standard", game().parse_options(None))
        state.apply_action(0)
        state.apply_action(1)
        with pytest.raises(IllegalActionError) as err:
            state.apply_action(FOLD)
        assert str(err.value) == message


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


# ----- integers, seats and bad arguments ----------------------------------------------------


def test_any_integer_type_is_an_action_but_a_bool_is_not():
    # Issue #6: numpy integers (np.int64(5)) were refused as actions.
    state = game().new_initial_state(2)
    state.apply_action(Index(4))
    state.apply_action(Index(0))
    assert state.history() == [4, 0]
    assert all(type(a) is int for a in state.history())
    assert state.action_to_string(Index(BET)) == "bet"
    assert state.action_to_json(Index(BET))["action"] == BET
    assert state.observation(Index(0))["hand"] == 11
    assert state.determinize(Index(1), random.Random(1)).observation(1)["hand"] == 2
    for not_an_action in (True, False, 1.0, "1", None, [1]):
        with pytest.raises(IllegalActionError, match="whole number"):
            state.apply_action(not_an_action)
    assert state.history() == [4, 0]


@pytest.mark.parametrize(
    ("call", "seat"),
    [
        ("observation", True),  # issue #6: observation(True) returned seat 1's hand
        ("observation", 2),
        ("observation", "0"),
        ("determinize", None),  # issue #6: a TypeError in one game, a view in the other
        ("determinize", True),
        ("determinize", -1),
        ("information_state_string", None),
        ("observation_tensor", 2),
        ("observation_tensor", None),
        ("events_for", 3),
        ("event_log", False),
        ("prompt", 7),
    ],
)
def test_bad_seats_are_config_errors(call, seat):
    state = dealt(2)
    args = (seat, random.Random(0)) if call == "determinize" else (seat,)
    with pytest.raises(ConfigError) as err:
        getattr(state, call)(*args)
    assert str(err.value).startswith(f"High Card: seat {seat!r} does not exist (seats are 0 to 1")


def test_spectators_are_allowed_where_documented():
    state = dealt(2)
    assert state.observation(None)["hand"] is None
    assert state.prompt(None) == "seat 0 is deciding"
    assert state.events_for(None) == [e for e in state.events() if e.to is None]
    assert state.event_log(None)


# ----- the trusted path ---------------------------------------------------------------------


def everything(state, events: bool = True) -> str:
    """All a state shows; ``events`` False leaves out the last action's events (a view has
    none: it was not reached by an action)."""
    seats = [None, *range(state.num_players)]
    return json.dumps([
        state.history(), state.current_player(), state.legal_actions(), state.chance_outcomes(),
        [state.observation(p) for p in seats], state.scores(), state.returns(),
        [e.key() for e in state.events()] if events else [],
        [state.information_state_string(p) for p in range(state.num_players)],
    ])


@pytest.mark.parametrize(("num_players", "variant"), configurations(GAME_ID))
def test_apply_trusted_does_what_apply_action_does_on_legal_actions(num_players, variant):
    from ludoteca.core.state import sample_chance

    for seed in range(10):
        rng = random.Random(seed)
        checked = game().new_initial_state(num_players, variant)
        trusted = game().new_initial_state(num_players, variant)
        while not checked.is_terminal():
            if checked.is_chance_node():
                action = sample_chance(checked.chance_outcomes(), rng)
            else:
                action = rng.choice(checked.legal_actions())
            checked.apply_action(action)
            trusted.apply_trusted(action)
            assert everything(trusted) == everything(checked)


# ----- pickling ----------------------------------------------------------------------------


def test_game_pickles_with_its_edition():
    again = pickle.loads(pickle.dumps(game()))
    assert type(again) is HighCard and again.info == game().info
    assert again.codec.actions == game().codec.actions
    text = HighCard.default_edition.read_text().replace("[2, 3, 5, 7, 11]", "[1, 4, 9, 16]")
    own = pickle.loads(pickle.dumps(HighCard(edition_text=text)))
    assert own.edition.deck.ranks.value == [1, 4, 9, 16] and own.edition_text == text


@pytest.mark.parametrize("moves", [0, 1, 3])
def test_a_mid_match_state_pickles_and_plays_on(moves):
    state = game().new_initial_state(3, "sealed")
    for action in [4, 0, 2, BET][:moves]:
        state.apply_action(action)
    state.legal_actions()  # a cached list travels too
    again = pickle.loads(pickle.dumps(state))
    assert everything(again) == everything(state)
    assert again.event_log(1) == state.event_log(1)
    for action in [4, 0, 2, BET, FOLD, BET][moves:]:
        state.apply_action(action)
        again.apply_action(action)
        assert everything(again) == everything(state)


def test_a_view_pickles_with_its_history():
    view = dealt(3).determinize(1, random.Random(3))
    again = pickle.loads(pickle.dumps(view))
    assert everything(again) == everything(view)


# ----- determinized views ------------------------------------------------------------------


def test_a_views_history_leads_to_the_view():
    # The view's history used to be empty; now it replays to that very world.
    truth = dealt(3, cards=(4, 0, 2))
    truth.apply_action(BET)
    for seed in range(10):
        view = truth.determinize(1, random.Random(seed))
        hands = [view.hands[q] for q in range(3)]
        assert view.history() == [*hands, BET]
        assert hands[1] == 0  # the seat's own card is never resampled
        replayed = game().new_initial_state(3)
        for action in view.history():
            replayed.apply_action(action)
        assert everything(replayed, events=False) == everything(view, events=False)
        assert view.events() == []
        assert replayed.information_state_string(1) == truth.information_state_string(1)


def test_actions_applied_to_a_view_follow_its_history():
    view = dealt(2).determinize(0, random.Random(5))
    start = view.history()
    view.apply_action(FOLD)
    assert view.history() == [*start, FOLD]
    assert view.move_number() == 3
    inner = view.determinize(1, random.Random(6))
    assert len(inner.history()) == 3 and inner.history()[1] == view.history()[1]


def test_sealed_choices_are_hidden_and_resampled():
    state = game().new_initial_state(3, "sealed")
    for action in (0, 1, 2, BET):
        state.apply_action(action)
    assert state.observation(0)["choices"] == ["bet", None, None]
    assert state.observation(1)["choices"] == ["face down", None, None]
    assert [e.key() for e in state.events_for(1)] == ["decides(seat=0)"]
    assert [e.key() for e in state.events_for(0)] == ["bet(seat=0)"]
    seen = {state.determinize(1, random.Random(s)).choices[0] for s in range(20)}
    assert seen == {FOLD, BET}
    view = state.determinize(1, random.Random(1))
    assert view.history()[3] == view.choices[0]
    state.apply_action(FOLD)
    state.apply_action(FOLD)
    assert state.observation(1)["choices"] == ["bet", "fold", "fold"]
    assert state.events()[-2].key() == "reveal(choices=['bet', 'fold', 'fold'])"
    assert state.describe_event(state.events()[-2], 2) == \
        "the choices are revealed: bet, fold, fold"
