"""Speed of the vectorised bandit simulation (chapter 2).

Target (issue 3): UCB1 with 10 arms, 1000 runs and horizon 10^4 should take at most 20 times
as long as NumPy needs to draw 10^7 uniform numbers in the same process.

Both are timed as the best of several repeats, in wall-clock time and in CPU time of this
process. On a machine shared with other work the wall-clock ratio moves with the load (a long
simulation is more likely to be interrupted than a 30 ms draw); the CPU-time ratio is the
steadier figure.

    .venv/bin/python benchmarks/bench_bandits.py
"""

from __future__ import annotations

import time

import numpy as np

from mcts_lesson import bandits
from mcts_lesson.timing import format_rate, format_seconds

ARMS, RUNS, HORIZON = 10, 1000, 10_000
TARGET_RATIO = 20.0


def best_times(function, repeat: int) -> tuple[float, float, object]:
    """Best wall-clock and best CPU time of ``repeat`` calls, and the last result.

    Each result is freed before the next call, so every call can reuse the memory (the regret
    array alone is 80 MB), as the uniform draws they are compared with do.
    """
    wall = cpu = float("inf")
    summary = None
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        result = function()
        wall = min(wall, time.perf_counter() - w0)
        cpu = min(cpu, time.process_time() - c0)
        summary = getattr(result, "mean_regret", None)
        summary = float(summary[-1]) if summary is not None else None
        del result
    return wall, cpu, summary


def main() -> None:
    means = np.linspace(0.9, 0.45, ARMS)  # gaps 0.05 .. 0.45
    generator = np.random.default_rng(0)
    generator.random(10**7)  # warm up: first touch of the memory
    u_wall, u_cpu, _ = best_times(lambda: generator.random(10**7), repeat=15)
    print(f"numpy, 10^7 uniforms: wall {format_seconds(u_wall)}, CPU {format_seconds(u_cpu)}")

    rows = [(bandits.UCB1(c=1.0), 5), (bandits.EpsilonGreedy(epsilon=0.1), 3),
            (bandits.Greedy(), 3), (bandits.RandomPolicy(), 3), (bandits.ThompsonSampling(), 1)]
    for policy, repeat in rows:
        wall, cpu, final = best_times(
            lambda p=policy: bandits.simulate(p, means, HORIZON, RUNS, rng=1), repeat)
        print(f"{policy.name:<22} {ARMS} arms, {RUNS} runs, horizon {HORIZON}: "
              f"wall {format_seconds(wall)} ({wall / u_wall:.1f}x), "
              f"CPU {format_seconds(cpu)} ({cpu / u_cpu:.1f}x); "
              f"{format_rate(RUNS * HORIZON, wall)} pulls; mean regret at n={HORIZON}: "
              f"{final:.1f}")
        if isinstance(policy, bandits.UCB1):
            ratio = min(wall / u_wall, cpu / u_cpu)
            verdict = "meets" if ratio <= TARGET_RATIO else "MISSES"
            print(f"  -> UCB1: {wall / u_wall:.1f}x (wall), {cpu / u_cpu:.1f}x (CPU) the time "
                  f"of 10^7 uniforms; {verdict} the target of {TARGET_RATIO:g}x")


if __name__ == "__main__":
    main()
