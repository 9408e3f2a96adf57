"""Exercise checks for chapter 1 (Monte Carlo estimation)."""

from __future__ import annotations

import math

import numpy as np

from mcts_lesson import montecarlo as mc
from mcts_lesson.checks import CheckResult, StudentNotDone, call_student, not_done, report


def check_pi_from_counts(estimate_pi) -> CheckResult:
    """Exercise 1: ``estimate_pi(crossings, n, needle_length, line_spacing)`` for ``l ≤ d``."""
    cases = [(637, 1000, 1.0, 1.0), (3183, 10_000, 0.5, 1.0), (250, 600, 1.5, 2.0)]
    try:
        for m, n, length, spacing in cases:
            got = call_student(estimate_pi, m, n, length, spacing)
            want = 2 * n * length / (m * spacing)
            if got is None:
                return report(False, "Your function returned None: did you forget `return`?")
            if not math.isclose(float(got), want, rel_tol=1e-9):
                hint = ""
                if math.isclose(float(got), m / n, rel_tol=1e-9):
                    hint = " You returned the crossing rate m/n; solve P = 2l/(πd) for π."
                elif math.isclose(float(got), want / 2, rel_tol=1e-9):
                    hint = " You are off by a factor of 2: P = 2l/(πd), not l/(πd)."
                return report(False, f"For m={m}, n={n}, l={length}, d={spacing} you gave "
                                     f"{got}, expected {want:.6f}.{hint}")
    except StudentNotDone as error:
        return not_done(error)
    return report(True, "π ≈ 2nl/(md) — the crossing rate m/n stands in for P = 2l/(πd).")


def check_sample_mean(student_sample_mean) -> CheckResult:
    """Exercise 2: ``student_sample_mean(f, n, rng) -> (estimate, std_error)`` on [0, 1]."""
    f, exact, variance = (lambda x: x**3), 0.25, 1 / 7 - 1 / 16
    n = 50_000
    try:
        out = call_student(student_sample_mean, f, n, np.random.default_rng(5))
    except StudentNotDone as error:
        return not_done(error)
    try:
        estimate, se = (float(v) for v in out)
    except (TypeError, ValueError):
        return report(False, f"Return a pair (estimate, std_error); got {out!r}.")
    expected_se = math.sqrt(variance / n)
    if not math.isclose(se, expected_se, rel_tol=0.05):
        hint = (" Did you divide the standard deviation by sqrt(n)?"
                if math.isclose(se, math.sqrt(variance), rel_tol=0.05) else "")
        return report(False, f"Standard error {se:.3g}, expected about {expected_se:.3g} "
                             f"for ∫x³ with n = {n:,}.{hint}")
    if abs(estimate - exact) > 4 * expected_se:
        return report(False, f"Estimate {estimate:.5f} is more than 4 standard errors from "
                             f"∫₀¹ x³ dx = 0.25.")
    return report(True, f"∫₀¹ x³ dx ≈ {estimate:.5f} ± {se:.5f}.")


def needles_for_standard_error(target_se: float, needle_length: float = 1.0,
                               line_spacing: float = 1.0) -> int:
    """Needles needed for ``SE(π̂) ≤ target_se``: ``n = π²(1 − P)/(P·SE²)`` (delta method)."""
    p = mc.crossing_probability(needle_length, line_spacing)
    return math.ceil(math.pi**2 * (1 - p) / (p * target_se**2))


def check_needles_needed(answer, target_se: float = 0.001) -> CheckResult:
    """Exercise 3: how many needles (l = d) for a standard error of ``target_se``?"""
    if answer is ... or answer is None:
        print("✏️ Not done yet. Replace the ... with your number.")
        return CheckResult(False)
    want = needles_for_standard_error(target_se)
    ratio = float(answer) / want
    if 0.9 <= ratio <= 1.1:
        return report(True, f"About {want:,} needles: SE = π·sqrt((1−P)/(nP)) with P = 2/π.")
    hint = (" Remember the standard error falls like 1/sqrt(n): halving it costs 4× the needles."
            if ratio < 0.1 or ratio > 10 else "")
    return report(False, f"{answer:,} is {ratio:.2f}× the answer (within 10% counts).{hint}")
