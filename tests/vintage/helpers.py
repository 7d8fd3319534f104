"""Positions for the rule tests: a match set up by hand, then actions by their structure."""

from __future__ import annotations

from typing import Any

from ludoteca.core.registry import load_game
from ludoteca.games.vintage import Vintage
from ludoteca.games.vintage.actions import BonusChip, Card, Die, FirstPlayer
from ludoteca.games.vintage.state import VintageState


def game(edition_text: str | None = None) -> Vintage:
    if edition_text is not None:
        return Vintage(edition_text=edition_text)
    return load_game("vintage")  # type: ignore[return-value]


def start(n: int = 4, *, first: int = 0, display: tuple[int, ...] = (0, 1, 2, 3),
          bonus: int = 1, options: dict[str, Any] | None = None,
          g: Vintage | None = None) -> VintageState:
    """A match at its first turn: ``first`` holds the token, the display is ``display``
    (card kinds), round I's chip is ``bonus``."""
    g = g or game()
    s: VintageState = g.new_initial_state(n, options=options)  # type: ignore[assignment]
    chance(s, FirstPlayer(first))
    for c in display:
        chance(s, Card(c))
    chance(s, BonusChip(s.t.chip_values.index(bonus)))
    return s


def act(s: VintageState, item: Any) -> None:
    s._legal = None  # a test may have set fields by hand since the legal actions were read
    s.apply_action(s.game.codec.encode(item))


def chance(s: VintageState, item: Any) -> None:
    s.apply_action(s.game.codec.encode_outcome(item))


def legal(s: VintageState) -> list[Any]:
    """The structured legal actions."""
    s._legal = None
    return [s.game.codec.actions[a] for a in s.legal_actions()]


def roll(s: VintageState, pips: int) -> None:
    chance(s, Die(pips))


def space(s: VintageState, region: str, k: int = 0) -> int:
    """The ``k``-th estate space of a sub-region (by name)."""
    return [e for e in range(s.t.num_spaces) if s.t.space_name[e] == region][k]


def action(s: VintageState, key: str) -> int:
    return s.t.action_keys.index(key)


def card(s: VintageState, key: str) -> int:
    return [c.key for c in s.game.edition.cards].index(key)


def give_estate(s: VintageState, seat: int, region: str, k: int, colours: list[str]) -> int:
    """Puts an estate of ``seat`` on a space with these vines (the printed quality, +1 for
    black, +1 for five)."""
    e = space(s, region, k)
    t = s.t
    s.owner[e] = seat
    s.vines[e] = sum(1 << t.colours.index(c) for c in colours)
    s.quality[e] = t.base_quality[e] + ("black" in colours) + (len(colours) == t.max_vines)
    s.tiles[seat] -= 1
    return e


def put_cellar(s: VintageState, seat: int, column: int, barrels: int, quality: int) -> None:
    k = s.t.num_columns
    s.cellar[seat * k + column] = barrels
    s.cellar_q[seat * k + column] = quality


def ware(s: VintageState, seat: int) -> dict[str, int]:
    t = s.t
    return {t.row_name[r]: s.ware[seat * t.num_rows + r] for r in range(t.num_rows)
            if s.ware[seat * t.num_rows + r]}


def pass_all(s: VintageState) -> None:
    """Everyone passes until the round ends (the next round's chance nodes left pending)."""
    from ludoteca.games.vintage.actions import Pass
    start_round = s.round
    for _ in range(100 * s.num_players):
        if s.round != start_round or s.is_terminal() or s.is_chance_node():
            return
        act(s, Pass())
    raise AssertionError(f"round {start_round + 1} has not ended after every seat passed "
                         "100 times: passing does not end a seat's round")
