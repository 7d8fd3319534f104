"""High Card: the smallest hidden-information game that uses the whole State API.

The core is tested through this game rather than through a real one, so that a core test
fails only when the core is wrong. It is also the worked example of
``docs/adding-a-game.md``: one file, in the sections a real game splits into modules
(tables, actions, state, steps, rules, view). In miniature it has what the real games have:

* an edition file (``highcard.toml`` beside this module) with sourced values;
* chance nodes that deal from a deck as draws over the cards still in it;
* hidden hands, a showdown that reveals some of them, and a ``determinize`` that resamples
  only what a seat cannot see, with a view history that leads to the sampled world;
* a hidden choice (the ``sealed`` variant: decisions laid face down, like a charity card),
  which ``determinize`` resamples and the view history substitutes;
* three variants (``standard`` for 2 or 3 players, ``lowball`` for 2, ``sealed`` for 2 or
  3) and an option model.

Rules. Every seat antes. Chance deals each seat one card, seat 0 first. Then each seat in
turn, seat 0 first, bets or folds once. Bettors show their cards: the highest card wins
(the lowest in ``lowball``) and takes the pot. If everyone folds, the antes go back and
every seat shares the win. In ``sealed`` each seat bets or folds face down (the others
only learn that it has decided) and the choices are revealed together after the last one.

Actions: ``Fold()`` = 0 and ``Bet()`` = 1; chance outcomes: ``Card(index)``, one per card.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ludoteca.core.codec import Codec, Space
from ludoteca.core.edition import EditionFile, Section, Sourced
from ludoteca.core.events import Event, all_but, everyone, only
from ludoteca.core.flow import AutoStep, ChanceStep, Step
from ludoteca.core.hidden import secret
from ludoteca.core.registry import game_ids, register
from ludoteca.core.state import Game, GameInfo, State, Variant
from ludoteca.core.tensor import Segment, TensorLayout

GAME_ID = "highcard"
EDITION = Path(__file__).with_name("highcard.toml")
FOLD, BET = 0, 1


# ----- edition ---------------------------------------------------------------------------

class Deck(Section):
    ranks: Sourced[list[int]]


class Betting(Section):
    ante: Sourced[int]
    bet: Sourced[int]


class HighCardEdition(EditionFile):
    deck: Deck
    betting: Betting


class HighCardOptions(BaseModel):
    """Rule switches: how many times the edition's bet a bettor puts in."""

    model_config = ConfigDict(extra="forbid")

    stakes: int = Field(default=1, ge=1, le=10)


# ----- actions and chance outcomes ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the ante."""


@dataclass(frozen=True, slots=True)
class Bet:
    """Put in the bet and show the card at the end."""


@dataclass(frozen=True, slots=True)
class Card:
    """Chance: the card with this index (into the edition's ranks) comes off the deck."""

    index: int


# ----- the game ------------------------------------------------------------------------------

class HighCard(Game):
    id = GAME_ID
    Edition = HighCardEdition
    default_edition = EDITION
    Options = HighCardOptions

    def build_tables(self) -> None:
        self.ranks: tuple[int, ...] = tuple(self.edition.deck.ranks.value)

    def build_codec(self) -> Codec:
        # Each type with its fields' domains; ids are arithmetic on them, in this order.
        return Codec(actions=[Fold, Bet],
                     outcomes=[Space(Card, index=range(len(self.ranks)))])

    def build_info(self) -> GameInfo:
        return GameInfo(
            id=GAME_ID,
            title="High Card",
            variants=(
                Variant("standard", (2, 3), "highest card among the bettors wins", 1.0),
                Variant("lowball", (2,), "lowest card among the bettors wins", 1.0),
                Variant("sealed", (2, 3), "bets are laid face down, shown at the end", 1.0),
            ),
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=self.codec.num_outcomes,
            max_game_length=2 * 3,
            hidden_information=True,
            description="A toy for the core tests.",
        )

    def tensor_layout(self, num_players: int, variant: str) -> TensorLayout:
        return TensorLayout([
            Segment("hand", len(self.ranks), 0, 1, "one-hot: the seat's card"),
            Segment("choices", 3 * num_players, 0, 1,
                    "per seat: undecided, fold, bet (all 0: decided face down)"),
            Segment("shown", num_players * len(self.ranks), 0, 1, "per seat: card shown"),
        ])


# ----- steps -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Deal(ChanceStep["HighCardState"]):
    """Chance deals ``seat`` one card from the deck."""

    to: int

    def chance_outcomes(self, state: HighCardState) -> list[tuple[int, float]]:
        p = 1.0 / len(state.deck)
        return [(card, p) for card in state.deck]

    def prompt(self, state: HighCardState, viewer: int | None) -> str:
        return "the cards are being dealt"


@dataclass(frozen=True, slots=True)
class Decide(Step["HighCardState"]):
    """``seat`` bets or folds."""

    seat: int

    def legal_actions(self, state: HighCardState) -> list[int]:
        return [FOLD, BET]

    def prompt(self, state: HighCardState, viewer: int | None) -> str:
        return "bet or fold?" if viewer == self.seat else f"seat {self.seat} is deciding"


@dataclass(frozen=True, slots=True)
class Showdown(AutoStep["HighCardState"]):
    """After the last decision: face-down choices are revealed and bettors show their
    cards. Automatic: nobody decides, it runs as soon as it comes to the top."""


SHOWDOWN = Showdown()


# ----- state: fields, clone, determinize (no rules) -------------------------------------------

class HighCardState(State):
    _copy_lists = ("hands", "deck", "choices")

    def _setup(self) -> None:
        self.ranks: tuple[int, ...] = self.game.ranks  # static, shared by clones
        n = self.num_players
        self.hands: list[int] = [-1] * n  # card index, -1 before the deal
        self.deck: list[int] = list(range(len(self.ranks)))  # card indices still in the deck
        self.choices: list[int] = [-1] * n  # FOLD, BET, or -1 before deciding
        self.push(*(Deal(p) for p in range(n)), *(Decide(p) for p in range(n)), SHOWDOWN)

    def _determinize(self, player: int, rng: random.Random) -> HighCardState:
        view = self.clone()
        hidden = [q for q in range(self.num_players)
                  if q != player and self.hands[q] >= 0 and not self._shown(q)]
        # Built in a fixed order from what the seat cannot see, so that two truths the seat
        # cannot tell apart give the same world for the same rng.
        pool = sorted(view.deck + [view.hands[q] for q in hidden])
        rng.shuffle(pool)
        for q in hidden:
            view.hands[q] = pool.pop()
        view.deck = sorted(pool)
        for q in range(self.num_players):  # face-down choices: any is possible
            if q != player and self._face_down(q):
                view.choices[q] = rng.choice((FOLD, BET))
        return view

    def _hidden_action(self, seat: int, index: int, event: Event,
                       source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
        """The core's view history asks for the moves ``seat`` saw only the outside of: a
        card dealt to another seat is the card it holds here, a sealed decision the one it
        made here."""
        other = event.data["seat"]
        return self.hands[other] if event.kind == "dealt" else self.choices[other]

    def _shown(self, seat: int) -> bool:
        return self.is_terminal() and self.choices[seat] == BET

    def _face_down(self, seat: int) -> bool:
        """Whether seat ``seat``'s decision is made and still face down (``sealed``)."""
        return self.variant == "sealed" and self.choices[seat] >= 0 and not self.is_terminal()

    # ----- results ----------------------------------------------------------------------

    def _stake(self) -> int:
        stakes = self.options.stakes if self.options is not None else 1
        return self.game.edition.betting.bet.value * stakes

    def winners(self) -> list[int]:
        bettors = [p for p in range(self.num_players) if self.choices[p] == BET]
        if not bettors:
            return list(range(self.num_players))
        pick = min if self.variant == "lowball" else max
        best = pick(self.ranks[self.hands[p]] for p in bettors)
        return [p for p in bettors if self.ranks[self.hands[p]] == best]

    def scores(self) -> list[float]:
        """Net chips won; zero for everyone until the end."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        ante = self.game.edition.betting.ante.value
        paid = [ante + (self._stake() if c == BET else 0) for c in self.choices]
        winners = self.winners()
        pot = sum(paid)
        return [
            (pot / len(winners) if p in winners else 0.0) - paid[p]
            for p in range(self.num_players)
        ]

    # ----- view ----------------------------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        player = self._check_seat(player, spectator=True)
        own = self.hands[player] if player is not None else -1
        return {
            "prompt": self.prompt(player),
            "to_act": self.current_player(),
            "hand": self.ranks[own] if own >= 0 else None,
            "dealt": [h >= 0 for h in self.hands],
            "choices": [
                "face down" if p != player and self._face_down(p)
                else {FOLD: "fold", BET: "bet"}.get(c) for p, c in enumerate(self.choices)
            ],
            "shown": [self.ranks[self.hands[p]] if self._shown(p) else None
                      for p in range(self.num_players)],
        }

    def _observation_tensor(self, player: int) -> list[float]:
        layout = self.tensor_layout()
        vec = layout.zeros()
        k = len(self.ranks)
        if self.hands[player] >= 0:
            vec[layout.offsets["hand"] + self.hands[player]] = 1.0
        for p, c in enumerate(self.choices):
            if p == player or not self._face_down(p):
                vec[layout.offsets["choices"] + 3 * p + c + 1] = 1.0
            if self._shown(p):
                vec[layout.offsets["shown"] + k * p + self.hands[p]] = 1.0
        return vec

    def _action_label(self, action: Any) -> str:
        return "bet" if isinstance(action, Bet) else "fold"

    def _outcome_label(self, outcome: Card) -> str:
        return f"deal a {self.ranks[outcome.index]}"

    def _final_prompt(self, viewer: int | None) -> str:
        return "the game is over"

    def _describe_event(self, event: Event, viewer: int | None) -> str:
        d = event.data
        who = "you" if viewer == d.get("seat") else f"seat {d.get('seat')}"
        if event.kind == "dealt":
            return f"{who} are dealt a {d['card']}" if "card" in d else f"{who} is dealt a card"
        if event.kind == "shows":
            return f"seat {d['seat']} shows {d['card']}"
        if event.kind == "decides":
            return f"{who} decides face down"
        if event.kind == "reveal":
            return "the choices are revealed: " + ", ".join(d["choices"])
        verb = event.kind if viewer == d.get("seat") else event.kind + "s"
        return f"{who} {verb}"

    def _explain_illegal(self, action: Any) -> str | None:
        return f"you may only fold ({FOLD}) or bet ({BET})"


# ----- rules -------------------------------------------------------------------------------------

def deal(state: HighCardState, step: Deal, outcome: Card) -> None:
    """Chance deals one card; only its receiver learns which."""
    seat, card = step.to, outcome.index
    state.hands[seat] = card
    state.deck.remove(card)
    state.emit(*secret((seat,), "dealt", {"seat": seat}, card=state.ranks[card]))


def decide(state: HighCardState, step: Decide, action: Fold | Bet) -> None:
    """A seat bets or folds, in the open or (``sealed``) face down."""
    seat, choice = step.seat, BET if isinstance(action, Bet) else FOLD
    state.choices[seat] = choice
    kind = "bet" if choice == BET else "fold"
    if state.variant == "sealed":
        state.emit(only((seat,), kind, seat=seat), all_but((seat,), "decides", seat=seat))
    else:
        state.emit(everyone(kind, seat=seat))


def showdown(state: HighCardState, step: Showdown, action: None) -> None:
    """Face-down choices are revealed together, then every bettor shows its card (within
    the move of the last decision: the automatic step follows it)."""
    if state.variant == "sealed":
        state.emit(everyone("reveal", choices=[
            "bet" if c == BET else "fold" for c in state.choices]))
    for p in range(state.num_players):
        if state.choices[p] == BET:
            state.emit(everyone("shows", seat=p, card=state.ranks[state.hands[p]]))


HighCardState.rules = {Deal: deal, Decide: decide, Showdown: showdown}


# ----- terminal view (a real game keeps it in render.py) -----------------------------------

def render(observation: dict[str, Any]) -> Any:
    from rich.text import Text

    hand = observation["hand"]
    lines = [f"Your card: {hand}" if hand is not None else "Spectating"]
    for seat, (choice, shown) in enumerate(
        zip(observation["choices"], observation["shown"], strict=True)
    ):
        lines.append(f"  seat {seat}: {choice or '...'}" + (f" shows {shown}" if shown else ""))
    lines.append(observation["prompt"])
    return Text("\n".join(lines))
HighCard.state_class = HighCardState  # declared here: the State class comes second


def install() -> type[HighCard]:
    """Registers High Card (idempotent) and returns its class.

    ``register`` is given the id explicitly: called with the class alone it reads
    ``game_class.info.id``, and ``info`` only exists on instances.

    Discovery runs first, tolerating a built-in game whose package is not written yet (the
    games are written in parallel with the core): the registry marks discovery as done
    before importing, so after such a failure it still serves every registered game. The
    failure is turned into a warning, which pytest lists in its summary.
    """
    try:
        game_ids()
    except Exception as err:  # any half-written game; its own tests report it
        warnings.warn(f"game discovery failed: {err!r}", stacklevel=2)
    register(HighCard, GAME_ID)
    return HighCard
