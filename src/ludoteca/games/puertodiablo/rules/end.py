"""Ending the game: tall-tale VP plus one VP per symbol of the player's most numerous
symbol type; ties by the doubloons on all his characters."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.steps import OUT, GameEnd

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


def symbol_counts(state: PuertoDiabloState, seat: int) -> list[int]:
    """R10: every printed symbol on both sides of every character the player owns (not
    those removed from the game), by type (``[k]``: type ``k`` of ``t.symbols``)."""
    t = state.t
    owner, place, sides = state.owner, state.place, t.side_symbols
    rows = [sides[c][side] for c in range(t.num_chars)
            if owner[c] == seat and place[c] != OUT for side in (0, 1)]
    return [sum(col) for col in zip(*rows, strict=True)] if rows else [0] * len(t.symbols)


def symbol_bonus(state: PuertoDiabloState, seat: int) -> int:
    """R10: 1 VP per symbol of the player's most numerous symbol type."""
    return max(symbol_counts(state, seat))


def symbol_bonus_types(state: PuertoDiabloState, seat: int) -> list[int]:
    """The symbol types (indices) whose count gives :func:`symbol_bonus` (R10): the most
    numerous on his characters, every one of them when tied; [] when he has none."""
    return _best_types(symbol_counts(state, seat))


def _best_types(counts: list[int]) -> list[int]:
    best = max(counts)
    return [k for k, n in enumerate(counts) if n == best] if best else []


def doubloons(state: PuertoDiabloState, seat: int) -> int:
    """The tie-break: doubloons printed across all of his characters."""
    t = state.t
    return sum(t.doubloons[c][0] + t.doubloons[c][1] for c in range(t.num_chars)
               if state.owner[c] == seat and state.place[c] != OUT)


def tale_vp(state: PuertoDiabloState, seat: int) -> int:
    """The tall tales' VP, with the VP treasures found (kept with the tales)."""
    t = state.t
    return (sum(t.tale_vp[x] for x in state.tales[seat])
            + sum(t.treasure_vp[x] for x in state.found_vp[seat]))


def prospect(state: PuertoDiabloState, seat: int) -> float:
    """What the seat would score if the game ended now, in VP: the tall tales (and VP
    treasures) plus the symbol bonus of the characters he owns (R10), with the doubloons
    on them as hundredths, the tie-break's order (a sum of doubloons stays far below 100)."""
    return tale_vp(state, seat) + symbol_bonus(state, seat) + doubloons(state, seat) / 100


def game_end(state: PuertoDiabloState, step: GameEnd, action: None) -> None:
    n = state.num_players
    counts = [symbol_counts(state, s) for s in range(n)]
    bonus = [max(c) for c in counts]
    vp = [tale_vp(state, s) + bonus[s] for s in range(n)]
    money = [doubloons(state, s) for s in range(n)]
    state.vp = vp
    best = max(zip(vp, money, strict=True))
    state.table_winners = tuple(s for s in range(n) if (vp[s], money[s]) == best)
    # The bonus and the symbol types that scored it, for the words (R10).
    state.emit(everyone("final", vp=vp, doubloons=money, winners=list(state.table_winners),
                        bonus=bonus, bonus_symbols=[_best_types(c) for c in counts]))
