"""Drives a Desperados match into a chosen position through real actions.

Chance outcomes (the deal, each draw) are chosen instead of sampled, so a test can say
"seat 0 holds a gold mine and a double gold chest" and then play the turns it describes.
"""

from __future__ import annotations

from typing import Any

from ludoteca import load_game
from ludoteca.core.state import CHANCE
from ludoteca.games.desperados.actions import Close, Draw, Fight, Open, Pass, Work

GOLD, SILVER, COPPER = 0, 1, 2
FILLER = ["copper chest", "silver chest", "gold chest", "closed mine"]


class Script:
    def __init__(self, num_players: int = 4, variant: str | None = None,
                 hands: list[list[str]] | None = None, options: dict[str, Any] | None = None,
                 edition_text: str | None = None):
        game = load_game("desperados", edition_text=edition_text)
        self.state = game.new_initial_state(num_players, variant, options)
        self.cards = game.cards
        if hands is not None:
            self.deal(hands)

    # ----- cards and chance --------------------------------------------------------

    def kind(self, name: str) -> int:
        for k in range(self.cards.num_kinds):
            if self.cards.card_name(k) == name:
                return k
        raise KeyError(name)

    def deal(self, hands: list[list[str]]) -> None:
        """Deals exactly these hands (missing cards are filled with harmless chests)."""
        s = self.state
        n, size = s.num_players, s.hand_size
        wanted = [[self.kind(c) for c in h] for h in hands]
        left = list(s.deck)
        for h in wanted:
            for k in h:
                left[k] -= 1
        assert min(left) >= 0, "the hands ask for more cards than the deck has"
        for h in wanted:
            for name in FILLER * size:
                if len(h) >= size:
                    break
                if left[self.kind(name)]:
                    left[self.kind(name)] -= 1
                    h.append(self.kind(name))
        order = [(s.dealer + 1 + i) % n for i in range(n * size)]
        taken = [0] * n
        for seat in order:
            assert s.current_player() == CHANCE
            s.apply_action(wanted[seat][taken[seat]])
            taken[seat] += 1

    # ----- turns -------------------------------------------------------------------

    def act(self, seat: int, action: Any) -> None:
        s = self.state
        assert s.current_player() == seat, f"seat {s.current_player()} is to play, not {seat}"
        s.apply_action(self.cards.index[action])

    def draw(self, seat: int, card: str | None = None) -> None:
        """Draws ``card``, or by default whichever card is left (a test's draws are filler)."""
        self.act(seat, Draw())
        deck = self.state.deck
        kind = self.kind(card) if card else next(k for k, c in enumerate(deck) if c)
        self.state.apply_action(kind)

    def pass_card(self, seat: int, card: str) -> None:
        self.act(seat, Pass(self.kind(card)))

    def open(self, seat: int, metal: int, display: int | None = None) -> int:
        """Opens a mine (in the seat's own display by default); returns its slot."""
        s = self.state
        display = s.display_of(seat) if display is None else display
        before = [slot for slot, owner in enumerate(s.owner) if owner != -1]
        self.act(seat, Open(metal, display))
        return next(slot for slot, o in enumerate(s.owner) if o != -1 and slot not in before)

    def work(self, seat: int, card: str, slot: int) -> None:
        self.act(seat, Work(self.kind(card), slot))

    def close(self, seat: int, slot: int) -> None:
        self.act(seat, Close(slot))

    def fight(self, seat: int, value: int, slot: int) -> None:
        self.act(seat, Fight(self.kind(f"Desperado {value}"), slot))

    def finish_round(self) -> None:
        """Plays the round out without scoring anything new: every seat draws while the
        deck lasts; in the final turns it passes, or plays a card that banks nothing."""
        s = self.state
        start = s.round
        while s.round == start and not s.is_terminal():
            seat = s.current_player()
            if seat == CHANCE:
                s.apply_action(s.legal_actions()[0])
            elif s.final_turns is None:
                self.draw(seat)
            else:
                s.apply_action(self._harmless(seat))

    def _harmless(self, seat: int) -> int:
        s = self.state
        acts = {a: s.game.codec.actions[a] for a in s.legal_actions()}
        for kind in (Pass, Open, Fight):
            for a, x in acts.items():
                if isinstance(x, kind):
                    return a
        for a, x in acts.items():
            if isinstance(x, Close) and not s.chests[x.mine]:
                return a
        for a, x in acts.items():
            if isinstance(x, Work):
                return a
        raise AssertionError("only a scoring move is left")

    def end_round_with(self, totals: list[int]) -> None:
        """Sets the totals, then plays the round out scoring nothing (they stand as given)."""
        self.state.totals = list(totals)
        if self.state.current_player() == CHANCE and not any(self.state.hand_sizes):
            self.deal([[] for _ in range(self.state.num_players)])
        self.finish_round()

    def events(self, viewer: int | None) -> list[str]:
        """What the last action told ``viewer``, in words."""
        s = self.state
        return [s.describe_event(e, viewer) for e in s.events_for(viewer)]

    def legal(self, action: Any) -> bool:
        return self.cards.index[action] in self.state.legal_actions()

    def mine(self, slot: int) -> dict[str, Any]:
        for display in self.state.observation(None)["displays"]:
            for mine in display["mines"]:
                if mine["mine"] == slot:
                    return mine
        raise KeyError(slot)
