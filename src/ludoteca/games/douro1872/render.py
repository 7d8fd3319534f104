"""A terminal view of one Douro 1872 observation (what one seat may see, nothing more).

It reads the observation only: what happened is told by the events, which the fronts print
as they come (``state.describe_event``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text


def _dispute(obs: dict[str, Any]) -> Text:
    d = obs["in_dispute"]
    if d is None:
        return Text("No dispute in progress.", style="dim")
    if d["kind"] == "regular":
        line = Text(f"In dispute: the level-{d['level']} regular Rabelo card", style="bold")
    elif d["kind"] == "fog":
        line = Text("In dispute: a fog Rabelo card", style="bold magenta")
    else:
        line = Text(f"In dispute: {d['fog']} tows the next regular card", style="bold magenta")
        if "level" in d:
            line.append(f" (level {d['level']})")
    if "total" in d:
        line.append(f" — barrels on the table: {d['total']}", style="bold yellow")
    return line


def render(obs: dict[str, Any]) -> Group:
    head = Text(f"Douro 1872 ({obs['num_players']} players, {obs['variant']}) — ", style="bold")
    head.append("first half" if obs["half"] == 1 else "second half (charity given)")
    valley = ", ".join(f"L{lvl}" for lvl in obs["valley"]) or "empty"
    stack = obs["stack"]
    info = Text(f"Douro Valley: {valley}.  Stack: {stack['cards']} cards")
    if stack["fog_on_top"]:
        info.append(f", {stack['fog_on_top']} fog card(s) on top", style="magenta")
    info.append(".")

    table = Table(show_header=True, expand=True)
    for col in ("Seat", "Points", "Hand", "Pile (top last)", "This dispute", "Charity"):
        table.add_column(col)
    for s in obs["seats"]:
        name = s["name"] + (" (you)" if s["seat"] == obs.get("seat") else "")
        if s["phylloxera"]:
            name += " 🐛 phylloxera"
        if s["played"] is not None:
            now = Text(str(s["played"]), style="bold yellow")
        else:
            now = Text("face down" if s["chosen"] else "—", style="dim" if not s["chosen"] else "")
        pile = " ".join(map(str, s["pile"][:-1]))
        top = "" if s["pile_top"] is None else f" [{s['pile_top']}]"
        table.add_row(name, str(s["score"]), str(s["hand_size"]), pile + top, now,
                      "given" if s["donated"] else "—")

    parts: list[Any] = [head, info, table, _dispute(obs)]
    gone = obs["discarded"]
    if gone["regular"] or gone["fog"]:
        orders = " ".join(f"L{r['level']}:{r['order']}" for r in gone["regular"])
        parts.append(Text(f"Discarded Rabelo cards: {orders or '-'}"
                          + (f"; fog: {', '.join(gone['fog'])}" if gone["fog"] else ""),
                          style="dim"))
    charity = obs["charity"]
    if charity["revealed"] is not None:
        gifts = ", ".join(f"{s['name']} {v}"
                          for s, v in zip(obs["seats"], charity["revealed"], strict=True))
        parts.append(Text(f"Charity revealed: {gifts}", style="green"))
    if obs.get("hand") is not None:
        hand = " ".join(map(str, obs["hand"])) or "(empty)"
        extra = []
        if obs.get("my_choice") is not None:
            extra.append(f"face down: {obs['my_choice']}")
        if obs.get("my_donation") is not None:
            extra.append(f"charity: {obs['my_donation']}")
        if extra:
            hand += "   (" + ", ".join(extra) + ")"
        parts.append(Panel(hand, title=f"Your hand (seat {obs['seat']})"))
    if obs["result"] is not None:
        parts.append(Text(obs["result"]["text"], style="bold green"))
    parts.append(Text(obs["prompt"], style="bold cyan"))
    return Group(*parts)
