"""A rule-of-thumb Puerto Diablo player: commit to challenges, then spend.

Each legal action gets a score from what the seat's observation shows and the edition's
tables, and the bot takes the best (ties at random): send ashore the characters with the
most symbols; offer everything it can (committing buys the right to purchase); as the
pilot, assign itself as much as it may; commit from sides with few doubloons first; tell
the tall tale worth most, else buy the characters with the most symbols per doubloon;
stay in the harbour while two characters are healthy. Ability cards come back at the next
harbour, so it plays every purchase card before buying (tale cards before a tale) with
the character of most foreknowledge, plays every card of the arrival, log and challenge
moments when offered (aiming a hostile one at the strongest character; it always says it
wants to play, and as the pilot lets itself play first), offers every symbol its cards
could add and plays them when it delivers, counters every ability of another player and
every event that hits it; peeked log cards go back in the order seen.

Treasure hunting (option ``treasure=on``): before a purchase it sends the hunter whose
expected find is worth more than what the character would otherwise bring - the chance of
a find is the treasure's table for the weather at the hunter's count, read against the
die's faces; a find is worth its VP, or its doubloons at :data:`DOUBLOON_VP` each (half at
the last harbour); the hunter's cost is its open doubloons (lost to this purchase), its
open symbols (lost to the harbour's challenges, half for a weakened character, which has
one commit left) and any tall tale it would stop the bot telling now - and otherwise
hunts nothing. After a find it sends the hunter after the best treasure left. Its hunters
are checked least likely first. It spends a money treasure, before buying, when its
doubloons add a character of at least a symbol per 3 doubloons (:data:`GOOD_BUY`) to what
it would buy; at the last harbour, where it is worth nothing after, any character; of two
that would do, the smaller.

The advanced start (option ``start=advanced``): it keeps, and then adds, the characters
with the most symbols per doubloon that fit the budget; when no character fits, the
abilities that do (tale cards first, then the cheapest); then it is done.
``heuristic_action(view, player, rng)``.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.games.puertodiablo.actions import (
    Assign,
    Buy,
    Choose,
    Commit,
    Cover,
    Decline,
    DonePurchase,
    Draft,
    Helper,
    Hunt,
    Leave,
    NoHunt,
    Offer,
    OfferByAbility,
    PlayAbility,
    PlayFirst,
    Seek,
    SendAshore,
    SpendTreasure,
    StartAbility,
    StartCharacter,
    StartDone,
    Stay,
    TakeCheapest,
    TellTale,
    WantToPlay,
)
from ludoteca.games.puertodiablo.steps import Purchase, card_price, money

DOUBLOON_VP = 1 / 3
"""What a doubloon is worth in VP to the bot: a character costs about 9 doubloons for
about 3 symbols, and a symbol comes back as about a VP by the end (tall tales, the symbol
bonus)."""
HARBOUR_SYMBOL_VP = 0.25
"""What an open symbol ashore is still worth in VP for the rest of a harbour (commits buy
the right to purchase): a guess, below a symbol's worth at the end, because the hunter is
back on the ship for the next harbour."""
GOOD_BUY = 3.0 + 1 / 3
"""A buy's score (:func:`_buy_score`) worth spending a money treasure on before the last
harbour: a symbol for every 3 doubloons, the edition's usual rate, or better."""
LAST_HARBOUR = 3
"""The voyage's last harbour (``harbour_index``): a money treasure found there can only be
spent in its remaining purchases."""


def _symbols(t: Any, c: int) -> int:
    return sum(t.side_symbols[c][0]) + sum(t.side_symbols[c][1])


def _foreknowledge(t: Any, a: int, c: int) -> int:
    """Printed symbols of the card's kinds on the character (cover ignored: a guess)."""
    mask = t.abi_fk_symbols[a]
    return sum(n for side in t.side_symbols[c] for k, n in enumerate(side) if mask >> k & 1)


def _play_score(action: PlayAbility, t: Any) -> float:
    base = 20.0 if _is_tale_card(t, action.ability) else 5.0
    return base + 0.1 * _foreknowledge(t, action.ability, action.character)


def _is_tale_card(t: Any, a: int) -> bool:
    return bool({p["op"] for p in t.abi_effect[a]} & {"TALE_BONUS", "EXTRA_TALE"})


# ----- treasure hunting ------------------------------------------------------------------------


def _open_sides(covered: list[bool]) -> list[int]:
    return [side for side in (0, 1) if not covered[side]]


def _covered(view: Any, obs: dict[str, Any], player: int, c: int) -> list[bool]:
    """The cover of own character ``c``, ashore or hunting; a successful hunter between
    its find and its next treasure is shown nowhere in the observation, so its cover
    (public, and unchanged since it went hunting) is read from the position."""
    me = obs["seats"][player]
    for x in [*me["ashore"], *obs.get("treasures", {}).get("hunts", [])]:
        if x["id"] == c:
            return list(x["covered"])
    return [bool(view.cover[c] & 1), bool(view.cover[c] & 2)]


def find_chance(t: Any, treasure: int, count: int, foul: bool) -> float:
    """The chance one treasure roll finds ``treasure`` for a hunter with ``count``
    matching symbols: the faces of the edition's die reaching the least roll of the
    treasure's table for the weather (0 to 1; no modifier counted)."""
    least = next(v for k, v in t.treasure_die[treasure][int(foul)] if count >= k)
    return max(0, t.die_faces - least + 1) / t.die_faces


def hunt_count(t: Any, c: int, treasure: int, covered: list[bool]) -> int:
    """R7: the hunter's symbols of the treasure's types on its open sides."""
    mask = t.treasure_symbols[treasure]
    return sum(n for side in _open_sides(covered)
               for k, n in enumerate(t.side_symbols[c][side]) if mask >> k & 1)


def treasure_worth(t: Any, treasure: int, obs: dict[str, Any]) -> float:
    """A found treasure in VP: its VP, or its doubloons at :data:`DOUBLOON_VP` (half at
    the last harbour, where only that harbour's purchases are left to spend it in)."""
    if t.treasure_vp[treasure]:
        return float(t.treasure_vp[treasure])
    worth = t.treasure_money[treasure] * DOUBLOON_VP
    return worth / 2 if obs["harbour_index"] >= LAST_HARBOUR else worth


def _best_tale(t: Any, obs: dict[str, Any], chars: list[tuple[int, list[bool]]]) -> int:
    """The VP of the best tall tale not yet told that ``chars`` (card, cover) could tell."""
    counts = [0] * len(t.symbols)
    for c, covered in chars:
        for side in _open_sides(covered):
            for k, n in enumerate(t.side_symbols[c][side]):
                counts[k] += n
    bonus = obs["purchase_effects"]["tale_bonus"]
    return max((x["vp"] for x in obs["tales"] if not x["told"]
                and counts[t.tale_symbol[x["tale"]]] + bonus >= x["needed"]), default=0)


def hunter_cost(t: Any, c: int, obs: dict[str, Any], player: int) -> float:
    """What the character would otherwise bring, in VP: its open doubloons to the purchase
    that follows, its open symbols to the harbour's challenges (half when weakened: one
    commit is left in it), and the tall tale it would stop the bot telling."""
    me = obs["seats"][player]
    ashore = [(x["id"], x["covered"]) for x in me["ashore"]]
    mine = dict(ashore)
    if c not in mine:  # a successful hunter choosing its next treasure: already away
        return 0.0
    sides = _open_sides(mine[c])
    doubloons = sum(t.doubloons[c][side] for side in sides)
    symbols = sum(sum(t.side_symbols[c][side]) for side in sides)
    weight = HARBOUR_SYMBOL_VP / 2 if len(sides) < 2 else HARBOUR_SYMBOL_VP
    tale = _best_tale(t, obs, ashore) - _best_tale(t, obs, [x for x in ashore if x[0] != c])
    return doubloons * DOUBLOON_VP + symbols * weight + tale


def hunt_gain(action: Hunt, view: Any, obs: dict[str, Any], t: Any, player: int) -> float:
    """The expected find less the hunter's cost, in VP (NoHunt is 0)."""
    covered = _covered(view, obs, player, action.character)
    count = hunt_count(t, action.character, action.treasure, covered)
    chance = find_chance(t, action.treasure, count, obs["weather"] == "foul")
    return (chance * treasure_worth(t, action.treasure, obs)
            - hunter_cost(t, action.character, obs, player))


def seek_score(action: Seek, obs: dict[str, Any], t: Any) -> float:
    """Least likely first: a failed hunt puts its treasure back into the market at once,
    so a hunter of the same check that finds its own afterwards has that treasure too to
    choose its next hunt from; a find first would choose without it."""
    hunt = next(h for h in obs["treasures"]["hunts"] if h["id"] == action.character)
    x = hunt["treasure"]["id"]
    return -find_chance(t, x, hunt["count"], obs["weather"] == "foul")


def _buy_score(t: Any, card: dict[str, Any] | None) -> float:
    if card is None or card["kind"] != "character":
        return -1.0
    return 3.0 + _symbols(t, card["id"]) / max(card["price"], 1)


def buys(cards: list[tuple[float, int, int]], doubloons: int, room: int) -> set[int]:
    """The slots the bot would buy with ``doubloons`` and ``room`` cards left: ``cards``
    (score, price, slot) taken best first, each one it can still pay (money only goes
    down, so one it cannot pay now it never can)."""
    out: set[int] = set()
    for _, price, slot in sorted(cards, reverse=True):
        if len(out) < room and price <= doubloons:
            out.add(slot)
            doubloons -= price
    return out


def spend_score(action: SpendTreasure, view: Any, obs: dict[str, Any], t: Any) -> float:
    """Spend before any buy when the treasure's doubloons add to what the bot would buy a
    character worth :data:`GOOD_BUY` (at the last harbour, where it is worth nothing
    later, any character); else keep it (below ending the purchase). The money left, the
    prices and the cards still allowed are the purchase's, all public (the prompt shows
    the money); of several treasures that would do, the smallest."""
    step = view.next_step()
    if not isinstance(step, Purchase):
        return -1.0
    cards = [(_buy_score(t, card), card_price(view, slot), slot)
             for slot, card in enumerate(obs["market"][:t.market_chars]) if card is not None]
    left = money(view, step)
    room = step.limit + obs["purchase_effects"]["extra_cards"] - step.bought
    extra = t.treasure_money[action.treasure]
    gained = buys(cards, left + extra, room) - buys(cards, left, room)
    good = 0.0 if obs["harbour_index"] >= LAST_HARBOUR else GOOD_BUY
    if any(score >= good for score, _, slot in cards if slot in gained):
        return 4.5 - 0.02 * extra
    return -0.5


# ----- the advanced start --------------------------------------------------------------------


def _per_doubloon(t: Any, c: int) -> float:
    return _symbols(t, c) / max(t.price[c], 1)


def start_ability_score(t: Any, a: int) -> float:
    """Below every character (the characters come first), above being done: tale cards
    first, then the cheapest."""
    return 0.5 + (0.3 if _is_tale_card(t, a) else 0.0) - 0.01 * t.abi_price[a]


# ----- every action ----------------------------------------------------------------------------


def _score(action: Any, obs: dict[str, Any], me: dict[str, Any], t: Any, player: int,
           view: Any) -> float:
    if isinstance(action, SendAshore | TakeCheapest):
        return _symbols(t, action.character)
    if isinstance(action, Offer | OfferByAbility):
        return action.symbols
    if isinstance(action, Assign):
        # The pilot: as much as possible for itself, as little as needed for others.
        return action.symbols if obs["assign_for"] == player else -action.symbols
    if isinstance(action, Commit):
        return action.symbols * 2 - t.doubloons[action.character][action.side]
    if isinstance(action, Cover):
        return t.doubloons[action.character][action.side]
    if isinstance(action, Choose):
        # An ability's target (another's character to weaken or send away, an own one to
        # restore): the strongest; a loss of its own (a war, a consequence): the weakest.
        if obs["step"] == "EffectChoice":
            return _symbols(t, action.character)
        return -_symbols(t, action.character)
    if isinstance(action, Helper):
        return 0.0
    if isinstance(action, TellTale):
        return 10.0 + t.tale_vp[action.tale]
    if isinstance(action, Buy):
        return _buy_score(t, obs["market"][action.slot])
    if isinstance(action, PlayAbility):
        return _play_score(action, t)
    if isinstance(action, WantToPlay):
        return 5.0
    if isinstance(action, PlayFirst):
        return 1.0 if action.seat == player else 0.0
    if isinstance(action, Decline):
        return 0.0
    if isinstance(action, DonePurchase):
        return 0.5
    if isinstance(action, Stay):
        healthy = sum(1 for c in me["ashore"] if not any(c["covered"]))
        return 1.0 if healthy >= 2 else -1.0
    if isinstance(action, Leave):
        return 0.0
    if isinstance(action, Hunt):
        return hunt_gain(action, view, obs, t, player)
    if isinstance(action, NoHunt):
        return 0.0
    if isinstance(action, Seek):
        return seek_score(action, obs, t)
    if isinstance(action, SpendTreasure):
        return spend_score(action, view, obs, t)
    if isinstance(action, Draft):
        return _per_doubloon(t, action.character)
    if isinstance(action, StartCharacter):
        return 1.0 + _per_doubloon(t, obs["market"][action.slot]["id"])
    if isinstance(action, StartAbility):
        return start_ability_score(t, action.ability)
    if isinstance(action, StartDone):
        return 0.0
    return 0.0


def heuristic_action(view: Any, player: int, rng: random.Random, **_: Any) -> int:
    legal = view.legal_actions()
    if len(legal) == 1:
        return int(legal[0])
    obs = view.observation(player)
    me = obs["seats"][player]
    t = view.game.tables
    actions = view.game.codec.actions
    scored = [(_score(actions[a], obs, me, t, player, view) + rng.random() * 0.01, a)
              for a in legal]
    return int(max(scored)[1])
