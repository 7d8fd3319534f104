"""A heuristic Desperados player: bank good mines, defend them, raid rich ones.

It plays from a determinized view, so it only ever uses what its seat may know. In order:

1. a fight on our side's mine: answer with the smallest Desperado that holds it (draws go to
   the defenders), or close the mine if it cannot be held and is worth keeping;
2. a fight we started: our partner adds the smallest card that wins it;
3. close one of our open mines worth ``bank_at`` points or more;
4. attack the richest opponent mine worth ``raid_at`` or more with our highest Desperado;
5. a double chest onto an empty mine of ours, then chests onto our mines;
6. open a mine in our own display;
7. draw; in the final turns, pass (partners) or lay the least useful card.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.games.desperados.actions import Close, Draw, Fight, Open, Pass, Work
from ludoteca.games.desperados.rules.points import mine_value
from ludoteca.games.desperados.state import DesperadosState
from ludoteca.games.desperados.tables import NOBODY


def heuristic_action(view: DesperadosState, player: int, rng: random.Random, *,
                     bank_at: int = 6, raid_at: int = 5) -> int:
    """The bot's move for ``player`` in ``view`` (a determinized view of its seat)."""
    legal = view.legal_actions()
    acts: dict[int, Any] = {a: view.cards.actions[a] for a in legal}
    ours = view.display_of(player)
    for rule in (_defend, _back_the_attack):
        found = rule(view, player, acts)
        if found is not None:
            return found
    closes = [a for a, x in acts.items() if isinstance(x, Close) and view.owner[x.mine] == ours
              and mine_value(view, x.mine) >= bank_at]
    if closes:
        return max(closes, key=lambda a: mine_value(view, acts[a].mine))
    raids = [a for a, x in acts.items() if isinstance(x, Fight) and view.fight_mine == NOBODY
             and mine_value(view, x.mine) >= raid_at]
    if raids:
        return max(raids, key=lambda a: (mine_value(view, acts[a].mine), acts[a].card))
    works = [a for a, x in acts.items() if isinstance(x, Work) and view.owner[x.mine] == ours
             and (not view.cards.is_double(x.card) or not view.chests[x.mine])]
    if works:
        return max(works, key=lambda a: (view.cards.is_double(acts[a].card),
                                          view.cards.points[view.cards.metal_of(acts[a].card)]))
    opens = [a for a, x in acts.items() if isinstance(x, Open) and x.display == ours]
    if opens:
        return rng.choice(opens)
    for a, x in acts.items():
        if isinstance(x, Draw):
            return a
    passes = [a for a, x in acts.items() if isinstance(x, Pass)]
    if passes:
        return rng.choice(passes)
    harmless = [a for a, x in acts.items()
                if not (isinstance(x, Close | Work) and view.owner[x.mine] != ours)]
    return rng.choice(harmless or legal)


def _fight_totals(view: DesperadosState) -> tuple[int, int]:
    """(defending total, best attacking total) of the fight on now."""
    owner = view.owner[view.fight_mine]
    defend, attack = 0, 0
    for seat, kind in enumerate(view.fight_cards):
        if kind == NOBODY:
            continue
        value = view.cards.value_of(kind)
        if view.display_of(seat) == owner:
            defend += value
        else:
            attack = attack + value if view.partnership else max(attack, value)
    return defend, attack


def _defend(view: DesperadosState, player: int, acts: dict[int, Any]) -> int | None:
    if view.fight_mine == NOBODY or view.owner[view.fight_mine] != view.display_of(player):
        return None
    defend, attack = _fight_totals(view)
    needed = attack - defend if view.partnership else attack + 1
    cards = [(view.cards.value_of(x.card), a) for a, x in acts.items() if isinstance(x, Fight)]
    holding = sorted(c for c in cards if c[0] >= needed)
    if holding:
        return holding[0][1]
    closing = [a for a, x in acts.items() if isinstance(x, Close) and x.mine == view.fight_mine]
    if closing and mine_value(view, view.fight_mine) >= 3:
        return closing[0]
    return None


def _back_the_attack(view: DesperadosState, player: int, acts: dict[int, Any]) -> int | None:
    if (view.fight_mine == NOBODY or not view.partnership
            or view.display_of(view.fight_attacker) != view.display_of(player)):
        return None
    defend, attack = _fight_totals(view)
    cards = sorted((view.cards.value_of(x.card), a) for a, x in acts.items()
                   if isinstance(x, Fight))
    winning = [c for c in cards if attack + c[0] > defend + 6]
    return winning[0][1] if winning else None
