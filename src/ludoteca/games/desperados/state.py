"""The Desperados state: its fields, cloning, determinization and view histories.

The position is flat: hands and discard pile are counts per card kind, the deck a core
:class:`~ludoteca.core.hidden.Pile` (counts per kind, no known part); mines in play
are slots with an owner (a display), a closed flag and the chests laid on them in order.
A *display* is a partnership's (seats 0+2 and 1+3) or, in the individual game, a seat's.
What is pending (the deal, a turn, a card being drawn, the final turns) is the step stack;
the rules are in ``rules/``, the words and views in ``view.py``.
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
from ludoteca.games.desperados import hidden, view
from ludoteca.games.desperados.actions import Card
from ludoteca.games.desperados.rules.ending import score_the_round
from ludoteca.games.desperados.rules.fights import fight_winner, settle_the_fight
from ludoteca.games.desperados.rules.points import mine_value
from ludoteca.games.desperados.rules.preparing import deal, deal_a_round
from ludoteca.games.desperados.rules.turn import (
    draw_a_card,
    start_a_final_turn,
    take_a_final_turn,
    take_a_turn,
)
from ludoteca.games.desperados.steps import (
    Deal,
    DrawCard,
    FinalTurn,
    ScoreRound,
    SettleFight,
    StartFinalTurn,
    Turn,
)
from ludoteca.games.desperados.tables import NOBODY, Tables

if TYPE_CHECKING:
    from ludoteca.games.desperados import Desperados


class DesperadosState(State):
    game: Desperados
    _copy_lists = (
        "discard", "owner", "closed", "fight_cards", "passes", "totals", "hand_sizes",
        "winner_displays", "open_mines", "round_log",
    )
    _copy_nested = ("hands", "chests", "partner_knows")
    cards: Tables

    rules: ClassVar[dict[type[Step[Any]], Callable[[Any, Any, Any], None]]] = {
        Deal: deal, Turn: take_a_turn, DrawCard: draw_a_card, FinalTurn: take_a_final_turn,
        SettleFight: settle_the_fight, StartFinalTurn: start_a_final_turn,
        ScoreRound: score_the_round}

    def _setup(self) -> None:
        # The game's tables (kinds, slots, action ids, names), shared by all its states: a
        # field rather than a property, as the rules read it a few times an action.
        t = self.cards = self.game.cards
        n = self.num_players
        self.partnership = self.variant == "partnership"
        self.num_displays = 2 if self.partnership else n
        self.display: tuple[int, ...] = tuple(
            s % 2 if self.partnership else s for s in range(n))
        edition = self.game.edition
        self.target = (edition.partnership.target.value if self.partnership
                       else edition.individual.target.value)
        self.removed_singles = t.removed_singles(n, self.partnership)
        self.hand_size = t.hand_size
        options = self.options
        self.any_display = options.opponent_displays == "any"
        self.owner_only = options.fight_joiners == "owner" and not self.partnership
        self.pass_limit: int | None = options.pass_limit
        self.run_limit: int = (n if options.passes_in_a_row is None
                               else options.passes_in_a_row)
        self.max_rounds: int = options.max_rounds
        self.totals = [0] * self.num_displays
        self.round = 0
        self.dealer = n - 1  # R19: seat 0 opens the first round
        self.winner_displays: list[int] = []
        # Set only on a determinized view: the kinds it gave the passes its seat did not see.
        self.hidden_passes: tuple[int, ...] | None = None
        # Round fields (hands, deck, mines, fight, passes...) are set by the deal.
        # The deck: a face-down pile nobody has looked into (a value, shared by clones).
        self.deck_pile = Pile.of(())
        self.discard: list[int] = []
        self.hands: list[list[int]] = []
        self.hand_sizes: list[int] = []
        self.owner: list[int] = []
        self.closed: list[bool] = []
        self.chests: list[list[int]] = []
        self.open_mines: list[int] = []  # open mines' slots, ascending
        self.passes: list[int] = []
        self.passes_in_a_row = 0
        self.partner_knows: list[list[int]] = []
        self.round_log: list[int] = []
        self.skips: tuple[tuple[int, int], ...] = ()  # (seat, kinds it could have played)
        self.fight_mine = NOBODY
        self.fight_attacker = NOBODY
        self.fight_cards: list[int] = []
        deal_a_round(self, announce=False)

    # The game's tables are not pickled with a state: the unpickled game has them.
    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        del state["cards"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self.cards = self.game.cards

    @property
    def deck(self) -> tuple[int, ...]:
        """The deck's cards per kind (``num_kinds`` counts; read-only, see ``deck_pile``)."""
        return self.deck_pile.counts

    @property
    def deck_total(self) -> int:
        """Cards left in the deck."""
        return self.deck_pile.unseen

    # ----- seats ----------------------------------------------------------------------

    def partner(self, seat: int) -> int:
        return (seat + 2) % 4

    def display_of(self, seat: int) -> int:
        return self.display[seat]

    def team_of(self, seat: int) -> int:
        return self.display[seat]

    @property
    def final_turns(self) -> int | None:
        """Final turns still to play, this one included; None while the deck lasts."""
        steps = self.pending()
        if steps and isinstance(steps[0], FinalTurn):
            return steps[0].left + 1
        return None

    # ----- results --------------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(self.totals[d]) for d in self.display]

    def winners(self) -> list[int]:
        return [p for p in range(self.num_players) if self.display[p] in self.winner_displays]

    def evaluation(self) -> list[float]:
        """Projected points (banked, closed, most of what is open), turned into win shares.

        A mine under attack counts for the side winning the fight as it stands.
        """
        if self.is_terminal():
            return self.returns()
        projected = [float(total) for total in self.totals]
        for slot in self.cards.slots:
            owner = self.owner[slot]
            if owner == NOBODY:
                continue
            if slot == self.fight_mine:
                owner = fight_winner(self)
            projected[owner] += mine_value(self, slot) * (1.0 if self.closed[slot] else 0.5)
        weights = [math.exp(0.15 * (p - max(projected))) for p in projected]
        total = sum(weights)
        return [weights[d] / total for d in self.display]

    # ----- hidden information ---------------------------------------------------------

    def _determinize(self, player: int, rng: random.Random) -> DesperadosState:
        """See :mod:`ludoteca.games.desperados.hidden`: the unknown cards counted per kind,
        expanded in kind order and shuffled; opponents' passes resampled with them."""
        return hidden.determinize(self, player, rng)

    def _view_history(self, seat: int, source: list[tuple[int, tuple[Event, ...]]]
                      ) -> list[int]:
        return hidden.view_history(self, seat, source)

    # ----- views (view.py) ------------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        return view.observation(self, self._check_seat(player, spectator=True))

    def _seat_observation(self, player: int, public: dict[str, Any]) -> dict[str, Any]:
        return view.seat_observation(self, player, public)

    def _observation_tensor(self, player: int) -> list[float]:
        return view.observation_tensor(self, player)

    def _observation_tensor_into(self, player: int, out: memoryview[float]) -> None:
        view.write_observation_tensor(self, player, out)

    def _action_label(self, action: Any) -> str:
        return view.action_label(self, action, self.current_player())

    def _outcome_label(self, outcome: Card) -> str:
        return view.outcome_label(self, outcome)

    def _action_json(self, item: Any) -> dict[str, Any]:
        return view.action_json(self, item)

    def _describe_event(self, event: Event, viewer: int | None) -> str:
        return view.describe_event(self, event, viewer)

    def _final_prompt(self, viewer: int | None) -> str:
        return view.final_prompt(self, viewer)
