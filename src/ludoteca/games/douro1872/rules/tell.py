"""What each move tells whom: the events of Douro 1872.

==================  ===============================================  ====================
kind                data                                             audience
==================  ===============================================  ====================
``valley``          level (a regular back dealt to the Valley)       everyone
``fog_back``        (a fog back shows: the disputes begin)           everyone
``tow_fog``         (Sirga passes over a fog back)                   everyone
``tow_back``        level (the regular card Sirga tows)              everyone
``lottery_draw``    seat, card, round                                everyone
``lottery_tie``     seats, card                                      everyone
``phylloxera_drawn``  seat, card                                     everyone
``lottery_cut``     seat                                             everyone
``lay``             seat, purpose, card                              the card's owner
``lay``             seat, purpose                                    everyone else (all,
                                                                     for D. Sebastião's)
``reveal``          played (by seat), total                          everyone
``turn``            level, order (a regular card turned)             everyone
``turn_fog``        fog, effect, order (None if it has none)         everyone
``settled``         effect, order, total, filled, side, card, tied,  everyone
                    holder, points (won or lost, by seat)
``phylloxera``      seat, previous (the card passes)                 everyone
``middle``          (everyone takes back the ten cards)              everyone
``charity``         revealed, lowest, highest, points, phylloxera    everyone
                    (holder before and after)
``end``             scores, winners, tied, phylloxera                everyone
==================  ===============================================  ====================

Every move's events are seen by every seat in one form or the other. The events that
depend only on the edition and the table (backs, lays, turned cards) are built once in
:mod:`..tables`; the ones built here are cached where they repeat (events are immutable).
Their words are in :func:`..view.describe_event`.
"""

from __future__ import annotations

from operator import sub
from typing import TYPE_CHECKING

from ludoteca.core.events import Event, everyone

if TYPE_CHECKING:
    from ludoteca.games.douro1872.rules.dispute import Decided
    from ludoteca.games.douro1872.state import DouroState


def reveal(state: DouroState, cards: tuple[int, ...]) -> Event:
    """The barrel cards of a dispute, revealed at once (cached per cards on the table)."""
    t = state.tables
    event = t.reveal_events.get(cards)
    if event is None:
        event = Event("reveal", {"played": list(cards), "total": sum(cards)})
        if len(t.reveal_events) < t.EVENT_CACHE:
            t.reveal_events[cards] = event
    return event


def settled(state: DouroState, effect: str, cards: tuple[int, ...], before: tuple[int, ...],
            decided: Decided) -> Event:
    """A dispute settled by ``effect``: what decided it (:data:`..rules.dispute.Decided`)
    and the points each seat won or lost since ``before``; ``holder`` is the phylloxera's
    before it passes."""
    tied, side, order, filled = decided
    holder = state.holder
    return Event("settled", {
        "effect": effect, "order": order, "total": sum(cards), "filled": filled,
        "side": side, "card": cards[tied[0]] if tied else None, "tied": tied,
        "holder": holder if holder >= 0 else None,
        "points": list(map(sub, state.points, before)),
    })


def lottery_draw(state: DouroState, owner: int, card: int, round: int) -> Event:
    """A card drawn from ``owner``'s hand in lottery round ``round`` (cached)."""
    t = state.tables
    key = (owner, card, round)
    event = t.lottery_events.get(key)
    if event is None:
        event = t.lottery_events[key] = everyone(
            "lottery_draw", seat=owner, card=card, round=round)
    return event


def charity(state: DouroState, values: list[int], before: tuple[int, ...], holder: int,
            after: int) -> Event:
    """The charity cards revealed at the end, the points they moved since ``before`` and
    the phylloxera's holder before and after (-1: nobody)."""
    return everyone(
        "charity", revealed=values, lowest=min(values), highest=max(values),
        points=[a - b for a, b in zip(state.points, before, strict=True)],
        phylloxera=[holder if holder >= 0 else None, after if after >= 0 else None],
    )


def end(state: DouroState) -> Event:
    """The end: every seat's points, the winners, the tied at the top, the holder."""
    top = max(state.points)
    return everyone(
        "end", scores=list(state.points), winners=list(state.table_winners),
        tied=[s for s, v in enumerate(state.points) if v == top],
        phylloxera=state.holder if state.holder >= 0 else None,
    )
