"""Speed of the vectorised bandit simulation (chapter 2).

Target (issue 3): UCB1 with 10 arms, 1000 runs and horizon 10^4 should take at most 20 times
as long as NumPy needs to draw 10^7 uniform numbers in the same process. Both times are the
best of several repeats (least disturbed by other work on the machine).

    .venv/bin/python benchmarks/bench_bandits.py
"""

from __future__ import annotations

import numpy as np

from mcts_lesson import bandits
from mcts_lesson.timing import format_rate, format_seconds, timed

ARMS, RUNS, HORIZON = 10, 1000, 10_000
TARGET_RATIO = 20.0


def best_time(policy, means, repeat: int) -> tuple[float, float]:
    """Best time of ``repeat`` simulations, each result freed before the next one starts.

    Freeing first lets the next run reuse the memory (the regret array alone is 80 MB), as the
    uniform draws they are compared with do.
    """
    best = float("inf")
    final = float("nan")
    for _ in range(repeat):
        result, seconds = timed(bandits.simulate, policy, means, HORIZON, RUNS, rng=1)
        best = min(best, seconds)
        final = float(result.mean_regret[-1])
        del result
    return best, final


def main() -> None:
    means = np.linspace(0.9, 0.45, ARMS)  # gaps 0.05..0.45
    generator = np.random.default_rng(0)
    timed(generator.random, 10**7)  # warm up: first touch of the memory
    _, t_uniform = timed(generator.random, 10**7, repeat=7)
    print(f"numpy: 10^7 uniforms                 {format_seconds(t_uniform)}")

    rows = [("UCB1(c=1)", bandits.UCB1(c=1.0), 3),
            ("EpsilonGreedy(0.1)", bandits.EpsilonGreedy(epsilon=0.1), 3),
            ("Greedy", bandits.Greedy(), 3),
            ("Random", bandits.RandomPolicy(), 3),
            ("Thompson sampling", bandits.ThompsonSampling(), 1)]
    steps = RUNS * HORIZON
    for label, policy, repeat in rows:
        seconds, final_regret = best_time(policy, means, repeat)
        ratio = seconds / t_uniform
        print(f"{label:<20} {ARMS} arms, {RUNS} runs, horizon {HORIZON}: "
              f"{format_seconds(seconds)} ({format_rate(steps, seconds)} pulls), "
              f"{ratio:.1f}x the uniforms; mean regret at n={HORIZON}: {final_regret:.1f}")
        if label.startswith("UCB1"):
            verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
            print(f"  -> UCB1 ratio {ratio:.1f} {verdict} the target of {TARGET_RATIO:g}x")


if __name__ == "__main__":
    main()
