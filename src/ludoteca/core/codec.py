"""Structured actions and chance outcomes, and the integers that name them.

Inside a game an action is a frozen dataclass (``Fight(card=14, mine=3)``); at the
boundary (OpenSpiel, PettingZoo, masks, records) it is an integer in
``range(num_distinct_actions)``. Chance outcomes likewise: each is a frozen dataclass
(``Card(kind=5)``, ``Back(level=2)``) with an integer in ``range(max_chance_outcomes)``,
and one integer always means one outcome, whatever step is pending: the type says what it
is. A :class:`Codec` is built once per edition and shared by every state of the game.

JSON form (for user interfaces and :meth:`State.action_from_json`)::

    {"type": "fight", "card": 14, "mine": 3}

``type`` is the class name in snake case; the other keys are the dataclass fields.
"""

from __future__ import annotations

import dataclasses
import operator
import re
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from ludoteca.core.errors import IllegalActionError


def type_name(cls: type) -> str:
    """``PlayBarrel`` -> ``"play_barrel"``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


class _Table:
    """One numbering: items to ids and back, with the JSON form of each item."""

    def __init__(self, items: Iterable[Hashable], what: str) -> None:
        self.items: tuple[Any, ...] = tuple(items)
        self.what = what
        self.index: dict[Any, int] = {}
        for i, item in enumerate(self.items):
            if not dataclasses.is_dataclass(item):
                raise TypeError(f"{what} {item!r} is not a dataclass instance")
            if item in self.index:
                raise ValueError(f"{what} {item!r} is listed twice")
            self.index[item] = i
        self.types: dict[str, type] = {}
        for item in self.items:
            self.types.setdefault(type_name(type(item)), type(item))

    def to_json(self, item: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type_name(type(item))}
        for f in dataclasses.fields(item):
            out[f.name] = getattr(item, f.name)
        return out

    def from_json(self, data: Any) -> int:
        if not isinstance(data, Mapping):
            raise IllegalActionError(f"an {self.what} is a JSON object, not {data!r}")
        kind = data.get("type")
        if kind not in self.types:
            known = ", ".join(sorted(self.types))
            raise IllegalActionError(f"unknown {self.what} type {kind!r}; known: {known}")
        cls = self.types[kind]
        values = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                raise IllegalActionError(f"{self.what} {kind!r} needs the field {f.name!r}")
            value = data[f.name]
            if isinstance(value, bool):
                raise IllegalActionError(f"{kind}.{f.name} must be a whole number, not {value!r}")
            try:
                values[f.name] = operator.index(value) if not isinstance(value, str) else value
            except TypeError:
                raise IllegalActionError(
                    f"{kind}.{f.name} must be a whole number, not {value!r}") from None
        try:
            item = cls(**values)
            number = self.index[item]
        except (KeyError, TypeError):
            raise IllegalActionError(f"there is no {self.what} {data!r} in this game") from None
        if "action" in data and data["action"] != number:
            raise IllegalActionError(
                f"{self.what} {kind!r} with these fields is {number}, not {data['action']!r}")
        return number


class Codec:
    """The numbering of a game's actions (decisions) and of its chance outcomes.

    ``actions[i]`` is the structured action with id ``i``; ``outcomes[j]`` the chance
    outcome with id ``j``. Both are tuples of hashable frozen dataclasses without repeats.
    """

    def __init__(self, actions: Iterable[Hashable], outcomes: Iterable[Hashable] = ()) -> None:
        self._actions = _Table(actions, "action")
        self._outcomes = _Table(outcomes, "chance outcome")
        self.actions: tuple[Any, ...] = self._actions.items
        self.outcomes: tuple[Any, ...] = self._outcomes.items

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    @property
    def num_outcomes(self) -> int:
        return len(self.outcomes)

    def encode(self, action: Any) -> int:
        """The id of a structured action (KeyError if the game has no such action)."""
        return self._actions.index[action]

    def encode_outcome(self, outcome: Any) -> int:
        return self._outcomes.index[outcome]

    def action_to_json(self, action_id: int) -> dict[str, Any]:
        return self._actions.to_json(self.actions[action_id])

    def outcome_to_json(self, outcome_id: int) -> dict[str, Any]:
        return self._outcomes.to_json(self.outcomes[outcome_id])

    def action_from_json(self, data: Any) -> int:
        """The id named by ``{"type": ..., field: value, ...}``; IllegalActionError if none."""
        return self._actions.from_json(data)

    def outcome_from_json(self, data: Any) -> int:
        return self._outcomes.from_json(data)
