"""Matches: running one, recording it, replaying it.

A :class:`MatchRecord` is the whole truth of a match: game, player count, variant, options,
edition and the action history, chance outcomes included. ``replay(record)`` rebuilds every
state exactly, on any machine. Records are JSON (one line per match in a dataset).

``run_match`` samples chance with a seeded RNG of its own and hands each agent a
*determinized* view of the state (``state.determinize(seat, rng)``), never the state itself,
so an agent cannot see what its seat may not know. Every seat and the chance player draw
from separate streams derived from the seed, so one agent's use of randomness never shifts
another's: the same seed gives the same match.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.core.registry import load_game
from ludoteca.core.state import CHANCE, Game, IllegalActionError, State, sample_chance

RECORD_VERSION = 1


class ReplayError(ValueError):
    """A record that does not replay: an unknown game, an illegal action, other scores."""


@dataclass
class MatchRecord:
    game: str
    num_players: int
    variant: str
    options: dict[str, Any] = field(default_factory=dict)
    edition: str | None = None
    """None: the edition shipped with the game; otherwise the edition's TOML text."""
    actions: list[int] = field(default_factory=list)
    seed: int | None = None
    agents: list[str] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    finished: bool = False
    version: int = RECORD_VERSION

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> MatchRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ReplayError(f"not a match record (bad JSON: {err})") from None
        if not isinstance(data, dict):
            raise ReplayError("not a match record (expected a JSON object)")
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise ReplayError(f"not a match record (unknown keys: {', '.join(sorted(unknown))})")
        try:
            record = cls(**data)
        except TypeError as err:
            raise ReplayError(f"not a match record ({err})") from None
        if record.version != RECORD_VERSION:
            raise ReplayError(f"match record version {record.version} is not supported")
        return record

    def game_object(self) -> Game:
        return load_game(self.game, edition_text=self.edition)

    def initial_state(self) -> State:
        return self.game_object().new_initial_state(self.num_players, self.variant, self.options)


def save_records(path: str | Path, records: Sequence[MatchRecord]) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for record in records:
            out.write(record.to_json() + "\n")


def load_records(path: str | Path) -> list[MatchRecord]:
    with open(path, encoding="utf-8") as src:
        return [MatchRecord.from_json(line) for line in src if line.strip()]


def replay(record: MatchRecord, *, upto: int | None = None, verify: bool = True) -> State:
    """The state after the record's actions (or its first ``upto``).

    With ``verify``, a finished record must end in a finished game with the recorded scores.
    """
    state = record.initial_state()
    actions = record.actions if upto is None else record.actions[:upto]
    for i, action in enumerate(actions):
        try:
            state.apply_action(action)
        except IllegalActionError as err:
            raise ReplayError(f"action {i} ({action}) does not replay: {err}") from None
    if verify and upto is None and record.finished:
        if not state.is_terminal():
            raise ReplayError("the record says the match finished, but its actions do not end it")
        if state.scores() != record.scores:
            raise ReplayError(f"scores differ: recorded {record.scores}, replayed {state.scores()}")
    return state


def seat_rng(seed: int | None, stream: str) -> random.Random:
    """An independent, reproducible random stream for one purpose of one match."""
    return random.Random(f"{seed}:{stream}")


def run_match(
    game: Game | str,
    agents: Sequence[Any],
    seed: int | None = None,
    *,
    variant: str | None = None,
    options: Mapping[str, Any] | None = None,
    max_actions: int | None = None,
    on_action: Callable[[State, int, int], None] | None = None,
) -> MatchRecord:
    """Plays one match between ``agents`` (one per seat: Agent objects or spec strings).

    ``on_action(state, player, action)`` is called before each action is applied.
    """
    from ludoteca.agents import make_agent

    if isinstance(game, str):
        game = load_game(game)
    seats = [make_agent(a) if isinstance(a, str) else a for a in agents]
    for agent in seats:
        agent.check(game)
    num_players = len(seats)
    variant = game.info.resolve(num_players, variant)
    state = game.new_initial_state(num_players, variant, options)
    chance_rng = seat_rng(seed, "chance")
    agent_rngs = [seat_rng(seed, f"seat{p}") for p in range(num_players)]
    limit = max_actions if max_actions is not None else game.info.max_game_length
    steps = 0
    while not state.is_terminal() and steps < limit:
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state.chance_outcomes(), chance_rng)
        else:
            rng = agent_rngs[player]
            view = state.determinize(player, rng)
            action = seats[player].act(view, player, rng)
        if on_action is not None:
            on_action(state, player, action)
        state.apply_action(action)
        steps += 1
    return record_of(state, seed=seed, agents=[getattr(a, "spec", str(a)) for a in seats])


def record_of(state: State, *, seed: int | None = None, agents: Sequence[str] = ()) -> MatchRecord:
    """The record of a state's match so far."""
    done = state.is_terminal()
    return MatchRecord(
        game=state.game.id,
        num_players=state.num_players,
        variant=state.variant,
        options=state.game.options_dict(state.options),
        edition=state.game.edition_text,
        actions=state.history(),
        seed=seed,
        agents=list(agents),
        scores=state.scores() if done else [],
        returns=state.returns() if done else [],
        finished=done,
    )
