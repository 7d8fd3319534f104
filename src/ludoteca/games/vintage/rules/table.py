"""The action table: what each action starts, whether by markers, the overseer or a card.

A card that performs an action needs no circle of its column; its conditions (once a
round, something to harvest, barrels in the cellar) are the same (:func:`..steps.can_act`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import everyone
from ludoteca.games.vintage.steps import (
    AgeingDie,
    CardsUse,
    ChooseEstate,
    Harvest,
    PlantVine,
)

if TYPE_CHECKING:
    from ludoteca.games.vintage.state import VintageState


def start_action(state: VintageState, seat: int, action: int, by_card: bool) -> None:
    """Pushes the sub-steps of ``action`` for ``seat`` (or does it, for First player)."""
    t = state.t
    kind = t.action_kind[action]
    if kind == "buy_estate":
        state.push(ChooseEstate(seat, 0))
    elif kind == "plant":
        state.push(PlantVine(seat, t.action_colours[action]))
    elif kind == "old_vine":
        state.push(PlantVine(seat, 1 << t.black))
    elif kind == "harvest":
        state.push(Harvest(seat, False))
    elif kind == "age_sell":
        state.push(AgeingDie(seat, 0, False))
    elif kind == "cards":
        state.push(CardsUse(seat, by_card))
    elif kind == "first_player":
        take_first_player(state, seat)


def take_first_player(state: VintageState, seat: int) -> None:
    """First player: the token at once (kept if already held); this round's order stays,
    the holder begins the next rounds."""
    state.first = seat
    state.emit(everyone("first_player", seat=seat, setup=False))
