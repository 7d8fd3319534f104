"""What a seat sees of Vintage: the observation, the tensor, labels and events in words.

Everything here reads only what the viewer may know: other players' cards drawn from the
deck are a count, chips nobody showed the viewer are ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ludoteca.core.events import Event
from ludoteca.core.tensor import Segment, TensorLayout
from ludoteca.core.words import joined, ordinal, plural, seat_name
from ludoteca.games.vintage.actions import (
    AddBarrels,
    AgeLot,
    BonusChip,
    BuyEstate,
    Card,
    Die,
    Discard,
    Discount,
    DrawCard,
    DrawDeck,
    EndHarvest,
    ExtraBarrel,
    FirstPlayer,
    HarvestEstate,
    Load,
    MoveBoat,
    Pass,
    PeekChip,
    Perform,
    Place,
    Plant,
    PlayCard,
    SailOn,
    SailTo,
    Store,
    TakeBarrel,
)
from ludoteca.games.vintage.steps import Harvest, why_unplayable
from ludoteca.games.vintage.tables import KINDS, Tables

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
CLIP = 30
"""Barrels and qualities are clipped here in the tensor (no lot or row gets near it)."""
VP_CLIP = 200


def roman(r: int) -> str:
    return ROMAN[r] if r < len(ROMAN) else str(r + 1)


def phase(state: VintageState) -> str:
    step = state.next_step()
    return getattr(step, "phase", "") if step is not None else "over"


def chip_view(state: VintageState, player: int | None) -> list[dict[str, Any]]:
    t = state.t
    out = []
    for r, c in enumerate(state.chips):
        known = state.chip_known[r]
        face_up = known == state.everyone_mask and c >= 0 and r <= state.round
        mine = player is not None and known >> player & 1
        out.append({
            "round": r + 1,
            "value": t.chip_values[c] if c >= 0 and (face_up or mine) else None,
            "face_up": face_up,
            "seen_by": [] if face_up else [s for s in range(state.num_players)
                                           if known >> s & 1],
        })
    return out


def card_text(state: VintageState, card: int) -> str:
    """What playing ``card`` (a card kind) does, in the game's words with the edition's
    values and the match's rule options: one sentence for the card's face and tooltip."""
    t = state.t
    effect = t.card_effect[card]
    barred = ("Old vineyard, Move the boat or First player" if state.free_action_cards
              else "Old vineyard, Move the boat, First player or Cards")
    texts = {
        "buy_estate": f"Buy an estate, paying {plural(t.buy_discount, 'VP', 'VP')} less or "
                      "planting a vine on it.",
        "harvest": "Harvest, paying one brandy in all (not one per estate).",
        "enologist": "Look at a face-down bonus chip; this round your barrels move up a row "
                     "before selling.",
        "vintage": f"Sell {plural(t.vintage_barrels, 'Ruby barrel')} of your cellar for "
                   f"{t.vintage_vp} VP.",
        "colheita": f"Sell {plural(t.colheita_barrels, 'Tawny barrel')} of your cellar for "
                    f"{t.colheita_vp} VP.",
        "plant_three": f"Plant {t.plant_vines} vines.",
        "two_barrels": f"Add {plural(t.added_barrels, 'barrel')} to a harvest lot on an "
                       "estate.",
        "free_action": f"Take an action without placing markers (not {barred}).",
        "move_boat": f"Move the boat {plural(t.move_steps, 'step')}.",
        "extra_barrel": "Age and sell; one more barrel goes to a warehouse row that holds one.",
        "plus_quality": f"Age and sell with +{t.quality_plus} on each lot's quality.",
    }
    return texts.get(effect, t.card_names[card])


def observation(state: VintageState, player: int | None) -> dict[str, Any]:
    t = state.t
    n = state.num_players
    seats = []
    for s in range(n):
        sec = slice(s * t.sections, (s + 1) * t.sections)
        col = slice(s * t.num_columns, (s + 1) * t.num_columns)
        own = player == s
        seats.append({
            "seat": s,
            "name": seat_name(s, capital=True),
            "vp": state.vp[s],
            "brandy": state.brandy[s],
            "markers": state.markers[s],
            "overseer": bool(state.overseer[s]),
            "locked": state.tiles[s],
            "parked": state.parked[s * (t.rounds + 1): s * (t.rounds + 1) + t.rounds],
            "passed": bool(state.passed[s]),
            "bought": bool(state.bought[s]),
            "harvested": bool(state.harvested[s]),
            "enologist": bool(state.enologist[s]),
            "boat": state.boat[s],
            "port": t.ports[state.boat[s]],
            "boat_markers": state.boat_markers[s],
            "hold": [[b, q] if b else None
                     for b, q in zip(state.hold[sec], state.hold_q[sec], strict=True)],
            "cellar": [{"kind": KINDS[t.column_kind[c]], "barrels": b, "quality": q}
                       for c, (b, q) in enumerate(zip(state.cellar[col], state.cellar_q[col],
                                                      strict=True))],
            "warehouse": state.ware[s * t.num_rows:(s + 1) * t.num_rows],
            "open_cards": [t.card_names[c] for c in sorted(state.open_hand[s])],
            "hidden_cards": (0 if own else len(state.secret_hand[s])),
            "hand": _hand(state, s) if own else None,
            "unplayable": _unplayable(state, s) if own else None,
        })
    # The splits chosen so far in a harvest under way: public (each choice is told to
    # all), shown on their estates before the harvest is made.
    step = state.next_step()
    chosen = dict(step.chosen) if isinstance(step, Harvest) else {}
    estates = []
    for e in range(t.num_spaces):
        estates.append({
            "space": e, "region": t.space_name[e], "port": t.space_port[e],
            "price": t.price[e], "yield": t.harvest_yield[e],
            "owner": state.owner[e] if state.owner[e] >= 0 else None,
            "quality": state.quality[e] if state.owner[e] >= 0 else t.base_quality[e],
            "vines": [t.colours[c] for c in range(len(t.colours)) if state.vines[e] >> c & 1],
            "lot": [state.lot[e], state.lot_q[e]] if state.lot[e] else None,
            "chosen": chosen.get(e),
        })
    table = []
    for a, circles in enumerate(t.circles_of):
        if a == t.move_boat:
            continue
        table.append({
            "action": a, "name": t.action_names[a],
            "circles": [{"cost": t.circle_cost[c], "open": t.circle_fewest[c] <= n,
                         "seat": state.occupied[c] if state.occupied[c] >= 0 else None,
                         "overseer": c in state.overseer_at}
                        for c in circles],
        })
    result = None
    if state.final:
        result = {"additions": [list(a) for a in state.final],
                  "winners": list(state.table_winners)}
    return {
        "to_act": state.current_player(),
        "prompt": state.prompt(player),
        "phase": phase(state),
        "round": state.round + 1,
        "rounds": t.rounds,
        "first_player": state.first if state.first >= 0 else None,
        "chips": chip_view(state, player),
        "seats": seats,
        "estates": estates,
        "table": table,
        "display": [t.card_names[c] if c >= 0 else None for c in state.display],
        "deck": state.deck.size,
        "discards": {t.card_names[c]: k for c, k in enumerate(state.deck.discards) if k},
        "reminders": [t.card_names[c] for c in state.reminders],
        "supply": state.supply,
        "old_vines_left": state.black_left,
        "ports": list(t.ports),
        "rows": list(t.row_name),
        "row_kind": [KINDS[k] for k in t.row_kind],
        "row_slots": list(t.row_slots),
        "row_vp": list(t.row_vp),
        "row_min": list(t.row_min),
        "row_set": list(t.row_set),
        "colours": list(t.colours),
        "card_text": {t.card_names[c]: card_text(state, c) for c in range(t.num_cards)},
        "harvest_vines": t.harvest_vines,
        "estate_tiles": t.locked + 1,
        "boat_steps": t.markers,
        "result": result,
    }


def seat_observation(state: VintageState, player: int, public: dict[str, Any]
                     ) -> dict[str, Any]:
    """``observation(state, player)`` from the spectator's (``public``, of this state): a
    seat sees the table as a spectator does, plus its own prompt, the round chips it has
    looked at and its whole hand (its own entry of ``seats``, copied, says it has no card
    hidden from itself, and ``unplayable`` maps each card name of the hand that it could
    not carry out now to why, in words). The copy shares ``public``'s other values (read them, never
    change them)."""
    obs = dict(public)  # keys set again keep their places
    obs["prompt"] = state.prompt(player)
    obs["chips"] = chip_view(state, player)
    seats = list(public["seats"])
    own = dict(seats[player])
    own["hidden_cards"] = 0
    own["hand"] = _hand(state, player)
    own["unplayable"] = _unplayable(state, player)
    seats[player] = own
    obs["seats"] = seats
    return obs


def _hand(state: VintageState, seat: int) -> list[str]:
    """Every card in ``seat``'s hand, face up and face down, by name (what the seat sees)."""
    names = state.t.card_names
    return [names[c] for c in sorted(state.open_hand[seat] + state.secret_hand[seat])]


def _unplayable(state: VintageState, seat: int) -> dict[str, str]:
    """Card name -> why ``seat`` could not carry it out now, for each card in its hand
    that it could not (the board says so on the card, rather than leaving it dim)."""
    names = state.t.card_names
    out = {}
    for c in sorted(set(state.open_hand[seat] + state.secret_hand[seat])):
        reason = why_unplayable(state, seat, c)
        if reason:
            out[names[c]] = reason
    return out


# ----- the tensor ---------------------------------------------------------------------


def tensor_layout(t: Tables, n: int, variant: str) -> TensorLayout:
    kinds = len(t.chip_values)
    return TensorLayout([
        Segment("round", t.rounds, 0, 1, "one-hot: the round"),
        Segment("chips", t.rounds * (kinds + 1), 0, 1,
                "per round: one-hot chip value the seat knows, or unknown"),
        Segment("first", n, 0, 1, "one-hot: the first-player token"),
        Segment("vp", n, 0, VP_CLIP, f"per seat: VP, clipped at {VP_CLIP}"),
        Segment("seat", n * 9, 0, t.markers,
                "per seat: brandy, markers, overseer, locked, passed, bought, harvested, "
                "Enologists played, boat markers"),
        Segment("boat", n * len(t.ports), 0, 1, "per seat: one-hot port of the boat"),
        Segment("hold", n * t.sections * 2, 0, CLIP, "per seat and section: barrels, quality"),
        Segment("cellar", n * t.num_columns * 2, 0, CLIP,
                "per seat and column: barrels, quality"),
        Segment("warehouse", n * t.num_rows, 0, CLIP, "per seat and row: barrels (clipped)"),
        Segment("hands", n * (t.num_cards + 1), 0, t.hand_limit,
                "per seat: its face-up cards by kind (all its cards for the seat itself), "
                "then its face-down count (0 for the seat itself)"),
        Segment("owner", t.num_spaces * (n + 1), 0, 1, "per space: one-hot owner or empty"),
        Segment("vines", t.num_spaces * len(t.colours), 0, 1, "per space: a vine per colour"),
        Segment("estate", t.num_spaces * 3, 0, CLIP, "per space: quality, lot, lot quality"),
        Segment("circles", t.num_circles * (n + 1), 0, 1, "per circle: one-hot seat or empty"),
        Segment("display", t.display * (t.num_cards + 1), 0, 1,
                "per place: one-hot card or empty"),
        Segment("deck", 1 + t.num_cards, 0, sum(t.card_copies),
                "cards in the deck, then the discards by kind"),
        Segment("supply", 2, 0, t.port_supply, "port barrels in the supply, old vines left"),
    ])


def observation_tensor(state: VintageState, player: int) -> list[float]:
    t = state.t
    n = state.num_players
    vec: list[float] = []
    add = vec.extend
    onehot = [0.0] * t.rounds
    onehot[state.round] = 1.0
    add(onehot)
    kinds = len(t.chip_values)
    for r, c in enumerate(state.chips):
        part = [0.0] * (kinds + 1)
        part[c if c >= 0 and state.chip_known[r] >> player & 1 else kinds] = 1.0
        add(part)
    add([1.0 if s == state.first else 0.0 for s in range(n)])
    add([float(min(v, VP_CLIP)) for v in state.vp])
    for s in range(n):
        add([float(state.brandy[s]), float(state.markers[s]), float(state.overseer[s]),
             float(state.tiles[s]), float(state.passed[s]), float(state.bought[s]),
             float(state.harvested[s]), float(min(state.enologist[s], t.markers)),
             float(state.boat_markers[s])])
    for s in range(n):
        add([1.0 if state.boat[s] == p else 0.0 for p in range(len(t.ports))])
    for b, q in zip(state.hold, state.hold_q, strict=True):
        add([float(min(b, CLIP)), float(min(q, CLIP))])
    for b, q in zip(state.cellar, state.cellar_q, strict=True):
        add([float(min(b, CLIP)), float(min(q, CLIP))])
    add([float(min(w, CLIP)) for w in state.ware])
    for s in range(n):
        counts = [0.0] * (t.num_cards + 1)
        cards = state.open_hand[s] + (state.secret_hand[s] if s == player else [])
        for c in cards:
            counts[c] += 1.0
        counts[-1] = 0.0 if s == player else float(len(state.secret_hand[s]))
        add(counts)
    for e in range(t.num_spaces):
        part = [0.0] * (n + 1)
        part[state.owner[e] if state.owner[e] >= 0 else n] = 1.0
        add(part)
    for e in range(t.num_spaces):
        add([float(state.vines[e] >> c & 1) for c in range(len(t.colours))])
    for e in range(t.num_spaces):
        add([float(min(state.quality[e], CLIP)), float(min(state.lot[e], CLIP)),
             float(min(state.lot_q[e], CLIP))])
    for c in range(t.num_circles):
        part = [0.0] * (n + 1)
        part[state.occupied[c] if state.occupied[c] >= 0 else n] = 1.0
        add(part)
    for c in state.display:
        part = [0.0] * (t.num_cards + 1)
        part[c if c >= 0 else t.num_cards] = 1.0
        add(part)
    add([float(state.deck.size), *map(float, state.deck.discards)])
    add([float(state.supply), float(state.black_left)])
    return vec


# ----- words --------------------------------------------------------------------------


def _who(seat: int, viewer: int | None, capital: bool = False) -> str:
    if seat == viewer:
        return "You" if capital else "you"
    return seat_name(seat, capital=capital)


def _verb(seat: int, viewer: int | None, you: str, other: str) -> str:
    return you if seat == viewer else other


# Each action type's words for the acting seat: one small function per type, found by the
# action's type in LABELS (a type missing there is told by its repr).

def _place_label(state: VintageState, action: Place) -> str:
    t = state.t
    circles = t.circles_of[action.task]
    cost = t.circle_cost[circles[action.circle]] if action.circle < len(circles) else 0
    how = "the overseer" if action.overseer else plural(cost, "marker")
    where = f" (circle {action.circle + 1})" if state.circle_choice_free else ""
    return f"{t.action_names[action.task]}: {how}{where}"


def _store_label(state: VintageState, action: Store) -> str:
    t = state.t
    kind = action.kind.capitalize()
    seat = state.current_player()
    lots = (list(zip(state.hold[seat * t.sections:(seat + 1) * t.sections],
                     state.hold_q[seat * t.sections:(seat + 1) * t.sections], strict=True))
            if seat >= 0 else [])
    if action.lot >= len(lots) or not lots[action.lot][0]:
        return f"Unload the boat's lot {action.lot + 1} as {kind}"
    barrels, quality = lots[action.lot]
    # Two lots alike are told apart by their place on the boat, so labels stay unique.
    twin = lots.count((barrels, quality)) > 1
    where = f" (the boat's lot {action.lot + 1})" if twin else ""
    return f"Unload {plural(barrels, 'barrel')} of quality {quality}{where} as {kind}"


def _harvest_label(state: VintageState, action: HarvestEstate) -> str:
    t = state.t
    brandy = t.harvest_yield[action.estate] - action.port
    return (f"Harvest {estate_name(t, action.estate)}: {plural(action.port, 'port barrel')}"
            f", {brandy} brandy")


def _draw_card_label(state: VintageState, action: DrawCard) -> str:
    card = state.display[action.slot]
    name = state.t.card_names[card] if card >= 0 else "card"
    return f"Take the face-up {name} ({ordinal(action.slot + 1)} in the row)"


LABELS: dict[type, Any] = {
    Place: _place_label,
    MoveBoat: lambda s, a: (f"Move the boat {plural(a.steps, 'step')} "
                            f"({plural(a.steps, 'marker')})"),
    Load: lambda s, a: f"Load the lot of your {estate_name(s.t, a.estate)} estate onto the boat",
    Pass: lambda s, a: "Pass (no more turns this round)",
    BuyEstate: lambda s, a: (f"Buy the {estate_name(s.t, a.estate)} estate for "
                             f"{s.t.price[a.estate]} VP"),
    Discount: lambda s, a: f"Pay {s.t.buy_discount} VP less",
    Plant: lambda s, a: f"Plant a {s.t.colours[a.colour]} vine on {estate_name(s.t, a.estate)}",
    HarvestEstate: _harvest_label,
    EndHarvest: lambda s, a: "Harvest the chosen estates",
    SailTo: lambda s, a: f"Sail to {s.t.ports[a.port]}",
    SailOn: lambda s, a: "Go on",
    Store: _store_label,
    AgeLot: lambda s, a: f"Age the lot of cellar column {a.column + 1} next",
    ExtraBarrel: lambda s, a: f"Put the extra barrel in {s.t.row_name[a.row]}",
    DrawCard: _draw_card_label,
    DrawDeck: lambda s, a: "Draw the top card of the deck",
    PlayCard: lambda s, a: f"Play {s.t.card_names[a.card]}",
    Discard: lambda s, a: f"Discard {s.t.card_names[a.card]}",
    TakeBarrel: lambda s, a: f"Take a barrel from cellar column {a.column + 1}",
    AddBarrels: lambda s, a: f"Add the barrels to the lot on {estate_name(s.t, a.estate)}",
    Perform: lambda s, a: f"Free action: {s.t.action_names[a.task]}",
    PeekChip: lambda s, a: f"Look at the chip of round {roman(a.round)}",
}
"""Action type -> ``(state, action) -> label``: the acting seat's words for each move."""


def action_label(state: VintageState, action: Any) -> str:
    """The acting seat's words for ``action`` (one of actions.py's decisions); an object
    of no known type is told by its repr."""
    label = LABELS.get(type(action))
    return label(state, action) if label is not None else repr(action)


def estate_name(t: Tables, e: int) -> str:
    region = t.space_region[e]
    first = t.space_region.index(region)
    return f"{t.space_name[e]} {e - first + 1}"


def outcome_label(state: VintageState, outcome: Any) -> str:
    t = state.t
    if isinstance(outcome, FirstPlayer):
        return f"{seat_name(outcome.seat, capital=True)} is the first player"
    if isinstance(outcome, BonusChip):
        return f"a harvest-bonus chip of {t.chip_values[outcome.value]}"
    if isinstance(outcome, Card):
        return f"the card {t.card_names[outcome.card]}"
    if isinstance(outcome, Die):
        return f"the die shows {outcome.pips}"
    return repr(outcome)


def action_json(state: VintageState, item: Any) -> dict[str, Any]:
    t = state.t
    if isinstance(item, PlayCard | Discard | Card):
        return {"name": t.card_names[item.card]}
    if isinstance(item, Place | Perform):
        return {"name": t.action_names[item.task]}
    if isinstance(item, BonusChip):
        return {"bonus": t.chip_values[item.value]}
    return {}


def _rows(t: Tables, rows: list[Any]) -> str:
    return joined(f"{n} in {t.row_name[r]}" for r, n in rows) or "nothing"


def _tie(d: Mapping[str, Any], viewer: int | None) -> str:
    """Why a win on equal VP went as it did: the tie-breaks and each tied seat's figures
    ("" when nobody tied, or for an event of a record made before ties were told)."""
    tied = d.get("tied") or []
    if not tied:
        return ""
    vp = d["scores"][tied[0][0]]
    each = "; ".join(f"{_who(s, viewer, True)} {plural(e, 'estate')}, quality {q}"
                     for s, e, q in tied)
    return (f"Tied at {vp} VP: the most estates wins the tie, then the highest total "
            f"estate quality ({each}). ")


def _round_end(t: Tables, d: Mapping[str, Any], viewer: int | None) -> str:
    """What the end of a round settles, said once (the new face-up cards are dealt just
    after, and the board shows them): the table cleared, the markers and overseers back,
    who begins the next round."""
    ends = f"Round {roman(d['round'])} ends"
    if "first" not in d:  # an event of a record made before the round's end said more
        return f"{ends}."
    if d.get("last"):
        return f"{ends}: it was the last round, and the final scoring follows."
    nxt = roman(d["round"] + 1)
    first = d["first"]
    token = (f" {_who(first, viewer, True)} {_verb(first, viewer, 'hold', 'holds')} the "
             f"first-player token and {_verb(first, viewer, 'begin', 'begins')} round {nxt}."
             if first is not None and first >= 0 else "")
    return (f"{ends}: the face-up cards and the cards played are discarded and "
            f"{plural(t.display, 'new card')} {'is' if t.display == 1 else 'are'} laid "
            "face up; everyone takes back their markers and overseer."
            f"{token}")


def describe_event(state: VintageState, event: Event, viewer: int | None) -> str:
    t = state.t
    d = event.data
    k = event.kind
    seat = d.get("seat", -1)
    who = _who(seat, viewer, capital=True) if seat is not None and seat >= 0 else ""
    if k == "first_player":
        if d["setup"]:
            return f"{who} {_verb(seat, viewer, 'are', 'is')} the first player."
        return f"{who} {_verb(seat, viewer, 'take', 'takes')} the first-player token."
    if k == "display":
        # Worded as a list's head and one item, so that a deal of several cards reads as
        # one line ("Laid face up: Harvest, Enologist."), the head said once.
        return f"Laid face up: {t.card_names[d['card']]}."
    if k == "round":
        return f"Round {roman(d['round'])} begins: the harvest bonus is {d['bonus']}."
    if k == "round_end":
        return _round_end(t, d, viewer)
    if k == "place":
        how = "the overseer" if d["overseer"] else plural(d["cost"], "marker")
        return f"{who} {_verb(seat, viewer, 'place', 'places')} {how} on " \
               f"{t.action_names[d['action']]}."
    if k == "move_boat":
        return f"{who} {_verb(seat, viewer, 'move', 'moves')} the boat " \
               f"{plural(d['steps'], 'step')}."
    if k == "pass":
        return f"{who} {_verb(seat, viewer, 'pass', 'passes')}."
    if k == "bought":
        return f"{who} {_verb(seat, viewer, 'buy', 'buys')} the " \
               f"{estate_name(t, d['estate'])} estate for {d['paid']} VP."
    if k == "planted":
        if t.colours[d["colour"]] == "black":  # the board's word for the black cube
            return f"{who} {_verb(seat, viewer, 'plant', 'plants')} an old vineyard (a " \
                   f"black vine) on {estate_name(t, d['estate'])} (quality {d['quality']})."
        return f"{who} {_verb(seat, viewer, 'plant', 'plants')} a {t.colours[d['colour']]} " \
               f"vine on {estate_name(t, d['estate'])} (quality {d['quality']})."
    if k == "harvest_choice":
        brandy = t.harvest_yield[d["estate"]] - d["port"]
        return (f"{who} {_verb(seat, viewer, 'choose', 'chooses')} to harvest "
                f"{estate_name(t, d['estate'])}: {plural(d['port'], 'port barrel')}, "
                f"{brandy} brandy.")
    if k == "buy_choice":
        return f"{who} {_verb(seat, viewer, 'choose', 'chooses')} the " \
               f"{estate_name(t, d['estate'])} estate."
    if k == "sail_on":
        return f"{who} {_verb(seat, viewer, 'go', 'goes')} on."
    if k == "draw_choice":
        where = "the deck" if d["slot"] < 0 else "a face-up card"
        return f"{who} {_verb(seat, viewer, 'draw', 'draws')} from {where} and must " \
               "discard first."
    if k == "took_barrel":
        return f"{who} {_verb(seat, viewer, 'take', 'takes')} a barrel from cellar column " \
               f"{d['column'] + 1}."
    if k == "harvested":
        parts = [f"{estate_name(t, e)} ({plural(p, 'port barrel')}, {b} brandy)"
                 for e, p, b in d["lots"]]
        bonus = (f"harvest bonus +{d['bonus']} on each lot's quality, "
                 if any(p for _, p, _ in d["lots"]) else "no port made, ")
        # The event does not say what went back; at the cap, some brandy may have.
        cap = (f"{t.brandy_cap} at most: any more goes back" if d["brandy"] >= t.brandy_cap
               else f"{t.brandy_cap} at most")
        return (f"{who} {_verb(seat, viewer, 'harvest', 'harvests')} {joined(parts)}: "
                f"{bonus}{d['brandy_paid']} brandy paid, {d['brandy']} brandy held now "
                f"({cap}).")
    if k == "loaded":
        return f"{who} {_verb(seat, viewer, 'load', 'loads')} " \
               f"{plural(d['barrels'], 'barrel')} from {estate_name(t, d['estate'])}."
    if k == "sailed":
        owner = "Your" if seat == viewer else f"{who}'s"
        return f"{owner} boat sails to {t.ports[d['port']]}."
    if k == "stored":
        kind = d["port_kind"].capitalize()
        if "column" not in d:
            return f"{who} {_verb(seat, viewer, 'store', 'stores')} a lot as {kind}."
        return (f"{who} {_verb(seat, viewer, 'unload', 'unloads')} the boat's lot "
                f"{d['lot'] + 1} into cellar column {d['column'] + 1} as {kind}.")
    if k == "die":
        plus = f" (+{d['plus']} from the card)" if d["plus"] else ""
        whose = "your" if seat == viewer else f"{seat_name(seat)}'s"
        return (f"The ageing die shows {d['pips']}{plus} for {whose} cellar lots: each "
                "lot's quality + the die picks its warehouse row, and barrels that find no "
                "free slot there drop a row.")
    if k == "aged":
        if "quality" not in d:  # an event of a record made before the lot's quality was told
            return f"A lot of result {d['result']} goes to the warehouse: " \
                   f"{_rows(t, d['rows'])}."
        owner = "Your" if seat == viewer else f"{who}'s"
        barrels = sum(n for _, n in d["rows"])
        return (f"{owner} {d['port_kind'].capitalize()} lot of {plural(barrels, 'barrel')}: "
                f"quality {d['quality']} + die {d['result'] - d['quality']} = {d['result']}: "
                f"{_rows(t, d['rows'])}.")
    if k == "extra_barrel":
        return f"{who} {_verb(seat, viewer, 'add', 'adds')} a barrel to {t.row_name[d['row']]}."
    if k == "upgraded":
        return f"The Enologist moves barrels up: {_rows(t, d['moves'])} move up a row."
    if k == "sold":
        if not d["rows"]:
            return "No row is full: nothing is sold (only a full row is sold)."
        parts = []
        for r, v in d["rows"]:
            if t.row_slots[r]:
                parts.append(f"the full {t.row_name[r]} row ({v} VP)")
            else:
                sets = v // t.row_vp[r] if t.row_vp[r] else 0
                parts.append(f"{plural(sets, 'set')} of {t.row_set[r]} {t.row_name[r]} "
                             f"barrels ({v} VP)")
        if len(parts) == 1:  # one row: its VP are the total, said once
            sold = parts[0].replace(" (", " for ").removesuffix(")")
        else:
            sold = f"{joined(parts)}: {plural(d['vp'], 'VP', 'VP')}"
        return (f"{who} {_verb(seat, viewer, 'sell', 'sells')} {sold} "
                "(a full row pays its VP; the bottom rows 1 VP per full set).")
    if k == "took":
        return f"{who} {_verb(seat, viewer, 'take', 'takes')} the face-up " \
               f"{t.card_names[d['card']]}."
    if k == "draws":
        if "card" in d:
            return f"You draw {t.card_names[d['card']]}."
        return f"{who} draws a card from the deck."
    if k == "discarded":
        return f"{who} {_verb(seat, viewer, 'discard', 'discards')} {t.card_names[d['card']]}."
    if k == "played":
        return f"{who} {_verb(seat, viewer, 'play', 'plays')} {t.card_names[d['card']]}."
    if k == "performs":
        return f"{who} {_verb(seat, viewer, 'take', 'takes')} the free action " \
               f"{t.action_names[d['action']]}."
    if k == "peeks":
        if "value" in d:
            return f"You look at the chip of round {roman(d['round'])}: {d['value']}."
        return f"{who} looks at the chip of round {roman(d['round'])}."
    if k == "card_sale":
        kind = d.get("port_kind", "")
        return (f"{who} {_verb(seat, viewer, 'sell', 'sells')} {kind.capitalize()} by the "
                f"card for {d['vp']} VP (the card's price, whatever the quality).").replace(
                    "  ", " ")
    if k == "added":
        return f"{who} {_verb(seat, viewer, 'add', 'adds')} {plural(d['barrels'], 'barrel')} " \
               f"to the lot on {estate_name(t, d['estate'])}."
    if k == "end":
        lines = []
        for s, (b, p, f) in enumerate(d["additions"]):
            lines.append(f"{_who(s, viewer, True)}: +{b} for port barrels (1 VP per "
                         f"{t.barrels_per_vp}), +{p} for planted estates (their purchase "
                         f"value), +{f} for five-vine estates = {d['scores'][s]} VP")
        won = joined(_who(s, viewer) for s in d["winners"])
        return "The game ends. " + "; ".join(lines) + f". {_tie(d, viewer)}Winner: {won}."
    return k
