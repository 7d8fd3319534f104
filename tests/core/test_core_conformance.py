"""The conformance kit can fail: each deliberately broken toy game is caught.

A check that never fails proves nothing, so every check of ``ludoteca.testing`` is shown
here catching one way a real game could break the State contract.
"""

import dataclasses
import itertools

import pytest

from ludoteca.core.registry import register
from ludoteca.testing import (
    ConformanceError,
    check_clones,
    check_conformance,
    check_illegal_actions,
    check_information,
    check_playouts,
    check_replay,
)
from tests.core.toygame import GAME_ID, HighCard, HighCardState


def broken_game(state_class: type[HighCardState], **info_changes) -> HighCard:
    """The toy game with another State class (and info), registered as ``highcard`` so that
    replays of its records (which load the game by id) use the broken rules too."""

    class Broken(HighCard):
        def build_info(self):
            return dataclasses.replace(super().build_info(), **info_changes)

    Broken.state_class = state_class

    register(Broken, GAME_ID)
    return Broken()


pytestmark = pytest.mark.usefixtures("isolated_registry")


class LeakyObservation(HighCardState):
    def observation(self, player):
        obs = super().observation(player)
        obs["all_hands"] = [self.ranks[h] if h >= 0 else None for h in self.hands]
        return obs


class SharedHands(HighCardState):
    _copy_lists = ("deck", "choices")  # forgot "hands": clones share the list


_deals = itertools.count()


class GlobalState(HighCardState):
    """Deals by a process-wide counter, as a game reading global state (a module-level RNG,
    the clock, set iteration order) would: the same history no longer gives the same state."""

    def _apply(self, action):
        if self.current_player() == -1:
            action = self.deck[next(_deals) % len(self.deck)]
        super()._apply(action)


class CopiesTheTruth(HighCardState):
    def _determinize(self, player, rng):
        return self.clone()


class DeterminizeInPlace(HighCardState):
    def _determinize(self, player, rng):
        rng.shuffle(self.deck)  # mutates the true state
        return super()._determinize(player, rng)


class UnsortedActions(HighCardState):
    def _legal_actions(self):
        return [1, 0]


class BadProbabilities(HighCardState):
    def _chance_outcomes(self):
        return [(card, 1.0 / (len(self.deck) + 1)) for card in self.deck]


class SameLabels(HighCardState):
    def _action_to_string(self, action):
        return "move"


class CrashingExplanation(HighCardState):
    def _explain_illegal(self, action):
        return ["fold", "bet"][action]  # IndexError for 2, 3, 4


class MutatesBeforeRejecting(HighCardState):
    def _explain_illegal(self, action):
        self.choices[self.current_player()] = 1
        return "not now"


@pytest.mark.parametrize(
    ("state_class", "info", "check", "message"),
    [
        (LeakyObservation, {}, check_information, "leak"),
        (SharedHands, {}, check_clones, "clone"),
        (GlobalState, {}, check_replay, "replay"),
        (CopiesTheTruth, {}, check_information, "never varied any hidden information"),
        (DeterminizeInPlace, {}, check_information, "determinize changed the true state"),
        (UnsortedActions, {}, check_playouts, "must be sorted"),
        (BadProbabilities, {}, check_playouts, "chance probabilities sum to"),
        (SameLabels, {}, check_playouts, "action strings are not unique"),
        (CrashingExplanation, {}, check_illegal_actions, "raised IndexError"),
        (MutatesBeforeRejecting, {}, check_illegal_actions, "changed the state"),
        (HighCardState, {"max_game_length": 2}, check_playouts, "longer than max_game_length"),
        (HighCardState, {"max_chance_outcomes": 4}, check_playouts, "max_chance_outcomes"),
    ],
)
def test_each_check_catches_its_kind_of_bug(state_class, info, check, message):
    game = broken_game(state_class, **info)
    # every=1: the toy game is 4 actions long, shorter than the kit's default sampling.
    kwargs = {"every": 1} if check in (check_illegal_actions, check_clones) else {}
    with pytest.raises(ConformanceError, match=message):
        check(game, 2, "standard", **kwargs)


@pytest.mark.parametrize("state_class", [CrashingExplanation, MutatesBeforeRejecting])
def test_illegal_action_bugs_are_caught_by_the_default_conformance_run(state_class):
    with pytest.raises(ConformanceError):
        check_conformance(broken_game(state_class), 2, "standard")


def test_one_action_too_many_is_caught():
    with pytest.raises(ConformanceError, match="longer than max_game_length"):
        check_playouts(broken_game(HighCardState, max_game_length=3), 2, "standard")


def test_the_unbroken_game_passes_the_same_checks():
    check_conformance(broken_game(HighCardState), 3, "standard")


def test_failures_say_which_game_set_up_and_point():
    game = broken_game(SharedHands)
    with pytest.raises(ConformanceError, match=r"^highcard \(2p, standard\) clone after \d+ "):
        check_clones(game, 2, "standard")
