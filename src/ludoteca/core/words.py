"""Words every front shares: seat names, "you", lists, plurals, the result sentence.

A game's words (its ``_describe_event``, its steps' prompts, its action labels) name a seat
through :func:`seat_name` / :func:`seats_name` and never spell "seat N" themselves, so that
whoever shows the words can put names on the seats: the server says "Ana draws a card"
and "normal bot attacks your gold mine 1", a script that passes no names reads "seat 2
draws a card". The viewer's own seat is the game's business ("You draw ...").

The names are set for a block of calls with :func:`naming`, or for one call with the
``seat_names`` argument of :meth:`State.describe_event <ludoteca.core.state.State.describe_event>`
and :meth:`State.prompt <ludoteca.core.state.State.prompt>`. They live in a context
variable, so threads and asyncio tasks each see their own, and a block nested in another
names seats as the inner block says.

Lists are said by :func:`joined` ("a, b and c", "a, b or c"), counts by :func:`plural`
("1 card", "2 cards"), and the end of a match by :func:`result_sentence`, the one sentence
the terminal and the server both print ("You lost: Ana won. Places: Ana 1st (45 points),
you 2nd (30 points).").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextvars import ContextVar, Token
from typing import TYPE_CHECKING, Any, NamedTuple

from ludoteca.core.errors import ConfigError

if TYPE_CHECKING:
    from ludoteca.core.state import State

__all__ = ["Ghost", "check_names", "joined", "naming", "number", "ordinal", "plural",
           "result_sentence", "seat_name", "seat_names", "seats_name", "side_name"]

_NAMES: ContextVar[tuple[str, ...] | None] = ContextVar("ludoteca_seat_names", default=None)


def check_names(names: Sequence[str], num_players: int | None = None) -> tuple[str, ...]:
    """``names`` as a tuple, one non-empty string per seat (ConfigError otherwise)."""
    if (type(names) is tuple and (num_players is None or len(names) == num_players)
            and all(type(n) is str and n.strip() for n in names)):
        return names  # the common case, cheaply: already a tuple of names
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ConfigError(f"seat names are a list of strings, one per seat, not {names!r}")
    out = tuple(names)
    for i, name in enumerate(out):
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"the name of seat {i} must be a non-empty string, not {name!r}")
    if num_players is not None and len(out) != num_players:
        raise ConfigError(f"{len(out)} seat names for {num_players} seats: give one per seat")
    return out


class naming:
    """Within the block, :func:`seat_name` gives ``names[seat]`` (``None``: "seat N").

    ``names``: one string per seat, e.g. ``["Ana", "normal bot", "Bo", "strong bot"]``.
    ConfigError if it is not a sequence of non-empty strings. (A class rather than a
    generator: a server enters one per message it builds.)
    """

    __slots__ = ("_names", "_token")

    def __init__(self, names: Sequence[str] | None) -> None:
        self._names = None if names is None else check_names(names)
        self._token: Token[tuple[str, ...] | None] | None = None

    def __enter__(self) -> None:
        self._token = _NAMES.set(self._names)

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _NAMES.reset(self._token)
            self._token = None


def seat_names() -> tuple[str, ...] | None:
    """The names in force (``None``: seats are called "seat N")."""
    return _NAMES.get()


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def seat_name(seat: int, *, capital: bool = False) -> str:
    """``seat``'s name: "seat 2", or the name in force for it ("Ana", "normal bot").

    ``capital``: the first letter upper-cased, for the start of a sentence ("Seat 2",
    "Normal bot"). A seat without a name in force (a ghost player's index past the named
    seats) is "seat N".
    """
    names = _NAMES.get()
    text = names[seat] if names is not None and 0 <= seat < len(names) else f"seat {seat}"
    return _capital(text) if capital else text


def joined(parts: Iterable[str], word: str = "and") -> str:
    """Words for several things together: "a", "a and b", "a, b and c"; with ``word``
    "or", a choice: "a, b or c". No parts: ""."""
    parts = list(parts)
    if len(parts) < 2:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {word} {parts[-1]}"


def number(x: float) -> str:
    """A count or a score as words print it: "3", "2.5", "−4" (a true minus sign)."""
    return f"{x:g}".replace("-", "−")


def plural(count: float, noun: str, many: str | None = None) -> str:
    """``count`` of ``noun``: "1 card", "2 cards", "0 cards"; ``many`` is the plural of an
    irregular noun (``plural(2, "box", "boxes")``)."""
    return f"{number(count)} {noun if count == 1 else many or noun + 's'}"


def ordinal(place: int) -> str:
    """"1st", "2nd", "3rd", "4th", "11th", "22nd"."""
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{_SUFFIX.get(place % 10, 'th')}"


_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def seats_name(seats: Iterable[int], *, capital: bool = False) -> str:
    """Several seats together: "seats 1 and 3", "seats 0, 1 and 2"; with names in force
    "Ana and strong bot", "Ana, Bo and Cy". One seat is :func:`seat_name`'s."""
    group = list(seats)
    if not group:
        raise ValueError("seats_name needs at least one seat")
    names = _NAMES.get()
    if len(group) == 1:
        return seat_name(group[0], capital=capital)
    if names is not None and all(0 <= s < len(names) for s in group):
        parts = [names[s] for s in group]
    else:
        parts = [str(s) for s in group]
        parts[0] = f"seats {parts[0]}"
    text = joined(parts)
    return _capital(text) if capital else text


def side_name(seats: Sequence[int], viewer: int | None = None, *,
              capital: bool = False) -> str:
    """Seats playing together, for ``viewer``: "you", "seat 1", "you and seat 2", "seats 1
    and 3" (or their names in force: "you and Bo", "Ana and Cy")."""
    group = list(seats)
    if viewer in group:
        rest = [s for s in group if s != viewer]
        text = "you and " + seats_name(rest) if rest else "you"
        return _capital(text) if capital else text
    return seats_name(group, capital=capital)


class Ghost(NamedTuple):
    """A player at the table who is no seat: the rules play for them and nobody chooses
    for them (Douro 1872's D. Sebastião). A game names and ranks them through
    :meth:`State.ghosts <ludoteca.core.state.State.ghosts>`."""

    name: str
    score: float
    """Their points, counted as the seats' ``scores()`` are."""
    won: bool
    """Whether they are among the winners at the end."""


class _Side(NamedTuple):
    name: str
    seats: tuple[int, ...]  # () for a ghost
    score: float
    won: bool
    figure: str | None  # the game's own words for the standing, when the score is not all


def _told(state: State, hook: str) -> Any:
    """What the state's ``hook`` (a :class:`State` method with no arguments) answers; None
    for a state that has none (a bare stand-in for a game)."""
    method = getattr(state, hook, None)
    return method() if method is not None else None


def _sides(state: State, viewer: int | None) -> list[_Side]:
    """Every side at the end, seats in seat order, ghosts last. Partners share a score:
    the one they all have, else their sum."""
    scores = state.scores()
    figures = _told(state, "result_figures")
    winners = set(state.winners())
    members: dict[int, list[int]] = {}
    for seat in range(state.num_players):
        members.setdefault(state.team_of(seat), []).append(seat)
    sides = []
    for group in members.values():
        values = {scores[s] for s in group}
        score = values.pop() if len(values) == 1 else sum(scores[s] for s in group)
        sides.append(_Side(side_name(group, viewer), tuple(group), score,
                           any(s in winners for s in group),
                           figures[group[0]] if figures else None))
    return sides + [_Side(g.name, (), g.score, g.won, None) for g in state.ghosts()]


def _places(sides: list[_Side]) -> list[tuple[_Side, int, bool]]:
    """Each side with its place and whether it shares it: the winners are 1st together;
    the others follow by points, equal points sharing a place (1st, 2nd, 2nd, 4th)."""
    winners = [s for s in sides if s.won]
    others = sorted((s for s in sides if not s.won), key=lambda s: -s.score)
    out = [(s, 1, len(winners) > 1) for s in winners]
    for side in others:
        ahead = len(winners) + sum(1 for o in others if o.score > side.score)
        tied = sum(1 for o in others if o.score == side.score) > 1
        out.append((side, ahead + 1, tied))
    return out


class Standing(NamedTuple):
    """One side's standing at the end of a match (:func:`standings`)."""

    name: str
    """The side's name for the viewer: "you", "Ana and Cy", "D. Sebastião"."""
    seats: tuple[int, ...]
    """Its seats (partners together); () for a ghost."""
    score: float
    won: bool
    place: int
    """1 for the winners; the others by points, equal points sharing a place."""
    tied: bool
    """Whether another side has the same place."""
    figure: str | None = None
    """The game's words for the standing when the score alone did not decide
    (:meth:`State.result_figures <ludoteca.core.state.State.result_figures>`: "0
    buildings, 0 irrigated, 500 cash"); None when the score says it."""


def score_unit(state: State) -> tuple[str, str]:
    """What ``state.scores()`` counts, singular and plural: the game's
    :attr:`GameInfo.score_unit <ludoteca.core.game.GameInfo.score_unit>` ("VP", "buildings"),
    ("point", "points") for a state that names no game."""
    game = getattr(state, "game", None)
    unit = getattr(getattr(game, "info", None), "score_unit", None)
    return unit if unit is not None else ("point", "points")


def scored(state: State, score: float) -> str:
    """A score in the game's unit: "18 VP", "1 building", "45 points"."""
    one, many = score_unit(state)
    return plural(score, one, many)


def standings(state: State, viewer: int | None = None) -> list[Standing]:
    """Every side's standing at the end, winners first, then by points: the places
    :func:`result_sentence` words, ghosts included. [] while the match is not over. Seats
    are named as :func:`naming` says, ``viewer`` "you"."""
    if not state.is_terminal():
        return []
    return [Standing(side.name, side.seats, side.score, side.won, place, tied, side.figure)
            for side, place, tied in _places(_sides(state, viewer))]


def result_sentence(state: State, viewer: int | None = None) -> str | None:
    """The end of a match in words for ``viewer`` (a seat, or None for a spectator); None
    while it is not over. Who won, then every side's place and points, ghosts included:

    * "You won. Places: you 1st (45 points); Ana 2nd (30 points)."
    * "You lost: D. Sebastião won. Places: D. Sebastião 1st (12 points); you 2nd (9
      points); seat 1 3rd (4 points)."
    * "Your partnership shared the win with seats 1 and 3. Places: you and seat 2 tied 1st
      (40 points); seats 1 and 3 tied 1st (40 points)."
    * "Seat 2 won. Places: ..." (a spectator); "Nobody won. ..." (a match nobody won).

    Seats are named as :func:`naming` says ("seat 2" by default), the viewer "you"; the
    scores are in the game's unit (:func:`score_unit`: "18 VP", "5 buildings"). A game
    whose win a tie-break decided says so (:meth:`State.result_reason
    <ludoteca.core.state.State.result_reason>`, :meth:`State.result_figures
    <ludoteca.core.state.State.result_figures>`): "You lost: Bo won by the most money at
    the turn limit, level on buildings. Places: Bo 1st (0 buildings, 500 cash); you 2nd
    (0 buildings, 300 cash)."
    """
    if not state.is_terminal():
        return None
    sides = _sides(state, viewer)
    won = [s for s in sides if s.won]
    names = joined(s.name for s in won)
    verb = "shared the win" if len(won) > 1 else "won"
    mine = next((s for s in sides if viewer in s.seats), None)
    reason = _told(state, "result_reason")
    verb += f" by {reason}" if reason and won else ""
    if not won:
        head = "Nobody won."
    elif mine is None:
        head = f"{_capital(names)} {verb}."
    else:
        subject = "Your partnership" if len(mine.seats) > 1 else "You"
        if not mine.won:
            head = f"{subject} lost: {names} {verb}."
        elif len(won) > 1:
            partners = joined(s.name for s in won if s is not mine)
            by = f" by {reason}" if reason else ""
            head = f"{subject} shared the win with {partners}{by}."
        else:
            head = f"{subject} {verb}."
    places = "; ".join(f"{side.name} {'tied ' if tied else ''}{ordinal(place)} "
                       f"({side.figure or scored(state, side.score)})"
                       for side, place, tied in _places(sides))
    return f"{head} Places: {places}."
