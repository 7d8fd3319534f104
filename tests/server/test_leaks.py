"""Leak scan: nothing sent to a seat (page, JSON, live message) reveals another seat's
hidden information.

Two checks, on every game the server knows (the toy games, and Desperados and Douro 1872
when they are registered):

* **Nothing depends on what the seat cannot see.** At every point of a match, the view the
  server sends seat ``p`` is rebuilt from worlds that ``p`` cannot tell from the true one
  (``state.determinize(p, rng)``, replayed from its ``history()``): every card ``p`` cannot
  see is resampled. The view must not change: if a page, a log line, a prompt, a label or
  a board showed anything of another seat's hand, it would differ in some world. The
  spectator's view must not change whichever seat's secrets are resampled.
* **What is sent is the view and nothing else.** Every live message and every HTTP answer a
  seat receives equals its view at that version (the log assembled from the deltas equals
  the whole log), the page embeds exactly that view, and the raw bytes a seat receives in
  the canary game (ranks that appear nowhere else) never contain another seat's card
  before it is shown.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from ludoteca.core.registry import game_ids, load_game
from ludoteca.server.matches import LiveMatch
from tests.server.conftest import Api, tokens_of

WORLDS = 3


def setups() -> list[tuple[str, int, str | None]]:
    """(game, players, variant) with every seat human: the toys and the real games."""
    out: list[tuple[str, int, str | None]] = [("highcard", 3, None), ("canarycard", 3, None)]
    if "sealed" in [v.id for v in load_game("highcard").info.variants]:
        out.append(("highcard", 3, "sealed"))  # face-down decisions
    for game_id in ("desperados", "douro1872"):
        if game_id in game_ids():
            info = load_game(game_id).info
            out += [(game_id, v.player_counts[-1], v.id) for v in info.variants]
    return out


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("version", "match", "log_start")}


def shadow(live: LiveMatch, seat: int, rng: random.Random) -> LiveMatch:
    """``live`` rebuilt from a world ``seat`` cannot tell from the truth."""
    world = live.state.determinize(seat, rng)
    actions = world.history()
    fresh = live.game.new_initial_state(live.num_players, live.variant, live.options)
    rows = []
    for action in actions:
        rows.append(("act", action, fresh.current_player()))
        fresh.apply_action(action)
    copy = LiveMatch(live.hub, id=live.id, public_id=live.public_id, game=live.game,
                     num_players=live.num_players, variant=live.variant, options=live.options,
                     seed=live.seed, seats=live.seats, status=live.status,
                     created_at=live.created_at, edition=live.edition,
                     edition_shipped=live.edition_shipped)
    copy.rebuild(rows)
    assert copy.state.observation(seat) == live.state.observation(seat)
    return copy


def strings(value: Any) -> set[str]:
    """Every string in a JSON-like value, dict keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(k) | strings(v) for k, v in value.items())) \
            if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def hidden_names(live: LiveMatch, viewer: int | None) -> set[str]:
    """Names in the private parts of other seats' observations (the parts a spectator's
    observation lacks) that ``viewer``'s own observation and the public one never show.
    Only names with a digit count (e.g. "Desperado 9", one of a kind): a plain word such
    as "gold chest" also names cards the viewer may hold or see."""
    state = live.state
    public = state.observation(None)
    known = strings(state.observation(viewer)) | strings(public)
    out: set[str] = set()
    for q in range(state.num_players):
        if q == viewer:
            continue
        obs = state.observation(q)
        for key, value in obs.items():
            if key not in public or public[key] in (None, {}, []):
                out |= {s for s in strings(value) if any(c.isdigit() for c in s)}
    return out - known


def mentions(text: str, name: str) -> bool:
    """``name`` in ``text`` as a whole ("Desperado 1" is not in "Desperado 12")."""
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text) is not None


def hidden_ranks(live: LiveMatch, viewer: int | None) -> set[str]:
    """Canary game: the ranks of other seats' cards that ``viewer`` has not been shown."""
    state = live.state
    shown = state.observation(viewer)["shown"]
    out = set()
    for q in range(state.num_players):
        if q != viewer and shown[q] is None and state.hands[q] >= 0:
            out.add(str(state.ranks[state.hands[q]]))
    return out


class Receiver:
    """A viewer's live connection: collects the raw frames and assembles the log."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.raw: list[str] = []
        self.log: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None

    def read_until(self, version: int) -> dict[str, Any]:
        while self.last is None or self.last["version"] < version:
            text = self.ws.receive_text()
            self.raw.append(text)
            message = json.loads(text)
            if message.get("type") != "state":
                continue
            self.log = self.log[:message["log_start"]] + message["log"]
            self.last = message
        assert self.last["version"] == version
        return self.last


@pytest.mark.parametrize("game_id, players, variant", setups())
def test_nothing_sent_to_a_seat_reveals_another_seats_secrets(
        client: Any, game_id: str, players: int, variant: str | None) -> None:
    scan(client, game_id, players, variant)


@pytest.mark.parametrize("game_id", ["highcard", "canarycard"])
def test_the_scan_finds_a_leak(client: Any, game_id: str,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that tells each seat its neighbour's card is caught."""
    from ludoteca.server import matches

    honest = matches.turn_text

    def leaky(state: Any, viewer: int | None, seats: Any) -> str:
        neighbour = 0 if viewer is None else (viewer + 1) % state.num_players
        card = state.hands[neighbour]
        return honest(state, viewer, seats) + (f" ({state.ranks[card]})" if card >= 0 else "")

    monkeypatch.setattr(matches, "turn_text", leaky)
    with pytest.raises(AssertionError, match=r"secret|sees one|9"):
        scan(client, game_id, 3)


def scan(client: Any, game_id: str, players: int, variant: str | None = None) -> None:
    api = Api(client)
    created = api.create(game_id, players, [{"kind": "invite"}] * players, variant=variant)
    tokens, match = tokens_of(created), created["id"]
    live: LiveMatch = client.app.state.hub.live[match]
    rng = random.Random(f"leaks:{game_id}")
    viewers: list[int | None] = [None, *range(players)]
    raw_http: dict[int | None, list[str]] = {v: [] for v in viewers}
    sockets = {v: client.websocket_connect(f"/api/matches/{match}/live"
                                           + ("" if v is None else f"?token={tokens[v]}"))
               for v in viewers}
    receivers = {v: Receiver(ws.__enter__()) for v, ws in sockets.items()}
    toy = game_id in ("highcard", "canarycard")
    every = 1 if toy else 11  # resampled worlds are replayed from the start: not every move
    try:
        for step in range(5000):
            version = live.version
            for viewer in viewers:
                message = receivers[viewer].read_until(version)
                r = api.client.get(f"/api/matches/{match}/view", headers=(
                    {} if viewer is None else {"Authorization": f"Bearer {tokens[viewer]}"}))
                raw_http[viewer].append(r.text)
                full = r.json()
                # What is sent is the view, and the deltas add up to the whole log.
                assert comparable({**message, "log": receivers[viewer].log}) == comparable(full)
                assert full == live.view(viewer)
            if step % (3 * every) == 0 or live.finished:
                page_checks(api, live, tokens, raw_http)
            for seat in range(players):  # the seat's view survives resampling its unknowns
                if step % every and not live.finished:
                    break
                mine = comparable(live.view(seat))
                spectator = comparable(live.view(None))
                for _ in range(WORLDS if toy else 1):
                    other = shadow(live, seat, rng)
                    assert comparable(other.view(seat)) == mine, f"seat {seat} sees a secret"
                    assert comparable(other.view(None)) == spectator, "a spectator sees one"
            for viewer in viewers:  # the current view names no other seat's hidden card
                # (The log is left out: it tells of past rounds, whose cards were dealt
                # anew since; the resampling check above covers it.)
                names = hidden_names(live, viewer)
                shown = json.dumps({k: v for k, v in receivers[viewer].last.items()
                                    if k not in ("log", "log_start")})
                leaked = [n for n in names if mentions(shown, n)]
                assert not leaked, (viewer, leaked)
            if game_id == "canarycard":
                for viewer in viewers:
                    secrets = hidden_ranks(live, viewer)
                    sent = "".join(receivers[viewer].raw + raw_http[viewer])
                    assert not [s for s in secrets if s in sent], (viewer, secrets)
            if live.finished:
                break
            seat = live.state.current_player()
            choice = rng.choice(live.view(seat)["actions"])
            r = api.move(match, tokens[seat], version, {"action": choice["action"]})
            assert r.status_code == 200, r.text
        assert live.finished
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)


def page_checks(api: Api, live: LiveMatch, tokens: dict[int, str],
                raw_http: dict[int | None, list[str]]) -> None:
    """Each page embeds exactly its viewer's view (and no other seat's token)."""
    for viewer in [None, *tokens]:
        url = f"/watch/{live.public_id}" if viewer is None else f"/play/{tokens[viewer]}"
        page = api.client.get(url).text
        raw_http[viewer].append(page)
        embedded = re.search(r'<script type="application/json" id="view-data">(.*?)</script>',
                             page, re.S)
        assert embedded is not None
        assert json.loads(embedded.group(1)) == live.view(viewer)
        for other, token in tokens.items():
            if other != viewer:
                assert token not in page
