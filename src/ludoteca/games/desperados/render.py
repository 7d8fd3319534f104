"""A terminal view of one Desperados observation (what one seat may see, nothing more).

What happened between two views (fights settled, rounds scored, turns skipped) is told by
the events, which the fronts print with ``state.describe_event``; this draws the position,
compactly enough that the board and a list of choices fit an 80x24 terminal: one line per
mine, the displays side by side with their mines, then the counts everyone may see (cards
in hand, passes, the discard pile), the seat's hand and the prompt.

``render(obs, compact=True)`` is the same board a few lines shorter, for a crowded table
that would push the choices off the screen: the final-turns notice joins the first line
(the prompt says it too), a display with fewer than two mines takes one line, "Your hand"
is "Hand", and the lines a player can best do without go (the discard pile, what the
partner still holds).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ludoteca.core.words import joined, seat_name, side_name

METAL_STYLE = {"gold": "bold yellow", "silver": "bold white", "copper": "bold dark_orange"}

MENU_GROUPS = {
    "pass": "Pass a card to your partner",
    "open": "Open a mine",
    "work": "Play a chest on a mine",
    "close": "Close a mine",
    "fight": "Play a Desperado",
}
"""The words for a folded group of choices in the terminal's list (by action type)."""


def chapter(event: Any) -> tuple[str, int | None] | None:
    """A new round opens a chapter of the match (the first round opens with the match)."""
    if event.kind == "round_started":
        return "round", event.data["round"]
    return None


def _name(seat: int, you: int | None) -> str:
    return "you" if seat == you else seat_name(seat)


def _names(seats: list[int], you: int | None) -> str:
    """"you", "seat 1", "you and seat 2", "seats 1 and 3"."""
    return side_name(seats, you)


def _chests(chests: list[str]) -> str:
    if not chests:
        return "no chests"
    doubles = chests.count("double")
    text = f"{len(chests)} chest{'s' if len(chests) > 1 else ''}"
    if chests[0] == "double":
        return text + (", a double" if len(chests) == 1 else ", double first")
    return text + (f", {doubles} double" if doubles else "")


def _display(obs: dict[str, Any], display: dict[str, Any], compact: bool) -> list[Text]:
    """The lines naming a display: its players, its points; one line ("Seats 1 and 3: 4
    pts", short enough for the table to stay within 80 columns) when ``compact`` and the
    display has fewer than two mines to sit beside."""
    who = _names(display["seats"], obs.get("seat"))
    who = who[:1].upper() + who[1:]
    points = obs["totals"][display["display"]]
    if compact and len(display["mines"]) < 2:
        return [Text(f"{who}: {points} pts", style="bold")]
    return [Text(who, style="bold"), Text(f"{points} points")]


def _mine_cells(mine: dict[str, Any], fight: dict[str, Any] | None) -> list[Text]:
    fought = fight is not None and fight["mine"] == mine["mine"]  # named by the fight's line
    name = Text(mine["name"], style="bold red reverse" if fought
                else METAL_STYLE.get(mine["metal"], "bold"))
    if mine["closed"]:
        status = Text(f"closed: {mine['value']}", style="green")
    else:
        status = Text(f"open, {mine['value']} if closed", style="dim")
    return [name, Text(_chests(mine["chests"])), status]


def _cards(cards: dict[str, int]) -> str:
    """"2× gold chest, closed mine, Desperados 4 and 9"."""
    named = [f"{n}× {name}" if n > 1 else name for name, n in cards.items()
             if not name.startswith("Desperado ")]
    ranks = [name.removeprefix("Desperado ") for name, n in cards.items()
             for _ in range(n) if name.startswith("Desperado ")]
    if len(ranks) == 1:
        named.append(f"Desperado {ranks[0]}")
    elif ranks:
        named.append("Desperados " + joined(ranks))
    return ", ".join(named)


def _fight(obs: dict[str, Any]) -> Text:
    """The fight in one line; how it is settled is in the rules summary (``?``). In the
    partnership game partners add up their cards: "attack 16 (seat 1 9, seat 3 7), defence
    5 (you 5)"; in the individual game each card counts alone."""
    fight = obs["fight"]
    you = obs.get("seat")
    played = {int(s): v for s, v in fight["desperados"].items()}
    attacker = _name(fight["attacker"], you)
    line = f"Fight over {fight['name']}, started by {attacker}"
    if obs["variant"] != "partnership":
        cards = ", ".join(f"{_name(s, you)} {v}" for s, v in played.items())
        return Text(f"{line}. Desperados: {cards}.", style="red")
    sides = []
    for display in obs["displays"]:
        mine = {s: v for s, v in played.items() if s in display["seats"]}
        cards = ", ".join(f"{_name(s, you)} {v}" for s, v in mine.items())
        sides.append((fight["attacker"] in display["seats"], sum(mine.values()),
                      f" ({cards})" if cards else ""))
    attack = next(f"attack {total}{cards}" for first, total, cards in sides if first)
    defence = next(f"defence {total}{cards}" for first, total, cards in sides if not first)
    return Text(f"{line}: {attack}, {defence}.", style="red")


def _passes(obs: dict[str, Any]) -> Text | None:
    """Passing is bounded while the deck lasts (R20): the counts are public."""
    if obs.get("passes") is None or obs["final_turns"] is not None or obs.get("winners"):
        return None
    if not obs["passes_in_a_row"] and obs.get("pass_limit") is None:
        return None  # nothing to count yet
    run, limit = obs["passes_in_a_row"], obs.get("pass_run_limit")
    line = Text(f"Passes in a row: {run}")
    if limit is not None:
        line.append(" — the next seat must draw or play" if run >= limit
                    else f" (at {limit}, the next seat must draw or play)")
    if obs.get("pass_limit") is not None:
        you = obs.get("seat")
        counts = ", ".join(f"{_name(s, you)}: {n}" for s, n in enumerate(obs["passes"]))
        line.append(f". Passed this round (at most {obs['pass_limit']} each): {counts}")
    line.append(".")
    line.stylize("dim")
    return line


def render(obs: dict[str, Any], compact: bool = False) -> Group:
    """The board for ``obs`` (one seat's or a spectator's observation); ``compact``: the
    shorter form for a crowded table (see the module docstring)."""
    you = obs.get("seat")
    over = obs.get("winners") is not None
    final = obs["final_turns"] is not None and not over
    deck = "final turns" if compact and final else f"deck {obs['deck']}"
    head = Text(f"{'' if compact else 'Desperados · '}{obs['variant']} · round "
                f"{obs['round']} · first {'side ' if obs['variant'] == 'partnership' else ''}"
                f"to {obs['target']} · {deck} · dealer {_name(obs['dealer'], you)}",
                style="bold")
    if compact:
        head = Text(head.plain[:1].upper() + head.plain[1:], style="bold")
    elif final:
        head.append("\nFinal turns: the deck is empty, one more turn each, no drawing.",
                    style="bold magenta")

    table = Table.grid(padding=(0, 2), expand=False)
    for _ in range(4):
        table.add_column()
    fight = obs["fight"] if not over else None  # one the end left unsettled is moot
    blank = [Text(""), Text(""), Text("")]
    for display in obs["displays"]:
        title = _display(obs, display, compact)
        rows = [_mine_cells(mine, fight) for mine in display["mines"]]
        rows = rows or [[Text("no mines", style="dim"), Text(""), Text("")]]
        rows += [blank] * (len(title) - len(rows))
        for i, cells in enumerate(rows):
            table.add_row(title[i] if i < len(title) else Text(""), *cells)

    parts: list[Any] = [head, table]
    if fight:
        parts.append(_fight(obs))
    sizes = ", ".join(f"{_name(s, you)}: {n}" for s, n in enumerate(obs["hand_sizes"]))
    parts.append(Text(f"Cards in hand: {sizes}.", style="dim"))
    passes = _passes(obs)
    if passes is not None:
        parts.append(passes)
    if obs.get("discard") and not compact:
        # Face down at the table, but everyone saw each card go there (R18).
        parts.append(Text(f"Discard pile: {_cards(obs['discard'])}.", style="dim"))
    if obs.get("hand") is not None:
        hand = Text("Hand: " if compact else "Your hand: ", style="bold")
        hand.append(_cards(obs["hand"]) or "empty", style="bold cyan")
        parts.append(hand)
        if obs.get("partner_holds") and not compact:
            parts.append(Text("Your partner still holds what you passed: "
                              f"{_cards(obs['partner_holds'])}.", style="dim"))
    parts.append(Text(obs["prompt"], style="bold cyan"))  # at the end: "The game is over."
    return Group(*parts)
