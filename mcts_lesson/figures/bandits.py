"""Figures for chapter 2 (bandits, regret and UCB1): one function per figure.

Each takes data already computed (simulation results, arrays) and returns a ``Figure``; none
calls ``plt.show()``.
"""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from mcts_lesson import bandits
from mcts_lesson.plots import finish, mean_band


def _means_text(means) -> str:
    return "μ = (" + ", ".join(f"{m:g}" for m in np.asarray(means)) + ")"


def _subsample(horizon: int, points: int = 400) -> np.ndarray:
    """About ``points`` step numbers 1..horizon, evenly spread on a log scale (for plotting)."""
    n = np.unique(np.geomspace(1, horizon, points).astype(int))
    return n


def hoeffding_tails(u: np.ndarray, frequencies: dict[int, np.ndarray], *, p: float,
                    trials: int) -> Figure:
    """Tail frequency of ``μ − X̄ > u`` against ``u`` for several sample sizes ``N``, each with
    Hoeffding's bound ``exp(−2 N u²)`` (seed 001), on a log scale."""
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for size, freq in frequencies.items():
        (line,) = ax.semilogy(u, np.where(freq > 0, freq, np.nan), "o", ms=4,
                              label=f"measured, N = {size}")
        ax.semilogy(u, np.exp(-2 * size * u**2), "-", color=line.get_color(),
                    label=f"bound exp(−2Nu²), N = {size}")
    finish(ax, xlabel="deviation u", ylabel="P(μ − X̄ > u)",
           title=f"Hoeffding's inequality, Bernoulli(p={p:g}), {trials:,} samples of X̄ each")
    return fig


def regret_curves(results: Sequence[bandits.BanditResult], *, bounds: bool = True,
                  ymax: float | None = None, title: str | None = None) -> Figure:
    """Mean cumulative regret of each result with a 95% band, on a linear and a log time axis.

    With ``bounds=True`` (Bernoulli arms) also draws Auer et al.'s UCB1 bound (valid for
    ``c = 1``) and the Lai–Robbins asymptotic rate. ``ymax`` caps the regret axis (curves
    above it leave the picture); by default everything is shown.
    """
    if not results:
        raise ValueError("regret_curves needs at least one result")
    means = results[0].means
    horizon = max(r.horizon for r in results)
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.4))
    for ax, log in zip(axes, (False, True), strict=True):
        for result in results:
            n = _subsample(result.horizon)
            mean_band(ax, n, result.regret[:, n - 1], label=result.policy)
        if bounds:
            n = np.arange(2, horizon + 1)
            ax.plot(n, bandits.ucb1_regret_bound(means, n), "k--", lw=1,
                    label="UCB1 bound, c=1 (Auer et al. 2002)")
            ax.plot(n, bandits.lai_robbins_regret(means, n), "k:", lw=1.5,
                    label="Lai–Robbins rate Σ Δ_j ln n / D(μ_j‖μ*)")
        if log:
            ax.set_xscale("log")
        finish(ax, xlabel="pulls n" + (" (log scale)" if log else ""),
               ylabel="cumulative pseudo-regret", legend=log)
    if ymax is None:
        ymax = 1.15 * max(float(r.mean_regret.max()) for r in results)
    ymax = ymax if ymax > 0 else 1.0  # e.g. a single arm: no regret at all
    for ax in axes:
        ax.set_ylim(0, ymax)
    runs = sorted({r.runs for r in results})
    fig.suptitle(title or f"{_means_text(means)}; mean over {'/'.join(map(str, runs))} runs, "
                 "bands: 95% confidence for the mean")
    axes[1].legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    fig.tight_layout()
    return fig


def pulls_vs_log_n(result: bandits.BanditResult) -> Figure:
    """Mean pulls ``T_j(n)`` of every sub-optimal arm against ``ln n``, with Auer et al.'s bound
    ``8 ln n/Δ_j² + 1 + π²/3`` and the Lai–Robbins rate ``ln n / D(μ_j‖μ*)`` for each."""
    means = result.means
    gap = bandits.gaps(means)
    pulls = result.mean_pulls()
    n = np.arange(1, result.horizon + 1)
    log_n = np.log(n)
    fig, ax = plt.subplots(figsize=(8, 4.6))
    top = 0.0
    for j in np.flatnonzero(gap > 0):
        (line,) = ax.plot(log_n, pulls[:, j], lw=2, label=f"arm {j}: μ={means[j]:g}, Δ={gap[j]:g}")
        colour = line.get_color()
        ax.plot(log_n, bandits.ucb1_pulls_bound(gap[j], n), "--", color=colour, lw=1)
        ax.plot(log_n, bandits.lai_robbins_pulls(means[j], means.max(), n), ":", color=colour,
                lw=1.5)
        top = max(top, float(pulls[-1, j]))
    ax.plot([], [], "k--", lw=1, label="UCB1 bound 8 ln n/Δ² + 1 + π²/3")
    ax.plot([], [], "k:", lw=1.5, label="Lai–Robbins rate ln n / D(μ_j‖μ*)")
    ax.set_ylim(0, 1.5 * top)
    finish(ax, xlabel="ln n", ylabel="mean pulls T_j(n)",
           title=f"{result.policy}, {_means_text(means)}, mean of {result.runs} runs")
    ax.legend(frameon=False, fontsize=8, loc="upper left")
    return fig


def regret_against_c(c_values: Sequence[float], results: Sequence[bandits.BanditResult]
                     ) -> Figure:
    """UCB1's regret curves for several ``c`` (left) and its final regret against ``c`` (right)."""
    if len(c_values) != len(results) or not results:
        raise ValueError("give one result per value of c")
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.4))
    horizon, runs = results[0].horizon, results[0].runs
    n = _subsample(horizon)
    for c, result in zip(c_values, results, strict=True):
        mean_band(left, n, result.regret[:, n - 1], label=f"c = {c:g}")
    left.set_xscale("log")
    finish(left, xlabel="pulls n (log scale)", ylabel="cumulative pseudo-regret")
    left.legend(frameon=False, fontsize=8, ncol=2)
    final = np.array([r.regret[:, -1].mean() for r in results])
    se = np.array([r.regret[:, -1].std(ddof=1) / np.sqrt(r.runs) for r in results])
    right.errorbar(c_values, final, yerr=1.96 * se, fmt="o-", capsize=3,
                   label=f"regret at n = {horizon:,} (95% interval)")
    right.axvline(1.0, color="k", ls="--", lw=1, label="c = 1 (Auer et al.; seeds 000, 001)")
    right.axvline(2.0, color="k", ls=":", lw=1.5, label="c = 2 (seed 002)")
    finish(right, xlabel="exploration constant c", ylabel=f"mean regret at n = {horizon:,}")
    fig.suptitle(f"UCB1 index X̄_j + c·sqrt(2 ln n / T_j); {_means_text(results[0].means)}, "
                 f"{runs} runs per c")
    fig.tight_layout()
    return fig


def optimal_fraction(results: Sequence[bandits.BanditResult], *, window: int = 100) -> Figure:
    """Fraction of runs pulling an optimal arm at each step (moving average over ``window``)."""
    fig, ax = plt.subplots(figsize=(8, 4))
    for result in results:
        frac = result.optimal_fraction
        w = min(window, frac.size)
        smooth = np.convolve(frac, np.ones(w) / w, mode="valid")
        ax.plot(np.arange(w, frac.size + 1), smooth, label=result.policy)
    ax.set_xscale("log")
    ax.set_ylim(0, 1.02)
    finish(ax, xlabel="pulls n (log scale)", ylabel="fraction pulling an optimal arm",
           title=f"{_means_text(results[0].means)}; {results[0].runs} runs, "
                 f"moving average over {window} steps")
    return fig
