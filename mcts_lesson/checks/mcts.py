"""Exercise checks for chapters 5 (MCTS and UCT) and 6 (minimax vs UCT)."""

from __future__ import annotations

import math

import numpy as np

from mcts_lesson import mcts
from mcts_lesson.checks import CheckResult, StudentNotDone, call_student, not_done, report
from mcts_lesson.games import Nim


def _chain():
    """root (player 0 to move) → take 1 → take 1 → take 1: four nodes, alternating movers."""
    root = mcts.Node(Nim(6, 3))
    nodes = [root]
    for _ in range(3):
        v = nodes[-1]
        child = mcts.Node(v.state.play(1), v, 1)
        v.children.append(child)
        nodes.append(child)
    return nodes


def check_backup(student_backup) -> CheckResult:
    """Exercise (chapter 5): ``student_backup(v, winner)`` as in seed 000's BACKUP."""
    try:
        for winner in (0, 1, None):
            mine, theirs = _chain(), _chain()
            for v in (mine, theirs):
                for node, (n, q) in zip(v, [(5, 1.0), (3, -1.0), (2, 2.0), (1, 1.0)],
                                        strict=True):
                    node.N, node.Q = n, q
            mcts.backup(mine[-1], winner)
            call_student(student_backup, theirs[-1], winner)
            got = [(v.N, v.Q) for v in theirs]
            want = [(v.N, v.Q) for v in mine]
            if got != want:
                hint = ""
                if [n for n, _ in got] != [n for n, _ in want]:
                    hint = " Every node on the path, root included, gets N ← N + 1."
                elif winner is not None and len({q - q0 for (_, q), q0 in
                                                 zip(got, [1.0, -1.0, 2.0, 1.0],
                                                     strict=True)}) == 1:
                    hint = (" You added the same reward at every level: a win for one player"
                            " is a loss for the other, so the sign must alternate"
                            " (Δ ← −Δ), relative to v.player at each node.")
                return report(False, f"With winner={winner}, (N, Q) from the root down: "
                                     f"you gave {got}, expected {want}.{hint}")
    except StudentNotDone as error:
        return not_done(error)
    return report(True, "N grows by one on the whole path and the reward flips sign at each "
                        "level: +1 for the player who moved into a node if they won.")


def check_best_child(student_best_child) -> CheckResult:
    """Exercise (chapter 5): ``student_best_child(v, c)`` with the UCT formula."""
    rng = np.random.default_rng(5)
    try:
        for trial in range(200):
            root = mcts.Node(Nim(9, 3))
            for move in (1, 2, 3):
                child = mcts.Node(root.state.play(move), root, move)
                child.N = int(rng.integers(1, 40))
                child.Q = float(rng.integers(-child.N, child.N + 1))
                root.children.append(child)
            root.untried = []
            root.N = sum(ch.N for ch in root.children) + int(rng.integers(0, 3))
            c = float(rng.choice([0.0, 0.5, 1.0, 2.0]))
            want = mcts.best_child(root, c)
            got = call_student(student_best_child, root, c)
            if got is None:
                return report(False, "Your function returned None: return the child node.")
            if got is not want:
                def ucb(v, root=root, c=c):
                    return v.Q / v.N + c * math.sqrt(2 * math.log(root.N) / v.N)
                return report(False, f"Trial {trial}: with c={c}, N(v)={root.N} and children "
                                     f"(move, N, Q) = "
                                     f"{[(v.move, v.N, v.Q) for v in root.children]}, the "
                                     f"UCT values are "
                                     f"{[round(ucb(v), 3) for v in root.children]}; you "
                                     f"chose move {getattr(got, 'move', got)!r}, expected "
                                     f"{want.move}. Use Q(v')/N(v') + c·sqrt(2 ln N(v)/N(v')).")
    except StudentNotDone as error:
        return not_done(error)
    return report(True, "Q/N rewards what has worked; c·sqrt(2 ln N(v)/N(v')) grows for a "
                        "child that has been neglected.")


def check_node_count(student_count) -> CheckResult:
    """Exercise (chapter 6): ``student_count(n, m)``, the nodes plain negamax visits on Nim."""
    from mcts_lesson.minimax import negamax

    try:
        for n, m in [(0, 3), (1, 3), (3, 3), (4, 3), (9, 3), (12, 2), (10, 4)]:
            want = negamax(Nim(n, m)).nodes
            got = call_student(student_count, n, m)
            if got != want:
                hint = ""
                if n > 0 and got == 1 and n <= m:
                    hint = (" For 1 <= n <= m the root still has children: the recurrence"
                            " only starts at T(0) = 1.")
                return report(False, f"T({n}) with m={m}: you gave {got!r}, negamax visits "
                                     f"{want:,} nodes. Count the node itself (1) plus the "
                                     f"subtrees of every move 1..min(m, n).{hint}")
    except StudentNotDone as error:
        return not_done(error)
    return report(True, "T(0) = 1 and T(n) = 1 + Σ_{k=1}^{min(m,n)} T(n−k) — exactly the "
                        "nodes negamax visits.")
