"""Building Puerto Diablo positions for rule tests: a table laid out by hand."""

from __future__ import annotations

from typing import Any

from ludoteca.core.hidden import Pile
from ludoteca.core.registry import load_game
from ludoteca.games.puertodiablo.state import PuertoDiabloState
from ludoteca.games.puertodiablo.steps import ASHORE, MARKET, SHIP, TurnLog

GAME = load_game("puertodiablo")
T = GAME.tables


def char(card_id: str) -> int:
    return T.char_ids.index(card_id)


def log(card_id: str) -> int:
    return [c.id for c in GAME.edition.log].index(card_id)


def harbour(card_id: str) -> int:
    return [h.id for h in GAME.edition.harbours].index(card_id)


def new_state(n: int, options: Any = None, game: Any = None) -> PuertoDiabloState:
    """After the set-up (seat 0 the first pilot, voyage H01, H02, H05, H08; seat k takes
    starting set k + 1), before the characters go ashore. ``game``: another edition of
    the game with the default's cards (the same indices), copies aside."""
    state: PuertoDiabloState = (game or GAME).new_initial_state(n, options=options)  # type: ignore[assignment]
    state.apply_action(T.pilot_outcome[0])
    state.apply_action(T.voyage_outcome[harbour("H02")])
    state.apply_action(T.voyage_outcome[harbour("H05")])
    for k in range(n):
        state.apply_action(T.choose_set_id[k])
    return state


def table(n: int, ashore: dict[int, list[str]], *, at: str = "H01", foul: int = 0,
          challenge: str | None = None, pilot: int = 0, market: list[str] | None = None,
          options: Any = None, game: Any = None) -> PuertoDiabloState:
    """A harbour laid out by hand: nothing pending; ``ashore`` the characters of each seat
    in the harbour (seats not named have left); the starting-set characters not named are
    on their owners' ships. ``game``: as for :func:`new_state`."""
    state = new_state(n, options, game)
    state.clear_pending()
    state.voyage[[2, 3, 4, 5].index(T.harbour_number[harbour(at)])] = harbour(at)
    state.harbour = [2, 3, 4, 5].index(T.harbour_number[harbour(at)])
    state.foul = foul
    state.pilot = pilot
    state.round = 1
    for c in range(T.num_chars):
        if state.place[c] == ASHORE:
            state.place[c] = SHIP
    for seat in range(n):
        state.ashore[seat] = int(seat in ashore)
        for cid in ashore.get(seat, []):
            c = char(cid)
            state.place[c] = ASHORE
            state.owner[c] = seat
    state.market = [-1] * 8
    for slot, cid in enumerate(market or []):
        c = char(cid)
        state.place[c] = MARKET
        state.owner[c] = -1
        state.market[slot] = c
    if challenge is not None:
        state.challenge = log(challenge)
    return state


def play(state: PuertoDiabloState, *actions: int) -> None:
    for a in actions:
        state.apply_action(a)


def turn(state: PuertoDiabloState, card_id: str) -> None:
    """The pilot turns ``card_id`` (the log pile made to hold it alone)."""
    card = log(card_id)
    counts = [0] * T.num_log
    counts[card] = 1
    state.log_pile = Pile.of(counts)
    state.push(TurnLog())
    state.apply_action(T.log_outcome[card])
