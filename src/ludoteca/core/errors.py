"""The library's own errors, shared by every layer."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow at this point, or one that is not an action at all.

    The message is for a player ("Desperados: you have no gold mine in your hand").
    """


class ConfigError(ValueError):
    """A game was asked for with an impossible set-up (player count, variant, option,
    seat, agent spec)."""
