"""Puerto Diablo - 2 to 5 players, with ludoteca's own original card set.

A voyage of four harbours: Puerto Diablo (2), a 3, a 4 and La Coruna de l'Occidental (5).
At each harbour every player chooses, at the same time as the others, as many characters
to go ashore as the harbour number. In each round the pilot turns log cards: weather
(fair or foul, perhaps a war) until a challenge shows; the players offer symbols, the
pilot decides who commits what (market help with 2 or 3 players, prohibitions by the
harbour side, La Coruna's foul limit of two resolvers); committing covers character
sides; a failed challenge's consequence hits those ashore; committers tell a tall tale or
buy up to three market cards, most symbols first (playing ability cards of the purchase
moment, answered by counters); then players may leave, and the pilot card passes. At
the end: tall-tale VP plus one VP per symbol of one's most numerous type; ties by
doubloons.

Playing it::

    ludoteca play puertodiablo --players 3
    ludoteca.run_match("puertodiablo", ["random"] * 4, seed=1)

The package follows the template (``docs/adding-a-game.md``): :mod:`.edition` and
``editions/default.toml`` (the card set, with the closed vocabulary of effects),
:mod:`.tables`, :mod:`.actions`, :mod:`.steps`, :mod:`.rules` (one module per section of
the rulebook), :mod:`.state`, :mod:`.hidden`, :mod:`.view`, :mod:`.render`.

Differences from the mapping in ``docs/architecture.md``: starting sets are chosen in turn
from the pilot (R27); the pilot's assignment is one ``PilotAssigns`` per offering player
with ``Assign(symbols)`` (the player is in the step); paying doubloons is ``Cover``;
playing an ability is ``PlayAbility(ability, character)`` (:mod:`.rules.abilities`: the
die a chance node, the counter window a step per player holding a counter; the
arrival, log and challenge moments a ``MomentWindow`` per player who can play, R38);
several who can play first say whether they want to (``Wish``: ``WantToPlay`` or
``Decline``) and the pilot picks (``PilotPicks``: ``PlayFirst(seat)``, R51,
:mod:`.rules.first`). Built: the purchase moment, counters to ability rolls, the
treasure-check abilities, and at the arrival, log and challenge moments ``TAKE_PILOT``,
``SET_WEATHER``, ``PREVENT_WAR``, ``START_WAR``, ``WEAKEN``, ``RESTORE``,
``SEND_TO_SHIP``, ``ABILITIES_TO_SHIP``, ``IGNORE_PROHIBITION``, ``LOG_PEEK`` and
``LOG_SKIP`` (:mod:`.rules.lookout`: the peeked cards a top of the log pile known to one
seat, ``Reorder(position)`` to put them back) and ``MARKET_HELP``
(:mod:`.rules.market_help`); the symbol cards of the pilot's assignment (``ADD_SYMBOLS``,
``DOUBLE_SYMBOLS``: an ``OfferByAbility`` after the offer, played at delivery,
:mod:`.rules.assignment`) and ``SHIELD`` (an ``EventCounter`` per player a war or a
consequence hits; in an ability's counter window when it is aimed at one's character).

Options: ``round_cap`` (R32) - the most rounds in one harbour; ``treasure`` (``off``,
``on``) - the treasure-hunting expansion (:mod:`.rules.treasure`); ``start``
(``starter``, ``advanced``) - the start for advanced players (:mod:`.rules.advanced`);
``pilot_own_plays`` (``two``, ``any``, R51) - how many of his own cards the pilot may play
ahead of a player waiting to play; ``event_window`` (``after_choices``, ``before_choices``) -
whether the choices of which character an event takes come before its counter window, and
``event_order`` (``pilot``, ``seat``) - how that window asks those it hits (R66, R51);
``payment`` (``minimal``, ``until_paid``) - whether the sides covered to pay doubloons must
all be needed, or are covered one at a time until the amount is reached (R3);
``market_alone`` (``no``, ``yes``, R15) - whether market help may resolve a challenge to
which no player commits anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from ludoteca.core.codec import Codec
from ludoteca.core.state import Game, GameInfo, Variant
from ludoteca.core.tensor import TensorLayout
from ludoteca.games.puertodiablo import view
from ludoteca.games.puertodiablo.edition import MOST_PEEK, PuertoDiabloEdition
from ludoteca.games.puertodiablo.state import PuertoDiabloState
from ludoteca.games.puertodiablo.tables import MOST_SEATS, Tables

__all__ = ["GAME", "PuertoDiablo", "PuertoDiabloOptions", "PuertoDiabloState"]


class PuertoDiabloOptions(BaseModel):
    """Rule switches (the rulings they choose between are in ``docs/rulings/puertodiablo.md``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    round_cap: int = Field(
        12, ge=1, le=40, title="Most rounds in one harbour",
        description="Nothing in the rulebook forces a player to leave; after this many "
        "rounds in one harbour everybody leaves at the crew phase, so that a game ends "
        "— ruling R32")
    treasure: Literal["off", "on"] = Field(
        "off", title="Treasure hunting",
        description="The expansion: treasures opened at each harbour, committers may send "
        "a character hunting before purchasing, hunts checked after every log card, the "
        "three treasure abilities in the level I pile — rulings R40, R41, R42, R43, R44, R7, R8 "
        "and R21",
        json_schema_extra={"choice_labels": {"off": "Off", "on": "On: treasure hunting"}})
    start: Literal["starter", "advanced"] = Field(
        "starter", title="Start",
        description="starter: the starting sets; advanced: five characters dealt, "
        "two kept by passing left, then cards added lowest total first up to a price of "
        "50, the pilot card to the lowest total, both ability levels in one market pile "
        "— rulings R30, R47, R48, R49, R50, R71 and R27",
        json_schema_extra={"choice_labels": {"starter": "Starting sets",
                                             "advanced": "Advanced: draft and buy"}})
    pilot_own_plays: Literal["two", "any"] = Field(
        "two", title="The pilot's own cards ahead of a waiting player",
        description="two: while another player who said he wants to play waits, the pilot "
        "plays at most two of his own ability cards in a row ahead of the others, then "
        "lets one of them play (the rulebook's \"another ability, or two\" as a most); "
        "any: the pilot may choose himself each time the window opens again — ruling R51",
        json_schema_extra={"choice_labels": {"two": "At most two in a row",
                                             "any": "As many as he likes"}})
    event_window: Literal["after_choices", "before_choices"] = Field(
        "after_choices", title="Counters to an event",
        description="after_choices: a war's losers and a consequence's choosers choose "
        "first, said to all, the chosen characters staying ashore while those hit may "
        "stand firm, then the event takes them (the card set's order); before_choices: "
        "the counters first, and only those not spared choose — ruling R66",
        json_schema_extra={"choice_labels": {
            "after_choices": "After the choices of who goes",
            "before_choices": "Before the choices of who goes"}})
    event_order: Literal["pilot", "seat"] = Field(
        "pilot", title="Who answers an event first",
        description="pilot: those an event hits who hold a counter say in turn whether "
        "they want to play and the pilot chooses who plays first, the window opening "
        "again after each (as every window); seat: each asked once, in turn from the "
        "pilot — rulings R66 and R51",
        json_schema_extra={"choice_labels": {"pilot": "The pilot chooses who plays first",
                                             "seat": "In turn from the pilot"}})
    payment: Literal["minimal", "until_paid"] = Field(
        "minimal", title="Paying doubloons",
        json_schema_extra={"choice_labels": {
            "minimal": "Sides that are all needed: none could be left out",
            "until_paid": "One side at a time until the amount is reached"}},
        description="minimal: the payer covers sides of his characters ashore whose "
        "doubloons reach the amount, none of which could be left out without falling "
        "short (the card set's ruling); until_paid: he covers one side at a time, any "
        "side with doubloons, until the amount is reached — ruling R3")
    market_alone: Literal["no", "yes"] = Field(
        "no", title="Market help when no player commits",
        json_schema_extra={"choice_labels": {
            "no": "No: help only completes what players commit",
            "yes": "Yes: the market may supply every symbol"}},
        description="no: market help completes what the players commit, so with every "
        "offer at nothing the challenge fails; yes: where help is allowed and every offer "
        "is nothing, the pilot calls the market for all the symbols needed, nobody "
        "purchases and the pilot card passes as after a challenge no player helped "
        "resolve (La Coruna's foul weather still needs one player with the market) — "
        "ruling R15")


class PuertoDiablo(Game):
    id = "puertodiablo"
    state_class = PuertoDiabloState
    Edition = PuertoDiabloEdition
    default_edition = Path(__file__).parent / "editions" / "default.toml"
    Options = PuertoDiabloOptions
    edition: PuertoDiabloEdition
    tables: Tables
    bot_presets: ClassVar[Mapping[str, str]] = {
        # IS-MCTS rolled out by the heuristic bot, positions judged by the VP each seat
        # would score now (``evaluation()``): over the heuristic 1.000 (0.912-1.000) of 40
        # seat-rotated matches at 2 players, 0.723 (0.619-0.808) of 84 at 4 (docs/bots.md).
        "strong": "ismcts:iterations=50,policy=heuristic",
    }

    def build_tables(self) -> None:
        self.tables = Tables(self.edition)

    def build_codec(self) -> Codec:
        return self.tables.codec

    def build_info(self) -> GameInfo:
        t = self.tables
        cap = PuertoDiabloOptions.model_fields["round_cap"].metadata
        most_rounds = next(m.le for m in cap if hasattr(m, "le"))
        # A bound, not an estimate. Per round: log cards (the whole pile, twice over a
        # reshuffle), per seat an offer, an assignment, a helper or two, up to 10 commits,
        # a consequence's choices (10), up to 20 purchase steps and their refills (8), a
        # leave decision; per harbour the selections (5 each), the market deal and top-up.
        per_round = 2 * t.num_log + 4 + MOST_SEATS * (1 + 1 + 10 + 10 + 20 + 8 + 1) + 40
        # An offer's part by ability cards per seat (R60), and the first opening of the
        # counter window of each event: a pass or a wish per seat and the pilot's pick
        # (R66, R51). The events of a round: the weather war (one per harbour, R1, so at
        # most one in any round) and one per primitive of the failed challenge's
        # consequence (a war or a window each), at most the edition's longest. Each later
        # opening of an event's window follows a shield played and resolved, so it is
        # counted with the ability cards below, as an ability's war is.
        events = 1 + max((len(prims) for prims in t.consequence), default=0)
        per_round += MOST_SEATS + events * (MOST_SEATS + 1)
        # The windows of the log and challenge moments: a pass or a wish per seat at each,
        # and the pilot's pick (a log window per weather card turned, two challenge
        # windows).
        per_round += (2 * t.num_log + 2) * (MOST_SEATS + 1)
        # Treasure hunting: after each log card a check of at most 5 hunters (the
        # harbour's treasures), each a choice of order, a modifier, a roll, a reroll, a
        # repeat and a new hunt, and the first opening of the counter window on a find (a
        # wish per seat and the pilot's pick, R43); the cards played there and the later
        # openings they cause are counted with the ability cards below. A hunt per buyer.
        per_round += 2 * t.num_log * 5 * (6 + MOST_SEATS + 1) + MOST_SEATS
        # Every ability card played in a harbour (each once): the play, its roll, up to
        # three choices, a side to cover, a peek (a card seen and put back at a time), three
        # windows asking everybody (a wish each and the pilot's pick): the counter window
        # on its own success, the window it was played in opening again once it is
        # resolved (every opening after a window's first follows exactly one card played
        # in it: R34, R38, R43, R66), and a new window after a repeat it forced (R11); a
        # symbol card
        # that fails may start a new round of offers (a window, an offer in two parts, an
        # assignment and a delivery turn per seat: R62). A skipped challenge (LOG_SKIP)
        # turns up to the whole log pile again, each card with a window. Per harbour also
        # the treasures opened and the last check.
        skips = sum(k for k, effect in zip(t.abi_copies, t.abi_effect, strict=True)
                    if any(p["op"] == "LOG_SKIP" for p in effect))
        # An ability's war (START_WAR) is one more event: its window and its losses.
        per_harbour = most_rounds * per_round + MOST_SEATS * 10 + 60 \
            + sum(t.abi_copies) * (8 + 2 * MOST_PEEK + 3 * (MOST_SEATS + 1)
                                   + 5 * MOST_SEATS + 2 * MOST_SEATS + 1) \
            + skips * t.num_log * (2 + MOST_SEATS + 1) + MOST_SEATS + 5 * 3
        # The advanced start: 5 cards dealt and 2 kept per seat, then at most one card per
        # doubloon of the budget, each with a refill and a roll-off.
        advanced = MOST_SEATS * (5 + 2 + 3 * t.advanced_budget) + 10
        return GameInfo(
            id=self.id,
            title="Puerto Diablo",
            variants=(Variant("standard", (2, 3, 4, 5), "2 to 5 players, starting sets",
                              constant_sum=1.0),),
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=self.codec.num_outcomes,
            max_game_length=4 * per_harbour + MOST_SEATS + 10 + advanced,
            hidden_information=True,
            description="A voyage of four harbours: pirates face challenges under the "
                        "pilot, buy crews and tell tall tales.",
            utility_bounds=(0.0, 1.0),
            score_unit=("VP", "VP"),
        )

    def tensor_layout(self, num_players: int, variant: str) -> TensorLayout:
        return view.tensor_layout(self.tables, num_players, variant)


GAME = PuertoDiablo
