"""The hub's garbage-collector schedule: while a hub runs, Python's automatic collection is
off and the hub's own per-second collection frees cyclic garbage; once it closes, the
collector is as it was found (enabled if it was, nothing frozen)."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

WAIT = 10.0  # seconds: generous, the hub collects every second


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def collector_found_enabled() -> Iterator[None]:
    """The collector enabled and nothing frozen when the test starts, and so afterwards
    whatever the test left."""
    was = gc.isenabled()
    gc.unfreeze()
    gc.enable()
    try:
        yield
    finally:
        gc.unfreeze()
        if was:
            gc.enable()
        else:
            gc.disable()


def make_cycle(freed: threading.Event) -> weakref.ref[Node]:
    """Two nodes pointing at each other, referenced from nowhere else: only a collection
    frees them. ``freed`` is set when they go."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a, lambda _ref: freed.set())


def test_the_hub_collects_on_its_own_schedule_and_hands_the_collector_back(
        collector_found_enabled: None, sqlite_url: str) -> None:
    from fastapi.testclient import TestClient

    from ludoteca.server import create_app

    collections: list[int] = []

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    client = TestClient(create_app(sqlite_url, bot_workers=0))
    gc.callbacks.append(watch)
    try:
        with client:
            assert not gc.isenabled(), "automatic collection stays on while the hub runs"
            freed = threading.Event()
            holder: list[weakref.ref[Node]] = []
            # Made in the event loop's thread (between two of the hub's steps), so that it
            # cannot fall between a collection and the freeze that follows it.
            client.portal.call(lambda: holder.append(make_cycle(freed)))  # type: ignore[union-attr]
            ref = holder.pop()
            collections.clear()
            # Objects made here would set off an automatic collection if it were on.
            junk = [[i] for i in range(50_000)]
            del junk
            assert freed.wait(WAIT), "a cycle made while the hub runs was never collected"
            assert ref() is None
            assert collections, "nothing collected the cycle"
            # Only the hub's full collections (generation 2, of what is not frozen) ran:
            # Python's own, by generation thresholds, would be of generations 0 and 1.
            assert set(collections) == {2}, collections
            assert gc.get_freeze_count() > 0, "the hub freezes what survives"
    finally:
        gc.callbacks.remove(watch)
    assert gc.isenabled(), "the collector was enabled before the hub: it must be after"
    assert gc.get_freeze_count() == 0, "objects stay frozen after the hub closed"


def test_a_collector_found_disabled_stays_disabled(collector_found_enabled: None,
                                                   sqlite_url: str) -> None:
    from fastapi.testclient import TestClient

    from ludoteca.server import create_app

    gc.disable()
    with TestClient(create_app(sqlite_url, bot_workers=0)):
        assert not gc.isenabled()
    assert not gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_two_hubs_side_by_side_hand_the_collector_back_once_both_closed(
        collector_found_enabled: None, tmp_path: Any) -> None:
    from fastapi.testclient import TestClient

    from ludoteca.server import create_app

    first = TestClient(create_app(f"sqlite:///{tmp_path / 'a.sqlite3'}", bot_workers=0))
    second = TestClient(create_app(f"sqlite:///{tmp_path / 'b.sqlite3'}", bot_workers=0))
    with first:
        with second:
            assert not gc.isenabled()
        assert not gc.isenabled(), "one hub closed gave the collector back under the other"
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
