"""Starting for advanced players (option ``start=advanced``): the draft of two characters,
then starting sets built card by card, lowest total first, within a price of 50.

The rulebook's order, with the rulings of ``docs/rulings/puertodiablo.md``:

* A harbour numbered 3 and one numbered 4 are drawn at random and known to all (as R29).
* Five characters are dealt face down to each player (chance nodes, each card seen by its
  receiver only); all keep one at the same time and pass the other four to the left;
  all keep a second (the group of simultaneous choices); the kept characters are laid
  face up and the rest go back, shuffled; four characters are laid face up.
* Then the unfinished player with the lowest total price (the kept characters included:
  R30) adds a card: a face-up character (the display refilled to four) or an ability of
  either level, within a total of 50, with never more abilities than characters and no
  title twice. A tie on the lowest total: the die decides (a chance node among the
  tied). A player who cannot or will not add a card is finished; play goes on until
  all are.
* Then the face-up characters go back, the pilot card goes to the lowest total (a tie:
  the die, as above), and the piles are made as after the starting sets, but with the
  abilities of both levels in one pile
  (:func:`~ludoteca.games.puertodiablo.rules.setup.lay_out`, R49).

Hidden information: the hands of the draft (what was dealt to whom, what each kept) until
the kept characters are laid out; a seat knows its own five, the four it received from
the right and therefore which four its left neighbour holds. :func:`determinize_draft`
redraws the rest, :func:`hidden_action` gives the moves a seat saw only in part.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ludoteca.core.events import Event, everyone, only
from ludoteca.core.hidden import Pile, secret
from ludoteca.games.puertodiablo.actions import (
    DealtCharacter,
    Draft,
    RollOff,
    StartAbility,
    StartCharacter,
    StartDone,
)
from ludoteca.games.puertodiablo.steps import (
    PILE,
    SHIP,
    DealDraft,
    DraftPick,
    DraftReveal,
    LayOut,
    PassHands,
    Refill,
    StartBuy,
    StartRollOff,
    StartTurn,
    draft_hand,
    start_choices,
    start_total,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState

HAND = 5
"""Characters dealt to each player."""
HIDDEN_KINDS = frozenset({"dealt", "drafts"})
"""The events whose public half marks a draft move a seat saw only in part."""


def begin(state: PuertoDiabloState) -> None:
    """After the voyage: every character is shuffled; five each, from the pilot on."""
    t = state.t
    n = state.num_players
    state.char_pile = Pile.of([1] * t.num_chars)
    seats = [(state.pilot + i) % n for i in range(n)]
    state.push(*(DealDraft(s) for s in seats for _ in range(HAND)),
               *(DraftPick(s, 0) for s in seats), PassHands(),
               *(DraftPick(s, 1) for s in seats), DraftReveal())


def deal(state: PuertoDiabloState, step: DealDraft, outcome: DealtCharacter) -> None:
    c = outcome.character
    state.char_pile = state.char_pile.drawn(c)
    state.dealt[step.receiver].append(c)
    state.emit(*secret((step.receiver,), "dealt", {"seat": step.receiver}, character=c))


def draft_pick(state: PuertoDiabloState, step: DraftPick, action: Draft) -> None:
    state.draft_picks[step.seat].append(action.character)
    state.emit(*secret((step.seat,), "drafts", {"seat": step.seat, "pick": step.pick},
                       character=action.character))


def pass_hands(state: PuertoDiabloState, step: PassHands, action: None) -> None:
    """Each player's four go to the player on his left, who alone sees them."""
    n = state.num_players
    held = [draft_hand(state, s) for s in range(n)]
    state.draft_passed = 1
    for s in range(n):
        left = (s + 1) % n
        state.emit(only((left,), "passed", seat=s, to=left, characters=sorted(held[s])))


def reveal(state: PuertoDiabloState, step: DraftReveal, action: None) -> None:
    """The kept characters face up in front of their players; the others back into the
    pile, all shuffled; four face up (the market's character display)."""
    t = state.t
    state.draft_passed = 2
    for s in range(state.num_players):
        for c in state.draft_picks[s]:
            state.place[c] = SHIP
            state.owner[c] = s
        state.emit(everyone("kept", seat=s, characters=sorted(state.draft_picks[s])))
    state.char_pile = Pile.of([int(state.owner[c] < 0) for c in range(t.num_chars)])
    state.push(Refill(), StartTurn())


def start_turn(state: PuertoDiabloState, step: StartTurn, action: None) -> None:
    """Who cannot add a card is finished; the lowest total of the rest goes next (a tie:
    the die); nobody left: the display goes back, the lowest total of all takes the pilot
    card (a tie: the die) and the game is laid out."""
    n = state.num_players
    for s in range(n):
        if not state.start_done >> s & 1 and not start_choices(state, s):
            finish(state, s, "cannot")
    rest = [s for s in range(n) if not state.start_done >> s & 1]
    if not rest:
        t = state.t
        for slot in range(t.market_chars):
            c = state.market[slot]
            if c >= 0:
                state.place[c] = PILE
                state.market[slot] = -1
        tied = lowest(state, range(n))
        if len(tied) == 1:
            take_pilot(state, tied[0])
            state.push(LayOut())
        else:
            state.push(StartRollOff(tied, pilot=True), LayOut())
        return
    tied = lowest(state, rest)
    state.push(StartBuy(tied[0]) if len(tied) == 1 else StartRollOff(tied))


def lowest(state: PuertoDiabloState, seats: Iterable[int]) -> tuple[int, ...]:
    """The seats among ``seats`` with the lowest total, in seat order."""
    totals = {s: start_total(state, s) for s in seats}
    low = min(totals.values())
    return tuple(s for s, total in totals.items() if total == low)


def take_pilot(state: PuertoDiabloState, seat: int) -> None:
    """The rulebook gives the pilot card to the lowest total; the first pilot (R28) only
    began the deal."""
    state.pilot = seat
    state.emit(everyone("pilot", seat=seat, why="lowest total"))


def finish(state: PuertoDiabloState, seat: int, why: str) -> None:
    state.start_done |= 1 << seat
    state.emit(everyone("start_ready", seat=seat, total=start_total(state, seat), why=why))


def roll_off(state: PuertoDiabloState, step: StartRollOff, outcome: RollOff) -> None:
    state.emit(everyone("roll_off", seats=list(step.seats), seat=outcome.seat))
    if step.pilot:
        take_pilot(state, outcome.seat)
    else:
        state.push(StartBuy(outcome.seat))


def start_buy(state: PuertoDiabloState, step: StartBuy,
              action: StartCharacter | StartAbility | StartDone) -> None:
    """The card goes face up to the starting set (a character to the ship, an ability to
    the hand); a character's slot is refilled at once."""
    t = state.t
    seat = step.seat
    if isinstance(action, StartDone):
        finish(state, seat, "chose")
        state.push(StartTurn())
    elif isinstance(action, StartCharacter):
        c = state.market[action.slot]
        state.market[action.slot] = -1
        state.place[c] = SHIP
        state.owner[c] = seat
        state.emit(everyone("start_adds", seat=seat, character=c, price=t.price[c]))
        state.push(Refill(), StartTurn())
    else:
        a = action.ability
        state.hand[seat].append(a)
        state.hand[seat].sort()
        state.emit(everyone("start_adds", seat=seat, ability=a, price=t.abi_price[a]))
        state.push(StartTurn())


# ----- what a seat cannot see -------------------------------------------------------------------


def determinize_draft(world: PuertoDiabloState, truth: PuertoDiabloState, p: int,
                      rng: random.Random) -> None:
    """Redraw in ``world`` the draft cards ``p`` has not seen, consistent with all it saw:
    its own five and keeps; after the pass, the four from its right neighbour (so that
    neighbour's first keep is the one unknown card of his five) and the four it passed
    left; after the reveal, everybody's two kept characters (the second keep of the left
    neighbour is the one it passed him)."""
    n = truth.num_players
    t = truth.t
    if not any(truth.dealt):
        return
    r, left = (p - 1) % n, (p + 1) % n
    known = set(truth.dealt[p])
    picks = {q: list(truth.draft_picks[q]) for q in range(n)}
    passed_r: list[int] = []
    if truth.draft_passed:
        passed_r = [c for c in truth.dealt[r] if c != truth.draft_picks[r][0]]
        known |= set(passed_r)
    if truth.draft_passed == 2:
        for q in range(n):
            known |= set(truth.draft_picks[q])
    pool = [c for c in range(t.num_chars) if c not in known]
    rng.shuffle(pool)
    mine_passed = [c for c in truth.dealt[p] if c not in truth.draft_picks[p][:1]]
    dealt: dict[int, list[int]] = {p: list(truth.dealt[p])}
    others = [q for q in range(n) if q != p]
    if truth.draft_passed < 2:
        for q in others:
            size = len(truth.dealt[q])
            if truth.draft_passed and q == r:
                first = pool.pop()
                dealt[q] = sorted([*passed_r, first])
                picks[q] = [first]
            else:
                dealt[q] = sorted(pool.pop() for _ in range(size))
                picks[q] = [rng.choice(dealt[q])] if truth.draft_picks[q] else []
        for q in others:
            if len(truth.draft_picks[q]) > 1:
                right = (q - 1) % n
                hand = (mine_passed if right == p else
                        [c for c in dealt[right] if c != picks[right][0]])
                picks[q].append(rng.choice(sorted(hand)))
    else:
        for q in others:
            kept = sorted(truth.draft_picks[q])
            if q == left:
                second = next(c for c in kept if c in mine_passed)
                picks[q] = [next(c for c in kept if c != second), second]
            elif n > 2:
                rng.shuffle(kept)
                picks[q] = kept
        for q in others:
            if q == r:
                dealt[q] = sorted([*passed_r, picks[q][0]])
            else:
                into = picks[(q + 1) % n][1]  # the left neighbour's second keep
                dealt[q] = sorted([picks[q][0], into, *(pool.pop() for _ in range(HAND - 2))])
    for q in range(n):
        world.dealt[q] = dealt[q]
        world.draft_picks[q] = picks[q]
    if truth.draft_passed < 2:
        out = {c for q in range(n) for c in dealt[q]}
        world.char_pile = Pile.of([int(c not in out) for c in range(t.num_chars)])


def hidden_action(world: PuertoDiabloState, seat: int, index: int, event: Event,
                  source: Sequence[tuple[int, tuple[Event, ...]]]) -> int:
    """The world's k-th card dealt to, or k-th character kept by, the event's seat."""
    owner = event.data["seat"]
    k = sum(1 for i in range(index) for e in source[i][1]
            if e.kind == event.kind and e.visible_to(seat) and e.data["seat"] == owner)
    if event.kind == "dealt":
        return world.t.dealt_outcome[world.dealt[owner][k]]
    return world.t.draft_id[world.draft_picks[owner][k]]
