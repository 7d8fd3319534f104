"""Dos Rios (Kosmos / Mayfair, 2004, design Franz-Benno Delonge) - 2 to 4 players.

Two rivers run down a hex map of hills, forests and fields. Players move workers with six
action points a turn, build Farms (500) and an Estate (1,000), and dam the rivers with
Logs to bring water to their land and take it from their neighbours'. At the end of a turn
the first action card of the row is activated (a harvest for everyone on irrigated land, or
the Bandits) or passed over. The first to build all four Farms and the Estate, or the
Estate and three Farms all on irrigated hexes, wins.

Playing it::

    ludoteca play dosrios --players 3
    ludoteca.run_match("dosrios", ["random"] * 4, seed=1)

The package (imports go one way: actions, tables <- steps <- rules <- state -> view):

* :mod:`.edition` / ``editions/default.toml`` - the board (hexes, frame, tile slots and
  tiles, sources, lakes, Town, paths), heights, cards, costs and limits, each value with
  its source; :mod:`.hexes` - the hex coordinates; :mod:`.tables` - the edition compiled
  into flat tables (neighbours, outflow sides, their targets) and the action codec;
* :mod:`.actions` - the decisions (``FlowTo``, ``PlaceWorker``, ``Move``, ``Attack``,
  ``Build``, ``Dam``, ``EndTurn``, ``Activate``, ``PassOver``) and the chance outcomes
  (``Tile``, ``StartPlayer``, ``ActionCard``);
* :mod:`.steps` - what can be pending and what each may choose; :mod:`.rules` - one module
  per section of the rulebook; :mod:`.state` - the fields and the wiring; :mod:`.view` -
  observation, tensor, labels, events in words; :mod:`.render` - the terminal;
  :mod:`.web` - the browser board (an SVG hex map) and the moments its table stops on.

It follows the mapping of ``docs/architecture.md`` ("Dos Rios") with these differences:
``FlowTo`` names the *side* a segment crosses, not the hex, since two sides of a bottom hex
may lead into the same lake or the Town and a later dam on one of them matters (R5);
``Attack(target, a, b)`` names the two attackers' places by their index among the
target's adjacent places, so that its space stays 2,401 ids (the codec's 4,968 ids in all
are above the core's default bound of 4,096, hence ``action_space_limit`` 5,120: a move
and a two-worker attack are each one choice of the rulebook, and each decision lists a few
dozen legal ids at most); the turn passes through an automatic ``NextTurn`` that also ends
the game at the turn limit; the determinization and the view history are the core's
(nothing is hidden but the stack's order, which is never stored), so there is no
``hidden.py``.

Rulings on what the rulebook leaves open are in ``docs/rulings/dosrios.md``. Options:
``tiles`` = ``random`` (default, R1) | ``default``; ``own_estate_entry`` = ``literal``
(default, R10) | ``adjacent``; ``farm_passing`` = ``literal`` (default, R9) | ``strict``;
``river_order`` = ``verde_first`` (default, R3) | ``choose``; ``max_rounds`` (default 60,
R22).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from ludoteca.core.codec import Codec
from ludoteca.core.state import Game, GameInfo, Variant
from ludoteca.core.tensor import TensorLayout
from ludoteca.games.dosrios import view
from ludoteca.games.dosrios.edition import DosRiosEdition
from ludoteca.games.dosrios.state import DosRiosState
from ludoteca.games.dosrios.tables import MOST_SEATS, Tables

__all__ = ["GAME", "DosRios", "DosRiosOptions", "DosRiosState"]

MAX_ROUNDS = 200


class DosRiosOptions(BaseModel):
    """Rule switches (the rulings they choose between are in ``docs/rulings/dosrios.md``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tiles: Literal["random", "default"] = Field(
        "random", title="The land tiles",
        json_schema_extra={"choice_labels": {
            "random": "shuffled and turned at random", "default": "the default arrangement"}},
        description="Whether the twelve land tiles are laid at random (the rulebook) or in "
        "the edition's default arrangement, where the rulebook's river example happens — "
        "ruling R1")
    own_estate_entry: Literal["literal", "adjacent"] = Field(
        "literal", title="Entering one's own Estate",
        json_schema_extra={"choice_labels": {
            "literal": "only from the Town, for 2 points",
            "adjacent": "also from an adjacent hex, for 1 point"}},
        description="Whether a worker enters its own Estate hex only from the Town for two "
        "points (the rulebook's words) or also from an adjacent hex — ruling R10")
    river_order: Literal["verde_first", "choose"] = Field(
        "verde_first", title="Which river is laid first",
        json_schema_extra={"choice_labels": {
            "verde_first": "Rio Verde, then Rio Moreno",
            "choose": "the start player chooses"}},
        description="Whether the start player lays Rio Verde first, as the set-up names "
        "them, or chooses which river to lay first (it decides which river stops where "
        "they meet) — ruling R3")
    farm_passing: Literal["literal", "strict"] = Field(
        "literal", title="Passing an opposing Farm",
        json_schema_extra={"choice_labels": {
            "literal": "dams, buildings and other moves may come before moving on",
            "strict": "the worker's move on is the very next action"}},
        description="Whether, while a worker passes through an opposing Farm, the player "
        "may first dam a side next to it, build, or move other workers (the rulebook's "
        "words: a dam 'during the Worker's move', moves may be interrupted) or must move "
        "that worker on at once — ruling R9")
    max_rounds: int = Field(
        60, ge=1, le=MAX_ROUNDS, title="Most rounds",
        description="Rounds after which, if nobody has won, the most buildings win (then "
        "irrigated buildings, then cash) — ruling R22")


class DosRios(Game):
    id = "dosrios"
    state_class = DosRiosState
    Edition = DosRiosEdition
    default_edition = Path(__file__).parent / "editions" / "default.toml"
    Options = DosRiosOptions
    edition: DosRiosEdition
    tables: Tables
    bot_presets: ClassVar[Mapping[str, str]] = {
        "strong": "ismcts:iterations=150,policy=heuristic,rollout=10,prior=1",
    }

    def build_tables(self) -> None:
        self.tables = Tables(self.edition)

    def build_codec(self) -> Codec:
        return self.tables.codec

    def build_info(self) -> GameInfo:
        t = self.tables
        # A bound, not an estimate. Set-up: the tiles, the start player, at most 2 * 16
        # segments (one hex a row per river), the placements, the row with every Bandits
        # card set aside. A turn: the turn itself, 6 moves (each may pass a Farm: 12),
        # 2 buildings, at most log_cap dams each re-routing at most 16 segments, the end,
        # the card, and draws until a card without Bandits (every Bandits card once, then
        # a reshuffle and every one again, then one more).
        setup = len(t.slots) + 1 + 2 * 16 + 2 + MOST_SEATS * t.workers + (MOST_SEATS + 1) \
            + len(t.bandits)
        per_turn = 1 + 2 * t.action_points + t.buildings_per_turn + t.log_cap * 17 + 2 \
            + 2 * len(t.bandits) + 2
        return GameInfo(
            id=self.id,
            title="Dos Rios",
            variants=(Variant("standard", (2, 3, 4), "2 to 4 players", constant_sum=1.0),),
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=self.codec.num_outcomes,
            max_game_length=setup + MAX_ROUNDS * MOST_SEATS * per_turn + 1,
            hidden_information=False,
            description="Two rivers, dams and bandits: water your farms, dry your "
            "neighbours'.",
            utility_bounds=(0.0, 1.0),
            action_space_limit=5120,
            score_unit=("building", "buildings"),
        )

    def tensor_layout(self, num_players: int, variant: str) -> TensorLayout:
        return view.tensor_layout(self.tables, num_players, variant)


GAME = DosRios
