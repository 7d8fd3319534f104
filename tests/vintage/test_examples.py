"""The worked examples of the rulebook (E1-E15), each a test named after it."""

from __future__ import annotations

from ludoteca.games.vintage.actions import (
    AgeLot,
    BonusChip,
    BuyEstate,
    Card,
    Discount,
    DrawCard,
    EndHarvest,
    HarvestEstate,
    Load,
    MoveBoat,
    Pass,
    Place,
    Plant,
    PlayCard,
    SailTo,
    Store,
    TakeBarrel,
)
from ludoteca.games.vintage.rules import ageing, end
from ludoteca.games.vintage.tables import RUBY, TAWNY

from .helpers import (
    act,
    action,
    card,
    chance,
    give_estate,
    legal,
    pass_all,
    put_cellar,
    roll,
    space,
    start,
    ware,
)


def place(s, key, overseer=0):
    """The one legal placement on that action (cheapest empty circle)."""
    a = action(s, key)
    options = [x for x in legal(s) if isinstance(x, Place) and x.task == a
               and x.overseer == overseer]
    assert len(options) == 1, options
    act(s, options[0])
    return s.t.circle_cost[s.t.circles_of[a][options[0].circle]]


def test_e1_four_player_setup():
    s = start(4, first=0, bonus=1)
    t = s.t
    assert s.vp == [3, 3, 3, 3] and s.brandy == [1, 1, 1, 1] and s.boat == [0, 0, 0, 0]
    for seat in range(4):
        own = [e for e, o in enumerate(s.owner) if o == seat]
        assert len(own) == 1 and t.space_name[own[0]] == "Baixo Corgo"
        e = own[0]
        assert {t.colours[c] for c in range(6) if s.vines[e] >> c & 1} == \
            {"green", "yellow", "purple"}
        assert s.quality[e] == 2 and t.harvest_yield[e] == 2
        assert s.tiles[seat] == 2, "two markers locked behind the estate tiles"
        assert s.overseer[seat] == 1
    # The first and second players have 3 markers, one on the round-II chip.
    assert s.markers == [3, 3, 4, 4]
    stride = t.rounds + 1
    assert [s.parked[q * stride + 1] for q in range(4)] == [1, 1, 0, 0]
    obs = s.observation(2)
    assert obs["chips"][0] == {"round": 1, "value": 1, "face_up": True, "seen_by": []}
    assert all(c["value"] is None for c in obs["chips"][1:]) and len(obs["chips"]) == 7
    assert len([c for c in obs["display"] if c]) == 4
    assert s.current_player() == 0


def test_e2_round_one_opening_turns():
    s = start(4, first=0, bonus=1)
    bc = next(e for e, o in enumerate(s.owner) if o == 0)
    assert place(s, "harvest") == 1
    act(s, HarvestEstate(bc, 2))
    act(s, EndHarvest())
    assert s.brandy[0] == 0 and s.lot[bc] == 2 and s.lot_q[bc] == 2 + 1
    # Grey takes a face-up card.
    place(s, "cards")
    act(s, DrawCard(0))
    assert len(s.open_hand[1]) == 1 and sum(c >= 0 for c in s.display) == 3
    # White takes the first-player token; this round's order does not change.
    place(s, "first_player")
    assert s.first == 2 and s.current_player() == 3
    # Orange: circle 1 is taken, so 2 markers on circle 2.
    orange = next(e for e, o in enumerate(s.owner) if o == 3)
    assert place(s, "harvest") == 2
    act(s, HarvestEstate(orange, 2))
    act(s, EndHarvest())
    assert s.markers[3] == 2 and s.brandy[3] == 0 and s.lot[orange] == 2
    pass_all(s)
    # End of round I: the display is dealt again, round II's chip turns face up.
    for c in (4, 5, 6, 7):
        chance(s, Card(c))
    chance(s, BonusChip(0))
    assert s.round == 1 and s.markers == [4, 4, 4, 4] and s.overseer == [1] * 4
    assert s.current_player() == 2, "white holds the token and starts round II"
    assert [c for c in s.display] == [4, 5, 6, 7]
    assert all(o < 0 for o in s.occupied)


def test_e3_buy_estate():
    s = start(4)
    s.vp[0] = 4
    cc = space(s, "Cima Corgo")
    place(s, "buy_estate")
    act(s, BuyEstate(cc))
    t = s.t
    assert s.vp[0] == 0 and s.owner[cc] == 0 and s.tiles[0] == 1
    assert s.parked[0 * (t.rounds + 1) + 1] == 2, "the locked marker joins the round-II chip"
    # A second purchase in the same round, by circle or card, is illegal.
    s.vp[0] = 10
    pass_all_but(s, 0)
    assert not [x for x in legal(s) if isinstance(x, Place) and x.task == action(s, "buy_estate")]
    s.open_hand[0].append(card(s, "buy_estate"))
    place(s, "cards")
    assert PlayCard(card(s, "buy_estate")) not in legal(s)


def pass_all_but(s, seat):
    while s.current_player() != seat:
        act(s, Pass())


def test_e3_buy_estate_card_pays_one_less_or_plants():
    s = start(4)
    s.vp[0] = 4
    s.open_hand[0].append(card(s, "buy_estate"))
    cc = space(s, "Cima Corgo")
    place(s, "cards")
    act(s, PlayCard(card(s, "buy_estate")))
    act(s, BuyEstate(cc))
    choices = legal(s)
    assert Discount() in choices and Plant(s.t.colours.index("green"), cc) in choices
    assert Plant(s.t.black, cc) not in choices, "never an old vine by this card"
    act(s, Discount())
    assert s.vp[0] == 1
    # The other way: pay 4 and plant a vine on the new estate.
    s = start(4)
    s.vp[0] = 4
    s.open_hand[0].append(card(s, "buy_estate"))
    place(s, "cards")
    act(s, PlayCard(card(s, "buy_estate")))
    act(s, BuyEstate(cc))
    act(s, Plant(s.t.colours.index("red"), cc))
    assert s.vp[0] == 0 and s.vines[cc] == 1 << s.t.colours.index("red")


def test_e4_two_colour_planting_action():
    s = start(4, first=3)
    t = s.t
    place(s, "plant_yellow_white")
    e = next(e for e, o in enumerate(s.owner) if o == 3)
    offered = {t.colours[x.colour] for x in legal(s)}
    assert offered == {"white"}, "yellow is already on the starting estate"
    act(s, Plant(t.colours.index("white"), e))
    assert s.vines[e].bit_count() == 4 and s.current_player() == 0, "exactly one cube"


def test_e5_old_vine_on_a_part_planted_estate():
    s = start(4)
    cc = give_estate(s, 0, "Cima Corgo", 0, ["green", "yellow"])
    assert s.quality[cc] == 5
    place(s, "old_vine")
    act(s, Plant(s.t.black, cc))
    assert s.vines[cc].bit_count() == 3 and s.quality[cc] == 6
    from ludoteca.games.vintage.steps import harvestable
    assert cc in harvestable(s, 0)


def test_e6_five_vines_including_an_old_vine():
    s = start(4)
    cc = give_estate(s, 0, "Cima Corgo", 0, ["green", "yellow", "black"])
    assert s.quality[cc] == 6
    place(s, "plant_purple")
    act(s, Plant(s.t.colours.index("purple"), cc))
    pass_all_but(s, 0)
    place(s, "plant_red")
    act(s, Plant(s.t.colours.index("red"), cc))
    assert s.quality[cc] == 7


def test_e7_cima_corgo_harvest():
    s = start(4, bonus=1)
    cc = give_estate(s, 0, "Cima Corgo", 0, ["green", "yellow", "purple"])
    bc = next(e for e, o in enumerate(s.owner) if o == 0 and e != cc)
    s.lot[bc] = 1  # keeps the starting estate out of this harvest
    place(s, "harvest")
    act(s, HarvestEstate(cc, 3))
    act(s, EndHarvest())
    assert s.lot[cc] == 3 and s.lot_q[cc] == 6 and s.brandy[0] == 0


def test_e8_brandy_only_harvest_in_douro_superior():
    s = start(4)
    ds = give_estate(s, 0, "Douro Superior", 0, ["green", "yellow", "purple"])
    s.brandy[0] = 0
    supply = s.supply
    place(s, "harvest")
    assert HarvestEstate(ds, 1) not in legal(s), "no brandy to pay for port"
    act(s, HarvestEstate(ds, 0))
    act(s, EndHarvest())
    assert s.brandy[0] == 3 and s.lot[ds] == 0 and s.supply == supply


def test_e9_boat_trip():
    s = start(4)
    bc = next(e for e, o in enumerate(s.owner) if o == 0)
    cc = give_estate(s, 0, "Cima Corgo", 0, ["green", "yellow", "purple"])
    s.lot[bc], s.lot_q[bc] = 2, 3
    s.lot[cc], s.lot_q[cc] = 3, 6
    s.boat[0] = 1
    act(s, MoveBoat(2))
    assert s.markers[0] == 1 and s.boat_markers[0] == 2
    assert set(legal(s)) == {SailTo(0), SailTo(2)}, "one port upstream or any downstream"
    act(s, SailTo(2))
    act(s, Load(cc))
    act(s, SailTo(0))  # downstream to Gaia in one step, calling at Baixo Corgo on the way
    act(s, Load(bc))
    assert s.boat[0] == 0
    act(s, Store(0, "tawny"))
    act(s, Store(0, "ruby") if Store(0, "ruby") in legal(s) else Store(1, "ruby"))
    k = s.t.num_columns
    assert sorted(s.cellar[:k]) == [0, 0, 2, 3] and not any(s.hold[:3])


def test_e9_lots_beyond_the_cellar_stay_aboard():
    s = start(4)
    for c in range(4):
        put_cellar(s, 0, c, 1, 3)
    s.hold[0], s.hold_q[0] = 2, 4
    s.boat[0] = 1
    act(s, MoveBoat(1))
    act(s, SailTo(0))
    assert s.hold[0] == 2, "no empty column: the lot waits aboard"
    assert s.current_player() == 1


def test_e10_age_and_sell():
    s = start(4)
    put_cellar(s, 0, 0, 3, 7)  # A: Ruby, quality 7, 3 barrels
    put_cellar(s, 0, 1, 2, 4)  # C: Ruby, quality 4, 2 barrels
    put_cellar(s, 0, 2, 5, 6)  # B: Tawny, quality 6, 5 barrels
    place(s, "age_sell")
    roll(s, 3)
    assert set(legal(s)) == {AgeLot(0), AgeLot(1), AgeLot(2)}, "two Ruby lots compete"
    supply = s.supply
    act(s, AgeLot(0))
    assert s.vp[0] == 3 + 8
    assert ware(s, 0) == {"Tawny Reserva": 2}
    assert s.supply == supply + 8
    assert not any(s.cellar[:4]) and not any(s.cellar_q[:4])


def test_e11_bottom_rows():
    s = start(4)
    t = s.t
    base = 0
    s.ware[base + t.bottom[RUBY]] = 9
    s.ware[base + t.bottom[TAWNY]] = 9
    ageing.sell(s, 0)
    assert s.vp[0] == 3 + 2 + 1
    assert ware(s, 0) == {"Ruby": 1, "Tawny": 4}


def test_e12_age_and_sell_needs_barrels_in_the_cellar():
    s = start(4)
    a = action(s, "age_sell")
    assert not [x for x in legal(s) if isinstance(x, Place) and x.task == a]
    put_cellar(s, 1, 0, 2, 3)
    act(s, Pass())
    # Only seat 1 can age: its circle stays the cheapest.
    assert place(s, "age_sell") == 1


def test_e13_vintage_and_colheita_cards():
    s = start(4)
    put_cellar(s, 0, 0, 2, 5)
    s.open_hand[0] += [card(s, "vintage"), card(s, "colheita")]
    place(s, "cards")
    act(s, PlayCard(card(s, "vintage")))
    act(s, TakeBarrel(0))
    assert s.vp[0] == 7 and s.cellar[0] == 1
    s2 = start(4)
    put_cellar(s2, 0, 2, 1, 5)
    put_cellar(s2, 0, 3, 1, 8)
    s2.open_hand[0].append(card(s2, "colheita"))
    place(s2, "cards")
    act(s2, PlayCard(card(s2, "colheita")))
    act(s2, TakeBarrel(2))
    act(s2, TakeBarrel(3))
    assert s2.vp[0] == 7 and not any(s2.cellar[:4]), "two barrels of two lots"


def test_e14_harvest_card():
    s = start(4, bonus=0)
    bc = next(e for e, o in enumerate(s.owner) if o == 0)
    cc = give_estate(s, 0, "Cima Corgo", 0, ["green", "yellow", "purple"])
    ds = give_estate(s, 0, "Douro Superior", 0, ["green", "yellow", "purple"])
    s.open_hand[0].append(card(s, "harvest"))
    place(s, "cards")
    act(s, PlayCard(card(s, "harvest")))
    for e, p in ((bc, 2), (cc, 3), (ds, 4)):
        act(s, HarvestEstate(e, p))
    act(s, EndHarvest())
    assert s.brandy[0] == 0 and (s.lot[bc], s.lot[cc], s.lot[ds]) == (2, 3, 4)
    assert card(s, "harvest") in s.reminders


def test_e15_final_scoring():
    s = start(4)
    bc = next(e for e, o in enumerate(s.owner) if o == 0)
    give_estate(s, 0, "Cima Corgo", 0, ["green", "yellow", "purple", "white", "black"])
    give_estate(s, 0, "Douro Superior", 0, ["green", "yellow"])
    s.lot[bc] = 4
    put_cellar(s, 0, 0, 5, 3)
    s.ware[0] = 4
    assert end.barrels_owned(s, 0) == 13
    assert end.additions(s, 0) == (3, 6, 1)
    end.final_scoring(s)
    assert s.vp[0] == 3 + 10


def test_e15_ties_go_to_most_estates_then_quality_then_shared():
    s = start(2)
    s.vp = [10, 10]
    give_estate(s, 1, "Douro Superior", 0, [])
    end.final_scoring(s)
    assert s.table_winners == (1,)
    s = start(2)
    s.vp = [10, 10]
    give_estate(s, 0, "Douro Superior", 0, [])
    give_estate(s, 1, "Cima Corgo", 0, [])
    end.final_scoring(s)
    assert s.table_winners == (1,), "same estates: the higher total quality (5 > 3)"
    s = start(2)
    s.vp = [10, 10]
    end.final_scoring(s)
    assert s.table_winners == (0, 1)
