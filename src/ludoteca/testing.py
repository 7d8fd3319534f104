"""Conformance checks that every game passes, for every variant and player count.

Use them from a game's test suite (third-party games too)::

    import pytest
    from ludoteca import load_game
    from ludoteca.testing import check_conformance, configurations

    @pytest.mark.parametrize("num_players,variant", configurations("desperados"))
    def test_conformance(num_players, variant):
        check_conformance("desperados", num_players, variant)

What is checked (DESIGN.md section 5), each by its own function:

* :func:`check_playouts` - random playouts end within ``max_game_length``; every decision
  node has sorted legal actions inside the action space; chance probabilities are positive
  and sum to 1; action strings are unique among the legal actions; observations are JSON.
* :func:`check_illegal_actions` - an illegal, unknown or malformed action raises
  :class:`IllegalActionError` and leaves the state unchanged.
* :func:`check_clones` - a clone is independent of its original both ways, and clones
  taken along a playout never change while the original moves on (copy integrity).
* :func:`check_replay` - replaying the history reproduces every observation and the
  scores; the :class:`MatchRecord` round-trips through JSON.
* :func:`check_information` - ``observation(p)`` is the same on the state and on
  ``state.determinize(p, rng)`` (no leak), the acting seat keeps its legal actions, and
  determinizations vary the hidden information across seeds (no copying the truth).

A failure raises :class:`ConformanceError` saying which check, where, and what differs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from ludoteca.core.match import MatchRecord, record_of, replay
from ludoteca.core.registry import load_game
from ludoteca.core.state import CHANCE, TERMINAL, Game, IllegalActionError, State, sample_chance


class ConformanceError(AssertionError):
    """A game broke the State API contract."""


def _fail(check: str, state: State, message: str) -> None:
    raise ConformanceError(
        f"{state.game.id} ({state.num_players}p, {state.variant}) {check} after "
        f"{len(state.history())} actions: {message}"
    )


def configurations(game: Game | str) -> list[tuple[int, str]]:
    """Every (player count, variant) of a game, for ``pytest.mark.parametrize``."""
    if isinstance(game, str):
        game = load_game(game)
    return game.info.configurations()


def _game(game: Game | str) -> Game:
    return load_game(game) if isinstance(game, str) else game


def _snapshot(state: State) -> str:
    """Everything observable about a state, for equality checks."""
    seats = [None, *range(state.num_players)]
    return json.dumps(
        {
            "history": state.history(),
            "player": state.current_player(),
            "legal": state.legal_actions(),
            "chance": state.chance_outcomes(),
            "obs": [state.observation(p) for p in seats],
            "scores": state.scores(),
            "returns": state.returns(),
        },
        sort_keys=True,
    )


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
    every: int = 1,
) -> Iterator[State]:
    """Yields every ``every``-th state of one random playout (the live state, not copies)."""
    game = _game(game)
    state = game.new_initial_state(num_players, variant, options)
    rng = random.Random(seed)
    step = 0
    first_decision = True
    while True:
        deciding = state.current_player() >= 0
        # The first decision node is always visited, so short games are checked at one.
        if step % every == 0 or state.is_terminal() or (deciding and first_decision):
            first_decision = first_decision and not deciding
            yield state
        if state.is_terminal():
            return
        if step >= game.info.max_game_length:
            _fail("playout", state, f"longer than max_game_length={game.info.max_game_length}")
        random_step(state, rng)
        step += 1


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
            hidden = set()
            for s in range(samples):
                before = _snapshot(state)
                det = state.determinize(p, random.Random(seed * 1000 + s))
                if _snapshot(state) != before:
                    _fail("determinize", state, "determinize changed the true state")
                if json.dumps(det.observation(p), sort_keys=True) != truth:
                    _fail("leak", state, f"observation({p}) differs on a determinization: the "
                          "observation shows something the seat cannot know, or determinize "
                          "changed something the seat can see")
                if det.history():
                    _fail("leak", state, "a determinization's history must be empty (the "
                          "true history names hidden chance outcomes)")
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


def check_conformance(game: Game | str, num_players: int, variant: str, *, playouts: int = 10,
                      seed: int = 0, options: Any = None) -> None:
    """Runs every check for one set-up."""
    game = _game(game)
    check_playouts(game, num_players, variant, playouts=playouts, seed=seed, options=options)
    check_illegal_actions(game, num_players, variant, seed=seed, options=options)
    check_clones(game, num_players, variant, seed=seed, options=options)
    check_replay(game, num_players, variant, seed=seed, options=options)
    check_information(game, num_players, variant, seed=seed, options=options)
