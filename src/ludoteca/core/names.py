"""How a seat is named in words: "seat 2" by default, or the name of who sits there.

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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextvars import ContextVar, Token

from ludoteca.core.errors import ConfigError

__all__ = ["check_names", "joined", "naming", "seat_name", "seat_names", "seats_name"]

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


def joined(parts: Sequence[str]) -> str:
    """Words for several things together: "a", "a and b", "a, b and c"."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


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
