"""A terminal view of one Dos Rios observation: a hex map that fits 80 columns.

The map has one line per row of hexes; odd columns sit half a hex higher than even ones
(as on the board), which the column header marks with ``^``. Each hex is a cell of eight
characters: terrain, river, workers, building (the legend says how to read it). Below the
map: each seat's cash, Logs, buildings left and workers off the board, the row of action
cards by their names (as the browser's board prints them, never the edition's keys), the
dams' count, the legend, and the prompt. The compact form keeps the map, the legend and the
prompt, with the row on the first line (the set-up's screen: the map, its legend and 48
hexes to choose from fit 80x24 only so).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ludoteca.games.dosrios.tables import card_name

MENU_GROUPS = {
    "move": "Move a worker (or attack from higher ground)",
    "attack": "Attack with two workers",
    "build": "Build a Farm or the Estate",
    "dam": "Dam a hex side",
    "flow_to": "Choose where the river flows",
    "place_worker": "Place a worker",
}

TERRAIN = {"hill": "H", "forest": "F", "tobacco": "t", "maize": "c", "wheat": "w", None: "?"}
# The map's key, folded over two lines to fit 80 columns (the second after the count of
# dams); the ``?`` help prints it too (MAP_KEY).
LEGEND = ("Key: H hill, F forest, t/c/w tobacco/maize/wheat; ~ Verde, = Moreno, # both",
          "1/22: workers of seat 1/2; f1/E1: Farm/Estate of seat 1; ^ raised column")
# The compact board's key, one line: the set-up's 48 hexes to choose from need the other.
COMPACT_LEGEND = "H hill F forest t/c/w tobacco/maize/wheat ~ Verde = Moreno # both; f/E+seat"
MAP_KEY = ("The map: " + LEGEND[0][5:] + ";\n" + LEGEND[1]
           + " (odd columns sit half a hex higher).")


def chapter(event: Any) -> tuple[str, int | None] | None:
    """Each turn opens a part of the match."""
    if event.kind == "turn":
        return "turn", event.data["turn"]
    return None


def cell(h: dict[str, Any]) -> str:
    """Eight characters: terrain, river, workers (up to two seat digits), building; seats
    are numbered from 1 there as in every line a person reads (the observation keeps 0)."""
    rivers = h["rivers"]
    river = "#" if len(rivers) == 2 else ("~="[rivers[0]] if rivers else " ")
    workers = str(h["workers"][0] + 1) * h["workers"][1] if h["workers"] else ""
    b = h["building"]
    building = f"{'f' if b[1] == 'farm' else 'E'}{b[0] + 1}" if b else ""
    return f"{TERRAIN[h['terrain']]}{river} {workers:2} {building:2}"


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


def board_lines(obs: dict[str, Any]) -> list[str]:
    hexes = obs["board"]["hexes"]
    cols = max(h["c"] for h in hexes) + 1
    rows = max(h["r"] for h in hexes) + 1
    grid = {(h["c"], h["r"]): h for h in hexes}
    head = "   " + "".join(f"c{c}{'^' if c % 2 else ' '}      " for c in range(cols))
    lines = [head.rstrip()]
    for r in range(rows):
        parts = [cell(grid[(c, r)]) if (c, r) in grid else " " * 8 for c in range(cols)]
        lines.append(f"r{r} " + " ".join(parts).rstrip())
    return lines


def render(observation: dict[str, Any], compact: bool = False) -> Any:
    obs = observation
    turn = obs["turn"]
    active = f"seat {turn['active'] + 1}" if turn["active"] >= 0 else "set-up"
    n = len(obs["seats"])
    head = (f"Turn {turn['turns']}/{turn['turn_limit']} (round "
            f"{(turn['turns'] + n - 1) // n}/{turn['turn_limit'] // n})  {active}  "
            f"stack {obs['deck']}")
    dams = f"{len(obs['dams'])} dams"
    # The dams' count ends the first line when it fits there, else the legend's second
    lines = [f"{head}  {dams}" if len(head) + 2 + len(dams) <= 80 else head]
    row = row_line(obs["row"])
    if compact:
        # no line to spare: the row joins the first line, cut to what fits there
        short = row if len(lines[0]) + 2 + len(row) <= 80 else row_line(obs["row"][:1],
                                                                         len(obs["row"]))
        lines[0] = f"{lines[0]}  {short}"
    else:
        lines.append(row)
    lines += board_lines(obs)
    if not compact:
        for s, seat in enumerate(obs["seats"]):
            lines.append(f"seat {s + 1}: {seat['money']:>5} cash  {seat['logs']} logs  "
                         f"{seat['farms_left']} farms {seat['estates_left']} estate left  "
                         f"town {seat['town']} paths {seat['west']}/{seat['east']}"
                         + (f" supply {seat['supply']}" if seat["supply"] else ""))
    # The legend in both forms: the map cannot be read without it (the set-up's list of
    # 48 hexes leaves room only for the compact board).
    if compact:
        lines.append(COMPACT_LEGEND if dams in lines[0] else f"{dams}. {COMPACT_LEGEND}")
    else:
        lines.append(LEGEND[0])
        lines.append(LEGEND[1] if dams in lines[0] else f"{dams}. {LEGEND[1]}")
    lines.append(obs["prompt"])
    return Text("\n".join(line[:80] for line in lines))
