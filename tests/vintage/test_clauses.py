"""A test per rulebook clause that the other rule tests would not notice broken.

Each was seen to fail with the line that carries its clause broken. Positions are set up
by hand (``helpers``) and played through the legal actions.
"""

from __future__ import annotations

from ludoteca.games.vintage.actions import (
    AddBarrels,
    EndHarvest,
    ExtraBarrel,
    HarvestEstate,
    PeekChip,
    Plant,
    PlayCard,
    Store,
    TakeBarrel,
)
from ludoteca.games.vintage.rules import end
from ludoteca.games.vintage.tables import RUBY

from .helpers import card, give_estate, legal, pass_all, put_cellar, roll, start
from .test_examples import place


def home(s):
    """Seat 0's starting estate (Baixo Corgo: green, yellow, purple)."""
    return next(e for e, o in enumerate(s.owner) if o == 0)


def test_an_estate_with_fewer_than_three_vines_cannot_be_harvested():
    s = start(4)
    two = give_estate(s, 0, "Douro Superior", 0, ["green", "red"])
    place(s, "harvest")
    estates = {x.estate for x in legal(s) if isinstance(x, HarvestEstate)}
    assert estates == {home(s)}, "2 vines: not planted yet"
    assert two not in estates


def test_port_costs_one_brandy_for_every_estate_making_port():
    s = start(4)
    s.brandy[0] = 3
    cc = give_estate(s, 0, "Cima Corgo", 0, ["green", "yellow", "purple"])
    place(s, "harvest")
    act_all(s, HarvestEstate(home(s), 2), HarvestEstate(cc, 3), EndHarvest())
    assert s.brandy[0] == 1, "two estates make port: 3 - 2, no brandy made"


def act_all(s, *items):
    from .helpers import act
    for item in items:
        act(s, item)


def test_reminder_cards_go_to_the_discards_at_the_round_end():
    s = start(4)
    harvest = card(s, "harvest")
    s.open_hand[0].append(harvest)
    before = s.deck.discards[harvest]
    place(s, "cards")
    act_all(s, PlayCard(harvest), HarvestEstate(home(s), 0), EndHarvest())
    assert s.reminders == [harvest]
    shown = s.display.count(harvest)  # the display's copies go to the discards too
    pass_all(s)
    assert s.round == 1 and not s.reminders
    assert s.deck.discards[harvest] == before + shown + 1


def test_the_display_s_cards_go_to_the_discards_at_the_round_end():
    s = start(4, display=(0, 1, 2, 3))
    before = list(s.deck.discards)
    pass_all(s)
    assert s.round == 1
    assert [s.deck.discards[k] - before[k] for k in range(4)] == [1, 1, 1, 1]


def test_final_scoring_counts_the_barrels_aboard_the_boat():
    s = start(4)
    s.hold[0], s.hold_q[0] = 4, 3
    assert end.additions(s, 0)[0] == 1, "4 barrels aboard: 1 VP"


def test_the_extra_barrel_card_never_starts_an_empty_row():
    s = start(4)
    t = s.t
    put_cellar(s, 0, 0, 1, 9)  # Ruby 9 + 1 = 10: LBV, the only row holding a barrel
    s.open_hand[0].append(card(s, "extra_barrel"))
    place(s, "cards")
    act_all(s, PlayCard(card(s, "extra_barrel")))
    roll(s, 1)
    assert legal(s) == [ExtraBarrel(t.row_name.index("LBV"))]


def test_no_sixth_vine_on_an_estate():
    s = start(4)
    t = s.t
    five = give_estate(s, 0, "Cima Corgo", 0, ["green", "yellow", "purple", "white", "black"])
    s.open_hand[0].append(card(s, "plant_three"))
    place(s, "cards")
    act_all(s, PlayCard(card(s, "plant_three")))
    red = t.colours.index("red")
    assert Plant(red, home(s)) in legal(s)
    assert Plant(red, five) not in legal(s), "five vines: full, though red is missing"


def test_old_vines_grow_only_on_cima_corgo_estates():
    s = start(4)
    cc = give_estate(s, 0, "Cima Corgo", 0, ["green"])
    ds = give_estate(s, 0, "Douro Superior", 0, ["green"])
    place(s, "old_vine")
    assert legal(s) == [Plant(s.t.black, cc)], (home(s), ds)


def test_the_three_vines_card_plants_three_different_colours_across_estates():
    s = start(4)
    t = s.t
    ds = give_estate(s, 0, "Douro Superior", 0, [])
    s.open_hand[0].append(card(s, "plant_three"))
    place(s, "cards")
    red = t.colours.index("red")
    act_all(s, PlayCard(card(s, "plant_three")), Plant(red, home(s)))
    assert Plant(red, ds) not in legal(s), "red is planted: not a second time elsewhere"
    assert Plant(t.colours.index("white"), ds) in legal(s)


def test_a_harvest_makes_no_more_port_than_the_supply_holds():
    s = start(4)
    s.supply = 1
    place(s, "harvest")
    ports = {x.port for x in legal(s) if isinstance(x, HarvestEstate) and x.estate == home(s)}
    assert ports == {0, 1}


def test_the_two_barrels_card_adds_only_what_the_supply_holds():
    s = start(4)
    s.lot[home(s)], s.lot_q[home(s)] = 2, 4
    s.supply = 1
    s.open_hand[0].append(card(s, "two_barrels"))
    place(s, "cards")
    act_all(s, PlayCard(card(s, "two_barrels")), AddBarrels(home(s)))
    assert s.lot[home(s)] == 3 and s.supply == 0


def test_lots_waiting_aboard_go_into_the_cellar_after_a_card_sale():
    s = start(4)
    t = s.t
    ruby = [c for c in range(t.num_columns) if t.column_kind[c] == RUBY]
    for c in range(t.num_columns):
        put_cellar(s, 0, c, 2, 3)
    put_cellar(s, 0, ruby[0], 1, 3)
    s.boat[0] = 0
    s.hold[0], s.hold_q[0] = 3, 5
    s.open_hand[0].append(card(s, "vintage"))
    place(s, "cards")
    act_all(s, PlayCard(card(s, "vintage")), TakeBarrel(ruby[0]))
    assert s.current_player() == 0
    assert any(isinstance(x, Store) and x.lot == 0 for x in legal(s)), "a column is free"


def test_the_enologist_looks_only_at_a_later_round_s_chip():
    s = start(4)
    s.open_hand[0].append(card(s, "enologist"))
    place(s, "cards")
    act_all(s, PlayCard(card(s, "enologist")))
    later = set(range(1, s.t.rounds))
    assert {x.round for x in legal(s) if isinstance(x, PeekChip)} == later, "not round I's"
    s.chip_known[3] |= 1  # seat 0 has seen round IV's chip: a look there teaches nothing
    assert {x.round for x in legal(s) if isinstance(x, PeekChip)} == later - {3}
