"""Events with an audience (core/events.py) and what the State builds on them: the
per-viewer events of the last action, their words, the log, and information states.

These replace the old ``public_action_string``: a deal tells its receiver the card and the
other seats that a card was dealt; decisions are public (face down in ``sealed``)."""

import json

import pytest

from ludoteca import ConfigError, load_game
from ludoteca.core.events import Event, all_but, everyone, only
from tests.core.toygame import BET, FOLD, GAME_ID


def fresh(num_players=2, variant=None):
    return load_game(GAME_ID).new_initial_state(num_players, variant)


def played(actions, num_players=2, variant=None):
    state = fresh(num_players, variant)
    for action in actions:
        state.apply_action(action)
    return state


def test_audiences():
    public, private, public_side = everyone("x"), only((1,), "x"), all_but((1,), "x")
    assert [public.visible_to(v) for v in (None, 0, 1)] == [True, True, True]
    assert [private.visible_to(v) for v in (None, 0, 1)] == [False, False, True]
    assert [public_side.visible_to(v) for v in (None, 0, 1)] == [True, True, False]


def test_event_json_and_key():
    event = only((0,), "dealt", seat=0, card=7)
    assert event.to_json() == {"kind": "dealt", "seat": 0, "card": 7}
    assert event.key() == "dealt(card=7,seat=0)"  # sorted: the same whatever the order
    assert Event("dealt", {"card": 7, "seat": 0}).key() == event.key()


def test_a_deal_tells_the_receiver_the_card_and_the_others_that_a_card_was_dealt():
    state = played([3])  # seat 0 is dealt the 7
    assert [e.key() for e in state.events()] == ["dealt(card=7,seat=0)", "dealt(seat=0)"]
    (mine,) = state.events_for(0)
    (theirs,) = state.events_for(1)
    assert state.events_for(None) == [theirs]
    assert state.describe_event(mine, 0) == "you are dealt a 7"
    assert state.describe_event(theirs, 1) == "seat 0 is dealt a card"
    assert state.describe_event(theirs, None) == "seat 0 is dealt a card"


def test_an_event_cannot_be_described_to_a_seat_that_did_not_see_it():
    state = played([3])
    (mine,) = state.events_for(0)
    with pytest.raises(ConfigError, match="this event was not shown to 1"):
        state.describe_event(mine, 1)
    with pytest.raises(ConfigError, match="not shown to None"):
        state.describe_event(mine, None)


def test_decisions_are_public_and_the_showdown_shows_the_bettors_cards():
    state = played([3, 0, BET])
    assert [e.key() for e in state.events_for(1)] == ["bet(seat=0)"]
    assert state.describe_event(state.events_for(1)[0], 1) == "seat 0 bets"
    assert state.describe_event(state.events_for(0)[0], 0) == "you bet"
    state.apply_action(FOLD)
    assert [e.key() for e in state.events_for(None)] == ["fold(seat=1)", "shows(card=7,seat=0)"]


def test_the_events_of_the_last_action_only():
    state = played([3, 0])
    assert [e.key() for e in state.events_for(0)] == ["dealt(seat=1)"]
    assert fresh().events() == []


def test_the_event_log_numbers_each_event_by_its_action():
    state = played([3, 0, BET, BET])
    log = state.event_log(1)
    assert [(n, e.key()) for n, e in log] == [
        (1, "dealt(seat=0)"), (2, "dealt(card=2,seat=1)"), (3, "bet(seat=0)"),
        (4, "bet(seat=1)"), (4, "shows(card=7,seat=0)"), (4, "shows(card=2,seat=1)")]
    assert [e.key() for _, e in state.event_log(None)][:2] == ["dealt(seat=0)", "dealt(seat=1)"]


def test_information_states_are_what_a_seat_saw_in_order():
    state = played([3, 0, BET])
    assert state.information_state_string(1) == "\n".join([
        "highcard 2p standard seat 1", "dealt(seat=0)", "dealt(card=2,seat=1)", "bet(seat=0)"])
    # Seat 1 cannot tell which card seat 0 holds; seat 0 can.
    other = played([4, 0, BET])
    assert other.information_state_string(1) == state.information_state_string(1)
    assert other.information_state_string(0) != state.information_state_string(0)
    assert played([3, 0, FOLD]).information_state_string(1) != \
        state.information_state_string(1)


def test_information_states_name_the_set_up():
    assert fresh(2).information_state_string(0) == "highcard 2p standard seat 0"
    assert fresh(2, "lowball").information_state_string(0) == "highcard 2p lowball seat 0"


def test_sealed_decisions_tell_the_others_only_that_one_was_made():
    state = played([3, 0, BET], variant="sealed")
    assert [e.key() for e in state.events_for(0)] == ["bet(seat=0)"]
    assert [e.key() for e in state.events_for(1)] == ["decides(seat=0)"]
    assert state.describe_event(state.events_for(1)[0], 1) == "seat 0 decides face down"
    assert played([3, 0, FOLD], variant="sealed").information_state_string(1) == \
        state.information_state_string(1)


def test_every_event_of_every_match_is_json():
    from ludoteca.testing import playout_states

    for seed in range(5):
        for state in playout_states(GAME_ID, 3, "sealed", seed):
            for e in state.events():
                assert json.loads(json.dumps(e.to_json())) == e.to_json()


# Event data may name a card's kind (the helpers take the event's kind positionally);
# only Event.to_json() cannot hold a field called "kind", which the kit flags.
def test_event_data_may_name_a_card_kind():
    event = everyone("draw", seat=0, kind=3)
    assert event.data == {"seat": 0, "kind": 3}
    assert event.key() == "draw(kind=3,seat=0)"


def test_an_events_data_cannot_be_changed_through_a_clone_or_the_original():
    state = played([0, 1])  # two deals: each seat was told its card
    before = [state.information_state_string(p) for p in range(2)]
    clone = state.clone()
    for getter in (lambda s: s.events(), lambda s: s.events_for(1),
                   lambda s: [e for _, e in s.event_log(1)]):
        for holder in (clone, state):
            event = next(e for e in getter(holder) if e.data)
            with pytest.raises(TypeError, match="cannot be changed"):
                event.data.clear()
            with pytest.raises(TypeError, match="cannot be changed"):
                event.data["card"] = -1
    assert [state.information_state_string(p) for p in range(2)] == before
    assert [clone.information_state_string(p) for p in range(2)] == before


def test_read_only_event_data_is_still_a_dict_for_json_and_pickle():
    import pickle

    event = played([0, 1]).events()[0]
    assert json.loads(json.dumps(event.data)) == dict(event.data)
    again = pickle.loads(pickle.dumps(event))
    assert again == event and dict(again.data) == dict(event.data)
    with pytest.raises(TypeError):
        again.data.pop("card")
