"""A position of Douro 1872: its fields and clone (what a seat cannot see: :mod:`.hidden`).

No rules here: the ``rules`` table at the bottom wires each step type to the rule that
resolves it (:mod:`.rules`), and the views are in :mod:`.view`.

Layout (flat, cheap to clone): hands are bit masks over the barrel cards (positions in the
edition's list of values), piles and face-down cards are card positions, the Valley a list
of level indices, the unseen stack two core Pile values (no future card is stored, R2). Seats
at the table are ``0..seats-1``; in the two-player game the last one is D. Sebastião, who
has a hand, a pile and points like anyone but whose cards are chance outcomes.

The stack is two :class:`~ludoteca.core.hidden.Pile` values (:func:`.rules.stack.new_stack`),
because a Rabelo card is learnt in two steps: its back, then (for a regular card) its
level. ``backs`` holds the backs nobody has seen, of kinds regular and fog
(:data:`.steps.REGULAR_BACK`, :data:`.steps.FOG_BACK`): the cards above the bottom three as
counts, the bottom three a bag of regular cards known to all (B1), and, when the edition
says the top card is always regular (B2), that top known to everyone. ``levels`` holds the
levels of the regular cards whose back nobody has seen - the bottom three's among them, as
nobody knows which levels lie at the bottom - and is drawn when a regular back shows. A
back's chance node is fog by the odds of ``backs``, and each level ``p_regular * n / left``
from ``levels`` (:func:`.steps.back_outcomes`). A fog card whose back showed stays on top of
the stack until it is disputed: it is counted in ``fog_top``, not in a pile.

Fields hold the position only. What a pending decision is about - the card in dispute, the
Sirga card towing, the lottery round and who draws in it - is in the pending steps
(:mod:`.steps`); whether a dispute's cards lie face up is read from them (:attr:`revealed`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.events import Event
from ludoteca.core.flow import Step
from ludoteca.core.state import State
from ludoteca.core.words import Ghost
from ludoteca.games.douro1872 import hidden, view
from ludoteca.games.douro1872.rules import dispute, fog, lottery, sebastiao, stack
from ludoteca.games.douro1872.rules.development import next_rabelo
from ludoteca.games.douro1872.steps import (
    DEAL_BACK,
    NEXT_RABELO,
    REVEALED,
    DealBack,
    LayFaceDown,
    LotteryCut,
    LotteryDraw,
    LotteryRound,
    NextRabelo,
    TowBack,
    TurnFog,
    TurnRegular,
)
from ludoteca.games.douro1872.tables import Tables

if TYPE_CHECKING:
    from ludoteca.games.douro1872 import Douro1872


class DouroState(State):
    """A position of Douro 1872. See the module docstring for the layout."""

    game: Douro1872

    _copy_lists = ("hands", "points", "valley", "choices", "donations", "returned")
    _copy_nested = ("piles",)

    def _setup(self) -> None:
        t: Tables = self.game.tables
        self.tables = t  # static, shared by every state of the game
        # The table: two players sit at a table of three with D. Sebastião (R11).
        self.seats, self.ghost, self.phylloxera_used, self.column = sebastiao.table(
            t, self.num_players)
        self.orders: tuple[int, ...] = t.orders[self.column]
        self.fog_order: int = t.fog_orders[self.column]
        self.charity_all_equal: str = self.options.charity_all_equal  # R9
        seats = self.seats
        # A1/A3: ten barrel cards and 5 points each; the ghost's are edition values (R11).
        self.hands: list[int] = [t.full_hand] * seats
        self.piles: list[list[int]] = [[] for _ in range(seats)]
        self.points: list[int] = [t.start_score] * seats
        if self.ghost >= 0:
            self.points[self.ghost] = t.ghost_start
        self.holder = -1  # the seat holding the phylloxera card, -1 before the lottery
        # B1/B2: the stack, as two piles of what nobody has seen (R2): the backs (regular
        # or fog) and the levels of the regular cards among them (values, shared by clones).
        self.backs, self.levels = stack.new_stack(t)
        self.faces = (1 << t.num_regular) - 1  # regular cards not yet turned
        self.fogs = (1 << t.num_fog) - 1  # fog cards not yet turned
        self.valley: list[int] = []  # level indices, the next to dispute first
        self.fog_top = 0  # fog cards known to be on top of the stack (backs seen)
        # The cards laid in a dispute: face down, then (:attr:`revealed`) face up, their
        # values by seat in ``face_up`` (() while face down).
        self.choices: list[int] = [-1] * seats
        self.face_up: tuple[int, ...] = ()
        self.dispute_steps = dispute.dispute_steps(self)  # shared, per level disputed
        # The middle of the game, charity and the end.
        self.half = 1
        self.donations: list[int] = [-1] * seats
        self.returned: list[int] = [0] * seats  # cards back in hand by Cardia this half
        self.charity: tuple[int, ...] | None = None  # the gifts, once revealed
        self.table_winners: tuple[int, ...] = ()
        # The phylloxera lottery (D): every card it laid face up, (round, seat, card value).
        self.lot_log: tuple[tuple[int, int, int], ...] = ()
        # B3: the Valley is dealt from the top of the stack, then the game develops.
        self.push(DEAL_BACK, NEXT_RABELO)

    @property
    def revealed(self) -> bool:
        """Whether the cards of the dispute in progress lie face up: from the reveal until
        the Rabelo card is settled (read from the pending step)."""
        return type(self.next_step()) in REVEALED

    # The game's tables are not pickled with a state: the unpickled game has them.
    _derived = ("tables", "dispute_steps")

    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        for name in self._derived:
            del state[name]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self.tables = self.game.tables
        self.dispute_steps = dispute.dispute_steps(self)

    # ----- results -------------------------------------------------------------------

    def scores(self) -> list[float]:
        """The players' points (D. Sebastião's are in the observation, ``seats[2]``)."""
        return [float(v) for v in self.points[: self.num_players]]

    def winners(self) -> list[int]:
        """Winning seats among the players; empty when D. Sebastião wins alone (R11)."""
        return [s for s in self.table_winners if s < self.num_players]

    def returns(self) -> list[float]:
        """Win shares; a win shared with D. Sebastião counts him among the winners (R11)."""
        result = [0.0] * self.num_players
        if self.is_terminal():
            share = 1.0 / len(self.table_winners)
            for s in self.winners():
                result[s] = share
        return result

    def evaluation(self) -> list[float]:
        """A win-share guess for a search that stops early; exact (``returns()``) at the end.
        The whole table is ranked, D. Sebastião included: a player gets a share only if they
        lead it, and ``k`` tied leaders share as in ``returns()`` (R11)."""
        if self.is_terminal():
            return self.returns()
        best = max(self.points)
        leaders = [s for s, v in enumerate(self.points) if v == best]
        share = 1.0 / len(leaders)
        return [share if s in leaders else 0.0 for s in range(self.num_players)]

    # ----- information (R1) ------------------------------------------------------------

    sealed_events = frozenset({"lay"})
    """D. Sebastião's card laid face down is a chance outcome everyone is told only the
    fact of: a hidden move for the core's view history, like another seat's lay."""

    def _determinize(self, player: int, rng: random.Random) -> DouroState:
        """Every other seat's face-down and charity card redrawn from its cards out of the
        pile (:func:`.hidden.determinize`)."""
        return hidden.determinize(self, player, rng)

    def _hidden_action(self, seat: int, index: int, event: Event,
                       source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
        """A card laid face down, as this world has it (:func:`.hidden.hidden_action`)."""
        return hidden.hidden_action(self, seat, index, event, source)

    # ----- views (in :mod:`.view`) -----------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        player = self._check_seat(player, spectator=True)
        return view.observation(self, player)

    def _seat_observation(self, player: int, public: dict[str, Any]) -> dict[str, Any]:
        return view.seat_observation(self, player, public)

    def _observation_tensor(self, player: int) -> list[float]:
        return view.observation_tensor(self, player)

    def _observation_tensor_into(self, player: int, out: memoryview[float]) -> None:
        view.write_observation_tensor(self, player, out)

    def _action_label(self, action: Any) -> str:
        return view.action_label(self, action)

    def _outcome_label(self, outcome: Any) -> str:
        return view.outcome_label(self, outcome)

    def _action_json(self, item: Any) -> dict[str, Any]:
        return view.action_json(self, item)

    def _describe_event(self, event: Event, viewer: int | None) -> str:
        return view.describe_event(self, event, viewer)

    def _final_prompt(self, viewer: int | None) -> str:
        return view.final_prompt(self)

    def ghosts(self) -> list[Ghost]:
        return view.ghosts(self)

    rules: ClassVar[dict[type[Step[Any]], Callable[[Any, Any, Any], None]]] = {
        DealBack: stack.deal_back,
        TowBack: fog.tow_back,
        LotteryDraw: lottery.lottery_draw,
        LotteryRound: lottery.lottery_round,
        LotteryCut: lottery.lottery_cut,
        LayFaceDown: dispute.lay_face_down,
        TurnRegular: dispute.turn_regular,
        TurnFog: fog.turn_fog,
        NextRabelo: next_rabelo,
    }
    """Step type -> the rule that resolves it (:mod:`.rules`)."""
