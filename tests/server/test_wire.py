"""The HTTP protocol ``ludoteca serve`` runs (server/wire.py): each answer reaches its
socket in one write, head and body together, and a head whose body is late is not held
back waiting for it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("httptools")

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from ludoteca.server.wire import OneWriteHttp, http_protocol

BODY = b'{"version":12,"action":3,"label":"Play the 3"}'
REQUEST = (b"POST /api/matches/abc/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n"
           b"Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")


class Socket(asyncio.Transport):
    """A connection's transport that records every write (each a system call, for real)."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[tuple[float, bytes]] = []
        self.closed = False

    def write(self, data: Any) -> None:
        self.writes.append((asyncio.get_running_loop().time(), bytes(data)))

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 50000)}.get(
            name, default)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def answering(late: float = 0.0) -> Any:
    """An ASGI app that answers BODY, its body ``late`` seconds after its head."""
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(BODY)).encode())]})
        if late:
            await asyncio.sleep(late)
        await send({"type": "http.response.body", "body": BODY})
    return app


def exchange(protocol_class: Any, app: Any, done: Any = None) -> list[tuple[float, bytes]]:
    """The writes of one request-response exchange on a connection; ``done(protocol)`` is
    called once the answer is complete."""
    async def run() -> list[tuple[float, bytes]]:
        config = uvicorn.Config(app, http=protocol_class, lifespan="off", log_level="error")
        config.load()
        protocol = protocol_class(config=config, server_state=ServerState(), app_state={})
        socket = Socket()
        protocol.connection_made(socket)
        protocol.data_received(REQUEST)
        for _ in range(200):
            await asyncio.sleep(0.005)
            if protocol.cycle is not None and protocol.cycle.response_complete:
                break
        if done is not None:
            done(protocol)
        await asyncio.sleep(0.01)
        return socket.writes
    return asyncio.run(run())


def test_the_server_runs_the_one_write_protocol() -> None:
    assert http_protocol() is OneWriteHttp


def test_an_answer_is_one_write_with_its_head_and_body() -> None:
    writes = exchange(OneWriteHttp, answering())
    assert len(writes) == 1
    data = writes[0][1]
    assert data.startswith(b"HTTP/1.1 200 OK\r\n")
    head, _, body = data.partition(b"\r\n\r\n")
    assert body == BODY
    assert f"content-length: {len(BODY)}".encode() in head


def test_uvicorns_own_protocol_writes_an_answer_twice() -> None:
    # What OneWriteHttp saves: the same exchange on the protocol it is made from.
    writes = exchange(HttpToolsProtocol, answering())
    assert [w for _t, w in writes][1] == BODY
    assert len(writes) == 2


def test_a_head_whose_body_is_late_is_written_at_once() -> None:
    # The application is still making the body: the head goes out when the event loop's
    # turn ends, not when the body comes.
    writes = exchange(OneWriteHttp, answering(late=0.2))
    assert len(writes) == 2
    (t_head, head), (t_body, body) = writes
    assert head.startswith(b"HTTP/1.1 200 OK\r\n") and head.endswith(b"\r\n\r\n")
    assert body == BODY
    assert t_body - t_head > 0.15


def test_an_exchange_leaves_no_reference_cycle_for_the_collector() -> None:
    # The held head's transport pointed at uvicorn's cycle, whose transport it is: every
    # request left a cycle (with its protocol objects) for the garbage collector, which a
    # server at 1,000 moves/s then spends its time walking.
    import gc
    import weakref

    cycles: list[Any] = []

    def forget(protocol: Any) -> None:
        cycles.append(weakref.ref(protocol.cycle))
        protocol.cycle = None  # as uvicorn does when the next request comes

    gc.collect()
    gc.disable()
    try:
        writes = exchange(OneWriteHttp, answering(), forget)
        assert len(writes) == 1
        assert cycles[0]() is None  # freed by reference counting alone
    finally:
        gc.enable()
