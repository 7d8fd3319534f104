"""The State API that every game implements (DESIGN.md section 3).

A game is a pure state machine. A :class:`State` never holds or calls a random-number
generator: every random event (a shuffle, a draw, a die) is a *chance node*, where
``current_player()`` is :data:`CHANCE` and ``chance_outcomes()`` lists what can happen and
how likely each is. Whoever drives the game (the match runner, a search, a test) picks the
outcome and applies it like any other action. A match is therefore fully defined by its
game, player count, variant, options, edition and action history.

The base class owns what is the same in every game, so that a game owns only its rules:

* the action history, and validation before anything changes: an illegal, unknown or
  malformed action raises :class:`IllegalActionError` with a sentence a player understands
  and leaves the state exactly as it was;
* the cache of legal actions (rules are asked once per node, however often callers ask);
* returns as win shares, derived from the game's ``winners()``;
* cloning: a shallow copy plus the game's own list of mutable fields to copy.

A game subclass implements the underscored hooks (``_legal_actions``, ``_apply``, ...)
and the information-set methods ``observation`` and ``determinize``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from pathlib import Path

    from pydantic import BaseModel

    from ludoteca.core.edition import EditionFile

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -4
"""``current_player()`` once the game is over."""


class IllegalActionError(ValueError):
    """An action the rules do not allow at this point. The message is for a player."""


class ConfigError(ValueError):
    """A game was asked for with an impossible set-up (player count, variant, option)."""


@dataclass(frozen=True)
class Variant:
    """A named way of playing a game, e.g. Desperados' partnership game."""

    id: str
    player_counts: tuple[int, ...]
    description: str = ""


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, declared once at the top of its module.

    ``num_distinct_actions``, ``max_chance_outcomes`` and ``max_game_length`` are bounds
    over every variant and player count, so that one action space serves every set-up (what
    masks and fixed-size policy heads need).
    """

    id: str
    title: str
    variants: tuple[Variant, ...]
    num_distinct_actions: int
    max_chance_outcomes: int
    max_game_length: int
    hidden_information: bool = True
    teams: bool = False
    description: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted({n for v in self.variants for n in v.player_counts}))

    def variant(self, variant_id: str) -> Variant:
        for v in self.variants:
            if v.id == variant_id:
                return v
        known = ", ".join(v.id for v in self.variants)
        raise ConfigError(f"{self.title} has no variant {variant_id!r}; it has: {known}")

    def resolve(self, num_players: int, variant_id: str | None = None) -> str:
        """Checks a set-up and returns the variant to use (the first that fits by default)."""
        if variant_id is None:
            for v in self.variants:
                if num_players in v.player_counts:
                    return v.id
            counts = ", ".join(map(str, self.player_counts))
            raise ConfigError(f"{self.title} is for {counts} players, not {num_players}")
        v = self.variant(variant_id)
        if num_players not in v.player_counts:
            counts = ", ".join(map(str, v.player_counts))
            raise ConfigError(
                f"{self.title} ({v.id}) is for {counts} players, not {num_players}"
            )
        return v.id

    def configurations(self) -> list[tuple[int, str]]:
        """Every (player count, variant) this game can be played with."""
        return [(n, v.id) for v in self.variants for n in v.player_counts]


class Game(ABC):
    """A game bound to one edition: the factory of initial states.

    A subclass declares ``id``, ``state_class`` (its State subclass, built as
    ``state_class(game, num_players, variant, options)``), ``Edition`` (the pydantic schema
    of its edition files), ``default_edition`` (the TOML file it ships), ``Options`` (a
    pydantic model of rule switches, every field with a default, or ``None``) and
    ``build_info``. ``Game(path)`` or ``Game(edition_text=...)`` loads another edition.
    """

    id: ClassVar[str]
    state_class: ClassVar[type[State]]
    Edition: ClassVar[type[EditionFile]]
    default_edition: ClassVar[Path]
    Options: ClassVar[type[BaseModel] | None] = None

    def __init__(self, edition: str | Path | None = None, *, edition_text: str | None = None):
        from ludoteca.core.edition import load_edition

        model, text = load_edition(
            self.Edition, self.id, edition, text=edition_text, default=self.default_edition
        )
        self.edition = model
        # None means the edition shipped with the game; otherwise the TOML text itself, so
        # a match record made with a home-made edition replays on any machine.
        self.edition_text: str | None = (
            None if edition is None and edition_text is None else text
        )
        self.info = self.build_info()

    @abstractmethod
    def build_info(self) -> GameInfo:
        """The game's facts; bounds may depend on the edition (how many cards, ...)."""

    def parse_options(self, options: Mapping[str, Any] | None) -> Any:
        """Validates rule switches; unknown keys and bad values raise :class:`ConfigError`."""
        if self.Options is None:
            if options:
                raise ConfigError(f"{self.info.title} has no options (got {sorted(options)})")
            return None
        from pydantic import ValidationError

        try:
            return self.Options.model_validate(dict(options or {}))
        except ValidationError as err:
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'options'}: {e['msg']}" for e in err.errors()
            )
            raise ConfigError(f"{self.info.title} options: {problems}") from None

    @staticmethod
    def options_dict(options: Any) -> dict[str, Any]:
        return {} if options is None else options.model_dump(mode="json")

    def render(self, observation: dict[str, Any]) -> Any:
        """A terminal view (a Rich renderable) of one observation; games override it."""
        from rich.pretty import Pretty

        return Pretty(observation)

    def heuristic_action(self, view: State, player: int, rng: random.Random,
                         **options: Any) -> int:
        """The game's own heuristic bot (the ``heuristic`` agent); games override it."""
        raise ConfigError(f"{self.info.title} has no heuristic bot yet; try 'random'")

    def new_initial_state(
        self,
        num_players: int,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> State:
        """The state before anything has happened (usually a chance node: the shuffle).

        A bad set-up (player count, variant, option) raises :class:`ConfigError`; the game's
        ``state_class`` then builds the state from the checked set-up.
        """
        variant = self.info.resolve(num_players, variant)
        return self.state_class(self, num_players, variant, self.parse_options(options))


class State(ABC):
    """One position of a match. See the module docstring for the contract."""

    # Mutable fields a game adds, named here so the base clone copies them.
    # Lists of ints are copied with ``list.copy``; lists of lists with one more level.
    _copy_lists: ClassVar[tuple[str, ...]] = ()
    _copy_nested: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game, num_players: int, variant: str, options: Any) -> None:
        self.game = game
        self.num_players = num_players
        self.variant = variant
        self.options = options
        self._history: list[int] = []
        self._legal: list[int] | None = None

    # ----- hooks a game implements -------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Sorted legal actions of the seat to act (only called at decision nodes)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcomes and probabilities (only called at chance nodes)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Applies an action already known to be legal."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own points, as the rulebook counts them."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that share the win (at the end); partners are listed together."""

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may know (``None``: a spectator), JSON-safe."""

    @abstractmethod
    def _determinize(self, player: int, rng: random.Random) -> State:
        """A clone in which everything ``player`` cannot see is resampled."""

    @abstractmethod
    def _action_to_string(self, action: int) -> str: ...

    @abstractmethod
    def _action_to_json(self, action: int) -> dict[str, Any]: ...

    def _explain_illegal(self, action: int) -> str | None:
        """Why a well-formed action is not legal now, in the rulebook's words."""
        return None

    # ----- the public API ----------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[int]:
        """Sorted legal actions; at a chance node the possible outcomes."""
        if self._legal is None:
            player = self.current_player()
            if player == TERMINAL:
                self._legal = []
            elif player == CHANCE:
                self._legal = sorted(a for a, _ in self._chance_outcomes())
            else:
                self._legal = self._legal_actions()
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        return self._chance_outcomes()

    def apply_action(self, action: int) -> None:
        self._check_action(action)
        self._apply(action)
        self._history.append(action)
        self._legal = None

    def history(self) -> list[int]:
        return list(self._history)

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

    def team_of(self, seat: int) -> int:
        """The side a seat plays for (its own seat unless the game has partnerships)."""
        return seat

    def determinize(self, player: int, rng: random.Random) -> State:
        """A world ``player`` cannot tell from this one: all it cannot see is resampled.

        The view's ``history()`` is empty: the true history names hidden chance outcomes
        (the cards dealt to others), and a sampled world has no true history of its own.
        Actions applied to the view are recorded from there on, as usual.
        """
        self._check_seat(player)
        view = self._determinize(player, rng)
        view._history = []
        view._legal = None  # a cached chance node would still list the true deck
        return view

    def clone(self) -> State:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._history = self._history.copy()
        for name in self._copy_lists:
            setattr(new, name, getattr(self, name).copy())
        for name in self._copy_nested:
            setattr(new, name, [inner.copy() for inner in getattr(self, name)])
        return new

    def action_to_string(self, action: int) -> str:
        self._check_range(action)
        return self._action_to_string(action)

    def action_to_json(self, action: int) -> dict[str, Any]:
        self._check_range(action)
        return {"action": action, "label": self._action_to_string(action)} | self._action_to_json(
            action
        )

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

    def public_action_string(self, action: int, viewer: int | None) -> str | None:
        """What ``viewer`` learns when ``action`` is applied here, or None for nothing.

        Called before the action is applied. The history holds private moves too (the card
        drawn, the card passed face down); front ends show other seats' moves only through
        this. By default a chance outcome is hidden and a decision is public; games with
        private decisions override it.
        """
        if self.current_player() == CHANCE:
            return None
        return self._action_to_string(action)

    # ----- shared checks -----------------------------------------------------------

    @property
    def title(self) -> str:
        return self.game.info.title

    def _check_range(self, action: Any) -> None:
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalActionError(
                f"{self.title}: an action is a whole number, not {action!r}"
            )
        limit = max(self.game.info.num_distinct_actions, self.game.info.max_chance_outcomes)
        if not 0 <= action < limit:
            raise IllegalActionError(
                f"{self.title}: {action} is not an action of this game "
                f"(actions are numbered 0 to {limit - 1})"
            )

    def _check_action(self, action: Any) -> None:
        self._check_range(action)
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError(f"{self.title}: the game is over; no more actions")
        if action in self.legal_actions():
            return
        if player == CHANCE:
            raise IllegalActionError(
                f"{self.title}: {action} is not a possible chance outcome here"
            )
        reason = self._explain_illegal(action)
        raise IllegalActionError(
            f"{self.title}: {reason}" if reason
            else f"{self.title}: '{self._action_to_string(action)}' is not allowed now"
        )

    def _check_seat(self, player: int | None) -> None:
        if player is not None and not (
            isinstance(player, int) and 0 <= player < self.num_players
        ):
            raise ValueError(
                f"{self.title}: seat {player!r} does not exist "
                f"(seats are 0 to {self.num_players - 1}, or None for a spectator)"
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
