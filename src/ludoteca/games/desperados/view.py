"""What a seat sees, in words and in numbers: observations, the observation tensor, action
labels and events described for each viewer. The State delegates to these functions.

An observation holds the position only (what happened is told by the events): the seat's
own hand, what it knows its partner holds, the table, the counts everyone can see.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, cast

from ludoteca.core.events import Event
from ludoteca.core.tensor import Segment, TensorLayout
from ludoteca.core.words import joined, seat_name, seats_name, side_name
from ludoteca.games.desperados.actions import Card, Close, Draw, Fight, Open, Pass, Work
from ludoteca.games.desperados.rules.points import mine_value
from ludoteca.games.desperados.steps import Deal
from ludoteca.games.desperados.tables import DOUBLE, MAX_ROUNDS, MAX_RUN, NOBODY, Tables

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


# ----- observation ---------------------------------------------------------------------------

def observation(state: DesperadosState, player: int | None) -> dict[str, Any]:
    t = state.cards
    over = state.is_terminal()
    obs: dict[str, Any] = {
        "game": "desperados",
        "variant": state.variant,
        "num_players": state.num_players,
        "seat": player,
        "round": state.round,
        "dealer": state.dealer,
        "target": state.target,
        "totals": list(state.totals),
        "current_player": state.current_player(),
        "deck": state.deck_pile.unseen,
        "hand_sizes": list(state.hand_sizes),
        "final_turns": state.final_turns,
        "displays": [_display_view(state, d) for d in range(state.num_displays)],
        "fight": _fight_view(state),
        "discard": {t.names[k]: c for k, c in enumerate(state.discard) if c},
        "passes": list(state.passes) if state.partnership else None,
        "passes_in_a_row": state.passes_in_a_row if state.partnership else None,
        # The match's bounds on passing (R20), so that a view can say how many are left.
        "pass_run_limit": state.run_limit if state.partnership else None,
        "pass_limit": state.pass_limit if state.partnership else None,
        "winners": state.winners() if over else None,
    }
    _add_seat_part(state, player, obs)
    return obs


def seat_observation(state: DesperadosState, player: int, public: dict[str, Any]
                     ) -> dict[str, Any]:
    """``observation(state, player)`` from the spectator's (``public``, of this state): a
    seat sees the table as a spectator does, plus its hand, what it knows of its partner's
    and its own prompt. The copy shares ``public``'s values (read them, never change them)."""
    obs = dict(public)
    del obs["prompt"]  # added again after the hand, where observation() puts it
    obs["seat"] = player
    _add_seat_part(state, player, obs)
    return obs


def _add_seat_part(state: DesperadosState, player: int | None, obs: dict[str, Any]) -> None:
    """What only ``player`` sees (nothing for a spectator), and its prompt."""
    t = state.cards
    if player is not None:
        obs["hand"] = {t.names[k]: c for k, c in enumerate(state.hands[player]) if c}
        if state.partnership:
            knows = state.partner_knows[player]
            obs["partner_holds"] = {t.names[k]: c for k, c in enumerate(knows) if c}
    obs["prompt"] = state.prompt(player)


def _display_view(state: DesperadosState, display: int) -> dict[str, Any]:
    t = state.cards
    seats = [p for p in range(state.num_players) if state.display[p] == display]
    mines = []
    for slot in t.slots:
        if state.owner[slot] == display:
            mines.append({
                "mine": slot,
                "name": t.mine_name(slot),
                "metal": t.metals[t.slot_metal[slot]],
                "chests": ["double" if c == DOUBLE else "single" for c in state.chests[slot]],
                "closed": state.closed[slot],
                "value": mine_value(state, slot),
            })
    return {"display": display, "seats": seats, "mines": mines}


def _fight_view(state: DesperadosState) -> dict[str, Any] | None:
    if state.fight_mine == NOBODY:
        return None
    t = state.cards
    return {
        "mine": state.fight_mine,
        "name": t.mine_name(state.fight_mine),
        "attacker": state.fight_attacker,
        "desperados": {str(p): t.value[k] for p, k in enumerate(state.fight_cards)
                       if k != NOBODY},
    }


# ----- observation tensor -----------------------------------------------------------------------

def tensor_layout(t: Tables, num_players: int, variant: str) -> TensorLayout:
    """The observation tensor of one set-up: fixed length, honest bounds."""
    n = num_players
    partnership = variant == "partnership"
    displays = 2 if partnership else n
    nk, ns = t.num_kinds, t.num_slots
    cards = sum(t.deck_counts(0))
    deck = t.edition.deck
    segments = [
        Segment("seat", n, 0, 1, "one-hot: the observing seat"),
        Segment("to_act", n, 0, 1, "one-hot: the seat to act (none at chance or the end)"),
        Segment("hand", nk, 0, t.max_copies, "cards of each kind in the seat's hand"),
    ]
    if partnership:
        segments.append(Segment("partner_holds", nk, 0, t.max_copies,
                                "cards of each kind the seat knows its partner holds"))
    segments += [
        Segment("hand_sizes", n, 0, cards, "cards in each seat's hand"),
        Segment("deck", 1, 0, cards, "cards left in the deck"),
        Segment("discard", nk, 0, t.max_copies, "cards of each kind in the discard pile"),
        Segment("mine_owner", ns * displays, 0, 1, "per mine slot, one-hot: its display"),
        Segment("mine_open", ns, 0, 1, "per mine slot: open"),
        Segment("mine_closed", ns, 0, 1, "per mine slot: closed"),
        Segment("mine_singles", ns, 0, deck.single_chests_per_metal.value,
                "per mine slot: single chests on it"),
        Segment("mine_doubles", ns, 0, deck.double_chests_per_metal.value,
                "per mine slot: double chests on it"),
        Segment("mine_double_first", ns, 0, 1, "per mine slot: a double was laid first"),
        Segment("mine_value", ns, 0, t.max_mine_value(), "per mine slot: what it is worth"),
        Segment("fight_mine", ns, 0, 1, "one-hot: the mine being fought over"),
        Segment("fight_attacker", n, 0, 1, "one-hot: the seat that started the fight"),
        Segment("fight_cards", n, 0, t.max_value, "per seat: its Desperado in the fight"),
        Segment("totals", displays, 0, MAX_ROUNDS * t.max_round_points(),
                "points banked by each display"),
        Segment("round", 1, 0, MAX_ROUNDS, "the round being played"),
        Segment("dealer", n, 0, 1, "one-hot: the dealer of this round"),
    ]
    if partnership:
        segments += [
            Segment("passes", n, 0, t.max_passes(n, True), "cards each seat passed this round"),
            Segment("passes_in_a_row", 1, 0, MAX_RUN, "passes since the last draw or play"),
        ]
    segments += [
        Segment("final_turns", 1, 0, n, "final turns left, this one included (0: deck lasts)"),
        Segment("winners", n, 0, 1, "at the end: the seats that won"),
    ]
    return TensorLayout(segments)


def observation_tensor(state: DesperadosState, player: int) -> list[float]:
    """The seat's tensor as a list of floats (:func:`write_observation_tensor`)."""
    vec = array("d", bytes(8 * state.tensor_layout().size))
    # An array of doubles: its memoryview's items are floats (the type checker reads ints).
    write_observation_tensor(state, player, cast("memoryview[float]", memoryview(vec)))
    return vec.tolist()


def write_observation_tensor(state: DesperadosState, player: int, vec: memoryview[float]) -> None:
    """Writes the seat's tensor (see :func:`tensor_layout`) into ``vec``, a zeroed
    memoryview of floats of the layout's length, skipping most values that are 0. The list
    (:func:`observation_tensor`) and the arrays of ``State.observation_tensor_into`` both
    come from here, so they hold the same values."""
    layout = state.tensor_layout()
    at = layout.offsets
    put = layout.put
    t = state.cards
    vec[at["seat"] + player] = 1.0
    current = state.current_player()
    if current >= 0:
        vec[at["to_act"] + current] = 1.0
    put(vec, "hand", state.hands[player])
    if state.partnership:
        put(vec, "partner_holds", state.partner_knows[player])
        put(vec, "passes", state.passes)
        vec[at["passes_in_a_row"]] = state.passes_in_a_row
    put(vec, "hand_sizes", state.hand_sizes)
    vec[at["deck"]] = state.deck_pile.unseen
    put(vec, "discard", state.discard)
    displays, closed, all_chests = state.num_displays, state.closed, state.chests
    owner_at, open_at, closed_at = at["mine_owner"], at["mine_open"], at["mine_closed"]
    for slot, owner in enumerate(state.owner):
        if owner == NOBODY:
            continue
        vec[owner_at + slot * displays + owner] = 1.0
        vec[(closed_at if closed[slot] else open_at) + slot] = 1.0
        chests = all_chests[slot]
        if chests:
            doubles = chests.count(DOUBLE)
            vec[at["mine_singles"] + slot] = len(chests) - doubles
            vec[at["mine_doubles"] + slot] = doubles
            if chests[0] == DOUBLE:
                vec[at["mine_double_first"] + slot] = 1.0
            vec[at["mine_value"] + slot] = mine_value(state, slot)
    if state.fight_mine != NOBODY:
        vec[at["fight_mine"] + state.fight_mine] = 1.0
        vec[at["fight_attacker"] + state.fight_attacker] = 1.0
        for seat, kind in enumerate(state.fight_cards):
            if kind != NOBODY:
                vec[at["fight_cards"] + seat] = t.value[kind]
    put(vec, "totals", state.totals)
    vec[at["round"]] = state.round
    vec[at["dealer"] + state.dealer] = 1.0
    if state.final_turns:
        vec[at["final_turns"]] = state.final_turns
    if current < 0 and state.is_terminal():
        for seat in state.winners():
            vec[at["winners"] + seat] = 1.0


# ----- words -------------------------------------------------------------------------------------

def display_name(state: DesperadosState, display: int, viewer: int | None,
                 mover: int | None = None) -> str:
    """"your partnership's display", "the display of seats 1 and 3", "seat 2's display"."""
    if display >= state.num_displays:
        return f"display {display}"
    if state.partnership:
        if viewer is None or viewer < 0 or state.display[viewer] != display:
            return f"the display of {seats_name([display, display + 2])}"
        return "your partnership's display"
    if display == viewer:
        return "your display"
    return "their display" if display == mover else f"{seat_name(display)}'s display"


def mine_label(state: DesperadosState, slot: int, owner: int, viewer: int | None,
               mover: int | None = None) -> str:
    """A mine and whose it is, without brackets: "your partnership's gold mine 1",
    "silver mine 2 of seats 1 and 3", "seat 2's copper mine 1", "their gold mine 3"."""
    name = state.cards.mine_name(slot)
    if owner == NOBODY or owner >= state.num_displays:
        return name
    if state.partnership:
        if viewer is not None and viewer >= 0 and state.display[viewer] == owner:
            return f"your partnership's {name}"
        return f"{name} of {seats_name([owner, owner + 2])}"
    if owner == viewer:
        return f"your {name}"
    return f"their {name}" if owner == mover else f"{seat_name(owner)}'s {name}"


def action_label(state: DesperadosState, action: Any, mover: int) -> str:
    """The label the acting seat reads ("your partner", "your display")."""
    t = state.cards
    match action:
        case Draw():
            return "Draw a card"
        case Pass(card):
            return f"Pass a {t.names[card]} to your partner"
        case Open(metal, display):
            return (f"Open a {t.metals[metal]} mine in "
                    f"{display_name(state, display, mover, mover)}")
        case Work(card, mine):
            where = mine_label(state, mine, state.owner[mine], mover, mover)
            return f"Play a {t.names[card]} on {where}"
        case Close(mine):
            return f"Close {mine_label(state, mine, state.owner[mine], mover, mover)}"
        case Fight(card, mine):
            verb = "Join the fight over" if state.fight_mine == mine else "Attack"
            where = mine_label(state, mine, state.owner[mine], mover, mover)
            return f"{verb} {where} with {t.names[card]}"
    raise AssertionError(action)


def outcome_label(state: DesperadosState, outcome: Card) -> str:
    """The whole truth of a chance outcome: which card, and which seat gets it."""
    pending = state.pending()
    card = state.cards.names[outcome.kind]
    if pending and isinstance(pending[0], Deal):
        return f"Deal a {card} to {seat_name(pending[0].to)}"
    drawer = getattr(pending[0], "drawer", None) if pending else None
    if drawer is None:
        return f"Draw a {card}"
    return f"{seat_name(drawer, capital=True)} draws a {card}"


def action_json(state: DesperadosState, item: Any) -> dict[str, Any]:
    t = state.cards
    if isinstance(item, Card):
        return {"card_name": t.names[item.kind]}
    if isinstance(item, Open):
        return {"card_name": t.names[t.MINE + item.metal]}
    if isinstance(item, Close):
        return {"card_name": t.names[t.CLOSED], "mine_name": t.mine_name(item.mine)}
    if isinstance(item, Pass):
        return {"card_name": t.names[item.card]}
    if isinstance(item, Work | Fight):
        return {"card_name": t.names[item.card], "mine_name": t.mine_name(item.mine)}
    return {}


def _who(seat: int, viewer: int | None) -> tuple[str, bool]:
    """("You", True) or ("Seat 2", False): the subject, and whether it is the viewer."""
    return ("You", True) if seat == viewer else (seat_name(seat, capital=True), False)


def _seats(seats: list[int]) -> str:
    return joined(seat_name(s) for s in seats)


def describe_event(state: DesperadosState, event: Event, viewer: int | None) -> str:
    """An event in words for ``viewer`` ("You draw a Desperado 9", "Seat 1 draws a card")."""
    d = event.data
    kind = event.kind
    seat = d.get("seat", NOBODY)
    who, you = _who(seat, viewer)
    s = "" if you else "s"
    if kind == "dealt":
        if "card" in d:
            return f"{who} {'are' if you else 'is'} dealt a {d['card']}"
        return f"{who} {'are' if you else 'is'} dealt a card"
    if kind == "draw":
        return f"{who} choose{s} to draw"
    if kind == "drawn":
        return f"{who} draw{s} a {d['card']}" if "card" in d else f"{who} draw{s} a card"
    if kind == "pass":
        if "card" not in d:
            return f"{who} pass{'' if you else 'es'} a card to {'your' if you else 'their'} partner"
        if you:
            return f"You pass a {d['card']} to your partner"
        if viewer == d["to"]:
            return f"{who} passes you a {d['card']}"
        return f"{who} passes a {d['card']} to their partner"
    if kind == "open":
        metal = d["card"].removesuffix(" mine")
        where = display_name(state, d["display"], viewer, seat)
        return f"{who} open{s} a {metal} mine in {where}"
    if kind in ("work", "close", "fight"):
        where = mine_label(state, d["mine"], d.get("owner", NOBODY), viewer, seat)
        if kind == "work":
            return f"{who} play{s} a {d['card']} on {where}"
        if kind == "close":
            return f"{who} close{s} {where}"
        if d["joins"]:
            return f"{who} join{s} the fight over {where} with {d['card']}"
        return f"{who} attack{s} {where} with {d['card']}"
    if kind == "fight_settled":
        return _fight_settled(state, d, viewer)
    if kind == "final_turns":
        last, _ = _who(d["drawer"], viewer)
        return (f"{last} drew the last card: every player has one more turn, "
                f"{'you' if d['drawer'] == viewer else seat_name(d['drawer'])} last.")
    if kind == "skipped":
        held = _cards(d.get("could_play", []))
        why = f" (so {'you hold' if you else 'they hold'} no {held})" if held else ""
        return (f"{who} {'have' if you else 'has'} nothing to play and "
                f"skip{s} the final turn{why}.")
    if kind == "round_scored":
        return _round_scored(state, d, viewer)
    if kind == "round_started":
        you = d["dealer"] == viewer
        dealer = "you" if you else seat_name(d["dealer"])
        return f"Round {d['round']}: {dealer} deal{'' if you else 's'}."
    if kind == "game_over":
        winners = d["winners"]
        if viewer in winners:
            return f"The game is over: you win ({_seats(winners)})."
        return f"The game is over: {_seats(winners)} win{'s' if len(winners) == 1 else ''}."
    return kind


def _cards(names: list[str]) -> str:
    """"gold mine, silver chest or Desperado": what a skipped seat cannot hold."""
    names = list(dict.fromkeys(names))
    if len(names) > 6:
        desperados = [n for n in names if n.startswith("Desperado")]
        names = [n for n in names if not n.startswith("Desperado")] + (
            ["Desperado"] if desperados else [])
    return joined(names, "or")


def _side(state: DesperadosState, display: int, viewer: int | None) -> str:
    """A display's players: "you", "you and seat 2", "seats 1 and 3", "seat 1"."""
    return side_name([p for p in range(state.num_players) if state.display[p] == display],
                     viewer)


def _verb(subject: str, verb: str) -> str:
    """"seat 1 takes", "you take", "seats 1 and 3 take", "you and seat 2 take"."""
    if subject == "you" or " and " in subject:
        return f"{subject} {verb}"
    return f"{subject} {verb}es" if verb.endswith(("s", "sh", "ch")) else f"{subject} {verb}s"


def _fight_settled(state: DesperadosState, d: Any, viewer: int | None) -> str:
    """A fight's end in words: each side's strength and who won, e.g. "Fight over gold
    mine 1: seats 1 and 3 attacked with 9 + 4 = 13, you and seat 2 defended with 7 — seats
    1 and 3 win 13 to 7 and take the mine." In the individual game each Desperado counts
    alone: "... — you take the mine with 9, the highest card."
    """
    mine = state.cards.mine_name(d["mine"])
    played = {seat: value for seat, value in d["desperados"]}
    closed = d["outcome"].startswith("the mine was closed")
    if state.partnership:
        attack = state.display[d["attacker"]]
        totals, parts = {}, []
        for display, role in ((attack, "attacked"), (1 - attack, "defended")):
            values = [played[p] for p in range(state.num_players)
                      if state.display[p] == display and p in played]
            totals[display] = sum(values)
            side = _side(state, display, viewer)
            if not values:
                parts.append(f"{side} added no Desperado")
            elif len(values) == 1:
                parts.append(f"{side} {role} with {values[0]}")
            else:
                parts.append(f"{side} {role} with {' + '.join(map(str, values))} = "
                             f"{totals[display]}")
        cards = ", ".join(parts)
        if closed:
            return (f"Fight over {mine} called off ({cards}): {d['outcome']}; its owner "
                    "keeps it.")
        winner = d["owner"]
        loser = 1 - winner
        score = f"{totals[winner]} to {totals[loser]}"
        side = _side(state, winner, viewer)
        if winner == attack:
            return f"Fight over {mine}: {cards} — {_verb(side, 'win')} {score} and take the mine."
        if totals[winner] == totals[loser]:
            return (f"Fight over {mine}: {cards} — a tie, {score}, goes to the defenders: "
                    f"{_verb(side, 'keep')} the mine.")
        return f"Fight over {mine}: {cards} — {_verb(side, 'win')} {score} and keep the mine."
    order = sorted(played, key=lambda p: (p != d["attacker"], p))  # the attacker first
    cards = ", ".join(
        f"{'you' if p == viewer else seat_name(p)} "
        f"{'attacked with' if p == d['attacker'] else 'added'} {played[p]}" for p in order)
    if closed:
        return f"Fight over {mine} called off ({cards}): {d['outcome']}; its owner keeps it."
    winner = d["owner"]
    best = played.get(winner)
    name = "you" if winner == viewer else seat_name(winner)
    verb = "take" if d["outcome"] == "the mine changes hands" else "keep"
    return (f"Fight over {mine}: {cards} — {_verb(name, verb)} the mine with {best}, the "
            "highest card.")


def _round_scored(state: DesperadosState, d: Any, viewer: int | None) -> str:
    """"Round 2 scored: you and seat 2 +6 (silver mine 1: 6), 20 in all; seats 1 and 3
    +24 (gold mine 1: 3, gold mine 2: 9, ...), 45 in all." Only closed mines score."""
    mines: dict[int, list[str]] = {}
    for mine in d["mines"]:
        mines.setdefault(mine["display"], []).append(f"{mine['mine']}: {mine['points']}")
    gained: dict[int, int] = {}
    for mine in d["mines"]:
        gained[mine["display"]] = gained.get(mine["display"], 0) + mine["points"]
    parts = []
    for display in range(state.num_displays):
        what = f" ({', '.join(mines[display])})" if display in mines else " (no closed mine)"
        parts.append(f"{_side(state, display, viewer)} +{gained.get(display, 0)}{what}, "
                     f"{d['totals'][display]} in all")
    return f"Round {d['round']} scored: {'; '.join(parts)}."


def final_prompt(state: DesperadosState, viewer: int | None) -> str:
    return "The game is over."
