"""Reinforcement-learning adapters: every ludoteca game through the tools researchers use.

* :mod:`ludoteca.adapters.pettingzoo` - ``env(game_id, num_players, ...)``, a PettingZoo
  AEC environment with every seat an agent (``player_0``, ``player_1``, ...);
* :mod:`ludoteca.adapters.gymnasium` - one seat against fixed ludoteca agents, registered
  as ``ludoteca/<game>-<n>p-<variant>-v0``;
* :mod:`ludoteca.adapters.openspiel` - every game and variant as an OpenSpiel Python game,
  ``ludoteca_<game>_<variant>`` with a ``players`` parameter.
* :mod:`ludoteca.adapters.vector` - many matches at once as NumPy batches: self-play
  (``SelfPlayVectorEnv``) and one seat against fixed agents (``OneSeatVectorEnv``, a
  Gymnasium ``VectorEnv``).

They need the optional ``rl`` dependencies (``pip install 'ludoteca[rl]'``); the rest of
ludoteca never imports them. Importing an adapter without them raises an ImportError
that names the extra. See ``docs/rl.md``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

INSTALL_HINT = "pip install 'ludoteca[rl]'"

__all__ = ["INSTALL_HINT", "missing_extra", "rl_extra"]


@contextmanager
def rl_extra(adapter: str) -> Iterator[None]:
    """Wraps an adapter's imports of the ``rl`` extra's packages: an ImportError inside
    becomes :func:`missing_extra`'s, which names the extra to install.

        with rl_extra("ludoteca.adapters.vector"):
            import gymnasium
            import numpy as np
    """
    try:
        yield
    except ImportError as err:
        raise missing_extra(adapter, err) from err


def missing_extra(adapter: str, err: ImportError) -> ImportError:
    """The error an adapter raises when a package of the ``rl`` extra is missing."""
    missing = getattr(err, "name", None) or str(err)
    return ImportError(
        f"{adapter} needs the optional reinforcement-learning dependencies "
        f"({missing} is not installed): {INSTALL_HINT}",
        name=getattr(err, "name", None),
    )
