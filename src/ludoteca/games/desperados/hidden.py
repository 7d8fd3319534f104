"""What a seat cannot see: resampled worlds, and histories that lead to them.

**What a seat knows.** Its own hand; every card played (face up); how many cards each
seat holds and how many are left in the deck; in the partnership game, the cards it passed
to its partner that the partner must still hold (``partner_knows[seat]``, a lower bound
per kind), and the cards its partner passed to it; and, from the final turns, that a
skipped seat holds none of the cards that would have given it a move (``skips``) and that
the seat now taking a final turn holds at least one. It does not see the deal or the draws
of other seats, nor what its opponents pass each other.

**Determinization** (:func:`determinize`) reads only that. The unknown cards are counted
per kind (deck plus other hands, minus what the seat knows its partner holds: the union,
never who holds what), expanded in kind order and shuffled; the partner gets what the
seat knows it holds plus cards from the pool, every other seat and then the deck take the
rest (a skipped seat only cards it could not have played, the seat in its final turn at
least one it can play: the first cards in the shuffled order that keep every such seat
servable). Two true states the seat cannot tell apart therefore give the same world for
equally seeded rngs.

**Opponents' knowledge.** In the partnership game each opponent knows some of what it
passed its partner. A world must be reachable by some history, so that knowledge is
resampled with the hands: the opponents' round is replayed from the public round log
with every card they hold as a *token* whose kind is not yet fixed. A play fixes one of
the player's tokens (drawn at random) to the card played; a pass moves one of the
passer's tokens (drawn at random) to the partner; at the end the tokens each opponent
still holds become its sampled hand, in random order. Every pass then has a kind, the
history of tokens is a valid history of the round, and the knowledge it gives (the same
lower-bound counting as the rules) is the world's. The kinds of those passes are kept in
the world (``hidden_passes``) for its history.

**The view history** (:func:`view_history`) rebuilds a whole match from the events the
seat saw: public moves as they were; the seat's own deals and draws and the passes it
saw as they were; everything else resolved round by round with the same token idea - a
card of known kind that leaves a hand is taken from what the seat knows that hand holds
first, else from one of its unknown cards, which is thereby fixed; unknown cards left at
the end of the last round become the world's hands (the rest is the world's deck), and at
the end of an earlier round become any leftover cards a skipped seat could hold. Each
deal and draw is then the kind its token was fixed to. Replayed from the initial state
this gives exactly the world, and shows the seat exactly the events it saw.

**What comes from the core's kit** (:mod:`ludoteca.core.hidden`): the share-out of unseen
cards among seats with final-turn limits (:func:`~ludoteca.core.hidden.share_out`,
``holds_only`` for a skipped seat, ``holds_at_least`` for the seat in its final turn), the
expansion of counts in kind order, and the secret pairs of the deals, draws and passes
(:mod:`.rules.tell`). The deck is a :class:`~ludoteca.core.hidden.Pile` with
no known part: its ``hidden_counts`` join the other hands in one pool, and the world's deck
is the pile redealt (``redealt_counts``) with what the hands did not take. The hands
stay counts the rules update in place. The rest stays here because it is Desperados' own: the
core's default view history replaces each hidden move on its own, from the world, but a
card dealt or drawn here is fixed only by what its holder later played, passed or still
holds, so the moves of a round are resolved together (the tokens above), and the
partnership's passes between opponents must be resampled as a history of the round
before any of it can be replaced.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ludoteca.core.errors import IllegalActionError
from ludoteca.core.events import Event
from ludoteca.core.hidden import Limit, expand, holds_at_least, holds_only, share_out
from ludoteca.games.desperados.rules.cards import LOG_DRAW, LOG_PASS, LOG_PLAY
from ludoteca.games.desperados.steps import FinalTurn, playable_mask

if TYPE_CHECKING:
    from ludoteca.games.desperados.state import DesperadosState


# ----- determinization --------------------------------------------------------------------------

def determinize(state: DesperadosState, p: int, rng: random.Random) -> DesperadosState:
    """A world ``p`` cannot tell from ``state`` (see the module docstring)."""
    view = state.clone()
    t = state.cards
    nk, n = t.num_kinds, state.num_players
    partner = (p + 2) & 3 if state.partnership else -1
    known = state.partner_knows[p] if partner >= 0 else [0] * nk
    pool = state.deck_pile.hidden_counts(p)
    for o in range(n):
        if o != p:
            for k, c in enumerate(state.hands[o]):
                pool[k] += c
    if partner >= 0:
        for k, c in enumerate(known):
            pool[k] -= c
    cards = expand(pool)
    needs = {o: state.hand_sizes[o] - (sum(known) if o == partner else 0)
             for o in range(n) if o != p}
    limits = hand_limits(state, p)
    if limits:
        rng.shuffle(cards)
        got, _ = share_out(cards, needs, limits)
    else:  # the same as shuffling and dealing from the top, drawing only what is dealt
        chosen = rng.sample(cards, sum(needs.values()))
        got, _ = share_out(chosen, needs, limits)
    deck = pool
    for o, kinds in got.items():
        hand = list(known) if o == partner else [0] * nk
        for k in kinds:
            hand[k] += 1
            deck[k] -= 1
        view.hands[o] = hand
    view.deck_pile = state.deck_pile.redealt_counts(p, deck)
    if state.partnership:
        a, b = (p + 1) & 3, (p + 3) & 3
        if state.passes[a] or state.passes[b]:
            kinds_passed, knows_a, knows_b = opponents_passes(view, a, b, rng)
        else:
            kinds_passed, knows_a, knows_b = (), [0] * nk, [0] * nk
        view.partner_knows[a] = knows_a
        view.partner_knows[b] = knows_b
        view.hidden_passes = kinds_passed
    return view


def hand_limits(state: DesperadosState, p: int) -> list[Limit]:
    """What the final turns told ``p`` about other hands (individual game): a skipped seat
    holds none of the cards that would have given it a move, and the seat now taking a
    final turn holds at least one (or it would have been skipped). One limit per seat: what
    a seat's latest final turn told (a later turn says more than an earlier skip)."""
    if state.partnership:
        return []  # a partner is skipped only with an empty hand, which everyone sees
    everything = (1 << state.cards.num_kinds) - 1
    limits = {seat: holds_only(seat, everything & ~mask) for seat, mask in state.skips
              if seat != p}
    pending = state.pending()
    if pending and isinstance(pending[0], FinalTurn) and pending[0].seat != p:
        seat = pending[0].seat
        limits[seat] = holds_at_least(seat, playable_mask(state, seat), 1)
    return list(limits.values())


def opponents_passes(view: DesperadosState, a: int, b: int, rng: random.Random
                     ) -> tuple[tuple[int, ...], list[int], list[int]]:
    """Kinds for the passes between partners ``a`` and ``b`` this round, consistent with
    their (resampled) hands and the public round log, and what each then knows of the
    other's hand. Returns (kinds of their passes in order, knows of a, knows of b).

    Cards never passed are interchangeable, so a hand is a count of such cards plus the
    tokens of cards that went through a pass; the log before the pair's first pass only
    changes the counts."""
    nk = view.cards.num_kinds
    log = view.round_log
    plain = {a: view.hand_size, b: view.hand_size}
    begin = len(log)
    for i, code in enumerate(log):
        seat = code & 3
        if seat in (a, b):
            what = (code >> 2) & 3
            if what == LOG_PASS:
                begin = i
                break
            plain[seat] += 1 if what == LOG_DRAW else -1
    tokens: dict[int, list[int]] = {a: [], b: []}
    kind_of: list[int] = []
    moves: list[tuple[int, int, bool]] = []  # (seat, token or kind, is a pass)
    random_ = rng.random
    for code in log[begin:]:
        seat = code & 3
        if seat != a and seat != b:
            continue
        what = (code >> 2) & 3
        if what == LOG_DRAW:
            plain[seat] += 1
            continue
        held = tokens[seat]
        r = int(random_() * (plain[seat] + len(held)))
        if r < plain[seat]:
            plain[seat] -= 1
            token = len(kind_of)
            kind_of.append(-1)
        else:
            token = held[r - plain[seat]]
            held[r - plain[seat]] = held[-1]
            held.pop()
        if what == LOG_PLAY:
            kind_of[token] = code >> 4
            moves.append((seat, code >> 4, False))
        else:
            tokens[b if seat == a else a].append(token)
            moves.append((seat, token, True))
    for seat in (a, b):
        if tokens[seat]:
            kinds = rng.sample(expand(view.hands[seat]), len(tokens[seat]))
            for token, k in zip(tokens[seat], kinds, strict=True):
                kind_of[token] = k
    knows = {a: [0] * nk, b: [0] * nk}
    passed: list[int] = []
    for seat, x, is_pass in moves:
        other = b if seat == a else a
        if is_pass:
            x = kind_of[x]
            passed.append(x)
            knows[seat][x] += 1
        if knows[other][x]:
            knows[other][x] -= 1
    return tuple(passed), knows[a], knows[b]


# ----- the view history ------------------------------------------------------------------

DEALT, DRAW, DRAWN, PASS, PLAY, SKIP = range(6)


def _records(world: DesperadosState, p: int,
             source: list[tuple[int, tuple[Event, ...]]]) -> list[list[tuple[Any, ...]]]:
    """The moves ``p`` saw, as records, round by round (from ``p``'s events only)."""
    t = world.cards
    by_name = t.kind_by_name
    rounds: list[list[tuple[Any, ...]]] = [[]]
    for _, events in source:
        seen = [e for e in events if e.visible_to(p)]
        if not seen:
            raise IllegalActionError("a move showed this seat nothing; cannot rebuild it")
        e = seen[0]
        d = e.data
        card = by_name[d["card"]] if "card" in d else -1
        current = rounds[-1]
        if e.kind == "dealt":
            current.append((DEALT, d["seat"], card))
        elif e.kind == "draw":
            current.append((DRAW, d["seat"]))
        elif e.kind == "drawn":
            current.append((DRAWN, d["seat"], card))
        elif e.kind == "pass":
            current.append((PASS, d["seat"], d["to"], card))
        else:
            slot = d["mine"]
            if e.kind == "open":
                action = t.open_id[card - t.MINE][d["display"]]
            elif e.kind == "work":
                action = t.work_id[card][slot]
            elif e.kind == "close":
                action = t.close_id[slot]
            elif e.kind == "fight":
                action = t.fight_id[card][slot]
            else:
                raise AssertionError(f"unexpected first event {e.kind!r}")
            current.append((PLAY, d["seat"], action, card))
        for later in seen[1:]:
            if later.kind == "skipped":
                mask = 0
                for name in later.data["could_play"]:
                    mask |= 1 << by_name[name]
                rounds[-1].append((SKIP, later.data["seat"], mask))
            elif later.kind == "round_started":
                rounds.append([])
    return rounds


def _resolve(world: DesperadosState, p: int, recs: list[tuple[Any, ...]], last: bool
             ) -> list[int]:
    """The actions of one round: hidden deals, draws and passes resolved (module doc)."""
    t = world.cards
    nk, n = t.num_kinds, world.num_players
    full = t.deck_counts(world.removed_singles)
    explicit = [[0] * nk for _ in range(n)]  # cards of known kind a seat holds
    tokens: list[list[int]] = [[] for _ in range(n)]  # its cards of unknown kind
    kind_of: list[int] = []
    used = [0] * nk  # kinds accounted for: the seat's own cards and fixed tokens
    token_at: dict[int, int] = {}  # record -> token (deals, draws, passes of a token)
    kind_at: dict[int, int] = {}  # record -> kind (passes of a known kind)
    hidden = iter(world.hidden_passes) if last and world.hidden_passes is not None else None
    skipped: dict[int, int] = {}

    def leaves(seat: int, k: int) -> None:
        if explicit[seat][k]:
            explicit[seat][k] -= 1
        else:
            token = tokens[seat].pop()
            kind_of[token] = k
            used[k] += 1

    for i, rec in enumerate(recs):
        what = rec[0]
        if what in (DEALT, DRAWN):
            seat, k = rec[1], rec[2]
            if seat == p:
                used[k] += 1
            else:
                token_at[i] = len(kind_of)
                tokens[seat].append(len(kind_of))
                kind_of.append(-1)
        elif what == PASS:
            seat, to, k = rec[1], rec[2], rec[3]
            if k < 0 and hidden is not None:
                k = next(hidden)
                kind_at[i] = k
            if k >= 0:
                if seat != p:
                    leaves(seat, k)
                if to != p:
                    explicit[to][k] += 1
            elif tokens[seat]:
                token = tokens[seat].pop()
                tokens[to].append(token)
                token_at[i] = token
            else:
                k = next(j for j in range(nk) if explicit[seat][j])
                explicit[seat][k] -= 1
                explicit[to][k] += 1
                kind_at[i] = k
        elif what == PLAY:
            if rec[1] != p:
                leaves(rec[1], rec[3])
        elif what == SKIP and rec[1] != p and not world.partnership:
            skipped[rec[1]] = rec[2]  # (in partnerships only an empty hand is skipped)
    left = [full[k] - used[k] for k in range(nk)]
    if last:
        for seat in range(n):
            if seat == p:
                continue
            need = [world.hands[seat][k] - explicit[seat][k] for k in range(nk)]
            kinds = expand(need)
            if min(need) < 0 or len(kinds) != len(tokens[seat]):
                raise AssertionError("the world's hands do not fit what the seat saw")
            for token, k in zip(tokens[seat], kinds, strict=True):
                kind_of[token] = k
                left[k] -= 1
        if tuple(left) != world.deck:
            raise AssertionError("the world's deck does not fit what the seat saw")
    else:
        everything = (1 << nk) - 1
        needs = {s: len(tokens[s]) for s in range(n) if tokens[s]}
        limits = [holds_only(s, everything & ~mask) for s, mask in skipped.items()
                  if s in needs]
        got, _ = share_out(expand(left), needs, limits)
        for seat, kinds in got.items():
            for token, k in zip(tokens[seat], kinds, strict=True):
                kind_of[token] = k
    actions: list[int] = []
    for i, rec in enumerate(recs):
        what = rec[0]
        if what in (DEALT, DRAWN):
            actions.append(rec[2] if rec[1] == p else kind_of[token_at[i]])  # outcome = kind
        elif what == DRAW:
            actions.append(t.DRAW_ID)
        elif what == PASS:
            k = rec[3] if rec[3] >= 0 else kind_at[i] if i in kind_at else kind_of[token_at[i]]
            actions.append(t.pass_id[k])
        elif what == PLAY:
            actions.append(rec[2])
    return actions


def view_history(world: DesperadosState, p: int,
                 source: list[tuple[int, tuple[Event, ...]]]) -> list[int]:
    """Actions from the initial state to ``world`` that show ``p`` the events it saw."""
    rounds = _records(world, p, source)
    actions: list[int] = []
    for r, recs in enumerate(rounds):
        actions += _resolve(world, p, recs, r == len(rounds) - 1)
    return actions
