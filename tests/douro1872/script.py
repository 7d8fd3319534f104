"""Drives a Douro 1872 match into a chosen position through real actions.

Chance outcomes (the backs and faces of Rabelo cards, the lottery, D. Sebastião's cards)
are chosen by what they mean instead of sampled, so a test can say "the Valley holds a
level-3 card, the phylloxera is B's, A plays 10" and then check what the rulebook says.
Seats are A, B, C, D, E = 0, 1, 2, 3, 4, clockwise (the left neighbour is the next seat).

What happened is read from the events (``last()``: the last dispute settled), as a seat or
a spectator reads it.
"""

from __future__ import annotations

from typing import Any

from ludoteca import load_game
from ludoteca.core.state import CHANCE
from ludoteca.games.douro1872.actions import (
    Donate,
    Face,
    FogBack,
    FogCard,
    GhostCard,
    LotteryCard,
    PlayBarrel,
    RegularBack,
)

A, B, C, D, E = range(5)

# Three plans with a different card for every seat at every step (no tie ever involves anyone).
PLANS = [[0, 1, 2, 3, 4, 6, 7, 8, 9, 10], [3, 4, 6, 7, 8, 9, 10, 0, 1, 2],
         [7, 8, 9, 10, 0, 1, 2, 3, 4, 6]]


def events(state: Any, kind: str, viewer: int | None = None) -> list[dict[str, Any]]:
    """The data of every event of ``kind`` that ``viewer`` (default: a spectator) saw."""
    return [dict(e.data) for _, e in state.event_log(viewer) if e.kind == kind]


def settled(state: Any) -> list[dict[str, Any]]:
    """Every dispute settled so far, as a spectator was told it: the Rabelo card(s) turned
    (``rabelo``), the cards revealed (``played``), the sum, the points won or lost and the
    phylloxera before and after (from the events of the turn, the reveal, the settling and
    the card passing)."""
    out: list[dict[str, Any]] = []
    rabelo: dict[str, Any] = {}
    played: list[int] = []
    holder = None
    at = -1  # the move that settled the last dispute
    for move, e in state.event_log(None):
        d = e.data
        if e.kind in ("phylloxera_drawn", "lottery_cut"):
            holder = d["seat"]
        elif e.kind == "reveal":
            played = list(d["played"])
        elif e.kind == "turn_fog":
            rabelo = {"fog": d["fog"]}
            if d["order"] is not None:
                rabelo["order"] = d["order"]
        elif e.kind == "turn":
            rabelo.update(level=d["level"], order=d["order"])
        elif e.kind == "settled":
            assert d["holder"] == holder
            out.append({**d, "rabelo": rabelo, "played": played, "phylloxera": [holder, holder]})
            rabelo = {}
            at = move
        elif e.kind == "phylloxera":
            holder = d["seat"]
            if move == at:  # it passed after this dispute
                out[-1]["phylloxera"][1] = holder
    return out


def charity_result(state: Any) -> dict[str, Any]:
    """The charity card's reveal at the end (gifts, points, phylloxera before and after)."""
    (result,) = events(state, "charity")
    return result


class Script:
    def __init__(self, num_players: int = 3, edition_text: str | None = None,
                 options: dict[str, Any] | None = None) -> None:
        self.game = load_game("douro1872", edition_text=edition_text)
        self.tables = self.game.tables
        self.codec = self.game.codec
        self.state = self.game.new_initial_state(num_players, options=options)

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
        return settled(self.state)[-1]

    def level_of(self, order: int) -> int:
        """The level of the regular card with this order at this table (default edition)."""
        t = self.tables
        return t.level_names[t.card_level[self.state.orders.index(order)]]

    # ----- chance -------------------------------------------------------------------

    def chance(self, outcome: Any) -> int:
        """Applies a chance outcome named by its structure (``FogBack()``, ``Face(3)``)."""
        s = self.state
        assert s.current_player() == CHANCE, f"not a chance node: {s.observation(None)['prompt']}"
        action = self.codec.encode_outcome(outcome)
        possible = [a for a, _ in s.chance_outcomes()]
        if action not in possible:
            labels = [s.action_to_string(a) for a in possible]
            raise AssertionError(f"no chance outcome {outcome}; possible: {labels}")
        s.apply_action(action)
        return action

    def backs(self, *backs: int | str) -> None:
        """Backs shown by the stack's next cards: a level, or "fog"."""
        for back in backs:
            self.chance(FogBack() if back == "fog" else RegularBack(back))  # type: ignore[arg-type]

    def lottery(self, *cards: int, owners: tuple[int, ...] | None = None) -> None:
        """The cards revealed in front of each owner (all seats, in order, by default)."""
        owners = owners or tuple(range(len(cards)))
        for owner, card in zip(owners, cards, strict=True):
            assert self.state.action_to_json(
                self.codec.encode_outcome(LotteryCard(card)))["owner"] == owner
            self.chance(LotteryCard(card))

    def give_phylloxera(self, seat: int) -> None:
        """Runs the lottery so that ``seat`` draws the 0 and everyone else more."""
        n = self.state.seats
        self.lottery(*[0 if s == seat else 10 - s for s in range(n)])

    def start(self, *valley: int, holder: int | None = None) -> None:
        """Deals the Valley (levels, then a fog back) and, with phylloxera, the lottery."""
        self.backs(*valley, "fog")
        if self.state.phylloxera_used:
            self.give_phylloxera(C if holder is None else holder)

    def face(self, order: int) -> None:
        """Turns the regular card in dispute that has this order (at this table)."""
        s = self.state
        for action, _ in s.chance_outcomes():
            outcome = self.codec.outcomes[action]
            if isinstance(outcome, Face) and s.orders[outcome.card] == order:
                self.chance(outcome)
                return
        raise AssertionError(f"no regular card with order {order} can be turned")

    def fog(self, effect: str) -> None:
        self.chance(FogCard(effect))

    # ----- seats --------------------------------------------------------------------

    def play(self, *values: int) -> None:
        """Every player lays a card (A first); in the two-player game, a ghost value last."""
        s = self.state
        n = s.num_players
        for value in values[:n]:
            s.apply_action(self.codec.encode(PlayBarrel(value)))
        if len(values) > n:
            self.chance(GhostCard(values[n]))

    def donate(self, *values: int) -> None:
        s = self.state
        n = s.num_players
        for value in values[:n]:
            s.apply_action(self.codec.encode(Donate(value)))
        if len(values) > n:
            self.chance(GhostCard(values[n]))

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
                plan = (second if s.half == 2 and second else plans)[seat]
                hand = self.hand(seat)
                value = next(v for v in plan if v in hand)
                s.apply_action(self.codec.encode(PlayBarrel(value)))

    def donate_one(self, seat: int, value: int) -> None:
        assert self.state.current_player() == seat
        self.state.apply_action(self.codec.encode(Donate(value)))


def position(sc: Script, *, scores: list[int] | None = None, holder: int | None = None) -> None:
    """TEST HELPER - sets scores and the phylloxera holder directly, for positions that would
    take a whole match of chosen moves to reach (the end-game tie of E19, the score floor)."""
    s = sc.state
    if scores is not None:
        s.points = list(scores)
    if holder is not None:
        s.holder = holder


def charity_match(donations: list[int], holder: int,
                  options: dict[str, Any] | None = None) -> Script:
    """A whole 3-seat match to the end: ``holder`` draws the phylloxera, the seats give
    ``donations`` to charity and play PLANS (in the second half, PLANS less the donated card,
    B's and C's shifted); chance gives its first outcome."""
    sc = Script(3, options=options)
    sc.start(1, holder=holder)
    second = [[v for v in plan if v != donations[s]] for s, plan in enumerate(PLANS)]
    second = [second[0], second[1][3:] + second[1][:3], second[2][6:] + second[2][:6]]
    sc.play_out(PLANS, donations, second)
    return sc
