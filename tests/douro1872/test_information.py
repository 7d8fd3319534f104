"""What each seat knows: determinizations, the histories of views, events, tensors, clones.

The properties the template asks of a game with hidden information, checked over many random
positions at every player count:

* a determinized view's ``history()`` replays from the initial state to exactly that world
  (every seat's observation, the scores, the legal actions, the hidden cards) and shows the
  seat exactly the events it saw (the same ``information_state_string``);
* ``determinize(p, rng)`` depends only on what ``p`` knows: on two true states that ``p``
  cannot tell apart (the truth, and a world replayed from one of its views), equally seeded
  rngs give the same world;
* equal information states have equal observations and tensors;
* tensors have the declared length and bounds; events are JSON and hide face-down cards;
  clones share no mutable object; states pickle.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca import load_game
from ludoteca.core.state import State
from ludoteca.games.douro1872.actions import Donate, PlayBarrel
from ludoteca.testing import random_step

GAME = load_game("douro1872")
COUNTS = (2, 3, 4, 5)


def positions(n: int, seeds: range, every: int, options: Any = None) -> Iterator[State]:
    """Clones of every ``every``-th position of random playouts (the end included)."""
    for seed in seeds:
        state = GAME.new_initial_state(n, options=options)
        rng = random.Random(seed)
        step = 0
        while True:
            if step % every == seed % every or state.is_terminal():
                yield state.clone()
            if state.is_terminal():
                break
            random_step(state, rng)
            step += 1


def replayed(actions: list[int], like: State) -> State:
    fresh = GAME.new_initial_state(like.num_players, like.variant, like.options)
    for action in actions:
        fresh.apply_action(action)
    return fresh


def world(state: Any) -> str:
    """Everything about a world: every view, scores, legal actions and the hidden cards."""
    seats = [None, *range(state.num_players)]
    return json.dumps({
        "obs": [state.observation(p) for p in seats],
        "scores": state.scores(), "player": state.current_player(),
        "legal": state.legal_actions(), "chance": state.chance_outcomes(),
        "hands": state.hands, "choices": state.choices, "donations": state.donations,
        "piles": state.piles, "points": state.points, "holder": state.holder,
    }, sort_keys=True)


@pytest.mark.parametrize("n", COUNTS)
def test_view_history_replays_to_the_world_with_the_seats_information(n):
    checked = differ = 0
    for state in positions(n, range(6), every=5):
        for p in range(n):
            info = state.information_state_string(p)
            view = state.determinize(p, random.Random(checked))
            drawn = world(view)
            twin = replayed(view.history(), state)
            assert world(twin) == drawn
            assert twin.information_state_string(p) == info
            assert view.information_state_string(p) == info
            assert twin.observation(p) == state.observation(p)
            assert twin.observation_tensor(p) == state.observation_tensor(p)
            differ += world(twin) != world(state)
            checked += 1
    assert differ > checked // 10  # the views do resample hidden cards


def twin_of(state: Any, p: int, rng: random.Random) -> State | None:
    """Another true history that ``p`` cannot tell from ``state``'s, built without
    ``determinize``: each card still face down of another seat (in the dispute in progress,
    or under the charity card) is swapped, in the history, with a card of that seat's hand
    (never one that came back on Our Lady of Cardia, for a charity card). None if nothing of
    another seat is hidden or no swap is possible."""
    history = state.history()
    fresh = GAME.new_initial_state(state.num_players, state.variant, state.options)
    lays: dict[tuple[int, str], int] = {}  # (owner, purpose) -> index of its last lay
    for i, action in enumerate(history):
        top = fresh.pending()[0]
        if type(top).__name__ == "LayFaceDown" and top.owner != p:
            lays[(top.owner, top.purpose)] = i
        fresh.apply_action(action)
    t = GAME.tables
    codec = GAME.codec
    changed = False
    for q in range(state.seats):
        if q == p:
            continue
        hand = list(t.bits[state.hands[q]])
        for purpose, card in (("dispute", state.choices[q] if not state.revealed else -1),
                              ("charity", state.donations[q] if state.charity is None else -1)):
            allowed = [c for c in hand if purpose == "dispute"
                       or not state.returned[q] >> c & 1]
            if card < 0 or not allowed:
                continue
            other = rng.choice(allowed)
            i = lays[(q, purpose)]
            value = t.values[other]
            if q == state.ghost:
                history[i] = t.ghost_id[other]
            else:
                kind = PlayBarrel if purpose == "dispute" else Donate
                history[i] = codec.encode(kind(value))
            hand.remove(other)
            hand.append(card)
            changed = True
    return replayed(history, state) if changed else None


@pytest.mark.parametrize("n", COUNTS)
def test_determinize_depends_only_on_the_seats_information(n):
    pairs = 0
    rng = random.Random(n)
    for state in positions(n, range(100, 100 + (6 if n < 4 else 3)), every=2):
        for p in range(n):
            twin = twin_of(state, p, rng)
            if twin is None:
                continue
            assert twin.information_state_string(p) == state.information_state_string(p)
            assert twin.observation(p) == state.observation(p)
            assert twin.observation_tensor(p) == state.observation_tensor(p)
            pairs += world(twin) != world(state)
            for seed in range(3):
                one = state.determinize(p, random.Random(seed))
                two = twin.determinize(p, random.Random(seed))
                assert world(one) == world(two)
    assert pairs > 20


def test_view_history_with_the_old_charity_reading():
    for state in positions(3, range(3), every=9, options={"charity_all_equal": "nothing"}):
        for p in range(3):
            view = state.determinize(p, random.Random(p))
            assert world(replayed(view.history(), state)) == world(view)


def test_views_play_on_after_their_history():
    rng = random.Random(5)
    for state in positions(4, range(2), every=17):
        if state.is_terminal():
            continue
        view = state.determinize(state.current_player() if state.current_player() >= 0 else 0,
                                 random.Random(1))
        before = len(view.history())
        for _ in range(4):
            if view.is_terminal():
                break
            random_step(view, rng)
        assert view.history()[:before] == view.history()[:before]
        assert world(replayed(view.history(), state)) == world(view)


def test_the_seats_own_cards_are_never_resampled():
    for state in positions(5, range(3), every=3):
        for p in range(5):
            view = state.determinize(p, random.Random(p))
            assert view.hands[p] == state.hands[p]
            assert view.choices[p] == state.choices[p]
            assert view.donations[p] == state.donations[p]


def test_a_charity_card_is_never_one_shown_in_the_second_half():
    """Our Lady of Cardia gives a played card back: it cannot be the seat's charity card."""
    seen = 0
    for state in positions(3, range(40), every=1):
        if state.half != 2 or state.charity is not None:
            continue
        for q in range(3):
            if state.returned[q]:
                seen += 1
                for s in range(3):
                    view = state.determinize((q + 1) % 3, random.Random(s))
                    assert not state.returned[q] >> view.donations[q] & 1
    assert seen > 0


# ----- tensors, events, clones, pickles ---------------------------------------------------

@pytest.mark.parametrize("n", COUNTS)
def test_observation_tensor_has_its_declared_length_and_bounds(n):
    layout = GAME.tensor_layout(n, GAME.info.resolve(n))
    low, high = layout.low(), layout.high()
    for state in positions(n, range(4), every=3):
        assert state.observation_tensor_shape() == layout.shape
        for p in range(n):
            vec = state.observation_tensor(p)
            assert len(vec) == layout.size
            bad = [(i, v) for i, v in enumerate(vec) if not low[i] <= v <= high[i]]
            assert not bad, bad


def test_tensor_sizes_are_fixed_per_set_up():
    sizes = {n: GAME.tensor_layout(n, GAME.info.resolve(n)).size for n in COUNTS}
    assert sizes[2] == sizes[3] < sizes[4] < sizes[5]


def test_score_bound_is_the_honest_maximum():
    t = GAME.tables
    # 5 points, 15 regular cards at +2, Fragas +4, Cardia, Rapidos and Barraca +2, charity +1.
    assert t.max_points == 5 + 15 * 2 + 4 + 2 + 2 + 2 + 1


@pytest.mark.parametrize("n", COUNTS)
def test_events_are_json_and_hide_face_down_cards(n):
    for seed in range(3):
        state = GAME.new_initial_state(n)
        rng = random.Random(seed)
        while not state.is_terminal():
            random_step(state, rng)
            for e in state.events():
                json.dumps(e.to_json())
                for viewer in [None, *range(n)]:
                    if not e.visible_to(viewer):
                        continue
                    text = state.describe_event(e, viewer)
                    assert text and "{" not in text
                    if e.kind == "lay" and "card" in e.data:
                        assert viewer == e.data["seat"]
        log = state.event_log(None)
        assert [e.kind for _, e in log].count("settled") == 20
        assert log[-1][1].kind == "end"


def test_events_tell_the_points_and_why():
    from tests.douro1872.script import A, B, Script

    sc = Script(3)
    sc.start(3, 1, holder=A)
    sc.regular(15, 7, 3, 2)
    texts = [sc.state.describe_event(e, None) for e in sc.state.events_for(None)]
    assert texts[0] == "The level-3 Rabelo card is turned: it orders 15 barrels."
    assert texts[1] == ("The regular Rabelo card: order 15 not reached with 12 barrels: "
                        "lowest card 2 (seat 2) gets -2.")
    sc.regular(1, 8, 8, 1)  # A holds the phylloxera and ties B for the highest card
    texts = [sc.state.describe_event(e, B) for e in sc.state.events_for(B)]
    assert "highest card 8 (seat 0 and you); seat 0 holds the phylloxera and loses the " \
        "tie: you +2" in texts[1], texts[1]
    assert texts[2] == ("The phylloxera card passes from seat 0 to you (a tie involved its "
                        "holder).")


def test_end_event_names_d_sebastiao_when_he_wins():
    for seed in range(60):
        state = GAME.new_initial_state(2)
        rng = random.Random(seed)
        while not state.is_terminal():
            random_step(state, rng)
        if state.table_winners == (2,):
            (end,) = [e for e in state.events() if e.kind == "end"]
            assert state.describe_event(end, 0).startswith(
                "The game is over: D. Sebastião wins with")
            return
    raise AssertionError("D. Sebastião never won alone")


def _shared(a: Any, b: Any, path: str, seen: set[int]) -> list[str]:
    if isinstance(a, (list, dict, set, bytearray)):
        if a is b:
            return [path]
        if id(a) in seen:
            return []
        seen.add(id(a))
        if isinstance(a, list):
            return [x for i, (u, v) in enumerate(zip(a, b, strict=True))
                    for x in _shared(u, v, f"{path}[{i}]", seen)]
        if isinstance(a, dict):
            return [x for k in a for x in _shared(a[k], b[k], f"{path}[{k!r}]", seen)]
    if isinstance(a, tuple):
        return [x for i, (u, v) in enumerate(zip(a, b, strict=True))
                for x in _shared(u, v, f"{path}[{i}]", seen)]
    return []


def test_clones_share_no_mutable_object():
    static = {"game", "tables", "_trail", "_events", "_actions", "_outcomes", "options"}
    for state in positions(4, range(2), every=7):
        copy = state.clone()
        for name, value in state.__dict__.items():
            if name not in static:
                assert not _shared(value, copy.__dict__[name], name, set())


def test_states_pickle_mid_match():
    for state in positions(3, range(1), every=41):
        again = pickle.loads(pickle.dumps(state))
        assert world(again) == world(state)
        assert again.history() == state.history()
        assert again.information_state_string(1) == state.information_state_string(1)


# ----- the stack as core piles ---------------------------------------------------------------


def test_the_stack_is_a_pile_of_backs_and_a_pile_of_levels():
    from ludoteca.core.hidden import EVERYONE
    from ludoteca.games.douro1872.steps import FOG_BACK, REGULAR_BACK

    state = GAME.new_initial_state(3)
    t = state.tables
    backs, levels = state.backs, state.levels
    # B2: the top is regular, known to everyone; B1: the bottom three, a bag of regulars.
    assert backs.top == (REGULAR_BACK,) and backs.top_seats == EVERYONE
    assert backs.bottom == ((REGULAR_BACK,) * t.bottom,)
    assert backs.counts[FOG_BACK] == t.num_fog
    assert backs.size == t.num_regular + t.num_fog and levels.counts == t.level_counts
    # The first back is regular: only levels, by the level pile's counts.
    odds = state.chance_outcomes()
    assert sorted(p for _, p in odds) == sorted(n / levels.unseen for n in levels.counts if n)
    state.apply_action(odds[0][0])
    assert state.backs.top == () and state.backs.size == backs.size - 1
    assert state.levels.unseen == levels.unseen - 1
    # The next back: fog by the back pile's odds, each level its share of the rest.
    odds = dict(state.chance_outcomes())
    p_fog = odds.pop(t.fog_back_id)
    assert p_fog == t.num_fog / state.backs.unseen
    assert abs(sum(odds.values()) - (1.0 - p_fog)) < 1e-12
    assert state.observation(0)["stack"]["cards"] == state.backs.size


def test_the_pile_check_sees_a_view_that_forgets_the_known_top_of_the_stack():
    from ludoteca.games.douro1872 import Douro1872
    from ludoteca.games.douro1872.state import DouroState
    from ludoteca.testing import ConformanceError, check_game_piles

    class ForgetsTheTop(DouroState):
        def _determinize(self, player, rng):
            view = super()._determinize(player, rng)
            view.backs = view.backs._replace(top_seats=0)
            return view

    check_game_piles(GAME, 3, "standard")
    broken = type("ForgetfulDouro", (Douro1872,), {"state_class": ForgetsTheTop})()
    with pytest.raises(ConformanceError, match="does not keep what the seat knows"):
        check_game_piles(broken, 3, "standard")
