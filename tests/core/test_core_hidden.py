"""The core's hidden-information kit: piles with known parts, the constrained share-out,
secret event pairs and the default view history; and the kit's pile checks, each shown
failing on a deliberately broken pile."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import ClassVar

import pytest

from ludoteca.core.events import all_but, everyone, only
from ludoteca.core.hidden import (
    EVERYONE,
    Pile,
    expand,
    holds_at_least,
    holds_only,
    is_public_half,
    secret,
    share_out,
    tally,
    view_history,
)
from ludoteca.core.history import flatten as _flatten
from ludoteca.core.state import State
from ludoteca.testing import (
    ConformanceError,
    check_game_piles,
    check_pile_determinization,
    check_pile_odds,
    check_pile_values,
    check_piles,
    playout_states,
)
from tests.core import toygame
from tests.core.toygame import HighCard, HighCardState


def make_game(state_class):
    """The toy game with another State class (not registered: these checks take the
    game object)."""
    return type(f"With{state_class.__name__}", (HighCard,), {"state_class": state_class})()


# ----- Pile -------------------------------------------------------------------------------


def test_a_fresh_pile_draws_by_its_counts_and_ends_empty():
    pile = Pile.of((2, 0, 1))
    assert pile.size == pile.unseen == 3
    assert pile.draw_odds() == ((0, 2 / 3), (2, 1 / 3))
    pile = pile.drawn(2)
    assert pile.counts == (2, 0, 0) and pile.draw_odds() == ((0, 1.0),)
    pile = pile.drawn(0).drawn(0)
    assert pile.size == 0 and pile.draw_odds() == ()
    with pytest.raises(ValueError, match="empty"):
        pile.drawn(0)


def test_a_card_that_cannot_come_next_is_refused():
    pile = Pile.of((1, 0))
    with pytest.raises(ValueError, match="kind 1"):
        pile.drawn(1)
    with pytest.raises(ValueError, match="kind 5"):
        pile.shuffled_in(5)
    with pytest.raises(ValueError, match="negative"):
        Pile.of((1, -1))


def test_a_peeked_top_comes_first_in_its_order_then_the_unseen_part_then_the_bottom():
    pile = Pile.of((1, 1, 1, 0))
    pile = pile.drawn(1).drawn(2)  # seat 0 peeks at two cards ...
    pile = pile.put_on_top((2, 1), 1 << 0)  # ... and puts them back, the 2 on top
    pile = pile.put_under(3)  # a card put under in view of all
    assert pile.size == 4 and pile.known_top(0) == (2, 1) and pile.known_top(1) == ()
    order = []
    while pile.size:
        (kind, p), *rest = pile.draw_odds()
        assert not rest and p == 1.0, "every card's place is known here"
        order.append(kind)
        pile = pile.drawn(kind)
    assert order == [2, 1, 0, 3]


def test_a_shuffled_bag_under_the_pile_draws_by_its_counts():
    pile = Pile.of((0, 0, 0)).put_under(0, 2, 2, shuffled=True).put_under(1)
    assert pile.bottom == ((0, 2, 2), (1,))
    assert pile.draw_odds() == ((0, 1 / 3), (2, 2 / 3))
    pile = pile.drawn(2).drawn(0).drawn(2)
    assert pile.draw_odds() == ((1, 1.0),)


def test_a_bag_come_to_the_top_surfaces_as_the_unseen_part_and_draws_alike():
    pile = Pile.of((0, 0, 0)).put_under(0, 2, 2, shuffled=True).put_under(1)
    up = pile.surfaced()
    assert up.unseen == 3 and up.counts == (1, 0, 2) and up.bottom == ((1,),)
    assert up.draw_odds() == pile.draw_odds() and up.size == pile.size
    # Only a bag with nothing above it: a pile with unseen cards or a known top is itself.
    assert Pile.of((1, 0, 0)).put_under(2).surfaced() == Pile.of((1, 0, 0)).put_under(2)
    known = Pile.of((0, 0, 0), top=(1,)).put_under(2)
    assert known.surfaced() is known


def test_a_pile_can_start_with_a_top_known_to_all_and_a_bag_at_the_bottom():
    # "The top card is always regular; the bottom three are regular": kinds 0 and 1.
    pile = Pile.of((4, 2), top=(0,), bottom=[(0, 0, 0)])
    assert pile == Pile.of((4, 2)).put_on_top((0,), EVERYONE).put_under(0, 0, 0, shuffled=True)
    assert pile.size == 10 and pile.unseen == 6 and pile.bottom == ((0, 0, 0),)
    assert all(pile.known_top(seat) == (0,) for seat in range(5))
    assert pile.hidden_counts(3) == [4, 2] and pile.determinize(3, random.Random(1)) is pile
    assert pile.draw_odds() == ((0, 1.0),)
    pile = pile.drawn(0)
    assert pile.top == () and pile.top_seats == 0 and pile.draw_odds() == ((0, 4 / 6), (1, 2 / 6))
    for _ in range(6):
        pile = pile.drawn(pile.draw_odds()[-1][0])
    assert pile.size == 3 and pile.draw_odds() == ((0, 1.0),)
    peeked_by_one = Pile.of((1, 1), top=(1,), top_seats=1 << 2, bottom=[(1,), ()])
    assert peeked_by_one.known_top(2) == (1,) and peeked_by_one.known_top(0) == ()
    assert peeked_by_one.bottom == ((1,),)
    with pytest.raises(ValueError, match="not one of 0 to 1"):
        Pile.of((1, 1), bottom=[(2,)])


def test_draw_odds_are_the_quotients_of_the_counts_bit_for_bit():
    # The probabilities are read from a table of shares; they must be the divisions.
    for counts in [(3, 0, 5, 1), (1,), (0, 7), tuple(range(40))]:
        total = sum(counts)
        assert Pile.of(counts).draw_odds() == tuple(
            (k, c / total) for k, c in enumerate(counts) if c)
    big = Pile.of((1500, 700))
    assert big.draw_odds() == ((0, 1500 / 2200), (1, 700 / 2200))


def test_discards_become_the_deck_when_it_runs_out():
    pile = Pile.of((1, 0)).discarded(1, 1, 0)
    assert pile.discards == (1, 2)
    pile = pile.drawn(0)
    assert pile.size == 0 and pile.draw_odds() == ((0, 1 / 3), (1, 2 / 3))
    pile = pile.drawn(1)  # the reshuffle happens at the draw
    assert pile.counts == (1, 1) and pile.discards == (0, 0) and pile.size == 2
    assert Pile.of((0, 0)).discarded(1).reshuffled().counts == (0, 1)


def test_a_pile_is_a_value_shared_by_clones_and_pickled_whole():
    pile = Pile.of((3, 1)).put_under(0).put_on_top((1,), 1 << 1)
    assert pickle.loads(pickle.dumps(pile)) == pile
    assert hash(pile) == hash(Pile(*pile))
    pile.drawn(1)
    pile.discarded(0)
    assert pile.top == (1,) and pile.discards == (0, 0), "operations return new piles"


def test_a_top_known_to_other_seats_is_not_silently_mixed():
    pile = Pile.of((2,)).put_on_top((0,), 1 << 0)
    with pytest.raises(ValueError, match="whole top"):
        pile.put_on_top((0,), 1 << 1)
    assert pile.put_on_top((0,), 1 << 0).top == (0, 0)


def test_determinize_keeps_what_the_seat_knows_and_redraws_the_rest():
    pile = Pile.of((2, 2, 2)).drawn(0).drawn(1)
    pile = pile.put_on_top((1, 0), 1 << 2).put_under(2).discarded(1)
    own = pile.determinize(2, random.Random(0))
    assert own is pile, "the seat that peeked knows all there is; nothing to resample"
    tops = Counter()
    for s in range(300):
        world = pile.determinize(0, random.Random(s))
        assert world.bottom == pile.bottom and world.discards == pile.discards
        assert world.top_seats == pile.top_seats and len(world.top) == 2
        assert world.hidden_counts(0) == pile.hidden_counts(0) == [2, 2, 2]
        tops[world.top] += 1
    # The two top cards come from the six cards seat 0 cannot place, like a shuffle.
    assert len(tops) == 9 and tops[(0, 0)] < tops[(0, 1)]


def test_determinize_depends_only_on_what_the_seat_knows():
    a = Pile.of((2, 2, 2)).drawn(0).drawn(1).put_on_top((1, 0), 1 << 2)
    b = Pile.of((2, 2, 2)).drawn(2).drawn(2).put_on_top((2, 2), 1 << 2)
    assert a.hidden_counts(0) == b.hidden_counts(0)
    for s in range(20):
        assert a.determinize(0, random.Random(s)) == b.determinize(0, random.Random(s))


def test_a_pile_redealt_for_a_seat_keeps_its_known_parts():
    pile = Pile.of((1, 1, 1)).drawn(2).put_on_top((2,), 1 << 1).put_under(0)
    world = pile.redealt(0, [0, 1, 2])  # seat 0 places none of these three
    assert world.top == (0,) and world.counts == (0, 1, 1) and world.bottom == ((0,),)
    assert pile.redealt(1, [0, 1]).top == (2,), "seat 1 knows the top: kept"
    with pytest.raises(ValueError, match="cannot place 3"):
        pile.redealt(0, [0])


def test_a_pile_redealt_by_counts_is_the_pile_redealt_by_its_cards():
    pile = Pile.of((2, 1, 3)).drawn(2).put_under(1)
    assert pile.redealt_counts(0, (2, 3, 0)) == pile.redealt(0, [0, 0, 1, 1, 1])
    assert pile.redealt_counts(0, (2, 3, 0)).bottom == ((1,),), "the known bottom is kept"
    with pytest.raises(ValueError, match="cannot place 5"):
        pile.redealt_counts(0, (1, 1, 1))
    with pytest.raises(ValueError, match="cannot place 5"):
        pile.redealt_counts(0, (6, -1, 0))
    peeked = pile.put_on_top((0,), 1 << 1)
    with pytest.raises(ValueError, match="does not know this pile's top"):
        peeked.redealt_counts(0, (2, 3, 0))
    assert peeked.redealt_counts(1, (2, 3, 0)).top == (0,), "seat 1 knows the top: kept"


def test_expand_and_tally_are_inverse():
    assert expand((2, 0, 1)) == [0, 0, 2]
    assert tally([2, 0, 0], 3) == [2, 0, 1]
    with pytest.raises(ValueError, match="not one of 0 to 2"):
        tally([3], 3)


# ----- the kit's pile checks, each failing on a broken pile ---------------------------------


class UniformOdds(Pile):
    """Every kind still in the pile equally likely, whatever its count."""

    def draw_odds(self):
        kinds = [k for k, c in enumerate(self.counts) if c]
        return tuple((k, 1 / len(kinds)) for k in kinds) if kinds else super().draw_odds()


class IgnoresTheTop(Pile):
    """Draws from the unseen part even when a top is known."""

    def draw_odds(self):
        if self.unseen:
            return tuple((k, c / self.unseen) for k, c in enumerate(self.counts) if c)
        return super().draw_odds()


class DropsTheBottom(Pile):
    def determinize(self, seat, rng):
        return super().determinize(seat, rng)._replace(bottom=())


class KeepsTheTruth(Pile):
    def determinize(self, seat, rng):
        return self


class LosesACard(Pile):
    def determinize(self, seat, rng):
        world = super().determinize(seat, rng)
        counts = list(world.counts)
        k = next((k for k, c in enumerate(counts) if c), None)
        if k is None:
            return world
        counts[k] -= 1
        return world._replace(counts=tuple(counts), unseen=world.unseen - 1)


class TopFromTheSortedCards(Pile):
    """A world that depends only on the seat's knowledge, but never varies."""

    def determinize(self, seat, rng):
        if not self.top or self.top_seats >> seat & 1:
            return self
        return self.redealt(seat, expand(self.hidden_counts(seat)))


class ListCounts(Pile):
    """Counts kept in a list and drawn in place: clones would share and change them."""

    def drawn(self, kind):
        if isinstance(self.counts, list) and self.unseen and not self.top:
            self.counts[kind] -= 1
            return self._replace(unseen=self.unseen - 1)
        return super().drawn(kind)


def peeked(cls=Pile):
    """Seat 1 peeked at two of six cards; a card lies under; one discarded."""
    pile = cls.of((2, 3, 1)).drawn(0).drawn(1)
    return pile.put_on_top((1, 0), 1 << 1).put_under(2).discarded(1)


BROKEN = [
    (UniformOdds.of((3, 1)), check_pile_odds, "not the pile's"),
    (IgnoresTheTop.of((3, 1)).drawn(0).put_on_top((0,), 1), check_pile_odds, "not the pile's"),
    (peeked(DropsTheBottom), check_pile_determinization, "changes what the seat knows"),
    (peeked(KeepsTheTruth), check_pile_determinization, "depends on the truth"),
    (peeked(LosesACard), check_pile_determinization, "cannot place"),
    (peeked(TopFromTheSortedCards), check_pile_determinization, "not drawing"),
    (ListCounts([2, 1], 3, (), 0, (), (0, 0)), check_pile_values, "ints and tuples"),
]


@pytest.mark.parametrize(("pile", "check", "message"), BROKEN,
                         ids=[type(p).__name__ for p, _, _ in BROKEN])
def test_each_pile_check_catches_its_kind_of_bug(pile, check, message):
    args = (2,) if check is check_pile_determinization else ()
    with pytest.raises(ConformanceError, match=message):
        check(pile, *args)


@pytest.mark.parametrize("cls", [UniformOdds, IgnoresTheTop, DropsTheBottom, KeepsTheTruth,
                                 LosesACard, TopFromTheSortedCards])
def test_a_random_walk_finds_every_broken_pile(cls):
    with pytest.raises(ConformanceError):
        check_piles([cls.of((3, 2, 1, 1)).discarded(0)], 3, steps=60)


def test_the_kits_own_pile_passes_every_pile_check():
    check_piles([Pile.of((3, 2, 1, 1)).discarded(0), peeked(), Pile.of((1,)), Pile.of(())],
                3, steps=60)


def test_a_pile_mutated_in_place_is_caught():
    pile = ListCounts([2, 1], 3, (), 0, (), (0, 0))
    with pytest.raises(ConformanceError, match="value"):
        check_piles([pile], 2)


# ----- piles held by a game's states -------------------------------------------------------


class WithAPile(HighCardState):
    """The toy game with a face-down stock beside it that seat 0 once peeked at."""

    pile_class = Pile

    def _setup(self):
        super()._setup()
        self.stock = peeked(self.pile_class)

    def _determinize(self, player, rng):
        view = super()._determinize(player, rng)
        view.stock = self.stock.determinize(player, rng)
        return view


class WithABrokenPile(WithAPile):
    pile_class = UniformOdds


class ViewDropsThePile(WithAPile):
    def _determinize(self, player, rng):
        view = super()._determinize(player, rng)
        view.stock = Pile.of(self.stock.counts)
        return view


class ViewPoolsTheStock(WithAPile):
    """The stock's unseen cards redealt as other kinds (as pooling them with a hand would)."""

    def _determinize(self, player, rng):
        view = super()._determinize(player, rng)
        hidden = view.stock.hidden_size(player)
        view.stock = view.stock.redealt(player, [rng.randrange(3) for _ in range(hidden)])
        return view


class ViewLosesAnUnseenCard(WithAPile):
    def _determinize(self, player, rng):
        view = super()._determinize(player, rng)
        stock = view.stock
        kind = next(k for k, c in enumerate(stock.counts) if c)
        counts = list(stock.counts)
        counts[kind] -= 1
        view.stock = stock._replace(counts=tuple(counts), unseen=stock.unseen - 1)
        return view


class ViewForgetsTheStartingTop(WithAPile):
    """The stock starts with a top known to all, taken by the first deal; a view forgets
    that everyone knows it (the known part is gone before the first decision)."""

    def _setup(self):
        super()._setup()
        self.stock = Pile.of((2, 1), top=(0,))

    def _determinize(self, player, rng):
        view = super()._determinize(player, rng)
        if view.stock.top:
            view.stock = view.stock._replace(top_seats=0)
        return view

    def _take_the_top(self, step, outcome):
        toygame.deal(self, step, outcome)
        if self.stock.top:
            self.stock = self.stock.drawn(self.stock.top[0])

    rules: ClassVar = {**HighCardState.rules, toygame.Deal: _take_the_top}


def test_the_game_level_check_sees_the_piles_of_the_initial_state():
    # One sampled state, the first decision and the end: only the initial state has the top.
    with pytest.raises(ConformanceError, match="does not keep what the seat knows"):
        check_game_piles(make_game(ViewForgetsTheStartingTop), 2, "standard", points=1)


def test_the_game_level_check_runs_the_pile_checks_on_a_states_piles():
    check_game_piles(make_game(WithAPile), 2, "standard")
    check_game_piles(make_game(ViewPoolsTheStock), 2, "standard")
    with pytest.raises(ConformanceError, match="does not keep what the seat knows"):
        check_game_piles(make_game(ViewLosesAnUnseenCard), 2, "standard")
    with pytest.raises(ConformanceError, match="piles"):
        check_game_piles(make_game(WithABrokenPile), 2, "standard")
    with pytest.raises(ConformanceError, match="does not keep what the seat knows"):
        check_game_piles(make_game(ViewDropsThePile), 2, "standard")


# ----- share_out ----------------------------------------------------------------------------


def test_without_limits_a_share_out_deals_from_the_top_in_seat_order():
    got, rest = share_out([5, 4, 3, 2, 1], {2: 2, 0: 1})
    assert got == {2: [5, 4], 0: [3]} and rest == [2, 1]


def test_a_seat_that_holds_only_some_kinds_gets_only_those():
    got, rest = share_out([0, 0, 1, 1, 2], {0: 2, 1: 2}, [holds_only(0, 0b110)])
    assert sorted(got[0]) == [1, 1] and got[1] == [0, 0] and rest == [2]


def test_a_seat_that_holds_at_least_one_of_some_kinds_gets_one():
    got, _ = share_out([0, 0, 0, 2], {1: 2, 0: 2}, [holds_at_least(0, 0b100, 1)])
    assert got[0][0] == 2 and got[1] == [0, 0]


def test_the_first_card_is_not_taken_when_it_would_starve_a_later_limit():
    # Seat 0 may take a 0 or a 1, seat 1 only a 1: the 1 in front is left for seat 1
    # (Hall's condition), although it comes first and seat 0 could take it.
    got, _ = share_out([1, 0], {0: 1, 1: 1}, [holds_only(0, 0b11), holds_only(1, 0b10)])
    assert got == {0: [0], 1: [1]}


def test_limits_of_one_seat_combine():
    # Seat 0 holds only kinds 1 and 2, at least one of them a 2.
    got, _ = share_out([1, 0, 1, 2, 0], {0: 2, 1: 3},
                       [holds_only(0, 0b110), holds_at_least(0, 0b100, 1)])
    assert sorted(got[0]) == [1, 2] and sorted(got[1]) == [0, 0, 1]


def test_a_share_out_the_cards_cannot_meet_says_so():
    with pytest.raises(ValueError, match="cannot meet"):
        share_out([0, 0], {0: 1, 1: 1}, [holds_only(0, 0b10)])
    with pytest.raises(ValueError, match="3 cards are needed"):
        share_out([0, 0], {0: 3})
    with pytest.raises(ValueError, match="dealt no cards"):
        share_out([0], {0: 1}, [holds_only(4, 1)])


def test_share_outs_always_meet_random_limits():
    rng = random.Random(7)
    for _ in range(300):
        cards = [rng.randrange(4) for _ in range(10)]
        needs = {0: 3, 1: 3, 2: 2}
        # Limits made from a true deal, so that one always exists.
        truth = {0: cards[:3], 1: cards[3:6], 2: cards[6:8]}
        limits = [holds_only(0, sum(1 << k for k in set(truth[0]))),
                  holds_at_least(1, 1 << truth[1][0], 1)]
        rng.shuffle(cards)
        got, rest = share_out(cards, needs, limits)
        assert all(len(got[s]) == n for s, n in needs.items())
        assert sorted([k for kinds in got.values() for k in kinds] + rest) == sorted(cards)
        assert all(1 << k & limits[0].mask for k in got[0])
        assert any(1 << k & limits[1].mask for k in got[1])


# ----- secret events and the default view history ----------------------------------------


def test_a_secret_is_the_only_and_all_but_pair():
    told, others = secret((2,), "drawn", {"seat": 2}, card="Desperado 9")
    assert told == only((2,), "drawn", seat=2, card="Desperado 9")
    assert others == all_but((2,), "drawn", seat=2)
    assert list(told.data) == ["seat", "card"], "public keys first, as the games wrote them"
    assert is_public_half(others, 0) and not is_public_half(others, 2)
    assert not is_public_half(told, 2) and not is_public_half(everyone("x"), 0)


class Recording(HighCardState):
    """The toy game, noting which moves the view history asks the hook about."""

    asked: ClassVar[list] = []

    def _hidden_action(self, seat, index, event, source):
        self.asked.append((index, event.kind, event.data["seat"]))
        return super()._hidden_action(seat, index, event, source)


def test_the_default_view_history_asks_the_hook_about_the_hidden_moves_only():
    game = make_game(Recording)
    state = game.new_initial_state(3, "sealed")
    rng = random.Random(3)
    for _ in range(5):  # three deals, then seats 0 and 1 decide face down
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[0][0] if outcomes else rng.choice(state.legal_actions()))
    source = _flatten(state._trail)
    world = state.determinize(1, random.Random(0))
    Recording.asked = []
    actions = view_history(world, 1, source)
    assert Recording.asked == [(0, "dealt", 0), (2, "dealt", 2), (3, "decides", 0)]
    assert actions[1] == source[1][0] and actions[4] == source[4][0], "seat 1's own moves"
    assert actions[0] == world.hands[0] and actions[2] == world.hands[2]
    assert actions[3] == world.choices[0]


class SealedChance(HighCardState):
    """Deals announced to all without the card (no secret pair): a sealed event kind."""

    sealed_events = frozenset({"dealt"})


def test_sealed_events_mark_hidden_chance_outcomes_for_the_walk():
    source = [(1, (everyone("dealt", seat=0),)), (0, (everyone("dealt", seat=1),))]
    plain = make_game(HighCardState).new_initial_state(2, "standard")
    sealed = make_game(SealedChance).new_initial_state(2, "standard")
    plain.hands = sealed.hands = [4, 5]
    assert view_history(plain, 0, source) == [1, 0], "public moves are kept"
    assert view_history(sealed, 0, source) == [4, 5], "sealed ones come from the world"


def test_a_game_without_the_hook_says_which_move_it_cannot_rebuild():
    state = make_game(HighCardState).new_initial_state(2, "standard")
    source = [(3, secret((1,), "dealt", {"seat": 1}, card="K"))]
    with pytest.raises(NotImplementedError, match="move 1 is hidden from seat 0"):
        State._hidden_action(state, 0, 0, source[0][1][1], source)


def test_views_of_the_toy_game_replay_through_the_hook():
    game = make_game(HighCardState)
    for state in playout_states(game, 3, "sealed", seed=4):
        for seat in range(3):
            view = state.determinize(seat, random.Random(seat))
            replayed = game.new_initial_state(3, "sealed")
            for action in view.history():
                replayed.apply_action(action)
            assert replayed.observation(seat) == view.observation(seat)
            assert replayed.information_state_string(seat) == \
                state.information_state_string(seat)
            assert replayed.hands == view.hands and replayed.choices == view.choices


def test_everyone_mask_knows_a_top():
    pile = Pile.of((1, 1)).drawn(0).put_on_top((0,), EVERYONE)
    assert all(pile.known_top(s) == (0,) for s in range(5))
    assert pile.determinize(3, random.Random(0)) is pile


class PoolsAHandWithThePile(WithAPile):
    """A world where a card the seat cannot place traded places with a face-down hand card
    of another kind (what a game that draws hands from its pile does): the pile keeps its
    known parts and its number of unseen cards, not their kinds."""

    def _determinize(self, player, rng):
        view = super()._determinize(player, rng)
        cards = expand(view.stock.hidden_counts(player))
        if cards:
            cards[0] = (cards[0] + 1) % view.stock.num_kinds
        view.stock = view.stock.redealt(player, cards)
        return view


def test_the_game_level_check_lets_a_pile_pool_its_unseen_cards_with_hands():
    check_game_piles(make_game(PoolsAHandWithThePile), 2, "standard")
    with pytest.raises(ConformanceError, match="does not keep what the seat knows"):
        check_game_piles(make_game(ViewLosesAnUnseenCard), 2, "standard")
