"""Ability cards at the arrival, log and challenge moments: the window of each moment,
the choices an effect needs before the counter window, and every effect those moments
carry out. Each test fails if its rule is broken."""

from __future__ import annotations

from ludoteca.games.puertodiablo.steps import (
    SHIP,
    CounterWindow,
    EffectChoice,
    MakeOffer,
    MomentWindow,
    OpenWindow,
    WeakenSide,
    WeatherWar,
    playable_at,
)

from .helpers import T, char, log, table

TAKE_THE_WHEEL = T.abi_names.index("Take the Wheel")
WEATHER_EYE = T.abi_names.index("Weather Eye")
PEACE_ENVOY = T.abi_names.index("Peace Envoy")
INSTIGATE = T.abi_names.index("Instigate")
VOODOO = T.abi_names.index("Voodoo")
SECOND_WIND = T.abi_names.index("Second Wind")
SHANGHAIED = T.abi_names.index("Shanghaied")
SABOTAGE = T.abi_names.index("Sabotage")
BELAY = T.abi_names.index("Belay That!")
LOOSE_PURSE = T.abi_names.index("Loose Purse")
PIR = T.party_index["PIR"]
NL = T.party_index["NL"]


def window(s, moment, *after):
    s.push(OpenWindow(moment), *after)
    s._run_automatic()


def play(s, ability, cid, face):
    s.apply_action(T.play_id[ability][char(cid)])
    s.apply_action(T.die_outcome[face - 1])


def test_arrival_take_the_wheel_takes_the_pilot_card():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]}, pilot=0)
    s.hand[1] = [TAKE_THE_WHEEL]
    window(s, "arrival")
    step = s.next_step()
    # Seat 0 (the pilot) holds nothing of the moment, so seat 1 is asked straight away.
    assert isinstance(step, MomentWindow) and step.seat == 1 and step.moment == "arrival"
    play(s, TAKE_THE_WHEEL, "C04", 6)
    assert s.pilot == 1 and s.hand[1] == [] and s.ship_abis[1] == [TAKE_THE_WHEEL]


def test_a_failed_roll_leaves_the_pilot_where_it_was():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]}, pilot=0)
    s.hand[1] = [TAKE_THE_WHEEL]
    window(s, "arrival")
    play(s, TAKE_THE_WHEEL, "C04", 1)
    assert s.pilot == 0 and s.ship_abis[1] == [TAKE_THE_WHEEL]


def test_the_window_holds_only_cards_of_its_moment():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]})
    s.hand[0] = [WEATHER_EYE, LOOSE_PURSE, TAKE_THE_WHEEL]
    assert playable_at(s, 0, "arrival") == [TAKE_THE_WHEEL]
    assert playable_at(s, 0, "log") == [WEATHER_EYE]
    assert playable_at(s, 0, "challenge") == []
    # A player who has left the harbour plays nothing.
    s.ashore[0] = 0
    assert playable_at(s, 0, "arrival") == []


def test_everybody_is_asked_from_the_pilots_left_the_pilot_last_and_if_none_wants_it_is_over():
    s = table(3, {0: ["C01", "C02"], 1: ["C04", "C05"], 2: ["C10", "C12"]}, pilot=1)
    for seat in (0, 1, 2):
        s.hand[seat] = [TAKE_THE_WHEEL]
    window(s, "arrival")
    assert s.next_step().seat == 2  # clockwise from the pilot's left
    s.apply_action(T.decline_id)
    assert s.next_step().seat == 0
    s.apply_action(T.decline_id)
    assert s.next_step().seat == 1  # the pilot last
    s.apply_action(T.decline_id)
    assert s.next_step() is None


def test_after_a_card_is_resolved_everybody_may_answer_it():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]}, pilot=0)
    s.hand[0] = [TAKE_THE_WHEEL]
    s.hand[1] = [TAKE_THE_WHEEL]
    window(s, "arrival")
    s.apply_action(T.want_id)  # seat 1 (the pilot's left) wants to play
    s.apply_action(T.decline_id)  # the pilot does not: seat 1 alone, so he plays
    play(s, TAKE_THE_WHEEL, "C04", 6)
    assert s.pilot == 1
    # Seat 0, who passed, is asked again: the window opened once more.
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.seat == 0
    play(s, TAKE_THE_WHEEL, "C01", 6)
    assert s.pilot == 0


def test_log_weather_eye_chooses_the_side_of_the_harbour_card():
    s = table(2, {0: ["C04", "C05"], 1: ["C01", "C02"]})
    s.hand[0] = [WEATHER_EYE]
    window(s, "log")
    play(s, WEATHER_EYE, "C04", 6)
    step = s.next_step()
    assert isinstance(step, EffectChoice) and step.seat == 0
    assert sorted(s.legal_actions()) == sorted(T.weather_id)
    s.apply_action(T.weather_id[1])
    assert s.foul == 1


def test_peace_envoy_only_while_a_weather_war_is_pending_and_it_stops_it():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]})
    s.hand[0] = [PEACE_ENVOY]
    assert playable_at(s, 0, "log") == []
    s.pending_war = PIR * len(T.parties) + NL  # pirates (1) against the Dutch (2)
    s.war_done = 1
    window(s, "log", WeatherWar())
    play(s, PEACE_ENVOY, "C05", 6)
    assert s.pending_war == -1 and s.war_done == 1
    assert s.place[char("C05")] != SHIP  # no war was fought


def test_a_pending_weather_war_is_fought_when_nobody_prevents_it():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]})
    s.hand[0] = [PEACE_ENVOY]
    s.pending_war = PIR * len(T.parties) + NL
    window(s, "log", WeatherWar())
    s.apply_action(T.decline_id)
    assert s.place[char("C05")] == SHIP  # the lone pirate lost


def test_instigate_starts_a_war_between_a_faction_and_a_party_of_the_players_choice():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[1] = [INSTIGATE]
    window(s, "challenge")
    play(s, INSTIGATE, "C07", 6)
    step = s.next_step()
    assert isinstance(step, EffectChoice) and step.part == 0
    factions = sorted(T.party_id[p] for p in range(T.num_nations, len(T.parties)))
    assert sorted(s.legal_actions()) == factions
    s.apply_action(T.party_id[PIR])
    assert T.party_id[PIR] not in s.legal_actions()  # b differs from a
    s.apply_action(T.party_id[NL])
    assert s.place[char("C05")] == SHIP and s.war_done == 0  # no weather war used up


def test_voodoo_weakens_a_chosen_character_of_another_player():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0] = [VOODOO]
    window(s, "challenge")
    play(s, VOODOO, "C05", 6)
    assert sorted(s.legal_actions()) == sorted([T.choose_id[char("C07")],
                                                T.choose_id[char("C04")]])
    s.apply_action(T.choose_id[char("C07")])
    step = s.next_step()
    assert isinstance(step, WeakenSide) and step.seat == 1  # the owner picks the side
    s.apply_action(T.cover_id[char("C07")][1])
    assert s.cover[char("C07")] == 2


def test_voodoo_on_a_weakened_character_sends_it_to_the_ship():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0] = [VOODOO]
    s.cover[char("C07")] = 1
    window(s, "challenge")
    play(s, VOODOO, "C05", 6)
    s.apply_action(T.choose_id[char("C07")])
    assert s.place[char("C07")] == SHIP


def test_second_wind_restores_an_own_weakened_character():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0] = [SECOND_WIND]
    s.cover[char("C01")] = 2
    window(s, "challenge")
    play(s, SECOND_WIND, "C05", 6)  # the only weakened one: no choice to make
    assert s.cover[char("C01")] == 0


def test_shanghaied_sends_another_players_character_to_the_ship():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0] = [SHANGHAIED]
    window(s, "challenge")
    play(s, SHANGHAIED, "C05", 6)
    s.apply_action(T.choose_id[char("C04")])
    assert s.place[char("C04")] == SHIP


def test_sabotage_sends_an_ability_of_another_player_to_his_ship():
    s = table(3, {0: ["C05", "C01"], 1: ["C07", "C04"], 2: ["C10", "C12"]},
              challenge="L11")
    s.hand[0] = [SABOTAGE]
    s.hand[1] = [LOOSE_PURSE]
    s.hand[2] = []
    window(s, "challenge")
    play(s, SABOTAGE, "C01", 6)  # only seat 1 holds a card: he is the one
    assert s.hand[1] == [] and s.ship_abis[1] == [LOOSE_PURSE]


def test_a_counter_stops_a_moment_ability_after_its_choices():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0] = [SHANGHAIED]
    s.hand[1] = [BELAY]
    window(s, "challenge")
    play(s, SHANGHAIED, "C05", 6)
    s.apply_action(T.choose_id[char("C04")])  # the choice comes before the window
    assert isinstance(s.next_step(), CounterWindow)
    play(s, BELAY, "C07", 6)
    assert s.place[char("C04")] != SHIP


def test_the_challenge_window_comes_before_the_offers():
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]})
    s.hand[0] = [VOODOO]
    from ludoteca.games.puertodiablo.steps import TurnLog
    s.log_pile = s.log_pile.shuffled_in(log("L11"))
    s.push(TurnLog())
    s._run_automatic()
    s.apply_action(T.log_outcome[log("L11")])
    step = s.next_step()
    assert isinstance(step, MomentWindow) and step.moment == "challenge"
    s.apply_action(T.decline_id)
    assert isinstance(s.next_step(), MakeOffer)


def test_market_help_shows_in_the_observation_with_two_players():
    # Two players who cannot reach the number: two market characters may help, and the
    # market shows what each could supply.
    s = table(2, {0: ["C02"], 1: ["C03"]}, at="H08", challenge="L14",
              market=["C16", "C18", "C21", "C22"])
    obs = s.observation(0)
    assert obs["market_help"]["allowance"] == 2
    supplies = [m["help_symbols"] for m in obs["market"][:4]]
    # HLM is prohibited in La Coruna: C16 supplies a blade from each side, C18 two blades.
    assert supplies == [2, 2, 0, 0]


def test_an_effect_choice_with_one_answer_is_still_said_to_all():
    """Shanghaied played by seat 1 can only be aimed at Seat 0's one character: no
    step asks, but the choice is told to everybody before the counters (R38)."""
    s = table(2, {0: ["C07"], 1: ["C10", "C31"]}, pilot=1, challenge="L11")
    s.hand = [[], [SHANGHAIED]]
    s.outcome = -1
    window(s, "challenge")
    play(s, SHANGHAIED, "C10", 6)
    said = [e for e in s.events() if e.kind == "effect_choice"]
    assert [e.data for e in said] == [{"seat": 1, "ability": SHANGHAIED, "op": "SEND_TO_SHIP",
                                       "value": char("C07"), "forced": True}]
    name = T.char_names[char("C07")]
    assert s.describe_event(said[0], 0) == f"Shanghaied can only be aimed at {name}"


def test_an_effect_choice_made_by_the_player_is_said_as_his_choice():
    s = table(2, {0: ["C07", "C04"], 1: ["C10", "C31"]}, pilot=1, challenge="L11")
    s.hand = [[], [SHANGHAIED]]
    s.outcome = -1
    window(s, "challenge")
    play(s, SHANGHAIED, "C10", 6)
    assert isinstance(s.next_step(), EffectChoice)
    s.apply_action(T.choose_id[char("C07")])
    said = [e for e in s.events() if e.kind == "effect_choice"]
    assert [e.data["forced"] for e in said] == [False]
    assert "can only" not in s.describe_event(said[0], 0)
