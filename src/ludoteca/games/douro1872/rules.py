"""The rules of Douro 1872, in the order of the rulebook.

Sections: Game Preparation (the stack, the Douro Valley, the phylloxera lottery), 1 Rabelo
cards (a *dispute*: choose face down, reveal, sum, turn the card and apply its effect;
1A regular cards, 1B the six fog cards), 2A phylloxera, 2B charity, End of the Game and the
D. Sebastião variant. Rulings on what the rulebook leaves open are in
``docs/rulings/douro1872.md`` (cited here as R1, R2, ...).

How hidden order becomes chance (DESIGN.md: no ordering is stored at set-up)
------------------------------------------------------------------------------
The stack is never shuffled into a list. A Rabelo card is decided by chance in two steps,
each when the players first learn it:

* its **back** when it becomes the top of the stack (dealt to the Valley, or looked for by
  Sirga): fog, or a regular card of some level. The rulebook's structure is kept by counts:
  the top card is regular (B2), then the 17 other upper cards are 11 regular and 6 fog in
  uniform order, then the 3 regular cards of the bottom (B1). Which *levels* come out is a
  uniform order of the 15 regular cards, whatever the fog pattern, so the level of each
  regular back is drawn from the regular cards whose back nobody has seen yet;
* its **face** when it is turned in a dispute: a regular card is one of its level's cards not
  yet turned; a fog card is one of the fog cards not yet turned.

Both steps together give exactly the probabilities of the physical shuffle (R2), and no
state ever holds a future card, so a determinization has nothing of the stack to resample.

State layout (flat, cheap to clone): hands are bit masks over the ten barrel cards, the
Valley a list of levels, the unseen stack three counts. Seats at the table are ``0..n-1``;
in the two-player game seat 2 is D. Sebastião, the ghost, who has a hand, a pile and a score
like anyone but whose cards are chance outcomes.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ludoteca.core.state import CHANCE, TERMINAL, State
from ludoteca.games.douro1872.actions import Donate, PlayBarrel, decode

if TYPE_CHECKING:
    from ludoteca.games.douro1872 import Douro1872
    from ludoteca.games.douro1872.edition import DouroEdition

# Phases. Chance: PEEK (a back), LOTTERY, CUT, GHOST, FACE, FOG, GHOST_DONATE.
PEEK, LOTTERY, CUT, CHOOSE, GHOST, FACE, FOG, DONATE, GHOST_DONATE, END = range(10)
PHASE_NAMES = (
    "stack", "lottery", "lottery cut", "dispute", "ghost", "turn regular", "turn fog",
    "charity", "ghost charity", "end",
)
# What is being disputed.
NONE, REGULAR, FOGCARD, SIRGA = range(4)
FOG_BACK = 0  # PEEK outcome 0: a fog back; outcome 1 + k: a regular back of level index k


class Tables:
    """The edition turned into flat tuples, built once per game and shared by every state."""

    def __init__(self, edition: DouroEdition) -> None:
        self.values: tuple[int, ...] = tuple(edition.barrels.values.value)
        self.hand_size = len(self.values)
        self.full_hand = (1 << self.hand_size) - 1
        self.bits: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i in range(self.hand_size) if mask >> i & 1)
            for mask in range(1 << self.hand_size)
        )
        levels = edition.rabelo.levels.value
        self.level_names: tuple[int, ...] = tuple(sorted(set(levels)))
        self.card_level: tuple[int, ...] = tuple(self.level_names.index(v) for v in levels)
        self.num_regular = len(levels)
        self.level_faces: tuple[int, ...] = tuple(
            sum(1 << r for r, k in enumerate(self.card_level) if k == lvl)
            for lvl in range(len(self.level_names))
        )
        self.level_counts: tuple[int, ...] = tuple(m.bit_count() for m in self.level_faces)
        self.orders: dict[int, tuple[int, ...]] = {
            int(size): tuple(col.value) for size, col in edition.rabelo.orders.items()
        }
        self.fog_effects: tuple[str, ...] = tuple(c.effect.value for c in edition.fog.cards)
        self.fog_names: tuple[str, ...] = tuple(c.name.value for c in edition.fog.cards)
        self.num_fog = len(self.fog_effects)
        self.fog_orders: dict[int, int] = {
            int(size): o.value for size, o in edition.fog.orders.items()
        }
        s = edition.stakes
        self.stakes: dict[str, tuple[int, int]] = {
            name: tuple(getattr(s, name).value)  # type: ignore[misc]
            for name in ("regular", "fragas", "cardia", "rapidos", "barraca", "charity")
        }
        self.start_score = sum(edition.score.start.value)
        self.floor = edition.score.floor.value
        self.bottom = edition.stack.bottom_regular.value
        self.top_regular = edition.stack.top_regular.value
        self.redraws = edition.phylloxera.lottery_redraws.value
        self.phylloxera_in_two = edition.phylloxera.in_two_player.value
        self.ghost_name = edition.ghost.name.value
        self.ghost_table = edition.ghost.table_size.value
        self.ghost_column = edition.ghost.order_column.value
        self.ghost_start = edition.ghost.start_points.value  # his hand: validated full
        self.score_barrels = tuple(zip(edition.score.barrel_values.value,
                                       edition.score.barrel_counts.value, strict=True))
        self.start_barrels = tuple(edition.score.start.value)
        self._bits_cache: dict[int, tuple[int, ...]] = {}

    def supply_at_setup(self, seats: int) -> dict[int, int]:
        """A4: the score barrels left in the centre once every seat has its start (DERIVED).
        Play does not use it: scores are whole numbers and change is made freely (R8)."""
        return {
            value: count - self.start_barrels.count(value) * seats
            for value, count in self.score_barrels
        }

    def bits_of(self, mask: int) -> tuple[int, ...]:
        """The positions of the set bits of ``mask`` (cached: masks repeat endlessly)."""
        found = self._bits_cache.get(mask)
        if found is None:
            found = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
            self._bits_cache[mask] = found
        return found


class DouroState(State):
    """A position of Douro 1872. See the module docstring for the model."""

    _copy_lists = (
        "_hands", "_scores", "_valley", "_level_pool", "_choices", "_donations", "_lot",
        "_log", "_lot_log",
    )
    _copy_nested = ("_piles",)

    def __init__(self, game: Douro1872, num_players: int, variant: str, options: Any) -> None:
        super().__init__(game, num_players, variant, options)
        t = game.tables
        self._t = t
        two = num_players == 2
        # D. Sebastião variant: "played in the same way as a 3-player game, with a ghost".
        self._seats = t.ghost_table if two else num_players
        self._ghost = num_players if two else -1
        self._phylloxera_used = not two or t.phylloxera_in_two
        column = t.ghost_column if two else num_players  # the 3-player column (derived)
        self._orders = t.orders[column]
        self._fog_order = t.fog_orders[column]
        seats = self._seats
        # A1/A3: ten barrel cards and 5 points each; the ghost's are edition values (R11).
        self._hands = [t.full_hand] * seats
        self._piles: list[list[int]] = [[] for _ in range(seats)]
        self._scores = [t.start_score] * seats
        if two:
            self._scores[self._ghost] = t.ghost_start
        self._holder = -1
        # B: the stack, as counts of cards nobody has seen the back of (module docstring).
        self._up_regular = t.num_regular - t.bottom
        self._up_fog = t.num_fog
        self._bottom = t.bottom
        self._first_back = True
        self._level_pool = list(t.level_counts)
        self._faces = (1 << t.num_regular) - 1
        self._fogs = (1 << t.num_fog) - 1
        self._valley: list[int] = []
        self._fog_top = 0  # fog cards known to be on top of the stack (backs seen)
        # The dispute in progress.
        self._target = NONE
        self._target_level = -1
        self._turned_regular = -1
        self._turned_fog = -1
        self._choices = [-1] * seats
        self._chooser = 0
        self._revealed = False
        self._before: tuple[int, ...] = ()
        self._holder_before = -1
        # Phase 2 and the end.
        self._half = 1
        self._donations = [-1] * seats
        self._charity: tuple[Any, ...] | None = None
        self._table_winners: tuple[int, ...] = ()
        # The lottery (D).
        self._lot = [-1] * seats
        self._lot_set: tuple[int, ...] = ()
        self._lot_i = 0
        self._lot_round = 0
        self._lot_log: list[tuple[int, int, int]] = []  # (round, owner, card)
        # Every settled dispute, for perfect memory (R1): immutable tuples.
        self._log: list[tuple[Any, ...]] = []
        self._phase = PEEK

    # ================================================================ the API hooks

    def current_player(self) -> int:
        phase = self._phase
        if phase in (CHOOSE, DONATE):
            return self._chooser
        if phase == END:
            return TERMINAL
        return CHANCE

    def _legal_actions(self) -> list[int]:
        cards = self._t.bits[self._hands[self._chooser]]
        if self._phase == CHOOSE:
            return list(cards)
        h = self._t.hand_size
        return [h + c for c in cards]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self._phase
        if phase == PEEK:
            return self._back_outcomes()
        if phase == FACE:
            return _uniform(self._t.bits_of(self._faces & self._t.level_faces[self._target_level]))
        if phase == FOG:
            return _uniform(self._t.bits_of(self._fogs))
        if phase == LOTTERY:
            return _uniform(self._t.bits[self._hands[self._lot_set[self._lot_i]]])
        if phase == CUT:
            return _uniform(self._lot_set)
        # GHOST, GHOST_DONATE: "the cards of the ghost-player are played randomly".
        return _uniform(self._t.bits[self._hands[self._ghost]])

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == CHOOSE:
            self.choose(self._chooser, action)
        elif phase == DONATE:
            self.donate(self._chooser, action - self._t.hand_size)
        elif phase == PEEK:
            self.stack_back(action)
        elif phase == FACE:
            self.turn_regular(action)
        elif phase == FOG:
            self.turn_fog(action)
        elif phase == LOTTERY:
            self.lottery_draw(action)
        elif phase == CUT:
            self._holder = action
            self.next_rabelo()
        elif phase == GHOST:
            self.ghost_plays(action)
        else:  # GHOST_DONATE
            self.ghost_donates(action)

    def clone(self) -> DouroState:
        # The base clone, without the generic loops: a hot path for search.
        new = object.__new__(DouroState)
        d = new.__dict__
        d.update(self.__dict__)
        d["_history"] = self._history.copy()
        d["_hands"] = self._hands.copy()
        d["_scores"] = self._scores.copy()
        d["_valley"] = self._valley.copy()
        d["_level_pool"] = self._level_pool.copy()
        d["_choices"] = self._choices.copy()
        d["_donations"] = self._donations.copy()
        d["_lot"] = self._lot.copy()
        d["_log"] = self._log.copy()
        d["_lot_log"] = self._lot_log.copy()
        d["_piles"] = [p.copy() for p in self._piles]
        return new

    # ================================================================ Game Preparation

    def _unseen(self) -> int:
        return self._up_regular + self._up_fog + self._bottom

    def _back_outcomes(self) -> list[tuple[int, float]]:
        """B1/B2: the chance that the next card of the stack shows a fog or a level back."""
        upper = self._up_regular + self._up_fog
        if upper and not (self._first_back and self._t.top_regular):
            p_fog = self._up_fog / upper
        else:  # B2 "the top card is always regular"; B1: the bottom cards are regular
            p_fog = 0.0
        out = [(FOG_BACK, p_fog)] if p_fog > 0 else []
        pool = self._level_pool
        left = sum(pool)
        p_regular = 1.0 - p_fog
        if p_regular > 0:
            out.extend((1 + k, p_regular * n / left) for k, n in enumerate(pool) if n)
        return out

    def stack_back(self, outcome: int) -> None:
        """The back of the next card of the stack shows (B3 dealing, or Sirga looking)."""
        first_upper = self._up_regular + self._up_fog > 0
        self._first_back = False
        if outcome == FOG_BACK:
            self._up_fog -= 1
            self._fog_top += 1  # a fog card stays on the stack: it is disputed last
            if self._target != SIRGA:
                self.next_rabelo()
            return
        level = outcome - 1
        self._level_pool[level] -= 1
        if first_upper:
            self._up_regular -= 1
        else:
            self._bottom -= 1
        if self._target == SIRGA:  # the regular card under the fog cards goes to the tow
            self._target_level = level
            self._phase = FACE
            return
        self.douro_valley(level)

    def douro_valley(self, level: int) -> None:
        """B3: regular cards go face down to the Douro Valley until a fog card shows."""
        self._valley.append(level)
        if self._unseen():
            self._phase = PEEK
        else:
            self.next_rabelo()

    def lottery(self) -> None:
        """D / 2A: each player draws a card at random from the hand on their left."""
        self._lot_set = tuple(range(self._seats))
        self._lot = [-1] * self._seats
        self._lot_i = 0
        self._phase = LOTTERY

    def lottery_draw(self, card: int) -> None:
        """One card, drawn from ``owner``'s hand, is revealed in front of ``owner`` (R5)."""
        owner = self._lot_set[self._lot_i]
        self._lot[owner] = card
        self._lot_log.append((self._lot_round, owner, card))
        self._lot_i += 1
        if self._lot_i < len(self._lot_set):
            return
        low = min(self._lot[s] for s in self._lot_set)
        tied = tuple(s for s in self._lot_set if self._lot[s] == low)
        if len(tied) == 1:  # "the lowest barrel card receives the phylloxera card"
            self._holder = tied[0]
            self.next_rabelo()
            return
        # R5: only the tied players draw again (the cards went back to their hands).
        self._lot_round += 1
        self._lot_set = tied
        self._lot_i = 0
        if self._lot_round > self._t.redraws:
            self._phase = CUT

    # ================================================================ Development of the Game

    def next_rabelo(self) -> None:
        """What happens next: deal the Valley, the lottery, the middle, a dispute, the end."""
        if not self._valley and not self._fog_top and self._unseen():
            self._target = NONE
            self._phase = PEEK  # "This procedure is repeated throughout the game."
            return
        if self._phylloxera_used and self._holder < 0:
            self.lottery()
            return
        if not any(self._hands):
            if self._half == 1:
                self.middle_of_the_game()
                return
            self.end_of_the_game()
            return
        if self._valley:  # R3: in the order they came out, the fog card last
            self.dispute(REGULAR, self._valley[0])
        elif self._fog_top:
            self.dispute(FOGCARD, -1)
        else:
            self.end_of_the_game()

    def dispute(self, target: int, level: int) -> None:
        """1: players choose a barrel card, face down (one seat after another, hidden)."""
        self._target = target
        self._target_level = level
        self._turned_regular = -1
        self._turned_fog = -1
        self._choices = [-1] * self._seats
        self._chooser = 0
        self._revealed = False
        self._phase = CHOOSE

    def choose(self, seat: int, card: int) -> None:
        self._hands[seat] &= ~(1 << card)
        self._choices[seat] = card
        self._chooser = seat + 1
        if self._chooser < self.num_players:
            return
        if self._ghost >= 0:
            self._phase = GHOST
        else:
            self.reveal()

    def ghost_plays(self, card: int) -> None:
        """D. Sebastião: a card of his hand at random (a chance node, not a bot)."""
        self._hands[self._ghost] &= ~(1 << card)
        self._choices[self._ghost] = card
        self.reveal()

    def reveal(self) -> None:
        """1: all cards are revealed at once and added; then the Rabelo card is turned."""
        self._revealed = True
        self._before = tuple(self._scores)
        self._holder_before = self._holder
        self._phase = FACE if self._target == REGULAR else FOG

    def total(self) -> int:
        values = self._t.values
        return sum(values[c] for c in self._choices)

    def played(self) -> list[int]:
        values = self._t.values
        return [values[c] for c in self._choices]

    def turn_regular(self, card: int) -> None:
        """1A: the regular card's order shows; its effect is applied."""
        self._faces &= ~(1 << card)
        self._turned_regular = card
        if self._target == REGULAR:
            self._valley.pop(0)
        self.regular_rabelo(self._orders[card])
        self.settle()

    def turn_fog(self, card: int) -> None:
        """1B: the fog card is turned and does what it says."""
        self._fogs &= ~(1 << card)
        self._fog_top -= 1
        self._turned_fog = card
        effect = self._t.fog_effects[card]
        if effect == "fragas":
            self.fragas()
        elif effect == "cardia":
            self.our_lady_of_cardia()
        elif effect == "rapidos":
            self.rapidos()
        elif effect == "sirga":
            self.sirga()
            return  # the tow's regular card is turned next; it settles the dispute
        elif effect == "barraca":
            self.barraca()
        else:
            self.customs()
        self.settle(returned=effect == "cardia")

    # ---------------------------------------------------------------- effects

    def regular_rabelo(self, order: int) -> None:
        """1A: filled (sum >= order): highest +2, ties +1; else lowest -2, ties -1."""
        self.filled_or_not(order, self._t.stakes["regular"])

    def fragas(self) -> None:
        """Fragas: as a regular card, for 4 points (ties 2)."""
        self.filled_or_not(self._fog_order, self._t.stakes["fragas"])

    def our_lady_of_cardia(self) -> None:
        """Our Lady of Cardia: as a regular card; then the cards go back to hand (settle)."""
        self.filled_or_not(self._fog_order, self._t.stakes["cardia"])

    def rapidos(self) -> None:
        """Rápidos: reversed - filled, the lowest gains; not filled, the highest gains."""
        full, tie = self._t.stakes["rapidos"]
        filled = self.total() >= self._fog_order
        self.reward(self.extreme(highest=not filled), full, tie)

    def sirga(self) -> None:
        """Sirga: the next regular card of the stack, skipping fog cards, is disputed by the
        barrels on the table. The fog cards on top stay; the backs below are looked at (R13)."""
        self._target = SIRGA
        self._phase = PEEK

    def barraca(self) -> None:
        """Barraca: whatever the sum, the lowest gains 2 (ties 1)."""
        full, tie = self._t.stakes["barraca"]
        self.reward(self.extreme(highest=False), full, tie)

    def customs(self) -> None:
        """Customs Formalities: the cards are simply spent."""

    def filled_or_not(self, order: int, stakes: tuple[int, int]) -> None:
        """'Equal to or greater than the boat's order' (R3: equal fills)."""
        full, tie = stakes
        if self.total() >= order:
            self.reward(self.extreme(highest=True), full, tie)
        else:
            self.penalty(self.extreme(highest=False), full, tie)

    def extreme(self, highest: bool) -> list[int]:
        """The seats that played the highest (or lowest) barrel card."""
        played = self.played()
        best = max(played) if highest else min(played)
        return [s for s, v in enumerate(played) if v == best]

    # ---------------------------------------------------------------- 2A phylloxera

    def reward(self, seats: list[int], full: int, tie: int) -> None:
        """Sole player: ``full``; tied players: ``tie`` each. The holder of the phylloxera
        loses a tie (R6): it drops out, and a sole remaining player takes the full reward."""
        if len(seats) > 1 and self._holder in seats:
            seats = [s for s in seats if s != self._holder]
        if len(seats) == 1:
            self.pay(seats[0], full)
        else:
            for s in seats:
                self.pay(s, tie)

    def penalty(self, seats: list[int], full: int, tie: int) -> None:
        """Sole player: loses ``full``; tied: ``tie`` each. A holder in the tie loses it, so
        it alone pays the full penalty and the others pay nothing (R6)."""
        if len(seats) > 1 and self._holder in seats:
            self.pay(self._holder, -full)
        elif len(seats) == 1:
            self.pay(seats[0], -full)
        else:
            for s in seats:
                self.pay(s, -tie)

    def phylloxera(self, values: list[int]) -> None:
        """2A: after any tie involving the holder - even a worthless one - the card moves
        clockwise (to the left). A tie is two equal cards, whatever their rank (R7)."""
        holder = self._holder
        if holder >= 0 and values.count(values[holder]) > 1:
            self._holder = (holder + 1) % self._seats

    def pay(self, seat: int, points: int) -> None:
        """End note: 'players are forgiven of paying barrels they do not have' (floor 0)."""
        self._scores[seat] = max(self._t.floor, self._scores[seat] + points)

    def settle(self, returned: bool = False) -> None:
        """After the effect: the phylloxera passes if it tied, the barrel cards stay in their
        piles (only the last visible) - or go back to hand after Our Lady of Cardia."""
        self.phylloxera(self.played())
        for seat, card in enumerate(self._choices):
            if returned:
                self._hands[seat] |= 1 << card
            else:
                self._piles[seat].append(card)
        self._log.append((
            self._target == SIRGA, self._turned_regular, self._turned_fog,
            tuple(self._choices), self.total(),
            tuple(a - b for a, b in zip(self._scores, self._before, strict=True)),
            self._holder_before, self._holder,
        ))
        self._choices = [-1] * self._seats
        self._revealed = False
        self._target = NONE
        self.next_rabelo()

    # ================================================================ 2B charity, the middle

    def middle_of_the_game(self) -> None:
        """Phase 2: everyone takes back the ten cards and gives one, face down, to charity
        (R10: when every hand is empty for the first time)."""
        self._half = 2
        self._hands = [self._t.full_hand] * self._seats
        self._piles = [[] for _ in range(self._seats)]
        self._donations = [-1] * self._seats
        self._chooser = 0
        self._phase = DONATE

    def donate(self, seat: int, card: int) -> None:
        self._hands[seat] &= ~(1 << card)
        self._donations[seat] = card
        self._chooser = seat + 1
        if self._chooser < self.num_players:
            return
        if self._ghost >= 0:
            self._phase = GHOST_DONATE
        else:
            self.next_rabelo()

    def ghost_donates(self, card: int) -> None:
        self._hands[self._ghost] &= ~(1 << card)
        self._donations[self._ghost] = card
        self.next_rabelo()

    def charity(self) -> None:
        """2B, at the end: lowest donor(s) -1, highest donor(s) +1, phylloxera applied.
        All donations equal: nobody gave more or less, nothing is paid (R9)."""
        before = tuple(self._scores)
        holder = self._holder
        values = [self._t.values[c] for c in self._donations]
        full, tie = self._t.stakes["charity"]
        if min(values) != max(values):
            best = max(values)
            self.reward([s for s, v in enumerate(values) if v == best], full, tie)
            worst = min(values)
            self.penalty([s for s, v in enumerate(values) if v == worst], full, tie)
        self.phylloxera(values)
        deltas = tuple(a - b for a, b in zip(self._scores, before, strict=True))
        self._charity = (tuple(values), deltas, holder, self._holder)

    # ================================================================ End of the Game

    def end_of_the_game(self) -> None:
        """After the last regular card: charity, totals, ties from the holder's left."""
        self.charity()
        self._table_winners = self.final_ranking()
        self._phase = END

    def final_ranking(self) -> tuple[int, ...]:
        """The most points wins. 'In the event of a tie, among the tied, the player
        immediately to the left of the phylloxera card wins' - so the first tied seat met
        going clockwise from the holder's left, the holder itself last (R14). Without the
        card (two players) a tie is a shared win."""
        top = max(self._scores)
        tied = [s for s, v in enumerate(self._scores) if v == top]
        if len(tied) > 1 and self._holder >= 0:
            for step in range(1, self._seats + 1):
                seat = (self._holder + step) % self._seats
                if seat in tied:
                    return (seat,)
        return tuple(tied)

    def scores(self) -> list[float]:
        return [float(v) for v in self._scores[: self.num_players]]

    def winners(self) -> list[int]:
        """Winning seats among the players; empty when D. Sebastião wins alone (R11)."""
        return [s for s in self._table_winners if s < self.num_players]

    def returns(self) -> list[float]:
        """Win shares; a win shared with D. Sebastião counts him among the winners (R11)."""
        result = [0.0] * self.num_players
        if self._phase == END:
            share = 1.0 / len(self._table_winners)
            for s in self.winners():
                result[s] = share
        return result

    def evaluation(self) -> list[float]:
        """A win-share guess for a search that stops early; exact (``returns()``) at the end.
        The whole table is ranked, D. Sebastião included: a player gets a share only if they
        lead it, and ``k`` tied leaders share as in ``returns()`` - ``1/k`` each, the ghost
        counted among them (R11). With three to five players this is the default guess."""
        if self.is_terminal():
            return self.returns()
        best = max(self._scores)
        leaders = [s for s, v in enumerate(self._scores) if v == best]
        share = 1.0 / len(leaders)
        return [share if s in leaders else 0.0 for s in range(self.num_players)]

    def ghost_won(self) -> bool:
        """True when D. Sebastião is among the winners."""
        return self._ghost >= 0 and self._ghost in self._table_winners

    # ================================================================ information (R1)

    def _hidden_cards(self, seat: int) -> tuple[int, int]:
        """A seat's face-down choice and charity card, -1 where there is none or it is shown."""
        pending = self._choices[seat] if not self._revealed else -1
        donation = self._donations[seat] if self._phase != END else -1
        return pending, donation

    def _determinize(self, player: int, rng: random.Random) -> DouroState:
        """Resamples what ``player`` cannot know: every other seat's face-down barrel card
        and charity card. With perfect memory (R1) the *set* of a seat's unplayed cards is
        public, so only which of them lies face down (or under the charity card) is hidden.
        The stack holds no future card (module docstring): nothing there to resample."""
        new = self.clone()
        new._legal = None
        bits = self._t.bits
        for seat in range(self._seats):
            if seat == player:
                continue
            pending, donation = self._hidden_cards(seat)
            if pending < 0 and donation < 0:
                continue
            pool = list(bits[self._hands[seat]])
            if pending >= 0:
                pool.append(pending)
            if donation >= 0:
                pool.append(donation)
            rng.shuffle(pool)
            if pending >= 0:
                new._choices[seat] = pool.pop()
            if donation >= 0:
                new._donations[seat] = pool.pop()
            new._hands[seat] = sum(1 << c for c in pool)
        return new

    def observation(self, player: int | None) -> dict[str, Any]:
        from ludoteca.games.douro1872.observe import observation

        self._check_seat(player)
        return observation(self, player)

    # ================================================================ actions as words

    def _action_to_string(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return self._chance_to_json(action).get("label", f"chance outcome {action}")
        act = decode(action, self._t.hand_size)
        return act.label(self._t.values) if act.card < self._t.hand_size else f"action {action}"

    def _action_to_json(self, action: int) -> dict[str, Any]:
        if self.current_player() == CHANCE:
            return self._chance_to_json(action)
        act = decode(action, self._t.hand_size)
        if act.card >= self._t.hand_size:
            return {"type": "unknown"}
        kind = "play" if isinstance(act, PlayBarrel) else "donate"
        return {"type": kind, "card": self._t.values[act.card]}

    def public_action_string(self, action: int, viewer: int | None) -> str | None:
        """A barrel card laid face down, or given to charity, is seen only by its owner
        (D. Sebastião's charity card by nobody); everything else chance does is public."""
        current = self.current_player()
        phase = self._phase
        if current == CHANCE:
            if phase == GHOST_DONATE:
                return f"{self._t.ghost_name} gives a card, face down, to charity"
            return self._action_to_string(action)
        if viewer == current:
            return self._action_to_string(action)
        what = "lays a barrel card face down" if phase == CHOOSE else "gives a card to charity"
        return f"Player {current} {what}"

    def _chance_to_json(self, a: int) -> dict[str, Any]:
        t = self._t
        phase = self._phase
        out: dict[str, Any] = {"type": "chance", "event": PHASE_NAMES[phase]}
        if phase == PEEK:
            if a == FOG_BACK:
                out.update(back="fog", label="the next Rabelo card has a fog back")
            elif 1 <= a <= len(t.level_names):
                level = t.level_names[a - 1]
                out.update(back="regular", level=level,
                           label=f"the next Rabelo card is a level-{level} regular card")
        elif phase == FACE and 0 <= a < t.num_regular:
            level, order = t.level_names[t.card_level[a]], self._orders[a]
            out.update(level=level, order=order,
                       label=f"the level-{level} Rabelo card orders {order} "
                             + ("barrel" if order == 1 else "barrels"))
        elif phase == FOG and 0 <= a < t.num_fog:
            out.update(card=t.fog_effects[a], name=t.fog_names[a],
                       label=f"the fog card is {t.fog_names[a]}")
        elif phase == LOTTERY and 0 <= a < t.hand_size:
            owner = self._lot_set[self._lot_i]
            out.update(owner=owner, card=t.values[a],
                       label=f"a {t.values[a]} is drawn from seat {owner}'s hand")
        elif phase == CUT and a in self._lot_set:
            out.update(seat=a, label=f"the cut gives the phylloxera to seat {a}")
        elif phase in (GHOST, GHOST_DONATE) and 0 <= a < t.hand_size:
            verb = "plays" if phase == GHOST else "donates"
            out.update(card=t.values[a], label=f"{t.ghost_name} {verb} a {t.values[a]}")
        return out

    def _explain_illegal(self, action: int) -> str | None:
        if self._phase not in (CHOOSE, DONATE):
            return None
        h = self._t.hand_size
        act = decode(action, h)
        if act.card >= h:
            return None
        value = self._t.values[act.card]
        if self._phase == CHOOSE and isinstance(act, Donate):
            return "it is not time for charity; choose a barrel card to dispute the Rabelo card"
        if self._phase == DONATE and isinstance(act, PlayBarrel):
            return "first give one barrel card, face down, to the charity card"
        seat = self._chooser
        if self._donations[seat] == act.card:
            return f"your {value} lies under the charity card"
        if act.card in self._piles[seat]:
            return f"you have already played your {value}"
        return f"your {value} is not in your hand"


def _uniform(outcomes: tuple[int, ...] | list[int]) -> list[tuple[int, float]]:
    p = 1.0 / len(outcomes)
    return [(o, p) for o in outcomes]
