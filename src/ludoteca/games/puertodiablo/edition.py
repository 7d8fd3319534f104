"""The schema of a Puerto Diablo edition file (``editions/default.toml`` is the shipped one).

An edition holds every card of the box: the harbours (number, fair and foul sides with
their prohibitions, the foul side's surcharge or limit of resolvers), the log cards
(weather: fair or foul, perhaps a flag or faction; challenges: two symbols and the
consequence of failing), the characters (nation, faction, gender, price, the left and right
sides with symbols and doubloons, fears, starting set), the abilities (level, copies,
price, moments of play, foreknowledge, die table, effect), the tall tales and the treasures.

Effects and consequences are data: a list of *primitives* from the closed vocabulary
:data:`VOCABULARY` (``{ op = "ADD_SYMBOLS", symbol = "EITHER", n = 1 }``), each with fixed
parameters. One engine interprets them. An unknown primitive, a missing or unknown
parameter or a value outside its domain is refused at load time by
:class:`ludoteca.core.edition.EditionError`, whose message names the file, the key of the
card (``abilities[3]``), the card's id and the field.

Provenance: each card carries ``source`` (for all its values) and ``sources`` (per field,
for the values whose source differs, e.g. a name the rulebook gives), ``rulebook``,
``found``, ``derived`` or ``assumed``; the ``[general]`` values are the core's
``Sourced`` values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, model_validator

from ludoteca.core.edition import EditionFile, Section, Source, Sourced

Moment = Literal["arrival", "log", "challenge", "purchase", "counter", "treasure"]
"""When an ability may be played (``treasure``: at a treasure check, the expansion)."""

MOST_PLAYERS = 5
_PLAYER = ("SELF", "CHOSEN_OTHER", "EACH_IN_HARBOUR")
_CHOOSER = ("OWNER", "CARD_PLAYER", "LEFT_NEIGHBOUR")
_TARGET_KEYS = {"owner", "chooser", "fear", "gender", "party", "state", "count"}

# Parameter kinds: a tuple of words, "int", "bool", "symbol" (a symbol type, or what the
# tuple adds), "party", "target" (a character selector) and "count" (a number or ALL).
VOCABULARY: Mapping[str, Mapping[str, Any]] = {
    "ADD_SYMBOLS": {"symbol": ("symbol", "EITHER"), "n": "int"},
    "DOUBLE_SYMBOLS": {"scope": ("ACTING_CHARACTER",)},
    "IGNORE_PROHIBITION": {"symbols": ("symbol_list", "ALL"), "who": ("SELF",)},
    "MARKET_HELP": {"n": "int"},
    "LOG_SKIP": {},
    "LOG_PEEK": {"n": "int", "reorder": "bool"},
    "SET_WEATHER": {"to": ("FAIR", "FOUL", "CHOICE")},
    "PREVENT_WAR": {},
    "START_WAR": {"a": ("party", "CHOICE", "CHOICE_FACTION"),
                  "b": ("party", "CHOICE", "CHOICE_FACTION")},
    "ADD_DOUBLOONS": {"n": "int"},
    "DOUBLE_DOUBLOONS": {"scope": ("ACTING_CHARACTER",)},
    "PRICE_DELTA": {"delta": "int", "scope": ("EACH_CARD_BOUGHT",),
                    "who": ("SELF", "EACH_IN_HARBOUR"),
                    "duration": ("THIS_PURCHASE", "WHILE_FOUL")},
    "EXTRA_PURCHASE": {"n": "int"},
    "EXTRA_TALE": {"n": "int"},
    "TALE_BONUS": {"n": "int"},
    "TAKE_PILOT": {},
    "SEND_TO_SHIP": {"target": "target"},
    "WEAKEN": {"target": "target"},
    "RESTORE": {"target": "target"},
    "ABILITIES_TO_SHIP": {"owner": _PLAYER, "count": "count", "pick": ("RANDOM", "OWNER")},
    "REMOVE_FROM_GAME": {"kind": ("CHARACTER", "ABILITY"), "owner": _PLAYER,
                         "pick": ("OWNER", "RANDOM"), "count": "count",
                         "?foreknowledge_has": ("symbol",)},
    "PAY_DOUBLOONS": {"owner": _PLAYER, "n": "int"},
    "CANCEL": {},
    "SHIELD": {"target": ("OWN_AFFECTED_CHARACTERS",)},
    "REROLL": {"whose": ("OWN", "OTHER"), "roll": ("ABILITY", "TREASURE")},
    "ROLL_MODIFIER": {"roll": ("TREASURE",), "whose": ("OWN",), "delta": "int"},
}
"""The closed vocabulary of effects: primitive -> its parameters and their domains (a
leading ``?`` marks an optional parameter). Meanings: ``docs/rulings/puertodiablo.md``
(section "Effects")."""

CONSEQUENCE_OPS = frozenset({"SEND_TO_SHIP", "ABILITIES_TO_SHIP", "REMOVE_FROM_GAME",
                             "PAY_DOUBLOONS", "START_WAR"})
"""The primitives a challenge's consequence may use (events: no card player, no die)."""


class Card(Section):
    """What every card carries besides its own fields: an id, a name and provenance."""

    id: str
    name: str = ""
    source: Source
    sources: dict[str, Source] = Field(default_factory=dict)
    """Per field, where the field's source is not ``source``."""
    note: str = ""

    @model_validator(mode="after")
    def _sources_name_fields(self) -> Card:
        for key in self.sources:
            if key not in type(self).model_fields:
                raise ValueError(f"card {self.id}: sources.{key}: not a field of this card")
        return self


class HarbourSide(Section):
    prohibited: list[str]
    surcharge: int = 0
    """Doubloons added to the price of each market card bought while this side shows."""
    max_resolvers: int = 0
    """At most this many players may commit to a challenge (0: no limit)."""


class Harbour(Card):
    number: int
    fair: HarbourSide
    foul: HarbourSide


class Log(Card):
    kind: Literal["weather", "challenge"]
    weather: Literal["fair", "foul"] | None = None
    party: str | None = None
    """A weather card's flag or faction symbol (a party of ``general``), if any."""
    opening: bool = False
    """The plain sun card laid out face up at the start."""
    symbols: list[str] = Field(default_factory=list)
    """A challenge's two symbols."""
    consequence: list[dict[str, Any]] = Field(default_factory=list)
    text: str = ""


class CharacterSide(Section):
    symbols: list[str]
    doubloons: int


class Character(Card):
    nation: str | None = None
    faction: str | None = None
    gender: Literal["M", "F"]
    price: int
    left: CharacterSide
    right: CharacterSide
    fears: list[str] = Field(default_factory=list)
    start_set: int | None = None


class Foreknowledge(Section):
    """Exactly one: symbol types to count, a fear, faction membership or an exact amount of
    doubloons on one open side (the last three count 1 on a match)."""

    symbols: list[str] = Field(default_factory=list)
    fear: str | None = None
    faction: bool = False
    doubloons: int | None = None


class Ability(Card):
    level: Literal["I", "II"]
    copies: int
    price: int
    moments: list[Moment]
    foreknowledge: Foreknowledge
    die_table: dict[str, int]
    """Foreknowledge count (as a string key) -> the least roll that succeeds; "0" always
    present; a count above the largest key uses the largest key."""
    effect: list[dict[str, Any]]
    start_sets: list[int] = Field(default_factory=list)
    treasure: bool = False


class TallTale(Card):
    symbol: str
    needed: int
    vp: int


class Treasure(Card):
    symbols: list[str]
    fair: dict[str, int]
    foul: dict[str, int]
    reward: dict[Literal["doubloons", "vp"], int]


class General(Section):
    symbols: Sourced[list[str]]
    symbol_names: Sourced[list[str]]
    nations: Sourced[list[str]]
    nation_names: Sourced[list[str]]
    factions: Sourced[list[str]]
    faction_names: Sourced[list[str]]
    die_faces: Sourced[int]
    market_characters: Sourced[int]
    market_abilities: Sourced[int]
    purchase_limit: Sourced[int]
    level_two_at: Sourced[int]
    """The harbour (1 = the first) on whose arrival the level II abilities join the pile."""
    treasure_abilities_level: Sourced[Literal["I", "II"]]
    advanced_budget: Sourced[int]
    market_help: dict[str, Sourced[int]]
    """Players ashore -> market characters that may help (absent: none)."""


class PuertoDiabloEdition(EditionFile):
    general: General
    harbours: list[Harbour]
    log: list[Log]
    characters: list[Character]
    abilities: list[Ability]
    tall_tales: list[TallTale]
    treasures: list[Treasure] = Field(default_factory=list)
    """Only for the treasure-hunting expansion."""

    @model_validator(mode="after")
    def _consistent(self) -> PuertoDiabloEdition:
        g = self.general
        symbols = g.symbols.value
        parties = g.nations.value + g.factions.value
        if len(set(symbols)) != len(symbols) or len(g.symbol_names.value) != len(symbols):
            raise ValueError("general.symbols: distinct codes, one name each")
        if len(g.nations.value) != len(g.nation_names.value) or \
                len(g.factions.value) != len(g.faction_names.value):
            raise ValueError("general: one name per nation and per faction")
        ids = [c.id for group in (self.harbours, self.log, self.characters, self.abilities,
                                  self.tall_tales, self.treasures) for c in group]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids: each id once across the edition")
        _check_harbours(self.harbours, symbols)
        _check_log(self.log, symbols, parties)
        _check_characters(self.characters, symbols, g.nations.value, g.factions.value)
        _check_abilities(self.abilities, symbols, parties)
        for k in range(1, MOST_PLAYERS + 1):
            if sum(1 for c in self.characters if c.start_set == k) < 2:
                raise ValueError(f"characters: starting set {k} needs at least two characters "
                                 f"(two go ashore in Puerto Diablo; {MOST_PLAYERS} players)")
        if any(c.start_set is not None and not 1 <= c.start_set <= MOST_PLAYERS
               for c in self.characters) or any(
                not 1 <= s <= MOST_PLAYERS for a in self.abilities for s in a.start_sets):
            raise ValueError(f"start_set: the starting sets are numbered 1 to {MOST_PLAYERS}")
        if len(self.log) < 3 or not any(c.kind == "challenge" for c in self.log):
            raise ValueError("log: the opening card and at least one challenge")
        for i, t in enumerate(self.tall_tales):
            if t.symbol not in symbols or t.needed < 1 or t.vp < 0:
                raise ValueError(f"tall_tales[{i}] (card {t.id}): a symbol type, needed >= 1, "
                                 "vp >= 0")
        for i, tr in enumerate(self.treasures):
            where = f"treasures[{i}] (card {tr.id})"
            if not tr.symbols or any(s not in symbols for s in tr.symbols):
                raise ValueError(f"{where}.symbols: one or two symbol types")
            for side in ("fair", "foul"):
                _check_die_table(getattr(tr, side), f"{where}.{side}", g.die_faces.value + 1)
            if len(tr.reward) != 1 or min(tr.reward.values()) < 1:
                raise ValueError(f"{where}.reward: doubloons or vp, at least 1")
        return self


def _check_harbours(harbours: list[Harbour], symbols: list[str]) -> None:
    numbers = sorted(h.number for h in harbours)
    if numbers.count(2) < 1 or numbers.count(3) < 1 or numbers.count(4) < 1 or \
            numbers.count(5) < 1:
        raise ValueError("harbours: at least one harbour numbered 2, 3, 4 and 5 each "
                         "(the voyage)")
    for i, h in enumerate(harbours):
        for side in ("fair", "foul"):
            s: HarbourSide = getattr(h, side)
            for p in s.prohibited:
                if p not in symbols:
                    raise ValueError(f"harbours[{i}] (card {h.id}).{side}.prohibited: {p!r} is "
                                     "not a symbol type")
            if s.surcharge < 0 or s.max_resolvers < 0:
                raise ValueError(f"harbours[{i}] (card {h.id}).{side}: surcharge and "
                                 "max_resolvers are 0 or more")


def _check_log(log: list[Log], symbols: list[str], parties: list[str]) -> None:
    if sum(1 for c in log if c.opening) != 1:
        raise ValueError("log: exactly one opening card (opening = true)")
    for i, c in enumerate(log):
        where = f"log[{i}] (card {c.id})"
        if c.kind == "weather":
            if c.weather is None:
                raise ValueError(f"{where}.weather: fair or foul")
            if c.party is not None and c.party not in parties:
                raise ValueError(f"{where}.party: {c.party!r} is not a nation or faction")
            if c.symbols or c.consequence:
                raise ValueError(f"{where}: a weather card has no symbols or consequence")
            if c.opening and (c.weather != "fair" or c.party is not None):
                raise ValueError(f"{where}: the opening card is a plain sun (fair, no party)")
        else:
            if c.opening:
                raise ValueError(f"{where}.opening: the opening card is a weather card")
            if len(c.symbols) != 2 or any(s not in symbols for s in c.symbols):
                raise ValueError(f"{where}.symbols: two symbol types")
            if not c.consequence:
                raise ValueError(f"{where}.consequence: at least one primitive")
            check_effect(c.consequence, where + ".consequence", symbols, parties,
                         allowed=CONSEQUENCE_OPS)


def _check_characters(chars: list[Character], symbols: list[str], nations: list[str],
                      factions: list[str]) -> None:
    for i, c in enumerate(chars):
        where = f"characters[{i}] (card {c.id})"
        if c.nation is not None and c.nation not in nations:
            raise ValueError(f"{where}.nation: {c.nation!r} is not one of {nations}")
        if c.faction is not None and c.faction not in factions:
            raise ValueError(f"{where}.faction: {c.faction!r} is not one of {factions}")
        for side in ("left", "right"):
            s: CharacterSide = getattr(c, side)
            if any(x not in symbols for x in s.symbols) or s.doubloons < 0:
                raise ValueError(f"{where}.{side}: symbol types and doubloons >= 0")
            if len(s.symbols) > 3:
                raise ValueError(f"{where}.{side}: at most 3 symbols on a side (what one "
                                 "commitment of a side can name)")
        if any(f not in symbols for f in c.fears):
            raise ValueError(f"{where}.fears: a fear names a symbol type")
        if c.price < 0:
            raise ValueError(f"{where}.price: 0 or more")


def _check_abilities(abilities: list[Ability], symbols: list[str], parties: list[str]) -> None:
    for i, a in enumerate(abilities):
        where = f"abilities[{i}] (card {a.id})"
        f = a.foreknowledge
        kinds = bool(f.symbols) + (f.fear is not None) + f.faction + (f.doubloons is not None)
        if kinds != 1:
            raise ValueError(f"{where}.foreknowledge: exactly one of symbols, fear, faction, "
                             "doubloons")
        if any(s not in symbols for s in f.symbols) or (f.fear and f.fear not in symbols):
            raise ValueError(f"{where}.foreknowledge: symbol types only")
        if a.copies < 1 or a.price < 0:
            raise ValueError(f"{where}: copies >= 1 and price >= 0")
        if not a.moments:
            raise ValueError(f"{where}.moments: at least one moment of play")
        _check_die_table(a.die_table, f"{where}.die_table", 7)
        if not a.effect:
            raise ValueError(f"{where}.effect: at least one primitive")
        check_effect(a.effect, where + ".effect", symbols, parties)
    _check_peeks(abilities)


MOST_PEEK = 6
"""The most log cards one ``LOG_PEEK`` looks at (the codec's ``Reorder`` positions)."""


def _check_peeks(abilities: list[Ability]) -> None:
    """R52: the engine keeps one peeked top per log pile, known to one player, so an
    edition holds at most one copy of a ``LOG_PEEK`` card; ``n`` is 1 to :data:`MOST_PEEK`."""
    peeks = [a for a in abilities if any(p.get("op") == "LOG_PEEK" for p in a.effect)]
    if sum(a.copies for a in peeks) > 1:
        raise ValueError(f"abilities: at most one copy of a LOG_PEEK card (cards "
                         f"{', '.join(a.id for a in peeks)}): one player at a time may know "
                         "the top of the log pile (R52)")
    for a in peeks:
        for p in a.effect:
            if p.get("op") == "LOG_PEEK" and not 1 <= p["n"] <= MOST_PEEK:
                raise ValueError(f"card {a.id}.effect: LOG_PEEK n is 1 to {MOST_PEEK}, "
                                 f"not {p['n']}")


def _check_die_table(table: Mapping[str, int], where: str, most: int) -> None:
    if "0" not in table:
        raise ValueError(f"{where}: the entry for 0 is always printed")
    for k, v in table.items():
        if not k.isdigit() or not 1 <= v <= most:
            raise ValueError(f"{where}.{k}: a count (0, 1, ...) with a least roll 1 to {most}")


def check_effect(effect: list[dict[str, Any]], where: str, symbols: list[str],
                 parties: list[str], allowed: frozenset[str] | None = None) -> None:
    """Refuses (ValueError naming ``where``, the primitive and the parameter) an effect not
    built from :data:`VOCABULARY` with values in their domains."""
    for j, prim in enumerate(effect):
        at = f"{where}[{j}]"
        op = prim.get("op")
        if op not in VOCABULARY:
            raise ValueError(f"{at}.op: unknown primitive {op!r}; the vocabulary is "
                             f"{', '.join(sorted(VOCABULARY))}")
        if allowed is not None and op not in allowed:
            raise ValueError(f"{at}.op: {op} cannot be a consequence; one of "
                             f"{', '.join(sorted(allowed))}")
        params = VOCABULARY[str(op)]
        names = {k.lstrip("?") for k in params}
        for key in prim:
            if key != "op" and key not in names:
                raise ValueError(f"{at}.{key}: not a parameter of {op} (its parameters: "
                                 f"{', '.join(sorted(names)) or 'none'})")
        for key, kind in params.items():
            name = key.lstrip("?")
            if name not in prim:
                if key.startswith("?"):
                    continue
                raise ValueError(f"{at}.{name}: {op} needs it")
            _check_value(prim[name], kind, f"{at}.{name}", symbols, parties)
        # A payment of nothing would ask the payer to cover a side for no doubloons (and,
        # with minimal payment, leave him no side to choose): refused at load.
        if op == "PAY_DOUBLOONS" and prim["n"] < 1:
            raise ValueError(f"{at}.n: PAY_DOUBLOONS pays at least 1 doubloon, not {prim['n']}")


def _check_value(value: Any, kind: Any, at: str, symbols: list[str], parties: list[str]) -> None:
    if kind == "int":
        if type(value) is not int:
            raise ValueError(f"{at}: a whole number, not {value!r}")
    elif kind == "bool":
        if type(value) is not bool:
            raise ValueError(f"{at}: true or false, not {value!r}")
    elif kind == "count":
        # The vocabulary allows any number, but the engine carries out one or all: a count
        # of 2 would silently take one, so it is refused until it is built.
        if value != "ALL" and value != 1:
            raise ValueError(f"{at}: 1 or \"ALL\", not {value!r} (this engine takes one "
                             "character or ability, or all of them)")
    elif kind == "target":
        if not isinstance(value, dict):
            raise ValueError(f"{at}: a character selector {{ owner = ..., count = ... }}")
        for k in value:
            if k not in _TARGET_KEYS:
                keys = ", ".join(sorted(_TARGET_KEYS))
                raise ValueError(f"{at}.{k}: not a selector key ({keys})")
        if value.get("owner") not in _PLAYER:
            raise ValueError(f"{at}.owner: one of {', '.join(_PLAYER)}")
        if value.get("chooser", "OWNER") not in _CHOOSER:
            raise ValueError(f"{at}.chooser: one of {', '.join(_CHOOSER)}")
        if "fear" in value and value["fear"] not in symbols:
            raise ValueError(f"{at}.fear: a symbol type")
        if value.get("gender", "M") not in ("M", "F"):
            raise ValueError(f"{at}.gender: M or F")
        if "party" in value and value["party"] not in parties:
            raise ValueError(f"{at}.party: a nation or faction")
        if value.get("state", "ANY") not in ("HEALTHY", "WEAKENED", "ANY"):
            raise ValueError(f"{at}.state: HEALTHY, WEAKENED or ANY")
        _check_value(value.get("count", 1), "count", at + ".count", symbols, parties)
    else:
        words = [w for w in kind if w not in ("symbol", "symbol_list", "party")]
        if value in words:
            return
        if "symbol" in kind and value in symbols:
            return
        if "symbol_list" in kind and isinstance(value, list) and all(v in symbols for v in value):
            return
        if "party" in kind and value in parties:
            return
        what = [*words, *(["a symbol type"] if "symbol" in kind else []),
                *(["a list of symbol types"] if "symbol_list" in kind else []),
                *(["a nation or faction"] if "party" in kind else [])]
        raise ValueError(f"{at}: {value!r} is not {' or '.join(what)}")
