"""A terminal view of one Dos Rios observation: a hex map that fits 80 columns.

The map has one line per row of hexes; odd columns sit half a hex higher than even ones
(as on the board), which the column header marks with ``^``. Each hex is a cell of eight
characters: terrain, river, a dam mark, workers, building (the legend says how to read it).
Below the map: each seat's cash, Logs, buildings left and workers off the board, the row of
action cards by their names (as the browser's board prints them, never the edition's keys),
the dammed sides, the legend, and the prompt. The compact form keeps all of that but folds the
legend into one line; during the set-up, when no card has been turned and no seat has
spent anything, it leaves out the empty row and the seats' lines (the set-up's screen: the
map, its legend and 48 hexes to choose from fit 80x24 only so).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ludoteca.core.words import plural
from ludoteca.games.dosrios.tables import card_name

MENU_GROUPS = {
    "move": "Move a worker (or attack from higher ground)",
    "attack": "Attack with two workers",
    "build": "Build a Farm or the Estate",
    "dam": "Dam a hex side",
    "flow_to": "Choose where the river flows",
    "place_worker": "Place a worker",
}

MENU_KEYS = {"end_turn": "e", "dam": "d", "activate": "a", "pass_over": "p"}
"""The letters typed for these kinds of move on every list at the terminal, where the
numbers of the others come and go with what is legal (a dam that took the place of
"end the turn" would spend a Log)."""


def menu_fold(action: dict[str, Any]) -> str | None:
    """A long list of moves, folded by the worker that moves ("a worker from (1,3)");
    of pair attacks, by the hex attacked; of dams, by the worker's hex they are built
    beside and the river across the side (a side's name, "the side between (4,6) and
    (5,7)", is too long for a list in columns, and every side may carry no river)."""
    label = str(action.get("label", ""))
    if action["type"] == "move" and "worker " in label:
        return "a worker from " + label.split("worker ", 1)[1].split(" -> ")[0]
    if action["type"] == "attack" and " with " in label:
        return label.split(" with ")[0]
    if action["type"] == "dam" and " (" in label:
        across = label.rsplit(" (", 1)[1].rstrip(")")
        by = f" beside {action['beside']}" if action.get("beside") else ""
        return f"dam a side{by} " + ("with no river" if across == "no river" else across)
    return None


TERRAIN = {"hill": "H", "forest": "F", "tobacco": "t", "maize": "c", "wheat": "w", None: "?"}
DAM = "|"
"""The mark of a hex with a dammed side (the side itself is named in the line of dams)."""
# The map's key, folded over two lines to fit 80 columns; the ``?`` help prints it too
# (MAP_KEY).
LEGEND = ("Key: H hill, F forest, t/c/w tobacco/maize/wheat; ~ Verde, = Moreno, # both",
          "1/22: workers of seat 1/2; f1/E1: Farm/Estate of seat 1; | dam; ^ raised column")
# The compact board's key, one line: the set-up's 48 hexes to choose from need the other.
COMPACT_LEGEND = "H hill F forest t/c/w tobacco/maize/wheat ~ Verde = Moreno # both; f1/E1 | dam"
MAP_KEY = ("The map: " + LEGEND[0][5:] + ";\n" + LEGEND[1].replace("| dam", "| a hex with "
           "a dammed side (the line of dams names the sides)")
           + " (odd columns sit half a hex higher).")


def chapter(event: Any) -> tuple[str, int | None] | None:
    """Each turn opens a part of the match."""
    if event.kind == "turn":
        return "turn", event.data["turn"]
    return None


def cell(h: dict[str, Any], dammed: bool = False) -> str:
    """Eight characters: terrain, river, the dam mark, workers (up to two seat digits),
    building; seats are numbered from 1 there as in every line a person reads (the
    observation keeps 0)."""
    rivers = h["rivers"]
    river = "#" if len(rivers) == 2 else ("~="[rivers[0]] if rivers else " ")
    workers = str(h["workers"][0] + 1) * h["workers"][1] if h["workers"] else ""
    b = h["building"]
    building = f"{'f' if b[1] == 'farm' else 'E'}{b[0] + 1}" if b else ""
    return f"{TERRAIN[h['terrain']]}{river}{DAM if dammed else ' '}{workers:2} {building:2}"


def row_line(row: list[str], of: int | None = None) -> str:
    """The row of action cards by their names, as the board prints them ("Row: Tobacco
    (next), Bandits verde"); ``of``: the row's length when only its first cards are given
    (the rest counted, "+4")."""
    if not row:
        return "Row: no cards yet"
    names = [card_name(k) for k in row]
    names[0] += " (next)"
    more = f" +{of - len(row)}" if of is not None and of > len(row) else ""
    return "Row: " + ", ".join(names) + more


def dams_lines(obs: dict[str, Any]) -> list[str]:
    """The dammed sides by hex and direction ("Dams: (5,4) S, (2,7) SW"), the hex being
    the one the map marks with :data:`DAM`, over as many lines of 80 columns as they
    need; "No dams" before the first."""
    if not obs["dams"]:
        return ["No dams"]
    places = {h["hex"]: (h["c"], h["r"]) for h in obs["board"]["hexes"]}
    lines = ["Dams:"]
    for x, d in obs["dam_sides"]:
        side = f"({places[x][0]},{places[x][1]}) {d}"
        if len(lines[-1]) + len(side) + 2 > 80:
            lines[-1] += ","
            lines.append("     ")
        lines[-1] += ("" if lines[-1].endswith((":", " ")) else ",") + " " + side
    return lines


def seat_line(s: int, seat: dict[str, Any]) -> str:
    """One seat's cash, Logs, buildings left and workers off the board."""
    return (f"seat {s + 1}: {seat['money']:>5} cash  {plural(seat['logs'], 'log')}  "
            f"{plural(seat['farms_left'], 'farm')} {plural(seat['estates_left'], 'estate')} "
            f"left  town {seat['town']} paths {seat['west']}/{seat['east']}"
            + (f" supply {seat['supply']}" if seat["supply"] else ""))


def board_lines(obs: dict[str, Any]) -> list[str]:
    hexes = obs["board"]["hexes"]
    cols = max(h["c"] for h in hexes) + 1
    rows = max(h["r"] for h in hexes) + 1
    grid = {(h["c"], h["r"]): h for h in hexes}
    dammed = {x for x, _ in obs["dam_sides"]}
    head = "   " + "".join(f"c{c}{'^' if c % 2 else ' '}      " for c in range(cols))
    lines = [head.rstrip()]
    for r in range(rows):
        parts = [cell(grid[(c, r)], grid[(c, r)]["hex"] in dammed) if (c, r) in grid
                 else " " * 8 for c in range(cols)]
        lines.append(f"r{r} " + " ".join(parts).rstrip())
    return lines


def render(observation: dict[str, Any], compact: bool = False) -> Any:
    """The screen of one observation: the turn, the dams, the row of cards, the map, each
    seat's cash, Logs, buildings left and Town, the key and the prompt. ``compact`` keeps
    all of it during the turns, with the one-line key; on the set-up's screen (nothing
    owned yet, 48 hexes to choose from) it keeps only the map, its key and the prompt,
    with the row cut to the first line."""
    obs = observation
    turn = obs["turn"]
    active = f"seat {turn['active'] + 1}" if turn["active"] >= 0 else "set-up"
    n = len(obs["seats"])
    head = (f"Turn {turn['turns']}/{turn['turn_limit']} (round "
            f"{(turn['turns'] + n - 1) // n}/{turn['turn_limit'] // n})  {active}  "
            f"stack {obs['deck']}")
    dams = dams_lines(obs)
    # The dams end the first line when they fit there, else they take lines of their own
    on_top = len(dams) == 1 and len(head) + 2 + len(dams[0]) <= 80
    lines = [f"{head}  {dams[0]}" if on_top else head]
    row = row_line(obs["row"])
    setting_up = compact and turn["active"] < 0
    if setting_up:
        # no line to spare: the row joins the first line, cut to what fits there
        short = row if len(lines[0]) + 2 + len(row) <= 80 else row_line(obs["row"][:1],
                                                                         len(obs["row"]))
        lines[0] = f"{lines[0]}  {short}"
    else:
        lines.append(row)
    lines += board_lines(obs)
    if not setting_up:
        lines += [seat_line(s, seat) for s, seat in enumerate(obs["seats"])]
    if not on_top:
        lines += dams
    # The legend in both forms: the map cannot be read without it (the set-up's list of
    # 48 hexes leaves room only for the compact board).
    lines += [COMPACT_LEGEND] if compact else list(LEGEND)
    lines.append(obs["prompt"])
    return Text("\n".join(line[:80] for line in lines))
