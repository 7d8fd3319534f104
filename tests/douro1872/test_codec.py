"""Douro 1872's ids: the arithmetic codec numbers every decision and chance outcome exactly
as the listing the game shipped with did (records, the pinned digests of
``test_random_play.py`` and stored matches rely on it), and the precomputed id tables agree
with it."""

import hashlib
import json

import pytest

from ludoteca.games.douro1872 import Douro1872
from ludoteca.games.douro1872.actions import (
    Cut,
    Donate,
    Face,
    FogBack,
    FogCard,
    GhostCard,
    LotteryCard,
    PlayBarrel,
    RegularBack,
)
from ludoteca.games.douro1872.tables import MOST_SEATS, Tables
from ludoteca.testing import check_action_space

DEFAULT = Douro1872.default_edition.read_text()
REVERSED = DEFAULT.replace("value = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10]",
                           "value = [10, 9, 8, 7, 6, 4, 3, 2, 1, 0]")


def listed(t: Tables) -> tuple[list, list]:
    """The enumeration the game shipped with, kept as the reference."""
    actions = [PlayBarrel(v) for v in t.values] + [Donate(v) for v in t.values]
    outcomes: list = [FogBack()]
    outcomes += [RegularBack(level) for level in t.level_names]
    outcomes += [Face(r) for r in range(t.num_regular)]
    outcomes += [FogCard(e) for e in t.fog_effects]
    outcomes += [LotteryCard(v) for v in t.values]
    outcomes += [Cut(seat) for seat in range(MOST_SEATS)]
    outcomes += [GhostCard(v) for v in t.values]
    return actions, outcomes


def digest(items: list) -> str:
    return hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize("text", [DEFAULT, REVERSED], ids=["default", "reversed-values"])
def test_every_id_is_the_one_of_the_shipped_listing(text):
    game = Douro1872(edition_text=text)
    codec = game.codec
    actions, outcomes = listed(game.tables)
    assert codec.num_actions == len(actions) == game.info.num_distinct_actions
    assert codec.num_outcomes == len(outcomes) == game.info.max_chance_outcomes
    for i, action in enumerate(actions):
        assert codec.decode(i) == codec.actions[i] == action and codec.encode(action) == i
    for j, outcome in enumerate(outcomes):
        assert codec.decode_outcome(j) == codec.outcomes[j] == outcome
        assert codec.encode_outcome(outcome) == j


def test_the_shipped_numbering_is_pinned():
    # Digests of [action_to_json(i) for every i] as the listing codec gave them.
    codec = Douro1872().codec
    assert codec.num_actions == 20 and codec.num_outcomes == 52
    assert digest([codec.action_to_json(i) for i in range(20)]) == "8266e9ece400fef9"
    assert digest([codec.outcome_to_json(j) for j in range(52)]) == "c533766a53fc4d7c"


@pytest.mark.parametrize("text", [DEFAULT, REVERSED], ids=["default", "reversed-values"])
def test_the_id_tables_agree_with_the_codec(text):
    game = Douro1872(edition_text=text)
    t, codec = game.tables, game.codec
    enc, out = codec.encode, codec.encode_outcome
    for mask in (0, 1, 0b1010010011, t.full_hand):
        cards = [t.values[c] for c in t.bits[mask]]
        assert t.play_ids[mask] == tuple(enc(PlayBarrel(v)) for v in cards)
        assert t.donate_ids[mask] == tuple(enc(Donate(v)) for v in cards)
        assert [a for a, _ in t.lottery_outcomes[mask]] == [out(LotteryCard(v)) for v in cards]
        assert [a for a, _ in t.ghost_outcomes[mask]] == [out(GhostCard(v)) for v in cards]
    assert t.fog_back_id == out(FogBack())
    assert t.regular_back_id == tuple(out(RegularBack(v)) for v in t.level_names)
    assert t.face_id == tuple(out(Face(r)) for r in range(t.num_regular))
    assert t.fog_id == tuple(out(FogCard(e)) for e in t.fog_effects)
    assert t.cut_id == tuple(out(Cut(s)) for s in range(MOST_SEATS))


def test_the_action_space_stays_within_its_limit():
    check_action_space(Douro1872())
