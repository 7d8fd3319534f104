"""The shipped card set (ludoteca's own, in the box's counts) and the refusal of malformed
editions with the file, the card and the field named."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.core.edition import EditionError
from ludoteca.core.registry import load_game
from ludoteca.games.puertodiablo import PuertoDiablo

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "src/ludoteca/games/puertodiablo/editions/default.toml"
MINI = ROOT / "examples/puertodiablo-mini.toml"


def test_the_default_set_has_the_box_counts():
    e = load_game("puertodiablo").edition
    assert (len(e.harbours), len(e.log), len(e.characters), len(e.tall_tales),
            len(e.treasures)) == (8, 23, 51, 32, 14)
    assert sum(a.copies for a in e.abilities) == 62
    assert sorted(h.number for h in e.harbours) == [2, 3, 3, 3, 4, 4, 4, 5]


def test_the_default_set_is_named_as_ludotecas_own():
    e = load_game("puertodiablo").edition
    assert "ludoteca" in e.name and "original" in e.name
    assert "not the publisher" in e.description


def test_every_card_carries_its_provenance_and_rulebook_facts_are_tagged_so():
    e = load_game("puertodiablo").edition
    cards = [*e.harbours, *e.log, *e.characters, *e.abilities, *e.tall_tales, *e.treasures]
    assert all(c.source in ("rulebook", "found", "derived", "assumed") for c in cards)
    pd = next(h for h in e.harbours if h.name == "Puerto Diablo")
    assert pd.sources == {"name": "rulebook", "number": "rulebook", "fair": "rulebook"}
    rat = next(c for c in e.log if c.name == "Rat infestation causes disease")
    assert rat.sources["consequence"] == "rulebook"


def test_no_harbour_side_prohibits_both_symbols_of_a_challenge():
    # The card set's change: four foul sides (H02, H05, H06, H07) fixed so that every
    # challenge stays resolvable.
    e = load_game("puertodiablo").edition
    for h in e.harbours:
        for side in (h.fair, h.foul):
            for c in e.log:
                if c.kind == "challenge":
                    assert not set(c.symbols) <= set(side.prohibited), (h.id, c.id)


def test_la_corunas_foul_side_has_no_extra_prohibition_but_two_resolvers():
    e = load_game("puertodiablo").edition
    lc = next(h for h in e.harbours if h.number == 5)
    assert lc.foul.prohibited == lc.fair.prohibited and lc.foul.max_resolvers == 2


def edited(old: str, new: str) -> str:
    text = DEFAULT.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_an_unknown_effect_is_refused_naming_the_card_and_the_field(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(edited('op = "TAKE_PILOT"', 'op = "STEAL_SHIP"'), encoding="utf-8")
    with pytest.raises(EditionError) as err:
        load_game("puertodiablo", bad)
    msg = str(err.value)
    assert str(bad) in msg and "card A22" in msg and "effect[0].op" in msg
    assert "STEAL_SHIP" in msg


def test_a_bad_parameter_of_an_effect_is_refused():
    text = edited('{ op = "ADD_DOUBLOONS", n = 3 }', '{ op = "ADD_DOUBLOONS", n = "three" }')
    with pytest.raises(EditionError, match=r"card A10\).effect\[0\].n: a whole number"):
        PuertoDiablo(edition_text=text)
    text = edited('{ op = "ADD_DOUBLOONS", n = 3 }', '{ op = "ADD_DOUBLOONS", m = 3 }')
    with pytest.raises(EditionError, match=r"effect\[0\].m: not a parameter of ADD_DOUBLOONS"):
        PuertoDiablo(edition_text=text)


def test_a_payment_of_no_doubloons_is_refused():
    # It would leave a payer under minimal payment (R3) no side to choose.
    text = edited('consequence = [{ op = "PAY_DOUBLOONS", owner = "EACH_IN_HARBOUR", n = 3 }]',
                  'consequence = [{ op = "PAY_DOUBLOONS", owner = "EACH_IN_HARBOUR", n = 0 }]')
    with pytest.raises(EditionError, match=r"card L11\).consequence\[0\].n: PAY_DOUBLOONS pays "
                       r"at least 1 doubloon, not 0"):
        PuertoDiablo(edition_text=text)


def test_an_ability_effect_cannot_be_a_consequence():
    text = edited('consequence = [{ op = "PAY_DOUBLOONS", owner = "EACH_IN_HARBOUR", n = 3 }]',
                  'consequence = [{ op = "TAKE_PILOT" }]')
    with pytest.raises(EditionError, match=r"card L11\).consequence\[0\].op: TAKE_PILOT cannot"):
        PuertoDiablo(edition_text=text)


def test_a_malformed_card_is_refused_with_its_key():
    text = edited('price = 10\n', 'price = "ten"\n')
    with pytest.raises(EditionError, match=r"characters\[0\]\.price"):
        PuertoDiablo(edition_text=text)
    text = edited('nation = "NL"', 'nation = "XX"')
    with pytest.raises(EditionError, match=r"card C01\)\.nation"):
        PuertoDiablo(edition_text=text)


def test_the_example_edition_loads_and_plays():
    import ludoteca
    game = load_game("puertodiablo", MINI)
    assert len(game.edition.characters) == 25
    for n in (2, 3, 4, 5):
        record = ludoteca.run_match(game, ["random"] * n, seed=n)
        assert record.finished and abs(sum(record.returns) - 1.0) < 1e-9


def test_a_side_with_more_symbols_than_a_commitment_can_name_is_refused():
    text = edited('left = { symbols = ["CRF"], doubloons = 3 }',
                  'left = { symbols = ["CRF", "CRF", "CRF", "CRF"], doubloons = 3 }')
    with pytest.raises(EditionError, match=r"card C01\)\.left: at most 3 symbols"):
        PuertoDiablo(edition_text=text)


def test_a_count_the_engine_does_not_carry_out_is_refused_not_taken_as_one():
    # Press gang sends one male character of each player to the ship; a count of 2 would
    # be taken as 1 by the consequence, so it is refused at load, naming the card.
    old = 'chooser = "OWNER", gender = "M", count = 1 }'
    text = edited(old, old.replace("count = 1", "count = 2"))
    with pytest.raises(EditionError, match=r"consequence\[0\].target.count: 1 or \"ALL\", not 2"):
        PuertoDiablo(edition_text=text)
    assert PuertoDiablo(edition_text=edited(old, old.replace("count = 1", 'count = "ALL"')))
