"""Which character may act an ability card (R73): one showing the card's foreknowledge on
an open side (prohibited or not), or the fear, faction or doubloon match; any character
only when none shows it. Each test fails if that choice is widened or narrowed."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import IllegalActionError
from ludoteca.games.puertodiablo.steps import (
    CounterWindow,
    MomentWindow,
    OpenWindow,
    Purchase,
    foreknowledge,
    least_roll,
    money,
)

from .helpers import T, char, table

WINDFALL = T.abi_names.index("Windfall")  # doubles the actor's doubloons; TRD, TAV
HAGGLING = T.abi_names.index("Haggling")  # a side of exactly 2 doubloons
LOOSE_PURSE = T.abi_names.index("Loose Purse")
BELAY = T.abi_names.index("Belay That!")  # FTH, OCC
VOODOO = T.abi_names.index("Voodoo")  # a fear of the occult
INSTIGATE = T.abi_names.index("Instigate")  # a faction


def buying(ashore, hand, at="H01", cover=None):
    """Seat 0 purchasing, holding ``hand``; seat 1 ashore with Moll; ``cover``: card id ->
    its covered sides (1 left, 2 right)."""
    s = table(2, {0: ashore, 1: ["C05"]}, at=at)
    s.hand[0] = sorted(hand)
    for cid, sides in (cover or {}).items():
        s.cover[char(cid)] = sides
    s.push(Purchase(0, T.purchase_limit))
    return s


def actors(s, ability):
    """The characters offered to act ``ability`` in the pending decision."""
    out = set()
    for a in s.legal_actions():
        act = T.codec.decode(a)
        if type(act).__name__ == "PlayAbility" and act.ability == ability:
            out.add(T.char_ids[act.character])
    return out


def roll(s, ability, cid, face):
    s.apply_action(T.play_id[ability][char(cid)])
    s.apply_action(T.die_outcome[face - 1])


def test_windfall_is_acted_by_the_cook_who_shows_a_tavern_not_by_the_richer_nurse():
    # Port Halyard allows the tavern. Jacques (TAV | CRF, 1 + 1) shows Windfall's tavern;
    # Isabel (HEA | FTH, 1 + 4) shows neither TRD nor TAV, so she may not double her 5.
    s = buying(["C30", "C08"], [WINDFALL], at="H02")
    assert actors(s, WINDFALL) == {"C30"}
    assert money(s, s.next_step()) == 7
    with pytest.raises(IllegalActionError, match=r"does not show the foreknowledge of "
                       r"Windfall.*Jacques Pellerin.*R73"):
        s.apply_action(T.play_id[WINDFALL][char("C08")])
    assert least_roll(s, WINDFALL, foreknowledge(s, WINDFALL, char("C30"))) == 5
    roll(s, WINDFALL, "C30", 5)
    assert money(s, s.next_step()) == 9


def test_any_character_may_act_when_none_shows_the_foreknowledge_at_a_count_of_zero():
    s = table(2, {0: ["C08", "C12"], 1: ["C05"]}, at="H02")  # HEA | FTH; BLD HLM | TRD
    s.hand[0] = [WINDFALL]
    s.cover[char("C12")] = 2  # Rodrigo's trade covered: neither shows TRD or TAV
    s.push(Purchase(0, T.purchase_limit))
    assert actors(s, WINDFALL) == {"C08", "C12"}
    assert foreknowledge(s, WINDFALL, char("C08")) == 0
    roll(s, WINDFALL, "C08", 6)  # Isabel doubles her 5 after all
    assert money(s, s.next_step()) == 1 + 4 + 1 + 5


def test_a_covered_symbol_does_not_make_a_character_eligible():
    # Jacques' tavern is on his left side; Jeanne (TRD | HEA) shows a trade.
    crew = ["C30", "C02", "C08"]
    assert actors(buying(crew, [WINDFALL], at="H02"), WINDFALL) == {"C30", "C02"}
    # The tavern side covered: Jacques no longer shows it.
    assert actors(buying(crew, [WINDFALL], at="H02", cover={"C30": 1}), WINDFALL) == {"C02"}
    # The other side covered: the tavern shows, weakened as he is.
    assert actors(buying(crew, [WINDFALL], at="H02", cover={"C30": 2}),
                  WINDFALL) == {"C30", "C02"}


def test_a_prohibited_symbol_still_makes_a_character_eligible_counting_nothing():
    # Puerto Diablo's fair side prohibits the tavern: Jacques shows it, but it counts 0.
    s = buying(["C30", "C08"], [WINDFALL], at="H01")
    assert T.prohibited[s.voyage[s.harbour]][0] >> T.sym_index["TAV"] & 1
    assert actors(s, WINDFALL) == {"C30"}
    assert foreknowledge(s, WINDFALL, char("C30")) == 0


def test_a_doubloon_foreknowledge_needs_an_open_side_of_exactly_that_amount():
    # Haggling asks a side of 2: Doña Inés (2 | 4) has one, Pieter (3 | 1) none.
    assert actors(buying(["C01", "C35"], [HAGGLING]), HAGGLING) == {"C35"}
    # Her 2 covered: nobody matches, so either may act.
    assert actors(buying(["C01", "C35"], [HAGGLING], cover={"C35": 1}),
                  HAGGLING) == {"C01", "C35"}


def challenge_window(ashore, hand, cover=None):
    """Seat 0, the pilot, holding ``hand`` in the window after the challenge card is
    turned; ``cover`` as in :func:`buying`."""
    s = table(2, {0: ashore, 1: ["C01", "C02"]}, pilot=0, challenge="L11")
    s.hand[0] = [hand]
    for cid, sides in (cover or {}).items():
        s.cover[char(cid)] = sides
    s.outcome = -1
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.seat == 0
    return s


def test_a_fear_foreknowledge_is_met_by_the_character_with_that_fear_even_weakened():
    # Voodoo asks a fear of the occult: Isabel has it, Hendrik does not.
    assert actors(challenge_window(["C04", "C08"], VOODOO), VOODOO) == {"C08"}
    # A fear belongs to the whole card (R6): her side with it covered, she still has it.
    assert actors(challenge_window(["C04", "C08"], VOODOO, cover={"C08": 1}),
                  VOODOO) == {"C08"}


def test_a_faction_foreknowledge_is_met_by_a_member_of_a_faction():
    s = challenge_window(["C04", "C05"], INSTIGATE)  # Moll is a pirate, Hendrik nothing
    assert actors(s, INSTIGATE) == {"C05"}


def test_a_counter_is_acted_only_by_a_character_showing_its_foreknowledge():
    # Belay That! asks FTH or OCC: Diego (FTH HLM | OCC) shows both, Moll neither.
    s = table(2, {0: ["C01"], 1: ["C06", "C05"]})
    s.hand[0], s.hand[1] = [LOOSE_PURSE], [BELAY]
    s.push(Purchase(0, T.purchase_limit))
    roll(s, LOOSE_PURSE, "C01", 6)
    assert isinstance(s.next_step(), CounterWindow)
    assert actors(s, BELAY) == {"C06"}
    with pytest.raises(IllegalActionError, match="R73"):
        s.apply_action(T.play_id[BELAY][char("C05")])


def test_a_card_not_playable_now_is_not_refused_for_its_character():
    # Windfall is of the purchase moment: in the challenge window it is refused, but not
    # with R73's reason (no character of his could play it now).
    s = challenge_window(["C04", "C05"], INSTIGATE)
    s.hand[0].append(WINDFALL)
    assert actors(s, INSTIGATE) == {"C05"}
    with pytest.raises(IllegalActionError) as refused:
        s.apply_action(T.play_id[WINDFALL][char("C05")])
    assert "R73" not in str(refused.value)
