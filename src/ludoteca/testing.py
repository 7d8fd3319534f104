"""Conformance checks that every game passes, for every variant and player count.

Use them from a game's test suite (third-party games too)::

    import pytest
    from ludoteca import load_game
    from ludoteca.testing import check_conformance, configurations

    @pytest.mark.parametrize("num_players,variant", configurations("desperados"))
    def test_conformance(num_players, variant):
        check_conformance("desperados", num_players, variant)

:func:`check_conformance` runs every check below for one set-up. Each check is its own
function, so a game's suite can run one with more playouts or a denser sample;
``tests/core/test_core_conformance.py`` shows each of them failing on a deliberately broken
toy game, so none of them passes by construction.

Sampling: the checks that cost O(history) per state (hidden information, pickling, clone
identity, tensors, action JSON) look at ``points`` states drawn at random from a playout
(``every=None``, the default), so a long game costs no more than a short one; ``every=k``
looks at every k-th state instead (``every=1``: all of them). A conformance run of one
set-up then costs a few hundred replays of a match: seconds, even for long games.

The rules and the turn flow:

* :func:`check_playouts` - random playouts end within ``max_game_length``; every decision
  node has sorted legal actions inside the action space; chance probabilities are positive
  and sum to 1; action strings are unique among the legal actions; observations are JSON.
* :func:`check_bot_playouts` - the same node checks along playouts in which every seat is
  the game's heuristic bot (``heuristic_action`` in its ``bots`` module; nothing to do for
  a game without one): purposeful play reaches positions random play seldom does.
* :func:`check_illegal_actions` - an illegal, unknown or malformed action raises
  :class:`IllegalActionError` with a message and leaves the state unchanged.
* :func:`check_returns` - at the end ``returns()`` has one entry per seat, each within
  ``GameInfo.utility_bounds``, and they add up to the variant's ``constant_sum`` if it
  declares one.
* :func:`check_simultaneous` - a group of simultaneous choices (``Step.group``) lists its
  seats in the game's order with the legal actions each has when its turn comes, whatever
  the earlier seats chose, and an earlier seat's choice changes nothing a later one sees.

Copies, records and serialization:

* :func:`check_clones` - a clone is independent of its original both ways, and clones
  taken along a playout never change while the original moves on (copy integrity).
* :func:`check_clone_identity` - a clone (and a determinized view) shares no mutable
  object (list, dict, set, bytearray, any object with attributes; at any depth, also inside
  tuples) with its original: a bug that :func:`check_clones` misses when the rules never
  write the shared object (the clone of issue #6 sharing ``winner_displays``). Tuples,
  frozen dataclasses, the options, the game object and everything it holds (its tables),
  and the core's persistent history may be shared.
* :func:`check_replay` - replaying the history reproduces every observation and the
  scores; the :class:`MatchRecord` round-trips through JSON.
* :func:`check_pickle` - the Game, mid-match states and determinized views survive a
  pickle round trip: same history, observations, legal actions, information states, and
  the copy plays on exactly like the original.
* :func:`check_action_space` - the codec numbers what ``GameInfo`` declares, each
  numbering within ``GameInfo.action_space_limit`` ids (compound choices are steps), and
  every id decodes, encodes back and survives its JSON form.
* :func:`check_json_actions` - ``action_from_json(action_to_json(a)) == a`` for every
  legal action and chance outcome (with and without the ``action`` number),
  ``legal_actions_mask`` marks exactly the legal actions, ``legal_actions_mask_into``
  writes exactly them and nothing else, and the codec numbers what ``GameInfo`` declares.

Hidden information:

* :func:`check_seat_observation` - ``seat_observation(p, observation(None))`` (a seat's
  observation built from the spectator's, as the server builds every seat's from the one
  it renders the shared table from) equals ``observation(p)``, keys in the same order, and
  leaves the spectator's unchanged.
* :func:`check_information` - ``observation(p)`` is the same on the state and on
  ``state.determinize(p, rng)`` (no leak), determinize leaves the truth unchanged, the
  acting seat keeps its legal actions, and determinizations vary the hidden information
  across seeds somewhere along the playout (no copying the truth; statistical: until
  something has varied, each state gets up to 16 draws).
* :func:`check_determinization` - a determinization depends only on what the seat knows:
  for a state T and a state T2 that seat p cannot tell from T (equal
  ``information_state_string(p)``), ``T.determinize(p, Random(s))`` and
  ``T2.determinize(p, Random(s))`` give the same world (every observation, spectator
  included, scores, returns, player to act, legal actions, chance outcomes) and the same
  view history. T2 comes from two sources: the world of a view of T replayed from its
  history, and *history surgery* - one chance outcome or one other seat's decision that p
  saw only the outside of is replaced (swapped with a later identical one if need be) and
  the rest of the history replayed. Surgery is what catches a ``_determinize`` that keeps
  part of the truth (a neighbour's hand, another seat's face-down card, everything after N
  moves): a view that keeps the truth replays to a T2 that keeps it too, so T2 from views
  alone cannot catch it. Same-seed equality rules out any dependence of the world on the
  truth beyond the seat's information; that the hidden part varies at all is
  :func:`check_information`'s statistical half. Two states with equal information states
  but different ``observation(p)`` fail here too (as in :func:`check_events`).
* :func:`check_view_history` - ``view.history()`` replays with ``apply_action`` from the
  initial state to exactly the view (every observation, scores, returns, player to act,
  legal actions, chance outcomes, move number) and shows the seat the events it saw in the
  truth (equal ``information_state_string``); also for a view played on after
  ``determinize`` and for a view of a view.
* :func:`check_events` - event data is JSON-safe and every event a seat saw can be put in
  words for it (``describe_event``); events leak nothing: two different chance outcomes
  (or two decisions of one seat) that leave a seat's observation identical show that seat
  identical events; and events are complete: states with equal
  ``information_state_string(p)`` (along playouts, and truths found by history surgery)
  have equal ``observation(p)``.
* :func:`check_tensors` - ``observation_tensor(p)`` has the layout's length at every
  sampled node, for every seat, and holds finite numbers within the layout's bounds; it is
  the same on a determinized view as on the truth (it shows nothing the observation hides).

Piles (:class:`ludoteca.core.hidden.Pile`):

* :func:`check_game_piles` - every pile a game's states hold (in a field, or a list or
  tuple of them) passes the pile checks below along a short random walk, and each seat's
  determinized view holds it with what the seat knows of it kept; nothing to do for a
  game without piles.
* :func:`check_pile_odds` - a pile's fields are consistent and its draw probabilities are
  positive, add up to 1 and are the ones its parts give; each outcome draws one card, and a
  card that cannot come next is refused.
* :func:`check_pile_determinization` - a pile's determinization for each seat keeps what
  the seat knows and the cards it cannot place, is the same for piles that differ only in
  where those cards lie, and varies a top the seat cannot see.
* :func:`check_pile_values` - a pile is a value that clones may share: ints and tuples
  only, pickled equal, left unchanged by every operation.
* :func:`check_piles` runs the three on given piles and along a random walk from each
  (:func:`pile_walk`); ``tests/core/test_core_hidden.py`` shows each failing on a broken
  pile.

Helpers for a game's own tests: :func:`playout_states` (the states of a random playout),
:func:`random_step`, and :func:`indistinguishable_states` (history surgery: states a seat
cannot tell from a given one).

A failure raises :class:`ConformanceError` saying which check, where, and what differs.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import numbers
import pickle
import random
import types
from collections.abc import Iterator
from enum import Enum
from typing import Any, NoReturn

from ludoteca.core.hidden import Pile
from ludoteca.core.match import MatchRecord, record_of, replay
from ludoteca.core.registry import game_module, load_game
from ludoteca.core.state import CHANCE, TERMINAL, Game, IllegalActionError, State, sample_chance


class ConformanceError(AssertionError):
    """A game broke the State API contract."""


def _fail(check: str, state: State, message: str) -> NoReturn:
    raise ConformanceError(
        f"{state.game.id} ({state.num_players}p, {state.variant}) {check} after "
        f"{state.move_number()} actions: {message}"
    )


def configurations(game: Game | str) -> list[tuple[int, str]]:
    """Every (player count, variant) of a game, for ``pytest.mark.parametrize``."""
    if isinstance(game, str):
        game = load_game(game)
    return game.info.configurations()


def _game(game: Game | str) -> Game:
    return load_game(game) if isinstance(game, str) else game


def _seats(state: State) -> list[int | None]:
    return [None, *range(state.num_players)]


def _world(state: State) -> dict[str, Any]:
    """Everything observable about a position (not how it was reached)."""
    return {
        "player": state.current_player(),
        "legal": state.legal_actions(),
        "chance": state.chance_outcomes(),
        "obs": [state.observation(p) for p in _seats(state)],
        "scores": state.scores(),
        "returns": state.returns(),
    }


def _snapshot(state: State) -> str:
    """Everything observable about a state, history included, for equality checks."""
    return json.dumps({"history": state.history(), **_world(state)}, sort_keys=True)


def _world_diff(a: State, b: State) -> str:
    """What differs between two positions, in words (empty if nothing)."""
    wa, wb = _world(a), _world(b)
    names = ["the spectator", *(f"seat {p}" for p in range(a.num_players))]
    out = []
    for key in ("player", "legal", "chance", "scores", "returns"):
        if wa[key] != wb[key]:
            out.append(f"{key} {wa[key]} vs {wb[key]}")
    for name, oa, ob in zip(names, wa["obs"], wb["obs"], strict=True):
        if json.dumps(oa, sort_keys=True) != json.dumps(ob, sort_keys=True):
            keys = sorted(k for k in {*oa, *ob} if oa.get(k) != ob.get(k)) \
                if isinstance(oa, dict) and isinstance(ob, dict) else []
            out.append(f"observation of {name} ({', '.join(map(str, keys)) or 'value'}: "
                       + "; ".join(f"{k} {oa.get(k)!r} vs {ob.get(k)!r}" for k in keys[:3])
                       + ")")
    return "; ".join(out)


def random_step(state: State, rng: random.Random) -> int:
    """Applies one uniformly random legal action (or a chance outcome by its probability)."""
    if state.current_player() == CHANCE:
        action = sample_chance(state.chance_outcomes(), rng)
    else:
        action = rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


def playout_states(
    game: Game | str, num_players: int, variant: str, seed: int, options: Any = None,
    every: int | None = 1, points: int = 10,
) -> Iterator[State]:
    """Yields every ``every``-th state of one random playout (the live state, not copies),
    the first decision node and the end.

    ``every=None`` yields ``points`` states drawn at random (reproducibly for the seed)
    from the whole playout, whatever its length (the playout is played once beforehand to
    measure it): every state of a short game, a sample of a long one, so that a check's
    cost does not grow with the game's length and no phase of a periodic turn order is
    always missed.
    """
    game = _game(game)
    sampled = _sampler(game, num_players, variant, seed, options, every, points)
    state = game.new_initial_state(num_players, variant, options)
    rng = random.Random(seed)
    step = 0
    first_decision = True
    while True:
        deciding = state.current_player() >= 0
        # The first decision node is always visited, so short games are checked at one.
        if sampled(step) or state.is_terminal() or (deciding and first_decision):
            first_decision = first_decision and not deciding
            yield state
        if state.is_terminal():
            return
        if step >= game.info.max_game_length:
            _fail("playout", state, f"longer than max_game_length={game.info.max_game_length}")
        random_step(state, rng)
        step += 1


def _sampler(game: Game, num_players: int, variant: str, seed: int, options: Any,
             every: int | None, points: int) -> Any:
    """Which steps of the playout of ``seed`` to look at: every ``every``-th, or (None)
    ``points`` of them drawn at random."""
    if every is not None:
        return lambda step: step % every == 0
    length = _final_state(game, num_players, variant, seed, options).move_number()
    chosen = set(random.Random(f"{seed}:sample").sample(range(length + 1),
                                                        min(points, length + 1)))
    return chosen.__contains__


def _final_state(game: Game, num_players: int, variant: str, seed: int, options: Any
                 ) -> State:
    """The end of one random playout."""
    *_, state = playout_states(game, num_players, variant, seed, options, every=10**9)
    return state


def _fresh(state: State) -> State:
    return state.game.new_initial_state(state.num_players, state.variant, state.options)


def _determinized(check: str, state: State, player: int, rng: random.Random,
                  seed: Any = "a drawn seed") -> State:
    """``state.determinize(player, rng)``, any exception it raises a ConformanceError."""
    try:
        return state.determinize(player, rng)
    except Exception as err:
        _fail(check, state, f"determinize({player}, Random({seed})) raised "
              f"{type(err).__name__}: {err}")


def _replay_actions(start: State, actions: list[int]) -> State | None:
    """``start`` with ``actions`` applied (checked), or None if one of them is illegal."""
    try:
        for action in actions:
            start.apply_action(action)
    except IllegalActionError:
        return None
    return start


# ----- the rules and the turn flow ----------------------------------------------------


def check_node(state: State) -> None:
    """The per-node invariants of the API."""
    info = state.game.info
    player = state.current_player()
    if player == TERMINAL:
        if state.legal_actions():
            _fail("terminal", state, "a finished game still has legal actions")
        if len(state.returns()) != state.num_players:
            _fail("terminal", state, "returns() must have one entry per seat")
        return
    legal = state.legal_actions()
    if not legal:
        _fail("node", state, f"player {player} has no legal action")
    if legal != sorted(set(legal)):
        _fail("node", state, "legal_actions() must be sorted and without repeats")
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if any(p <= 0 for _, p in outcomes):
            _fail("chance", state, "every chance outcome needs a positive probability")
        if abs(sum(p for _, p in outcomes) - 1.0) > 1e-9:
            _fail("chance", state, f"chance probabilities sum to {sum(p for _, p in outcomes)}")
        if len(outcomes) > info.max_chance_outcomes:
            _fail("chance", state, f"{len(outcomes)} outcomes > max_chance_outcomes")
        if any(not 0 <= a < info.max_chance_outcomes for a, _ in outcomes):
            _fail("chance", state, "chance outcome outside range(max_chance_outcomes)")
        return
    if not 0 <= player < state.num_players:
        _fail("node", state, f"current_player() returned {player}")
    if any(not 0 <= a < info.num_distinct_actions for a in legal):
        _fail("node", state, "legal action outside range(num_distinct_actions)")
    labels = [state.action_to_string(a) for a in legal]
    if len(set(labels)) != len(labels):
        dupes = sorted({x for x in labels if labels.count(x) > 1})
        _fail("labels", state, f"action strings are not unique: {dupes}")
    for a in legal[:3]:
        json.dumps(state.action_to_json(a))


def check_playouts(game: Game | str, num_players: int, variant: str, *, playouts: int = 20,
                   seed: int = 0, options: Any = None) -> None:
    game = _game(game)
    for i in range(playouts):
        state = None
        for state in playout_states(game, num_players, variant, seed + i, options):
            check_node(state)
            if state.history() and len(state.history()) % 7 == 0:
                for p in [None, *range(num_players)]:
                    json.dumps(state.observation(p))
        assert state is not None and state.is_terminal()
        if len(state.scores()) != num_players:
            _fail("scores", state, "scores() must have one entry per seat")


def check_bot_playouts(game: Game | str, num_players: int, variant: str, *, playouts: int = 3,
                       seed: int = 0, options: Any = None, bot: Any = None) -> None:
    """:func:`check_node` at every node of ``playouts`` matches in which every seat plays
    ``bot`` (default: the game's heuristic, ``heuristic_action(view, player, rng)``, given
    the seat's determinized view as in a match); nothing to do for a game without one.
    The matches must end within ``max_game_length``."""
    game = _game(game)
    if bot is None:
        module = game_module(game, "bots")
        bot = getattr(module, "heuristic_action", None) if module is not None else None
        if bot is None:
            return
    limit = game.info.max_game_length
    for i in range(playouts):
        rng = random.Random(seed + i)
        state = game.new_initial_state(num_players, variant, options)
        steps = 0
        while True:
            check_node(state)
            if state.is_terminal():
                break
            if steps >= limit:
                _fail("bot playout", state, f"a match of bots is not over after {limit} actions "
                                         "(max_game_length)")
            player = state.current_player()
            if player == CHANCE:
                action = sample_chance(state.chance_outcomes(), rng)
            else:
                action = bot(state.determinize(player, rng), player, rng)
            state.apply_action(action)
            steps += 1


def _illegal_candidates(state: State) -> list[Any]:
    info = state.game.info
    legal = set(state.legal_actions())
    limit = max(info.num_distinct_actions, info.max_chance_outcomes)
    illegal = [a for a in range(limit) if a not in legal][:5]
    return [*illegal, -1, limit, limit + 1000, "draw", 1.5, None, True]


def check_illegal_actions(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                          options: Any = None, every: int = 11) -> None:
    for state in playout_states(game, num_players, variant, seed, options, every=every):
        before = _snapshot(state)
        for action in _illegal_candidates(state):
            try:
                state.apply_action(action)
            except IllegalActionError as err:
                if not str(err):
                    _fail("illegal", state, f"IllegalActionError for {action!r} has no message")
            except Exception as err:
                _fail("illegal", state, f"{action!r} raised {type(err).__name__}: {err}")
            else:
                _fail("illegal", state, f"illegal action {action!r} was accepted")
            if _snapshot(state) != before:
                _fail("illegal", state, f"rejecting {action!r} changed the state")


def check_returns(game: Game | str, num_players: int, variant: str, *, playouts: int = 10,
                  seed: int = 0, options: Any = None) -> None:
    """Returns at the end are within ``utility_bounds`` and add up to ``constant_sum``."""
    game = _game(game)
    low, high = game.info.utility_bounds
    constant = game.info.variant(variant).constant_sum
    for i in range(playouts):
        state = _final_state(game, num_players, variant, seed + i, options)
        returns = state.returns()
        if len(returns) != num_players:
            _fail("returns", state, f"returns() has {len(returns)} entries for {num_players} seats")
        for p, r in enumerate(returns):
            if not isinstance(r, numbers.Real) or not low <= r <= high:
                _fail("returns", state, f"seat {p}'s return {r!r} is outside utility_bounds "
                      f"{game.info.utility_bounds} (returns {returns})")
        if constant is not None and abs(sum(returns) - constant) > 1e-9:
            _fail("returns", state, f"returns {returns} add up to {sum(returns)}, but variant "
                  f"{variant!r} declares constant_sum={constant}")


# ----- copies, records, serialization -------------------------------------------------


def check_clones(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                 options: Any = None, every: int = 5) -> None:
    rng = random.Random(seed + 1)
    kept: list[tuple[State, str]] = []
    for state in playout_states(game, num_players, variant, seed, options, every=every):
        before = _snapshot(state)
        copy = state.clone()
        if _snapshot(copy) != before:
            _fail("clone", state, "a clone differs from its original")
        if not copy.is_terminal():
            for _ in range(5):
                if copy.is_terminal():
                    break
                random_step(copy, rng)
            if _snapshot(state) != before:
                _fail("clone", state, "moving a clone changed its original")
        fresh = state.clone()
        kept.append((fresh, _snapshot(fresh)))
    for clone, snap in kept:
        if _snapshot(clone) != snap:
            _fail("copy integrity", clone, "a clone changed when its original moved on")


_ATOMS = (numbers.Number, str, bytes, type(None), range, type, Enum,
          types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType)
# Fields of the core's State that clones share by design: the game (and through it every
# table), the options, and the persistent history (a chain of tuples of frozen events that
# every clone extends without changing).
_SHARED_FIELDS = ("game", "options", "_trail", "_events")
"""Shared by design: the game and its tables, the options, and the history of actions and
events (a persistent record that nothing changes once an action is applied)."""


def _is_frozen_dataclass(obj: Any) -> bool:
    return (dataclasses.is_dataclass(obj) and not isinstance(obj, type)
            and obj.__dataclass_params__.frozen)  # type: ignore[union-attr]


def _children(obj: Any, path: str) -> Iterator[tuple[Any, str]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k, f"{path}[{k!r}] (key)"
            yield v, f"{path}[{k!r}]"
    elif isinstance(obj, list | tuple):
        for i, v in enumerate(obj):
            yield v, f"{path}[{i}]"
    elif isinstance(obj, set | frozenset):
        for v in obj:
            yield v, f"{path}{{{v!r}}}"
    elif not isinstance(obj, bytearray):
        for name, v in getattr(obj, "__dict__", {}).items():
            yield v, f"{path}.{name}"
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if name != "__dict__" and hasattr(obj, name):
                    yield getattr(obj, name), f"{path}.{name}"


def _reachable(root: Any, path: str, skip: set[int], *, everything: bool
               ) -> dict[int, tuple[Any, str]]:
    """Objects reachable from ``root`` (not through ids in ``skip``): every one when
    ``everything``, else only the mutable ones. Maps id -> (object, first path)."""
    found: dict[int, tuple[Any, str]] = {}
    seen: set[int] = set()
    stack = [(root, path)]
    while stack:
        obj, where = stack.pop()
        if isinstance(obj, _ATOMS) or id(obj) in seen or id(obj) in skip:
            continue
        seen.add(id(obj))
        frozen = isinstance(obj, tuple | frozenset) or _is_frozen_dataclass(obj)
        if everything or not frozen:
            found[id(obj)] = (obj, where)
        if frozen and not everything and not isinstance(obj, tuple | frozenset):
            continue  # a frozen dataclass may be shared whole
        stack.extend(_children(obj, where))
    return found


def _allowed_shared(state: State) -> set[int]:
    """Ids of the objects a clone may share: the game with its tables, the options."""
    allowed: set[int] = set()
    for name in ("game", "options"):
        allowed |= set(_reachable(state.__dict__.get(name), name, set(), everything=True))
    return allowed


def _shared_mutables(a: State, b: State, allowed: set[int]) -> list[str]:
    """Paths (in ``a``) of mutable objects that ``a`` and ``b`` both hold."""
    held: list[dict[int, tuple[Any, str]]] = []
    for state in (a, b):
        out: dict[int, tuple[Any, str]] = {}
        for name, value in state.__dict__.items():
            if name not in _SHARED_FIELDS:
                out.update(_reachable(value, name, allowed, everything=False))
        held.append(out)
    return sorted(f"{held[0][key][1]} (a {type(held[0][key][0]).__name__})"
                  for key in held[0].keys() & held[1].keys())


def check_clone_identity(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                         options: Any = None, every: int | None = None, points: int = 10) -> None:
    """A clone, and a determinized view, share no mutable object with the original."""
    rng = random.Random(seed + 7)
    allowed: set[int] | None = None
    for state in playout_states(game, num_players, variant, seed, options, every=every,
                                points=points):
        if allowed is None:
            allowed = _allowed_shared(state)
        shared = _shared_mutables(state, state.clone(), allowed)
        if shared:
            _fail("clone identity", state, "a clone shares mutable objects with its original "
                  f"(changing one changes the other): {', '.join(shared)}")
        if not state.is_terminal():
            p = rng.randrange(num_players)
            shared = _shared_mutables(state, _determinized("clone identity", state, p, rng),
                                      allowed)
            if shared:
                _fail("clone identity", state, f"determinize({p}) shares mutable objects with "
                      f"the true state (an agent could change the match): {', '.join(shared)}")


def check_replay(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                 options: Any = None) -> None:
    game = _game(game)
    snaps: list[str] = []
    state = None
    for state in playout_states(game, num_players, variant, seed, options):
        snaps.append(_snapshot(state))
    assert state is not None
    record = record_of(state, seed=seed, agents=["random"] * num_players)
    again = MatchRecord.from_json(record.to_json())
    if again != record:
        _fail("record", state, "MatchRecord does not round-trip through JSON")
    fresh = again.initial_state()
    if _snapshot(fresh) != snaps[0]:
        _fail("replay", fresh, "the initial state differs")
    for i, action in enumerate(again.actions):
        fresh.apply_action(action)
        if _snapshot(fresh) != snaps[i + 1]:
            _fail("replay", fresh, "replaying the history gives a different state")
    replayed = replay(again)
    if replayed.scores() != state.scores() or replayed.returns() != state.returns():
        _fail("replay", replayed, "replay gives other scores or returns")


def _full(state: State) -> str:
    """A snapshot plus every seat's information state."""
    infos = [state.information_state_string(p) for p in range(state.num_players)]
    return _snapshot(state) + "\n" + json.dumps(infos)


def check_pickle(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                 options: Any = None, every: int | None = None, points: int = 6) -> None:
    """The Game, mid-match states and views survive pickling and play on identically."""
    game = _game(game)
    try:
        copy = pickle.loads(pickle.dumps(game))
    except Exception as err:
        raise ConformanceError(f"{game.id}: the Game does not pickle: "
                               f"{type(err).__name__}: {err}") from None
    if type(copy) is not type(game) or copy.info != game.info \
            or copy.codec != game.codec:
        raise ConformanceError(f"{game.id}: an unpickled Game has other info or actions")
    rng = random.Random(seed + 3)
    for state in playout_states(game, num_players, variant, seed, options, every=every,
                                points=points):
        subjects = [("state", state)]
        if not state.is_terminal():
            subjects.append(("view", _determinized("pickle", state, rng.randrange(num_players),
                                                    rng)))
        for what, subject in subjects:
            before = _full(subject)
            try:
                again = pickle.loads(pickle.dumps(subject))
            except Exception as err:
                _fail("pickle", state, f"a {what} does not pickle: {type(err).__name__}: {err}")
            if _full(again) != before:
                _fail("pickle", state, f"an unpickled {what} differs from the original: "
                      + (_world_diff(subject, again) or "history or information states"))
            if _full(subject) != before:
                _fail("pickle", state, f"pickling a {what} changed it")
            if not subject.is_terminal():
                one, two = subject.clone(), again
                action = random_step(one, random.Random(seed))
                two.apply_action(action)
                if _full(one) != _full(two):
                    _fail("pickle", state, f"an unpickled {what} plays on differently")


def _check_declared_sizes(game: Game) -> None:
    info, codec = game.info, game.codec
    if info.num_distinct_actions != codec.num_actions:
        raise ConformanceError(f"{game.id}: GameInfo.num_distinct_actions="
                               f"{info.num_distinct_actions}, the codec has {codec.num_actions}")
    if info.max_chance_outcomes != codec.num_outcomes:
        raise ConformanceError(f"{game.id}: GameInfo.max_chance_outcomes="
                               f"{info.max_chance_outcomes}, the codec has {codec.num_outcomes}")


def check_action_space(game: Game | str, num_players: int | None = None,
                       variant: str | None = None, *, seed: int = 0,
                       options: Any = None) -> None:
    """The action space stays within the bound the game declares, and every id of it
    decodes and encodes back, also through its JSON form.

    Both numberings (decisions, chance outcomes) have at most
    ``GameInfo.action_space_limit`` ids and exactly the sizes ``GameInfo`` declares; for
    every id ``i``, ``encode(decode(i)) == i`` (a dataclass that rewrites its fields breaks
    it) and ``from_json(json.loads(json.dumps(to_json(i)))) == i`` (a domain of values JSON
    cannot carry breaks it). It costs the action space once (at most the limit), so it
    looks at every id; the set-up arguments are accepted for symmetry with the other
    checks, the codec being the same for every set-up.
    """
    game = _game(game)
    _check_declared_sizes(game)
    info, codec = game.info, game.codec
    limit = info.action_space_limit
    numberings = (
        ("actions", "action", codec.num_actions, codec.decode, codec.encode,
         codec.action_to_json, codec.action_from_json),
        ("chance outcomes", "chance outcome", codec.num_outcomes, codec.decode_outcome,
         codec.encode_outcome, codec.outcome_to_json, codec.outcome_from_json),
    )
    for plural, what, size, decode, encode, to_json, from_json in numberings:
        if size > limit:
            raise ConformanceError(
                f"{game.id}: the codec numbers {size} {plural}, more than "
                f"GameInfo.action_space_limit={limit}: make a compound choice steps (choose "
                "a piece, then where it goes), or declare a larger limit if it must be one "
                "choice (docs/adding-a-game.md)")
        for i in range(size):
            item = decode(i)
            try:
                back = encode(item)
            except KeyError:
                back = None
            if back != i:
                raise ConformanceError(
                    f"{game.id}: {what} {i} decodes to {item!r}, which "
                    + ("the codec cannot encode" if back is None else f"encodes to {back}")
                    + ": its dataclass does not keep the values the codec gives it")
            data = to_json(i)
            try:
                text = json.dumps(data)
            except (TypeError, ValueError) as err:
                raise ConformanceError(
                    f"{game.id}: the JSON form of {what} {i} ({item!r}) is not JSON: {err}"
                    ) from None
            try:
                again = from_json(json.loads(text))
            except IllegalActionError as err:
                raise ConformanceError(
                    f"{game.id}: the JSON form of {what} {i} does not read back ({text}): "
                    f"{err}") from None
            if again != i:
                raise ConformanceError(
                    f"{game.id}: the JSON form of {what} {i} reads back as {again} ({text})")


def check_json_actions(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                       options: Any = None, every: int | None = None, points: int = 10,
                       limit: int = 60) -> None:
    """Every legal action and chance outcome survives its JSON form; masks are right:
    ``legal_actions_mask()`` marks exactly the legal actions, and
    ``legal_actions_mask_into(out)`` writes exactly the legal ids into ``out`` (nothing
    else, so that a mask costs the legal actions, not the action space)."""
    game = _game(game)
    _check_declared_sizes(game)
    info = game.info
    untouched = 7  # what the buffer holds where legal_actions_mask_into must not write
    buffer = bytearray([untouched]) * info.num_distinct_actions
    for state in playout_states(game, num_players, variant, seed, options, every=every,
                                points=points):
        legal = state.legal_actions()
        mask = state.legal_actions_mask()
        if len(mask) != info.num_distinct_actions:
            _fail("mask", state, f"legal_actions_mask() has {len(mask)} entries, not "
                  f"num_distinct_actions={info.num_distinct_actions}")
        deciding = state.current_player() >= 0
        marked = set(legal) if deciding else set()
        want = [1 if a in marked else 0 for a in range(len(mask))]
        if mask != want:
            wrong = [a for a in range(len(mask)) if mask[a] != want[a]][:5]
            _fail("mask", state, f"legal_actions_mask() is wrong at {wrong} (legal: {legal}"
                  + ("" if deciding else "; chance and terminal nodes mark no action") + ")")
        written = state.legal_actions_mask_into(buffer)
        expected = tuple(sorted(marked))
        if tuple(written) != expected or buffer.count(untouched) != len(buffer) - len(marked) \
                or any(buffer[a] != 1 for a in marked):
            changed = [a for a in range(len(buffer))
                       if buffer[a] != (1 if a in marked else untouched)][:5]
            _fail("mask", state, f"legal_actions_mask_into() returned {list(written)[:8]} and "
                  f"wrote wrongly at {changed} (legal: {legal}"
                  + ("" if deciding else "; chance and terminal nodes mark no action")
                  + "): it must write 1 at each legal id and nothing anywhere else")
        for a in marked:
            buffer[a] = untouched
        for a in legal[:limit]:
            data = state.action_to_json(a)
            try:
                text = json.dumps(data)
            except (TypeError, ValueError) as err:
                _fail("action json", state, f"action_to_json({a}) is not JSON: {err}")
            data = json.loads(text)
            fields = {k: v for k, v in data.items() if k not in ("action", "label", "chance")}
            for form, what in ((data, "action_to_json"), (fields, "its fields")):
                try:
                    back = state.action_from_json(form)
                except IllegalActionError as err:
                    _fail("action json", state, f"action_from_json({what} of {a}) refuses "
                          f"{form}: {err}")
                if back != a:
                    _fail("action json", state, f"action_from_json({what} of {a}) gives {back} "
                          f"({form})")


# ----- hidden information ---------------------------------------------------------------


def check_information(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                      options: Any = None, every: int = 3, samples: int = 4) -> None:
    game = _game(game)
    varied = False
    for state in playout_states(game, num_players, variant, seed, options, every=every):
        if state.is_terminal():
            continue
        acting = state.current_player()
        for p in range(num_players):
            truth = json.dumps(state.observation(p), sort_keys=True)
            hidden: set[str] = set()
            # Until something has varied, up to 4 * samples draws (a hidden card with few
            # possible values can come out the same in a handful of draws); a game that
            # hides nothing cannot vary, and more draws would only repeat the same checks.
            draws = samples if varied or not game.info.hidden_information else 4 * samples
            for s in range(draws):
                if s >= samples and len(hidden) > 1:
                    break
                before = _snapshot(state)
                det = _determinized("determinize", state, p,
                                    random.Random(f"{seed}:{state.move_number()}:{p}:{s}"), s)
                if _snapshot(state) != before:
                    _fail("determinize", state, "determinize changed the true state")
                if json.dumps(det.observation(p), sort_keys=True) != truth:
                    _fail("leak", state, f"observation({p}) differs on a determinization: the "
                          "observation shows something the seat cannot know, or determinize "
                          "changed something the seat can see")
                if p == acting and det.legal_actions() != state.legal_actions():
                    _fail("determinize", state, f"seat {p} has other legal actions in its view")
                hidden.add(json.dumps([det.observation(q) for q in range(num_players)],
                                      sort_keys=True))
            varied = varied or len(hidden) > 1
    if game.info.hidden_information and not varied:
        raise ConformanceError(
            f"{game.id} ({num_players}p, {variant}): determinize never varied any hidden "
            "information along a playout (is it copying the truth?)"
        )


def _event_keys(events: list[Any]) -> list[str]:
    return [e.key() for e in events]


def _prefixes(state: State) -> list[State]:
    """The states along ``state``'s history, replayed from the initial state."""
    out = [_fresh(state)]
    for action in state.history():
        nxt = out[-1].clone()
        nxt.apply_action(action)
        out.append(nxt)
    return out


def _history_diff(a: list[int], b: list[int]) -> str:
    """Where two histories differ, briefly."""
    if len(a) != len(b):
        return f"{len(a)} and {len(b)} actions long"
    spots = [f"action {i}: {x} vs {y}" for i, (x, y) in enumerate(zip(a, b, strict=True))
             if x != y]
    return ", ".join(spots[:4]) + (", ..." if len(spots) > 4 else "")


def indistinguishable_states(state: State, player: int, rng: random.Random, *,
                             tries: int = 6, alternatives: int = 6, want: int = 2,
                             prefixes: list[State] | None = None) -> list[State]:
    """Up to ``want`` states that ``player`` cannot tell from ``state`` (equal
    ``information_state_string(player)``) but that differ from it somewhere, found by
    history surgery.

    At a random earlier node where someone else acted (chance or another seat) and the
    player saw only part of what happened, the action is replaced by another one that shows
    the player the same events; if the replaced action occurs again later at the same
    actor's node, the two are swapped (two cards dealt in the other order). The rest of the
    history is replayed with ``apply_action``; the result counts if every action is legal
    and the player's information state is unchanged. Nodes with an event hidden from the
    player are tried first. Cost: O(len(history)) per try, plus replaying the history once
    (pass ``prefixes``, from :func:`_prefixes`, to share that between seats).
    """
    history = state.history()
    target = state.information_state_string(player)
    if prefixes is None:
        prefixes = _prefixes(state)
    actors = [s.current_player() for s in prefixes[:-1]]
    hidden, plain = [], []
    for i, actor in enumerate(actors):
        if actor != player:
            events = prefixes[i + 1].events()
            (hidden if any(not e.visible_to(player) for e in events) else plain).append(i)
    rng.shuffle(hidden)
    rng.shuffle(plain)
    found: list[State] = []
    truth = _snapshot(state)
    for i in (hidden + plain)[:tries]:
        seen = _event_keys(prefixes[i + 1].events_for(player))
        options = [a for a in prefixes[i].legal_actions() if a != history[i]]
        rng.shuffle(options)
        for alt in options[:alternatives]:
            trial = prefixes[i].clone()
            trial.apply_action(alt)
            if _event_keys(trial.events_for(player)) != seen:
                continue
            rest = history[i + 1:]
            for j, action in enumerate(rest):
                if action == alt and actors[i + 1 + j] == actors[i]:
                    rest = [*rest[:j], history[i], *rest[j + 1:]]
                    break
            other = _replay_actions(trial, rest)
            if other is None or other.information_state_string(player) != target:
                continue
            if _snapshot(other) == truth:
                continue
            found.append(other)
            break
        if len(found) >= want:
            break
    return found


def check_determinization(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                          options: Any = None, every: int | None = None, points: int = 8,
                          seeds: int = 2, tries: int = 6) -> None:
    """Truths a seat cannot tell apart give it the same world for the same rng."""
    game = _game(game)
    rng = random.Random(seed + 11)
    for state in playout_states(game, num_players, variant, seed, options, every=every,
                                points=points):
        if state.is_terminal():
            continue
        prefixes = _prefixes(state)
        for p in range(num_players):
            info = state.information_state_string(p)
            view = _determinized("determinization", state, p, random.Random(rng.random()))
            try:
                from_view = _replay_actions(_fresh(state), view.history())
            except Exception as err:
                _fail("determinization", state, f"the history of a view of seat {p} cannot be "
                      f"built: {type(err).__name__}: {err} (see check_view_history)")
            if from_view is None or from_view.information_state_string(p) != info:
                _fail("determinization", state, f"the history of a view of seat {p} does not "
                      "replay to a state the seat cannot tell from the truth "
                      "(see check_view_history)")
            others = [from_view, *indistinguishable_states(state, p, rng, tries=tries,
                                                           prefixes=prefixes)]
            observed = json.dumps(state.observation(p), sort_keys=True)
            ours = [_determinized("determinization", state, p, random.Random(s), s)
                    for s in range(seeds)]
            for k, other in enumerate(others):
                if json.dumps(other.observation(p), sort_keys=True) != observed:
                    _fail("events", state, f"two states with equal information_state_string"
                          f"({p}) show seat {p} different observations (histories differ at "
                          f"{_history_diff(state.history(), other.history())}): the events do "
                          "not tell the seat everything its observation shows")
                for s, one in enumerate(ours):
                    two = _determinized("determinization", other, p, random.Random(s), s)
                    diff = _world_diff(one, two)
                    if diff:
                        _fail("determinization", state, f"seat {p} cannot tell this state from "
                              "another (their histories differ at "
                              f"{_history_diff(state.history(), other.history())}), yet "
                              f"determinize({p}, Random({s})) gives different worlds: {diff}. "
                              "_determinize must read only what the seat knows, in a "
                              "canonical order")
                    # Views' histories are built on request, O(history): two comparisons.
                    if s == 0 and k < 2 and one.history() != two.history():
                        _fail("determinization", state, f"views of seat {p} drawn from two "
                              "truths it cannot tell apart are the same world but have "
                              "different histories (at "
                              f"{_history_diff(one.history(), two.history())}): "
                              "_view_history reads something the seat did not see")


def _check_view_replays(view: State, seat: int, info: str, truth: State, what: str) -> None:
    try:
        history = view.history()
    except Exception as err:
        _fail("view history", truth, f"history() of {what} raised {type(err).__name__}: {err}")
    again = _fresh(view)
    for i, action in enumerate(history):
        try:
            again.apply_action(action)
        except IllegalActionError as err:
            _fail("view history", truth, f"history() of {what} does not replay: action {i} "
                  f"({action}) is illegal: {err}")
    diff = _world_diff(view, again)
    if diff:
        _fail("view history", truth, f"history() of {what} replays to another world: {diff}")
    if again.move_number() != view.move_number():
        _fail("view history", truth, f"{what}: move_number() is {view.move_number()} but its "
              f"history has {again.move_number()} actions")
    if again.information_state_string(seat) != info:
        _fail("view history", truth, f"history() of {what} shows seat {seat} other events "
              "than the seat saw (information_state_string differs)")
    if view.information_state_string(seat) != info:
        _fail("view history", truth, f"{what}: information_state_string({seat}) differs")


def check_view_history(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                       options: Any = None, every: int | None = None, points: int = 8,
                       moves: int = 2) -> None:
    """Views' histories replay to the very view and agree with the seat's information."""
    rng = random.Random(seed + 5)
    for state in playout_states(game, num_players, variant, seed, options, every=every,
                                points=points):
        if state.is_terminal():
            continue
        for p in range(num_players):
            info = state.information_state_string(p)
            view = _determinized("view history", state, p, random.Random(rng.random()))
            _check_view_replays(view, p, info, state, f"a view of seat {p}")
            played = _determinized("view history", state, p, random.Random(rng.random()))
            for _ in range(moves):
                if played.is_terminal():
                    break
                random_step(played, rng)
            _check_view_replays(played, p, played.information_state_string(p), state,
                                f"a view of seat {p} played on for {moves} moves")
            if not played.information_state_string(p).startswith(info):
                _fail("view history", state, f"a view of seat {p} played on forgot what the "
                      "seat saw before")
            q = rng.randrange(num_players)
            inner = _determinized("view history", view, q, random.Random(rng.random()))
            _check_view_replays(inner, q, view.information_state_string(q), state,
                                f"a view of seat {q} drawn from a view of seat {p}")


def _json_problem(value: Any, where: str) -> str | None:
    """Why ``value`` is not plain JSON data (None if it is)."""
    if value is None or isinstance(value, bool | str):
        return None
    if isinstance(value, int):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{where} is {value!r}"
    if isinstance(value, list):
        for i, v in enumerate(value):
            problem = _json_problem(v, f"{where}[{i}]")
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                return f"{where} has the key {k!r} (keys are strings)"
            problem = _json_problem(v, f"{where}[{k!r}]")
            if problem:
                return problem
        return None
    return f"{where} is a {type(value).__name__} ({value!r}); use ints, strs, lists, dicts"


def _check_event_forms(state: State) -> None:
    n = state.num_players
    for e in state.events():
        if not isinstance(e.kind, str) or not e.kind:
            _fail("events", state, f"an event's kind must be a word, not {e.kind!r}")
        problem = _json_problem(dict(e.data), f"the data of event {e.kind!r}")
        if problem:
            _fail("events", state, f"event data must be JSON-safe: {problem}")
        if "kind" in e.data:
            _fail("events", state, f"event {e.kind!r} has a data field named 'kind', which "
                  "Event.to_json() writes over the event's own kind")
        seats = [*(e.to or ()), *e.hidden_from]
        if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n for s in seats):
            _fail("events", state, f"event {e.kind!r} names seats {seats} as its audience")
    for viewer in _seats(state):
        for e in state.events_for(viewer):
            try:
                text = state.describe_event(e, viewer)
            except Exception as err:
                _fail("events", state, f"describe_event({e.key()}, {viewer}) raised "
                      f"{type(err).__name__}: {err}")
            if not isinstance(text, str) or not text.strip():
                _fail("events", state, f"describe_event({e.key()}, {viewer}) gave {text!r}")


def _check_no_leak(state: State, rng: random.Random, pairs: int) -> None:
    """Two different actions that leave a seat's observation equal show it equal events.

    A pair proves something only while some observation still tells the two actions apart:
    when every seat's and the spectator's observation is the same after both (a round ends
    and the table is cleared), the observations no longer say what was known, and public
    events describing the last move are no leak. A hidden choice or a private deal always
    stays visible to its owner, so a leak of one is still caught.
    """
    actor = state.current_player()
    legal = state.legal_actions()
    if len(legal) < 2:
        return
    viewers = [v for v in _seats(state) if actor == CHANCE or v != actor]
    everyone = _seats(state)
    for _ in range(pairs):
        a, b = rng.sample(legal, 2)
        one, two = state.clone(), state.clone()
        one.apply_action(a)
        two.apply_action(b)
        _check_event_forms(one)
        _check_event_forms(two)
        if all(json.dumps(one.observation(v), sort_keys=True)
               == json.dumps(two.observation(v), sort_keys=True) for v in everyone):
            continue
        for v in viewers:
            if json.dumps(one.observation(v), sort_keys=True) != \
                    json.dumps(two.observation(v), sort_keys=True):
                continue
            ka, kb = _event_keys(one.events_for(v)), _event_keys(two.events_for(v))
            if ka != kb:
                who = "the spectator" if v is None else f"seat {v}"
                what = "chance outcomes" if actor == CHANCE else f"decisions of seat {actor}"
                _fail("event leak", state, f"{what} {a} and {b} leave the observation of {who} "
                      f"the same, but its events differ ({ka} vs {kb}): an event tells {who} "
                      "something its observation hides")


def check_events(game: Game | str, num_players: int, variant: str, *, playouts: int = 6,
                 seed: int = 0, options: Any = None, every: int | None = None,
                 points: int = 8, pairs: int = 2, tries: int = 4) -> None:
    """Events are JSON, can be described, leak nothing, and tell each seat everything.

    The form of events is checked at every node of ``playouts`` playouts; information
    states, leaks (``pairs`` pairs of actions) and history surgery (first playout, ``tries``
    tries) at sampled nodes.
    """
    game = _game(game)
    rng = random.Random(seed + 13)
    known: dict[tuple[int, str], tuple[str, list[int]]] = {}
    for i in range(playouts):
        sampled = _sampler(game, num_players, variant, seed + i, options, every, points)
        for step, state in enumerate(playout_states(game, num_players, variant, seed + i,
                                                    options)):
            _check_event_forms(state)
            if not sampled(step) and not state.is_terminal():
                continue
            for p in range(num_players):
                key = (p, state.information_state_string(p))
                obs = json.dumps(state.observation(p), sort_keys=True)
                seen = known.setdefault(key, (obs, state.history()))
                if seen[0] != obs:
                    _fail("events", state, "two histories (differing at "
                          f"{_history_diff(seen[1], state.history())}) show seat {p} the same "
                          "events but different observations: the events do not tell the seat "
                          "everything its observation shows")
            if state.is_terminal():
                continue
            _check_no_leak(state, rng, pairs)
            if i == 0:
                prefixes = _prefixes(state)
                for p in range(num_players):
                    obs = json.dumps(state.observation(p), sort_keys=True)
                    for other in indistinguishable_states(state, p, rng, tries=tries, want=1,
                                                          prefixes=prefixes):
                        if json.dumps(other.observation(p), sort_keys=True) != obs:
                            _fail("events", state, "two histories (differing at "
                                  f"{_history_diff(state.history(), other.history())}) show "
                                  f"seat {p} the same events but different observations: the "
                                  "events do not tell the seat everything its observation "
                                  "shows")


def check_tensors(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                  options: Any = None, every: int | None = None, points: int = 10,
                  playouts: int = 2) -> None:
    """Observation tensors have the declared length and bounds, and leak nothing."""
    game = _game(game)
    layout = game.tensor_layout(num_players, variant)
    low, high = layout.low(), layout.high()
    names = [s.name for s in layout.segments for _ in range(s.size)]
    starts = {s.name: layout.offsets[s.name] for s in layout.segments}
    rng = random.Random(seed + 17)
    for i in range(playouts):
        for state in playout_states(game, num_players, variant, seed + i, options, every=every,
                                    points=points):
            shape = tuple(state.observation_tensor_shape())
            if shape != (layout.size,):
                _fail("tensor", state, f"observation_tensor_shape() is {shape}, the layout "
                      f"declares ({layout.size},)")
            for p in range(num_players):
                vec = list(state.observation_tensor(p))
                if len(vec) != layout.size:
                    _fail("tensor", state, f"observation_tensor({p}) has {len(vec)} values, "
                          f"the layout declares {layout.size}")
                for k, v in enumerate(vec):
                    where = f"observation_tensor({p})[{k}] ({names[k]}[{k - starts[names[k]]}])"
                    if isinstance(v, bool) or not isinstance(v, numbers.Real) \
                            or not math.isfinite(v):
                        _fail("tensor", state, f"{where} is {v!r}, not a finite number")
                    if not low[k] <= v <= high[k]:
                        _fail("tensor", state, f"{where} is {v}, outside the declared bounds "
                              f"[{low[k]}, {high[k]}]")
                if state.is_terminal():
                    continue
                seen = list(_determinized("tensor", state, p, rng).observation_tensor(p))
                if seen != vec:
                    diff = sorted({names[k] for k, (x, y) in enumerate(zip(seen, vec,
                                                                           strict=True))
                                   if x != y})
                    _fail("tensor", state, f"observation_tensor({p}) differs on the seat's "
                          f"own determinized view (segments {', '.join(diff)}): the tensor "
                          "shows something observation() hides")


def _group_top(state: State, group: str) -> bool:
    steps = state.pending()
    return bool(steps) and steps[0].group == group


def check_simultaneous(game: Game | str, num_players: int, variant: str, *, playouts: int = 4,
                       seed: int = 0, options: Any = None) -> None:
    """Groups of simultaneous choices keep the promise of ``core/flow.py``: at each
    pending group along random playouts, ``simultaneous()`` lists the seats in the game's
    order, each seat's listed actions are its legal actions when its turn comes whatever
    the earlier seats chose, and what an earlier seat chose changes nothing that a later
    seat of the group observes or is told."""
    game = _game(game)
    for k in range(playouts):
        rng = random.Random(f"{seed}:simultaneous:{k}")
        for state in playout_states(game, num_players, variant, seed + k, options, every=1):
            listed = state.simultaneous()
            if not listed:
                continue
            group = state.pending()[0].group
            assert group is not None
            seats = list(listed)
            if seats[0] != state.current_player():
                _fail("simultaneous", state, f"the group {group!r} lists seat {seats[0]} "
                      f"first, but seat {state.current_player()} is to act")
            # Each seat's turn after random earlier choices: the same actions as listed.
            walk = state.clone()
            for seat in seats:
                while walk.current_player() == CHANCE and _group_top(walk, group):
                    random_step(walk, rng)
                if walk.current_player() != seat or not _group_top(walk, group):
                    _fail("simultaneous", state, f"seat {seat} of the group {group!r} is "
                          "not asked in the order listed")
                if walk.legal_actions() != listed[seat]:
                    _fail("simultaneous", state, f"seat {seat}'s legal actions in the group "
                          f"{group!r} depend on the earlier seats' choices: listed "
                          f"{listed[seat]}, at its turn {walk.legal_actions()}")
                walk.apply_action(rng.choice(listed[seat]))
            # The first seat's choice is hidden from every later seat of the group.
            first, later = seats[0], seats[1:]
            if len(listed[first]) < 2 or not later:
                continue
            seen = []
            for action in listed[first][:2]:
                after = state.clone()
                after.apply_action(action)
                seen.append([(json.dumps(after.observation(q), sort_keys=True),
                              [after.describe_event(e, q) for e in after.events_for(q)])
                             for q in later])
            for q, a, b in zip(later, seen[0], seen[1], strict=True):
                if a != b:
                    _fail("simultaneous", state, f"seat {q} of the group {group!r} sees "
                          f"which action seat {first} chose ({listed[first][0]} or "
                          f"{listed[first][1]}): a simultaneous choice must stay hidden")


# ----- piles (ludoteca.core.hidden) -------------------------------------------------------

def _pile_fail(check: str, pile: Pile, message: str) -> None:
    raise ConformanceError(f"pile {check} ({pile!r}): {message}")


def _pile_parts(pile: Pile, seat: int) -> tuple[Any, ...]:
    """What ``seat`` knows of a pile: everything but the cards it cannot place."""
    return (pile.known_top(seat), len(pile.top), pile.top_seats, pile.bottom,
            tuple(pile.discards) or (0,) * len(pile.counts), len(pile.counts))


def check_pile_odds(pile: Pile) -> None:
    """A pile's fields are consistent (``unseen`` counts the unseen part, no count below
    zero) and its draw probabilities are the chance node of its next draw: positive, kinds
    ascending and distinct, adding up to 1, and those the parts give (the known top, else
    ``counts[k] / unseen``, else the first bottom bag's counts, else the discards'); each
    outcome draws one card (an empty pile first takes its discards) and a card that
    cannot come next raises ValueError."""
    if any(c < 0 for c in pile.counts) or pile.unseen != sum(pile.counts):
        _pile_fail("fields", pile, f"unseen is {pile.unseen} but the counts add up to "
                   f"{sum(pile.counts)}, or a count is negative")
    odds = pile.draw_odds()
    kinds = [k for k, _ in odds]
    if kinds != sorted(set(kinds)):
        _pile_fail("odds", pile, f"draw outcomes {kinds} are not ascending and distinct")
    if any(not q > 0 for _, q in odds):
        _pile_fail("odds", pile, f"a draw probability is not positive: {odds}")
    total = sum(q for _, q in odds)
    discards = tuple(pile.discards) or (0,) * len(pile.counts)
    if (odds or pile.size or any(discards)) and abs(total - 1.0) > 1e-9:
        _pile_fail("odds", pile, f"draw probabilities add up to {total}, not 1")
    if pile.top:
        expected = {pile.top[0]: 1.0}
    elif pile.unseen:
        expected = {k: c / pile.unseen for k, c in enumerate(pile.counts) if c}
    elif pile.bottom:
        bag = pile.bottom[0]
        expected = {k: bag.count(k) / len(bag) for k in set(bag)}
    else:
        left = sum(discards)
        expected = {k: c / left for k, c in enumerate(discards) if c}
    got = dict(odds)
    if got.keys() != expected.keys() or any(abs(got[k] - q) > 1e-9
                                            for k, q in expected.items()):
        _pile_fail("odds", pile, f"draw probabilities {odds} are not the pile's "
                   f"{sorted(expected.items())}")
    size = pile.size or sum(discards)
    for k in kinds:
        after = pile.drawn(k)
        if after.size != size - 1:
            _pile_fail("draw", pile, f"drawing kind {k} leaves {after.size} cards, "
                       f"not {size - 1}")
    for k in range(len(pile.counts)):
        if k not in got:
            try:
                pile.drawn(k)
            except ValueError:
                continue
            _pile_fail("draw", pile, f"kind {k} cannot come next, yet drawing it worked")


def check_pile_determinization(pile: Pile, num_players: int, *, seed: int = 0,
                               samples: int = 24) -> None:
    """For every seat, ``pile.determinize(seat, rng)`` keeps what the seat knows (its
    known top, the length and knowers of any top, the bottom, the discards) and the cards
    it cannot place (``hidden_counts``, the same counts, so the same total); it depends
    only on what the seat knows: piles that differ only in where the seat's hidden cards
    lie (``redealt`` with those cards in other orders) give the same world for one seed;
    and when the seat cannot place a top of two or more possible kinds, the top varies
    across seeds (no copying the truth, no fixed choice)."""
    for seat in range(num_players):
        hidden = pile.hidden_counts(seat)
        cards = [k for k, c in enumerate(hidden) for _ in range(c)]
        orders = [cards, cards[::-1]]
        shuffled = list(cards)
        random.Random(f"{seed}:{seat}").shuffle(shuffled)
        orders.append(shuffled)
        twins = [pile.redealt(seat, order) for order in orders]
        tops: set[tuple[int, ...]] = set()
        for s in range(samples):
            world = pile.determinize(seat, random.Random(f"{seed}:{seat}:{s}"))
            if _pile_parts(world, seat) != _pile_parts(pile, seat):
                _pile_fail("determinize", pile, f"seat {seat}'s world {world!r} changes what "
                           "the seat knows (its known top, the top's length or knowers, the "
                           "bottom or the discards)")
            if world.hidden_counts(seat) != hidden or world.unseen != sum(world.counts):
                _pile_fail("determinize", pile, f"seat {seat}'s world {world!r} does not "
                           f"hold the cards the seat cannot place, {hidden}")
            for twin in twins:
                other = twin.determinize(seat, random.Random(f"{seed}:{seat}:{s}"))
                if tuple(other) != tuple(world):
                    _pile_fail("determinize", pile, f"seat {seat}'s world depends on the "
                               f"truth: {twin!r} (the same to the seat) gives {other!r}, "
                               f"this pile {world!r}")
            tops.add(world.top)
        hidden_top = pile.top and not pile.known_top(seat)
        if hidden_top and len(set(cards)) > 1 and len(tops) == 1:
            _pile_fail("determinize", pile, f"seat {seat}'s worlds always have the top "
                       f"{tops.pop()}, which it cannot see, in {samples} draws (is "
                       "determinize copying the truth, or not drawing?)")


def check_pile_values(pile: Pile) -> None:
    """A pile is a value that clones may share: a tuple of ints and tuples of ints all the
    way down (so it hashes), equal to its pickled copy, and left unchanged by every
    operation (each returns a new pile)."""

    def immutable(value: Any) -> bool:
        if type(value) is int:
            return True
        return isinstance(value, tuple) and all(immutable(v) for v in value)

    if not immutable(tuple(pile)):
        _pile_fail("value", pile, "holds something other than ints and tuples of ints: "
                   "a state's clones would share it")
    if pickle.loads(pickle.dumps(pile)) != pile:
        _pile_fail("value", pile, "its pickled copy differs")
    before = repr(pile)
    for k, _ in pile.draw_odds():
        pile.drawn(k)
    if pile.counts:
        pile.discarded(0)
        pile.shuffled_in(0)
        pile.put_under(0)
    pile.reshuffled()
    for seat in range(2):
        pile.determinize(seat, random.Random(0))
    if repr(pile) != before:
        _pile_fail("value", pile, f"an operation changed the pile itself (was {before})")


def pile_walk(pile: Pile, num_players: int, rng: random.Random, steps: int = 40
              ) -> Iterator[Pile]:
    """Yields ``pile`` and the piles of a random walk from it: draws (by the draw
    probabilities), peeks put back on top for a random seat, cards put under (alone or as
    a shuffled bag), discards and reshuffles."""
    yield pile
    n = len(pile.counts)
    for _ in range(steps):
        odds = pile.draw_odds()
        move = rng.random()
        if odds and move < 0.5:
            pile = pile.drawn(sample_chance(odds, rng))
        elif odds and move < 0.65 and not pile.top:
            peeked = []
            for _ in range(rng.randint(1, 3)):
                odds = pile.draw_odds()
                if not odds:
                    break
                kind = sample_chance(odds, rng)
                peeked.append(kind)
                pile = pile.drawn(kind)
            rng.shuffle(peeked)
            pile = pile.put_on_top(peeked, 1 << rng.randrange(num_players))
        elif move < 0.75 and n:
            pile = pile.put_under(*(rng.randrange(n) for _ in range(rng.randint(1, 3))),
                                  shuffled=rng.random() < 0.5)
        elif move < 0.9 and n:
            pile = pile.discarded(rng.randrange(n))
        elif n:
            pile = pile.shuffled_in(rng.randrange(n))
        yield pile


def check_piles(piles: Any, num_players: int, *, seed: int = 0, steps: int = 40) -> None:
    """Every pile check (:func:`check_pile_odds`, :func:`check_pile_values`,
    :func:`check_pile_determinization`) on each pile given and along a random walk from it
    (:func:`pile_walk`)."""
    for i, start in enumerate(piles):
        for pile in pile_walk(start, num_players, random.Random(f"{seed}:{i}"), steps):
            check_pile_odds(pile)
            check_pile_values(pile)
            check_pile_determinization(pile, num_players, seed=seed, samples=8)


def _piles_of(state: State) -> list[tuple[str, Pile]]:
    """The piles a state holds in its fields (directly, or in a list or tuple of them)."""
    found = []
    for name, value in state.__dict__.items():
        if isinstance(value, Pile):
            found.append((name, value))
        elif isinstance(value, (list, tuple)) and value and isinstance(value[0], Pile):
            found += [(f"{name}[{i}]", v) for i, v in enumerate(value) if isinstance(v, Pile)]
    return found


def check_seat_observation(game: Game | str, num_players: int, variant: str, *,
                           seed: int = 0, options: Any = None, every: int | None = None,
                           points: int = 12) -> None:
    """Every seat's observation built from the spectator's is its own observation."""
    for state in playout_states(game, num_players, variant, seed, options, every=every,
                                points=points):
        public = state.observation(None)
        kept = json.dumps(public)
        for seat in range(state.num_players):
            built, own = state.seat_observation(seat, public), state.observation(seat)
            if list(built.items()) != list(own.items()):
                differ = sorted(str(k) for k in set(built) | set(own)
                                if built.get(k, "absent") != own.get(k, "absent"))
                _fail("seat observation", state,
                      f"seat_observation({seat}, observation(None)) differs from "
                      f"observation({seat}) in {', '.join(differ) or 'the order of its keys'}")
        if json.dumps(public) != kept:
            _fail("seat observation", state, "seat_observation changed the spectator's "
                                             "observation it was given")


def check_game_piles(game: Game | str, num_players: int, variant: str, *, seed: int = 0,
                     options: Any = None, points: int = 6) -> None:
    """The pile checks on every :class:`~ludoteca.core.hidden.Pile` a game's states hold
    (the initial state's, and sampled along a playout), each with a short random walk; and
    a determinized view of each seat holds, where the truth holds a pile, one that keeps
    what the seat knows of it (the game's ``_determinize`` must not drop or copy the known
    parts) and as many cards it cannot place. Their kinds may differ: a game may pool them
    with other cards the seat cannot see (Desperados deals the deck and the other hands
    from one pool). Nothing to do for a game that keeps no piles."""
    game = _game(game)
    # The initial state too: the known parts a pile starts with (a top known to all, a
    # bottom) may be gone by the first sampled state.
    start = game.new_initial_state(num_players, variant, options)
    for state in itertools.chain([start], playout_states(
            game, num_players, variant, seed, options, every=None, points=points)):
        piles = _piles_of(state)
        if not piles:
            continue
        try:
            check_piles([pile for _, pile in piles], num_players, seed=seed, steps=6)
        except ConformanceError as err:
            _fail("piles", state, str(err))
        for seat in range(num_players):
            view = state.determinize(seat, random.Random(f"{seed}:{seat}"))
            for name, pile in piles:
                world = dict(_piles_of(view)).get(name)
                # Only the number of cards the seat cannot place is kept: a game that deals
                # hands from the pile pools them with the hands it cannot see (redealt).
                if world is None or _pile_parts(world, seat) != _pile_parts(pile, seat) \
                        or world.hidden_size(seat) != pile.hidden_size(seat):
                    _fail("piles", state, f"seat {seat}'s view has {name} = {world!r}, "
                          f"which does not keep what the seat knows of {pile!r}")


def check_conformance(game: Game | str, num_players: int, variant: str, *, playouts: int = 10,
                      seed: int = 0, options: Any = None) -> None:
    """Runs every check for one set-up."""
    game = _game(game)
    kw = {"seed": seed, "options": options}
    check_action_space(game, num_players, variant)
    check_playouts(game, num_players, variant, playouts=playouts, **kw)
    check_bot_playouts(game, num_players, variant, **kw)
    check_illegal_actions(game, num_players, variant, **kw)
    check_returns(game, num_players, variant, playouts=playouts, **kw)
    check_clones(game, num_players, variant, **kw)
    check_clone_identity(game, num_players, variant, **kw)
    check_replay(game, num_players, variant, **kw)
    check_pickle(game, num_players, variant, **kw)
    check_json_actions(game, num_players, variant, **kw)
    check_information(game, num_players, variant, **kw)
    check_seat_observation(game, num_players, variant, **kw)
    check_determinization(game, num_players, variant, **kw)
    check_view_history(game, num_players, variant, **kw)
    check_events(game, num_players, variant, **kw)
    check_tensors(game, num_players, variant, **kw)
    check_simultaneous(game, num_players, variant, **kw)
    check_game_piles(game, num_players, variant, **kw)
