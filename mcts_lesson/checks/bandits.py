"""Exercise checks for chapter 2 (bandits, regret and UCB1)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from mcts_lesson import bandits
from mcts_lesson.checks import StudentNotDone, call_student, not_done, report


def check_ucb1_index(student: Callable) -> bool:
    """Compare ``student(means, counts, n, c)`` with ``X̄_j + c·sqrt(2 ln n / T_j)``."""
    cases = [
        (np.array([0.5, 0.7]), np.array([4, 1]), 5, 1.0),
        (np.array([0.2, 0.9, 0.4]), np.array([10, 30, 2]), 42, 1.0),
        (np.array([0.6, 0.1]), np.array([3, 7]), 10, 2.0),
        (np.array([[0.5, 0.3], [0.1, 0.8]]), np.array([[2, 6], [1, 9]]), 9, 0.5),
    ]
    try:
        for means, counts, n, c in cases:
            got = np.asarray(call_student(student, means.copy(), counts.copy(), n, c),
                             dtype=float)
            want = bandits.ucb1_index(means, counts, n, c)
            if got.shape != want.shape:
                return report(False, f"for means of shape {means.shape} the result should have "
                                     f"the same shape, got {got.shape}.")
            if not np.allclose(got, want):
                hint = ""
                if np.allclose(got, means + c * np.sqrt(np.log(n) / counts)):
                    hint = " The factor 2 inside the square root is missing."
                elif np.allclose(got, means + np.sqrt(2 * np.log(n) / counts)) and c != 1:
                    hint = " The constant c is not used."
                return report(False, f"means={means.tolist()}, counts={counts.tolist()}, n={n}, "
                                     f"c={c}: expected {np.round(want, 4).tolist()}, got "
                                     f"{np.round(got, 4).tolist()}.{hint}")
    except StudentNotDone as error:
        return not_done(error)
    return report(True, f"Your index matches X̄_j + c·sqrt(2 ln n / T_j) on {len(cases)} cases.")


def check_regret_by_hand(answer: float, means: Sequence[float], arms: Sequence[int]) -> bool:
    """Compare a hand-computed pseudo-regret with ``n μ* − Σ_t μ_{a_t}``."""
    if answer is ... or answer is None:
        print("✏️ Not done yet. Replace ... with your number.")
        return False
    want = float(bandits.pseudo_regret(means, np.asarray(arms))[-1])
    try:
        value = float(answer)
    except (TypeError, ValueError):
        return report(False, f"the answer should be a number, got {answer!r}.")
    if math.isclose(value, want, abs_tol=1e-9):
        return report(True, f"ρ = {want:g}.")
    total = sum(means[a] for a in arms)
    if math.isclose(value, total, abs_tol=1e-9):
        return report(False, "that is the expected reward collected, Σ_t μ_{a_t}; the regret "
                             "is what is lost against always pulling the best arm.")
    return report(False, f"got {value:g}. Count the pulls of each arm: ρ = Σ_j Δ_j T_j(n).")


def check_choice_of_c(choice: float, c_values: Sequence[float],
                      final_regret: Sequence[float], *, tolerance: float = 1.5) -> bool:
    """Accept a ``c`` whose measured regret (nearest grid point) is within ``tolerance`` times
    the smallest regret on the grid."""
    if choice is ... or choice is None:
        print("✏️ Not done yet. Replace ... with the value of c you read off the plot.")
        return False
    c_values = np.asarray(c_values, dtype=float)
    final_regret = np.asarray(final_regret, dtype=float)
    nearest = int(np.argmin(np.abs(c_values - float(choice))))
    best = int(np.argmin(final_regret))
    ratio = final_regret[nearest] / final_regret[best]
    if ratio <= tolerance:
        return report(True, f"c = {c_values[nearest]:g} has regret {final_regret[nearest]:.1f}, "
                            f"the best on the grid is {final_regret[best]:.1f} at "
                            f"c = {c_values[best]:g}.")
    direction = "smaller" if c_values[nearest] > c_values[best] else "larger"
    return report(False, f"c = {c_values[nearest]:g} has {ratio:.1f} times the smallest regret "
                         f"on the grid; look at a {direction} c.")
