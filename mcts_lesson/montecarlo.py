"""Monte Carlo estimation: Buffon's needle and integration (chapter 1).

Follows the textbook chapter (seed 000, §8.2.1): build a random experiment whose expected
value is the quantity we want, repeat it, average, and report the estimate *with its
standard error*. Everything here is vectorised with NumPy and uses only NumPy and the standard
library; every random function takes ``rng`` (an int seed, a ``numpy.random.Generator`` or
``None``).

Buffon's needle
---------------
Parallel lines are drawn ``d`` apart and a needle of length ``l`` is dropped at random: the
distance ``x`` from its centre to the nearest line is uniform on ``[0, d/2]`` and its angle
``φ`` with the lines is uniform on ``[0, π]``. It crosses a line when ``x ≤ (l/2)·sin φ``, so

    P(cross) = (∫₀^π (l/2) sin φ dφ) / (π d/2) = 2l / (π d)        for l ≤ d,

and from ``m`` crossings in ``n`` throws, ``π ≈ 2 n l / (m d)``.

For a long needle (``l > d``) the same integral, with the crossing condition capped at the
whole range of ``x``, gives the classical

    P(cross) = (2/π)·[ arccos(d/l) + (l/d)·(1 − sqrt(1 − d²/l²)) ],

which equals ``2l/(πd)`` at ``l = d``. Both cases have the form ``P = K/π`` with a constant
``K`` that does not involve π, so this module *handles long needles* and estimates
``π ≈ K / p̂`` with ``p̂ = m/n``.

One honest detail: a simulation that draws ``φ = π·U`` would use π to estimate π. Here the
needle's direction is drawn by rejection sampling a point uniform in the unit quarter disc, so
``sin φ = v / sqrt(u² + v²)`` needs no π at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from mcts_lesson._rng import as_generator

__all__ = [
    "BuffonResult",
    "DimensionStudy",
    "Estimate",
    "Needles",
    "RunningEstimate",
    "ball_volume_midpoint",
    "ball_volume_monte_carlo",
    "buffon_constant",
    "buffon_needle",
    "crossing_probability",
    "dimension_study",
    "fit_loglog_slope",
    "grid_size",
    "hit_or_miss",
    "rms_error",
    "running_estimate",
    "running_pi",
    "sample_mean",
    "throw_needles",
    "unit_ball_volume",
]

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal distribution
DEFAULT_CHUNK = 1 << 20  # points handled at once by the d-ball estimators (bounds memory)


# --------------------------------------------------------------------------- validation
def _check_count(name: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")
    return int(value)


def _check_positive(name: str, value) -> float:
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a positive number, got {value!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive, finite number, got {value}")
    return value


# --------------------------------------------------------------------------- Buffon's needle
def buffon_constant(needle_length: float, line_spacing: float) -> float:
    """The constant ``K`` in ``P(cross) = K / π`` (no π inside; see the module docstring).

    ``K = 2l/d`` for ``l ≤ d`` and ``K = 2·[arccos(d/l) + (l/d)(1 − sqrt(1 − d²/l²))]``
    for ``l > d``.
    """
    length = _check_positive("needle_length", needle_length)
    d = _check_positive("line_spacing", line_spacing)
    if length <= d:
        return 2.0 * length / d
    ratio = d / length
    return 2.0 * (math.acos(ratio) + (length / d) * (1.0 - math.sqrt(1.0 - ratio * ratio)))


def crossing_probability(needle_length: float, line_spacing: float) -> float:
    """Exact probability that a randomly dropped needle crosses at least one line: ``K / π``."""
    return buffon_constant(needle_length, line_spacing) / math.pi


def _random_sines(m: int, rng: np.random.Generator) -> np.ndarray:
    """``sin φ`` for ``m`` directions uniform on [0, π], drawn without using π.

    A point ``(u, v)`` uniform in the unit quarter disc has a uniform polar angle on
    [0, π/2]; ``sin`` of an angle uniform on [0, π] has the same distribution as on [0, π/2].
    """
    out = np.empty(m)
    filled = 0
    while filled < m:
        want = m - filled
        draw = int(want * 1.28) + 64  # acceptance rate π/4 ≈ 0.785, so 1/0.785 ≈ 1.27
        u = rng.random(draw)
        v = rng.random(draw)
        r2 = u * u + v * v
        keep = (r2 <= 1.0) & (r2 > 0.0)
        s = v[keep] / np.sqrt(r2[keep])
        take = min(want, s.size)
        out[filled:filled + take] = s[:take]
        filled += take
    return out


def _crossings(m: int, half_length: float, half_spacing: float,
               rng: np.random.Generator) -> np.ndarray:
    """Boolean array: does each of ``m`` needles cross a line (``x ≤ (l/2) sin φ``)?

    The readable version of the test; :func:`_count_crossings` is the same test, rearranged
    for speed.
    """
    x = rng.random(m) * half_spacing
    return x <= half_length * _random_sines(m, rng)


@dataclass(frozen=True)
class BuffonResult:
    """The outcome of ``n`` needle throws.

    ``pi_estimate = K / p̂`` with ``p̂ = crossings / n``. Its standard error comes from the
    delta method: ``SE(π̂) ≈ (K/p̂²)·sqrt(p̂(1−p̂)/n) = π̂·sqrt((1 − p̂)/(n p̂))``, and
    ``ci95`` is ``π̂ ± 1.96·SE`` (a normal approximation, good once there are a few dozen
    crossings). With no crossings at all the estimate is infinite.
    """

    n: int
    needle_length: float
    line_spacing: float
    crossings: int

    @property
    def crossing_rate(self) -> float:
        """``p̂ = m / n``, the observed fraction of needles that crossed a line."""
        return self.crossings / self.n

    @property
    def pi_estimate(self) -> float:
        p = self.crossing_rate
        return math.inf if p == 0 else buffon_constant(self.needle_length, self.line_spacing) / p

    @property
    def std_error(self) -> float:
        p = self.crossing_rate
        if p == 0:
            return math.inf
        return self.pi_estimate * math.sqrt((1.0 - p) / (self.n * p))

    @property
    def ci95(self) -> tuple[float, float]:
        half = Z95 * self.std_error
        return (self.pi_estimate - half, self.pi_estimate + half)

    def __str__(self) -> str:
        low, high = self.ci95
        return (f"{self.crossings:,} of {self.n:,} needles crossed a line: "
                f"π ≈ {self.pi_estimate:.5f} ± {self.std_error:.5f} (SE), "
                f"95% interval [{low:.5f}, {high:.5f}]")


def _count_crossings(n: int, ratio: float, rng: np.random.Generator, chunk: int) -> int:
    """Crossings among ``n`` needles with ``ratio = l/d``: the fast path of buffon_needle.

    Each candidate needle is a triple of uniforms ``(s, u, v)``: ``x = s·d/2`` is the centre's
    distance to the nearest line and ``(u, v)`` a point in the unit square, kept only if it
    lies in the quarter disc (``r² = u² + v² ≤ 1``), so that ``sin φ = v/r``. The crossing test
    ``x ≤ (l/2)·sin φ`` is squared to avoid a square root and a division:

        s²·r² ≤ (l/d)²·v².

    Rejected triples are not removed (that would copy arrays); they are masked out and the
    accepted ones counted, so every pass works in place on cache-sized buffers. The last
    chunk stops at exactly the n-th accepted needle.
    """
    c = ratio * ratio
    s, u, v = np.empty(chunk), np.empty(chunk), np.empty(chunk)
    accepted, crosses = np.empty(chunk, dtype=bool), np.empty(chunk, dtype=bool)
    needles = crossings = 0
    while needles < n:
        rng.random(out=s)
        rng.random(out=u)
        rng.random(out=v)
        np.multiply(u, u, out=u)
        np.multiply(v, v, out=v)
        np.add(u, v, out=u)                 # u now holds r²
        np.less_equal(u, 1.0, out=accepted)
        np.multiply(s, s, out=s)
        np.multiply(s, u, out=s)            # s now holds s²·r²
        np.multiply(v, c, out=v)            # v now holds (l/d)²·v²
        np.less_equal(s, v, out=crosses)
        np.logical_and(crosses, accepted, out=crosses)
        kept = int(np.count_nonzero(accepted))
        if needles + kept > n:              # the last chunk: keep the first n - needles
            stop = int(np.flatnonzero(accepted)[n - needles - 1]) + 1
            crossings += int(np.count_nonzero(crosses[:stop]))
            return crossings
        needles += kept
        crossings += int(np.count_nonzero(crosses))
    return crossings


def buffon_needle(n: int, needle_length: float = 1.0, line_spacing: float = 1.0,
                  rng=None, *, chunk_size: int = 1 << 16) -> BuffonResult:
    """Throw ``n`` needles of length ``needle_length`` on lines ``line_spacing`` apart.

    Returns a :class:`BuffonResult` with the crossing count, the π estimate, its standard
    error and a 95% interval. Needles are thrown in chunks of ``chunk_size`` candidates, so
    memory stays bounded (about 2 MB) however large ``n`` is, and the work stays in the CPU
    cache. Long needles (``l > d``) are handled with the general crossing probability (module
    docstring): the crossing test ``x ≤ (l/2) sin φ`` is the same for every length.

    >>> result = buffon_needle(100_000, 1.0, 1.0, rng=1)
    >>> abs(result.pi_estimate - math.pi) < 4 * result.std_error
    True
    """
    n = _check_count("n", n)
    length = _check_positive("needle_length", needle_length)
    spacing = _check_positive("line_spacing", line_spacing)
    chunk_size = _check_count("chunk_size", chunk_size)
    crossings = _count_crossings(n, length / spacing, as_generator(rng), chunk_size)
    return BuffonResult(n, length, spacing, crossings)


@dataclass(frozen=True)
class RunningEstimate:
    """An estimate after each of the first ``n`` samples: arrays indexed by sample count."""

    count: np.ndarray
    estimate: np.ndarray
    std_error: np.ndarray

    def band(self, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
        """Lower and upper edges of the ``estimate ± z·std_error`` band."""
        return self.estimate - z * self.std_error, self.estimate + z * self.std_error


def running_estimate(crossed, needle_length: float = 1.0,
                     line_spacing: float = 1.0) -> RunningEstimate:
    """The π estimate and its standard error after each needle of a sequence of throws.

    ``crossed`` is a boolean array, one entry per needle in the order thrown. Entries before
    the first crossing are ``nan`` (the estimate is not defined yet).
    """
    k = buffon_constant(needle_length, line_spacing)
    crossed = np.asarray(crossed, dtype=bool)
    if crossed.ndim != 1 or crossed.size == 0:
        raise ValueError("crossed must be a non-empty one-dimensional array of booleans")
    count = np.arange(1, crossed.size + 1)
    p = np.cumsum(crossed) / count
    with np.errstate(divide="ignore", invalid="ignore"):
        estimate = np.where(p > 0, k / p, np.nan)
        se = np.where(p > 0, estimate * np.sqrt((1.0 - p) / (count * p)), np.nan)
    return RunningEstimate(count, estimate, se)


def running_pi(n: int, needle_length: float = 1.0, line_spacing: float = 1.0,
               rng=None) -> RunningEstimate:
    """The π estimate and its standard error after each of ``n`` needles (for plots)."""
    n = _check_count("n", n)
    buffon_constant(needle_length, line_spacing)  # validates the lengths
    crossed = _crossings(n, needle_length / 2.0, line_spacing / 2.0, as_generator(rng))
    return running_estimate(crossed, needle_length, line_spacing)


@dataclass(frozen=True)
class Needles:
    """Needles on a square sheet of side ``lines·d``, lines ``d`` apart at y = 0, d, 2d, ...

    ``x0, y0, x1, y1`` are the end points; ``crosses`` says whether the needle touches a line
    (the ruling is taken to continue beyond the sheet, so every needle sees the same lines).
    """

    x0: np.ndarray
    y0: np.ndarray
    x1: np.ndarray
    y1: np.ndarray
    crosses: np.ndarray
    needle_length: float
    line_spacing: float
    lines: int


def throw_needles(n: int, needle_length: float = 1.0, line_spacing: float = 1.0,
                  lines: int = 5, rng=None) -> Needles:
    """Drop ``n`` needles on a sheet with ``lines`` gaps between lines, for drawing.

    Centres are uniform on the sheet ``[0, lines·d]²`` and directions uniform (drawn
    without π, as in :func:`buffon_needle`); a needle crosses when its end points lie on
    different sides of a line.
    """
    n = _check_count("n", n)
    length = _check_positive("needle_length", needle_length)
    d = _check_positive("line_spacing", line_spacing)
    lines = _check_count("lines", lines)
    rng = as_generator(rng)
    size = lines * d
    cx = rng.random(n) * size
    cy = rng.random(n) * size
    sin = _random_sines(n, rng)
    cos = np.sqrt(1.0 - sin * sin) * np.where(rng.random(n) < 0.5, -1.0, 1.0)
    dx, dy = 0.5 * length * cos, 0.5 * length * sin
    y0, y1 = cy - dy, cy + dy
    crosses = np.floor(y0 / d) != np.floor(y1 / d)
    return Needles(cx - dx, y0, cx + dx, y1, crosses, length, d, lines)


# --------------------------------------------------------------------------- integration
@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate with its standard error and the number of samples behind it."""

    value: float
    std_error: float
    n: int

    def ci(self, z: float = Z95) -> tuple[float, float]:
        """``value ± z·std_error`` (95% for the default ``z``)."""
        return (self.value - z * self.std_error, self.value + z * self.std_error)

    def __str__(self) -> str:
        return f"{self.value:.6f} ± {self.std_error:.6f} (SE, n = {self.n:,})"


def _check_interval(a: float, b: float) -> tuple[float, float]:
    a, b = float(a), float(b)
    if not (math.isfinite(a) and math.isfinite(b)) or b <= a:
        raise ValueError(f"the interval [a, b] must be finite with a < b, got [{a}, {b}]")
    return a, b


def hit_or_miss(f: Callable[[np.ndarray], np.ndarray], n: int, a: float = 0.0,
                b: float = 1.0, f_max: float = 1.0, rng=None) -> Estimate:
    """Hit-or-miss estimate of ``∫_a^b f(x) dx`` for ``0 ≤ f ≤ f_max`` (seed 000 §8.2.1).

    Throw ``n`` points uniformly into the box ``[a, b] × [0, f_max]``; a point is a hit when
    it lies under the curve. With ``h`` hits, ``I ≈ (b − a)·f_max·h/n`` and, since ``h`` is
    binomial, ``SE = (b − a)·f_max·sqrt(p̂(1 − p̂)/n)`` with ``p̂ = h/n``. On the unit square
    this is the seed's ``I ≈ n/N``.

    ``f`` must accept a NumPy array. A value of ``f`` outside ``[0, f_max]`` would bias the
    estimate, so it raises ``ValueError``.
    """
    n = _check_count("n", n)
    a, b = _check_interval(a, b)
    f_max = _check_positive("f_max", f_max)
    rng = as_generator(rng)
    x = a + (b - a) * rng.random(n)
    fx = np.asarray(f(x), dtype=float)
    if fx.shape != x.shape:
        raise ValueError(f"f must return one value per point (shape {x.shape}), got {fx.shape}")
    if np.any(fx < 0) or np.any(fx > f_max):
        raise ValueError(f"hit-or-miss needs 0 ≤ f(x) ≤ f_max = {f_max} on [{a}, {b}]; "
                         f"f ranged over [{fx.min():.4g}, {fx.max():.4g}]")
    p = np.count_nonzero(rng.random(n) * f_max <= fx) / n
    area = (b - a) * f_max
    return Estimate(area * p, area * math.sqrt(p * (1.0 - p) / n), n)


def sample_mean(f: Callable[[np.ndarray], np.ndarray], n: int, a: float = 0.0,
                b: float = 1.0, rng=None) -> Estimate:
    """Sample-mean estimate of ``∫_a^b f(x) dx``: ``(b − a)·mean f(Uᵢ)``, ``Uᵢ`` uniform.

    ``SE = (b − a)·s/sqrt(n)`` with ``s`` the sample standard deviation of ``f(Uᵢ)``. For
    ``0 ≤ f ≤ 1`` on [0, 1] its variance ``∫f² − I²`` never exceeds hit-or-miss's
    ``I − I²`` (because ``f² ≤ f``): the sample mean keeps the information that hit-or-miss
    throws away when it turns ``f(x)`` into a yes/no answer.
    """
    n = _check_count("n", n)
    a, b = _check_interval(a, b)
    rng = as_generator(rng)
    x = a + (b - a) * rng.random(n)
    fx = np.asarray(f(x), dtype=float)
    if fx.shape != x.shape:
        raise ValueError(f"f must return one value per point (shape {x.shape}), got {fx.shape}")
    s = float(fx.std(ddof=1)) if n > 1 else math.nan
    return Estimate((b - a) * float(fx.mean()), (b - a) * s / math.sqrt(n), n)


def rms_error(estimator: Callable[[int, np.random.Generator], float], true_value: float,
              ns, repeats: int = 100, rng=None) -> np.ndarray:
    """Root-mean-square error of ``estimator(n, rng)`` over ``repeats`` runs, for each n.

    ``estimator`` returns a number (or an object with ``.value``). RMS² = variance + bias².
    For an unbiased estimator the RMS error is its standard deviation, which for Monte Carlo
    falls like ``1/sqrt(n)``. (Buffon's ``π̂ = K/p̂`` has a small bias, about
    ``π(1 − P)/(nP)``, which also falls like ``1/n`` and so is soon negligible.)
    """
    repeats = _check_count("repeats", repeats)
    rng = as_generator(rng)
    ns = [_check_count("n", n) for n in np.atleast_1d(ns).tolist()]
    out = np.empty(len(ns))
    for i, n in enumerate(ns):
        values = np.array([getattr(v, "value", v) for v in
                           (estimator(n, rng) for _ in range(repeats))], dtype=float)
        out[i] = math.sqrt(float(np.mean((values - true_value) ** 2)))
    return out


def fit_loglog_slope(x, y) -> tuple[float, float]:
    """Least-squares fit of ``log y = slope·log x + intercept``; returns (slope, intercept).

    A Monte Carlo error curve has slope about −1/2.
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape or x.size < 2:
        raise ValueError("x and y need the same shape and at least two points")
    if np.any(x <= 0) or np.any(y <= 0):
        raise ValueError("a log-log fit needs positive x and y")
    slope, intercept = np.polyfit(np.log(x), np.log(y), 1)
    return float(slope), float(intercept)


# --------------------------------------------------------------------------- dimension
def unit_ball_volume(d: int) -> float:
    """Exact volume of the unit ball in ``d`` dimensions: ``π^{d/2} / Γ(d/2 + 1)``."""
    d = _check_count("d", d)
    return math.pi ** (d / 2) / math.gamma(d / 2 + 1)


def ball_volume_monte_carlo(d: int, n: int, rng=None,
                            *, chunk_size: int = DEFAULT_CHUNK) -> Estimate:
    """Estimate the unit d-ball's volume from ``n`` uniform points in the cube ``[−1, 1]^d``.

    ``V ≈ 2^d·p̂`` with ``p̂`` the fraction of points inside; ``SE = 2^d·sqrt(p̂(1 − p̂)/n)``.
    """
    d = _check_count("d", d)
    n = _check_count("n", n)
    rng = as_generator(rng)
    rows = max(1, chunk_size // d)
    inside = 0
    for start in range(0, n, rows):
        m = min(rows, n - start)
        points = rng.random((m, d)) * 2.0 - 1.0
        inside += int(np.count_nonzero(np.einsum("ij,ij->i", points, points) <= 1.0))
    p = inside / n
    cube = 2.0**d
    return Estimate(cube * p, cube * math.sqrt(p * (1.0 - p) / n), n)


def grid_size(d: int, budget: int) -> int:
    """Largest ``k`` with ``k^d ≤ budget``: points per axis of a grid within the budget."""
    d = _check_count("d", d)
    budget = _check_count("budget", budget)
    k = max(1, round(budget ** (1.0 / d)))
    while k**d > budget:
        k -= 1
    while (k + 1) ** d <= budget:
        k += 1
    return k


def ball_volume_midpoint(d: int, k: int, *, chunk_size: int = DEFAULT_CHUNK) -> Estimate:
    """Midpoint-rule volume of the unit d-ball on a grid of ``k`` cells per axis (``k^d`` points).

    Each of the ``k^d`` cells of the cube ``[−1, 1]^d`` counts as inside when its centre is.
    The result is deterministic, so its ``std_error`` is ``nan``. The cells cut by the
    sphere are counted all or nothing, so the error is at worst of order ``k⁻¹ = N^{−1/d}``;
    in practice the over- and under-counts largely cancel and it falls about like
    ``k⁻² = N^{−2/d}`` (chapter 1 measures it). Either way the rate in ``N`` gets worse as
    ``d`` grows, unlike Monte Carlo's ``N^{−1/2}``.
    """
    d = _check_count("d", d)
    k = _check_count("k", k)
    total = k**d
    centres = -1.0 + (2.0 * np.arange(k) + 1.0) / k
    squares = centres * centres
    inside = 0
    for start in range(0, total, chunk_size):
        index = np.arange(start, min(total, start + chunk_size))
        r2 = np.zeros(index.size)
        for _ in range(d):  # decode each flat index into its d grid coordinates
            index, digit = np.divmod(index, k)
            r2 += squares[digit]
        inside += int(np.count_nonzero(r2 <= 1.0))
    return Estimate((2.0 / k) ** d * inside, math.nan, total)


@dataclass(frozen=True)
class DimensionStudy:
    """Monte Carlo vs midpoint grid for the unit d-ball, same number of evaluations per d."""

    dims: np.ndarray
    evaluations: np.ndarray
    exact: np.ndarray
    grid_estimate: np.ndarray
    mc_estimate: np.ndarray
    mc_std_error: np.ndarray

    @property
    def grid_relative_error(self) -> np.ndarray:
        return np.abs(self.grid_estimate - self.exact) / self.exact

    @property
    def mc_relative_error(self) -> np.ndarray:
        return np.abs(self.mc_estimate - self.exact) / self.exact

    @property
    def mc_relative_std_error(self) -> np.ndarray:
        return self.mc_std_error / self.exact


def dimension_study(dims=range(1, 11), budget: int = 200_000, rng=None) -> DimensionStudy:
    """For each d: the grid with ``k^d ≤ budget`` points, and Monte Carlo with as many points."""
    dims = np.array([_check_count("d", d) for d in dims])
    rng = as_generator(rng)
    evaluations, exact, grid_values, mc_values, mc_errors = [], [], [], [], []
    for d in dims.tolist():
        k = grid_size(d, budget)
        grid = ball_volume_midpoint(d, k)
        sample = ball_volume_monte_carlo(d, grid.n, rng)
        evaluations.append(grid.n)
        exact.append(unit_ball_volume(d))
        grid_values.append(grid.value)
        mc_values.append(sample.value)
        mc_errors.append(sample.std_error)
    return DimensionStudy(dims, np.array(evaluations), np.array(exact), np.array(grid_values),
                          np.array(mc_values), np.array(mc_errors))
