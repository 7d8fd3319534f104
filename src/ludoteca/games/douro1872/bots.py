"""A heuristic Douro 1872 player: it weighs each barrel card against the boat in dispute.

For each card it could lay, the bot plays the dispute out a few dozen times in its head:
every other seat (D. Sebastião too) lays a card drawn at random from the cards it has not
laid yet this half (piles are public), the boat's order is drawn from the orders of its
level not yet turned (a fog card: one of the fog cards not yet seen, with its own rule,
and for Sirga the order of a regular card of a level still in the stack). It scores each
play by the points it would win or lose under the card's rule - highest and lowest, ties
sharing the smaller stake, the phylloxera holder losing every tie - and subtracts a small
price for the card itself (``thrift`` points per barrel), since every card is laid once a
half and a high card spent on a boat that does not need it is missing later. It lays the
card with the best average; the gift to charity is chosen the same way (the lowest gift
loses, the highest gains), with the card's price for the second half.

It reads only what its seat sees: its observation (hand, piles, points, the levels and
orders already turned) and the edition. ``heuristic_action(view, player, rng, samples=48,
thrift=0.3)``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ludoteca.games.douro1872.actions import Donate, PlayBarrel

ORDERED = ("regular", "fragas", "cardia", "rapidos")


class _Edition:
    """What the bot needs of the edition, read once per game."""

    def __init__(self, game: Any) -> None:
        e = game.edition
        self.values: list[int] = list(e.barrels.values.value)
        self.levels: list[int] = list(e.rabelo.levels.value)
        self.orders: dict[int, list[int]] = {int(k): list(v.value)
                                             for k, v in e.rabelo.orders.items()}
        self.fog_orders: dict[int, int] = {int(k): v.value for k, v in e.fog.orders.items()}
        self.fog: list[tuple[str, str]] = [(c.name.value, c.effect.value) for c in e.fog.cards]
        self.stakes: dict[str, tuple[int, int]] = {
            name: tuple(getattr(e.stakes, name).value)  # type: ignore[misc]
            for name in ("regular", "fragas", "cardia", "rapidos", "barraca", "charity")}
        self.ghost_column: int = e.ghost.order_column.value


_editions: dict[int, _Edition] = {}


def _edition(game: Any) -> _Edition:
    key = id(game)
    found = _editions.get(key)
    if found is None or found.values is None:
        found = _editions[key] = _Edition(game)
    return found


def _column(ed: _Edition, obs: dict[str, Any]) -> int:
    seats = len(obs["seats"])
    return ed.ghost_column if any(s.get("ghost") for s in obs["seats"]) else seats


def _remaining(ed: _Edition, pile: list[int]) -> list[int]:
    left = Counter(ed.values)
    left.subtract(pile)
    return sorted(v for v, k in left.items() for _ in range(max(k, 0)))


def _award(cards: list[int], seat: int, holder: int | None, best: bool) -> str:
    """``win``, ``tie`` or ``none``: whether ``seat`` is (among) the highest (``best``) or
    the lowest; the phylloxera holder loses every tie it is part of."""
    target = max(cards) if best else min(cards)
    if cards[seat] != target:
        return "none"
    tied = [s for s, c in enumerate(cards) if c == target]
    if len(tied) == 1:
        return "win"
    if holder in tied:
        if seat == holder:
            return "none"
        rest = [s for s in tied if s != holder]
        return "win" if len(rest) == 1 else "tie"
    return "tie"


def _points(effect: str, cards: list[int], order: int, seat: int, holder: int | None,
            stakes: dict[str, tuple[int, int]]) -> float:
    """What ``seat`` gains (negative: loses) when ``cards`` dispute a card with ``effect``."""
    total = sum(cards)
    full, tie = stakes.get(effect, stakes["regular"])
    if effect in ("regular", "fragas", "cardia"):
        if total >= order:
            got = _award(cards, seat, holder, best=True)
            return {"win": full, "tie": tie}.get(got, 0)
        got = _award(cards, seat, holder, best=False)
        return -{"win": full, "tie": tie}.get(got, 0)
    if effect == "rapidos":
        got = _award(cards, seat, holder, best=total < order)
        return {"win": full, "tie": tie}.get(got, 0)
    if effect == "barraca":
        got = _award(cards, seat, holder, best=False)
        return {"win": full, "tie": tie}.get(got, 0)
    return 0.0  # customs


def _boats(ed: _Edition, obs: dict[str, Any], rng: random.Random, count: int
           ) -> list[tuple[str, int]]:
    """``count`` draws of (effect, order) for the card in dispute, from what is unseen."""
    column = ed.orders.get(_column(ed, obs)) or next(iter(ed.orders.values()))
    seen = Counter((d["level"], d["order"]) for d in obs["discarded"]["regular"])
    unseen: dict[int, list[int]] = {}
    for level, order in zip(ed.levels, column, strict=False):
        if seen[(level, order)] > 0:
            seen[(level, order)] -= 1
        else:
            unseen.setdefault(level, []).append(order)
    dispute = obs.get("in_dispute") or {}
    fog_order = ed.fog_orders.get(_column(ed, obs), 15)
    if dispute.get("kind") == "regular" or "level" in dispute:
        disputed = dispute.get("level")
        orders = (unseen.get(disputed) if disputed is not None else None) or column
        return [("regular", rng.choice(orders)) for _ in range(count)]
    gone = Counter(obs["discarded"]["fog"])
    fogs = []
    for name, effect in ed.fog:
        if gone[name] > 0:
            gone[name] -= 1
        else:
            fogs.append(effect)
    fogs = fogs or [effect for _, effect in ed.fog]
    all_unseen = [o for orders in unseen.values() for o in orders] or column
    out = []
    for _ in range(count):
        effect = rng.choice(fogs)
        if effect == "sirga":
            out.append(("regular", rng.choice(all_unseen)))
        else:
            out.append((effect, fog_order))
    return out


def heuristic_action(view: Any, player: int, rng: random.Random, samples: int = 48,
                     thrift: float = 0.3, **_: Any) -> int:
    legal = view.legal_actions()
    if len(legal) == 1:
        return legal[0]
    codec = view.game.codec
    obs = view.observation(player)
    ed = _edition(view.game)
    cards = {a: codec.actions[a] for a in legal}
    seats = obs["seats"]
    holder = obs.get("phylloxera")
    hand = sorted(obs.get("hand") or [c.card for c in cards.values()])
    later = max(0, len(hand) - 1)  # cards still to lay this half after this one
    mean = sum(hand) / len(hand)
    others = [s["seat"] for s in seats if s["seat"] != player]
    if any(isinstance(c, Donate) for c in cards.values()):
        return _donate(ed, obs, view, player, legal, cards, holder, rng, samples, thrift)
    pools = {s: _remaining(ed, seats[s]["pile"]) or list(ed.values) for s in others}
    boats = _boats(ed, obs, rng, samples)
    plays = [{s: rng.choice(pools[s]) for s in others} for _ in range(samples)]
    best, best_value = legal[0], -1e9
    for a in legal:
        card = cards[a]
        value = card.card if isinstance(card, PlayBarrel) else 0
        gained = 0.0
        for (effect, order), play in zip(boats, plays, strict=True):
            table = [value if s == player else play[s] for s in range(len(seats))]
            gained += _points(effect, table, order, player, holder, ed.stakes)
        # A card spent now is missing later: price it against the hand's mean card.
        score = gained / samples - thrift * (value - mean) * (1 if later else 0)
        if score > best_value + 1e-9:
            best, best_value = a, score
    return best


def _donate(ed: _Edition, obs: dict[str, Any], view: Any, player: int, legal: list[int],
            cards: dict[int, Any], holder: int | None, rng: random.Random, samples: int,
            thrift: float) -> int:
    """The gift to charity: the lowest gift loses, the highest gains; a high gift is a
    card missing for the whole second half."""
    seats = obs["seats"]
    others = [s["seat"] for s in seats if s["seat"] != player]
    full, tie = ed.stakes["charity"]
    mean = sum(ed.values) / len(ed.values)
    best, best_value = legal[0], -1e9
    gifts = [{s: rng.choice(ed.values) for s in others} for _ in range(samples)]
    for a in legal:
        value = cards[a].card
        total = 0.0
        for gift in gifts:
            table = [value if s == player else gift[s] for s in range(len(seats))]
            high = _award(table, player, holder, best=True)
            low = _award(table, player, holder, best=False)
            total += {"win": full, "tie": tie}.get(high, 0) - {"win": full, "tie": tie}.get(
                low, 0)
        score = total / samples - thrift * 2 * (value - mean)
        if score > best_value + 1e-9:
            best, best_value = a, score
    return best
