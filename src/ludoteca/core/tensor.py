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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


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

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def low(self) -> list[float]:
        return [float(s.low) for s in self.segments for _ in range(s.size)]

    def high(self) -> list[float]:
        return [float(s.high) for s in self.segments for _ in range(s.size)]

    def zeros(self) -> list[float]:
        return [0.0] * self.size

    def put(self, vector: list[float], name: str, values: Sequence[float], start: int = 0
            ) -> None:
        """Writes ``values`` into segment ``name`` from its ``start``-th value."""
        at = self.offsets[name] + start
        vector[at:at + len(values)] = values

    def slice(self, vector: Sequence[float], name: str) -> Sequence[float]:
        at = self.offsets[name]
        seg = self.segments[list(self.offsets).index(name)]
        return vector[at:at + seg.size]
