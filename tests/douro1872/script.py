"""Drives a Douro 1872 match into a chosen position through real actions.

Chance outcomes (the backs and faces of Rabelo cards, the lottery, D. Sebastião's cards)
are chosen by what they mean instead of sampled, so a test can say "the Valley holds a
level-3 card, the phylloxera is B's, A plays 10" and then check what the rulebook says.
Seats are A, B, C, D, E = 0, 1, 2, 3, 4, clockwise (the left neighbour is the next seat).
"""

from __future__ import annotations

from typing import Any

from ludoteca import load_game
from ludoteca.core.state import CHANCE
from ludoteca.games.douro1872.actions import Donate, PlayBarrel, encode

A, B, C, D, E = range(5)

# Three plans with a different card for every seat at every step (no tie ever involves anyone).
PLANS = [[0, 1, 2, 3, 4, 6, 7, 8, 9, 10], [3, 4, 6, 7, 8, 9, 10, 0, 1, 2],
         [7, 8, 9, 10, 0, 1, 2, 3, 4, 6]]


class Script:
    def __init__(self, num_players: int = 3, edition_text: str | None = None) -> None:
        self.game = load_game("douro1872", edition_text=edition_text)
        self.tables = self.game.tables
        self.state = self.game.new_initial_state(num_players)

    # ----- reading ------------------------------------------------------------------

    @property
    def obs(self) -> dict[str, Any]:
        return self.state.observation(None)

    def score(self, seat: int) -> int:
        return self.obs["seats"][seat]["score"]

    def scores(self) -> list[int]:
        return [s["score"] for s in self.obs["seats"]]

    def holder(self) -> int | None:
        return self.obs["phylloxera"]

    def hand(self, seat: int) -> list[int]:
        return self.state.observation(seat)["hand"]

    def last(self) -> dict[str, Any]:
        return self.obs["log"][-1]

    def level_of(self, order: int) -> int:
        """The level of the regular card with this order at this table (default edition)."""
        t = self.tables
        return t.level_names[t.card_level[self.state._orders.index(order)]]

    # ----- chance -------------------------------------------------------------------

    def chance(self, **want: Any) -> int:
        """Applies the chance outcome whose meaning has every ``want`` field."""
        s = self.state
        assert s.current_player() == CHANCE, f"not a chance node: {s.observation(None)['prompt']}"
        for action, _ in s.chance_outcomes():
            meaning = s.action_to_json(action)
            if all(meaning.get(k) == v for k, v in want.items()):
                s.apply_action(action)
                return action
        options = [s.action_to_json(a)["label"] for a, _ in s.chance_outcomes()]
        raise AssertionError(f"no chance outcome {want}; possible: {options}")

    def backs(self, *backs: int | str) -> None:
        """Backs shown by the stack's next cards: a level, or "fog"."""
        for back in backs:
            if back == "fog":
                self.chance(back="fog")
            else:
                self.chance(back="regular", level=back)

    def lottery(self, *cards: int, owners: tuple[int, ...] | None = None) -> None:
        """The cards revealed in front of each owner (all seats, in order, by default)."""
        owners = owners or tuple(range(len(cards)))
        for owner, card in zip(owners, cards, strict=True):
            self.chance(event="lottery", owner=owner, card=card)

    def give_phylloxera(self, seat: int) -> None:
        """Runs the lottery so that ``seat`` draws the 0 and everyone else more."""
        n = self.state._seats
        self.lottery(*[0 if s == seat else 10 - s for s in range(n)])

    def start(self, *valley: int, holder: int | None = None) -> None:
        """Deals the Valley (levels, then a fog back) and, with phylloxera, the lottery."""
        self.backs(*valley, "fog")
        if self.state._phylloxera_used:
            self.give_phylloxera(C if holder is None else holder)

    def face(self, order: int) -> None:
        self.chance(event="turn regular", order=order)

    def fog(self, effect: str) -> None:
        self.chance(event="turn fog", card=effect)

    # ----- seats --------------------------------------------------------------------

    def play(self, *values: int) -> None:
        """Every player lays a card (A first); in the two-player game, a ghost value last."""
        s = self.state
        n = s.num_players
        for value in values[:n]:
            card = self.tables.values.index(value)
            s.apply_action(encode(PlayBarrel(card), self.tables.hand_size))
        if len(values) > n:
            self.chance(event="ghost", card=values[n])

    def donate(self, *values: int) -> None:
        s = self.state
        n = s.num_players
        for value in values[:n]:
            card = self.tables.values.index(value)
            s.apply_action(encode(Donate(card), self.tables.hand_size))
        if len(values) > n:
            self.chance(event="ghost charity", card=values[n])

    def regular(self, order: int, *values: int) -> None:
        """A whole dispute of the regular card in front of the Valley."""
        self.play(*values)
        self.face(order)

    def play_out(self, plans: list[list[int]], donations: list[int] | None = None,
                 second: list[list[int]] | None = None) -> None:
        """Plays to the end: each seat lays the first card of its plan still in its hand
        (``second`` plans after the charity); chance gives its first possible outcome."""
        s = self.state
        while not s.is_terminal():
            seat = s.current_player()
            if seat == CHANCE:
                s.apply_action(s.chance_outcomes()[0][0])
            elif s.observation(None)["phase"] == "charity":
                assert donations is not None
                self.donate_one(seat, donations[seat])
            else:
                plan = (second if s._half == 2 and second else plans)[seat]
                hand = self.hand(seat)
                value = next(v for v in plan if v in hand)
                s.apply_action(encode(PlayBarrel(self.tables.values.index(value)),
                                      self.tables.hand_size))

    def donate_one(self, seat: int, value: int) -> None:
        assert self.state.current_player() == seat
        card = self.tables.values.index(value)
        self.state.apply_action(encode(Donate(card), self.tables.hand_size))


def position(sc: Script, *, scores: list[int] | None = None, holder: int | None = None) -> None:
    """TEST HELPER - sets scores and the phylloxera holder directly, for positions that would
    take a whole match of chosen moves to reach (the end-game tie of E19, the score floor)."""
    s = sc.state
    if scores is not None:
        s._scores = list(scores)
    if holder is not None:
        s._holder = holder
    s._legal = None


def charity_match(donations: list[int], holder: int) -> Script:
    """A whole 3-seat match to the end: ``holder`` draws the phylloxera, the seats give
    ``donations`` to charity and play PLANS (in the second half, PLANS less the donated card,
    B's and C's shifted); chance gives its first outcome."""
    sc = Script(3)
    sc.start(1, holder=holder)
    second = [[v for v in plan if v != donations[s]] for s, plan in enumerate(PLANS)]
    second = [second[0], second[1][3:] + second[1][:3], second[2][6:] + second[2][:6]]
    sc.play_out(PLANS, donations, second)
    return sc
