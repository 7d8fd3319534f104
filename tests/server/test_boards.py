"""Board rendering: a viewer's board is rendered again only when what it reads changed
(:class:`Memo`), and the live message splices the shared table in exactly."""

from __future__ import annotations

import json
from typing import Any

from jinja2 import DictLoader

from ludoteca.server.matches import TABLE_MARK, TABLE_MARK_JSON
from ludoteca.server.views import Boards, Memo, SeatInfo, json_text, make_board_environment

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
    # (json_text is the live messages' encoder.)
    spliced = json_text(view).replace(TABLE_MARK_JSON, json_text(table)[1:-1], 1)
    whole = {**view, "board": board.replace(TABLE_MARK, table)}
    assert spliced == json_text(whole)
    assert json.loads(spliced) == whole


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


# ----- parts of a board kept by their arguments (cached) ---------------------------------

PARTS = (
    "{% set outer = obs.deck %}"
    "{% macro part(cards, n) %}<i>{{ count() }}{{ cards|join(',') }}:{{ n }}</i>{% endmacro %}"
    "{% macro leaky(cards) %}{{ count() }}{{ cards|join(',') }}/{{ outer }}{% endmacro %}"
    "{{ cached(part, obs.hand, obs.n) }}|{{ cached(leaky, obs.hand) }}")


def test_a_part_is_rendered_once_for_the_same_arguments_whoever_views_it() -> None:
    calls: list[int] = []
    boards = boards_with({"boards/p.html": PARTS})
    # (A global of the board environment, as a part may call one.)
    boards._globals["count"] = boards.env.globals["count"] = lambda: calls.append(1) or ""
    obs = {"hand": ["a", "<b>"], "n": 1, "deck": 30}
    assert render(boards, "p", obs, Memo()) == "<i>a,&lt;b&gt;:1</i>|a,&lt;b&gt;/30"
    assert len(calls) == 2
    # Another viewer (another memo) with the same hand: the part is not rendered again; the
    # macro that reads a variable besides its arguments (outer) is, every time.
    assert render(boards, "p", {**obs, "deck": 29}, Memo(), viewer=1) == \
        "<i>a,&lt;b&gt;:1</i>|a,&lt;b&gt;/29"
    assert len(calls) == 3
    # Arguments equal in Python but printed differently are kept apart (1, 1.0, True).
    assert render(boards, "p", {**obs, "n": True}, Memo()).startswith("<i>a,&lt;b&gt;:True")
    assert render(boards, "p", {**obs, "n": 1.0}, Memo()).startswith("<i>a,&lt;b&gt;:1.0")
    env = boards.env
    assert env._pure == {("boards/p.html", "part"): True, ("boards/p.html", "leaky"): False}


def test_a_seat_is_never_shown_a_part_rendered_for_another_seats_hand() -> None:
    # Parts are kept by the values handed to them, so a seat is shown only what its own
    # observation renders to: never another seat's hand rendered before.
    boards = boards_with({"boards/h.html": "{% macro hand(cards) %}{{ cards|join(',') }}"
                                           "{% endmacro %}{{ cached(hand, obs.hand) }}"})
    assert render(boards, "h", {"hand": ["Desperado 9"]}, Memo(), viewer=0) == "Desperado 9"
    assert render(boards, "h", {"hand": ["gold mine"]}, Memo(), viewer=1) == "gold mine"
    assert render(boards, "h", {"hand": ["Desperado 9"]}, Memo(), viewer=0) == "Desperado 9"


def test_an_observation_handed_to_a_part_is_compared_whole_by_the_board_memo() -> None:
    boards = boards_with({"boards/o.html": "{% macro all(o) %}{{ o.a }}{{ o.b }}{% endmacro %}"
                                           "{{ cached(all, obs) }}"})
    assert render(boards, "o", {"a": 1, "b": 2}, Memo()) == "12"
    memo = Memo()  # another viewer: the part is kept already, so nothing reads obs's keys
    assert render(boards, "o", {"a": 1, "b": 2}, memo) == "12"
    assert render(boards, "o", {"a": 1, "b": 3}, memo) == "13"


def test_the_desperados_table_is_the_table_rendered_whole() -> None:
    import random

    from ludoteca.core.registry import load_game
    from ludoteca.core.words import naming
    from ludoteca.server.views import BoardEnvironment, table_for

    game = load_game("desperados")
    state = game.new_initial_state(4, "partnership")
    seats = [SeatInfo(s, "human", None, n) for s, n in enumerate(["Ana", "Bo", "<Cy>", "Di"])]
    kept, whole = Boards(), Boards()
    whole.env.cached = lambda macro, *args: macro(*args)  # type: ignore[attr-defined]
    whole._globals["cached"] = whole.env.cached  # type: ignore[attr-defined]
    rng = random.Random(3)
    with naming(("Ana", "Bo", "<Cy>", "Di")):
        for _ in range(400):
            assert table_for(kept, state, seats) == table_for(whole, state, seats)
            if state.is_terminal():
                break
            choices = ([o for o, _ in state.chance_outcomes()] if state.current_player() < 0
                       else state.legal_actions())
            state.apply_action(rng.choice(choices))
    assert isinstance(kept.env, BoardEnvironment) and kept.env.fragments


def test_every_seat_gets_its_own_private_part_built_from_the_one_spectator_observation(
        client: Any, monkeypatch: Any) -> None:
    """A change's live messages build each seat's observation from the spectator's, made
    once for the shared table: two seats are sent different hands, each exactly the board of
    its own observation, and a spectator no hand at all."""
    import random

    from ludoteca.core.state import State
    from ludoteca.server.views import board_for, escaped
    from tests.server.conftest import Api, tokens_of
    from tests.server.test_leaks import Receiver

    api = Api(client)
    created = api.create("desperados", 3, [{"kind": "invite"}] * 3)
    tokens, match = tokens_of(created), created["id"]
    live = client.app.state.hub.live[match]
    spectator_observations = []
    real = type(live.state).observation

    def counted(state: State, player: int | None) -> dict[str, Any]:
        if player is None:
            spectator_observations.append(state.move_number())
        return real(state, player)

    viewers: list[int | None] = [None, 0, 1, 2]
    sockets = {v: client.websocket_connect(f"/api/matches/{match}/live"
                                           + ("" if v is None else f"?token={tokens[v]}"))
               for v in viewers}
    receivers = {v: Receiver(ws.__enter__()) for v, ws in sockets.items()}
    rng = random.Random(5)
    try:
        monkeypatch.setattr(type(live.state), "observation", counted)
        for _ in range(12):
            seat = live.state.current_player()
            choice = rng.choice(live.view(seat)["actions"])
            spectator_observations.clear()
            assert api.move(match, tokens[seat], live.version,
                            {"action": choice["action"]}).status_code == 200
            # One spectator's observation for the change, whoever is told of it.
            assert len(spectator_observations) == 1
            boards = {v: receivers[v].read_until(live.version)["board"] for v in viewers}
            for viewer in viewers:  # each board is the one of the viewer's own observation
                assert boards[viewer] == board_for(client.app.state.hub.boards, live.state,
                                                   viewer, live.seats)
            assert "dsp-hand" not in boards[None]
            hands = [boards[s].split('class="dsp-hand"', 1)[1] for s in (0, 1, 2)]
            for s in (0, 1, 2):
                for name in live.state.observation(s)["hand"]:
                    assert escaped(name) in hands[s]
            own = [live.state.observation(s)["hand"] for s in (0, 1, 2)]
            for a, b in ((0, 1), (0, 2), (1, 2)):  # different hands, different parts
                assert (hands[a] == hands[b]) == (own[a] == own[b])
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)


def test_rendering_a_table_with_macros_leaves_no_reference_cycle() -> None:
    # A template's macros are kept in the render's context and their closures hold the
    # context: every render (every viewer, every move) left a cycle, with the observation
    # it read, for the garbage collector. Boards empties the context after a render.
    import gc

    from ludoteca.core.registry import load_game
    from ludoteca.core.words import naming
    from ludoteca.server.views import table_for

    game = load_game("desperados")
    state = game.new_initial_state(4, "partnership")
    seats = [SeatInfo(s, "human", None, n) for s, n in enumerate(["Ana", "Bo", "Cy", "Di"])]
    boards = Boards()
    with naming(("Ana", "Bo", "Cy", "Di")):
        assert "dsp-display" in (table_for(boards, state, seats) or "")  # its macro ran
        gc.collect()
        gc.disable()
        try:
            for _ in range(3):
                table_for(boards, state, seats)
            assert gc.collect() == 0
        finally:
            gc.enable()
