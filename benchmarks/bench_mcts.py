"""Speed of the course's UCT against the reference UCT of seed 001, in the same process.

    .venv/bin/python benchmarks/bench_mcts.py           # the speed comparison (a few seconds)
    .venv/bin/python benchmarks/bench_mcts.py --nim     # also: iteration rates on Nim
    .venv/bin/python benchmarks/bench_mcts.py --nim-study 100   # chapter 6's full study
                                                        # (100 seeds; about 15 minutes)

The reference is seed 001's second tic-tac-toe program (the ``GameState``/``Node``/``UCT``
code with ``OXOState``), re-written here from the seed's description, with one fix: a game
ends at the first complete line (``moves()`` is empty once someone has won), as the course's
rules require; the original plays on until the board is full. Apart from that it keeps the
original's costs: a list board copied at every ``clone``, the move list rebuilt on every
query, a ``sorted`` over the children at every selection step with the log recomputed for
each child, and the global ``random`` functions replaced by one seeded ``random.Random``
(no printing, which the original does after every search).

Both searches run 10,000 iterations on the empty board; the best of several runs is printed
for each, and their ratio. The course's requirement is a ratio of at least 2.
"""

from __future__ import annotations

import math
import random
import sys

import numpy as np

from mcts_lesson.games import Nim, TicTacToe
from mcts_lesson.mcts import convergence_study, uct_search
from mcts_lesson.minimax import negamax
from mcts_lesson.timing import format_rate, format_seconds, timed

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
          (2, 4, 6))


class RefOXOState:
    """Seed 001's OXO board: a list of 9 cells (0 empty, 1 = X, 2 = O), players 1 and 2."""

    def __init__(self):
        self.just_moved = 2  # player 1 (X) moves first
        self.board = [0] * 9

    def clone(self):
        copy = RefOXOState()
        copy.just_moved = self.just_moved
        copy.board = self.board[:]
        return copy

    def do_move(self, move):
        assert 0 <= move <= 8 and move == int(move) and self.board[move] == 0
        self.just_moved = 3 - self.just_moved
        self.board[move] = self.just_moved

    def _line_owner(self):
        b = self.board
        for x, y, z in _LINES:
            if b[x] != 0 and b[x] == b[y] == b[z]:
                return b[x]
        return 0

    def moves(self):
        # The fix: no moves once a line is complete (the original only checks for empty cells).
        if self._line_owner():
            return []
        return [i for i in range(9) if self.board[i] == 0]

    def result(self, player):
        owner = self._line_owner()
        if owner:
            return 1.0 if owner == player else 0.0
        assert not self.moves()
        return 0.5


class RefNode:
    """Seed 001's node: wins from the viewpoint of the player who just moved."""

    def __init__(self, move=None, parent=None, state=None):
        self.move = move
        self.parent = parent
        self.children = []
        self.wins = 0.0
        self.visits = 0
        self.untried = state.moves()
        self.just_moved = state.just_moved

    def select_child(self):
        return sorted(self.children,
                      key=lambda c: c.wins / c.visits + math.sqrt(2 * math.log(self.visits)
                                                                  / c.visits))[-1]

    def add_child(self, move, state):
        child = RefNode(move, self, state)
        self.untried.remove(move)
        self.children.append(child)
        return child

    def update(self, result):
        self.visits += 1
        self.wins += result


def reference_uct(root_state, iterations, rand):
    """Seed 001's ``UCT(rootstate, itermax)``: returns the most visited root move."""
    root = RefNode(state=root_state)
    for _ in range(iterations):
        node, state = root, root_state.clone()
        while node.untried == [] and node.children != []:  # select
            node = node.select_child()
            state.do_move(node.move)
        if node.untried != []:  # expand
            move = rand.choice(node.untried)
            state.do_move(move)
            node = node.add_child(move, state)
        while state.moves() != []:  # roll out
            state.do_move(rand.choice(state.moves()))
        while node is not None:  # back up
            node.update(state.result(node.just_moved))
            node = node.parent
    return sorted(root.children, key=lambda c: c.visits)[-1].move


def main(argv: list[str]) -> int:
    iterations, repeat = 10_000, 3
    print(f"UCT on the empty tic-tac-toe board, {iterations:,} iterations, best of {repeat}")
    _, ref_seconds = timed(lambda: reference_uct(RefOXOState(), iterations, random.Random(1)),
                           repeat=repeat)
    result, our_seconds = timed(lambda: uct_search(TicTacToe(), iterations, rng=1),
                                repeat=repeat)
    print(f"  seed 001 reference (fixed): {format_seconds(ref_seconds):>9}  "
          f"({format_rate(iterations, ref_seconds)})")
    print(f"  mcts_lesson.uct_search:     {format_seconds(our_seconds):>9}  "
          f"({format_rate(iterations, our_seconds)}), tree of {result.tree_size:,} nodes")
    ratio = ref_seconds / our_seconds
    print(f"  speed-up: {ratio:.2f}x  (requirement: at least 2x) "
          f"{'OK' if ratio >= 2 else 'NOT MET'}")
    if "--nim" in argv:
        for n in (13, 25):
            it = 20_000
            res, sec = timed(lambda n=n, it=it: uct_search(Nim(n, 3), it, rng=1), repeat=2)
            print(f"  Nim(n={n}, m=3), {it:,} iterations: {format_seconds(sec)} "
                  f"({format_rate(it, sec)}), tree of {res.tree_size:,} nodes")
    if "--nim-study" in argv:
        seeds = int(argv[argv.index("--nim-study") + 1])
        nim_study(seeds)
    return 0


def nim_study(seeds: int, n: int = 25, m: int = 3) -> None:
    """Chapter 6 at full size: plain UCT's accuracy at n = 25 against its time as a fraction
    of minimax's time (seed 003 figure 4-3), with ``seeds`` independent runs."""
    (result, minimax_seconds) = timed(negamax, Nim(n, m))
    print(f"\nNim n={n}, m={m}: negamax visits {result.nodes:,} nodes in "
          f"{format_seconds(minimax_seconds)}")
    _, probe_seconds = timed(uct_search, Nim(n, m), 20_000, rng=0, repeat=2)
    rate = 20_000 / probe_seconds
    total = int(rate * minimax_seconds)
    step = max(1, total // 20)
    print(f"UCT (c=1): {format_rate(20_000, probe_seconds)} iterations, so minimax's time buys {total:,} iterations; {seeds} seeds, checkpoints "
          f"every {step:,}")
    study = convergence_study(Nim(n, m), {n % (m + 1)}, step * 20, step, seeds, rng=2024)
    print(" fraction  iterations  P(optimal, robust child)  95% Wilson interval  mean tree")
    z = 1.96
    for j, it in enumerate(study.iterations):
        k = int(study.robust_ok[:, j].sum())
        p = k / seeds
        centre = (p + z**2 / (2 * seeds)) / (1 + z**2 / seeds)
        half = z * np.sqrt(p * (1 - p) / seeds + z**2 / (4 * seeds**2)) / (1 + z**2 / seeds)
        print(f"  {it / total:6.2f}  {it:10,}  {p:22.2f}    [{centre - half:.2f}, "
              f"{centre + half:.2f}]  {study.tree_size[:, j].mean():12,.0f}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
