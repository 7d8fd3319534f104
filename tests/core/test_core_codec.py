"""The action codec (core/codec.py): structured actions and chance outcomes, numbered once."""

import dataclasses
import pickle
from array import array
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca import IllegalActionError, load_game
from ludoteca.core.codec import Codec, Space, type_name
from ludoteca.core.errors import ConfigError
from tests.core.toygame import BET, FOLD, GAME_ID, Bet, Card, Fold, HighCard


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class PlayBarrel:
    card: int
    mine: int


@dataclass(frozen=True, slots=True)
class Face:
    card: str


class Index:
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def codec() -> Codec:
    return Codec([Pass, Space(PlayBarrel, card=(9, 12), mine=range(2))],
                 [Space(Face, card=("ace", "king")), Space(Card, index=range(1))])


def test_type_names_are_snake_case():
    assert type_name(PlayBarrel) == "play_barrel"
    assert type_name(Pass) == "pass"


def test_encode_and_decode():
    c = codec()
    assert (c.num_actions, c.num_outcomes) == (5, 3)
    assert c.encode(Pass()) == 0 and c.encode(PlayBarrel(12, 1)) == 4
    assert c.actions[4] == PlayBarrel(12, 1)
    assert c.encode_outcome(Face("king")) == 1 and c.outcomes[1] == Face("king")
    with pytest.raises(KeyError):
        c.encode(PlayBarrel(10, 0))


def test_every_action_and_outcome_round_trips_through_json():
    c = codec()
    for i in range(c.num_actions):
        assert c.action_from_json(c.action_to_json(i)) == i
    for j in range(c.num_outcomes):
        assert c.outcome_from_json(c.outcome_to_json(j)) == j
    assert c.action_to_json(3) == {"type": "play_barrel", "card": 12, "mine": 0}
    assert c.outcome_to_json(0) == {"type": "face", "card": "ace"}


def test_json_with_its_own_number_and_integer_types():
    c = codec()
    assert c.action_from_json({"type": "play_barrel", "card": 9, "mine": 1, "action": 2}) == 2
    assert c.action_from_json({"type": "play_barrel", "card": Index(9), "mine": 1}) == 2
    assert c.action_from_json({"type": "pass", "label": "pass", "extra": 1}) == 0


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1], "an action is a JSON object, not [1]"),
        ({"card": 9}, "unknown action type None; known: pass, play_barrel"),
        ({"type": "jump"}, "unknown action type 'jump'; known: pass, play_barrel"),
        ({"type": "play_barrel", "card": 9}, "action 'play_barrel' needs the field 'mine'"),
        ({"type": "play_barrel", "card": True, "mine": 0},
         "play_barrel.card must be a whole number, not True"),
        ({"type": "play_barrel", "card": 9.0, "mine": 0},
         "play_barrel.card must be a whole number, not 9.0"),
        ({"type": "play_barrel", "card": [9], "mine": 0},
         "play_barrel.card must be a whole number, not [9]"),
        ({"type": "play_barrel", "card": 10, "mine": 0},
         "there is no action {'type': 'play_barrel', 'card': 10, 'mine': 0} in this game"),
        ({"type": "play_barrel", "card": 9, "mine": 0, "action": 4},
         "action 'play_barrel' with these fields is 1, not 4"),
    ],
)
def test_bad_json_is_an_illegal_action_with_a_clear_message(data, message):
    with pytest.raises(IllegalActionError) as err:
        codec().action_from_json(data)
    assert str(err.value) == message


def test_outcomes_are_typed_apart_from_actions():
    c = codec()
    with pytest.raises(IllegalActionError, match="unknown chance outcome type 'pass'"):
        c.outcome_from_json({"type": "pass"})
    with pytest.raises(IllegalActionError, match=r"no chance outcome .* in this game"):
        c.outcome_from_json({"type": "face", "card": "joker"})


def test_a_codec_takes_only_distinct_dataclass_types_with_a_domain_per_field():
    with pytest.raises(TypeError, match=r"takes action types .*, not Pass\(\)"):
        Codec([Pass()])  # an instance: nothing is listed any more
    with pytest.raises(TypeError, match="an action type is a dataclass, not 3"):
        Codec([Space(3)])
    with pytest.raises(TypeError, match=r"PlayBarrel has the fields \(card, mine\); domains "
                                        r"were given for \(card\)"):
        Codec([Space(PlayBarrel, card=range(3))])
    with pytest.raises(TypeError, match=r"PlayBarrel has the fields"):
        Codec([PlayBarrel])  # a bare class is a type without fields
    with pytest.raises(ValueError, match="action type Pass is listed twice"):
        Codec([Pass, Pass])
    with pytest.raises(ValueError, match="domain value 9 is listed twice"):
        Codec([Space(PlayBarrel, card=(9, 12, 9), mine=range(2))])
    with pytest.raises(TypeError, match="not 'ace'"):
        Codec([], [Space(Face, card="ace")])


# ----- the codec at the State -------------------------------------------------------------


def test_the_toy_game_numbers_decisions_and_outcomes_apart():
    game = load_game(GAME_ID)
    assert game.codec.actions == (Fold(), Bet())
    assert game.codec.outcomes == tuple(Card(i) for i in range(5))
    assert game.info.num_distinct_actions == 2 and game.info.max_chance_outcomes == 5


def test_action_from_json_reads_the_numbering_of_the_node():
    state = load_game(GAME_ID).new_initial_state(2)
    assert state.action_from_json({"type": "card", "index": 3}) == 3
    assert state.action_from_json({"action": 4}) == 4
    with pytest.raises(IllegalActionError, match="unknown chance outcome type 'bet'"):
        state.action_from_json({"type": "bet"})
    state.apply_action(state.action_from_json({"type": "card", "index": 3}))
    state.apply_action(0)
    assert state.action_from_json({"type": "bet"}) == BET
    assert state.action_from_json(state.action_to_json(BET)) == BET
    with pytest.raises(IllegalActionError, match="unknown action type 'card'"):
        state.action_from_json({"type": "card", "index": 3})
    with pytest.raises(IllegalActionError, match="7 is not an action of this game"):
        state.action_from_json({"action": 7})
    with pytest.raises(IllegalActionError, match="whole number, not True"):
        state.action_from_json({"action": True})


# ----- arithmetic: mixed radix within a type, types end to end -----------------------------


def test_ids_are_mixed_radix_in_the_order_the_fields_are_named():
    card_first = Codec([Pass, Space(PlayBarrel, card=(9, 12), mine=range(2))])
    mine_first = Codec([Pass, Space(PlayBarrel, mine=range(2), card=(9, 12))])
    assert [card_first.encode(PlayBarrel(c, m)) for c in (9, 12) for m in (0, 1)] == [1, 2, 3, 4]
    assert [mine_first.encode(PlayBarrel(c, m)) for m in (0, 1) for c in (9, 12)] == [1, 2, 3, 4]
    assert card_first.decode(2) == PlayBarrel(9, 1) and mine_first.decode(2) == PlayBarrel(12, 0)
    assert card_first != mine_first and card_first == codec().__class__(
        [Pass, Space(PlayBarrel, card=(9, 12), mine=range(2))])


def test_a_range_domain_numbers_its_ints_and_nothing_else():
    c = Codec([], [Space(Card, index=range(10, 30, 5))])
    assert [c.encode_outcome(Card(v)) for v in (10, 15, 20, 25)] == [0, 1, 2, 3]
    assert c.decode_outcome(3) == Card(25) and c.num_outcomes == 4
    for value in (12, 30, 5, "10", 10.0, None):
        with pytest.raises(KeyError):
            c.encode_outcome(Card(value))
    assert c.encode_outcome(Card(Index(15))) == 1
    with pytest.raises(IndexError, match=r"chance outcome 4 is not in range\(4\)"):
        c.decode_outcome(4)
    with pytest.raises(IndexError):
        c.decode_outcome(-1)


def test_an_empty_domain_takes_no_ids_and_its_type_is_still_known():
    c = Codec([Space(PlayBarrel, card=(), mine=range(2)), Pass])
    assert c.num_actions == 1 and c.encode(Pass()) == 0 and c.decode(0) == Pass()
    with pytest.raises(IllegalActionError, match="there is no action"):
        c.action_from_json({"type": "play_barrel", "card": 9, "mine": 0})


# ----- a large space: Dos Rios' Move(src, dst) + Attack(target, src_a, src_b) over 60 hexes --

HEXES = 60
BUILT = []  # one entry per Move or Attack constructed


@dataclass(frozen=True, slots=True)
class Move:
    src: int
    dst: int

    def __post_init__(self):
        BUILT.append(self)


@dataclass(frozen=True, slots=True)
class Attack:
    target: int
    src_a: int
    src_b: int

    def __post_init__(self):
        BUILT.append(self)


def dos_rios() -> Codec:
    hexes = range(HEXES)
    return Codec([Space(Move, src=hexes, dst=hexes),
                  Space(Attack, target=hexes, src_a=hexes, src_b=hexes)])


MOVES = HEXES ** 2
SPACE = MOVES + HEXES ** 3  # 219,600
hexes = st.integers(0, HEXES - 1)


def test_a_large_codec_builds_without_making_a_single_action():
    BUILT.clear()
    c = dos_rios()
    assert c.num_actions == SPACE == 219_600
    assert BUILT == []  # nothing listed: building costs the two types, not 219,600 actions
    assert len(c.actions) == SPACE and not isinstance(c.actions, tuple)
    assert c.actions[-1] == Attack(59, 59, 59) and c.actions[MOVES] == Attack(0, 0, 0)
    assert Attack(3, 4, 5) in c.actions and Move(60, 0) not in c.actions
    assert c.actions.index(Move(2, 7)) == 2 * HEXES + 7
    with pytest.raises(IndexError):
        c.actions[SPACE]


def test_a_large_codec_decodes_an_id_once_while_it_is_remembered(monkeypatch):
    from ludoteca.core import codec as codec_module

    c = dos_rios()
    table = c.action_table
    BUILT.clear()
    for _ in range(100):
        assert table[123_456] == c.decode(123_456)
    assert len(BUILT) == 1 + 100  # the memo's one, then decode()'s own each time
    monkeypatch.setattr(codec_module, "MEMO_SIZE", 50)
    for i in range(0, SPACE, 997):
        assert table[i] == c.decode(i)
    assert len(table) <= 50  # bounded: a long match does not keep every action


@given(hexes, hexes)
def test_moves_encode_to_dense_ids_and_decode_back(src, dst):
    c = DOS_RIOS
    i = c.encode(Move(src, dst))
    assert i == src * HEXES + dst and 0 <= i < MOVES
    assert c.decode(i) == Move(src, dst) == c.actions[i] == c.action_table[i]


@given(hexes, hexes, hexes)
def test_attacks_encode_to_dense_ids_after_the_moves_and_decode_back(target, a, b):
    c = DOS_RIOS
    i = c.encode(Attack(target, a, b))
    assert i == MOVES + (target * HEXES + a) * HEXES + b and MOVES <= i < SPACE
    assert c.decode(i) == Attack(target, a, b) == c.action_table[i]
    data = c.action_to_json(i)
    assert data == {"type": "attack", "target": target, "src_a": a, "src_b": b}
    assert c.action_from_json(data) == i


@given(st.integers(0, SPACE - 1))
def test_every_id_of_the_space_is_one_action(i):
    c = DOS_RIOS
    assert c.encode(c.decode(i)) == i


@given(st.one_of(st.integers(), st.text(max_size=3), st.none()), hexes)
def test_values_outside_a_domain_are_no_action(value, other):
    c = DOS_RIOS
    if isinstance(value, int) and 0 <= value < HEXES:
        assert c.encode(Move(value, other)) == value * HEXES + other
    else:
        with pytest.raises(KeyError):
            c.encode(Move(value, other))
        with pytest.raises(IllegalActionError):
            c.action_from_json({"type": "attack", "target": value, "src_a": other,
                                "src_b": other})


DOS_RIOS = dos_rios()


# ----- a State over the large space --------------------------------------------------------


class RaidingHighCard(HighCard):
    """High Card whose codec also numbers the 216,000 Attacks (never legal): what a State
    and the kit do with a space too large to list."""

    def build_codec(self):
        hexes = range(HEXES)
        return Codec([Fold, Bet, Space(Attack, target=hexes, src_a=hexes, src_b=hexes)],
                     HighCard.build_codec(self).outcome_spaces)

    def build_info(self):
        return dataclasses.replace(HighCard.build_info(self), action_space_limit=SPACE)


class Writes:
    """A mask buffer that records where it is written."""

    def __init__(self, size):
        self.size, self.written = size, []

    def __len__(self):
        return self.size

    def __setitem__(self, index, value):
        self.written.append((index, value))


def test_a_state_plays_and_masks_over_a_large_space_writing_only_the_legal_ids():
    game = RaidingHighCard()
    state = game.new_initial_state(2)
    assert game.info.num_distinct_actions == 2 + HEXES ** 3
    buffer = Writes(game.info.num_distinct_actions)
    assert state.legal_actions_mask_into(buffer) == () and buffer.written == []  # chance
    state.apply_action(0)
    state.apply_action(1)
    assert state.legal_actions_mask_into(buffer) == (FOLD, BET)
    assert buffer.written == [(FOLD, 1), (BET, 1)]
    assert state.action_to_json(BET)["type"] == "bet"
    assert state.action_from_json({"type": "attack", "target": 1, "src_a": 2,
                                   "src_b": 3}) == 2 + 1 * 3600 + 2 * 60 + 3
    with pytest.raises(IllegalActionError, match="you may only fold"):
        state.apply_action(2 + 1 * 3600 + 2 * 60 + 3)
    with pytest.raises(IllegalActionError, match="numbered 0 to 216001"):
        state.apply_action(216_002)
    state.apply_action(BET)
    state.apply_action(FOLD)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and again.returns() == state.returns()


@pytest.mark.parametrize("make", [bytearray, lambda n: [0] * n, lambda n: array("b", bytes(n)),
                                  lambda n: __import__("numpy").zeros(n, dtype=bool)])
def test_a_mask_goes_into_any_writable_sequence(make):
    state = load_game(GAME_ID).new_initial_state(2)
    out = make(2)
    assert state.legal_actions_mask_into(out) == () and list(out) == [0, 0]
    state.apply_action(0)
    state.apply_action(1)
    assert state.legal_actions_mask_into(out) == (FOLD, BET) and list(out) == [1, 1]
    assert state.legal_actions_mask() == [1, 1]


def test_a_mask_buffer_of_another_size_is_refused_in_a_sentence():
    state = load_game(GAME_ID).new_initial_state(2)
    with pytest.raises(ConfigError, match="a writable sequence of 2 numbers, not bytearray of "
                                          "length 3"):
        state.legal_actions_mask_into(bytearray(3))
    with pytest.raises(ConfigError, match="not int"):
        state.legal_actions_mask_into(5)


def test_the_kit_runs_on_a_large_space_the_game_declares():
    from ludoteca.testing import (
        check_clone_identity,
        check_illegal_actions,
        check_json_actions,
        check_pickle,
    )

    game = RaidingHighCard()
    for check in (check_json_actions, check_pickle, check_clone_identity):
        check(game, 2, "standard", every=1)
    check_illegal_actions(game, 2, "standard")
