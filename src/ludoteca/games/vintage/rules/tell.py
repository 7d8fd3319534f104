"""What each move tells whom: the events of Vintage.

===================  =============================================  ====================
kind                 data                                           audience
===================  =============================================  ====================
``first_player``     seat, setup (bool)                             everyone
``display``          slot, card                                     everyone
``round``            round, bonus                                   everyone
``place``            seat, action, circle, cost, overseer           everyone
``move_boat``        seat, steps                                    everyone
``pass``             seat                                           everyone
``buy_choice``       seat, estate (the Buy-estate card's space)     everyone
``bought``           seat, estate, paid                             everyone
``planted``          seat, estate, colour, quality                  everyone
``harvest_choice``   seat, estate, port (one estate of a harvest)   everyone
``harvested``        seat, lots ((estate, port, brandy)...),        everyone
                     brandy_paid, brandy, quality
``loaded``           seat, estate, lot, barrels                     everyone
``sailed``           seat, port                                     everyone
``sail_on``          seat (loads nothing more, or stops the card)   everyone
``stored``           seat, lot, port_kind, column                      everyone
``die``              seat, pips, plus                               everyone
``aged``             seat, column, port_kind, quality, result       everyone
                     (quality + die), rows ((row, barrels)...)
``extra_barrel``     seat, row                                      everyone
``upgraded``         seat, moves ((row, barrels)...)                everyone
``sold``             seat, rows ((row, vp)...), vp                  everyone
``draw_choice``      seat, slot (-1 the deck; the hand is full)     everyone
``took``             seat, slot, card                               everyone
``took_barrel``      seat, column (the Vintage or Colheita card)    everyone
``draws``            seat, card                                     the drawer
``draws``            seat                                           everyone else
``discarded``        seat, card, hidden (from the face-down part)   everyone
``played``           seat, card, hidden                             everyone
``performs``         seat, action (the Free-action card)            everyone
``peeks``            seat, round, drawn, value                      the peeker
``peeks``            seat, round, drawn                             everyone else
``card_sale``        seat, port_kind, vp                              everyone
``added``            seat, estate, barrels                          everyone
``round_end``        round, first (the token's holder), last (bool) everyone
``end``              additions, scores, winners, tied ((seat,       everyone
                     estates, quality)... of the seats level on VP)
===================  =============================================  ====================

Every decision tells at least its own seat something (a choice whose effect waits for a
later step too), so that a seat's information state records each of its choices.
Numbers index the edition (:mod:`..tables`); the words are in :func:`..view.describe_event`.
"""

from __future__ import annotations

from ludoteca.core.events import Event
from ludoteca.core.hidden import secret


def draws(seat: int, card: int) -> tuple[Event, Event]:
    """A card drawn from the top of the deck: its kind to the drawer alone."""
    return secret((seat,), "draws", {"seat": seat}, card=card)


def peeks(seat: int, round_: int, value: int, drawn: bool) -> tuple[Event, Event]:
    """A harvest-bonus chip looked at with the Enologist: its value to the peeker alone;
    everyone sees which round's chip, and whether it was seen for the first time
    (``drawn``: the look was a chance outcome)."""
    return secret((seat,), "peeks", {"seat": seat, "round": round_, "drawn": drawn},
                  value=value)
