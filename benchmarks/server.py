"""Load benchmark of ``ludoteca serve``: N concurrent matches over HTTP and the live channel.

Starts a server on 127.0.0.1 (a child process, a fresh SQLite file unless ``--db``), creates
N matches whose seats are all people, opens a live connection (WebSocket) for every seat of
every match, and plays: each seat waits for its live view, picks a random legal action and
sends it as an HTTP move naming the version it saw. A finished match is replaced by a new
one, so N matches stay live. Prints accepted moves per second and the p50/p99 latency of a
move (request sent to answer received). Bounded in time (``--seconds``) and count
(``--max-moves``); it only talks to the loopback address.

    .venv/bin/python benchmarks/server.py                       # 200 matches, 20 s
    .venv/bin/python benchmarks/server.py --matches 50 --seconds 10 --game douro1872
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(port: int, db: str, plugins: list[str]) -> subprocess.Popen[bytes]:
    args = [sys.executable, "-m", "ludoteca.server", "--host", HOST, "--port", str(port),
            "--db", db, "--bot-delay", "0"]
    for plugin in plugins:
        args += ["--plugin", plugin]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (os.environ.get("PYTHONPATH"), str(ROOT)) if p))
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(f"http://{HOST}:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Http:
    """A minimal keep-alive HTTP/1.1 client on one connection (httpx's pool costs more CPU
    than the server under test once hundreds of requests are in flight)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> tuple[int, Any]:
        try:
            return await self._request(method, path, body, token)
        except (ConnectionError, IndexError, asyncio.IncompleteReadError):
            self.close()  # the server closed an idle connection: open another
            return await self._request(method, path, body, token)

    async def _request(self, method: str, path: str, body: Any,
                       token: str | None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
                + (f"Authorization: Bearer {token}\r\n" if token else "") + "\r\n")
        self.writer.write(head.encode() + data)
        assert self.reader is not None
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length) if length else b""
        return status, json.loads(payload) if payload else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.refused: dict[int, int] = {}
        self.finished = 0
        self.messages = 0


class Match:
    """One match: a live connection per seat, and a loop that plays whoever is to act."""

    def __init__(self, http: Http, base: str, created: dict[str, Any],
                 rng: random.Random) -> None:
        self.http = http
        self.base = base
        self.id = created["id"]
        self.tokens = {s["seat"]: s["token"] for s in created["seats"]}
        self.rng = rng
        self.views: dict[int, dict[str, Any]] = {}
        self.changed = asyncio.Event()

    async def listen(self, seat: int, stats: Stats, stop: asyncio.Event) -> None:
        ws_base = self.base.replace("http", "ws")
        url = f"{ws_base}/api/matches/{self.id}/live?token={self.tokens[seat]}"
        async with websockets.connect(url, max_size=None, compression=None) as ws:
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    continue
                except websockets.ConnectionClosed:
                    return
                message = json.loads(text)
                if message.get("type") != "state":
                    continue
                stats.messages += 1
                self.views[seat] = message
                self.changed.set()
                if message["finished"]:
                    return

    async def play(self, stats: Stats, stop: asyncio.Event, deadline: float,
                   max_moves: int, think: float) -> None:
        while not stop.is_set():
            mover = None
            for seat, view in self.views.items():
                if view["finished"]:
                    stats.finished += 1
                    return
                if view["to_act"] == seat and view["actions"]:
                    mover = seat
            if mover is None:
                self.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), timeout=1.0)
                continue
            if think:  # the person thinks (exponential, mean ``think`` seconds)
                await asyncio.sleep(self.rng.expovariate(1.0 / think))
                if stop.is_set():
                    return
            view = self.views[mover]
            action = self.rng.choice(view["actions"])["action"]
            t0 = time.perf_counter()
            status, answer = await self.http.request(
                "POST", f"/api/matches/{self.id}/moves",
                {"version": view["version"], "action": {"action": action}},
                self.tokens[mover])
            elapsed = time.perf_counter() - t0
            if status == 200:
                stats.latencies.append(elapsed)
                if len(stats.latencies) >= max_moves or time.monotonic() > deadline:
                    stop.set()
                # Wait for the live view of this very change before choosing again.
                version = answer["version"]
                while (not stop.is_set()
                       and all(v["version"] < version for v in self.views.values())):
                    self.changed.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.changed.wait(), timeout=1.0)
                self.views[mover] = {**self.views[mover], "actions": []}
            else:
                stats.refused[status] = stats.refused.get(status, 0) + 1
                await asyncio.sleep(0.01)


async def slot(port: int, base: str, game: str, players: int, seed: int,
               stats: Stats, stop: asyncio.Event, deadline: float, max_moves: int,
               think: float) -> None:
    """Keeps one match live: plays it to the end, then starts another."""
    rng = random.Random(seed)
    http = Http(HOST, port)
    while not stop.is_set():
        status, created = await http.request("POST", "/api/matches", {
            "game": game, "players": players, "seats": [{"kind": "invite"}] * players})
        if status != 201:
            raise SystemExit(f"creating a match failed: {status} {created}")
        match = Match(http, base, created, rng)
        listeners = [asyncio.create_task(match.listen(seat, stats, stop))
                     for seat in range(players)]
        try:
            await match.play(stats, stop, deadline, max_moves, think)
        finally:
            for task in listeners:
                task.cancel()
            await asyncio.gather(*listeners, return_exceptions=True)
    http.close()


async def run(args: argparse.Namespace, port: int, pid: int) -> Stats:
    base = f"http://{HOST}:{port}"
    stats = Stats()
    stop = asyncio.Event()
    deadline = time.monotonic() + args.seconds + args.warmup
    # Each match's players think between moves, so that together they offer --rate moves/s.
    think = args.matches / args.rate if args.rate > 0 else 0.0
    tasks = [asyncio.create_task(slot(port, base, args.game, args.players, i, stats, stop,
                                      deadline, args.max_moves, think))
             for i in range(args.matches)]
    await asyncio.sleep(args.warmup)
    stats.latencies.clear()
    stats.refused.clear()
    t0 = time.monotonic()
    cpu0 = _cpu(pid)
    await asyncio.wait([asyncio.create_task(stop.wait())], timeout=args.seconds)
    stats.elapsed = time.monotonic() - t0  # type: ignore[attr-defined]
    cpu1 = _cpu(pid)
    stats.cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0  # type: ignore[attr-defined]
    stop.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            print(f"a match slot failed: {result!r}", file=sys.stderr)
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="concurrent live matches")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured start")
    parser.add_argument("--rate", type=float, default=600.0,
                        help="moves/s the players offer together (they think between "
                             "moves); 0: no thinking, as fast as the server answers")
    parser.add_argument("--max-moves", type=int, default=200_000)
    parser.add_argument("--game", default=None, help="default: desperados if installed, "
                                                    "else the toy game highcard")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    if args.matches < 1 or args.matches > 2000 or args.seconds <= 0 or args.seconds > 600:
        raise SystemExit("--matches 1..2000 and --seconds up to 600")
    from ludoteca.core.registry import game_ids

    plugins = []
    if args.game is None:
        args.game = "desperados" if "desperados" in game_ids() else "highcard"
    if args.game not in game_ids():
        sys.path.insert(0, str(ROOT))
        plugins = ["tests.server.toys:install"]
    if args.players is None:
        args.players = {"desperados": 4, "douro1872": 4}.get(args.game, 3)
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        port = free_port()
        server = start_server(port, db, plugins)
        try:
            stats = asyncio.run(run(args, port, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=10)
    lat = sorted(stats.latencies)
    n = len(lat)
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    offered = f"{args.rate:g} moves/s offered" if args.rate > 0 else "no think time"
    print(f"ludoteca serve · {args.game} {args.players}p · {args.matches} live matches · "
          f"{offered} · {'SQLite' if args.db is None else args.db.split(':')[0]} · "
          f"{os.cpu_count()} CPUs")
    print(f"accepted moves      {n} in {elapsed:.1f} s = {n / elapsed:.0f} moves/s")
    if n:
        p50 = lat[n // 2] * 1000
        p99 = lat[min(n - 1, int(n * 0.99))] * 1000
        print(f"move latency        p50 {p50:.1f} ms · p99 {p99:.1f} ms · "
              f"mean {statistics.fmean(lat) * 1000:.1f} ms · max {lat[-1] * 1000:.1f} ms")
    print(f"live messages       {stats.messages} received · matches finished "
          f"{stats.finished} · refused {stats.refused or 'none'}")
    cpu = stats.cpu  # type: ignore[attr-defined]
    if cpu is not None and n:
        print(f"server CPU          {cpu:.1f} s in {elapsed:.1f} s ({cpu / elapsed * 100:.0f}% of "
              f"one core) = {cpu / n * 1000:.2f} ms per accepted move, everything included")
    load = os.getloadavg()
    print(f"machine load        {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} (1, 5, 15 min)")


def _cpu(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


if __name__ == "__main__":
    main()
