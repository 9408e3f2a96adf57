"""Wall-clock timing for experiments and benchmarks (standard library only).

Notebooks print timings only through :func:`format_seconds` and :func:`format_rate`, whose
text the nbval sanitise file (``notebooks/nbval_sanitize.cfg``) recognises, because timings
differ from run to run and machine to machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def format_seconds(seconds: float) -> str:
    """Format a duration with a readable unit: ``'12.3 ms'``, ``'4.56 s'``."""
    if seconds < 0:
        raise ValueError(f"a duration cannot be negative, got {seconds}")
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def format_rate(count: float, seconds: float) -> str:
    """Format ``count / seconds`` as ``'1.23e+07 per second'``."""
    return f"{count / seconds:.3g} per second" if seconds > 0 else "inf per second"


def timed(function: Callable[..., Any], *args: Any, repeat: int = 1, **kwargs: Any):
    """Call ``function(*args, **kwargs)`` ``repeat`` times; return (last result, best seconds).

    The best of several runs is the usual benchmark figure: it is least disturbed by other
    work on the machine.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    best = float("inf")
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function(*args, **kwargs)
        best = min(best, time.perf_counter() - start)
    return result, best
