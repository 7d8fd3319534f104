"""Every id of Dos Rios' action space has words, legal here or not: an RL adapter (Gymnasium's
check_env) labels ids no position offers, such as an attack by a neighbour an edge hex lacks."""

from __future__ import annotations

from ludoteca import load_game


def test_every_action_id_has_a_label_at_the_start():
    game = load_game("dosrios")
    state = game.new_initial_state(2)
    ids = range(state.game.info.num_distinct_actions)
    labels = [state.action_to_string(a, chance=False) for a in ids]
    assert all(labels)
    edge_attacks = [w for w in labels if "with neighbours" in w]
    assert edge_attacks  # the ids an edge hex cannot use are among them
