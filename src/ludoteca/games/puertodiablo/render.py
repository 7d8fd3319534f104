"""A terminal view of one Puerto Diablo observation (what one seat may see, nothing more).

A header (harbour, weather, prohibitions, round, pilot, the challenge), one line per
player (in the harbour or not, characters ashore with their open sides, tales), the
market, then the prompt: 80 columns, room for the choices on a 24-row screen.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text

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
    return f"{c['name'].split(',')[0][:10].rstrip()} {sides[0]}|{sides[1]}"


ROWS = 12
"""The most rows the board takes, so that the choices fit below it on 24 rows."""


def _fit(head: str, items: list[str]) -> tuple[str, list[str]]:
    """``head`` and as many ``items`` as fit in 80 columns, "+N" saying how many did
    not; and the items left over."""
    line = head
    for k, item in enumerate(items):
        more = len(items) - k - 1
        tail = f" +{more}" if more else ""
        candidate = line + ("; " if k else "") + item
        if len(candidate + tail) > 80 or (more and len(candidate) + 4 > 80):
            return (line + f" +{len(items) - k}").rstrip(), items[k:]
        line = candidate
    return (line if items else head + "-"), []


def render(observation: dict[str, Any], compact: bool = False) -> Any:
    obs = observation
    lines = []
    banned = ",".join(obs["prohibited"]) or "-"
    if obs.get("draft") and obs["harbour"] is None:
        lines.append(f"Setting sail: the advanced start  pilot seat {obs['pilot'] + 1}")
    else:
        # The weather card's flag or faction symbol shows why a weather war starts.
        flag = obs.get("weather_flag")
        weather = f"{obs['weather']} ({flag['name']})" if flag else obs["weather"]
        lines.append(f"{obs['harbour']} ({obs['number']})  {weather}  banned {banned}"
                     f"  round {obs['round']}/{obs['round_cap']}  pilot seat {obs['pilot'] + 1}")
    ch = obs["challenge"]
    if ch:
        lines.append(f"Challenge: {ch['name']} - {ch['needed']} of {'/'.join(ch['symbols'])}")
        # The negotiation in one line: what each seat ashore offered, was assigned by
        # the pilot and committed (offer/assigned/committed).
        # An offer by an ability card shows as "ab" and its count (R60), symbols an
        # ability supplied as "+n" (R61), a dispensation as "!" (R65).
        deal = ", ".join(f"s{s['seat'] + 1} {s['offer']}/{s['assigned']}/{s['committed']}"
                         + _ability_marks(s) for s in obs["seats"] if s["in_harbour"])
        lines.append(f"Offer/assigned/committed: {deal or '-'}")
    own: list[str] = []
    for s in obs["seats"]:
        mark = "*" if s["in_harbour"] else " "
        head = (f"{mark}seat {s['seat'] + 1} {s['tale_vp']}VP ship {len(s['ship'])} "
                f"abil {len(s['hand'])}: ")
        shown, rest = _fit(head, [_char(c) for c in s["ashore"]])
        lines.append(shown)
        if s["seat"] == obs["viewer"]:
            own = rest
    # The viewer's own characters that did not fit go on lines of their own, as long as
    # the board keeps within its 12 rows (the choices need the rest of the screen).
    while own and len(lines) < ROWS - 3:
        shown, own = _fit("   ", own)
        lines.append(shown)
    chars = [m for m in obs["market"][:4] if m]
    abis = [m for m in obs["market"][4:] if m]
    # Prices as they are now; why they differ from the printed ones said once, first (the
    # line may be cut at 80 columns).
    notes = sorted({m["price_note"] for m in chars + abis if m.get("price_note")})
    why = f" [{'; '.join(notes)}]" if notes else ""
    lines.append(f"Market{why}: " + "; ".join(f"{m['name'].split(',')[0][:14]} "
                                        f"{m.get('price_now', m['price'])}d"
                                        for m in chars))
    if not compact:
        lines.append("        " + "; ".join(f"{m['name']} {m.get('price_now', m['price'])}d"
                                            for m in abis))
    lines.extend(option_lines(obs))
    # The prompt is wrapped, not cut (a counter window's names what it answers, which
    # takes more than 80 columns), on as many rows as the board has left.
    prompt = textwrap.wrap(obs["prompt"], 80) or [""]
    room = max(1, ROWS - len(lines))
    if len(prompt) > room:
        prompt = [*prompt[:room - 1], " ".join(prompt[room - 1:])[:79] + "~"]
    # A peek's lines only where the board has room (the prompt and the choices first).
    lines.extend(lookout_lines(obs)[:max(0, ROWS - len(prompt) - len(lines))])
    # The viewer's ability cards in words, where the board has room.
    lines.extend(hand_lines(obs)[:max(0, ROWS - len(prompt) - len(lines))])
    lines.extend(prompt)
    return Text("\n".join(line[:80] for line in lines))


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
            out.append(_fit("Hunting: ", [f"s{h['seat'] + 1} {h['name'].split(',')[0][:10]}"
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
            line = f"  {name}: {card['effect']}"
            out.append(line if len(line) <= 80 else line[:79] + "~")
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
