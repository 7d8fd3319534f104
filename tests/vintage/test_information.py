"""What each seat may know: hands drawn from the deck, face-down chips, peeks."""

from __future__ import annotations

import random

from ludoteca.games.vintage.actions import (
    BonusChip,
    Card,
    DrawCard,
    DrawDeck,
    Pass,
    PeekChip,
    PlayCard,
)

from .helpers import act, card, chance, start
from .test_examples import place


def test_a_card_drawn_from_the_deck_is_the_drawers_alone():
    s = start(3)
    place(s, "cards")
    act(s, DrawDeck())
    chance(s, Card(card(s, "vintage")))
    told = {v: [s.describe_event(e, v) for e in s.events_for(v)] for v in (0, 1, None)}
    assert told[0] == ["You draw Sell 1 Ruby Vintage."]
    assert told[1] == told[None] == ["Seat 0 draws a card from the deck."]
    assert s.observation(0)["seats"][0]["hand"] == ["Sell 1 Ruby Vintage"]
    assert s.observation(1)["seats"][0]["hand"] is None
    assert s.observation(1)["seats"][0]["hidden_cards"] == 1
    assert s.observation(None)["seats"][0]["open_cards"] == []
    worlds = {tuple(s.determinize(1, random.Random(i)).secret_hand[0]) for i in range(40)}
    assert len(worlds) > 1, "another seat's deck card is resampled"
    assert {tuple(s.determinize(0, random.Random(i)).secret_hand[0]) for i in range(5)} == \
        {(card(s, "vintage"),)}, "its own card is kept"


def test_a_card_taken_face_up_is_seen_by_all_and_kept_in_every_world():
    s = start(3, display=(4, 5, 6, 7))
    place(s, "cards")
    act(s, DrawCard(2))
    assert s.observation(2)["seats"][0]["open_cards"] == [s.t.card_names[6]]
    for i in range(10):
        assert s.determinize(1, random.Random(i)).open_hand[0] == [6]


def test_a_played_card_of_a_face_up_kind_counts_as_the_face_up_one():
    s = start(2, display=(card(start(2), "move_boat"), 0, 1, 2))
    place(s, "cards")
    act(s, DrawCard(0))
    s.secret_hand[0].append(card(s, "move_boat"))
    act(s, Pass())
    place(s, "cards")
    act(s, PlayCard(card(s, "move_boat")))
    assert s.open_hand[0] == [] and s.secret_hand[0] == [card(s, "move_boat")]
    assert not s.events()[0].data["hidden"]


def test_unseen_chips_are_not_stored_and_nobody_sees_them():
    s = start(4)
    assert s.chips[1:] == [-1] * 6
    for v in (0, 1, 2, 3, None):
        assert all(c["value"] is None for c in s.observation(v)["chips"][1:])
    assert s.chip_odds() == [(s.t.chip_outcome[0], 3 / 8), (s.t.chip_outcome[1], 2 / 8),
                             (s.t.chip_outcome[2], 3 / 8)], "the bonus-1 chip of round I is gone"


def test_a_peek_tells_the_round_to_all_and_the_value_to_the_peeker():
    s = start(3)
    s.open_hand[0].append(card(s, "enologist"))
    place(s, "cards")
    act(s, PlayCard(card(s, "enologist")))
    act(s, PeekChip(4))
    chance(s, BonusChip(2))
    mine = [s.describe_event(e, 0) for e in s.events_for(0)]
    theirs = [s.describe_event(e, 1) for e in s.events_for(1)]
    assert mine == ["You look at the chip of round V: 2."]
    assert theirs == ["Seat 0 looks at the chip of round V."]
    t0 = s.observation_tensor(0)
    t1 = s.observation_tensor(1)
    layout = s.tensor_layout()
    k = len(s.t.chip_values) + 1
    chips0 = layout.slice(t0, "chips")[4 * k:5 * k]
    chips1 = layout.slice(t1, "chips")[4 * k:5 * k]
    assert list(chips0) == [0, 0, 1, 0] and list(chips1) == [0, 0, 0, 1]


def test_one_information_state_offers_one_set_of_choices():
    """Worlds resampled for a seat, played on at random: wherever the seat to act has the
    same information state, it has the same legal actions (what information-set search
    needs: every choice, even one whose effect waits for a later step, is told)."""
    from ludoteca.core.registry import load_game
    from ludoteca.core.state import sample_chance

    g = load_game("vintage")
    rng = random.Random(0)
    for n in (2, 3):
        s = g.new_initial_state(n)
        step = 0
        while not s.is_terminal() and step < 150:
            if s.is_chance_node():
                s.apply_action(sample_chance(s.chance_outcomes(), rng))
                continue
            if step % 5 == 0:
                seen: dict[tuple[int, str], tuple[int, ...]] = {}
                for k in range(6):
                    w = s.determinize(s.current_player(), random.Random(k))
                    walk = random.Random(k)
                    for _ in range(25):
                        if w.is_terminal():
                            break
                        if w.is_chance_node():
                            w.apply_action(sample_chance(w.chance_outcomes(), walk))
                            continue
                        q = w.current_player()
                        key = (q, w.information_state_string(q))
                        choices = tuple(w.legal_actions())
                        assert seen.setdefault(key, choices) == choices
                        w.apply_action(walk.choice(choices))
            step += 1
            s.apply_action(rng.choice(s.legal_actions()))
