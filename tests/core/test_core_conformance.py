"""The conformance kit can fail: each deliberately broken toy game is caught.

A check that never fails proves nothing, so every check of ``ludoteca.testing`` is shown
here catching one way a real game could break the State contract. The three broken
determinizations of issue #6 (keeping the true hand of the seat to the left, keeping other
seats' face-down choices as Douro's charity cards were kept, returning the truth after a few
actions) passed the old kit; they are shown passing :func:`check_information` still and
failing :func:`check_determinization`.
"""

import dataclasses
import inspect
import itertools
from dataclasses import dataclass

import pytest

from ludoteca.core.codec import Codec, Space
from ludoteca.core.events import Event, all_but, everyone
from ludoteca.core.registry import register
from ludoteca.core.state import next_seat
from ludoteca.testing import (
    ConformanceError,
    check_action_space,
    check_bot_playouts,
    check_clone_identity,
    check_clones,
    check_conformance,
    check_determinization,
    check_events,
    check_illegal_actions,
    check_information,
    check_json_actions,
    check_pickle,
    check_playouts,
    check_replay,
    check_returns,
    check_seat_observation,
    check_simultaneous,
    check_tensors,
    check_view_history,
)
from tests.core.toygame import (
    BET,
    FOLD,
    GAME_ID,
    Bet,
    Deal,
    Decide,
    Fold,
    HighCard,
    HighCardState,
)

_names = itertools.count()


def broken_game(state_class: type[HighCardState], **info_changes) -> HighCard:
    """The toy game with another State class (and info), registered as ``highcard`` so that
    replays of its records (which load the game by id) use the broken rules too.

    Each such game class is put in this module under a name of its own, so that it pickles
    by reference like any game class (``check_pickle`` pickles the game).
    """
    variants = info_changes.pop("constant_sum", None)
    build_codec = info_changes.pop("codec", HighCard.build_codec)

    def build_info(self):
        info = HighCard.build_info(self)
        if variants is not None:
            info_changes["variants"] = tuple(
                dataclasses.replace(v, constant_sum=variants) for v in info.variants)
        return dataclasses.replace(info, **info_changes)

    name = f"Broken{next(_names)}{state_class.__name__}"
    cls = type(name, (HighCard,), {"build_info": build_info, "build_codec": build_codec,
                                   "state_class": state_class,
                                   "__module__": __name__, "__qualname__": name})
    globals()[name] = cls
    register(cls, GAME_ID)
    return cls()


pytestmark = pytest.mark.usefixtures("isolated_registry")


# ----- the rules and the turn flow ----------------------------------------------------------


class UnsortedActions(HighCardState):
    def _legal_actions(self):
        return [1, 0]


class BadProbabilities(HighCardState):
    def _chance_outcomes(self):
        return [(card, 1.0 / (len(self.deck) + 1)) for card in self.deck]


class SameLabels(HighCardState):
    def _action_label(self, action):
        return "move"


class BetOnly(HighCardState):
    """A house rule: folding is not allowed, so Fold (0) is a well-formed illegal action."""

    def _legal_actions(self):
        return [BET]


class CrashingExplanation(BetOnly):
    def _explain_illegal(self, action):
        return {Bet(): "you must bet"}[action]  # KeyError for Fold()


class MutatesBeforeRejecting(BetOnly):
    def _explain_illegal(self, action):
        self.choices[self.current_player()] = BET
        return "not now"


class EveryWinnerTakesAll(HighCardState):
    """Forgets to split the win: when everyone folds, returns add up to the player count."""

    def returns(self):
        return [1.0 if p in self.winners() else 0.0 for p in range(self.num_players)] \
            if self.is_terminal() else [0.0] * self.num_players


class LosersPay(HighCardState):
    """Returns as net results, outside the declared utility bounds (0, 1)."""

    def returns(self):
        return [r if r > 0 else -1.0 for r in super().returns()] if self.is_terminal() \
            else super().returns()


# ----- copies, records, serialization -------------------------------------------------------


class SharedHands(HighCardState):
    _copy_lists = ("deck", "choices")  # forgot "hands": clones share the list


class SharedNestedNotes(HighCardState):
    """A list of lists copied one level deep: the inner lists are shared."""

    _copy_lists = (*HighCardState._copy_lists, "notes")

    def _setup(self):
        super()._setup()
        self.notes = [[] for _ in range(self.num_players)]


class SharedWinnerDisplays(HighCardState):
    """The clone of issue #6: a list nobody named for copying, never written by the rules."""

    def _setup(self):
        super()._setup()
        self.winner_displays = []


class SharedListsInATuple(HighCardState):
    """A tuple is immutable, the lists in it are not: the clone shares them."""

    def _setup(self):
        super()._setup()
        self.piles = ([], [])


class SharedListInADict(HighCardState):
    """``dict.copy`` is shallow: the list under a key is shared."""

    _copy_lists = (*HighCardState._copy_lists, "log")

    def _setup(self):
        super()._setup()
        self.log = {"bets": []}


class ViewSharesChoices(HighCardState):
    def _determinize(self, player, rng):
        view = super()._determinize(player, rng)
        view.choices = self.choices  # an agent writing its view would change the match
        return view


_deals = itertools.count()


class GlobalState(HighCardState):
    """Deals by a process-wide counter, as a game reading global state (a module-level RNG,
    the clock, set iteration order) would: the same history no longer gives the same state."""

    def _apply(self, action):
        if self.current_player() == -1:
            action = self.deck[next(_deals) % len(self.deck)]
        super()._apply(action)


class Unpicklable(HighCardState):
    def _setup(self):
        super()._setup()
        self.on_end = lambda: None  # a local function cannot be pickled


class RankInsteadOfIndex(HighCardState):
    """Its extra JSON overwrites the card's index with its rank (a display value)."""

    def _action_json(self, item):
        return {"index": self.ranks[item.index]} if hasattr(item, "index") else {}


class MaskIntoClears(HighCardState):
    """Writes a whole mask, zeros included: right values, but it costs the action space."""

    def legal_actions_mask_into(self, out):
        for a in range(len(out)):
            out[a] = 0
        return super().legal_actions_mask_into(out)


# ----- the action space: broken codecs (the Game's build_codec) -----------------------------


@dataclass(frozen=True, slots=True)
class Raise:
    """A compound choice: how many chips, to whom, all at once."""

    chips: int
    seat: int


@dataclass(frozen=True, slots=True)
class Chips:
    """Rewrites its value: more than two chips are read as two."""

    count: int

    def __post_init__(self):
        object.__setattr__(self, "count", min(self.count, 2))


@dataclass(frozen=True, slots=True)
class Signal:
    cards: tuple


def raises_in_one_choice(game):
    """Fold, Bet and Raise(chips 1..2000, seat): 6,002 ids, past the default limit."""
    return Codec([Fold, Bet, Space(Raise, chips=range(1, 2001), seat=range(3))],
                 HighCard.build_codec(game).outcome_spaces)


def chips_that_rewrite_themselves(game):
    return Codec([Fold, Bet, Space(Chips, count=range(1, 4))],
                 HighCard.build_codec(game).outcome_spaces)


def pairs_as_values(game):
    return Codec([Fold, Bet, Space(Signal, cards=((0, 1), (2, 3)))],
                 HighCard.build_codec(game).outcome_spaces)


class MaskMarksChance(HighCardState):
    def legal_actions_mask(self):
        mask = [0] * self.game.info.num_distinct_actions
        for a in self.legal_actions():
            if a < len(mask):
                mask[a] = 1
        return mask


# ----- hidden information ---------------------------------------------------------------


class LeakyObservation(HighCardState):
    def observation(self, player):
        obs = super().observation(player)
        obs["all_hands"] = [self.ranks[h] if h >= 0 else None for h in self.hands]
        return obs


class SeatObservationWithoutHand(HighCardState):
    """Builds a seat's observation from the spectator's but forgets the seat's own card."""

    def _seat_observation(self, player, public):
        return {**public, "prompt": self.prompt(player)}


class SeatObservationInPlace(HighCardState):
    """Right values, but written into the spectator's observation it was handed."""

    def _seat_observation(self, player, public):
        own = self.observation(player)
        public.update(own)
        return own


class CopiesTheTruth(HighCardState):
    def _determinize(self, player, rng):
        return self.clone()


class DeterminizeInPlace(HighCardState):
    def _determinize(self, player, rng):
        rng.shuffle(self.deck)  # mutates the true state
        return super()._determinize(player, rng)


class SamplesTooMany(HighCardState):
    """Deals more unseen cards than there are once a seat has acted: ``rng.sample`` raises
    a bare ValueError, which the kit must report as a ConformanceError."""

    def _determinize(self, player, rng):
        view = super()._determinize(player, rng)
        if self.move_number() > self.num_players:
            rng.sample(range(3), 4)
        return view


class KeepsLeftHand(HighCardState):
    """Issue #6, first broken determinization: the seat to the left keeps its true card."""

    def _determinize(self, player, rng):
        view = self.clone()
        left = next_seat(player, self.num_players)
        hidden = [q for q in range(self.num_players) if q not in (player, left)
                  and self.hands[q] >= 0 and not self._shown(q)]
        pool = sorted(view.deck + [view.hands[q] for q in hidden])
        rng.shuffle(pool)
        for q in hidden:
            view.hands[q] = pool.pop()
        view.deck = sorted(pool)
        return view


class KeepsFaceDownChoices(HighCardState):
    """Issue #6, second: other seats' face-down choices stay the true ones (as Douro kept
    the true charity cards). Play it in the ``sealed`` variant."""

    def _determinize(self, player, rng):
        view = super()._determinize(player, rng)
        view.choices = self.choices.copy()
        return view


class TruthAfterThreeActions(HighCardState):
    """Issue #6, third: the truth once the match is a few actions old (60 in Desperados)."""

    def _determinize(self, player, rng):
        return self.clone() if self.move_number() >= 3 else super()._determinize(player, rng)


class UnsortedPool(HighCardState):
    """Builds the pool in the true order of the hidden cards: the same rng then deals the
    same card to different seats in two truths the seat cannot tell apart (the 192 of 200
    of issue #6)."""

    def _determinize(self, player, rng):
        view = self.clone()
        hidden = [q for q in range(self.num_players)
                  if q != player and self.hands[q] >= 0 and not self._shown(q)]
        pool = [view.hands[q] for q in hidden] + view.deck
        rng.shuffle(pool)
        for q in hidden:
            view.hands[q] = pool.pop()
        view.deck = sorted(pool)
        return view


class TrueHistoryForViews(HighCardState):
    """The view history is the true one: it leads to the truth, not to the view."""

    def _view_history(self, seat, source):
        return [a for a, _ in source]


def leaky_deal(state, step, outcome):
    """Shows every seat the card dealt."""
    seat, card = step.to, outcome.index
    state.hands[seat] = card
    state.deck.remove(card)
    state.emit(everyone("dealt", seat=seat, card=state.ranks[card]))


def silent_deal(state, step, outcome):
    """Forgets to tell the receiver its card."""
    seat, card = step.to, outcome.index
    state.hands[seat] = card
    state.deck.remove(card)
    state.emit(all_but((seat,), "dealt", seat=seat))


def tuple_deal(state, step, outcome):
    """Puts a tuple into event data (JSON turns it into a list: the event would change)."""
    HighCardState.rules[Deal](state, step, outcome)
    state.emit(everyone("deck", size=(len(state.deck),)))


def kind_deal(state, step, outcome):
    """Names a field 'kind' (Event.to_json() would lose the event's own kind)."""
    HighCardState.rules[Deal](state, step, outcome)
    state.emit(Event("deck", {"kind": "cards", "left": len(state.deck)}))


class KindField(HighCardState):
    pass


class LeakyDeal(HighCardState):
    pass


class SilentDeal(HighCardState):
    pass


class TupleInEvent(HighCardState):
    pass


LeakyDeal.rules = {**HighCardState.rules, Deal: leaky_deal}
SilentDeal.rules = {**HighCardState.rules, Deal: silent_deal}
TupleInEvent.rules = {**HighCardState.rules, Deal: tuple_deal}
KindField.rules = {**HighCardState.rules, Deal: kind_deal}


class Undescribable(HighCardState):
    def _describe_event(self, event, viewer):
        return {"dealt": "a card is dealt"}[event.kind]  # KeyError for "bet", "fold"


class LongTensor(HighCardState):
    def _observation_tensor(self, player):
        return [*super()._observation_tensor(player), 0.0]


class TensorOutOfBounds(HighCardState):
    def _observation_tensor(self, player):
        vec = super()._observation_tensor(player)
        vec[0] = 2.0  # "hand" is declared within [0, 1]
        return vec


class TensorOfEveryHand(HighCardState):
    """The tensor shows every dealt card (a one-hot per seat, within bounds)."""

    def _observation_tensor(self, player):
        vec = super()._observation_tensor(player)
        layout = self.tensor_layout()
        for p, h in enumerate(self.hands):
            if h >= 0:
                vec[layout.offsets["shown"] + len(self.ranks) * p + h] = 1.0
        return vec


# ----- simultaneous choices -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class DecideAtOnce(Decide):
    """The toy's decisions declared simultaneous (sound only where they are face down)."""

    group = "decide"


@dataclasses.dataclass(frozen=True, slots=True)
class DecideAfterOthers(Decide):
    """Simultaneous, but nobody may bet once someone has folded: a seat's options depend
    on the earlier choices, so they cannot be taken in any order."""

    group = "decide"

    def legal_actions(self, state):
        return [FOLD] if FOLD in state.choices else [FOLD, BET]


def _decisions_as(step_class):
    class Grouped(HighCardState):
        def _setup(self):
            super()._setup()
            steps = self.clear_pending()
            n = self.num_players
            self.push(*steps[:n], *(step_class(p) for p in range(n)))

    Grouped.__name__ = Grouped.__qualname__ = f"Grouped{step_class.__name__}"
    Grouped.rules = {**HighCardState.rules, step_class: HighCardState.rules[Decide]}
    globals()[Grouped.__name__] = Grouped
    return Grouped


GroupedDecideAtOnce = _decisions_as(DecideAtOnce)
GroupedDecideAfterOthers = _decisions_as(DecideAfterOthers)


def test_face_down_decisions_taken_at_once_pass():
    state = broken_game(GroupedDecideAtOnce).new_initial_state(3, "sealed")
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.simultaneous() == {0: [FOLD, BET], 1: [FOLD, BET], 2: [FOLD, BET]}
    state.apply_action(BET)
    assert state.simultaneous() == {1: [FOLD, BET], 2: [FOLD, BET]}
    check_simultaneous(broken_game(GroupedDecideAtOnce), 3, "sealed")


def test_no_group_means_nothing_simultaneous():
    state = broken_game(HighCardState).new_initial_state(2, "sealed")
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.simultaneous() == {}


# (broken state class, info changes, variant, players, check, message)
CASES = [
    (UnsortedActions, {}, "standard", 2, check_playouts, "must be sorted"),
    (BadProbabilities, {}, "standard", 2, check_playouts, "chance probabilities sum to"),
    (SameLabels, {}, "standard", 2, check_playouts, "action strings are not unique"),
    (HighCardState, {"max_game_length": 2}, "standard", 2, check_playouts,
     "longer than max_game_length"),
    (HighCardState, {"max_chance_outcomes": 4}, "standard", 2, check_playouts,
     "max_chance_outcomes"),
    (CrashingExplanation, {}, "standard", 2, check_illegal_actions, "raised KeyError"),
    (MutatesBeforeRejecting, {}, "standard", 2, check_illegal_actions, "changed the state"),
    (EveryWinnerTakesAll, {}, "standard", 3, check_returns, "declares constant_sum=1.0"),
    (HighCardState, {"constant_sum": 2.0}, "standard", 2, check_returns,
     "declares constant_sum=2.0"),
    (LosersPay, {}, "standard", 2, check_returns, "outside utility_bounds"),
    (SharedHands, {}, "standard", 2, check_clones, "clone"),
    (SharedHands, {}, "standard", 2, check_clone_identity, r"hands \(a list\)"),
    (SharedNestedNotes, {}, "standard", 2, check_clone_identity, r"notes\[0\] \(a list\)"),
    (SharedWinnerDisplays, {}, "standard", 2, check_clone_identity,
     r"winner_displays \(a list\)"),
    (SharedListsInATuple, {}, "standard", 2, check_clone_identity,
     r"piles\[0\] \(a list\), piles\[1\] \(a list\)"),
    (SharedListInADict, {}, "standard", 2, check_clone_identity, r"log\['bets'\] \(a list\)"),
    (ViewSharesChoices, {}, "standard", 2, check_clone_identity,
     r"determinize\(\d\) shares mutable objects .*choices"),
    (GlobalState, {}, "standard", 2, check_replay, "replay"),
    (Unpicklable, {}, "standard", 2, check_pickle, "does not pickle"),
    (RankInsteadOfIndex, {}, "standard", 2, check_json_actions, "action json"),
    (MaskMarksChance, {}, "standard", 2, check_json_actions, "legal_actions_mask"),
    (MaskIntoClears, {}, "standard", 2, check_json_actions,
     r"legal_actions_mask_into\(\) .* must write 1 at each legal id and nothing anywhere"),
    (HighCardState, {"codec": raises_in_one_choice}, "standard", 2, check_action_space,
     "numbers 6002 actions, more than GameInfo.action_space_limit=4096: make a compound "
     "choice steps"),
    (HighCardState, {"codec": chips_that_rewrite_themselves}, "standard", 2,
     check_action_space, r"action 4 decodes to Chips\(count=2\), which encodes to 3"),
    (HighCardState, {"codec": pairs_as_values}, "standard", 2, check_action_space,
     r"the JSON form of action 2 does not read back .*must be a whole number"),
    (HighCardState, {"num_distinct_actions": 3}, "standard", 2, check_action_space,
     "num_distinct_actions=3, the codec has 2"),
    (HighCardState, {"num_distinct_actions": 3}, "standard", 2, check_json_actions,
     "num_distinct_actions=3, the codec has 2"),
    (LeakyObservation, {}, "standard", 2, check_information, "leak"),
    (CopiesTheTruth, {}, "standard", 2, check_information,
     "never varied any hidden information"),
    (SeatObservationWithoutHand, {}, "standard", 2, check_seat_observation,
     r"seat_observation\(\d, observation\(None\)\) differs from observation\(\d\) in hand"),
    (SeatObservationInPlace, {}, "standard", 2, check_seat_observation,
     "changed the spectator's observation"),
    (DeterminizeInPlace, {}, "standard", 2, check_information,
     "determinize changed the true state"),
    (KeepsLeftHand, {}, "standard", 3, check_determinization, "gives different worlds"),
    (SamplesTooMany, {}, "standard", 2, check_determinization,
     r"determinize\(\d, .*\) raised ValueError"),
    (KeepsFaceDownChoices, {}, "sealed", 3, check_determinization, "gives different worlds"),
    (TruthAfterThreeActions, {}, "standard", 2, check_determinization,
     "gives different worlds"),
    (UnsortedPool, {}, "standard", 3, check_determinization, "gives different worlds"),
    (CopiesTheTruth, {}, "standard", 2, check_determinization, "determinization"),
    (TrueHistoryForViews, {}, "standard", 2, check_view_history,
     "replays to another world"),
    (LeakyDeal, {}, "standard", 2, check_events, "an event tells (the spectator|seat .) something"),
    (SilentDeal, {}, "standard", 2, check_events, "do not tell the seat everything"),
    (TupleInEvent, {}, "standard", 2, check_events, "must be JSON-safe.*tuple"),
    (KindField, {}, "standard", 2, check_events, "a data field named 'kind'"),
    (Undescribable, {}, "standard", 2, check_events, r"describe_event\(.*raised KeyError"),
    (LongTensor, {}, "standard", 2, check_tensors, "has 22 values, the layout declares 21"),
    (TensorOutOfBounds, {}, "standard", 2, check_tensors, "outside the declared bounds"),
    (TensorOfEveryHand, {}, "standard", 2, check_tensors, "shows something observation"),
    (GroupedDecideAtOnce, {}, "standard", 3, check_simultaneous,
     "sees which action seat 0 chose"),
    (GroupedDecideAfterOthers, {}, "sealed", 3, check_simultaneous,
     "depend on the earlier seats' choices"),
]


def _dense(check) -> dict:
    """every=1 where a check samples: the toy game is 4 to 6 actions long."""
    return {"every": 1} if "every" in inspect.signature(check).parameters else {}


@pytest.mark.parametrize(("state_class", "info", "variant", "players", "check", "message"),
                         CASES, ids=[f"{c[0].__name__}-{c[4].__name__}" for c in CASES])
def test_each_check_catches_its_kind_of_bug(state_class, info, variant, players, check,
                                            message):
    game = broken_game(state_class, **info)
    with pytest.raises(ConformanceError, match=message):
        check(game, players, variant, **_dense(check))


@pytest.mark.parametrize(("state_class", "info", "variant", "players", "check", "message"),
                         CASES, ids=[f"{c[0].__name__}-{c[4].__name__}" for c in CASES])
def test_every_bug_is_caught_by_the_default_conformance_run(state_class, info, variant,
                                                            players, check, message):
    with pytest.raises(ConformanceError):
        check_conformance(broken_game(state_class, **info), players, variant)


@pytest.mark.parametrize(("state_class", "variant", "players"), [
    (KeepsLeftHand, "standard", 3),
    (KeepsFaceDownChoices, "sealed", 3),
    (KeepsFaceDownChoices, "sealed", 2),
    (TruthAfterThreeActions, "standard", 2),
    (UnsortedPool, "standard", 3),
])
def test_issue_6_determinizations_pass_the_old_checks_and_fail_the_new_one(state_class,
                                                                           variant, players):
    game = broken_game(state_class)
    check_information(game, players, variant, every=1)  # the old kit saw nothing wrong
    with pytest.raises(ConformanceError, match=r"determinization .*seat \d cannot tell"):
        check_determinization(game, players, variant)


def test_two_players_keeping_the_left_hand_is_the_truth_also_for_the_old_check():
    # With two players the seat to the left is the only other one: nothing ever varies.
    with pytest.raises(ConformanceError, match="never varied"):
        check_information(broken_game(KeepsLeftHand), 2, "standard")


@pytest.mark.parametrize("state_class", [SharedNestedNotes, SharedWinnerDisplays,
                                         SharedListsInATuple, SharedListInADict,
                                         ViewSharesChoices])
def test_shared_lists_the_rules_never_write_pass_check_clones(state_class):
    # Why check_clone_identity exists: moving a clone shows nothing when nobody writes the list.
    check_clones(broken_game(state_class), 2, "standard", every=1)


def test_the_unbroken_game_passes_the_same_checks():
    for players, variant in HighCard().info.configurations():
        check_conformance(broken_game(HighCardState), players, variant)


def test_one_action_too_many_is_caught():
    with pytest.raises(ConformanceError, match="longer than max_game_length"):
        check_playouts(broken_game(HighCardState, max_game_length=3), 2, "standard")


class StuckAfterABet(HighCardState):
    """A dead end that only purposeful play need reach: once seat 0 has bet, the next
    seat is to decide with nothing it may do."""

    def _legal_actions(self):
        if self.choices[0] == BET and self.current_player() == 1:
            return []
        return super()._legal_actions()


def always_bet(view, player, rng):
    return BET


def test_a_dead_end_the_bots_walk_into_is_caught():
    with pytest.raises(ConformanceError, match="player 1 has no legal action"):
        check_bot_playouts(broken_game(StuckAfterABet), 2, "standard", bot=always_bet)
    check_bot_playouts(broken_game(HighCardState), 2, "standard", bot=always_bet)


def test_a_match_of_bots_that_never_ends_is_caught():
    with pytest.raises(ConformanceError, match="a match of bots is not over after 3"):
        check_bot_playouts(broken_game(HighCardState, max_game_length=3), 2, "standard",
                           bot=always_bet)


def test_failures_say_which_game_set_up_and_point():
    game = broken_game(SharedHands)
    with pytest.raises(ConformanceError, match=r"^highcard \(2p, standard\) clone after \d+ "):
        check_clones(game, 2, "standard")


def test_sealed_choices_are_resampled_by_the_toy_game():
    # The worked example: a face-down choice is hidden information like a card.
    from random import Random

    state = HighCard().new_initial_state(3, "sealed")
    for action in (0, 1, 2, BET):
        state.apply_action(action)
    assert isinstance(state.pending()[0], Decide)
    seen = {state.determinize(1, Random(s)).choices[0] for s in range(20)}
    assert seen == {FOLD, BET}
