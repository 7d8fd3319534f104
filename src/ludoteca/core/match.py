"""Matches: running one, recording it, replaying it.

A :class:`MatchRecord` is the whole truth of a match: game, player count, variant, options,
edition and the action history, chance outcomes included. ``replay(record)`` rebuilds every
state exactly, on any machine. Records are JSON (one line per match in a dataset).

``run_match`` steps a match with a :class:`Stepper`, the one match loop every front uses:
chance is sampled from a seeded stream of its own, and each agent is asked through
:func:`choose`, which hands it a *determinized* view of the state
(``state.determinize(seat, rng)``), never the state itself, so an agent cannot see what its
seat may not know; an agent that never reads a view (``reads_view = False``, e.g.
``random``) is handed only its legal actions. Every seat and the chance player draw from
separate streams derived from the seed, so one agent's use of randomness never shifts
another's: the same seed gives the same match. Without a seed a fresh one is drawn and
recorded, so every match can be replayed.

The core knows agents only by this shape (``act``, ``reads_view``, ``check``, ``spec``);
naming agents by spec strings is :mod:`ludoteca.agents`' business.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
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
    """An independent, reproducible random stream for one purpose of one match (see
    :class:`Stepper` for the streams a match uses)."""
    return random.Random(f"{seed}:{stream}")


Call = Callable[[int, Callable[..., int], tuple[Any, ...]], int]
"""How a front makes an agent's own call, ``call(seat, method, args)`` for
``method(*args)`` (the agent's ``act`` or ``act_blind``): the simulation times it there and
names its failures by seat."""


def choose(agent: Any, state: State, seat: int, rng: random.Random,
           call: Call | None = None) -> int:
    """What ``agent`` plays for ``seat`` in ``state`` (the true state): the one way every
    front asks an agent for a move.

    An agent that reads a view is handed ``state.determinize(seat, rng)``, a world its seat
    cannot tell from the true one, never the state itself; one that does not
    (``reads_view = False``, e.g. ``random``) is handed only the legal actions
    (``act_blind``). ``call``, if given, makes the agent's own call (:data:`Call`; the view
    is drawn before, so a failure of the game is never blamed on the agent). Returns the
    action id the agent chose, unchecked (applying it checks it); raises whatever the agent
    raises.
    """
    first: Any  # the view, or the legal actions
    if getattr(agent, "reads_view", True):
        method, first = agent.act, state.determinize(seat, rng)
    else:
        method, first = agent.act_blind, state.legal_actions()
    if call is None:
        return method(first, seat, rng)
    return call(seat, method, (first, seat, rng))


class Stepper:
    """The one match loop: plays chance and the agents, with one seed convention.

    **Seeds.** From the match seed ``S``, chance draws from ``Random(f"{S}:chance")`` and
    seat ``p``'s agent from ``Random(f"{S}:seat{p}")`` (:func:`seat_rng`): one stream per
    purpose for the whole match, so that one agent's use of randomness never shifts
    another's, nor chance's, and the same seed with the same agents gives the same match.
    A match taken up again after ``n`` actions (a resumed record, a server that restarted)
    draws from ``f"{S}:chance:resumed{n}"`` and ``f"{S}:seat{p}:resumed{n}"``: the first
    streams' positions are not recorded, and the second part must not repeat their draws.
    :func:`run_match`, the simulation's workers, the server and the Gymnasium opponents
    all step matches through this class, so a seed means the same match in each.

    ``agents``: one per seat; ``None`` for a seat the stepper does not decide for (a person
    on the server, the learner of an RL environment): :meth:`run` stops when it is that
    seat's turn. Each agent is asked as :func:`choose` asks it, through ``call`` if given
    (:data:`Call`).
    """

    __slots__ = ("agents", "call", "chance_rng", "rngs", "seed")

    def __init__(self, seed: int, agents: Sequence[Any], *, resumed: int = 0,
                 call: Call | None = None) -> None:
        self.seed = seed
        self.agents = list(agents)
        tag = f":resumed{resumed}" if resumed else ""
        self.chance_rng = seat_rng(seed, "chance" + tag)
        self.rngs = [seat_rng(seed, f"seat{p}{tag}") for p in range(len(self.agents))]
        self.call = call

    def fork(self, seats: Iterable[int] | None = None) -> Stepper:
        """A copy whose streams go on from where these are, independently: a front that
        commits a move before it counts draws from the fork and keeps it once the commit
        succeeded (the server), so a failed commit leaves the streams as they were.

        ``seats``: the seats whose streams the fork may draw from (default: every seat);
        the chance stream is always copied. The other seats' streams are the very objects
        of this stepper, shared, so that a fork for one move (a person's: chance only; a
        bot's: chance and that seat) copies only what the move may use. Draw from a
        shared stream through one of the two steppers only (the one that is kept).
        """
        twin = Stepper.__new__(Stepper)
        twin.seed, twin.agents, twin.call = self.seed, self.agents, self.call
        twin.chance_rng = _copy(self.chance_rng)
        if seats is None:
            twin.rngs = [_copy(rng) for rng in self.rngs]
        else:
            twin.rngs = list(self.rngs)
            for seat in seats:
                twin.rngs[seat] = _copy(self.rngs[seat])
        return twin

    def chance(self, state: State) -> int:
        """A chance outcome drawn from the chance stream (``state`` at a chance node)."""
        return sample_chance(state.chance_outcomes(), self.chance_rng)

    def decide(self, state: State, seat: int) -> int:
        """``seat``'s agent's choice (:func:`choose`), drawn with the seat's stream (not
        applied)."""
        return choose(self.agents[seat], state, seat, self.rngs[seat], self.call)

    def run(self, state: State, *, max_actions: int | None = None,
            on_action: Callable[[State, int, int], None] | None = None) -> int:
        """Plays ``state`` on, in place, until the end, a seat without an agent is to act,
        or ``max_actions`` actions were applied (default: the game's longest match).

        ``on_action(state, player, action)`` is called after each action is applied
        (``player`` -1 for chance), so ``state.events()`` holds what it told whom; a front
        commits, reports or stops there (an exception it raises ends the run). A chance
        outcome is applied as drawn (``apply_trusted``), a seat's choice through
        ``apply_action``: an illegal one raises :class:`IllegalActionError` before
        anything changes. Returns how many actions were applied.
        """
        limit = max_actions if max_actions is not None else state.game.info.max_game_length
        agents, rngs, call, chance_rng = self.agents, self.rngs, self.call, self.chance_rng
        reads = [getattr(a, "reads_view", True) for a in agents]
        current, outcomes = state.current_player, state.chance_outcomes
        apply_trusted, apply_action = state.apply_trusted, state.apply_action
        determinize, legal_actions = state.determinize, state.legal_actions
        first: Any  # the view, or the legal actions
        steps = 0
        while steps < limit:
            player = current()
            if player < 0:
                if player != CHANCE:
                    break  # the end
                action = sample_chance(outcomes(), chance_rng)
                apply_trusted(action)
            else:
                agent = agents[player]
                if agent is None:
                    break
                # choose(), written out: this is every match's hot path.
                rng = rngs[player]
                if reads[player]:
                    method, first = agent.act, determinize(player, rng)
                else:
                    method, first = agent.act_blind, legal_actions()
                action = (method(first, player, rng) if call is None
                          else call(player, method, (first, player, rng)))
                apply_action(action)
            steps += 1
            if on_action is not None:
                on_action(state, player, action)
        return steps


def _copy(rng: random.Random) -> random.Random:
    # Seeded with 0 before its state is set: Random() would first read the operating
    # system's entropy for a seed that setstate throws away.
    twin = random.Random(0)
    twin.setstate(rng.getstate())
    return twin


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

    The match is stepped by :class:`Stepper` (its docstring says how the random streams
    derive from ``seed``). ``seed`` None draws a fresh seed, which the record keeps.
    ``on_action(state, player, action)`` is called after each action is applied, so
    ``state.events()`` holds what it told whom. ``resume`` are actions already played (an
    unfinished record's): they are replayed, checked, before the agents take over, with
    random streams of their own.
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
    Stepper(seed, seats, resumed=len(resume)).run(state, max_actions=max_actions,
                                                  on_action=on_action)
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
