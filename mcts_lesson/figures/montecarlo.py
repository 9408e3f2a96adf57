"""Figures for chapter 1 (Monte Carlo estimation). Each returns a matplotlib Figure."""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure

from mcts_lesson import montecarlo as mc
from mcts_lesson.plots import finish

CROSS, MISS = "#d62728", "#1f77b4"


def draw_needles(ax, needles: mc.Needles, *, max_drawn: int = 400) -> None:
    """Draw the lines and (up to ``max_drawn``) needles, crossing ones in red."""
    size = needles.lines * needles.line_spacing
    for k in range(needles.lines + 1):
        ax.axhline(k * needles.line_spacing, color="0.4", linewidth=1)
    shown = slice(0, min(max_drawn, needles.crosses.size))
    segments = np.stack([np.column_stack([needles.x0[shown], needles.y0[shown]]),
                         np.column_stack([needles.x1[shown], needles.y1[shown]])], axis=1)
    colors = np.where(needles.crosses[shown], CROSS, MISS)
    ax.add_collection(LineCollection(segments, colors=colors, linewidths=1.2))
    ax.plot([], [], color=CROSS, label="crosses a line")
    ax.plot([], [], color=MISS, label="misses")
    ax.set_xlim(-0.5 * needles.needle_length, size + 0.5 * needles.needle_length)
    ax.set_ylim(-0.5 * needles.needle_length, size + 0.5 * needles.needle_length)
    ax.set_aspect("equal")


def needles_figure(needles: mc.Needles, *, max_drawn: int = 400) -> Figure:
    """Figure 1.1: thrown needles on ruled paper."""
    fig, ax = plt.subplots(figsize=(6, 6))
    draw_needles(ax, needles, max_drawn=max_drawn)
    drawn = min(max_drawn, needles.crosses.size)
    rate = needles.crosses[:drawn].mean()
    finish(ax, xlabel="x (same units as the line spacing d)", ylabel="y",
           title=f"{drawn} needles, l = {needles.needle_length:g}, d = {needles.line_spacing:g}: "
                 f"{rate:.0%} cross", grid=False)
    ax.legend(loc="upper right", framealpha=0.9)
    return fig


def draw_running_estimate(ax, run: mc.RunningEstimate, *, truth: float = math.pi,
                          label: str = "running estimate of π") -> None:
    """The estimate after each needle with its 95% band, on a log axis of needle counts."""
    low, high = run.band()
    ax.plot(run.count, run.estimate, color="C0", label=label)
    ax.fill_between(run.count, low, high, color="C0", alpha=0.25, linewidth=0,
                    label="95% interval (±1.96 SE)")
    ax.axhline(truth, color="k", linestyle="--", linewidth=1, label="π")
    ax.set_xscale("log")
    finite = np.isfinite(run.estimate)
    if finite.any():
        tail = run.estimate[finite][len(run.estimate[finite]) // 100:]
        spread = max(0.5, float(np.nanmax(np.abs(tail - truth))) * 1.2)
        ax.set_ylim(truth - spread, truth + spread)


def running_estimate_figure(run: mc.RunningEstimate, *, title: str | None = None) -> Figure:
    """Figure 1.2: the running π estimate with its band."""
    fig, ax = plt.subplots(figsize=(8, 4))
    draw_running_estimate(ax, run)
    finish(ax, xlabel="number of needles n (log scale)", ylabel="estimate of π",
           title=title or f"Running estimate over {run.count[-1]:,} needles")
    return fig


def error_figure(ns, errors: dict[str, np.ndarray], repeats: int) -> Figure:
    """Figure 1.3: RMS error against sample size on log-log axes, with fitted slopes."""
    ns = np.asarray(ns, dtype=float)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for name, err in errors.items():
        slope, intercept = mc.fit_loglog_slope(ns, err)
        (line,) = ax.loglog(ns, err, "o", label=f"{name} (fitted slope {slope:.2f})")
        ax.loglog(ns, np.exp(intercept) * ns**slope, color=line.get_color(), linewidth=1)
    first = next(iter(errors.values()))
    ax.loglog(ns, first[0] * np.sqrt(ns[0] / ns), "k--", linewidth=1, label="slope −1/2")
    finish(ax, xlabel="number of samples N", ylabel="RMS error",
           title=f"Error against sample size (RMS over {repeats} repeats per N)")
    return fig


def estimator_spread_figure(hm_values, sm_values, exact: float, n: int) -> Figure:
    """Figure 1.4: histograms of many hit-or-miss and sample-mean estimates of one integral."""
    fig, ax = plt.subplots(figsize=(7, 4))
    bins = np.histogram_bin_edges(np.concatenate([hm_values, sm_values]), bins=40)
    ax.hist(hm_values, bins=bins, alpha=0.6,
            label=f"hit-or-miss (SD {np.std(hm_values, ddof=1):.4f})")
    ax.hist(sm_values, bins=bins, alpha=0.6,
            label=f"sample mean (SD {np.std(sm_values, ddof=1):.4f})")
    ax.axvline(exact, color="k", linestyle="--", label="exact value")
    finish(ax, xlabel="estimate of the integral", ylabel="number of repeats",
           title=f"{len(hm_values)} repeats, N = {n:,} points each")
    return fig


def dimension_figure(study: mc.DimensionStudy) -> Figure:
    """Figure 1.5: relative error of grid and Monte Carlo for the unit d-ball, same budget."""
    fig, ax = plt.subplots(figsize=(7, 4.5))

    def positive(values):
        # At d = 1 both methods are exact up to rounding (~1e-16), which a log axis cannot
        # show usefully: treat relative errors below 1e-12 as zero and leave them out.
        return np.where(values > 1e-12, values, np.nan)

    ax.semilogy(study.dims, positive(study.grid_relative_error), "s-",
                label="midpoint grid (k^d points)")
    ax.semilogy(study.dims, positive(study.mc_relative_error), "o-",
                label="Monte Carlo, same number of points")
    ax.semilogy(study.dims, positive(study.mc_relative_std_error), ":", color="C1",
                label="Monte Carlo standard error / volume")
    if np.any(study.grid_relative_error <= 1e-12) or np.any(study.mc_relative_error <= 1e-12):
        ax.annotate("errors of 0 (exact up to rounding) are not drawn", xy=(0.02, 0.02),
                    xycoords="axes fraction", fontsize=8, color="0.4")
    ax.set_xticks(study.dims)
    finish(ax, xlabel="dimension d", ylabel="relative error |estimate − V_d| / V_d",
           title=f"Volume of the unit d-ball with at most {study.evaluations.max():,} "
                 "evaluations")
    return fig


def buffon_dashboard(n: int, ratio: float, seed: int) -> Figure:
    """The chapter's interactive plot: needles on the left, running estimate on the right.

    ``ratio`` is l/d (line spacing fixed at 1). Both panels show the same throws: the picture
    draws the first 300 needles of the ``n`` whose running estimate is on the right.
    """
    needles = mc.throw_needles(n, ratio, 1.0, lines=4, rng=seed)
    run = mc.running_estimate(needles.crosses, ratio, 1.0)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5),
                                      gridspec_kw={"width_ratios": [1, 1.6]})
    draw_needles(left, needles, max_drawn=300)
    drawn = min(300, n)
    finish(left, xlabel="x", ylabel="y", title=f"first {drawn} of the {n:,} needles, "
           f"l/d = {ratio:g}", grid=False, legend=False)
    draw_running_estimate(right, run)
    final = run.estimate[-1]
    text = (f"after {n:,} needles: π ≈ {final:.4f} ± {run.std_error[-1]:.4f}"
            if np.isfinite(final) else "no crossing yet")
    finish(right, xlabel="number of needles n (log scale)", ylabel="estimate of π", title=text)
    fig.tight_layout()
    return fig
