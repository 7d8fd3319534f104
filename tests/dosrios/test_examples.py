"""The worked examples of the Dos Rios data supplement (W1-W17), each a test named after
it, on the default board with the reference courses VR and MR unless stated."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import IllegalActionError
from ludoteca.games.dosrios.actions import (
    ActionCard,
    Activate,
    Attack,
    Build,
    Dam,
    EndTurn,
    FirstRiver,
    FlowTo,
    Move,
    PlaceWorker,
    StartPlayer,
)
from ludoteca.games.dosrios.steps import (
    ActionPoints,
    ChooseRiver,
    Harvest,
    PlaceWorkers,
    RiverBranch,
)
from tests.dosrios.helpers import (
    CARD,
    MR,
    TOWN,
    VR,
    WEST,
    H,
    T,
    act,
    all_turned,
    build_here,
    chance,
    flow_targets,
    legal,
    new,
    put,
    ready,
    side,
    source_side,
)

LAKE_W, LAKE_E = T.lake_west, T.lake_east


def every(state):
    """Every event of the match so far (all public)."""
    return [e for _, e in state.event_log(None)]


def courses(state):
    return [[T.pos[x] for x in state.course(r)] for r in (0, 1)]


def segments(state):
    return {(n, s) for n, s in enumerate(state.out) if s >= 0}


def later_turn(state):
    """The pending turn as if it were not the seat's first (so a card can be activated)."""
    step = state.pop()
    state.push(ActionPoints(step.seat, step.left, step.built, False))


def harvest_with(state, key):
    """Ends the turn and activates ``key`` as the first card of the row."""
    later_turn(state)
    state.row[0] = CARD[key]
    act(state, EndTurn())
    assert isinstance(state.next_step(), Harvest)
    act(state, Activate())


# ----- W1 -------------------------------------------------------------------------------


def test_w1_rio_verde_example_step_by_step():
    state = new(2)
    chance(state, StartPlayer(0))
    # source: (0,0) forest beats (1,1) hill, so the first segment is laid without a choice
    assert [e.data["to"] for e in every(state) if e.kind == "segment"][:1] == [H(0, 0)]
    step = state.next_step()
    assert isinstance(step, RiverBranch) and step.at == H(0, 0) and step.seat == 0
    # (0,0): hills below and to the right, equally high
    assert flow_targets(state) == [(0, 1), (1, 1)]
    act(state, FlowTo(side((0, 0), (0, 1))))
    # (0,1) -> (0,2): forest, not the hill on the right; (0,2) -> (1,3): forest, not the
    # hill ahead - both forced; (1,3): fields ahead and to the right
    assert state.next_step().at == H(1, 3)
    assert flow_targets(state) == [(1, 4), (2, 3)]
    act(state, FlowTo(side((1, 3), (1, 4))))
    # (1,4) and (1,5): straight ahead, forced; (1,6): three fields
    assert state.next_step().at == H(1, 6)
    assert flow_targets(state) == [(0, 6), (1, 6 + 1), (2, 6)]
    act(state, FlowTo(side((1, 6), (1, 7))))
    # (1,7): into Lake West, by either of its two lake sides (R5)
    assert state.next_step().at == H(1, 7)
    assert flow_targets(state) == [LAKE_W, LAKE_W]
    act(state, FlowTo(side((1, 7), "S")))
    assert courses(state)[0] == VR
    assert len([e for e in every(state) if e.kind == "segment"
                and e.data["at"] in [H(*p) for p in VR] + [T.source[0]]]) == 9
    assert sorted(T.pos[x] for x in state.course(0)) == sorted(VR)


def test_w1_the_other_field_does_not_end_in_the_lake_at_once():
    state = new(2)
    chance(state, StartPlayer(0))
    act(state, FlowTo(side((0, 0), (0, 1))))
    act(state, FlowTo(side((1, 3), (1, 4))))
    act(state, FlowTo(side((1, 6), (2, 6))))
    assert state.next_step().at == H(2, 6)
    assert flow_targets(state) == [(1, 7), (2, 7), (3, 7)]


# ----- W2, W3 ---------------------------------------------------------------------------


def verde_laid(n=2):
    state = new(n)
    chance(state, StartPlayer(0))
    for at, to in (((0, 0), (0, 1)), ((1, 3), (1, 4)), ((1, 6), (1, 7))):
        act(state, FlowTo(side(at, to)))
    act(state, FlowTo(side((1, 7), "S")))
    return state


def test_w2_rio_moreno_default_options():
    state = verde_laid()
    assert state.next_step().at == H(5, 1)
    assert flow_targets(state) == [(4, 1), (6, 1)]
    act(state, FlowTo(side((5, 1), (6, 1))))
    assert state.next_step().at == H(4, 5)
    assert [T.pos[x] for x in state.course(1)] == MR[:7]
    assert flow_targets(state) == [(3, 6), (4, 6), (5, 6)]


def test_w3_merge_stops_the_second_river():
    state = verde_laid()
    act(state, FlowTo(side((5, 1), (4, 1))))
    assert flow_targets(state) == [(3, 2), (4, 2), (5, 2)]
    act(state, FlowTo(side((4, 1), (3, 2))))
    assert state.next_step().at == H(3, 3)
    assert flow_targets(state) == [(2, 3), (3, 4)]
    act(state, FlowTo(side((3, 3), (2, 3))))
    assert flow_targets(state) == [(1, 4), (3, 4)]
    act(state, FlowTo(side((2, 3), (1, 4))))
    assert isinstance(state.next_step(), PlaceWorkers)  # placement stopped: a merge
    own = [(5, 1), (4, 1), (3, 2), (3, 3), (2, 3)]
    assert courses(state)[1] == [*own, (1, 4), (1, 5), (1, 6), (1, 7)]
    moreno_segments = [n for n in [T.source[1]] + [H(*p) for p in own] if state.out[n] >= 0]
    assert len(moreno_segments) == 6
    # (1,4)-(1,7) are downstream of the confluence: both river cards pay them
    both = set(state.course(0)) & set(state.course(1))
    assert sorted(T.pos[x] for x in both) == [(1, 4), (1, 5), (1, 6), (1, 7)]


# ----- W4, W5 ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_w4_display_size(n):
    state = ready(n)
    assert len(state.row) == n + 1


def test_w5_opening_display_with_a_bandit():
    state = new(4)
    chance(state, StartPlayer(0))
    from tests.dosrios.helpers import lay_reference_rivers
    lay_reference_rivers(state)
    for _k in range(12):
        act(state, PlaceWorker(legal(state)[0].hex))
    for key in ("tobacco", "bandits_verde", "forest", "maize", "wheat"):
        chance(state, ActionCard(CARD[key]))
    assert len(state.row) == 4 and state.is_chance_node()  # the bandit was replaced
    bandit = CARD["bandits_verde"]
    assert state.deck.counts[bandit] == 1  # shuffled back, not left out
    chance(state, ActionCard(CARD["verde"]))
    assert [T.card_keys[k] for k in state.row] == ["tobacco", "forest", "maize", "wheat",
                                                   "verde"]
    assert isinstance(state.next_step(), ActionPoints)


# ----- W6 -------------------------------------------------------------------------------

RED, BLUE, YELLOW = 0, 1, 2


def fight(setup):
    state = ready(2)
    all_turned(state)
    for seat, hex_, k in setup:
        put(state, seat, hex_, k)
    return state


def moves(state):
    return {(T.pos[a.src] if a.src < T.num_hexes else a.src,
             T.pos[a.dst] if a.dst < T.num_hexes else a.dst)
            for a in legal(state) if isinstance(a, Move)}


def attack(target, a, b):
    adj = T.adjacent[H(*target)]
    ia = adj.index(a if isinstance(a, int) else H(*a))
    ib = adj.index(b if isinstance(b, int) else H(*b))
    return Attack(H(*target), min(ia, ib), max(ia, ib))


@pytest.mark.parametrize("src,dst,ok", [
    ((0, 3), (0, 4), True),    # hill onto forest
    ((1, 3), (1, 4), True),    # forest onto field
    ((0, 3), (1, 4), True),    # hill onto field
    ((1, 5), (1, 4), False),   # field onto field
    ((0, 4), (0, 3), False),   # forest onto hill
    ((3, 2), (4, 2), False),   # hill onto hill: same height
])
def test_w6_attacks_by_one_worker(src, dst, ok):
    state = fight([(RED, src, 1), (BLUE, dst, 1)])
    assert ((src, dst) in moves(state)) is ok
    if ok:
        act(state, Move(H(*src), H(*dst)))
        assert state.hex_seat[H(*dst)] == RED
        assert state.pos[BLUE * T.workers: (BLUE + 1) * T.workers].count(TOWN) == T.workers


def test_w6_two_workers_from_a_field_drive_off_a_lone_worker():
    state = fight([(RED, (1, 5), 2), (BLUE, (1, 4), 1)])
    assert ((1, 5), (1, 4)) not in moves(state)
    act(state, attack((1, 4), (1, 5), (1, 5)))
    assert state.hex_seat[H(1, 4)] == RED and state.hex_count[H(1, 4)] == 2
    assert state.next_step().left == 4  # one point per attacker


def test_w6_a_pair_falls_only_to_two_attackers_both_from_higher_ground():
    state = fight([(RED, (0, 3), 2), (RED, (1, 5), 1), (BLUE, (1, 4), 2)])
    ok = attack((1, 4), (0, 3), (0, 3))
    mixed = attack((1, 4), (0, 3), (1, 5))
    acts = legal(state)
    assert ok in acts and mixed not in acts
    assert ((0, 3), (1, 4)) not in moves(state)  # one attacker never beats a pair
    act(state, ok)
    assert state.hex_seat[H(1, 4)] == RED


def test_w6_from_the_town_one_fails_two_succeed():
    state = fight([(BLUE, (3, 7), 1)])
    assert (TOWN, (3, 7)) not in moves(state)
    act(state, attack((3, 7), TOWN, TOWN))
    assert state.hex_seat[H(3, 7)] == RED


def test_w6_a_worker_with_its_farm_cannot_be_attacked():
    state = fight([(RED, (0, 4), 2), (BLUE, (1, 5), 1)])
    build_here(state, BLUE, (1, 5), "farm")
    assert ((0, 4), (1, 5)) not in moves(state)
    assert not [a for a in legal(state) if isinstance(a, Attack)]


# ----- W7 -------------------------------------------------------------------------------


def test_w7_movement_costs():
    state = fight([(RED, (3, 7), 1)])
    act(state, Move(TOWN, H(3, 7)))
    assert state.next_step().left == 5
    act(state, Move(TOWN, WEST))
    act(state, Move(WEST, H(0, 4)))
    assert state.next_step().left == 3
    act(state, Move(H(3, 7), H(3, 6)))
    act(state, Move(H(3, 6), H(3, 5)))
    assert state.next_step().left == 1
    state = fight([])
    build_here(state, RED, (1, 4), "estate")
    act(state, Move(TOWN, H(1, 4)))
    assert state.next_step().left == 4
    state = fight([(RED, (3, 7), 2)])
    assert (TOWN, (3, 7)) not in moves(state)  # a third red worker in a hex
    with pytest.raises(IllegalActionError):
        act(state, Move(TOWN, H(3, 7)))


# ----- W8 -------------------------------------------------------------------------------


def test_w8_building():
    state = fight([(RED, (1, 5), 1)])
    state.money[RED] = 1600
    act(state, Build("farm", H(1, 5)))
    act(state, Move(H(1, 5), H(1, 6)))
    act(state, Build("estate", H(1, 6)))
    assert state.money[RED] == 100 and state.next_step().left == 5
    state.money[RED] = 5000
    put(state, RED, (2, 7))
    assert not [a for a in legal(state) if isinstance(a, Build)]  # a third is refused
    state = fight([(RED, (1, 5), 1)])
    state.money[RED] = 5000
    build_here(state, RED, (1, 5), "farm")
    assert not [a for a in legal(state) if isinstance(a, Build)]  # one building a hex (R15)
    assert T.farms * T.cost[0] + T.cost[1] == 3000


# ----- W9 - W11 -------------------------------------------------------------------------


def test_w9_crop_harvests_with_vr_and_mr():
    state = ready(3)
    all_turned(state)
    wet = state.irrigated()
    tob = sorted(T.pos[x] for x in range(T.num_hexes) if state.terrain[x] == 0 and x in wet)
    assert tob == [(1, 4), (1, 7), (5, 4)]
    mai = sorted(T.pos[x] for x in range(T.num_hexes) if state.terrain[x] == 1 and x in wet)
    assert mai == [(1, 5), (4, 4), (5, 7)]
    whe = sorted(T.pos[x] for x in range(T.num_hexes) if state.terrain[x] == 2 and x in wet)
    assert whe == [(1, 6), (5, 6)]
    put(state, RED, (1, 4))
    build_here(state, BLUE, (1, 7), "farm")
    put(state, RED, (3, 4))
    put(state, YELLOW, (5, 4), 2)
    harvest_with(state, "tobacco")
    assert state.money == [100, 100, 100]


def test_w10_forest_harvest():
    for logs, after in ((5, 5), (2, 3)):
        state = ready(2)
        put(state, RED, (1, 3))
        state.logs[RED] = logs
        harvest_with(state, "forest")
        assert state.logs[RED] == after


def test_w11_river_cards():
    state = ready(2)
    for p in VR[:6]:
        put(state, RED, p)
    for p in VR[6:]:
        put(state, BLUE, p)
    harvest_with(state, "verde")
    # fields (1,4) (1,5) to red, (1,6) (1,7) to blue; forests (0,0) (0,2) (1,3): 3 logs
    assert state.money == [200, 200]
    assert state.logs == [5, 2]
    state = ready(2)
    for p in MR[:6]:
        put(state, RED, p)
    for p in MR[6:]:
        put(state, BLUE, p)
    state.logs = [0, 0]
    harvest_with(state, "moreno")
    # red: (5,1) (6,1) (6,2) (5,3) forests, (5,4) (4,4) fields; blue: (4,5) forest,
    # (5,6) (5,7) fields
    assert state.money == [200, 200] and state.logs == [4, 1]


# ----- W12 ------------------------------------------------------------------------------


def test_w12_bandits():
    state = ready(3)
    put(state, RED, (0, 1))
    put(state, BLUE, (1, 3), 2)
    put(state, RED, (1, 4))
    build_here(state, RED, (1, 4), "estate")
    put(state, BLUE, (1, 5))
    build_here(state, BLUE, (1, 5), "farm")
    put(state, YELLOW, (1, 6))
    harvest_with(state, "tobacco")
    town = [state.pos[s * T.workers:(s + 1) * T.workers].count(TOWN) for s in range(3)]
    chance(state, ActionCard(CARD["bandits_verde"]))
    after = [state.pos[s * T.workers:(s + 1) * T.workers].count(TOWN) for s in range(3)]
    assert [a - b for a, b in zip(after, town, strict=False)] == [1, 2, 0]
    assert state.hex_seat[H(0, 1)] == -1
    assert state.hex_count[H(1, 3)] == 1
    assert state.hex_seat[H(1, 4)] == RED  # safe beside its Estate
    assert state.hex_seat[H(1, 5)] == -1
    assert state.hex_seat[H(1, 6)] == YELLOW  # three shots fired before
    (shots,) = [e.data["shot"] for e in every(state) if e.kind == "bandits"]
    assert shots == [[RED, H(0, 1)], [BLUE, H(1, 3)], [BLUE, H(1, 5)]]
    assert state.is_chance_node() and len(state.row) == 3  # another card is drawn
    assert state.deck.discards[CARD["bandits_verde"]] == 1


# ----- W13 ------------------------------------------------------------------------------


def dams(state):
    return {a.side for a in legal(state) if isinstance(a, Dam)}


def test_w13_dam_legality():
    state = fight([(RED, (1, 3), 1)])
    state.dams |= 1 << side((1, 3), "S") | 1 << side((1, 3), "SE")
    assert side((1, 3), "SW") not in dams(state)
    state = fight([(RED, (1, 3), 1)])
    state.dams |= 1 << side((1, 3), "S")
    assert side((1, 3), "SE") in dams(state)
    state = fight([(RED, (0, 2), 1)])
    assert {side((0, 2), "S"), side((0, 2), "SE")} <= dams(state)
    state.dams |= 1 << side((0, 2), "S")
    assert side((0, 2), "SE") not in dams(state)
    state = fight([(RED, (1, 1), 1)])
    assert source_side(0, (1, 1)) in dams(state)
    state.dams |= 1 << source_side(0, (0, 0))
    assert source_side(0, (1, 1)) not in dams(state)
    state = fight([(RED, (1, 7), 1)])
    sw, s, se = side((1, 7), "SW"), side((1, 7), "S"), side((1, 7), (2, 7))
    assert {sw, s, se} <= dams(state)
    state.dams |= 1 << sw | 1 << s
    assert se not in dams(state)


# ----- W14 - W16 ------------------------------------------------------------------------


def test_w14_reroute_that_rejoins():
    state = fight([(RED, (1, 4), 1)])
    before = segments(state)
    act(state, Dam(side((1, 3), (1, 4))))
    assert state.next_step().at == H(2, 3)  # forced SE: SW is a hill
    assert flow_targets(state) == [(1, 4), (3, 4)]
    act(state, FlowTo(side((2, 3), (1, 4))))
    assert isinstance(state.next_step(), ActionPoints)
    assert courses(state)[0] == [*VR[:4], (2, 3), *VR[4:]]
    gone = before - segments(state)
    assert gone == {(H(1, 3), side((1, 3), (1, 4)))}
    assert state.logs[RED] == 1


def test_w14_the_course_ends_above_the_dam_while_the_reroute_is_chosen():
    state = fight([(RED, (1, 4), 1)])
    dammed = side((1, 3), (1, 4))
    act(state, Dam(dammed))
    assert isinstance(state.next_step(), RiverBranch)
    assert courses(state)[0] == [*VR[:4], (2, 3)]
    assert not {H(*p) for p in VR[4:]} & state.irrigated()
    obs = state.observation(None)
    verde = obs["rivers"][0]
    assert dammed not in verde["sides"] and verde["nodes"][-1] == H(2, 3)
    assert not obs["board"]["hexes"][H(1, 4)]["irrigated"]


def test_w14_reroute_that_merges():
    state = fight([(RED, (1, 4), 1)])
    act(state, Dam(side((1, 3), (1, 4))))
    act(state, FlowTo(side((2, 3), (3, 4))))
    assert courses(state)[0] == [*VR[:4], (2, 3), (3, 4), *MR[5:]]
    for p in [(1, 4), (1, 5), (1, 6), (1, 7)]:
        assert state.out[H(*p)] == -1 and H(*p) not in state.irrigated()
    removed = [e.data["segments"] for e in every(state) if e.kind == "segments_removed"]
    assert sorted(T.pos[n] for n, _ in removed[-1]) == [(1, 4), (1, 5), (1, 6), (1, 7)]
    # the Rio Verde card now pays these fields and forests
    assert sorted(T.pos[x] for x in state.course(0) if state.terrain[x] < 3) == sorted(
        [(2, 3), (3, 4), (4, 4), (5, 6), (5, 7)])
    assert sorted(T.pos[x] for x in state.course(0) if state.terrain[x] == 3) == sorted(
        [(0, 0), (0, 2), (1, 3), (4, 5)])


@pytest.mark.parametrize("branch,then,course", [
    ((1, 2), (0, 2), [(1, 1), (2, 1), (1, 2), *VR[2:]]),
    ((1, 2), (1, 3), [(1, 1), (2, 1), (1, 2), *VR[3:]]),
    ((2, 2), (1, 4), [(1, 1), (2, 1), (2, 2), (2, 3), *VR[4:]]),
    ((2, 2), (3, 4), [(1, 1), (2, 1), (2, 2), (2, 3), (3, 4), *MR[5:]]),
    ((3, 2), (1, 4), "via (3,3)"),
])
def test_w15_dam_at_a_source(branch, then, course):
    state = fight([(RED, (0, 0), 1)])
    act(state, Dam(source_side(0, (0, 0))))
    assert state.next_step().at == H(2, 1)  # forced (1,1), then forced (2,1)
    assert flow_targets(state) == [(1, 2), (2, 2), (3, 2)]
    act(state, FlowTo(side((2, 1), branch)))
    if branch == (3, 2):
        assert state.next_step().at == H(3, 3)
        act(state, FlowTo(side((3, 3), (2, 3))))
        at = (2, 3)
    else:
        at = branch if branch == (1, 2) else (2, 3)
    assert state.next_step().at == H(*at)
    act(state, FlowTo(side(at, then)))
    assert isinstance(state.next_step(), ActionPoints)
    if course == "via (3,3)":
        course = [(1, 1), (2, 1), (3, 2), (3, 3), (2, 3), *VR[4:]]
    assert courses(state)[0] == course
    # the abandoned upper segments are gone: every segment left is fed
    fed = {T.source[0], T.source[1], *state.course(0), *state.course(1)}
    assert all(n in fed for n, _ in segments(state))
    if then == (3, 4):
        assert not set(H(*p) for p in VR) & state.irrigated()  # the whole old course dry


def red_estate_and_farms(farms):
    state = fight([])
    build_here(state, RED, (1, 4), "estate")
    for p in farms:
        build_here(state, RED, p, "farm")
    return state


def test_w16_victory_with_all_four_irrigated():
    state = red_estate_and_farms([(1, 5), (1, 6)])
    put(state, RED, (5, 4))
    state.money[RED] = 500
    act(state, Build("farm", H(5, 4)))
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_w16_not_yet_with_a_dry_farm():
    state = red_estate_and_farms([(1, 5), (1, 6)])
    put(state, RED, (3, 4))
    state.money[RED] = 500
    act(state, Build("farm", H(3, 4)))
    assert not state.is_terminal()
    # ... but the fourth Farm, anywhere, wins
    put(state, RED, (3, 5))
    state.money[RED] = 500
    act(state, Build("farm", H(3, 5)))
    assert state.is_terminal() and state.winners() == [RED]


def test_w16_a_reroute_completes_the_irrigated_set():
    state = red_estate_and_farms([(1, 5), (1, 6), (3, 4)])
    put(state, RED, (5, 1))
    act(state, Dam(side((5, 1), (6, 1))))
    assert state.next_step().at == H(4, 1)  # forced SW: S is a hill
    act(state, FlowTo(side((4, 1), (3, 2))))
    act(state, FlowTo(side((3, 3), (3, 4))))
    assert courses(state)[1] == [(5, 1), (4, 1), (3, 2), (3, 3), (3, 4), *MR[5:]]
    assert state.is_terminal() and state.winners() == [RED]
    removed = [e.data["segments"] for e in every(state) if e.kind == "segments_removed"]
    assert sorted(T.pos[n] for n, _ in removed[-1]) == [(5, 3), (5, 4), (6, 1), (6, 2)]


# ----- W17 ------------------------------------------------------------------------------


def test_w17_start_state():
    state = new(3)
    chance(state, StartPlayer(1))
    from tests.dosrios.helpers import lay_reference_rivers
    lay_reference_rivers(state)
    order = []
    while isinstance(state.next_step(), PlaceWorkers):
        seat = state.next_step().seat
        order.append(seat)
        hexes_ = [a.hex for a in legal(state)]
        # never a hex with another colour's worker
        assert all(state.hex_seat[x] in (-1, seat) and state.hex_count[x] < 2 for x in hexes_)
        act(state, PlaceWorker(hexes_[0]))
    assert order == [1, 2, 0] * 3
    for s in range(3):
        mine = state.pos[s * T.workers:(s + 1) * T.workers]
        assert mine.count(TOWN) == 3 and mine.count(-1) == 0
    assert state.money == [0, 0, 0] and state.logs == [2, 2, 2]
    assert state.farms_left == [4, 4, 4] and state.estates_left == [1, 1, 1]


# ----- river order (R3, option river_order) ---------------------------------------------


def test_r3_verde_is_laid_first_by_default():
    state = new(2)
    chance(state, StartPlayer(0))
    assert not [a for a in legal(state) if isinstance(a, FirstRiver)]
    assert state.next_step().at == H(0, 0)  # Rio Verde asks first (W1)


def test_r3_option_the_start_player_chooses_the_first_river_and_verde_then_stops():
    state = new(2, river_order="choose")
    chance(state, StartPlayer(1))
    step = state.next_step()
    assert isinstance(step, ChooseRiver) and step.seat == 1
    assert legal(state) == [FirstRiver("verde"), FirstRiver("moreno")]
    act(state, FirstRiver("moreno"))
    assert state.next_step().at == H(5, 1) and state.next_step().seat == 1  # Moreno
    for at, to in (((5, 1), (4, 1)), ((4, 1), (3, 2)), ((3, 3), (2, 3)), ((2, 3), (1, 4)),
                   ((1, 6), (1, 7))):
        act(state, FlowTo(side(at, to)))
    act(state, FlowTo(side((1, 7), "S")))  # Moreno runs on to the lake: it came first
    laid = [e.data["river"] for e in every(state) if e.kind == "river_laid"]
    assert laid == [1, 0]
    for at, to in (((0, 0), (0, 1)), ((1, 3), (1, 4))):
        act(state, FlowTo(side(at, to)))
    assert isinstance(state.next_step(), PlaceWorkers)  # Verde stopped on meeting Moreno
    assert courses(state)[0] == VR
    assert courses(state)[1] == [(5, 1), (4, 1), (3, 2), (3, 3), (2, 3), *VR[4:]]
