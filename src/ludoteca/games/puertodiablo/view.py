"""What a seat sees of Puerto Diablo: the observation (web and terminal), the tensor, the
labels of actions and chance outcomes, and the events in words.

The observation (``observation(state, player)``) is JSON-safe and shows the position only;
what happened comes as events. Its fields are described in the package docstring of
:mod:`ludoteca.games.puertodiablo` and, for front builders, in ``docs/`` (the board).

Words for players, shared by the board and the terminal: an ability's effect by
:mod:`.effect_words`, a log card by what it is (:func:`log_card_words`: a weather card's
side and flag or faction symbol, never its id), a step by its label (``step_label``,
never its class name), an event by :func:`describe_event` (the viewer's own lines in the
second person, :func:`you_words`). Keys are only ever added (``weather_flag``,
``weather_card_words``, ``step_label``, a market card's ``price_now`` and ``price_note``,
``effect_ops``, ``bonus_symbols``, the peeked cards' ``words``, ``pending_war``,
``offer_most``, ``weather_war_done``): tests and the RL adapters
read the old ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludoteca.core.events import Event
from ludoteca.core.tensor import Segment, TensorLayout
from ludoteca.core.words import joined, plural, seat_name
from ludoteca.games.puertodiablo.actions import (
    AbilityCard,
    Assign,
    Buy,
    CharacterCard,
    Choose,
    ChooseParty,
    ChooseSeat,
    ChooseSet,
    ChooseSymbol,
    ChooseWeather,
    Commit,
    Cover,
    DealtCharacter,
    Decline,
    Die,
    Discard,
    DonePurchase,
    Draft,
    FirstPilot,
    Helper,
    Hunt,
    Leave,
    LogCard,
    LostAbility,
    NoHunt,
    Offer,
    OfferByAbility,
    PlayAbility,
    PlayFirst,
    Reorder,
    RollOff,
    Seek,
    SendAshore,
    SpendTreasure,
    StartAbility,
    StartCharacter,
    StartDone,
    Stay,
    TakeCheapest,
    TellTale,
    TreasureCard,
    Voyage,
    WantToPlay,
)
from ludoteca.games.puertodiablo.effect_words import effect_words, lexicon
from ludoteca.games.puertodiablo.rules.end import (
    doubloons,
    symbol_bonus,
    symbol_bonus_types,
    tale_vp,
)
from ludoteca.games.puertodiablo.steps import (
    ASHORE,
    HUNTING,
    MARKET,
    OUT,
    SHIP,
    DeliverAbility,
    EventCounter,
    MomentWindow,
    PilotPicks,
    ReorderPeek,
    Wish,
    card_price,
    event_words,
    foreknowledge,
    help_allowance,
    helper_supply,
    least_roll,
    need,
    step_label,
    usable,
    war_counts,
)
from ludoteca.games.puertodiablo.tables import VOYAGE

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState
    from ludoteca.games.puertodiablo.tables import Tables

PLACES = {SHIP: "ship", ASHORE: "ashore", OUT: "out", MARKET: "market", HUNTING: "hunting"}


def side_text(t: Tables, c: int, side: int) -> str:
    syms = [t.symbols[k] for k, n in enumerate(t.side_symbols[c][side]) for _ in range(n)]
    return f"{'+'.join(syms) or '-'} {t.doubloons[c][side]}d"


def sides_text(t: Tables, c: int) -> str:
    """Both sides of character ``c``: "FTH 1d | FTH+HEA 2d"."""
    return f"{side_text(t, c, 0)} | {side_text(t, c, 1)}"


def fears_text(t: Tables, c: int) -> str:
    """Character ``c``'s fears, after its sides: ", fears HLM" ("" without any)."""
    fears = [t.symbols[k] for k in range(len(t.symbols)) if t.fears[c] >> k & 1]
    return f", fears {'+'.join(fears)}" if fears else ""


def helper_words(state: PuertoDiabloState, slot: int) -> str:
    """The symbols the market character in ``slot`` would supply as help (R15), by
    type: "2 HLM"."""
    t = state.t
    c = state.market[slot]
    mask = usable(state)
    parts = [f"{n} {t.symbols[k]}" for k in range(len(t.symbols)) if mask >> k & 1
             if (n := sum(t.side_symbols[c][side][k] for side in (0, 1)))]
    return " + ".join(parts) or "no symbols"


TO_SHIP_WHY = {"war": "a loser of the war",
               "consequence": "the failed challenge's consequence",
               "ability": "sent by an ability card", "weakened": "weakened",
               "cannot pay": "short of doubloons to pay"}
"""Why a character went to the ship, as its event records it (the cause's kind: the
event does not name the challenge or the war, which the lines before it do)."""


def harbour_words(index: int, name: str, number: int) -> str:
    """A harbour by its place in the voyage and by its card's number, in words that keep
    the two apart: "harbour 1 of 4: Puerto Diablo (number 2)". The number is the card's
    (how many characters go ashore, the symbols a challenge needs); the place is where
    the voyage calls (the voyage has one harbour of each number, R29)."""
    return f"harbour {index + 1} of {len(VOYAGE)}: {name} (number {number})"


def flag_words(t: Tables, party: int) -> str:
    """A weather card's party in words: a nation's flag or a faction's symbol."""
    if party < 0:
        return ""
    kind = "flag" if party < t.num_nations else "faction symbol"
    return f"{t.party_names[party]} {kind}"


def log_card_words(t: Tables, k: int) -> str:
    """A log card by what it is, for players: a weather card's side and its flag or
    faction symbol ("foul weather, France flag"), a challenge's name."""
    if t.edition.log[k].kind == "weather":
        flag = flag_words(t, t.log_party[k])
        side = t.edition.log[k].weather
        return f"{side} weather, {flag}" if flag else f"{side} weather, no flag"
    return t.log_names[k]


def character_view(state: PuertoDiabloState, c: int) -> dict[str, Any]:
    t = state.t
    return {
        "id": c, "name": t.char_names[c], "price": t.price[c],
        "nation": t.parties[t.nation[c]] if t.nation[c] >= 0 else None,
        "faction": t.parties[t.faction[c]] if t.faction[c] >= 0 else None,
        "male": t.male[c],
        "fears": [t.symbols[k] for k in range(len(t.symbols)) if t.fears[c] >> k & 1],
        "sides": [side_text(t, c, 0), side_text(t, c, 1)],
        "covered": [bool(state.cover[c] & 1), bool(state.cover[c] & 2)],
    }


def observation(state: PuertoDiabloState, player: int | None) -> dict[str, Any]:
    t = state.t
    n = state.num_players
    h = state.voyage[state.harbour] if state.harbour >= 0 else -1
    seats = []
    for s in range(n):
        mine = [c for c in range(t.num_chars) if state.owner[c] == s]
        seats.append({
            "seat": s,
            "in_harbour": bool(state.ashore[s]),
            "ashore": [character_view(state, c) for c in mine if state.place[c] == ASHORE],
            "ship": [character_view(state, c) for c in mine if state.place[c] == SHIP],
            "chosen": (sorted(state.chosen[s]) if player == s else None),
            "chosen_count": len(state.chosen[s]),
            "hand": [t.abi_names[a] for a in state.hand[s]],
            "abilities_on_ship": [t.abi_names[a] for a in state.ship_abis[s]],
            "aside": [t.abi_names[a] for a in state.aside[s]],
            "tales": [t.tale_names[x] for x in state.tales[s]],
            "tale_vp": tale_vp(state, s),
            "offer": state.offers[s], "assigned": state.assigned[s],
            "committed": state.committed[s],
            # This challenge's ability cards (R60-R65): symbols offered by one, supplied
            # by one, the prohibited types he may commit anyway, his doubled characters.
            "offer_by_ability": state.by_ability[s],
            "ability_symbols": state.supplied[s],
            "may_commit_prohibited": [t.symbols[k] for k in range(len(t.symbols))
                                      if state.dispensed[s] >> k & 1],
            "doubled": [{"name": t.char_names[c], "counts": 1 + state.doubled.count(c)}
                        for c in sorted(set(state.doubled)) if state.owner[c] == s],
            "vp": state.vp[s],
        })
    market: list[dict[str, Any] | None] = []
    for slot, card in enumerate(state.market):
        if card < 0:
            market.append(None)
        elif slot < t.market_chars:
            market.append({"slot": slot, "kind": "character", **character_view(state, card)})
        else:
            market.append({"slot": slot, "kind": "ability", "id": card,
                           "name": t.abi_names[card], "price": t.abi_price[card]})
    # What a market card costs now and why it is not the printed price: the harbour
    # side's surcharge (the foul side, as a rule) and this purchase's ability change.
    for m in market:
        if m is not None:
            m["price_now"], m["price_note"] = _price_now(state, m["slot"])
    ch = state.challenge
    step = state.next_step()
    # Market help (2 or 3 players ashore): how many market characters may help with this
    # challenge, and the symbols each could supply (R15).
    help_open = ch >= 0 and state.harbour >= 0 and state.outcome < 0
    allowance = help_allowance(state) if help_open else 0
    for m in market[:t.market_chars]:
        if m is not None:
            m["help_symbols"] = helper_supply(state, m["slot"]) if help_open else None
    return {
        "market_help": ({"allowance": allowance,
                         "per_player_count": t.help_allowance.get(
                             len([s for s in range(n) if state.ashore[s]]), 0)}
                        if help_open else None),
        "step": type(step).__name__ if step is not None else None,
        "step_label": step_label(step),
        "assign_for": getattr(step, "target", None),
        "harbour": t.harbour_names[h] if h >= 0 else None,
        "harbour_index": state.harbour,
        "number": t.harbour_number[h] if h >= 0 else None,
        "voyage": [t.harbour_names[v] if v >= 0 else None for v in state.voyage],
        "weather": "foul" if state.foul else "fair",
        "prohibited": ([t.symbols[k] for k in range(len(t.symbols))
                        if t.prohibited[h][state.foul] >> k & 1] if h >= 0 else []),
        "round": state.round,
        "round_cap": state.round_cap,
        "pilot": state.pilot,
        "challenge": ({"name": t.log_names[ch],
                       "symbols": [t.symbols[k] for k in range(len(t.symbols))
                                   if t.challenge_symbols[ch] >> k & 1],
                       "needed": need(state),
                       # What happens if it fails (shown while the offers are made).
                       "consequence": t.edition.log[ch].text or None,
                       # La Coruna's foul side: at most this many players may commit
                       # (one when market help is used); None elsewhere.
                       "cap": (t.max_resolvers[h][state.foul] or None) if h >= 0 else None,
                       # Settled this round: "resolved", "failed" (None: not yet).
                       "outcome": {1: "resolved", 0: "failed"}.get(state.outcome),
                       # Every seat in the negotiation (those who have left since
                       # included, marked by in_harbour); the harbour's, laid out by
                       # hand without offers opened.
                       "players": ([x for x in range(n) if state.challengers >> x & 1]
                                   or [x for x in range(n) if state.ashore[x]])}
                      if ch >= 0 else None),
        "help_supplied": state.help_supplied,
        "weather_card": t.log_names[state.weather],
        # The weather card's flag or faction symbol (a weather war's cause, R2), and the
        # card in words with it.
        "weather_flag": ({"code": t.parties[t.log_party[state.weather]],
                          "name": t.party_names[t.log_party[state.weather]],
                          "kind": "nation" if t.log_party[state.weather] < t.num_nations
                          else "faction"} if t.log_party[state.weather] >= 0 else None),
        "weather_card_words": log_card_words(t, state.weather),
        "pending_war": pending_war(state),
        # This harbour's one weather war has been started (fought or prevented, R2).
        "weather_war_done": bool(state.war_done),
        # The most the viewer may offer now (his open, allowed symbols ashore and what
        # abilities supplied already, R62): the offer picker says why it stops there.
        "offer_most": (len(step.legal_actions(state)) - 1
                       if step is not None and type(step).__name__ == "MakeOffer"
                       and getattr(step, "seat", None) == player else None),
        "log_pile": state.log_pile.size,
        **lookout_facts(state, player),
        "character_pile": state.char_pile.size,
        "ability_pile": state.abi_pile.size,
        "market": market,
        "tales_left": [t.tale_names[x] for x in range(t.num_tales) if not state.told >> x & 1],
        "seats": seats,
        "purchase_effects": {"doubloons": state.purse, "price_delta": state.price_cut,
                             "extra_cards": state.extra_buys,
                             "extra_tales": state.extra_tales,
                             "tale_bonus": state.tale_bonus},
        "last_roll": (dict(zip(("seat", "ability", "face", "least", "success"),
                               state.last_roll, strict=True)) if state.last_roll else None),
        "effect_choice": (_effect_choice(state, step)
                          if type(step).__name__ == "EffectChoice" else None),
        "moment": getattr(step, "moment", None),
        "event": event_view(state),
        "viewer": player,
        "to_act": state.current_player(),
        "prompt": state.prompt(player),
        **board_facts(state, h, ch),
        **option_facts(state, player),
    }


def _price_now(state: PuertoDiabloState, slot: int) -> tuple[int, str | None]:
    t = state.t
    card = state.market[slot]
    printed = t.price[card] if slot < t.market_chars else t.abi_price[card]
    if state.harbour < 0:
        return printed, None
    h = state.voyage[state.harbour]
    words = _price_words(t, {"price": card_price(state, slot), "foul": state.foul,
                             "surcharge": t.surcharge[h][state.foul],
                             "delta": state.price_cut})
    return card_price(state, slot), (words.partition(" (")[2].rstrip(")") or None)


def pending_war(state: PuertoDiabloState) -> dict[str, Any] | None:
    """The weather war two flagged cards in a row have started and that is fought once
    the log moment's window closes (R2; an ability of that window may prevent it), public:
    its two ``parties`` (names), their ``codes`` and the ``counts`` of their characters
    ashore as things stand (the fewer lose); ``None`` when no war is pending."""
    if state.pending_war < 0:
        return None
    t = state.t
    a, b = divmod(state.pending_war, len(t.parties))
    return {"parties": [t.party_names[a], t.party_names[b]],
            "codes": [t.parties[a], t.parties[b]], "counts": list(war_counts(state, a, b))}


def event_view(state: PuertoDiabloState) -> dict[str, Any] | None:
    """The event being settled (R66), public; ``None`` between events. ``kind``: ``war``
    (``loser`` the losing party, ``party`` its code) or ``consequence`` (``op`` its
    primitive, ``index`` of the challenge's consequence); ``hit``: the seats whose
    characters it hits, from the pilot; ``chosen``: the characters chosen (or the only
    ones) so far, ``{seat, name, id}``; ``spared``: the seats a shield spares; ``words``:
    what it does, for each seat hit. A war also says its ``parties`` (the two sides),
    their ``counts`` of characters ashore and ``why`` it started (``weather``,
    ``challenge`` or ``ability``); a consequence its ``card`` (the failed challenge),
    ``text`` (the whole consequence) and, for a payment, ``doubloons`` (what each seat hit
    must pay) and ``paid`` (paid so far, by seat)."""
    ev = state.event
    if ev is None:
        return None
    t = state.t
    out: dict[str, Any] = {"kind": ev.kind, "hit": list(ev.hit),
                           "chosen": [{"seat": state.owner[c], "name": t.char_names[c],
                                       "id": c}
                                      for c in ev.chosen],
                           "spared": [s for s in ev.hit if state.shielded >> s & 1],
                           "words": {str(s): event_words(state, s, None) for s in ev.hit}}
    if ev.kind == "war":
        out["loser"] = t.party_names[ev.detail]
        out["parties"] = [t.party_names[p] for p in ev.parties]
        out["counts"] = list(ev.counts)
        out["why"] = ev.why
        out["party"] = t.parties[ev.detail]  # the code a nation or faction shows
    elif state.challenge >= 0:
        prim = t.consequence[state.challenge][ev.detail]
        out["op"] = prim["op"]
        out["index"] = ev.detail
        out["card"] = t.log_names[state.challenge]
        out["text"] = t.edition.log[state.challenge].text or None
        if prim["op"] == "PAY_DOUBLOONS":
            out["doubloons"] = prim["n"]
            paid = {str(s): 0 for s in ev.hit}
            for s, d in ev.paid:
                paid[str(s)] = paid.get(str(s), 0) + d
            out["paid"] = paid
    return out


def lookout_facts(state: PuertoDiabloState, player: int | None) -> dict[str, Any]:
    """``log_known``: the top of the log pile one player knows from ``LOG_PEEK`` (its
    cards, from the top down, for him only); ``peek``: a peek going on (the cards in his
    hand, in the order seen, and those put back, for him only); ``wanting``: the players
    who said they want to play in the window going on."""
    t = state.t
    pile = state.log_pile
    # One seat at most knows the top (R52): the edition holds one peeking card.
    seat, count = pile.top_seats.bit_length() - 1, len(pile.top)
    known = None
    if count:
        cards = ([t.log_names[k] for k in state.log_pile.top] if player == seat else None)
        known = {"seat": seat, "count": count, "cards": cards,
                 "words": ([log_card_words(t, k) for k in state.log_pile.top]
                           if player == seat else None)}
    peek = None
    if state.peeker >= 0:
        mine = player == state.peeker
        peek = {"seat": state.peeker, "in_hand": len(state.peek),
                "put_back": len(state.peek_order),
                "cards": ({"in_hand": [t.log_names[k] for k in state.peek],
                           "put_back": [t.log_names[k] for k in state.peek_order]}
                          if mine else None),
                # The same cards by what they are (a weather card's flag too).
                "words": ({"in_hand": [log_card_words(t, k) for k in state.peek],
                           "put_back": [log_card_words(t, k) for k in state.peek_order]}
                          if mine else None)}
    step = state.next_step()
    # Who has said he wants to play in this window (said to all, R51).
    wanting = list(step.wanting) if isinstance(step, Wish | PilotPicks) else None
    return {"log_known": known, "peek": peek, "wanting": wanting}


def _effect_choice(state: PuertoDiabloState, step: Any) -> dict[str, Any]:
    """The choice an ability's player is making: its card, primitive and which part
    (``kind``: character, party, weather or seat, what the board offers to click)."""
    t = state.t
    op = t.abi_effect[step.ability][step.index]["op"]
    kind = {"START_WAR": "party", "SET_WEATHER": "weather",
            "ABILITIES_TO_SHIP": "seat", "ADD_SYMBOLS": "symbol"}.get(op, "character")
    return {"ability": t.abi_names[step.ability], "op": op, "part": step.part, "kind": kind}


def board_facts(state: PuertoDiabloState, h: int, ch: int) -> dict[str, Any]:
    """What a board prints beside the position: the harbour side's special rule (a
    surcharge, a limit of resolvers), the challenge's consequence in words, every tall
    tale with its edition index (``tale`` of ``tell_tale``), whether it was told, its
    symbol, count and VP, the symbol codes' names and the starting sets (during set-up).
    """
    t = state.t
    side = int(state.foul)
    special = []
    if h >= 0 and t.surcharge[h][side]:
        weather = "foul" if side else "fair"
        special.append(f"every market card costs {t.surcharge[h][side]}d more "
                       f"(+{t.surcharge[h][side]}: {weather} weather)")
    if h >= 0 and t.max_resolvers[h][side]:
        special.append(f"at most {t.max_resolvers[h][side]} players may commit")
    return {
        "special": special,
        "consequence": (t.edition.log[ch].text or None) if ch >= 0 else None,
        "tales": [{"tale": x, "name": t.tale_names[x], "symbol": t.symbols[t.tale_symbol[x]],
                   "needed": t.tale_needed[x], "vp": t.tale_vp[x],
                   "told": bool(state.told >> x & 1)} for x in range(t.num_tales)],
        "symbol_names": dict(zip(t.symbols, t.symbol_names, strict=True)),
        "symbol_index": {code: k for k, code in enumerate(t.symbols)},
        "parties": list(t.party_names),
        "starting_sets": ([{"set": t.set_numbers[k],
                            "characters": [t.char_names[c] for c in t.set_chars[k]],
                            "cards": [character_view(state, c) for c in t.set_chars[k]],
                            "abilities": [t.abi_names[a] for a in t.set_abis[k]]}
                           for k in range(t.num_sets)] if state.harbour < 0 else []),
        "result": final_scoring(state),
        "ability_cards": ability_cards(t),
    }


def ability_cards(t: Tables) -> dict[str, dict[str, Any]]:
    """Each ability title's card face, by name: the foreknowledge it counts, its die table
    (``[count, least roll]``, counts ascending), its moments, its effect in plain words
    (:mod:`.effect_words`) and ``effect_ops``, the primitives it is built of. Worded once
    per edition's tables (every observation carries them; a bot asks for one per move)."""
    faces: dict[str, dict[str, Any]] | None = getattr(t, "_ability_faces", None)
    if faces is None:
        faces = _ability_cards(t)
        t._ability_faces = faces  # type: ignore[attr-defined]
    return dict(faces)


def _ability_cards(t: Tables) -> dict[str, dict[str, Any]]:
    lex = lexicon(t)
    out = {}
    for a, card in enumerate(t.edition.abilities):
        fk = card.foreknowledge
        if fk.symbols:
            counts = "/".join(lex.symbol(s) for s in fk.symbols) + " symbols"
        elif fk.fear:
            counts = f"a fear of {lex.symbol(fk.fear)}"
        elif fk.faction:
            counts = "a faction"
        else:
            counts = f"a side of exactly {fk.doubloons}d"
        out[card.name] = {"foreknowledge": counts,
                          "table": [list(row) for row in sorted(t.abi_die[a])],
                          "moments": list(card.moments),
                          "effect": effect_words(card.effect, lex),
                          "effect_ops": [e["op"] for e in card.effect]}
    return out


def final_scoring(state: PuertoDiabloState) -> dict[str, Any] | None:
    """At the end (else None): per seat the tall-tale VP, the symbol bonus (R10), their
    total and the tie-break's doubloons; the winners."""
    if not state.is_terminal():
        return None
    n = state.num_players
    t = state.t
    return {"tale_vp": [tale_vp(state, s) for s in range(n)],
            "symbol_bonus": [symbol_bonus(state, s) for s in range(n)],
            # The symbol types that scored the bonus (the most numerous; all when tied).
            "bonus_symbols": [[t.symbol_names[k] for k in symbol_bonus_types(state, s)]
                              for s in range(n)],
            "vp": list(state.vp), "doubloons": [doubloons(state, s) for s in range(n)],
            "winners": list(state.table_winners)}


def tensor_layout(t: Tables, n: int, variant: str) -> TensorLayout:
    c = t.num_chars
    return TensorLayout([
        Segment("ashore", c * n, 0, 1, "per character and seat: ashore, owned by the seat"),
        Segment("ship", c * n, 0, 1, "per character and seat: on the seat's ship"),
        Segment("market", c, 0, 1, "per character: in the market"),
        Segment("covered", 2 * c, 0, 1, "per character: left, right side covered"),
        Segment("harbour", 4, 0, 1, "one-hot: which harbour of the voyage"),
        Segment("foul", 1, 0, 1, "the harbour card shows its foul side"),
        Segment("pilot", n, 0, 1, "one-hot: the pilot"),
        Segment("in_harbour", n, 0, 1, "per seat: still in the harbour"),
        Segment("tale_vp", n, 0, 1, "per seat: VP of tall tales and VP treasures / 60, "
                "clipped"),
        Segment("hunting", c * n, 0, 1, "per character and seat: out hunting treasure for "
                "the seat (treasure=on)"),
        Segment("event_hit", n, 0, 1, "per seat: hit by the war or consequence being "
                "settled (R66)"),
        Segment("event_chosen", c, 0, 1, "per character: chosen, said to all, to be taken "
                "by that event once its counters are over (R66)"),
    ])


def observation_tensor(state: PuertoDiabloState, player: int) -> list[float]:
    t = state.t
    n = state.num_players
    c = t.num_chars
    layout = state.game.tensor_layout(n, state.variant)
    out = layout.zeros()
    a0, s0, h0 = layout.offsets["ashore"], layout.offsets["ship"], layout.offsets["hunting"]
    m0, v0 = layout.offsets["market"], layout.offsets["covered"]
    for k in range(c):
        p, o = state.place[k], state.owner[k]
        if p == ASHORE:
            out[a0 + k * n + o] = 1.0
        elif p == SHIP:
            out[s0 + k * n + o] = 1.0
        elif p == MARKET:
            out[m0 + k] = 1.0
        elif p == HUNTING:
            out[h0 + k * n + o] = 1.0
        out[v0 + 2 * k] = float(state.cover[k] & 1)
        out[v0 + 2 * k + 1] = float(state.cover[k] >> 1 & 1)
    if state.harbour >= 0:
        out[layout.offsets["harbour"] + state.harbour] = 1.0
    out[layout.offsets["foul"]] = float(state.foul)
    out[layout.offsets["pilot"] + state.pilot] = 1.0
    for s in range(n):
        out[layout.offsets["in_harbour"] + s] = float(state.ashore[s])
        out[layout.offsets["tale_vp"] + s] = min(tale_vp(state, s) / 60.0, 1.0)
    ev = state.event
    if ev is not None:
        for s in ev.hit:
            out[layout.offsets["event_hit"] + s] = 1.0
        for k in ev.chosen:
            out[layout.offsets["event_chosen"] + k] = 1.0
    return out


def action_label(state: PuertoDiabloState, action: Any) -> str:
    t = state.t
    if isinstance(action, ChooseSet):
        k = t.set_numbers.index(action.starting_set)
        # Each character with its sides: the sets still to choose are on no board.
        return (f"starting set {action.starting_set}: "
                + joined(f"{t.char_names[c].split(',')[0]} ({sides_text(t, c)})"
                         for c in t.set_chars[k]))
    if isinstance(action, SendAshore | TakeCheapest | Choose):
        verb = {SendAshore: "send ashore", TakeCheapest: "take",
                Choose: "choose"}[type(action)]
        # The card's sides: a character on the ship or in the market is not on the board.
        return f"{verb} {t.char_names[action.character]} ({sides_text(t, action.character)})"
    if isinstance(action, Offer):
        return f"offer {plural(action.symbols, 'symbol')}"
    if isinstance(action, OfferByAbility):
        return (f"and {plural(action.symbols, 'more symbol')} by an ability card"
                if action.symbols else "none by an ability card")
    if isinstance(action, ChooseSymbol):
        return f"symbols of type {t.symbol_names[action.symbol]} ({t.symbols[action.symbol]})"
    if isinstance(action, Assign):
        return f"assign {plural(action.symbols, 'symbol')}"
    if isinstance(action, Helper):
        c = state.market[action.slot]
        return (f"market help: {t.char_names[c]} ({helper_words(state, action.slot)})"
                if c >= 0 else f"market slot {action.slot}")
    if isinstance(action, Commit):
        side = "left" if action.side == 0 else "right"
        return (f"commit {action.symbols} from {t.char_names[action.character]}'s {side} "
                f"side ({side_text(t, action.character, action.side)})")
    if isinstance(action, Cover):
        side = "left" if action.side == 0 else "right"
        return (f"cover {t.char_names[action.character]}'s {side} side "
                f"({t.doubloons[action.character][action.side]}d)")
    if isinstance(action, Discard):
        return f"lose {t.abi_names[action.ability]}"
    if isinstance(action, TellTale):
        x = action.tale
        return (f"tell '{t.tale_names[x]}' ({t.tale_needed[x]} "
                f"{t.symbols[t.tale_symbol[x]]}, {t.tale_vp[x]} VP)")
    if isinstance(action, Buy):
        card = state.market[action.slot]
        if card < 0:
            return f"buy slot {action.slot}"
        chars = action.slot < t.market_chars
        names = t.char_names if chars else t.abi_names
        group = state.market[:t.market_chars] if chars else state.market[t.market_chars:]
        # The price as it is now; the slot only where a like card lies beside it (each
        # choice needs words of its own).
        twin = sum(1 for k in group if k >= 0 and names[k] == names[card]) > 1
        where = f", market slot {action.slot + 1}" if twin else ""
        head = f"buy {names[card]} ({card_price(state, action.slot)}d{where})"
        if chars:
            # What the money buys: the sides and fears (a consequence may send a fear's
            # characters to the ship), which the terminal's market line has no room for.
            return f"{head}: {sides_text(t, card)}{fears_text(t, card)}"
        return f"{head}: {effect_words(t.abi_effect[card], lexicon(t)).rstrip('.')}"
    if isinstance(action, DonePurchase):
        return "finish purchasing"
    if isinstance(action, PlayAbility):
        a, c = action.ability, action.character
        count = foreknowledge(state, a, c)
        return (f"play {t.abi_names[a]} with {t.char_names[c]} (foreknowledge {count}: "
                f"needs {least_roll(state, a, count)}+)")
    if isinstance(action, Decline):
        step = state.next_step()
        if isinstance(step, DeliverAbility):
            return "deliver the rest from my characters"
        if isinstance(step, EventCounter):
            return "play no counter: let the event hit"
        if isinstance(step, Wish):
            return "I do not want to play an ability card"
        return "pass: play no ability" if isinstance(step, MomentWindow) \
            else "play no counter"
    if isinstance(action, WantToPlay):
        return "I want to play an ability card (named once the pilot lets me)"
    if isinstance(action, PlayFirst):
        return f"{seat_name(action.seat)} plays first"
    if isinstance(action, Reorder):
        step = state.next_step()
        if isinstance(step, ReorderPeek) and action.position < len(state.peek):
            k = state.peek[action.position]
            return (f"put back next: {log_card_words(t, k)} "
                    f"(seen {action.position + 1}.)")
        return f"put back next: the card seen {action.position + 1}."
    if isinstance(action, ChooseParty):
        return f"choose {t.party_names[action.party]}"
    if isinstance(action, ChooseWeather):
        return "turn the harbour card to its foul side" if action.foul \
            else "turn the harbour card to its fair side"
    if isinstance(action, ChooseSeat):
        return f"choose {seat_name(action.seat)}"
    if isinstance(action, Leave):
        return "leave the harbour"
    if isinstance(action, Stay):
        return "stay"
    return option_action_label(state, action)


def outcome_label(state: PuertoDiabloState, outcome: Any) -> str:
    t = state.t
    if isinstance(outcome, FirstPilot):
        return f"{seat_name(outcome.seat)} is the first pilot"
    if isinstance(outcome, Voyage):
        return f"the voyage calls at {t.harbour_names[outcome.harbour]}"
    if isinstance(outcome, LogCard):
        # The card's id too: an edition may hold like cards (two plain fair-weather cards),
        # and every outcome of a chance node needs words of its own (OpenSpiel checks it).
        card = outcome.card
        return f"log card {t.log_ids[card]}: {log_card_words(t, card)}"
    if isinstance(outcome, CharacterCard):
        return f"to the market: {t.char_names[outcome.character]}"
    if isinstance(outcome, AbilityCard | LostAbility):
        return t.abi_names[outcome.ability]
    if isinstance(outcome, Die):
        return f"the die shows {outcome.face}"
    if isinstance(outcome, TreasureCard):
        return f"treasure {t.treasure_ids[outcome.treasure]}: {t.treasure_names[outcome.treasure]}"
    if isinstance(outcome, DealtCharacter):
        return f"dealt: {t.char_names[outcome.character]}"
    if isinstance(outcome, RollOff):
        return f"{seat_name(outcome.seat)} rolls highest"
    return repr(outcome)


def action_json(state: PuertoDiabloState, item: Any) -> dict[str, Any]:
    t = state.t
    if isinstance(item, PlayAbility):
        count = foreknowledge(state, item.ability, item.character)
        return {"name": t.abi_names[item.ability], "acting": t.char_names[item.character],
                "foreknowledge": count, "least_roll": least_roll(state, item.ability, count)}
    if hasattr(item, "character"):
        return {"name": t.char_names[item.character]}
    if isinstance(item, AbilityCard | LostAbility | Discard):
        return {"name": t.abi_names[item.ability]}
    return {}


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else seat_name(seat)


def _whose(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else f"{seat_name(seat)}'s"


# A line that starts with "you" takes the verb without its -s ("you take", not "you
# takes"), as does a second verb joined by "and" ("you present ... and play ..."), and
# "his"/"he" of the subject become "your"/"you"; the words are written for a seat named
# in the third person. The terminal and the board both show these lines.
_YOU_VERBS = {"holds": "hold", "takes": "take", "chooses": "choose", "sends": "send",
              "tops": "top", "offers": "offer", "commits": "commit", "pays": "pay",
              "loses": "lose", "tells": "tell", "buys": "buy", "finishes": "finish",
              "leaves": "leave", "stays": "stay", "finds": "find", "spends": "spend",
              "keeps": "keep", "passes": "pass", "adds": "add", "rolls": "roll",
              "plays": "play", "presents": "present", "is": "are", "calls": "call",
              "changes": "change", "does": "do", "looks": "look", "prevents": "prevent",
              "puts": "put", "turns": "turn", "delivers": "deliver", "knows": "know",
              "returns": "return", "hunts": "hunt", "wants": "want", "has": "have",
              "was": "were"}
YOU_VERBS = _YOU_VERBS
"""The verbs the words put after a seat's name, and their form after "you" (the terminal
board's :func:`~ludoteca.games.puertodiablo.render.grammar` uses them too)."""
_AND_VERB = re.compile(r"\band (" + "|".join(_YOU_VERBS) + r")\b")
_HE_VERB = re.compile(r"\bhe (" + "|".join(_YOU_VERBS) + r")\b")


def you_words(text: str) -> str:
    """A line about a seat in the third person, said to that seat ("you ..."): the
    verbs after "you" (and after "and") lose their -s, "his" becomes "your"."""
    if text.startswith("you's "):
        return "your " + text[6:]
    if not text.startswith("you "):
        return text
    verb, _, rest = text[4:].partition(" ")
    rest = _AND_VERB.sub(lambda m: "and " + _YOU_VERBS[m.group(1)], rest)
    rest = _HE_VERB.sub(lambda m: "you " + _YOU_VERBS[m.group(1)], rest)
    rest = re.sub(r"\bhis\b", "your", rest)
    return f"you {_YOU_VERBS.get(verb, verb)} {rest}".rstrip()


def describe_event(state: PuertoDiabloState, event: Event, viewer: int | None) -> str:
    return you_words(_event_words(state, event, viewer))


def _pilot_case(d: Mapping[str, Any], viewer: int | None) -> str:
    """Which case of the pilot card's passing applied (R12), counted from the holder."""
    holder = _who(d["holder"], viewer)
    case = d["case"]
    if case == 1:
        return f"everybody has left, so it goes to the player left of {holder}"
    if case == 2:
        # No "and is" here: said to "you", the verb after "and" would become "are".
        return (f"the challenge was resolved, so it goes to the first player left of "
                f"{holder} still ashore who did not commit")
    if case == 3:
        return (f"the challenge was resolved and {holder} did not commit while all the "
                "others ashore did, so the card stays")
    return f"it goes to the first player left of {holder} still ashore"


def _price_words(t: Tables, d: Mapping[str, Any]) -> str:
    """A price and why it is not the printed one: the harbour side's surcharge (foul
    weather, as a rule) and an ability's price change."""
    parts = []
    if d.get("surcharge"):
        parts.append(f"+{d['surcharge']}: {'foul' if d['foul'] else 'fair'} weather")
    if d.get("delta"):
        parts.append(f"{d['delta']:+d}: an ability card")
    return f"{d['price']}d" + (f" ({', '.join(parts)})" if parts else "")


def _event_words(state: PuertoDiabloState, event: Event, viewer: int | None) -> str:
    t = state.t
    d = event.data
    k = event.kind
    who = _who(d["seat"], viewer) if "seat" in d else ""
    if k == "pilot":
        if "case" in d:
            return f"{who} holds the pilot card (crew phase: {_pilot_case(d, viewer)})"
        return f"{who} holds the pilot card ({d['why']})"
    if k == "voyage":
        return (f"the voyage will call at "
                f"{harbour_words(VOYAGE.index(d['number']), d['name'], d['number'])}")
    if k == "starting_set":
        return f"{who} takes starting set {d['set']}"
    if k == "opening":
        return "the opening sun card lies face up"
    if k == "harbour":
        side = "foul" if d["foul"] else "fair"
        return f"arrival at {harbour_words(d['index'], d['name'], d['number'])}, {side} weather"
    if k == "selects":
        if "character" in d:
            return f"you choose {t.char_names[d['character']]} to go ashore"
        return f"{who} chooses a character to go ashore"
    if k == "ashore":
        return f"{who} sends ashore {joined(t.char_names[c] for c in d['characters']) or 'nobody'}"
    if k == "market":
        name = t.char_names[d["character"]] if "character" in d else t.abi_names[d["ability"]]
        # No article before the colon: a deal's lines fold into one (fold_texts), "laid
        # out for sale: A, B, C ×2", where "to the market: A" folded into "to the
        # market: A, the market: B...".
        return f"laid out for sale: {name}"
    if k == "tops_up":
        return f"{who} tops up with {t.char_names[d['character']]}"
    if k == "level_two":
        return "the level II abilities are shuffled into the ability pile"
    if k == "round":
        return f"round {d['round']} in this harbour"
    if k == "log_reshuffled":
        return "the log pile is made again from the opened cards (R1)"
    if k == "weather":
        side = "foul" if d["foul"] else "fair"
        change = "the weather turns" if d["changed"] else "the weather stays"
        return f"log card: {log_card_words(t, d['card'])}; {change} {side}"
    if k == "war":
        a, b = t.party_names[d["a"]], t.party_names[d["b"]]
        losing = d["count_a"] if d["loser"] == d["a"] else d["count_b"]
        if d["loser"] < 0:
            res = "a tie: nobody returns to the ship"
        elif not losing:
            res = f"nobody of {t.party_names[d['loser']]} is ashore: nobody returns"
        else:
            res = f"{t.party_names[d['loser']]} lose: each player with one sends one to the ship"
        return f"war ({d['why']}): {a} {d['count_a']} against {b} {d['count_b']}; {res}"
    if k == "to_ship":
        why = TO_SHIP_WHY.get(d["why"], d["why"])
        return f"to the ship: {t.char_names[d['character']]} ({who}), {why}"
    if k == "challenge":
        return f"challenge: {d['name']} - {need(state)} symbols needed"
    if k == "offer":
        return f"{who} offers {plural(d['symbols'], 'symbol')}"
    if k == "offer_by_ability" and not d["symbols"]:
        return f"{who} offers nothing more by an ability card"
    if k == "offer_by_ability":
        return (f"{who} offers {plural(d['symbols'], 'more symbol')} by an ability card "
                f"({d['total']} in all; the card is played after the pilot's decision)")
    if k == "supplies":
        kind = f"{t.symbols[d['symbol']]} " if d["symbol"] >= 0 else ""
        return (f"{t.abi_names[d['ability']]} supplies {plural(d['symbols'], kind + 'symbol')}"
                f" toward {_whose(d['seat'], viewer)} assignment of {d['assigned']}, covering "
                "no side")
    if k == "doubles":
        return (f"{t.abi_names[d['ability']]}: the symbols {t.char_names[d['character']]} "
                f"({who}) commits count {d['times']} times (each doubling adds the "
                "original number)")
    if k == "ability_symbols":
        lost = d["supplied"] - d["counted"]
        beyond = f"; {lost} beyond the assignment are lost" if lost > 0 else ""
        return (f"{who}'s symbols from abilities count {d['counted']} of the "
                f"{d['assigned']} assigned{beyond}")
    if k == "delivers":
        return f"{who} plays no more ability cards and delivers from his characters"
    if k == "cannot_deliver":
        return (f"{who} cannot deliver the {d['assigned']} symbols assigned (only "
                f"{d['can']}): the pilot starts a new round of offers")
    if k == "new_offers":
        return "a new round of offers (the ability cards played stay spent)"
    if k == "dispensed":
        syms = joined(t.symbols[x] for x in d["symbols"]) or "nothing of this challenge"
        return (f"{t.abi_names[d['ability']]}: {who} may offer and commit {syms} despite "
                "the harbour's prohibition, for this challenge")
    if k == "stands_firm":
        return (f"{t.abi_names[d['ability']]}: {_whose(d['seat'], viewer)} characters stand "
                "firm against the event")
    if k == "spared":
        what = t.abi_names[d["ability"]] if "ability" in d else "the event"
        return (f"{what} passes {_whose(d['seat'], viewer)} characters by (they stand "
                "firm; nobody is chosen in their place)")
    if k == "assign":
        return f"the pilot assigns {who} {plural(d['symbols'], 'symbol')}"
    if k == "helper":
        return (f"market help: {t.char_names[d['character']]} supplies "
                f"{plural(d['symbols'], 'symbol')} and goes under the character pile")
    if k == "commit":
        side = "left" if d["side"] == 0 else "right"
        doubled = f", counting {d['counted']}" if "counted" in d else ""
        return (f"{who} commits {d['symbols']} from {t.char_names[d['character']]}'s "
                f"{side} side (covered{doubled})")
    if k == "resolved":
        parts = [f"{_who(s, viewer)} {n}" for s, n in enumerate(d.get("committed", ())) if n]
        helped = d["needed"] - sum(d["committed"]) if "committed" in d else 0
        if helped > 0:
            parts.append(f"market help {helped}")
        why = f" ({joined(parts)} of the {d['needed']} symbols needed)" if parts else ""
        return f"the challenge is resolved{why}: committers purchase, most symbols first"
    if k == "failed":
        why = ""
        if "offers" in d:
            offered = joined(f"{_who(s, viewer)} {n}" for s, n in d["offers"])
            total = sum(n for _, n in d["offers"])
            help_ = ", with the market help allowed" if d.get("help") else ""
            cap = d.get("cap") or 0
            if cap and len([n for _, n in d["offers"] if n]) > cap:
                one = " (one with market help)" if d.get("help") else ""
                best = {1: "the best offer makes", 2: "the best two offers make"}.get(
                    cap, f"the best {cap} offers make")
                why = (f" (offers: {offered}; at most {plural(cap, 'player')} may commit "
                       f"here{one}: {best} {d['reach']} of {d['needed']}{help_})")
            else:
                why = (f" (offers: {offered or 'nobody ashore'}, {total} of the "
                       f"{d['needed']} symbols needed{help_})")
        return (f"the challenge fails{why}: "
                f"{t.edition.log[d['card']].text or 'its consequence'}; "
                "no purchases this round")
    if k == "removed":
        return f"{t.char_names[d['character']]} ({who}) is removed from the game"
    if k == "pays":
        return f"{who} pays {d['doubloons']}d by covering {t.char_names[d['character']]}"
    if k == "loses_ability":
        where = "from the game" if d["removed"] else "to the ship"
        return f"{who} loses {t.abi_names[d['ability']]} ({where})"
    if k == "abilities_to_ship":
        return f"{who}'s unplayed abilities go to the ship"
    if k == "round_cut_short":
        return "fewer than two players are ashore: on to the crew phase (R13)"
    if k == "tale":
        return f"{who} tells '{t.tale_names[d['tale']]}' ({d['vp']} VP)"
    if k == "buys":
        name = t.char_names[d["character"]] if "character" in d else t.abi_names[d["ability"]]
        return f"{who} buys {name} for {_price_words(t, d)}"
    if k == "purchase_done":
        return f"{who} finishes purchasing"
    if k == "plays":
        if d.get("pilot") == d["seat"]:  # the pilot presents it to nobody but himself
            return (f"{who} plays {t.abi_names[d['ability']]} as the pilot with "
                    f"{t.char_names[d['character']]} (needs {d['least']}+)")
        return (f"{who} presents an ability to the pilot and plays {t.abi_names[d['ability']]} "
                f"with {t.char_names[d['character']]} (needs {d['least']}+)")
    if k == "ability_roll":
        again = "again " if d["repeat"] else ""
        res = "it takes effect" if d["success"] else "no effect"
        return f"{who} rolls {again}{d['face']} (needs {d['least']}): {res}"
    if k == "no_counter":
        return f"{who} plays no counter"
    if k == "chosen_for_event":
        name = t.char_names[d["character"]]
        owner = "" if d["owner"] == d["seat"] else f" ({_who(d['owner'], viewer)})"
        what = "the war" if d["event"] == "war" else "the consequence"
        if d["forced"]:
            return (f"{name}{owner} is the one {what} takes from {who}: it stays ashore "
                    "until the counters are over")
        return (f"{who} chooses {name}{owner} for {what}: it stays ashore until the "
                "counters are over")
    if k == "passes":
        return f"{who} plays no ability ({d['moment']} moment)"
    if k == "effect_choice":
        name = t.abi_names[d["ability"]]
        value, op = d["value"], d["op"]
        if op == "START_WAR":
            what = t.party_names[value]
        elif op == "SET_WEATHER":
            what = "the foul side" if value else "the fair side"
        elif op == "ABILITIES_TO_SHIP":
            what = _who(value, viewer)
        elif op == "ADD_SYMBOLS":
            what = f"{t.symbols[value]} symbols"
        else:
            what = t.char_names[value]
        if d.get("forced"):
            return f"{name} can only be aimed at {what}"
        return f"{who} chooses {what} for {name}"
    if k == "weather_set":
        side = "foul" if d["foul"] else "fair"
        change = "turns the harbour card to" if d["changed"] else "keeps the harbour card on"
        return f"{who} {change} its {side} side: the weather until the next weather card"
    if k == "war_prevented":
        return f"{who} prevents the weather war (it still counts as this harbour's one)"
    if k == "weakened":
        side = "left" if d["side"] == 0 else "right"
        return f"{t.char_names[d['character']]} ({who}) is weakened: its {side} side is covered"
    if k == "restored":
        return f"{t.char_names[d['character']]} ({who}) is restored: healthy again"
    if k == "takes_effect":
        return f"{t.abi_names[d['ability']]} ({who}) is carried out"
    if k == "not_carried_out":
        return f"{t.abi_names[d['ability']]} ({who}) is countered: not carried out"
    if k in LOOKOUT_KINDS:
        return _lookout_words(state, event, viewer, who)
    if k == "leaves":
        return f"{who} leaves the harbour ({d['why']})"
    if k == "stays":
        return f"{who} stays"
    if k == "abilities_to_hand":
        return f"{who} takes bought abilities into the hand"
    if k == "final":
        parts = [f"{_who(s, viewer)} {v} VP{_bonus_words(t, d, s)} ({m}d)" for s, (v, m) in
                 enumerate(zip(d["vp"], d["doubloons"], strict=True))]
        won = joined(_who(s, viewer) for s in d["winners"])
        return f"final scoring: {joined(parts)}; won by {won}"
    return option_words(state, event, viewer) or k


def _bonus_words(t: Tables, d: Mapping[str, Any], s: int) -> str:
    """The end bonus in a seat's final line and the symbol type that scored it (R10)."""
    if "bonus" not in d:
        return ""
    types = " or ".join(t.symbol_names[k] for k in d["bonus_symbols"][s])
    if not types:
        return ", no symbol bonus"
    return f", of which {d['bonus'][s]} for the most symbols ({types})"


LOOKOUT_KINDS = frozenset({"peeks", "peeked", "puts_back", "peek_back", "challenge_skipped",
                           "market_help", "wants_to_play", "plays_first"})


def _log_card(t: Tables, k: int) -> str:
    return log_card_words(t, k)


def _lookout_words(state: PuertoDiabloState, event: Event, viewer: int | None,
                   who: str) -> str:
    """LOG_PEEK, LOG_SKIP, MARKET_HELP and who plays first, in words."""
    t = state.t
    d = event.data
    k = event.kind
    if k == "peeks":
        if not d["count"]:
            return f"{who} looks at the log pile: no face-down card to see above those put under"
        order = ", and puts them back in an order of his choice" if d["reorder"] else ""
        return f"{who} looks at the top {plural(d['count'], 'log card')}{order} (Keen Lookout)"
    if k == "peeked":
        if "card" in d:
            return f"you see log card {_log_card(t, d['card'])}"
        return f"{who} looks at a face-down log card"
    if k == "puts_back":
        if "card" in d:
            return f"you put back log card {_log_card(t, d['card'])} (next from the top)"
        return f"{who} puts a log card back, in an order only he knows"
    if k == "peek_back":
        return (f"{who} puts {plural(d['count'], 'log card')} back on top of the pile "
                "(he knows them until they are turned)")
    if k == "challenge_skipped":
        return (f"{who} changes course: challenge {_log_card(t, d['card'])} goes under the "
                "log pile, neither resolved nor failed; the offers lapse and the log phase "
                "goes on")
    if k == "market_help":
        if d["allowance"]:
            return (f"{who} calls in favours: {plural(d['allowance'], 'market character')} "
                    f"may help with this challenge ({d['base']} by the number of players, "
                    f"+{d['extra']})")
        return (f"{who} calls in favours (+{d['extra']} market help), but no market "
                "character may help: the players ashore could reach the total themselves")
    if k == "wants_to_play":
        moment = {"counter": "a counter", "event": "a counter to the event",
                  "treasure": "a counter to the treasure found"}.get(
            d["moment"], f"the {d['moment']} moment")
        if d["wants"]:
            return f"{who} tells the pilot he wants to play an ability card ({moment})"
        return f"{who} does not want to play an ability card ({moment})"
    if k == "plays_first":
        others = joined(_who(s, viewer) for s in d["others"])
        return f"the pilot lets {who} play first (before {others}, who also want to)"
    return k


# ----- the options: treasure hunting and the advanced start ------------------------------------


def treasure_view(state: PuertoDiabloState, x: int) -> dict[str, Any]:
    """A treasure card's face: its symbols, the least rolls per weather (``[count, least
    roll]``, counts ascending) and its reward."""
    t = state.t
    return {"id": x, "name": t.treasure_names[x],
            "symbols": [t.symbols[k] for k in range(len(t.symbols))
                        if t.treasure_symbols[x] >> k & 1],
            "fair": [list(row) for row in sorted(t.treasure_die[x][0])],
            "foul": [list(row) for row in sorted(t.treasure_die[x][1])],
            "doubloons": t.treasure_money[x], "vp": t.treasure_vp[x]}


def option_facts(state: PuertoDiabloState, player: int | None) -> dict[str, Any]:
    """The options' part of the observation, present only with the option on (so the base
    game's observation is unchanged): ``options`` (those not at their default),
    ``treasures`` (the market, the hunters crosswise on
    their treasures with their count and least roll now, each seat's money and VP
    treasures, the pile's size, the last hunt roll and why) and ``draft`` (the viewer's
    hand and keeps, the others' counts, totals and who is finished)."""
    from ludoteca.games.puertodiablo.steps import (
        draft_hand,
        hunt_count,
        hunt_least,
        start_abilities,
        start_total,
    )

    t = state.t
    out: dict[str, Any] = {}
    # The match's options that differ from the defaults ({name: value}), for the players
    # to know what they are playing; absent when every option is the default.
    chosen = state.options.model_dump()
    changed = {k: v for k, v in chosen.items()
               if v != type(state.options).model_fields[k].default}
    if changed:
        out["options"] = changed
    if state.treasure_on:
        hunts = []
        for c in range(t.num_chars):
            if state.place[c] == HUNTING and state.hunt_of[c] >= 0:
                hunts.append({"seat": state.owner[c], **character_view(state, c),
                              "treasure": treasure_view(state, state.hunt_of[c]),
                              "count": hunt_count(state, c), "least": hunt_least(state, c)})
        out["treasures"] = {
            "market": [treasure_view(state, x) for x in state.treasure_market],
            "hunts": hunts,
            "pile": state.treasure_pile.size,
            "money": [[treasure_view(state, x) for x in state.found_money[s]]
                      for s in range(state.num_players)],
            "found_vp": [[treasure_view(state, x) for x in state.found_vp[s]]
                         for s in range(state.num_players)],
            "last_hunt": last_hunt(state),
        }
    if state.advanced and state.harbour < 0:
        n = state.num_players
        revealed = state.draft_passed == 2
        out["draft"] = {
            "stage": ("deal" if not all(len(d) == 5 for d in state.dealt) else
                      "pick" if not revealed else "build"),
            "hand": ([character_view(state, c) for c in sorted(draft_hand(state, player))]
                     if player is not None and not revealed else []),
            # Once laid out, the kept pair shows in card order (which was kept first is
            # the keeper's own knowledge).
            "kept": [[t.char_names[c] for c in (sorted(state.draft_picks[s]) if revealed
                                                else state.draft_picks[s])]
                     if revealed or s == player else None for s in range(n)],
            "kept_count": [len(state.draft_picks[s]) for s in range(n)],
            "totals": [start_total(state, s) if revealed else None for s in range(n)],
            "budget": t.advanced_budget,
            "finished": [bool(state.start_done >> s & 1) for s in range(n)],
            "abilities": ([{"id": a, "name": t.abi_names[a], "price": t.abi_price[a],
                            "level": "II" if t.abi_level2[a] else "I"}
                           for a in start_abilities(state)] if revealed else []),
        }
    return out


def last_hunt(state: PuertoDiabloState) -> dict[str, Any] | None:
    """The last treasure roll and why it came out so: the treasure's symbols, the
    hunter's count of them, the weather, the least roll, the die and any modifier."""
    if state.last_hunt is None:
        return None
    t = state.t
    seat, c, x, count, foul, least, face, delta, found, forced, final = state.last_hunt
    return {"seat": seat, "character": t.char_names[c], "treasure": t.treasure_names[x],
            "symbols": [t.symbols[k] for k in range(len(t.symbols))
                        if t.treasure_symbols[x] >> k & 1],
            "count": count, "weather": "foul" if foul else "fair", "least": least,
            "face": face, "modifier": delta, "found": bool(found), "forced": bool(forced),
            "final": bool(final)}


def option_action_label(state: PuertoDiabloState, action: Any) -> str:
    t = state.t
    if isinstance(action, Hunt):
        return (f"send {t.char_names[action.character]} hunting for "
                f"{t.treasure_names[action.treasure]}")
    if isinstance(action, NoHunt):
        return "start no treasure hunt"
    if isinstance(action, Seek):
        return f"check {t.char_names[action.character]}'s hunt next"
    if isinstance(action, SpendTreasure):
        x = action.treasure
        return f"spend {t.treasure_names[x]} ({t.treasure_money[x]}d)"
    if isinstance(action, Draft):
        return f"keep {t.char_names[action.character]}"
    if isinstance(action, StartCharacter):
        c = state.market[action.slot]
        if c < 0:
            return f"take display slot {action.slot + 1}"
        return f"add {t.char_names[c]} ({t.price[c]}d)"
    if isinstance(action, StartAbility):
        a = action.ability
        return f"add {t.abi_names[a]} ({t.abi_price[a]}d)"
    if isinstance(action, StartDone):
        return "the starting set is ready"
    return repr(action)


def option_words(state: PuertoDiabloState, event: Event, viewer: int | None) -> str:
    """The options' events in words ('' for a kind not theirs)."""
    t = state.t
    d = event.data
    k = event.kind
    who = _who(d["seat"], viewer) if "seat" in d else ""
    if k == "treasure_open":
        return f"treasure opened: {t.treasure_names[d['treasure']]}"
    if k == "hunt":
        again = " again" if d["why"] == "again" else ""
        return (f"{who} sends {t.char_names[d['character']]} hunting{again} for "
                f"{t.treasure_names[d['treasure']]} ({d['count']} matching symbols)")
    if k == "treasure_check":
        return "the treasure hunts are checked"
    if k == "treasure_roll":
        weather = "foul" if d["foul"] else "fair"
        mod = f" + {d['delta']}" if d["delta"] else ""
        res = "found" if d["found"] else "not found"
        last = "last check: " if d["final"] else ""
        again = " (forced repeat)" if d["forced"] else ""
        return (f"{last}{t.char_names[d['character']]} ({who}) hunts "
                f"{t.treasure_names[d['treasure']]}: {d['count']} matching symbols, "
                f"{weather} weather, needs {d['least']}; rolls {d['face']}{mod}{again}: {res}")
    if k == "treasure_found":
        prize = f"{d['doubloons']}d to spend once" if d["doubloons"] else f"{d['vp']} VP"
        return f"{who} finds {t.treasure_names[d['treasure']]} ({prize})"
    if k == "hunter_returns":
        back = "" if d["found"] else f"; {t.treasure_names[d['treasure']]} back to the market"
        return f"{t.char_names[d['character']]} ({who}) returns to the ship{back}"
    if k == "treasures_leave":
        return f"unclaimed treasures leave the game: " \
               f"{joined(t.treasure_names[x] for x in d['treasures'])}"
    if k == "treasure_spent":
        return f"{who} spends {t.treasure_names[d['treasure']]} ({d['doubloons']}d)"
    if k == "dealt":
        if "character" in d:
            return f"you are dealt {t.char_names[d['character']]}"
        return f"{who} is dealt a character"
    if k == "drafts":
        if "character" in d:
            return f"you keep {t.char_names[d['character']]}"
        return f"{who} keeps a character"
    if k == "passed":
        return (f"{_who(d['seat'], viewer)} passes {_who(d['to'], viewer)} "
                f"{joined(t.char_names[c] for c in d['characters'])}")
    if k == "kept":
        return f"{who} keeps {joined(t.char_names[c] for c in d['characters'])}"
    if k == "start_adds":
        name = t.char_names[d["character"]] if "character" in d else t.abi_names[d["ability"]]
        return f"{who} adds {name} ({d['price']}d) to the starting set"
    if k == "start_ready":
        return f"{who}'s starting set is ready ({d['total']}d)"
    if k == "roll_off":
        return (f"a tie on the lowest total ({joined(seat_name(s) for s in d['seats'])}): "
                f"{who} rolls highest")
    return ""
