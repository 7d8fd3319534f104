"""The move log in words (:class:`LogBook`): a deal's cards make one entry, worded the same
whether the log is read one action at a time (a live page) or all at once (a page that
opens, a replay), and worded once per read."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.core.registry import load_game
from ludoteca.core.state import CHANCE
from ludoteca.core.words import naming
from ludoteca.server import views
from ludoteca.server.views import LogBook, log_entries

NAMES = ("Ana", "Bo", "Cy", "Di")


def played_match(actions: int, seed: int) -> tuple[Any, list[tuple[int, tuple[Any, ...]]]]:
    state = load_game("desperados").new_initial_state(4)
    rng, played = random.Random(seed), []
    for _ in range(actions):
        player = state.current_player()
        if player == CHANCE:
            action = rng.choice(state.chance_outcomes())[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        played.append((player, tuple(state.events())))
    return state, played


@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_a_log_read_action_by_action_equals_the_log_read_whole(viewer: int | None) -> None:
    state, played = played_match(120, seed=5)
    with naming(NAMES):
        whole = log_entries(state, viewer, played)
        book = LogBook()
        for i in range(len(played)):
            book.extend(state, viewer, played[i:i + 1])
        chunked = LogBook()
        for i in range(0, len(played), 7):
            chunked.extend(state, viewer, played[i:i + 7])
    assert book.entries == whole == chunked.entries
    deal = whole[0]  # the opening deal, one entry for every card dealt
    assert deal["move"] == 0 and ("×" in deal["text"] or ";" in deal["text"])
    assert deal["step"] > 4


def test_a_deal_read_whole_is_worded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state, played = played_match(120, seed=5)
    calls: list[int] = []
    fold = views.fold_texts

    def counted(texts: Any) -> str:
        calls.append(len(texts))
        return fold(texts)

    monkeypatch.setattr(views, "fold_texts", counted)
    with naming(NAMES):
        entries = log_entries(state, 0, played)
    folded = [e for e in entries if e["move"] == 0]
    # Each folded entry is worded once, from all of its lines (not once per card dealt).
    assert len(calls) == len(folded) and calls[0] == folded[0]["step"]
