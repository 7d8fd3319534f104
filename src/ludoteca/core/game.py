"""A game and its facts: :class:`Game` (bound to one edition, the factory of initial
states), :class:`GameInfo` (what is declared once: variants, bounds of the action space, the
match length and the returns) and :class:`Variant`.

A game's :class:`~ludoteca.core.state.State` subclass holds the positions; this module does
not import it, so that the state module may name the game it belongs to.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.codec import SMALL
from ludoteca.core.errors import ConfigError

if TYPE_CHECKING:
    from pathlib import Path

    from pydantic import BaseModel

    from ludoteca.core.codec import Codec
    from ludoteca.core.edition import EditionFile
    from ludoteca.core.state import State
    from ludoteca.core.tensor import TensorLayout

__all__ = ["Game", "GameInfo", "Variant"]


@dataclass(frozen=True)
class Variant:
    """A named way of playing a game, e.g. Desperados' partnership game.

    ``constant_sum`` is what ``returns()`` add up to at the end of every match of this
    variant, or None when the sum varies (general-sum, e.g. a ghost player who can win).
    """

    id: str
    player_counts: tuple[int, ...]
    description: str = ""
    constant_sum: float | None = None


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, declared once.

    ``num_distinct_actions``, ``max_chance_outcomes`` and ``max_game_length`` are bounds
    over every variant and player count, so that one action space serves every set-up (what
    masks and fixed-size policy heads need). ``utility_bounds`` bound every entry of
    ``returns()``.

    ``action_space_limit`` is the most ids the game allows either numbering (decisions,
    chance outcomes) to have, whatever the edition: by default the core's
    :data:`~ludoteca.core.codec.SMALL` (4096). A compound choice whose product of field
    domains would pass it is split into steps (a piece, then where it goes); a game that
    must offer a larger space as one choice declares a larger limit, and
    :func:`ludoteca.testing.check_action_space` holds it to it.

    ``score_unit`` names what ``scores()`` counts in the result sentence and the final
    tables (:func:`ludoteca.core.words.result_sentence`).
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
    utility_bounds: tuple[float, float] = (0.0, 1.0)
    extra: Mapping[str, Any] = field(default_factory=dict)
    action_space_limit: int = SMALL
    score_unit: tuple[str, str] = ("point", "points")
    """What ``State.scores()`` counts, singular and plural, as the end's words say it:
    ("VP", "VP") in a game of victory points, ("building", "buildings") where the
    buildings on the board rank the seats. Points by default."""

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
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise ConfigError(f"the number of players is a whole number, not {num_players!r}")
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


def _rebuild_game(cls: type[Game], edition_text: str | None) -> Game:
    return cls(edition_text=edition_text) if edition_text is not None else cls()


class Game(ABC):
    """A game bound to one edition: the factory of initial states.

    A subclass declares ``id``, ``state_class`` (its State subclass), ``Edition`` (the
    pydantic schema of its edition files), ``default_edition`` (the TOML file it ships),
    ``Options`` (a pydantic model of rule switches, every field with a default, or
    ``None``), and implements ``build_tables`` (the edition compiled into whatever the rules
    read), ``build_codec`` (its action and chance outcome types with their fields' domains),
    ``build_info`` and
    ``tensor_layout``. ``Game(path)`` or ``Game(edition_text=...)`` loads another edition.
    It may declare ``bot_presets``: the agent spec each named strength (``"normal"``,
    ``"strong"``) plays this game with, where the default of
    :mod:`ludoteca.agents.strengths` does not suit it.

    Terminal rendering, the web board and the heuristic bot are not the Game's business:
    they live in the game package's ``render``, ``web`` and ``bots`` modules, which the
    fronts find by name (:func:`ludoteca.core.registry.game_module`).
    """

    id: ClassVar[str]
    state_class: ClassVar[type[State]]
    Edition: ClassVar[type[EditionFile]]
    default_edition: ClassVar[Path]
    Options: ClassVar[type[BaseModel] | None] = None
    bot_presets: ClassVar[Mapping[str, str]] = {}
    """Strength name -> agent spec, e.g. ``{"strong": "ismcts:iterations=1000,rollout=200"}``:
    the specs the game's measurements chose (read by
    :func:`ludoteca.agents.strengths.strength_spec`)."""

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
        self._edition_source = text
        self._layouts: dict[tuple[int, str], TensorLayout] = {}
        self.build_tables()
        # Built once and shared by every state when the options model is frozen: states
        # made without options (simulations make millions) then skip pydantic entirely.
        self.default_options: Any = None
        if self.Options is not None and self.Options.model_config.get("frozen"):
            self.default_options = self.Options()
        self.codec: Codec = self.build_codec()
        self.info = self.build_info()

    def edition_text_or_default(self) -> str:
        """The TOML text of this game's edition: ``edition_text``, or for the shipped
        edition the text of ``default_edition`` as it was loaded."""
        return self.edition_text if self.edition_text is not None else self._edition_source

    def __reduce__(self) -> tuple[Any, ...]:
        # Editions hold pydantic generics that do not pickle; the TOML text rebuilds them.
        return (_rebuild_game, (type(self), self.edition_text))

    def action_kind(self, fields: Mapping[str, Any]) -> str:
        """The kind a report counts a decision under, from its ``action_to_json`` fields:
        its ``type`` (``"?"`` without one). A game whose one type stands for moves of
        different meaning names them finer here (Vintage: ``"place: harvest"``), from
        fields that the action's id fixes, since a report counts each id once."""
        return str(fields.get("type", "?"))

    def build_tables(self) -> None:  # noqa: B027 - optional: games without tables skip it
        """Compiles the edition into the flat tables the rules read (shared by all states)."""

    @abstractmethod
    def build_codec(self) -> Codec:
        """The numbering of this edition's actions and chance outcomes: each type with its
        fields' domains, sized by the edition (:class:`~ludoteca.core.codec.Codec`)."""

    @abstractmethod
    def build_info(self) -> GameInfo:
        """The game's facts; bounds may depend on the edition (how many cards, ...)."""

    def tensor_layout(self, num_players: int, variant: str) -> TensorLayout:
        """The layout of ``observation_tensor`` for one set-up (fixed length, bounds)."""
        raise NotImplementedError(f"{self.info.title} declares no observation tensor")

    def parse_options(self, options: Mapping[str, Any] | Any | None) -> Any:
        """Validates rule switches; unknown keys and bad values raise :class:`ConfigError`.
        ``None`` gives the defaults: the shared :attr:`default_options` where the model is
        frozen, a new model otherwise."""
        if self.Options is None:
            if options:
                raise ConfigError(f"{self.info.title} has no options (got {sorted(options)})")
            return None
        if options is None and self.default_options is not None:
            return self.default_options
        if isinstance(options, self.Options):
            return options
        from pydantic import ValidationError

        if options is not None and not isinstance(options, Mapping):
            raise ConfigError(f"{self.info.title} options must be a mapping, not {options!r}")
        try:
            return self.Options.model_validate(dict(options or {}))
        except ValidationError as err:
            fields = ", ".join(
                f"{name} (default {f.default!r})" for name, f in self.Options.model_fields.items()
            )
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'options'}: "
                + e["msg"] + (" (not an option of this game)" if e["type"] == "extra_forbidden"
                              else "")
                for e in err.errors()
            )
            raise ConfigError(f"{self.info.title} options: {problems}. Options: {fields}"
                              ) from None

    @staticmethod
    def options_dict(options: Any) -> dict[str, Any]:
        return {} if options is None else options.model_dump(mode="json")

    def new_initial_state(
        self,
        num_players: int,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> State:
        """The state before anything has happened (usually a chance node: the shuffle).

        A bad set-up (player count, variant, option) raises :class:`ConfigError`.
        """
        variant = self.info.resolve(num_players, variant)
        return self.state_class(self, num_players, variant, self.parse_options(options))
