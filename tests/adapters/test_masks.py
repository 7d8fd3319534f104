"""The adapters' mask arrays: small spaces copy a kept mask, large ones set only the legal
ids in a fresh array and keep nothing."""

import pytest

np = pytest.importorskip("numpy")

from ludoteca.adapters import _arrays  # noqa: E402
from ludoteca.core.codec import SMALL  # noqa: E402


@pytest.mark.parametrize("size", [206, SMALL, SMALL + 1, 219_602])
def test_a_mask_has_ones_at_the_legal_ids_only_and_is_new_each_time(size):
    legal = (0, 5, size - 1)
    first = _arrays.mask(legal, size)
    assert first.dtype == np.int8 and first.shape == (size,)
    assert np.flatnonzero(first).tolist() == [0, 5, size - 1]
    first[:] = 1  # a learner writing into its array changes no later mask
    again = _arrays.mask(list(legal), size)
    assert np.flatnonzero(again).tolist() == [0, 5, size - 1]
    assert _arrays.mask((), size).sum() == 0


def test_masks_of_a_large_space_are_not_kept():
    _arrays.mask((1, 2), 219_602)
    assert 219_602 not in _arrays._masks
    _arrays.mask((1, 2), 206)
    assert (1, 2) in _arrays._masks[206]
