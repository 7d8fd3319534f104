"""What can be pending in Puerto Diablo: the steps of its turn flow and what each may choose.

Set-up: :class:`PickPilot` and :class:`PickVoyage` (chance), :class:`PickSet` per seat
from the pilot. Each harbour: :class:`Arrive` (automatic) prepares it and pushes the
simultaneous :class:`SelectAshore` choices (group ``ashore``), :class:`Reveal`, the market
deal (:class:`Refill` / :class:`DealSlot`), the top-up (:class:`TopUp`,
:class:`TakeCheapestStep`) and :class:`StartRound`. A round: :class:`TurnLog` (chance),
then for a challenge :class:`MakeOffer` per player ashore, :class:`Decide` (automatic:
resolvable or failed), :class:`PilotAssigns` per offering player, :class:`PickHelper`,
:class:`CommitSymbols`, :class:`Resolved`; or :class:`Failed` and the consequence steps;
:class:`Purchase` per committer; :class:`CrewPhase`, :class:`LeaveChoice`,
:class:`CrewEnd`; at the end :class:`GameEnd`. The helpers at the top say what a seat can
do, so that no decision is pushed without a legal choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from ludoteca.core.flow import AutoStep, ChanceStep, Step
from ludoteca.core.words import plural, seat_name
from ludoteca.games.puertodiablo.actions import Cover, PlayAbility
from ludoteca.games.puertodiablo.effect_words import effect_words, lexicon

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState

PILE, SHIP, ASHORE, OUT, MARKET = 0, 1, 2, 3, 4
"""Where a character card is (``state.place``)."""
HUNTING = 5
"""A character lying crosswise on a treasure (the expansion): not ashore (R21)."""

# ----- what a seat can do ----------------------------------------------------------------------


def need(state: PuertoDiabloState) -> int:
    """Symbols a challenge needs here: the harbour number."""
    return state.t.harbour_number[state.voyage[state.harbour]]


def prohibited(state: PuertoDiabloState) -> int:
    """The bit mask of symbol types prohibited by the side the harbour card shows."""
    return state.t.prohibited[state.voyage[state.harbour]][state.foul]


def usable(state: PuertoDiabloState) -> int:
    """The challenge's symbols that may be committed here (a mask)."""
    return state.t.challenge_symbols[state.challenge] & ~prohibited(state)


def usable_for(state: PuertoDiabloState, seat: int) -> int:
    """The challenge's symbols ``seat`` may commit: a prohibition his
    ``IGNORE_PROHIBITION`` lifted for this challenge does not bind him (R65)."""
    return state.t.challenge_symbols[state.challenge] & \
        ~(prohibited(state) & ~state.dispensed[seat])


def multiplier(state: PuertoDiabloState, c: int) -> int:
    """How often the symbols character ``c`` commits count: once, and once more per
    ``DOUBLE_SYMBOLS`` on it (each doubling adds the original number, R64)."""
    return 1 + state.doubled.count(c)


def side_count(state: PuertoDiabloState, c: int, side: int, mask: int) -> int:
    """Symbols of the types in ``mask`` (a bit per type of ``t.symbols``, within
    ``t.all_symbols``) printed on ``side`` (0 left, 1 right) of character ``c``."""
    counts = state.t.side_symbols[c][side]
    # Only the set bits are visited: a challenge's mask has two types of the eight, a
    # treasure's one or two, and this is called for every open side of every card ashore.
    total = 0
    while mask:
        low = mask & -mask
        total += counts[low.bit_length() - 1]
        mask ^= low
    return total


def open_count(state: PuertoDiabloState, c: int, mask: int) -> int:
    """Symbols of the types in ``mask`` on the open (uncovered) sides of character ``c``:
    the sum of :func:`side_count` over :func:`open_sides`, in one pass over the mask."""
    counts = state.t.open_side_symbols[c][state.cover[c]]
    total = 0
    while mask:
        low = mask & -mask
        total += counts[low.bit_length() - 1]
        mask ^= low
    return total


def ashore_of(state: PuertoDiabloState, seat: int) -> list[int]:
    """``seat``'s characters ashore, in card order."""
    # The owner first: most cards are nobody's (in the pile) or another seat's, so most
    # are rejected on the first test, and a seat's are nearly all ashore mid-harbour.
    place, owner = state.place, state.owner
    return [c for c in range(state.t.num_chars) if owner[c] == seat and place[c] == ASHORE]


def open_sides(state: PuertoDiabloState, c: int) -> list[int]:
    cover = state.cover[c]
    return [s for s in (0, 1) if not cover >> s & 1]


def capacity(state: PuertoDiabloState, seat: int) -> int:
    """The most symbols of the challenge ``seat`` could commit from his characters (open,
    not prohibited for him; no ability card counted: R15)."""
    mask = usable_for(state, seat)
    return sum(open_count(state, c, mask) for c in ashore_of(state, seat))


def deliverable(state: PuertoDiabloState, seat: int) -> int:
    """What ``seat``'s characters can deliver toward his assignment: :func:`capacity`
    with the doublings played on them this challenge."""
    mask = usable_for(state, seat)
    if not state.doubled:  # nearly always: no doubling played this challenge
        return sum(open_count(state, c, mask) for c in ashore_of(state, seat))
    return sum(open_count(state, c, mask) * multiplier(state, c)
               for c in ashore_of(state, seat))


def helper_supply(state: PuertoDiabloState, slot: int) -> int:
    """Symbols the market character in ``slot`` can supply (both sides; R15)."""
    c = state.market[slot]
    if c < 0:
        return 0
    mask = usable(state)
    return side_count(state, c, 0, mask) + side_count(state, c, 1, mask)


def in_harbour(state: PuertoDiabloState) -> list[int]:
    """Players still in the harbour, clockwise from the pilot."""
    n = state.num_players
    return [s for s in ((state.pilot + i) % n for i in range(n)) if state.ashore[s]]


def resolver_limit(state: PuertoDiabloState, helped: int = 0) -> int:
    """How many players may commit: La Coruna's foul side allows two, and one when market
    characters help (the rulebook)."""
    limit = state.t.max_resolvers[state.voyage[state.harbour]][state.foul]
    if not limit:
        return state.num_players
    return 1 if helped else limit


def help_allowance(state: PuertoDiabloState) -> int:
    """Market characters that may help with this challenge (R15): only when the players
    ashore could not reach the total with everything they could commit."""
    players = in_harbour(state)
    # MARKET_HELP (R54): more helpers for this challenge, under the same conditions.
    allowance = state.t.help_allowance.get(len(players), 0) + state.extra_help
    if not allowance:
        return 0
    caps = sorted((capacity(state, s) for s in players), reverse=True)
    if sum(caps[:resolver_limit(state)]) >= need(state):
        return 0
    return allowance


def best_help(state: PuertoDiabloState, allowance: int, used: tuple[int, ...] = ()) -> int:
    supplies = sorted((helper_supply(state, s) for s in range(state.t.market_chars)
                       if s not in used), reverse=True)
    return sum(supplies[:allowance])


def reachable(offers: list[int], resolvers_left: int, helped: int) -> int:
    """The most symbols the remaining offers (at most ``resolvers_left`` of them) and
    ``helped`` market symbols can reach."""
    return sum(sorted(offers, reverse=True)[:max(resolvers_left, 0)]) + helped


def open_symbols(state: PuertoDiabloState, seat: int, symbol: int) -> int:
    """Open symbols of type ``symbol`` on ``seat``'s characters ashore (tall tales:
    prohibitions ignored)."""
    return sum(state.t.side_symbols[c][s][symbol] for c in ashore_of(state, seat)
               for s in open_sides(state, c))


def open_symbol_counts(state: PuertoDiabloState, seat: int) -> list[int]:
    """Open symbols of each type (``[k]``: type ``k`` of ``t.symbols``) on ``seat``'s
    characters ashore, prohibitions ignored: :func:`open_symbols` of every type at once,
    so that a purchase checks all the tall tales against one count (one pass over the
    cards, not one per tale)."""
    return _open_counts(state, ashore_of(state, seat))


def _open_counts(state: PuertoDiabloState, cards: list[int]) -> list[int]:
    by_cover, cover = state.t.open_side_symbols, state.cover
    rows = [by_cover[c][cover[c]] for c in cards]
    return [sum(col) for col in zip(*rows, strict=True)] if rows else [0] * len(state.t.symbols)


def budget(state: PuertoDiabloState, seat: int) -> int:
    """Visible doubloons on ``seat``'s characters ashore."""
    return _open_doubloons(state, ashore_of(state, seat))


def _open_doubloons(state: PuertoDiabloState, cards: list[int]) -> int:
    by_cover, cover = state.t.open_doubloons, state.cover
    return sum(by_cover[c][cover[c]] for c in cards)


def card_price(state: PuertoDiabloState, slot: int) -> int:
    """What the market card in ``slot`` costs now (the foul side's surcharge added)."""
    t = state.t
    card = state.market[slot]
    base = t.price[card] if slot < t.market_chars else t.abi_price[card]
    # All price changes summed (the surcharge, a PRICE_DELTA of this purchase), then
    # raised to 1.
    return max(1, base + t.surcharge[state.voyage[state.harbour]][state.foul]
               + state.price_cut)


def healthy(state: PuertoDiabloState, seat: int) -> int:
    return sum(1 for c in ashore_of(state, seat) if state.cover[c] == 0)


# ----- ability cards: who may play what -----------------------------------------------------------

PURCHASE_EFFECTS = frozenset({"ADD_DOUBLOONS", "DOUBLE_DOUBLOONS", "PRICE_DELTA",
                              "EXTRA_PURCHASE", "EXTRA_TALE", "TALE_BONUS"})
"""The primitives the purchase moment carries out (:mod:`.rules.abilities`)."""


def is_counter_to_ability(prim: dict[str, object]) -> bool:
    """A counter that answers another player's successful ability roll."""
    return prim["op"] == "CANCEL" or (prim["op"] == "REROLL" and prim.get("whose") == "OTHER"
                                      and prim.get("roll") == "ABILITY")


def playable_at_purchase(state: PuertoDiabloState, seat: int) -> list[int]:
    """Titles in ``seat``'s hand playable at the purchase moment (all of whose primitives
    the purchase moment carries out)."""
    t = state.t
    return sorted({a for a in state.hand[seat] if "purchase" in t.abi_moments[a]
                   and all(p["op"] in PURCHASE_EFFECTS for p in t.abi_effect[a])})


def counters_held(state: PuertoDiabloState, seat: int, depth: int = -1) -> list[int]:
    """Titles in ``seat``'s hand that can answer a successful ability roll now (at
    ``depth`` of the chain): a counter, with a character ashore to act it; a ``SHIELD``
    when that ability is aimed at one of his characters (R67)."""
    t = state.t
    if not state.ashore[seat] or not ashore_of(state, seat):
        return []
    out = {a for a in state.hand[seat] if "counter" in t.abi_moments[a]
           and all(is_counter_to_ability(p) for p in t.abi_effect[a])}
    # A shield is of use only while the card still hits him: once one of his spared the
    # character (R67), the window asks again but offers him no second shield.
    if depth == 0 and not state.spared_depth & 1 and aimed_at(state, seat):
        out.update(shields_held(state, seat))
    return sorted(out)


def aimed_at(state: PuertoDiabloState, seat: int) -> bool:
    """Whether the ability being played (the first of the chain) weakens or sends to the
    ship a character of ``seat`` that its player chose."""
    if not state.chain:
        return False
    _, a, _ = state.chain[0]
    offset = 0
    for prim in state.t.abi_effect[a]:
        if prim["op"] in ("WEAKEN", "SEND_TO_SHIP") and offset < len(state.choice):
            c = state.choice[offset]
            if c >= 0 and state.owner[c] == seat and state.place[c] == ASHORE:
                return True
        offset += choice_parts(prim)
    return False


def play_choices(state: PuertoDiabloState, seat: int, titles: list[int]) -> list[int]:
    """One choice per title and acting character (:func:`actors`, R73)."""
    ids = state.t.play_id
    return [ids[a][c] for a in titles for c in actors(state, seat, a)]


def depicts_foreknowledge(state: PuertoDiabloState, a: int, c: int) -> bool:
    """Whether character ``c`` shows ability ``a``'s foreknowledge (R73): a symbol of a
    listed type on an open side, prohibited or not (a prohibition only keeps it out of the
    count, R5); for a fear, a faction or a doubloon amount, the match of R6."""
    t = state.t
    if t.abi_fk_fear[a] >= 0 or t.abi_fk_faction[a] or t.abi_fk_doubloons[a] is not None:
        return foreknowledge(state, a, c) > 0
    return open_count(state, c, t.abi_fk_symbols[a]) > 0


def actors(state: PuertoDiabloState, seat: int, a: int) -> list[int]:
    """The characters of ``seat`` ashore that may act ability ``a`` (R73): those showing
    its foreknowledge; if none does, any of them (acting with a count of 0)."""
    ashore = ashore_of(state, seat)
    fit = [c for c in ashore if depicts_foreknowledge(state, a, c)]
    return fit or ashore


def actor_refusal(state: PuertoDiabloState, seat: int, action: object,
                  legal: Sequence[int]) -> str | None:
    """Why ``action``, a play of an ability by a character of ``seat`` ashore, is refused
    for its acting character (R73): the title may be played now (``legal`` holds a play
    of it) but not by that character. None when that is not the reason."""
    if not isinstance(action, PlayAbility):
        return None
    a, c = action.ability, action.character
    t = state.t
    if state.owner[c] != seat or state.place[c] != ASHORE or c in actors(state, seat, a):
        return None
    if not any(t.play_id[a][x] in legal for x in ashore_of(state, seat)):
        return None
    others = ", ".join(t.char_names[x] for x in actors(state, seat, a))
    return (f"{t.char_names[c]} does not show the foreknowledge of {t.abi_names[a]}: "
            f"choose a character of yours that does ({others}); any character may act "
            f"only when none of yours shows it (R73)")


def foreknowledge(state: PuertoDiabloState, a: int, c: int) -> int:
    """The foreknowledge count of character ``c`` for ability ``a`` (R5, R6): its open,
    non-prohibited symbols of the listed types; or 1 on a matching fear, faction or exact
    doubloon amount on an open side (0 otherwise)."""
    t = state.t
    fear = t.abi_fk_fear[a]
    if fear >= 0:
        return int(bool(t.fears[c] >> fear & 1))
    if t.abi_fk_faction[a]:
        return int(t.faction[c] >= 0)
    amount = t.abi_fk_doubloons[a]
    if amount is not None:
        return int(any(t.doubloons[c][s] == amount for s in open_sides(state, c)))
    mask = t.abi_fk_symbols[a] & ~prohibited(state)
    return open_count(state, c, mask)


def least_roll(state: PuertoDiabloState, a: int, count: int) -> int:
    """The least die roll that makes ability ``a`` take effect with ``count``
    foreknowledge (the card's table; above its largest count, that count's entry)."""
    return next(v for k, v in state.t.abi_die[a] if count >= k)


# ----- set-up -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PickPilot(ChanceStep["PuertoDiabloState"]):
    """Chance: who starts as the pilot (R28)."""

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        n = state.num_players
        return [(state.t.pilot_outcome[s], 1.0 / n) for s in range(n)]


@dataclass(frozen=True, slots=True)
class PickVoyage(ChanceStep["PuertoDiabloState"]):
    """Chance: which harbour card of ``number`` the voyage takes (R29)."""

    number: int

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        cards = state.t.harbours_numbered[self.number]
        return [(state.t.voyage_outcome[h], 1.0 / len(cards)) for h in cards]


@dataclass(frozen=True, slots=True)
class PickSet(Step["PuertoDiabloState"]):
    """``seat`` chooses a starting set (R27: in turn from the pilot, openly)."""

    seat: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.choose_set_id
        return [ids[s] for s in range(state.t.num_sets) if not state.sets_taken >> s & 1]

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Choose a starting set."
        return f"{seat_name(self.seat)} is choosing a starting set."


@dataclass(frozen=True, slots=True)
class LayOut(AutoStep["PuertoDiabloState"]):
    """After the starting sets: the piles and the opening sun card are laid out."""


# ----- arriving in a harbour ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arrive(AutoStep["PuertoDiabloState"]):
    """Sail into harbour ``harbour`` (0: Puerto Diablo) and prepare it."""

    harbour: int


@dataclass(frozen=True, slots=True)
class SelectAshore(Step["PuertoDiabloState"]):
    """``seat`` picks one more character to send ashore (``left`` to pick, this one
    included); the others see only that a choice was made."""

    seat: int
    left: int
    group = "ashore"

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.ashore_id
        chosen = state.chosen[self.seat]
        return [ids[c] for c in range(state.t.num_chars)
                if state.place[c] == SHIP and state.owner[c] == self.seat and c not in chosen]

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return f"Choose a character to send ashore ({self.left} more)."
        # Everybody chooses at once: a seat whose turn in the order has not come may
        # choose now too (the server holds it), so it is asked, not told to wait.
        if viewer is not None and viewer >= 0:
            number = need(state)
            on_ship = sum(1 for c in range(state.t.num_chars)
                          if state.place[c] == SHIP and state.owner[c] == viewer)
            left = number - len(state.chosen[viewer])
            if on_ship > number and left > 0:
                return f"Choose a character to send ashore ({left} more)."
        return f"{seat_name(self.seat)} is choosing characters to send ashore."


@dataclass(frozen=True, slots=True)
class Reveal(AutoStep["PuertoDiabloState"]):
    """Everybody's chosen characters are turned face up ashore at once."""


@dataclass(frozen=True, slots=True)
class Refill(AutoStep["PuertoDiabloState"]):
    """Fill the market's empty slots from the piles, one card at a time (R17)."""


@dataclass(frozen=True, slots=True)
class DealSlot(ChanceStep["PuertoDiabloState"]):
    """Chance: the card that comes into market ``slot``."""

    slot: int

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        t = state.t
        if self.slot < t.market_chars:
            ids = t.char_outcome
            return [(ids[k], p) for k, p in state.char_pile.draw_odds()]
        ids = t.abi_outcome
        return [(ids[k], p) for k, p in state.abi_pile.draw_odds()]


@dataclass(frozen=True, slots=True)
class TopUp(AutoStep["PuertoDiabloState"]):
    """Short players, from the pilot on (``index`` of that order), take the cheapest
    market characters until they have as many ashore as the harbour number (R16)."""

    index: int


@dataclass(frozen=True, slots=True)
class TakeCheapestStep(Step["PuertoDiabloState"]):
    """``seat`` chooses among equally cheap market characters."""

    seat: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.cheapest_id
        return sorted(ids[c] for c in cheapest(state))

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            # R16: why (short of the harbour number ashore) and that it costs nothing.
            return (f"You have {plural(len(ashore_of(state, self.seat)), 'character')} "
                    f"ashore and this harbour takes {need(state)}: take one of the cheapest "
                    "market characters, free.")
        return f"{seat_name(self.seat)} is taking a market character."


def cheapest(state: PuertoDiabloState) -> list[int]:
    chars = [c for c in state.market[:state.t.market_chars] if c >= 0]
    if not chars:
        return []
    low = min(state.t.price[c] for c in chars)
    return [c for c in chars if state.t.price[c] == low]


# ----- a round ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartRound(AutoStep["PuertoDiabloState"]):
    """A new round in this harbour: the log phase begins."""


@dataclass(frozen=True, slots=True)
class TurnLog(ChanceStep["PuertoDiabloState"]):
    """Chance: the pilot turns the next log card."""

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        ids = state.t.log_outcome
        return [(ids[k], p) for k, p in state.log_pile.draw_odds()]


@dataclass(frozen=True, slots=True)
class WarLoss(Step["PuertoDiabloState"]):
    """``seat`` sends one of his characters of the losing side (``losers``, a mask of
    parties) back to the ship; ``deferred``: it is only chosen now, said to all, and goes
    once the event's counter window is over (option ``event_window=after_choices``, R66)."""

    seat: int
    losers: int
    deferred: bool = False

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.choose_id
        return [ids[c] for c in war_candidates(state, self.seat, self.losers)]

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        later = AFTER_COUNTERS if self.deferred else ""
        if viewer == self.seat:
            return f"Your side lost the war: choose a character to return to the ship{later}."
        return f"{seat_name(self.seat)} is choosing a character to return to the ship{later}."


AFTER_COUNTERS = " (it goes after the counters)"
"""What a choosing step's prompt adds when the character chosen stays ashore through the
event's counter window (R66)."""


def in_parties(state: PuertoDiabloState, c: int, mask: int) -> bool:
    t = state.t
    return bool((t.nation[c] >= 0 and mask >> t.nation[c] & 1) or
                (t.faction[c] >= 0 and mask >> t.faction[c] & 1))


def war_counts(state: PuertoDiabloState, a: int, b: int) -> tuple[int, int]:
    """The characters ashore of parties ``a`` and ``b`` at the seats in the harbour
    (weakened ones too, a character of both parties for both): what decides a war."""
    count_a = count_b = 0
    for seat in in_harbour(state):
        for c in ashore_of(state, seat):
            count_a += in_parties(state, c, 1 << a)
            count_b += in_parties(state, c, 1 << b)
    return count_a, count_b


def war_candidates(state: PuertoDiabloState, seat: int, losers: int) -> list[int]:
    return [c for c in ashore_of(state, seat) if in_parties(state, c, losers)]


@dataclass(frozen=True, slots=True)
class AfterEvent(AutoStep["PuertoDiabloState"]):
    """After a war or a consequence: a player without characters ashore is out, the
    pilot card moves if its holder has none, and a round with fewer than two players
    ashore goes to the crew phase (R13)."""


@dataclass(frozen=True, slots=True)
class MakeOffer(Step["PuertoDiabloState"]):
    """``seat`` offers how many of the challenge's symbols he is willing to commit."""

    seat: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.offer_id
        # Symbols an ability already supplied in this challenge count toward the offer
        # (R62); more by an ability card are offered after (:class:`AbilityOffer`).
        most = deliverable(state, self.seat) + state.supplied[self.seat]
        return [ids[n] for n in range(min(most, len(ids) - 1) + 1)]

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return (f"The challenge needs {need(state)} symbols: how many will you offer to "
                    "commit?")
        return f"{seat_name(self.seat)} is making an offer."


@dataclass(frozen=True, slots=True)
class Decide(AutoStep["PuertoDiabloState"]):
    """After the offers: the challenge must be resolved if enough was offered (market
    help included), and fails otherwise."""


@dataclass(frozen=True, slots=True)
class PilotAssigns(Step["PuertoDiabloState"]):
    """The pilot (``seat``) decides how many symbols ``target`` commits, of his offer;
    ``order`` are the offering players still to be decided after him, ``sofar`` the
    symbols assigned before, ``resolvers`` the players assigned some, ``help`` the market
    characters that may help."""

    seat: int
    target: int
    order: tuple[int, ...]
    sofar: int
    resolvers: int
    help: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.assign_id
        return [ids[n] for n in assignable(state, self)]

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            # The pilot assigning himself is told so, not of a seat by its name.
            whom = ("you commit yourself" if self.target == self.seat
                    else f"{seat_name(self.target)} commits")
            offered = "you offered" if self.target == self.seat else "offered"
            return (f"As the pilot, decide how many symbols {whom} "
                    f"({offered} {state.offers[self.target]}; {self.sofar} of "
                    f"{need(state)} assigned).")
        return f"The pilot is deciding who commits what ({seat_name(self.target)})."


def assignable(state: PuertoDiabloState, step: PilotAssigns) -> list[int]:
    """Assignments that keep the challenge resolvable: exactly the harbour number in all,
    market help making up only what the players cannot (R14, R15)."""
    total = need(state)
    offer = state.offers[step.target]
    rest = [state.offers[s] for s in step.order]
    # The offers may reach the total by themselves although the characters could not (an
    # ability card's symbols count in an offer, not in what the characters could commit,
    # which is what allowed the help): then the market does not help, and the pilot
    # assigns as without it (R15).
    alone = reachable([offer, *rest], resolver_limit(state) - step.resolvers, 0)
    helping = bool(step.help) and step.sofar + alone < total
    limit = resolver_limit(state, step.help if helping else 0)
    helped = best_help(state, step.help) if helping else 0
    out = []
    choices: range | tuple[int, ...] = range(0, min(offer, total - step.sofar) + 1)
    if helping:
        # R15: market help commits only the remaining symbols, so every offer is taken in
        # full; in La Coruna's foul weather the pilot picks the one player it completes.
        choices = (0, offer) if limit == 1 else (offer,)
    for n in choices:
        used = step.resolvers + (n > 0)
        if not used and not rest:
            continue  # somebody must commit (R15)
        if used <= limit and total - step.sofar - n <= reachable(rest, limit - used, helped):
            out.append(n)
    return out


@dataclass(frozen=True, slots=True)
class PickHelper(Step["PuertoDiabloState"]):
    """The pilot picks a market character to supply some of the ``left`` symbols still
    missing (``allowance`` helpers may still come)."""

    seat: int
    left: int
    allowance: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.helper_id
        out = []
        for s in range(state.t.market_chars):
            supply = helper_supply(state, s)
            if supply and supply + best_help(state, self.allowance - 1, (s,)) >= self.left:
                out.append(ids[s])
        return out

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return f"Pick a market character to help ({self.left} symbols missing)."
        return "The pilot is picking market help."


@dataclass(frozen=True, slots=True)
class CommitSymbols(Step["PuertoDiabloState"]):
    """``seat`` commits ``left`` more symbols from his characters, side by side."""

    seat: int
    left: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        return commit_choices(state, self.seat, self.left)

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return f"Commit {plural(self.left, 'more symbol')}: choose a side to cover."
        return f"{seat_name(self.seat)} is committing symbols."


def commit_choices(state: PuertoDiabloState, seat: int, left: int) -> list[int]:
    """Commit ids: a side of an own character ashore with matching symbols, committing
    no more than are left and no fewer than the rest of the open sides cannot make up.
    A doubled character's symbols count more than once (R64): no symbol is taken that
    the ones before it already cover."""
    mask = usable_for(state, seat)
    sides = [(c, s, side_count(state, c, s, mask), multiplier(state, c))
             for c in ashore_of(state, seat) for s in open_sides(state, c)]
    total = sum(k * m for _, _, k, m in sides)
    ids = state.t.commit_id
    out: list[int] = []
    for c, s, k, m in sides:
        out.extend(ids[c][s][n - 1] for n in range(1, min(k, 6) + 1)
                   if (n - 1) * m < left and left - n * m <= total - k * m)
    out.sort()
    return out


@dataclass(frozen=True, slots=True)
class Resolved(AutoStep["PuertoDiabloState"]):
    """The challenge is resolved: on to the purchasing phase."""


@dataclass(frozen=True, slots=True)
class Failed(AutoStep["PuertoDiabloState"]):
    """The challenge is failed: its consequence comes into force."""


@dataclass(frozen=True, slots=True)
class Consequence(AutoStep["PuertoDiabloState"]):
    """Primitive ``index`` of the failed challenge's consequence, for the players
    ``players`` (ashore when the event started), clockwise from the pilot; ``asked``
    once its counter window (R66) is over; ``chosen``: the characters it takes were
    chosen before that window (``state.event.chosen``, ``event_window=after_choices``)."""

    index: int
    players: tuple[int, ...]
    asked: bool = False
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class PickCharacter(Step["PuertoDiabloState"]):
    """``seat`` picks one of ``owner``'s characters ashore matching the primitive's
    filter (``index`` of the consequence): it goes to the ship (``remove``: out of the
    game); ``deferred``: it is only chosen now, said to all, and goes once the event's
    counter window is over (option ``event_window=after_choices``, R66)."""

    seat: int
    owner: int
    index: int
    remove: bool
    deferred: bool = False

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.choose_id
        prim = state.t.consequence[state.challenge][self.index]
        return [ids[c] for c in matching(state, self.owner, prim.get("target", {}))]

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        verb = "removed from the game" if self.remove else "sent to the ship"
        whose = "your" if viewer == self.owner else f"{seat_name(self.owner)}'s"
        later = AFTER_COUNTERS if self.deferred else ""
        if viewer == self.seat:
            return f"Choose which of {whose} characters is {verb}{later}."
        return f"{seat_name(self.seat)} is choosing a character to be {verb}{later}."


def matching(state: PuertoDiabloState, owner: int, target: dict[str, object]) -> list[int]:
    t = state.t
    out = []
    for c in ashore_of(state, owner):
        fear = target.get("fear")
        if fear is not None and not t.fears[c] >> t.sym_index[str(fear)] & 1:
            continue
        gender = target.get("gender")
        if gender is not None and t.male[c] != (gender == "M"):
            continue
        party = target.get("party")
        if party is not None and not in_parties(state, c, 1 << t.party_index[str(party)]):
            continue
        st = target.get("state", "ANY")
        if (st == "HEALTHY" and state.cover[c]) or (st == "WEAKENED" and not state.cover[c]):
            continue
        out.append(c)
    return out


@dataclass(frozen=True, slots=True)
class PayDoubloons(Step["PuertoDiabloState"]):
    """``seat`` pays ``left`` more doubloons by covering open sides of his characters
    ashore, one side at a time (R3); ``covered``: the (character, side) pairs he has
    covered so far in this payment. With the option ``payment=minimal`` (the default) he
    may cover only a side that, with those, still belongs to a minimal set (none of whose
    sides could be left out without falling short: :func:`payable_sides`); with
    ``until_paid`` any open side with doubloons."""

    seat: int
    left: int
    covered: tuple[tuple[int, int], ...] = ()

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.cover_id
        if state.options.payment == "until_paid":
            d = state.t.doubloons
            return sorted(ids[c][s] for c in ashore_of(state, self.seat)
                          for s in open_sides(state, c) if d[c][s])
        return sorted(ids[c][s] for c, s in self.payable(state))

    def payable(self, state: PuertoDiabloState) -> list[tuple[int, int]]:
        """R3, ``payment=minimal``: the open sides he may cover next."""
        sides, values, chosen = self._payment(state)
        allowed = payable_sides(values, self.left + sum(values[i] for i in range(len(values))
                                                        if chosen >> i & 1), chosen)
        return [side for i, side in enumerate(sides) if allowed >> i & 1]

    def _payment(self, state: PuertoDiabloState
                 ) -> tuple[list[tuple[int, int]], tuple[int, ...], int]:
        """The sides this payment chooses among (the open ones with doubloons and those
        covered so far in it, in card order), their doubloons and the bit set of the
        covered ones."""
        d = state.t.doubloons
        sides = sorted([(c, s) for c in ashore_of(state, self.seat) for s in open_sides(state, c)
                        if d[c][s]] + list(self.covered))
        chosen = 0
        for side in self.covered:
            chosen |= 1 << sides.index(side)
        return sides, tuple(d[c][s] for c, s in sides), chosen

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return f"Pay {self.left} more doubloons: choose a side to cover."
        return f"{seat_name(self.seat)} is paying doubloons."

    def explain_illegal(self, state: PuertoDiabloState, action: object) -> str | None:
        if not isinstance(action, Cover):
            return None
        c, s = action.character, action.side
        t = state.t
        name, where = t.char_names[c], ("left", "right")[s]
        if state.owner[c] != self.seat or state.place[c] != ASHORE:
            return f"{name} is not one of your characters ashore"
        if state.cover[c] >> s & 1:
            return f"{name}'s {where} side is already covered"
        if not t.doubloons[c][s]:
            return f"{name}'s {where} side shows no doubloons"
        return (f"{name}'s {where} side cannot pay: covering it would leave a side you did "
                f"not need (every side you cover must be needed to pay the amount; R3)")


_PAYABLE: dict[tuple[tuple[int, ...], int, int], int] = {}
""":func:`payable_sides` by its arguments: a payment asks again after each side covered,
and a search (a bot's, a random playout's) asks the same few shapes over and over."""


def payable_sides(values: tuple[int, ...], amount: int, chosen: int) -> int:
    """R3, ``payment=minimal``: the bit set of the sides (bit ``i``: a side showing
    ``values[i]`` doubloons) not in ``chosen`` that some minimal covering set holds
    together with all of ``chosen``. A set is minimal when its doubloons reach ``amount``
    and none of its sides could be left out without falling short: its total less its
    smallest side is below ``amount``. The sets searched are ``chosen`` and each subset of
    the other sides added to it (a payer has a handful of sides: at most a few thousand)."""
    key = (values, amount, chosen)
    found = _PAYABLE.get(key)
    if found is not None:
        return found
    free = ((1 << len(values)) - 1) & ~chosen
    allowed = 0
    sub = free
    while True:
        # Every subset ``sub`` of the free sides, the empty one last.
        total, least, m = 0, 1 << 30, chosen | sub
        while m:
            low = m & -m
            v = values[low.bit_length() - 1]
            total += v
            least = min(least, v)
            m ^= low
        if total >= amount and total - least < amount:
            allowed |= sub
        if not sub:
            break
        sub = (sub - 1) & free
    if len(_PAYABLE) > 100_000:  # bounded: the shapes are few, but a long run may vary
        _PAYABLE.clear()
    _PAYABLE[key] = allowed
    return allowed


@dataclass(frozen=True, slots=True)
class LoseAbility(Step["PuertoDiabloState"]):
    """``seat`` picks an ability from his hand (whose foreknowledge shows ``mask``, if
    not 0) to remove from the game."""

    seat: int
    mask: int
    remove: bool

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.discard_id
        fk = state.t.abi_fk_symbols
        return sorted({ids[a] for a in state.hand[self.seat] if not self.mask or fk[a] & self.mask})

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Choose an ability to lose."
        return f"{seat_name(self.seat)} is choosing an ability to lose."


@dataclass(frozen=True, slots=True)
class RandomLoss(ChanceStep["PuertoDiabloState"]):
    """Chance: which ability of ``owner``'s hand is lost at random (``remove``: out of
    the game, else to the ship)."""

    owner: int
    remove: bool

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        hand = state.hand[self.owner]
        ids = state.t.lost_outcome
        return [(ids[a], hand.count(a) / len(hand)) for a in sorted(set(hand))]


# ----- the pilot's assignment with ability cards (rules in rules/assignment.py) -------------

SYMBOL_EFFECTS = frozenset({"ADD_SYMBOLS", "DOUBLE_SYMBOLS"})
"""The primitives of the cards played inside the pilot's assignment, at delivery (R61)."""


def lifts_prohibition(state: PuertoDiabloState, seat: int, a: int) -> bool:
    """Whether ``IGNORE_PROHIBITION`` of title ``a`` would let ``seat`` commit a symbol
    of the challenge he may not commit now (R65: a card that changes nothing is not
    offered)."""
    t = state.t
    if state.challenge < 0 or state.outcome >= 0:
        return False
    lifted = 0
    for p in t.abi_effect[a]:
        if p["op"] == "IGNORE_PROHIBITION":
            names = p.get("symbols", "ALL")
            lifted |= t.all_symbols if names == "ALL" else \
                sum(1 << t.sym_index[str(x)] for x in names)  # type: ignore[union-attr]
    barred = t.challenge_symbols[state.challenge] & prohibited(state) & ~state.dispensed[seat]
    return _holds_any(state, seat, barred & lifted)


def _holds_any(state: PuertoDiabloState, seat: int, mask: int) -> bool:
    """Whether ``seat`` has a symbol of a type in ``mask`` to commit: open on a character
    ashore, or supplied by an ``ADD_SYMBOLS`` card in his hand (``EITHER``: any type)."""
    t = state.t
    if not mask:
        return False
    if any(open_symbols(state, seat, k) for k in range(len(t.symbols)) if mask >> k & 1):
        return True
    return any(p["op"] == "ADD_SYMBOLS"
               and (p["symbol"] == "EITHER" or mask >> t.sym_index[str(p["symbol"])] & 1)
               for a in state.hand[seat] for p in t.abi_effect[a])


def symbol_supply(state: PuertoDiabloState, seat: int, a: int) -> int:
    """The most symbols title ``a`` could add toward ``seat``'s assignment now (0: it
    cannot be played): ``ADD_SYMBOLS`` its n if its type is usable for him (``EITHER``:
    either of the challenge's), ``DOUBLE_SYMBOLS`` the most one of his characters could
    commit."""
    t = state.t
    if "challenge" not in t.abi_moments[a]:
        return 0
    prims = t.abi_effect[a]
    if not prims or not all(p["op"] in SYMBOL_EFFECTS for p in prims):
        return 0
    mask = usable_for(state, seat)
    most = 0
    for p in prims:
        if p["op"] == "ADD_SYMBOLS":
            kind = p["symbol"]
            ok = mask if kind == "EITHER" else mask & 1 << t.sym_index[str(kind)]
            most += int(p["n"]) if ok else 0  # type: ignore[call-overload]
        else:
            most += max((open_count(state, c, mask) for c in actors(state, seat, a)),
                        default=0)
    return most


def symbol_cards(state: PuertoDiabloState, seat: int) -> list[int]:
    """Titles in ``seat``'s hand he could play toward his assignment now."""
    if not state.hand[seat] or not acting(state, seat):
        return []
    return sorted({a for a in state.hand[seat] if symbol_supply(state, seat, a)})


def ability_offer_limit(state: PuertoDiabloState, seat: int) -> int:
    """The most symbols ``seat`` may offer by ability cards: what all the copies he holds
    could add (R60)."""
    if not state.hand[seat] or not acting(state, seat):
        return 0
    return sum(symbol_supply(state, seat, a) for a in state.hand[seat])


def delivery_plays(state: PuertoDiabloState, seat: int) -> list[int]:
    """Play ids of ``seat``'s symbol cards with an acting character that fits: one of
    :func:`actors` (R73); for a doubling one that has a symbol to commit (R64)."""
    t = state.t
    mask = usable_for(state, seat)
    out = []
    for a in symbol_cards(state, seat):
        doubles = any(p["op"] == "DOUBLE_SYMBOLS" for p in t.abi_effect[a])
        for c in actors(state, seat, a):
            if doubles and not open_count(state, c, mask):
                continue
            out.append(t.play_id[a][c])
    return sorted(out)


def must_play(state: PuertoDiabloState, seat: int) -> bool:
    """``seat`` cannot deliver his assignment without more from an ability card."""
    return state.supplied[seat] + deliverable(state, seat) < state.assigned[seat]


@dataclass(frozen=True, slots=True)
class AbilityOffer(Step["PuertoDiabloState"]):
    """``seat``, having offered ``symbols`` from his characters, says how many more he
    will supply by an ability card (which one stays unsaid: R60)."""

    seat: int
    symbols: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.by_ability_id
        most = min(ability_offer_limit(state, self.seat), len(ids) - 1 - self.symbols)
        return [ids[n] for n in range(max(most, 0) + 1)]

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return (f"You offer {self.symbols} from your characters: how many more will "
                    "you supply by an ability card?")
        return f"{seat_name(self.seat)} is making an offer."


@dataclass(frozen=True, slots=True)
class DeliveryTurn(AutoStep["PuertoDiabloState"]):
    """After the pilot's assignment, before any side is covered: ``player``, who offered
    symbols by an ability card, is asked to play one while it can still help (R61)."""

    player: int


@dataclass(frozen=True, slots=True)
class DeliverAbility(Step["PuertoDiabloState"]):
    """``seat`` plays an ability card toward his assignment, or delivers from his
    characters (no passing while they cannot make it up: R61)."""

    seat: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        out = delivery_plays(state, self.seat)
        if not must_play(state, self.seat):
            out.append(state.t.decline_id)
        return sorted(out)

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        got = state.supplied[self.seat]
        if viewer == self.seat:
            return (f"You are assigned {state.assigned[self.seat]} symbols ({got} supplied "
                    "by abilities so far): play an ability card toward them?")
        return f"{seat_name(self.seat)} may play an ability card toward his assignment."


@dataclass(frozen=True, slots=True)
class Delivery(AutoStep["PuertoDiabloState"]):
    """Every ability card of the assignment has been played: if each committer can
    deliver, the market help (``left`` symbols, ``help`` helpers) and the commits follow;
    otherwise the pilot starts a new round of offers (R62)."""

    left: int
    help: int


@dataclass(frozen=True, slots=True)
class EventCounter(Step["PuertoDiabloState"]):
    """An event (a war, a consequence) is about to hit ``seat``'s characters: he may play
    a counter to it (``SHIELD``); ``later`` are asked after him (``event_order=seat``);
    ``bound``: he said he wants to play and the pilot let him (``event_order=pilot``,
    R51), so he cannot pass (R66); ``pilot_ahead`` as in :class:`PilotPicks`."""

    seat: int
    later: tuple[int, ...]
    bound: bool = False
    pilot_ahead: int = 0

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        out = play_choices(state, self.seat, shields_held(state, self.seat))
        if not self.bound:
            out.append(state.t.decline_id)
        return sorted(out)

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if state.event is None:
            if viewer == self.seat:
                return "The event is about to hit your characters: play a counter?"
            return f"{seat_name(self.seat)} may play a counter to the event."
        what = event_words(state, self.seat, viewer)
        if viewer == self.seat:
            return f"{what}: play a counter?"
        return f"{what}: {seat_name(self.seat)} may play a counter."


class PendingEvent(NamedTuple):
    """An event being settled (``state.event``, public): ``kind`` ``war`` (``detail``
    the losing party) or ``consequence`` (``detail`` the index of the primitive of the
    failed challenge's consequence); ``hit``: the seats whose characters it hits, from
    the pilot; ``chosen``: the characters chosen (or determined) so far to be taken.
    What a board says of it, nothing the rules read: a war's ``parties`` (the two party
    indices), their ``counts`` ashore and ``why`` it started (weather, challenge,
    ability); a payment's ``paid``, one ``(seat, doubloons)`` per side covered."""

    kind: str
    detail: int
    hit: tuple[int, ...]
    chosen: tuple[int, ...] = ()
    parties: tuple[int, ...] = ()
    counts: tuple[int, ...] = ()
    why: str = ""
    paid: tuple[tuple[int, int], ...] = ()


def event_words(state: PuertoDiabloState, seat: int, viewer: int | None) -> str:
    """What the pending event will do to ``seat``'s characters, in words for ``viewer``
    (``state.event`` must be set)."""
    t = state.t
    ev = state.event
    assert ev is not None
    mine = viewer == seat
    whose = "your" if mine else f"{seat_name(seat)}'s"
    names = [t.char_names[c] for c in ev.chosen if state.owner[c] == seat]
    if ev.kind == "war":
        what = (" and ".join(names) if names else f"one of {whose} characters of "
                f"{t.party_names[ev.detail]}")
        return f"The war lost by {t.party_names[ev.detail]} will send {what} to the ship"
    prim = t.consequence[state.challenge][ev.detail] if state.challenge >= 0 else {}
    op = prim.get("op")
    cause = f"The consequence of {t.log_names[state.challenge]}" if state.challenge >= 0 \
        else "The consequence"
    if op == "PAY_DOUBLOONS":
        pays = "you" if mine else seat_name(seat)
        return f"{cause} will make {pays} pay {prim['n']} doubloons"
    what = " and ".join(names) if names else f"{whose} characters"
    verb = "remove" if op == "REMOVE_FROM_GAME" else "send"
    where = "from the game" if op == "REMOVE_FROM_GAME" else "to the ship"
    return f"{cause} will {verb} {what} {where}"


def shields_held(state: PuertoDiabloState, seat: int) -> list[int]:
    """Titles in ``seat``'s hand that answer an event (all their primitives ``SHIELD``),
    with a character ashore to act them."""
    t = state.t
    if not acting(state, seat):
        return []
    return sorted({a for a in state.hand[seat] if "counter" in t.abi_moments[a]
                   and t.abi_effect[a]
                   and all(p["op"] == "SHIELD" for p in t.abi_effect[a])})


@dataclass(frozen=True, slots=True)
class WarLosses(AutoStep["PuertoDiabloState"]):
    """After the war's counter window: each player with characters of party ``loser``
    returns one of them, unless his characters stand firm (R66); ``chosen``: the one
    chosen before the window (``state.event.chosen``, ``event_window=after_choices``)."""

    loser: int
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class EventWindow(AutoStep["PuertoDiabloState"]):
    """The counter window of the pending event (R66): those it still hits who hold a
    ``SHIELD`` are asked, in turn from the pilot (``event_order=seat``) or by saying
    they want to play and the pilot's choice (``event_order=pilot``, R51); with the
    latter it opens again after each shield resolved, carrying the pilot's count
    (``pilot_ahead`` as in :class:`PilotPicks`, 0 when it first opens) when the shield
    just resolved was his (``played_by``)."""

    pilot_ahead: int = 0
    played_by: int = -1


# ----- purchasing and the crew phase --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Purchase(Step["PuertoDiabloState"]):
    """``seat`` tells one tall tale or buys up to ``limit`` market cards (``bought`` so
    far, ``spent`` doubloons); the last player in a harbour tells up to ``limit`` tales
    (``tales``) or buys up to ``limit`` cards (R20)."""

    seat: int
    limit: int
    bought: int = 0
    spent: int = 0
    tales: int = 0
    last: bool = False

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        return purchase_choices(state, self)

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            # Only what is still allowed (R20: tales or cards, not a mix), and for the
            # last player in the harbour why his limit is what it is.
            tell, buy = may_tell(state, self), may_buy(state, self)
            what = [w for w, ok in (("tell a tall tale", tell),
                                    (f"buy market cards ({money(state, self)} doubloons "
                                     "left)", buy)) if ok]
            ask = " or ".join(what)
            ask = (ask[0].upper() + ask[1:] + ", play an ability, or finish." if ask
                   else "Play an ability or finish.")
            if not self.last:
                return ask
            n = self.limit
            why = (f"You are the last in the harbour: up to {plural(n, 'tall tale')} or "
                   f"{plural(n, 'market card')}, one per healthy character. ")
            done = (f"{plural(self.tales, 'tale')} told" if self.tales
                    else f"{plural(self.bought, 'card')} bought" if self.bought else "")
            return why + (f"{done} so far. " if done else "") + ask
        return f"{seat_name(self.seat)} is purchasing."


def money(state: PuertoDiabloState, step: Purchase) -> int:
    """Doubloons left in this purchase: visible ones ashore, those added by abilities,
    less what is spent."""
    return budget(state, step.seat) + state.purse - step.spent


def may_tell(state: PuertoDiabloState, step: Purchase) -> bool:
    """One tale instead of buying (the last player: up to his limit), and EXTRA_TALE's
    tales besides either."""
    base = step.limit if step.last else 1
    if step.bought:
        return step.tales < state.extra_tales
    return step.tales < base + state.extra_tales


def may_buy(state: PuertoDiabloState, step: Purchase) -> bool:
    return step.tales <= state.extra_tales and step.bought < step.limit + state.extra_buys


def purchase_choices(state: PuertoDiabloState, step: Purchase) -> list[int]:
    t = state.t
    seat = step.seat
    out = [t.done_id]
    # One scan for the buyer's characters ashore serves the tales, the budget and the
    # plays (this runs at every purchase decision of every playout).
    ashore = ashore_of(state, seat)
    if may_tell(state, step):
        told = state.told
        bonus = state.tale_bonus
        counts = _open_counts(state, ashore)
        symbol, needed, ids = t.tale_symbol, t.tale_needed, t.tale_id
        out.extend([ids[tale] for tale in range(t.num_tales)
                    if not told >> tale & 1 and counts[symbol[tale]] + bonus >= needed[tale]])
    if may_buy(state, step):
        # money() and card_price() of every slot, with the scan and the price change shared.
        left = _open_doubloons(state, ashore) + state.purse - step.spent
        change = t.surcharge[state.voyage[state.harbour]][state.foul] + state.price_cut
        market, chars = state.market, t.market_chars
        for slot in range(chars + t.market_abis):
            card = market[slot]
            if card >= 0 and max(1, (t.price[card] if slot < chars else t.abi_price[card])
                                 + change) <= left:
                out.append(t.buy_id[slot])
    titles = playable_at_purchase(state, seat)
    if titles:
        out.extend(play_choices(state, seat, titles))
    if state.found_money[step.seat] and may_buy(state, step):
        out.extend(sorted({t.spend_id[x] for x in state.found_money[step.seat]}))
    out.sort()
    return out


# ----- playing an ability ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AbilityRoll(ChanceStep["PuertoDiabloState"]):
    """Chance: ``player`` rolls the die for ability ``ability`` acted by ``character``;
    ``depth`` is its place in a chain of counters (0: not a counter), ``repeat`` a forced
    repeat of that roll (REROLL)."""

    player: int
    ability: int
    character: int
    depth: int
    repeat: bool = False

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        ids = state.t.die_outcome
        return [(i, 1.0 / len(ids)) for i in ids]


@dataclass(frozen=True, slots=True)
class CounterWindow(Step["PuertoDiabloState"]):
    """The counter window after a successful roll at ``depth`` by ``roller``: ``seat``
    (who holds a counter) may play one; once it is resolved the window opens again to
    everybody (:class:`ReopenWindow`, R34); ``pilot_ahead`` as in :class:`PilotPicks`."""

    seat: int
    roller: int
    depth: int
    bound: bool = False  # he said he wants to play (R51): no passing now
    pilot_ahead: int = 0

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        out = play_choices(state, self.seat, counters_held(state, self.seat, self.depth))
        if not self.bound:
            out.append(state.t.decline_id)
        out.sort()
        return out

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        what = countered_words(state, self.depth, viewer)
        if viewer == self.seat:
            return f"{what}: play a counter?"
        return f"{what}: {seat_name(self.seat)} may play a counter."


@dataclass(frozen=True, slots=True)
class ReopenWindow(AutoStep["PuertoDiabloState"]):
    """The counter window on ``roller``'s card at ``depth`` opens: the first time, or
    again after a counter played in it, to everybody who can answer the card then, unless
    it has been stopped meanwhile (R34; ``pilot_ahead`` as in :class:`PilotPicks`, 0 when
    the window first opens)."""

    roller: int
    depth: int
    pilot_ahead: int = 0
    played_by: int = -1  # whose counter was just played (the pilot's count is his, R51)


@dataclass(frozen=True, slots=True)
class CarryOut(AutoStep["PuertoDiabloState"]):
    """The effect of ``ability`` played by ``player`` acted by ``character`` (at ``depth``
    of the chain) is carried out, unless a counter cancelled it."""

    player: int
    ability: int
    character: int
    depth: int


@dataclass(frozen=True, slots=True)
class NextBuyer(AutoStep["PuertoDiabloState"]):
    """After a buyer: the market is refilled, then the next in ``order`` buys."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CrewPhase(AutoStep["PuertoDiabloState"]):
    """The crew phase begins: automatic leaves, then the decisions to leave."""


@dataclass(frozen=True, slots=True)
class LeaveChoice(Step["PuertoDiabloState"]):
    """``seat`` decides whether to leave the harbour; ``later`` decide after him."""

    seat: int
    later: tuple[int, ...] = ()

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        return [state.t.leave_id, state.t.stay_id]

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Leave the harbour, or stay for another round?"
        return f"{seat_name(self.seat)} is deciding whether to leave."


@dataclass(frozen=True, slots=True)
class CrewEnd(AutoStep["PuertoDiabloState"]):
    """After the decisions: the last player's rule, bought abilities into the hands, the
    pilot card passes (from ``holder``, R12), then a new round or a new harbour."""

    holder: int


@dataclass(frozen=True, slots=True)
class LastOut(AutoStep["PuertoDiabloState"]):
    """The last player has made his purchases and leaves; then :class:`CrewEnd`."""

    player: int


@dataclass(frozen=True, slots=True)
class GameEnd(AutoStep["PuertoDiabloState"]):
    """Everybody has left La Coruna: the final scoring."""


# ----- the moments of play: arrival, log, challenge --------------------------------------------

MOMENT_EFFECTS: dict[str, frozenset[str]] = {
    "arrival": frozenset({"TAKE_PILOT", "LOG_PEEK"}),
    "log": frozenset({"SET_WEATHER", "PREVENT_WAR", "START_WAR", "LOG_PEEK"}),
    "challenge": frozenset({"WEAKEN", "RESTORE", "SEND_TO_SHIP", "START_WAR",
                            "ABILITIES_TO_SHIP", "IGNORE_PROHIBITION", "MARKET_HELP",
                            "LOG_SKIP"}),
}
"""The primitives each moment's window carries out (:mod:`.rules.abilities`); a title with
any other primitive is not offered at that moment."""
BEFORE_DECISION = frozenset({"MARKET_HELP", "LOG_SKIP"})
"""Primitives of the challenge moment playable only before the pilot's decision: in the
window after the challenge card is turned, not in the one after it is resolved."""


def playable_at(state: PuertoDiabloState, seat: int, moment: str) -> list[int]:
    """Titles in ``seat``'s hand playable now at ``moment`` (all their primitives built
    for it; ``PREVENT_WAR`` only while a weather war is pending), with a character ashore
    to act them."""
    t = state.t
    # An empty hand first: the cheapest test, and most seats' hands are empty.
    if not state.hand[seat] or not state.ashore[seat] or not ashore_of(state, seat):
        return []
    built = MOMENT_EFFECTS[moment]
    out = set()
    for a in state.hand[seat]:
        if moment not in t.abi_moments[a]:
            continue
        ops = [p["op"] for p in t.abi_effect[a]]
        if not all(op in built for op in ops):
            continue
        if "PREVENT_WAR" in ops and state.pending_war < 0:
            continue
        if "IGNORE_PROHIBITION" in ops and not lifts_prohibition(state, seat, a):
            continue
        if BEFORE_DECISION & set(ops) and (state.challenge < 0 or state.outcome >= 0):
            continue  # only before the pilot's decision (5.3 #4, #5)
        out.add(a)
    return sorted(out)


@dataclass(frozen=True, slots=True)
class OpenWindow(AutoStep["PuertoDiabloState"]):
    """The window of ``moment`` (``arrival``, ``log``, ``challenge``): the players in the
    harbour who can play a card of it are asked in turn from the pilot (R38); nobody:
    no window. ``pilot_ahead`` as in :class:`PilotPicks`: 0 when the window first opens,
    carried on when it opens again after a card played by ``played_by``."""

    moment: str
    pilot_ahead: int = 0
    played_by: int = -1  # who played the card just resolved (the pilot's count is his, R51)


@dataclass(frozen=True, slots=True)
class MomentWindow(Step["PuertoDiabloState"]):
    """``seat`` may play an ability of ``moment`` now, or pass; ``later`` are asked after
    him; ``pilot_ahead`` as in :class:`PilotPicks`."""

    seat: int
    moment: str
    later: tuple[int, ...]
    bound: bool = False  # he said he wants to play (R51): no passing now
    pilot_ahead: int = 0

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        out = play_choices(state, self.seat, playable_at(state, self.seat, self.moment))
        if not self.bound:
            out.append(state.t.decline_id)
        out.sort()
        return out

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        when = MOMENT_WORDS[self.moment]
        if viewer == self.seat:
            return f"{when}: play an ability card, or pass?"
        return f"{when}: {seat_name(self.seat)} may play an ability card."


def countered_words(state: PuertoDiabloState, depth: int, viewer: int | None) -> str:
    """What a counter would answer, for the counter window's prompt: whose card, its
    title, its acting character, what it does and on what it acts (the choices made for
    it before the window, R38: every choice first, then the window; a counter acts on the
    card below it in the chain)."""
    t = state.t
    if depth >= len(state.chain):
        return "An ability takes effect"
    seat, a, c = state.chain[depth]
    whose = "Your" if viewer == seat else f"{seat_name(seat)}'s"
    head = (f"{whose} {t.abi_names[a]} (acted by {t.char_names[c]}) takes effect: "
            f"{effect_words(t.abi_effect[a], lexicon(t)).rstrip('.')}")
    if depth:
        below, b, _ = state.chain[depth - 1]
        owner = "your" if viewer == below else f"{seat_name(below)}'s"
        return f"{head}, against {owner} {t.abi_names[b]}"
    aims = choice_words(state, a, state.choice, viewer)
    return f"{head}, on {aims}" if aims else head


def choice_words(state: PuertoDiabloState, a: int, values: list[int],
                 viewer: int | None) -> str:
    """The choices made for ability ``a``'s effect (``state.choice``), in words: the
    characters with their owners, the parties, the side of the harbour card, the player
    or the symbol type."""
    t = state.t
    out = []
    values = list(values)
    for prim in t.abi_effect[a]:
        for _ in range(choice_parts(prim)):
            if not values:
                break
            v = values.pop(0)
            if v < 0:
                continue
            op = prim["op"]
            if op == "START_WAR":
                out.append(t.party_names[v])
            elif op == "SET_WEATHER":
                out.append("the foul side" if v else "the fair side")
            elif op == "ABILITIES_TO_SHIP":
                out.append("you" if v == viewer else seat_name(v))
            elif op == "ADD_SYMBOLS":
                out.append(f"{t.symbol_names[v]} symbols")
            else:
                owner = state.owner[v]
                whose = "yours" if owner == viewer else f"{seat_name(owner)}'s"
                out.append(f"{t.char_names[v]} ({whose})")
    return " and ".join(out)


MOMENT_WORDS = {"arrival": "Arrival in the harbour", "log": "A weather card is settled",
                "challenge": "The challenge phase", "event": "A counter to the event",
                "treasure": "A counter to the treasure found"}


# ----- who plays first (R51) and a peek at the log pile (R52, R53) ---------------------------


@dataclass(frozen=True, slots=True)
class Wish(Step["PuertoDiabloState"]):
    """``seat`` tells the pilot whether he wants to play an ability card now (the card
    unnamed); ``later`` are asked after him, ``wanting`` said yes before him. ``moment`` is
    ``arrival``, ``log``, ``challenge``, ``event`` (a counter to the pending event, R66),
    ``counter`` (then against ``roller``'s roll at ``depth``) or ``treasure`` (a counter
    to ``roller``'s find by ``hunter``, R43); ``pilot_ahead`` as in :class:`PilotPicks`."""

    seat: int
    moment: str
    later: tuple[int, ...]
    wanting: tuple[int, ...] = ()
    roller: int = -1
    depth: int = 0
    pilot_ahead: int = 0
    hunter: int = -1

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        return sorted((state.t.want_id, state.t.decline_id))

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        when = (countered_words(state, self.depth, viewer) if self.moment == "counter"
                else MOMENT_WORDS[self.moment])
        if self.moment == "event" and state.event is not None:
            when = event_words(state, self.seat, viewer)
        if viewer == self.seat:
            return f"{when}: do you want to play an ability card (you name it later)?"
        return f"{when}: {seat_name(self.seat)} is saying whether he wants to play."


@dataclass(frozen=True, slots=True)
class PilotPicks(Step["PuertoDiabloState"]):
    """The pilot (``seat``) chooses which of ``wanting`` plays first (see :class:`Wish`).

    ``pilot_ahead``: how many of his own cards the pilot has played in this window by
    choosing himself here while another player wanted to play (R51); it goes back to 0
    when another player is let play, and a window starts at 0. With the option
    ``pilot_own_plays="two"`` the pilot who has played :data:`PILOT_AHEAD_MOST` so may
    not choose himself again: he chooses one of the others."""

    seat: int
    moment: str
    wanting: tuple[int, ...]
    roller: int = -1
    depth: int = 0
    pilot_ahead: int = 0
    hunter: int = -1

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        return sorted(state.t.first_id[s] for s in self.choosable(state))

    def choosable(self, state: PuertoDiabloState) -> list[int]:
        """The seats the pilot may let play first: all who want to, less himself once
        he has played his most ahead of them."""
        if self.pilot_held_back(state):
            return [s for s in self.wanting if s != self.seat]
        return list(self.wanting)

    def pilot_held_back(self, state: PuertoDiabloState) -> bool:
        """The pilot wants to play but has played his most ahead of the others (R51)."""
        return (state.pilot_ahead_most is not None and self.pilot_ahead >= state.pilot_ahead_most
                and self.seat in self.wanting)

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        names = ", ".join(seat_name(s) for s in self.wanting)
        held = self.pilot_held_back(state)
        if viewer == self.seat:
            if held:
                return (f"As the pilot, choose who plays first ({names} want to play; you "
                        f"have played {self.pilot_ahead} of yours ahead of them).")
            return f"As the pilot, choose who plays first ({names} want to play)."
        return f"The pilot is choosing who plays first ({names} want to play)."


PILOT_AHEAD_MOST = 2
"""R51, option ``pilot_own_plays="two"``: "he may, though, first play another ability, or
two, himself" read as a most of two of the pilot's own cards ahead of a waiting player."""


@dataclass(frozen=True, slots=True)
class PeekLog(ChanceStep["PuertoDiabloState"]):
    """Chance: the next face-down log card ``peeker`` looks at (``left`` more to see after
    it, then, with ``reorder``, the order he puts them back in)."""

    peeker: int
    left: int
    reorder: bool

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        ids = state.t.log_outcome
        return [(ids[k], p) for k, p in state.log_pile.draw_odds()]


@dataclass(frozen=True, slots=True)
class ReorderPeek(Step["PuertoDiabloState"]):
    """``seat`` puts the log cards he looked at back, from the top down: the one chosen
    now lies under those put back before it; ``state.peek`` holds those not yet put back
    (in the order he saw them), ``state.peek_order`` those put back."""

    seat: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        return list(state.t.reorder_id[:len(state.peek)])

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Put the log cards you looked at back, from the top down: which one next?"
        return f"{seat_name(self.seat)} is putting the log cards he looked at back."


@dataclass(frozen=True, slots=True)
class ChoicePoint(AutoStep["PuertoDiabloState"]):
    """After a successful roll, before the counter window: the choice ``part`` of
    primitive ``index`` of ``ability`` (played by ``player``) is made; no option: the
    primitive will do nothing, one option: it is taken."""

    player: int
    ability: int
    index: int
    part: int


@dataclass(frozen=True, slots=True)
class EffectChoice(Step["PuertoDiabloState"]):
    """``seat`` makes choice ``part`` of primitive ``index`` of ``ability`` he played: a
    character, a party, a side of the harbour card or another player."""

    seat: int
    ability: int
    index: int
    part: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        return effect_options(state, self.seat, self.ability, self.index, self.part)

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        prim = state.t.abi_effect[self.ability][self.index]
        what = CHOICE_WORDS.get(prim["op"], "a choice")
        if prim["op"] == "START_WAR":
            what = "the first party of the war" if self.part == 0 else "its enemy"
        name = state.t.abi_names[self.ability]
        if viewer == self.seat:
            return f"{name} takes effect: choose {what}."
        return f"{seat_name(self.seat)} is choosing {what} for {name}."


CHOICE_WORDS = {"WEAKEN": "another player's character to weaken",
                "ADD_SYMBOLS": "the type of the symbols it supplies",
                "SEND_TO_SHIP": "another player's character to send to the ship",
                "RESTORE": "one of your weakened characters to restore",
                "SET_WEATHER": "the side the harbour card shows",
                "ABILITIES_TO_SHIP": "the player who loses an ability to his ship"}


def choice_parts(prim: dict[str, object]) -> int:
    """How many choices a primitive needs of its card's player before the counter
    window (5.3 of the card set: every choice first, then the window)."""
    op = prim["op"]
    if op in ("WEAKEN", "SEND_TO_SHIP", "RESTORE"):
        return 1
    if op == "START_WAR":
        return 2
    if op == "SET_WEATHER":
        return int(prim.get("to") == "CHOICE")
    if op == "ABILITIES_TO_SHIP":
        return int(prim.get("owner") == "CHOSEN_OTHER")
    if op == "ADD_SYMBOLS":
        return int(prim.get("symbol") == "EITHER")
    return 0


def effect_options(state: PuertoDiabloState, seat: int, a: int, index: int,
                   part: int) -> list[int]:
    """Action ids of the choice (see :class:`EffectChoice`); empty when nothing fits."""
    t = state.t
    prim = t.abi_effect[a][index]
    op = prim["op"]
    if op in ("WEAKEN", "SEND_TO_SHIP", "RESTORE"):
        target: dict[str, object] = prim.get("target", {})  # type: ignore[assignment]
        owners = [seat] if target.get("owner", "SELF") == "SELF" else \
            [s for s in in_harbour(state) if s != seat]
        if op == "RESTORE":
            target = {**target, "state": "WEAKENED"}
        return sorted(t.choose_id[c] for s in owners for c in matching(state, s, target))
    if op == "START_WAR":
        key = "a" if part == 0 else "b"
        value = prim[key]
        if value == "CHOICE_FACTION":
            parties = list(range(t.num_nations, len(t.parties)))
        elif value == "CHOICE":
            parties = list(range(len(t.parties)))
        else:
            parties = [t.party_index[str(value)]]
        if part == 1 and state.choice:
            parties = [p for p in parties if p != state.choice[-1]]
        return sorted(t.party_id[p] for p in parties)
    if op == "SET_WEATHER":
        return sorted(t.weather_id)
    if op == "ABILITIES_TO_SHIP":
        # Sorted ids, not the harbour's order from the pilot (legal actions are sorted).
        return sorted(t.seat_id[s] for s in in_harbour(state) if s != seat and state.hand[s])
    if op == "ADD_SYMBOLS":
        mask = usable_for(state, seat)
        return sorted(t.symbol_id[k] for k in range(len(t.symbols)) if mask >> k & 1)
    return []


@dataclass(frozen=True, slots=True)
class WeakenSide(Step["PuertoDiabloState"]):
    """``seat`` (the owner) picks which side of ``character`` is covered (``WEAKEN``)."""

    seat: int
    character: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.cover_id
        return sorted(ids[self.character][s] for s in open_sides(state, self.character))

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        name = state.t.char_names[self.character]
        if viewer == self.seat:
            return f"{name} is weakened: choose the side to cover."
        return f"{seat_name(self.seat)} is choosing which side of {name} to cover."


@dataclass(frozen=True, slots=True)
class WeatherWar(AutoStep["PuertoDiabloState"]):
    """After the log window: the weather war found by the war test is fought, unless an
    ability prevented it."""


@dataclass(frozen=True, slots=True)
class OpenOffers(AutoStep["PuertoDiabloState"]):
    """After the challenge window: the players still in the harbour make their offers,
    in turn from the pilot, then :class:`Decide`. ``renewed``: the window opened again
    after a delivery fell short (R62), the card's treasure check already made."""

    renewed: bool = False


# ----- treasure hunting (the expansion, option ``treasure``; rules in rules/treasure.py) -----


def hunters(state: PuertoDiabloState) -> list[int]:
    """Characters lying on a treasure, in card order."""
    return [c for c in range(state.t.num_chars) if state.place[c] == HUNTING]


def hunt_count(state: PuertoDiabloState, c: int) -> int:
    """R7: the hunter's symbols of the treasure's types on its open sides (the sides open
    when the hunt began: nothing covers a hunter), prohibitions not applied."""
    mask = state.t.treasure_symbols[state.hunt_of[c]]
    return open_count(state, c, mask)


def hunt_least(state: PuertoDiabloState, c: int) -> int:
    """The least roll that finds ``c``'s treasure: the treasure's table for the weather
    the harbour card shows, at the hunter's count (above the largest printed count, that
    count's entry)."""
    table = state.t.treasure_die[state.hunt_of[c]][state.foul]
    count = hunt_count(state, c)
    return next(v for k, v in table if count >= k)


def acting(state: PuertoDiabloState, seat: int) -> bool:
    """A player can play an ability only while in the harbour with a character ashore to
    act it (the rulebook: a treasure hunter cannot help)."""
    return bool(state.ashore[seat]) and bool(ashore_of(state, seat))


def treasure_titles(state: PuertoDiabloState, seat: int, op: str, whose: str) -> list[int]:
    """Titles in ``seat``'s hand of the treasure check whose one primitive is ``op`` on
    the treasure roll with ``whose`` (ROLL_MODIFIER OWN, REROLL OWN, REROLL OTHER)."""
    t = state.t
    if not acting(state, seat):
        return []
    out = set()
    for a in state.hand[seat]:
        prims = t.abi_effect[a]
        if len(prims) == 1 and prims[0]["op"] == op and prims[0].get("roll") == "TREASURE" \
                and prims[0].get("whose") == whose and \
                ({"treasure", "counter"} & t.abi_moments[a]):
            out.add(a)
    return sorted(out)


@dataclass(frozen=True, slots=True)
class OpenTreasure(ChanceStep["PuertoDiabloState"]):
    """Chance: the next treasure opened from the face-down treasure pile."""

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        ids = state.t.treasure_outcome
        return [(ids[k], p) for k, p in state.treasure_pile.draw_odds()]


@dataclass(frozen=True, slots=True)
class StartHunt(Step["PuertoDiabloState"]):
    """Before his purchase, committer ``seat`` may send one character ashore hunting."""

    seat: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.hunt_id
        out = [ids[c][x] for c in ashore_of(state, self.seat) for x in state.treasure_market]
        out.append(state.t.no_hunt_id)
        out.sort()
        return out

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Send a character hunting for a treasure before purchasing?"
        return f"{seat_name(self.seat)} may send a character hunting for treasure."


@dataclass(frozen=True, slots=True)
class TreasureCheck(AutoStep["PuertoDiabloState"]):
    """After a log card (and its war): every hunt is checked, from the pilot clockwise."""


@dataclass(frozen=True, slots=True)
class NextSeeker(AutoStep["PuertoDiabloState"]):
    """The hunters still to be checked at this check (``queue``, grouped by seat in
    order); a player with several chooses his order."""

    queue: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChooseSeeker(Step["PuertoDiabloState"]):
    """``seat`` chooses which of his hunters in ``queue`` is checked next."""

    seat: int
    queue: tuple[int, ...]

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.seek_id
        return sorted(ids[c] for c in self.queue if state.owner[c] == self.seat)

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Choose which of your treasure hunters is checked next."
        return f"{seat_name(self.seat)} is choosing the order of his treasure hunters."


@dataclass(frozen=True, slots=True)
class BeforeRoll(Step["PuertoDiabloState"]):
    """``seat`` may play a treasure-roll modifier before ``hunter``'s roll (R8)."""

    seat: int
    hunter: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        titles = treasure_titles(state, self.seat, "ROLL_MODIFIER", "OWN")
        return sorted([*play_choices(state, self.seat, titles), state.t.decline_id])

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Your treasure hunter is about to roll: play an ability first?"
        return f"{seat_name(self.seat)} may play an ability before a treasure roll."


@dataclass(frozen=True, slots=True)
class TreasureRoll(ChanceStep["PuertoDiabloState"]):
    """Chance: the die for ``hunter``'s treasure (``owner`` its player); ``forced`` a repeat
    another player forced (REROLL OTHER); ``final`` the last check at the harbour's end."""

    owner: int
    hunter: int
    forced: bool = False
    final: bool = False

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        ids = state.t.die_outcome
        return [(i, 1.0 / len(ids)) for i in ids]


@dataclass(frozen=True, slots=True)
class AfterFailedRoll(Step["PuertoDiabloState"]):
    """``seat``'s hunter ``hunter`` has just failed: he may play his own reroll."""

    seat: int
    hunter: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        titles = treasure_titles(state, self.seat, "REROLL", "OWN")
        return sorted([*play_choices(state, self.seat, titles), state.t.decline_id])

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Your treasure hunter failed: roll again with an ability?"
        return f"{seat_name(self.seat)} may roll his treasure hunt again."


@dataclass(frozen=True, slots=True)
class TreasureCounter(Step["PuertoDiabloState"]):
    """``roller``'s hunter ``hunter`` has found its treasure: ``seat`` (holding a
    counter to a treasure roll) may force a repeat; once his is resolved the window opens
    again (:class:`ReopenTreasureCounter`, R43); ``bound`` and ``pilot_ahead`` as in
    :class:`CounterWindow`."""

    seat: int
    roller: int
    hunter: int
    bound: bool = False  # he said he wants to play (R51): no passing now
    pilot_ahead: int = 0

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        titles = treasure_titles(state, self.seat, "REROLL", "OTHER")
        out = play_choices(state, self.seat, titles)
        if not self.bound:
            out.append(state.t.decline_id)
        return sorted(out)

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return f"{seat_name(self.roller)}'s hunter found a treasure: force a repeat?"
        return f"{seat_name(self.seat)} may play a counter to the treasure roll."


@dataclass(frozen=True, slots=True)
class ReopenTreasureCounter(AutoStep["PuertoDiabloState"]):
    """The counter window on ``roller``'s find by ``hunter`` opens: the first time, or
    again after a counter that did not force a repeat, to everybody who can force one
    then (R43, as R34; ``pilot_ahead``, ``played_by`` as in :class:`ReopenWindow`)."""

    roller: int
    hunter: int
    pilot_ahead: int = 0
    played_by: int = -1


@dataclass(frozen=True, slots=True)
class HuntResult(AutoStep["PuertoDiabloState"]):
    """The result of ``hunter``'s roll is applied (``found`` or not), unless an ability
    has asked for the roll to be made again."""

    owner: int
    hunter: int
    found: bool
    final: bool = False


@dataclass(frozen=True, slots=True)
class NewHunt(Step["PuertoDiabloState"]):
    """The successful ``hunter`` of ``seat`` goes on a new hunt: the player chooses the
    treasure."""

    seat: int
    hunter: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.hunt_id[self.hunter]
        return [ids[x] for x in state.treasure_market]

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            return "Your hunter found its treasure: choose the next treasure to hunt."
        return f"{seat_name(self.seat)} is choosing a new treasure to hunt."


@dataclass(frozen=True, slots=True)
class FinalHunts(AutoStep["PuertoDiabloState"]):
    """Everybody has left: the open hunts are checked once more under the current
    weather, then the hunters return to the ship and the treasure market is cleared."""


@dataclass(frozen=True, slots=True)
class ClearTreasures(AutoStep["PuertoDiabloState"]):
    """R23: unclaimed treasures leave the game at the harbour's end."""


# ----- the advanced start (option ``start=advanced``; rules in rules/advanced.py) -----------


@dataclass(frozen=True, slots=True)
class DealDraft(ChanceStep["PuertoDiabloState"]):
    """Chance: the next character dealt face down to ``receiver`` (five each)."""

    receiver: int

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        ids = state.t.dealt_outcome
        return [(ids[k], p) for k, p in state.char_pile.draw_odds()]


@dataclass(frozen=True, slots=True)
class DraftPick(Step["PuertoDiabloState"]):
    """``seat`` keeps one character of the hand he holds (``pick`` 0: of the five dealt;
    1: of the four passed to him); all choose at once."""

    seat: int
    pick: int
    group = "draft"

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        ids = state.t.draft_id
        return sorted(ids[c] for c in draft_hand(state, self.seat))

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            which = "the five dealt to you" if self.pick == 0 else "the four passed to you"
            return f"Keep one character of {which}."
        return f"{seat_name(self.seat)} is choosing a character."


def draft_hand(state: PuertoDiabloState, seat: int) -> list[int]:
    """The characters ``seat`` holds in the draft now: his five dealt less his first keep;
    after the pass, his right neighbour's four less his second keep."""
    picks = state.draft_picks
    if state.draft_passed:
        right = (seat - 1) % state.num_players
        held = [c for c in state.dealt[right] if c != picks[right][0]]
        return [c for c in held if c not in picks[seat][1:]]
    return [c for c in state.dealt[seat] if c not in picks[seat]]


@dataclass(frozen=True, slots=True)
class PassHands(AutoStep["PuertoDiabloState"]):
    """Everybody has kept one: the four others pass to the player on the left."""


@dataclass(frozen=True, slots=True)
class DraftReveal(AutoStep["PuertoDiabloState"]):
    """The two kept characters are laid face up; the rest go back, shuffled; four
    characters are laid face up."""


@dataclass(frozen=True, slots=True)
class StartTurn(AutoStep["PuertoDiabloState"]):
    """The unfinished player with the lowest total adds a card (a tie: the die)."""


@dataclass(frozen=True, slots=True)
class StartRollOff(ChanceStep["PuertoDiabloState"]):
    """Chance: the highest roller among ``seats`` (tied on the lowest total) goes next,
    or, once every set is ready (``pilot``), takes the pilot card."""

    seats: tuple[int, ...]
    pilot: bool = False

    def chance_outcomes(self, state: PuertoDiabloState) -> list[tuple[int, float]]:
        ids = state.t.rolloff_outcome
        return [(ids[s], 1.0 / len(self.seats)) for s in self.seats]


@dataclass(frozen=True, slots=True)
class StartBuy(Step["PuertoDiabloState"]):
    """``seat`` adds a face-up character or any ability to his starting set, or is done."""

    seat: int

    def legal_actions(self, state: PuertoDiabloState) -> list[int]:
        return start_choices(state, self.seat)

    def prompt(self, state: PuertoDiabloState, viewer: int | None) -> str:
        if viewer == self.seat:
            left = state.t.advanced_budget - start_total(state, self.seat)
            return (f"Add a character or an ability to your starting set ({left} of "
                    f"{state.t.advanced_budget} left), or finish.")
        return f"{seat_name(self.seat)} is adding to his starting set."


def start_total(state: PuertoDiabloState, seat: int) -> int:
    """The total price of ``seat``'s starting set (the kept characters included: R30)."""
    t = state.t
    return (sum(t.price[c] for c in range(t.num_chars) if state.owner[c] == seat)
            + sum(t.abi_price[a] for a in state.hand[seat]))


def start_abilities(state: PuertoDiabloState) -> list[int]:
    """Titles with a copy not yet taken (R30: either level; the treasure-icon ones only
    with the expansion)."""
    t = state.t
    taken = [0] * t.num_abis
    for hand in state.hand:
        for a in hand:
            taken[a] += 1
    return [a for a in range(t.num_abis) if taken[a] < t.abi_copies[a]
            and (state.treasure_on or not t.abi_treasure[a])]


def start_choices(state: PuertoDiabloState, seat: int) -> list[int]:
    """Cards within the budget (at most 50 in all); an ability only while he has more
    characters than abilities, and only a title he does not have yet; an empty list:
    he cannot add one."""
    t = state.t
    left = t.advanced_budget - start_total(state, seat)
    out = [t.start_char_id[s] for s in range(t.market_chars)
           if state.market[s] >= 0 and t.price[state.market[s]] <= left]
    chars = sum(1 for c in range(t.num_chars) if state.owner[c] == seat)
    if len(state.hand[seat]) < chars:
        out.extend(t.start_abi_id[a] for a in start_abilities(state)
                   if a not in state.hand[seat] and t.abi_price[a] <= left)
    if out:
        out.append(t.start_done_id)
    out.sort()
    return out


# ----- what each step is called, for players ------------------------------------------------

STEP_LABELS = {
    # Decisions.
    "PickSet": "choosing a starting set",
    "SelectAshore": "choosing who goes ashore",
    "TakeCheapestStep": "taking one of the cheapest market characters",
    "WarLoss": "choosing who returns to the ship after the war",
    "MakeOffer": "offering symbols",
    "PilotAssigns": "the pilot assigns symbols",
    "PickHelper": "the pilot picks market help",
    "CommitSymbols": "committing symbols",
    "PickCharacter": "choosing the character the consequence takes",
    "PayDoubloons": "paying doubloons",
    "LoseAbility": "choosing an ability card to lose",
    "AbilityOffer": "offering symbols by an ability card",
    "DeliverAbility": "delivering the assignment",
    "EventCounter": "a counter to the event",
    "Purchase": "purchasing",
    "CounterWindow": "a counter to an ability card",
    "LeaveChoice": "leave or stay",
    "MomentWindow": "playing an ability card",
    "Wish": "saying whether one wants to play an ability card",
    "PilotPicks": "the pilot chooses who plays first",
    "ReorderPeek": "putting the log cards back",
    "EffectChoice": "choosing what an ability card acts on",
    "WeakenSide": "choosing the side to cover",
    "StartHunt": "sending a character treasure hunting",
    "ChooseSeeker": "choosing the next treasure hunter checked",
    "BeforeRoll": "before a treasure roll",
    "AfterFailedRoll": "after a failed treasure roll",
    "TreasureCounter": "a counter to a treasure roll",
    "NewHunt": "choosing a new treasure to hunt",
    "DraftPick": "keeping a character of the draft",
    "StartBuy": "buying the starting set",
    # Chance.
    "PickPilot": "drawing the first pilot",
    "PickVoyage": "drawing the voyage's harbours",
    "DealSlot": "dealing a market card",
    "TurnLog": "turning a log card",
    "RandomLoss": "drawing an ability card at random",
    "AbilityRoll": "rolling the die for an ability card",
    "PeekLog": "looking at the log pile",
    "OpenTreasure": "opening a treasure",
    "TreasureRoll": "rolling for a treasure",
    "DealDraft": "dealing the draft",
    "StartRollOff": "rolling off a tie",
}
"""Each step class a player can see pending (``observation["step"]``), in words for the
board's bar (``observation["step_label"]``): never the class name."""


def step_label(step: object) -> str | None:
    """A pending step in words (None: nothing pending)."""
    if step is None:
        return None
    return STEP_LABELS.get(type(step).__name__, "the game moves on")
