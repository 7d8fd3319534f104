"""The lobby's catalogue: every registered game with its set-ups, options and a summary."""

from __future__ import annotations

import inspect
import re
from typing import Any

from ludoteca.core.registry import game_ids, load_errors, load_game
from ludoteca.core.state import Game
from ludoteca.server.bots import STRENGTHS, spec_for
from ludoteca.server.views import humanize

SUMMARIES: dict[str, list[str]] = {
    "desperados": [
        "Prospectors in the Old West. On your turn you do exactly one thing: draw a card, "
        "pass a card to your partner (partnership game), or play a card face up.",
        "Mine cards open gold, silver or copper mines; chest cards of the same metal work "
        "them (a double chest laid first doubles every later chest). Only a closed mine "
        "scores, so a closing card banks a mine, and it may close anyone's mine.",
        "A Desperado laid on an opponent's mine starts a fight: the other players get one "
        "turn each to add Desperados, and the side with the higher total takes or keeps "
        "the mine (defenders win ties). Rounds are scored until a side reaches the target.",
    ],
    "douro1872": [
        "Port-wine growers fill the Rabelo boats. Everyone holds the same barrel cards "
        "(0–4 and 6–10); each Rabelo card is disputed by everyone laying one card face "
        "down, then all are revealed and added up.",
        "If the barrels reach the boat's order, the highest card gains points; if not, the "
        "lowest loses points. Fog cards twist a dispute (bigger stakes, cards back to "
        "hand, reversed order, nothing at all…).",
        "The phylloxera card loses every tie it is part of and then moves on. Halfway, "
        "each grower gives one card to charity: the lowest gift loses a point, the "
        "highest gains one. With two players the ghost D. Sebastião plays too, and can win.",
    ],
}


def summary(game: Game) -> list[str]:
    """A few sentences on how the game plays, in our own words (falls back to the
    game's description and the first paragraph of its package docstring)."""
    if game.id in SUMMARIES:
        return SUMMARIES[game.id]
    parts = []
    if game.info.description:
        parts.append(game.info.description)
    module = inspect.getmodule(type(game))
    doc = inspect.getdoc(module) if module is not None else None
    if doc:
        first = doc.split("\n\n")[0].replace("\n", " ").strip()
        if first and first not in parts:
            parts.append(first)
    return parts or ["No summary yet."]


def rules_text(game: Game) -> str | None:
    """The game's longer rules summary (``summary.md`` in its package), if it ships one."""
    from importlib import resources

    try:
        return resources.files(type(game).__module__).joinpath("summary.md").read_text(
            encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, TypeError, ModuleNotFoundError):
        return None


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
        "rules": rules_text(game),
        "player_counts": list(info.player_counts),
        "teams": info.teams,
        "variants": [{"id": v.id, "players": list(v.player_counts),
                      "description": v.description} for v in info.variants],
        "options": option_fields(game),
        "bots": {name: spec_for(game, name) for name in STRENGTHS},
    }


def catalog() -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Every game that loads, and the ids of those that do not with the reason."""
    games, broken = [], {}
    for game_id in game_ids():
        try:
            games.append(game_entry(load_game(game_id)))
        except Exception as err:  # one broken game must not hide the others
            broken[game_id] = f"{type(err).__name__}: {err}"
    for game_id, err in load_errors.items():
        broken.setdefault(game_id, err)
    return games, broken
