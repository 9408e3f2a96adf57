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
            value = _as_number(got)
            if value is None:
                return report(False, f"Return a single number; got {got!r}.")
            if not math.isclose(value, want, rel_tol=1e-9):
                hint = ""
                if math.isclose(value, m / n, rel_tol=1e-9):
                    hint = " You returned the crossing rate m/n; solve P = 2l/(πd) for π."
                elif math.isclose(value, want / 2, rel_tol=1e-9):
                    hint = " You are off by a factor of 2: P = 2l/(πd), not l/(πd)."
                elif math.isclose(value, 2 * n * spacing / (m * length), rel_tol=1e-9):
                    hint = " l and d are swapped: the needle length goes in the numerator."
                elif math.isclose(value, 2 * n / m, rel_tol=1e-9):
                    hint = " The ratio l/d is missing: π ≈ 2nl/(md)."
                return report(False, f"For m={m}, n={n}, l={length}, d={spacing} you gave "
                                     f"{got}, expected {want:.6f}.{hint}")
    except StudentNotDone as error:
        return not_done(error)
    return report(True, "π ≈ 2nl/(md) — the crossing rate m/n stands in for P = 2l/(πd).")


def _as_number(value) -> float | None:
    """``value`` as a float if it is a real number (or a NumPy scalar), else None."""
    if isinstance(value, (bool, str, bytes)):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def check_sample_mean(student_sample_mean) -> CheckResult:
    """Exercise 2: ``student_sample_mean(f, n, rng) -> (estimate, std_error)`` on [0, 1]."""
    f, exact, variance = (lambda x: x**3), 0.25, 1 / 7 - 1 / 16
    n = 50_000
    try:
        out = call_student(student_sample_mean, f, n, np.random.default_rng(5))
    except StudentNotDone as error:
        return not_done(error)
    pair = tuple(out) if isinstance(out, (tuple, list)) else ()
    numbers = [_as_number(v) for v in pair]
    if len(numbers) != 2 or None in numbers:
        return report(False, f"Return a pair (estimate, std_error); got {out!r}.")
    estimate, se = numbers
    expected_se = math.sqrt(variance / n)
    if not math.isclose(se, expected_se, rel_tol=0.05):
        hint = ""
        if math.isclose(se, math.sqrt(variance), rel_tol=0.05):
            hint = " That is the SD of f(U); the standard error divides it by sqrt(n)."
        elif math.isclose(se, math.sqrt(variance) / n, rel_tol=0.05):
            hint = " Divide the SD by sqrt(n), not by n."
        elif math.isclose(se, variance / n, rel_tol=0.05):
            hint = " That is the variance of the mean; take its square root."
        elif math.isclose(se, math.sqrt(exact * (1 - exact) / n), rel_tol=0.05):
            hint = (" That is hit-or-miss's formula sqrt(p(1-p)/n); the sample mean uses the "
                    "SD of the values f(U).")
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
    value = _as_number(answer)
    if value is None or value <= 0:
        return report(False, f"Give a positive number of needles; got {answer!r}.")
    want = needles_for_standard_error(target_se)
    ratio = value / want
    if 0.9 <= ratio <= 1.1:
        return report(True, f"About {want:,} needles: SE = π·sqrt((1−P)/(nP)) with P = 2/π.")
    direction = "too few" if ratio < 1 else "too many"
    hint = " Start from SE = π·sqrt((1−P)/(nP)) and solve for n."
    if math.isclose(value, math.sqrt(want), rel_tol=0.1):
        hint = " You have sqrt(n): the SE falls like 1/sqrt(n), so square your count."
    return report(False, f"{value:,.0f} needles is {direction}: the answer is about "
                         f"{1 / ratio:.3g}× yours (within 10% counts).{hint}")
