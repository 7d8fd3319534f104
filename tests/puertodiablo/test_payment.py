"""Paying doubloons (R3, option ``payment``): under ``minimal`` (the default) the sides a
payer covers must all be needed; under ``until_paid`` he covers any side with doubloons
until the amount is reached. Both: no change, a character whose last open side pays goes
to the ship, and a payer short of the amount sends all his characters ashore to the ship."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.core.errors import IllegalActionError
from ludoteca.games.puertodiablo.rules.consequence import pay
from ludoteca.games.puertodiablo.steps import ASHORE, SHIP, PayDoubloons, payable_sides

from .helpers import GAME, T, char, table

GRIET, JEANNE = "C11", "C02"  # Griet Maas 3d | 1d, Jeanne Roussel 2d | 2d
PIETER, ARABELLA = "C01", "C17"  # Pieter Hoogeveen 3d | 1d, Lady Arabella Finch 4d | 3d


def paying(ashore: list[str], amount: int, payment: str | None = None, *,
           cover: dict[str, int] | None = None):
    """Seat 0 (``ashore`` his characters; ``cover``: sides covered before) owes
    ``amount`` doubloons; seat 1 is in the harbour with one character."""
    options = {"payment": payment} if payment else None
    s = table(2, {0: ashore, 1: ["C10"]}, challenge="L11", options=options)
    for cid, bits in (cover or {}).items():
        s.cover[char(cid)] = bits
    s.push(*pay(s, 0, amount))
    s._legal = None
    return s


def side(cid: str, s: int) -> int:
    return T.cover_id[char(cid)][s]


def test_the_default_is_minimal():
    assert GAME.default_options.payment == "minimal"


def test_minimal_refuses_a_side_that_would_not_be_needed():
    # Owing 3 with Griet (3 | 1) and Jeanne (2 | 2): after a 2 of Jeanne's, Griet's 3
    # would make the 2 unneeded.
    s = paying([GRIET, JEANNE], 3)
    assert s.legal_actions() == sorted([side(GRIET, 0), side(GRIET, 1), side(JEANNE, 0),
                                        side(JEANNE, 1)])
    s.apply_action(side(JEANNE, 0))
    step = s.next_step()
    assert isinstance(step, PayDoubloons) and step.left == 1
    assert step.covered == ((char(JEANNE), 0),)
    assert s.legal_actions() == sorted([side(GRIET, 1), side(JEANNE, 1)])
    with pytest.raises(IllegalActionError,
                       match="covering it would leave a side you did not need"):
        s.apply_action(side(GRIET, 0))
    assert s.cover[char(GRIET)] == 0


def test_minimal_refuses_from_the_start_a_side_in_no_minimal_set():
    # Owing 3 with Pieter (3 | 1) and Arabella (4 | 3): every side but Pieter's 1 pays
    # alone, and the 1 with any of them would be unneeded.
    s = paying([PIETER, ARABELLA], 3)
    assert s.legal_actions() == sorted([side(PIETER, 0), side(ARABELLA, 0),
                                        side(ARABELLA, 1)])
    with pytest.raises(IllegalActionError, match="a side you did not need"):
        s.apply_action(side(PIETER, 1))


@pytest.mark.parametrize("sides", [
    [(GRIET, 0)], [(GRIET, 1), (JEANNE, 0)], [(JEANNE, 1), (GRIET, 1)],
    [(JEANNE, 0), (JEANNE, 1)], [(JEANNE, 1), (JEANNE, 0)]])
def test_minimal_accepts_each_side_of_a_minimal_set_and_ends_when_paid(sides):
    s = paying([GRIET, JEANNE], 3)
    for i, (cid, k) in enumerate(sides):
        assert side(cid, k) in s.legal_actions()
        s.apply_action(side(cid, k))
        still = isinstance(s.next_step(), PayDoubloons)
        assert still == (i < len(sides) - 1), "the payment ends when the amount is reached"
    for cid in (GRIET, JEANNE):
        bits = sum(1 << k for c, k in sides if c == cid)
        assert s.cover[char(cid)] == bits
        # Both sides covered: to the ship.
        assert s.place[char(cid)] == (SHIP if bits == 3 else ASHORE)


def test_until_paid_lets_any_side_with_doubloons_pay_until_the_amount_is_reached():
    s = paying([GRIET, JEANNE], 3, "until_paid")
    s.apply_action(side(JEANNE, 0))
    assert s.legal_actions() == sorted([side(GRIET, 0), side(GRIET, 1), side(JEANNE, 1)])
    s.apply_action(side(GRIET, 0))  # 5 paid for 3: no change
    assert not isinstance(s.next_step(), PayDoubloons)
    assert s.cover[char(JEANNE)] == 1 and s.cover[char(GRIET)] == 1


def test_until_paid_may_send_a_character_to_the_ship_by_an_unneeded_side():
    # Pieter's 1 first, then his 3: both sides covered, he goes to the ship.
    s = paying([PIETER, ARABELLA], 3, "until_paid")
    assert side(PIETER, 1) in s.legal_actions()
    s.apply_action(side(PIETER, 1))
    s.apply_action(side(PIETER, 0))
    assert s.place[char(PIETER)] == SHIP
    assert not isinstance(s.next_step(), PayDoubloons)


@pytest.mark.parametrize("payment", ["minimal", "until_paid"])
def test_short_of_the_amount_all_his_characters_ashore_go_to_the_ship(payment):
    # Pieter with only his 1 open and Diego (0 | 3) with his 3 covered: 1 visible, owing 3.
    s = paying([PIETER, "C06"], 3, payment, cover={PIETER: 1, "C06": 2})
    assert not isinstance(s.next_step(), PayDoubloons)
    assert s.place[char(PIETER)] == SHIP and s.place[char("C06")] == SHIP
    assert s.place[char("C10")] == ASHORE  # the other seat is not touched


@pytest.mark.parametrize("payment", ["minimal", "until_paid"])
def test_exactly_enough_pays_and_nobody_goes_to_the_ship(payment):
    # The boundary of the shortfall: 3 visible for 3 owed.
    s = paying([PIETER, "C06"], 3, payment, cover={PIETER: 2, "C06": 2})
    assert isinstance(s.next_step(), PayDoubloons)
    assert s.legal_actions() == [side(PIETER, 0)]
    s.apply_action(side(PIETER, 0))
    assert s.place[char(PIETER)] == SHIP and s.place[char("C06")] == ASHORE


@pytest.mark.parametrize("payment", ["minimal", "until_paid"])
def test_a_weakened_character_whose_open_side_pays_goes_to_the_ship(payment):
    # Pieter weakened (his 3 covered, his 1 open) and Jeanne (2 | 2), owing 3: Pieter's 1
    # and a 2 of Jeanne's make a minimal set.
    s = paying([PIETER, JEANNE], 3, payment, cover={PIETER: 1})
    assert side(PIETER, 1) in s.legal_actions()
    s.apply_action(side(PIETER, 1))
    assert s.place[char(PIETER)] == SHIP
    step = s.next_step()
    assert isinstance(step, PayDoubloons) and step.left == 2
    assert s.legal_actions() == sorted([side(JEANNE, 0), side(JEANNE, 1)])
    s.apply_action(side(JEANNE, 1))
    assert not isinstance(s.next_step(), PayDoubloons)
    assert s.place[char(JEANNE)] == ASHORE and s.cover[char(JEANNE)] == 2


def test_a_refusal_names_what_is_wrong_with_the_side():
    s = paying([PIETER, "C06"], 3, cover={PIETER: 1})
    with pytest.raises(IllegalActionError, match="left side is already covered"):
        s.apply_action(side(PIETER, 0))
    with pytest.raises(IllegalActionError, match="shows no doubloons"):
        s.apply_action(side("C06", 0))
    with pytest.raises(IllegalActionError, match="not one of your characters ashore"):
        s.apply_action(side("C10", 0))


def minimal_by_search(values: tuple[int, ...], amount: int, chosen: int) -> int:
    """The sides that some minimal set holds with ``chosen``, by listing every set."""
    out = 0
    for m in range(1 << len(values)):
        picked = [values[i] for i in range(len(values)) if m >> i & 1]
        if m & chosen == chosen and picked and sum(picked) >= amount \
                and sum(picked) - min(picked) < amount:
            out |= m & ~chosen
    return out


def test_the_search_agrees_with_listing_every_set():
    import random
    rng = random.Random(5)
    for _ in range(400):
        values = tuple(rng.randint(1, 5) for _ in range(rng.randint(1, 8)))
        amount = rng.randint(1, 9)
        chosen = rng.getrandbits(len(values)) & rng.getrandbits(len(values))
        assert payable_sides(values, amount, chosen) == minimal_by_search(values, amount,
                                                                         chosen)


def payments(record: ludoteca.MatchRecord, options: dict[str, str]) -> list[list[int]]:
    """The doubloons of the sides covered in each payment of the match, in order."""
    s = GAME.new_initial_state(record.num_players, options=options)
    out: list[list[int]] = []
    for a in record.actions:
        step = s.next_step()
        if isinstance(step, PayDoubloons):
            if not step.covered:
                out.append([])
            action = T.codec.decode(a)
            out[-1].append(T.doubloons[action.character][action.side])
        s.apply_action(a)
    assert s.is_terminal()
    return out


def is_minimal(paid: list[int], amount: int) -> bool:
    return sum(paid) >= amount and sum(paid) - min(paid) < amount


@pytest.mark.parametrize("payment", ["minimal", "until_paid"])
def test_random_and_bot_matches_finish_and_pay_by_the_option(payment):
    # The one payment of the card set: Brawl on the quay, 3 doubloons each.
    options = {"payment": payment}
    paid: list[list[int]] = []
    for seed in range(40):
        record = ludoteca.run_match("puertodiablo", ["random"] * 4, seed=seed, options=options)
        assert record.finished
        paid += payments(record, options)
        if len(paid) >= 12 and (payment == "minimal"
                                or not all(is_minimal(p, 3) for p in paid)):
            break
    assert len(paid) >= 12, "too few payments to tell the options apart"
    if payment == "minimal":
        assert all(is_minimal(p, 3) for p in paid), paid
    else:
        assert all(sum(p) >= 3 and sum(p) - p[-1] < 3 for p in paid), paid
        assert not all(is_minimal(p, 3) for p in paid), "random play pays an unneeded side"
    for seed in range(2):
        record = ludoteca.run_match("puertodiablo", ["heuristic"] * 3, seed=seed,
                                    options=options)
        assert record.finished
