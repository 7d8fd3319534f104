"""Turn flow: the stack of pending steps that every game's state carries.

A *step* is one pending decision or chance event: who acts (a seat, or :data:`CHANCE`),
what they may choose (``legal_actions``) or what may happen and how likely it is
(``chance_outcomes``), and the prompt a player reads. The state keeps its pending steps as
an immutable stack of nested pairs, ``(top, (next, (...)))`` (``State.pending()`` lists
them); ``current_player``, the legal actions, the chance outcomes and the prompt all derive
from the top step. The stack empty means the game is over.

What applying a choice does is a *rule*: a function ``rule(state, step, action)`` that the
game's State names in its ``rules`` table (step type -> rule). Applying an action pops the
top step first, then calls its rule, which may push new steps (the next seat's turn, a die
to roll in the middle of a challenge, each seat in turn laying a card face down). Steps are
data and rules are functions, so a game's modules import one way: actions and tables <-
steps <- rules <- state. Because steps are small frozen objects and the stack is made of
tuples, a clone shares them with its original at no cost and neither can change the other's.

This is the mechanism TAG calls an extended action sequence and boardgame.io calls
phases, turns and stages: multi-step turns are steps, never flags or phase numbers kept in
the state. A game subclasses :class:`Step` once per kind of pending decision, usually as
``@dataclass(frozen=True, slots=True)`` with the seat (and anything the step needs to
remember) as fields::

    @dataclass(frozen=True, slots=True)
    class LayFaceDown(Step["DouroState"]):  # the state class, named for the type checker
        seat: int
        level: int  # what the lay disputes: the context lives in the step, not the state

        def legal_actions(self, state: DouroState) -> Sequence[int]:
            return state.cards_in_hand(self.seat)

        def prompt(self, state: DouroState, viewer: int | None) -> str:
            return "Choose a barrel card to lay face down."

    # rules/dispute.py
    def lay_face_down(state: DouroState, step: LayFaceDown, action: PlayBarrel) -> None: ...

    # state.py
    class DouroState(State):
        rules = {LayFaceDown: dispute.lay_face_down, ...}

Simultaneous choices
--------------------
Where the rulebook has players choose at the same time (Douro 1872's cards laid face down,
Puerto Diablo's arrival choices), the game still asks them one seat after another: one step
per seat, pushed together, each seat's choice hidden from the others until a reveal. Such
steps name the group they belong to in :attr:`Step.group`. A run of consecutive steps of
one group at the top of the stack is a *pending group*; :meth:`State.simultaneous` lists
which seats in it still have to choose and what each may choose, without applying
anything, so that a front (the server) may take the seats' choices in any order and apply
them in the game's. The engine, its records and replays know nothing of this: a match
still is the sequence of choices in the game's order.

A step that declares a group promises what makes this sound (``ludoteca.testing`` checks
both): a seat's legal actions do not depend on the choices of the seats before it in the
group, and those choices tell it nothing (its observation is the same whatever they were).

A chance step derives from :class:`ChanceStep` and implements ``chance_outcomes`` instead
of ``legal_actions``. An automatic step derives from :class:`AutoStep`: nobody decides it,
and its rule runs as soon as it comes to the top. A phase ends with one, pushed below the
phase's steps (a showdown after the decisions, "what comes next" after a dispute), rather
than with a rule asking whether anything is still pending. A rule receives the
*structured* action or chance outcome (decoded by the game's
:class:`~ludoteca.core.codec.Codec`), so it reads ``action.card``, never a bare integer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

if TYPE_CHECKING:
    # Only for the type checker: the state module holds the stack of steps and imports
    # this one.
    from ludoteca.core.state import State

StateT = TypeVar("StateT", bound="State")
"""The State class a step is pending in: a game's steps derive from ``Step[TheirState]``,
so that their methods (and the rules that resolve them) see the game's own fields."""

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -4
"""``current_player()`` once the game is over (the step stack is empty)."""


class Step(Generic[StateT]):
    """A pending decision (``seat >= 0``) or chance event (``seat == CHANCE``) of a state
    of type ``StateT`` (a game's steps subclass ``Step[TheirState]``).

    Subclasses are immutable: a step is shared by every clone of the state that pushed
    it. Everything that changes lives in the state; a step only says what is pending.
    """

    __slots__ = ()
    seat: int
    chance: ClassVar[bool] = False
    auto: ClassVar[bool] = False
    """An automatic step is nobody's decision: its rule runs (with ``action`` None) as soon
    as it reaches the top of the stack, within the action that uncovered it - an end of
    round or a final scoring that follows whichever sub-choice came last."""
    group: ClassVar[str | None] = None
    """The name of the group of simultaneous choices this step belongs to (None: none).
    Consecutive steps of one group form a pending group: see "Simultaneous choices"
    above and :meth:`State.simultaneous`."""

    def legal_actions(self, state: StateT) -> Sequence[int]:
        """Sorted legal action ids of ``self.seat`` (decision steps): a list, or a tuple
        the game keeps (a row of a precomputed table), which the state never changes."""
        raise NotImplementedError(f"{type(self).__name__} is not a decision")

    def chance_outcomes(self, state: StateT) -> list[tuple[int, float]]:
        """(outcome id, probability) pairs, probabilities positive and summing to 1."""
        raise NotImplementedError(f"{type(self).__name__} is not a chance event")

    def prompt(self, state: StateT, viewer: int | None) -> str:
        """What ``viewer`` reads while this step is pending (the actor: what to decide)."""
        return ""

    def explain_illegal(self, state: StateT, action: Any) -> str | None:
        """Why a well-formed but illegal ``action`` is not allowed, in the rulebook's words."""
        return None


class AutoStep(Step[StateT]):
    """Base of automatic steps (see :attr:`Step.auto`): never pending for anyone."""

    __slots__ = ()
    seat: ClassVar[int] = CHANCE  # type: ignore[misc]
    auto: ClassVar[bool] = True


class ChanceStep(Step[StateT]):
    """Base of chance steps: nobody decides; ``chance_outcomes`` says what may happen."""

    __slots__ = ()
    seat: ClassVar[int] = CHANCE  # type: ignore[misc]
    chance: ClassVar[bool] = True
