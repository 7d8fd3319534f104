"""Observation and mask arrays for the adapters, built the fastest ways measured (numpy is
imported only by the adapters, after they checked that the rl extra is installed).

Every call returns new arrays: a learner may keep them (replay buffers do) while the
environment goes on.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ludoteca.core.state import State
from ludoteca.core.tensor import TensorLayout


def observation(state: State, seat: int, layout: TensorLayout) -> np.ndarray:
    """A new float32 array: ``state.observation_tensor(seat)`` of a valid ``seat``, written
    straight into the array by the game (no list of floats in between, which would cost
    more than the game's own step). ``layout`` is the set-up's tensor layout.

    This calls the game's hook behind ``observation_tensor_into`` directly: the adapters
    know the seat is valid and the layout, and this runs at every step."""
    out = np.empty(layout.size, dtype=np.float32)
    state._observation_tensor_into(seat, layout.writable(out))
    return out


def mask(legal: Sequence[int], size: int) -> np.ndarray:
    """A new int8 array of ``size`` zeros with 1 at each legal action."""
    buffer = bytearray(size)
    for action in legal:
        buffer[action] = 1
    return np.frombuffer(buffer, dtype=np.int8)
