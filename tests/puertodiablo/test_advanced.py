"""Starting for advanced players (option ``start=advanced``), clause by clause of the
rulebook's section and the rulings R30, R47-R50; and what each seat knows of the draft.
Each test fails if its rule is broken."""

from __future__ import annotations

import random

from ludoteca.games.puertodiablo.steps import (
    SHIP,
    DealDraft,
    DraftPick,
    PickSet,
    StartBuy,
    StartRollOff,
    draft_hand,
    start_choices,
    start_total,
)

from .helpers import GAME, T, char, harbour

ADV = {"start": "advanced"}


def dealt(n, seed=0, options=None):
    """After the first pilot (seat 0) and the voyage: five characters dealt to each seat
    (the deal drawn with ``seed``), nothing kept yet."""
    s = GAME.new_initial_state(n, options=options or ADV)
    s.apply_action(T.pilot_outcome[0])
    s.apply_action(T.voyage_outcome[harbour("H02")])
    s.apply_action(T.voyage_outcome[harbour("H05")])
    rng = random.Random(seed)
    while isinstance(s.next_step(), DealDraft):
        out = s.chance_outcomes()
        s.apply_action(rng.choice(out)[0])
    return s


def keep_first(s):
    """Every seat keeps the lowest-numbered character it holds (one round of keeps)."""
    pick = s.next_step().pick
    while isinstance(s.next_step(), DraftPick) and s.next_step().pick == pick:
        s.apply_action(min(s.legal_actions()))


def building(n, seed=0):
    s = dealt(n, seed)
    keep_first(s)
    keep_first(s)
    while s.is_chance_node() and not isinstance(s.next_step(), StartRollOff):
        s.apply_action(s.chance_outcomes()[0][0])
    return s


def test_the_harbours_numbered_3_and_4_are_drawn_and_known_before_the_deal():
    s = dealt(3)
    assert s.voyage[1] == harbour("H02") and s.voyage[2] == harbour("H05")
    assert s.observation(1)["voyage"][1] is not None


def test_no_starting_sets_are_chosen_in_the_advanced_start():
    s = dealt(3)
    assert not any(isinstance(p, PickSet) for p in s.pending())
    assert all(s.owner[c] < 0 for c in range(T.num_chars))


def test_five_characters_are_dealt_to_each_player():
    s = dealt(4)
    assert [len(h) for h in s.dealt] == [5, 5, 5, 5]
    assert len({c for h in s.dealt for c in h}) == 20
    assert isinstance(s.next_step(), DraftPick)


def test_each_player_chooses_one_and_passes_the_other_four_to_the_left():
    s = dealt(3)
    first = [min(draft_hand(s, q)) for q in range(3)]
    four = [[c for c in s.dealt[q] if c != first[q]] for q in range(3)]
    keep_first(s)
    for q in range(3):
        assert sorted(draft_hand(s, (q + 1) % 3)) == sorted(four[q])
        assert s.draft_picks[q] == [first[q]]


def test_the_second_keep_is_from_the_four_received_and_the_rest_return_to_the_deck():
    s = dealt(3)
    keep_first(s)
    received = [sorted(draft_hand(s, q)) for q in range(3)]
    keep_first(s)
    for q in range(3):
        kept = sorted(c for c in range(T.num_chars) if s.owner[c] == q)
        assert len(kept) == 2 and s.draft_picks[q][1] in received[q]
        assert all(s.place[c] == SHIP for c in kept)
    # Every character not kept is back in the pile or among the four face up.
    assert s.char_pile.size + sum(1 for c in s.market[:4] if c >= 0) == T.num_chars - 6


def test_four_characters_are_placed_face_up():
    s = building(3)
    assert sum(1 for c in s.market[:4] if c >= 0) == 4
    assert all(c < 0 for c in s.market[4:])


def test_the_player_with_the_least_total_chooses_and_the_die_breaks_a_tie():
    s = building(3)
    totals = [start_total(s, q) for q in range(3)]
    step = s.next_step()
    low = min(totals)
    tied = [q for q in range(3) if totals[q] == low]
    if len(tied) == 1:
        assert isinstance(step, StartBuy) and step.seat == tied[0]
    else:
        assert isinstance(step, StartRollOff) and list(step.seats) == tied
        assert len(s.chance_outcomes()) == len(tied)


def test_a_tie_on_the_lowest_total_is_a_chance_node_among_the_tied():
    s = building(3)
    for c in range(T.num_chars):
        s.owner[c] = -1 if s.place[c] != SHIP else s.owner[c]
    # Make the totals equal by hand: seat 0 and 2 tie on the lowest.
    s.clear_pending()
    for q in range(3):
        for c in [c for c in range(T.num_chars) if s.owner[c] == q]:
            s.owner[c] = -1
            s.place[c] = 0
    s.owner[char("C02")], s.owner[char("C05")] = 0, 0  # 8 + 8
    s.owner[char("C03")], s.owner[char("C08")] = 2, 2  # 8 + 8
    s.owner[char("C01")], s.owner[char("C04")] = 1, 1  # 10 + 9
    from ludoteca.games.puertodiablo.steps import StartTurn
    s.push(StartTurn())
    s._run_automatic()
    assert isinstance(s.next_step(), StartRollOff) and s.next_step().seats == (0, 2)
    s.apply_action(T.rolloff_outcome[2])
    assert isinstance(s.next_step(), StartBuy) and s.next_step().seat == 2


def test_the_total_price_never_exceeds_50_and_exactly_50_is_allowed():
    s = building(2)
    seat = s.next_step().seat
    t = T
    # Raise the seat's total to 50 minus the cheapest face-up character's price.
    cheap = min(t.price[c] for c in s.market[:4])
    slot = next(k for k in range(4) if t.price[s.market[k]] == cheap)
    pad = [a for a in range(T.num_abis) if not T.abi_treasure[a]]
    s.hand[seat] = []
    while start_total(s, seat) < t.advanced_budget - cheap and pad:
        a = pad.pop()
        if start_total(s, seat) + T.abi_price[a] <= t.advanced_budget - cheap:
            s.hand[seat].append(a)
    s.hand[seat].sort()
    assert start_total(s, seat) == t.advanced_budget - cheap
    assert t.start_char_id[slot] in start_choices(s, seat)  # exactly 50 in all
    dear = [k for k in range(4) if start_total(s, seat) + t.price[s.market[k]] > 50]
    assert all(t.start_char_id[k] not in start_choices(s, seat) for k in dear)


def test_a_player_always_has_at_least_as_many_characters_as_abilities():
    s = building(2)
    seat = s.next_step().seat
    cheap = sorted((T.abi_price[a], a) for a in range(T.num_abis) if not T.abi_treasure[a])
    s.hand[seat] = [cheap[0][1], cheap[1][1]]  # two abilities, two characters
    legal = start_choices(s, seat)
    assert not any(T.start_abi_id[a] in legal for a in range(T.num_abis))
    s.hand[seat] = [cheap[0][1]]
    assert T.start_abi_id[cheap[1][1]] in start_choices(s, seat)


def test_no_ability_twice_in_the_starting_set():
    s = building(2)
    seat = s.next_step().seat
    a = min(range(T.num_abis), key=lambda a: T.abi_price[a])
    s.hand[seat] = [a]
    assert T.start_abi_id[a] not in start_choices(s, seat)


def test_any_ability_either_level_and_no_treasure_ones_without_the_expansion():
    s = building(2)
    legal = s.legal_actions()
    level_two = [a for a in range(T.num_abis) if T.abi_level2[a] and T.abi_price[a] <= 20]
    assert level_two and all(T.start_abi_id[a] in legal for a in level_two)
    assert not any(T.start_abi_id[a] in legal for a in range(T.num_abis) if T.abi_treasure[a])


def test_a_player_who_will_not_buy_is_ready_and_the_others_continue():
    s = building(2)
    seat = s.next_step().seat
    s.apply_action(T.start_done_id)
    assert s.start_done >> seat & 1
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    step = s.next_step()
    assert isinstance(step, StartBuy) and step.seat == 1 - seat


def test_the_game_starts_with_the_starting_sets_built():
    s = building(2)
    while isinstance(s.next_step(), StartBuy | StartRollOff) or (s.is_chance_node() \
            and s.harbour < 0):
        s.apply_action(T.start_done_id if not s.is_chance_node() else s.chance_outcomes()[0][0])
    assert s.harbour == 0
    assert all(c < 0 for c in s.market[:4]) or s.harbour == 0
    for q in range(2):
        assert sum(1 for c in range(T.num_chars) if s.owner[c] == q) >= 2


# ----- what each seat knows -------------------------------------------------------------------


def test_the_dealt_hands_are_private_until_the_kept_characters_are_laid_out():
    s = dealt(3)
    for q in range(3):
        obs = s.observation(q)["draft"]
        assert sorted(c["id"] for c in obs["hand"]) == sorted(s.dealt[q])
    assert s.observation(None)["draft"]["hand"] == []
    # Another deal of the other seats' cards: seat 0 cannot tell the two apart.
    other = dealt(3, seed=1)
    assert other.dealt[0] != s.dealt[0] or other.dealt[1] != s.dealt[1]
    assert s.information_state_string(1) != s.information_state_string(0)


def test_a_seat_knows_the_four_it_received_and_the_four_it_passed():
    s = dealt(3)
    keep_first(s)
    rng = random.Random(3)
    for p in range(3):
        right, left = (p - 1) % 3, (p + 1) % 3
        for _ in range(5):
            w = s.determinize(p, rng)
            assert w.dealt[p] == s.dealt[p] and w.draft_picks[p] == s.draft_picks[p]
            assert sorted(draft_hand(w, p)) == sorted(draft_hand(s, p))  # received
            assert sorted(draft_hand(w, left)) == sorted(draft_hand(s, left))  # passed
            assert set(w.dealt[right]) >= set(draft_hand(s, p))
            assert w.information_state_string(p) == s.information_state_string(p)


def test_determinized_other_hands_vary_before_the_reveal():
    s = dealt(3)
    rng = random.Random(5)
    worlds = {tuple(s.determinize(0, rng).dealt[1]) for _ in range(6)}
    assert len(worlds) > 1


def test_after_the_reveal_everybodys_kept_pair_is_known():
    s = building(3)
    rng = random.Random(7)
    for p in range(3):
        w = s.determinize(p, rng)
        for q in range(3):
            assert sorted(w.draft_picks[q]) == sorted(s.draft_picks[q])
        assert w.information_state_string(p) == s.information_state_string(p)


def test_the_terminal_shows_the_viewers_draft_hand_only():
    from ludoteca.games.puertodiablo.render import render

    s = dealt(2)
    mine = render(s.observation(0)).plain
    assert "Setting sail: the advanced start" in mine and "Your hand: " in mine
    assert "Your hand" not in render(s.observation(None)).plain


def finish_all(s, roll=0):
    """Every player says his set is ready; a roll-off takes its ``roll``-th outcome."""
    while s.harbour < 0 and isinstance(s.next_step(), StartBuy | StartRollOff):
        if s.is_chance_node():
            s.apply_action(s.chance_outcomes()[roll][0])
        else:
            s.apply_action(T.start_done_id)


def test_the_pilot_card_goes_to_the_lowest_total_purchase_price():
    s = building(3, seed=2)
    totals = [start_total(s, q) for q in range(3)]
    assert totals == [22, 15, 12] and s.pilot == 0  # the first pilot only began the deal
    finish_all(s)
    assert s.pilot == 2
    assert any(e.kind == "pilot" and e.data["seat"] == 2 for e in s.events())


def test_the_end_of_the_advanced_start_opens_a_panel_on_the_table():
    from ludoteca.games.puertodiablo.web import moment

    s = building(3, seed=2)
    finish_all(s)
    given = next(e for e in s.events() if e.kind == "pilot")
    assert moment(given) == "The starting sets are bought: the pilot card to the lowest total"
    assert "holds the pilot card (lowest total)" in s.describe_event(given, None)
    # the pilot card passed in play settles nothing a panel would show
    passed = given._replace(data=dict(given.data, why="crew phase"))
    assert moment(passed) is None


def test_a_tie_for_the_pilot_card_is_a_chance_node_among_the_tied():
    s = building(3, seed=0)
    assert [start_total(s, q) for q in range(3)] == [17, 15, 15]
    s.apply_action(s.chance_outcomes()[0][0])  # who of the tied adds first
    s.apply_action(T.start_done_id)
    while isinstance(s.next_step(), StartBuy):
        s.apply_action(T.start_done_id)
    step = s.next_step()
    assert isinstance(step, StartRollOff) and step.pilot and step.seats == (1, 2)
    assert s.chance_outcomes() == [(T.rolloff_outcome[1], 0.5), (T.rolloff_outcome[2], 0.5)]
    s.apply_action(T.rolloff_outcome[2])
    assert s.pilot == 2
    assert s.harbour == 0 or s.is_chance_node()  # the game is laid out after the pilot


def test_both_ability_levels_form_one_market_pile_in_the_advanced_start():
    """R49: the unchosen abilities of both levels are shuffled into the market pile;
    nothing waits for the third harbour."""
    s = building(2)
    finish_all(s)
    assert not any(s.level_two)
    held = [0] * T.num_abis
    for q in range(2):
        for a in s.hand[q]:
            held[a] += 1
    in_play = [s.abi_pile.counts[a] + s.market[T.market_chars:].count(a) for a in range(T.num_abis)]
    level_two = [a for a in range(T.num_abis) if T.abi_level2[a] and not T.abi_treasure[a]]
    assert level_two
    for a in level_two:
        assert in_play[a] == T.abi_copies[a] - held[a]
