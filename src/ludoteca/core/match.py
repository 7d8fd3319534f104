"""Matches: running one, recording it, replaying it.

A :class:`MatchRecord` is the whole truth of a match: game, player count, variant, options,
edition and the action history, chance outcomes included. ``replay(record)`` rebuilds every
state exactly, on any machine. Records are JSON (one line per match in a dataset).

``run_match`` samples chance with a seeded RNG of its own and hands each agent a
*determinized* view of the state (``state.determinize(seat, rng)``), never the state itself,
so an agent cannot see what its seat may not know; an agent that never reads a view
(``reads_view = False``, e.g. ``random``) is handed only its legal actions. Every seat and
the chance player draw from separate streams derived from the seed, so one agent's use of
randomness never shifts another's: the same seed gives the same match. Without a seed a
fresh one is drawn and recorded, so every match can be replayed.

The core knows agents only by this shape (``act``, ``reads_view``, ``check``, ``spec``);
naming agents by spec strings is :mod:`ludoteca.agents`' business.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictBool, StrictFloat, StrictInt, StrictStr
from pydantic import ValidationError as _ValidationError

from ludoteca.core.errors import ConfigError
from ludoteca.core.registry import load_game
from ludoteca.core.state import CHANCE, Game, IllegalActionError, State, sample_chance

RECORD_VERSION = 1


class ReplayError(ValueError):
    """A record that does not replay: malformed, an unknown game, an illegal action, other
    scores. The message says which field or action is wrong."""


class _RecordSchema(BaseModel):
    """The shape of a record's JSON, checked before anything is replayed."""

    model_config = ConfigDict(extra="forbid")

    game: StrictStr
    num_players: StrictInt
    variant: StrictStr
    options: dict[StrictStr, Any] = {}
    edition: StrictStr | None = None
    actions: list[StrictInt] = []
    seed: StrictInt | None = None
    agents: list[StrictStr] = []
    scores: list[StrictFloat | StrictInt] = []
    returns: list[StrictFloat | StrictInt] = []
    finished: StrictBool = False
    version: StrictInt = 1


def _check_fields(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ReplayError("not a match record (expected a JSON object)")
    unknown = sorted(set(data) - set(_RecordSchema.model_fields))
    if unknown:
        raise ReplayError(f"not a match record (unknown keys: {', '.join(unknown)})")
    try:
        model = _RecordSchema.model_validate(data)
    except _ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'record'}: "
            + ("unknown key" if e["type"] == "extra_forbidden" else e["msg"])
            for e in err.errors()
        )
        raise ReplayError(f"not a valid match record ({problems})") from None
    return model.model_dump()


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
        record = cls(**_check_fields(data))
        if record.version != RECORD_VERSION:
            raise ReplayError(f"match record version {record.version} is not supported")
        return record

    def check(self) -> None:
        """Raises :class:`ReplayError` if a field has the wrong type (a record built in
        Python, or edited by hand)."""
        _check_fields(asdict(self))

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
    if not isinstance(record, MatchRecord):
        raise ReplayError(f"not a match record: {record!r}")
    record.check()
    try:
        state = record.initial_state()
    except ConfigError as err:
        raise ReplayError(f"the record's set-up is not playable: {err}") from None
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
    resume: Sequence[int] = (),
) -> MatchRecord:
    """Plays one match between ``agents`` (one object per seat with ``act(view, player,
    rng)``; :func:`ludoteca.run_match` also takes spec strings such as ``"ismcts"``).

    ``seed`` None draws a fresh seed, which the record keeps. ``on_action(state, player,
    action)`` is called after each action is applied, so ``state.events()`` holds what it
    told whom. ``resume`` are actions already played (an unfinished record's): they are
    replayed, checked, before the agents take over, with random streams of their own.
    """
    if isinstance(game, str):
        game = load_game(game)
    seats = list(agents)
    for agent in seats:
        if isinstance(agent, str):
            raise TypeError("core.match.run_match takes agent objects; use ludoteca.run_match "
                            "to name agents by spec strings")
        agent.check(game)
    num_players = len(seats)
    variant = game.info.resolve(num_players, variant)
    state = game.new_initial_state(num_players, variant, options)
    if seed is None:
        seed = secrets.randbits(62)
    for i, action in enumerate(resume):
        try:
            state.apply_action(action)
        except IllegalActionError as err:
            raise ReplayError(f"action {i} ({action}) does not replay: {err}") from None
    # Resumed matches draw from streams of their own: the original streams' positions are
    # not recorded, and a resumed match must not repeat the first one's draws.
    tag = f":resumed{len(resume)}" if resume else ""
    chance_rng = seat_rng(seed, "chance" + tag)
    agent_rngs = [seat_rng(seed, f"seat{p}{tag}") for p in range(num_players)]
    reads = [getattr(a, "reads_view", True) for a in seats]
    limit = max_actions if max_actions is not None else game.info.max_game_length
    steps = 0
    while not state.is_terminal() and steps < limit:
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state.chance_outcomes(), chance_rng)
        else:
            rng = agent_rngs[player]
            if reads[player]:
                action = seats[player].act(state.determinize(player, rng), player, rng)
            else:
                action = seats[player].act_blind(state.legal_actions(), player, rng)
        state.apply_action(action)
        if on_action is not None:
            on_action(state, player, action)
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
