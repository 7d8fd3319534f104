"""A terminal view of one Puerto Diablo observation (what one seat may see, nothing more).

A header (harbour, weather, prohibitions, round, pilot, the challenge and whether it was
resolved or failed, and why), one line per player (in the harbour or not, characters
ashore with their parties and open sides, tales), the viewer's own ability cards and
ship, the event being settled (a war's parties, counts and losers, a consequence, and
what each player hit has chosen, paid or was spared), the market (or, in set-up, the
starting sets), the final scores, then the prompt, wrapped: 80 columns, room for the
choices on a 24-row screen. Seats are named as the table names them (a bot by its name).
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from rich.text import Text

from ludoteca.core.words import seat_name
from ludoteca.games.puertodiablo.view import YOU_VERBS, harbour_words

MENU_GROUPS = {
    "send_ashore": "Send a character ashore",
    "offer": "Offer symbols",
    "offer_by_ability": "Offer more symbols by an ability card",
    "assign": "Assign symbols (pilot)",
    "commit": "Commit symbols from a side",
    "tell_tale": "Tell a tall tale",
    "buy": "Buy a market card",
    "cover": "Pay by covering a side",
    "hunt": "Send a character hunting for a treasure",
    "draft": "Keep a character",
    "start_ability": "Add an ability to the starting set",
    "start_character": "Add a face-up character to the starting set",
    "take_cheapest": "Take one of the cheapest market characters",
    "choose": "Choose a character",
    "choose_party": "Choose a party",
    "choose_seat": "Choose a player",
    "choose_set": "Choose a starting set",
    "choose_symbol": "Choose a symbol type",
    "choose_weather": "Choose the side of the harbour card",
    "decline": "Pass",
    "discard": "Lose an ability card",
    "done_purchase": "Finish purchasing",
    "helper": "Pick market help",
    "leave": "Leave the harbour",
    "no_hunt": "Start no treasure hunt",
    "play_ability": "Play an ability card",
    "play_first": "Choose who plays first",
    "reorder": "Put a log card back",
    "seek": "Choose the next treasure hunter",
    "spend_treasure": "Spend a money treasure",
    "start_done": "The starting set is ready",
    "stay": "Stay",
    "want_to_play": "Say you want to play an ability card",
}
"""Every action type's words for a folded group of choices (never the type's name)."""


def chapter(event: Any) -> tuple[str, int | None] | None:
    """Each harbour opens a part of the match."""
    if event.kind == "harbour":
        return "harbour", event.data["index"] + 1
    return None


def _ability_marks(s: dict[str, Any]) -> str:
    marks = ""
    if s.get("offer_by_ability"):
        marks += f" ab{s['offer_by_ability']}"
    if s.get("ability_symbols"):
        marks += f" +{s['ability_symbols']}"
    if s.get("may_commit_prohibited"):
        marks += "!"
    return marks


def _char(c: dict[str, Any]) -> str:
    sides = [("[" + s + "]") if covered else s
             for s, covered in zip(c["sides"], c["covered"], strict=True)]
    return f"{_short(c['name'], 10)}{_parties(c)} {sides[0]}|{sides[1]}"


def _short(name: str, width: int) -> str:
    """``name`` in at most ``width`` columns, cut only between words: the name before its
    trade ("Hendrik Vos, helmsman": "Hendrik Vos"), else the most of its end that fits in
    whole words, where the surname is ("Captain Roger Hale": "Roger Hale"; "Isabel de
    Ocaña": "de Ocaña"; a nickname in quotes is one word), else its longest run of whole
    words that fits. A name none of whose words fits keeps its shortest word whole: a
    word is never cut."""
    full = name.split(",")[0].strip()
    if len(full) <= width:
        return full
    words = re.findall(r"'[^']*'|\S+", full)  # a nickname in quotes is one word
    ends = [" ".join(words[i:]) for i in range(1, len(words))]
    runs = [" ".join(words[i:j]) for i in range(len(words))
            for j in range(i + 1, len(words) + 1)]
    for candidates in (ends, runs):
        fitting = [r for r in candidates if len(r) <= width]
        if fitting:
            return max(fitting, key=len)
    return min(words, key=len)


def _parties(c: dict[str, Any]) -> str:
    """A character's war parties (nation, faction) in their codes: " ES/CLG"."""
    parts = [p for p in (c.get("nation"), c.get("faction")) if p]
    return (" " + "/".join(parts)) if parts else ""


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else seat_name(seat)


_YOU_VERBS = YOU_VERBS  # one table for the event lines and the board (view.py)


def grammar(text: str) -> str:
    """``text`` with the viewer as "you" in the right verb form ("you pay", not "you
    pays"; "you are"; "your" for "his" in a line that starts with "you") and a count of
    one in the singular ("1 symbol", not "1 symbols"). The words are written for a seat
    named in the third person; this puts right what a terminal line says of its reader."""
    def verb(m: re.Match[str]) -> str:
        word = m.group(2)
        return m.group(1) + _YOU_VERBS.get(word, word)

    if re.match(r"[Yy]ou\b", text):
        text = re.sub(r"\b(his|he)\b", lambda m: "your" if m.group(1) == "his" else "you",
                      text)
    text = re.sub(r"\b([Yy]ou )([a-z]+)\b", verb, text)
    if re.match(r"[Yy]ou\b", text):  # a second verb of the same subject: "and puts"
        text = re.sub(r"\b(and )([a-z]+)\b", verb, text)
    text = re.sub(r"\b([Yy]ou)'s\b", lambda m: "Your" if m.group(1) == "You" else "your",
                  text)
    return re.sub(r"(?<![\d.])\b1 ((?:more )?)(symbol|doubloon|card|character|log card|"
                  r"market character|tale)s\b", lambda m: f"1 {m.group(1)}{m.group(2)}",
                  text)


ROWS = 12
"""The most rows the board takes, so that the choices fit below it on 24 rows."""
WIDTH = 80


def _abilities(me: dict[str, Any]) -> str:
    """The viewer's ability cards: his hand, then those he bought this round, set aside
    until the crew phase is over (R19); said in short if the long words do not fit, and
    put first if even then the line cuts them off (never hidden behind a "+N")."""
    hand = list(me["hand"])
    long = [f"{name} (bought: in your hand after the crew phase)"
            for name in me.get("aside", ())]
    short = [f"{name} (bought, next round)" for name in me.get("aside", ())]
    line = ""
    for items in (hand + long, hand + short, short + hand):
        line, left = _fit("Your abilities: ", items)
        if not left:
            break
    return line


def _fit(head: str, items: list[str], unit: str = "") -> tuple[str, list[str]]:
    """``head`` and as many ``items`` as fit in 80 columns, "+N" (and ``unit``: "+2
    ashore") saying how many did not; and the items left over."""
    line = head
    for k, item in enumerate(items):
        more = len(items) - k - 1
        tail = f" +{more}{unit}" if more else ""
        candidate = line + ("; " if k else "") + item
        if len(candidate + tail) > WIDTH or (more and len(candidate) + 4 + len(unit) > WIDTH):
            return (line + f" +{len(items) - k}{unit}").rstrip(), items[k:]
        line = candidate
    return (line if items else head + "-"), []


def _wrap(head: str, items: list[str], sep: str = "; ", indent: str = "  ") -> list[str]:
    """``head`` and ``items`` on as many lines of 80 columns as they need, the lines
    after the first indented; an item wider than a line is wrapped itself."""
    lines: list[str] = []
    line = head
    fresh = True  # nothing but the head or the indent on the line yet
    for i, item in enumerate(items):
        candidate = line + ("" if fresh else sep) + item
        # A line that more items follow ends in the separator: leave room for it.
        room = WIDTH - (len(sep.rstrip()) if i < len(items) - 1 else 0)
        if len(candidate) <= room:
            line, fresh = candidate, False
            continue
        if not fresh:
            lines.append(line.rstrip() + sep.rstrip())
            line = indent
        pieces = textwrap.wrap(item, room - len(line), break_on_hyphens=False) or [""]
        for piece in pieces[:-1]:
            lines.append(line + piece)
            line = indent
        line, fresh = line + pieces[-1], False
    lines.append(line.rstrip() if items else head + "-")
    return lines


def _seat(s: int, obs: dict[str, Any], short: bool = False) -> str:
    """A seat as the board lists it: "you", "s2 normal bot A" (by the table's name for
    it) or "s3" where the table calls it seat 3; ``short``: "s2" (a seat's own line,
    where every column counts)."""
    if s == obs["viewer"]:
        return "you"
    name = seat_name(s)
    # Out of a table's naming a seat is called by its index ("seat 0"): no name to add.
    plain = name in (f"seat {s}", f"seat {s + 1}")
    return f"s{s + 1}" if short or plain else f"s{s + 1} {name}"


def render(observation: dict[str, Any], compact: bool = False) -> Any:
    obs = observation
    viewer = obs["viewer"]
    banned = ",".join(obs["prohibited"]) or "-"
    top = []
    options: list[str] = []
    pilot = _seat(obs["pilot"], obs, short=True)
    cap = (obs["challenge"] or {}).get("cap")
    cap_words = f"at most {cap} may commit" if cap else ""
    if obs.get("draft") and obs["harbour"] is None:
        top.append(f"Setting sail: the advanced start  pilot {pilot}")
    elif obs["harbour"] is None:
        top.append(f"Setting sail: the starting sets  pilot {pilot}")
    else:
        # The weather card's flag or faction symbol shows why a weather war starts.
        flag = obs.get("weather_flag")
        weather = f"{obs['weather']} ({flag['name']})" if flag else obs["weather"]
        where = harbour_words(obs["harbour_index"], obs["harbour"], obs["number"])
        where = where[0].upper() + where[1:]
        items = [where, weather, f"banned {banned}",
                 f"round {obs['round']}/{obs['round_cap']}", f"pilot {pilot}"]
        # La Coruna's foul side: how many may commit, said while it applies (R15): on
        # the harbour line, or where the line has no room for it, on the challenge's.
        if cap and len("  ".join(items)) + len(cap_words) + 2 <= WIDTH:
            items.insert(3, cap_words)
            cap_words = ""
        head_lines = _wrap("", items, "  ")
        # The match's options not at their default, where the harbour's lines have room
        # for them (they take no row of their own; ? and s say them in full).
        played = "options: " + ", ".join(option_words(obs, short=True))
        if obs.get("options") and len(head_lines[-1]) + 2 + len(played) <= WIDTH:
            head_lines[-1] += "  " + played
        elif obs.get("options"):  # a line of their own, where the rows allow
            options = _wrap("Options: ", option_words(obs, short=True), ", ")
        top.extend(head_lines)
    ch = obs["challenge"]
    fails: list[str] = []
    if ch:
        head = f"Challenge: {ch['name']} - {ch['needed']} of {'/'.join(ch['symbols'])}"
        if cap_words and len(head) + len(cap_words) + 2 <= WIDTH:
            head, cap_words = f"{head}, {cap_words}", ""
        top.extend(_wrap("", [head, cap_words] if cap_words else [head], ", "))
        # While the offers are made: what happens if the challenge fails.
        if ch.get("consequence") and not ch.get("outcome"):
            fails = _wrap("If it fails: ", [ch["consequence"]], "")
        # The negotiation in one line: what each seat ashore offered, was assigned by
        # the pilot and committed (offer/assigned/committed).
        # An offer by an ability card shows as "ab" and its count (R60), symbols an
        # ability supplied as "+n" (R61), a dispensation as "!" (R65).
        # The seats that committed come first, most first: a "+N" where the line is full
        # then only hides seats that committed nothing.
        ashore = sorted((s for s in obs["seats"] if s["in_harbour"]),
                        key=lambda s: -s["committed"])
        deal = [f"s{s['seat'] + 1} {s['offer']}/{s['assigned']}/{s['committed']}"
                + _ability_marks(s) for s in ashore]
        top.append(_fit(_outcome(obs) or "Offer/assigned/committed: ", deal)[0])
    challenge_end = len(top)
    own: list[str] = []
    own_row = len(top)
    for s in obs["seats"]:
        mark = "*" if s["in_harbour"] else " "
        head = (f"{mark}{_seat(s['seat'], obs, short=True)} {s['tale_vp']}VP ship {len(s['ship'])} "
                f"abil {len(s['hand'])}: ")
        # Another seat's characters that do not fit are counted as ashore (his ship's
        # count is on the row); the s key lists them all.
        shown, rest = _fit(head, [_char(c) for c in s["ashore"]],
                           "" if s["seat"] == viewer else " ashore")
        top.append(shown)
        if s["seat"] == viewer:
            own, own_row = rest, len(top)
    # The viewer's own characters that did not fit go on lines of their own, right under
    # his row (under the last seat's they would read as that seat's), then his ability
    # cards and ship, as long as the board keeps within its 12 rows (the choices need
    # the rest of the screen).
    extra: list[str] = []
    while own:
        shown, own = _fit("   ", own)
        extra.append(shown)
    mine: list[str] = []
    mine_sided: list[str] = []
    if viewer is not None and obs["harbour"] is not None:
        me = obs["seats"][viewer]
        mine.append(_abilities(me))
        if not compact or me["ship"]:
            # Played, lost or sent by an event: the observation does not say which, so
            # no mark says it.
            cards = list(me["abilities_on_ship"])
            mine.append(_fit("Your ship: ", [_short(c["name"], 14) + _parties(c)
                                             for c in me["ship"]] + cards)[0])
            # The ship's characters with their sides, on two lines at most, where the
            # board has the rows for them (the s key shows them in full).
            sided = _wrap("Your ship: ", [_char(c) for c in me["ship"]] + cards)
            if len(sided) <= 2:
                mine_sided = mine[:-1] + sided
    event = event_lines(obs)
    prompt = textwrap.wrap(grammar(obs["prompt"]), WIDTH, break_on_hyphens=False) or [""]
    market: list[str] = []
    if obs["harbour"] is not None and not (compact and event):
        chars = [m for m in obs["market"][:4] if m]
        abis = [m for m in obs["market"][4:] if m]
        # Prices as they are now; why they differ from the printed ones said once, first
        # (the end of a line may not fit).
        notes = sorted({m["price_note"] for m in chars + abis if m.get("price_note")})
        why = f" [{'; '.join(notes)}]" if notes else ""
        market = [_fit(f"Market{why}: ", [f"{_short(m['name'], 13)} "
                                          f"{m.get('price_now', m['price'])}d"
                                          for m in chars])[0]]
        if not compact:
            market.append(_fit("        ", [f"{m['name']} {m.get('price_now', m['price'])}d"
                                            for m in abis])[0])
    # What must show, then the rest in the order of what matters most, each as far as
    # the rows left allow: the event and the final scores whole or not at all (never
    # half a sentence), the other parts line by line (each line says all it says).
    room = ROWS - len(top) - len(prompt)
    parts: dict[str, list[str]] = {}
    for name, part in (("extra", extra), ("fails", fails), ("event", event),
                       ("final", final_lines(obs)), ("sets", set_lines(obs)),
                       ("options", option_lines(obs)),
                       ("mine", mine), ("market", market), ("lookout", lookout_lines(obs)),
                       ("played", options), ("hand", hand_lines(obs))):
        whole = name in ("fails", "event", "final", "market")
        if name == "mine" and mine_sided and len(mine_sided) <= room:
            part = mine_sided
        parts[name] = ([] if whole and len(part) > room else part[:max(0, room)])
        room -= len(parts[name])
    # The viewer's extra characters under his own row, the consequence under the
    # challenge (the rows before the viewer's come first).
    top = top[:own_row] + parts["extra"] + top[own_row:]
    top = top[:challenge_end] + parts["fails"] + top[challenge_end:]
    lines = (top + parts["played"] + parts["mine"] + parts["event"] + parts["final"] + parts["sets"]
             + parts["market"] + parts["options"] + parts["lookout"] + parts["hand"]
             + prompt)
    return Text("\n".join(grammar(line) for line in lines))


def _outcome(obs: dict[str, Any]) -> str:
    """Whether the challenge was resolved or failed, and why: the symbols committed, or
    offered, against those needed."""
    ch = obs["challenge"]
    outcome = ch.get("outcome")
    if outcome == "resolved":
        done = sum(s["committed"] for s in obs["seats"])
        helped = f", market help {ch['needed'] - done}" if done < ch["needed"] else ""
        return f"Resolved ({done} committed{helped}), o/a/c: "
    if outcome == "failed":
        offered = sum(s["offer"] for s in obs["seats"])
        if not offered:
            return "Failed (nothing offered), o/a/c: "
        # La Coruna's foul side: only the best offers under the cap count (R15).
        cap = ch.get("cap")
        offers = sorted((s["offer"] for s in obs["seats"]
                         if s["seat"] in ch.get("players", ())), reverse=True)
        if cap and len([n for n in offers if n]) > cap:
            return (f"Failed (at most {cap} commit: {sum(offers[:cap])} of "
                    f"{ch['needed']}), o/a/c: ")
        return f"Failed (only {offered} offered), o/a/c: "
    return ""


WHY_WAR = {"weather": "two flagged weather cards", "challenge": "a failed challenge",
           "ability": "an ability card"}


def event_lines(obs: dict[str, Any]) -> list[str]:
    """The event being settled (R66): a war's parties, their counts ashore, the losing
    side and why it started, or the failed challenge's consequence; then each seat it
    hits: the characters chosen (or still to choose), what he has paid, or that a shield
    spared him."""
    ev = obs.get("event")
    if not ev:
        return []
    if ev["kind"] == "war":
        (a, b), (na, nb) = ev.get("parties") or ["?", "?"], ev.get("counts") or [0, 0]
        why = WHY_WAR.get(ev.get("why", ""), ev.get("why") or "")
        lost = na if ev["loser"] == a else nb
        res = f"{ev['loser']} lose" if lost else \
            f"nobody of {ev['loser']} is ashore: nobody returns"
        head = _wrap("", [f"War{f' ({why})' if why else ''}: {a} {na} against {b} {nb}, "
                          f"{res}"], "")
    else:
        head = _wrap(f"Consequence of {ev.get('card', 'the challenge')}: ",
                     [ev.get("text") or ev["op"].lower().replace("_", " ")], "")
    hit = []
    for s in ev["hit"]:
        names = [_short(c["name"], 14) for c in ev["chosen"] if c["seat"] == s]
        if s in ev["spared"]:
            what = "spared (a shield)"
        elif "doubloons" in ev:
            what = f"paid {ev['paid'].get(str(s), 0)} of {ev['doubloons']}d"
        elif names:
            what = ", ".join(names) + " chosen"
        elif ev["kind"] == "war" or ev.get("op") in ("SEND_TO_SHIP", "REMOVE_FROM_GAME"):
            what = "to choose"
        else:
            what = "hit"
        hit.append(f"{_seat(s, obs)}: {what}")
    return head[:2] + _wrap("Hit: ", hit)


def set_lines(obs: dict[str, Any]) -> list[str]:
    """In set-up, every starting set: its characters and abilities."""
    if obs["harbour"] is not None or obs.get("draft"):
        return []
    return [line for k in obs.get("starting_sets", [])
            for line in _wrap(f"Set {k['set']}: ",
                              [", ".join(_short(c, 16) for c in k["characters"])
                               + " + " + ", ".join(k["abilities"])], "")]


def final_lines(obs: dict[str, Any]) -> list[str]:
    """At the end: each seat's VP (tall tales and the symbol bonus) and doubloons, by
    the table's name for the seat (a bot by its name), and the winners."""
    res = obs.get("result")
    if not res:
        return []
    rows = [f"{_seat(s, obs)} {vp}VP ({tv}+{sb}, {d}d)"
            for s, (vp, tv, sb, d) in enumerate(zip(res["vp"], res["tale_vp"],
                                                    res["symbol_bonus"], res["doubloons"],
                                                    strict=True))]
    won = ", ".join(_seat(s, obs) for s in res["winners"])
    return [*_wrap("Final (tales+bonus, doubloons): ", rows), f"Won: {won}"]


def __getattr__(name: str) -> Any:
    """``MAP_KEY``: how to read the board (the ``?`` help prints it), made from the
    shipped edition's symbol and party codes when first asked for."""
    if name != "MAP_KEY":
        raise AttributeError(name)
    from ludoteca.core.registry import load_game

    t = load_game("puertodiablo").tables  # type: ignore[attr-defined]
    symbols = ", ".join(f"{c} {n}" for c, n in zip(t.symbols, t.symbol_names, strict=True))
    parties = ", ".join(f"{c} {n}" for c, n in zip(t.parties, t.party_names, strict=True))
    return "\n".join([
        "Reading the board:",
        "  * before a seat: still in the harbour.  s2: seat 2.  VP: its tall tales' VP.",
        "  ship N: characters on its ship.  abil N: ability cards in its hand.",
        "  A character: its name, its parties (nation/faction), then its left|right",
        "  sides: symbols and doubloons (2d: 2 doubloons); [a side]: covered.",
        "  Offer/assigned/committed: per seat ashore, the symbols offered, assigned by",
        "  the pilot and committed; ab2: 2 more offered by an ability card; +1: symbols",
        "  an ability supplied; !: may commit prohibited symbols.",
        "  banned: the symbols the harbour prohibits.  +N at a line's end: N more",
        "  (+2 ashore: 2 more characters ashore); s lists every seat's cards in full,",
        "  s2 seat 2's, both sides of your ship's characters with yours.",
        "  Harbour 1 of 4: the voyage's first harbour; (number 2): its card's number,",
        "  how many characters go ashore and the symbols a challenge needs.",
        "  Hit: what the war or consequence being settled does to each seat it hits.",
        "  Final: VP (tall tales + symbol bonus, doubloons for ties).",
        "  foreknowledge N: needs K+ (playing an ability card): N counts the acting",
        "  character's open symbols of the types the card lists, not those the harbour",
        "  prohibits (a weakened character: its visible side only; a fear, a faction or",
        "  an exact amount of doubloons on the card: 1 on a match, else 0; R5, R6); the",
        "  card takes effect if the die shows at least K, K read from its table for N.",
        *textwrap.wrap("Symbols: " + symbols + ".", WIDTH - 2, initial_indent="  ",
                       subsequent_indent="  "),
        *textwrap.wrap("Parties: " + parties + ".", WIDTH - 2, initial_indent="  ",
                       subsequent_indent="  "),
    ])


def option_lines(obs: dict[str, Any]) -> list[str]:
    """The options' lines (none without them): the treasure market, the hunters and the
    last hunt roll with its reasons; the viewer's draft hand and the totals."""
    out = []
    tr = obs.get("treasures")
    if tr and obs["harbour"] is not None:
        out.append(_fit("Treasures: ", [f"{x['name']} {'+'.join(x['symbols'])} "
                                        f"{x['doubloons']}d" if x["doubloons"] else
                                        f"{x['name']} {'+'.join(x['symbols'])} {x['vp']}VP"
                                        for x in tr["market"]])[0])
        if tr["hunts"]:
            out.append(_fit("Hunting: ", [f"s{h['seat'] + 1} {_short(h['name'], 10)}"
                                          f" on {h['treasure']['name']} {h['least']}+"
                                          for h in tr["hunts"]])[0])
        lh = tr["last_hunt"]
        if lh:
            mod = f"+{lh['modifier']}" if lh["modifier"] else ""
            out.append(f"Last hunt: s{lh['seat'] + 1} {lh['treasure']}: {lh['count']} "
                       f"{'/'.join(lh['symbols'])}, {lh['weather']}, needs {lh['least']}, "
                       f"rolled {lh['face']}{mod}: {'found' if lh['found'] else 'not found'}")
    dr = obs.get("draft")
    if dr:
        if dr["hand"]:
            out.append(_fit("Your hand: ", [_char(c) for c in dr["hand"]])[0])
        totals = [f"s{k + 1} {t}/{dr['budget']}d{' ready' if dr['finished'][k] else ''}"
                  for k, t in enumerate(dr["totals"]) if t is not None]
        if totals:
            out.append("Starting sets: " + ", ".join(totals))
    return out


def hand_lines(obs: dict[str, Any]) -> list[str]:
    """The viewer's ability cards in his hand, each with what it does (in words)."""
    viewer = obs.get("viewer")
    if viewer is None or obs.get("harbour") is None:
        return []
    cards = obs.get("ability_cards", {})
    out = []
    for name in obs["seats"][viewer]["hand"]:
        card = cards.get(name)
        if card:
            # Cut at a word, "~" saying that more is written on the card.
            out.append("  " + textwrap.shorten(f"{name}: {card['effect']}", WIDTH - 2,
                                               placeholder=" ~"))
    return out


def lookout_lines(obs: dict[str, Any]) -> list[str]:
    """A top of the log pile one player knows, a peek going on, who wants to play."""
    out = []
    known, peek = obs.get("log_known"), obs.get("peek")
    if known:
        if known["cards"]:
            out.append("Log top (you know it): "
                       + ", ".join(known.get("words") or known["cards"]))
        else:
            out.append(f"Log top: seat {known['seat'] + 1} knows the top {known['count']}")
    if peek:
        if peek["cards"]:
            seen = peek.get("words") or peek["cards"]
            back = seen["put_back"]
            out.append("You look at: " + ", ".join(seen["in_hand"])
                       + (f" (put back on top: {', '.join(back)})" if back else ""))
        else:
            out.append(f"Seat {peek['seat'] + 1} looks at "
                       f"{peek['in_hand'] + peek['put_back']} log cards")
    if obs.get("wanting"):
        out.append("Want to play: " + ", ".join(f"seat {s + 1}" for s in obs["wanting"]))
    return out


OPTION_WORDS = {
    ("treasure", "on"): ("treasure", "treasure hunting"),
    ("start", "advanced"): ("advanced start", "the advanced start"),
    ("payment", "until_paid"): ("pay until paid",
                                "payment one side at a time until paid (R3)"),
    ("pilot_own_plays", "any"): ("pilot plays any",
                                 "the pilot plays any number of his own cards ahead (R51)"),
    ("event_window", "before_choices"): ("counters first",
                                         "counters to an event before its choices (R66)"),
    ("event_order", "seat"): ("counters by seat",
                              "counters to an event asked in turn from the pilot (R66)"),
}
"""A match option not at its default, in the header's short words and in full."""


def option_words(obs: dict[str, Any], short: bool = False) -> list[str]:
    """The match's options that are not the defaults, in words (none: [])."""
    out = []
    for key, value in (obs.get("options") or {}).items():
        if key == "round_cap":
            out.append(f"cap {value}" if short else
                       f"at most {value} rounds in a harbour (R32)")
        else:
            words = OPTION_WORDS.get((key, value))
            out.append(words[0 if short else 1] if words else f"{key.replace('_', ' ')} {value}")
    return out


def help_lines(observation: dict[str, Any]) -> str:
    """What the ? help adds for this match: its options not at their default, and the
    key that shows every seat's public cards in full."""
    played = option_words(observation)
    return "\n\n".join([  # two paragraphs: the pager fills a paragraph's lines
        "This match: " + ("; ".join(played) if played else "every option at its default")
        + ".",
        "s: every seat's public cards in full (s2: seat 2's; yours: your ship's sides).",
    ])


def seat_details(observation: dict[str, Any], seat: int | None = None) -> str:
    """Everything public of ``seat`` (every seat for ``None``) in full, where the board
    has room for a count ("+2"): each character ashore and on the ship by its whole name
    with its parties and both sides, the ability cards in the hand (open, R37) and on
    the ship, the tall tales; the viewer's abilities bought this round (R19)."""
    obs = observation
    seats = [s for s in obs["seats"] if seat is None or s["seat"] == seat]
    lines: list[str] = []
    if seat is None:
        played = option_words(obs)
        lines.append("Options: " + ("; ".join(played) if played else "the defaults"))
    for s in seats:
        me = s["seat"] == obs["viewer"]
        # Before the first harbour's arrival nobody has been ashore to leave.
        where = ("not yet ashore" if obs["harbour"] is None
                 else "in the harbour" if s["in_harbour"] else "has left the harbour")
        if lines:  # a paragraph of its own: a pager fills lines at the margin together
            lines.append("")
        lines.append(f"{_seat(s['seat'], obs)}: {where}, {s['tale_vp']}VP")
        for label, cards in (("Ashore", s["ashore"]), ("On the ship", s["ship"])):
            lines.append(f"  {label} ({len(cards)}):" + ("" if cards else " -"))
            lines.extend(f"    {_whole(c)}" for c in cards)
        hand = list(s["hand"]) + ([f"{a} (bought, next round)" for a in s.get("aside", ())]
                                  if me else [])
        for label, items in (("Abilities in the hand", hand),
                             ("Abilities on the ship", s["abilities_on_ship"]),
                             ("Tall tales", s["tales"])):
            lines.extend(_wrap(f"  {label} ({len(items)}): ", list(items), "; ", "    "))
    return "\n".join(grammar(line) for line in lines)


def _whole(c: dict[str, Any]) -> str:
    """A character in full: whole name, parties, both sides ([a side]: covered)."""
    sides = [("[" + x + "]") if covered else x
             for x, covered in zip(c["sides"], c["covered"], strict=True)]
    fears = f", fears {'+'.join(c['fears'])}" if c.get("fears") else ""
    return f"{c['name']}{_parties(c)}  {sides[0]} | {sides[1]}{fears}"
