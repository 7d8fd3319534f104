"""Treasure hunting (the expansion, option ``treasure=on``): the treasure market, starting a
hunt before a purchase, the check after every log card, the last check at a harbour's end,
money treasures spent in a purchase and VP treasures scored with the tall tales.

The rulebook's order, with the rulings of ``docs/rulings/puertodiablo.md``:

* Preparation: the three treasure-icon abilities join the level I pile
  (:func:`~ludoteca.games.puertodiablo.rules.setup.lay_out`); the treasures lie face down;
  at each harbour as many are opened as its number (:func:`open_at_arrival`).
* A committer, before his purchase, may send one character ashore (healthy or weakened)
  crosswise onto a market treasure (:func:`start_hunt`); the last player in a harbour may
  not (his purchase is not a committer's). Treasures are never replenished.
* After every log card, after its war (a challenge card: after the challenge moment's
  first window, R22), every hunt is checked (:func:`treasure_check`), even if the round is
  cut short meanwhile (R13): from the pilot clockwise, a player with several hunters
  choosing his order; the least roll is the treasure's table for the weather at the
  hunter's count of matching symbols (R7); the die is a chance node. Found: the reward to
  the player, and the hunter takes another market treasure while any is left; not found:
  the treasure back to the market face up, the hunter to the ship.
* The treasure-check abilities (R8): a modifier before one's own hunter's roll, one's own
  reroll right after its failed roll, a counter forcing another player's successful roll
  to be made again; only a player still in the harbour, acted by a character ashore.
* When everybody has left, the open hunts get one last roll under the current weather
  without abilities; all hunters return to the ship; unclaimed treasures leave (R23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.puertodiablo.actions import (
    Decline,
    Die,
    Hunt,
    NoHunt,
    PlayAbility,
    Seek,
    SpendTreasure,
    TreasureCard,
)

# The module, not its function: the ability rules import the consequence and log rules,
# which call into this module, so ``abilities`` is still loading when this one is.
from ludoteca.games.puertodiablo.rules import abilities, first
from ludoteca.games.puertodiablo.steps import (
    HUNTING,
    SHIP,
    AfterFailedRoll,
    BeforeRoll,
    ChooseSeeker,
    ClearTreasures,
    FinalHunts,
    HuntResult,
    NewHunt,
    NextSeeker,
    OpenTreasure,
    Purchase,
    ReopenTreasureCounter,
    StartHunt,
    TreasureCheck,
    TreasureCounter,
    TreasureRoll,
    ashore_of,
    hunt_count,
    hunt_least,
    hunters,
    in_harbour,
    need,
    treasure_titles,
)

if TYPE_CHECKING:
    from ludoteca.games.puertodiablo.state import PuertoDiabloState


# ----- hooks called from the base game's rules -----------------------------------------------


def open_at_arrival(state: PuertoDiabloState) -> None:
    """At the start of each harbour as many treasures are opened as its number (fewer if
    the pile runs short)."""
    if state.treasure_on:
        state.push(*(OpenTreasure() for _ in range(min(need(state), state.treasure_pile.size))))


def hunt_before_purchase(state: PuertoDiabloState, seat: int) -> None:
    """Pushed above a committer's purchase: the choice to start a hunt, if he can."""
    if state.treasure_on and state.treasure_market and ashore_of(state, seat):
        state.push(StartHunt(seat))


def card_turned(state: PuertoDiabloState) -> None:
    """A challenge card is turned: its check is due from now on, so that a round cut
    short in the challenge moment's first window still has it (R13, R22)."""
    if state.treasure_on and hunters(state):
        state.check_due = 1


def after_log_card(state: PuertoDiabloState) -> None:
    """Pushed above what follows a log card, below its war: the treasure check."""
    if state.treasure_on and hunters(state):
        state.check_due = 1
        state.push(TreasureCheck())


def after_cut_short(state: PuertoDiabloState) -> None:
    """R13: a round cut short (by a war or an ability) still has the check of the card
    that was turned, weather or challenge."""
    if state.check_due:
        state.push(TreasureCheck())


def at_harbour_end(state: PuertoDiabloState) -> None:
    """Pushed above the next harbour's arrival (or the scoring)."""
    if state.treasure_on and (hunters(state) or state.treasure_market):
        state.push(FinalHunts())


# ----- the treasure market and starting a hunt -----------------------------------------------


def open_treasure(state: PuertoDiabloState, step: OpenTreasure, outcome: TreasureCard) -> None:
    x = outcome.treasure
    state.treasure_pile = state.treasure_pile.drawn(x)
    state.treasure_market.append(x)
    state.treasure_market.sort()
    state.emit(everyone("treasure_open", treasure=x))


def start_hunt(state: PuertoDiabloState, step: StartHunt, action: Hunt | NoHunt) -> None:
    if isinstance(action, NoHunt):
        return
    begin(state, step.seat, action.character, action.treasure, "starts")


def begin(state: PuertoDiabloState, seat: int, c: int, x: int, why: str) -> None:
    """The character lies crosswise on the treasure: out of the harbour, its symbols and
    doubloons no longer usable there (R21); the treasure leaves the market."""
    state.place[c] = HUNTING
    state.hunt_of[c] = x
    state.treasure_market.remove(x)
    state.emit(everyone("hunt", seat=seat, character=c, treasure=x, why=why,
                        count=hunt_count(state, c)))


def new_hunt(state: PuertoDiabloState, step: NewHunt, action: Hunt) -> None:
    begin(state, step.seat, step.hunter, action.treasure, "again")


# ----- the check after a log card -----------------------------------------------------------


def treasure_check(state: PuertoDiabloState, step: TreasureCheck, action: None) -> None:
    """The hunters at this moment, from the pilot clockwise (players who have left
    included: their hunters keep searching); a hunter sent on a new hunt during this check
    is next checked at the next log card."""
    state.check_due = 0
    n = state.num_players
    queue = [c for i in range(n) for c in hunters(state) if state.owner[c] == (state.pilot + i) % n]
    state.emit(everyone("treasure_check", hunters=queue))
    state.push(NextSeeker(tuple(queue)))


def next_seeker(state: PuertoDiabloState, step: NextSeeker, action: None) -> None:
    if not step.queue:
        return
    seat = state.owner[step.queue[0]]
    if sum(1 for c in step.queue if state.owner[c] == seat) > 1:
        state.push(ChooseSeeker(seat, step.queue))
    else:
        check_one(state, step.queue[0], step.queue[1:])


def choose_seeker(state: PuertoDiabloState, step: ChooseSeeker, action: Seek) -> None:
    check_one(state, action.character, tuple(c for c in step.queue if c != action.character))


def check_one(state: PuertoDiabloState, c: int, rest: tuple[int, ...]) -> None:
    """One hunter's check: the owner's modifiers, the roll; then the others."""
    seat = state.owner[c]
    state.hunt_delta = 0
    state.push(NextSeeker(rest))
    if treasure_titles(state, seat, "ROLL_MODIFIER", "OWN"):
        state.push(BeforeRoll(seat, c))
    else:
        state.push(TreasureRoll(seat, c))


def before_roll(state: PuertoDiabloState, step: BeforeRoll,
                action: PlayAbility | Decline) -> None:
    """A modifier played (its own die, counters and all) and the choice comes again;
    declining rolls."""
    if isinstance(action, PlayAbility):
        state.push(step)
        abilities.play(state, step.seat, action, 0)
    else:
        state.push(TreasureRoll(step.seat, step.hunter))


def treasure_roll(state: PuertoDiabloState, step: TreasureRoll, outcome: Die) -> None:
    """Found when the die, plus any modifier played for this roll, reaches the least roll
    (the modified total may exceed the die's faces)."""
    c = step.hunter
    x = state.hunt_of[c]
    count = hunt_count(state, c)
    least = hunt_least(state, c)
    delta = state.hunt_delta
    state.hunt_delta = 0
    found = outcome.face + delta >= least
    state.last_hunt = (step.owner, c, x, count, state.foul, least, outcome.face, delta,
                       int(found), int(step.forced), int(step.final))
    state.emit(everyone("treasure_roll", seat=step.owner, character=c, treasure=x,
                        count=count, foul=state.foul, least=least, face=outcome.face,
                        delta=delta, found=found, forced=step.forced, final=step.final))
    if step.final:
        state.push(HuntResult(step.owner, c, found, final=True))
        return
    if found:
        state.push(ReopenTreasureCounter(step.owner, c), HuntResult(step.owner, c, True))
    elif not step.forced and treasure_titles(state, step.owner, "REROLL", "OWN"):
        state.push(AfterFailedRoll(step.owner, c), HuntResult(step.owner, c, False))
    else:
        state.push(HuntResult(step.owner, c, False))


def after_failed_roll(state: PuertoDiabloState, step: AfterFailedRoll,
                      action: PlayAbility | Decline) -> None:
    """One's own reroll (REROLL OWN) before the failure is applied."""
    if isinstance(action, PlayAbility):
        abilities.play(state, step.seat, action, 0)


def counter_seats(state: PuertoDiabloState, roller: int) -> list[int]:
    """Who is asked each time the window on ``roller``'s find opens, the first time or
    again (R43, as R34 for abilities): everybody in the harbour who can force a repeat of
    it now, the player of a counter just resolved included; never the finder himself
    (the repeat it forces is of another player's roll)."""
    return [s for s in in_harbour(state) if s != roller
            and treasure_titles(state, s, "REROLL", "OTHER")]


def treasure_counter(state: PuertoDiabloState, step: TreasureCounter,
                     action: PlayAbility | Decline) -> None:
    """A counter forcing the successful roll to be made again (REROLL OTHER); if it came
    to nothing (its own die failed, or it was cancelled) the window opens again to
    everybody who can still force one (R43). A pass closes it (he was the only one
    asked, or the only one who wanted to and the pilot let him, R51)."""
    if isinstance(action, PlayAbility):
        state.push(ReopenTreasureCounter(step.roller, step.hunter, step.pilot_ahead,
                                         step.seat))
        abilities.play(state, step.seat, action, 0)
        return
    state.emit(everyone("no_counter", seat=step.seat))


def reopen_counter(state: PuertoDiabloState, step: ReopenTreasureCounter, action: None) -> None:
    """Not once a repeat is forced: the repeat decides, and its success opens a new
    window (R43)."""
    if state.hunt_reroll:
        return
    first.ask(state, counter_seats(state, step.roller), "treasure", step.roller,
              pilot_ahead=first.still_ahead(state, step.pilot_ahead, step.played_by),
              hunter=step.hunter)


def hunt_result(state: PuertoDiabloState, step: HuntResult, action: None) -> None:
    """A reroll asked for: the roll is made again (a forced repeat of a find decides it;
    one's own reroll of a failure stands). Otherwise: found - the reward, and a new hunt
    while the harbour goes on and treasures are left; not found - the treasure face up
    to the market, the hunter to the ship."""
    c = step.hunter
    if state.hunt_reroll:
        state.hunt_reroll = 0
        state.push(TreasureRoll(step.owner, c, forced=step.found))
        return
    x = state.hunt_of[c]
    state.hunt_of[c] = -1
    if step.found:
        reward(state, step.owner, x)
        if not step.final and state.treasure_market:
            state.push(NewHunt(step.owner, c))
            return
    else:
        state.treasure_market.append(x)
        state.treasure_market.sort()
    state.place[c] = SHIP
    state.emit(everyone("hunter_returns", seat=step.owner, character=c, treasure=x,
                        found=step.found))


def reward(state: PuertoDiabloState, seat: int, x: int) -> None:
    """A money treasure goes to the abilities in the hand (spent once, R24); a VP
    treasure to the tall tales."""
    t = state.t
    if t.treasure_money[x]:
        state.found_money[seat].append(x)
        state.found_money[seat].sort()
    else:
        state.found_vp[seat].append(x)
        state.found_vp[seat].sort()
    state.emit(everyone("treasure_found", seat=seat, treasure=x,
                        doubloons=t.treasure_money[x], vp=t.treasure_vp[x]))


# ----- the harbour's end -----------------------------------------------------------------------


def final_hunts(state: PuertoDiabloState, step: FinalHunts, action: None) -> None:
    """One last roll per open hunt (from the pilot clockwise, card order within a seat:
    no ability can be played, so the order changes nothing), then the market is cleared."""
    state.hunt_delta = 0  # R44: no ability reaches the last check, nor a modifier left over
    n = state.num_players
    queue = [c for i in range(n) for c in hunters(state) if state.owner[c] == (state.pilot + i) % n]
    state.push(*(TreasureRoll(state.owner[c], c, final=True) for c in queue), ClearTreasures())


def clear_treasures(state: PuertoDiabloState, step: ClearTreasures, action: None) -> None:
    if state.treasure_market:
        state.emit(everyone("treasures_leave", treasures=list(state.treasure_market)))
    state.treasure_market = []


# ----- money treasures in a purchase -----------------------------------------------------------


def spend(state: PuertoDiabloState, step: Purchase, action: SpendTreasure) -> None:
    """Its doubloons join this purchase's budget once; unspent ones are lost (no change)."""
    x = action.treasure
    state.found_money[step.seat].remove(x)
    state.purse += state.t.treasure_money[x]
    state.emit(everyone("treasure_spent", seat=step.seat, treasure=x,
                        doubloons=state.t.treasure_money[x]))
    state.push(step)


def treasure_vp(state: PuertoDiabloState, seat: int) -> int:
    """The VP of the treasures found, scored with the tall tales."""
    return sum(state.t.treasure_vp[x] for x in state.found_vp[seat])
