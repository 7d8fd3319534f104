"""Fixtures of the server tests: the toy game registered, databases (SQLite always,
PostgreSQL when ``LUDOTECA_TEST_POSTGRES`` names a server, as ``.ci/run`` does), an app
under a test client, helpers that play moves through the API, and for the browser tests
Chromium under Playwright, a real server on a free port and page helpers (the browser
tests skip when Debian's Chromium is absent, and fail in CI, which installs it)."""

from __future__ import annotations

import os
import random
import secrets
import shutil
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.serverproc import ServerProcess
from tests.server.toys import install

install()

with warnings.catch_warnings():  # Starlette asks for httpx2, which is not needed here
    warnings.simplefilter("ignore")
    import fastapi.testclient  # noqa: F401

POSTGRES_ENV = "LUDOTECA_TEST_POSTGRES"
IN_CI = bool(os.environ.get("CI"))


def postgres_admin_url() -> str | None:
    return os.environ.get(POSTGRES_ENV) or None


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'ludoteca.sqlite3'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test (dropped afterwards)."""
    admin = postgres_admin_url()
    if admin is None:
        if IN_CI:
            pytest.fail(f"{POSTGRES_ENV} is not set: .ci/run starts PostgreSQL and sets it")
        pytest.skip(f"PostgreSQL: set {POSTGRES_ENV} to a server URL (.ci/run starts one)")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"ludoteca_test_{secrets.token_hex(6)}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    finally:
        with engine.connect() as connection:
            connection.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"),
                {"n": name})
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest) -> str:
    """Each storage test runs on SQLite and on PostgreSQL."""
    return request.getfixturevalue(f"{request.param}_url" if request.param == "sqlite"
                                   else "postgres_url")


def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        if IN_CI:
            pytest.fail("chromium is not installed: .ci/run installs it with apt-get")
        pytest.skip("browser tests need Debian's Chromium: apt-get install -y chromium")
    return path


class Api:
    """A thin client of the JSON API for tests (a TestClient or an httpx.Client)."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def create(self, game: str, players: int, seats: list[dict[str, Any]], **extra: Any
               ) -> dict[str, Any]:
        r = self.client.post("/api/matches", json={"game": game, "players": players,
                                                    "seats": seats, **extra})
        assert r.status_code == 201, r.text
        return r.json()

    def view(self, match: str, token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.client.get(f"/api/matches/{match}/view", headers=headers)
        assert r.status_code == 200, r.text
        return r.json()

    def move(self, match: str, token: str, version: Any, action: Any) -> Any:
        return self.client.post(f"/api/matches/{match}/moves",
                                json={"version": version, "action": action},
                                headers={"Authorization": f"Bearer {token}"})

    def undo(self, match: str, token: str, version: Any) -> Any:
        return self.client.post(f"/api/matches/{match}/undo", json={"version": version},
                                headers={"Authorization": f"Bearer {token}"})

    def play_out(self, match: str, tokens: dict[int, str], rng: random.Random,
                 limit: int = 5000, wait: Any = None) -> dict[str, Any]:
        """Plays random legal moves for the human seats until the match ends."""
        for _ in range(limit):
            spectator = self.view(match)
            if spectator["finished"]:
                return spectator
            seat = spectator["to_act"]
            if seat not in tokens:
                if wait is not None:
                    wait()
                continue
            view = self.view(match, tokens[seat])
            if not view["actions"]:
                continue
            action = rng.choice(view["actions"])
            r = self.move(match, tokens[seat], view["version"], {"action": action["action"]})
            assert r.status_code in (200, 409), r.text
        raise AssertionError("the match did not end")


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if "token" in s}


@pytest.fixture
def make_client(sqlite_url: str) -> Iterator[Any]:
    """``make_client(db_url=None, **app_options)``: a started app under a TestClient."""
    from fastapi.testclient import TestClient

    from ludoteca.server import create_app

    opened: list[Any] = []

    def make(db_url: str | None = None, **options: Any) -> Any:
        options.setdefault("bot_workers", 0)
        client = TestClient(create_app(db_url or sqlite_url, **options))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Any) -> Any:
    return make_client()


@pytest.fixture
def api(client: Any) -> Api:
    return Api(client)


# ----- the browser tests --------------------------------------------------------------------

BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, under Playwright (one per test module)."""
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, headless=True, args=BROWSER_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def server(tmp_path: Any) -> Iterator[ServerProcess]:
    """A real server (a child process) on a free loopback port, its bots not paced."""
    with ServerProcess(f"sqlite:///{tmp_path / 'b.sqlite3'}", bot_delay=0.0,
                       log_path=tmp_path / "server.log") as srv:
        yield srv


@pytest.fixture
def paced(tmp_path: Any) -> Iterator[ServerProcess]:
    """A real server whose bots wait 0.4 s a move beside a person (as a player would
    see)."""
    with ServerProcess(f"sqlite:///{tmp_path / 't.sqlite3'}", bot_delay=0.4,
                       log_path=tmp_path / "server.log") as srv:
        yield srv


def new_page(browser: Any, *, phone: bool = False) -> Any:
    """A page in a browser context of its own (its own cookies and storage: another
    computer), 1280x900 or a phone's 390x844; ``page.js_errors`` collects its errors."""
    # bypass_csp: Playwright evaluates its wait conditions, which the pages' policy forbids.
    context = browser.new_context(bypass_csp=True,
                                  viewport={"width": 390, "height": 844} if phone
                                  else {"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


def create_in_lobby(page: Any, base: str, game: str, players: int, kinds: list[str],
                    variant: str | None = None) -> dict[str, Any]:
    """Fills the lobby's form as a person would; returns the links it gives: the page
    goes to the creator's seat, which lists the invite links this browser keeps."""
    page.goto(base + "/")
    page.check(f"input[name=game][value={game}]")
    page.select_option("#players", str(players))
    if variant:
        page.select_option("#variant", variant)
    for seat, kind in enumerate(kinds):
        if kind.startswith("bot"):
            page.select_option(f"select[name=kind-{seat}]", "bot")
            page.select_option(f"select[name=bot-{seat}]", kind.partition(":")[2] or "easy")
        else:
            page.select_option(f"select[name=kind-{seat}]", kind)
    page.click("#create")
    links: dict[str, Any] = {"seats": {}}
    if "me" not in kinds:
        page.wait_for_selector("#created-links")
        links["watch"] = page.get_attribute("#watch-new", "href")
        for item in page.query_selector_all("#created-links li.seat-link"):
            seat = int(item.get_attribute("data-seat"))
            links["seats"][seat] = item.query_selector("a").get_attribute("href")
        return links
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#match")
    links["watch"] = page.get_attribute("#watch-link", "href")
    links["seats"][kinds.index("me")] = page.url.replace(base, "")
    if "invite" in kinds:
        page.wait_for_selector("#invite-links a.new-link:not([hidden])")
    for item in page.query_selector_all("#invite-links li"):
        seat = int(item.get_attribute("data-seat"))
        links["seats"][seat] = item.query_selector("a.new-link").get_attribute("href")
    return links


def create_match(base: str, game: str, players: int, seats: list[dict[str, Any]]
                 ) -> dict[str, Any]:
    """A match created through the API of the server at ``base`` (not the lobby)."""
    import httpx

    r = httpx.post(base + "/api/matches", json={"game": game, "players": players,
                                                 "seats": seats}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()


def seat_url(base: str, created: dict[str, Any], seat: int) -> str:
    """The address of ``seat``'s page of a match :func:`create_match` made."""
    return base + next(s["url"] for s in created["seats"] if s["seat"] == seat)


def version(page: Any) -> int:
    """The version of the match a table page shows."""
    return int(page.get_attribute("#match", "data-version"))
