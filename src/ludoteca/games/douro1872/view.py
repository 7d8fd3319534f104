"""What a seat may know of a Douro 1872 position, and the words for what happened.

Observation (ruling R1: the table remembers). It is the position only - what happened is in
the events (:func:`describe_event`), and every seat's information state is the sequence of
events shown to it. Public: every seat's points, whole pile of played barrel cards (with
``pile_top``, the card physically on view), how many cards it holds, whether it has laid a
card face down or given its charity card; the holder of the phylloxera; the levels of the
Valley's cards; the stack (cards left, fog cards known to be on top, the levels of the
regular backs nobody has seen); the discarded Rabelo cards; the cards the phylloxera lottery
laid face up (back in the hands since, but the table remembers them); the dispute in
progress (and the cards once revealed); the charity gifts once revealed; the result. Private
to a seat: its hand, its face-down card and its charity card.

The events a move produces, with their data and audiences, are listed in
:mod:`.rules.tell`; :func:`describe_event` puts them in words for a viewer.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ludoteca.core.events import Event
from ludoteca.core.flow import CHANCE
from ludoteca.core.tensor import Segment, TensorLayout
from ludoteca.core.words import Ghost, joined, plural, seats_name
from ludoteca.games.douro1872.actions import (
    Cut,
    Donate,
    Face,
    FogBack,
    FogCard,
    GhostCard,
    LotteryCard,
    PlayBarrel,
    RegularBack,
)
from ludoteca.games.douro1872.steps import (
    FOG,
    NOT_TOWED,
    LayFaceDown,
    LotteryDraw,
    TowBack,
    TurnFog,
    TurnRegular,
    seat_name,
)
from ludoteca.games.douro1872.tables import DISPUTE, Tables

if TYPE_CHECKING:
    from ludoteca.core.flow import Step
    from ludoteca.games.douro1872.state import DouroState


def _a(value: Any) -> str:
    """"a 7", "an 8"."""
    return f"an {value}" if str(value).startswith("8") else f"a {value}"


def _barrels(n: int) -> str:
    return plural(n, "barrel")


PHASES = ("stack", "lottery", "lottery cut", "dispute", "ghost", "turn regular", "turn fog",
          "charity", "ghost charity", "end")


DISPUTE_KINDS = (None, "regular", "fog", "sirga")
"""What can be in dispute (the tensor's one-hot ``dispute``): nothing, the Valley's regular
card, the fog card, or Sirga with the regular card it tows."""
NOTHING, REGULAR, FOG_CARD, SIRGA = range(len(DISPUTE_KINDS))


class InDispute(NamedTuple):
    """The dispute in progress, as its pending step says: ``kind`` (an index of
    :data:`DISPUTE_KINDS`), the level index of the regular card disputed (-1: none or not
    yet known), the Sirga card's index (-1 if none) and whether the cards lie face up."""

    kind: int
    level: int
    sirga: int
    revealed: bool


NO_DISPUTE = InDispute(NOTHING, -1, -1, False)


def in_dispute_now(step: Step[DouroState] | None) -> InDispute:
    """What the pending ``step`` says is in dispute: a lay names the card disputed; a turn
    of the Rabelo card (or Sirga's tow) comes after the reveal."""
    if isinstance(step, LayFaceDown):
        if step.purpose != DISPUTE:
            return NO_DISPUTE
        if step.level == FOG:
            return InDispute(FOG_CARD, -1, -1, False)
        return InDispute(REGULAR, step.level, -1, False)
    if isinstance(step, TurnRegular):
        if step.towed_by == NOT_TOWED:
            return InDispute(REGULAR, step.level, -1, True)
        return InDispute(SIRGA, step.level, step.towed_by, True)
    if isinstance(step, TurnFog):
        return InDispute(FOG_CARD, -1, -1, True)
    if isinstance(step, TowBack):
        return InDispute(SIRGA, -1, step.fog, True)
    return NO_DISPUTE


# ----- observation ---------------------------------------------------------------------

def phase(state: DouroState) -> str:
    step = state.next_step()
    return step.phase if step is not None else "end"  # type: ignore[attr-defined]


def observation(state: DouroState, player: int | None) -> dict[str, Any]:
    t: Tables = state.tables
    values = t.values
    dispute = in_dispute_now(state.next_step())
    revealed = dispute.revealed
    seats = []
    for s in range(state.seats):
        pile = [values[c] for c in state.piles[s]]
        chosen = state.choices[s] >= 0
        seats.append({
            "seat": s,
            "name": seat_name(state, s),
            "ghost": s == state.ghost,
            "score": state.points[s],
            "hand_size": state.hands[s].bit_count(),
            "pile": pile,
            "pile_top": pile[-1] if pile else None,
            "chosen": chosen,
            "played": values[state.choices[s]] if chosen and revealed else None,
            "donated": state.donations[s] >= 0,
            "phylloxera": s == state.holder,
        })
    obs: dict[str, Any] = {
        "game": "douro1872",
        "seat": player,
        "num_players": state.num_players,
        "variant": state.variant,
        "phase": phase(state),
        "current_player": state.current_player(),
        "prompt": state.prompt(player),
        "half": state.half,
        "seats": seats,
        "phylloxera": state.holder if state.holder >= 0 else None,
        "valley": [t.level_names[k] for k in state.valley],
        "stack": {
            "cards": state.backs.size + state.fog_top,
            "fog_on_top": state.fog_top,
        },
        "unseen_levels": list(state.levels.counts),
        "discarded": discarded(state),
        "lottery": [{"round": r, "seat": s, "card": c} for r, s, c in state.lot_log],
        "in_dispute": in_dispute(state, dispute),
        "charity": {
            "donated": [d >= 0 for d in state.donations],
            "revealed": list(state.charity) if state.charity is not None else None,
        },
        "result": result(state),
    }
    if player is not None:
        _add_seat_part(state, player, obs)
    return obs


def seat_observation(state: DouroState, player: int, public: dict[str, Any]
                     ) -> dict[str, Any]:
    """``observation(state, player)`` from the spectator's (``public``, of this state): a
    seat sees the table as a spectator does, with its own prompt, plus its hand, its
    face-down card and its charity card. The copy shares ``public``'s values (read them,
    never change them)."""
    obs = dict(public)  # "seat" and "prompt" keep their places when set again
    obs["seat"] = player
    obs["prompt"] = state.prompt(player)
    _add_seat_part(state, player, obs)
    return obs


def _add_seat_part(state: DouroState, player: int, obs: dict[str, Any]) -> None:
    """What only ``player`` sees: its hand, its face-down card, its charity card."""
    t: Tables = state.tables
    values = t.values
    mine = state.choices[player]
    gift = state.donations[player]
    obs["hand"] = [values[c] for c in t.bits[state.hands[player]]]
    obs["my_choice"] = values[mine] if mine >= 0 else None
    obs["my_donation"] = values[gift] if gift >= 0 else None


def discarded(state: DouroState) -> dict[str, Any]:
    """The Rabelo cards turned and settled (the disposal pile), in the edition's order."""
    t: Tables = state.tables
    regular = [{"level": t.level_names[t.card_level[r]], "order": state.orders[r]}
               for r in range(t.num_regular) if not state.faces >> r & 1]
    fog = [t.fog_names[f] for f in range(t.num_fog) if not state.fogs >> f & 1]
    return {"regular": regular, "fog": fog}


def in_dispute(state: DouroState, dispute: InDispute) -> dict[str, Any] | None:
    """The observation's ``in_dispute``: the kind, the level (once known), Sirga's name, the
    total once the cards are revealed; None outside a dispute."""
    t: Tables = state.tables
    kind = dispute.kind
    if kind == NOTHING:
        return None
    out: dict[str, Any] = {"kind": DISPUTE_KINDS[kind]}
    if kind == SIRGA:
        out["fog"] = t.fog_names[dispute.sirga]
    if dispute.level >= 0:
        out["level"] = t.level_names[dispute.level]
    if dispute.revealed:
        out["total"] = sum(t.values[c] for c in state.choices)
    return out


def ghost_won(state: DouroState) -> bool:
    """True when D. Sebastião is among the winners (at the end): he can win (R11)."""
    return state.ghost >= 0 and state.ghost in state.table_winners


def ghosts(state: DouroState) -> list[Ghost]:
    """D. Sebastião (with two players), his points and whether he won: he is no player's
    seat, but ranks with them (R11)."""
    if state.ghost < 0:
        return []
    return [Ghost(state.tables.ghost_name, float(state.points[state.ghost]), ghost_won(state))]


def result(state: DouroState) -> dict[str, Any] | None:
    if not state.is_terminal():
        return None
    seats = list(state.table_winners)
    if state.ghost in seats:  # D. Sebastião is named, not numbered
        who = joined([seat_name(state, s) for s in seats])
    else:
        who = seats_name(seats)
    return {
        "winners": state.winners(),
        "table_winners": seats,
        "ghost_won": ghost_won(state),
        "text": who + (" win" if len(seats) > 1 else " wins"),
    }


def final_prompt(state: DouroState) -> str:
    """Who won is said once, by the end event and the front's result line."""
    return "The game is over."


# ----- observation tensor -----------------------------------------------------------------

def tensor_layout(t: Tables, num_players: int, variant: str) -> TensorLayout:
    """The segments of the observation tensor for one set-up (fixed length, honest bounds)."""
    s = t.ghost_table if num_players == 2 else num_players
    h, levels, r, f = t.hand_size, len(t.level_names), t.num_regular, t.num_fog
    return TensorLayout([
        Segment("me", s, 0, 1, "one-hot: the observing seat"),
        Segment("hand", h, 0, 1, "the seat's barrel cards in hand"),
        Segment("my_choice", h, 0, 1, "one-hot: the seat's face-down card"),
        Segment("my_donation", h, 0, 1, "one-hot: the seat's charity card"),
        Segment("points", s, 0, t.max_points, "each seat's points"),
        Segment("hand_sizes", s, 0, h, "cards in each seat's hand"),
        Segment("piles", s * h, 0, 1, "per seat: the barrel cards in its pile"),
        Segment("phylloxera", s, 0, 1, "one-hot: the holder of the phylloxera card"),
        Segment("valley", r * levels, 0, 1, "per Valley position: one-hot level"),
        Segment("stack", 2, 0, r + f, "cards left in the stack; fog cards on its top"),
        Segment("unseen_levels", levels, 0, max(t.level_counts),
                "regular backs not yet seen, per level"),
        Segment("discarded_regular", r, 0, 1, "regular Rabelo cards turned"),
        Segment("discarded_fog", f, 0, 1, "fog Rabelo cards turned"),
        Segment("dispute", len(DISPUTE_KINDS), 0, 1,
                "one-hot: nothing, regular, fog or Sirga in dispute"),
        Segment("dispute_level", levels, 0, 1, "one-hot: the level in dispute"),
        Segment("total", 1, 0, t.max_card * s, "barrels on the table once revealed"),
        Segment("half", 1, 0, 1, "0 before the middle of the game, 1 after"),
        Segment("chosen", s, 0, 1, "seats that laid a card face down"),
        Segment("donated", s, 0, 1, "seats that gave their charity card"),
        Segment("revealed", s * h, 0, 1, "per seat: one-hot revealed card"),
        Segment("charity", s * h, 0, 1, "per seat: one-hot charity card once revealed"),
        Segment("phase", len(PHASES), 0, 1, "one-hot: what is pending"),
        Segment("to_act", s + 1, 0, 1, "one-hot: the seat to act, or chance (last)"),
    ])


def observation_tensor(state: DouroState, player: int) -> list[float]:
    """The tensor of what ``observation(player)`` shows (see :func:`tensor_layout`), as a
    list of floats (:func:`write_observation_tensor`)."""
    vec = array("d", bytes(8 * state.tensor_layout().size))
    # An array of doubles: its memoryview's items are floats (the type checker reads ints).
    write_observation_tensor(state, player, cast("memoryview[float]", memoryview(vec)))
    return vec.tolist()


_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}


def write_observation_tensor(state: DouroState, player: int, vec: memoryview[float]) -> None:
    """Writes the seat's tensor (see :func:`tensor_layout`) into ``vec``, a zeroed
    memoryview of floats of the layout's length, skipping most values that are 0. The list
    (:func:`observation_tensor`) and the arrays of ``State.observation_tensor_into`` both
    come from here, so they hold the same values."""
    t: Tables = state.tables
    o = state.tensor_layout().offsets
    h, nlev = t.hand_size, len(t.level_names)
    hands, choices, donations = state.hands, state.choices, state.donations
    vec[o["me"] + player] = 1.0
    at = o["hand"]
    for c in t.bits[hands[player]]:
        vec[at + c] = 1.0
    if choices[player] >= 0:
        vec[o["my_choice"] + choices[player]] = 1.0
    if donations[player] >= 0:
        vec[o["my_donation"] + donations[player]] = 1.0
    dispute = in_dispute_now(state.next_step())
    revealed, charity = dispute.revealed, state.charity is not None
    points, sizes, piles = o["points"], o["hand_sizes"], o["piles"]
    chosen, donated = o["chosen"], o["donated"]
    for seat, pile in enumerate(state.piles):
        vec[points + seat] = state.points[seat]
        vec[sizes + seat] = hands[seat].bit_count()
        at = piles + seat * h
        for c in pile:
            vec[at + c] = 1.0
        if choices[seat] >= 0:
            vec[chosen + seat] = 1.0
            if revealed:
                vec[o["revealed"] + seat * h + choices[seat]] = 1.0
        if donations[seat] >= 0:
            vec[donated + seat] = 1.0
            if charity:
                vec[o["charity"] + seat * h + donations[seat]] = 1.0
    if state.holder >= 0:
        vec[o["phylloxera"] + state.holder] = 1.0
    at = o["valley"]
    for i, level in enumerate(state.valley):
        vec[at + i * nlev + level] = 1.0
    at = o["stack"]
    vec[at] = state.backs.size + state.fog_top
    vec[at + 1] = state.fog_top
    at = o["unseen_levels"]
    for i, n in enumerate(state.levels.counts):
        vec[at + i] = n
    # The turned (discarded) cards are the ones missing from the masks of those left.
    at = o["discarded_regular"]
    for r in t.bits_of(~state.faces & ((1 << t.num_regular) - 1)):
        vec[at + r] = 1.0
    at = o["discarded_fog"]
    for f in t.bits_of(~state.fogs & ((1 << t.num_fog) - 1)):
        vec[at + f] = 1.0
    vec[o["dispute"] + dispute.kind] = 1.0
    if dispute.level >= 0:
        vec[o["dispute_level"] + dispute.level] = 1.0
    if revealed:
        values = t.values
        vec[o["total"]] = sum(values[c] for c in choices)
    vec[o["half"]] = state.half - 1
    vec[o["phase"] + _PHASE_INDEX[phase(state)]] = 1.0
    actor = state.current_player()
    if actor == CHANCE:
        vec[o["to_act"] + state.seats] = 1.0
    elif actor >= 0:
        vec[o["to_act"] + actor] = 1.0


# ----- labels -------------------------------------------------------------------------------

def action_label(state: DouroState, action: PlayBarrel | Donate) -> str:
    return f"play {action.card}" if isinstance(action, PlayBarrel) else f"donate {action.card}"


def outcome_label(state: DouroState, outcome: Any) -> str:
    t: Tables = state.tables
    if isinstance(outcome, FogBack):
        return "the next Rabelo card has a fog back"
    if isinstance(outcome, RegularBack):
        return f"the next Rabelo card is a level-{outcome.level} regular card"
    if isinstance(outcome, Face):
        level = t.level_names[t.card_level[outcome.card]]
        order = state.orders[outcome.card]
        return f"the level-{level} Rabelo card orders {_barrels(order)}"
    if isinstance(outcome, FogCard):
        return f"the fog card is {t.fog_names[t.fog_index[outcome.effect]]}"
    if isinstance(outcome, LotteryCard):
        top = state.next_step()
        whose = (f"{seat_name(state, top.owner)}'s hand" if isinstance(top, LotteryDraw)
                 else "a hand")
        return f"{_a(outcome.card)} is drawn from {whose}"
    if isinstance(outcome, Cut):
        return f"the cut gives the phylloxera to {seat_name(state, outcome.seat)}"
    if isinstance(outcome, GhostCard):
        top = state.next_step()
        verb = ("donates" if isinstance(top, LayFaceDown) and top.purpose != DISPUTE
                else "plays")
        return f"{t.ghost_name} {verb} {_a(outcome.card)}"
    return repr(outcome)


def action_json(state: DouroState, item: Any) -> dict[str, Any]:
    """Extra JSON fields: what a chance outcome means here (backs, orders, names, owners)."""
    t: Tables = state.tables
    if isinstance(item, FogBack):
        return {"back": "fog"}
    if isinstance(item, RegularBack):
        return {"back": "regular"}
    if isinstance(item, Face):
        return {"level": t.level_names[t.card_level[item.card]],
                "order": state.orders[item.card]}
    if isinstance(item, FogCard):
        return {"name": t.fog_names[t.fog_index[item.effect]]}
    top = state.next_step()
    if isinstance(item, LotteryCard) and isinstance(top, LotteryDraw):
        return {"owner": top.owner}
    if isinstance(item, GhostCard) and isinstance(top, LayFaceDown):
        return {"purpose": top.purpose}
    return {}


# ----- events in words ------------------------------------------------------------------

def _who(state: DouroState, seat: int | None, viewer: int | None, capital: bool = False) -> str:
    if seat is None:
        return "nobody"
    name = "you" if seat == viewer else seat_name(state, seat)
    return name[:1].upper() + name[1:] if capital else name


def _names(state: DouroState, seats: list[int], viewer: int | None) -> str:
    return joined(_who(state, s, viewer) for s in seats)


def _points(state: DouroState, deltas: list[int], viewer: int | None) -> str:
    moved = [f"{_who(state, s, viewer)} {d:+d}" for s, d in enumerate(deltas) if d]
    return ", ".join(moved) if moved else "nobody's points change"


def _settled(state: DouroState, d: dict[str, Any], viewer: int | None) -> str:
    """Why the points moved: "The regular Rabelo card: order 15 reached with 18 barrels:
    highest card 7 (seat 2) gets +2." """
    t: Tables = state.tables
    effect = d["effect"]
    head = ("The regular Rabelo card" if effect == "regular"
            else t.fog_names[t.fog_index[effect]])
    if effect == "customs":
        return f"{head}: the cards are simply spent; {_points(state, d['points'], viewer)}."
    if effect == "sirga":
        head += " tows the regular card"
    if d["filled"] is None:
        why = f"whatever the sum ({_barrels(d['total'])})"
    else:
        reached = "reached" if d["filled"] else "not reached"
        why = f"order {d['order']} {reached} with {_barrels(d['total'])}"
    tied = d["tied"]
    card = f"{d['side']} card {d['card']} ({_names(state, tied, viewer)})"
    holder = d["holder"]
    back = ("; the cards go back to their owners' hands" if d["effect"] == "cardia" else "")
    points = d["points"]
    if len(tied) > 1 and holder in tied:
        lost = (f"; {_who(state, holder, viewer)} "
                f"{'hold' if holder == viewer else 'holds'} the phylloxera and "
                f"{'lose' if holder == viewer else 'loses'} the tie")
        return f"{head}: {why}: {card}{lost}: {_points(state, points, viewer)}{back}."
    moved = {s for s, x in enumerate(points) if x}
    change = {points[s] for s in tied}
    if len(change) == 1 and moved <= set(tied) and 0 not in change:
        (x,) = change
        verb = "gets" if len(tied) == 1 else "get"  # "card 1 (you) gets": the card does
        each = " each" if len(tied) > 1 else ""
        return f"{head}: {why}: {card} {verb} {x:+d}{each}{back}."
    if not moved and tied:  # a penalty nobody could pay: "you never pay points you lack"
        return (f"{head}: {why}: {card} would lose points but "
                f"{'has' if len(tied) == 1 and viewer not in tied else 'have'} none{back}.")
    return f"{head}: {why}: {card}: {_points(state, points, viewer)}{back}."


def _charity(state: DouroState, d: dict[str, Any], viewer: int | None) -> str:
    gifts = ", ".join(f"{_who(state, s, viewer)}: {v}" for s, v in enumerate(d["revealed"]))
    if d["lowest"] == d["highest"]:
        why = (f"every gift is {d['lowest']}: everyone gave both the lowest and the highest"
               if state.charity_all_equal == "literal" or any(d["points"])
               else f"every gift is {d['lowest']}: nobody gave more or less")
    else:
        why = f"the lowest gift ({d['lowest']}) loses 1, the highest ({d['highest']}) gains 1"
    holder = d["phylloxera"][0]
    note = ""
    gift = d["revealed"][holder] if holder is not None else None
    if gift in (d["lowest"], d["highest"]) and d["revealed"].count(gift) > 1:
        note = (f"; {_who(state, holder, viewer)} "
                f"{'hold' if holder == viewer else 'holds'} the phylloxera and "
                f"{'lose' if holder == viewer else 'loses'} the tie")
    return f"Charity revealed: {gifts}; {why}{note}: {_points(state, d['points'], viewer)}."


def _end(state: DouroState, d: dict[str, Any], viewer: int | None) -> str:
    winners = d["winners"]
    top = max(d["scores"])
    names = _names(state, winners, viewer)
    if len(winners) > 1:
        return f"The game is over: {names} share the win with {top} points."
    verb = "win" if winners[0] == viewer else "wins"
    text = f"The game is over: {names} {verb} with {top} points"
    tied = d["tied"]
    if len(tied) > 1:
        others = [s for s in tied if s != winners[0]]
        whose = ("yours" if d["phylloxera"] == viewer
                 else f"{_who(state, d['phylloxera'], viewer)}'s")
        text += (f", tied with {_names(state, others, viewer)}: the phylloxera card is "
                 f"{whose}, and the winner is the first of them to its left")
    return text + "."


def describe_event(state: DouroState, event: Event, viewer: int | None) -> str:
    d = event.data
    kind = event.kind
    if kind == "lay":
        seat = d["seat"]
        who = _who(state, seat, viewer, capital=True)
        if "card" in d:
            if seat != viewer:  # the whole truth (a replay that reveals everything)
                if d["purpose"] == DISPUTE:
                    return f"{who} lays {_a(d['card'])} face down."
                return f"{who} gives {_a(d['card'])}, face down, to charity."
            if d["purpose"] == DISPUTE:
                return f"You lay your {d['card']} face down."
            return f"You give your {d['card']}, face down, to charity."
        if d["purpose"] == DISPUTE:
            return f"{who} lays a barrel card face down."
        return f"{who} gives a card, face down, to charity."
    if kind == "reveal":
        cards = ", ".join(f"{_who(state, s, viewer)}: {v}" for s, v in enumerate(d["played"]))
        return f"The barrel cards are revealed: {cards} — {_barrels(d['total'])} in all."
    if kind == "turn":
        return (f"The level-{d['level']} Rabelo card is turned: it orders "
                f"{_barrels(d['order'])}.")
    if kind == "turn_fog":
        order = f" (order {d['order']})" if d["order"] is not None else ""
        return f"The fog card is turned: {d['fog']}{order}."
    if kind == "settled":
        return _settled(state, dict(d), viewer)
    if kind == "phylloxera":
        return (f"The phylloxera card passes from {_who(state, d['previous'], viewer)} to "
                f"{_who(state, d['seat'], viewer)} (a tie involved its holder).")
    if kind == "valley":
        return f"A level-{d['level']} regular Rabelo card is dealt to the Douro Valley."
    if kind == "fog_back":
        return "A fog card shows on top of the stack: the disputes begin."
    if kind == "tow_fog":
        return "Sirga passes over a fog card (it stays on the stack)."
    if kind == "tow_back":
        return f"Sirga tows a level-{d['level']} regular Rabelo card."
    if kind == "lottery_draw":
        again = f" (redraw {d['round']})" if d["round"] else ""
        whose = "your" if d["seat"] == viewer else f"{_who(state, d['seat'], viewer)}'s"
        return f"Phylloxera lottery{again}: {_a(d['card'])} is drawn from {whose} hand."
    if kind == "lottery_tie":
        return (f"Phylloxera lottery: {_names(state, d['seats'], viewer)} tie with "
                f"{d['card']} and draw again.")
    if kind == "phylloxera_drawn":
        return (f"{_who(state, d['seat'], viewer, capital=True)} drew the lowest card "
                f"({d['card']}) and {'receive' if d['seat'] == viewer else 'receives'} the "
                "phylloxera card.")
    if kind == "lottery_cut":
        return f"The cut gives the phylloxera card to {_who(state, d['seat'], viewer)}."
    if kind == "middle":
        return ("Middle of the game: everyone takes back their ten barrel cards and gives "
                "one, face down, to charity.")
    if kind == "charity":
        return _charity(state, dict(d), viewer)
    if kind == "end":
        return _end(state, dict(d), viewer)
    return kind
