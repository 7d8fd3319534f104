"""Load benchmark of ``ludoteca serve``: N concurrent matches over HTTP and the live channel.

Starts a server on 127.0.0.1 (a child process, a fresh SQLite file unless ``--db``), creates
N matches whose seats are all people, opens a live connection (WebSocket) for every seat of
every match, and plays: each seat waits for its live view, picks a random legal action and
sends it as an HTTP move naming the version it saw. A finished match is replaced by a new
one, so N matches stay live. The players think between moves (exponential, so that together
they offer ``--rate`` moves/s). Bounded in time (``--seconds``) and count (``--max-moves``);
it only talks to the loopback address.

It prints accepted moves/s, the p50/p99 latency of a move (request sent to answer
received), and the CPU time of the server process and of this client per accepted move (the
client shares the machine's cores: its share says whether it, not the server, was the
limit). The machine's load average is printed too: on a shared machine the latency figures
are only as good as the CPU the server got, so compare CPU ms per move across runs.

The measured window opens after ``--warmup`` seconds and once every match is set up (each
seat has had its first live view), so that it measures moves, not the set-up.

The target, 200 live matches on SQLite on a 2-core machine: 1,000 accepted moves/s with
the players' thinking switched off (``--rate 0``), and p99 < 50 ms at 1,000 moves/s
offered (``--rate 1000``). Where it stands (commit 69ffe99, a quiet machine, load average
about 1): at ``--rate 0``, 1,726 accepted moves/s at 0.58 ms of server CPU per accepted
move, everything included (met); at ``--rate 1000``, 980-987 accepted moves/s of the
1,000 offered, none refused, p99 13.2-13.3 ms at 0.82-0.83 ms per move, the server at
81 % of one core (met). That machine is faster than the ones of the earlier figures
(commit 05afe43: 1,000-1,200 moves/s at ``--rate 0``, p99 84-95 ms at ``--rate 1000``),
so only ratios compare across them: the last change measured, the collector's schedule
(commit 8d9070a, against the commit before it in the same runs on a loaded machine),
costs 0.91x the CPU per move at ``--rate 0`` and 0.98x at ``--rate 1000``. About half of
the CPU
builds the live messages (every viewer's board, log, legal actions and JSON), a quarter
writes the HTTP answers and the WebSocket messages, a tenth is the move itself with its
commit, a few per cent the garbage collector. To reproduce (quiet machine, a few minutes)::

    .venv/bin/python benchmarks/server.py --matches 200 --rate 0 --seconds 20 --rounds 3 \
        --baseline HEAD~1
    .venv/bin/python benchmarks/server.py --matches 200 --rate 1000 --seconds 20

``--baseline REF`` runs the same load against a git commit's server too (its source is
exported to a temporary folder with ``git archive``), alternating ``--rounds`` times so
machine drift hits both, and prints both figures with their ratios::

    .venv/bin/python benchmarks/server.py --matches 200 --seconds 20 --baseline s3

Smaller runs: ``--matches 20 --rate 100``; another game: ``--game douro1872``.
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


def start_server(port: int, db: str, plugins: list[str], src: Path) -> subprocess.Popen[bytes]:
    """The server of the ``ludoteca`` package in ``src``, listening on ``port``."""
    args = [sys.executable, "-m", "ludoteca.server", "--host", HOST, "--port", str(port),
            "--db", db, "--bot-delay", "0"]
    for plugin in plugins:
        args += ["--plugin", plugin]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(src), os.environ.get("PYTHONPATH"), str(ROOT)) if p))
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
        self.elapsed = 0.0
        self.cpu: float | None = None  # the server process's, seconds
        self.client_cpu = 0.0  # this process's, seconds
        self.window: list[float] = []  # latencies of the moves answered in the window
        self.seated = 0  # live connections that have had their first view
        self.deadline = float("inf")  # when the players stop (set as the window opens)
        self.setup = 0.0  # seconds from the start until the window opened
        self.seated_at_open = 0  # seats that had their first view when it opened


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
            first = True
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
                if first:
                    stats.seated += 1
                    first = False
                self.views[seat] = message
                self.changed.set()
                if message["finished"]:
                    return

    async def play(self, stats: Stats, stop: asyncio.Event, max_moves: int,
                   think: float) -> None:
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
                if len(stats.latencies) >= max_moves or time.monotonic() > stats.deadline:
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
               stats: Stats, stop: asyncio.Event, max_moves: int, think: float) -> None:
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
            await match.play(stats, stop, max_moves, think)
        finally:
            for task in listeners:
                task.cancel()
            await asyncio.gather(*listeners, return_exceptions=True)
    http.close()


async def run(args: argparse.Namespace, port: int, pid: int) -> Stats:
    base = f"http://{HOST}:{port}"
    stats = Stats()
    stop = asyncio.Event()
    # Each match's players think between moves, so that together they offer --rate moves/s.
    think = args.matches / args.rate if args.rate > 0 else 0.0
    started = time.monotonic()
    tasks = [asyncio.create_task(slot(port, base, args.game, args.players, i, stats, stop,
                                      args.max_moves, think))
             for i in range(args.matches)]
    await asyncio.sleep(args.warmup)
    # The window opens once every match is set up (each seat has had its first view): on
    # a busy machine setting up hundreds of matches can outlast the warm-up, and a window
    # over the set-up measures it, not moves.
    every = args.matches * args.players
    give_up = time.monotonic() + 600  # (a seat that never connects must not stall the run)
    while stats.seated < every and not stop.is_set() and time.monotonic() < give_up:
        await asyncio.sleep(0.2)
    stats.latencies.clear()
    stats.refused.clear()
    t0 = time.monotonic()
    stats.setup = t0 - started
    stats.seated_at_open = min(stats.seated, every)
    stats.deadline = t0 + args.seconds
    cpu0 = _cpu(pid)
    client0 = time.process_time()
    await asyncio.wait([asyncio.create_task(stop.wait())], timeout=args.seconds)
    stats.elapsed = time.monotonic() - t0
    cpu1 = _cpu(pid)
    stats.client_cpu = time.process_time() - client0
    stats.cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    stats.window = list(stats.latencies)  # the moves answered within the window
    stop.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            print(f"a match slot failed: {result!r}", file=sys.stderr)
    return stats


def measure(args: argparse.Namespace, src: Path, plugins: list[str]) -> dict[str, Any]:
    """One run against the server in ``src``: its figures, printed and returned."""
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        port = free_port()
        server = start_server(port, db, plugins, src)
        try:
            stats = asyncio_run(run(args, port, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=10)
    lat = sorted(stats.window)
    n = len(lat)
    elapsed = stats.elapsed
    out: dict[str, Any] = {"moves": n, "rate": n / elapsed, "server_ms": None,
                           "client_ms": stats.client_cpu / n * 1000 if n else None,
                           "p50": None, "p99": None}
    print(f"accepted moves      {n} in {elapsed:.1f} s = {n / elapsed:.0f} moves/s "
          f"(window opened {stats.setup:.0f} s in, "
          f"{stats.seated_at_open} of "
          f"{args.matches * args.players} seats seated)")
    if n:
        out["p50"] = lat[n // 2] * 1000
        out["p99"] = lat[min(n - 1, int(n * 0.99))] * 1000
        print(f"move latency        p50 {out['p50']:.1f} ms · p99 {out['p99']:.1f} ms · "
              f"mean {statistics.fmean(lat) * 1000:.1f} ms · max {lat[-1] * 1000:.1f} ms")
    print(f"live messages       {stats.messages} received · matches finished "
          f"{stats.finished} · refused {stats.refused or 'none'}")
    cpu = stats.cpu
    if cpu is not None and n:
        out["server_ms"] = cpu / n * 1000
        print(f"server CPU          {cpu:.1f} s in {elapsed:.1f} s ({cpu / elapsed * 100:.0f}% of "
              f"one core) = {out['server_ms']:.2f} ms per accepted move, everything included")
    if n:
        client = stats.client_cpu
        print(f"client CPU          {client:.1f} s ({client / elapsed * 100:.0f}% of one core) = "
              f"{out['client_ms']:.2f} ms per accepted move (this benchmark's own process)")
    load = os.getloadavg()
    print(f"machine load        {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} (1, 5, 15 min)")
    return out


def export(ref: str, into: Path) -> Path:
    """The source of git commit ``ref`` written to ``into`` (``git archive``); its src/."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=200, help="concurrent live matches "
                        "(default 200, the issue's figure)")
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
    parser.add_argument("--baseline", metavar="REF", default=None,
                        help="also run against this git commit's server, alternately, and "
                             "print ratios")
    parser.add_argument("--rounds", type=int, default=1,
                        help="with --baseline: how many times to alternate the two")
    args = parser.parse_args()
    if args.matches < 1 or args.matches > 2000 or args.seconds <= 0 or args.seconds > 600:
        raise SystemExit("--matches 1..2000 and --seconds up to 600")
    if args.rounds < 1 or args.rounds > 10:
        raise SystemExit("--rounds 1..10")
    from ludoteca.core.registry import game_ids

    plugins = []
    if args.game is None:
        args.game = "desperados" if "desperados" in game_ids() else "highcard"
    if args.game not in game_ids():
        sys.path.insert(0, str(ROOT))
        plugins = ["tests.server.toys:install"]
    if args.players is None:
        args.players = {"desperados": 4, "douro1872": 4}.get(args.game, 3)
    offered = f"{args.rate:g} moves/s offered" if args.rate > 0 else "no think time"
    storage = "SQLite" if args.db is None else args.db.split(":")[0]
    head = (f"ludoteca serve · {args.game} {args.players}p · {args.matches} live matches · "
            f"{offered} · {storage} · {os.cpu_count()} CPUs")
    if args.baseline is None:
        print(head)
        measure(args, ROOT / "src", plugins)
        return
    results: dict[str, list[dict[str, Any]]] = {"now": [], args.baseline: []}
    with tempfile.TemporaryDirectory() as tmp:
        base_src = export(args.baseline, Path(tmp))
        for round_ in range(args.rounds):
            for name, src in (("now", ROOT / "src"), (args.baseline, base_src)):
                print(f"\n{head} · {name} (round {round_ + 1} of {args.rounds})")
                results[name].append(measure(args, src, plugins))
    print(f"\nmedians over {args.rounds} round(s): now / {args.baseline} = ratio")
    for key, label in (("rate", "accepted moves/s"), ("p50", "p50 latency ms"),
                       ("p99", "p99 latency ms"), ("server_ms", "server CPU ms/move"),
                       ("client_ms", "client CPU ms/move")):
        now = _median([r[key] for r in results["now"]])
        before = _median([r[key] for r in results[args.baseline]])
        ratio = f"{now / before:.2f}" if now is not None and before else "-"
        print(f"  {label:<20} {_fmt(now)} / {_fmt(before)} = {ratio}")


def _median(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}" if value < 100 else f"{value:.0f}"


def asyncio_run(coro: Any) -> Any:
    """Runs the client on uvloop when it is installed (the server's extra brings it): the
    client shares the cores with the server, so it should cost as little as it can."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def _cpu(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


if __name__ == "__main__":
    main()
