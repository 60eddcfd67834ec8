"""Rivers' corner points as numpy arrays, for the stages that work on every river at once.

Its own small module because the movement graph, the rivers stage and the roads all read
rivers this way, and the movement graph sits below the rivers stage.
"""

from __future__ import annotations

from itertools import chain

import numpy as np


def river_points(rivers, dtype=np.int64) -> tuple[np.ndarray, list[int]]:
    """Every point of ``rivers``, river after river, as one (n, 2) array, and how many points each river has.

    One pass over the coordinates (np.fromiter): an array per river cost more than the work done
    with them on a big map's 500 rivers, and the stages ask for them several times.
    """
    lengths = [len(r.points) for r in rivers]
    flat = np.fromiter(chain.from_iterable(chain.from_iterable(r.points for r in rivers)), dtype=dtype)
    if flat.size != 2 * sum(lengths):  # a point that is not (x, y): as np.asarray would refuse it
        return np.concatenate([np.asarray(r.points, dtype=dtype).reshape(-1, 2) for r in rivers] or [np.zeros((0, 2), dtype)]), lengths
    return flat.reshape(-1, 2), lengths
