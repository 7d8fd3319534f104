"""The lobby's catalogue: every registered game with its set-ups, options and a summary.

Everything here is read from the game (its :class:`~ludoteca.core.state.GameInfo`, its
options model and its ``summary.md``): the server holds no game's words.
"""

from __future__ import annotations

import inspect
import re
from typing import Any

from ludoteca.agents.strengths import STRENGTHS, strength_spec
from ludoteca.core.registry import game_ids, game_summary, load_errors, load_game
from ludoteca.core.state import Game
from ludoteca.server.views import humanize


def summary(game: Game) -> list[str]:
    """A few sentences on how the game plays, all from the game: its description
    (:class:`~ludoteca.core.state.GameInfo`) and the first paragraph of its rules summary
    (``summary.md``, after the title line); for a game without one, the first paragraph of
    the docstring of the module that defines it."""
    parts = []
    if game.info.description:
        parts.append(game.info.description)
    text = game_summary(game)
    if text is not None:
        first = _first_paragraph(text, after_title=True)
    else:
        module = inspect.getmodule(type(game))
        doc = inspect.getdoc(module) if module is not None else None
        first = _first_paragraph(doc or "", after_title=False)
    if first and first not in parts:
        parts.append(first)
    return parts or ["No summary yet."]


def _first_paragraph(text: str, *, after_title: bool) -> str:
    """The first paragraph of ``text`` on one line ("" if none); with ``after_title``, a
    first block of one line is the title and is skipped."""
    blocks = [b.strip() for b in text.replace("\r\n", "\n").split("\n\n") if b.strip()]
    if after_title and len(blocks) > 1 and "\n" not in blocks[0]:
        blocks = blocks[1:]
    return " ".join(blocks[0].split()) if blocks else ""


_RULING = re.compile(r"\s*[—-]+\s*rulings?\s+(R\d+(?:(?:,\s*|\s+and\s+)R\d+)*)\s*$")


def plain_help(description: str) -> tuple[str, list[str]]:
    """An option's description without its trailing "— ruling R20" (the rulings it
    refers to come apart, for a link to the rules page): ``(text, ["R20"])``."""
    found = _RULING.search(description)
    if found is None:
        return description, []
    return description[:found.start()].rstrip(), re.findall(r"R\d+", found.group(1))


def option_fields(game: Game) -> list[dict[str, Any]]:
    """The rule switches as form fields: name, label (the field's title), kind, default,
    choices with their labels, bounds, help in plain words, the rulings it refers to and
    the variants it applies to (a game says so with ``json_schema_extra={"variants": [...],
    "choice_labels": {...}}`` on the field)."""
    if game.Options is None:
        return []
    schema = game.Options.model_json_schema()
    out = []
    for name, prop in schema.get("properties", {}).items():
        help_text, rulings = plain_help(prop.get("description", ""))
        field: dict[str, Any] = {
            "name": name,
            "label": prop.get("title") or humanize(name),
            "default": prop.get("default"),
            "help": help_text,
            "rulings": rulings,
            # the variants the switch changes anything in (None: every variant)
            "variants": prop.get("variants"),
            "choice_labels": prop.get("choice_labels") or {},
            "optional": False,
        }
        choices = prop.get("anyOf")
        if choices:  # Optional[X]: X, or empty for "none" (the game's default)
            kinds = [c for c in choices if c.get("type") != "null"]
            field["optional"] = len(kinds) < len(choices)
            prop = {**prop, **(kinds[0] if len(kinds) == 1 else {})}
        if "enum" in prop:
            field["kind"], field["choices"] = "choice", list(prop["enum"])
            for choice in field["choices"]:  # "any card (any)": the label says it
                field["help"] = field["help"].replace(f" ({choice})", "")
        elif prop.get("type") == "boolean":
            field["kind"] = "bool"
        elif prop.get("type") in ("integer", "number"):
            field["kind"] = prop["type"]
            for key in ("minimum", "maximum"):
                if key in prop:
                    field[key] = prop[key]
        else:
            field["kind"] = "text"
        out.append(field)
    return out


def game_entry(game: Game) -> dict[str, Any]:
    info = game.info
    return {
        "id": game.id,
        "title": info.title,
        "description": info.description,
        "summary": summary(game),
        "rules": game_summary(game),
        "player_counts": list(info.player_counts),
        "teams": info.teams,
        "variants": [{"id": v.id, "players": list(v.player_counts),
                      "description": v.description} for v in info.variants],
        "options": option_fields(game),
        "bots": {name: strength_spec(name, game) for name in STRENGTHS},
    }


def catalog() -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Every game that loads, and the ids of those that do not with the reason."""
    games, broken = [], {}
    for game_id in game_ids():
        try:
            games.append(game_entry(load_game(game_id)))
        except Exception as err:  # one broken game must not hide the others
            broken[game_id] = f"{type(err).__name__}: {err}"
    for game_id, reason in load_errors.items():
        broken.setdefault(game_id, reason)
    return games, broken
