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
    Helper,
    Leave,
    Offer,
    OfferByAbility,
    PlayAbility,
    PlayFirst,
    SendAshore,
    Stay,
    TakeCheapest,
    TellTale,
    WantToPlay,
)


def _symbols(t: Any, c: int) -> int:
    return sum(t.side_symbols[c][0]) + sum(t.side_symbols[c][1])


def _foreknowledge(t: Any, a: int, c: int) -> int:
    """Printed symbols of the card's kinds on the character (cover ignored: a guess)."""
    mask = t.abi_fk_symbols[a]
    return sum(n for side in t.side_symbols[c] for k, n in enumerate(side) if mask >> k & 1)


def _play_score(action: PlayAbility, t: Any) -> float:
    ops = {p["op"] for p in t.abi_effect[action.ability]}
    base = 20.0 if ops & {"TALE_BONUS", "EXTRA_TALE"} else 5.0
    return base + 0.1 * _foreknowledge(t, action.ability, action.character)


def _score(action: Any, obs: dict[str, Any], me: dict[str, Any], t: Any, player: int) -> float:
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
        card = obs["market"][action.slot]
        if card is None or card["kind"] != "character":
            return -1.0
        return 3.0 + _symbols(t, card["id"]) / max(card["price"], 1)
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
    return 0.0


def heuristic_action(view: Any, player: int, rng: random.Random, **_: Any) -> int:
    legal = view.legal_actions()
    if len(legal) == 1:
        return int(legal[0])
    obs = view.observation(player)
    me = obs["seats"][player]
    t = view.game.tables
    actions = view.game.codec.actions
    scored = [(_score(actions[a], obs, me, t, player) + rng.random() * 0.01, a)
              for a in legal]
    return int(max(scored)[1])
