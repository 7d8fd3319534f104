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

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

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


def make_environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["humanize"] = humanize
    env.filters["num"] = lambda x: f"{x:g}" if isinstance(x, float) else str(x)
    env.globals["pick"] = pick_attr
    return env


def pick_attr(**fields: Any) -> Markup:
    """``data-pick`` attribute of a board element that stands for action fields: clicking
    it narrows the legal actions to those with these field values (see match.js)."""
    import json

    from markupsafe import escape

    return Markup(f' data-pick="{escape(json.dumps(fields, separators=(",", ":")))}"')


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
    if not won:
        table = ", ".join(f"{_names(g, seats, viewer)} {_fmt(side_score(g))}" for g in groups)
        return f"Nobody at the table won ({table})."
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
    """Renders a game's board for a viewer: ``boards/<game id>.html`` or the generic one."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self._templates: dict[str, Any] = {}

    def template(self, game_id: str) -> Any:
        template = self._templates.get(game_id)
        if template is None:
            name = f"boards/{game_id}.html"
            if not (TEMPLATES / name).is_file():
                name = "boards/generic.html"
            template = self._templates[game_id] = self.env.get_template(name)
        return template

    def render(self, game_id: str, *, obs: dict[str, Any], viewer: int | None,
               actions: list[dict[str, Any]], seats: Sequence[SeatInfo], title: str,
               num_players: int, variant: str, to_act: int) -> str:
        return self.template(game_id).render(
            obs=obs, viewer=viewer, actions=actions, seats=seats, title=title,
            num_players=num_players, variant=variant, to_act=to_act,
        )


def board_for(boards: Boards, state: State, viewer: int | None, seats: Sequence[SeatInfo],
              actions: list[dict[str, Any]] | None = None) -> str:
    return boards.render(
        state.game.id,
        obs=state.observation(viewer),
        viewer=viewer,
        actions=legal_for(state, viewer) if actions is None else actions,
        seats=seats,
        title=state.title,
        num_players=state.num_players,
        variant=state.variant,
        to_act=state.current_player(),
    )
