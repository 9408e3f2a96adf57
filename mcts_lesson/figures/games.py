"""Figures for chapters 3 and 4: game trees, node counts, flat Monte Carlo estimates."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from mcts_lesson.games import Nim
from mcts_lesson.minimax import solve
from mcts_lesson.plots import finish, proportion_band

__all__ = [
    "flat_mc_convergence_figure",
    "flat_mc_estimates_figure",
    "nim_tree_figure",
    "node_count_figure",
    "random_tree_agreement_figure",
]

WIN, DRAW, LOSS = "#2a9d8f", "#8d99ae", "#e76f51"
VALUE_COLOURS = {1: WIN, 0: DRAW, -1: LOSS}


def nim_tree_figure(sticks: int = 4, max_take: int = 2) -> Figure:
    """The full game tree of ``Nim(sticks, max_take)``, each node coloured by its value.

    A node shows the sticks left; green means the player to move there wins with perfect
    play, red that they lose. Edges are labelled with the sticks taken. Refuses trees with
    more than 200 nodes (unreadable).
    """
    if sticks < 0 or max_take < 1:
        raise ValueError(f"need sticks >= 0 and max_take >= 1, got {sticks}, {max_take}")
    sizes = [1]
    for n in range(1, sticks + 1):
        sizes.append(1 + sum(sizes[n - k] for k in range(1, min(max_take, n) + 1)))
    if sizes[sticks] > 200:
        raise ValueError(f"the tree of Nim({sticks}, {max_take}) has {sizes[sticks]} nodes; "
                         "draw at most 200")
    positions: list = []  # (x, depth, sticks, to_move)
    edges: list = []      # (parent index, child index, take)
    next_leaf = [0.0]

    def layout(state: Nim, depth: int) -> int:
        moves = state.legal_moves()
        if not moves:
            x = next_leaf[0]
            next_leaf[0] += 1
            positions.append((x, depth, state))
            return len(positions) - 1
        children = [(layout(state.play(k), depth + 1), k) for k in moves]
        x = float(np.mean([positions[c][0] for c, _ in children]))
        positions.append((x, depth, state))
        me = len(positions) - 1
        edges.extend((me, c, k) for c, k in children)
        return me

    layout(Nim(sticks, max_take), 0)
    width = max(4.0, min(14.0, 0.45 * next_leaf[0] + 1))
    depth = max(p[1] for p in positions)
    fig, ax = plt.subplots(figsize=(width, 1.0 + 0.8 * (depth + 1)))
    for parent, child, take in edges:
        (x0, y0, _), (x1, y1, _) = positions[parent], positions[child]
        ax.plot([x0, x1], [-y0, -y1], color="#999", lw=1, zorder=1)
        ax.text((x0 + x1) / 2, -(y0 + y1) / 2, f"−{take}", fontsize=7, color="#555",
                ha="center", va="center", backgroundcolor="white", zorder=2)
    for x, y, state in positions:
        colour = VALUE_COLOURS[solve(state)]
        ax.scatter([x], [-y], s=260, color=colour, edgecolor="black",
                   marker="o" if state.to_move == 0 else "s", zorder=3)
        ax.text(x, -y, str(state.sticks), ha="center", va="center", fontsize=8,
                color="white", fontweight="bold", zorder=4)
    handles = [
        Line2D([], [], marker="o", ls="", color="#ccc", mec="black", ms=9,
               label="player 0 to move"),
        Line2D([], [], marker="s", ls="", color="#ccc", mec="black", ms=9,
               label="player 1 to move"),
        Line2D([], [], marker="o", ls="", color=WIN, ms=9, label="player to move wins"),
        Line2D([], [], marker="o", ls="", color=LOSS, ms=9, label="player to move loses"),
    ]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False,
              fontsize=8)
    ax.set_yticks([-d for d in range(depth + 1)], [str(d) for d in range(depth + 1)])
    ax.set_xticks([])
    ax.set_ylabel("moves played (tree depth)")
    ax.set_xlabel(f"the {len(positions)} positions of the full game tree (leaves left to right)")
    ax.set_title(f"Game tree of Nim with n = {sticks}, m = {max_take} "
                 "(number in a node: sticks left)")
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    fig.tight_layout()
    return fig


def node_count_figure(ns, counts: dict, time_ns, seconds, *, paper_printed: dict, paper_recurrence,
                      growth: float, fit_ns, fit_seconds, repeat: int = 2) -> Figure:
    """Two panels for seed 003's study (m = 3): nodes against n, and search time against n.

    ``counts`` maps a label to node counts aligned with ``ns``; ``paper_printed`` maps n to the
    numbers printed in seed 003; ``paper_recurrence`` is that paper's recurrence evaluated on
    ``ns``; ``seconds`` are measured times for ``time_ns``; ``growth`` is the fitted factor per stick; ``fit_seconds`` the fitted time curve on
    ``fit_ns`` (extrapolated beyond the measured range).
    """
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    styles = {"full negamax": "o-", "alpha-beta": "s-", "transposition table": "^-"}
    for label, values in counts.items():
        left.semilogy(ns, values, styles.get(label, ".-"), ms=4, label=label)
    left.semilogy(ns, paper_recurrence, ":", color="black",
                  label="seed 003's recurrence, T(i)=1 for i≤3")
    pn = sorted(paper_printed)
    left.semilogy(pn, [paper_printed[n] for n in pn], "*", ms=12, color="crimson",
                  label="seed 003's printed counts")
    finish(left, xlabel="sticks n (m = 3)", ylabel="nodes visited (log scale)",
           title="Nodes searched from Nim(n, 3)")
    right.semilogy(time_ns, seconds, "o", label="full negamax, measured")
    right.semilogy(fit_ns, fit_seconds, "-", color="gray",
                   label=f"fit ∝ {growth:.3f}ⁿ (extrapolated)")
    right.semilogy([20, 26], [0.484, 20.0], "*", ms=12, color="crimson",
                   label="seed 003: 0.484 s (n=20), >20 s (n=26)")
    finish(right, xlabel="sticks n (m = 3)", ylabel="time per search (s, log scale)",
           title=f"Full negamax time (best of {repeat} runs, this machine)")
    fig.tight_layout()
    return fig


def flat_mc_estimates_figure(result, values: dict, *, exact: dict | None = None,
                             title: str = "") -> Figure:
    """Bars: flat Monte Carlo win rate per move with ±2 standard errors.

    Bars are coloured by the move's exact minimax value for the player to move (``values``,
    +1/0/−1); ``exact`` (optional) marks the win rate infinitely many playouts would give.
    """
    fig, ax = plt.subplots(figsize=(7, 3.6))
    x = np.arange(len(result.moves))
    colours = [VALUE_COLOURS[values[m]] for m in result.moves]
    ax.bar(x, result.win_rate, yerr=2 * result.stderr, color=colours, capsize=4,
           edgecolor="black", linewidth=0.5)
    if exact is not None:
        ax.scatter(x, [exact[m] for m in result.moves], marker="_", s=400, color="black",
                   zorder=3, label="exact expected win rate (∞ playouts)")
    ax.set_xticks(x, [str(m) for m in result.moves])
    handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in (WIN, DRAW, LOSS)]
    labels = ["move wins (minimax)", "move draws", "move loses"]
    if exact is not None:
        handles.append(Line2D([], [], marker="_", ls="", color="black", ms=14))
        labels.append("exact expected win rate")
    ax.legend(handles, labels, frameon=False, fontsize=8, loc="upper left",
              bbox_to_anchor=(1.0, 1.0))
    n = int(result.visits[0])
    finish(ax, xlabel="move (cell index)", ylabel="win rate w_i / n_i (±2 SE)",
           title=title or f"Flat Monte Carlo, {n} playouts per move", legend=False)
    ax.set_ylim(0, 1)
    fig.tight_layout()
    return fig


def flat_mc_convergence_figure(playouts: np.ndarray, running: dict, exact: dict,
                               values: dict, title: str) -> Figure:
    """Left: running win-rate estimates of each move; right: their errors on log-log axes.

    ``running`` maps a move to its running mean (aligned with ``playouts``); dashed lines at
    ``exact`` (the limits); colours by the move's minimax value. The right panel draws
    ``|estimate − limit|`` for each move with the envelope ``2 · 0.5/√n`` (two standard
    errors of a mean of rewards in [0, 1], whose standard deviation is at most 1/2).
    """
    fig, (ax, err) = plt.subplots(1, 2, figsize=(11, 4), width_ratios=(1.25, 1))
    for move, series in running.items():
        colour = VALUE_COLOURS[values[move]]
        ax.plot(playouts, series, color=colour, lw=1.2, label=f"move {move}")
        ax.axhline(exact[move], color=colour, ls="--", lw=0.8)
        ax.annotate(f"{move}", (playouts[-1], series[-1]), xytext=(3, 0),
                    textcoords="offset points", fontsize=8, color=colour, va="center")
        err.loglog(playouts, np.abs(series - exact[move]) + 1e-12, color=colour, lw=0.8,
                   alpha=0.8)
    ax.set_xscale("log")
    finish(ax, xlabel="playouts per move n_i (log scale)", ylabel="running win rate w_i / n_i",
           title=title)
    ax.title.set_fontsize(10)
    ax.legend(frameon=False, fontsize=7, ncol=2, loc="lower right")
    err.loglog(playouts, 1.0 / np.sqrt(playouts), "k--", lw=1.2,
               label="2 standard errors at most: 1/√n")
    err.set_ylim(1e-4, 1.5)
    finish(err, xlabel="playouts per move n_i (log scale)",
           ylabel="|estimate − limit| (log scale)",
           title="Error of each move's estimate (colours as left)")
    err.title.set_fontsize(10)
    fig.tight_layout()
    return fig


def random_tree_agreement_figure(depths, agree: dict, totals, *, trees_per_depth: int,
                                 chance=None, paper: dict | None = None) -> Figure:
    """Fraction of random binary trees on which flat Monte Carlo picks the minimax move.

    ``agree`` maps a label to agreement counts for each depth, out of ``totals`` (the trees
    where the choice matters, per depth), drawn with Wilson 95% bands; ``chance`` is the
    agreement of a uniformly random move; ``paper`` maps depth to seed 004's reported
    fractions (read from its text).
    """
    totals = np.asarray(totals, dtype=float)
    fig, ax = plt.subplots(figsize=(8, 4.2))
    for label, counts in agree.items():
        proportion_band(ax, depths, np.asarray(counts, dtype=float), totals, label=label,
                        marker="o", ms=3)
    if chance is not None:
        ax.plot(depths, chance, "k:", label="a uniformly random root move")
    if paper:
        d = sorted(paper)
        ax.plot(d, [paper[k] for k in d], "*", ms=12, color="crimson",
                label="seed 004 (its text; fair leaves, 400 trees, 100,000 playouts)")
    finish(ax, xlabel="tree depth d (binary tree, 2^d leaves)",
           ylabel="fraction choosing the winning move",
           title=f"Flat Monte Carlo vs minimax on balanced random trees ({trees_per_depth} "
                 f"trees per depth, {int(totals.min())}–{int(totals.max())} where the "
                 "choice matters)")
    ax.title.set_fontsize(9)
    ax.set_ylim(0, 1.02)
    fig.tight_layout()
    return fig
