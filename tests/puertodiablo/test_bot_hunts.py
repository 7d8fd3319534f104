"""The heuristic bot with the options: treasure hunting (``treasure=on``) and the advanced
start (``start=advanced``). Built positions where the right choice is clear; each test
asks the bot under many random seeds, so a bot choosing blindly among the options fails."""

from __future__ import annotations

import random

import ludoteca
from ludoteca.games.puertodiablo import bots
from ludoteca.games.puertodiablo.steps import (
    HUNTING,
    MARKET,
    SHIP,
    ChooseSeeker,
    DraftPick,
    NewHunt,
    NextBuyer,
    Purchase,
    StartBuy,
    StartHunt,
    TreasureCheck,
    TreasureRoll,
)

from .helpers import GAME, T, char, table

ON = {"treasure": "on"}
ADV = {"start": "advanced"}
STRONGBOX = T.treasure_ids.index("T01")  # HLM, 5 doubloons
ALTAR = T.treasure_ids.index("T04")  # FTH, 5 doubloons
WRECK = T.treasure_ids.index("T05")  # HLM+CRF, 7 doubloons, a hard table
LOGBOOK = T.treasure_ids.index("T09")  # HLM+OCC, 3 VP
REEF = next(x for x in range(T.num_tales)  # an HLM tale needing 2 symbols, 2 VP
            if T.symbols[T.tale_symbol[x]] == "HLM" and T.tale_needed[x] == 2)
SEEDS = range(20)
RIGHT = 2  # the cover bit of a character's right side: covered, the character weakened


def choices(s, seat=0):
    """What the bot picks here under each of :data:`SEEDS`."""
    return {bots.heuristic_action(s, seat, random.Random(seed)) for seed in SEEDS}


def before_purchase(ashore, market, *, foul=0, weakened=(), n=2):
    """Seat 0 has committed and may send a hunter before his purchase; ``weakened``: the
    characters ashore with their right side covered."""
    s = table(n, ashore, options=ON, foul=foul)
    s.treasure_market = sorted(market)
    for cid in weakened:
        s.cover[char(cid)] = RIGHT
    s.committed[0] = 2
    s.push(NextBuyer((0,)))
    s._run_automatic()
    assert isinstance(s.next_step(), StartHunt)
    return s


# ----- the chance of a find ------------------------------------------------------------------


def test_the_chance_of_a_find_is_the_treasures_table_read_against_the_die():
    # The strongbox: least roll 3 at two HLM in fair weather, 4 in foul, of six faces.
    assert bots.find_chance(T, STRONGBOX, 2, False) == 4 / 6
    assert bots.find_chance(T, STRONGBOX, 2, True) == 3 / 6
    # Above the largest printed count, that count's entry; none: the table's last row.
    assert bots.find_chance(T, STRONGBOX, 5, False) == bots.find_chance(T, STRONGBOX, 3, False)
    assert bots.find_chance(T, WRECK, 0, True) == 1 / 6


def test_the_hunters_count_is_its_matching_symbols_on_open_sides():
    c = char("C04")  # HLM | HLM+TRD
    assert bots.hunt_count(T, c, STRONGBOX, [False, False]) == 2
    assert bots.hunt_count(T, c, STRONGBOX, [False, True]) == 1
    assert bots.hunt_count(T, c, ALTAR, [False, False]) == 0


# ----- starting a hunt --------------------------------------------------------------------------


def test_a_likely_find_worth_its_hunter_is_hunted_by_the_weakened_character():
    # C23 weakened shows HLM x2 and 2 doubloons: 4 in 6 for the logbook's 3 VP. C38 has the
    # same two HLM, but healthy it would bring five doubloons and three symbols besides.
    s = before_purchase({0: ["C23", "C38"], 1: ["C02"]}, [LOGBOOK], weakened=["C23"])
    for x in range(T.num_tales):  # no HLM tale to keep a hunter back for (tested below)
        if T.symbols[T.tale_symbol[x]] == "HLM":
            s.told |= 1 << x
    assert T.hunt_id[char("C38")][LOGBOOK] in s.legal_actions()
    assert choices(s) == {T.hunt_id[char("C23")][LOGBOOK]}


def test_a_hopeless_hunt_is_not_started():
    # Foul weather: the wreck needs a 6 for either character (no CRF, at most one HLM).
    s = before_purchase({0: ["C02", "C05"], 1: ["C04"]}, [WRECK], foul=1)
    assert len(s.legal_actions()) == 3
    assert choices(s) == {T.no_hunt_id}


def test_no_hunter_is_sent_who_is_needed_for_a_tall_tale_now():
    # C23's two HLM tell the reef tale (2 VP) in the purchase that follows; sent hunting,
    # they would not. Once that tale is told, the same hunt is worth it.
    s = before_purchase({0: ["C23", "C02"], 1: ["C04"]}, [LOGBOOK], weakened=["C23"])
    assert choices(s) == {T.no_hunt_id}
    s.told |= 1 << REEF
    s._legal = None
    assert choices(s) == {T.hunt_id[char("C23")][LOGBOOK]}


def test_after_a_find_the_hunter_goes_after_the_treasure_it_is_likelier_to_find():
    s = table(2, {0: ["C05"], 1: ["C02"]}, options=ON)
    c = char("C04")  # two HLM: the logbook at 4 in 6, the altar (FTH) at 2 in 6
    s.place[c], s.owner[c], s.hunt_of[c] = HUNTING, 0, STRONGBOX
    s.treasure_market = [ALTAR, LOGBOOK]
    s.push(TreasureCheck())
    s._run_automatic()
    s.apply_action(T.die_outcome[5])
    assert isinstance(s.next_step(), NewHunt)
    assert choices(s) == {T.hunt_id[c][LOGBOOK]}


# ----- the order of the checks ------------------------------------------------------------------


def test_the_hunter_least_likely_to_find_is_checked_first():
    s = table(2, {0: ["C05"], 1: ["C02"]}, options=ON)
    for cid, x in (("C04", STRONGBOX), ("C11", ALTAR)):  # 4 in 6; no FTH: 2 in 6
        c = char(cid)
        s.place[c], s.owner[c], s.hunt_of[c] = HUNTING, 0, x
    s.push(TreasureCheck())
    s._run_automatic()
    assert isinstance(s.next_step(), ChooseSeeker)
    assert choices(s) == {T.seek_id[char("C11")]}
    s.apply_action(T.seek_id[char("C11")])
    assert isinstance(s.next_step(), TreasureRoll) and s.next_step().hunter == char("C11")


# ----- spending a money treasure -----------------------------------------------------------------


def purchase(ashore, market, *, at="H01", found=(STRONGBOX,)):
    """Seat 0 purchasing, with ``found`` money treasures in hand; ``market`` the
    characters on display; no ability card in hand (it would be played first)."""
    s = table(2, ashore, options=ON, market=market, at=at)
    s.hand[0] = []
    s.found_money[0] = sorted(found)
    s.push(Purchase(0, T.purchase_limit))
    return s


def play_out_purchase(s, seed):
    """The bot's whole purchase; returns what it did."""
    rng = random.Random(seed)
    done = []
    while isinstance(s.next_step(), Purchase):
        a = bots.heuristic_action(s, 0, rng)
        done.append(a)
        s.apply_action(a)
    return done


def test_a_money_treasure_is_spent_to_buy_a_good_character_it_could_not_afford():
    # Four doubloons ashore; C03 (8, three symbols) only with the strongbox's five.
    s = purchase({0: ["C05"], 1: ["C04"]}, ["C03"])
    assert T.buy_id[0] not in s.legal_actions()
    for seed in SEEDS:
        s2 = s.clone()
        assert play_out_purchase(s2, seed)[:2] == [T.spend_id[STRONGBOX], T.buy_id[0]]
        assert s2.owner[char("C03")] == 0


def test_a_money_treasure_is_kept_when_it_buys_nothing_more():
    # C47 (6, three symbols) is affordable without it; C16 (13) is not, even with it,
    # once C47 is bought (2 + 5 left) - so the treasure would add nothing now.
    s = purchase({0: ["C05", "C02"], 1: ["C04"]}, ["C47", "C16"])
    for seed in SEEDS:
        s2 = s.clone()
        assert T.spend_id[STRONGBOX] not in play_out_purchase(s2, seed)
        assert s2.found_money[0] == [STRONGBOX] and s2.owner[char("C47")] == 0


def test_a_money_treasure_is_kept_for_a_better_deal_than_a_poor_character():
    # C17: 13 doubloons for three symbols, worse than a symbol per three doubloons.
    s = purchase({0: ["C05", "C02"], 1: ["C04"]}, ["C17"])
    for seed in SEEDS:
        s2 = s.clone()
        assert play_out_purchase(s2, seed) == [T.done_id]
        assert s2.found_money[0] == [STRONGBOX]


def test_at_the_last_harbour_a_money_treasure_buys_even_a_poor_character():
    s = purchase({0: ["C05", "C02"], 1: ["C04"]}, ["C17"], at="H08")
    assert s.observation(0)["harbour_index"] == bots.LAST_HARBOUR
    for seed in SEEDS:
        s2 = s.clone()
        assert play_out_purchase(s2, seed)[:2] == [T.spend_id[STRONGBOX], T.buy_id[0]]


def test_of_two_treasures_that_would_do_the_smaller_is_spent():
    merchant = T.treasure_ids.index("T07")  # 4 doubloons: enough for C03 (8) from 4
    s = purchase({0: ["C05"], 1: ["C04"]}, ["C03"], found=(STRONGBOX, merchant))
    assert choices(s) == {T.spend_id[merchant]}


# ----- the advanced start -------------------------------------------------------------------------


def advanced(n=2):
    s = GAME.new_initial_state(n, options=ADV)
    s.clear_pending()
    return s


def test_the_draft_keeps_the_most_symbols_per_doubloon():
    s = advanced()
    hand = ["C17", "C31", "C47", "C35", "C02"]  # C47: three symbols for 6; the rest < 0.3
    s.dealt[0] = [char(c) for c in hand]
    s.push(DraftPick(0, 0))
    assert choices(s) == {T.draft_id[char("C47")]}


def own(s, *cids):
    for cid in cids:
        s.owner[char(cid)], s.place[char(cid)] = 0, SHIP


def display(s, *cids):
    for slot, cid in enumerate(cids):
        s.market[slot], s.place[char(cid)] = char(cid), MARKET


def test_the_start_adds_the_best_character_per_doubloon_that_fits():
    s = advanced()
    own(s, "C16", "C17")  # kept: 26 of the 50
    display(s, "C31", "C47", "C35", "C02")  # C47: three symbols for 6
    s.push(StartBuy(0))
    assert T.start_abi_id[T.abi_names.index("Begging")] in s.legal_actions()
    assert choices(s) == {T.start_char_id[1]}


def test_when_no_character_fits_an_ability_that_does_is_added_before_finishing():
    s = advanced()
    own(s, "C16", "C17", "C38", "C18")  # 13 + 13 + 11 + 6 = 43: 7 left
    display(s, "C31")  # 13: does not fit
    s.push(StartBuy(0))
    legal = s.legal_actions()
    assert T.start_char_id[0] not in legal and T.start_done_id in legal
    picks = choices(s)
    assert len(picks) == 1 and picks != {T.start_done_id}
    ability = GAME.codec.actions[picks.pop()].ability
    assert T.abi_price[ability] <= 7


# ----- against random play -----------------------------------------------------------------------


def test_with_the_treasures_the_heuristic_beats_random_play_at_three_players():
    # Seeded, so the figure is the same on every run: 24 matches, the heuristic in each
    # seat in turn; measured 23 of 24 wins.
    won = 0.0
    for seed in range(24):
        seats = ["random"] * 3
        seats[seed % 3] = "heuristic"
        record = ludoteca.run_match("puertodiablo", seats, seed=seed, options=ON)
        won += record.returns[seed % 3]
    assert won >= 20
