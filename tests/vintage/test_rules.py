"""A test per rule, and one per point of the audit (the points easiest to get wrong)."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.edition import EditionError
from ludoteca.core.errors import IllegalActionError
from ludoteca.games.vintage.actions import (
    AgeLot,
    BonusChip,
    BuyEstate,
    Card,
    Discard,
    DrawCard,
    DrawDeck,
    EndHarvest,
    ExtraBarrel,
    HarvestEstate,
    MoveBoat,
    Pass,
    PeekChip,
    Perform,
    Place,
    Plant,
    PlayCard,
    SailOn,
    SailTo,
)
from ludoteca.games.vintage.rules import ageing
from ludoteca.games.vintage.tables import RUBY, TAWNY

from .helpers import (
    act,
    action,
    card,
    chance,
    game,
    give_estate,
    legal,
    pass_all,
    put_cellar,
    roll,
    space,
    start,
    ware,
)
from .test_examples import pass_all_but, place


def placements(s, key):
    a = action(s, key)
    return [x for x in legal(s) if isinstance(x, Place) and x.task == a]


def next_round(s, bonus=0):
    pass_all(s)
    while s.is_chance_node():
        outcomes = s.chance_outcomes()
        if s.next_step().__class__.__name__ == "RevealChip":
            chance(s, BonusChip(s.t.chip_values.index(bonus)))
        else:
            s.apply_action(outcomes[0][0])


# ----- set-up ------------------------------------------------------------------------------


@pytest.mark.parametrize("n,short", [(4, [3, 3, 4, 4]), (3, [3, 4, 4]), (2, [3, 4])])
def test_setup_first_players_start_with_a_marker_on_the_round_two_chip(n, short):
    s = start(n, first=0)
    assert s.markers == short
    assert sum(o >= 0 for o in s.owner) == n, "one starting estate per player"
    next_round(s)
    assert s.markers == [4] * n


def test_setup_closed_circles_for_three_and_two_players():
    assert {x.circle for x in placements(start(4), "harvest")} == {0}
    t = start(4).t
    harvest = action(start(4), "harvest")
    fewest = [t.circle_fewest[c] for c in t.circles_of[harvest]]
    assert fewest == [2, 2, 3, 4]
    for n, open_ in ((4, 4), (3, 3), (2, 2)):
        s = start(n)
        obs = s.observation(0)
        row = next(r for r in obs["table"] if r["action"] == harvest)
        assert sum(c["open"] for c in row["circles"]) == open_
        cards = next(r for r in obs["table"] if r["name"] == "Cards")
        assert sum(c["open"] for c in cards["circles"]) == {4: 8, 3: 6, 2: 4}[n]


def test_setup_the_first_player_is_chance():
    s = game().new_initial_state(3)
    assert s.is_chance_node() and len(s.chance_outcomes()) == 3


# ----- turns -------------------------------------------------------------------------------


def test_a_pass_ends_the_players_round():
    s = start(2)
    act(s, Pass())
    for _ in range(4):
        assert s.current_player() == 1
        place(s, "first_player") if placements(s, "first_player") else act(s, Pass())
        if s.round:
            break
    assert s.passed[0] or s.round == 1


def test_a_player_without_markers_and_overseer_takes_no_more_turns():
    s = start(2, first=0)
    s.markers[0] = 1
    place(s, "first_player")
    act(s, Pass())
    assert s.current_player() == 0
    place(s, "cards", overseer=1)
    act(s, DrawCard(0))
    # Seat 1 passed and seat 0 has nothing left to place: the round is over.
    assert s.next_step().__class__.__name__ == "DealDisplay" and s.round == 1


def test_the_overseer_takes_any_cost_but_never_the_boat():
    s = start(4)
    for seat in (0, 1, 2):
        place(s, "harvest")
        for e in [e for e, o in enumerate(s.owner) if o == seat]:
            act(s, HarvestEstate(e, 0))
        act(s, EndHarvest())
    s.markers[3] = 0
    assert placements(s, "harvest") == [Place(action(s, "harvest"), 3, 1)], \
        "the cost-4 circle by the overseer"
    assert not [x for x in legal(s) if isinstance(x, MoveBoat)]


def test_m3_placement_takes_the_cheapest_empty_circle_overseer_included():
    s = start(4)
    place(s, "harvest", overseer=1)
    act(s, HarvestEstate(next(e for e, o in enumerate(s.owner) if o == 0), 0))
    act(s, EndHarvest())
    a = action(s, "harvest")
    assert s.occupied[s.t.circles_of[a][0]] == 0, "the overseer took circle 1"
    assert placements(s, "harvest") == [Place(a, 1, 0), Place(a, 1, 1)]


def test_m3_free_circle_choice_is_an_option():
    s = start(4, options={"circle_choice": "free"})
    assert {x.circle for x in placements(s, "harvest") if not x.overseer} == {0, 1, 2}
    assert {x.circle for x in placements(s, "harvest") if x.overseer} == {0, 1, 2, 3}


def test_h2_two_actions_may_share_one_column_of_circles():
    text = game().edition_text_or_default().replace(
        'key = "age_sell"\nname = { value = "Age and sell", source = "rulebook" }\n'
        'kind = { value = "age_sell", source = "rulebook" }\n'
        'circles = { value = [[1, 2], [2, 2], [3, 3], [4, 4]], source = "assumed", '
        'note = "NOT FOUND" }',
        'key = "age_sell"\nname = { value = "Age and sell", source = "rulebook" }\n'
        'kind = { value = "age_sell", source = "rulebook" }\n'
        'shares = { value = "plant_purple", source = "assumed" }')
    g = game(text)
    s = start(4, g=g)
    s.vines[next(e for e, o in enumerate(s.owner) if o == 1)] &= ~(1 << 2)  # no purple
    put_cellar(s, 1, 0, 2, 3)
    act(s, Pass())
    both = placements(s, "plant_purple") + placements(s, "age_sell")
    assert {x.circle for x in both if not x.overseer} == {0}
    place(s, "age_sell")
    roll(s, 1)
    assert s.current_player() == 2
    purple = s.t.circles_of[action(s, "plant_purple")]
    assert s.occupied[purple[0]] == 1, "the shared circle is taken for both actions"


def test_a_placement_the_seat_cannot_carry_out_is_refused_with_a_sentence():
    s = start(4)
    a = action(s, "age_sell")
    with pytest.raises(IllegalActionError):
        act(s, Place(a, 0, 0))
    assert s.current_player() == 0


# ----- estates and vines -------------------------------------------------------------------


def test_buying_costs_vp_and_vp_never_go_below_zero():
    s = start(4)
    assert not placements(s, "buy_estate") or all(
        s.t.price[x.estate] <= 3 for x in [])
    place(s, "buy_estate")
    offered = {x.estate for x in legal(s)}
    assert offered == {e for e in range(s.t.num_spaces)
                       if s.owner[e] < 0 and s.t.price[e] <= 3}


def test_an_estate_bought_in_round_seven_brings_no_marker():
    s = start(2)
    s.round = 6
    place(s, "buy_estate")
    act(s, BuyEstate(space(s, "Douro Superior")))
    assert s.tiles[0] == 1
    assert s.parked[0 * (s.t.rounds + 1) + 7] == 1, "parked on a round that never comes"


def test_planting_never_repeats_a_colour_nor_passes_five():
    s = start(4)
    e = next(e for e, o in enumerate(s.owner) if o == 0)
    assert not placements(s, "plant_green"), "green is already there"
    s.vines[e] |= (1 << 3) | (1 << 4)
    assert not placements(s, "plant_red") and not placements(s, "plant_yellow_white")


def test_the_old_vineyard_needs_a_cima_corgo_estate_one_player_a_round_three_cubes():
    s = start(4)
    assert not placements(s, "old_vine"), "no Cima Corgo estate"
    cc = give_estate(s, 0, "Cima Corgo", 0, [])
    place(s, "old_vine")
    act(s, Plant(s.t.black, cc))
    give_estate(s, 1, "Cima Corgo", 1, [])
    assert not placements(s, "old_vine"), "one player a round"
    s.black_left = 0
    next_round(s)
    pass_all_but(s, 1)
    assert not placements(s, "old_vine"), "the three black cubes are gone"


def test_plant_three_card_three_colours_never_black():
    s = start(4)
    cc = give_estate(s, 0, "Cima Corgo", 0, [])
    s.open_hand[0].append(card(s, "plant_three"))
    place(s, "cards")
    act(s, PlayCard(card(s, "plant_three")))
    t = s.t
    assert all(x.colour != t.black for x in legal(s))
    act(s, Plant(t.colours.index("green"), cc))
    assert Plant(t.colours.index("green"), cc) not in legal(s)
    act(s, Plant(t.colours.index("red"), cc))
    act(s, Plant(t.colours.index("white"), cc))
    assert s.vines[cc].bit_count() == 3 and s.current_player() == 1


# ----- harvest -----------------------------------------------------------------------------


def test_harvest_once_a_round_by_circle_or_card():
    s = start(4)
    e = next(e for e, o in enumerate(s.owner) if o == 0)
    place(s, "harvest")
    act(s, HarvestEstate(e, 0))
    act(s, EndHarvest())
    pass_all_but(s, 0)
    assert not placements(s, "harvest")
    s.open_hand[0].append(card(s, "harvest"))
    place(s, "cards")
    assert PlayCard(card(s, "harvest")) not in legal(s)


def test_an_estate_with_a_lot_on_it_cannot_be_harvested():
    s = start(4)
    e = next(e for e, o in enumerate(s.owner) if o == 0)
    s.lot[e] = 2
    assert not placements(s, "harvest")


def test_port_needs_a_brandy_per_estate_held_before_the_harvest():
    s = start(4)
    bc = next(e for e, o in enumerate(s.owner) if o == 0)
    ds = give_estate(s, 0, "Douro Superior", 0, ["green", "yellow", "purple"])
    place(s, "harvest")
    act(s, HarvestEstate(ds, 0))  # 4 brandy made now cannot pay for port now
    assert HarvestEstate(bc, 1) in legal(s)
    act(s, HarvestEstate(bc, 2))
    act(s, EndHarvest())
    assert s.brandy[0] == 3 and s.lot[bc] == 2


def test_m6_brandy_paid_first_then_added_then_capped():
    s = start(4)
    s.brandy[0] = 3
    bc = next(e for e, o in enumerate(s.owner) if o == 0)
    cc = give_estate(s, 0, "Cima Corgo", 0, ["green", "yellow", "purple"])
    place(s, "harvest")
    act(s, HarvestEstate(bc, 0))  # 2 brandy
    act(s, HarvestEstate(cc, 3))  # port, pays 1
    act(s, EndHarvest())
    assert s.brandy[0] == 3, "3 - 1 + 2 = 4, capped at 3 (not 3, capped, - 1 = 2)"


def test_the_two_barrels_card_adds_two_barrels_at_the_lot_s_quality():
    s = start(4)
    bc = next(e for e, o in enumerate(s.owner) if o == 0)
    s.lot[bc], s.lot_q[bc] = 2, 4
    s.open_hand[0].append(card(s, "two_barrels"))
    place(s, "cards")
    act(s, PlayCard(card(s, "two_barrels")))
    from ludoteca.games.vintage.actions import AddBarrels
    act(s, AddBarrels(bc))
    assert s.lot[bc] == 4 and s.lot_q[bc] == 4


# ----- the boat ----------------------------------------------------------------------------


def test_the_boat_holds_three_lots_and_never_passes_the_ends():
    s = start(4)
    s.boat[0] = 3
    act(s, MoveBoat(1))
    assert set(legal(s)) == {SailTo(0), SailTo(1), SailTo(2)}
    s2 = start(4)
    s2.hold[0:3] = [1, 1, 1]
    bc = next(e for e, o in enumerate(s2.owner) if o == 0)
    s2.lot[bc] = 2
    s2.boat[0] = 1
    from ludoteca.games.vintage.actions import Load
    assert Load(bc) not in legal(s2), "no free section"


def test_lots_waiting_at_gaia_go_in_when_a_column_frees():
    s = start(4)
    for c in range(4):
        put_cellar(s, 0, c, 1, 1)
    s.hold[0], s.hold_q[0] = 3, 5
    place(s, "age_sell")
    roll(s, 1)
    act(s, AgeLot(0))
    act(s, AgeLot(2))
    from ludoteca.games.vintage.actions import Store
    assert Store(0, "ruby") in legal(s) and Store(0, "tawny") in legal(s)


def test_m5_move_boat_card_exactly_four_steps_or_up_to_as_an_option():
    s = start(4)
    s.open_hand[0].append(card(s, "move_boat"))
    place(s, "cards")
    act(s, PlayCard(card(s, "move_boat")))
    for _ in range(4):
        assert SailOn() not in legal(s)
        act(s, SailTo(1) if s.boat[0] == 0 else SailTo(0))
    assert s.current_player() == 1
    s = start(4, options={"boat_card": "up_to"})
    s.open_hand[0].append(card(s, "move_boat"))
    place(s, "cards")
    act(s, PlayCard(card(s, "move_boat")))
    act(s, SailTo(1))
    act(s, SailOn())
    assert s.current_player() == 1 and s.boat[0] == 1


# ----- ageing ------------------------------------------------------------------------------


def test_h1_colheita_is_reached_by_the_die():
    s = start(4)
    put_cellar(s, 0, 2, 2, 6)  # Tawny quality 6
    place(s, "age_sell")
    roll(s, 5)
    assert s.vp[0] == 3 + 4, "11 reaches Colheita: 2 barrels fill it, 4 VP"


def test_m4_plus_one_quality_before_the_row_is_read():
    for plus, vp in ((True, 4), (False, 0)):
        s = start(4)
        put_cellar(s, 0, 2, 2, 9)  # Tawny 9: a 1 gives 10 (aged), +1 gives 11 (Colheita)
        if plus:
            s.open_hand[0].append(card(s, "plus_quality"))
            place(s, "cards")
            act(s, PlayCard(card(s, "plus_quality")))
        else:
            place(s, "age_sell")
        roll(s, 1)
        assert s.vp[0] - 3 == vp
        if not plus:
            assert ware(s, 0) == {"Tawny 10/20/30/40 years": 2}


def test_m4_extra_barrel_then_enologist_then_sale():
    s = start(4)
    t = s.t
    put_cellar(s, 0, 0, 1, 9)  # Ruby 9 + 1 = 10: LBV 1 of 2
    s.enologist[0] = 1
    s.open_hand[0].append(card(s, "extra_barrel"))
    place(s, "cards")
    act(s, PlayCard(card(s, "extra_barrel")))
    roll(s, 1)
    lbv = t.row_name.index("LBV")
    assert ExtraBarrel(lbv) in legal(s)
    act(s, ExtraBarrel(lbv))
    # LBV full (2), then the Enologist moves one up into the empty Vintage row; LBV keeps
    # one: only Vintage is full and sold.
    assert s.vp[0] == 3 + t.row_vp[t.row_name.index("Vintage")]
    assert ware(s, 0) == {"LBV": 1}


def test_overflow_drops_to_the_rows_below():
    s = start(4)
    put_cellar(s, 0, 0, 7, 8)  # Ruby 8 + 2 = 10: LBV 2, Reserva 3, Ruby 2
    place(s, "age_sell")
    roll(s, 2)
    assert ware(s, 0) == {"Ruby": 2}
    assert s.vp[0] == 3 + 3 + 2


def test_m1_enologist_is_one_card_peek_and_upgrade():
    s = start(4)
    s.open_hand[0].append(card(s, "enologist"))
    place(s, "cards")
    act(s, PlayCard(card(s, "enologist")))
    assert {x.round for x in legal(s)} == set(range(1, 7)), "a later round's chip"
    act(s, PeekChip(3))
    chance(s, BonusChip(2))
    assert s.enologist[0] == 1 and s.chip_known[3] == 1
    assert s.observation(0)["chips"][3]["value"] == 2
    assert s.observation(1)["chips"][3]["value"] is None
    assert s.observation(1)["chips"][3]["seen_by"] == [0]
    next_round(s)
    assert s.enologist[0] == 0, "discarded at the end of the round"
    assert card(s, "enologist") not in s.reminders


def test_a_chip_peeked_at_is_the_chip_of_its_round():
    s = start(2)
    s.open_hand[0].append(card(s, "enologist"))
    place(s, "cards")
    act(s, PlayCard(card(s, "enologist")))
    act(s, PeekChip(1))
    chance(s, BonusChip(2))
    pass_all(s)
    while s.is_chance_node():
        assert s.next_step().__class__.__name__ == "DealDisplay", "no chip to draw"
        s.apply_action(s.chance_outcomes()[0][0])
    assert s.round == 1 and s.t.chip_values[s.chips[1]] == 2


def test_enologist_upgrade_top_down_one_row_each():
    s = start(4)
    t = s.t
    rows = {name: i for i, name in enumerate(t.row_name)}
    s.ware[rows["LBV"]] = 1
    s.ware[rows["Ruby Reserva"]] = 3
    s.ware[rows["Ruby"]] = 5
    ageing.upgrade(s, 0)
    # LBV's barrel to Vintage; 2 of Reserva's 3 into the LBV slots it left; 2 of the
    # bottom's 5 into the Reserva slots freed: none moves twice.
    assert ware(s, 0) == {"Vintage": 1, "LBV": 2, "Ruby Reserva": 3, "Ruby": 3}


def test_vintage_row_only_by_card():
    t = start(4).t
    assert t.row_for(RUBY, 40) == t.row_name.index("LBV")
    assert t.row_for(TAWNY, 40) == t.row_name.index("Colheita")


# ----- cards -------------------------------------------------------------------------------


def test_hand_limit_two_discard_first():
    s = start(4)
    s.open_hand[0] += [card(s, "harvest"), card(s, "vintage")]
    place(s, "cards")
    act(s, DrawDeck())
    assert set(legal(s)) == {Discard(card(s, "harvest")), Discard(card(s, "vintage"))}
    act(s, Discard(card(s, "vintage")))
    assert s.is_chance_node()
    chance(s, Card(card(s, "move_boat")))
    assert s.secret_hand[0] == [card(s, "move_boat")]
    assert s.deck.discards[card(s, "vintage")] == 1


def test_display_is_not_refilled_during_the_round():
    s = start(4)
    place(s, "cards")
    act(s, DrawCard(1))
    assert s.display[1] == -1 and s.current_player() == 1


def test_cards_that_perform_actions_need_no_free_circle():
    s = start(4)
    for c in s.t.circles_of[action(s, "harvest")]:
        s.occupied[c] = 3
    s.open_hand[0].append(card(s, "harvest"))
    assert not placements(s, "harvest")
    place(s, "cards")
    assert PlayCard(card(s, "harvest")) in legal(s)


def test_free_action_never_old_vine_boat_or_first_player():
    s = start(4)
    give_estate(s, 0, "Cima Corgo", 0, [])
    s.open_hand[0].append(card(s, "free_action"))
    place(s, "cards")
    act(s, PlayCard(card(s, "free_action")))
    tasks = {s.t.action_kind[x.task] for x in legal(s)}
    assert not tasks & {"old_vine", "move_boat", "first_player"}
    act(s, Perform(action(s, "harvest")))
    assert card(s, "free_action") in s.reminders, "used to harvest: on the reminder space"


def test_the_deck_takes_the_discards_when_it_runs_out():
    s = start(4)
    from ludoteca.core.hidden import Pile
    s.deck = Pile.of([0] * s.t.num_cards, discards=[1] + [0] * (s.t.num_cards - 1))
    place(s, "cards")
    act(s, DrawDeck())
    assert s.chance_outcomes() == [(s.t.card_outcome[0], 1.0)]


# ----- the edition -------------------------------------------------------------------------


def test_a_malformed_edition_gets_a_clear_error():
    text = game().edition_text_or_default().replace("start_vp = { value = 3",
                                                    "start_vp = { value = \"three\"")
    with pytest.raises(EditionError, match=r"general\.start_vp"):
        game(text)
    bad = game().edition_text_or_default().replace('"2" = { value = 1, source = "rulebook", '
                                                   'note = "2 players: the first', '"9" = { '
                                                   'value = 1, source = "rulebook", note = "x')
    with pytest.raises(EditionError, match="short_markers"):
        game(bad)


def test_every_edition_value_has_a_source():
    from ludoteca.core.edition import provenance
    items = list(provenance(game().edition))
    assert len(items) > 60
    assert {src for _, _, src, _ in items} <= {"rulebook", "found", "derived", "assumed"}


def test_random_determinizations_keep_a_peek_for_the_peeker_only():
    s = start(3)
    s.open_hand[0].append(card(s, "enologist"))
    place(s, "cards")
    act(s, PlayCard(card(s, "enologist")))
    act(s, PeekChip(5))
    chance(s, BonusChip(0))
    mine = {s.determinize(0, random.Random(i)).chips[5] for i in range(20)}
    theirs = {s.determinize(1, random.Random(i)).chips[5] for i in range(40)}
    assert mine == {0} and len(theirs) > 1


# ----- first player, loading, parked markers ------------------------------------------------


def test_first_player_may_be_taken_by_its_holder_and_one_player_a_round():
    s = start(3, first=0)
    place(s, "first_player")
    assert s.first == 0 and not placements(s, "first_player")
    next_round(s)
    assert s.current_player() == 0


def test_a_lot_can_be_loaded_at_once_after_a_harvest_and_free_during_a_turn():
    from ludoteca.games.vintage.actions import Load
    s = start(2)
    bc = next(e for e, o in enumerate(s.owner) if o == 0)
    s.boat[0] = 1
    place(s, "harvest")
    act(s, HarvestEstate(bc, 2))
    act(s, EndHarvest())
    assert set(legal(s)) == {Load(bc), SailOn()}, "the boat is in that port"
    act(s, SailOn())
    act(s, Pass())
    assert Load(bc) in legal(s), "still loadable on the next turn, at no cost"
    markers = s.markers[0]
    act(s, Load(bc))
    assert s.current_player() == 0 and s.markers[0] == markers and s.hold[0] == 2


def test_a_bought_estate_s_marker_comes_back_next_round():
    s = start(4, first=0)
    place(s, "buy_estate")
    act(s, BuyEstate(space(s, "Douro Superior")))
    next_round(s)
    assert s.markers == [5, 4, 4, 4]


# ----- the audit's findings ------------------------------------------------------------------


def free_action_then_cards(options=None):
    """Seat 0 holds a Free-action card, a Move-boat card and a second Free-action card, and
    plays the first on the Cards action."""
    s = start(2, options=options)
    s.open_hand[0] += [card(s, "free_action"), card(s, "move_boat")]
    s.secret_hand[0].append(card(s, "free_action"))
    place(s, "cards")
    act(s, PlayCard(card(s, "free_action")))
    return s


def test_free_action_card_cannot_perform_the_cards_action_by_default():
    s = free_action_then_cards()
    tasks = {s.t.action_kind[x.task] for x in legal(s)}
    assert tasks and "cards" not in tasks, "a card is played on a Cards turn of its own"


def test_free_action_cards_allowed_never_plays_move_boat_or_another_free_action():
    s = free_action_then_cards({"free_action_cards": "allowed"})
    act(s, Perform(action(s, "cards")))
    offered = legal(s)
    assert DrawDeck() in offered, "the Cards action it performs can still draw"
    assert PlayCard(card(s, "move_boat")) not in offered, "Move the boat is an exception"
    assert PlayCard(card(s, "free_action")) not in offered, "no chain of Free actions"


def test_a_lot_grown_by_the_two_barrels_card_in_the_boats_port_can_be_loaded_then():
    s = start(2)
    bc = next(e for e, o in enumerate(s.owner) if o == 0)
    s.boat[0] = s.t.space_port[bc]
    s.lot[bc], s.lot_q[bc] = 2, 3
    s.open_hand[0].append(card(s, "two_barrels"))
    s.markers[0], s.overseer[0] = 1, 0  # the Cards placement is seat 0's last turn
    place(s, "cards")
    act(s, PlayCard(card(s, "two_barrels")))
    from ludoteca.games.vintage.actions import AddBarrels, Load
    act(s, AddBarrels(bc))
    assert s.current_player() == 0 and Load(bc) in legal(s)
    act(s, Load(bc))
    assert s.lot[bc] == 0 and s.hold[0] == 4, "all 4 barrels aboard"


def test_no_value_tagged_rulebook_or_found_is_partly_assumed():
    from ludoteca.core.edition import provenance
    sure = [(key, note) for key, _, src, note in provenance(game().edition)
            if src in ("rulebook", "found")]
    partly = [(key, note) for key, note in sure
              if any(w in note.lower() for w in ("assumed", "not found", "ours"))]
    assert sure and not partly, partly
    tags = {(key, src) for key, _, src, _ in provenance(game().edition)}
    circles = [src for key, src in tags if key.endswith("circles")]
    assert "rulebook" not in circles, "no action's circles are all in the rulebook"


def two_enologists_then_age(options=None):
    """Seat 0 plays two Enologist cards in round I, then ages a Ruby lot of quality 1 with
    a die of 1: the bottom row, before any upgrade."""
    s = start(2, options=options)
    put_cellar(s, 0, 0, 1, 1)
    s.markers[0] = 4
    s.open_hand[0] += [card(s, "enologist"), card(s, "enologist")]
    for r in (3, 4):
        place(s, "cards")
        act(s, PlayCard(card(s, "enologist")))
        act(s, PeekChip(r))
        chance(s, BonusChip(0))
        if s.current_player() == 1:
            act(s, Pass())  # seat 0 takes the other turns
    place(s, "age_sell")
    roll(s, 1)
    return s


def test_two_enologists_in_a_round_each_move_the_barrels_up_a_row():
    assert ware(two_enologists_then_age(), 0) == {"LBV": 1}, "bottom, Reserva, LBV"
    once = two_enologists_then_age({"enologists": "once"})
    assert ware(once, 0) == {"Ruby Reserva": 1}


def test_upgrade_room_before_counts_only_the_slots_free_before_the_upgrade():
    s = start(4, options={"upgrade_room": "before"})
    t = s.t
    rows = {name: i for i, name in enumerate(t.row_name)}
    s.ware[rows["LBV"]] = 1
    s.ware[rows["Ruby Reserva"]] = 3
    s.ware[rows["Ruby"]] = 5
    ageing.upgrade(s, 0)
    # Vintage takes LBV's barrel; LBV had 1 free slot, Reserva none: one barrel from
    # Reserva, none from the bottom row.
    assert ware(s, 0) == {"Vintage": 1, "LBV": 1, "Ruby Reserva": 2, "Ruby": 5}


# ----- why a card cannot be played ---------------------------------------------------------


def test_a_card_that_cannot_be_carried_out_says_why_and_its_play_is_refused() -> None:
    s = start(4)
    colheita = card(s, "colheita")
    s.open_hand[0].append(colheita)
    name = s.t.card_names[colheita]
    need = s.t.colheita_barrels
    assert s.observation(0)["seats"][0]["unplayable"] == {
        name: f"it needs {need} tawny barrels in your cellar; you have 0"}
    place(s, "cards")
    before = s.clone()
    with pytest.raises(IllegalActionError, match=f"{name} cannot be played now: it needs "
                       f"{need} tawny barrels in your cellar; you have 0"):
        act(s, PlayCard(colheita))
    assert s.history() == before.history() and s.open_hand == before.open_hand


def test_a_card_that_can_be_carried_out_gives_no_reason() -> None:
    s = start(4)
    s.open_hand[0].append(card(s, "move_boat"))
    assert s.observation(0)["seats"][0]["unplayable"] == {}


def test_the_reasons_a_seat_reads_are_exactly_its_cards_not_legal_to_play() -> None:
    """Along random matches, at every Cards choice: a card of the hand carries a reason
    on the seat's mat exactly when playing it is not a legal action."""
    import random

    from ludoteca.games.vintage.steps import CardsUse

    rng = random.Random(5)
    checked = 0
    for n in (2, 3, 4):
        s = game().new_initial_state(n)
        while not s.is_terminal():
            step = s.next_step()
            if isinstance(step, CardsUse) and not step.by_card:
                seat = step.seat
                reasons = s.observation(seat)["seats"][seat]["unplayable"]
                legal_cards = {a.card for a in legal(s) if isinstance(a, PlayCard)}
                for c in set(s.open_hand[seat] + s.secret_hand[seat]):
                    assert (s.t.card_names[c] in reasons) == (c not in legal_cards)
                    checked += 1
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(rng.choices([o for o, _ in outcomes],
                                           [p for _, p in outcomes])[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 0
