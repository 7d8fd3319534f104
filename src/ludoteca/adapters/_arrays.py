"""Observation and mask arrays for the adapters, built the fastest ways measured (numpy is
imported only by the adapters, after they checked that the rl extra is installed).

Every call returns new arrays: a learner may keep them (replay buffers do) while the
environment goes on. These run at every step of every adapter, so each one is the cheapest
of the ways tried (``benchmarks/adapters.py`` shows what they cost next to the engine).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ludoteca.core.codec import SMALL
from ludoteca.core.state import State
from ludoteca.core.tensor import TensorLayout

_zeros: dict[int, np.ndarray] = {}
_masks: dict[int, dict[tuple[int, ...], np.ndarray]] = {}
MASKS_KEPT = 4096
"""How many distinct masks of one size are kept for copying (a megabyte or two; spaces of
at most ``SMALL`` ids only, so never more than 16 MB)."""


def observation(state: State, seat: int, layout: TensorLayout) -> np.ndarray:
    """A new float32 array: ``state.observation_tensor(seat)`` of a valid ``seat``, written
    straight into the array by the game (no list of floats in between, which would cost
    more than the game's own step). ``layout`` is the set-up's tensor layout.

    This calls the game's hook behind ``observation_tensor_into`` directly, on a copy of a
    zeroed array: the adapters know the seat is valid and the layout, and the checks and
    the clearing of ``TensorLayout.writable`` cost as much as a third of the game's own
    writing."""
    zeros = _zeros.get(layout.size)
    if zeros is None:
        zeros = _zeros[layout.size] = np.zeros(layout.size, dtype=np.float32)
    out = zeros.copy()
    state._observation_tensor_into(seat, memoryview(out))
    return out


def mask(legal: Sequence[int], size: int) -> np.ndarray:
    """A new int8 array of ``size`` zeros with 1 at each legal action.

    A game offers the same few sets of legal actions again and again (often the very same
    tuple), so each mask is built once and copied after: a copy costs a third of setting
    the ones again. Past ``SMALL`` ids (a large space) the new array's zeros cost as much
    as a copy, and kept masks would cost their whole size each, so only the legal ids are
    set in a fresh array."""
    if size > SMALL:
        out = np.zeros(size, dtype=np.int8)
        for action in legal:
            out[action] = 1
        return out
    kept = _masks.get(size)
    if kept is None:
        kept = _masks[size] = {}
    key = legal if type(legal) is tuple else tuple(legal)
    built = kept.get(key)
    if built is None:
        buffer = bytearray(size)
        for action in key:
            buffer[action] = 1
        built = np.frombuffer(buffer, dtype=np.int8)
        if len(kept) >= MASKS_KEPT:
            kept.clear()
        kept[key] = built
    return built.copy()


def scale(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """``1 / (high - low)`` per value as float32 (0 where the bounds meet): what
    ``(observation - low) * scale`` needs to lie in ``[0, 1]``."""
    span = (high - low).astype(np.float32)
    out = np.zeros_like(span)
    np.divide(1.0, span, out=out, where=span > 0)
    return out


def action_id(action: Any, size: int) -> Any:
    """``action`` as an int when it is an integer (Python, NumPy, or a 0-d integer array);
    TypeError with a sentence for a float, a boolean or anything else. Whether the id is
    legal is the game's to say (an id out of range is simply not legal)."""
    if type(action) is int:  # the common case first
        return action
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, int | np.integer) and not isinstance(action, bool | np.bool_):
        return int(action)
    raise TypeError(f"an action is an integer action id (0 to {size - 1}), not "
                    f"{action!r} ({type(action).__name__})")
