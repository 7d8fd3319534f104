"""Checking what a command line asks for before anything runs: the game and its edition,
the set-up (players, variant, options with their allowed values and defaults) and the files
and folders a command will write."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ludoteca.core.edition import EditionError
from ludoteca.core.registry import load_game
from ludoteca.core.state import ConfigError, Game
from ludoteca.core.words import joined


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``["stakes=2", "x=y"]`` -> ``{"stakes": "2", "x": "y"}``.

    Values stay strings: the game's pydantic options model converts them to the declared
    type ("2" to 2, "true" to True) and rejects what does not fit, so one set of rules
    serves the command line, the server and Python callers.
    """
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"--option expects key=value, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


def _load(game_id: str, edition: Path | None) -> Game:
    try:
        return load_game(game_id, edition)
    except (ConfigError, EditionError):
        raise
    except Exception as err:  # a broken game plug-in, reported not raised
        raise ConfigError(f"cannot load the game {game_id!r}: {err!r}") from None


def _check_setup(game: Game, players: int, variant: str | None, options: dict[str, str]) -> str:
    """Resolves the variant and validates the options by building the initial state."""
    variant = game.info.resolve(players, variant)
    check_options(game, options)
    game.new_initial_state(players, variant, options)
    return variant


def option_values(field: Any) -> str:
    """What an option accepts, in words: "any or close_or_fight", "a whole number from 0
    to 12", "true or false"."""
    import typing

    import annotated_types

    kinds = [k for k in typing.get_args(field.annotation) or (field.annotation,)
             if k is not type(None)]
    words = []
    for kind in kinds:
        if typing.get_origin(kind) is typing.Literal:
            words.append(joined(map(str, typing.get_args(kind)), "or"))
        elif kind is bool:
            words.append("true or false")
        elif kind in (int, float):
            low = next((m.ge for m in field.metadata if isinstance(m, annotated_types.Ge)), None)
            high = next((m.le for m in field.metadata if isinstance(m, annotated_types.Le)),
                        None)
            text = "a whole number" if kind is int else "a number"
            if low is not None and high is not None:
                text += f" from {low} to {high}"
            elif low is not None:
                text += f", {low} or more"
            elif high is not None:
                text += f", {high} or less"
            words.append(text)
        else:
            words.append(getattr(kind, "__name__", str(kind)))
    return joined(words, "or") or "a value"


def option_default(field: Any) -> str:
    default = field.default
    if default is None:
        return "none"
    if isinstance(default, bool):
        return str(default).lower()
    return str(default)


def check_options(game: Game, options: dict[str, str]) -> None:
    """Each ``--option``, named with what it accepts when it is wrong (never a pydantic
    message): an unknown key lists the game's options, a bad value says what fits."""
    model = game.Options
    title = game.info.title
    if model is None:
        if options:
            raise ConfigError(f"--option {next(iter(options))}: {title} has no options")
        return
    from pydantic import ValidationError

    fields = model.model_fields
    for key, value in options.items():
        if key not in fields:
            known = "; ".join(f"{name} ({option_values(f)}, default {option_default(f)})"
                              for name, f in fields.items())
            raise ConfigError(f"--option {key}={value}: {title} has no option {key!r}. "
                              f"Its options: {known}. See `ludoteca games {game.id}`.")
        try:
            model.model_validate({key: value})
        except ValidationError:
            field = fields[key]
            raise ConfigError(f"--option {key}={value}: {key} must be "
                              f"{option_values(field)} (default {option_default(field)})"
                              ) from None


def check_output_path(path: Path | None, option: str) -> None:
    """Refuses, before any work, a file path that could not be written at the end: a
    folder, a folder that does not exist, a place not writable (ConfigError saying which,
    naming ``option``)."""
    if path is None:
        return
    import os

    if path.is_dir():
        raise ConfigError(f"{option} {path}: is a directory; give a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ConfigError(f"{option} {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ConfigError(f"{option} {path}: not writable")


def check_output_folder(path: Path | None, option: str) -> None:
    """Refuses, before any work, a folder that could not be made or written at the end
    (it may not exist yet; its parent must)."""
    if path is None:
        return
    import os

    if path.exists() and not path.is_dir():
        raise ConfigError(f"{option} {path}: is a file; give a folder name")
    if path.is_dir():
        if not os.access(path, os.W_OK | os.X_OK):
            raise ConfigError(f"{option} {path}: not writable")
        return
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ConfigError(f"{option} {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ConfigError(f"{option} {path}: cannot create it in {parent} (not writable)")
