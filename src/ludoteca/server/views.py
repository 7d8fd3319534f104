"""What a viewer is shown, built only from what that viewer may see.

Every function here that builds something for a viewer reads the state through the public,
per-viewer API only: ``observation(viewer)``, ``prompt(viewer)``, the events
``viewer`` saw (described by ``describe_event``), the legal actions when it is the
viewer's turn, and at the end the scores and winners (public by then). The board templates
are handed the observation, never the state, so a template cannot leak what the seat may
not know. The leak scan in the tests checks that what one seat is sent does not change
when every card it cannot see is resampled.
"""

from __future__ import annotations

import functools
import html
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import escape

from ludoteca.core.events import Event
from ludoteca.core.state import CHANCE, TERMINAL, State

TEMPLATES = Path(__file__).with_name("templates")
STATIC = Path(__file__).with_name("static")


@dataclass(frozen=True)
class SeatInfo:
    """A seat as everyone may know it: who sits there (never its token)."""

    seat: int
    kind: str  # "human" or "bot"
    agent: str | None
    name: str

    def label(self) -> str:
        return f"Seat {self.seat} · {self.name}"


def humanize(key: Any) -> str:
    text = str(key).replace("_", " ")
    text = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)
    return text[:1].upper() + text[1:]


def _common(env: Environment) -> Environment:
    env.filters["humanize"] = humanize
    env.filters["num"] = lambda x: f"{x:g}" if isinstance(x, float) else str(x)
    env.globals["pick"] = pick_attr
    env.filters["pick"] = pick_filter
    env.filters["first_word"] = lambda text: text.split(" ", 1)[0]
    env.filters["ends_with"] = lambda text, end: text.endswith(end)
    return env


def make_environment() -> Environment:
    """The pages' templates (autoescaped)."""
    return _common(Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    ))


def make_board_environment() -> Environment:
    """The boards' templates: rendered several times per move, so they skip Jinja's
    per-output escaping; instead *every* string of their context is escaped before they
    see it (:func:`escaped`), so nothing a game or a player wrote reaches a page raw."""
    return _common(Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
    ))


def pick_attr(**fields: Any) -> str:
    """``data-pick`` attribute of a board element that stands for action fields: clicking
    it narrows the legal actions to those with these field values (see match.js). String
    values arrive escaped (a board's context is) and are unescaped for the JSON."""
    try:
        return _pick(tuple(fields.items()))
    except TypeError:  # an unhashable value
        return _pick_uncached(fields)


def pick_filter(fields: dict[str, Any]) -> str:
    """``{{ {"mine": m.mine}|pick }}``: :func:`pick_attr` as a filter (templates call
    filters directly, functions through Jinja's slower call protocol)."""
    try:
        return _pick(tuple(fields.items()))
    except TypeError:
        return _pick_uncached(fields)


@functools.lru_cache(maxsize=4096)
def _pick(items: tuple[tuple[str, Any], ...]) -> str:
    return _pick_uncached(dict(items))


def _pick_uncached(fields: dict[str, Any]) -> str:
    plain = {k: html.unescape(v) if isinstance(v, str) else v for k, v in fields.items()}
    text = json.dumps(plain, separators=(",", ":"))
    return f' data-pick="{escape(text)}"'


class Obs(Mapping):  # type: ignore[type-arg]
    """A read-only view of a dict for board templates: its strings (keys too) come out
    HTML-escaped, and only the parts a template reads are escaped (lazily). Templates
    read keys as attributes (``obs.hand``) as Jinja does for plain dicts, without Jinja's
    failed-getattr detour."""

    __slots__ = ("_data",)

    def __init__(self, data: dict[Any, Any]) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        try:
            return escaped(self._data[name])
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, key: Any) -> Any:
        data = self._data
        if key not in data and isinstance(key, str):
            key = html.unescape(key)  # a key as iteration showed it (escaped)
        return escaped(data[key])

    def __iter__(self) -> Any:
        return (_esc(k) if type(k) is str else k for k in self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data or (isinstance(key, str) and html.unescape(key) in self._data)

    def items(self) -> Any:  # type: ignore[override]
        return [(_esc(k) if type(k) is str else k, escaped(v)) for k, v in self._data.items()]

    def values(self) -> Any:  # type: ignore[override]
        return [escaped(v) for v in self._data.values()]


_ESCAPED: dict[str, str] = {}


def _esc(text: str) -> str:
    out = _ESCAPED.get(text)
    if out is None:
        out = html.escape(text, quote=True)
        if len(_ESCAPED) < 100_000:  # card names, metals, ... repeat on every board
            _ESCAPED[text] = out
    return out


def escaped(value: Any) -> Any:
    """``value`` with every string HTML-escaped: strings now, dicts as they are read
    (:class:`Obs`), lists element by element."""
    kind = type(value)
    if kind is str:
        return _esc(value)
    if value is None or kind is int or kind is float or kind is bool:
        return value
    if kind is dict:
        return Obs(value)
    if kind is list or kind is tuple:
        return [escaped(v) for v in value]
    if kind is Obs:
        return value
    return _esc(str(value))


# ----- words ---------------------------------------------------------------------------


def log_entries(state: State, viewer: int | None, move_events: Sequence[tuple[Event, ...]],
                start: int = 0) -> list[dict[str, Any]]:
    """The move log of ``viewer`` for moves ``start+1 ...``: every event it saw, in words."""
    out: list[dict[str, Any]] = []
    for i in range(start, len(move_events)):
        for event in move_events[i]:
            if event.visible_to(viewer):
                out.append({"n": i + 1, "text": state.describe_event(event, viewer)})
    return out


def turn_text(state: State, viewer: int | None, seats: Sequence[SeatInfo]) -> str:
    player = state.current_player()
    if player == TERMINAL:
        return "Game over"
    if player == CHANCE:
        return "Chance is being resolved"
    if player == viewer:
        return "Your turn"
    return f"{seats[player].label()} to play"


def _fmt(x: float) -> str:
    return f"{x:g}".replace("-", "−")


def _versus(a: float, b: float) -> str:
    """"69–40", or "4 to −1" when a score is negative (a dash would read as a minus)."""
    return f"{_fmt(a)}–{_fmt(b)}" if a >= 0 and b >= 0 else f"{_fmt(a)} to {_fmt(b)}"


def _names(group: Sequence[int], seats: Sequence[SeatInfo], viewer: int | None) -> str:
    parts = ["you" if s == viewer else seats[s].label() for s in group]
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def result_text(state: State, viewer: int | None, seats: Sequence[SeatInfo]) -> str | None:
    """The end in words for ``viewer``: "You won 45–30.", "Your partnership lost 40–69."."""
    if not state.is_terminal():
        return None
    scores = state.scores()
    winners = set(state.winners())
    n = state.num_players
    sides: dict[int, list[int]] = {}
    for seat in range(n):
        sides.setdefault(state.team_of(seat), []).append(seat)
    groups = list(sides.values())
    teams = any(len(g) > 1 for g in groups)

    def side_score(group: list[int]) -> float:
        values = [scores[s] for s in group]
        return values[0] if len(set(values)) == 1 else sum(values)

    won = [g for g in groups if winners & set(g)]
    lost = [g for g in groups if not winners & set(g)]
    if not won:  # a player who is not a seat won (e.g. a ghost): the game says who
        table = ", ".join(f"{_names(g, seats, viewer)} {_fmt(side_score(g))}" for g in groups)
        last = state.prompt(viewer).rstrip(".")
        if last.lower() in ("", "the game is over"):
            return f"Nobody at the table won ({table})."
        return f"{last} ({table})."
    best_loser = max((side_score(g) for g in lost), default=None)
    mine = next((g for g in groups if viewer in g), None)
    side_word = "Your partnership" if teams else "You"
    if mine is not None and mine in won:
        if len(won) > 1:
            others = [g for g in won if g is not mine]
            with_whom = " and ".join(_names(g, seats, viewer) for g in others)
            return f"{side_word} shared the win with {with_whom} ({_fmt(side_score(mine))})."
        if best_loser is None:
            return f"{side_word} won ({_fmt(side_score(mine))})."
        return f"{side_word} won {_versus(side_score(mine), best_loser)}."
    top = max(won, key=side_score)
    if mine is not None:
        return (f"{side_word} lost {_versus(side_score(mine), side_score(top))}: "
                f"{_names(top, seats, viewer)} won.")
    names = " and ".join(_names(g, seats, viewer) for g in won)
    if best_loser is None:
        return f"{names} won."
    return f"{names} won {_versus(side_score(top), best_loser)}."


def legal_for(state: State, viewer: int | None) -> list[dict[str, Any]]:
    """The viewer's legal actions with labels and fields, or [] when it is not to act."""
    if viewer is None or state.current_player() != viewer:
        return []
    return [state.action_to_json(a) for a in state.legal_actions()]


# ----- boards --------------------------------------------------------------------------


class Boards:
    """Renders a game's board for a viewer: ``boards/<game id>.html`` or the generic one.

    A board's context: ``obs`` (the viewer's observation), ``viewer`` (a seat, or None for a
    spectator), ``names`` ("you" or each seat's name), ``seats`` (seat, kind, name),
    ``title``, ``num_players``, ``variant``, ``to_act``; every string already escaped.

    A game may split off the part every viewer sees alike as ``boards/<game id>.table.html``:
    it is rendered once per change from the *spectator's* observation (``viewer`` None,
    ``names`` without "you") and handed to each viewer's board as ``table``, so a change
    costs one table and a small private part per viewer, and the shared part cannot show
    anything private by construction.
    """

    def __init__(self, env: Environment | None = None) -> None:
        self.env = env or make_board_environment()
        self._templates: dict[str, Any] = {}

    def _get(self, name: str, fallback: str | None) -> Any:
        if name not in self._templates:
            if (TEMPLATES / name).is_file():
                self._templates[name] = self.env.get_template(name)
            else:
                self._templates[name] = (None if fallback is None
                                         else self.env.get_template(fallback))
        return self._templates[name]

    def template(self, game_id: str) -> Any:
        return self._get(f"boards/{game_id}.html", "boards/generic.html")

    def table_template(self, game_id: str) -> Any:
        return self._get(f"boards/{game_id}.table.html", None)

    @staticmethod
    def _context(obs: dict[str, Any], viewer: int | None, seats: Sequence[SeatInfo],
                 title: str, num_players: int, variant: str, to_act: int) -> dict[str, Any]:
        names = ["you" if s.seat == viewer else s.name for s in seats]
        return {
            "obs": escaped(obs), "viewer": viewer, "names": escaped(names),
            "seats": escaped([{"seat": s.seat, "kind": s.kind, "name": s.name}
                              for s in seats]),
            "title": escaped(title), "num_players": num_players,
            "variant": escaped(variant), "to_act": to_act,
        }

    def render(self, game_id: str, *, obs: dict[str, Any], viewer: int | None,
               seats: Sequence[SeatInfo], title: str, num_players: int, variant: str,
               to_act: int, table: str | None = None) -> str:
        """The board of ``viewer``: a function of its observation and public facts only
        (the legal moves are not an input: match.js marks which elements can be picked)."""
        context = self._context(obs, viewer, seats, title, num_players, variant, to_act)
        return self.template(game_id).render(table=table or "", **context)

    def render_table(self, game_id: str, *, public: dict[str, Any],
                     seats: Sequence[SeatInfo], title: str, num_players: int, variant: str,
                     to_act: int) -> str | None:
        template = self.table_template(game_id)
        if template is None:
            return None
        return template.render(**self._context(public, None, seats, title, num_players,
                                               variant, to_act))


def table_for(boards: Boards, state: State, seats: Sequence[SeatInfo]) -> str | None:
    """The shared part of the board (None if the game's board has none)."""
    if boards.table_template(state.game.id) is None:
        return None
    return boards.render_table(
        state.game.id, public=state.observation(None), seats=seats, title=state.title,
        num_players=state.num_players, variant=state.variant, to_act=state.current_player())


def board_for(boards: Boards, state: State, viewer: int | None,
              seats: Sequence[SeatInfo], table: str | None = None) -> str:
    if table is None:
        table = table_for(boards, state, seats)
    return boards.render(
        state.game.id,
        obs=state.observation(viewer),
        viewer=viewer,
        seats=seats,
        title=state.title,
        num_players=state.num_players,
        variant=state.variant,
        to_act=state.current_player(),
        table=table,
    )
