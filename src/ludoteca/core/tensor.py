"""Observation tensors: a flat vector of fixed length per set-up, with declared bounds.

A game declares the layout of its tensor for each (player count, variant) as named
segments; the vector is the segments one after another. Adapters read the length and the
bounds from the layout (a Gymnasium ``Box``, an OpenSpiel observation tensor shape), and
the conformance kit checks every tensor a game produces against it.

    layout = TensorLayout([
        Segment("hand", 31, 0, 6),         # cards of each kind in the seat's hand
        Segment("deck", 1, 0, 60),
    ])
    vec = layout.zeros(); layout.put(vec, "deck", [state.deck_total])

``State.observation_tensor`` gives the vector as a list; ``State.observation_tensor_into``
writes it into a caller's buffer (a NumPy array: :meth:`TensorLayout.writable` checks and
zeroes it), which a game fills by writing only the values that are not 0, one by one or a
segment at a time with :meth:`TensorLayout.put` (into a list or a memoryview alike). The
adapters call it at every step: a list of a few hundred floats turned into an array costs
more than the game's own step.
"""

from __future__ import annotations

import functools
import struct
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from ludoteca.core.errors import ConfigError

#: Buffer formats a tensor can be written into: float32 and float64, native byte order.
FLOAT_FORMATS = ("f", "d")


@functools.cache
def _packer(fmt: str, count: int) -> struct.Struct:
    return struct.Struct(f"{count}{fmt}")


@dataclass(frozen=True, slots=True)
class Segment:
    """``size`` consecutive values, each in ``[low, high]``."""

    name: str
    size: int
    low: float = 0.0
    high: float = 1.0
    description: str = ""


class TensorLayout:
    """Named segments of an observation tensor; immutable."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = tuple(segments)
        self.offsets: dict[str, int] = {}
        at = 0
        for seg in self.segments:
            if seg.name in self.offsets:
                raise ValueError(f"segment {seg.name!r} is declared twice")
            if seg.size < 0 or seg.low > seg.high:
                raise ValueError(f"segment {seg.name!r}: bad size or bounds")
            self.offsets[seg.name] = at
            at += seg.size
        self.size = at
        self._shape = (at,)
        # A zeroed buffer of each format, copied over a caller's buffer to clear it.
        self._zeros = {f: array(f, bytes(array(f).itemsize * at)) for f in FLOAT_FORMATS}

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def low(self) -> list[float]:
        return [float(s.low) for s in self.segments for _ in range(s.size)]

    def high(self) -> list[float]:
        return [float(s.high) for s in self.segments for _ in range(s.size)]

    def zeros(self) -> list[float]:
        return [0.0] * self.size

    def put(self, vector: list[float] | memoryview[float], name: str, values: Sequence[float],
            start: int = 0) -> None:
        """Writes ``values`` into segment ``name`` from its ``start``-th value; ``vector``
        is a list or a memoryview of floats (:meth:`writable`)."""
        at = self.offsets[name] + start
        if type(vector) is memoryview:
            # struct packs straight into the buffer (a memoryview's slice takes only a
            # buffer of its own format, and building one costs more).
            _packer(vector.format, len(values)).pack_into(vector, at * vector.itemsize, *values)
        else:
            vector[at:at + len(values)] = values

    def writable(self, out: Any) -> memoryview[float]:
        """``out`` as a zeroed, writable memoryview of this layout's length.

        ``out`` is any writable, contiguous, one-dimensional buffer of ``size`` float32 or
        float64 values in native byte order: a NumPy array (``np.empty(size, np.float32)``,
        or one row of a C-ordered 2-D batch), an ``array.array('f')`` or ``('d')``, a
        memoryview of one. Every value is set to 0. Raises ConfigError for anything else
        (no buffer, another length, type or dimension, read-only, strided).
        """
        try:
            view = memoryview(out)
        except TypeError:
            raise ConfigError(f"an observation tensor is written into a buffer of "
                              f"{self.size} floats (e.g. a NumPy float32 array), not "
                              f"{type(out).__name__}") from None
        zeros = self._zeros.get(view.format)
        if zeros is None or view.shape != self._shape:
            raise ConfigError(f"an observation tensor is written into a one-dimensional buffer "
                              f"of {self.size} float32 or float64 values, not one of shape "
                              f"{view.shape} and format {view.format!r}")
        if view.readonly or not view.c_contiguous:
            raise ConfigError("an observation tensor is written into a writable, contiguous "
                              "buffer; this one is read-only or strided")
        view[:] = zeros
        # Checked above: float32 or float64 items (the type checker reads bytes).
        return cast("memoryview[float]", view)

    def copy_into(self, view: memoryview[float], values: Sequence[float]) -> None:
        """Copies a whole tensor (``size`` values) into a view from :meth:`writable`."""
        if len(values) != self.size:
            raise ValueError(f"a tensor of this layout has {self.size} values, not {len(values)}")
        view[:] = array(view.format, values)

    def slice(self, vector: Sequence[float], name: str) -> Sequence[float]:
        at = self.offsets[name]
        seg = self.segments[list(self.offsets).index(name)]
        return vector[at:at + seg.size]
