"""What can be pending in Douro 1872: the steps of its turn flow (data, no rules).

Decisions: :class:`LayFaceDown` - a seat lays a barrel card face down, to dispute a Rabelo
card or under the charity card. "Each seat in turn, then D. Sebastião" is one step type:
the seats lay one after another (R12) and the ghost's instance of the step is a chance
step, uniform over his hand ("the cards of the ghost-player are played randomly").

Chance: :class:`DealBack` and :class:`TowBack` (the back of the stack's next card shows,
dealing the Douro Valley or looking for the card Sirga tows), :class:`LotteryDraw` and
:class:`LotteryCut` (the phylloxera lottery), :class:`TurnRegular` and :class:`TurnFog`
(the Rabelo card in dispute is turned).

Automatic steps, resolved as soon as they come up, within the move that uncovered them:

* :class:`LotteryRound` - after a lottery round's last draw, the lowest card receives the
  phylloxera, or the tied seats draw again (or cut);
* :class:`NextRabelo` - a part of the game is over (the Valley dealt, the lottery, a
  dispute, the charity cards given): what comes next (Development of the Game).

A dispute is pushed whole when it begins: each seat's :class:`LayFaceDown` (the last one
reveals the cards), then the turn of the Rabelo card, then :class:`NextRabelo`. What the
dispute is about lives in its steps (the level on each lay and on :class:`TurnRegular`,
the Sirga card on :class:`TowBack`, which lay is the last), never in the state.

Each decision or chance step says who acts, what may be chosen or may happen (with the
probabilities of the physical shuffle, R2), its ``phase`` name (shown in observations) and
the prompt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.flow import CHANCE, AutoStep, ChanceStep, Step
from ludoteca.core.words import seat_name as core_seat_name
from ludoteca.games.douro1872.actions import Donate, PlayBarrel
from ludoteca.games.douro1872.tables import CHARITY, DISPUTE

if TYPE_CHECKING:
    from ludoteca.games.douro1872.state import DouroState

FOG = -1
"""The ``level`` of a lay that disputes the fog card (its level is no level), and of a
charity card."""
NOT_TOWED = -1
"""The ``towed_by`` of a regular card disputed from the Valley."""


def seat_name(state: DouroState, seat: int) -> str:
    """``seat 0`` (or the name the caller gave the seat, :mod:`ludoteca.core.words`), or
    D. Sebastião's name for the ghost's seat: one word for a seat everywhere ludoteca
    speaks."""
    return state.tables.ghost_name if seat == state.ghost else core_seat_name(seat)


# ----- the stack ---------------------------------------------------------------------------

REGULAR_BACK, FOG_BACK = 0, 1
"""The two kinds of the pile of backs (:attr:`.state.DouroState.backs`)."""


def back_outcomes(state: DouroState) -> list[tuple[int, float]]:
    """B1/B2 (R2): the chance that the stack's next card shows a fog back or a level.

    Fog with the odds of the pile of backs (its top is regular, B2; above the bottom
    three, regular and fog in uniform order; the bottom three regular, B1); a regular
    back, the rest, shared among the levels by the pile of levels: the regular cards whose
    back nobody has seen yet. (Cached per pair of piles: they repeat.)
    """
    t = state.tables
    backs, levels = key = state.backs, state.levels
    found = t.back_cache.get(key)
    if found is None:
        p_fog = t.fog_odds.get(backs)
        if p_fog is None:  # fog cards / unseen upper cards, as the shuffle deals them
            p_fog = t.fog_odds[backs] = dict(backs.draw_odds()).get(FOG_BACK, 0.0)
        out = [(t.fog_back_id, p_fog)] if p_fog > 0 else []
        left = levels.unseen
        p_regular = 1.0 - p_fog
        if p_regular > 0:
            ids = t.regular_back_id
            out.extend((ids[k], p_regular * n / left)
                       for k, n in enumerate(levels.counts) if n)
        found = t.back_cache[key] = tuple(out)
    return list(found)


class BackShows(ChanceStep["DouroState"]):
    """Base of the steps where the back of the stack's next card shows
    (:func:`back_outcomes`)."""

    __slots__ = ()

    # The function itself, not a method calling it: a back shows about twenty times a game.
    chance_outcomes = staticmethod(back_outcomes)  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class DealBack(BackShows):
    """B3: the back of the stack's next card shows; regular cards go to the Douro Valley
    until a fog back shows."""

    phase: ClassVar[str] = "stack"

    def prompt(self, state: DouroState, viewer: int | None) -> str:
        return "Turning over the stack's next card back."


@dataclass(frozen=True, slots=True)
class TowBack(BackShows):
    """Sirga (fog card ``fog``, an index of the edition's fog cards) tows: the back of the
    stack's next card shows, looking for the regular card to tow (fog cards are passed over
    and stay on the stack, R13)."""

    fog: int
    phase: ClassVar[str] = "stack"

    def prompt(self, state: DouroState, viewer: int | None) -> str:
        return "Sirga: looking for the next regular Rabelo card of the stack."


# ----- the phylloxera lottery ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class LotteryDraw(ChanceStep["DouroState"]):
    """D / 2A: a barrel card drawn at random from ``owner``'s hand is laid face up in front
    of ``owner`` (R5), in lottery round ``round`` (0, then 1, 2... for the redraws)."""

    owner: int
    round: int
    phase: ClassVar[str] = "lottery"

    def chance_outcomes(self, state: DouroState) -> list[tuple[int, float]]:
        return list(state.tables.lottery_outcomes[state.hands[self.owner]])

    def prompt(self, state: DouroState, viewer: int | None) -> str:
        return (f"Phylloxera lottery: drawing a barrel card from "
                f"{seat_name(state, self.owner)}'s hand.")


@dataclass(frozen=True, slots=True)
class LotteryRound(AutoStep["DouroState"]):
    """R5: the cards of lottery round ``round`` are laid face up in front of the seats
    ``among``: the lowest receives the phylloxera; the tied draw again, or cut."""

    among: tuple[int, ...]
    round: int


@dataclass(frozen=True, slots=True)
class LotteryCut(ChanceStep["DouroState"]):
    """R5: after the last tied lottery round a cut among the tied seats ``among`` decides."""

    among: tuple[int, ...]
    phase: ClassVar[str] = "lottery cut"

    def chance_outcomes(self, state: DouroState) -> list[tuple[int, float]]:
        ids = state.tables.cut_id
        p = 1.0 / len(self.among)
        return [(ids[s], p) for s in self.among]

    def prompt(self, state: DouroState, viewer: int | None) -> str:
        return "Phylloxera lottery: a cut among the tied players gives the card."


# ----- a card laid face down ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class LayFaceDown(Step["DouroState"]):
    """``owner`` lays a barrel card face down, for ``purpose`` (dispute or charity).

    For a player ``seat == owner`` and the legal actions are the cards of the hand; for
    D. Sebastião ``seat`` is CHANCE and the outcomes are uniform over his hand. ``level``:
    the level index of the regular Rabelo card in dispute, or :data:`FOG` (the fog card on
    the stack; a charity card). ``last``: the last seat's lay, after which a dispute's cards
    are revealed. Build one with :func:`lay`.
    """

    owner: int
    purpose: str
    seat: int
    level: int
    last: bool
    chance: bool  # type: ignore[misc]  # an instance field here: the ghost's lay is chance
    # "Each player chooses one of their cards and places it face down": the seats lay at
    # once (the steps ask in seat order; a front may take them in any, core/flow.py).
    group: ClassVar[str] = "lay face down"

    @property
    def phase(self) -> str:
        if self.chance:
            return "ghost" if self.purpose == DISPUTE else "ghost charity"
        return self.purpose

    def legal_actions(self, state: DouroState) -> tuple[int, ...]:
        return state.tables.lay_ids[self.purpose][state.hands[self.seat]]

    def chance_outcomes(self, state: DouroState) -> list[tuple[int, float]]:
        return list(state.tables.ghost_outcomes[state.hands[self.owner]])

    def prompt(self, state: DouroState, viewer: int | None) -> str:
        if self.chance:
            return f"{state.tables.ghost_name} picks a card at random."
        if viewer != self.seat:
            what = "a barrel card" if self.purpose == DISPUTE else "a charity card"
            return f"Waiting for {seat_name(state, self.seat)} to choose {what}."
        if self.purpose == CHARITY:
            return ("Middle of the game: you took back your ten cards. Give one barrel card, "
                    "face down, to the charity card (revealed at the end: lowest -1, "
                    "highest +1).")
        if self.level != FOG:
            level = state.tables.level_names[self.level]
            what = f"the level-{level} regular Rabelo card"
        else:
            what = "the fog Rabelo card (which one is hidden until it is turned)"
        return f"Choose a barrel card to lay face down to dispute {what}."

    def explain_illegal(self, state: DouroState, action: Any) -> str | None:
        if self.purpose == DISPUTE and isinstance(action, Donate):
            return "it is not time for charity; choose a barrel card to dispute the Rabelo card"
        if self.purpose == CHARITY and isinstance(action, PlayBarrel):
            return "first give one barrel card, face down, to the charity card"
        card = state.tables.card_of[action.card]
        if state.donations[self.seat] == card:
            return f"your {action.card} lies under the charity card"
        if card in state.piles[self.seat]:
            return f"you have already played your {action.card}"
        return f"your {action.card} is not in your hand"


def lay(owner: int, purpose: str, ghost: bool, last: bool, level: int = FOG) -> LayFaceDown:
    """The step of ``owner`` laying a card for ``purpose`` (disputing the card of level
    index ``level``, or the fog card), ``last`` of the round or not; D. Sebastião's is
    chance."""
    return LayFaceDown(owner, purpose, CHANCE if ghost else owner, level, last, ghost)


# ----- turning the Rabelo card -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TurnRegular(ChanceStep["DouroState"]):
    """1A: the regular Rabelo card of level index ``level`` in dispute is turned: one of the
    cards of its level not yet turned. ``towed_by``: the fog card (an index) of the Sirga
    that towed it from the stack, or :data:`NOT_TOWED` for the Valley's first card."""

    level: int
    towed_by: int = NOT_TOWED
    phase: ClassVar[str] = "turn regular"

    def chance_outcomes(self, state: DouroState) -> list[tuple[int, float]]:
        t = state.tables
        return list(t.face_outcomes(state.faces & t.level_faces[self.level]))

    def prompt(self, state: DouroState, viewer: int | None) -> str:
        return "Turning the regular Rabelo card in dispute."


@dataclass(frozen=True, slots=True)
class TurnFog(ChanceStep["DouroState"]):
    """1B: the fog Rabelo card in dispute is turned: one of the fog cards not yet turned."""

    phase: ClassVar[str] = "turn fog"

    def chance_outcomes(self, state: DouroState) -> list[tuple[int, float]]:
        return list(state.tables.fog_outcomes(state.fogs))

    def prompt(self, state: DouroState, viewer: int | None) -> str:
        return "Turning the fog Rabelo card in dispute."


REVEALED = (TurnRegular, TurnFog, TowBack)
"""The steps that can be pending while a dispute's cards lie face up: from the reveal until
the Rabelo card (or the one Sirga tows) is settled."""


# ----- what comes next ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class NextRabelo(AutoStep["DouroState"]):
    """Development of the Game: the part of the game pushed before this step is over (the
    Valley dealt, the lottery, a dispute, the charity cards given); what comes next is
    decided now, from the position."""


DEAL_BACK = DealBack()
TURN_FOG = TurnFog()
NEXT_RABELO = NextRabelo()
