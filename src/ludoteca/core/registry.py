"""The game registry.

Games are found through the ``ludoteca.games`` entry-point group, so a third-party package
adds a game by declaring, in its own ``pyproject.toml``::

    [project.entry-points."ludoteca.games"]
    mygame = "mypackage.mygame:MyGame"

where ``MyGame`` is a :class:`~ludoteca.core.state.Game` subclass whose constructor takes an
optional edition (a path, or ``None`` for the edition it ships). The games of this
package are also listed in :data:`BUILTIN`, so a source checkout that was never installed
still finds them. :func:`register` adds a game class at run time (tests, notebooks).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from ludoteca.core.state import ConfigError, Game

BUILTIN: dict[str, str] = {
    "desperados": "ludoteca.games.desperados:Desperados",
    "douro1872": "ludoteca.games.douro1872:Douro1872",
}

_classes: dict[str, Any] = {}
load_errors: dict[str, str] = {}
"""Games that were found but failed to import, with the error (one broken plug-in must not
hide every other game)."""
_discovered = False
_default_games: dict[str, Game] = {}


def register(game_class: Any, game_id: str | None = None) -> Any:
    """Adds a game class; usable as a decorator."""
    game_id = game_id or game_class.id
    _classes[game_id] = game_class
    _default_games.pop(game_id, None)
    return game_class


def _load_reference(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    found: dict[str, Any] = {}
    for ep in entry_points(group="ludoteca.games"):
        found[ep.name] = ep
    loaders = {game_id: (lambda ref=ref: _load_reference(ref)) for game_id, ref in BUILTIN.items()}
    for game_id, ep in found.items():
        loaders.setdefault(game_id, ep.load)
    for game_id, load in loaders.items():
        if game_id in _classes:
            continue
        try:
            _classes[game_id] = load()
        except Exception as err:  # a broken plug-in is reported, not fatal
            load_errors[game_id] = f"{type(err).__name__}: {err}"


def game_ids() -> list[str]:
    """Ids of every known game, sorted."""
    _discover()
    return sorted(_classes)


def load_game(game_id: str, edition: str | Path | None = None, *, edition_text: str | None = None
              ) -> Game:
    """The game ``game_id`` with its shipped edition, or with an edition file or text.

    Raises :class:`ConfigError` for an unknown id and
    :class:`~ludoteca.core.edition.EditionError` for a malformed edition.
    """
    _discover()
    if game_id in load_errors and game_id not in _classes:
        raise ConfigError(f"game {game_id!r} failed to load: {load_errors[game_id]}")
    if game_id not in _classes:
        raise ConfigError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    cls = _classes[game_id]
    if edition is None and edition_text is None:
        if game_id not in _default_games:
            _default_games[game_id] = cls()
        return _default_games[game_id]
    return cls(edition, edition_text=edition_text)
