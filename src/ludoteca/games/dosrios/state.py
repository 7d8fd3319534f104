"""A position of Dos Rios: its fields and clone.

No rules here: the ``rules`` table at the bottom wires each step type to the rule that
resolves it (:mod:`.rules`), and the views are in :mod:`.view`.

Layout (flat lists of small ints, cheap to clone):

* ``terrain`` (per hex, a terrain code) and ``height`` (per river node and location), tuples
  fixed once the tiles are laid and shared by clones; ``laid`` the (tile, rotation) of each
  slot, ``tiles_left`` a bit per tile not yet laid;
* ``out``: per river node, the side its segment leaves by (-1: none); the rivers are the
  chains from the two sources (:meth:`DosRiosState.course`); ``dams`` a bit per side;
* ``pos``: per seat, its workers' locations (-1: still in the supply), stride
  ``workers``; ``hex_seat`` / ``hex_count``: per hex, whose workers stand there and how
  many (one colour per hex: entering means driving the others off);
* ``building``: per hex, ``seat * 2 + kind`` (farm 0, estate 1) or -1; ``estate_hex``;
* per seat ``money``, ``logs``, ``farms_left``, ``estates_left``, ``had_turn``;
* ``row`` (the face-up action cards, left to right) and ``deck`` (a core
  :class:`~ludoteca.core.hidden.Pile` with its discards: counts only, its order is never
  stored);
* ``start``, ``active`` (whose turn, -1 in set-up), ``turns`` (turns begun).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.events import Event
from ludoteca.core.flow import Step
from ludoteca.core.hidden import Pile
from ludoteca.core.state import State
from ludoteca.games.dosrios import hexes, view
from ludoteca.games.dosrios.rules import end, harvest, rivers, setup, turn
from ludoteca.games.dosrios.steps import (
    CHOOSE_START,
    ActionPoints,
    ChooseRiver,
    ChooseStart,
    Harvest,
    LayRiver,
    LayTile,
    MustLeave,
    NextTurn,
    PlaceWorkers,
    RevealCard,
    RiverBranch,
)
from ludoteca.games.dosrios.tables import RIVERS, Tables

if TYPE_CHECKING:
    from ludoteca.games.dosrios import DosRios

PROSPECT_WIDTH = 500.0
"""How wide, in money, the softmax of :meth:`DosRiosState.evaluation` is: one Farm's cost
(ASSUMED, a search's guess)."""


class DosRiosState(State):
    """A position of Dos Rios. See the module docstring for the layout."""

    game: DosRios

    _copy_lists = ("out", "pos", "hex_seat", "hex_count", "building", "estate_hex", "money",
                   "logs", "farms_left", "estates_left", "had_turn", "row", "laid")

    def _setup(self) -> None:
        t: Tables = self.game.tables
        self.t = t  # static, shared by every state of the game
        n = self.num_players
        o = self.options
        self.estate_adjacent: bool = o.own_estate_entry == "adjacent"
        self.literal_passing: bool = o.farm_passing == "literal"
        self.river_choice: bool = o.river_order == "choose"
        self.turn_limit: int = o.max_rounds * n
        self.terrain: tuple[int, ...] = ()
        self.height: tuple[int, ...] = ()
        self.laid: list[tuple[int, int]] = [(k, 0) for k in range(len(t.slots))]
        self.tiles_left = 0
        self.out = [-1] * t.num_nodes
        self.dams = 0
        w = t.workers
        self.pos = ([t.town] * t.workers_in_town + [-1] * (w - t.workers_in_town)) * n
        self.hex_seat = [-1] * t.num_hexes
        self.hex_count = [0] * t.num_hexes
        self.building = [-1] * t.num_hexes
        self.estate_hex = [-1] * n
        self.money = [t.start_money] * n
        self.logs = [t.start_logs] * n
        self.farms_left = [t.farms] * n
        self.estates_left = [t.estates] * n
        self.had_turn = [0] * n
        self.row: list[int] = []
        self.deck = Pile.of(t.card_copies)
        self.start = -1
        self.active = -1
        self.turns = 0
        self.table_winners: tuple[int, ...] = ()
        if o.tiles == "default":
            self.set_terrain(t.default_terrain)
            self.push(CHOOSE_START)
        else:
            self.tiles_left = (1 << len(t.tiles)) - 1
            self.push(*(LayTile(k) for k in range(len(t.slots))), CHOOSE_START)

    def set_terrain(self, terrain: tuple[int, ...]) -> None:
        self.terrain = terrain
        self.height = self.t.heights(terrain)

    # ----- the position, read by rules and views ------------------------------------------

    def put_worker(self, seat: int, src: int, dst: int) -> None:
        """One of ``seat``'s workers from ``src`` (-1: the supply) to ``dst``."""
        t = self.t
        w = t.workers
        base = seat * w
        pos = self.pos
        i = pos.index(src, base, base + w)
        pos[i] = dst
        h = t.num_hexes
        if 0 <= src < h:
            self.hex_count[src] -= 1
            if not self.hex_count[src]:
                self.hex_seat[src] = -1
        if dst < h:
            self.hex_count[dst] += 1
            self.hex_seat[dst] = seat

    def course(self, river: int) -> list[int]:
        """The hexes ``river`` flows through, from its source down (merged stretches
        included: they belong to both rivers)."""
        t = self.t
        out = self.out
        node = t.source[river]
        hexes_: list[int] = []
        h = t.num_hexes
        while out[node] >= 0:
            node = t.side_target[out[node]]
            if node >= h:
                break
            hexes_.append(node)
        return hexes_

    def irrigated(self) -> set[int]:
        """The hexes either river flows through."""
        return set(self.course(0)) | set(self.course(1))

    def rivers_through(self, node: int) -> list[int]:
        """The rivers flowing through ``node`` (a source: its own river)."""
        t = self.t
        if node in t.source:
            return [t.source.index(node)]
        return [r for r in range(len(RIVERS)) if node in self.course(r)]

    def node_name(self, node: int) -> str:
        """A hex as ``(c,r)``, or the Town, a path, a lake or a source by name."""
        t = self.t
        if node < t.num_hexes:
            return hexes.name(t.pos[node])
        names = {t.town: "the Town", t.west: "the west path", t.east: "the east path",
                 t.lake_west: "Lake West", t.lake_east: "Lake East",
                 t.source[0]: "the Rio Verde source", t.source[1]: "the Rio Moreno source"}
        return names[node]

    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        del state["t"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self.t = self.game.tables

    # ----- results -------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Buildings on the board (the rulebook keeps no score; this is what the turn
        limit ranks first, R22)."""
        n = self.num_players
        t = self.t
        return [float(t.farms - self.farms_left[s] + t.estates - self.estates_left[s])
                for s in range(n)]

    def winners(self) -> list[int]:
        return list(self.table_winners)

    def result_reason(self) -> str | None:
        """The tie-break that decided a game ended by the turn limit (R22); None for a
        victory, which the buildings show."""
        if not end.ended_by_limit(self):
            return None
        return view.limit_reason(self, list(self.table_winners))

    def result_figures(self) -> list[str] | None:
        """Each seat's buildings, irrigated buildings and cash down to the deciding one
        when the turn limit ended the game (R22); None for a victory."""
        return view.limit_figures(self) if end.ended_by_limit(self) else None

    def evaluation(self) -> list[float]:
        """A win-share guess for a search that stops early, exact at the end: a softmax
        of each seat's :func:`~.rules.end.prospect` (cash, Logs, buildings and workers on
        watered land, in money), :data:`PROSPECT_WIDTH` wide.

        Buildings alone (``scores()``) stay level for many turns while cash and water
        decide who builds next; a graded share lets a search tell a Farm behind from
        a harvest behind."""
        if self.is_terminal():
            return self.returns()
        wet = self.irrigated()
        points = [end.prospect(self, s, wet) for s in range(self.num_players)]
        top = max(points)
        weights = [math.exp((x - top) / PROSPECT_WIDTH) for x in points]
        total = sum(weights)
        return [w / total for w in weights]

    # ----- information ---------------------------------------------------------------

    def _determinize(self, player: int, rng: random.Random) -> DosRiosState:
        """The board, the row and the discards are public; the stack is counts with no
        order stored, so the only unknown, the order of the stack, is a chance node of
        every draw and nothing is left to resample."""
        world = self.clone()
        world.deck = self.deck.determinize(player, rng)
        return world

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

    def _final_prompt(self, viewer: int | None) -> str:
        return "The game is over."

    rules: ClassVar[dict[type[Step[Any]], Callable[[Any, Any, Any], None]]] = {
        LayTile: setup.lay_tile,
        ChooseStart: setup.choose_start,
        ChooseRiver: setup.choose_river,
        LayRiver: rivers.lay_river,
        RiverBranch: rivers.river_branch,
        PlaceWorkers: setup.place_worker,
        RevealCard: harvest.reveal_card,
        NextTurn: turn.next_turn,
        ActionPoints: turn.action_points,
        MustLeave: turn.must_leave,
        Harvest: harvest.harvest,
    }
    """Step type -> the rule that resolves it (:mod:`.rules`)."""
