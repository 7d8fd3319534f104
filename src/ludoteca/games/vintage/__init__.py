"""Vintage (MESAboardgames, 2011, design Gil d'Orey) — 2 to 4 players, the normal version.

Port wine from the Douro's vineyards to the cellars of Vila Nova de Gaia. In each of seven
rounds the players, in turn from the holder of the first-player token, place action markers
(the number printed on the cheapest empty circle of an action) or their overseer on the
action table: buy an estate, plant a vine (four colour actions and the old vineyard),
harvest (port needs a brandy per estate), move the boat (upstream one port a step,
downstream to any port in one), age and sell (one die for every cellar lot: quality + die
picks the warehouse row, full rows pay VP), take the first-player token, or draw and play
cards (twelve effects). After round VII: 1 VP per 4 barrels, the value of every planted
estate, 1 VP per five-vine estate; ties by estates, then estate quality.

Playing it::

    ludoteca play vintage --players 3
    ludoteca.run_match("vintage", ["random"] * 4, seed=1)

The package (imports go one way: actions, tables <- steps <- rules <- state -> view):

* :mod:`.edition` / ``editions/default.toml`` - the board, the action table, the warehouse
  and the cards, every value with its source; :mod:`.tables` - the edition compiled into
  flat tables and the action codec;
* :mod:`.actions` - the decisions (``Place``, ``MoveBoat``, ``Load``, ``Pass`` and the
  sub-choices of each action and card) and the chance outcomes (``FirstPlayer``,
  ``BonusChip``, ``Card``, ``Die``);
* :mod:`.steps` - what can be pending and what each may choose; :mod:`.rules` - one module
  per section of the rulebook, ``rules/tell.py`` the events; :mod:`.state` - the fields
  and the wiring; :mod:`.hidden` - determinization and the view history's hook;
  :mod:`.view` - observation, tensor, labels, events in words; :mod:`.render` - the
  terminal; ``web/`` - the browser's board (the table everyone sees, each seat's mat) and
  the moments a table stops on.

It follows the mapping of ``docs/architecture.md`` ("The next three games on paper"), with
these differences: a placement names its circle (``Place(action, circle, overseer)``),
always, so one codec serves both circle rules; a boat's calls at the ports it touches are
an automatic step (``Arrive``) that asks only where a lot can be loaded; the seat chooses
the order of the cellar lots only while two lots of one kind remain (other orders cannot
change anything); and the first player is a chance outcome of the set-up.

Rulings on what the rulebook leaves open are in ``docs/rulings/vintage.md``. Options:
``circle_choice`` = ``cheapest`` (default, R13) | ``free``; ``boat_card`` = ``exactly``
(default, R6) | ``up_to``; ``free_action_cards`` = ``excluded`` (default, R18) |
``allowed``; ``enologists`` = ``each`` (default, R12) | ``once``; ``upgrade_room`` =
``cascade`` (default, R16) | ``before``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from ludoteca.core.codec import Codec
from ludoteca.core.state import Game, GameInfo, Variant
from ludoteca.core.tensor import TensorLayout
from ludoteca.games.vintage import view
from ludoteca.games.vintage.edition import VintageEdition
from ludoteca.games.vintage.state import VintageState
from ludoteca.games.vintage.tables import MOST_SEATS, Tables

__all__ = ["GAME", "Vintage", "VintageOptions", "VintageState"]


class VintageOptions(BaseModel):
    """Rule switches (the rulings they choose between are in ``docs/rulings/vintage.md``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    circle_choice: Literal["cheapest", "free"] = Field(
        "cheapest", title="Which circle a placement takes",
        json_schema_extra={"choice_labels": {
            "cheapest": "the cheapest empty circle of the action",
            "free": "any empty circle of the action"}},
        description="Whether markers go on the cheapest empty circle of an action (the "
        "rulebook's example) or on any empty one — ruling R13")
    boat_card: Literal["exactly", "up_to"] = Field(
        "exactly", title="The Move-the-boat card",
        json_schema_extra={"choice_labels": {
            "exactly": "exactly 4 steps", "up_to": "up to 4 steps"}},
        description="Whether the Move-the-boat card makes exactly its 4 steps (the "
        "rulebook's words) or may stop earlier — ruling R6")
    free_action_cards: Literal["excluded", "allowed"] = Field(
        "excluded", title="The Free-action card and the Cards action",
        json_schema_extra={"choice_labels": {
            "excluded": "not the Cards action",
            "allowed": "the Cards action too, but not Move the boat or another Free action"}},
        description="Whether the Free-action card may perform the Cards action (a card is "
        "played by choosing Cards on a turn of its own, so by default it may not); allowed, "
        "it still cannot play the Move-the-boat card or another Free-action card — "
        "ruling R18")
    enologists: Literal["each", "once"] = Field(
        "each", title="Two Enologists in one round",
        json_schema_extra={"choice_labels": {
            "each": "each card moves the barrels up a row",
            "once": "one row up, however many cards"}},
        description="Whether every Enologist card played this round moves the warehouse's "
        "barrels up one row (each card's own words) or several give one row only — ruling "
        "R12")
    upgrade_room: Literal["cascade", "before"] = Field(
        "cascade", title="The Enologist's upgrade",
        json_schema_extra={"choice_labels": {
            "cascade": "a slot freed by the row above can take a barrel from below",
            "before": "only the slots free before the upgrade count"}},
        description="Whether a slot freed by a barrel moving up can take a barrel from the "
        "row below in the same upgrade, or only the room before it counts — ruling R16")


class Vintage(Game):
    id = "vintage"
    state_class = VintageState
    Edition = VintageEdition
    default_edition = Path(__file__).parent / "editions" / "default.toml"
    Options = VintageOptions
    edition: VintageEdition
    tables: Tables
    bot_presets: ClassVar[Mapping[str, str]] = {
        # Rollouts played to the end by the heuristic bot, each finished game graded by
        # the final VP (``final=3``: a search sure to lose still plays for the closer
        # score) and the bot's own move preferred unless another does clearly better
        # (``prior=1``). Searches without that bias, rolled out 20 actions and judged by
        # the prospect or to the end by win and loss, lost to the heuristic bot in the
        # pilots (docs/bots.md, "The ladder"). Against it over 40 matches on other deals
        # (seed 2, 2 players): 0.850 (0.709-0.929), +5.9 VP a match. About
        # 0.26-0.41 CPU s a decision on average at 2-4 players (over 0.5 s at the slowest).
        "strong": "ismcts:iterations=100,policy=heuristic,rollout=1000,final=3,prior=1",
    }

    def action_kind(self, fields: Mapping[str, Any]) -> str:
        """Markers placed (and a free action taken) count under the action they take:
        ``"place: harvest"``, ``"perform: buy an estate"``; every other move by its type."""
        kind = str(fields.get("type", "?"))
        if kind in ("place", "perform") and "name" in fields:
            return f"{kind}: {str(fields['name']).lower()}"
        return kind

    def build_tables(self) -> None:
        self.tables = Tables(self.edition)

    def build_codec(self) -> Codec:
        return self.tables.codec

    def build_info(self) -> GameInfo:
        t = self.tables
        # A bound, not an estimate: per seat and round at most markers + overseer + a pass
        # turns, each with fewer than 60 sub-steps (a boat of 6 steps calling at every
        # port, a free action playing a card), and a load per lot.
        per_round = MOST_SEATS * (t.markers + 2) * 60 + t.display + 2
        return GameInfo(
            id=self.id,
            title="Vintage",
            variants=(Variant("standard", (2, 3, 4), "the normal version, 2 to 4 players",
                              constant_sum=1.0),),
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=self.codec.num_outcomes,
            max_game_length=t.rounds * per_round + 1,
            hidden_information=True,
            description="Port wine from the Douro's estates to the cellars of Gaia.",
            utility_bounds=(0.0, 1.0),
            score_unit=("VP", "VP"),
        )

    def tensor_layout(self, num_players: int, variant: str) -> TensorLayout:
        return view.tensor_layout(self.tables, num_players, variant)


GAME = Vintage
