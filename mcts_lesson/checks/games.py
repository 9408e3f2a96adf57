"""Exercise checks for chapters 3 and 4 (games, minimax, flat Monte Carlo)."""

from __future__ import annotations

import numpy as np

from mcts_lesson.checks import StudentNotDone, call_student, not_done, report
from mcts_lesson.games import GameState, Nim, TicTacToe
from mcts_lesson.minimax import expected_playout_reward, negamax, solve

__all__ = ["check_flat_estimate", "check_subtraction_game", "check_tree_size"]

ALLOWED = (1, 3, 4)


def check_subtraction_game(game_class) -> bool:
    """Chapter 3: ``game_class(sticks)`` is the subtraction game with moves {1, 3, 4}.

    Checks ``legal_moves`` (ascending, only takes that fit, empty at 0) for 0..25 sticks,
    that the game then plays to the right winner, and that solving it gives the known
    pattern: the player to move loses exactly when ``sticks % 7`` is 0 or 2.
    """
    try:
        for n in range(26):
            state = call_student(game_class, n)
            if not isinstance(state, GameState):
                return report(False, "game_class(n) should return a GameState.")
            expected = tuple(k for k in ALLOWED if k <= n)
            got = call_student(state.legal_moves)
            if not isinstance(got, tuple):
                return report(False, f"legal_moves() should return a tuple, got "
                                     f"{type(got).__name__} (with {n} sticks).")
            if got != expected:
                return report(False, f"with {n} sticks legal_moves() gave {got}, "
                                     f"expected {expected}.")
        values = [call_student(solve, call_student(game_class, n)) for n in range(26)]
    except StudentNotDone as error:
        return not_done(error)
    expected_values = [-1 if n % 7 in (0, 2) else 1 for n in range(26)]
    if values != expected_values:
        wrong = [n for n in range(26) if values[n] != expected_values[n]]
        return report(False, f"legal_moves looks right but the values differ at n = {wrong}: "
                             "check play() and winner().")
    return report(True, "legal_moves is right, and the losing positions are n % 7 in {0, 2}.")


def check_tree_size(tree_size) -> bool:
    """Chapter 3: ``tree_size(n, m)`` predicts the nodes full negamax visits on Nim(n, m)."""
    cases = [(n, m) for m in (1, 2, 3, 4) for n in range(0, 13)]
    try:
        for n, m in cases:
            predicted = call_student(tree_size, n, m)
            actual = negamax(Nim(n, m)).nodes
            if predicted != actual:
                return report(False, f"tree_size({n}, {m}) = {predicted!r}, but negamax "
                                     f"visits {actual} nodes. Count the root and the leaves.")
    except StudentNotDone as error:
        return not_done(error)
    return report(True, f"your formula matches negamax's node count on {len(cases)} cases.")


def check_flat_estimate(estimate) -> bool:
    """Chapter 4: ``estimate(state, move, n, rng)`` -> win rate of ``move`` by n playouts.

    Compared with the exact expected win rate on three tic-tac-toe positions; the tolerance
    is 4.5 standard errors of a mean of n rewards in [0, 1] (sd at most 1/2), so a correct
    function fails with probability below about 1e-5 per position.
    """
    n = 4000
    positions = [("x...o....", 2), (".x.o.x...", 6), ("xo.......", 4)]
    try:
        for board, move in positions:
            state = TicTacToe.from_string(board)
            got = call_student(estimate, state, move, n, np.random.default_rng(11))
            exact = 1.0 - expected_playout_reward(state.play(move))
            if not isinstance(got, float | np.floating) or not 0.0 <= got <= 1.0:
                return report(False, f"the estimate should be a win rate in [0, 1], "
                                     f"got {got!r}.")
            tolerance = 4.5 * 0.5 / np.sqrt(n)
            if abs(got - exact) > tolerance:
                return report(False, f"on {board!r}, move {move}: got {got:.3f}, expected "
                                     f"{exact:.3f} ± {tolerance:.3f}. Are you counting wins "
                                     "for the player who made the move, draws as 1/2?")
    except StudentNotDone as error:
        return not_done(error)
    return report(True, "your estimates agree with the exact win rates within 4.5 standard "
                        "errors.")
