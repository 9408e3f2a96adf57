"""Speed of the game states and searches of chapters 3-4 (printed, never asserted).

    .venv/bin/python benchmarks/bench_minimax.py
"""

from __future__ import annotations

import numpy as np

from mcts_lesson.games import Nim, RandomTree, TicTacToe, random_playout
from mcts_lesson.minimax import (
    alphabeta,
    flat_monte_carlo,
    negamax,
    negamax_tt,
    random_tree_values,
    solve,
)
from mcts_lesson.timing import format_rate, format_seconds, timed


def main() -> None:
    root = TicTacToe()
    _, seconds = timed(lambda: [root.play(4) for _ in range(100_000)], repeat=3)
    print(f"TicTacToe.play:                 {format_rate(100_000, seconds)}")
    rng = np.random.default_rng(0)
    _, seconds = timed(lambda: [random_playout(root, rng) for _ in range(20_000)], repeat=3)
    print(f"tic-tac-toe random playouts:    {format_rate(20_000, seconds)}")
    nim = Nim(30, 3)
    _, seconds = timed(lambda: [random_playout(nim, rng) for _ in range(20_000)], repeat=3)
    print(f"Nim(30, 3) random playouts:     {format_rate(20_000, seconds)}")

    for name, search in (("negamax", negamax), ("alphabeta", alphabeta),
                         ("negamax_tt", negamax_tt)):
        result, seconds = timed(search, root, repeat=3)
        print(f"{name:>10} on tic-tac-toe: {result.nodes:>9,} nodes in {format_seconds(seconds)} "
              f"({format_rate(result.nodes, seconds)})")
    for n in (18, 20, 22):
        result, seconds = timed(negamax, Nim(n, 3))
        print(f"   negamax on Nim({n}, 3): {result.nodes:>9,} nodes in {format_seconds(seconds)}")
    _, seconds = timed(solve, Nim(30, 3), repeat=5)
    print(f"     solve on Nim(30, 3): {format_seconds(seconds)}")

    tree = RandomTree(2, 20, rng=1)
    _, seconds = timed(random_tree_values, tree, repeat=3)
    print(f"random_tree_values, depth 20 (2^20 leaves): {format_seconds(seconds)}")
    _, seconds = timed(flat_monte_carlo, tree, 50_000, 2, repeat=3)
    print(f"flat_monte_carlo, depth-20 tree, 50,000 playouts per move: {format_seconds(seconds)}")
    _, seconds = timed(flat_monte_carlo, root, 1_000, 3)
    print(f"flat_monte_carlo, empty tic-tac-toe board, 1,000 playouts per move: "
          f"{format_seconds(seconds)}")


if __name__ == "__main__":
    main()
