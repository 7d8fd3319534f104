"""The State API that every game implements, and the machinery every game shares.

A game is a pure state machine. A :class:`State` never holds or calls a random-number
generator: every random event (a shuffle, a draw, a die) is a *chance node*, where
``current_player()`` is :data:`CHANCE` and ``chance_outcomes()`` lists what can happen and
how likely it is. Whoever drives the game (the match runner, a search, a test) picks the
outcome and applies it like any other action. A match is therefore fully defined by its
game, player count, variant, options, edition and action history.

The base class owns what is the same in every game, so that a game owns only its rules:

* **turn flow** - the stack of pending steps (:mod:`ludoteca.core.flow`), from which
  ``current_player``, the legal actions, the chance outcomes and the prompt derive;
* **the codec** - integer actions at the boundary, structured actions inside
  (:mod:`ludoteca.core.codec`): ``action_to_json`` / ``action_from_json`` for every game;
* **validation** before anything changes: an illegal, unknown or malformed action raises
  :class:`IllegalActionError` with a sentence a player understands and leaves the state
  exactly as it was; search uses :meth:`State.apply_trusted`, which skips the check;
* **history and events** - every applied action and the events it produced
  (:mod:`ludoteca.core.events`) are kept in a persistent chain that clones share, from
  which ``history()`` and ``information_state_string(p)`` (perfect recall) derive;
* **determinized views** whose ``history()`` is built only when asked;
* returns as win shares derived from the game's ``winners()``, cloning, pickling.

A game implements: ``_setup`` (initial fields and first steps), its step classes and
the ``rules`` table that resolves them, ``scores``, ``winners``, ``observation``,
``_determinize`` and, if it hides moves, ``_hidden_action`` (the hook of the default
``_view_history``; :mod:`ludoteca.core.hidden` is the kit for both),
``_observation_tensor``, the labels (``_action_label``, ``_outcome_label``) and
``_describe_event``.
``docs/adding-a-game.md`` walks through one.

The Game and its facts are in :mod:`ludoteca.core.game` and the history chain in
:mod:`ludoteca.core.history`; ``Game``, ``GameInfo`` and ``Variant`` are re-exported here,
where games and fronts have always imported them from.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from ludoteca.core.errors import ConfigError, IllegalActionError
from ludoteca.core.events import Event, public_event
from ludoteca.core.flow import CHANCE, TERMINAL, Step
from ludoteca.core.game import Game, GameInfo, Variant
from ludoteca.core.hidden import view_history
from ludoteca.core.history import ViewRoot, chain, flatten
from ludoteca.core.words import Ghost, check_names, naming

if TYPE_CHECKING:
    from ludoteca.core.tensor import TensorLayout

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ConfigError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "State",
    "Variant",
    "next_seat",
    "sample_chance",
]

class State(ABC):
    """One position of a match. See the module docstring for the contract.

    Public methods take seats as ints ``0..num_players-1`` (``None`` for a spectator where
    allowed) and actions as ints; anything else raises :class:`ConfigError` (a bad seat)
    or :class:`IllegalActionError` (a bad action), never a bare Python error.
    """

    # Mutable fields a game adds, named here so the base clone copies them.
    # Lists of ints are copied with ``list.copy``; lists of lists with one more level.
    _copy_lists: ClassVar[tuple[str, ...]] = ()
    _copy_nested: ClassVar[tuple[str, ...]] = ()
    rules: ClassVar[Mapping[type[Step[Any]], Callable[[Any, Any, Any], None]]] = {}
    """Step type -> the rule ``rule(state, step, action)`` that resolves it."""

    # The public methods that every playout and search calls once or more per action ask
    # the pending step themselves, a call fewer each than going through the hooks
    # ``_legal_actions``, ``_chance_outcomes`` and ``_apply`` (a few percent of the whole).
    # A subclass that overrides a hook (a house rule, a test double) gets, unless it defines
    # the public method too, the version of the public method that goes through the hook.
    _THROUGH_HOOK: ClassVar[dict[str, tuple[str, str]]] = {
        "_legal_actions": ("legal_actions", "_legal_actions_through_hook"),
        "_chance_outcomes": ("chance_outcomes", "_chance_outcomes_through_hook"),
        "_apply": ("apply_trusted", "_apply_through_hook"),
    }

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for hook, (public, through_hook) in State._THROUGH_HOOK.items():
            if getattr(cls, hook) is not getattr(State, hook) and public not in cls.__dict__:
                setattr(cls, public, getattr(State, through_hook))

    def __init__(self, game: Game, num_players: int, variant: str, options: Any) -> None:
        self.game = game
        self.num_players = num_players
        self.variant = variant
        self.options = options
        # What the hot path indexes with a legal id: the codec's tuples (or memos, for
        # large numberings), shared by every state of the game.
        self._actions: Mapping[int, Any] | tuple[Any, ...] = game.codec.action_table
        self._outcomes: Mapping[int, Any] | tuple[Any, ...] = game.codec.outcome_table
        # The pending steps as a persistent stack: (next step, (the one after, (...))), ()
        # when nothing is pending. Pushing and popping one step, what nearly every action
        # does, builds at most one pair and copies nothing; clones share it.
        self._steps: tuple[Any, ...] = ()
        self._trail: Any = None  # (previous, action, events), shared by clones
        self._moves = 0
        self._events: tuple[Event, ...] = ()
        # The legal actions of this node once asked for: a tuple, so that clones share it.
        self._legal: tuple[int, ...] | None = None
        self._info_cache: tuple[tuple[int, str] | None, ...] = ()
        self._setup()

    # ----- hooks a game implements -------------------------------------------------

    @abstractmethod
    def _setup(self) -> None:
        """Sets the initial fields and pushes the first steps (usually the deal)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own points, as the rulebook counts them, one per seat."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that share the win (at the end); partners are listed together."""

    def result_reason(self) -> str | None:
        """At the end, what decided the win when ``scores()`` alone do not show it, in
        words that follow "won by" ("the most money at the turn limit, level on
        buildings"); None (this default) when the scores say it, or before the end."""
        return None

    def result_figures(self) -> list[str] | None:
        """At the end, each seat's standing in words down to the figure that decided it
        ("0 buildings, 0 irrigated, 500 cash"), one per seat, for the result and the
        standings to show in place of the bare score; None (this default) when the
        score in the game's unit decides, or before the end."""
        return None

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may know (``None``: a spectator), JSON-safe.

        Implementations start with ``player = self._check_seat(player)``.
        """

    def seat_observation(self, player: int | None, public: dict[str, Any]) -> dict[str, Any]:
        """``observation(player)``, given ``public``, this very state's ``observation(None)``
        (a server that shows every seat a change makes the spectator's once, for the shared
        table).

        Equal to ``observation(player)``, keys in the same order. This default simply calls
        it; a game whose seat observation is the spectator's plus a few private keys
        overrides :meth:`_seat_observation` to add only those to a copy of ``public``.
        Raises ConfigError for a seat that is not at the table.
        """
        if player is None:
            return public
        return self._seat_observation(self._check_seat(player), public)

    def _seat_observation(self, player: int, public: dict[str, Any]) -> dict[str, Any]:
        return self.observation(player)

    @abstractmethod
    def _determinize(self, player: int, rng: random.Random) -> State:
        """A clone in which everything ``player`` cannot see is resampled.

        It must read only what ``player`` knows, in a fixed order, so that two true states
        the seat cannot tell apart give the same world for the same rng.
        """

    sealed_events: ClassVar[frozenset[str]] = frozenset()
    """Kinds of public events that announce a move nobody sees (D. Sebastião's card laid
    face down, a chance outcome): the default view history treats the move as hidden, as
    it does every move a seat saw only the public half of a secret of."""

    def _view_history(self, seat: int, source: list[tuple[int, tuple[Event, ...]]]
                      ) -> list[int]:
        """Actions that lead from the initial state to this world (a determinized view).

        ``source`` is the (action, events) history of the state the view was drawn from;
        only what ``seat`` could see of it may be used. The default is the kit's
        (:func:`ludoteca.core.hidden.view_history`): the source actions, each hidden move
        replaced by :meth:`_hidden_action`'s; a game whose views equal the truth has no
        hidden moves and needs nothing more.
        """
        return view_history(self, seat, source)

    def _hidden_action(self, seat: int, index: int, event: Event,
                       source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
        """Hook of the default view history: the action that does in this world what the
        ``index``-th move of ``source`` did, a move ``seat`` saw only as ``event`` (the
        public half of a secret, or a sealed event). Read only this world's fields and the
        events of ``source`` that ``seat`` saw."""
        raise NotImplementedError(
            f"{self.title}: move {index + 1} is hidden from seat {seat} ({event.kind}); "
            f"the game's _hidden_action must say what it was in a determinized world")

    def _observation_tensor(self, player: int) -> list[float]:
        raise NotImplementedError(f"{self.title} has no observation tensor")

    def _action_label(self, action: Any) -> str:
        """The acting seat's words for a structured action."""
        return repr(action)

    def _outcome_label(self, outcome: Any) -> str:
        """Words for a structured chance outcome (the whole truth: not for players)."""
        return repr(outcome)

    def _action_json(self, item: Any) -> dict[str, Any]:
        """Extra JSON fields for an action or outcome (names of cards, ...)."""
        return {}

    def _describe_event(self, event: Event, viewer: int | None) -> str:
        """An event in words for ``viewer`` (one of its audience).

        Name other seats with :func:`ludoteca.core.words.seat_name` (never "seat N"
        spelled out), so that a caller's seat names reach the words."""
        data = ", ".join(f"{k} {v}" for k, v in event.data.items())
        return f"{event.kind}: {data}" if data else event.kind

    def _final_prompt(self, viewer: int | None) -> str:
        return "The game is over."

    def _explain_illegal(self, action: Any) -> str | None:
        """Why a well-formed action is not legal now (default: the pending step's reason)."""
        return self._steps[0].explain_illegal(self, action) if self._steps else None

    # ----- turn flow -----------------------------------------------------------------

    def push(self, *steps: Step[Any]) -> None:
        """Makes ``steps`` pending, the first listed to be resolved first."""
        if len(steps) == 1:  # the usual push: one pair, no loop
            self._steps = (steps[0], self._steps)
        else:
            pending = self._steps
            for step in reversed(steps):
                pending = (step, pending)
            self._steps = pending
        self._legal = None

    def pop(self) -> Step[Any]:
        """Removes and returns the next pending step (a challenge skipped, an ability
        cancelled); IndexError if nothing is pending."""
        if not self._steps:
            raise IndexError(f"{self.title}: no step is pending")
        step, self._steps = self._steps
        self._legal = None
        return step

    def clear_pending(self) -> tuple[Step[Any], ...]:
        """Removes every pending step (a win in the middle of a turn); returns them, the
        next first."""
        steps = self.pending()
        self._steps = ()
        self._legal = None
        return steps

    def pending(self) -> tuple[Step[Any], ...]:
        """The pending steps, the one to resolve next first."""
        out = []
        node = self._steps
        while node:
            step, node = node
            out.append(step)
        return tuple(out)

    def next_step(self) -> Step[Any] | None:
        """The step to resolve next (``pending()[0]`` without building the tuple), None
        once nothing is pending: what views read to say what is being decided."""
        steps = self._steps
        return steps[0] if steps else None

    def simultaneous(self) -> dict[int, list[int]]:
        """The pending group of simultaneous choices: ``{seat: sorted legal actions}``
        for every seat whose step lies in the run of steps of the top step's
        :attr:`~ludoteca.core.flow.Step.group` (the seat to act first, in the game's
        order); ``{}`` when the top step belongs to no group. Nothing is applied: each
        seat's legal actions are its own step's on this state, which the group's contract
        makes the same as when its turn comes. Chance steps of the group (a ghost
        player's random card) are passed over, as they are nobody's choice."""
        node = self._steps
        if not node:
            return {}
        group = node[0].group
        if group is None:
            return {}
        out: dict[int, list[int]] = {}
        while node:
            step, node = node
            if step.group != group:
                break
            seat = step.seat
            if seat >= 0 and seat not in out:
                out[seat] = sorted(step.legal_actions(self))
        return out

    def emit(self, *events: Event) -> None:
        """Records events of the action being applied (rule functions call this)."""
        self._events += events

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        steps = self._steps
        return steps[0].seat if steps else TERMINAL

    def _legal_actions(self) -> Sequence[int]:
        """Hook: the legal actions at a decision (by default the pending step's)."""
        return self._steps[0].legal_actions(self)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """Hook: the chance outcomes at a chance node (by default the pending step's)."""
        return self._steps[0].chance_outcomes(self)

    def _apply(self, action: int) -> None:
        """Resolves ``action`` (no bookkeeping): pops the pending step, runs its rule, then
        any automatic step that comes to the top. A subclass may wrap it (a test double, an
        instrumented state); :meth:`apply_trusted` then goes through it."""
        step, self._steps = self._steps
        self.rules[type(step)](
            self, step, self._outcomes[action] if step.chance else self._actions[action])
        if self._steps and self._steps[0].auto:
            self._run_automatic()

    def _run_automatic(self) -> None:
        """Resolves the automatic steps at the top of the stack (see :attr:`Step.auto`)."""
        steps = self._steps
        while steps and steps[0].auto:
            step, self._steps = steps
            self.rules[type(step)](self, step, None)
            steps = self._steps

    # ----- the public API ----------------------------------------------------------

    # The methods below are called once or more per action by every playout and search, so
    # they read the step stack themselves rather than through current_player(), and ask
    # the pending step directly (see _THROUGH_HOOK).

    def is_terminal(self) -> bool:
        return not self._steps  # nothing pending: current_player() is TERMINAL

    def is_chance_node(self) -> bool:
        steps = self._steps
        return bool(steps) and steps[0].seat == CHANCE

    def legal_actions(self) -> list[int]:
        """Sorted legal actions; at a chance node the possible outcomes; [] at the end."""
        legal = self._legal
        if legal is None:
            steps = self._steps
            if steps and steps[0].seat != CHANCE:  # a decision, the usual question
                # tuple() of a tuple is the tuple itself: games may return a table's row.
                legal = self._legal = tuple(steps[0].legal_actions(self))
            else:
                legal = self._legal_tuple()
        return list(legal)

    def _legal_actions_through_hook(self) -> list[int]:
        """:meth:`legal_actions` for a subclass that overrides :meth:`_legal_actions`."""
        legal = self._legal
        if legal is None:
            legal = self._legal_tuple()
        return list(legal)

    def _legal_tuple(self) -> tuple[int, ...]:
        """The legal actions as a tuple, computed once per node (the checked path reads it
        without the copy that callers of ``legal_actions`` get)."""
        steps = self._steps
        if not steps:
            legal: tuple[int, ...] = ()
        elif steps[0].seat == CHANCE:
            legal = tuple(sorted(a for a, _ in self._chance_outcomes()))
        else:
            legal = tuple(self._legal_actions())
        self._legal = legal
        return legal

    def legal_actions_mask(self) -> list[int]:
        """A new list of ``num_distinct_actions`` ints: 1 at each legal action id, else 0
        (all 0 at chance and terminal nodes). OpenSpiel's form; it costs the whole action
        space, where :meth:`legal_actions_mask_into` costs only the legal actions."""
        mask = [0] * self.game.info.num_distinct_actions
        self.legal_actions_mask_into(mask)
        return mask

    def legal_actions_mask_into(self, out: Any) -> tuple[int, ...]:
        """Sets ``out[a] = 1`` for each legal action ``a`` and writes nothing else; returns
        the ids written, sorted (none at chance and terminal nodes).

        ``out``: any writable sequence of ``num_distinct_actions`` numbers that holds 0
        wherever a 1 is not wanted - a numpy array (int8, bool, float), a ``bytearray``, an
        ``array.array`` or a list. A caller that keeps one buffer clears the ids returned
        before the next call, so a mask costs the legal actions, never the action space.
        Raises ConfigError for an object without the action space's length.
        """
        size = self.game.info.num_distinct_actions
        try:
            length = len(out)
        except TypeError:
            length = None
        if length != size:
            raise ConfigError(
                f"{self.title}: a legal-action mask is a writable sequence of {size} "
                f"numbers, not {type(out).__name__}"
                + (f" of length {length}" if length is not None else ""))
        steps = self._steps
        if not steps or steps[0].seat == CHANCE:
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal_tuple()
        for a in legal:
            out[a] = 1
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs at a chance node; [] elsewhere."""
        steps = self._steps
        if not steps or steps[0].seat != CHANCE:
            return []
        return steps[0].chance_outcomes(self)

    def _chance_outcomes_through_hook(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` for a subclass that overrides :meth:`_chance_outcomes`."""
        return self._chance_outcomes() if self.is_chance_node() else []

    def apply_action(self, action: int) -> None:
        """Applies a decision or chance outcome after checking it is legal here."""
        self.apply_trusted(self._check_action(action))

    def apply_trusted(self, action: int) -> None:
        """Applies an action taken from ``legal_actions()`` / ``chance_outcomes()`` of this
        very state, without checking it: the fast path for search and rollouts. Anything
        else is undefined behaviour; outside callers use :meth:`apply_action`."""
        self._events = ()
        # What _apply does, written out (see _THROUGH_HOOK), automatic steps included: a
        # game whose every phase ends with one runs them a few times a match.
        rules = self.rules
        step, self._steps = self._steps
        rules[type(step)](
            self, step, self._outcomes[action] if step.chance else self._actions[action])
        steps = self._steps
        while steps and steps[0].auto:
            step, self._steps = steps
            rules[type(step)](self, step, None)
            steps = self._steps
        self._trail = (self._trail, action, self._events)
        self._moves += 1
        self._legal = None

    def _apply_through_hook(self, action: int) -> None:
        """:meth:`apply_trusted` for a subclass that overrides :meth:`_apply`."""
        self._events = ()
        self._apply(action)
        self._trail = (self._trail, action, self._events)
        self._moves += 1
        self._legal = None

    def history(self) -> list[int]:
        """Every applied action from the initial state, chance outcomes included.

        On a determinized view, a history that leads to that very world (built on first
        request from what the view's seat knew, then kept).
        """
        return [action for action, _ in flatten(self._trail)]

    def move_number(self) -> int:
        """How many actions (chance outcomes included) led here: ``len(history())``."""
        return self._moves

    def events(self) -> list[Event]:
        """The events the last applied action produced, each with its audience (their data
        read-only: :class:`~ludoteca.core.events.EventData`)."""
        return [public_event(e) for e in self._events]

    def events_for(self, viewer: int | None) -> list[Event]:
        """The events of the last action that ``viewer`` (a seat, None: spectator) saw."""
        viewer = self._check_seat(viewer, spectator=True)
        return [public_event(e) for e in self._events if e.visible_to(viewer)]

    def describe_event(self, event: Event, viewer: int | None,
                       seat_names: Sequence[str] | None = None) -> str:
        """An event in words, as ``viewer`` sees it ("You draw ...", "Seat 1 draws ...").

        ``seat_names``: one name per seat, used instead of "seat N" ("Ana draws ..."); by
        default the names of an enclosing :func:`ludoteca.core.words.naming` block, if
        any. ConfigError for an event ``viewer`` was not shown, or malformed names.
        """
        viewer = self._check_seat(viewer, spectator=True)
        if not isinstance(event, Event):
            raise ConfigError(f"{self.title}: {event!r} is not an event of this state")
        if not event.visible_to(viewer):
            raise ConfigError(f"{self.title}: this event was not shown to {viewer!r}")
        if seat_names is None:
            return self._describe_event(event, viewer)
        with naming(check_names(seat_names, self.num_players)):
            return self._describe_event(event, viewer)

    def event_log(self, viewer: int | None) -> list[tuple[int, Event]]:
        """Every event ``viewer`` saw so far, as (move number, event), oldest first."""
        viewer = self._check_seat(viewer, spectator=True)
        return [(i + 1, public_event(e)) for i, (_, events) in enumerate(flatten(self._trail))
                for e in events if e.visible_to(viewer)]

    def information_state_string(self, player: int) -> str:
        """Everything ``player`` has observed, in order (perfect recall): the set-up, then
        every event shown to the seat. Equal strings mean the seat cannot tell the two
        histories apart.

        Kept incrementally: the last string built for each seat is cached with the move it
        was built at (an immutable tuple that clones share), and a later request only reads
        the actions since.
        """
        player = self._check_seat(player)
        cache = self._info_cache
        moves = self._moves
        known = cache[player] if player < len(cache) else None
        if known is not None and known[0] == moves:
            return known[1]
        if known is not None and known[0] < moves:
            lines: list[str] = []
            node = self._trail
            reached_root = False  # a view's root: rebuild from the start
            for _ in range(moves - known[0]):
                if type(node) is not tuple:
                    reached_root = True
                    break
                node, _action, events = node
                lines.extend(e.key() for e in reversed(events) if e.visible_to(player))
            if not reached_root:
                lines.reverse()
                text = "\n".join([known[1], *lines]) if lines else known[1]
                self._remember_info(player, moves, text)
                return text
        parts = [f"{self.game.id} {self.num_players}p {self.variant} seat {player}"]
        for _, events in flatten(self._trail):
            parts.extend(e.key() for e in events if e.visible_to(player))
        text = "\n".join(parts)
        self._remember_info(player, moves, text)
        return text

    def _remember_info(self, player: int, moves: int, text: str) -> None:
        cache = list(self._info_cache) or [None] * self.num_players
        cache[player] = (moves, text)
        self._info_cache = tuple(cache)

    def observation_tensor(self, player: int) -> list[float]:
        """A flat vector of ``observation_tensor_shape()`` floats within the layout's bounds:
        the seat's observation for learning."""
        return self._observation_tensor(self._check_seat(player))

    def observation_tensor_into(self, player: int, out: Any) -> Any:
        """Writes ``observation_tensor(player)`` into ``out`` and returns ``out``: the same
        values without a list in between (what the RL adapters call at every step).

        ``out``: a writable, contiguous, one-dimensional buffer of ``observation_tensor_shape()``
        float32 or float64 values, e.g. ``np.empty(shape, np.float32)`` or a row of a batch;
        every value is overwritten. Raises ConfigError for another buffer or seat
        (:meth:`TensorLayout.writable <ludoteca.core.tensor.TensorLayout.writable>`).
        """
        player = self._check_seat(player)
        self._observation_tensor_into(player, self.tensor_layout().writable(out))
        return out

    def _observation_tensor_into(self, player: int, out: memoryview[float]) -> None:
        """Writes the seat's tensor into ``out``, a zeroed memoryview of floats of the
        layout's length. This default copies ``_observation_tensor``'s list; a game
        overrides it to write only the nonzero values (the same code fills both)."""
        self.tensor_layout().copy_into(out, self._observation_tensor(player))

    def observation_tensor_shape(self) -> tuple[int]:
        return self.tensor_layout().shape

    def tensor_layout(self) -> TensorLayout:
        """The layout of this set-up's observation tensor (built once per game and set-up)."""
        key = (self.num_players, self.variant)
        layouts = self.game._layouts
        layout = layouts.get(key)
        if layout is None:
            layout = layouts[key] = self.game.tensor_layout(*key)
        return layout

    def prompt(self, viewer: int | None, seat_names: Sequence[str] | None = None) -> str:
        """What is being decided, in words for ``viewer``; ``seat_names`` as for
        :meth:`describe_event`."""
        viewer = self._check_seat(viewer, spectator=True)
        if seat_names is not None:
            with naming(check_names(seat_names, self.num_players)):
                return self.prompt(viewer)
        if not self._steps:
            return self._final_prompt(viewer)
        return self._steps[0].prompt(self, viewer)

    def returns(self) -> list[float]:
        """Win shares at the end (1/k to each winner, k winning sides), zeros before."""
        result = [0.0] * self.num_players
        if self.is_terminal():
            winners = self.winners()
            # k counts winning sides: partners who win together each get the whole share.
            sides = {self.team_of(seat) for seat in winners}
            for seat in winners:
                if 0 <= seat < self.num_players:
                    result[seat] = 1.0 / len(sides)
        return result

    def ghosts(self) -> list[Ghost]:
        """The players at the table who are no seat (a ghost the rules play for, e.g.
        Douro 1872's D. Sebastião), each with the name the words give them, their points and
        whether they won; they rank with the seats in the result sentence
        (:func:`ludoteca.core.words.result_sentence`). None by default."""
        return []

    def team_of(self, seat: int) -> int:
        """The side a seat plays for (its own seat unless the game has partnerships)."""
        return seat

    def determinize(self, player: int, rng: random.Random) -> State:
        """A world ``player`` cannot tell from this one: all it cannot see is resampled.

        It depends only on what the seat knows: two states the seat cannot tell apart give
        the same world for equally seeded rngs. The view's ``history()`` leads from the
        initial state to that world; it is built only when asked. Actions applied to the
        view are recorded after it, as usual.
        """
        player = self._check_seat(player)
        view = self._determinize(player, rng)
        view._legal = None  # a cached chance node would still list the true deck
        view._events = ()
        # The view's information comes from its own history; the drawing seat's is the same
        # string by contract, so it is kept.
        own = self._info_cache[player] if player < len(self._info_cache) else None
        view._info_cache = () if own is None else tuple(
            own if q == player else None for q in range(self.num_players))
        world = view.clone()
        world._trail = None
        view._trail = ViewRoot(player, self._trail, world)
        return view

    def clone(self) -> Self:
        new = object.__new__(type(self))
        # One dict copy, then the mutable fields replaced in it: faster than filling the new
        # object's attributes one by one (a search clones at every node).
        fields = self.__dict__.copy()
        for name in self._copy_lists:
            fields[name] = fields[name].copy()
        for name in self._copy_nested:
            fields[name] = [inner.copy() for inner in fields[name]]
        new.__dict__ = fields
        return new

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        # The trail is a deep chain of tuples (too deep for pickle): store it flat.
        state["_trail"] = flatten(self._trail)
        # The decoded actions belong to the game's codec, which the game rebuilds.
        state.pop("_actions", None)
        state.pop("_outcomes", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        state["_trail"] = chain(state["_trail"])
        codec = state["game"].codec
        state["_actions"] = codec.action_table
        state["_outcomes"] = codec.outcome_table
        self.__dict__.update(state)

    def _decode(self, action: int) -> Any:
        return (self._outcomes if self.current_player() == CHANCE else self._actions)[action]

    def action_to_string(self, action: int, *, chance: bool | None = None) -> str:
        """The label of an action id: a chance outcome at a chance node, a decision
        elsewhere (``chance`` says which, for labels asked away from the node, as OpenSpiel
        does).

        Labels are the acting seat's words, and a chance outcome's label is the whole truth:
        show other seats what happened through :meth:`events_for`, never through this.
        """
        if chance is None:
            chance = self.current_player() == CHANCE
        action = self._check_range(action, chance=chance)
        if chance:
            return self._outcome_label(self._outcomes[action])
        return self._action_label(self._actions[action])

    def action_to_json(self, action: int) -> dict[str, Any]:
        """``{"action": id, "label": ..., "type": ..., <fields>}`` of an action id here."""
        chance = self.current_player() == CHANCE
        action = self._check_range(action, chance=chance)
        codec = self.game.codec
        if chance:
            item = self._outcomes[action]
            fields, label = codec.outcome_to_json(action), self._outcome_label(item)
        else:
            item = self._actions[action]
            fields, label = codec.action_to_json(action), self._action_label(item)
        # (The label as action_to_string gives it, without checking the id again.)
        return {"action": action, "label": label, "chance": chance, **fields,
                **self._action_json(item)}

    def action_from_json(self, data: Mapping[str, Any]) -> int:
        """The id of the action named by its fields (``{"type": "fight", "card": 14, ...}``,
        or ``{"action": 17}``) at this node. Raises :class:`IllegalActionError` if no action
        of the game has those fields; legality is checked when it is applied."""
        if isinstance(data, Mapping) and "type" not in data and "action" in data:
            return self._check_range(data["action"])
        codec = self.game.codec
        number = (codec.outcome_from_json(data) if self.current_player() == CHANCE
                  else codec.action_from_json(data))
        return number

    def evaluation(self) -> list[float]:
        """A guess at each seat's share of the win, for searches that stop early.

        Exact at the end (the returns); before it, by default, a share for whoever leads on
        ``scores()``. Games whose points only move at a round's end override it.
        """
        if self.is_terminal():
            return self.returns()
        scores = self.scores()
        best = max(scores)
        leaders = [p for p, s in enumerate(scores) if s == best]
        return [1.0 / len(leaders) if p in leaders else 0.0 for p in range(len(scores))]

    # ----- shared checks -----------------------------------------------------------

    @property
    def title(self) -> str:
        return self.game.info.title

    def _check_range(self, action: Any, *, chance: bool | None = None) -> int:
        """``action`` as an int inside this node's numbering, or IllegalActionError."""
        if isinstance(action, bool):
            raise IllegalActionError(f"{self.title}: an action is a whole number, not {action!r}")
        try:
            action = operator.index(action)
        except TypeError:
            raise IllegalActionError(
                f"{self.title}: an action is a whole number, not {action!r}") from None
        if chance is None:
            chance = self.current_player() == CHANCE
        codec = self.game.codec
        limit = codec.num_outcomes if chance else codec.num_actions
        if not 0 <= action < limit:
            what = "a chance outcome" if chance else "an action"
            plural = "chance outcomes" if chance else "actions"
            raise IllegalActionError(
                f"{self.title}: {action} is not {what} of this game "
                f"({plural} are numbered 0 to {limit - 1})"
            )
        return action

    def _check_action(self, action: Any) -> int:
        if type(action) is int:
            # The common case first: a legal int is in range (and not a bool) too.
            legal = self._legal
            if legal is None:
                legal = self._legal_tuple()
            if action in legal:
                return action
        action = self._check_range(action)
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError(f"{self.title}: the game is over; no more actions")
        legal = self._legal
        if legal is None:
            legal = self._legal_tuple()
        if action in legal:
            return action
        if player == CHANCE:
            raise IllegalActionError(
                f"{self.title}: {action} is not a possible chance outcome here "
                f"('{self.action_to_string(action)}' cannot happen now)"
            )
        reason = self._explain_illegal(self._actions[action])
        raise IllegalActionError(
            f"{self.title}: {reason}" if reason
            else f"{self.title}: '{self.action_to_string(action)}' is not allowed now"
        )

    def _check_seat(self, player: Any, *, spectator: bool = False) -> Any:
        """``player`` as a seat int (or None where a spectator is allowed), else ConfigError."""
        if player is None and spectator:
            return None
        if not isinstance(player, bool):
            try:
                seat = operator.index(player)
            except TypeError:
                seat = -1
            if 0 <= seat < self.num_players:
                return seat
        extra = ", or None for a spectator" if spectator else ""
        raise ConfigError(
            f"{self.title}: seat {player!r} does not exist "
            f"(seats are 0 to {self.num_players - 1}{extra})"
        )

    def __str__(self) -> str:
        import json

        return json.dumps(self.observation(None), indent=1)


def next_seat(seat: int, num_players: int, step: int = 1) -> int:
    """The seat ``step`` places clockwise (to the left) of ``seat``."""
    return (seat + step) % num_players


def sample_chance(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """Picks a chance outcome with the given probabilities, reproducibly for one rng."""
    r = rng.random()
    total = 0.0
    for action, p in outcomes:
        total += p
        if r < total:
            return action
    return outcomes[-1][0]
