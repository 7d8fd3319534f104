"""One test per rule of issue #3: each fails if that rule is broken."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

from ludoteca import EditionError, IllegalActionError, load_game, run_match
from ludoteca.core.edition import provenance
from ludoteca.core.registry import game_module
from ludoteca.games.douro1872 import Douro1872
from ludoteca.games.douro1872.actions import (
    Cut,
    Donate,
    FogBack,
    GhostCard,
    PlayBarrel,
)
from ludoteca.games.douro1872.rules.end import final_ranking
from ludoteca.testing import random_step
from tests.douro1872.script import (
    PLANS,
    A,
    B,
    C,
    Script,
    charity_match,
    charity_result,
    position,
    settled,
)

GAME = load_game("douro1872")
CODEC = GAME.codec


def play(value: int) -> int:
    return CODEC.encode(PlayBarrel(value))


def donate(value: int) -> int:
    return CODEC.encode(Donate(value))


def finished(n: int, seed: int):
    state = GAME.new_initial_state(n)
    rng = random.Random(seed)
    while not state.is_terminal():
        random_step(state, rng)
    return state


def to_middle(sc: Script) -> None:
    """Plays the first half with distinct cards; chance gives its first outcome."""
    plans = [[0, 1, 2, 3, 4, 6, 7, 8, 9, 10], [3, 4, 6, 7, 8, 9, 10, 0, 1, 2],
             [7, 8, 9, 10, 0, 1, 2, 3, 4, 6]]
    s = sc.state
    while sc.obs["phase"] != "charity":
        seat = s.current_player()
        if seat < 0:
            s.apply_action(s.chance_outcomes()[0][0])
        else:
            hand = sc.hand(seat)
            value = next(v for v in plans[seat] if v in hand)
            s.apply_action(play(value))


# ----- 1. the edition ------------------------------------------------------------------


def test_edition_values_and_provenance():
    t = GAME.tables
    assert t.values == (0, 1, 2, 3, 4, 6, 7, 8, 9, 10)
    assert t.num_regular == 15 and t.level_counts == (3, 3, 3, 3, 3)
    assert sorted(t.fog_effects) == sorted(
        ["fragas", "cardia", "rapidos", "sirga", "barraca", "customs"])
    sources = {key: (source, note) for key, _v, source, note in provenance(GAME.edition)}
    for key in ("rabelo.orders.3", "rabelo.orders.4", "rabelo.orders.5",
                "fog.orders.3", "fog.orders.4", "fog.orders.5"):
        assert sources[key][0] == "assumed" and "NOT FOUND" in sources[key][1]
    assert sources["barrels.values"][0] == "found"
    assert sources["stakes.fragas"][0] == "rulebook"


def test_an_owner_corrects_the_order_table_with_an_edition():
    text = Douro1872.default_edition.read_text(encoding="utf-8")
    mine = text.replace("[1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29]",
                        "[2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 29]")
    sc = Script(3, edition_text=mine)
    sc.start(2)
    sc.play(1, 2, 3)
    assert {sc.state.action_to_json(a)["order"] for a, _ in sc.state.chance_outcomes()} == {
        8, 10, 12}


def test_an_inconsistent_edition_is_refused():
    text = Douro1872.default_edition.read_text(encoding="utf-8")
    with pytest.raises(EditionError, match="run out"):
        Douro1872(edition_text=text.replace("[0, 1, 2, 3, 4, 6, 7, 8, 9, 10]",
                                            "[0, 1, 2, 3, 4, 6, 7, 8, 9]"))


# ----- 2. set-up as chance nodes -------------------------------------------------------


def test_stack_top_card_is_regular():
    sc = Script(3)
    outcomes = sc.state.chance_outcomes()
    assert all(sc.state.action_to_json(a)["back"] == "regular" for a, _ in outcomes)
    assert [p for _, p in outcomes] == pytest.approx([0.2] * 5)


def test_stack_fog_chance_after_the_top_card():
    sc = Script(3)
    sc.backs(3)
    p_fog = dict(sc.state.chance_outcomes())[CODEC.encode_outcome(FogBack())]
    assert p_fog == pytest.approx(6 / 17)  # 11 regular and 6 fog left above the bottom 3


def test_stack_bottom_three_regular_cards_lie_under_every_fog():
    sc = Script(3)
    sc.backs(1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)  # the twelve upper regular cards
    outcomes = sc.state.chance_outcomes()
    assert [(sc.state.action_to_json(a)["back"], p) for a, p in outcomes] == [("fog", 1.0)]
    assert sc.obs["valley"] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]


def test_valley_is_dealt_until_a_fog_card_shows():
    sc = Script(3)
    sc.backs(2, 1)
    assert sc.obs["phase"] == "stack"  # still dealing
    sc.backs("fog")
    assert sc.obs["phase"] == "lottery"  # dealt; now the phylloxera lottery (D)


def test_lottery_draws_uniformly_from_the_owners_hand():
    sc = Script(4)
    sc.backs(1, "fog")
    outcomes = sc.state.chance_outcomes()
    assert len(outcomes) == 10 and all(p == pytest.approx(0.1) for _, p in outcomes)
    assert {sc.state.action_to_json(a)["owner"] for a, _ in outcomes} == {A}
    sc.lottery(6, 2, 9, 4)
    assert sc.holder() == B


def test_lottery_tie_redraws_among_the_tied_only():
    sc = Script(3)
    sc.backs(1, "fog")
    sc.lottery(0, 8, 0)
    assert sc.holder() is None
    sc.lottery(3, 1, owners=(A, C))
    assert sc.holder() == C


def test_lottery_cut_after_the_redraw_limit():
    sc = Script(3)
    sc.backs(1, "fog")
    sc.lottery(4, 4, 9)
    for _ in range(GAME.tables.redraws):
        sc.lottery(2, 2, owners=(A, B))
    assert sc.obs["phase"] == "lottery cut"
    assert [(CODEC.outcomes[a], p) for a, p in sc.state.chance_outcomes()] == [
        (Cut(A), 0.5), (Cut(B), 0.5)]
    sc.chance(Cut(B))
    assert sc.holder() == B


# ----- 3. the dispute ------------------------------------------------------------------


def test_face_down_choice_is_hidden_until_the_reveal():
    sc = Script(3)
    sc.start(3)
    sc.play(7)
    s = sc.state
    for viewer in (None, B, C):
        text = json.dumps(s.observation(viewer))
        assert '"my_choice": 7' not in text
        assert s.observation(viewer)["seats"][A]["chosen"] is True
        assert s.observation(viewer)["seats"][A]["played"] is None
    assert s.observation(A)["my_choice"] == 7
    seen = {s.determinize(B, random.Random(k)).observation(A)["my_choice"] for k in range(40)}
    assert len(seen) > 3  # B's view of A's card is resampled, not copied
    s.apply_action(play(0))
    s.apply_action(play(1))
    assert [x["played"] for x in s.observation(B)["seats"]] == [7, 0, 1]  # revealed
    assert s.observation(B)["in_dispute"]["total"] == 8


def test_prompt_says_what_the_seat_decides():
    sc = Script(3)
    sc.start(3)
    assert "level-3" in sc.state.observation(A)["prompt"]
    assert "Waiting for seat 0" in sc.state.observation(B)["prompt"]


def test_regular_card_two_points_ties_one():
    sc = Script(3)
    sc.start(1, 5, holder=C)
    sc.regular(5, 9, 9, 2)  # filled, A and B tie highest
    assert sc.last()["points"] == [1, 1, 0]
    sc.regular(29, 8, 6, 4)  # not filled, C alone lowest
    assert sc.last()["points"] == [0, 0, -2]


def test_played_cards_stay_in_the_pile_last_one_on_view():
    sc = Script(3)
    sc.start(1, 1)
    sc.regular(1, 9, 8, 7)
    sc.regular(3, 2, 3, 4)
    seats = sc.obs["seats"]
    assert [s["pile"] for s in seats] == [[9, 2], [8, 3], [7, 4]]
    assert [s["pile_top"] for s in seats] == [2, 3, 4]
    assert 9 not in sc.hand(A)


def _fog(effect: str, plays: tuple[int, int, int], holder: int = C) -> Script:
    sc = Script(3)
    sc.start(1, holder=holder)
    sc.regular(1, 1, 3, 7)
    sc.play(*plays)
    sc.fog(effect)
    return sc


def test_fragas_four_points_ties_two():
    assert _fog("fragas", (10, 6, 2)).last()["points"] == [4, 0, 0]
    assert _fog("fragas", (0, 0, 4)).last()["points"] == [-2, -2, 0]


def test_cardia_cards_return_to_hand():
    sc = _fog("cardia", (10, 6, 2))
    assert sc.last()["points"] == [2, 0, 0]
    assert [10 in sc.hand(A), 6 in sc.hand(B), 2 in sc.hand(C)] == [True, True, True]
    assert [s["pile"] for s in sc.obs["seats"]] == [[1], [3], [7]]


def test_rapidos_is_reversed():
    assert _fog("rapidos", (10, 6, 2)).last()["points"] == [0, 0, 2]  # 18 >= 15: lowest
    assert _fog("rapidos", (4, 2, 0)).last()["points"] == [2, 0, 0]  # 6 < 15: highest


def test_sirga_skips_every_fog_card_and_the_same_barrels_dispute_the_regular():
    sc = _fog("sirga", (10, 6, 2))
    assert sc.obs["in_dispute"]["kind"] == "sirga"
    sc.backs("fog", "fog", 5)  # two fog cards under the Sirga: both skipped
    sc.face(25)
    assert sc.last()["rabelo"] == {"fog": "Sirga (Tow)", "level": 5, "order": 25}
    assert sc.last()["points"] == [0, 0, -2]  # 18 < 25: the same cards lost the regular card
    assert sc.obs["stack"]["fog_on_top"] == 2
    assert [s["pile_top"] for s in sc.obs["seats"]] == [10, 6, 2]


def test_sirga_takes_a_regular_top_card_directly():
    sc = _fog("sirga", (10, 6, 2))
    sc.backs(2)
    sc.face(7)
    assert sc.last()["points"] == [2, 0, 0]
    assert sc.obs["stack"]["fog_on_top"] == 0


def test_sirga_tows_from_the_bottom_three_once_the_upper_stack_is_used_up():
    """R13: the last upper card is the Sirga; the tow takes a bottom regular card."""
    sc = Script(3)
    s = sc.state
    while not s.is_terminal():  # regular backs first, Sirga as the last fog card
        if s.current_player() >= 0:
            s.apply_action(s.legal_actions()[0])
            continue
        obs = sc.obs
        meanings = [(a, s.action_to_json(a)) for a, _ in s.chance_outcomes()]
        if obs["phase"] == "stack":
            if (obs["in_dispute"] or {}).get("kind") == "sirga":
                break
            regular = [a for a, m in meanings if m["back"] == "regular"]
            s.apply_action(regular[0] if regular else meanings[0][0])
        elif obs["phase"] == "turn fog":
            other = [a for a, m in meanings if m["effect"] != "sirga"]
            s.apply_action(other[0] if other else meanings[0][0])
        else:
            s.apply_action(meanings[0][0])
    assert not s.is_terminal()
    assert sc.obs["stack"] == {"cards": 3, "fog_on_top": 0}  # only the bottom three left
    assert sc.obs["valley"] == []
    tow = [(s.action_to_json(a)["back"], s.action_to_json(a)["level"], p)
           for a, p in s.chance_outcomes()]
    assert tow == [("regular", 5, 1.0)]  # levels 1-4 were dealt: the bottom is 5, 5, 5
    sc.backs(5)
    sc.face(27)
    assert sc.last()["rabelo"] == {"fog": "Sirga (Tow)", "level": 5, "order": 27}
    assert sc.obs["stack"]["cards"] == 2
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0] if s.current_player() >= 0
                       else s.chance_outcomes()[0][0])
    assert len(settled(s)) == 20  # the other two bottom cards were still disputed


def test_barraca_lowest_gains_whatever_the_sum():
    assert _fog("barraca", (10, 9, 8)).last()["points"] == [0, 0, 2]  # 27: filled
    assert _fog("barraca", (2, 0, 4)).last()["points"] == [0, 2, 0]  # 6: not filled


def test_customs_does_nothing():
    sc = _fog("customs", (10, 0, 4))
    assert sc.last()["points"] == [0, 0, 0]
    assert [s["pile_top"] for s in sc.obs["seats"]] == [10, 0, 4]


# ----- 4. phylloxera -------------------------------------------------------------------


def test_phylloxera_holder_loses_a_reward_tie():
    sc = Script(3)
    sc.start(1, holder=A)
    sc.regular(1, 9, 9, 9)  # three-way tie, holder out: B and C share as a tie
    assert sc.last()["points"] == [0, 1, 1]
    assert sc.holder() == B


def test_phylloxera_holder_alone_pays_a_penalty_tie():
    sc = Script(3)
    sc.start(5, holder=C)
    sc.regular(29, 1, 0, 0)
    assert sc.last()["points"] == [0, 0, -2]
    assert sc.holder() == A  # clockwise from the last seat wraps to the first


@pytest.mark.parametrize(("effect", "plays", "holder", "points"), [
    # Fragas penalty tie (4 < 15): the holder alone loses the full 4.
    ("fragas", (0, 0, 4), A, [-4, 0, 0]),
    ("fragas", (0, 0, 4), B, [0, -4, 0]),
    # Fragas reward tie (22 >= 15): the one player left takes the full 4.
    ("fragas", (10, 10, 2), A, [0, 4, 0]),
    ("fragas", (10, 10, 2), B, [4, 0, 0]),
    # Rapidos filled (18 >= 15): lowest tied with the holder; the other takes the full 2.
    ("rapidos", (10, 4, 4), B, [0, 0, 2]),
    ("rapidos", (10, 4, 4), C, [0, 2, 0]),
    # Rapidos not filled (12 < 15): highest tied with the holder.
    ("rapidos", (6, 6, 0), A, [0, 2, 0]),
    ("rapidos", (6, 6, 0), B, [2, 0, 0]),
    # Barraca: lowest tied with the holder; a three-way tie leaves two to share 1 each.
    ("barraca", (9, 0, 0), B, [0, 0, 2]),
    ("barraca", (9, 0, 0), C, [0, 2, 0]),
    ("barraca", (4, 4, 4), A, [0, 1, 1]),
])
def test_phylloxera_holder_loses_fog_card_ties(effect, plays, holder, points):
    """R6: out of a reward tie (a sole remaining player takes the full reward), alone in a
    penalty tie (the full penalty); the card then passes to the holder's left."""
    sc = _fog(effect, plays, holder=holder)
    assert sc.last()["points"] == points
    assert sc.last()["phylloxera"] == [holder, (holder + 1) % 3]


@pytest.mark.parametrize(("donations", "holder", "points"), [
    ([0, 0, 10], A, [-1, 0, 1]),  # A and B tied lowest: the holder alone loses 1
    ([0, 0, 10], B, [0, -1, 1]),
    ([6, 2, 2], C, [1, 0, -1]),
])
def test_phylloxera_holder_alone_loses_a_charity_tie_for_lowest(donations, holder, points):
    """R9: a holder tied for the lowest gift loses 1 alone; the others tied lose nothing."""
    charity = charity_result(charity_match(donations, holder).state)
    assert charity["phylloxera"] == [holder, (holder + 1) % 3]  # it held the card to the end
    assert charity["revealed"] == donations
    assert charity["points"] == points


def test_phylloxera_passes_after_a_worthless_tie():
    sc = Script(3)
    sc.start(1, holder=B)
    sc.regular(1, 10, 4, 4)  # B and C tie for lowest on a filled boat: worth nothing
    assert sc.last()["points"] == [2, 0, 0]
    assert sc.holder() == C


def test_phylloxera_passes_on_a_customs_tie():
    sc = _fog("customs", (6, 6, 1), holder=A)
    assert sc.holder() == B


def test_phylloxera_no_tie_no_pass():
    sc = Script(3)
    sc.start(1, holder=B)
    sc.regular(1, 10, 4, 3)
    assert sc.holder() == B


# ----- 5. the middle of the game and charity ------------------------------------------


def test_middle_of_the_game_takes_back_ten_cards_and_donates_one_secretly():
    sc = Script(3)
    sc.start(1, holder=C)
    to_middle(sc)
    s = sc.state
    assert [len(sc.hand(seat)) for seat in range(3)] == [10, 10, 10]
    assert [x["pile"] for x in sc.obs["seats"]] == [[], [], []]
    spent = [e for e in settled(s) if e["rabelo"].get("fog") != "Our Lady of Cardia"]
    assert len(spent) == 10
    assert "charity" in s.observation(A)["prompt"]
    other = s.clone()  # the same position, but A gives the 9 instead of the 8
    sc.donate_one(A, 8)
    other.apply_action(donate(9))
    assert s.observation(A)["my_donation"] == 8
    assert other.observation(A)["my_donation"] == 9
    for viewer in (None, B, C):  # nothing another seat sees depends on A's gift
        assert json.dumps(s.observation(viewer)) == json.dumps(other.observation(viewer))
    assert s.observation(None)["seats"][A]["donated"] is True
    sc.donate_one(B, 0)
    sc.donate_one(C, 3)
    while s.current_player() < 0:
        s.apply_action(s.chance_outcomes()[0][0])
    with pytest.raises(IllegalActionError, match="your 8 lies under the charity card"):
        s.apply_action(play(8))


def test_middle_of_the_game_deals_the_valley_before_the_charity():
    """R10: when the hands run out with the Valley empty, it is dealt before the gifts."""
    sc = Script(3)
    step = iter(zip(*PLANS, strict=True))  # a different card for every seat, every time
    sc.backs(1, 1, "fog")
    sc.give_phylloxera(C)
    rounds = (((1, 3), "fragas", (2, "fog")), ((9,), "rapidos", (2, "fog")),
              ((11,), "barraca", (3, 3, "fog")), ((13, 15), "customs", ()))
    for orders, fog, next_valley in rounds:  # Valley, fog card, the next Valley dealt
        for order in orders:
            sc.regular(order, *next(step))
        sc.play(*next(step))
        sc.fog(fog)
        sc.backs(*next_valley)
    # Ten disputes spent ten cards: the hands are empty, the Valley too.
    assert [x["hand_size"] for x in sc.obs["seats"]] == [0, 0, 0]
    assert sc.obs["valley"] == [] and sc.obs["stack"]["fog_on_top"] == 0
    assert sc.obs["phase"] == "stack"  # dealing first, not the charity
    assert sc.obs["half"] == 1
    sc.backs(4, "fog")
    assert sc.obs["phase"] == "charity"
    assert sc.obs["valley"] == [4] and sc.obs["stack"]["fog_on_top"] == 1
    assert [len(sc.hand(seat)) for seat in range(3)] == [10, 10, 10]


def test_charity_all_equal_pays_nothing_but_the_phylloxera_passes():
    """The old reading of R9, kept as the option ``charity_all_equal = "nothing"``."""
    plans = [[0, 1, 2, 3, 4, 6, 7, 8, 9, 10], [3, 4, 6, 7, 8, 9, 10, 0, 1, 2],
             [7, 8, 9, 10, 0, 1, 2, 3, 4, 6]]
    second = [[1, 2, 3, 4, 6, 7, 8, 9, 10], [4, 6, 7, 8, 9, 10, 1, 2, 3],
              [8, 9, 10, 1, 2, 3, 4, 6, 7]]
    sc = Script(3, options={"charity_all_equal": "nothing"})
    sc.start(1, holder=A)
    sc.play_out(plans, [0, 0, 0], second)
    charity = charity_result(sc.state)
    assert charity["revealed"] == [0, 0, 0] and charity["points"] == [0, 0, 0]
    assert charity["phylloxera"] == [A, B]


@pytest.mark.parametrize(("holder", "points"), [(A, [-1, 1, 1]), (B, [1, -1, 1]),
                                               (C, [1, 1, -1])])
def test_r9_charity_all_equal_literal_reading(holder, points):
    """R9: when every gift is equal, every seat gave both the lowest and the highest card.
    Read literally, both apply with the phylloxera tie rule: the holder alone pays 1 for the
    lowest and drops out of the tie for the highest, where the others gain 1 each."""
    sc = charity_match([10, 10, 10], holder)
    charity = charity_result(sc.state)
    assert charity["revealed"] == [10, 10, 10]
    assert charity["points"] == points
    assert charity["phylloxera"] == [holder, (holder + 1) % 3]
    old = charity_result(charity_match([10, 10, 10], holder,
                                       {"charity_all_equal": "nothing"}).state)
    assert old["points"] == [0, 0, 0] and old["phylloxera"] == [holder, (holder + 1) % 3]
    text = sc.state.describe_event(sc.state.event_log(None)[-3][1], None)
    assert "every gift is 10" in text, text


def test_r9_without_phylloxera_everyone_gains_and_pays():
    """Two players and D. Sebastião, all gifts equal: everyone +1 and -1, so no change."""
    sc = Script(2)
    sc.start(1)
    while sc.state.observation(None)["phase"] != "charity":
        s = sc.state
        s.apply_action(s.legal_actions()[0] if s.current_player() >= 0
                       else s.chance_outcomes()[0][0])
    sc.donate(4, 4, 4)
    s = sc.state
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0] if s.current_player() >= 0
                       else s.chance_outcomes()[0][0])
    charity = charity_result(s)
    assert charity["revealed"] == [4, 4, 4] and charity["points"] == [0, 0, 0]
    assert charity["phylloxera"] == [None, None]


def test_options_are_checked():
    with pytest.raises(Exception, match="charity_all_equal"):
        GAME.new_initial_state(3, options={"charity_all_equal": "maybe"})
    with pytest.raises(Exception, match="not an option"):
        GAME.new_initial_state(3, options={"charity": "literal"})


# ----- 6. the end ----------------------------------------------------------------------


def test_game_ends_after_the_last_regular_card():
    for seed in range(30):
        state = finished(3 + seed % 3, seed)
        last = settled(state)[-1]["rabelo"]
        assert "level" in last and "fog" not in last


def test_final_tie_is_broken_from_the_holders_left():
    sc = Script(4)
    sc.state = finished(4, 3)
    position(sc, scores=[9, 9, 9, 9], holder=A)
    assert final_ranking(sc.state) == (B,)
    position(sc, scores=[9, 4, 4, 9], holder=C)
    assert final_ranking(sc.state) == (3,)
    position(sc, scores=[9, 9, 4, 4], holder=B)  # the holder is reached last
    assert final_ranking(sc.state) == (A,)
    seen = 0
    for seed in range(300):
        state = finished(3, seed)
        scores = state.scores()
        tied = [s for s, v in enumerate(scores) if v == max(scores)]
        if len(tied) > 1:
            seen += 1
            holder = state.observation(None)["phylloxera"]
            first = next(s for s in ((holder + k) % 3 for k in (1, 2, 3)) if s in tied)
            assert state.winners() == [first] and state.returns()[first] == 1.0
    assert seen > 0


def test_points_are_never_below_zero():
    sc = Script(3)
    sc.start(5, 5, 5, holder=A)
    for order, plays in ((25, (4, 3, 0)), (27, (6, 2, 1)), (29, (7, 4, 2))):
        sc.regular(order, *plays)
    assert sc.score(C) == 0  # 5 - 2 - 2 - 2, forgiven the last point
    assert all(v >= 0 for seed in range(40) for v in finished(5, seed).scores())


# ----- 7. two players: D. Sebastião ----------------------------------------------------


def test_ghost_cards_are_chance_uniform_over_his_hand():
    sc = Script(2)
    sc.start(3)
    assert sc.state.observation(A)["seats"][2]["name"] == "D. Sebastião"
    sc.play(10, 9)
    outcomes = sc.state.chance_outcomes()
    assert len(outcomes) == 10 and all(p == pytest.approx(0.1) for _, p in outcomes)
    sc.chance(GhostCard(4))
    sc.face(15)
    assert sc.last()["played"] == [10, 9, 4]
    assert sc.obs["seats"][2]["hand_size"] == 9


def test_ghost_takes_his_card_back_on_our_lady_of_cardia():
    """R11: D. Sebastião's card goes back to his hand like everyone's."""
    sc = Script(2)
    sc.start(1)
    sc.regular(1, 1, 3, 7)  # he plays the 7: it stays in his pile
    sc.play(6, 4, 2)  # he lays the 2 ...
    sc.fog("cardia")
    assert sc.last()["played"] == [6, 4, 2]
    ghost = sc.obs["seats"][2]
    assert ghost["pile"] == [7] and ghost["hand_size"] == 9  # ... and takes it back
    sc.backs(2, "fog")
    sc.play(0, 0)
    hand = {sc.state.action_to_json(a)["card"] for a, _ in sc.state.chance_outcomes()}
    assert hand == {0, 1, 2, 3, 4, 6, 8, 9, 10}  # his next card comes from this hand


def test_ghost_start_and_columns_are_edition_values():
    sources = {key: source for key, _v, source, _n in provenance(GAME.edition)}
    assert sources["ghost.table_size"] == "rulebook"
    assert sources["ghost.order_column"] == "derived"
    assert sources["ghost.hand_size"] == "assumed"
    assert sources["ghost.start_points"] == "assumed"
    text = Douro1872.default_edition.read_text(encoding="utf-8")
    mine = text.replace('start_points = { value = 5,', 'start_points = { value = 8,')
    assert Script(2, edition_text=mine).scores() == [5, 5, 8]
    with pytest.raises(EditionError, match=r"ghost\.hand_size"):
        Douro1872(edition_text=text.replace('hand_size = { value = 10,',
                                            'hand_size = { value = 9,'))


def test_evaluation_ranks_the_ghost_too():
    """With two players the guess of a search that stops early counts D. Sebastião."""
    sc = Script(2)
    sc.start(1, 1, 1)
    s = sc.state
    assert s.evaluation() == [pytest.approx(1 / 3)] * 2  # three tied leaders, one a ghost
    sc.regular(1, 0, 1, 10)  # filled: he played the highest
    assert sc.scores() == [5, 5, 7]
    assert s.evaluation() == [0.0, 0.0]  # the players lead each other, not the table
    sc.regular(3, 10, 0, 0)  # A highest; B and he tie for lowest on a filled boat
    assert sc.scores() == [7, 5, 7]
    assert s.evaluation() == [0.5, 0.0]  # A shares the lead with the ghost
    sc.regular(5, 9, 2, 3)  # A highest again: A leads the whole table
    assert sc.scores() == [9, 5, 7]
    assert s.evaluation() == [1.0, 0.0]
    finished_state = finished(2, 4)
    assert finished_state.evaluation() == finished_state.returns()
    assert finished(3, 1).evaluation() == finished(3, 1).returns()


def test_two_players_have_no_phylloxera():
    sc = Script(2)
    sc.backs(1, "fog")
    assert sc.obs["phase"] == "dispute"  # no lottery
    assert sc.holder() is None
    sc.regular(1, 8, 8, 8)  # ties simply split
    assert sc.last()["points"] == [1, 1, 1]


def test_ghost_scores_and_can_win():
    ghost_alone = shared = 0
    for seed in range(200):
        record = run_match(GAME, ["random", "random"], seed=seed)
        state = GAME.new_initial_state(2)
        for a in record.actions:
            state.apply_action(a)
        result = state.observation(None)["result"]
        ghost = state.observation(None)["seats"][2]["score"]
        if result["table_winners"] == [2]:
            ghost_alone += 1
            assert result["ghost_won"] and state.winners() == []
            assert state.returns() == [0.0, 0.0] and ghost > max(state.scores())
            assert "D. Sebastião wins" in result["text"]
        elif 2 in result["table_winners"]:
            shared += 1
            k = len(result["table_winners"])
            assert sum(state.returns()) == pytest.approx((k - 1) / k)
    assert ghost_alone > 0 and shared > 0


def test_shared_wins_are_told_as_one_group_of_seats():
    """Tied winners read "seats 0 and 2 win"; with D. Sebastião among them he is named."""
    told = {}
    for seed in range(300):
        n = 2 + seed % 2
        record = run_match(GAME, ["random"] * n, seed=seed)
        state = GAME.new_initial_state(n)
        for a in record.actions:
            state.apply_action(a)
        result = state.observation(None)["result"]
        seats = result["table_winners"]
        if len(seats) < 2:
            continue
        if result["ghost_won"]:
            names = ["D. Sebastião" if s == 2 else f"seat {s}" for s in seats]
            assert result["text"] == ", ".join(names[:-1]) + f" and {names[-1]} win"
            told["ghost"] = result["text"]
        else:
            expected = "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]} win"
            assert result["text"] == expected
            told["seats"] = result["text"]
    assert set(told) == {"ghost", "seats"}, told


# ----- 8. observations and actions -----------------------------------------------------


def test_observation_shows_only_the_own_hand():
    sc = Script(4)
    sc.start(3)
    for seat in range(4):
        obs = sc.state.observation(seat)
        assert obs["hand"] == [0, 1, 2, 3, 4, 6, 7, 8, 9, 10]
        assert all("hand" not in s for s in obs["seats"])
    assert "hand" not in sc.obs and "my_choice" not in sc.obs
    assert sc.obs["valley"] == [3]  # levels on the backs are public


def test_illegal_actions_are_explained():
    sc = Script(3)
    sc.start(1, 1)
    sc.regular(1, 7, 8, 9)
    with pytest.raises(IllegalActionError, match="you have already played your 7"):
        sc.play(7)
    with pytest.raises(IllegalActionError, match="not time for charity"):
        sc.state.apply_action(donate(0))


def test_action_codec_round_trips():
    for action in range(GAME.info.num_distinct_actions):
        assert CODEC.encode(CODEC.actions[action]) == action
    assert CODEC.actions[3] == PlayBarrel(3) and CODEC.actions[13] == Donate(3)
    for outcome in range(GAME.info.max_chance_outcomes):
        assert CODEC.encode_outcome(CODEC.outcomes[outcome]) == outcome
    assert GAME.info.num_distinct_actions == CODEC.num_actions
    assert GAME.info.max_chance_outcomes == CODEC.num_outcomes


def test_private_moves_are_not_announced_to_others():
    sc = Script(3)
    sc.start(1)
    s = sc.state
    assert s.action_to_string(play(0)) == "play 0"
    s.apply_action(play(0))
    (mine,) = s.events_for(A)
    assert mine.data["card"] == 0 and s.describe_event(mine, A) == "You lay your 0 face down."
    for viewer in (B, C, None):
        (seen,) = s.events_for(viewer)
        assert "card" not in seen.data
        assert s.describe_event(seen, viewer) == "Seat 0 lays a barrel card face down."


def test_render_every_view():
    render = game_module(GAME, "render").render
    console = Console(file=io.StringIO(), width=100)
    state = GAME.new_initial_state(2)
    rng = random.Random(1)
    while not state.is_terminal():
        for viewer in (None, 0, 1):
            console.print(render(state.observation(viewer)))
        random_step(state, rng)
    console.print(render(state.observation(0)))


def test_a_dispute_is_pushed_whole_with_what_it_is_about_in_its_steps():
    """Development of the Game: a dispute's steps are pending at once - every seat's lay
    (naming the card disputed), the turn of that card, then the automatic step that decides
    what comes next; Sirga's tow names the Sirga card. The state holds only the position."""
    from ludoteca.games.douro1872.steps import (
        FOG,
        NEXT_RABELO,
        LayFaceDown,
        TowBack,
        TurnFog,
        TurnRegular,
    )

    sc = Script(3)
    sc.start(3, holder=C)
    level = sc.tables.level_index[3]
    pending = sc.state.pending()
    assert [type(s) for s in pending] == [LayFaceDown] * 3 + [TurnRegular, type(NEXT_RABELO)]
    assert {s.level for s in pending[:3]} == {level} and pending[3] == TurnRegular(level)
    assert [s.last for s in pending[:3]] == [False, False, True]
    sc.regular(sc.state.orders[next(r for r, k in enumerate(sc.tables.card_level)
                                    if k == level)], 1, 3, 7)
    # The Valley is empty: the fog card on the stack is disputed next.
    pending = sc.state.pending()
    assert all(s.level == FOG for s in pending[:3]) and pending[3] == TurnFog()
    sc.play(10, 6, 2)
    assert sc.state.revealed and sc.obs["in_dispute"] == {"kind": "fog", "total": 18}
    sc.fog("sirga")
    sirga = sc.tables.fog_index["sirga"]
    assert sc.state.pending()[0] == TowBack(sirga)
    assert sc.obs["in_dispute"] == {"kind": "sirga", "fog": "Sirga (Tow)", "total": 18}
    sc.backs(5)
    assert sc.state.pending()[0] == TurnRegular(sc.tables.level_index[5], towed_by=sirga)
    assert sc.obs["in_dispute"]["level"] == 5
    for gone in ("target", "target_level", "turned_fog", "lot_set", "lot_round"):
        assert not hasattr(sc.state, gone)
