"""A terminal view of one Douro 1872 observation (what one seat may see, nothing more).

It reads the observation only: what happened is told by the events, which the fronts print
as they come (``state.describe_event``). It is drawn to leave room for the choices on an
80x24 terminal: one line per seat, then the Rabelo cards (by LEVEL, the number on a
regular card's back, and ORDER, the barrels its face asks for), the seat's hand and the
prompt. The result is the front's to say, once (the prompt only says the game is over).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ludoteca.core.words import plural


def menu_key(action: dict[str, Any]) -> str | None:
    """In the terminal's list a barrel card is chosen by its value: 7 plays the 7."""
    return str(action["card"]) if "card" in action else None


def chapter(event: Any) -> tuple[str, int | None] | None:
    """Each dispute opens with the first card laid face down (seat 0 lays first); the
    middle of the game opens the second half."""
    if event.kind == "lay" and event.data["purpose"] == "dispute" and event.data["seat"] == 0:
        return "dispute", None
    if event.kind == "middle":
        return "half", 2
    return None


def _name(s: dict[str, Any], you: int | None) -> str:
    return "you" if s["seat"] == you else s["name"]


def _dispute(obs: dict[str, Any]) -> Text:
    d = obs["in_dispute"]
    if d is None:
        return Text("No dispute in progress.", style="dim")
    if d["kind"] == "regular":
        line = Text(f"In dispute: the level-{d['level']} regular Rabelo card (its order shows "
                    "when it is turned)", style="bold")
    elif d["kind"] == "fog":
        line = Text("In dispute: a fog Rabelo card (which one shows when it is turned)",
                    style="bold magenta")
    else:
        line = Text(f"In dispute: {d['fog']} tows the next regular card", style="bold magenta")
        if "level" in d:
            line.append(f" (level {d['level']})")
    if "total" in d:
        line.append(f" — {d['total']} barrels on the table", style="bold yellow")
    return line.append(".")


def _short(fog: str) -> str:
    """"Fragas (River Rocks)" -> "Fragas": the name the rules summary uses."""
    return fog.split(" (")[0].split(" –")[0]


def _done(obs: dict[str, Any]) -> Text | None:
    """The Rabelo cards turned so far: the orders each level has shown, the fog cards."""
    gone = obs["discarded"]
    if not (gone["regular"] or gone["fog"]):
        return None
    by_level: dict[str, list[str]] = {}
    for card in gone["regular"]:
        by_level.setdefault(str(card["level"]), []).append(str(card["order"]))
    levels = "; ".join(f"level {lvl}: {', '.join(orders)}" for lvl, orders in by_level.items())
    text = Text("Turned so far — orders by level: " + (levels or "none"), style="dim")
    if gone["fog"]:
        text.append("; fog: " + ", ".join(map(_short, gone["fog"])))
    return text.append(".")


def render(obs: dict[str, Any]) -> Group:
    you = obs.get("seat")
    half = "first half" if obs["half"] == 1 else "second half"
    stack = obs["stack"]
    fog = stack["fog_on_top"]
    head = Text(f"Douro 1872 · {obs['num_players']} players · {half} · stack: "
                f"{plural(stack['cards'], 'card')}", style="bold")
    if fog:
        head.append(f", {fog} fog on top", style="bold magenta")
    levels = [str(lvl) for lvl in obs["valley"]]
    if not levels:
        info = Text("Douro Valley: empty.")
    elif len(levels) == 1:
        info = Text(f"Douro Valley: one boat, level {levels[0]}.")
    else:
        info = Text(f"Douro Valley: boats of levels {', '.join(levels)}, disputed in that "
                    "order.")

    table = Table.grid(padding=(0, 2))
    for _ in range(6):
        table.add_column()
    table.add_row(*(Text(c, style="bold") for c in (
        "Seat", "Points", "Cards", "Played (last on view)", "Laid now", "Charity")))
    for s in obs["seats"]:
        if s["played"] is not None:
            now = Text(str(s["played"]), style="bold yellow")
        else:
            now = Text("face down" if s["chosen"] else "—", style="" if s["chosen"] else "dim")
        pile = " ".join(map(str, s["pile"]))
        table.add_row(Text(_name(s, you), style="bold" if s["seat"] == you else ""),
                      str(s["score"]), str(s["hand_size"]), pile or "—", now,
                      "given" if s["donated"] else "—")

    parts: list[Any] = [head, info, table, _dispute(obs)]
    holder = obs.get("phylloxera")
    if holder is not None:
        who = "you" if holder == you else obs["seats"][holder]["name"]
        parts.append(Text(f"Phylloxera card: {who} (its holder loses every tie it is part "
                          "of).", style="dim"))
    done = _done(obs)
    if done is not None:
        parts.append(done)
    charity = obs["charity"]
    if charity["revealed"] is not None:
        gifts = ", ".join(f"{_name(s, you)}: {v}"
                          for s, v in zip(obs["seats"], charity["revealed"], strict=True))
        parts.append(Text(f"Charity revealed: {gifts}.", style="green"))
    if obs.get("hand") is not None:
        hand = Text("Your hand: ", style="bold")
        hand.append(" ".join(map(str, obs["hand"])) or "empty", style="bold cyan")
        extra = []
        if obs.get("my_choice") is not None:
            extra.append(f"laid face down: {obs['my_choice']}")
        if obs.get("my_donation") is not None:
            extra.append(f"given to charity: {obs['my_donation']}")
        if extra:
            hand.append("   (" + "; ".join(extra) + ")")
        parts.append(hand)
    parts.append(Text(obs["prompt"], style="bold cyan"))
    return Group(*parts)
