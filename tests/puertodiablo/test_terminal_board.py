"""The terminal board of Puerto Diablo says what a player needs at 80x24: the event being
settled (R66) with its parties, counts, losers, consequence and what each seat hit chose,
paid or was spared; the challenge's outcome and why; the viewer's abilities and ship; the
characters' parties; the starting sets; the final scores by the table's names; prompts
wrapped, never cut; "you" with its verb; a key to the board for the ? help."""

from __future__ import annotations

import ludoteca
from ludoteca.cli.show import table_seats
from ludoteca.core.match import replay
from ludoteca.games.puertodiablo import render as board
from ludoteca.games.puertodiablo.render import ROWS, event_lines, grammar, render
from ludoteca.games.puertodiablo.rules import log
from ludoteca.games.puertodiablo.steps import MakeOffer, PayDoubloons
from ludoteca.testing import playout_states

from .helpers import GAME, T, char, new_state, table, turn

ES, FR = (T.party_index[p] for p in ("ES", "FR"))


def lines_of(obs) -> list[str]:
    return render(obs).plain.splitlines()


def fits(lines: list[str]) -> None:
    assert len(lines) <= ROWS, "\n".join(lines)
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)


def france_loses():
    """Spain 5 against France 4 (as in test_event_windows): both seats have French."""
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30", "C06", "C08", "C12", "C31", "C35"]})
    s.hand[0], s.hand[1] = [], []
    log.war(s, ES, FR, "weather")
    s._run_automatic()
    return s


def fail(s, card_id):
    turn(s, card_id)
    while isinstance(s.next_step(), MakeOffer):
        s.apply_action(T.offer_id[0])


def test_a_war_shows_its_parties_counts_cause_losers_and_the_chosen():
    s = france_loses()
    ev = s.observation(1)["event"]
    assert ev["parties"] == ["Spain", "France"] and ev["counts"] == [5, 4]
    assert ev["why"] == "weather" and ev["loser"] == "France"
    text = "\n".join(lines_of(s.observation(1)))
    assert "War (two flagged weather cards): Spain 5 against France 4, France lose" in text
    assert "Hit: s1: to choose; you: to choose" in text
    s.apply_action(T.choose_id[char("C02")])
    lines = lines_of(s.observation(1))
    fits(lines)
    assert "Hit: s1: Jeanne Roussel chosen; you: to choose" in "\n".join(lines)


def test_a_payment_shows_the_consequence_and_what_each_seat_has_paid():
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]})
    s.hand[0], s.hand[1] = [], []
    fail(s, "L11")  # Brawl on the quay: each player ashore pays 3 doubloons
    ev = s.observation(0)["event"]
    assert ev["card"] == "Brawl on the quay" and ev["doubloons"] == 3
    assert ev["paid"] == {"0": 0, "1": 0} and ev["text"]
    step = s.next_step()
    assert isinstance(step, PayDoubloons) and step.seat == 0
    s.apply_action(s.legal_actions()[0])
    paid = s.observation(1)["event"]["paid"]["0"]
    assert paid > 0
    lines = lines_of(s.observation(1))
    fits(lines)
    text = "\n".join(lines)
    assert "Consequence of Brawl on the quay: " in text
    assert f"Hit: s1: paid {paid} of 3d; you: paid 0 of 3d" in text
    # The challenge line says it failed and why.
    assert "Failed (nothing offered), o/a/c: s1 0/0/0; s2 0/0/0" in text


def test_the_event_of_another_viewer_is_the_same_public_event():
    s = france_loses()
    s.apply_action(T.choose_id[char("C02")])
    assert s.observation(0)["event"] == s.observation(1)["event"] == s.observation(None)["event"]


def test_a_seat_a_shield_spared_says_so():
    obs = {"viewer": 0, "event": {"kind": "war", "hit": [0, 1], "chosen": [],
                                  "spared": [1], "loser": "France", "parties": ["Spain",
                                                                                "France"],
                                  "counts": [5, 4], "why": "ability"}}
    lines = event_lines(obs)
    assert lines == ["War (an ability card): Spain 5 against France 4, France lose",
                     "Hit: you: to choose; s2: spared (a shield)"]


def test_the_viewer_sees_his_abilities_ship_and_the_parties_of_characters():
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]})
    s.hand[0], s.hand[1] = [], [T.abi_names.index("Stand Firm")]
    turn(s, "L11")
    obs = s.observation(1)
    text = "\n".join(lines_of(obs))
    assert "Your abilities: Stand Firm" in text
    ship = [board._short(c["name"], 10) for c in obs["seats"][1]["ship"]]
    assert ship and all(name in text for name in ship)
    assert "Roussel FR TRD 2d|HEA 2d" in text  # C02, Jeanne Roussel, French
    # Another seat's hand is never named.
    other = "\n".join(lines_of(s.observation(0)))
    assert "Your abilities: -" in other and "Stand Firm" not in other


def test_the_set_up_shows_the_starting_sets_with_their_abilities():
    s = GAME.new_initial_state(3)
    while s.current_player() < 0:
        s.apply_action(s.legal_actions()[0])
    obs = s.observation(s.current_player())
    text = "\n".join(lines_of(obs))
    assert "None" not in text and "Setting sail: the starting sets" in text
    first = obs["starting_sets"][0]
    assert f"Set {first['set']}: " in text and first["abilities"][0] in text


def test_a_wrapped_list_leaves_room_for_the_separator_that_ends_a_line():
    # The first two items fill 80 columns exactly: the ";" after them would make 81.
    head = "Final: "
    first = "x" * (80 - len(head) - len("; ") - 30)
    lines = board._wrap(head, [first, "y" * 30, "z"])
    assert all(len(line) <= 80 for line in lines), lines
    assert "".join(lines).replace(" ", "").replace(";", "") == f"Final:{first}{'y' * 30}z"


def test_a_long_prompt_wraps_and_loses_no_word():
    s = new_state(2)
    obs = dict(s.observation(0))
    obs["prompt"] = " ".join(f"word{k}" for k in range(40))
    lines = lines_of(obs)
    fits(lines)
    assert all(f"word{k}" in "\n".join(lines) for k in range(40))


def test_you_takes_its_verb_and_one_is_singular():
    assert grammar("you pays 3d by covering X") == "you pay 3d by covering X"
    assert grammar("you does not want to play") == "you do not want to play"
    assert grammar("you looks at 3 cards, and puts them back in an order of his choice") \
        == "you look at 3 cards, and put them back in an order of your choice"
    assert grammar("Pay 1 more doubloons: choose a side") == "Pay 1 more doubloon: choose a side"
    assert grammar("1 symbols missing; 11 symbols; seat 1 pays") == \
        "1 symbol missing; 11 symbols; seat 1 pays"


def test_the_final_scores_name_bots_by_their_names():
    record = ludoteca.run_match("puertodiablo", ["random"] * 3, seed=4)
    final = replay(record)
    with table_seats(3, [None, "normal bot", "easy bot"]):
        lines = lines_of(final.observation(0))
    fits(lines)
    text = "\n".join(lines)
    assert "s2 normal bot " in text and "s3 easy bot " in text and "Won: " in text
    res = final.observation(0)["result"]
    assert f"you {res['vp'][0]}VP ({res['tale_vp'][0]}+{res['symbol_bonus'][0]}" in text


def test_the_help_has_a_key_to_the_board():
    key = board.MAP_KEY
    assert "Offer/assigned/committed" in key and "Faith" in key and "Clergy" in key
    assert all(len(line) <= 80 for line in key.splitlines())


def test_named_seats_fit_80_columns_at_every_point():
    names = [None, "normal bot A", "normal bot B", "normal bot C", "normal bot D"]
    for n in (3, 5):
        with table_seats(n, names[:n]):
            for state in playout_states(GAME, n, "standard", seed=17, every=7):
                for viewer in (0, 1):
                    fits(lines_of(state.observation(viewer)))


# ----- a new player's trial ---------------------------------------------------------------------


def test_while_the_offers_are_made_the_board_says_what_happens_if_the_challenge_fails():
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]})
    s.hand[0], s.hand[1] = [], []
    turn(s, "L11")  # Brawl on the quay
    obs = s.observation(0)
    assert obs["challenge"]["consequence"] == obs["consequence"] and obs["consequence"]
    lines = lines_of(obs)
    fits(lines)
    at = next(k for k, line in enumerate(lines) if line.startswith("If it fails: "))
    assert lines[at - 2].startswith("Challenge: Brawl on the quay")
    assert " ".join(lines[at:at + 2]).startswith("If it fails: " + obs["consequence"][:30])
    while isinstance(s.next_step(), MakeOffer):
        s.apply_action(T.offer_id[0])
    assert not any(x.startswith("If it fails") for x in lines_of(s.observation(0)))


def test_la_coruna_s_cap_shows_while_it_applies_and_in_the_failed_outcome():
    s = table(3, {0: ["C48", "C01"], 1: ["C44", "C04"], 2: ["C03", "C06"]}, at="H08",
              foul=1)
    s.hand = [[], [], []]
    turn(s, "L10")
    lines = lines_of(s.observation(0))
    fits(lines)
    # On the harbour's lines or the challenge's, at the top.
    head = lines[:next(k for k, x in enumerate(lines) if x.startswith("Challenge:")) + 1]
    assert "at most 2 may commit" in " ".join(head)
    while isinstance(s.next_step(), MakeOffer):
        s.apply_action(T.offer_id[{0: 2, 1: 2, 2: 1}[s.next_step().seat]])
    lines = lines_of(s.observation(0))
    fits(lines)
    assert any(x.startswith("Failed (at most 2 commit: 4 of 5), o/a/c: ") for x in lines)
    fair = table(3, {0: ["C48"], 1: ["C44"], 2: ["C03"]}, at="H08")
    turn(fair, "L10")
    assert "at most" not in "\n".join(lines_of(fair.observation(0)))


def test_the_viewer_s_extra_characters_are_right_under_his_own_row():
    crews = {0: ["C01", "C02", "C03", "C04", "C05"], 1: ["C06", "C07", "C08", "C09", "C10"],
             2: ["C11", "C12", "C13", "C14", "C15"]}
    s = table(3, crews, at="H08", challenge="L10")
    lines = lines_of(s.observation(1))
    fits(lines)
    mine = next(k for k, line in enumerate(lines) if line.startswith("*you "))
    after = next(k for k, line in enumerate(lines) if line.startswith("*s3 "))
    assert after > mine + 1 and all(x.startswith("   ") for x in lines[mine + 1:after])


def test_the_ship_s_ability_cards_are_not_all_called_used():
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]})
    loose = T.abi_names.index("Loose Purse")
    s.ship_abis[1] = [loose]  # sent there by a consequence, say: the board cannot tell
    text = "\n".join(lines_of(s.observation(1)))
    assert "Your ship: " in text and "Loose Purse" in text and "(used)" not in text


def test_a_war_lost_by_a_side_nobody_has_ashore_does_not_read_as_a_loss():
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]})  # all French: no Spaniard ashore
    obs = s.observation(0)
    obs["event"] = {"kind": "war", "parties": ["Spain", "France"], "counts": [0, 4],
                    "why": "weather", "loser": "Spain", "hit": [], "chosen": {}}
    text = " ".join(" ".join(event_lines(obs)).split())
    assert "Spain 0 against France 4, nobody of Spain is ashore: nobody returns" in text
    assert "Spain lose" not in text


def test_the_key_explains_foreknowledge_and_its_least_roll():
    key = " ".join(board.MAP_KEY.split())
    assert "foreknowledge N: needs K+" in key
    assert "open symbols of the types the card lists" in key and "prohibits" in key
    assert "die shows at least K" in key and "R5, R6" in key
    assert all(len(line) <= 80 for line in board.MAP_KEY.splitlines())


def test_an_ability_bought_this_round_shows_as_bought_until_the_crew_phase():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]})
    loose = T.abi_names.index("Loose Purse")
    s.hand[0], s.aside[0] = [], [loose]
    assert s.observation(1)["seats"][0]["aside"] == ["Loose Purse"]  # public
    mine = [line for line in lines_of(s.observation(0)) if line.startswith("Your abilities")]
    assert mine == ["Your abilities: Loose Purse (bought: in your hand after the crew "
                    "phase)"]
    s.hand[0] = list(range(4))  # a full hand: the short words, never cut away
    line = next(line for line in lines_of(s.observation(0))
                if line.startswith("Your abilities"))
    assert line.startswith("Your abilities: Loose Purse (bought, next round); ") and len(line) <= 80
    s.hand[0] = [0]
    line = next(line for line in lines_of(s.observation(0))
                if line.startswith("Your abilities"))
    assert line == f"Your abilities: {T.abi_names[0]}; Loose Purse (bought: in your hand " \
        "after the crew phase)" or line.endswith("Loose Purse (bought, next round)")


def test_the_viewer_sees_both_sides_of_his_ship_s_characters():
    """On the board's ship line where it has room, and always in full under the s key."""
    from ludoteca.games.puertodiablo.render import seat_details

    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]})
    turn(s, "L11")
    obs = s.observation(1)
    ship = obs["seats"][1]["ship"]
    lines = lines_of(obs)
    fits(lines)
    at = next(k for k, x in enumerate(lines) if x.startswith("Your ship: "))
    line = " ".join(lines[at:at + 2])  # two lines at most
    assert ship and all(f"{board._short(c['name'], 10)}{board._parties(c)} "
                        f"{c['sides'][0]}|{c['sides'][1]}" in line for c in ship), line
    full = seat_details(obs, 1)
    assert f"On the ship ({len(ship)}):" in full
    assert all(f"{c['name']}{board._parties(c)}  {c['sides'][0]} | {c['sides'][1]}" in full
               for c in ship)


def test_the_match_s_options_not_at_their_default_show_in_the_header_and_the_help():
    from ludoteca.games.puertodiablo.render import help_lines

    s = table(3, {0: ["C01"], 1: ["C04"], 2: ["C06"]},
              options={"treasure": "on", "payment": "until_paid", "round_cap": 8})
    obs = s.observation(0)
    assert obs["options"] == {"treasure": "on", "payment": "until_paid", "round_cap": 8}
    lines = lines_of(obs)
    fits(lines)
    # On the harbour's line where it has room, else on a line of its own.
    assert any(x.endswith("ptions: cap 8, treasure, pay until paid") for x in lines)
    assert help_lines(obs).startswith(
        "This match: at most 8 rounds in a harbour (R32); treasure hunting; payment one "
        "side at a time until paid (R3).")
    plain = table(3, {0: ["C01"], 1: ["C04"], 2: ["C06"]}).observation(0)
    assert "options" not in plain and "options:" not in "\n".join(lines_of(plain))
    assert help_lines(plain).startswith("This match: every option at its default.")


def test_the_outcome_line_lists_the_seats_that_committed_first():
    """A full line's "+N" hides only seats that committed nothing (a trial's board cut off
    the one seat that had committed them all)."""
    s = table(5, {0: ["C02"], 1: ["C23"], 2: ["C30"], 3: ["C10"], 4: ["C06"]})
    s.hand = [[] for _ in range(5)]
    turn(s, "L11")
    obs = s.observation(0)
    obs["challenge"]["outcome"] = "resolved"
    for seat in obs["seats"]:
        seat["in_harbour"] = True
        seat["offer"], seat["offer_by_ability"] = 1, 2
        seat["committed"] = {4: 3, 2: 1}.get(seat["seat"], 0)
    line = next(x for x in lines_of(obs) if x.startswith("Resolved ("))
    assert line.endswith(" +2"), line
    assert ", o/a/c: s5 1/0/3 ab2; s3 1/0/1 ab2; " in line


def test_the_seat_list_in_the_set_up_says_nobody_is_ashore_yet():
    """Before the first harbour nobody has left one (a trial's ``s`` said every seat had)."""
    from ludoteca.games.puertodiablo.render import seat_details
    s = GAME.new_initial_state(3)
    while s.current_player() < 0:
        s.apply_action(s.legal_actions()[0])
    setup = seat_details(s.observation(0))
    assert "harbour" not in setup and setup.count(": not yet ashore, 0VP") == 3
    ashore = seat_details(table(2, {0: ["C02"], 1: ["C23"]}).observation(0))
    assert ashore.count(": in the harbour, ") == 2 and "not yet" not in ashore
