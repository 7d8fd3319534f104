"""The server and the terminal are one toolkit: the same bots by the same strength names,
the same result sentence for the same finished match."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from typer.testing import CliRunner

from ludoteca import load_game
from ludoteca.agents.strengths import STRENGTHS, strength_spec
from ludoteca.cli import app
from ludoteca.cli.play import seat_agents
from ludoteca.core.match import MatchRecord
from tests.server.conftest import Api, tokens_of


@pytest.mark.parametrize("game_id", ["highcard", "desperados", "douro1872"])
def test_the_servers_strengths_are_the_terminals(api: Api, game_id: str) -> None:
    """The lobby's easy/normal/strong are the specs `ludoteca play --bots NAME` plays, the
    game's own presets included (Douro's and Desperados' strong)."""
    game = load_game(game_id)
    games = {g["id"]: g for g in api.client.get("/api/games").json()["games"]}
    players = game.info.player_counts[0]
    for name in STRENGTHS:
        (terminal, *_) = [a for a in seat_agents(game, players, 0, name, None)[1:]]
        spec = terminal.agent.agent_for(game).spec if name != "easy" else "random"
        assert games[game_id]["bots"][name] == spec == strength_spec(name, game)
    assert strength_spec("strong", game) == game.bot_presets.get(
        "strong", "ismcts:iterations=1000,rollout=20")
    # A seat given a strength sits there with that strength's spec. (Seat 0, a person,
    # acts first in High Card, so the search never starts here.)
    if game_id == "highcard":
        created = api.create(game_id, 2, [{"kind": "me"}, {"kind": "bot", "bot": "strong"}])
        bot = created["seats"][1]
        assert bot["agent"] == strength_spec("strong", game) and bot["name"] == "strong bot"


def _finish(api: Api, created: dict[str, Any], seed: int) -> dict[str, Any]:
    tokens = tokens_of(created)
    if tokens:
        return api.play_out(created["id"], tokens, random.Random(seed),
                            wait=lambda: time.sleep(0.005))
    deadline = time.monotonic() + 60
    while not (view := api.view(created["id"]))["finished"]:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return view


def _printed(path: Any, *args: Any) -> str:
    result = CliRunner().invoke(app, ["replay", str(path), *map(str, args)])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())  # the console wraps the sentence


@pytest.mark.parametrize("game_id, players, seats", [
    ("highcard", 3, [{"kind": "me"}, {"kind": "invite"}, {"kind": "bot", "bot": "easy"}]),
    ("douro1872", 2, [{"kind": "bot", "bot": "easy"}] * 2),  # D. Sebastião at the table
])
def test_the_server_and_the_terminal_say_the_same_result(api: Api, tmp_path: Any,
                                                         game_id: str, players: int,
                                                         seats: list[dict[str, Any]]) -> None:
    """People's seats named as the terminal names them ("seat 1" for index 0), bots left
    to the server's names for them ("easy bot A"), which the terminal gives them too: the
    server's sentence, for a spectator and for a seat, is word for word the one `ludoteca
    replay` prints. (Not for partners: with a name per seat they are "seat 1 and seat 3",
    without "seats 1 and 3"; tests/core/test_words.py says both.)"""
    named = [seat if seat["kind"] == "bot" else {**seat, "name": f"seat {i + 1}"}
             for i, seat in enumerate(seats)]
    created = api.create(game_id, players, named)
    final = _finish(api, created, 5)
    path = tmp_path / "match.json"
    path.write_text(api.client.get(f"/api/matches/{created['id']}/record").text)
    assert MatchRecord.from_json(path.read_text()).finished
    spectator = final["result"]
    assert spectator.startswith(("Seat", "Easy bot", "D. Sebastião", "Nobody")), spectator
    assert " Places: " in spectator
    assert spectator in _printed(path)
    tokens = tokens_of(created)
    if tokens:
        mine = api.view(created["id"], tokens[0])["result"]
        assert mine.startswith(("You", "Your partnership")) and mine != spectator
        assert mine in _printed(path, "--seat", 0)
    if game_id == "douro1872":
        assert "D. Sebastião" in spectator  # ranked with the seats, won or not


@pytest.mark.parametrize("game_id, players, bot, workers", [
    ("highcard", 3, "easy", 0),
    ("douro1872", 3, "normal", 0),  # the heuristic reads its view: determinized per move
    ("highcard", 2, "ismcts:iterations=20", 1),  # thought out in a worker process
])
def test_a_bots_only_match_on_the_server_is_run_matchs_match(make_client: Any, game_id: str,
                                                            players: int, bot: str,
                                                            workers: int) -> None:
    """One stepper, one seed convention: the server's streams (chance, each bot seat, the
    worker's moves) are the ones run_match draws from the record's seed."""
    from ludoteca import run_match

    api = Api(make_client(bot_workers=workers, allow_bots=("ismcts",)))
    created = api.create(game_id, players, [{"kind": "bot", "bot": bot}] * players)
    _finish(api, created, 0)
    record = MatchRecord.from_json(
        api.client.get(f"/api/matches/{created['id']}/record").text)
    again = run_match(game_id, record.agents, seed=record.seed)
    assert again.actions == record.actions and again.scores == record.scores
