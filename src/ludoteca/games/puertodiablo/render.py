"""A terminal view of one Puerto Diablo observation (what one seat may see, nothing more).

A header (harbour, weather, prohibitions, round, pilot, the challenge), one line per
player (in the harbour or not, characters ashore with their open sides, tales), the
market, then the prompt: 80 columns, room for the choices on a 24-row screen.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

MENU_GROUPS = {
    "send_ashore": "Send a character ashore",
    "offer": "Offer symbols",
    "assign": "Assign symbols (pilot)",
    "commit": "Commit symbols from a side",
    "tell_tale": "Tell a tall tale",
    "buy": "Buy a market card",
    "cover": "Pay by covering a side",
}


def chapter(event: Any) -> tuple[str, int | None] | None:
    """Each harbour opens a part of the match."""
    if event.kind == "harbour":
        return "harbour", event.data["index"] + 1
    return None


def _char(c: dict[str, Any]) -> str:
    sides = [("[" + s + "]") if covered else s
             for s, covered in zip(c["sides"], c["covered"], strict=True)]
    return f"{c['name'].split(',')[0][:10]} {sides[0]}|{sides[1]}"


def render(observation: dict[str, Any], compact: bool = False) -> Any:
    obs = observation
    lines = []
    banned = ",".join(obs["prohibited"]) or "-"
    lines.append(f"{obs['harbour']} ({obs['number']})  {obs['weather']}  banned {banned}  "
                 f"round {obs['round']}/{obs['round_cap']}  pilot seat {obs['pilot']}")
    ch = obs["challenge"]
    if ch:
        lines.append(f"Challenge: {ch['name']} - {ch['needed']} of {'/'.join(ch['symbols'])}")
        # The negotiation in one line: what each seat ashore offered, was assigned by
        # the pilot and committed (offer/assigned/committed).
        deal = ", ".join(f"s{s['seat']} {s['offer']}/{s['assigned']}/{s['committed']}"
                         for s in obs["seats"] if s["in_harbour"])
        lines.append(f"Offer/assigned/committed: {deal or '-'}")
    for s in obs["seats"]:
        mark = "*" if s["in_harbour"] else " "
        ashore = "; ".join(_char(c) for c in s["ashore"]) or "-"
        lines.append(f"{mark}seat {s['seat']} {s['tale_vp']}VP ship {len(s['ship'])} "
                     f"abil {len(s['hand'])}: {ashore}")
    chars = [m for m in obs["market"][:4] if m]
    abis = [m for m in obs["market"][4:] if m]
    lines.append("Market: " + "; ".join(f"{m['name'].split(',')[0][:14]} {m['price']}d"
                                        for m in chars))
    if not compact:
        lines.append("        " + "; ".join(f"{m['name']} {m['price']}d" for m in abis))
    lines.append(obs["prompt"])
    return Text("\n".join(line[:80] for line in lines))
