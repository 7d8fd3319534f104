"""The Douro 1872 heuristic bot: legal at every table size, better than random, and it
reads only its seat's view."""

import random

import pytest

from ludoteca import ConfigError, load_game, make_agent, run_match
from ludoteca.agents import heuristic_for
from ludoteca.core.state import CHANCE, sample_chance
from ludoteca.sim import tournament
from tests.core.toygame import GAME_ID, install

install()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bot_plays_whole_matches_at_every_table(players):
    record = run_match("douro1872", ["heuristic"] + ["random"] * (players - 1), seed=players)
    assert record.finished


def test_the_bot_chooses_among_legal_actions_in_many_positions():
    game = load_game("douro1872")
    bot = heuristic_for(game)
    rng = random.Random(3)
    for _ in range(6):
        state = game.new_initial_state(3)
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state.chance_outcomes(), rng))
                continue
            view = state.determinize(player, rng)
            action = bot(view, player, random.Random(1))
            assert action in state.legal_actions()
            state.apply_action(action)


def test_the_bot_beats_random_play():
    result = tournament("douro1872", 3, ["random", "heuristic"], 120, seed=1, workers=1)
    pair = next(h for h in result.head_to_head if h.agent == "heuristic")
    assert pair.score > 0.55


def test_the_bot_depends_only_on_its_seats_information():
    # Two determinized views of one state for the same seat differ in what the seat cannot
    # see; the bot's choice with the same rng must not change.
    game = load_game("douro1872")
    rng = random.Random(8)
    state = game.new_initial_state(4)
    seen = 0
    while not state.is_terminal() and seen < 40:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state.chance_outcomes(), rng))
            continue
        choices = {heuristic_for(game)(state.determinize(player, random.Random(k)), player,
                                       random.Random(0)) for k in range(3)}
        assert len(choices) == 1
        seen += 1
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_game_without_a_bot_refuses_the_heuristic_agent():
    with pytest.raises(ConfigError, match="no heuristic bot"):
        run_match(GAME_ID, ["heuristic", "random"], seed=1)
    assert make_agent("normal").agent_for(load_game(GAME_ID)).spec.startswith("ismcts")
    assert make_agent("normal").agent_for(load_game("douro1872")).spec == "heuristic"
