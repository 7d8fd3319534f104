"""The hidden-information kit: piles with known parts, share-outs, secret events and the
default view history.

What one seat cannot see is the same few things in every card game, so a game builds it
from these pieces rather than by hand:

* :class:`Pile` - a face-down pile kept as counts per card kind (never an order), with the
  parts somebody knows: a peeked top (known to some seats, in order), cards put at the
  bottom (known to all), face-up discards that become the deck when it runs out. It gives
  the chance outcomes of the next draw (:meth:`Pile.draw_odds`) and a canonical
  determinization for a seat (:meth:`Pile.determinize`).
* :func:`share_out` - unseen cards dealt among seats that are known to hold only some kinds
  (a seat that could not play) or at least some of some kinds (a seat that did play),
  always keeping every seat servable (Hall's condition).
* :func:`secret` - the standard pair of events of a hidden move: what its seats are told,
  and what everybody else is told.
* :func:`view_history` - the default view history (``State._view_history``): the source
  history the seat saw, with each hidden move replaced by this world's through one game
  hook, ``State._hidden_action``.

Card kinds are small ints ``0..K-1`` (the game's numbering); counts are tuples of ``K``
ints. Nothing here reads a random-number generator except a determinization, with the rng
it is given; nothing here imports a game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

from ludoteca.core.events import Event

if TYPE_CHECKING:
    from ludoteca.core.state import State

__all__ = [
    "EVERYONE",
    "Limit",
    "Pile",
    "expand",
    "holds_at_least",
    "holds_only",
    "is_public_half",
    "secret",
    "share_out",
    "tally",
    "view_history",
]

EVERYONE = -1
"""The seat mask of a top known to every seat (all bits set)."""


def expand(counts: Sequence[int]) -> list[int]:
    """Counts per kind as a list of kinds, in kind order: ``(2, 0, 1) -> [0, 0, 2]``."""
    return [k for k, c in enumerate(counts) for _ in range(c)]


def tally(kinds: Sequence[int], num_kinds: int) -> list[int]:
    """The other way: a list of kinds as ``num_kinds`` counts. ValueError for a kind out of
    ``range(num_kinds)``."""
    counts = [0] * num_kinds
    for k in kinds:
        if not 0 <= k < num_kinds:
            raise ValueError(f"card kind {k!r} is not one of 0 to {num_kinds - 1}")
        counts[k] += 1
    return counts


# ----- piles ------------------------------------------------------------------------------------

def _bag(kinds: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(kinds))


class Pile(NamedTuple):
    """A face-down pile of cards: counts per kind, with the parts somebody knows.

    From the top down a pile is: ``top``, cards somebody looked at and put back in an order
    (top first), known to the seats in the bit mask ``top_seats`` (:data:`EVERYONE`: all);
    the unseen part, ``counts[k]`` cards of kind ``k`` (``unseen`` in all) in no stored
    order; and ``bottom``, cards put under the pile, known to all, as *bags* from the top
    one down (a bag is a sorted tuple of kinds: one card put under is a bag of one; used
    cards shuffled under together are one bag whose order nobody knows). ``discards`` are
    counts of the face-up discard pile beside it, which is shuffled to become the unseen
    part when a card is to be drawn from an empty pile.

    Build one with :meth:`Pile.of`. A pile is a value: every operation returns a new pile
    and leaves this one alone, so a state's clone shares it for free (it is a tuple of
    tuples of small ints: it pickles, hashes and compares as one). Games keep a pile in a
    state field and reassign it:
    ``state.deck = state.deck.drawn(kind)``.

    The whole pile is ``size`` cards (top, unseen and bottom); :meth:`draw_odds` is the
    chance node of its next draw, :meth:`determinize` the canonical world of a seat.
    """

    counts: tuple[int, ...]
    unseen: int = 0
    top: tuple[int, ...] = ()
    top_seats: int = 0
    bottom: tuple[tuple[int, ...], ...] = ()
    discards: tuple[int, ...] = ()

    @classmethod
    def of(cls, counts: Sequence[int], *, discards: Sequence[int] | None = None,
           top: Sequence[int] = (), top_seats: int = EVERYONE,
           bottom: Sequence[Sequence[int]] = ()) -> Pile:
        """A shuffled pile of ``counts[k]`` cards of kind ``k``, nobody knowing any of them;
        ``discards`` (counts, by default none) lie face up beside it.

        The parts known from the start come on top of that: ``top``, kinds (top first)
        known to the seats in the bit mask ``top_seats`` (by default every seat: a rule
        such as "the top card is always regular"), and ``bottom``, bags of kinds under the
        pile, known to all, from the top one down (a bag of several cards is in no known
        order, see :meth:`put_under`). ValueError for a negative count, discards of
        another length or a kind out of ``range(len(counts))``."""
        counts = tuple(counts)
        if any(c < 0 for c in counts):
            raise ValueError(f"a pile holds no negative number of cards: {counts}")
        discards = (0,) * len(counts) if discards is None else tuple(discards)
        if len(discards) != len(counts) or any(c < 0 for c in discards):
            raise ValueError(f"discards are {len(counts)} counts of zero or more, "
                             f"not {discards}")
        pile = cls(counts, sum(counts), (), 0, (), discards)
        if top or bottom:
            bags = tuple(_bag(pile._checked(bag)) for bag in bottom if bag)
            pile = pile._replace(top=pile._checked(top), top_seats=top_seats if top else 0,
                                 bottom=bags)
        return pile

    @property
    def num_kinds(self) -> int:
        return len(self.counts)

    @property
    def size(self) -> int:
        """Cards in the pile (top, unseen and bottom; not the discards)."""
        # Index reads, and no sum without a bottom: a game may ask this every move.
        size: int = len(self[2]) + self[1]
        bottom = self[4]
        return size + sum(map(len, bottom)) if bottom else size

    def known_top(self, seat: int) -> tuple[int, ...]:
        """The top cards ``seat`` knows, top first (empty if it knows none)."""
        return self.top if self.top_seats >> seat & 1 else ()

    # ----- drawing ------------------------------------------------------------------------

    def draw_odds(self) -> tuple[tuple[int, float], ...]:
        """The chance outcomes of the next draw: (kind, probability) pairs, kinds ascending.

        The known top card if there is a top (whoever knows it, the card is fixed); else
        ``counts[k] / unseen`` over the unseen part; else the first bag of the bottom (a
        card put under, or a shuffled bag by its counts); else, the pile being empty, the
        discards by their counts (they are reshuffled at the draw). Empty only when the
        pile and the discards are both empty."""
        # Index reads rather than field look-ups, and each ``c / unseen`` read from a table
        # of shares: the draw is on every playout's hot path (the floats are the same).
        top = self[2]
        if top:
            return ((top[0], 1.0),)
        unseen = self[1]
        if unseen:
            share = _SHARES[unseen] if unseen < len(_SHARES) else _shares(unseen)
            return tuple([(k, share[c]) for k, c in enumerate(self[0]) if c])
        if self.bottom:
            return _odds_of_bag(self.bottom[0])
        total = sum(self.discards)
        if not total:
            return ()
        return tuple([(k, c / total) for k, c in enumerate(self.discards) if c])

    def drawn(self, kind: int) -> Pile:
        """The pile after its next card, of kind ``kind``, is drawn (one of
        :meth:`draw_odds`); an empty pile first takes its reshuffled discards. ValueError
        if that card cannot come next."""
        counts, unseen, top, top_seats, bottom, discards = self
        if unseen and not top:  # the hot path first: a card from the unseen part
            if not (0 <= kind < len(counts) and counts[kind]):
                raise ValueError(f"no card of kind {kind} is left unseen in the pile")
            left = list(counts)
            left[kind] -= 1
            # Built directly, not with _replace: a draw is on every playout's hot path and
            # _replace costs about as much as the rest of the draw.
            return _new(type(self), (tuple(left), unseen - 1, top, top_seats, bottom,
                                     discards))
        if top:
            if top[0] != kind:
                raise ValueError(f"the next card is the known top, kind {top[0]}, "
                                 f"not kind {kind}")
            top = top[1:]
            return _new(type(self), (counts, unseen, top, top_seats if top else 0, bottom,
                                     discards))
        if bottom:
            bag = list(bottom[0])
            if kind not in bag:
                raise ValueError(f"the next card is from the bottom {bottom[0]}, "
                                 f"not kind {kind}")
            bag.remove(kind)
            rest = bottom[1:]
            return _new(type(self), (counts, unseen, top, top_seats,
                                     (tuple(bag), *rest) if bag else rest, discards))
        if not any(discards):
            raise ValueError("the pile and its discards are empty: nothing to draw")
        return self.reshuffled().drawn(kind)

    def reshuffled(self) -> Pile:
        """The discards shuffled into the unseen part (they become the deck)."""
        if not any(self.discards):
            return self
        counts = tuple(map(int.__add__, self.counts, self.discards))
        return self._replace(counts=counts, unseen=self.unseen + sum(self.discards),
                             discards=(0,) * len(self.counts))

    # ----- putting cards back -------------------------------------------------------------

    def discarded(self, *kinds: int) -> Pile:
        """``kinds`` added face up to the discards."""
        discards = list(self.discards) or [0] * len(self.counts)
        for k in self._checked(kinds):
            discards[k] += 1
        return self._replace(discards=tuple(discards))

    def shuffled_in(self, *kinds: int) -> Pile:
        """``kinds`` shuffled into the unseen part (whoever saw them loses track)."""
        counts = list(self.counts)
        for k in self._checked(kinds):
            counts[k] += 1
        return self._replace(counts=tuple(counts), unseen=self.unseen + len(kinds))

    def put_under(self, *kinds: int, shuffled: bool = False) -> Pile:
        """``kinds`` put under the pile in view of all: one by one (the first listed on
        top of the others), or with ``shuffled`` as one bag nobody knows the order of."""
        kinds = self._checked(kinds)
        if not kinds:
            return self
        bags = (_bag(kinds),) if shuffled else tuple((k,) for k in kinds)
        return self._replace(bottom=self.bottom + bags)

    def surfaced(self) -> Pile:
        """The same pile with its first bag counted as the unseen part when nothing lies
        above it (no known top, nothing unseen): a bag is cards in no known order whose
        kinds are known to all, as the unseen part's counts are, so nothing anyone knows
        changes. A rule that looks into "the top cards" of a pile (a peek) can then see
        into a bag that has come to the top, as into any face-down cards."""
        if self.top or self.unseen or not self.bottom:
            return self
        counts = list(self.counts)
        for kind in self.bottom[0]:
            counts[kind] += 1
        return self._replace(counts=tuple(counts), unseen=len(self.bottom[0]),
                             bottom=self.bottom[1:])

    def put_on_top(self, kinds: Sequence[int], seats: int) -> Pile:
        """``kinds`` (top first) put on the pile, known to the seats in the bit mask
        ``seats`` (a peek put back in a chosen order: ``1 << seat``). Put back the whole
        known top, not part of it: a pile keeps one known top, so cards put on a top
        known to other seats raise ValueError."""
        kinds = self._checked(kinds)
        if not kinds:
            return self
        if self.top and self.top_seats != seats:
            raise ValueError("the pile already has a top known to other seats; put the "
                             "whole top back at once")
        return self._replace(top=kinds + self.top, top_seats=seats)

    def _checked(self, kinds: Sequence[int]) -> tuple[int, ...]:
        kinds = tuple(kinds)
        n = len(self.counts)
        for k in kinds:
            if type(k) is not int or not 0 <= k < n:
                raise ValueError(f"card kind {k!r} is not one of 0 to {n - 1}")
        return kinds

    # ----- what a seat cannot see ---------------------------------------------------------

    def hidden_counts(self, seat: int) -> list[int]:
        """Counts of the cards of this pile ``seat`` cannot place: the unseen part and a
        top it does not know. What a game pools with the other hands it cannot see."""
        counts = list(self.counts)
        if self.top and not self.top_seats >> seat & 1:
            for k in self.top:
                counts[k] += 1
        return counts

    def hidden_size(self, seat: int) -> int:
        """``sum(hidden_counts(seat))``, without building the list."""
        hidden = self.unseen
        if self.top and not self.top_seats >> seat & 1:
            hidden += len(self.top)
        return hidden

    def redealt(self, seat: int, cards: Sequence[int]) -> Pile:
        """This pile in a world where the ``hidden_size(seat)`` cards ``seat`` cannot place
        are ``cards`` (kinds): first a top it does not know (same length, same seats
        knowing it, top first), the rest the unseen part. Everything ``seat`` knows is
        kept. ValueError if ``cards`` is not ``hidden_size(seat)`` kinds."""
        if len(cards) != self.hidden_size(seat):
            raise ValueError(f"seat {seat} cannot place {self.hidden_size(seat)} cards of "
                             f"this pile, not {len(cards)}")
        start = 0
        top = self.top
        if top and not self.top_seats >> seat & 1:
            start = len(top)
            top = tuple(cards[:start])
        counts = [0] * len(self.counts)
        for k in cards[start:]:
            counts[k] += 1
        return self._replace(counts=tuple(counts), top=top)

    def redealt_counts(self, seat: int, counts: Sequence[int]) -> Pile:
        """:meth:`redealt` with the cards given as counts per kind (``num_kinds`` ints), for
        a pile with no top hidden from ``seat`` (a hidden top needs an order: use
        :meth:`redealt`). It spares a game that pools counts (Desperados) expanding them
        into a list only to count them again. ValueError if the pile has a top ``seat``
        does not know, or ``counts`` are not ``hidden_size(seat)`` cards of this pile's
        kinds."""
        if self.top and not self.top_seats >> seat & 1:
            raise ValueError(f"seat {seat} does not know this pile's top: redeal it in order")
        counts = tuple(counts)
        if len(counts) != len(self.counts) or min(counts, default=0) < 0 \
                or sum(counts) != self.unseen:
            raise ValueError(f"seat {seat} cannot place {self.unseen} cards of "
                             f"{len(self.counts)} kinds in this pile, not {counts}")
        return tuple.__new__(type(self), (counts, self.unseen, self.top, self.top_seats,
                                          self.bottom, self.discards))

    def determinize(self, seat: int, rng: random.Random) -> Pile:
        """A pile ``seat`` cannot tell from this one, the canonical way: the parts it
        knows are kept, and the cards it cannot place (``hidden_counts(seat)``) are
        expanded in kind order and shuffled with ``rng``, the first of them becoming the
        top others peeked at and the rest the unseen part. The world therefore depends only
        on what the seat knows; with no top hidden from the seat there is nothing to
        resample (the unseen part is counts) and the pile itself is returned, the rng
        untouched."""
        if not self.top or self.top_seats >> seat & 1:
            return self
        cards = expand(self.hidden_counts(seat))
        # rng.sample draws the top as a shuffle would, without shuffling the whole pile.
        top = rng.sample(cards, len(self.top))
        counts = self.hidden_counts(seat)
        for k in top:
            counts[k] -= 1
        return self._replace(counts=tuple(counts), top=tuple(top))


_SHARES: list[tuple[float, ...]] = [()]
"""``_SHARES[n][c]`` is ``c / n``, for the sizes of the piles drawn from so far (a size
up to ``_MAX_SHARED``): a draw reads its probabilities rather than dividing."""
_MAX_SHARED = 1024


def _shares(n: int) -> tuple[float, ...]:
    """``c / n`` for ``c`` in ``0..n`` (kept in :data:`_SHARES` for a small ``n``)."""
    share = tuple([c / n for c in range(n + 1)])
    if n <= _MAX_SHARED:
        while len(_SHARES) <= n:
            size = len(_SHARES)
            _SHARES.append(tuple([c / size for c in range(size + 1)]))
    return share


def _odds_of_bag(bag: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    size = len(bag)
    odds: list[tuple[int, float]] = []
    for k in sorted(set(bag)):
        odds.append((k, bag.count(k) / size))
    return tuple(odds)


# ----- sharing out unseen cards -------------------------------------------------------------

class Limit(NamedTuple):
    """What a seat is known to hold: ``number`` of its cards are of kinds in the bit mask
    ``mask`` (``number`` -1: all of them). Build one with :func:`holds_only` or
    :func:`holds_at_least`."""

    seat: int
    mask: int
    number: int


def holds_only(seat: int, mask: int) -> Limit:
    """``seat`` holds only kinds in ``mask`` (it was skipped: it had nothing else to play)."""
    return Limit(seat, mask, -1)


def holds_at_least(seat: int, mask: int, count: int) -> Limit:
    """``seat`` holds at least ``count`` cards of kinds in ``mask`` (it could play)."""
    return Limit(seat, mask, count)


def share_out(cards: Sequence[int], needs: Mapping[int, int], limits: Sequence[Limit] = ()
              ) -> tuple[dict[int, list[int]], list[int]]:
    """Deals ``cards`` (kinds, in the order given): ``needs[seat]`` cards to each seat.

    Limited seats are served first, limit by limit in the order given: for each, the first
    cards in ``cards`` of kinds in its mask that keep every limit still to be served
    servable (Hall's condition: no group of limits asks for more cards than their masks
    hold between them). Then each seat, in the order of ``needs``, takes what it still
    needs from the front of the rest. A seat with :func:`holds_only` and other limits gets
    those limits' masks narrowed to its own. With no limits this is dealing from the top.

    Returns (seat -> its kinds, the cards left over, in order). Raises ValueError with a
    sentence if the cards cannot meet the needs and limits (a game's bookkeeping bug).
    """
    got: dict[int, list[int]] = {s: [] for s in needs}
    rest = list(cards)
    if sum(needs.values()) > len(rest):
        raise ValueError(f"{sum(needs.values())} cards are needed, only {len(rest)} given")
    if limits:
        served = _served(needs, limits)
        owed = [lim.number for lim in served]
        masks = [lim.mask for lim in served]
        counts = [0] * (max(rest, default=0) + 1)
        for k in rest:
            counts[k] += 1
        if not _hall_ok(owed, masks, counts):
            raise ValueError("the cards cannot meet what the seats are known to hold")
        for i, (seat, _, _) in enumerate(served):
            while owed[i]:
                got[seat].append(rest.pop(_first_servable(i, rest, owed, masks, counts)))
    at = 0
    for s in needs:
        more = needs[s] - len(got[s])
        got[s] += rest[at:at + more]
        at += more
    return got, rest[at:]


def _served(needs: Mapping[int, int], limits: Sequence[Limit]) -> list[Limit]:
    """The limits as demands (seat, mask, count >= 0), in order: a "holds only" limit
    narrows the seat's other limits and asks for the rest of its cards."""
    only = {lim.seat: lim.mask for lim in limits if lim.number < 0}
    asked: dict[int, int] = {}
    for lim in limits:
        if lim.number >= 0:
            asked[lim.seat] = asked.get(lim.seat, 0) + lim.number
    out: list[Limit] = []
    for seat, mask, count in limits:
        if seat not in needs:
            raise ValueError(f"a limit names seat {seat}, which is dealt no cards")
        if count < 0:
            out.append(Limit(seat, mask, needs[seat] - asked.get(seat, 0)))
        else:
            out.append(Limit(seat, mask & only.get(seat, -1), count))
    for lim in out:
        if not 0 <= lim.number <= needs[lim.seat]:
            raise ValueError(f"seat {lim.seat} is dealt {needs[lim.seat]} cards, fewer "
                             f"than its limits ask for")
    return out


def _hall_ok(owed: list[int], masks: list[int], counts: list[int]) -> bool:
    """Whether every demand can still take its ``owed`` cards of kinds in its mask (Hall's
    condition: no group of demands needs more than the cards any of them may take)."""
    open_ = [i for i, n in enumerate(owed) if n]
    for size in range(1, len(open_) + 1):
        for group in combinations(open_, size):
            mask = 0
            for i in group:
                mask |= masks[i]
            supply = sum(c for k, c in enumerate(counts) if mask >> k & 1)
            if sum(owed[i] for i in group) > supply:
                return False
    return True


def _first_servable(demand: int, rest: list[int], owed: list[int], masks: list[int],
                    counts: list[int]) -> int:
    """The index of the first card in ``rest`` that ``demand`` may take while every demand
    stays servable; takes it from ``counts`` and ``owed``."""
    mask = masks[demand]
    for i, k in enumerate(rest):
        if mask >> k & 1:
            counts[k] -= 1
            owed[demand] -= 1
            if _hall_ok(owed, masks, counts):
                return i
            counts[k] += 1
            owed[demand] += 1
    raise ValueError("the cards cannot meet what the seats are known to hold")


# ----- secret events --------------------------------------------------------------------------

_new = tuple.__new__


def secret(seats: tuple[int, ...], kind: str, public: Mapping[str, Any], /,
           **private: Any) -> tuple[Event, Event]:
    """The two events of a hidden move: ``seats`` are told ``public`` and ``private``
    (``only(seats, kind, **public, **private)``), everyone else, spectators included, only
    ``public`` (``all_but(seats, kind, **public)``). A card drawn::

        told, others = secret((seat,), "drawn", {"seat": seat}, card="Desperado 9")

    The public half is how the default view history (:func:`view_history`) finds the
    hidden moves of a seat's history."""
    seats = tuple(seats)
    told: dict[str, Any] = dict(public)
    told.update(private)
    return (_new(Event, (kind, told, seats, ())),
            _new(Event, (kind, dict(public), None, seats)))


def is_public_half(event: Event, seat: int) -> bool:
    """Whether ``seat`` sees ``event`` as the public half of a secret (an ``all_but`` event
    it is not hidden from): the move behind it is hidden from the seat."""
    hidden_from = event.hidden_from
    return bool(hidden_from) and event.to is None and seat not in hidden_from


# ----- the view history ---------------------------------------------------------------------

def view_history(world: State, seat: int, source: Sequence[tuple[int, tuple[Event, ...]]]
                 ) -> list[int]:
    """Actions from the initial state to ``world`` (a determinized view) that show ``seat``
    the events it saw in ``source`` (the true (action, events) history).

    The source actions, except each *hidden move*: one whose events show ``seat`` the
    public half of a secret (:func:`is_public_half`), or a public event of a kind in the
    game's ``State.sealed_events`` (a chance outcome nobody sees, announced to all). Such
    a move is replaced by ``world._hidden_action(seat, index, event, source)``, the game's
    one hook: the action that does in this world what that move did (``event`` is the
    first such event the seat saw of move ``index``; ``source`` may be read ahead, for a
    card revealed later, but only events ``seat`` saw). What the seat saw is thus used
    as it was and all it did not see comes from the world.
    """
    sealed = world.sealed_events
    hook = world._hidden_action
    actions: list[int] = []
    append = actions.append
    for index, (action, events) in enumerate(source):
        for e in events:
            if e.to is None and seat not in e.hidden_from and (e.hidden_from
                                                                 or e.kind in sealed):
                action = hook(seat, index, e, source)
                break
        append(action)
    return actions
