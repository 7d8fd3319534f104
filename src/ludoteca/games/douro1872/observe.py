"""What a seat may know of a Douro 1872 position (ruling R1: the table remembers).

Everything that was ever shown to the whole table is in every observation: the piles of
played barrel cards (the physical game shows only the top one; a player with perfect memory
knows the rest, so the full pile is given, with ``pile_top`` for the card on view), every
settled dispute, the lottery, every score (all points move in public from a known start),
the levels on the backs of the Valley's cards and whether a fog card sits on the stack.

Private to a seat: its own hand, its face-down card in the dispute in progress and its
charity card. Another seat's face-down card and charity card are never shown until revealed
(the charity cards at the very end); only *that* a seat has chosen is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.state import CHANCE, TERMINAL
from ludoteca.games.douro1872.rules import (
    CHOOSE,
    DONATE,
    END,
    FOGCARD,
    GHOST,
    GHOST_DONATE,
    LOTTERY,
    PEEK,
    PHASE_NAMES,
    REGULAR,
    SIRGA,
)

if TYPE_CHECKING:
    from ludoteca.games.douro1872.rules import DouroState


def seat_name(state: DouroState, seat: int) -> str:
    return state._t.ghost_name if seat == state._ghost else f"Player {seat}"


def observation(state: DouroState, player: int | None) -> dict[str, Any]:
    t = state._t
    values = t.values
    current = state.current_player()
    seats = []
    for s in range(state._seats):
        pile = [values[c] for c in state._piles[s]]
        chosen = state._choices[s] >= 0
        seats.append({
            "seat": s,
            "name": seat_name(state, s),
            "ghost": s == state._ghost,
            "score": state._scores[s],
            "hand_size": state._hands[s].bit_count(),
            "pile": pile,
            "pile_top": pile[-1] if pile else None,
            "chosen": chosen,
            "played": values[state._choices[s]] if chosen and state._revealed else None,
            "donated": state._donations[s] >= 0,
            "phylloxera": s == state._holder,
        })
    obs: dict[str, Any] = {
        "game": "douro1872",
        "seat": player,
        "num_players": state.num_players,
        "variant": state.variant,
        "phase": PHASE_NAMES[state._phase],
        "current_player": current,
        "prompt": prompt(state, player),
        "half": state._half,
        "seats": seats,
        "phylloxera": state._holder if state._holder >= 0 else None,
        "valley": [t.level_names[k] for k in state._valley],
        "stack": {
            "cards": state._unseen() + state._fog_top,
            "fog_on_top": state._fog_top,
        },
        "in_dispute": in_dispute(state),
        "lottery": [
            {"round": r, "seat": owner, "card": values[c]} for r, owner, c in state._lot_log
        ],
        "log": [log_entry(state, e) for e in state._log],
        "charity": charity(state),
        "result": result(state),
    }
    if player is not None:
        mine = state._choices[player]
        gift = state._donations[player]
        obs["hand"] = [values[c] for c in t.bits[state._hands[player]]]
        obs["my_choice"] = values[mine] if mine >= 0 else None
        obs["my_donation"] = values[gift] if gift >= 0 else None
    return obs


def in_dispute(state: DouroState) -> dict[str, Any] | None:
    t = state._t
    target = state._target
    if target == REGULAR:
        out: dict[str, Any] = {"kind": "regular", "level": t.level_names[state._target_level]}
    elif target == FOGCARD:
        out = {"kind": "fog"}
    elif target == SIRGA:
        out = {"kind": "sirga", "fog": t.fog_names[state._turned_fog]}
        if state._phase != PEEK:
            out["level"] = t.level_names[state._target_level]
    else:
        return None
    if state._revealed:
        out["total"] = state.total()
    return out


def rabelo_name(state: DouroState, regular: int, fog: int) -> dict[str, Any]:
    t = state._t
    out: dict[str, Any] = {}
    if fog >= 0:
        out["fog"] = t.fog_names[fog]
        if t.fog_effects[fog] in ("fragas", "cardia", "rapidos"):
            out["order"] = state._fog_order
    if regular >= 0:
        out["level"] = t.level_names[t.card_level[regular]]
        out["order"] = state._orders[regular]
    return out


def log_entry(state: DouroState, entry: tuple[Any, ...]) -> dict[str, Any]:
    _sirga, regular, fog, choices, total, deltas, before, after = entry
    values = state._t.values
    return {
        "rabelo": rabelo_name(state, regular, fog),
        "played": [values[c] for c in choices],
        "total": total,
        "points": list(deltas),
        "phylloxera": [before if before >= 0 else None, after if after >= 0 else None],
    }


def charity(state: DouroState) -> dict[str, Any]:
    out: dict[str, Any] = {"donated": [d >= 0 for d in state._donations]}
    if state._charity is not None:
        gifts, deltas, before, after = state._charity
        out.update(revealed=list(gifts), points=list(deltas),
                   phylloxera=[before if before >= 0 else None, after if after >= 0 else None])
    return out


def result(state: DouroState) -> dict[str, Any] | None:
    if state._phase != END:
        return None
    names = [seat_name(state, s) for s in state._table_winners]
    return {
        "winners": state.winners(),
        "table_winners": list(state._table_winners),
        "ghost_won": state.ghost_won(),
        "text": " and ".join(names) + (" win" if len(names) > 1 else " wins"),
    }


def prompt(state: DouroState, player: int | None) -> str:
    current = state.current_player()
    phase = state._phase
    t = state._t
    if current == TERMINAL:
        return "The game is over: " + result(state)["text"] + "."  # type: ignore[index]
    if current == CHANCE:
        if phase == PEEK:
            return "Turning over the stack's next card back."
        if phase == LOTTERY:
            return "Phylloxera lottery: drawing a barrel card from a hand."
        if phase in (GHOST, GHOST_DONATE):
            return f"{t.ghost_name} picks a card at random."
        return "Chance."
    if current != player:
        what = "a barrel card" if phase == CHOOSE else "a charity card"
        return f"Waiting for {seat_name(state, current)} to choose {what}."
    if phase == DONATE:
        return ("Middle of the game: you took back your ten cards. Give one barrel card, face "
                "down, to the charity card (revealed at the end: lowest -1, highest +1).")
    target = in_dispute(state) or {}
    if target.get("kind") == "regular":
        what = f"the level-{target['level']} regular Rabelo card"
    else:
        what = "the fog Rabelo card (which one is hidden until it is turned)"
    return f"Choose a barrel card to lay face down to dispute {what}."

