"""High Card: the smallest hidden-information game that uses the whole State API.

The core is tested through this game rather than through a real one, so that a core test
fails only when the core is wrong, and so that the core can be tested before any real game
exists. It has what the real games have, in miniature:

* an edition file (``highcard.toml`` beside this module) with sourced values;
* chance nodes that deal from a deck as draws over the cards still in it;
* hidden hands, a showdown that reveals some of them, and a ``determinize`` that resamples
  only what a seat cannot see;
* two variants (``standard`` for 2 or 3 players, ``lowball`` for 2) and an option model.

Rules. Every seat antes. Chance deals each seat one card, seat 0 first. Then each seat in
turn, seat 0 first, bets or folds once. Bettors show their cards: the highest card wins
(the lowest in ``lowball``) and takes the pot. If everyone folds, the antes go back and
every seat shares the win.

Actions: at a decision, 0 = fold and 1 = bet; at a chance node, the index of the card dealt.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ludoteca.core.edition import EditionFile, Section, Sourced
from ludoteca.core.registry import game_ids, register
from ludoteca.core.state import CHANCE, TERMINAL, Game, GameInfo, State, Variant

GAME_ID = "highcard"
EDITION = Path(__file__).with_name("highcard.toml")
FOLD, BET = 0, 1


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


class HighCard(Game):
    id = GAME_ID
    Edition = HighCardEdition
    default_edition = EDITION
    Options = HighCardOptions

    def build_info(self) -> GameInfo:
        ranks = self.edition.deck.ranks.value
        return GameInfo(
            id=GAME_ID,
            title="High Card",
            variants=(
                Variant("standard", (2, 3), "highest card among the bettors wins"),
                Variant("lowball", (2,), "lowest card among the bettors wins"),
            ),
            num_distinct_actions=2,
            max_chance_outcomes=len(ranks),
            max_game_length=2 * 3,
            hidden_information=True,
            description="A toy for the core tests.",
        )

    def render(self, observation: dict[str, Any]) -> Any:
        from rich.text import Text

        hand = observation["hand"]
        lines = [f"Your card: {hand}" if hand is not None else "Spectating"]
        for seat, (choice, shown) in enumerate(
            zip(observation["choices"], observation["shown"], strict=True)
        ):
            lines.append(f"  seat {seat}: {choice or '...'}" + (f" shows {shown}" if shown else ""))
        lines.append(observation["prompt"])
        return Text("\n".join(lines))


class HighCardState(State):
    _copy_lists = ("hands", "deck", "choices")

    def __init__(self, game: HighCard, num_players: int, variant: str, options: Any) -> None:
        super().__init__(game, num_players, variant, options)
        self.ranks: list[int] = game.edition.deck.ranks.value  # static, shared by clones
        self.hands: list[int] = [-1] * num_players  # card index, -1 before the deal
        self.deck: list[int] = list(range(len(self.ranks)))  # card indices still in the deck
        self.choices: list[int] = [-1] * num_players  # FOLD, BET, or -1 before deciding

    # ----- rules ---------------------------------------------------------------------

    def current_player(self) -> int:
        if -1 in self.hands:
            return CHANCE
        if -1 in self.choices:
            return self.choices.index(-1)
        return TERMINAL

    def _legal_actions(self) -> list[int]:
        return [FOLD, BET]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / len(self.deck)
        return [(card, p) for card in self.deck]

    def _apply(self, action: int) -> None:
        player = self.current_player()
        if player == CHANCE:
            self.hands[self.hands.index(-1)] = action
            self.deck.remove(action)
        else:
            self.choices[player] = action

    def _explain_illegal(self, action: int) -> str | None:
        if self.current_player() >= 0:
            return f"you may only fold ({FOLD}) or bet ({BET}), not {action}"
        return None

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

    # ----- information ---------------------------------------------------------------

    def _shown(self, seat: int) -> bool:
        return self.is_terminal() and self.choices[seat] == BET

    def observation(self, player: int | None) -> dict[str, Any]:
        self._check_seat(player)
        to_act = self.current_player()
        if to_act == CHANCE:
            prompt = "the cards are being dealt"
        elif to_act == TERMINAL:
            prompt = "the game is over"
        elif to_act == player:
            prompt = "bet or fold?"
        else:
            prompt = f"seat {to_act} is deciding"
        own = self.hands[player] if player is not None else -1
        return {
            "prompt": prompt,
            "to_act": to_act,
            "hand": self.ranks[own] if own >= 0 else None,
            "dealt": [h >= 0 for h in self.hands],
            "choices": [{FOLD: "fold", BET: "bet"}.get(c) for c in self.choices],
            "shown": [
                self.ranks[self.hands[p]] if self._shown(p) else None
                for p in range(self.num_players)
            ],
        }

    def _determinize(self, player: int, rng: random.Random) -> HighCardState:
        view = self.clone()
        hidden = [
            q for q in range(self.num_players)
            if q != player and self.hands[q] >= 0 and not self._shown(q)
        ]
        pool = view.deck + [view.hands[q] for q in hidden]
        rng.shuffle(pool)
        for q in hidden:
            view.hands[q] = pool.pop()
        view.deck = sorted(pool)
        return view

    def public_action_string(self, action: int, viewer: int | None) -> str | None:
        """A deal names the card only to the seat that receives it."""
        if self.current_player() == CHANCE:
            seat = self.hands.index(-1)
            if viewer == seat:
                return f"you are dealt a {self.ranks[action]}"
            return f"seat {seat} is dealt a card"
        return super().public_action_string(action, viewer)

    def _action_to_string(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return f"deal a {self.ranks[action]}"
        return {FOLD: "fold", BET: "bet"}.get(action, f"action {action}")

    def _action_to_json(self, action: int) -> dict[str, Any]:
        if self.current_player() == CHANCE:
            return {"kind": "deal", "rank": self.ranks[action]}
        return {"kind": {FOLD: "fold", BET: "bet"}.get(action, "unknown")}

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
