"""Dos Rios in words, as a new player reads them: "an Estate", "one of your workers",
card names as the board's row prints them, "1 point left", the round beside the turn,
and the terminal's map key whole at 80 columns with the game's word "maize"."""

from __future__ import annotations

from ludoteca.core.events import everyone
from ludoteca.core.words import naming
from ludoteca.games.dosrios.render import LEGEND, MAP_KEY, render
from ludoteca.games.dosrios.view import describe_event
from ludoteca.server.views import fold_texts
from tests.dosrios.helpers import H, ready
from tests.dosrios.test_terminal import text_of


def said(state, kind, viewer=None, **data):  # type: ignore[no-untyped-def]
    with naming(["Ana", "Bo", "Cy", "Di"]):
        return describe_event(state, everyone(kind, **data), viewer)


def test_buildings_attacks_and_cards_read_as_english():
    state = ready(2)
    card = state.t.card_keys.index("bandits_verde")
    assert said(state, "built", seat=1, building="estate", hex=H(2, 7), paid=1000) == (
        "Bo builds an Estate on (2,7) for 1000")
    assert said(state, "built", seat=1, building="farm", hex=H(2, 7), paid=500).startswith(
        "Bo builds a Farm on")
    attack = {"seat": 1, "target": H(3, 4), "defender": 0, "driven_off": 1}
    assert said(state, "attacked", 0, **attack).endswith(
        "drives one of your workers to the Town")
    assert said(state, "attacked", None, **{**attack, "driven_off": 2}).endswith(
        "drives two of Ana's workers to the Town")
    assert said(state, "drawn", card=card) == "The Bandits verde card is drawn"
    verde = state.t.card_keys.index("verde")
    assert said(state, "activated", 0, seat=0, card=verde) == "You activate the Verde card"
    # Lines folded into one: no capital after the semicolon.
    assert fold_texts(["The Forest card is drawn", "The Bandits verde card is drawn"]) == (
        "The Forest card is drawn; the Bandits verde card is drawn.")


def test_one_point_left_is_singular():
    from ludoteca.games.dosrios.steps import ActionPoints

    state = ready(2)
    step = ActionPoints(seat=0, left=1, built=0, first=False)
    assert step.prompt(state, 0).startswith("1 point left, 0/2 built")
    assert ActionPoints(seat=0, left=6, built=0, first=False).prompt(state, 0).startswith(
        "6 points left")


def test_the_turn_line_says_the_round_and_the_key_is_whole_at_80_columns():
    state = ready(2)
    lines = text_of(render(state.observation(0))).splitlines()
    assert lines[0].startswith("Turn 1/120 (round 1/60)"), lines[0]
    assert LEGEND[0] in lines and any(line.endswith(LEGEND[1]) for line in lines)
    assert all(len(line) <= 80 for line in lines)
    assert "maize" in MAP_KEY and "corn" not in MAP_KEY and "f1/E1" in MAP_KEY


def test_the_help_gives_the_map_key_and_the_board_the_round(tmp_path):  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from ludoteca.cli import app
    from tests.server.test_dosrios_board import page_of

    result = CliRunner().invoke(app, ["play", "dosrios", "--players", "2", "--seed", "3",
                                      "--save", str(tmp_path / "quit.json")],
                                input="?\n\nq\n")
    assert "The map: H hill" in result.output, result.output[-2000:]
    page = page_of(ready(2), 0)
    assert "round <b>1</b> of 60" in page


def test_the_turn_limit_s_winner_is_said_to_win_by_what_decided_it():
    # Two seats with no building at all: the money decides (R22), not "the most buildings".
    from tests.dosrios.helpers import build_here
    state = ready(2)
    state.money[:] = [0, 400]
    end = {"winners": [1], "reason": "turn_limit"}
    assert said(state, "end", 0, **end) == (
        "Bo wins by the most money at the turn limit, level on buildings and irrigated "
        "buildings")
    build_here(state, 0, (3, 4), "farm")
    assert said(state, "end", 0, **{**end, "winners": [0]}) == (
        "You win by the most buildings at the turn limit")
    state.money[:] = [0, 0]
    build_here(state, 1, (5, 5), "farm")
    assert said(state, "end", None, **{**end, "winners": [0, 1]}) == (
        "Ana, Bo win by tying on buildings, irrigated buildings and money at the turn "
        "limit")


def test_the_result_of_the_turn_limit_names_the_tie_break_and_its_figures():
    # Nobody built: cash decided (R22), and the result must show it, not "0 buildings" twice.
    from ludoteca.core.words import result_sentence, standings
    from ludoteca.games.dosrios.rules import end
    state = ready(2)
    state.money[:] = [300, 500]
    end.end_by_limit(state)
    assert state.is_terminal()
    with naming(["Ana", "Bo"]):
        assert result_sentence(state, 0) == (
            "You lost: Bo won by the most money at the turn limit, level on buildings and "
            "irrigated buildings. Places: Bo 1st (0 buildings, 0 irrigated, 500 cash); "
            "you 2nd (0 buildings, 0 irrigated, 300 cash).")
        assert [s.figure for s in standings(state)] == [
            "0 buildings, 0 irrigated, 500 cash", "0 buildings, 0 irrigated, 300 cash"]


def test_a_turn_limit_won_on_buildings_shows_only_the_buildings():
    from ludoteca.core.words import result_sentence
    from ludoteca.games.dosrios.rules import end
    from tests.dosrios.helpers import build_here
    state = ready(2)
    state.money[:] = [0, 900]
    build_here(state, 0, (3, 4), "farm")
    end.end_by_limit(state)
    with naming(["Ana", "Bo"]):
        assert result_sentence(state, 0) == (
            "You won by the most buildings at the turn limit. Places: you 1st (1 building); "
            "Bo 2nd (0 buildings).")


def test_a_victory_s_result_keeps_the_buildings_alone():
    from ludoteca.games.dosrios.rules import end
    from tests.dosrios.helpers import build_here
    state = ready(2)
    for x in ((3, 4), (3, 5), (4, 4), (4, 5)):
        build_here(state, 0, x, "farm")
    build_here(state, 0, (2, 4), "estate")
    end.check_victory(state)
    assert state.is_terminal()
    assert state.result_reason() is None and state.result_figures() is None


def test_a_pair_s_attack_and_the_cards_moves_read_as_english():
    from ludoteca.games.dosrios.actions import Activate, Attack
    from ludoteca.games.dosrios.view import action_label
    from tests.dosrios.helpers import TOWN
    state = ready(2)
    adj = state.t.adjacent[H(3, 7)]
    i = adj.index(TOWN)
    assert action_label(state, Attack(H(3, 7), i, i)) == (
        "attack (3,7) with two workers from the Town")
    assert action_label(state, Activate()) == (
        f"activate the {state.t.card_keys[state.row[0]].capitalize()} card")


def test_a_side_is_named_by_the_hexes_it_parts_not_from_a_neighbour():
    # The trial dammed the SW side of its own (1,4) and read "You dam side (0,4) NE": a
    # side between two hexes names both, the northern first; an edge side its direction
    # from its one hex.
    state = ready(2)
    t = state.t
    between = next(s for s, h in enumerate(t.side_hexes) if set(h) == {H(1, 4), H(0, 4)})
    text = said(state, "dammed", 0, seat=0, side=between, diverts=True)
    assert text == "You dam the side between (1,4) and (0,4), diverting the river"
    assert said(state, "branch", 0, seat=0, at=H(1, 4), side=between) == (
        "You send the river from (1,4) across the side between (1,4) and (0,4)")
    edge = next(s for s, h in enumerate(t.side_hexes) if h == (H(0, 0),)
                and t.side_dir[s][1] == 0)
    assert said(state, "dammed", 0, seat=0, side=edge, diverts=False) == (
        "You dam the N side of (0,0)")


def test_a_laid_tile_is_said_by_the_hexes_and_terrains_it_shows():
    # The log read "Tile 11 is laid in slot 0 (turned 1)": numbers of the edition's data,
    # counted from 0. It says what the board shows instead: each hex and its terrain.
    state = ready(2)
    t = state.t
    text = said(state, "tile", None, slot=0, tile=0, rotation=1)
    a, b, c = t.slots[0]
    terrain = state.t.terrain_with([(0, 1)] + [(k, 0) for k in range(1, 12)])
    names = ("tobacco", "maize", "wheat", "forest", "hill")
    assert text == ("Tiles laid: " + ", ".join(
        f"{n} {names[terrain[x]]}" for n, x in zip(("(0,3)", "(1,4)", "(0,4)"), (a, b, c),
                                                   strict=True)))
    assert "slot" not in text and "turned" not in text
    # the set-up's twelve fold into one list of the hexes, in the order they were laid
    folded = fold_texts([text, said(state, "tile", None, slot=1, tile=1, rotation=0)])
    assert folded.startswith(text + ", (0,5) ") and folded.count("Tiles laid") == 1
