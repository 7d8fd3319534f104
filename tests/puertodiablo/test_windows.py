"""The windows of the moments against the rest of the round: a weather war left pending
when a window cuts the round short (R13, R39), and who a counter window asks after a
forced repeat (R11, R34). Each test fails if its rule is broken."""

from __future__ import annotations

from ludoteca.games.puertodiablo.steps import (
    Arrive,
    CounterWindow,
    EffectChoice,
    OpenWindow,
    TurnLog,
    Wish,
)

from .helpers import T, char, log, table

INSTIGATE = T.abi_names.index("Instigate")
VOODOO = T.abi_names.index("Voodoo")
LUCKY_CHARM = T.abi_names.index("Lucky Charm")
BELAY = T.abi_names.index("Belay That!")


def act(s, action):
    s.apply_action(action)
    return list(s.events())


def first_choices_until(s, done, limit=500):
    """The first outcome or the first legal action until ``done(s)``; the events seen."""
    seen = []
    for _ in range(limit):
        if done(s):
            return seen
        seen += act(s, s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    raise AssertionError(f"not reached: {s.next_step()}")


def cut_short_with_a_weather_war_pending():
    """England on top, Spain turned: a weather war is pending in the log window; seat 0's
    Instigate (pirates against Spain) there leaves seat 1 with nothing ashore."""
    s = table(2, {0: ["C05", "C26"], 1: ["C06"]})  # C05, C26 pirates; C06 Spanish
    s.hand[0] = [INSTIGATE]
    s.hand[1] = []
    s.weather = log("L04")
    s.push(TurnLog())
    s._run_automatic()
    act(s, T.log_outcome[log("L07")])
    assert s.pending_war >= 0
    act(s, T.play_id[INSTIGATE][char("C05")])
    act(s, T.die_outcome[5])
    act(s, T.party_id[T.party_index["PIR"]])
    events = act(s, T.party_id[T.party_index["ES"]])
    assert any(e.kind == "round_cut_short" for e in events)
    return s


def test_a_weather_war_pending_when_the_round_is_cut_short_is_not_fought_later():
    """Each harbour has one weather war, started by two flagged weather cards turned there:
    the war the round never reached does not follow into the next harbour."""
    s = cut_short_with_a_weather_war_pending()
    assert s.pending_war == -1
    first_choices_until(s, lambda s: isinstance(s.next_step(), TurnLog) and s.harbour == 1)
    events = act(s, T.log_outcome[log("L02")])  # a weather card with no flag
    events += first_choices_until(s, lambda s: isinstance(s.next_step(), TurnLog)
                                  or s.challenge >= 0)
    assert not [e for e in events if e.kind == "war"]


def test_a_new_harbour_starts_with_no_weather_war_pending():
    s = table(2, {0: ["C05"], 1: ["C06"]})
    s.pending_war = 0  # whatever the last harbour left
    s.push(Arrive(1))
    s._run_automatic()
    assert s.harbour == 1 and s.pending_war == -1


def test_after_a_forced_repeat_succeeds_each_player_is_asked_once_about_it():
    """R11: the successful repeat opens a new window to everybody; the asking again of the
    first window (R34) would put the same question to the same players."""
    s = table(3, {0: ["C08"], 1: ["C02"], 2: ["C07"]})
    s.hand[0] = [VOODOO]
    s.hand[1] = [LUCKY_CHARM]
    s.hand[2] = [BELAY]
    s.challenge = log("L11")
    s.outcome = -1
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    act(s, T.play_id[VOODOO][char("C08")])
    act(s, T.die_outcome[5])
    if isinstance(s.next_step(), EffectChoice):
        act(s, s.legal_actions()[0])
    asked = []
    # Two hold a counter: each says whether he wants to (R51); only seat 1 does.
    assert isinstance(s.next_step(), Wish) and s.next_step().seat == 1
    act(s, T.want_id)
    assert isinstance(s.next_step(), Wish) and s.next_step().seat == 2
    act(s, T.decline_id)
    step = s.next_step()
    assert isinstance(step, CounterWindow) and (step.seat, step.depth) == (1, 0)
    act(s, T.play_id[LUCKY_CHARM][char("C02")])  # seat 1 forces Voodoo's roll again
    act(s, T.die_outcome[5])
    step = s.next_step()
    assert isinstance(step, CounterWindow) and (step.seat, step.depth) == (2, 1)
    act(s, T.decline_id)  # Lucky Charm stands
    act(s, T.die_outcome[5])  # the repeat succeeds: a new window on Voodoo's roll
    while isinstance(s.next_step(), CounterWindow | Wish):
        step = s.next_step()
        asked.append((step.seat, step.depth))
        act(s, T.decline_id)
    assert asked == [(2, 0)]
