"""A terminal view of one Vintage observation (what one seat may see, nothing more).

One line per player (VP, brandy, markers, boat, cellar, warehouse, cards), the owned
estates, the action table's occupied circles and the display, then the prompt: it fits
80 columns and leaves room for the choices on a 24-row screen. A line longer than
:data:`WIDTH` is wrapped under its own indent, never cut: a card's name or a prompt is read
whole.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text

from ludoteca.core.words import seat_name

WIDTH = 80
"""The columns every line of the view fits (a terminal's usual width)."""

MENU_GROUPS = {
    "place": "Place markers or the overseer on an action",
    "move_boat": "Move the boat",
    "plant": "Plant a vine",
    "harvest_estate": "Harvest an estate",
    "buy_estate": "Buy an estate",
}


def chapter(event: Any) -> tuple[str, int | None] | None:
    """Each round opens a part of the match."""
    if event.kind == "round":
        return "round", event.data["round"] + 1
    return None


def _fitted(line: str) -> list[str]:
    """``line`` as rows of at most :data:`WIDTH` columns, the rest under its indent + 3."""
    if len(line) <= WIDTH:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 3)
    return textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=True)


def _short(name: str) -> str:
    return "".join(w[0] for w in name.split()).upper()


def render(observation: dict[str, Any], compact: bool = False) -> Any:
    obs = observation
    lines = []
    chips = obs["chips"]
    bonus = chips[obs["round"] - 1]["value"]
    # Seats are named as the terminal names them everywhere (the names in force).
    first = obs["first_player"]
    first_name = seat_name(first) if first is not None else "-"
    lines.append(f"Round {obs['round']}/{obs['rounds']}  bonus {bonus}  first player "
                 f"{first_name}  deck {obs['deck']}  supply {obs['supply']}")
    rows = obs["rows"]
    for s in obs["seats"]:
        cellar = " ".join(f"{c['kind'][0].upper()}{c['barrels']}q{c['quality']}"
                          for c in s["cellar"] if c["barrels"]) or "-"
        hold = " ".join(f"{b}q{q}" for b, q in (h for h in s["hold"] if h)) or "-"
        ware = " ".join(f"{_short(rows[r])}{n}" for r, n in enumerate(s["warehouse"]) if n)
        cards = s["hand"] if s["hand"] is not None else s["open_cards"] + \
            ["?"] * s["hidden_cards"]
        flags = ("P" if s["passed"] else "") + ("O" if s["overseer"] else "")
        lines.append(f"{s['name'][:8]:8} {s['vp']:3}VP br{s['brandy']} mk{s['markers']}"
                     f"{flags:2} boat {s['port']} [{hold}] cellar {cellar}")
        if compact:
            continue
        estates = []
        for e in obs["estates"]:
            if e["owner"] != s["seat"]:
                continue
            lot = f" lot {e['lot'][0]}q{e['lot'][1]}" if e["lot"] else ""
            vines = "".join(v[0] for v in e["vines"]) or "-"
            estates.append(f"{_short(e['region'])} q{e['quality']} {vines}{lot}")
        lines.append(f"   {'; '.join(estates)} | wh {ware or '-'} | {', '.join(cards) or '-'}")
    taken = []
    for a in obs["table"]:
        used = [c for c in a["circles"] if c["seat"] is not None]
        if used:
            # Seats by their number, as the seat lines name them ("Seat 0", ...).
            taken.append(f"{a['name']} " + ",".join(str(c["seat"]) for c in used))
    if taken and not compact:
        lines.append("Taken: " + "; ".join(taken))
    lines.append("Display: " + ", ".join(c or "-" for c in obs["display"]))
    lines.append(obs["prompt"])
    return Text("\n".join(row for line in lines for row in _fitted(line)))
