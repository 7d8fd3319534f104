"""The web application: pages, the JSON API and the live channel (WebSocket).

Pages
    ``/``                     the lobby: games, a form to create a match, open and finished
                              matches
    ``/play/{token}``         a seat's page (the token is the seat's secret invite link)
    ``/watch/{id}``           a spectator's page
    ``/replay/{id}``          a finished match, step by step, from any seat or all revealed
    ``/rules/{game}``         the game's rules summary and its rulings
    ``/games/{id}/web/{name}`` a file of the game's board (its CSS, images) from the
                              ``web/`` folder of the game's package

API (JSON; a seat's token travels as ``Authorization: Bearer <token>``)
    ``GET  /api/games``                        the catalogue
    ``GET  /api/matches?status=open|finished`` recent matches
    ``POST /api/matches``                      create: ``{game, players, variant, options,
                                               seats: [{kind: me|invite|bot, bot, name}]}``
    ``GET  /api/matches/{id}/view``            what the token's seat (or a spectator) sees
    ``POST /api/matches/{id}/moves``           ``{version, action: {...}}``
    ``POST /api/matches/{id}/undo``            ``{version}``
    ``GET  /api/matches/{id}/replay?viewer=&step=``
    ``GET  /api/matches/{id}/record``          the :class:`MatchRecord` JSON (when over)
    ``WS   /api/matches/{id}/live?token=``     the view, then every change, as JSON

Refusals are ``{"detail": sentence}`` with 400 (malformed), 403 (no such seat token, or
another match's), 404 (no such match), 409 (stale version, not your turn, match over),
422 (illegal: the engine's own sentence) or 503 (storage failed; nothing changed).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import secrets
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from ludoteca.core.registry import game_resource, load_game
from ludoteca.core.state import ConfigError
from ludoteca.server import db
from ludoteca.server.catalog import catalog
from ludoteca.server.matches import (
    Hub,
    LiveMatch,
    MatchError,
    Subscriber,
    claim_cookie,
    seat_range,
)
from ludoteca.server.rules import rules_page
from ludoteca.server.views import STATIC, Boards, board_stylesheet, json_text, make_environment

log = logging.getLogger("ludoteca.server")

PAGE_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'",
    "Cache-Control": "no-store",
}


WEB_FILE_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
}
"""What ``/games/{id}/web/{name}`` serves, by suffix: a board's assets. A board's
templates (``.html``) and anything else in ``web/`` are not served."""
WEB_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*")


def web_file(game_id: str, name: str) -> tuple[bytes, str]:
    """The bytes and media type of file ``name`` of the ``web/`` folder of game
    ``game_id``. Raises :class:`MatchError` 404, with a sentence, for an unknown game, a
    name that is not one plain file name with a suffix of :data:`WEB_FILE_TYPES`, or a
    file the game does not ship."""
    suffix = "." + name.rpartition(".")[2] if "." in name else ""
    if WEB_FILE_NAME.fullmatch(name) is None or suffix not in WEB_FILE_TYPES:
        raise MatchError(404, f"A game's web folder serves only {', '.join(WEB_FILE_TYPES)} "
                              f"files by their plain name, not {name[:80]!r}.")
    try:
        game = load_game(game_id)
    except ConfigError:
        raise MatchError(404, f"There is no game {game_id[:80]!r}.") from None
    resource = game_resource(game, "web", name)
    if resource is None:
        raise MatchError(404, f"{game.info.title} ships no web file {name!r}.")
    return resource.read_bytes(), WEB_FILE_TYPES[suffix]


MAX_BODY = 16_384
"""Bytes a request body may have (413 beyond): a move, a new match or a chat line is a few
hundred bytes; nothing the API takes comes near this."""
MAX_DEPTH = 16
"""How deeply a request body's JSON may nest (no request the API takes goes past 4)."""


def parse_body(raw: bytes) -> dict[str, Any]:
    """A request body's JSON object; :class:`MatchError` 400 with a sentence otherwise
    (not JSON, not an object, nested deeper than :data:`MAX_DEPTH`, a number with more
    digits than Python reads)."""
    if _too_deep(raw):
        raise MatchError(400, f"the request body nests JSON more than {MAX_DEPTH} levels "
                              "deep; no request needs that")
    try:
        data = json.loads(raw or b"null")
    except RecursionError:
        raise MatchError(400, "the request body nests JSON too deeply") from None
    except (ValueError, UnicodeDecodeError) as err:
        if "digits" in str(err):
            raise MatchError(400, "the request body has a number with too many digits"
                             ) from None
        raise MatchError(400, "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise MatchError(400, "the request body must be a JSON object")
    return data


def _too_deep(raw: bytes) -> bool:
    """Whether brackets outside strings nest deeper than :data:`MAX_DEPTH` (checked before
    parsing: the parser recurses once per level). Brackets inside strings are skipped by
    tracking quotes and escapes."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


def bearer(authorization: str | None, body: dict[str, Any] | None = None) -> str | None:
    """A seat token from ``Authorization: Bearer ...`` (or the body's ``token``)."""
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip()
    if body is not None and isinstance(body.get("token"), str):
        return body["token"]
    return None


def claims_in(cookie: str | None) -> dict[str, str]:
    """The seat claims among a ``Cookie`` header's cookies (name -> value)."""
    out: dict[str, str] = {}
    if not cookie or "ludoteca-claim-" not in cookie:
        return out
    for part in cookie.split(";"):
        name, _, value = part.strip().partition("=")
        if name.startswith("ludoteca-claim-"):
            out[name] = value.strip('"')
    return out


async def do_move(hub: Hub, public_id: str, authorization: str | None, raw: bytes,
                  claims: dict[str, str] | None = None) -> dict[str, Any]:
    body = parse_body(raw)
    live = await hub.get(public_id)
    seat = await hub.seat_of(live, bearer(authorization, body), claims)
    if "action" not in body:
        raise MatchError(400, 'a move is {"version": N, "action": {...}}')
    return await live.move(seat, body.get("version"), body["action"])


async def do_undo(hub: Hub, public_id: str, authorization: str | None, raw: bytes,
                  claims: dict[str, str] | None = None) -> dict[str, Any]:
    body = parse_body(raw)
    live = await hub.get(public_id)
    seat = await hub.seat_of(live, bearer(authorization, body), claims)
    return await live.undo(seat, body.get("version"))


LOOPBACK = ("127.0.0.1", "::1", "localhost", "[::1]")
# The cookie that tells one spectator's browser from another in a match's chat.
WATCHER_COOKIE = "ludoteca-watcher"


def lan_address() -> str | None:
    """This computer's address on its network (the one a route to the outside leaves
    from; a UDP socket's connect sends nothing), or None."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def share_base(request: Request, public_url: str | None, listen_host: str) -> str:
    """Where links given to other people point: ``--public-url`` if set; else the address
    this browser used, with this computer's network address instead of a loopback name
    when the server listens on every address (a friend's computer cannot reach
    "localhost")."""
    if public_url:
        return public_url.rstrip("/")
    host = request.headers.get("host") or f"{request.url.hostname}:{request.url.port}"
    scheme = request.url.scheme
    name, _, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if not name:
        name, port = host, ""
    if name in LOOPBACK and listen_host in ("0.0.0.0", "::", ""):
        lan = lan_address()
        if lan is not None:
            return f"{scheme}://{lan}{':' + port if port else ''}"
    return f"{scheme}://{host}"


class FastMoves:
    """The two hot endpoints (a move, an undo) answered in front of FastAPI.

    Same URLs, bodies and answers as the FastAPI routes below (which stay for the API's
    description); this thin ASGI layer only skips the framework's per-request machinery,
    which costs more than the move itself under load. Everything else goes to FastAPI.
    """

    def __init__(self, app: FastAPI, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    def __getattr__(self, name: str) -> Any:  # app.state, app.routes, ... (tests use them)
        return getattr(self.app, name)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] in ("POST", "PUT", "PATCH"):
            # Every body is read here, at most max_body bytes of it: a larger one is
            # refused before anything parses it, however it is sent (declared or chunked).
            body = await self._read(scope, receive)
            if body is None:
                await _answer_json(send, 413, {"detail": (
                    f"The request is too large: at most {self.max_body:,} bytes.")})
                return
            parts = scope["path"].split("/")
            # "", "api", "matches", id, "moves" | "undo"
            if (len(parts) == 5 and parts[1] == "api" and parts[2] == "matches"
                    and parts[4] in ("moves", "undo")
                    and getattr(self.app.state, "hub", None) is not None):
                await self._answer(scope, send, parts[3], parts[4], body)
                return
            await self.app(scope, _replaying(body, receive), send)
            return
        await self.app(scope, receive, send)

    async def _read(self, scope: Any, receive: Any) -> bytes | None:
        """The request's body, or None if it has more than ``max_body`` bytes."""
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    if int(value) > self.max_body:
                        return None
                except ValueError:
                    return None
        chunks, size = [], 0
        while True:
            message = await receive()
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body"):
                return b"".join(chunks)

    async def _answer(self, scope: Any, send: Any, public_id: str, what: str,
                      raw: bytes) -> None:
        authorization = cookie = None
        for name, value in scope["headers"]:
            if name == b"authorization":
                authorization = value.decode("latin-1")
            elif name == b"cookie":
                cookie = value.decode("latin-1")
        handler = do_move if what == "moves" else do_undo
        try:
            result = await handler(self.app.state.hub, public_id, authorization, raw,
                                   claims_in(cookie))
            status = 200
        except MatchError as err:
            result, status = {"detail": err.message}, err.status
        await _answer_json(send, status, result)


def _replaying(body: bytes, receive: Any) -> Any:
    """A ``receive`` that hands the body read already, then listens as before."""
    sent = False

    async def again() -> Any:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


async def _answer_json(send: Any, status: int, result: Any) -> None:
    body = json_text(result).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def create_app(db_url: str | None = None, *, bot_delay: float = 0.0, bot_workers: int = 1,
               on_ready: Any = None, public_url: str | None = None,
               listen_host: str = "127.0.0.1", allow_bots: tuple[str, ...] = (),
               max_bot_time: float = 5.0, max_bot_iterations: int = 5000,
               max_body: int = MAX_BODY) -> FastMoves:
    """The application bound to a database (default: SQLite in the user's data folder).

    The database is migrated and every open match resumed when the application starts.
    ``public_url``: the address other people reach the server at (behind a proxy), for
    the links it gives out; ``listen_host``: the address it listens on (links to a server
    listening on every address use this computer's network address). ``allow_bots``: agent
    names or specs anyone may seat besides the named strengths, every bot held to
    ``max_bot_time`` seconds and ``max_bot_iterations`` iterations a move. Request bodies
    over ``max_body`` bytes are refused (413).
    """
    from ludoteca.server.matches import BotPolicy

    policy = BotPolicy(tuple(allow_bots), max_bot_time, max_bot_iterations)
    url = db_url or db.default_url()
    env = make_environment()
    boards = Boards()
    holder: dict[str, Hub] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = db.make_engine(url)
        await run_in_threadpool(db.migrate, engine)
        hub = Hub(engine, boards, bot_delay=bot_delay, bot_workers=bot_workers, bots=policy)
        resumed, problems = await run_in_threadpool(hub.load_open)
        holder["hub"] = hub
        app.state.hub = hub
        app.state.resumed = resumed
        app.state.problems = problems
        hub.start()
        if on_ready is not None:
            on_ready(app)
        try:
            yield
        finally:
            await hub.close()
            engine.dispose()

    app = FastAPI(title="ludoteca", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.db_url = url
    app.state.public_url = public_url
    app.state.listen_host = listen_host
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    def hub() -> Hub:
        return holder["hub"]

    def page(name: str, status: int = 200, **context: Any) -> HTMLResponse:
        html = env.get_template(name).render(**context)
        return HTMLResponse(html, status_code=status, headers=PAGE_HEADERS)

    def error_page(err: MatchError) -> HTMLResponse:
        return page("error.html", status=err.status, message=err.message)

    @app.exception_handler(MatchError)
    async def match_error(_request: Request, err: MatchError) -> JSONResponse:
        return JSONResponse({"detail": err.message}, status_code=err.status)

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(_request: Request, err: RequestValidationError) -> JSONResponse:
        # FastAPI's own check of a query parameter (?limit=abc, a number of 5,000 digits):
        # one sentence, as for every other refusal, not a list of pydantic errors.
        names = [str(e.get("loc", ("", "?"))[-1]) for e in err.errors()] or ["a parameter"]
        return JSONResponse({"detail": f"{', '.join(names)}: not a number this page takes"},
                            status_code=400)

    async def body_of(request: Request) -> dict[str, Any]:
        return parse_body(await request.body())

    def token_of(request: Request, body: dict[str, Any] | None = None) -> str | None:
        return bearer(request.headers.get("authorization"), body)

    # ----- pages ---------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> HTMLResponse:
        games, broken = catalog()
        open_matches = await run_in_threadpool(hub().list_matches, "open")
        finished = await run_in_threadpool(hub().list_matches, "finished")
        local_only = public_url is None and listen_host in LOOPBACK
        return page("lobby.html", games=games, broken=broken, open_matches=open_matches,
                    finished=finished, games_json=json.dumps(games), local_only=local_only,
                    public_url=public_url)

    def match_page(live: LiveMatch, viewer: int | None, token: str | None) -> HTMLResponse:
        view = live.view(viewer)
        creator = (token is not None and live.creator_hash is not None
                   and db.token_hash(token) == live.creator_hash)
        return page("match.html", live=live, view=view, viewer=viewer, token=token or "",
                    seats=live.seats, title=live.title, creator=creator, chat=live.chat,
                    board_css=board_stylesheet(live.game))

    @app.get("/play/{token}", response_class=HTMLResponse)
    async def play_page(token: str, request: Request) -> HTMLResponse:
        try:
            live, seat = await hub().by_token(token)
            name = claim_cookie(live.public_id, seat)
            secret = await hub().claim(live, seat, request.cookies.get(name))
        except MatchError as err:
            return error_page(err)
        response = match_page(live, seat, token)
        if secret is not None:
            response.set_cookie(name, secret, max_age=400 * 86400, path="/", httponly=True,
                                samesite="lax", secure=request.url.scheme == "https")
        return response

    @app.get("/watch/{public_id}", response_class=HTMLResponse)
    async def watch_page(public_id: str, request: Request) -> HTMLResponse:
        try:
            live = await hub().get(public_id)
        except MatchError as err:
            return error_page(err)
        response = match_page(live, None, None)
        if not request.cookies.get(WATCHER_COOKIE):
            response.set_cookie(WATCHER_COOKIE, secrets.token_urlsafe(12), max_age=400 * 86400,
                                path="/", httponly=True, samesite="lax",
                                secure=request.url.scheme == "https")
        return response

    @app.get("/replay/{public_id}", response_class=HTMLResponse)
    async def replay_page(public_id: str, viewer: str = "spectator", step: int | None = None
                          ) -> Response:
        try:
            live = await hub().get(public_id)
        except MatchError as err:
            return error_page(err)
        if not live.finished:
            return RedirectResponse(f"/watch/{public_id}", status_code=303)
        # A replay opens at the start (the result would spoil it), or where ?step= says.
        try:
            view = live.replay_view(viewer, 0 if step is None else step)
        except (MatchError, ValueError):
            view = live.replay_view("spectator", 0)
        return page("replay.html", live=live, view=view, seats=live.seats, title=live.title,
                    board_css=board_stylesheet(live.game))

    @app.get("/games/{game_id}/web/{name}")
    async def game_web_file(game_id: str, name: str, request: Request) -> Response:
        body, media_type = web_file(game_id, name)
        # Revalidated on every page (an upgraded game restyles at once), sent again only
        # when it changed.
        etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        headers = {"ETag": etag, "Cache-Control": "no-cache",
                   "X-Content-Type-Options": "nosniff"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(body, media_type=media_type, headers=headers)

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules(game_id: str) -> HTMLResponse:
        try:
            game = load_game(game_id)
        except Exception:
            return error_page(MatchError(404, "There is no such game."))
        return page("rules.html", rules=rules_page(game))

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return {"ok": True, "open": len(hub().live), "moves": hub().moves}

    # ----- API -----------------------------------------------------------------------

    @app.get("/api/games")
    async def api_games() -> dict[str, Any]:
        games, broken = catalog()
        return {"games": games, "unavailable": broken}

    @app.get("/api/matches")
    async def api_matches(status: str = "open", limit: int = 50) -> dict[str, Any]:
        if status not in ("open", "finished"):
            raise MatchError(400, "status is open or finished")
        limit = max(1, min(limit, 200))
        return {"matches": await run_in_threadpool(hub().list_matches, status, limit)}

    @app.post("/api/matches")
    async def api_create(request: Request) -> JSONResponse:
        body = await body_of(request)
        created = await hub().create(body.get("game"), body.get("players"),
                                     body.get("variant"), body.get("options"),
                                     body.get("seats"))
        base = share_base(request, public_url, listen_host)
        for seat in created["seats"]:
            if "token" in seat:
                seat["url"] = f"/play/{seat['token']}"
                seat["link"] = base + seat["url"]
        created["watch"] = f"/watch/{created['id']}"
        created["watch_link"] = base + created["watch"]
        return JSONResponse(created, status_code=201)

    @app.post("/api/matches/{public_id}/seats/{seat}/link")
    async def api_fresh_link(public_id: str, seat: str, request: Request) -> dict[str, Any]:
        live = await hub().get(public_id)
        if not seat.isdigit() or len(seat) > 3:
            raise MatchError(400, f"there is no seat index {seat[:20]!r} "
                                  f"({seat_range(live.num_players)})")
        token = await hub().fresh_link(live, int(seat), token_of(request),
                                       dict(request.cookies))
        url = f"/play/{token}"
        return {"seat": int(seat), "token": token, "url": url,
                "link": share_base(request, public_url, listen_host) + url}

    @app.post("/api/matches/{public_id}/chat")
    async def api_chat(public_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        live = await hub().get(public_id)
        # A spectator is known by the watcher cookie of the spectator page, else by address
        # (a script without cookies): never by a name it sends.
        watcher = request.cookies.get(WATCHER_COOKIE, "")[:64]
        sender = ("browser:" + watcher if watcher
                  else "address:" + (request.client.host if request.client else "?"))
        return await hub().say(live, token_of(request, body), dict(request.cookies),
                               body.get("text"), sender)

    @app.post("/api/matches/{public_id}/rematch")
    async def api_rematch(public_id: str, request: Request) -> dict[str, Any]:
        raw = await request.body()
        body = parse_body(raw) if raw.strip() else {}
        live = await hub().get(public_id)
        found = await hub().rematch(live, token_of(request, body), dict(request.cookies))
        url = f"/play/{found['token']}"
        return {**found, "url": url,
                "link": share_base(request, public_url, listen_host) + url}

    @app.get("/api/matches/{public_id}")
    async def api_match(public_id: str) -> dict[str, Any]:
        live = await hub().get(public_id)
        return {"id": live.public_id, "game": live.game.id, "title": live.title,
                "num_players": live.num_players, "variant": live.variant,
                "options": live.options, "seats": live.seat_json(), "status": live.status,
                "version": live.version}

    @app.get("/api/matches/{public_id}/view")
    async def api_view(public_id: str, request: Request) -> dict[str, Any]:
        live = await hub().get(public_id)
        token = token_of(request)
        viewer = (None if token is None
                  else await hub().seat_of(live, token, dict(request.cookies)))
        return live.view(viewer)

    @app.post("/api/matches/{public_id}/moves")
    async def api_move(public_id: str, request: Request) -> dict[str, Any]:
        return await do_move(hub(), public_id, request.headers.get("authorization"),
                             await request.body())

    @app.post("/api/matches/{public_id}/undo")
    async def api_undo(public_id: str, request: Request) -> dict[str, Any]:
        return await do_undo(hub(), public_id, request.headers.get("authorization"),
                             await request.body())

    @app.get("/api/matches/{public_id}/replay")
    async def api_replay(public_id: str, viewer: str = "spectator", step: int = 0
                         ) -> dict[str, Any]:
        live = await hub().get(public_id)
        if viewer not in ("spectator", "all") and not (
                viewer.lstrip("-").isdigit() and len(viewer) <= 4):
            raise MatchError(400, "viewer is a seat index (0 for Seat 1 at the table), "
                                  "spectator or all")
        return live.replay_view(viewer, step)

    @app.get("/api/matches/{public_id}/record")
    async def api_record(public_id: str) -> Response:
        live = await hub().get(public_id)
        if not live.finished:
            raise MatchError(409, "The record of a match can be downloaded once it is over.")
        return Response(
            live.record().to_json(), media_type="application/json",
            headers={"Content-Disposition":
                     f'attachment; filename="{live.game.id}-{live.public_id}.json"'})

    @app.websocket("/api/matches/{public_id}/live")
    async def api_live(websocket: WebSocket, public_id: str) -> None:
        token = websocket.query_params.get("token") or None
        try:
            live = await hub().get(public_id)
            viewer = (None if token is None
                      else await hub().seat_of(live, token, dict(websocket.cookies)))
        except MatchError as err:
            await websocket.close(code=4000 + err.status, reason=err.message[:120])
            return
        await websocket.accept()
        sub = Subscriber(viewer)
        live.subscribe(sub)

        async def send() -> None:
            while True:
                message = await sub.queue.get()
                if message is None:
                    with contextlib.suppress(Exception):
                        await websocket.close(code=1012 if hub().closing else 4008)
                    return
                await websocket.send_text(message)

        sender = asyncio.create_task(send())
        try:
            while True:
                text = await websocket.receive_text()
                if text == "ping":
                    sub.push('{"type":"pong"}')
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            live.unsubscribe(sub)
            sender.cancel()

    return FastMoves(app, max_body)
