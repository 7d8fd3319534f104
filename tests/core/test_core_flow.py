"""Turn flow (core/flow.py): a stack of steps from which the state derives who acts."""

import pytest

from ludoteca import CHANCE, TERMINAL, load_game
from ludoteca.core.flow import AutoStep, ChanceStep, Step
from tests.core.toygame import (
    BET,
    FOLD,
    GAME_ID,
    SHOWDOWN,
    Bet,
    Card,
    Deal,
    Decide,
    Fold,
    HighCardState,
    Showdown,
)


def fresh(num_players=2, variant=None) -> HighCardState:
    return load_game(GAME_ID).new_initial_state(num_players, variant)


def test_the_set_up_pushes_the_deal_then_the_decisions_first_to_resolve_first():
    state = fresh(3)
    assert state.pending() == (Deal(0), Deal(1), Deal(2), Decide(0), Decide(1), Decide(2),
                               SHOWDOWN)
    state.apply_action(4)
    assert state.pending()[0] == Deal(1)


def test_push_makes_the_first_listed_step_resolve_first():
    state = fresh(2)
    state.push(Decide(1), Decide(0))
    assert state.pending()[:3] == (Decide(1), Decide(0), Deal(0))
    assert state.current_player() == 1
    state.apply_action(FOLD)
    assert state.current_player() == 0
    state.apply_action(BET)
    assert state.current_player() == CHANCE


def test_who_acts_what_is_legal_and_the_prompt_come_from_the_top_step():
    state = fresh(2)
    assert isinstance(state.pending()[0], ChanceStep)
    assert state.current_player() == CHANCE and state.is_chance_node()
    assert state.chance_outcomes() == Deal(0).chance_outcomes(state)
    assert state.legal_actions() == [card for card, _ in Deal(0).chance_outcomes(state)]
    assert state.prompt(0) == Deal(0).prompt(state, 0) == "the cards are being dealt"

    state = fresh(2)
    state.push(Decide(1))  # a decision on top of the deal
    assert state.current_player() == 1 and not state.is_chance_node()
    assert state.legal_actions() == Decide(1).legal_actions(state) == [FOLD, BET]
    assert state.chance_outcomes() == []
    assert state.prompt(1) == "bet or fold?"
    assert state.prompt(0) == state.prompt(None) == "seat 1 is deciding"


def test_push_outside_a_rule_refreshes_the_legal_actions():
    state = fresh(2)
    assert state.legal_actions() == [0, 1, 2, 3, 4]
    state.push(Decide(1))
    assert state.legal_actions() == [FOLD, BET]


def test_pop_and_clear_pending_outside_a_rule_refresh_the_legal_actions():
    state = fresh(2)
    state.push(Decide(1))
    assert state.legal_actions() == [FOLD, BET]  # cached for this node
    assert state.pop() == Decide(1)
    assert state.legal_actions() == [0, 1, 2, 3, 4]  # the deal's again, not the cache
    state.apply_action(0)  # the checked path reads the same cache
    state.push(Decide(0))
    assert state.legal_actions() == [FOLD, BET]
    state.clear_pending()
    assert state.legal_actions() == [] and state.is_terminal()


def test_an_empty_stack_is_the_end():
    state = fresh(2)
    for action in (0, 1, FOLD, BET):
        assert not state.is_terminal()
        state.apply_action(action)
    assert state.pending() == ()
    assert state.current_player() == TERMINAL and state.is_terminal()
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    assert state.prompt(0) == "the game is over"


def test_a_chance_step_is_chance_and_a_decision_step_names_its_seat():
    assert Deal(1).seat == CHANCE and Deal(1).chance
    assert Decide(1).seat == 1 and not Decide(1).chance
    with pytest.raises(NotImplementedError, match="Deal is not a decision"):
        Deal(0).legal_actions(fresh())
    with pytest.raises(NotImplementedError, match="Decide is not a chance event"):
        Decide(0).chance_outcomes(fresh())
    assert Step.prompt(Decide(0), fresh(), 0) == ""
    assert Step.explain_illegal(Decide(0), fresh(), Fold()) is None


def test_steps_are_immutable_and_shared_by_clones():
    state = fresh(2)
    copy = state.clone()
    assert copy.pending()[0] is state.pending()[0]
    with pytest.raises(AttributeError):
        state.pending()[0].to = 1
    copy.apply_action(3)
    assert state.pending()[0] == Deal(0) and copy.pending()[0] == Deal(1)


def test_applying_pops_the_step_and_calls_its_rule_with_the_structured_action():
    calls = []

    class Recording(HighCardState):
        pass

    def recording(rule):
        def wrapped(state, step, action):
            calls.append((step, action))
            rule(state, step, action)
        return wrapped

    Recording.rules = {step: recording(rule) for step, rule in HighCardState.rules.items()}
    game = load_game(GAME_ID)
    state = Recording(game, 2, "standard", game.parse_options(None))
    for action in (2, 0, BET, FOLD):
        state.apply_action(action)
    assert calls == [(Deal(0), Card(2)), (Deal(1), Card(0)), (Decide(0), Bet()),
                     (Decide(1), Fold()), (Showdown(), None)]


def test_an_automatic_step_ends_the_phase_within_the_last_decision():
    state = fresh(2)
    for action in (2, 0, BET):
        state.apply_action(action)
    assert state.pending() == (Decide(1), SHOWDOWN) and SHOWDOWN.auto
    assert isinstance(SHOWDOWN, AutoStep) and not SHOWDOWN.chance
    state.apply_action(BET)
    # The showdown ran in the same move: its events are the last decision's.
    assert [e.kind for e in state.events()] == ["bet", "shows", "shows"]
    assert state.pending() == () and state.is_terminal()

