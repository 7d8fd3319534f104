"""A rule-of-thumb Vintage player: keep the wine moving towards the warehouse.

Each legal action gets a score from what the seat's observation shows, and the bot takes
the best (ties at random): age and sell when the cellar holds wine, harvest as much port as
the brandy allows, sail towards lots waiting on estates and home to Gaia with a full hold,
buy an estate while VP allow it early in the game, plant towards three and five vines,
draw cards when nothing better is at hand, and pass last. Sub-choices follow the same idea:
Ruby for a lot of quality 6 or more, else Tawny; the most port; the row that completes a
sale. It reads only what its seat's observation shows (from the view's fields: see
``_Glance``) and the edition's tables.
``heuristic_action(view, player, rng)``.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.games.vintage.actions import (
    AddBarrels,
    AgeLot,
    BuyEstate,
    Discard,
    Discount,
    DrawCard,
    DrawDeck,
    EndHarvest,
    ExtraBarrel,
    HarvestEstate,
    Load,
    MoveBoat,
    Pass,
    PeekChip,
    Perform,
    Place,
    Plant,
    PlayCard,
    SailOn,
    SailTo,
    Store,
    TakeBarrel,
)

KIND_SCORE = {"age_sell": 9.0, "harvest": 8.0, "buy_estate": 6.0, "plant": 5.0,
              "old_vine": 5.5, "cards": 3.0, "first_player": 1.0}


class _Glance:
    """What the scores read of the seat's observation, taken from the view's fields (the
    whole observation, card texts and all, cost most of a search's rollouts): the round
    (1-7), the ports of the seat's estates with a lot waiting, how many hold sections are
    loaded and their lots' qualities, the barrels in its cellar and its columns' qualities,
    its boat's port and every estate's vine count. All of it is the seat's to see."""

    __slots__ = ("boat", "cellar", "cellar_q", "hold", "hold_q", "lot_ports", "round",
                 "vines")

    def __init__(self, state: Any, seat: int) -> None:
        t = state.t
        sec = slice(seat * t.sections, (seat + 1) * t.sections)
        col = slice(seat * t.num_columns, (seat + 1) * t.num_columns)
        self.round = state.round + 1
        self.lot_ports = [t.space_port[e] for e, o in enumerate(state.owner)
                          if o == seat and state.lot[e]]
        hold = state.hold[sec]
        self.hold = sum(1 for b in hold if b)
        self.hold_q = [q if b else 0 for b, q in zip(hold, state.hold_q[sec], strict=True)]
        self.cellar = sum(state.cellar[col])
        self.cellar_q = state.cellar_q[col]
        self.boat = state.boat[seat]
        self.vines = state.vines


def _score(item: Any, me: _Glance, t: Any) -> float:
    lots_waiting = me.lot_ports
    hold = me.hold
    cellar = me.cellar
    if isinstance(item, Place | Perform):
        kind = t.action_kind[item.task]
        score = KIND_SCORE.get(kind, 2.0)
        if kind == "buy_estate" and me.round > 4:
            score = 1.5
        if kind == "age_sell":
            score += cellar / 2
        if isinstance(item, Place):
            circles = t.circles_of[item.task]
            cost = t.circle_cost[circles[item.circle]]
            score -= 0.8 * cost if not item.overseer else 1.5
        return score
    if isinstance(item, MoveBoat):
        want = (bool(lots_waiting) and hold < 3) or (hold and me.boat != 0)
        return 7.0 - item.steps if want else -1.0
    if isinstance(item, SailTo):
        if hold and (hold == 3 or not lots_waiting):
            return 10.0 - item.port
        ports = set(lots_waiting)
        return 5.0 + (item.port in ports) * 3 - abs(item.port - 2) * 0.1
    if isinstance(item, Load):
        return 20.0
    if isinstance(item, SailOn):
        return 0.0
    if isinstance(item, Pass):
        return 0.5
    if isinstance(item, BuyEstate):
        return t.harvest_yield[item.estate] + t.base_quality[item.estate] / 2 - \
            t.price[item.estate]
    if isinstance(item, Discount):
        return 1.0
    if isinstance(item, Plant):
        count = me.vines[item.estate].bit_count()
        return 4.0 if count == 2 else (3.5 if count == 4 else 2.0)
    if isinstance(item, HarvestEstate):
        return 5.0 + item.port
    if isinstance(item, EndHarvest):
        return 1.0
    if isinstance(item, Store):
        quality = me.hold_q[item.lot]
        return 1.0 if (item.kind == "ruby") == (quality >= 6) else 0.0
    if isinstance(item, AgeLot):
        return me.cellar_q[item.column]
    if isinstance(item, ExtraBarrel):
        return 1.0
    if isinstance(item, DrawCard | DrawDeck):
        return 1.0
    if isinstance(item, PlayCard):
        return 4.0
    if isinstance(item, Discard | PeekChip | TakeBarrel | AddBarrels):
        return 1.0
    return 0.0


def heuristic_action(view: Any, player: int, rng: random.Random, **_: Any) -> int:
    legal = view.legal_actions()
    if len(legal) == 1:
        return int(legal[0])
    me = _Glance(view, player)
    t = view.game.tables
    actions = view.game.codec.actions
    scored = [(_score(actions[a], me, t) + rng.random() * 0.01, a) for a in legal]
    return int(max(scored)[1])
