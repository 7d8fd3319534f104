"""ludoteca: five tabletop games played exactly by their rulebooks.

    >>> import ludoteca
    >>> game = ludoteca.load_game("desperados")
    >>> record = ludoteca.run_match(game, ["random"] * 4, seed=7)
    >>> ludoteca.replay(record).scores() == record.scores
    True
"""

from ludoteca.agents import Agent, make_agent, register_agent, run_match
from ludoteca.core.edition import EditionError
from ludoteca.core.match import MatchRecord, ReplayError, load_records, replay, save_records
from ludoteca.core.registry import game_ids, load_game, register
from ludoteca.core.state import (
    CHANCE,
    TERMINAL,
    ConfigError,
    Game,
    GameInfo,
    IllegalActionError,
    State,
    Variant,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "ConfigError",
    "EditionError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "MatchRecord",
    "ReplayError",
    "State",
    "Variant",
    "game_ids",
    "load_game",
    "load_records",
    "make_agent",
    "register",
    "register_agent",
    "replay",
    "run_match",
    "save_records",
]
__version__ = "0.1.0"
