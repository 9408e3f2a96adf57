"""Turn the ``rng`` argument every stochastic function takes into a Generator.

Following SPEC 7 (https://scientific-python.org/specs/spec-0007/), an ``rng``
argument may be

* ``None``: fresh, unpredictable entropy from the operating system;
* an ``int`` (or anything ``numpy.random.default_rng`` accepts as a seed, such
  as a ``SeedSequence``): a new Generator seeded with it, so the same seed gives
  the same numbers;
* a ``numpy.random.Generator``: used as it is (its state advances), so one
  generator can be threaded through a whole experiment.

Nothing in the course touches NumPy's or Python's global random state.
"""

from __future__ import annotations

import numbers

import numpy as np

RNGLike = "int | numpy.random.Generator | numpy.random.SeedSequence | None"


def as_generator(rng=None) -> np.random.Generator:
    """Return a ``numpy.random.Generator`` for ``rng`` (see the module docstring).

    >>> g = as_generator(42)
    >>> as_generator(g) is g
    True
    """
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or isinstance(rng, np.random.SeedSequence):
        return np.random.default_rng(rng)
    if isinstance(rng, bool) or not isinstance(rng, numbers.Integral):
        raise TypeError(
            "rng must be an int seed, a numpy.random.Generator or None, "
            f"not {type(rng).__name__}"
        )
    if rng < 0:
        raise ValueError(f"an int seed must be non-negative, got {rng}")
    return np.random.default_rng(int(rng))
