"""A position of Vintage: its fields and clone (what a seat cannot see: :mod:`.hidden`).

No rules here: the ``rules`` table at the bottom wires each step type to the rule that
resolves it (:mod:`.rules`), and the views are in :mod:`.view`.

Layout (flat lists of small ints, cheap to clone). Per seat: ``vp``, ``brandy``,
``markers`` (free to place this round), ``overseer`` (1 while unused), ``tiles`` (estate
tiles not yet bought, each locking a marker), ``passed``, ``bought``, ``harvested``,
``enologist`` (Enologist upgrades played this round), ``boat`` (its port), ``boat_markers``.
Per seat and round: ``parked`` (markers on a future round's chip), stride ``rounds + 1``.
Per estate space: ``owner`` (-1 empty), ``vines`` (a bit per colour, black last),
``quality``, ``lot`` / ``lot_q`` (the harvest lot lying on it: barrels, quality). Per seat
and section: ``hold`` / ``hold_q``; per seat and cellar column: ``cellar`` / ``cellar_q``;
per seat and warehouse row: ``ware`` (barrels). Per circle: ``occupied`` (seat, -1);
per seat ``overseer_at`` (the circle its overseer stands on this round, -1: read by the
views only, so that the table draws the overseer as itself).
Per round: ``chips`` (the value kind of its chip, -1 while nobody has seen it: a chip is
drawn when first seen) and ``chip_known`` (a bit per seat that saw it). Cards: ``deck``
(a core :class:`~ludoteca.core.hidden.Pile` with its discards), ``display`` (kinds, -1
empty), per seat ``open_hand`` (taken face up) and ``secret_hand`` (drawn from the deck),
``reminders`` (cards lying on reminder spaces or beside boards until the round ends).
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
from ludoteca.games.vintage import hidden, view
from ludoteca.games.vintage.rules import ageing, boat, cards, estates, harvest, round, setup
from ludoteca.games.vintage.rules.end import prospect
from ludoteca.games.vintage.steps import (
    CHOOSE_FIRST,
    AgeingDie,
    AgeLots,
    Arrive,
    BuyBonus,
    CardsUse,
    ChooseEstate,
    ChooseFirst,
    DealDisplay,
    DeckCard,
    DiscardFor,
    EndRound,
    Enologist,
    ExtraBarrelStep,
    FreeAction,
    Harvest,
    NextTurn,
    PeekedChip,
    PlantVine,
    PortCall,
    RevealChip,
    Sail,
    Sale,
    StartRound,
    TakeBarrels,
    Turn,
    TwoBarrels,
    Unload,
)
from ludoteca.games.vintage.tables import Tables

STANDING_WIDTH = 2.0
"""VP: how wide the softmax of :meth:`VintageState.evaluation` is (a seat 2 VP behind
another weighs about a third as much)."""

if TYPE_CHECKING:
    from ludoteca.games.vintage import Vintage


class VintageState(State):
    """A position of Vintage. See the module docstring for the layout."""

    game: Vintage

    _copy_lists = ("vp", "brandy", "markers", "overseer", "tiles", "passed", "bought",
                   "harvested", "enologist", "boat", "boat_markers", "parked", "owner",
                   "vines", "quality", "lot", "lot_q", "hold", "hold_q", "cellar",
                   "cellar_q", "ware", "occupied", "overseer_at", "chips", "chip_known", "display",
                   "reminders")
    _copy_nested = ("open_hand", "secret_hand")

    def _setup(self) -> None:
        t: Tables = self.game.tables
        self.t = t  # static, shared by every state of the game
        n = self.num_players
        self.circle_choice_free: bool = self.options.circle_choice == "free"
        self.boat_card_up_to: bool = self.options.boat_card == "up_to"
        self.free_action_cards: bool = self.options.free_action_cards == "allowed"
        self.enologists_once: bool = self.options.enologists == "once"
        self.upgrade_before: bool = self.options.upgrade_room == "before"
        self.everyone_mask = (1 << n) - 1
        self.round = 0
        self.first = -1
        self.vp = [t.start_vp] * n
        self.brandy = [t.start_brandy] * n
        self.markers = [0] * n
        self.overseer = [1] * n
        self.tiles = [t.locked] * n
        self.passed = [0] * n
        self.bought = [0] * n
        self.harvested = [0] * n
        self.enologist = [0] * n
        self.boat = [0] * n
        self.boat_markers = [0] * n
        self.parked = [0] * (n * (t.rounds + 1))
        k = t.num_spaces
        self.owner = [-1] * k
        self.vines = [0] * k
        self.quality = [0] * k
        self.lot = [0] * k
        self.lot_q = [0] * k
        # Set-up: one starting estate each, on the first spaces of its sub-region.
        for seat in range(n):
            e = t.start_spaces[seat]
            self.owner[e] = seat
            self.vines[e] = t.start_vines
            self.quality[e] = t.base_quality[e]
        self.hold = [0] * (n * t.sections)
        self.hold_q = [0] * (n * t.sections)
        self.cellar = [0] * (n * t.num_columns)
        self.cellar_q = [0] * (n * t.num_columns)
        self.ware = [0] * (n * t.num_rows)
        self.occupied = [-1] * t.num_circles
        self.overseer_at = [-1] * n
        self.supply = t.port_supply
        self.black_left = t.old_vines
        self.chips = [-1] * t.rounds
        self.chip_known = [0] * t.rounds
        self.deck = Pile.of(t.card_copies)
        self.display = [-1] * t.display
        self.open_hand: list[list[int]] = [[] for _ in range(n)]
        self.secret_hand: list[list[int]] = [[] for _ in range(n)]
        self.reminders: list[int] = []
        self.final: tuple[tuple[int, ...], ...] = ()
        self.table_winners: tuple[int, ...] = ()
        self.push(CHOOSE_FIRST)

    def chip_odds(self) -> list[tuple[int, float]]:
        """The chance outcomes of a chip seen for the first time: the chips nobody has
        seen, by value (the track's unseen ones and the box's alike)."""
        t = self.t
        counts = list(t.chip_counts)
        for c in self.chips:
            if c >= 0:
                counts[c] -= 1
        total = sum(counts)
        ids = t.chip_outcome
        return [(ids[v], c / total) for v, c in enumerate(counts) if c]

    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        del state["t"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self.t = self.game.tables

    # ----- results -------------------------------------------------------------------

    def scores(self) -> list[float]:
        """The VP track (the final additions included at the end)."""
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        return list(self.table_winners)

    def evaluation(self) -> list[float]:
        """A win-share guess for a search that stops early, exact at the end: a softmax
        of each seat's :func:`~.rules.end.prospect` (the VP track with the barrels and
        estates that will score at the end), :data:`STANDING_WIDTH` VP wide.

        Most VP come only with the final scoring, so the VP track alone says little; and
        a graded share, rather than all to the leader, lets a search tell a position one
        VP behind from one ten behind."""
        if self.is_terminal():
            return self.returns()
        points = [prospect(self, s) for s in range(self.num_players)]
        top = max(points)
        weights = [math.exp((x - top) / STANDING_WIDTH) for x in points]
        total = sum(weights)
        return [w / total for w in weights]

    # ----- information ---------------------------------------------------------------

    def _determinize(self, player: int, rng: random.Random) -> VintageState:
        return hidden.determinize(self, player, rng)

    def _hidden_action(self, seat: int, index: int, event: Event,
                       source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
        return hidden.hidden_action(self, seat, index, event, source)

    # ----- views (in :mod:`.view`) -----------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        player = self._check_seat(player, spectator=True)
        return view.observation(self, player)

    def _seat_observation(self, player: int, public: dict[str, Any]) -> dict[str, Any]:
        return view.seat_observation(self, player, public)

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

    def _final_prompt(self, viewer: int | None) -> str:
        return "The game is over."

    rules: ClassVar[dict[type[Step[Any]], Callable[[Any, Any, Any], None]]] = {
        ChooseFirst: setup.choose_first,
        DealDisplay: setup.deal_card,
        StartRound: round.start_round,
        RevealChip: round.reveal_chip,
        NextTurn: round.next_turn,
        Turn: round.turn,
        EndRound: round.end_round,
        ChooseEstate: estates.buy_estate,
        BuyBonus: estates.buy_bonus,
        PlantVine: estates.plant_vine,
        Harvest: harvest.harvest,
        PortCall: boat.port_call,
        Sail: boat.sail,
        Arrive: boat.arrive,
        Unload: boat.unload,
        AgeingDie: ageing.ageing_die,
        AgeLots: ageing.age_lot,
        ExtraBarrelStep: ageing.extra_barrel,
        Sale: ageing.sale,
        CardsUse: cards.cards_use,
        DiscardFor: cards.discard_for,
        DeckCard: cards.deck_card,
        Enologist: cards.enologist,
        PeekedChip: cards.peeked_chip,
        TakeBarrels: cards.take_barrel,
        TwoBarrels: cards.two_barrels,
        FreeAction: cards.free_action,
    }
    """Step type -> the rule that resolves it (:mod:`.rules`)."""
