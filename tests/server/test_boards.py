"""Board rendering: a viewer's board is rendered again only when what it reads changed
(:class:`Memo`), and the live message splices the shared table in exactly."""

from __future__ import annotations

import json
from typing import Any

from jinja2 import DictLoader

from ludoteca.server.matches import TABLE_MARK, TABLE_MARK_JSON
from ludoteca.server.views import Boards, Memo, SeatInfo, make_board_environment

SEATS = [SeatInfo(0, "human", None, "Ana"), SeatInfo(1, "human", None, "Bo")]


def boards_with(templates: dict[str, str]) -> Boards:
    env = make_board_environment()
    env.loader = DictLoader(templates)
    return Boards(env)


def render(boards: Boards, game: str, obs: dict[str, Any], memo: Memo, **extra: Any) -> str:
    context: dict[str, Any] = {"viewer": 0, "seats": SEATS, "title": "T", "num_players": 2,
                               "variant": "v", "to_act": 0, "table": TABLE_MARK}
    context.update(extra)
    return boards.render(game, obs=obs, memo=memo, **context)


def test_a_board_is_rendered_again_only_when_what_it_read_changed() -> None:
    calls: list[int] = []
    boards = boards_with({"boards/g.html": "{{ table }}<b>{{ obs.hand|join(',') }}</b>"
                                           "{{ count() }}"})
    boards._globals["count"] = lambda: calls.append(1) or ""
    memo = Memo()
    obs = {"hand": ["a", "b"], "deck": 30}
    first = render(boards, "g", obs, memo)
    assert first == f"{TABLE_MARK}<b>a,b</b>" and len(calls) == 1
    # The deck is not read and to_act is not named by the template: no new render.
    assert render(boards, "g", {"hand": ["a", "b"], "deck": 29}, memo, to_act=1) == first
    assert len(calls) == 1
    obs["hand"].append("c")  # the memo kept a copy, not the list the game handed over
    assert render(boards, "g", obs, memo) == f"{TABLE_MARK}<b>a,b,c</b>"
    assert len(calls) == 2
    # The template names neither ``viewer`` nor ``names``: they are not part of its key.
    assert render(boards, "g", obs, memo, viewer=1) == f"{TABLE_MARK}<b>a,b,c</b>"
    assert len(calls) == 2


def test_a_board_that_names_more_context_or_walks_obs_is_keyed_on_it() -> None:
    boards = boards_with({
        "boards/t.html": "{{ to_act }}:{{ names[1] }}:{{ obs.a }}",
        "boards/w.html": "{% for k, v in obs.items() %}{{ k }}={{ v }};{% endfor %}",
    })
    memo = Memo()
    assert render(boards, "t", {"a": 1}, memo) == "0:Bo:1"
    assert render(boards, "t", {"a": 1}, memo, to_act=1) == "1:Bo:1"
    assert render(boards, "t", {"a": 1}, memo, viewer=1) == "0:you:1"
    walked = Memo()
    assert render(boards, "w", {"a": 1}, walked) == "a=1;"
    assert render(boards, "w", {"a": 1, "b": 2}, walked) == "a=1;b=2;"
    assert render(boards, "w", {"b": 2}, walked) == "b=2;"
    assert render(boards, "w", {"b": "<i>"}, walked) == "b=&lt;i&gt;;"


def test_the_table_splice_equals_encoding_the_whole_board() -> None:
    table = '<div title="x">Café · "quoted" \\ \n\t×</div>'
    board = f"<section>{TABLE_MARK}<p>hand é</p></section>"
    view = {"board": board, "log": [{"n": 1, "text": "Ana draws"}]}
    spliced = json.dumps(view, separators=(",", ":")).replace(
        TABLE_MARK_JSON, json.dumps(table)[1:-1], 1)
    whole = {**view, "board": board.replace(TABLE_MARK, table)}
    assert spliced == json.dumps(whole, separators=(",", ":"))


def test_a_finished_desperados_table_shows_no_pending_fight() -> None:
    # A fight the end left unsettled is moot: the table of a finished match shows none,
    # as the terminal does (the observation of a finished match names its winners).
    from ludoteca.server.views import table_for
    from tests.desperados.script import SILVER, Script

    sc = Script(hands=[["gold mine", "Desperado 9"], ["silver mine"], [], []])
    sc.open(0, 0)
    silver = sc.open(1, SILVER)
    sc.draw(2), sc.draw(3)
    sc.fight(0, 9, silver)
    seats = [SeatInfo(s, "human", None, n) for s, n in enumerate(["Ana", "Bo", "Cy", "Di"])]
    boards = Boards()
    during = table_for(boards, sc.state, seats)
    assert during is not None and "Fight over" in during and "fight!" in during
    observation = sc.state.observation

    def finished(viewer: Any) -> dict[str, Any]:
        return {**observation(viewer), "winners": [0]}

    sc.state.observation = finished  # type: ignore[method-assign]
    after = table_for(boards, sc.state, seats)
    assert after is not None and "Fight over" not in after and "fight!" not in after
    assert "Started by" not in after
