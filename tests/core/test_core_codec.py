"""The action codec (core/codec.py): structured actions and chance outcomes, numbered once."""

from dataclasses import dataclass

import pytest

from ludoteca import IllegalActionError, load_game
from ludoteca.core.codec import Codec, type_name
from tests.core.toygame import BET, GAME_ID, Bet, Card, Fold


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
    return Codec([Pass(), *(PlayBarrel(c, m) for c in (9, 12) for m in (0, 1))],
                 [Face("ace"), Face("king"), Card(0)])


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


def test_a_codec_takes_only_distinct_dataclass_instances():
    with pytest.raises(TypeError, match="is not a dataclass instance"):
        Codec([Pass(), 3])
    with pytest.raises(ValueError, match="listed twice"):
        Codec([Pass(), Pass()])


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
