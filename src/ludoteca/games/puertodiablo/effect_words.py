"""An effect of the closed vocabulary (:data:`~ludoteca.games.puertodiablo.edition.VOCABULARY`)
in plain English, for players: one short sentence per primitive, joined for a card.

The board, the terminal and the observation's card descriptions show these sentences in
place of the engine's primitives (``WEAKEN {'owner': ...}`` means nothing to a player).
Every primitive and every parameter value the edition loader accepts has words here; the
meanings follow the rulings' section on effects (R39, R60-R67).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.core.words import plural

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.tables import Tables


@dataclass(frozen=True, slots=True)
class Lexicon:
    """The edition's names: symbol code -> name ("HLM" -> "Helm"), party code -> name
    ("EN" -> "England") and which parties are factions (the rest are nations)."""

    symbols: Mapping[str, str]
    parties: Mapping[str, str]
    factions: frozenset[str] = frozenset()

    def symbol(self, code: str) -> str:
        return self.symbols.get(code, code.title())

    def party(self, code: str) -> str:
        name = self.parties.get(code, code.title())
        return f"the {name} faction" if code in self.factions else name


def lexicon(t: Tables) -> Lexicon:
    """The names of ``t``'s edition."""
    g = t.edition.general
    return Lexicon(dict(zip(t.symbols, t.symbol_names, strict=True)),
                   dict(zip(t.parties, t.party_names, strict=True)),
                   frozenset(g.factions.value))


def _times(n: int, word: str) -> str:
    """ "1 symbol", "2 symbols". """
    return plural(n, word)


# ----- a character selector (the ``target`` of WEAKEN, SEND_TO_SHIP, RESTORE) -------------

_OWNER = {"SELF": "of yours", "CHOSEN_OTHER": "of another player",
          "EACH_IN_HARBOUR": "of each player in the harbour"}
_CHOOSER = {"OWNER": "its owner chooses which", "CARD_PLAYER": "you choose which",
            "LEFT_NEIGHBOUR": "its owner's left neighbour chooses which"}


def selector_words(target: Mapping[str, Any], lex: Lexicon, state: str | None = None) -> str:
    """A character selector in words: "one healthy male character of another player
    ashore who fears Occult (you choose which)". ``state`` overrides the selector's own
    (RESTORE acts on a weakened character whatever it says)."""
    every = target.get("count", 1) == "ALL"
    words = ["every" if every else "one"]
    health = state or target.get("state", "ANY")
    if health != "ANY":
        words.append(health.lower())
    if "gender" in target:
        words.append("male" if target["gender"] == "M" else "female")
    if "party" in target:
        words.append(lex.party(str(target["party"])))
    words.append("character")
    words.append(_OWNER[str(target.get("owner", "SELF"))])
    words.append("ashore")
    if "fear" in target:
        words.append(f"who fears {lex.symbol(str(target['fear']))}")
    text = " ".join(words)
    if not every:
        text += f" ({_CHOOSER[str(target.get('chooser', 'OWNER'))]})"
    return text


# ----- one sentence per primitive -----------------------------------------------------------


def _add_symbols(p: Mapping[str, Any], lex: Lexicon) -> str:
    n = int(p["n"])
    if p["symbol"] == "EITHER":
        return f"Add {_times(n, 'symbol')} of either challenge type (you choose which)"
    return f"Add {_times(n, lex.symbol(str(p['symbol'])) + ' symbol')}"


def _ignore_prohibition(p: Mapping[str, Any], lex: Lexicon) -> str:
    syms = p["symbols"]
    what = ("any prohibited symbols" if syms == "ALL" else
            "prohibited " + " or ".join(lex.symbol(str(s)) for s in syms) + " symbols")
    return f"You may offer and commit {what} anyway, for this challenge"


def _log_peek(p: Mapping[str, Any], lex: Lexicon) -> str:
    n = int(p["n"])
    back = ("and put them back in any order" if p["reorder"]
            else "and put them back as they were")
    return f"Look at the top {_times(n, 'log card')} {back}"


def _set_weather(p: Mapping[str, Any], lex: Lexicon) -> str:
    to = p["to"]
    if to == "CHOICE":
        return "Turn the harbour card to the side of your choice, fair or foul"
    return f"Turn the harbour card to its {str(to).lower()} side"


def _party_choice(value: str, lex: Lexicon) -> str:
    if value == "CHOICE":
        return "any party of your choice"
    if value == "CHOICE_FACTION":
        return "a faction of your choice"
    return lex.party(value)


def _start_war(p: Mapping[str, Any], lex: Lexicon) -> str:
    a, b = _party_choice(str(p["a"]), lex), _party_choice(str(p["b"]), lex)
    other = "any other party of your choice" if p["b"] == "CHOICE" else b
    return f"Start a war between {a} and {other}"


def _price_delta(p: Mapping[str, Any], lex: Lexicon) -> str:
    delta = int(p["delta"])
    who = "you buy" if p["who"] == "SELF" else "a player in the harbour buys"
    how = (f"{_times(-delta, 'doubloon')} less" if delta < 0 else
           f"{_times(delta, 'doubloon')} more")
    when = "in this purchase" if p["duration"] == "THIS_PURCHASE" \
        else "while the weather is foul"
    return f"Each card {who} costs {how} {when}"


_PLAYER_SUBJECT = {"SELF": "You", "CHOSEN_OTHER": "Another player of your choice",
                   "EACH_IN_HARBOUR": "Each player in the harbour"}
_PLAYER_HAND = {"SELF": "your hand", "CHOSEN_OTHER": "the hand of another player of your "
                "choice", "EACH_IN_HARBOUR": "the hand of each player in the harbour"}


def _abilities_to_ship(p: Mapping[str, Any], lex: Lexicon) -> str:
    hand = _PLAYER_HAND[str(p["owner"])]
    if p["count"] == "ALL":
        return f"Every ability card in {hand} goes to the ship"
    how = "drawn at random" if p["pick"] == "RANDOM" else "chosen by its owner"
    return f"One ability card from {hand}, {how}, goes to the ship"


def _remove_from_game(p: Mapping[str, Any], lex: Lexicon) -> str:
    who = _PLAYER_SUBJECT[str(p["owner"])]
    verb = "remove" if p["owner"] == "SELF" else "removes"
    his = "your" if p["owner"] == "SELF" else "his"
    every = p["count"] == "ALL"
    if p["kind"] == "CHARACTER":
        what = f"every one of {his} characters ashore" if every \
            else f"one of {his} characters ashore"
    else:
        what = f"every ability card in {his} hand" if every \
            else f"one ability card from {his} hand"
        if "foreknowledge_has" in p:
            what += f" whose foreknowledge counts {lex.symbol(str(p['foreknowledge_has']))}"
    how = "" if every else (" (drawn at random)" if p["pick"] == "RANDOM"
                            else f" ({his} choice)")
    return f"{who} {verb} {what} from the game{how}"


def _pay(p: Mapping[str, Any], lex: Lexicon) -> str:
    who = _PLAYER_SUBJECT[str(p["owner"])]
    verb = "pay" if p["owner"] == "SELF" else "pays"
    return f"{who} {verb} {_times(int(p['n']), 'doubloon')} by covering sides"


def _reroll(p: Mapping[str, Any], lex: Lexicon) -> str:
    if p["roll"] == "TREASURE":
        if p["whose"] == "OWN":
            return "Roll your failed treasure hunt again"
        return "Another player's successful treasure roll is made again"
    if p["whose"] == "OWN":
        return "Roll your own ability die again"
    return ("Another player's successful ability roll is made again; its effect happens "
            "only if the new roll succeeds")


def _roll_modifier(p: Mapping[str, Any], lex: Lexicon) -> str:
    delta = int(p["delta"])
    sign = f"Add {delta} to" if delta >= 0 else f"Take {-delta} from"
    return f"{sign} your treasure roll"


_WORDS: dict[str, Callable[[Mapping[str, Any], Lexicon], str]] = {
    "ADD_SYMBOLS": _add_symbols,
    "DOUBLE_SYMBOLS": lambda p, lex: "Double the symbols the acting character commits",
    "IGNORE_PROHIBITION": _ignore_prohibition,
    "MARKET_HELP": lambda p, lex: (f"Let {_times(int(p['n']), 'more market character')} "
                                   "help with this challenge"),
    "LOG_SKIP": lambda p, lex: ("Put the challenge just turned under the log pile, neither "
                                "resolved nor failed"),
    "LOG_PEEK": _log_peek,
    "SET_WEATHER": _set_weather,
    "PREVENT_WAR": lambda p, lex: "Stop the weather war about to be fought",
    "START_WAR": _start_war,
    "ADD_DOUBLOONS": lambda p, lex: (f"Gain {_times(int(p['n']), 'doubloon')} to spend in "
                                     "this purchase"),
    "DOUBLE_DOUBLOONS": lambda p, lex: ("The acting character's open doubloons count once "
                                        "more in this purchase"),
    "PRICE_DELTA": _price_delta,
    "EXTRA_PURCHASE": lambda p, lex: (f"Buy {_times(int(p['n']), 'more card')} than the "
                                      "limit in this purchase"),
    "EXTRA_TALE": lambda p, lex: (f"Tell {_times(int(p['n']), 'more tall tale')} in this "
                                  "purchase"),
    "TALE_BONUS": lambda p, lex: (f"Each tall tale you tell in this purchase counts "
                                  f"{_times(int(p['n']), 'extra symbol')} of its type"),
    "TAKE_PILOT": lambda p, lex: "Take the pilot card",
    "SEND_TO_SHIP": lambda p, lex: f"Send {selector_words(p['target'], lex)} to the ship",
    "WEAKEN": lambda p, lex: f"Weaken {selector_words(p['target'], lex)}",
    "RESTORE": lambda p, lex: (f"Restore {selector_words(p['target'], lex, 'WEAKENED')} "
                               "to health"),
    "ABILITIES_TO_SHIP": _abilities_to_ship,
    "REMOVE_FROM_GAME": _remove_from_game,
    "PAY_DOUBLOONS": _pay,
    "CANCEL": lambda p, lex: "Cancel the ability card just played: it is not carried out",
    "SHIELD": lambda p, lex: ("Your characters the event or the ability would hit stand "
                              "firm"),
    "REROLL": _reroll,
    "ROLL_MODIFIER": _roll_modifier,
}


def primitive_words(prim: Mapping[str, Any], lex: Lexicon) -> str:
    """One primitive in a sentence (no full stop)."""
    return _WORDS[str(prim["op"])](prim, lex)


def effect_words(effect: Sequence[Mapping[str, Any]], lex: Lexicon) -> str:
    """A card's effect (its primitives in order) as sentences: "Add 2 Helm symbols."."""
    return " ".join(primitive_words(p, lex) + "." for p in effect)
