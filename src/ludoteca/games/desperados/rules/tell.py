"""What each move tells whom: the events of Desperados.

=================  =================================================  ===================
kind               data                                               audience
=================  =================================================  ===================
``dealt``          seat, card                                         the receiver
``dealt``          seat                                               everyone else
``draw``           seat (chooses to draw)                             everyone
``drawn``          seat, card                                         the drawer
``drawn``          seat                                               everyone else
``pass``           seat, to, card                                     passer and partner
``pass``           seat, to                                           everyone else
``open``           seat, card, display, mine                          everyone
``work``           seat, card, mine, owner (its display)              everyone
``close``          seat, card, mine, owner                            everyone
``fight``          seat, card, mine, owner, joins                     everyone
``fight_settled``  mine, attacker, desperados, owner, outcome         everyone
``final_turns``    drawer (of the last card)                          everyone
``skipped``        seat, could_play (kinds that would have given      everyone
                   it a move)
``round_scored``   round, mines [{display, mine, points}], totals     everyone
``round_started``  round, dealer                                      everyone
``game_over``      winners (seats), totals                            everyone
=================  =================================================  ===================

The hidden moves (deals, draws, passes) are the core's secret pairs
(:func:`ludoteca.core.hidden.secret`). Cards are named (``"Desperado 9"``), mines by slot.
Every move's first event is seen by every seat in one form or the other, so each seat's
information state grows with every move. The common events are built once per game and
shared (events are immutable).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import Event, everyone
from ludoteca.core.hidden import secret

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


def dealt(state: DesperadosState, seat: int, kind: int) -> tuple[Event, ...]:
    row = state.cards.dealt_events[seat]
    found = row[kind]
    if found is None:
        found = row[kind] = secret((seat,), "dealt", {"seat": seat},
                                   card=state.cards.names[kind])
    return found


def draw(state: DesperadosState, seat: int) -> tuple[Event, ...]:
    cache = state.cards.events
    key = ("draw", seat)
    found = cache.get(key)
    if found is None:
        found = cache[key] = (everyone("draw", seat=seat),)
    return found


def drawn(state: DesperadosState, seat: int, kind: int) -> tuple[Event, ...]:
    row = state.cards.drawn_events[seat]
    found = row[kind]
    if found is None:
        found = row[kind] = secret((seat,), "drawn", {"seat": seat},
                                   card=state.cards.names[kind])
    return found


def passed(state: DesperadosState, seat: int, to: int, kind: int) -> tuple[Event, ...]:
    cache = state.cards.events
    key = ("pass", seat, kind)
    found = cache.get(key)
    if found is None:
        found = cache[key] = secret((seat, to), "pass", {"seat": seat, "to": to},
                                    card=state.cards.names[kind])
    return found


def played(state: DesperadosState, what: str, seat: int, kind: int, slot: int,
           extra: int = -1) -> tuple[Event, ...]:
    """A card played face up: ``open`` (extra: the display), ``work``, ``close``,
    ``fight`` (extra: 1 if it joins a fight already on). The mine's owner is told too."""
    cache = state.cards.events
    owner = state.owner[slot]
    key = (what, seat, kind, slot, extra, owner)
    found = cache.get(key)
    if found is None:
        data: dict[str, object] = {"seat": seat, "card": state.cards.names[kind], "mine": slot}
        if what == "open":
            data["display"] = extra
        else:
            data["owner"] = owner
        if what == "fight":
            data["joins"] = bool(extra)
        found = cache[key] = (everyone(what, **data),)
    return found
