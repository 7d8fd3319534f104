"""The counter window of an event (R66) under its two options: ``event_window``
(``after_choices``: the choices of which character goes come first and the chosen stay
ashore through the window; ``before_choices``: the window first) and ``event_order``
(``pilot``: saying one wants to play and the pilot's choice, R51; ``seat``: in turn from
the pilot). Each test fails if the rule it names is broken."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import ludoteca.games.puertodiablo as pd
from ludoteca.core.registry import load_game
from ludoteca.games.puertodiablo.rules import log
from ludoteca.games.puertodiablo.steps import (
    ASHORE,
    OUT,
    SHIP,
    CounterWindow,
    EffectChoice,
    EventCounter,
    MakeOffer,
    OpenWindow,
    PickCharacter,
    PilotPicks,
    WarLoss,
    Wish,
)

from .helpers import T, char, table, turn

STAND_FIRM = T.abi_names.index("Stand Firm")   # SHIELD, a counter (one copy by default)
BELAY = T.abi_names.index("Belay That!")       # CANCEL, a counter
INSTIGATE = T.abi_names.index("Instigate")     # START_WAR, log and challenge moments
ES, FR, PIR, CLG = (T.party_index[p] for p in ("ES", "FR", "PIR", "CLG"))
BEFORE = {"event_window": "before_choices"}
AFTER_COUNTERS = "(it goes after the counters)"


def play(s, ability, cid, face):
    s.apply_action(T.play_id[ability][char(cid)])
    s.apply_action(T.die_outcome[face - 1])


def pick(s, cid):
    s.apply_action(T.choose_id[char(cid)])


def fail(s, card_id):
    """The pilot turns ``card_id`` (alone in the log pile); everybody offers nothing."""
    turn(s, card_id)
    while isinstance(s.next_step(), MakeOffer):
        s.apply_action(T.offer_id[0])


@cache
def shields_game(copies):
    """The default edition with ``copies`` of Stand Firm, to have several holders."""
    text = (Path(pd.__file__).parent / "editions" / "default.toml").read_text()
    old = 'name = "Stand Firm"\nlevel = "II"\ncopies = 1\n'
    assert old in text
    return load_game("puertodiablo",
                     edition_text=text.replace(old, old.replace("1", str(copies))))


def france_loses(options=None):
    """Spain 5 against France 4: seat 0 (the pilot, holding Stand Firm) has two French,
    Jeanne and Bastien; seat 1 two French, Luc and Jacques, and the five Spaniards."""
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30", "C06", "C08", "C12", "C31", "C35"]},
              options=options)
    s.hand[0], s.hand[1] = [STAND_FIRM], []
    log.war(s, ES, FR, "test")
    s._run_automatic()
    return s


# ----- after_choices (the default) ---------------------------------------------------------


def test_a_wars_loser_chooses_before_the_window_and_the_character_stays_ashore():
    s = france_loses()
    step = s.next_step()
    assert isinstance(step, WarLoss) and step.seat == 0 and step.deferred
    assert s.prompt(0).endswith(AFTER_COUNTERS + ".")
    assert AFTER_COUNTERS in s.prompt(1)
    pick(s, "C02")
    assert s.place[char("C02")] == ASHORE
    assert isinstance(s.next_step(), WarLoss) and s.next_step().seat == 1
    pick(s, "C23")
    step = s.next_step()
    assert isinstance(step, EventCounter) and step.seat == 0
    # During the window both chosen characters are still ashore.
    assert s.place[char("C02")] == ASHORE and s.place[char("C23")] == ASHORE
    assert "will send Jeanne Roussel, chandler to the ship" in s.prompt(0)


def test_the_choice_is_said_to_all():
    s = france_loses()
    pick(s, "C10")
    said = [e for e in s.events() if e.kind == "chosen_for_event"]
    assert len(said) == 1 and said[0].data["character"] == char("C10")
    for viewer in (0, 1, None):
        seen = [e for e in s.events_for(viewer) if e.kind == "chosen_for_event"]
        assert seen and "Bastien Lefort" in s.describe_event(seen[0], viewer)


def test_a_shielded_players_chosen_character_stays_and_nobody_is_chosen_instead():
    s = france_loses()
    pick(s, "C02")
    pick(s, "C23")
    play(s, STAND_FIRM, "C10", 6)
    assert s.place[char("C02")] == ASHORE and s.place[char("C10")] == ASHORE
    assert s.next_step() is None or not isinstance(s.next_step(), WarLoss)


def test_a_non_shielded_players_chosen_character_goes():
    s = france_loses()
    pick(s, "C02")
    pick(s, "C30")
    play(s, STAND_FIRM, "C10", 6)
    assert s.place[char("C30")] == SHIP and s.place[char("C23")] == ASHORE


def test_a_failed_shield_lets_the_chosen_character_go():
    s = france_loses()
    pick(s, "C02")
    pick(s, "C23")
    play(s, STAND_FIRM, "C10", 1)
    assert s.place[char("C02")] == SHIP and s.place[char("C10")] == ASHORE
    assert s.place[char("C23")] == SHIP


def test_the_observation_names_the_event_the_players_hit_and_the_chosen():
    s = france_loses()
    assert s.observation(None)["event"]["kind"] == "war"
    pick(s, "C02")
    ev = s.observation(1)["event"]
    assert ev["kind"] == "war" and ev["loser"] == T.party_names[FR]
    assert ev["hit"] == [0, 1]
    assert ev["chosen"] == [{"seat": 0, "name": T.char_names[char("C02")], "id": char("C02")}]
    pick(s, "C23")
    assert [c["name"] for c in s.observation(0)["event"]["chosen"]] == \
        [T.char_names[char("C02")], T.char_names[char("C23")]]
    play(s, STAND_FIRM, "C10", 6)
    assert s.observation(0)["event"] is None  # settled


def test_the_tensor_marks_the_seats_hit_and_the_characters_chosen():
    s = france_loses()
    layout = s.game.tensor_layout(2, s.variant)
    hit, chosen = layout.offsets["event_hit"], layout.offsets["event_chosen"]
    out = s.observation_tensor(1)
    assert out[hit:hit + 2] == [1.0, 1.0]
    assert not any(out[chosen:chosen + T.num_chars])
    pick(s, "C02")
    out = s.observation_tensor(1)
    assert [k for k in range(T.num_chars) if out[chosen + k]] == [char("C02")]
    pick(s, "C23")
    play(s, STAND_FIRM, "C10", 6)
    out = s.observation_tensor(0)
    assert not any(out[hit:hit + 2]) and not any(out[chosen:chosen + T.num_chars])


def test_a_consequences_left_neighbour_chooses_before_the_window():
    # Yellow fever: each player's left neighbour chooses which of his characters goes.
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]})
    s.hand[0], s.hand[1] = [STAND_FIRM], []
    fail(s, "L15")
    step = s.next_step()
    assert isinstance(step, PickCharacter) and step.deferred
    assert (step.seat, step.owner) == (1, 0)  # seat 1 chooses for seat 0
    assert AFTER_COUNTERS in s.prompt(1)
    pick(s, "C02")
    step = s.next_step()
    assert isinstance(step, PickCharacter) and (step.seat, step.owner) == (0, 1)
    pick(s, "C30")
    assert isinstance(s.next_step(), EventCounter)
    assert s.place[char("C02")] == ASHORE and s.place[char("C30")] == ASHORE
    ev = s.observation(None)["event"]
    assert ev["kind"] == "consequence" and ev["op"] == "SEND_TO_SHIP"
    play(s, STAND_FIRM, "C10", 6)
    assert s.place[char("C02")] == ASHORE and s.place[char("C10")] == ASHORE
    assert s.place[char("C30")] == SHIP and s.place[char("C23")] == ASHORE


def test_a_shield_against_removal_from_the_game():
    # Rat infestation: each removes one of his characters from the game.
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]})
    s.hand[0], s.hand[1] = [STAND_FIRM], []
    fail(s, "L10")
    step = s.next_step()
    assert isinstance(step, PickCharacter) and step.remove and step.deferred
    pick(s, "C02")
    pick(s, "C23")
    assert "will remove Jeanne Roussel, chandler from the game" in s.prompt(0)
    play(s, STAND_FIRM, "C10", 6)
    assert s.place[char("C02")] == ASHORE
    assert s.place[char("C23")] == OUT and s.place[char("C30")] == ASHORE


def test_a_cancelled_shield_in_a_war_spares_nothing():
    s = france_loses()
    s.hand[1] = [BELAY]  # a counter to any successful ability roll, Stand Firm's too
    pick(s, "C02")
    pick(s, "C23")
    play(s, STAND_FIRM, "C10", 6)
    assert isinstance(s.next_step(), CounterWindow) and s.next_step().seat == 1
    assert s.place[char("C02")] == ASHORE  # still ashore while the shield is answered
    play(s, BELAY, "C31", 6)
    assert s.place[char("C02")] == SHIP and s.place[char("C10")] == ASHORE
    assert s.place[char("C23")] == SHIP


def test_instigates_war_lets_the_losers_choose_before_the_window():
    # Seat 1 instigates the clergy against the pirates: the clergy loses (two to three).
    s = table(2, {0: ["C07", "C25", "C01"], 1: ["C05", "C26", "C15"]}, challenge="L11")
    s.hand[0], s.hand[1] = [STAND_FIRM], [INSTIGATE]
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    play(s, INSTIGATE, "C05", 6)
    assert isinstance(s.next_step(), EffectChoice)
    s.apply_action(T.party_id[CLG])
    s.apply_action(T.party_id[PIR])
    step = s.next_step()
    assert isinstance(step, WarLoss) and step.seat == 0 and step.deferred
    pick(s, "C07")
    assert isinstance(s.next_step(), EventCounter)
    assert s.place[char("C07")] == ASHORE
    play(s, STAND_FIRM, "C25", 1)  # it fails: the chosen one goes
    assert s.place[char("C07")] == SHIP and s.place[char("C25")] == ASHORE


def test_without_a_shield_to_answer_the_choice_moves_at_once():
    # Nobody hit holds a shield: no window, so nothing to wait for (the prompts say so).
    s = france_loses()
    s.clear_pending()
    s.hand[0] = []
    log.war(s, ES, FR, "test")
    s._run_automatic()
    step = s.next_step()
    assert isinstance(step, WarLoss) and not step.deferred
    assert AFTER_COUNTERS not in s.prompt(0)
    pick(s, "C02")
    assert s.place[char("C02")] == SHIP


# ----- before_choices (the order kept from before) -------------------------------------------


def test_before_choices_opens_the_window_first_and_only_the_unspared_choose():
    s = france_loses(BEFORE)
    step = s.next_step()
    assert isinstance(step, EventCounter) and step.seat == 0
    assert s.observation(0)["event"]["chosen"] == []
    play(s, STAND_FIRM, "C10", 6)
    step = s.next_step()
    assert isinstance(step, WarLoss) and step.seat == 1 and not step.deferred
    assert AFTER_COUNTERS not in s.prompt(1)
    pick(s, "C23")
    assert s.place[char("C23")] == SHIP
    assert s.place[char("C02")] == ASHORE and s.place[char("C10")] == ASHORE


def test_before_choices_yellow_fever_asks_the_counter_before_the_neighbour():
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]}, options=BEFORE)
    s.hand[0], s.hand[1] = [STAND_FIRM], []
    fail(s, "L15")
    assert isinstance(s.next_step(), EventCounter)
    s.apply_action(T.decline_id)
    step = s.next_step()
    assert isinstance(step, PickCharacter) and not step.deferred
    assert (step.seat, step.owner) == (1, 0)
    pick(s, "C02")
    assert s.place[char("C02")] == SHIP  # at once


# ----- event_order: several holders (an edition with three shields) ------------------------


def squall_for_three(options=None):
    """Squall (every character with a fear of HLM goes): Griet (seat 0), Esteban (seat 1)
    and Noémie (seat 2) fear it; everybody holds a Stand Firm (the edition has four)."""
    game = shields_game(4)
    s = table(3, {0: ["C11", "C02"], 1: ["C37", "C04"], 2: ["C29", "C07"]},
              options=options, game=game)
    s.hand[0], s.hand[1], s.hand[2] = [STAND_FIRM], [STAND_FIRM], [STAND_FIRM]
    fail(s, "L12")
    return s


def test_event_order_pilot_goes_through_the_declarations_and_the_pilots_choice():
    s = squall_for_three()
    s.hand[2] = [STAND_FIRM, STAND_FIRM]  # a second one, of no use once he is spared
    # Clockwise from the pilot's left, the pilot (seat 0) last (R51).
    step = s.next_step()
    assert isinstance(step, Wish) and step.moment == "event" and step.seat == 1
    assert step.later == (2, 0)
    s.apply_action(T.decline_id)  # seat 1 does not want to (yet)
    s.apply_action(T.want_id)
    step = s.next_step()
    assert isinstance(step, Wish) and step.seat == 0
    assert "will send Griet Maas, fishwife to the ship" in s.prompt(0)
    s.apply_action(T.want_id)
    step = s.next_step()
    assert isinstance(step, PilotPicks) and step.seat == 0 and step.wanting == (2, 0)
    s.apply_action(T.first_id[2])
    step = s.next_step()
    assert isinstance(step, EventCounter) and step.seat == 2 and step.bound
    assert T.decline_id not in s.legal_actions()  # he said he wants to: he plays
    play(s, STAND_FIRM, "C07", 6)
    # The window opens again to those still hit and holding one: seat 1 may now play.
    step = s.next_step()
    assert isinstance(step, Wish) and step.moment == "event" and step.seat == 1
    assert step.later == (0,)
    s.apply_action(T.want_id)
    s.apply_action(T.decline_id)  # the pilot does not: seat 1 alone plays
    play(s, STAND_FIRM, "C37", 6)  # Esteban shows Stand Firm's faith (R73)
    step = s.next_step()
    assert isinstance(step, EventCounter) and step.seat == 0 and not step.bound
    s.apply_action(T.decline_id)
    assert s.place[char("C29")] == ASHORE and s.place[char("C37")] == ASHORE
    assert s.place[char("C11")] == SHIP


def test_event_order_seat_asks_each_once_in_turn_from_the_pilot():
    s = squall_for_three({"event_order": "seat"})
    step = s.next_step()
    assert isinstance(step, EventCounter) and step.seat == 0 and step.later == (1, 2)
    s.apply_action(T.decline_id)
    step = s.next_step()
    assert isinstance(step, EventCounter) and step.seat == 1 and step.later == (2,)
    play(s, STAND_FIRM, "C37", 6)  # Esteban shows Stand Firm's faith (R73)
    step = s.next_step()
    assert isinstance(step, EventCounter) and step.seat == 2 and step.later == ()
    s.apply_action(T.decline_id)
    assert s.place[char("C37")] == ASHORE
    assert s.place[char("C11")] == SHIP and s.place[char("C29")] == SHIP


def test_with_all_forced_the_determined_characters_are_said_before_the_window():
    s = squall_for_three()
    ev = s.observation(None)["event"]
    assert ev["hit"] == [0, 1, 2]
    assert sorted(c["name"] for c in ev["chosen"]) == sorted(
        T.char_names[char(x)] for x in ("C11", "C37", "C29"))


def pilot_shields_ahead_of_seat_2(option):
    """Squall: the pilot (seat 0) holds three Stand Firm, seat 2 one; both want to play,
    and twice the pilot chooses himself and his shield fails; then both want again."""
    s = table(3, {0: ["C11", "C02"], 1: ["C37", "C04"], 2: ["C29", "C07"]},
              options={"pilot_own_plays": option}, game=shields_game(4))
    s.hand[0], s.hand[1], s.hand[2] = [STAND_FIRM] * 3, [], [STAND_FIRM]
    fail(s, "L12")
    for _ in range(2):
        step = s.next_step()
        assert isinstance(step, Wish) and step.moment == "event" and step.seat == 2
        s.apply_action(T.want_id)      # seat 2
        s.apply_action(T.want_id)      # the pilot
        assert isinstance(s.next_step(), PilotPicks)
        s.apply_action(T.first_id[0])  # himself
        play(s, STAND_FIRM, "C02", 1)  # a 1 never stands firm
    s.apply_action(T.want_id)
    s.apply_action(T.want_id)
    return s


def test_with_two_the_pilots_own_shields_count_across_the_reopenings():
    """R51 ``two`` in an event's window (R66): after two of his own shields ahead of
    seat 2, in the window opened again after each, seat 2 plays without a pick (the old
    engine started each opening of an event's window with no count)."""
    s = pilot_shields_ahead_of_seat_2("two")
    step = s.next_step()
    assert isinstance(step, EventCounter) and (step.seat, step.bound) == (2, True)


def test_with_any_the_pilot_may_choose_his_own_shield_a_third_time():
    s = pilot_shields_ahead_of_seat_2("any")
    assert isinstance(s.next_step(), PilotPicks) and T.first_id[0] in s.legal_actions()
