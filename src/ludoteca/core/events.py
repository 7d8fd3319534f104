"""Events: what an action told whom.

``apply_action`` produces events; each names its audience, so that a front end shows
every seat exactly what that seat learned and nothing more. A card drawn is two events:
the drawer is told which card (``only((seat,), "draw", seat=seat, card="Desperado 9")``)
and everyone else that a card was drawn (``all_but((seat,), "draw", seat=seat)``).

Events are small frozen records with JSON-safe data; turning one into words for a viewer
is the game's business (``State.describe_event``), so that producing them costs the
engine almost nothing. The sequence of events a seat could see, in order, is its
information state: two histories that show a seat the same events are, to that seat, the
same history (``State.information_state_string``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

_NO_DATA: Mapping[str, Any] = MappingProxyType({})


class EventData(dict):  # type: ignore[type-arg]
    """An event's data as the public API hands it out: a dict that refuses changes.

    The state keeps each event's data as the plain dict its rule built (building a proxy for
    every event would cost the engine a few percent) and shares it with every clone; the
    accessors (:meth:`State.events`, :meth:`State.events_for`, :meth:`State.event_log`) hand
    out events whose data is a read-only copy, so that no caller can change what a clone, the
    original or an information state recorded. JSON-encodes and pickles as a dict.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("an event's data cannot be changed; copy it with dict(event.data)")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (EventData, (dict(self),))




class Event(NamedTuple):
    """Something that happened, and who saw it.

    ``to`` None means everyone (spectators too) except the seats in ``hidden_from``;
    otherwise only the seats in ``to`` (never a spectator). A named tuple rather than a
    frozen dataclass: games build one or two per action, and a tuple is built about three
    times faster.
    """

    kind: str
    data: Mapping[str, Any] = _NO_DATA
    to: tuple[int, ...] | None = None
    hidden_from: tuple[int, ...] = ()

    def visible_to(self, viewer: int | None) -> bool:
        if self.to is None:
            return viewer not in self.hidden_from
        return viewer in self.to

    def to_json(self) -> dict[str, Any]:
        """``{"kind": ..., <data>}``; a data field may not be named ``kind`` (the kit checks)."""
        return {"kind": self.kind, **self.data}

    def key(self) -> str:
        """A canonical one-line form (kind and sorted data), for information states."""
        items = ",".join(f"{k}={self.data[k]!r}" for k in sorted(self.data))
        return f"{self.kind}({items})"


# The helpers below build the tuple directly: ``Event(...)`` goes through the named tuple's
# generated ``__new__`` (a Python function), which costs about a third more per event.
_new = tuple.__new__


def everyone(kind: str, /, **data: Any) -> Event:
    """A public event: every seat and every spectator sees it."""
    return _new(Event, (kind, data, None, ()))


def only(seats: tuple[int, ...], kind: str, /, **data: Any) -> Event:
    """A private event: only ``seats`` see it."""
    return _new(Event, (kind, data, tuple(seats), ()))


def all_but(seats: tuple[int, ...], kind: str, /, **data: Any) -> Event:
    """Everyone but ``seats`` sees it (spectators included): the public side of a secret."""
    return _new(Event, (kind, data, None, tuple(seats)))


def public_event(event: Event) -> Event:
    """``event`` with its data read-only: what the State's accessors hand out."""
    data = event.data
    if type(data) is EventData or not data:
        return event
    return _new(Event, (event.kind, EventData(data), event.to, event.hidden_from))
