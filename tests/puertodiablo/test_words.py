"""Plain words for players: weather cards with their flag or faction symbol, ability
effects as sentences (effect_words), "you" lines, the counter window's prompt, the
reasons of a price, of the pilot card's pass and of the end bonus, and labels for every
step and kind of move. Presentation only: each test fails if its words are broken."""

from __future__ import annotations

import itertools
import re

import pytest

import ludoteca
from ludoteca.core.events import everyone
from ludoteca.core.match import replay
from ludoteca.core.words import seat_name
from ludoteca.games.puertodiablo import render, steps, view
from ludoteca.games.puertodiablo.edition import VOCABULARY
from ludoteca.games.puertodiablo.effect_words import (
    Lexicon,
    effect_words,
    lexicon,
    primitive_words,
)
from ludoteca.games.puertodiablo.rules.crew import pass_pilot
from ludoteca.games.puertodiablo.steps import (
    OUT,
    STEP_LABELS,
    CounterWindow,
    OpenWindow,
    Purchase,
    Wish,
)
from ludoteca.games.puertodiablo.view import _YOU_VERBS, describe_event, log_card_words

from .helpers import GAME, T, char, log, table, turn

LEX = lexicon(T)
OPS = set(VOCABULARY)
RAW = re.compile(r"[{}_]|\b[A-Z]{2,}\b")
"""What no sentence for players may hold: a brace, an underscore, an upper-case code (a
primitive's name, a parameter's word such as CHOSEN_OTHER, a symbol or party code)."""


# ----- 1. the weather card's flag or faction symbol -----------------------------------------


def test_the_weather_card_shows_its_side_and_its_flag_or_faction_symbol():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]})
    turn(s, "L08")  # foul weather, the flag of France
    obs = s.observation(0)
    assert obs["weather_flag"] == {"code": "FR", "name": "France", "kind": "nation"}
    assert obs["weather_card_words"] == "foul weather, France flag"
    assert obs["weather_card"] == "foul weather"  # the existing key is kept
    assert "(France)" in render.render(obs).plain.splitlines()[0]
    line = [describe_event(s, e, 0) for _, e in s.event_log(0) if e.kind == "weather"][-1]
    assert "France flag" in line and "foul" in line
    turn(s, "L09")  # a faction's symbol
    assert s.observation(0)["weather_card_words"] == "foul weather, Pirates faction symbol"
    turn(s, "L02")
    assert s.observation(0)["weather_flag"] is None
    assert s.observation(0)["weather_card_words"] == "fair weather, no flag"


def test_log_cards_are_named_by_what_they_are_never_by_id():
    for k, card in enumerate(GAME.edition.log):
        words = log_card_words(T, k)
        assert card.id not in words
        if card.kind == "challenge":
            assert words == card.name


# ----- 2. effects in sentences ----------------------------------------------------------------


def test_every_ability_of_the_default_edition_has_a_sentence_with_no_engine_text():
    cards = GAME.tables.edition.abilities
    faces = ludoteca.load_game("puertodiablo").new_initial_state(2).observation(0)[
        "ability_cards"]
    for card in cards:
        text = faces[card.name]["effect"]
        assert text == effect_words(card.effect, LEX)
        assert text and text.endswith(".") and not RAW.search(text), (card.name, text)
        assert not any(op in text for op in OPS)
        assert not any(op.lower() in text for op in OPS if "_" in op)
        assert faces[card.name]["effect_ops"] == [p["op"] for p in card.effect]


def _domain(kind):
    """Every value a parameter of ``kind`` may take (a few for numbers and selectors)."""
    if kind == "int":
        return [1, 2, -2]
    if kind == "bool":
        return [True, False]
    if kind == "count":
        return [1, "ALL"]
    if kind == "target":
        return [{"owner": o, "chooser": c, **extra} for o in ("SELF", "CHOSEN_OTHER",
                                                          "EACH_IN_HARBOUR")
                for c in ("OWNER", "CARD_PLAYER", "LEFT_NEIGHBOUR")
                for extra in ({}, {"fear": "OCC", "gender": "F", "party": "PIR",
                                   "state": "HEALTHY", "count": "ALL"},
                              {"gender": "M", "party": "EN", "state": "WEAKENED"})]
    words = [w for w in kind if w not in ("symbol", "symbol_list", "party")]
    if "symbol" in kind:
        words += ["HLM", "OCC"]
    if "symbol_list" in kind:
        words += [["HLM"], ["HLM", "OCC"]]
    if "party" in kind:
        words += ["EN", "PIR"]
    return words


@pytest.mark.parametrize("op", sorted(VOCABULARY))
def test_every_primitive_and_every_value_of_its_parameters_has_words(op):
    params = VOCABULARY[op]
    names = [k.lstrip("?") for k in params]
    domains = [_domain(params[k]) for k in params]
    for values in itertools.product(*domains):
        prim = {"op": op, **dict(zip(names, values, strict=True))}
        text = primitive_words(prim, LEX)
        assert text and not RAW.search(text), (prim, text)


def test_symbols_and_the_either_choice():
    assert primitive_words({"op": "ADD_SYMBOLS", "symbol": "EITHER", "n": 2}, LEX) == \
        "Add 2 symbols of either challenge type (you choose which)"
    assert primitive_words({"op": "ADD_SYMBOLS", "symbol": "HLM", "n": 1}, LEX) == \
        "Add 1 Helm symbol"
    assert primitive_words({"op": "DOUBLE_SYMBOLS", "scope": "ACTING_CHARACTER"}, LEX) == \
        "Double the symbols the acting character commits"
    assert "prohibited Helm or Occult symbols" in primitive_words(
        {"op": "IGNORE_PROHIBITION", "symbols": ["HLM", "OCC"], "who": "SELF"}, LEX)


def test_character_selectors():
    voodoo = {"op": "WEAKEN", "target": {"owner": "CHOSEN_OTHER", "chooser": "CARD_PLAYER",
                                         "state": "HEALTHY", "count": 1}}
    assert primitive_words(voodoo, LEX) == \
        "Weaken one healthy character of another player ashore (you choose which)"
    every = {"op": "SEND_TO_SHIP", "target": {"owner": "EACH_IN_HARBOUR", "gender": "F",
                                              "party": "PIR", "fear": "OCC", "count": "ALL"}}
    assert primitive_words(every, LEX) == ("Send every female the Pirates faction character "
                                           "of each player in the harbour ashore who fears "
                                           "Occult to the ship")
    assert "one weakened character of yours ashore" in primitive_words(
        {"op": "RESTORE", "target": {"owner": "SELF"}}, LEX)


def test_money_purchases_and_tales():
    assert primitive_words({"op": "PRICE_DELTA", "delta": -2, "scope": "EACH_CARD_BOUGHT",
                            "who": "SELF", "duration": "THIS_PURCHASE"}, LEX) == \
        "Each card you buy costs 2 doubloons less in this purchase"
    assert "more while the weather is foul" in primitive_words(
        {"op": "PRICE_DELTA", "delta": 1, "scope": "EACH_CARD_BOUGHT",
         "who": "EACH_IN_HARBOUR", "duration": "WHILE_FOUL"}, LEX)
    assert primitive_words({"op": "ADD_DOUBLOONS", "n": 3}, LEX) == \
        "Gain 3 doubloons to spend in this purchase"
    assert primitive_words({"op": "EXTRA_TALE", "n": 1}, LEX) == \
        "Tell 1 more tall tale in this purchase"
    assert primitive_words({"op": "PAY_DOUBLOONS", "owner": "EACH_IN_HARBOUR", "n": 3},
                           LEX) == "Each player in the harbour pays 3 doubloons by covering sides"


def test_log_weather_war_and_pilot():
    assert primitive_words({"op": "LOG_PEEK", "n": 3, "reorder": True}, LEX) == \
        "Look at the top 3 log cards and put them back in any order"
    assert primitive_words({"op": "START_WAR", "a": "CHOICE_FACTION", "b": "CHOICE"},
                           LEX) == ("Start a war between a faction of your choice and any "
                                    "other party of your choice")
    assert primitive_words({"op": "START_WAR", "a": "PIR", "b": "EN"}, LEX) == \
        "Start a war between the Pirates faction and England"
    assert primitive_words({"op": "SET_WEATHER", "to": "FOUL"}, LEX) == \
        "Turn the harbour card to its foul side"


def test_abilities_lost_and_removed():
    assert primitive_words({"op": "ABILITIES_TO_SHIP", "owner": "CHOSEN_OTHER", "count": 1,
                            "pick": "RANDOM"}, LEX) == ("One ability card from the hand of "
                                                        "another player of your choice, "
                                                        "drawn at random, goes to the ship")
    assert primitive_words({"op": "REMOVE_FROM_GAME", "kind": "CHARACTER",
                            "owner": "EACH_IN_HARBOUR", "pick": "OWNER", "count": 1}, LEX) \
        == "Each player in the harbour removes one of his characters ashore from the game " \
        "(his choice)"
    assert "whose foreknowledge counts Helm" in primitive_words(
        {"op": "REMOVE_FROM_GAME", "kind": "ABILITY", "owner": "SELF", "pick": "RANDOM",
         "count": 1, "foreknowledge_has": "HLM"}, LEX)


def test_counters_and_rolls():
    assert primitive_words({"op": "CANCEL"}, LEX).startswith("Cancel the ability card")
    assert "stand firm" in primitive_words({"op": "SHIELD",
                                            "target": "OWN_AFFECTED_CHARACTERS"}, LEX)
    assert "made again" in primitive_words({"op": "REROLL", "whose": "OTHER",
                                            "roll": "ABILITY"}, LEX)
    assert primitive_words({"op": "ROLL_MODIFIER", "roll": "TREASURE", "whose": "OWN",
                            "delta": 1}, LEX) == "Add 1 to your treasure roll"


def test_a_lexicon_names_codes_it_does_not_know_in_title_case():
    assert Lexicon({}, {}).symbol("HLM") == "Hlm"


# ----- 3. "you" lines ---------------------------------------------------------------------------


def test_the_viewers_own_lines_say_you_play_not_you_plays():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]})
    loose = T.abi_names.index("Loose Purse")
    event = everyone("plays", seat=0, ability=loose, character=char("C01"), count=1, least=3)
    assert describe_event(s, event, 0).startswith(
        "you present an ability to the pilot and play Loose Purse")
    assert describe_event(s, event, 1).startswith(
        f"{seat_name(0)} presents an ability to the pilot and plays Loose Purse")
    peek = everyone("peeks", seat=0, count=3, reorder=True)
    assert describe_event(s, peek, 0) == (
        "you look at the top 3 log cards, and put them back in an order of your choice "
        "(Keen Lookout)")


@pytest.mark.parametrize("n,seed", [(3, 1), (4, 2)])
def test_no_line_of_a_match_says_you_with_a_third_person_verb(n, seed):
    record = ludoteca.run_match("puertodiablo", ["random"] * n, seed=seed)
    state = replay(record)
    third = "|".join(v for v in _YOU_VERBS if v not in ("pass",))
    wrong = re.compile(rf"^you (?:\w+ )?(?:{third})\b|\byou (?:{third})\b"
                       rf"|^you .*\band (?:{third})\b")
    for seat in range(n):
        for _, e in state.event_log(seat):
            line = describe_event(state, e, seat)
            assert not wrong.search(line), line


# ----- 4. the counter window's prompt ------------------------------------------------------------


def test_the_counter_prompt_names_whose_card_which_card_and_on_what():
    voodoo, belay = T.abi_names.index("Voodoo"), T.abi_names.index("Belay That!")
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0], s.hand[1] = [voodoo], [belay]
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    s.apply_action(T.play_id[voodoo][char("C05")])
    s.apply_action(T.die_outcome[5])
    s.apply_action(T.choose_id[char("C07")])
    step = s.next_step()
    assert isinstance(step, CounterWindow | Wish)
    mine = s.prompt(1)
    assert mine.startswith(f"{seat_name(0)}'s Voodoo (acted by {T.char_names[char('C05')]}) "
                           "takes effect: Weaken one character of another player ashore")
    assert f"on {T.char_names[char('C07')]} (yours)" in mine and mine.endswith("counter?")
    assert s.prompt(0).startswith("Your Voodoo")
    assert f"on {T.char_names[char('C07')]} ({seat_name(1)}'s)" in s.prompt(0)


def test_a_counter_to_a_counter_says_which_card_it_answers():
    loose, belay = T.abi_names.index("Loose Purse"), T.abi_names.index("Belay That!")
    s = table(3, {0: ["C01"], 1: ["C06"], 2: ["C32"]})
    s.hand[0], s.hand[1], s.hand[2] = [loose, belay], [belay], []
    s.push(Purchase(0, T.purchase_limit))
    s.apply_action(T.play_id[loose][char("C01")])
    s.apply_action(T.die_outcome[5])
    assert f"{seat_name(0)}'s Loose Purse" in s.prompt(1) and "Gain 3 doubloons" in s.prompt(1)
    s.apply_action(T.play_id[belay][char("C06")])
    s.apply_action(T.die_outcome[5])
    assert isinstance(s.next_step(), CounterWindow) and s.next_step().seat == 0
    assert s.prompt(0).startswith(f"{seat_name(1)}'s Belay That!")
    assert "against your Loose Purse" in s.prompt(0)


# ----- 5. reasons ---------------------------------------------------------------------------------


def test_a_surcharged_price_says_why():
    # Nieuw Zeeburg's foul side: every market card costs 1 more.
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]}, at="H04", foul=1,
              market=["C10"])
    m = s.observation(0)["market"][0]
    assert m["price_now"] == T.price[char("C10")] + 1
    assert m["price_note"] == "+1: foul weather"
    assert m["price"] == T.price[char("C10")]  # the printed price, as before
    assert any("foul weather" in x for x in s.observation(0)["special"])
    buys = everyone("buys", seat=0, slot=0, character=char("C10"), price=5, surcharge=1,
                    foul=1, delta=0)
    assert describe_event(s, buys, 0).endswith("for 5d (+1: foul weather)")
    market = next(x for x in render.render(s.observation(0)).plain.splitlines()
              if x.startswith("Market"))
    assert market.startswith("Market [+1: foul weather]: ")
    assert f"{T.price[char('C10')] + 1}d" in market
    fair = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]}, at="H04", market=["C10"])
    assert fair.observation(0)["market"][0]["price_note"] is None


@pytest.mark.parametrize("case,ashore,outcome,committed,to,words", [
    (1, [0, 0, 0], 0, [0, 0, 0], 1, "everybody has left"),
    (2, [1, 1, 1], 1, [1, 0, 0], 1, "left of you still ashore who did not commit"),
    (3, [1, 1, 1], 1, [0, 1, 1], 0, "did not commit while all the others ashore did"),
    (4, [1, 0, 1], 0, [0, 0, 0], 2, "the first player left of you still ashore"),
])
def test_the_pilot_card_pass_says_which_case_applied(case, ashore, outcome, committed, to,
                                                     words):
    s = table(3, {0: ["C01"], 1: ["C04"], 2: ["C10"]})
    s.ashore, s.outcome, s.committed = list(ashore), outcome, list(committed)
    pass_pilot(s, 0)  # called by hand: its event is among those of the action under way
    event = [e for e in s._events if e.kind == "pilot"][-1]
    assert event.data["case"] == case and s.pilot == to
    assert words in describe_event(s, event, 0)


def test_the_end_bonus_names_the_symbol_type_that_scored_it():
    record = ludoteca.run_match("puertodiablo", ["random"] * 2, seed=1)
    state = replay(record)
    final = [e for _, e in state.event_log(0) if e.kind == "final"][-1]
    line = describe_event(state, final, 0)
    result = state.observation(0)["result"]
    for seat in range(2):
        names = result["bonus_symbols"][seat]
        assert names, "every seat owns characters with symbols at the end"
        # Counted here again: the types named are exactly those of the largest count.
        counts = [0] * len(T.symbols)
        for c in range(T.num_chars):
            if state.owner[c] == seat and state.place[c] != OUT:
                for side in (0, 1):
                    for k, n in enumerate(T.side_symbols[c][side]):
                        counts[k] += n
        assert names == [T.symbol_names[k] for k, n in enumerate(counts)
                         if n == max(counts)]
        assert max(counts) == result["symbol_bonus"][seat]
        assert f"{result['symbol_bonus'][seat]} for the most symbols " \
               f"({' or '.join(names)})" in line


# ----- 6. labels of steps and kinds of move -----------------------------------------------------


def test_every_step_a_player_can_see_pending_has_a_label_not_its_class_name():
    from ludoteca.core.flow import AutoStep, ChanceStep, Step

    classes = [c for c in vars(steps).values() if isinstance(c, type)
               and issubclass(c, Step | ChanceStep) and not issubclass(c, AutoStep)
               and c.__module__ == steps.__name__]
    assert len(classes) > 30
    for cls in classes:
        label = STEP_LABELS.get(cls.__name__)
        assert label, cls.__name__
        assert not re.search(r"[A-Z]", label) and "step" not in label.lower()
    record = ludoteca.run_match("puertodiablo", ["random"] * 3, seed=2)
    state = replay(record)
    assert state.observation(0)["step_label"] is None  # the end: nothing pending


def test_every_kind_of_move_has_words_for_a_folded_menu():
    c = GAME.codec
    kinds = {c.action_to_json(a)["type"] for a in range(c.num_actions)}
    assert kinds <= set(render.MENU_GROUPS)


def test_the_board_bar_shows_the_step_label():
    from ludoteca.server.views import Boards, SeatInfo, table_for

    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]}, market=["C10"])
    s.push(steps.TakeCheapestStep(0))
    obs = s.observation(0)
    assert obs["step"] == "TakeCheapestStep"  # the existing key is kept
    assert obs["step_label"] == "taking one of the cheapest market characters"
    html = table_for(Boards(), s, [SeatInfo(k, "human", None, n)
                                   for k, n in enumerate(["Ana", "Bo"])]) or ""
    assert "taking one of the cheapest market characters" in html
    assert "Take cheapest step" not in html and "Take Cheapest Step" not in html


def test_a_log_card_turned_is_put_in_words_without_its_id():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]})
    turn(s, "L07")
    lines = [describe_event(s, e, 0) for _, e in s.event_log(0)]
    assert not any(re.search(r"\bL\d\d\b", line) for line in lines)
    assert any("Spain flag" in line for line in lines)
    assert log("L07") >= 0


def test_the_terminal_shows_the_viewers_ability_cards_in_words():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]})
    s.hand[0] = [T.abi_names.index("Voodoo")]
    s.hand[1] = [T.abi_names.index("Loose Purse")]
    board = render.render(s.observation(0)).plain
    assert "Voodoo: Weaken one character of another player ashore" in board
    assert "Loose Purse" not in board  # only the viewer's own hand
    assert all(len(line) <= 80 for line in board.splitlines())


def test_the_terminal_wraps_a_long_counter_prompt_instead_of_cutting_it():
    voodoo, belay = T.abi_names.index("Voodoo"), T.abi_names.index("Belay That!")
    s = table(2, {0: ["C05", "C01"], 1: ["C07", "C04"]}, challenge="L11")
    s.hand[0], s.hand[1] = [voodoo], [belay]
    s.push(OpenWindow("challenge"))
    s._run_automatic()
    s.apply_action(T.play_id[voodoo][char("C05")])
    s.apply_action(T.die_outcome[5])
    s.apply_action(T.choose_id[char("C07")])
    obs = s.observation(1)
    assert len(obs["prompt"]) > 80
    lines = render.render(obs).plain.splitlines()
    assert len(lines) <= render.ROWS and all(len(line) <= 80 for line in lines)
    assert " ".join(lines).endswith("play a counter?")
    assert T.char_names[char("C07")].split(",")[0] in " ".join(lines)


# ----- a new player's trial: words that said the wrong thing ----------------------------------


def _failed_at_la_coruna(offers: dict[int, str]):
    """La Coruna's foul side (at most two may commit, R15): three players offer 2, 2 and
    1 of the 5 symbols needed, with no market to help; the challenge fails."""
    s = table(3, {0: ["C48", "C01"], 1: ["C44", "C04"], 2: ["C03", "C06"]}, at="H08",
              foul=1)
    s.hand = [[], [], []]
    turn(s, "L10")
    while isinstance(s.next_step(), steps.MakeOffer):
        s.apply_action(T.offer_id[{0: 2, 1: 2, 2: 1}[s.next_step().seat]])
    return s, next(e for e in s.events() if e.kind == "failed")


def test_a_failure_under_la_coruna_s_cap_says_the_cap_and_no_help_that_was_not_allowed():
    s, failed = _failed_at_la_coruna({})
    words = describe_event(s, failed, 0)
    assert "at most 2 players may commit here: the best two offers make 4 of 5" in words
    assert "market help" not in words  # none was allowed (no market character)


def test_a_failure_elsewhere_with_no_help_allowed_does_not_speak_of_help():
    s = table(2, {0: ["C02", "C10"], 1: ["C23", "C30"]})
    s.hand[0], s.hand[1] = [], []
    turn(s, "L11")
    while isinstance(s.next_step(), steps.MakeOffer):
        s.apply_action(T.offer_id[0])
    failed = next(e for e in s.events() if e.kind == "failed")
    assert "0 of the 2 symbols needed)" in describe_event(s, failed, 0)
    assert "market help" not in describe_event(s, failed, 0)


def test_the_last_player_is_told_why_and_only_what_is_still_allowed():
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]})
    fresh = Purchase(0, 2, last=True).prompt(s, 0)
    assert fresh.startswith("You are the last in the harbour: up to 2 tall tales or 2 "
                            "market cards, one per healthy character")
    assert "Tell a tall tale or buy market cards" in fresh
    told = Purchase(0, 2, tales=1, last=True).prompt(s, 0)  # R20: no mix any more
    assert "buy" not in told and "1 tale told so far" in told
    assert told.endswith("Tell a tall tale, play an ability, or finish.")
    bought = Purchase(0, 2, bought=1, last=True).prompt(s, 0)
    assert "tall tale" not in bought.split(". ", 1)[1] and "Buy market cards" in bought
    # (Sentences, each with its capital: no "...character; Tell a tall tale".)
    assert "character. Tell a tall tale or buy" in fresh and ";" not in fresh
    # Anyone else after a purchase: one tale instead of buying is no longer allowed.
    assert "tall tale" not in Purchase(0, 3, bought=1).prompt(s, 0)


def test_one_symbol_is_singular_and_a_pilot_card_said_to_you_is_grammatical():
    s = table(3, {0: ["C01"], 1: ["C04"], 2: ["C10"]})
    supplies = everyone("supplies", seat=0, ability=0, symbols=1, symbol=0, assigned=2)
    assert f"supplies 1 {T.symbols[0]} symbol toward" in describe_event(s, supplies, 1)
    s.ashore, s.outcome, s.committed = [1, 1, 1], 1, [1, 0, 0]
    pass_pilot(s, 0)
    event = [e for e in s._events if e.kind == "pilot"][-1]
    line = describe_event(s, event, event.data["seat"])
    assert line.startswith("you hold") and " are still ashore" not in line
    assert render.grammar(line) == line


def test_the_final_line_names_the_winners_and_you_and_the_pilot_is_not_told_of_himself():
    record = ludoteca.run_match("puertodiablo", ["random"] * 2, seed=1)
    final = replay(record)
    event = next(e for _, e in final.event_log(None) if e.kind == "final")
    won = event.data["winners"][0]
    line = describe_event(final, event, won)
    assert "winners" not in line and line.endswith("won by you")
    assert line.startswith("final scoring: you " if won == 0 else f"final scoring: {seat_name(0)} ")
    s = table(2, {0: ["C01", "C02"], 1: ["C04", "C05"]})
    loose = T.abi_names.index("Loose Purse")
    plays = everyone("plays", seat=0, ability=loose, character=char("C01"), count=1, least=3,
                     pilot=0)
    assert describe_event(s, plays, 0).startswith("you play Loose Purse as the pilot with ")
    s.offers = [2, 1]
    ask = steps.PilotAssigns(0, 0, (1,), 0, 0, 0).prompt(s, 0)
    assert ask.startswith("As the pilot, decide how many symbols you commit yourself "
                          "(you offered 2;")
    assert seat_name(0) not in ask


def test_a_character_to_choose_shows_its_sides_and_a_market_card_its_price_now():
    # Characters on the ship or in the market are not on the board: the choice says what
    # they bring (both sides; the symbols a helper would supply, R15; the price as it is
    # now, and an ability's effect).
    from ludoteca.games.puertodiablo.actions import Buy, Helper, SendAshore, TakeCheapest
    from ludoteca.games.puertodiablo.view import action_label

    s = table(2, {0: ["C01"], 1: ["C04"]}, challenge="L12",
              market=["C23", "C27", "C03", "C05"])
    windfall, loose = T.abi_names.index("Windfall"), T.abi_names.index("Loose Purse")
    s.market[4:6] = [windfall, loose]
    assert action_label(s, SendAshore(char("C07"))) == \
        "send ashore Father Anselme (FTH 1d | FTH+HEA 2d)"
    assert action_label(s, TakeCheapest(char("C27"))).startswith(
        "take Margot Vasseur, cantinière (TAV 2d | HEA 2d)")
    assert action_label(s, Helper(0)) == "market help: Capitaine Luc Marchand (2 HLM)"
    s.challenge = log("L14")  # BLD and HLM: both types a helper has
    assert action_label(s, Helper(0)) == "market help: Capitaine Luc Marchand (1 BLD + 2 HLM)"
    # A character bought shows what it brings: its sides and its fears.
    assert action_label(s, Buy(1)) == (
        "buy Margot Vasseur, cantinière (7d): TAV 2d | HEA 2d, fears BLD")
    assert action_label(s, Buy(4)) == "buy Windfall (7d): " + effect_words(
        T.abi_effect[windfall], LEX).rstrip(".")
    s.foul = 1  # a surcharge on the foul side shows in the price
    assert action_label(s, Buy(1)).startswith(
        f"buy Margot Vasseur, cantinière ({steps.card_price(s, 1)}d): ")
    s.market[6] = windfall  # a like card beside it: the slot tells them apart
    assert action_label(s, Buy(4)).startswith("buy Windfall (7d, market slot 5): ")
    assert action_label(s, Buy(6)).startswith("buy Windfall (7d, market slot 7): ")


def test_a_war_lost_by_a_side_nobody_has_ashore_says_nobody_returns():
    ES, FR = (T.party_index[p] for p in ("ES", "FR"))
    s = table(2, {0: ["C02"], 1: ["C23"]})
    empty = everyone("war", a=ES, b=FR, count_a=0, count_b=6, loser=ES, why="weather")
    line = describe_event(s, empty, 0)
    assert line.endswith("Spain 0 against France 6; nobody of Spain is ashore: nobody returns")
    lost = everyone("war", a=ES, b=FR, count_a=5, count_b=4, loser=FR, why="weather")
    assert describe_event(s, lost, 0).endswith("France lose: each player with one sends one "
                                                "to the ship")


def test_a_harbour_s_place_in_the_voyage_and_its_card_s_number_are_never_confused():
    """"Harbour 1" (where the voyage calls) and the card's number (2 to 5: how many go
    ashore, how many symbols a challenge needs) once both read "harbour N"; now the
    place says "of 4" and the number says "number", on the board and in the events."""
    from .helpers import new_state

    s = new_state(3)
    said = [describe_event(s, e, 0) for _, e in s.event_log(0)
            if e.kind in ("voyage", "harbour")]
    assert said == ["the voyage will call at harbour 2 of 4: Port Halyard (number 3)",
                    "the voyage will call at harbour 3 of 4: San Lázaro (number 4)",
                    "arrival at harbour 1 of 4: Puerto Diablo (number 2), fair weather"]
    assert not any("harbour number" in line for line in said)
    top = render.render(s.observation(0)).plain.splitlines()[0]
    assert top.startswith("Harbour 1 of 4: Puerto Diablo (number 2)  fair")
    t = table(3, {0: ["C01"], 1: ["C04"], 2: ["C06"]}, at="H08", foul=1)
    top = render.render(t.observation(0)).plain.splitlines()[0]
    assert top.startswith("Harbour 4 of 4: La Coruna de l'Occidental (number 5)")


def test_a_character_sent_to_the_ship_says_why_as_its_event_records_it():
    """The event records the kind of cause (a war, a consequence, an ability card, ...),
    not which challenge or war: the line says that kind, after the character."""
    from .helpers import new_state

    s = new_state(2)
    c = char("C04")  # Hendrik Vos, on seat 1's ship

    def said(why: str) -> str:
        return describe_event(s, everyone("to_ship", seat=1, character=c, why=why), 1)

    assert said("consequence") == ("to the ship: Hendrik Vos, helmsman (you), the "
                                   "failed challenge's consequence")
    assert said("war").endswith("(you), a loser of the war")
    assert said("ability").endswith(", sent by an ability card")
    assert said("cannot pay").endswith(", short of doubloons to pay")


def test_one_more_symbol_to_commit_is_singular():
    s = table(2, {0: ["C01"], 1: ["C04"]})
    assert steps.CommitSymbols(0, 1).prompt(s, 0) == (
        "Commit 1 more symbol: choose a side to cover.")
    assert steps.CommitSymbols(0, 2).prompt(s, 0).startswith("Commit 2 more symbols:")


def test_taking_the_cheapest_character_says_why_and_that_it_is_free():
    # R16: a player short of the harbour number ashore takes the cheapest, free.
    s = table(2, {0: ["C01"], 1: ["C04", "C05"]})
    prompt = steps.TakeCheapestStep(0).prompt(s, 0)
    assert prompt == (f"You have 1 character ashore and this harbour takes {steps.need(s)}: "
                      "take one of the cheapest market characters, free.")
    assert steps.TakeCheapestStep(0).prompt(s, 1).endswith(" is taking a market character.")


def test_a_seat_still_choosing_who_goes_ashore_is_asked_while_another_is_in_turn():
    # Everybody chooses at once (the server holds a choice made before its turn): a seat
    # with more characters than the harbour number is asked to choose, whoever's turn
    # it is in the order; a seat that has all its picks, or no choice, is told who is.
    s = table(3, {0: [], 1: [], 2: []})  # three characters each on the ship
    s.place[char("C09")] = OUT  # seat 2 keeps two: no choice in harbour number 2
    number = steps.need(s)
    assert number == 2
    step = steps.SelectAshore(0, number)
    assert step.prompt(s, 0) == f"Choose a character to send ashore ({number} more)."
    assert step.prompt(s, 1) == f"Choose a character to send ashore ({number} more)."
    assert step.prompt(s, 2) == f"{seat_name(0)} is choosing characters to send ashore."
    s.chosen[1] = [char("C04"), char("C05")][:number]
    assert step.prompt(s, 1) == f"{seat_name(0)} is choosing characters to send ashore."


def test_a_starting_set_to_choose_shows_each_character_s_sides():
    """The sets not yet chosen are on nobody's board: the choice itself says what each
    character of the set has."""
    from ludoteca.games.puertodiablo.actions import ChooseSet

    s = GAME.new_initial_state(3)
    k = 0
    label = view.action_label(s, ChooseSet(T.set_numbers[k]))
    for c in T.set_chars[k]:
        assert f"{T.char_names[c].split(',')[0]} ({view.sides_text(T, c)})" in label


def test_the_full_seat_list_gives_each_character_s_fears():
    s = table(2, {0: ["C27"], 1: ["C04"]})
    listing = render.seat_details(s.observation(0), 0)
    line = next(x for x in listing.splitlines() if "Margot Vasseur" in x)
    assert line.endswith("TAV 2d | HEA 2d, fears BLD")
