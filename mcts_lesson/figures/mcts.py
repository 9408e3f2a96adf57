"""Figures for chapters 5 (MCTS and UCT) and 6 (minimax vs UCT): one function per figure.

Each function takes data or parameters, returns a matplotlib ``Figure`` and never calls
``plt.show()``.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from mcts_lesson.plots import finish, mean_band, proportion_band

__all__ = [
    "accuracy_vs_time_figure",
    "c_effect_figure",
    "convergence_figure",
    "final_rules_figure",
    "minimax_cost_figure",
    "tree_figure",
    "tree_size_figure",
]


# --------------------------------------------------------------------------------------------
# Chapter 5
# --------------------------------------------------------------------------------------------
def _layout(root, max_depth: int):
    """Tidy layout: leaves (of the drawn part) on consecutive x, parents centred above."""
    positions, edges, counter = {}, [], [0]

    def place(node, depth):
        shown = [ch for ch in node.children if ch.N > 0] if depth < max_depth else []
        shown.sort(key=lambda ch: ch.move)
        if not shown:
            x = counter[0]
            counter[0] += 1
        else:
            xs = [place(ch, depth + 1) for ch in shown]
            x = (xs[0] + xs[-1]) / 2
            edges.extend((node, ch) for ch in shown)
        positions[node] = (x, -depth)
        return x

    place(root, 0)
    return positions, edges


def tree_figure(root, *, max_depth: int = 3, title: str | None = None,
                ax=None) -> Figure:
    """Draw the search tree below ``root`` down to ``max_depth`` levels.

    Each node is a circle whose area grows with its visit count ``N``, coloured by its mean
    ``Q/N`` (from the viewpoint of the player who moved into it, in [−1, 1]) and labelled
    ``N``; edges are labelled with the move.
    """
    if ax is None:
        fig, ax = plt.subplots(figsize=(10, 4.2))
    else:
        fig = ax.figure
    positions, edges = _layout(root, max_depth)
    for parent, child in edges:
        (x0, y0), (x1, y1) = positions[parent], positions[child]
        ax.plot([x0, x1], [y0, y1], color="0.6", lw=1, zorder=1)
        ax.text((x0 + x1) / 2, (y0 + y1) / 2, str(child.move), fontsize=7, color="0.3",
                ha="center", va="center", backgroundcolor="white", zorder=2)
    nodes = list(positions)
    xs = np.array([positions[v][0] for v in nodes])
    ys = np.array([positions[v][1] for v in nodes])
    visits = np.array([v.N for v in nodes], dtype=float)
    means = np.array([v.Q / v.N if v.N else 0.0 for v in nodes])
    sizes = 40 + 400 * np.sqrt(visits / max(visits.max(), 1))
    points = ax.scatter(xs, ys, s=sizes, c=means, cmap="coolwarm_r", vmin=-1, vmax=1,
                        edgecolors="k", linewidths=0.5, zorder=3)
    for x, y, n in zip(xs, ys, visits, strict=True):
        ax.text(x + 0.18, y - 0.12, f"{n:.0f}", fontsize=7, ha="left", va="top", zorder=4)
    fig.colorbar(points, ax=ax, label="mean value Q/N (mover's view)", shrink=0.8)
    ax.set_yticks(range(0, -max_depth - 1, -1), [str(d) for d in range(max_depth + 1)])
    ax.set_xticks([])
    ax.set_xlim(xs.min() - 0.7, xs.max() + 0.7)
    ax.set_ylim(-max_depth - 0.6, 0.5)
    finish(ax, xlabel="nodes (number beside a circle: visits N; on an edge: the move)",
           ylabel="depth", title=title, grid=False)
    return fig


def convergence_figure(studies: dict, *, title: str = "", share: bool = True) -> Figure:
    """P(robust child is optimal) and, if ``share``, the optimal moves' visit share, against
    iterations, for each labelled :class:`~mcts_lesson.mcts.Convergence` in ``studies``.

    Bands: Wilson 95% intervals for the proportion, mean ± 1.96 s.e. for the share.
    """
    ncols = 2 if share else 1
    fig, axes = plt.subplots(1, ncols, figsize=(5.2 * ncols, 3.8), squeeze=False)
    for label, study in studies.items():
        seeds = study.robust_ok.shape[0]
        proportion_band(axes[0, 0], study.iterations, study.robust_ok.sum(axis=0), seeds,
                        label=label)
        if share:
            mean_band(axes[0, 1], study.iterations, study.shares, label=label)
    for ax in axes[0]:
        ax.set_xscale("log")
    seeds = next(iter(studies.values())).robust_ok.shape[0]
    finish(axes[0, 0], xlabel="iterations", ylabel="P(most visited move is optimal)",
           title=f"{title} ({seeds} seeds)")
    axes[0, 0].set_ylim(-0.02, 1.02)
    if share:
        finish(axes[0, 1], xlabel="iterations", ylabel="visit share of optimal moves",
               title=f"{title} ({seeds} seeds)")
        axes[0, 1].set_ylim(-0.02, 1.02)
    fig.tight_layout()
    return fig


def c_effect_figure(studies: dict, *, title: str) -> Figure:
    """P(optimal robust child) against iterations for several exploration constants ``c``."""
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for c, study in studies.items():
        seeds = study.robust_ok.shape[0]
        proportion_band(ax, study.iterations, study.robust_ok.sum(axis=0), seeds,
                        label=f"c = {c:g}")
    ax.set_xscale("log")
    ax.set_ylim(-0.02, 1.02)
    finish(ax, xlabel="iterations", ylabel="P(most visited move is optimal)",
           title=f"{title} ({seeds} seeds per curve)")
    fig.tight_layout()
    return fig


def final_rules_figure(budgets, successes: dict, seeds: int, *, title: str) -> Figure:
    """P(optimal move) against the iteration budget for each final-move rule.

    ``successes`` maps a rule's label to the number of runs (out of ``seeds``) per budget
    whose chosen move was optimal.
    """
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for label, hits in successes.items():
        proportion_band(ax, budgets, hits, seeds, label=label, marker="o")
    ax.set_xscale("log")
    ax.minorticks_off()
    ax.set_xticks(list(budgets), [str(b) for b in budgets])
    ax.set_ylim(-0.02, 1.02)
    finish(ax, xlabel="iterations (budget before any extra iterations)",
           ylabel="P(chosen move is optimal)", title=f"{title} ({seeds} seeds per point)")
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------------------------
# Chapter 6
# --------------------------------------------------------------------------------------------
def minimax_cost_figure(ns, nodes, seconds, *, paper_nodes: dict, paper_time_model,
                        m: int) -> Figure:
    """Minimax on Nim: nodes (measured, and the paper's three figures) and time against n.

    ``paper_time_model(n)`` is the paper's fitted time in seconds, drawn as a dashed line.
    """
    fig, (left, right) = plt.subplots(1, 2, figsize=(10.5, 3.8))
    left.semilogy(ns, nodes, "o-", label="negamax here (counted)")
    left.semilogy(list(paper_nodes), list(paper_nodes.values()), "s", color="C3",
                  label="seed 003 (printed)")
    finish(left, xlabel="sticks n", ylabel="nodes visited (log scale)",
           title=f"Minimax tree size, m = {m}")
    right.semilogy(ns, seconds, "o-", label="negamax here (measured)")
    grid = np.linspace(min(ns), max(ns), 50)
    right.semilogy(grid, [paper_time_model(n) for n in grid], "--", color="C3",
                   label="seed 003: 0.484 s · 1.9^(n−20)")
    finish(right, xlabel="sticks n", ylabel="seconds (log scale)",
           title=f"Minimax time, m = {m} (one run per n)")
    fig.tight_layout()
    return fig


def accuracy_vs_time_figure(curves: dict, *, paper_points: dict, title: str) -> Figure:
    """P(optimal move) against UCT time as a fraction of minimax's time.

    ``curves`` maps a label to ``(fractions, successes, seeds)``; ``paper_points`` maps a
    fraction to the accuracy seed 003 reports there (drawn as squares).
    """
    fig, ax = plt.subplots(figsize=(6.6, 3.9))
    for label, (fractions, hits, seeds) in curves.items():
        proportion_band(ax, fractions, hits, seeds, label=f"{label} ({seeds} seeds)")
    ax.plot(list(paper_points), list(paper_points.values()), "s", color="k",
            label="seed 003 (read from its text)")
    ax.set_ylim(-0.02, 1.02)
    finish(ax, xlabel="UCT time / minimax time", ylabel="P(most visited move is optimal)",
           title=title)
    fig.tight_layout()
    return fig


def tree_size_figure(curves: dict, *, minimax_nodes: int, title: str) -> Figure:
    """UCT tree size (mean over runs) against time as a fraction of minimax's time.

    ``curves`` maps a label to ``(fractions, sizes)`` with ``sizes`` of shape (runs, points).
    """
    fig, ax = plt.subplots(figsize=(6.6, 3.9))
    for label, (fractions, sizes) in curves.items():
        mean_band(ax, fractions, sizes, label=f"{label} ({sizes.shape[0]} runs)")
    ax.axhline(minimax_nodes, color="k", ls="--", label="minimax: nodes visited")
    ax.set_yscale("log")
    finish(ax, xlabel="UCT time / minimax time", ylabel="nodes stored (log scale)",
           title=title)
    fig.tight_layout()
    return fig
