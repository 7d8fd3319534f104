"""Dos Rios in the terminal: a whole match through ``ludoteca play``, and a hex map that
fits 80x24 with room for the choices."""

from __future__ import annotations

import io
import re
from unittest import mock

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from ludoteca import MatchRecord, load_game, replay
from ludoteca.cli import app, play
from ludoteca.games.dosrios.render import COMPACT_LEGEND, LEGEND, render
from ludoteca.games.dosrios.tables import card_name
from ludoteca.testing import playout_states

GAME = load_game("dosrios")


def text_of(renderable) -> str:
    console = Console(file=io.StringIO(), width=80, record=True)
    console.print(renderable)
    return console.export_text()


def test_full_terminal_match(tmp_path):
    saved = tmp_path / "dosrios.json"
    result = CliRunner().invoke(
        app, ["play", "dosrios", "--players", "2", "--seed", "3", "--option", "max_rounds=4",
              "--save", str(saved)],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "Turn" in result.output and "The game is over" in result.output
    # the bots by the strength names the browser gives them: "normal bot", not "heuristic"
    said = " ".join(result.output.split())
    assert "You are seat 1. seat 2: normal bot." in said, said[:400]
    # the log calls the bot as the banner does, never by a seat number
    assert "Normal bot places a worker on" in said and "Seat 2" not in said, said[:2000]
    assert "seat 2 " not in said.replace("seat 2: normal bot", ""), said[:2000]
    assert re.search(r"│ 2 +│ normal bot +│", result.output), result.output[-2000:]
    assert "heuristic" not in result.output
    record = MatchRecord.from_json(saved.read_text().strip())
    assert record.finished and replay(record).is_terminal()


def test_the_map_fits_80_columns_and_leaves_room_for_the_choices():
    for n in (2, 4):
        for state in playout_states(GAME, n, "standard", seed=2, every=40,
                                    options={"max_rounds": 6}):
            obs = state.observation(0)
            lines = text_of(render(obs)).splitlines()
            assert all(len(line) <= 80 for line in lines)
            # the dams take lines of their own once they no longer fit the first line
            dams = 1 + len(obs["dams"]) // 8 if lines[0].startswith("Turn") and not any(
                d in lines[0] for d in ("Dams:", "No dams")) else 0
            assert len(lines) <= 10 + 4 + n + dams, "\n".join(lines)
            compact = text_of(render(obs, compact=True)).splitlines()
            setting_up = obs["turn"]["active"] < 0
            assert len(compact) <= (12 if setting_up else 9 + 4 + n + dams), "\n".join(compact)


def test_the_map_shows_workers_buildings_and_rivers():
    from tests.dosrios.helpers import build_here, put, ready
    state = ready(2)
    put(state, 0, (1, 4), 2)
    build_here(state, 1, (1, 5), "farm")
    lines = text_of(render(state.observation(0))).splitlines()
    row4 = next(line for line in lines if line.startswith("r4 "))
    row5 = next(line for line in lines if line.startswith("r5 "))
    assert "t~ 11" in row4  # tobacco on Rio Verde with two of seat 1's (index 0) workers
    assert "c~    f2" in row5  # maize on Rio Verde with seat 2's (index 1) Farm


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_set_up_screen_fits_80x24_with_the_map_s_legend(players):
    """Each placement as `play` draws it (a rule, the board, the 48 hexes to choose from,
    then the prompt) fits 80x24 and keeps the legend that says how to read the map."""
    met = 0
    for state in playout_states(GAME, players, "standard", seed=5, every=1,
                                options={"max_rounds": 1}):
        if state.is_terminal() or type(state.next_step()).__name__ != "PlaceWorkers":
            continue
        met += 1
        console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
        with mock.patch.object(play, "console", console):
            play.HumanAgent(GAME).screen(state, state.current_player())
        rows = console.file.getvalue().rstrip("\n").split("\n")
        assert len(rows) + 1 <= 24, "\n".join(rows)
        assert max(map(cell_len, rows)) <= 80, "\n".join(rows)
        whole = LEGEND[0] in rows and any(row.endswith(LEGEND[1]) for row in rows)
        assert whole or COMPACT_LEGEND in rows, "\n".join(rows)
        assert sum(row.count("(") for row in rows) >= len(state.legal_actions())
    assert met == 3 * players


def test_the_row_of_cards_is_printed_by_the_names_the_board_shows():
    # The browser's row says "Bandits verde"; the terminal once printed the edition's keys.
    met = set()
    for state in playout_states(GAME, 3, "standard", seed=2, every=5,
                                options={"max_rounds": 8}):
        obs = state.observation(0)
        if not obs["row"]:
            continue
        names = [card_name(k) for k in obs["row"]]
        lines = text_of(render(obs)).splitlines()
        assert "Row: " + ", ".join([names[0] + " (next)", *names[1:]]) in lines
        compact = text_of(render(obs, compact=True)).splitlines()
        assert "Row: " + ", ".join([names[0] + " (next)", *names[1:]]) in compact
        assert not any("_" in line for line in lines + compact), lines
        met.update(obs["row"])
    assert len(met) >= 4, met
    # five long names fill a line of their own, on both boards during the turns; the
    # set-up's compact board counts what it cuts
    obs = dict(obs, row=["bandits_moreno", "bandits_verde", "tobacco", "forest", "moreno"])
    for compact in (False, True):
        lines = text_of(render(obs, compact=compact)).splitlines()
        assert "Row: Bandits moreno (next), Bandits verde, Tobacco, Forest, Moreno" in lines
    setting_up = dict(obs, turn=dict(obs["turn"], active=-1))
    assert text_of(render(setting_up, compact=True)).splitlines()[0].endswith(
        "Row: Bandits moreno (next) +4")


def seat_rows(rows: list[str], obs: dict) -> list[str]:
    return [next((r for r in rows if r.startswith(f"seat {s + 1}: ")), "")
            for s in range(len(obs["seats"]))]


@pytest.mark.parametrize("players", [2, 4])
def test_the_first_screen_of_a_turn_shows_every_seat_and_the_whole_row(players):
    """The first choice of a turn is made under the other seats' moves, on the board laid
    out to keep them in view: it shows every seat's cash, Logs, buildings left and workers
    in the Town, and every card of the row, as the later screens of the turn do."""
    met = 0
    for state in playout_states(GAME, players, "standard", seed=7, every=3,
                                options={"max_rounds": 8}):
        seat = state.current_player()
        if state.is_terminal() or seat < 0 or state.observation(0)["turn"]["active"] < 0:
            continue
        obs = state.observation(seat)
        console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
        with mock.patch.object(play, "console", console):
            _, _, board = play.HumanAgent(GAME).layout(state, seat, news=5)
        rows = text_of(board).splitlines()
        for line, held in zip(seat_rows(rows, obs), obs["seats"], strict=True):
            assert f" {held['money']} cash" in line, "\n".join(rows)
            assert re.search(rf"\b{held['logs']} logs?\b", line), line
            assert re.search(rf"\b{held['farms_left']} farms? {held['estates_left']} "
                             r"estates? left\b", line), line
            assert f"town {held['town']}" in line, line
        names = [card_name(k) for k in obs["row"]]
        if names:
            assert "Row: " + ", ".join([names[0] + " (next)", *names[1:]]) in rows, rows
        met += 1
    assert met >= 10


def test_the_map_marks_each_dammed_hex_and_names_the_sides():
    from tests.dosrios.helpers import ready
    state = ready(2)
    t = state.t
    sides = [s for s in range(t.num_sides) if t.side_dir[s][0] < t.num_hexes][:2]
    state.dams = (1 << sides[0]) | (1 << sides[1])
    obs = state.observation(0)
    rows = text_of(render(obs)).splitlines()
    cells = {(h["c"], h["r"]): h for h in obs["board"]["hexes"]}
    places = {h["hex"]: (h["c"], h["r"]) for h in obs["board"]["hexes"]}
    named = [f"({places[x][0]},{places[x][1]}) {d}" for x, d in obs["dam_sides"]]
    dams = next(r for r in rows if "Dams: " in r)
    assert all(n in dams for n in named), dams
    for c, r in cells:
        line = next(row for row in rows if row.startswith(f"r{r} "))
        mark = line.ljust(80)[3 + 9 * c + 2]
        assert (mark == "|") == (cells[(c, r)]["hex"] in {x for x, _ in obs["dam_sides"]})
    # one of each, in words that count
    state.dams = 1 << sides[0]
    state.logs[0] = 1
    said = text_of(render(state.observation(0)))
    assert "1 logs" not in said and re.search(r"seat 1: +\d+ cash  1 log  ", said), said


def test_the_dam_choices_say_which_river_flows_across_each_side():
    met = {"river": 0, "none": 0}
    for state in playout_states(GAME, 2, "standard", seed=7, every=2,
                                options={"max_rounds": 6}):
        if state.is_terminal() or state.current_player() < 0:
            continue
        rivers = state.observation(state.current_player())["rivers"]
        for a in state.legal_actions():
            move = state.action_to_json(a)
            if move["type"] != "dam":
                continue
            names = [f"Rio {r['name'].capitalize()}" for r in rivers
                     if move["side"] in r["sides"]]
            label = state.action_to_string(a)
            if names:
                assert label.endswith(" (across " + " and ".join(names) + ")"), label
                met["river"] += 1
            else:
                assert label.endswith(" (no river)"), label
                met["none"] += 1
    assert min(met.values()) > 0, met


def test_every_screen_of_a_whole_match_fits_80x24():
    """The README's promise, held to a seeded match played through `ludoteca play` with
    choices picked at random, long lists of moves opened as often as any: from the rule
    over the board to the prompt, every screen is at most 24 rows of at most 80 columns
    (a list of choices printed under the last screen once pushed the board off the top)."""
    import random

    from ludoteca.cli import show

    rng = random.Random(5)
    console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
    seen = {"screens": 0, "opened": 0}

    def ask(prompt, **_):
        text = console.file.getvalue().rstrip("\n").split("\n")
        top = max(i for i, row in enumerate(text) if "(you)" in row and row.startswith("─"))
        screen = text[top:]
        assert len(screen) + 1 <= 24, "\n".join(screen)
        assert max(map(cell_len, screen)) <= 80, "\n".join(screen)
        seen["screens"] += 1
        shown = re.search(r"\[(\d+)(?:-(\d+))?(, b back)?, q, \?\]", str(prompt))
        assert shown, prompt
        seen["opened"] += bool(shown.group(3))
        console.print(prompt)
        return str(rng.randint(1, int(shown.group(2) or shown.group(1))))

    with mock.patch.object(play, "console", console), \
            mock.patch.object(show, "console", console), \
            mock.patch.object(play.Prompt, "ask", side_effect=ask):
        result = CliRunner().invoke(app, ["play", "dosrios", "-p", "2", "--seed", "3",
                                          "--option", "max_rounds=12"])
    assert result.exit_code == 0, (result.output, console.file.getvalue()[-3000:])
    assert "The game is over" in console.file.getvalue() or "Game over" in console.file.getvalue()
    assert seen["screens"] > 80 and seen["opened"] > 20, seen


def test_ending_the_turn_and_damming_keep_their_letters_on_every_list():
    """At a terminal "e" ends the turn and "d" opens the dams on every list, however the
    numbers of the other entries move as moves become legal or not; piped input (`yes 1 |
    ludoteca play`) keeps numbers only."""
    met = {"e": 0, "d": 0}
    for state in playout_states(GAME, 2, "standard", seed=7, every=1,
                                options={"max_rounds": 8}):
        seat = state.current_player()
        if state.is_terminal() or seat < 0 or state.observation(0)["turn"]["active"] < 0:
            continue
        kinds = {state.action_to_json(a)["type"] for a in state.legal_actions()}
        console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
        agent = play.HumanAgent(GAME)
        with mock.patch.object(play, "console", console):
            with mock.patch.object(play, "typed_by_hand", return_value=True):
                _, entries, _ = agent.layout(state, seat)
            _, piped, _ = agent.layout(state, seat)
        assert [k for k, _, _ in piped] == [str(n) for n in range(1, len(piped) + 1)]
        keys = {k: {state.action_to_json(a)["type"] for a in acts} for k, _, acts in entries}
        for letter, kind in (("e", "end_turn"), ("d", "dam")):
            assert (kind in kinds) == (letter in keys), keys
            if letter in keys:
                assert keys[letter] == {kind}
                met[letter] += 1
        numbers = sorted(int(k) for k in keys if k.isdigit())
        assert numbers == list(range(1, len(numbers) + 1))
    assert min(met.values()) > 5, met
    # typed at the prompt, the letter is the choice
    end = next(s for s in playout_states(GAME, 2, "standard", seed=7, every=1,
                                         options={"max_rounds": 8})
               if not s.is_terminal() and s.current_player() >= 0
               and any(s.action_to_json(a)["type"] == "end_turn" for a in s.legal_actions()))
    console = Console(file=io.StringIO(), width=80, height=24, highlight=False)
    with mock.patch.object(play, "console", console), \
            mock.patch.object(play, "typed_by_hand", return_value=True), \
            mock.patch.object(play.Prompt, "ask", return_value="e") as ask:
        chosen = play.HumanAgent(GAME).act(end, end.current_player(), None)
    assert end.action_to_json(chosen)["type"] == "end_turn"
    assert re.search(r"\[(1(-\d+)?, )?(d, )?e, q, \?\]", ask.call_args[0][0]), ask.call_args
