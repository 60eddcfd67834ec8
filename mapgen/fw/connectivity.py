"""Connected parts of the grid, in numpy: which squares can reach which.

Hooking and pointer jumping over edge arrays (Shiloach and Vishkin's scheme):
each round, the root of every edge's higher end is hooked under the lower
end's root, then every node follows its pointers to its root.  Roots only ever
point to smaller nodes, so each part ends under its smallest node.  It settles
in a handful of rounds: label propagation (each node taking its neighbours'
smallest label) needed a hundred on a 200 x 200 map cut by rivers, and a
Python union-find over 150 000 steps took seconds.
"""

from __future__ import annotations

import numpy as np


def component_labels(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Label per node (the smallest node index in its component); a, b are edge endpoint indices."""
    root = np.arange(n)
    if not len(a):
        return root
    while True:
        ra, rb = root[a], root[b]
        apart = ra != rb
        if not apart.any():
            return root
        ra, rb = ra[apart], rb[apart]
        np.minimum.at(root, np.maximum(ra, rb), np.minimum(ra, rb))
        while True:
            up = root[root]
            if np.array_equal(up, root):
                break
            root = up


def largest(mask: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The largest component among the True cells of ``mask``; edges index ``mask.ravel()``."""
    labels = component_labels(mask.size, a, b)
    labels = np.where(mask.ravel(), labels, -1)
    if not (labels >= 0).any():
        return np.zeros_like(mask)
    counts = np.bincount(labels[labels >= 0])
    return (labels == int(np.argmax(counts))).reshape(mask.shape)
