"""Structured actions and chance outcomes, and the integers that name them.

Inside a game an action is a frozen dataclass (``Fight(card=14, mine=3)``); at the
boundary (OpenSpiel, PettingZoo, masks, records) it is an integer in
``range(num_distinct_actions)``. Chance outcomes likewise: each is a frozen dataclass
(``Card(kind=5)``, ``Back(level=2)``) with an integer in ``range(max_chance_outcomes)``,
and one integer always means one outcome, whatever step is pending: the type says what it
is. A :class:`Codec` is built once per edition and shared by every state of the game.

The numbering is arithmetic, so that nothing lists every action. A game declares each
action type with the *domain* of each field (:class:`Space`), sized by its edition::

    Codec(
        actions=[
            Draw,                                            # no fields: one id
            Space(Pass, card=range(num_kinds)),
            Space(Fight, card=range(first_desperado, num_kinds), mine=range(num_slots)),
        ],
        outcomes=[Space(FogCard, effect=("fragas", "cardia", "sirga"))],
    )

Within a type the ids are mixed radix over its fields, the first field named the most
significant (the order of ``itertools.product``): ``Fight(card, mine)`` is
``offset + index(card) * len(mines) + index(mine)``. The types are laid end to end in the
order given, each starting where the one before ends. A domain is a ``range`` of ints or
a fixed tuple of distinct values (ints, strings), numbered in its order. Decoding an id is
a division per field; :attr:`Codec.action_table` holds what the hot path reads (see there).

JSON form (for user interfaces and :meth:`State.action_from_json`)::

    {"type": "fight", "card": 14, "mine": 3}

``type`` is the class name in snake case; the other keys are the dataclass fields.
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
import math
import operator
import re
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, overload

from ludoteca.core.errors import IllegalActionError

SMALL = 4096
"""What the core calls a small numbering. One of at most this many ids is decoded once,
into a tuple (what the hot path indexes fastest); a larger one is decoded on demand through
a bounded memo. It is also the default of ``GameInfo.action_space_limit``: a compound choice
whose space would pass it becomes steps (``docs/adding-a-game.md``)."""
MEMO_SIZE = 1 << 16
"""How many decoded items a large numbering keeps (then it starts again)."""


def type_name(cls: type) -> str:
    """``PlayBarrel`` -> ``"play_barrel"``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


_JSON_SHAPES: dict[type, tuple[str, tuple[str, ...]]] = {}


def _json_shape(cls: type) -> tuple[str, tuple[str, ...]]:
    """An action type's JSON name and field names (asked for on every label a front
    shows: worked out once per type)."""
    shape = _JSON_SHAPES.get(cls)
    if shape is None:
        shape = _JSON_SHAPES[cls] = (type_name(cls),
                                     tuple(f.name for f in dataclasses.fields(cls)))
    return shape


class Domain:
    """The values one field of an action type takes, numbered ``0..len-1`` in order.

    ``Domain(range(3, 12))`` (ints; any start and step) or ``Domain(("ruby", "tawny"))`` (a
    fixed tuple of distinct hashable values). ``index(value)`` is the value's number
    (KeyError if the domain has no such value); ``domain[k]`` the value numbered ``k``.
    """

    __slots__ = ("_index", "_range", "values")

    def __init__(self, values: range | Iterable[Hashable] | Domain) -> None:
        if isinstance(values, Domain):
            values = values.values
        self._range: range | None = values if isinstance(values, range) else None
        self._index: dict[Any, int] = {}
        if isinstance(values, range):
            self.values: range | tuple[Any, ...] = values
            return
        if isinstance(values, str | bytes):
            raise TypeError(f"a domain is a range or a tuple of values, not {values!r}")
        self.values = tuple(values)
        for k, value in enumerate(self.values):
            try:
                known = value in self._index
            except TypeError:
                raise TypeError(f"domain value {value!r} is not hashable") from None
            if known:
                raise ValueError(f"domain value {value!r} is listed twice")
            self._index[value] = k

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, k: int) -> Any:
        return self.values[k]

    def __iter__(self) -> Iterator[Any]:
        return iter(self.values)

    def index(self, value: Any) -> int:
        """The number of ``value`` in this domain; KeyError if it is not one of its values."""
        r = self._range
        if r is None:
            try:
                return self._index[value]
            except TypeError:  # unhashable: certainly not a value
                raise KeyError(value) from None
        # Ints only: ``in`` on a range compares any other object with every element.
        try:
            v = operator.index(value)
        except TypeError:
            raise KeyError(value) from None
        if v not in r:
            raise KeyError(value)
        return (v - r.start) // r.step

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Domain) and self.values == other.values \
            and type(self.values) is type(other.values)

    def __hash__(self) -> int:
        return hash(self.values)

    def __repr__(self) -> str:
        return f"Domain({self.values!r})"


class Space:
    """One action (or chance outcome) type with the domain of each of its fields: every
    ``cls(**{field: value})`` with each value from its field's domain.

    ``Space(Fight, card=range(16, 22), mine=range(9))``; a type without fields is
    ``Space(Draw)`` (one item; a bare class given to :class:`Codec` means the same).
    Fields are numbered mixed radix in the order named here, the first the most
    significant; every ``__init__`` field of the dataclass needs a domain. ``len()`` is how
    many ids the type takes. TypeError for a class that is not a dataclass or a wrong set
    of fields.
    """

    __slots__ = ("_coders", "_strides", "cls", "domains", "fields", "size")

    def __init__(self, cls: type, /, **domains: range | Iterable[Hashable] | Domain) -> None:
        if not isinstance(cls, type) or not dataclasses.is_dataclass(cls):
            raise TypeError(f"an action type is a dataclass, not {cls!r}")
        wanted = [f.name for f in dataclasses.fields(cls) if f.init]
        if sorted(wanted) != sorted(domains):
            raise TypeError(
                f"{cls.__name__} has the fields ({', '.join(wanted)}); domains were given "
                f"for ({', '.join(domains)})")
        self.cls = cls
        self.fields: tuple[str, ...] = tuple(domains)
        self.domains: tuple[Domain, ...] = tuple(Domain(d) for d in domains.values())
        sizes = [len(d) for d in self.domains]
        self.size: int = math.prod(sizes)
        self._strides: tuple[int, ...] = tuple(math.prod(sizes[i + 1:])
                                               for i in range(len(sizes)))
        self._coders = tuple(zip(map(operator.attrgetter, self.fields),
                                 (d.index for d in self.domains), self._strides, strict=True))

    def __len__(self) -> int:
        return self.size

    def encode(self, item: Any) -> int:
        """The number of ``item`` (an instance of the type) within the type; KeyError if a
        field's value is not in its domain."""
        number = 0
        for get, index, stride in self._coders:
            number += index(get(item)) * stride
        return number

    def items(self) -> Iterator[Any]:
        """Every instance of the type, in id order (what a small numbering lists once)."""
        cls, fields = self.cls, self.fields
        positional = fields == tuple(f.name for f in dataclasses.fields(cls) if f.init)
        for values in itertools.product(*(d.values for d in self.domains)):
            yield cls(*values) if positional else cls(**dict(zip(fields, values, strict=True)))

    def decode(self, number: int) -> Any:
        """The instance numbered ``number`` (``0 <= number < len(self)``) within the type."""
        values = {}
        for name, domain, stride in zip(self.fields, self.domains, self._strides,
                                        strict=True):
            k, number = divmod(number, stride)
            values[name] = domain[k]
        return self.cls(**values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Space) and (self.cls, self.fields, self.domains) == \
            (other.cls, other.fields, other.domains)

    def __hash__(self) -> int:
        return hash((self.cls, self.fields, self.domains))

    def __repr__(self) -> str:
        fields = "".join(f", {n}={d.values!r}" for n, d in zip(self.fields, self.domains,
                                                              strict=True))
        return f"Space({self.cls.__name__}{fields})"


class _Memo(dict[int, Any]):
    """Decoded items of a large numbering by id: a dict that decodes an id it lacks, so
    that a hit costs one dict lookup in C. Bounded: after ``MEMO_SIZE`` items it starts
    again."""

    __slots__ = ("_decode",)

    def __init__(self, decode: Any) -> None:
        super().__init__()
        self._decode = decode

    def __missing__(self, number: int) -> Any:
        if len(self) >= MEMO_SIZE:
            self.clear()
        item = self[number] = self._decode(number)
        return item


class _Decoded(Sequence[Any]):
    """The items of a large numbering as a read-only sequence, decoded on demand."""

    __slots__ = ("_numbering",)

    def __init__(self, numbering: _Numbering) -> None:
        self._numbering = numbering

    def __len__(self) -> int:
        return self._numbering.size

    @overload
    def __getitem__(self, number: int) -> Any: ...
    @overload
    def __getitem__(self, number: slice) -> tuple[Any, ...]: ...

    def __getitem__(self, number: int | slice) -> Any:
        numbering = self._numbering
        if isinstance(number, slice):
            return tuple(numbering.table[i] for i in range(numbering.size)[number])
        number = operator.index(number)
        if number < 0:
            number += numbering.size
        if not 0 <= number < numbering.size:
            raise IndexError(f"{numbering.what} {number} is not in range({numbering.size})")
        return numbering.table[number]

    def __contains__(self, item: object) -> bool:
        try:
            self._numbering.encode(item)
        except KeyError:
            return False
        return True

    def index(self, item: Any, start: int = 0, stop: int | None = None) -> int:
        number = self._numbering.encode(item)
        if not start <= number < (self._numbering.size if stop is None else stop):
            raise ValueError(f"{item!r} is not in this part of the numbering")
        return number

    def __repr__(self) -> str:
        return f"<{self._numbering.size} {self._numbering.what}s, decoded on demand>"


class _Numbering:
    """One numbering (decisions, or chance outcomes): the types laid end to end."""

    def __init__(self, spaces: Iterable[Space | type], what: str) -> None:
        self.what = what
        self.spaces: tuple[Space, ...] = tuple(
            s if isinstance(s, Space) else self._bare(s) for s in spaces)
        self.by_type: dict[type, tuple[int, Space]] = {}
        self.types: dict[str, type] = {}
        starts, nonempty = [], []
        offset = 0
        for space in self.spaces:
            name = type_name(space.cls)
            if space.cls in self.by_type:
                raise ValueError(f"{what} type {space.cls.__name__} is listed twice")
            if name in self.types:
                raise ValueError(f"{what} types {self.types[name].__name__} and "
                                 f"{space.cls.__name__} have the same JSON name {name!r}")
            self.by_type[space.cls] = (offset, space)
            self.types[name] = space.cls
            if space.size:
                starts.append(offset)
                nonempty.append(space)
            offset += space.size
        self.size = offset
        self._starts: list[int] = starts
        self._nonempty: tuple[Space, ...] = tuple(nonempty)
        self.table: tuple[Any, ...] | _Memo = (
            tuple(itertools.chain.from_iterable(s.items() for s in self.spaces))
            if offset <= SMALL else _Memo(self.decode))
        self.items: Sequence[Any] = (self.table if isinstance(self.table, tuple)
                                     else _Decoded(self))

    def _bare(self, cls: Any) -> Space:
        if isinstance(cls, type):
            return Space(cls)
        raise TypeError(f"a codec takes {self.what} types (a Space, or a dataclass without "
                        f"fields), not {cls!r}")

    def encode(self, item: Any) -> int:
        found = self.by_type.get(type(item))
        if found is None:
            raise KeyError(item)
        offset, space = found
        return offset + space.encode(item)

    def decode(self, number: int) -> Any:
        if not 0 <= number < self.size:
            raise IndexError(f"{self.what} {number} is not in range({self.size})")
        k = bisect.bisect_right(self._starts, number) - 1
        return self._nonempty[k].decode(number - self._starts[k])

    def to_json(self, item: Any) -> dict[str, Any]:
        name, fields = _json_shape(type(item))
        out: dict[str, Any] = {"type": name}
        for field in fields:
            out[field] = getattr(item, field)
        return out

    def from_json(self, data: Any) -> int:
        if not isinstance(data, Mapping):
            raise IllegalActionError(f"an {self.what} is a JSON object, not {data!r}")
        kind = data.get("type")
        if not isinstance(kind, Hashable) or kind not in self.types:
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
            number = self.encode(cls(**values))
        except (KeyError, TypeError):
            raise IllegalActionError(f"there is no {self.what} {data!r} in this game") from None
        if "action" in data and data["action"] != number:
            raise IllegalActionError(
                f"{self.what} {kind!r} with these fields is {number}, not {data['action']!r}")
        return number

    def __repr__(self) -> str:
        return "[" + ", ".join(map(repr, self.spaces)) + "]"


class Codec:
    """The numbering of a game's actions (decisions) and of its chance outcomes.

    ``actions`` and ``outcomes``: the types of each numbering in id order, each a
    :class:`Space` (a type with its fields' domains) or a dataclass without fields. Building
    costs a few operations per type, whatever the number of ids (a numbering of at most
    :data:`SMALL` ids also decodes each id once). TypeError or ValueError for a malformed
    declaration (not a dataclass, fields without domains, a type or a domain value twice).

    ``encode(action)`` is the id of a structured action (KeyError if the game has no such
    action), ``decode(id)`` the structured action of an id (IndexError outside
    ``range(num_actions)``); likewise ``encode_outcome`` and ``decode_outcome``.
    ``actions[i]`` / ``outcomes[j]`` read the same as sequences (tuples for small numberings).
    """

    def __init__(self, actions: Iterable[Space | type],
                 outcomes: Iterable[Space | type] = ()) -> None:
        self._actions = _Numbering(actions, "action")
        self._outcomes = _Numbering(outcomes, "chance outcome")
        self.actions: Sequence[Any] = self._actions.items
        self.outcomes: Sequence[Any] = self._outcomes.items
        self.action_table: tuple[Any, ...] | Mapping[int, Any] = self._actions.table
        """What ``action_table[id]`` reads fastest for a valid id: a tuple of every action
        for a numbering of at most :data:`SMALL` ids, else a bounded memo (a dict that
        decodes the ids it lacks). Only for ids known to be valid (the State's hot path):
        :meth:`decode` checks."""
        self.outcome_table: tuple[Any, ...] | Mapping[int, Any] = self._outcomes.table
        """:attr:`action_table` for the chance outcomes."""

    @property
    def num_actions(self) -> int:
        return self._actions.size

    @property
    def num_outcomes(self) -> int:
        return self._outcomes.size

    @property
    def action_spaces(self) -> tuple[Space, ...]:
        """The action types with their domains, in id order."""
        return self._actions.spaces

    @property
    def outcome_spaces(self) -> tuple[Space, ...]:
        """The chance outcome types with their domains, in id order."""
        return self._outcomes.spaces

    def encode(self, action: Any) -> int:
        """The id of a structured action (KeyError if the game has no such action)."""
        return self._actions.encode(action)

    def encode_outcome(self, outcome: Any) -> int:
        """The id of a structured chance outcome (KeyError if the game has none such)."""
        return self._outcomes.encode(outcome)

    def decode(self, action_id: int) -> Any:
        """The structured action numbered ``action_id`` (IndexError if there is none)."""
        return self._actions.decode(action_id)

    def decode_outcome(self, outcome_id: int) -> Any:
        """The structured chance outcome numbered ``outcome_id`` (IndexError if none)."""
        return self._outcomes.decode(outcome_id)

    def action_to_json(self, action_id: int) -> dict[str, Any]:
        return self._actions.to_json(self.actions[action_id])

    def outcome_to_json(self, outcome_id: int) -> dict[str, Any]:
        return self._outcomes.to_json(self.outcomes[outcome_id])

    def action_from_json(self, data: Any) -> int:
        """The id named by ``{"type": ..., field: value, ...}``; IllegalActionError if none."""
        return self._actions.from_json(data)

    def outcome_from_json(self, data: Any) -> int:
        return self._outcomes.from_json(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Codec) and self.action_spaces == other.action_spaces \
            and self.outcome_spaces == other.outcome_spaces

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Codec(actions={self._actions!r}, outcomes={self._outcomes!r})"
