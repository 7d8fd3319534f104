"""A rule-of-thumb Vintage player: keep the wine moving towards the warehouse.

Each legal action gets a score from what the seat's observation shows, and the bot takes
the best (ties at random): age and sell when the cellar holds wine, harvest as much port as
the brandy allows, sail towards lots waiting on estates and home to Gaia with a full hold,
buy an estate while VP allow it early in the game, plant towards three and five vines,
draw cards when nothing better is at hand, and pass last. Sub-choices follow the same idea:
Ruby for a lot of quality 6 or more, else Tawny; the most port; the row that completes a
sale. It reads only its view's observation and the edition's tables.
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


def _score(item: Any, obs: dict[str, Any], me: dict[str, Any], t: Any) -> float:
    lots_waiting = [e for e in obs["estates"] if e["owner"] == me["seat"] and e["lot"]]
    hold = [h for h in me["hold"] if h]
    cellar = sum(c["barrels"] for c in me["cellar"])
    if isinstance(item, Place | Perform):
        kind = t.action_kind[item.task]
        score = KIND_SCORE.get(kind, 2.0)
        if kind == "buy_estate" and obs["round"] > 4:
            score = 1.5
        if kind == "age_sell":
            score += cellar / 2
        if isinstance(item, Place):
            circles = t.circles_of[item.task]
            cost = t.circle_cost[circles[item.circle]]
            score -= 0.8 * cost if not item.overseer else 1.5
        return score
    if isinstance(item, MoveBoat):
        want = (bool(lots_waiting) and len(hold) < 3) or (hold and me["boat"] != 0)
        return 7.0 - item.steps if want else -1.0
    if isinstance(item, SailTo):
        if hold and (len(hold) == 3 or not lots_waiting):
            return 10.0 - item.port
        ports = {e["port"] for e in lots_waiting}
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
        estate = obs["estates"][item.estate]
        count = len(estate["vines"])
        return 4.0 if count == 2 else (3.5 if count == 4 else 2.0)
    if isinstance(item, HarvestEstate):
        return 5.0 + item.port
    if isinstance(item, EndHarvest):
        return 1.0
    if isinstance(item, Store):
        lot = me["hold"][item.lot]
        quality = lot[1] if lot else 0
        return 1.0 if (item.kind == "ruby") == (quality >= 6) else 0.0
    if isinstance(item, AgeLot):
        return me["cellar"][item.column]["quality"]
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
    obs = view.observation(player)
    me = obs["seats"][player]
    t = view.game.tables
    actions = view.game.codec.actions
    scored = [(_score(actions[a], obs, me, t) + rng.random() * 0.01, a) for a in legal]
    return int(max(scored)[1])
