"""Desperados rules, in the order of the rulebook.

Preparing to play -> a turn (draw / pass / play) -> playing a card (opening, working,
closing, fighting) -> ending the round -> point values -> the next round or the end.
Rulings for what the rulebook leaves open are numbered as in ``docs/rulings/desperados.md``
and cited where they apply.

The state is flat: hands, deck and discard pile are counts per card kind; mines in play are
slots with an owner (a display), a closed flag and the chests laid on them in order.
A *display* is a partnership's (seats 0+2 and 1+3) or, in the individual game, a seat's.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ludoteca.core.state import CHANCE, TERMINAL, State
from ludoteca.games.desperados.actions import (
    Cards,
    Close,
    Draw,
    Fight,
    Open,
    Pass,
    Work,
)

NOBODY = -1
SINGLE, DOUBLE = 1, 2


class DesperadosState(State):
    _copy_lists = (
        "deck", "discard", "owner", "closed", "fight_cards", "passes", "totals", "hand_sizes",
    )
    _copy_nested = ("hands", "chests", "partner_knows")

    def __init__(self, game: Any, num_players: int, variant: str, options: Any) -> None:
        super().__init__(game, num_players, variant, options)
        cards: Cards = game.cards
        self.cards = cards
        self.partnership = variant == "partnership"
        self.num_displays = 2 if self.partnership else num_players
        edition = game.edition
        if self.partnership:
            self.target = edition.partnership.target.value
            self.removed_singles = 0
        else:
            self.target = edition.individual.target.value
            removals = edition.individual.removed_single_chests_per_metal
            self.removed_singles = removals[num_players].value if num_players in removals else 0
        self.hand_size = edition.hand_size.value
        self.totals = [0] * self.num_displays
        self.round = 0
        self.dealer = num_players - 1  # R19: seat 0 opens the first round
        self.winner_displays: list[int] = []
        self.over = False
        # Public news for front ends, replaced (never mutated) so clones may share them.
        self.last_fight: tuple = ()
        self.last_round: tuple = ()
        self.skipped: tuple[int, ...] = ()
        self._new_round()

    # ===== Preparing to play ========================================================

    def _new_round(self) -> None:
        """All cards are shuffled and 6 dealt to each player; the deal passes to the left."""
        cards, n = self.cards, self.num_players
        self.round += 1
        self.dealer = (self.dealer + 1) % n if self.round > 1 else self.dealer
        self.deck = cards.deck_counts(self.removed_singles)
        self.deck_total = sum(self.deck)
        self.discard = [0] * cards.num_kinds
        self.hands = [[0] * cards.num_kinds for _ in range(n)]
        self.hand_sizes = [0] * n
        self.owner = [NOBODY] * cards.num_slots
        self.closed = [False] * cards.num_slots
        self.chests: list[list[int]] = [[] for _ in range(cards.num_slots)]
        self.passes = [0] * n
        self.partner_knows = [[0] * cards.num_kinds for _ in range(n)]
        self._no_fight()
        self.to_deal = n * self.hand_size  # the edition guarantees cards are left to draw
        self.drawing = False
        self.final_turns: int | None = None
        self.player = self.dealer

    def _deal(self, kind: int) -> None:
        dealt = self.num_players * self.hand_size - self.to_deal
        seat = (self.dealer + 1 + dealt) % self.num_players
        self._take_from_deck(seat, kind)
        self.to_deal -= 1
        if self.to_deal == 0:
            self.player = (self.dealer + 1) % self.num_players

    def _take_from_deck(self, seat: int, kind: int) -> None:
        self.deck[kind] -= 1
        self.deck_total -= 1
        self.hands[seat][kind] += 1
        self.hand_sizes[seat] += 1

    # ===== The turn: exactly one of draw, pass, play ================================

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.to_deal or self.drawing:
            return CHANCE
        return self.player

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        total = self.deck_total
        return [(k, c / total) for k, c in enumerate(self.deck) if c]

    def _apply(self, action: int) -> None:
        if self.to_deal:
            self._deal(action)
            return
        if self.drawing:
            self.draw_a_card(action)
            return
        act = self.cards.actions[action]
        match act:
            case Draw():
                self.drawing = True  # the card drawn is the next chance node
                return
            case Pass(card):
                self.pass_a_card(card)
            case Open(metal, display):
                self.open_a_mine(metal, display)
            case Work(card, mine):
                self.work_a_mine(card, mine)
            case Close(mine):
                self.close_a_mine(mine)
            case Fight(card, mine):
                self.fight_over_a_mine(card, mine)
        self._end_turn()

    def draw_a_card(self, kind: int) -> None:
        """Drawing ends the turn; drawing the last card starts the final turns (R13)."""
        self.drawing = False
        self._take_from_deck(self.player, kind)
        if self.deck_total == 0:
            # Every other player, then the drawer, has one more turn.
            self.final_turns = self.num_players + 1
        self._end_turn()

    def pass_a_card(self, kind: int) -> None:
        """The card goes face down into the partner's hand; both of them know what it was."""
        partner = self.partner(self.player)
        self._lose_card(self.player, kind)
        self.hands[partner][kind] += 1
        self.hand_sizes[partner] += 1
        self.partner_knows[self.player][kind] += 1
        self.passes[self.player] += 1

    def _lose_card(self, seat: int, kind: int) -> None:
        self.hands[seat][kind] -= 1
        self.hand_sizes[seat] -= 1
        if self.partnership:
            # The partner's knowledge of this hand is a lower bound per kind: one fewer now.
            knows = self.partner_knows[self.partner(seat)]
            if knows[kind]:
                knows[kind] -= 1

    def _end_turn(self) -> None:
        """The next player clockwise; settles a fight and runs out the round's final turns."""
        n = self.num_players
        skipped: list[int] = []
        while True:
            if self.final_turns is not None:
                self.final_turns -= 1
                if self.final_turns == 0:
                    self.skipped = tuple(skipped)
                    self.score_the_round()
                    return
            self.player = (self.player + 1) % n
            if self.fight_mine != NOBODY and self.player == self.fight_attacker:
                self.settle_the_fight()
            # Only in the final turns can a player have nothing to do (R13): they skip.
            if self.final_turns is None or self._moves(self.player):
                self.skipped = tuple(skipped)
                return
            skipped.append(self.player)

    # ===== Playing a card ===========================================================

    def open_a_mine(self, metal: int, display: int) -> None:
        """A mine card opens a mine of its metal; it takes the metal's lowest free slot."""
        cards = self.cards
        self._lose_card(self.player, cards.MINE + metal)
        base = metal * cards.mines_per_metal
        slot = next(s for s in range(base, base + cards.mines_per_metal)
                    if self.owner[s] == NOBODY)
        self.owner[slot] = display
        self.closed[slot] = False
        self.chests[slot] = []

    def work_a_mine(self, kind: int, slot: int) -> None:
        """A chest card goes onto an open mine of its metal (R4), in play order."""
        self._lose_card(self.player, kind)
        self.chests[slot].append(DOUBLE if self.cards.is_double(kind) else SINGLE)

    def close_a_mine(self, slot: int) -> None:
        """Closing stops the mine; closing the mine being fought over ends the fight (R12)."""
        self._lose_card(self.player, self.cards.CLOSED)
        self.closed[slot] = True
        if slot == self.fight_mine:
            self.close_during_a_fight(slot)

    def close_during_a_fight(self, slot: int) -> None:
        """The fight is over at once, no change of owner, and the last chest is discarded."""
        chests = self.chests[slot]
        lost = "nothing"
        if chests:
            # Discarded cards are kept as counts of the kind they were.
            metal = self.cards.slot_metal[slot]
            last = chests.pop()
            base = self.cards.DOUBLE if last == DOUBLE else self.cards.CHEST
            self.discard[base + metal] += 1
            lost = f"a {self.cards.card_name(base + metal)}"
        self._report_fight(slot, self.owner[slot],
                           f"the mine was closed during the fight and lost {lost}")
        self._discard_the_fight()

    def fight_over_a_mine(self, kind: int, slot: int) -> None:
        """A Desperado starts a fight over an opponent's mine, or joins the fight on it."""
        self._lose_card(self.player, kind)
        if self.fight_mine == NOBODY:
            self.fight_mine = slot
            self.fight_attacker = self.player
        self.fight_cards[self.player] = kind

    def settle_the_fight(self) -> None:
        """At the start of the attacker's next turn the fight is decided (R10, R11)."""
        slot = self.fight_mine
        winner = (self._partnership_fight_winner(slot) if self.partnership
                  else self._individual_fight_winner(slot))
        kept = winner == self.owner[slot]
        self._report_fight(slot, winner, "the defenders keep the mine" if kept
                           else "the mine changes hands")
        self.owner[slot] = winner
        self._discard_the_fight()

    def _report_fight(self, slot: int, owner: int, outcome: str) -> None:
        cards = tuple((seat, self.cards.value_of(kind))
                      for seat, kind in enumerate(self.fight_cards) if kind != NOBODY)
        self.last_fight = (self.cards.mine_name(slot), self.fight_attacker, cards, owner, outcome)

    def _partnership_fight_winner(self, slot: int) -> int:
        """Higher combined total wins; equal totals go to the defenders."""
        defenders = self.owner[slot]
        attackers = 1 - defenders
        totals = [0, 0]
        for seat, kind in enumerate(self.fight_cards):
            if kind != NOBODY:
                totals[seat % 2] += self.cards.value_of(kind)
        return attackers if totals[attackers] > totals[defenders] else defenders

    def _individual_fight_winner(self, slot: int) -> int:
        """The single highest Desperado wins the mine for whoever played it (R11)."""
        best, winner = -1, self.owner[slot]
        for seat, kind in enumerate(self.fight_cards):
            if kind != NOBODY and self.cards.value_of(kind) > best:
                best, winner = self.cards.value_of(kind), seat
        return winner

    def _discard_the_fight(self) -> None:
        """After a fight every Desperado played in it goes face down to the discard pile."""
        for kind in self.fight_cards:
            if kind != NOBODY:
                self.discard[kind] += 1
        self._no_fight()

    def _no_fight(self) -> None:
        self.fight_mine = NOBODY
        self.fight_attacker = NOBODY
        self.fight_cards = [NOBODY] * self.num_players

    # ===== Ending the round and point values ========================================

    def score_the_round(self) -> None:
        """Only closed mines count; then the target decides whether another round follows."""
        scored = []
        for slot in range(self.cards.num_slots):
            if self.owner[slot] != NOBODY and self.closed[slot]:
                self.totals[self.owner[slot]] += self.mine_value(slot)
                scored.append((self.owner[slot], self.cards.mine_name(slot),
                               self.mine_value(slot)))
        self.last_round = (self.round, tuple(scored), tuple(self.totals))
        best = max(self.totals)
        leaders = [d for d, t in enumerate(self.totals) if t == best]
        reached = best >= self.target and len(leaders) == 1  # R16: a tie at the top replays
        if reached or self.round >= self.options.max_rounds:
            self.winner_displays = leaders
            self.over = True
            self.player = TERMINAL
        else:
            self._new_round()

    def mine_value(self, slot: int) -> int:
        """Chest points; a double first in the mine makes every later chest double too."""
        chests = self.chests[slot]
        if not chests:
            return 0
        points = self.cards.points[self.cards.slot_metal[slot]]
        if chests[0] == DOUBLE:
            return points * DOUBLE * len(chests)
        return points * sum(chests)

    # ===== Who may do what ==========================================================

    def partner(self, seat: int) -> int:
        return (seat + 2) % 4

    def display_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    team_of = display_of

    def _is_open(self, slot: int) -> bool:
        return self.owner[slot] != NOBODY and not self.closed[slot]

    def _legal_actions(self) -> list[int]:
        return self._moves(self.player)

    def _moves(self, seat: int) -> list[int]:
        cards, index, hand = self.cards, self.cards.index, self.hands[seat]
        moves = []
        if self.final_turns is None:
            moves.append(0)  # Draw: always possible while the deck lasts
        if self.partnership and self.passes[seat] < self.options.pass_limit:
            moves += [index[Pass(k)] for k in range(cards.num_kinds) if hand[k]]
        own = self.display_of(seat)
        displays = range(self.num_displays)
        if self.options.opponent_displays == "close_or_fight":
            displays = range(own, own + 1)
        for m in range(cards.num_metals):
            if hand[cards.MINE + m]:
                moves += [index[Open(m, d)] for d in displays]
        open_slots = [s for s in range(cards.num_slots) if self._is_open(s)]
        for kind in cards.chest_kinds:
            if hand[kind]:
                moves += [index[Work(kind, s)] for s in open_slots
                          if cards.slot_metal[s] == cards.metal_of(kind)
                          and self._may_work(seat, s)]
        if hand[cards.CLOSED]:
            moves += [index[Close(s)] for s in open_slots]
        targets = self._fight_targets(seat, open_slots)
        if targets:
            for kind in cards.desperado_kinds:
                if hand[kind]:
                    moves += [index[Fight(kind, s)] for s in targets]
        moves.sort()
        return moves

    def _may_work(self, seat: int, slot: int) -> bool:
        return (self.options.opponent_displays == "any"
                or self.owner[slot] == self.display_of(seat))

    def _fight_targets(self, seat: int, open_slots: list[int]) -> list[int]:
        """Mines this seat may lay a Desperado on: one fight at a time (R9, R10, R11)."""
        if self.fight_mine != NOBODY:
            if seat == self.fight_attacker or self.fight_cards[seat] != NOBODY:
                return []
            if (self.options.fight_joiners == "owner" and not self.partnership
                    and self.owner[self.fight_mine] != seat):
                return []
            return [self.fight_mine]
        own = self.display_of(seat)
        return [s for s in open_slots if self.owner[s] != own]

    def _explain_illegal(self, action: int) -> str | None:
        cards, seat = self.cards, self.player
        if not 0 <= action < len(cards.actions):
            return None
        act = cards.actions[action]
        hand = self.hands[seat]
        if isinstance(act, Draw):
            return "the deck is empty: in the final turns you may only play or pass a card"
        if isinstance(act, Pass) and not self.partnership:
            return "passing a card exists only in the partnership game"
        card = getattr(act, "card", None)
        if isinstance(act, Open):
            card = cards.MINE + act.metal
        if isinstance(act, Close):
            card = cards.CLOSED
        if card is not None and not hand[card]:
            return f"you have no {cards.card_name(card)} in your hand"
        if isinstance(act, Pass):
            limit = self.options.pass_limit
            if limit == 0:
                return "passing is switched off in this match (pass_limit=0)"
            return (f"you have already passed {self.passes[seat]} of the {limit} cards a "
                    "player may pass in a round")
        if isinstance(act, Open):
            if act.display >= self.num_displays:
                return f"there is no display {act.display}"
            return ("in this match you may only close or fight over mines in an opponent's "
                    "display, so open mines in your own")
        slot = act.mine
        name = cards.mine_name(slot)
        if self.owner[slot] == NOBODY:
            return f"{name} is not in play"
        if self.closed[slot]:
            return f"{name} is closed: no further cards may be laid on it"
        if isinstance(act, Work):
            if cards.metal_of(card) != cards.slot_metal[slot]:
                return (f"a {cards.card_name(card)} goes only onto a "
                        f"{cards.metals[cards.metal_of(card)]} mine")
            return ("in this match you may only close or fight over an opponent's mines, "
                    "not lay chests on them")
        if isinstance(act, Fight):
            return self._why_no_fight(seat, slot)
        return None

    def _why_no_fight(self, seat: int, slot: int) -> str:
        name = self.cards.mine_name(slot)
        if self.fight_mine != NOBODY:
            fought = self.cards.mine_name(self.fight_mine)
            if slot != self.fight_mine:
                return f"only one mine may be fought over at a time: the fight over {fought} is on"
            if seat == self.fight_attacker:
                return "you started this fight: the other players answer it, then it is settled"
            return "in this match only the mine's owner may answer a fight"
        if self.owner[slot] == self.display_of(seat):
            whose = "your partnership's" if self.partnership else "your own"
            return f"{name} is {whose}: you may only fight over an opponent's mine"
        return f"you may not fight over {name} now"

    # ===== Results ==================================================================

    def scores(self) -> list[float]:
        return [float(self.totals[self.display_of(p)]) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return [p for p in range(self.num_players) if self.display_of(p) in self.winner_displays]

    def evaluation(self) -> list[float]:
        """Projected points (banked, closed, most of what is open), turned into win shares.

        A mine under attack counts for the side winning the fight as it stands.
        """
        if self.over:
            return self.returns()
        projected = [float(t) for t in self.totals]
        for slot in range(self.cards.num_slots):
            owner = self.owner[slot]
            if owner == NOBODY:
                continue
            if slot == self.fight_mine:
                owner = (self._partnership_fight_winner(slot) if self.partnership
                         else self._individual_fight_winner(slot))
            projected[owner] += self.mine_value(slot) * (1.0 if self.closed[slot] else 0.5)
        weights = [math.exp(0.15 * (p - max(projected))) for p in projected]
        total = sum(weights)
        by_display = [w / total for w in weights]
        return [by_display[self.display_of(p)] for p in range(self.num_players)]

    # ===== Information ==============================================================

    def observation(self, player: int | None) -> dict[str, Any]:
        self._check_seat(player)
        cards = self.cards
        obs: dict[str, Any] = {
            "game": "desperados",
            "variant": self.variant,
            "num_players": self.num_players,
            "seat": player,
            "round": self.round,
            "dealer": self.dealer,
            "target": self.target,
            "totals": list(self.totals),
            "current_player": self.current_player(),
            "deck": self.deck_total,
            "hand_sizes": list(self.hand_sizes),
            "final_turns": self.final_turns,
            "displays": [self._display_view(d) for d in range(self.num_displays)],
            "fight": self._fight_view(),
            "discard": {cards.card_name(k): c for k, c in enumerate(self.discard) if c},
            "passes": list(self.passes) if self.partnership else None,
            "winners": self.winners() if self.over else None,
            "skipped": list(self.skipped),
            "last_fight": self._last_fight_view(),
            "last_round": self._last_round_view(),
        }
        if player is not None:
            obs["hand"] = {cards.card_name(k): c for k, c in enumerate(self.hands[player]) if c}
            if self.partnership:
                knows = self.partner_knows[player]
                obs["partner_holds"] = {cards.card_name(k): c for k, c in enumerate(knows) if c}
        obs["prompt"] = self._prompt(player)
        return obs

    def _display_view(self, display: int) -> dict[str, Any]:
        cards = self.cards
        seats = [p for p in range(self.num_players) if self.display_of(p) == display]
        mines = []
        for slot in range(cards.num_slots):
            if self.owner[slot] == display:
                mines.append({
                    "mine": slot,
                    "name": cards.mine_name(slot),
                    "metal": cards.metals[cards.slot_metal[slot]],
                    "chests": ["double" if c == DOUBLE else "single" for c in self.chests[slot]],
                    "closed": self.closed[slot],
                    "value": self.mine_value(slot),
                })
        return {"display": display, "seats": seats, "mines": mines}

    def _fight_view(self) -> dict[str, Any] | None:
        if self.fight_mine == NOBODY:
            return None
        return {
            "mine": self.fight_mine,
            "name": self.cards.mine_name(self.fight_mine),
            "attacker": self.fight_attacker,
            "desperados": {str(p): self.cards.value_of(k)
                           for p, k in enumerate(self.fight_cards) if k != NOBODY},
        }

    def _last_fight_view(self) -> dict[str, Any] | None:
        if not self.last_fight:
            return None
        mine, attacker, cards, owner, outcome = self.last_fight
        return {"mine": mine, "attacker": attacker,
                "desperados": {str(seat): value for seat, value in cards},
                "owner": owner, "outcome": outcome}

    def _last_round_view(self) -> dict[str, Any] | None:
        if not self.last_round:
            return None
        number, scored, totals = self.last_round
        return {"round": number, "totals": list(totals),
                "mines": [{"display": d, "mine": name, "points": points}
                          for d, name, points in scored]}

    def _prompt(self, player: int | None) -> str:
        current = self.current_player()
        if current == TERMINAL:
            return "The game is over."
        if current == CHANCE:
            return "Cards are being dealt." if self.to_deal else "A card is being drawn."
        if player != current:
            return f"Seat {current} is to play."
        hand = self.hands[player]
        if (self.fight_mine != NOBODY and self._fight_targets(player, [self.fight_mine])
                and any(hand[k] for k in self.cards.desperado_kinds)):
            return (f"Fight over {self.cards.mine_name(self.fight_mine)}: you may add one "
                    "Desperado now, or take another action.")
        if self.final_turns is not None:
            return "Final turn: the deck is empty, so play or pass a card."
        choices = "draw, pass a card to your partner, or play" if self.partnership else (
            "draw or play")
        return f"Your turn: {choices} a card."

    def _determinize(self, player: int, rng: random.Random) -> DesperadosState:
        """Deals everything ``player`` cannot see again: other hands and the deck.

        What the seat knows of its partner's hand (cards it passed that are still there)
        stays put; opponents' knowledge of each other is forgotten, since this seat cannot
        know it.
        """
        view = self.clone()
        none = [0] * self.cards.num_kinds
        partner = self.partner(player) if self.partnership else NOBODY
        known = self.partner_knows[player] if self.partnership else none
        pool: list[int] = []
        for kind, count in enumerate(self.deck):
            pool += [kind] * count
        for seat in self._others(player):
            fixed = known if seat == partner else none
            for kind, count in enumerate(self.hands[seat]):
                pool += [kind] * (count - fixed[kind])
        rng.shuffle(pool)
        at = 0
        for seat in self._others(player):
            hand = list(known if seat == partner else none)
            need = self.hand_sizes[seat] - sum(hand)
            for kind in pool[at:at + need]:
                hand[kind] += 1
            at += need
            view.hands[seat] = hand
            if seat != partner:
                view.partner_knows[seat] = list(none)
        view.deck = list(none)
        for kind in pool[at:]:
            view.deck[kind] += 1
        return view

    def _others(self, player: int) -> list[int]:
        return [s for s in range(self.num_players) if s != player]

    # ===== Describing actions =======================================================

    def _action_to_string(self, action: int) -> str:
        """The label the acting seat sees ("your partner", "your display")."""
        cards = self.cards
        if self.current_player() == CHANCE:
            return ("Deal " if self.to_deal else "Draw ") + f"a {cards.card_name(action)}"
        return self._describe(action, self.player)

    def _describe(self, action: int, viewer: int | None) -> str:
        cards = self.cards
        act = cards.actions[action]
        mover = self.player
        partner = "your partner" if viewer == mover else "their partner"
        if viewer is not None and viewer != mover and self.partnership and (
                viewer == self.partner(mover)):
            partner = "you"
        match act:
            case Draw():
                return "Draw a card"
            case Pass(card):
                return f"Pass a {cards.card_name(card)} to {partner}"
            case Open(metal, display):
                where = self._display_name(display, viewer)
                return f"Open a {cards.metals[metal]} mine in {where}"
            case Work(card, mine):
                return f"Play a {cards.card_name(card)} on {self._mine_label(mine, viewer)}"
            case Close(mine):
                return f"Close {self._mine_label(mine, viewer)}"
            case Fight(card, mine):
                verb = "Join the fight over" if self.fight_mine == mine else "Attack"
                return f"{verb} {self._mine_label(mine, viewer)} with {cards.card_name(card)}"
        raise AssertionError(act)

    def _action_to_json(self, action: int) -> dict[str, Any]:
        if self.current_player() == CHANCE:
            return {"type": "chance", "card": self.cards.card_name(action)}
        act = self.cards.actions[action]
        fields = {k: getattr(act, k) for k in act.__slots__}
        if "card" in fields:
            fields["card_name"] = self.cards.card_name(fields["card"])
        return {"type": type(act).__name__.lower(), **fields}

    def public_action_string(self, action: int, viewer: int | None) -> str | None:
        """A pass is face down and a drawn card is seen only by its drawer."""
        current = self.current_player()
        if current == CHANCE:
            if self.to_deal or viewer != self.player:
                return None
            return f"You draw a {self.cards.card_name(action)}"
        act = self.cards.actions[action]
        if isinstance(act, Pass) and viewer not in (current, self.partner(current)):
            return "Pass a card to their partner"
        return self._describe(action, viewer)

    def _display_name(self, display: int, viewer: int | None) -> str:
        if display >= self.num_displays:
            return f"display {display}"
        if self.partnership:
            seats = f"seats {display} and {display + 2}"
            if viewer is None or self.display_of(viewer) != display:
                return f"the display of {seats}"
            return ("your partnership's display" if viewer == self.player
                    else f"your partnership's display ({seats})")
        return "your display" if display == viewer else f"seat {display}'s display"

    def _mine_label(self, slot: int, viewer: int | None) -> str:
        owner = self.owner[slot]
        if owner == NOBODY:
            return self.cards.mine_name(slot)
        return f"{self.cards.mine_name(slot)} ({self._display_name(owner, viewer)})"
