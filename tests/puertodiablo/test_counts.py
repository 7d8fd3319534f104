"""The quick symbol counts of :mod:`ludoteca.games.puertodiablo.steps` equal their plain
definitions: for every card, side, cover and mask, and at every node of seeded random
matches (with the options, so that hunts, covered sides and doublings occur); and a
purchase's choices equal those tested one tale and one market slot at a time.

The counts are written for speed (a mask's set bits only, both sides in one pass, one
count for all tall tales, looked-up sums per cover); these definitions are the slow,
obvious ones."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.registry import load_game
from ludoteca.core.state import CHANCE, sample_chance
from ludoteca.games.puertodiablo import steps
from ludoteca.games.puertodiablo.steps import ASHORE

GAME = load_game("puertodiablo")
T = GAME.tables
MASKS = range(T.all_symbols + 1)


def plain_side_count(c: int, side: int, mask: int) -> int:
    return sum(n for k, n in enumerate(T.side_symbols[c][side]) if mask >> k & 1)


def plain_open_sides(cover: int) -> list[int]:
    return [s for s in (0, 1) if not cover >> s & 1]


def plain_ashore(state, seat: int) -> list[int]:
    return [c for c in range(T.num_chars)
            if state.place[c] == ASHORE and state.owner[c] == seat]


def test_side_count_is_the_sum_over_the_masks_types():
    state = GAME.new_initial_state(4)
    for c in range(T.num_chars):
        for side in (0, 1):
            for mask in MASKS:
                assert steps.side_count(state, c, side, mask) == \
                    plain_side_count(c, side, mask), (c, side, mask)


def test_open_count_is_the_sum_over_the_open_sides():
    state = GAME.new_initial_state(4)
    for c in range(T.num_chars):
        for cover in (0, 1, 2, 3):
            state.cover[c] = cover
            for mask in MASKS:
                want = sum(plain_side_count(c, s, mask) for s in plain_open_sides(cover))
                assert steps.open_count(state, c, mask) == want, (c, cover, mask)


def plain_purchase_choices(state, step) -> list[int]:
    """The purchase's choices, each tale and slot tested on its own."""
    seat = step.seat
    out = [T.done_id]
    if steps.may_tell(state, step):
        out += [T.tale_id[x] for x in range(T.num_tales) if not state.told >> x & 1
                and steps.open_symbols(state, seat, T.tale_symbol[x]) + state.tale_bonus
                >= T.tale_needed[x]]
    if steps.may_buy(state, step):
        out += [T.buy_id[slot] for slot in range(T.market_chars + T.market_abis)
                if state.market[slot] >= 0
                and steps.card_price(state, slot) <= steps.money(state, step)]
    out += [T.play_id[a][c] for a in steps.playable_at_purchase(state, seat)
            for c in plain_actors(state, seat, a)]
    if state.found_money[seat] and steps.may_buy(state, step):
        out += sorted({T.spend_id[x] for x in state.found_money[seat]})
    return sorted(out)


def plain_shows(state, a: int, c: int) -> bool:
    """R73: ``c`` shows ability ``a``'s foreknowledge (prohibitions ignored)."""
    sides = plain_open_sides(state.cover[c])
    if T.abi_fk_fear[a] >= 0:
        return bool(T.fears[c] >> T.abi_fk_fear[a] & 1)
    if T.abi_fk_faction[a]:
        return T.faction[c] >= 0
    if T.abi_fk_doubloons[a] is not None:
        return any(T.doubloons[c][s] == T.abi_fk_doubloons[a] for s in sides)
    return sum(plain_side_count(c, s, T.abi_fk_symbols[a]) for s in sides) > 0


def plain_actors(state, seat: int, a: int) -> list[int]:
    """R73: those ashore showing the foreknowledge, or all of them if none does."""
    ashore = plain_ashore(state, seat)
    return [c for c in ashore if plain_shows(state, a, c)] or ashore


def check_node(state, seen: dict[str, int]) -> None:
    for seat in range(state.num_players):
        ashore = plain_ashore(state, seat)
        assert steps.ashore_of(state, seat) == ashore
        sides = [(c, s) for c in ashore for s in plain_open_sides(state.cover[c])]
        counts = [sum(T.side_symbols[c][s][k] for c, s in sides) for k in range(len(T.symbols))]
        assert steps.open_symbol_counts(state, seat) == counts
        assert [steps.open_symbols(state, seat, k) for k in range(len(T.symbols))] == counts
        assert steps.budget(state, seat) == sum(T.doubloons[c][s] for c, s in sides)
        if state.challenge >= 0:
            mask = steps.usable_for(state, seat)
            assert steps.capacity(state, seat) == \
                sum(plain_side_count(c, s, mask) for c, s in sides)
            assert steps.deliverable(state, seat) == \
                sum(plain_side_count(c, s, mask) * (1 + state.doubled.count(c))
                    for c, s in sides)
        seen["covered"] += sum(1 for c in ashore if state.cover[c])
    seen["doubled"] += bool(state.doubled)
    step = state.next_step()
    if isinstance(step, steps.Purchase):
        assert steps.purchase_choices(state, step) == plain_purchase_choices(state, step)
        # And with a PRICE_DELTA that takes prices below 1 and a TALE_BONUS, which random
        # matches seldom reach.
        other = state.clone()
        other.price_cut, other.tale_bonus = -9, 2
        assert steps.purchase_choices(other, step) == plain_purchase_choices(other, step)
        seen["purchase"] += 1
    for c in steps.hunters(state):
        mask = T.treasure_symbols[state.hunt_of[c]]
        assert steps.hunt_count(state, c) == \
            sum(plain_side_count(c, s, mask) for s in plain_open_sides(state.cover[c]))
        seen["hunting"] += 1


@pytest.mark.parametrize("options", [{}, {"treasure": "on"}, {"start": "advanced"}],
                         ids=["standard", "treasure", "advanced"])
def test_the_counts_equal_their_definitions_at_every_node(options):
    seen = {"covered": 0, "doubled": 0, "hunting": 0, "purchase": 0}
    for n, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        rng = random.Random(seed)
        state = GAME.new_initial_state(n, options=options)
        while not state.is_terminal():
            check_node(state, seen)
            if state.current_player() == CHANCE:
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        check_node(state, seen)
    # The matches reach the cases the quick counts treat apart.
    assert seen["covered"] and seen["purchase"]
    if options.get("treasure"):
        assert seen["hunting"]
    if options.get("start"):
        assert seen["doubled"]
