"""Desperados' ids: the arithmetic codec numbers every action and chance outcome exactly as
the listing the game shipped with did (records, stored matches and replays rely on it), and
the id tables the steps read agree with it."""

import hashlib
import json

import pytest

from ludoteca.games.desperados import Desperados
from ludoteca.games.desperados.actions import Card, Close, Draw, Fight, Open, Pass, Work
from ludoteca.games.desperados.tables import MAX_DISPLAYS, Tables
from ludoteca.testing import check_action_space

DEFAULT = Desperados.default_edition.read_text()
SMALLER = DEFAULT.replace(
    "value = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", "value = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"
).replace("mines_per_metal = { value = 3", "mines_per_metal = { value = 2")


def listed_actions(t: Tables) -> list:
    """The enumeration the game shipped with, kept as the reference."""
    acts: list = [Draw()]
    acts += [Pass(k) for k in t.kinds]
    acts += [Open(m, d) for m in range(t.num_metals) for d in range(MAX_DISPLAYS)]
    acts += [Work(k, s) for k in t.chest_kinds for s in t.slots]
    acts += [Close(s) for s in t.slots]
    acts += [Fight(k, s) for k in t.desperado_kinds for s in t.slots]
    return acts


def digest(items: list) -> str:
    return hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize("text", [DEFAULT, SMALLER], ids=["default", "smaller"])
def test_every_id_is_the_one_of_the_shipped_listing(text):
    game = Desperados(edition_text=text)
    codec, t = game.codec, game.cards
    actions = listed_actions(t)
    assert codec.num_actions == len(actions) == game.info.num_distinct_actions
    for i, action in enumerate(actions):
        assert codec.decode(i) == codec.actions[i] == action and codec.encode(action) == i
    outcomes = [Card(k) for k in t.kinds]
    assert codec.num_outcomes == len(outcomes)
    for j, outcome in enumerate(outcomes):
        assert codec.decode_outcome(j) == outcome and codec.encode_outcome(outcome) == j


def test_the_shipped_numbering_is_pinned():
    # Digests of [action_to_json(i) for every i] as the listing codec gave them.
    codec = Desperados().codec
    assert codec.num_actions == 206 and codec.num_outcomes == 22
    assert digest([codec.action_to_json(i) for i in range(206)]) == "67a69efa71af6cf1"
    assert digest([codec.outcome_to_json(j) for j in range(22)]) == "96014ceec57cb6a8"


def test_the_id_tables_agree_with_the_codec():
    game = Desperados()
    t, enc = game.cards, game.codec.encode
    assert t.DRAW_ID == enc(Draw()) == 0
    assert [t.pass_id[k] for k in t.kinds] == list(t.pass_ids) == [enc(Pass(k)) for k in t.kinds]
    for m in range(t.num_metals):
        assert t.open_id[m] == [enc(Open(m, d)) for d in range(MAX_DISPLAYS)]
    for k in t.kinds:
        for s in t.slots:
            assert t.work_id[k][s] == (enc(Work(k, s)) if t.is_chest(k) else -1)
            assert t.fight_id[k][s] == (enc(Fight(k, s)) if k in t.desperado_kinds else -1)
    assert t.close_id == [enc(Close(s)) for s in t.slots]
    assert all(t.index[a] == i for i, a in enumerate(t.actions))


def test_the_action_space_stays_within_its_limit():
    check_action_space(Desperados())
