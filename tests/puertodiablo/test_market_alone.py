"""Option ``market_alone`` (R15): whether market help may resolve a challenge to which no
player commits anything. ``no`` (the default): it fails; ``yes``: the pilot calls the
market for every symbol, nobody purchases, the pilot card passes as after a challenge no
player helped resolve; La Coruna's foul weather still needs one player with the market.
Each test fails if the option is ignored or its limits are dropped."""

from __future__ import annotations

from ludoteca.games.puertodiablo.steps import (
    PILE,
    LeaveChoice,
    MakeOffer,
    PickHelper,
    Purchase,
    help_allowance,
)

from .helpers import T, char, table, turn


def press_gang(option, market=("C16", "C18"), n=2):
    """San Lazaro (4), Press gang (BLD or HLM): none of the players' characters has a
    blade or a helm, so every offer is 0; Captain Hale (2 BLD + 1 HLM) and Sergeant
    Colley (2 BLD) are in the market."""
    crews = {0: ["C02", "C07"], 1: ["C08", "C20"], 2: ["C13", "C25"], 3: ["C46", "C48"]}
    s = table(n, {seat: crews[seat] for seat in range(n)}, at="H05", challenge="L14",
              market=list(market), options={"market_alone": option})
    s.hand = [[] for _ in range(n)]
    turn(s, "L14")
    offer_nothing(s)
    return s


def offer_nothing(s):
    while isinstance(s.next_step(), MakeOffer):
        assert s.legal_actions() == [T.offer_id[0]]  # nothing to offer
        s.apply_action(T.offer_id[0])


def deal(s):
    """Chance nodes: the card dealt into a market slot is one still in its pile."""
    while s.is_chance_node():
        outcomes = [o for o, _ in s.chance_outcomes()]
        fit = [o for o in outcomes if o not in T.char_outcome
               or s.place[T.char_outcome.index(o)] == PILE]
        s.apply_action((fit or outcomes)[0])


def test_by_default_a_challenge_nobody_commits_to_fails_although_the_market_could():
    s = press_gang("no")
    assert help_allowance(s) == 2
    assert s.outcome == 0
    failed = [e for e in s.events() if e.kind == "failed"][-1]
    assert failed.data["help"] == 5  # the market could have supplied 5 of 4


def test_with_market_alone_the_pilot_calls_the_market_for_every_symbol():
    s = press_gang("yes")
    step = s.next_step()
    assert isinstance(step, PickHelper) and step.seat == 0 and step.left == 4
    s.apply_action(T.helper_id[0])  # Captain Hale: 3
    step = s.next_step()
    assert isinstance(step, PickHelper) and step.left == 1
    s.apply_action(T.helper_id[1])  # Sergeant Colley: the last one
    assert s.place[char("C16")] == PILE and s.place[char("C18")] == PILE
    deal(s)
    assert s.outcome == 1 and s.committed == [0, 0]
    # Nobody committed, so nobody purchases: the crew phase follows, from the pilot.
    step = s.next_step()
    assert not isinstance(step, Purchase)
    assert isinstance(step, LeaveChoice) and step.seat == 0
    stay = [a for a in s.legal_actions() if s.action_to_string(a).startswith("stay")]
    s.apply_action(stay[0])
    stay = [a for a in s.legal_actions() if s.action_to_string(a).startswith("stay")]
    s.apply_action(stay[0])
    # Resolved and nobody committed: the first non-committer to the pilot's left (R12).
    passed = [e for e in s.events() if e.kind == "pilot"][-1]
    assert s.pilot == 1 and passed.data["case"] == 2


def test_with_market_alone_a_market_that_cannot_supply_everything_does_not_resolve():
    s = press_gang("yes", market=("C18",))  # Sergeant Colley alone: 2 of 4
    assert help_allowance(s) == 2 and s.outcome == 0


def la_coruna(option, foul):
    """La Coruna (5), Powder-room fire (BLD or CRF): no player has either; Willem Kroon
    and Will Ashdown (BLD CRF | CRF each) could supply 6."""
    s = table(2, {0: ["C02", "C07"], 1: ["C08", "C20"]}, at="H08", foul=foul,
              challenge="L19", market=["C44", "C03"], options={"market_alone": option})
    s.hand = [[], []]
    turn(s, "L19")
    offer_nothing(s)
    return s


def test_with_market_alone_la_coruna_fair_lets_the_market_resolve():
    s = la_coruna("yes", foul=0)
    assert isinstance(s.next_step(), PickHelper)


def test_la_coruna_foul_still_needs_one_player_with_the_market():
    s = la_coruna("yes", foul=1)
    assert help_allowance(s) == 2
    assert s.outcome == 0
