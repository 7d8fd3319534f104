"""A terminal view of one Desperados observation (what one seat may see, nothing more).

What happened between two views (fights settled, rounds scored, turns skipped) is told by
the events, which the fronts print with ``state.describe_event``; this draws the position.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

METAL_STYLE = {"gold": "bold yellow", "silver": "bold white", "copper": "bold dark_orange"}


def _display_title(obs: dict[str, Any], display: dict[str, Any]) -> str:
    seats = display["seats"]
    you = obs.get("seat")
    who = " + ".join(f"seat {s}" + (" (you)" if s == you else "") for s in seats)
    return f"{who}: {obs['totals'][display['display']]} points"


def _mine_line(mine: dict[str, Any], fight: dict[str, Any] | None) -> Text:
    style = METAL_STYLE.get(mine["metal"], "bold")
    line = Text(mine["name"], style=style)
    chests = ", ".join(mine["chests"]) or "no chests"
    line.append(f"  [{chests}]")
    if mine["closed"]:
        line.append(f"  closed, worth {mine['value']}", style="green")
    else:
        line.append(f"  open (would score {mine['value']})", style="dim")
    if fight and fight["mine"] == mine["mine"]:
        line.append("  ⚔ under attack", style="bold red")
    return line


def _seats(seats: list[int]) -> str:
    names = [f"seat {s}" for s in seats]
    return " and ".join(names) if len(names) < 3 else ", ".join(names)


def render(obs: dict[str, Any]) -> Group:
    head = Text()
    head.append(f"Desperados ({obs['variant']}) — round {obs['round']}, ", style="bold")
    head.append(f"first to {obs['target']}. Deck: {obs['deck']} cards. ")
    head.append(f"Dealer: seat {obs['dealer']}. ")
    if obs["final_turns"] is not None and obs.get("winners") is None:
        head.append("Final turns: no more drawing.", style="bold magenta")

    table = Table(show_header=True, expand=True)
    table.add_column("Display")
    table.add_column("Mines")
    fight = obs["fight"]
    for display in obs["displays"]:
        mines = [_mine_line(m, fight) for m in display["mines"]] or [Text("no mines", "dim")]
        table.add_row(_display_title(obs, display), Group(*mines))

    parts: list[Any] = [head, table]
    if fight:
        cards = ", ".join(f"seat {s}: {v}" for s, v in fight["desperados"].items())
        parts.append(Text(f"Fight over {fight['name']} (attacker seat {fight['attacker']}): "
                          f"{cards}", style="red"))
    sizes = ", ".join(f"seat {s}: {n}" for s, n in enumerate(obs["hand_sizes"]))
    parts.append(Text(f"Cards in hand — {sizes}", style="dim"))
    if obs.get("hand") is not None:
        hand = ", ".join(f"{n}× {name}" if n > 1 else name for name, n in obs["hand"].items())
        parts.append(Panel(hand or "(empty)", title=f"Your hand (seat {obs['seat']})"))
        if obs.get("partner_holds"):
            known = ", ".join(f"{n}× {k}" for k, n in obs["partner_holds"].items())
            parts.append(Text(f"Your partner still holds what you passed: {known}", "dim"))
    if obs.get("winners") is not None:
        parts.append(Text(f"Winners: {_seats(obs['winners'])}", style="bold green"))
    parts.append(Text(obs["prompt"], style="bold cyan"))
    return Group(*parts)
