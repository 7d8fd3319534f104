"""The heuristic Desperados bot plays legal moves and beats random play clearly."""

import random

from ludoteca import run_match
from ludoteca.games.desperados.bots import heuristic_action
from tests.desperados.script import GOLD, Script


def test_heuristic_partnership_beats_random_partnership():
    wins = sum(run_match("desperados", ["heuristic", "random"] * 2, seed=s).returns[0] > 0
               for s in range(30))
    assert wins >= 25


def test_heuristic_defends_its_mine_with_the_smallest_card_that_holds_it():
    sc = Script(hands=[["gold mine", "gold chest", "Desperado 12"], ["Desperado 9"],
                       ["Desperado 10", "Desperado 11"], []])
    gold = sc.open(0, GOLD)
    sc.fight(1, 9, gold)
    action = heuristic_action(sc.state, 2, random.Random(0))
    assert sc.state.action_to_string(action).endswith("with Desperado 10")
