"""The history of a match: a persistent chain of ``(previous, action, events)`` links that
clones share, and the root of a determinized view's history, built from what the view's seat
saw only when somebody asks (a search never does).

``State._trail`` is the newest link (None before the first action); a view's oldest link
points at a :class:`ViewRoot` instead of None. :func:`flatten` lists the ``(action,
events)`` pairs oldest first; :func:`chain` builds a chain back from them (pickling stores
the chain flat: it is too deep for pickle's recursion).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ludoteca.core.events import Event

if TYPE_CHECKING:
    from ludoteca.core.state import State

__all__ = ["ViewRoot", "chain", "flatten"]


class ViewRoot:
    """Where a determinized view's history begins: built from the seat's information,
    and only when somebody asks for it (search never does)."""

    __slots__ = ("_items", "seat", "source", "world")

    def __init__(self, seat: int, source: Any, world: State) -> None:
        self.seat = seat
        self.source = source  # the trail of the state the view was drawn from
        self.world = world  # the view as it was drawn (a private clone)
        self._items: list[tuple[int, tuple[Event, ...]]] | None = None

    def items(self) -> list[tuple[int, tuple[Event, ...]]]:
        if self._items is None:
            world = self.world
            actions = world._view_history(self.seat, flatten(self.source))
            fresh = world.game.new_initial_state(world.num_players, world.variant, world.options)
            # Trusted: the conformance kit checks every game's view histories replay with
            # apply_action; OpenSpiel's resampling asks for them at every search node.
            for action in actions:
                fresh.apply_trusted(action)
            self._items = flatten(fresh._trail)
        return self._items


def flatten(trail: Any) -> list[tuple[int, tuple[Event, ...]]]:
    """The (action, events) pairs of a trail, oldest first."""
    out: list[tuple[int, tuple[Event, ...]]] = []
    node = trail
    while type(node) is tuple:
        node, action, events = node
        out.append((action, events))
    out.reverse()
    if node is not None:  # a view's root
        return node.items() + out
    return out


def chain(items: Sequence[tuple[int, tuple[Event, ...]]]) -> Any:
    node: Any = None
    for action, events in items:
        node = (node, action, events)
    return node
