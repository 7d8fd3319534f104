"""Editions: a game's content (cards, tables, costs) as TOML files validated on load.

Rules live in code; numbers live in an edition. Every number in a shipped edition says
where it came from, so a person who owns the physical game can correct it by writing an
edition file of their own, with no change to the code::

    [deck]
    mines_per_metal = { value = 3, source = "rulebook" }
    desperados = { value = [1, 2, 3], source = "found", note = "gamecabinet rules text" }

``source`` is one of ``rulebook`` (stated by the rulebook), ``found`` (a public source),
``derived`` (follows from the others) or ``assumed`` (a ruling of ours; see
``docs/rulings/<game>.md``). A game declares its schema as pydantic models built from
:class:`EditionFile` and :class:`Sourced`; :func:`load_edition` turns every problem in a
file into one :class:`EditionError` naming the file, the key and what is wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

T = TypeVar("T")
M = TypeVar("M", bound="EditionFile")

Source = Literal["rulebook", "found", "derived", "assumed"]


class Sourced(BaseModel, Generic[T]):
    """A value with its provenance."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    value: T
    source: Source
    note: str = ""


class Section(BaseModel):
    """Base for the tables of an edition: unknown keys are errors, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class EditionFile(Section):
    """The top of every edition file."""

    game: str
    name: str
    description: str = ""


class EditionError(ValueError):
    """A malformed edition file. The message names the file, the key and the problem."""


def load_edition(
    schema: type[M], game_id: str, path: str | Path | None = None, *, text: str | None = None,
    default: Path | None = None,
) -> tuple[M, str]:
    """Reads and validates an edition; returns the model and the TOML text it came from.

    Exactly one of ``path``, ``text`` or ``default`` is used, in that order.
    """
    if path is not None:
        where = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise EditionError(f"{where}: cannot read the edition file ({err.strerror})") from None
    elif text is not None:
        where = "<edition text>"
    elif default is not None:
        where = str(default)
        text = default.read_text(encoding="utf-8")
    else:
        raise EditionError("no edition given")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise EditionError(f"{where}: not valid TOML: {err}") from None
    named = data.get("game")
    if isinstance(named, str) and named != game_id:
        # Said first: the schema's complaints about another game's keys would only confuse.
        raise EditionError(f"{where}: game: this edition is for {named!r}, not {game_id!r}")
    try:
        model = schema.model_validate(data)
    except ValidationError as err:
        problems = [f"{_key(e['loc'])}: {_problem(e)}" for e in err.errors()]
        if len(problems) == 1:
            raise EditionError(f"{where}: {problems[0]}") from None
        # The file named once, then one problem per line.
        lines = [f"{where}: {len(problems)} problems:", *(f"  {p}" for p in problems)]
        raise EditionError("\n".join(lines)) from None
    return model, text


def _key(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _problem(error: Mapping[str, Any]) -> str:
    if error["type"] == "missing":
        return "missing"
    if error["type"] == "extra_forbidden":
        return "unknown key"
    value = error.get("input")
    if error["type"] in ("model_type", "dict_type") and "Sourced" in error["msg"]:
        # A bare value where a sourced one belongs: show the form it must take.
        shown = value if isinstance(value, int | float | list) else repr(value)
        return (f"write it with its source, e.g. "
                f"{{ value = {shown}, source = \"rulebook\" }} (got a bare {value!r}); "
                "source is rulebook, found, derived or assumed")
    value = error.get("input")
    shown = "" if isinstance(value, dict) else f" (got {value!r})"
    return f"{error['msg']}{shown}"


def provenance(model: BaseModel, prefix: str = "") -> Iterator[tuple[str, Any, str, str]]:
    """Every sourced value of an edition as (key, value, source, note)."""
    for name in type(model).model_fields:
        item = getattr(model, name)
        key = f"{prefix}{name}"
        if isinstance(item, Sourced):
            yield key, item.value, item.source, item.note
        elif isinstance(item, BaseModel):
            yield from provenance(item, key + ".")
        elif isinstance(item, dict):
            for k, v in item.items():
                if isinstance(v, Sourced):
                    yield f"{key}.{k}", v.value, v.source, v.note
                elif isinstance(v, BaseModel):
                    yield from provenance(v, f"{key}.{k}.")
        elif isinstance(item, list | tuple):
            for i, v in enumerate(item):
                if isinstance(v, BaseModel):
                    yield from provenance(v, f"{key}[{i}].")
