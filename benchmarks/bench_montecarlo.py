"""Benchmark for chapter 1: Buffon's needle throughput.

    python benchmarks/bench_montecarlo.py

Prints needles per second for ``buffon_needle`` with 10^7 needles and the ratio of its time to
the time NumPy takes to draw 2×10^7 uniforms in the same process (the issue's target: ≤ 4×).
Best of several repeats, so a busy machine disturbs the figure as little as possible.
"""

import numpy as np

from mcts_lesson.montecarlo import buffon_needle
from mcts_lesson.timing import format_rate, format_seconds, timed

N = 10**7
REPEAT = 5


def main() -> None:
    generator = np.random.default_rng(0)
    _, numpy_time = timed(generator.random, 2 * N, repeat=REPEAT)
    result, buffon_time = timed(buffon_needle, N, 1.0, 1.0, rng=1, repeat=REPEAT)
    print(f"buffon_needle, {N:,} needles: {format_seconds(buffon_time)} "
          f"({format_rate(N, buffon_time)}); π ≈ {result.pi_estimate:.5f} ± {result.std_error:.5f}")
    print(f"numpy Generator.random, {2 * N:,} uniforms: {format_seconds(numpy_time)}")
    print(f"ratio buffon / numpy: {buffon_time / numpy_time:.2f}x (target: at most 4x)")


if __name__ == "__main__":
    main()
