"""The worked examples D1-D13 of desperados-data.md, one test each, played out move by move."""

from __future__ import annotations

import pytest

from ludoteca import IllegalActionError
from ludoteca.games.desperados.actions import Fight, Work
from tests.desperados.script import COPPER, GOLD, SILVER, Script

N, E, S, W = 0, 1, 2, 3


def play_to_round_end(script: Script) -> None:
    """Everyone draws until the deck is empty; final turns pass a card (harmless)."""
    s = script.state
    start_round = s.round
    while s.round == start_round and not s.is_terminal():
        seat = s.current_player()
        if s.final_turns is None:
            card = next(k for k, c in enumerate(s.deck) if c)
            script.draw(seat, script.cards.card_name(card))
        else:
            card = next(k for k, c in enumerate(s.hands[seat]) if c)
            script.pass_card(seat, script.cards.card_name(card))


def test_d01_rulebook_scoring_table():
    sc = Script(hands=[
        ["silver mine", "gold mine", "copper mine",
         "double silver chest", "double gold chest", "double copper chest"],
        ["silver chest", "silver chest", "gold chest", "gold chest", "copper chest",
         "copper chest"],
        ["closed mine", "closed mine", "closed mine"],
        [],
    ])
    silver = sc.open(N, SILVER)
    sc.work(E, "silver chest", silver)
    sc.draw(S), sc.draw(W)
    gold = sc.open(N, GOLD)
    sc.work(E, "silver chest", silver)
    sc.draw(S), sc.draw(W)
    copper = sc.open(N, COPPER)
    sc.work(E, "copper chest", copper)
    sc.draw(S), sc.draw(W)
    sc.work(N, "double gold chest", gold)
    sc.work(E, "gold chest", gold)
    sc.draw(S), sc.draw(W)
    sc.work(N, "double silver chest", silver)
    sc.work(E, "gold chest", gold)
    sc.draw(S), sc.draw(W)
    sc.work(N, "double copper chest", copper)
    sc.work(E, "copper chest", copper)
    sc.close(S, silver)
    sc.draw(W), sc.draw(N), sc.draw(E)
    sc.close(S, gold)
    sc.draw(W), sc.draw(N), sc.draw(E)
    sc.close(S, copper)
    assert sc.mine(silver)["chests"] == ["single", "single", "double"]
    assert sc.mine(gold)["chests"] == ["double", "single", "single"]
    assert sc.mine(copper)["chests"] == ["single", "double", "single"]
    assert [sc.mine(m)["value"] for m in (silver, gold, copper)] == [8, 18, 4]
    play_to_round_end(sc)
    assert sc.state.totals == [8 + 18 + 4, 0]


@pytest.mark.parametrize("players,variant,deck", [
    (4, "partnership", 60), (4, "individual", 60), (3, "individual", 54), (2, "individual", 48),
])
def test_d02_deck_composition(players, variant, deck):
    sc = Script(players, variant)
    state = sc.state
    assert state.deck_total == deck
    doubles = [state.deck[sc.kind(f"double {m} chest")] for m in ("gold", "silver", "copper")]
    assert doubles == [1, 1, 1], "only single chests are removed"
    singles = 9 - {60: 0, 54: 2, 48: 4}[deck]
    assert state.deck[sc.kind("gold chest")] == singles
    sc.deal([[] for _ in range(players)])
    assert state.deck_total == 36
    assert state.hand_sizes == [6] * players


def test_d03_only_closed_mines_count():
    sc = Script(hands=[["gold mine", "gold mine", "closed mine"],
                       ["gold chest"] * 3, ["gold chest"] * 3, []])
    kept_open = sc.open(N, GOLD)
    sc.work(E, "gold chest", kept_open)
    sc.work(S, "gold chest", kept_open)
    sc.draw(W)
    closed = sc.open(N, GOLD)
    sc.work(E, "gold chest", kept_open)
    sc.work(S, "gold chest", closed)
    sc.draw(W)
    sc.draw(N)
    sc.work(E, "gold chest", closed)
    sc.work(S, "gold chest", closed)
    sc.draw(W)
    sc.close(N, closed)
    assert sc.mine(kept_open)["value"] == 9 and not sc.mine(kept_open)["closed"]
    assert sc.mine(closed)["value"] == 9 and sc.mine(closed)["closed"]
    play_to_round_end(sc)
    assert sc.state.totals == [9, 0], "the open mine scores nothing"


def test_d04_single_values():
    sc = Script(hands=[["silver mine", "copper mine", "closed mine", "closed mine"],
                       ["silver chest", "silver chest", "double copper chest"], [], []])
    silver = sc.open(N, SILVER)
    sc.work(E, "silver chest", silver)
    sc.draw(S), sc.draw(W)
    copper = sc.open(N, COPPER)
    sc.work(E, "silver chest", silver)
    sc.draw(S), sc.draw(W)
    sc.close(N, silver)
    sc.work(E, "double copper chest", copper)
    sc.draw(S), sc.draw(W)
    sc.close(N, copper)
    assert sc.mine(silver)["value"] == 4
    assert sc.mine(copper)["value"] == 2


def test_d05_doubled_mine():
    sc = Script(hands=[["copper mine", "gold mine", "double copper chest", "double gold chest"],
                       ["copper chest", "copper chest", "gold chest"],
                       ["closed mine", "closed mine"], []])
    copper = sc.open(N, COPPER)
    sc.draw(E), sc.draw(S), sc.draw(W)
    gold = sc.open(N, GOLD)
    sc.work(E, "gold chest", gold)
    sc.draw(S), sc.draw(W)
    sc.work(N, "double copper chest", copper)
    sc.work(E, "copper chest", copper)
    sc.draw(S), sc.draw(W)
    sc.work(N, "double gold chest", gold)
    sc.work(E, "copper chest", copper)
    sc.close(S, copper)
    sc.draw(W), sc.draw(N), sc.draw(E)
    sc.close(S, gold)
    assert sc.mine(copper)["closed"] and sc.mine(gold)["closed"]
    assert sc.mine(copper)["value"] == 2 + 2 + 2
    assert sc.mine(gold)["value"] == 3 + 6, "a double that is not first doubles nothing else"


def _gold_mine_for_north(hands):
    sc = Script(hands=hands)
    gold = sc.open(N, GOLD)
    return sc, gold


def test_d06_partnership_fight_defenders_win_a_draw():
    sc, gold = _gold_mine_for_north([["gold mine", "Desperado 1"], ["Desperado 9"],
                                     ["Desperado 12"], ["Desperado 4"]])
    sc.fight(E, 9, gold)
    sc.fight(S, 12, gold)
    sc.fight(W, 4, gold)
    assert sc.state.fight_mine == gold, "the fight is open until E's next turn"
    sc.fight(N, 1, gold)
    state = sc.state
    assert state.current_player() == E
    assert state.fight_mine == -1, "settled at the start of E's next turn"
    assert state.owner[gold] == 0, "13 against 13: a draw goes to the defenders"
    assert sorted(state.cards.value_of(k) for k, c in enumerate(state.discard) if c) == [
        1, 4, 9, 12]


def test_d07_partnership_fight_attackers_win():
    sc, gold = _gold_mine_for_north([["gold mine", "Desperado 10"], ["Desperado 11"],
                                     ["silver chest"], ["Desperado 3"]])
    sc.work(E, "gold chest", gold)
    sc.draw(S), sc.draw(W), sc.draw(N)
    sc.fight(E, 11, gold)
    sc.pass_card(S, "silver chest")
    sc.fight(W, 3, gold)
    sc.fight(N, 10, gold)
    assert sc.state.owner[gold] == 1, "14 against 10: E+W take the mine"
    assert sc.mine(gold)["chests"] == ["single"], "with all its chests"


def test_d08_closing_during_a_fight():
    sc, gold = _gold_mine_for_north([
        ["gold mine", "double gold chest", "gold chest", "gold chest"],
        ["Desperado 7"], ["closed mine"], []])
    sc.draw(E), sc.draw(S), sc.draw(W)
    sc.work(N, "double gold chest", gold)
    sc.draw(E), sc.draw(S), sc.draw(W)
    sc.work(N, "gold chest", gold)
    sc.draw(E), sc.draw(S), sc.draw(W)
    sc.work(N, "gold chest", gold)
    assert sc.mine(gold)["value"] == 18
    sc.fight(E, 7, gold)
    sc.close(S, gold)
    state = sc.state
    assert state.fight_mine == -1, "closing ends the fight at once"
    assert state.owner[gold] == 0 and state.closed[gold]
    assert sc.mine(gold)["value"] == 12, "the last chest is discarded"
    assert state.discard[sc.kind("Desperado 7")] == 1
    assert state.discard[sc.kind("gold chest")] == 1


def test_d09_closing_an_empty_mine():
    sc = Script(hands=[["silver mine"], ["closed mine"], [], []])
    silver = sc.open(N, SILVER)
    sc.close(E, silver)
    assert sc.mine(silver)["closed"] and sc.mine(silver)["value"] == 0
    play_to_round_end(sc)
    assert sc.state.totals == [0, 0]


@pytest.mark.parametrize("c_joins,owner", [(True, 2), (False, 1)])
def test_d10_individual_fight(c_joins, owner):
    a, b, c = 0, 1, 2
    sc = Script(3, "individual", hands=[["Desperado 6"], ["silver mine", "Desperado 8"],
                                        ["Desperado 11"]])
    sc.draw(a)
    silver = sc.open(b, SILVER)
    sc.draw(c)
    sc.fight(a, 6, silver)
    sc.fight(b, 8, silver)
    if c_joins:
        sc.fight(c, 11, silver)
    else:
        sc.draw(c)
    assert sc.state.current_player() == a
    assert sc.state.owner[silver] == owner


def test_d11_end_of_round():
    sc = Script(hands=[["gold mine"], ["silver mine"], ["copper mine"], []])
    for seat, metal in ((0, GOLD), (1, SILVER), (2, COPPER)):
        sc.open(seat, metal)
    state = sc.state
    drawers = []
    while state.final_turns is None:
        drawers.append(state.current_player())
        sc.draw(state.current_player(), sc.cards.card_name(
            next(k for k, c in enumerate(state.deck) if c)))
    assert drawers[-1] == 2, "P3 (seat 2) draws the last card"
    order = []
    while state.round == 1:
        seat = state.current_player()
        order.append(seat)
        assert 0 not in state.legal_actions(), "no drawing in the final turns"
        sc.pass_card(seat, sc.cards.card_name(next(k for k, c in enumerate(state.hands[seat])
                                                   if c)))
    assert order == [3, 0, 1, 2], "P4, P1, P2, then P3 last"


def test_d12_match_end():
    def after_round(players, variant, totals):
        sc = Script(players, variant)
        sc.end_round_with(totals)  # no closed mines: the totals stand as given
        return sc.state

    first = after_round(4, "partnership", [34, 28])
    assert not first.is_terminal() and first.round == 2
    second = after_round(4, "partnership", [61, 55])
    assert second.is_terminal() and second.winners() == [0, 2]
    assert second.returns() == [1.0, 0.0, 1.0, 0.0], "partners share one side's win"
    solo = after_round(3, "individual", [41, 43, 20])
    assert solo.is_terminal() and solo.winners() == [1]


def test_d13_illegal_plays():
    sc = Script(hands=[["gold mine", "silver chest", "Desperado 2", "Desperado 3"],
                       ["silver mine", "Desperado 5", "Desperado 6", "closed mine"],
                       ["gold mine", "Desperado 7"], ["copper mine"]])
    gold = sc.open(N, GOLD)
    silver = sc.open(E, SILVER)
    own_gold = sc.open(S, GOLD)
    copper = sc.open(W, COPPER)
    state = sc.state
    before = state.observation(N)

    def refused(action, words):
        with pytest.raises(IllegalActionError, match=words):
            state.apply_action(sc.cards.index[action])
        assert state.observation(N) == before

    refused(Work(sc.kind("silver chest"), gold), "goes only onto a silver mine")
    refused(Fight(sc.kind("Desperado 2"), own_gold), "opponent's mine")
    sc.fight(N, 2, silver)
    sc.close(E, silver)  # the fight ends; silver mine is now closed
    sc.draw(S), sc.draw(W)
    before = state.observation(N)
    refused(Fight(sc.kind("Desperado 3"), silver), "closed")
    sc.draw(N)
    sc.fight(E, 5, gold)
    before = state.observation(S)
    with pytest.raises(IllegalActionError, match="one mine may be fought over at a time"):
        state.apply_action(sc.cards.index[Fight(sc.kind("Desperado 7"), copper)])
    assert state.observation(S) == before
