"""The HTTP protocol ``ludoteca serve`` runs: uvicorn's (httptools), writing each answer
to its socket once.

uvicorn writes an answer's head (status line and headers) as soon as the application
starts it and its body when the application sends it: two writes, each a system call
that on the loopback address also delivers the data to the reader and wakes it. A move's
answer is a few hundred bytes; writing it with its head in one piece halves what its
sending costs. Nothing else changes: the same bytes, in the same order, on the same
connection.
"""

from __future__ import annotations

import asyncio
from typing import Any

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # uvicorn without httptools: its own choice of protocol is used
    HttpToolsProtocol = None


class HeadWithBody:
    """The transport of one request-response exchange as uvicorn's cycle sees it: the
    first write after the answer has started (its head) is held back and written with
    the next write (the body's first part) in one.

    A head whose body does not follow in the same turn of the event loop (a streamed
    answer still making its first part) is written at the end of that turn, so a held
    head never waits on the application. Closing writes a held head first. Everything
    else is the real transport's.
    """

    __slots__ = ("_cycle", "_flush", "_head", "_held_once", "_transport")

    def __init__(self, transport: asyncio.Transport, cycle: Any) -> None:
        self._transport = transport
        self._cycle = cycle  # uvicorn's RequestResponseCycle: its response_started
        self._head: bytes | None = None
        self._flush: asyncio.Handle | None = None
        self._held_once = False

    def write(self, data: bytes) -> None:
        head = self._head
        if head is not None:
            self._head = None
            if self._flush is not None:
                self._flush.cancel()
                self._flush = None
            self._transport.write(head + data)
            return
        # (A "100 Continue" is written before the answer starts: it goes out at once.)
        if not self._held_once and self._cycle.response_started:
            self._held_once = True
            # The cycle, whose transport this is, is not read again: dropped, so that
            # the exchange is freed by reference counting, not left as a cycle for the
            # garbage collector to find. The flush's handle (which holds this) likewise,
            # once it has run or been cancelled.
            self._cycle = None
            self._head = bytes(data)
            self._flush = asyncio.get_running_loop().call_soon(self.flush)
            return
        self._transport.write(data)

    def flush(self) -> None:
        """Writes a held head now (none held: nothing)."""
        head, self._head = self._head, None
        self._flush = None
        if head is not None and not self._transport.is_closing():
            self._transport.write(head)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:  # is_closing, get_extra_info, ...
        return getattr(self._transport, name)


if HttpToolsProtocol is not None:
    class OneWriteHttp(HttpToolsProtocol):  # type: ignore[misc, valid-type]
        """uvicorn's httptools protocol, each exchange's transport a :class:`HeadWithBody`."""

        def on_headers_complete(self) -> None:
            super().on_headers_complete()
            cycle = self.cycle
            if cycle is not None and type(cycle.transport) is not HeadWithBody:
                cycle.transport = HeadWithBody(cycle.transport, cycle)
else:
    OneWriteHttp = None


def http_protocol() -> Any:
    """What ``uvicorn.Config(http=...)`` is given: :class:`OneWriteHttp`, or "auto"
    where uvicorn has no httptools."""
    return OneWriteHttp if OneWriteHttp is not None else "auto"
