"""Small plotting helpers shared by every chapter (matplotlib only).

Chapter-specific figures live in :mod:`mcts_lesson.figures`; they build on these.
"""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes


def mean_band(ax: Axes, x, samples, *, label: str | None = None, color=None,
              z: float = 1.96, alpha: float = 0.25, **line_kwargs):
    """Plot the mean of ``samples`` over runs with a ``z``-standard-error band.

    ``samples`` has shape ``(runs, len(x))``; the band is mean ± z·sd/√runs, a 95% confidence
    band for the mean with the default ``z``. Returns the line.
    """
    samples = np.asarray(samples, dtype=float)
    if samples.ndim != 2 or samples.shape[1] != len(x):
        raise ValueError(f"samples must have shape (runs, {len(x)}), got {samples.shape}")
    mean = samples.mean(axis=0)
    runs = samples.shape[0]
    se = samples.std(axis=0, ddof=1) / np.sqrt(runs) if runs > 1 else np.zeros_like(mean)
    (line,) = ax.plot(x, mean, label=label, color=color, **line_kwargs)
    ax.fill_between(x, mean - z * se, mean + z * se, color=line.get_color(), alpha=alpha,
                    linewidth=0)
    return line


def proportion_band(ax: Axes, x, successes, trials: int, *, label: str | None = None,
                    color=None, z: float = 1.96, alpha: float = 0.25, **line_kwargs):
    """Plot a proportion ``successes/trials`` with its Wilson score ``z`` interval as a band."""
    p = np.asarray(successes, dtype=float) / trials
    denom = 1 + z**2 / trials
    centre = (p + z**2 / (2 * trials)) / denom
    half = z * np.sqrt(p * (1 - p) / trials + z**2 / (4 * trials**2)) / denom
    (line,) = ax.plot(x, p, label=label, color=color, **line_kwargs)
    ax.fill_between(x, centre - half, centre + half, color=line.get_color(), alpha=alpha,
                    linewidth=0)
    return line


def finish(ax: Axes, *, xlabel: str, ylabel: str, title: str | None = None,
           legend: bool = True, grid: bool = True) -> Axes:
    """Label the axes (always), add a title, a legend if anything is labelled, and a grid."""
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    if legend and ax.get_legend_handles_labels()[0]:
        ax.legend(frameon=False)
    if grid:
        ax.grid(True, alpha=0.3)
    return ax
