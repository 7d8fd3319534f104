"""What can be pending in Desperados, and who may do what.

* :class:`Deal` - chance deals one card to a seat (the deal is six of these per seat);
* :class:`Turn` - a seat's turn: draw, pass a card (partnerships) or play a card;
* :class:`DrawCard` - chance: the card the seat who chose to draw takes off the deck;
* :class:`FinalTurn` - one of the turns after the last card is drawn (no drawing), with
  how many final turns are still to come after it.

Automatic steps, resolved as soon as they come up, within the move that uncovered them:

* :class:`SettleFight` - the fight is settled at the start of the attacker's next turn,
  before that turn (``rules/turn.end_turn`` pushes it just above the attacker's turn);
* :class:`StartFinalTurn` - a seat's final turn comes round: it plays, or is skipped if it
  has nothing it may do (decided only now, after any settlement before it);
* :class:`ScoreRound` - after the last final turn the round is scored.

The steps are data: what each one allows (``legal_actions``), its prompt and why a move is
refused. What a move does is in ``rules/``.

Legal moves are built from the flat id tables of ``tables.py`` in increasing id order
(draw < pass < open < work < close < fight), so they come out sorted without sorting.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, Any

from ludoteca.core.flow import AutoStep, ChanceStep, Step
from ludoteca.core.words import joined, plural, seat_name
from ludoteca.games.desperados.actions import Close, Draw, Fight, Open, Pass, Work
from ludoteca.games.desperados.tables import MAX_DISPLAYS, NOBODY

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


def deck_outcomes(state: DesperadosState) -> list[tuple[int, float]]:
    """Each kind still in the deck, as likely as the copies of it left (outcome id = kind)."""
    return list(state.deck_pile.draw_odds())


# ----- chance -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Deal(ChanceStep["DesperadosState"]):
    """Chance deals seat ``to`` one card."""

    to: int

    # The function itself, not a method calling it: a card is dealt or drawn every other
    # move.
    chance_outcomes = staticmethod(deck_outcomes)  # type: ignore[assignment]

    def prompt(self, state: DesperadosState, viewer: int | None) -> str:
        return "Cards are being dealt."


@dataclass(frozen=True, slots=True)
class DrawCard(ChanceStep["DesperadosState"]):
    """Chance: the card seat ``drawer`` draws from the deck."""

    drawer: int

    chance_outcomes = staticmethod(deck_outcomes)  # type: ignore[assignment]

    def prompt(self, state: DesperadosState, viewer: int | None) -> str:
        return "You draw a card." if viewer == self.drawer else "A card is being drawn."


# ----- decisions ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Turn(Step["DesperadosState"]):
    """``seat``'s turn while the deck lasts: exactly one of draw, pass, play."""

    seat: int

    def legal_actions(self, state: DesperadosState) -> list[int]:
        return moves(state, self.seat, False)

    def prompt(self, state: DesperadosState, viewer: int | None) -> str:
        return turn_prompt(state, self.seat, viewer, False)

    def explain_illegal(self, state: DesperadosState, action: Any) -> str | None:
        return why_not(state, self.seat, action, False)


@dataclass(frozen=True, slots=True)
class FinalTurn(Step["DesperadosState"]):
    """One of the turns after the last card is drawn: play (or pass) a card, no drawing.

    ``left`` is how many final turns are still to come after this one (0: the last)."""

    seat: int
    left: int

    def legal_actions(self, state: DesperadosState) -> list[int]:
        return moves(state, self.seat, True)

    def prompt(self, state: DesperadosState, viewer: int | None) -> str:
        return turn_prompt(state, self.seat, viewer, True)

    def explain_illegal(self, state: DesperadosState, action: Any) -> str | None:
        return why_not(state, self.seat, action, True)


# ----- automatic ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SettleFight(AutoStep["DesperadosState"]):
    """The fight on the table is settled (at the start of its attacker's next turn)."""


@dataclass(frozen=True, slots=True)
class StartFinalTurn(AutoStep["DesperadosState"]):
    """``player``'s final turn comes round: a :class:`FinalTurn` if it has a move, else a
    skip. ``left`` is how many final turns are still to come after this one. (``seat``, as
    on every automatic step, is nobody's.)"""

    player: int
    left: int


@dataclass(frozen=True, slots=True)
class ScoreRound(AutoStep["DesperadosState"]):
    """The last final turn is over: the round is scored."""


# Steps are immutable and shared: one of each per seat, built once.
SETTLE_FIGHT = SettleFight()
SCORE_ROUND = ScoreRound()
DEAL = tuple(Deal(s) for s in range(MAX_DISPLAYS))
TURN = tuple(Turn(s) for s in range(MAX_DISPLAYS))
DRAW_CARD = tuple(DrawCard(s) for s in range(MAX_DISPLAYS))


# ----- who may do what ------------------------------------------------------------------------

def may_pass(state: DesperadosState, seat: int, final: bool) -> bool:
    """Passing (R15, R20): partnerships only; while the deck lasts, not after the whole
    table has passed in a row (and not beyond the optional per-player limit)."""
    if not state.partnership:
        return False
    if final:
        return True
    if state.passes_in_a_row >= state.run_limit:
        return False
    limit = state.pass_limit
    return limit is None or state.passes[seat] < limit


def fight_targets(state: DesperadosState, seat: int) -> list[int]:
    """Mines this seat may lay a Desperado on: one fight at a time (R9, R10, R11)."""
    fought = state.fight_mine
    if fought != NOBODY:
        if seat == state.fight_attacker or state.fight_cards[seat] != NOBODY:
            return []
        if state.owner_only and state.owner[fought] != seat:
            return []
        return [fought]
    own = state.display[seat]
    owner = state.owner
    return [s for s in state.open_mines if owner[s] != own]


def moves(state: DesperadosState, seat: int, final: bool) -> list[int]:
    """The sorted legal action ids of ``seat`` (in a final turn: no drawing)."""
    t = state.cards
    hand = state.hands[seat]
    out: list[int] = [] if final else [0]  # Draw: always possible while the deck lasts
    if not state.hand_sizes[seat]:
        return out
    if state.partnership and may_pass(state, seat, final):
        out += compress(t.pass_ids, hand)
    own = state.display[seat]
    any_display = state.any_display
    for m in compress(t.mine_kinds, hand):  # mine kind m is metal m
        row = t.open_id[m]
        if any_display:
            out += row[:state.num_displays]
        else:
            out.append(row[own])
    open_mines = state.open_mines
    if open_mines:
        owner = state.owner
        slot_metal = t.slot_metal
        nm = t.num_metals
        work_id = t.work_id
        for k in compress(t.chest_kinds, hand[t.CHEST:t.CLOSED]):
            metal = k % nm
            row = work_id[k]
            for s in open_mines:
                if slot_metal[s] == metal and (any_display or owner[s] == own):
                    out.append(row[s])
        if hand[t.CLOSED]:
            close_id = t.close_id
            out += [close_id[s] for s in open_mines]
        targets = fight_targets(state, seat)
        if targets:
            fight_id = t.fight_id
            for k in compress(t.desperado_kinds, hand[t.DESPERADO:]):
                row = fight_id[k]
                out += [row[s] for s in targets]
    return out


def playable_mask(state: DesperadosState, seat: int) -> int:
    """The kinds (a bit per kind) that would give ``seat`` a move in a final turn now,
    whatever else it holds. A seat skipped in the final turns holds none of them."""
    t = state.cards
    if state.partnership:
        return (1 << t.num_kinds) - 1  # any card can be passed
    mask = 0
    for k in t.mine_kinds:
        mask |= 1 << k
    own = state.display[seat]
    for k in t.chest_kinds:
        metal = t.metal_of(k)
        if any(t.slot_metal[s] == metal and (state.any_display or state.owner[s] == own)
               for s in state.open_mines):
            mask |= 1 << k
    if state.open_mines:
        mask |= 1 << t.CLOSED
    if fight_targets(state, seat):
        for k in t.desperado_kinds:
            mask |= 1 << k
    return mask


# ----- words -----------------------------------------------------------------------------------

def _choices(items: list[str]) -> str:
    return joined(items, "or")


def turn_prompt(state: DesperadosState, seat: int, viewer: int | None, final: bool) -> str:
    """What the seat to act reads: only the kinds of move it really has."""
    if viewer != seat:
        return f"{seat_name(seat, capital=True)} is to play."
    legal = state.legal_actions()
    t = state.cards
    first_play = t.open_id[0][0]
    fought = state.fight_mine
    joins = ({t.fight_id[k][fought] for k in t.desperado_kinds} & set(legal)
             if fought != NOBODY else set())
    can_draw = bool(legal) and legal[0] == t.DRAW_ID
    can_pass = any(1 <= a < first_play for a in legal)
    can_play = any(a >= first_play and a not in joins for a in legal)
    if joins:
        items = (["draw a card"] if can_draw else []) + (
            ["pass a card"] if can_pass else []) + (["play another card"] if can_play else [])
        rest = f", or {_choices(items)}" if items else ""
        return f"Fight over {t.mine_name(fought)}: you may add one Desperado now{rest}."
    if final:
        what = _choices((["play"] if can_play else []) + (["pass"] if can_pass else []))
        return f"Final turn: the deck is empty, so {what} a card."
    items = (["draw a card"] if can_draw else []) + (
        ["pass a card to your partner"] if can_pass else []) + (
        ["play a card"] if can_play else [])
    if items == ["draw a card"] and not state.hand_sizes[seat]:
        return "Your turn: your hand is empty, so draw a card."
    return f"Your turn: {_choices(items)}."


def why_not(state: DesperadosState, seat: int, act: Any, final: bool) -> str | None:
    """Why a well-formed action is refused here, in the rulebook's terms."""
    t = state.cards
    hand = state.hands[seat]
    if isinstance(act, Draw):
        also = " or pass" if state.partnership else ""
        return f"the deck is empty: in the final turns you may only play{also} a card"
    if isinstance(act, Pass) and not state.partnership:
        return "passing a card exists only in the partnership game"
    card = getattr(act, "card", None)
    if isinstance(act, Open):
        card = t.MINE + act.metal
    if isinstance(act, Close):
        card = t.CLOSED
    if card is not None and not hand[card]:
        return f"you have no {t.card_name(card)} in your hand"
    if isinstance(act, Pass):
        if state.passes_in_a_row >= state.run_limit:
            if state.run_limit == 0:
                return ("passing is switched off while the deck lasts in this match "
                        "(passes_in_a_row=0): draw or play a card")
            run = state.passes_in_a_row
            return (f"the table has just passed {plural(run, 'time')} in a row "
                    "without anyone drawing or playing: draw or play a card (R20)")
        limit = state.pass_limit
        if limit == 0:
            return "passing is switched off in this match (pass_limit=0)"
        return (f"you have already passed {state.passes[seat]} of the {limit} cards a "
                "player may pass in a round")
    if isinstance(act, Open):
        if act.display >= state.num_displays:
            return f"there is no display {act.display}"
        return ("in this match you may only close or fight over mines in an opponent's "
                "display, so open mines in your own")
    slot = act.mine
    name = t.mine_name(slot)
    if state.owner[slot] == NOBODY:
        return f"{name} is not in play"
    if state.closed[slot]:
        return f"{name} is closed: no further cards may be laid on it"
    if isinstance(act, Work):
        if t.metal_of(act.card) != t.slot_metal[slot]:
            return (f"a {t.card_name(act.card)} goes only onto a "
                    f"{t.metals[t.metal_of(act.card)]} mine")
        return ("in this match you may only close or fight over an opponent's mines, "
                "not lay chests on them")
    if isinstance(act, Fight):
        return _why_no_fight(state, seat, slot)
    return None


def _why_no_fight(state: DesperadosState, seat: int, slot: int) -> str:
    t = state.cards
    name = t.mine_name(slot)
    if state.fight_mine != NOBODY:
        fought = t.mine_name(state.fight_mine)
        if slot != state.fight_mine:
            return f"only one mine may be fought over at a time: the fight over {fought} is on"
        if seat == state.fight_attacker:
            return "you started this fight: the other players answer it, then it is settled"
        if state.fight_cards[seat] != NOBODY:
            return "you have already laid a Desperado in this fight"
        return "in this match only the mine's owner may answer a fight"
    if state.owner[slot] == state.display[seat]:
        whose = "your partnership's" if state.partnership else "your own"
        return f"{name} is {whose}: you may only fight over an opponent's mine"
    return f"you may not fight over {name} now"
