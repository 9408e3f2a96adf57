"""Tests for mcts_lesson.minimax: exact searches, node counts, flat Monte Carlo."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcts_lesson.games import Nim, RandomTree, TicTacToe
from mcts_lesson.minimax import (
    GOLDEN,
    SearchResult,
    alphabeta,
    balanced_p_win,
    best_moves,
    count_games,
    expected_playout_reward,
    flat_monte_carlo,
    move_values,
    negamax,
    negamax_tt,
    random_tree_study,
    random_tree_values,
    reachable_states,
    solve,
)

# ------------------------------------------------------------------ an independent reference
# Written directly on 9-character boards, sharing no code with the package: the rules of
# tic-tac-toe, and minimax from x's point of view (x maximises, o minimises).

LINES3 = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def ref_winner(board):
    for a, b, c in LINES3:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def ref_children(board):
    if ref_winner(board) or "." not in board:
        return []
    mark = "x" if board.count("x") == board.count("o") else "o"
    return [(i, board[:i] + mark + board[i + 1:]) for i, c in enumerate(board) if c == "."]


REF_CACHE: dict = {}


def ref_value_for_x(board):
    """+1 if x wins with perfect play, 0 draw, -1 if o wins (plain minimax, memoised)."""
    if board in REF_CACHE:
        return REF_CACHE[board]
    w = ref_winner(board)
    children = ref_children(board)
    if w:
        value = 1 if w == "x" else -1
    elif not children:
        value = 0
    else:
        values = [ref_value_for_x(child) for _, child in children]
        value = max(values) if board.count("x") == board.count("o") else min(values)
    REF_CACHE[board] = value
    return value


def ref_count(board):
    """(positions in the full game tree, complete games) by plain recursion, no memo."""
    children = ref_children(board)
    if not children:
        return 1, 1
    nodes, games = 1, 0
    for _, child in children:
        n, g = ref_count(child)
        nodes += n
        games += g
    return nodes, games


# ------------------------------------------------------------------ tic-tac-toe


def test_tictactoe_counts_and_value():
    root = TicTacToe()
    states = reachable_states(root)
    assert len(states) == 5478
    assert sum(s.is_terminal() for s in states) == 958
    assert states[0] == root and len(set(states)) == len(states)
    # breadth-first: the number of marks never decreases along the list
    marks = [9 - len(s.board.replace("x", "").replace("o", "")) for s in states]
    assert marks == sorted(marks)
    assert solve(root) == 0
    assert count_games(root) == 255168


def test_tictactoe_game_count_by_independent_enumeration():
    nodes, games = ref_count("." * 9)
    assert games == 255168
    # the package's full-tree negamax visits exactly the nodes of that tree
    result = negamax(TicTacToe())
    assert result == SearchResult(0, nodes)
    assert nodes == 549946


def test_minimax_agrees_with_reference_on_every_reachable_position():
    table: dict = {}
    checked = 0
    for s in reachable_states(TicTacToe()):
        board = s.board
        sign = 1 if s.to_move == 0 else -1  # package values are for the player to move
        assert solve(s, table) == sign * ref_value_for_x(board), board
        if s.is_terminal():
            with pytest.raises(ValueError, match="game is over"):
                best_moves(s, table)
            continue
        ref_child_values = {i: sign * ref_value_for_x(c) for i, c in ref_children(board)}
        ref_best = max(ref_child_values.values())
        expected = frozenset(i for i, v in ref_child_values.items() if v == ref_best)
        assert best_moves(s, table) == expected, board
        checked += 1
    assert checked == 5478 - 958


def test_three_searches_agree_on_sampled_tictactoe_positions():
    states = reachable_states(TicTacToe())
    rng = np.random.default_rng(0)
    for k in rng.choice(len(states), size=300, replace=False):
        s = states[int(k)]
        full, pruned, tt = negamax(s), alphabeta(s), negamax_tt(s)
        assert full.value == pruned.value == tt.value == solve(s)
        assert pruned.nodes <= full.nodes and tt.nodes <= full.nodes


def test_alphabeta_and_table_node_counts_on_empty_board():
    full, pruned, tt = negamax(TicTacToe()), alphabeta(TicTacToe()), negamax_tt(TicTacToe())
    assert full.value == pruned.value == tt.value == 0
    assert tt.nodes == 5478  # every distinct position expanded exactly once
    assert pruned.nodes < full.nodes / 10


# ------------------------------------------------------------------ Nim


def nim_nodes_closed(n, m):
    """Full-tree size by the recurrence N(0)=1, N(n)=1+sum_{k=1}^{min(m,n)} N(n-k)."""
    table = [1]
    for i in range(1, n + 1):
        table.append(1 + sum(table[i - k] for k in range(1, min(m, i) + 1)))
    return table[n]


@pytest.mark.parametrize("m", [1, 2, 3, 4, 5])
def test_nim_values_against_closed_form(m):
    table: dict = {}
    for n in range(0, 41):
        s = Nim(n, m)
        expected = -1 if n % (m + 1) == 0 else 1
        assert solve(s, table) == expected, (n, m)
        if n:
            winning = frozenset({n % (m + 1)}) if expected == 1 else frozenset(s.legal_moves())
            assert best_moves(s, table) == winning, (n, m)


@pytest.mark.parametrize("m", [1, 2, 3, 4])
def test_nim_three_searches_agree_and_tree_size_recurrence(m):
    for n in range(0, 13):
        s = Nim(n, m)
        full, pruned, tt = negamax(s), alphabeta(s), negamax_tt(s)
        assert full.value == pruned.value == tt.value == (-1 if n % (m + 1) == 0 else 1)
        assert full.nodes == nim_nodes_closed(n, m), (n, m)
        # distinct positions: sticks 0..n, the side to move fixed by parity of sticks taken
        assert tt.nodes == len(reachable_states(s))


def test_nim_three_node_counts_for_m3():
    counts = [negamax(Nim(n, 3)).nodes for n in range(8)]
    assert counts == [1, 2, 4, 8, 15, 28, 52, 96]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 60), st.integers(1, 8), st.integers(0, 1))
def test_nim_solve_property(n, m, to_move):
    s = Nim(n, m, to_move)
    assert solve(s) == (-1 if n % (m + 1) == 0 else 1)


def test_best_moves_fast_on_nim_30():
    # "Fast" without a timed assertion: with the transposition table, best_moves solves each
    # distinct position once, and Nim(30, m) has at most 2 * 31 positions (sticks left,
    # player to move), against 117,897,840 nodes in the full tree for m = 3.
    for m in (2, 3, 4, 5):
        table: dict = {}
        moves = best_moves(Nim(30, m), table)
        assert moves == ({30 % (m + 1)} if 30 % (m + 1) else set(range(1, m + 1)))
        assert len(table) <= 2 * 31
        assert negamax_tt(Nim(30, m)).nodes <= 2 * 31


def test_best_moves_on_lost_position_returns_every_move():
    assert best_moves(Nim(8, 3)) == frozenset({1, 2, 3})
    assert move_values(Nim(8, 3)) == {1: -1, 2: -1, 3: -1}


def test_bad_arguments():
    with pytest.raises(ValueError, match="game is over"):
        best_moves(Nim(0, 3))
    with pytest.raises(ValueError, match="game state"):
        solve("x........")
    with pytest.raises(ValueError, match="playouts_per_move"):
        flat_monte_carlo(Nim(5, 3), 0)
    with pytest.raises(ValueError, match="playouts_per_move"):
        flat_monte_carlo(Nim(5, 3), 2.5)
    with pytest.raises(ValueError, match="game is over"):
        flat_monte_carlo(Nim(0, 3), 10)


# ------------------------------------------------------------------ random trees


def test_random_tree_values_match_solve():
    for seed in range(20):
        for b, d in ((2, 1), (2, 5), (3, 4), (2, 8)):
            root = RandomTree(b, d, rng=seed)
            fast = random_tree_values(root)
            slow = move_values(root)  # for player 0 to move at the root
            assert list(fast) == [slow[k] for k in range(b)]
            assert solve(root) == fast.max()
            child = root.play(1)  # player 1 to move: values are still for player 0
            if not child.is_terminal():
                assert list(random_tree_values(child)) == [
                    -v for v in move_values(child).values()]


# ------------------------------------------------------------------ flat Monte Carlo


def test_flat_mc_converges_to_expected_playout_reward():
    s = TicTacToe.from_string("x...o....")
    n = 2000
    result = flat_monte_carlo(s, n, rng=3)
    assert result.moves == s.legal_moves() and (result.visits == n).all()
    table: dict = {}
    for move, rate, se in zip(result.moves, result.win_rate, result.stderr, strict=True):
        exact = 1.0 - expected_playout_reward(s.play(move), table)
        # 4.5 standard errors per move; 7 moves, so a false alarm about once in 20,000 runs
        assert abs(rate - exact) < 4.5 * se, (move, rate, exact, se)
        assert 0 < se < 0.5 / np.sqrt(n) + 1e-12  # rewards lie in [0, 1], so sd <= 1/2
    assert np.allclose(result.mean_reward, 2 * result.win_rate - 1)


def test_flat_mc_is_reproducible_and_counts_wins_for_player_to_move():
    a = flat_monte_carlo(Nim(6, 3), 300, rng=1)
    b = flat_monte_carlo(Nim(6, 3), 300, rng=np.random.default_rng(1))
    assert np.array_equal(a.wins, b.wins) and a.move == b.move
    # taking the last stick wins outright: Nim(3, 3) move 3 wins every playout
    c = flat_monte_carlo(Nim(3, 3), 50, rng=0)
    assert c.win_rate[2] == 1.0 and c.stderr[2] == 0.0 and c.move == 3


def test_flat_mc_on_random_tree_matches_exact_means():
    root = RandomTree(2, 12, rng=5)
    n = 20000
    result = flat_monte_carlo(root, n, rng=1)
    for move in (0, 1):
        p = float((root.play(move).leaves == 1).mean())  # player 0 to move at root
        se = np.sqrt(p * (1 - p) / n)
        assert abs(result.win_rate[move] - p) < 4.5 * se + 1e-12


def test_flat_mc_one_winning_move_among_100():
    """Seed 004 §2.2.2: flat averaging estimates the position at 1%, its value is a win."""
    root = RandomTree.from_leaves([-1] * 37 + [1] + [-1] * 62, 100)
    result = flat_monte_carlo(root, 10, rng=0)
    assert result.move == 37 and result.win_rate[37] == 1.0
    average = float(np.mean(result.win_rate))
    assert average == pytest.approx(0.01)
    assert solve(root) == 1


def test_expected_playout_reward_of_empty_board():
    # uniform random tic-tac-toe: x wins 737/1260 of the time, draws 160/1260 (58.5%, 12.7%)
    assert expected_playout_reward(TicTacToe()) == pytest.approx((737 + 80) / 1260)


def test_balanced_p_win_is_a_fixed_point():
    for depth in (1, 2, 5, 8):
        q = balanced_p_win(depth)
        # walk the probability of "player 0 wins" up from the leaves
        for level in range(depth - 1, -1, -1):
            q = 1 - (1 - q) ** 2 if level % 2 == 0 else q**2
        assert q == pytest.approx(balanced_p_win(depth) if depth % 2 == 0 else GOLDEN)
    with pytest.raises(ValueError, match="depth"):
        balanced_p_win(0)


def test_random_tree_study_depth_two_is_always_right():
    # depth 2, player 1 moves below the root: a child wins for player 0 only if both its
    # leaves are +1, i.e. it has the larger leaf mean (1 against 0 or 1/2), so a decided tree
    # is always solved by flat Monte Carlo with enough playouts (here 2000: the means 1 and
    # at most 1/2 are separated by more than 20 standard errors).
    study = random_tree_study([2], trees=100, playouts_per_move=2000, rng=0)
    assert study.decided[0] > 10
    assert study.agree[0] == study.decided[0] and study.agree_limit[0] == study.decided[0]
    assert study.optimal_any[0] == 100


def test_random_tree_study_fair_leaves_decide_deep_trees():
    # With p = 1/2, walk P(player 0 wins) up from the leaves to the root's children; the
    # chance that the two root moves differ in value is 2q(1-q): 9.6% at depth 8, 0.076% at
    # depth 12. Counts must match within 4 binomial standard errors.
    for depth, trees in ((8, 400), (12, 40)):
        q = 0.5
        for level in range(depth - 1, 0, -1):
            q = 1 - (1 - q) ** 2 if level % 2 == 0 else q**2
        expected = trees * 2 * q * (1 - q)
        sd = (trees * 2 * q * (1 - q) * (1 - 2 * q * (1 - q))) ** 0.5
        study = random_tree_study([depth], trees=trees, playouts_per_move=100, p_win=0.5,
                                  rng=depth)
        assert abs(study.decided[0] - expected) <= max(4 * sd, 1), (depth, study.decided)
    assert study.optimal_any[0] >= trees - 1
    with pytest.raises(ValueError, match="depths"):
        random_tree_study([], trees=1, playouts_per_move=1)


# ------------------------------------------------------------------ exercise checks and figures


def test_checks_accept_solutions_and_reject_mistakes(capsys):
    from subtraction_game import make_subtraction_game as make_game

    from mcts_lesson.checks.games import (
        check_flat_estimate,
        check_subtraction_game,
        check_tree_size,
    )
    from mcts_lesson.games import random_playout

    assert check_subtraction_game(make_game((1, 3, 4)))
    assert not check_subtraction_game(make_game((1, 2, 3, 4)))
    assert not check_subtraction_game(make_game((4, 3, 1)))

    def sizes(n, m):
        table = [1]
        for i in range(1, n + 1):
            table.append(1 + sum(table[i - k] for k in range(1, min(m, i) + 1)))
        return table[n]

    assert check_tree_size(sizes)
    assert not check_tree_size(lambda n, m: 2**n)

    def estimate(state, move, n, rng):
        child, me, total = state.play(move), state.to_move, 0.0
        for _ in range(n):
            w = random_playout(child, rng)
            total += 0.5 if w is None else float(w == me)
        return total / n

    def wrong_side(state, move, n, rng):
        return 1.0 - estimate(state, move, n, rng)

    def stub(*args):
        raise NotImplementedError("Student exercise")

    assert check_flat_estimate(estimate)
    assert not check_flat_estimate(wrong_side)
    assert not check_flat_estimate(stub)
    out = capsys.readouterr().out
    assert "Not done yet" in out and "Correct" in out and "Not yet" in out


def test_figures_draw():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from mcts_lesson.figures.games import flat_mc_estimates_figure, nim_tree_figure

    fig = nim_tree_figure(4, 2)
    assert fig.axes[0].get_xlabel() and fig.axes[0].get_ylabel()
    plt.close(fig)
    with pytest.raises(ValueError, match="200"):
        nim_tree_figure(12, 3)
    s = TicTacToe.from_string(".x.o.x...")
    fig = flat_mc_estimates_figure(flat_monte_carlo(s, 20, rng=0), move_values(s))
    assert fig.axes[0].get_ylabel().startswith("win rate")
    plt.close(fig)


# ------------------------------------------------------------------ property: arbitrary small games

game_trees = st.recursive(
    st.sampled_from([-1, 0, 1]),
    lambda children: st.lists(children, min_size=1, max_size=4),
    max_leaves=40,
)


def plain_minimax(tree, maximiser=True):
    """Value for player 0 of a nested-list game (player 0 maximises at even depths)."""
    if isinstance(tree, int):
        return tree
    values = [plain_minimax(sub, not maximiser) for sub in tree]
    return max(values) if maximiser else min(values)


@settings(max_examples=300, deadline=None)
@given(game_trees)
def test_three_searches_agree_on_arbitrary_small_games(tree):
    from mcts_lesson.games import ExplicitTree

    root = ExplicitTree(tree)
    expected = plain_minimax(tree)  # root: player 0 to move, so this is also the negamax value
    full, pruned, tt = negamax(root), alphabeta(root), negamax_tt(root)
    assert full.value == pruned.value == tt.value == solve(root) == expected
    assert pruned.nodes <= full.nodes
    if not root.is_terminal():
        children = [plain_minimax(sub, False) for sub in tree]
        assert best_moves(root) == frozenset(
            i for i, v in enumerate(children) if v == max(children))
