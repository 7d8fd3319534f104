"""The game registry.

A game is registered in one place. The games of this package are the subpackages of
``ludoteca.games`` whose ``__init__`` names their Game class as ``GAME``; nothing else lists
them. A third-party package adds a game by declaring, in its own ``pyproject.toml``::

    [project.entry-points."ludoteca.games"]
    mygame = "mypackage.mygame:MyGame"

where ``MyGame`` is a :class:`~ludoteca.core.state.Game` subclass whose constructor takes an
optional edition (a path, or ``None`` for the edition it ships). :func:`register` adds a
game class at run time (tests, notebooks).

Fronts find a game's companions by module name (:func:`game_module`): ``render`` (the
terminal view) and ``bots`` (the heuristic bot) beside the module that defines the Game
class; and its files by name (:func:`game_resource`): ``summary.md`` (the rules in short)
and the browser's board in ``web/`` (``board.html``, ``table.html``, ``board.css``).
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib import resources
from importlib.metadata import entry_points
from importlib.resources.abc import Traversable
from pathlib import Path
from types import ModuleType
from typing import Any

from ludoteca.core.state import ConfigError, Game

BUILTIN_PACKAGE = "ludoteca.games"

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


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    found: dict[str, Any] = {}
    for ep in entry_points(group="ludoteca.games"):
        found[ep.name] = ep
    package = importlib.import_module(BUILTIN_PACKAGE)
    loaders = {
        info.name: (lambda name=info.name: importlib.import_module(
            f"{BUILTIN_PACKAGE}.{name}").GAME)
        for info in pkgutil.iter_modules(package.__path__) if info.ispkg
    }
    for game_id, ep in found.items():
        loaders.setdefault(game_id, ep.load)
    for game_id, load in loaders.items():
        if game_id in _classes:
            continue
        try:
            cls = load()
        except Exception as err:  # a broken plug-in is reported, not fatal
            load_errors[game_id] = f"{type(err).__name__}: {err}"
            continue
        _classes[getattr(cls, "id", game_id)] = cls


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


def game_module(game: Game, name: str) -> ModuleType | None:
    """The companion module ``name`` (``render``, ``bots``) of a game's package,
    or None if the game has none. A game written as a single module (a toy, a notebook)
    is its own companion: its module is returned, and callers look for the function they
    need in it (``render``, ``heuristic_action``)."""
    module = type(game).__module__
    if not _is_package(module):
        return importlib.import_module(module)
    base = module
    try:
        return importlib.import_module(f"{base}.{name}")
    except ModuleNotFoundError as err:
        if err.name == f"{base}.{name}":
            return None
        raise


def _is_package(module_name: str) -> bool:
    module = importlib.import_module(module_name)
    return hasattr(module, "__path__")


def game_resource(game: Game, *parts: str) -> Traversable | None:
    """A file the game's package ships, by its path inside the package:
    ``game_resource(game, "summary.md")``, ``game_resource(game, "web", "board.css")``.

    None when there is no such file, or when the game is written as a single module (only
    a package ships files). Read it with ``.read_text(encoding="utf-8")`` or
    ``.read_bytes()``; it may sit inside a zip, so it is not always a
    :class:`~pathlib.Path`.

    Raises ValueError when a part is not one plain name (empty, ``.``, ``..``, hidden,
    or holding a path separator): nothing outside the package can be named, whatever a
    front was sent.
    """
    for part in parts:
        if (not part or part.startswith(".") or "/" in part or "\\" in part
                or "\0" in part):
            raise ValueError(f"{part!r} is not the name of a file in a game's package")
    module = type(game).__module__
    if not _is_package(module):
        return None
    resource = resources.files(module)
    for part in parts:
        resource = resource.joinpath(part)
    return resource if resource.is_file() else None


def game_summary(game: Game) -> str | None:
    """The game's rules in short (``summary.md`` in its package), or None if it ships none.

    The file is plain text: a title line, a blank line, then paragraphs (the first says
    the goal: the lobby shows it under the game's description)."""
    resource = game_resource(game, "summary.md")
    return None if resource is None else resource.read_text(encoding="utf-8")
