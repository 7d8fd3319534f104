"""The end of the game and the final scoring (after round VII).

To the VP of the game: 1 VP per 4 port barrels owned anywhere (estates, boat, cellar,
warehouse), the purchase value of every planted estate (3 vines or more, the starting one
too), and 1 VP per five-vine estate. Ties: most estates, then the highest total estate
quality, then a shared win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState


def barrels_owned(state: VintageState, seat: int) -> int:
    t = state.t
    own = sum(state.lot[e] for e, o in enumerate(state.owner) if o == seat)
    own += sum(state.hold[seat * t.sections: (seat + 1) * t.sections])
    own += sum(state.cellar[seat * t.num_columns: (seat + 1) * t.num_columns])
    own += sum(state.ware[seat * t.num_rows: (seat + 1) * t.num_rows])
    return own


def additions(state: VintageState, seat: int) -> tuple[int, int, int]:
    """(barrels VP, planted estates' value, five-vine VP) for ``seat``."""
    t = state.t
    barrels = barrels_owned(state, seat) // t.barrels_per_vp
    planted = five = 0
    for e, o in enumerate(state.owner):
        if o != seat:
            continue
        count = state.vines[e].bit_count()
        if count >= t.harvest_vines and t.planted_scores_price:
            planted += t.price[e]
        if count == t.max_vines:
            five += t.five_vine_vp
    return barrels, planted, five


def ranking_key(state: VintageState, seat: int) -> tuple[int, int, int]:
    """VP, then estates, then total estate quality (the tie-breaks in order)."""
    estates = [e for e, o in enumerate(state.owner) if o == seat]
    return state.vp[seat], len(estates), sum(state.quality[e] for e in estates)


def prospect(state: VintageState, seat: int) -> float:
    """What ``seat`` could count on if the game ended soon, in VP (a guess for searches):
    the VP track, a VP per 4 barrels owned (fractions kept, so that every barrel counts),
    the purchase value of every estate owned (as if planted: a bought estate is paid for in
    VP and repaid at the end once planted, a search too short-sighted to see the planting
    would never buy), and the five-vine VP already earned."""
    t = state.t
    points = state.vp[seat] + barrels_owned(state, seat) / t.barrels_per_vp
    for e, o in enumerate(state.owner):
        if o != seat:
            continue
        if t.planted_scores_price:
            points += t.price[e]
        if state.vines[e].bit_count() == t.max_vines:
            points += t.five_vine_vp
    return points


def final_scoring(state: VintageState) -> None:
    """Adds the final VP, ranks the players and leaves nothing pending."""
    n = state.num_players
    adds = [additions(state, s) for s in range(n)]
    for s in range(n):
        state.vp[s] += sum(adds[s])
    keys = [ranking_key(state, s) for s in range(n)]
    best = max(keys)
    state.table_winners = tuple(s for s in range(n) if keys[s] == best)
    state.final = tuple(tuple(a) for a in adds)
    # The seats level on VP, with what broke their tie (estates, total quality): told,
    # so that a win on equal VP says why.
    top = [s for s in range(n) if keys[s][0] == best[0]]
    tied = [[s, keys[s][1], keys[s][2]] for s in top] if len(top) > 1 else []
    state.emit(everyone("end", additions=[list(a) for a in adds], scores=list(state.vp),
                        winners=list(state.table_winners), tied=tied))
