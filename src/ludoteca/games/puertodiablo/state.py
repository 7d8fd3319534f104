"""A position of Puerto Diablo: its fields and clone (what a seat cannot see: :mod:`.hidden`).

No rules here: the ``rules`` table at the bottom wires each step type to the rule that
resolves it (:mod:`.rules`), and the views are in :mod:`.view`.

Layout (flat lists of small ints). Per character card: ``place`` (pile, ship, ashore, out
of the game, market: the constants of :mod:`.steps`), ``owner`` (seat, -1) and ``cover``
(bit 0 the left side covered, bit 1 the right). Per seat: ``ashore`` (1 while still in the
harbour), ``offers``, ``assigned``, ``committed`` (this challenge), ``vp`` (at the end);
lists per seat: ``hand`` (ability titles playable), ``ship_abis`` (on the ship this
harbour), ``aside`` (bought this round), ``tales``, ``chosen`` (characters picked to go
ashore, not yet revealed). ``market``: 4 character slots then 4 ability slots (-1 empty).
Piles (core :class:`~ludoteca.core.hidden.Pile`): ``char_pile``, ``abi_pile``,
``log_pile``; ``level_two`` the held-back level II abilities (counts); ``weather`` the
opened weather card on top, ``used_log`` the other opened log cards of this harbour.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.events import Event
from ludoteca.core.flow import Step
from ludoteca.core.hidden import Pile
from ludoteca.core.state import State
from ludoteca.games.puertodiablo import hidden, view
from ludoteca.games.puertodiablo.rules import (
    abilities,
    advanced,
    assignment,
    challenge,
    consequence,
    crew,
    end,
    first,
    harbour,
    log,
    lookout,
    purchase,
    setup,
    treasure,
)
from ludoteca.games.puertodiablo.steps import (
    PILOT_AHEAD_MOST,
    AbilityOffer,
    AbilityRoll,
    AfterEvent,
    AfterFailedRoll,
    Arrive,
    BeforeRoll,
    CarryOut,
    ChoicePoint,
    ChooseSeeker,
    ClearTreasures,
    CommitSymbols,
    Consequence,
    CounterWindow,
    CrewEnd,
    CrewPhase,
    DealDraft,
    DealSlot,
    Decide,
    DeliverAbility,
    Delivery,
    DeliveryTurn,
    DraftPick,
    DraftReveal,
    EffectChoice,
    EventCounter,
    EventWindow,
    Failed,
    FinalHunts,
    GameEnd,
    HuntResult,
    LastOut,
    LayOut,
    LeaveChoice,
    LoseAbility,
    MakeOffer,
    MomentWindow,
    NewHunt,
    NextBuyer,
    NextSeeker,
    OpenOffers,
    OpenTreasure,
    OpenWindow,
    PassHands,
    PayDoubloons,
    PeekLog,
    PendingEvent,
    PickCharacter,
    PickHelper,
    PickPilot,
    PickSet,
    PickVoyage,
    PilotAssigns,
    PilotPicks,
    Purchase,
    RandomLoss,
    Refill,
    ReopenTreasureCounter,
    ReopenWindow,
    ReorderPeek,
    Resolved,
    Reveal,
    SelectAshore,
    StartBuy,
    StartHunt,
    StartRollOff,
    StartRound,
    StartTurn,
    TakeCheapestStep,
    TopUp,
    TreasureCheck,
    TreasureCounter,
    TreasureRoll,
    TurnLog,
    WarLoss,
    WarLosses,
    WeakenSide,
    WeatherWar,
    Wish,
    actor_refusal,
)
from ludoteca.games.puertodiablo.tables import MARKET_SLOTS, Tables

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo import PuertoDiablo

PROSPECT_WIDTH = 2.0
"""VP, the width of :meth:`PuertoDiabloState.evaluation`'s softmax (ASSUMED: chosen by
matches of the ``strong`` bot against the heuristic, docs/bots.md)."""


class PuertoDiabloState(State):
    """A position of Puerto Diablo. See the module docstring for the layout."""

    game: PuertoDiablo

    _copy_lists = ("place", "owner", "cover", "ashore", "offers", "assigned", "committed",
                   "vp", "market", "voyage", "used_log", "chain", "choice",
                   "treasure_market", "hunt_of", "peek", "peek_order")
    _copy_nested = ("hand", "ship_abis", "aside", "tales", "chosen",
                    "found_money", "found_vp", "dealt", "draft_picks")

    def _setup(self) -> None:
        t: Tables = self.game.tables
        self.t = t  # static, shared by every state of the game
        n = self.num_players
        self.round_cap: int = self.options.round_cap
        self.pilot = 0
        self.harbour = -1
        self.voyage = [t.harbours_numbered[2][0], -1, -1, t.harbours_numbered[5][0]]
        self.foul = 0
        self.war_done = 0
        self.round = 0
        self.challenge = -1
        self.outcome = -1
        self.sets_taken = 0
        self.told = 0
        self.place = [0] * t.num_chars
        self.owner = [-1] * t.num_chars
        self.cover = [0] * t.num_chars
        self.ashore = [0] * n
        self.offers = [0] * n
        self.assigned = [0] * n
        self.committed = [0] * n
        self.vp = [0] * n
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.ship_abis: list[list[int]] = [[] for _ in range(n)]
        self.aside: list[list[int]] = [[] for _ in range(n)]
        self.tales: list[list[int]] = [[] for _ in range(n)]
        self.chosen: list[list[int]] = [[] for _ in range(n)]
        self.market = [-1] * MARKET_SLOTS
        self.char_pile = Pile.of([0] * t.num_chars)
        self.abi_pile = Pile.of([0] * t.num_abis)
        self.log_pile = Pile.of([0] * t.num_log)
        self.level_two: tuple[int, ...] = (0,) * t.num_abis
        self.weather = t.opening
        self.used_log: list[int] = []
        self.table_winners: tuple[int, ...] = ()
        # Ability cards (:mod:`.rules.abilities`): this purchase's effects, the chain of
        # counters and which depths are cancelled.
        self.purse = 0
        self.price_cut = 0
        self.extra_buys = 0
        self.extra_tales = 0
        self.tale_bonus = 0
        self.chain: list[tuple[int, int, int]] = []
        self.cancelled = 0
        # The choices made for the ability being played (:mod:`.rules.abilities`), and a
        # weather war found by the war test, not yet fought (party a * parties + b; -1).
        self.choice: list[int] = []
        self.pending_war = -1
        # The pilot's assignment with ability cards (:mod:`.rules.assignment`), for this
        # challenge: per seat the symbols offered by an ability card, those supplied by
        # one, the prohibited types he may commit anyway (a mask); a character per
        # doubling played on it; the seats whose characters stand firm against the event
        # being settled (a mask). Tuples and ints: replaced, never changed in place.
        self.by_ability: tuple[int, ...] = (0,) * n
        self.supplied: tuple[int, ...] = (0,) * n
        self.dispensed: tuple[int, ...] = (0,) * n
        self.doubled: tuple[int, ...] = ()
        self.shielded = 0
        # The event being settled (a war, a consequence's primitive: R66), public.
        self.event: PendingEvent | None = None
        self.spared_depth = 0  # R67: a bit per depth of the chain a shield answered
        # LOG_PEEK (:mod:`.rules.lookout`): the log cards the peeker holds in his hand, in
        # the order seen, those already put back, and who he is (-1: no peek going on).
        self.peek: list[int] = []
        self.peek_order: list[int] = []
        self.peeker = -1
        # MARKET_HELP (:mod:`.rules.market_help`): more market helpers for this challenge.
        self.extra_help = 0
        # Shown on the board only (no rule reads them): the seats in the harbour when this
        # round's offers opened (a mask; those who leave later stay in the negotiation,
        # marked) and the symbols market help supplied to this challenge.
        self.challengers = 0
        self.help_supplied = 0
        # The last ability roll (seat, title name, face, least roll, success): public.
        self.last_roll: tuple[int, str, int, int, bool] | None = None
        # Treasure hunting (option ``treasure``, :mod:`.rules.treasure`): the face-down
        # pile, the harbour's treasure market (edition indices, face up), per character
        # the treasure it hunts (-1), per seat the money treasures in hand and the VP
        # treasures with the tall tales; the check in progress and the last hunt's roll.
        self.treasure_on = self.options.treasure == "on"
        self.treasure_pile = Pile.of([0] * t.num_treasures)
        self.treasure_market: list[int] = []
        self.hunt_of = [-1] * t.num_chars
        self.found_money: list[list[int]] = [[] for _ in range(n)]
        self.found_vp: list[list[int]] = [[] for _ in range(n)]
        self.check_due = 0
        self.hunt_delta = 0
        self.hunt_reroll = 0
        self.last_hunt: tuple[int, ...] | None = None  # the fields of treasure_roll
        # The advanced start (option ``start``, :mod:`.rules.advanced`): the five dealt to
        # each seat (in deal order; hidden from the others), the characters each kept.
        self.advanced = self.options.start == "advanced"
        self.dealt: list[list[int]] = [[] for _ in range(n)]
        self.draft_picks: list[list[int]] = [[] for _ in range(n)]
        self.draft_passed = 0
        self.start_done = 0
        # R51 (option ``pilot_own_plays``): the most of his own cards the pilot plays in a
        # window ahead of a player waiting to play (None: no most). The count itself is
        # the window's: its steps carry it (``pilot_ahead``), since windows nest (a
        # counter window inside a moment's) and each has its own.
        self.pilot_ahead_most: int | None = (
            PILOT_AHEAD_MOST if self.options.pilot_own_plays == "two" else None)
        self.push(PickPilot())

    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        del state["t"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self.t = self.game.tables

    # ----- results -------------------------------------------------------------------

    def scores(self) -> list[float]:
        """VP: at the end the final scoring; before it the tall tales told so far."""
        if self.is_terminal():
            return [float(v) for v in self.vp]
        return [float(end.tale_vp(self, s)) for s in range(self.num_players)]

    def evaluation(self) -> list[float]:
        """A win-share guess for a search that stops early, exact at the end (the
        returns): a softmax of each seat's :func:`~.rules.end.prospect` (the VP he would
        score if the game ended now), :data:`PROSPECT_WIDTH` VP wide.

        The tall tales alone (``scores()`` before the end) leave out the symbol bonus,
        which is most of a player's final VP and moves with every character bought or
        lost; and a share for the leader alone tells a search of four seats little about
        a move that brings a seat closer to first place."""
        if self.is_terminal():
            return self.returns()
        points = [end.prospect(self, s) for s in range(self.num_players)]
        top = max(points)
        weights = [math.exp((x - top) / PROSPECT_WIDTH) for x in points]
        total = sum(weights)
        return [w / total for w in weights]

    def winners(self) -> list[int]:
        return list(self.table_winners)

    # ----- information ---------------------------------------------------------------

    def _determinize(self, player: int, rng: random.Random) -> PuertoDiabloState:
        return hidden.determinize(self, player, rng)

    def _hidden_action(self, seat: int, index: int, event: Event,
                       source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
        return hidden.hidden_action(self, seat, index, event, source)

    def _explain_illegal(self, action: Any) -> str | None:
        """The pending step's reason, after the one every window shares: an ability acted
        by a character that does not show its foreknowledge (R73)."""
        seat = getattr(self._steps[0], "seat", -1) if self._steps else -1
        if seat >= 0:
            reason = actor_refusal(self, seat, action, self.legal_actions())
            if reason:
                return reason
        return super()._explain_illegal(action)

    # ----- views (in :mod:`.view`) -----------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        player = self._check_seat(player, spectator=True)
        return view.observation(self, player)

    def _observation_tensor(self, player: int) -> list[float]:
        return view.observation_tensor(self, player)

    def _action_label(self, action: Any) -> str:
        return view.action_label(self, action)

    def _outcome_label(self, outcome: Any) -> str:
        return view.outcome_label(self, outcome)

    def _action_json(self, item: Any) -> dict[str, Any]:
        return view.action_json(self, item)

    def _describe_event(self, event: Event, viewer: int | None) -> str:
        return view.describe_event(self, event, viewer)

    rules: ClassVar[dict[type[Step[Any]], Callable[[Any, Any, Any], None]]] = {
        PickPilot: setup.first_pilot,
        PickVoyage: setup.pick_voyage,
        PickSet: setup.choose_set,
        LayOut: setup.lay_out,
        Arrive: harbour.arrive,
        SelectAshore: harbour.select_ashore,
        Reveal: harbour.reveal,
        Refill: harbour.refill,
        DealSlot: harbour.deal_slot,
        TopUp: harbour.top_up,
        TakeCheapestStep: harbour.take_cheapest,
        StartRound: log.start_round,
        TurnLog: log.turn_log,
        WarLoss: log.war_loss,
        AfterEvent: consequence.after_event,
        MakeOffer: challenge.make_offer,
        Decide: challenge.decide,
        PilotAssigns: challenge.pilot_assigns,
        PickHelper: challenge.pick_helper,
        CommitSymbols: challenge.commit,
        Resolved: challenge.resolved,
        NextBuyer: challenge.next_buyer,
        Failed: challenge.failed,
        Consequence: consequence.consequence,
        PickCharacter: consequence.pick_character,
        PayDoubloons: consequence.pay_doubloons,
        LoseAbility: consequence.lose_chosen,
        RandomLoss: consequence.random_loss,
        Purchase: purchase.purchase,
        CrewPhase: crew.crew_phase,
        LeaveChoice: crew.leave_choice,
        CrewEnd: crew.crew_end,
        LastOut: crew.last_out,
        GameEnd: end.game_end,
        AbilityRoll: abilities.roll,
        CounterWindow: abilities.counter_window,
        CarryOut: abilities.carry_out,
        ReopenWindow: abilities.reopen_window,
        OpenWindow: abilities.open_window,
        MomentWindow: abilities.moment_window,
        ChoicePoint: abilities.choice_point,
        EffectChoice: abilities.effect_choice,
        WeakenSide: abilities.weaken_side,
        WeatherWar: log.weather_war,
        OpenOffers: log.open_offers,
        # The pilot's assignment with ability cards; counters to events.
        AbilityOffer: assignment.ability_offer,
        DeliveryTurn: assignment.delivery_turn,
        DeliverAbility: assignment.deliver_ability,
        Delivery: assignment.delivery,
        EventCounter: assignment.event_counter,
        EventWindow: assignment.event_window,
        WarLosses: log.war_losses,
        Wish: first.wish,
        PilotPicks: first.pilot_picks,
        PeekLog: lookout.peek_log,
        ReorderPeek: lookout.reorder_peek,
        # Treasure hunting (option ``treasure``).
        OpenTreasure: treasure.open_treasure,
        StartHunt: treasure.start_hunt,
        TreasureCheck: treasure.treasure_check,
        NextSeeker: treasure.next_seeker,
        ChooseSeeker: treasure.choose_seeker,
        BeforeRoll: treasure.before_roll,
        TreasureRoll: treasure.treasure_roll,
        AfterFailedRoll: treasure.after_failed_roll,
        TreasureCounter: treasure.treasure_counter,
        ReopenTreasureCounter: treasure.reopen_counter,
        HuntResult: treasure.hunt_result,
        NewHunt: treasure.new_hunt,
        FinalHunts: treasure.final_hunts,
        ClearTreasures: treasure.clear_treasures,
        # The advanced start (option ``start``).
        DealDraft: advanced.deal,
        DraftPick: advanced.draft_pick,
        PassHands: advanced.pass_hands,
        DraftReveal: advanced.reveal,
        StartTurn: advanced.start_turn,
        StartRollOff: advanced.roll_off,
        StartBuy: advanced.start_buy,
    }
    """Step type -> the rule that resolves it (:mod:`.rules`)."""
