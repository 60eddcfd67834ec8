"""Connected parts of the grid, in numpy: which squares can reach which.

Label propagation with pointer jumping over edge arrays: each round every
node takes the smallest label among its edges, then follows its label's
label.  It settles in a few dozen rounds even on a 200 x 200 map, where a
Python union-find over 150 000 steps took seconds.
"""

from __future__ import annotations

import numpy as np


def component_labels(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Label per node (the smallest node index in its component); a, b are edge endpoint indices."""
    labels = np.arange(n)
    if not len(a):
        return labels
    while True:
        low = np.minimum(labels[a], labels[b])
        new = labels.copy()
        np.minimum.at(new, a, low)
        np.minimum.at(new, b, low)
        new = new[new]
        if np.array_equal(new, labels):
            return labels
        labels = new


def largest(mask: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The largest component among the True cells of ``mask``; edges index ``mask.ravel()``."""
    labels = component_labels(mask.size, a, b)
    labels = np.where(mask.ravel(), labels, -1)
    if not (labels >= 0).any():
        return np.zeros_like(mask)
    counts = np.bincount(labels[labels >= 0])
    return (labels == int(np.argmax(counts))).reshape(mask.shape)
