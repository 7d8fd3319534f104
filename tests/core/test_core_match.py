"""Matches: records, replay, the match runner and what it shows agents."""

import json
import random

import pytest

from ludoteca import Agent, MatchRecord, ReplayError, load_game, replay, run_match
from ludoteca.core.match import load_records, record_of, save_records, seat_rng
from tests.core.toygame import GAME_ID, HighCard


def a_record(seed: int = 3, players: int = 3) -> MatchRecord:
    return run_match(GAME_ID, ["random"] * players, seed=seed)


# ----- records -------------------------------------------------------------------------


def test_record_describes_the_whole_match():
    record = a_record()
    assert record.game == GAME_ID and record.num_players == 3
    assert record.variant == "standard" and record.options == {"stakes": 1}
    assert record.edition is None and record.seed == 3
    assert record.agents == ["random"] * 3
    assert record.finished and len(record.actions) == 6
    assert record.returns and sum(record.returns) == pytest.approx(1.0)


def test_record_round_trips_through_json():
    record = a_record()
    text = record.to_json()
    assert "\n" not in text  # one line per match in a dataset
    assert MatchRecord.from_json(text) == record


def test_records_save_and_load_as_json_lines(tmp_path):
    records = [a_record(seed) for seed in range(4)]
    path = tmp_path / "matches.jsonl"
    save_records(path, records)
    assert len(path.read_text().splitlines()) == 4
    assert load_records(path) == records


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not a match record (bad JSON: "),
        ("[1, 2]", "not a match record (expected a JSON object)"),
        ('{"game": "highcard", "num_players": 2, "variant": "standard", "colour": "red"}',
         "not a match record (unknown keys: colour)"),
        ('{"game": "highcard"}', "not a valid match record (num_players: Field required; "
         "variant: Field required)"),
        ('{"game": "highcard", "num_players": 2, "variant": "standard", "version": 99}',
         "match record version 99 is not supported"),
    ],
)
def test_from_json_rejects_what_is_not_a_record(text, message):
    with pytest.raises(ReplayError) as err:
        MatchRecord.from_json(text)
    assert str(err.value).startswith(message)


BAD_FIELDS = [
    ("actions", None, "actions: Input should be a valid list"),
    ("options", [1], "options: Input should be a valid dictionary"),
    ("agents", 3, "agents: Input should be a valid list"),
    ("actions", [1, "2"], "actions.1: Input should be a valid integer"),
    ("actions", [True], "actions.0: Input should be a valid integer"),
    ("num_players", "2", "num_players: Input should be a valid integer"),
    ("seed", 1.5, "seed: Input should be a valid integer"),
]


@pytest.mark.parametrize(("key", "value", "problem"), BAD_FIELDS)
def test_a_record_file_with_a_bad_field_is_a_replay_error(key, value, problem):
    # Issue #6: "actions": null, "options": [1] or "agents": 3 gave a traceback.
    data = json.loads(a_record().to_json()) | {key: value}
    with pytest.raises(ReplayError) as err:
        MatchRecord.from_json(json.dumps(data))
    assert str(err.value) == f"not a valid match record ({problem})"


@pytest.mark.parametrize(("key", "value", "problem"), BAD_FIELDS)
def test_replay_of_a_record_with_a_bad_field_is_a_replay_error(key, value, problem):
    record = a_record()
    setattr(record, key, value)
    with pytest.raises(ReplayError) as err:
        replay(record)
    assert str(err.value) == f"not a valid match record ({problem})"


def test_replay_of_something_else_is_a_replay_error():
    with pytest.raises(ReplayError, match="not a match record"):
        replay({"game": GAME_ID})


def test_record_with_its_own_edition_replays_anywhere():
    text = HighCard.default_edition.read_text().replace("[2, 3, 5, 7, 11]", "[1, 4, 9, 16]")
    game = HighCard(edition_text=text)
    record = run_match(game, ["random", "random"], seed=5)
    assert record.edition == text
    again = MatchRecord.from_json(record.to_json())
    assert again.game_object().edition.deck.ranks.value == [1, 4, 9, 16]
    assert replay(again).scores() == record.scores


# ----- replay --------------------------------------------------------------------------


def test_replay_rebuilds_the_final_and_every_intermediate_state():
    record = a_record()
    assert replay(record).scores() == record.scores
    assert replay(record, upto=2).history() == record.actions[:2]


def test_replay_detects_an_illegal_action():
    record = a_record()
    record.actions[1] = record.actions[0]  # the same card dealt twice
    with pytest.raises(ReplayError, match=r"^action 1 \(\d\) does not replay: High Card: "):
        replay(record)


def test_replay_detects_tampered_scores():
    record = a_record()
    record.scores = [s + 1 for s in record.scores]
    with pytest.raises(ReplayError, match="scores differ: recorded"):
        replay(record)
    assert replay(record, verify=False).scores() != record.scores


def test_replay_detects_a_truncated_finished_record():
    record = a_record()
    record.actions = record.actions[:-1]
    with pytest.raises(ReplayError, match="its actions do not end it"):
        replay(record)


def test_replay_of_an_unknown_game_is_reported():
    record = a_record()
    record.game = "no-such-game"
    with pytest.raises(ValueError, match="unknown game 'no-such-game'"):
        replay(record)


def test_record_of_an_unfinished_match():
    state = load_game(GAME_ID).new_initial_state(2)
    state.apply_action(3)
    record = record_of(state, seed=9)
    assert not record.finished and record.scores == [] and record.actions == [3]
    assert replay(record).history() == [3]


# ----- run_match -----------------------------------------------------------------------


def test_same_seed_same_match():
    assert a_record(11) == a_record(11)


def test_without_a_seed_a_fresh_one_is_drawn_and_recorded():
    # Issue #6: seed None replayed the same match every time.
    records = [run_match(GAME_ID, ["random"] * 3) for _ in range(2)]
    assert all(isinstance(r.seed, int) for r in records)
    assert records[0].seed != records[1].seed
    for record in records:
        assert run_match(GAME_ID, ["random"] * 3, seed=record.seed) == record
        assert replay(record).scores() == record.scores
        assert MatchRecord.from_json(record.to_json()).seed == record.seed


def test_different_seeds_give_different_matches():
    assert len({tuple(a_record(seed).actions) for seed in range(10)}) > 5


def test_streams_are_independent_and_reproducible():
    assert seat_rng(1, "chance").random() == seat_rng(1, "chance").random()
    assert seat_rng(1, "chance").random() != seat_rng(1, "seat0").random()
    assert seat_rng(1, "seat0").random() != seat_rng(2, "seat0").random()


def test_run_match_takes_agents_or_specs_and_records_their_specs():
    record = run_match(GAME_ID, ["random", Always(1)], seed=2, variant="lowball",
                       options={"stakes": 2})
    assert record.agents == ["random", "always"]
    assert record.variant == "lowball" and record.options == {"stakes": 2}


def test_on_action_sees_every_action_after_it_is_applied_with_its_events():
    seen = []
    record = run_match(GAME_ID, ["random"] * 2, seed=4,
                       on_action=lambda state, player, action: seen.append(
                           (len(state.history()), player, action,
                            [e.kind for e in state.events()])))
    assert [a for _, _, a, _ in seen] == record.actions
    assert [n for n, _, _, _ in seen] == list(range(1, len(record.actions) + 1))
    assert [p for _, p, _, _ in seen] == [-1, -1, 0, 1]
    assert [kinds[0] for _, _, _, kinds in seen[:2]] == ["dealt", "dealt"]


def test_max_actions_stops_the_match_unfinished():
    record = run_match(GAME_ID, ["random"] * 2, seed=4, max_actions=3)
    assert not record.finished and len(record.actions) == 3 and record.scores == []


class Always(Agent):
    """Bets (or folds) whatever it sees."""

    name = "always"

    def __init__(self, action: int) -> None:
        super().__init__()
        self.action = action

    def act(self, view, player, rng):
        return self.action


class Spy(Agent):
    """Records what it is shown: the other seats' hands in its view, and the view itself."""

    name = "spy"

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[int, list, object]] = []

    def act(self, view, player, rng):
        hands = [view.observation(q)["hand"] for q in range(view.num_players)]
        self.seen.append((player, hands, view))
        return rng.choice(view.legal_actions())


def test_agents_see_determinized_views_not_the_truth():
    hidden_differs = 0
    for seed in range(20):
        spy = Spy()
        record = run_match(GAME_ID, [spy, "random", "random"], seed=seed)
        ((player, hands, view),) = spy.seen
        at = 0  # the spy acted once: at the first node where its seat decided
        while replay(record, upto=at).current_player() != player:
            at += 1
        truth = replay(record, upto=at)
        assert view is not truth
        true_hands = [truth.observation(q)["hand"] for q in range(3)]
        assert hands[player] == true_hands[player]  # its own card is never resampled
        assert view.observation(player) == truth.observation(player)
        hidden_differs += hands != true_hands
    assert hidden_differs >= 10  # 2 of 4 unseen cards: right by chance about 1 time in 12


class Vandal(Agent):
    """Plays on its view before answering: must not affect the real match."""

    name = "vandal"

    def act(self, view, player, rng):
        legal = view.legal_actions()
        view.apply_action(legal[0])
        return rng.choice(legal)


class Peaceful(Agent):
    """Reads its view like the Vandal, and leaves it alone."""

    name = "peaceful"

    def act(self, view, player, rng):
        return rng.choice(view.legal_actions())


def test_an_agent_cannot_change_the_match_through_its_view():
    for seed in range(10):
        assert run_match(GAME_ID, [Vandal(), Peaceful()], seed=seed).actions == \
            run_match(GAME_ID, [Peaceful(), Peaceful()], seed=seed).actions


def test_a_views_history_leads_to_the_view_not_to_the_truth():
    state = load_game(GAME_ID).new_initial_state(2)
    state.apply_action(0)
    state.apply_action(4)  # seat 1 holds the 11
    assert state.history() == [0, 4]
    other_cards = set()
    for s in range(20):
        view = state.determinize(0, random.Random(s))
        assert view.history() == [0, view.hands[1]]
        other_cards.add(view.history()[1])
    assert other_cards == {1, 2, 3, 4}  # the true 11 only as often as any other card


class Counting(Agent):
    """Counts its decisions."""

    name = "counting"

    def __init__(self) -> None:
        super().__init__()
        self.decisions = 0

    def act(self, view, player, rng):
        self.decisions += 1
        return rng.choice(view.legal_actions())


def test_the_random_agent_gets_no_view(monkeypatch):
    from ludoteca import make_agent
    from tests.core.toygame import HighCardState

    calls = []
    original = HighCardState.determinize

    def counting(self, player, rng):
        calls.append(player)
        return original(self, player, rng)

    monkeypatch.setattr(HighCardState, "determinize", counting)
    assert make_agent("random").reads_view is False
    run_match(GAME_ID, ["random"] * 3, seed=1)
    assert calls == []
    reader = Counting()
    run_match(GAME_ID, [reader, "random", "random"], seed=1)
    assert reader.decisions == 1 and calls == [0]


def test_observations_of_a_match_are_json():
    state = replay(a_record())
    json.dumps([state.observation(p) for p in (None, 0, 1, 2)])
