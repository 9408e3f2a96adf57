"""Tests for mcts_lesson.mcts: the four phases, the backup sign from both seats, final-move
rules, budgets, tree reuse, transpositions, players and matches, and playing strength.

Every stochastic test uses a fixed seed. Thresholds come from the requirement (97% of
positions) or from exact game values (a forced win must be found), never from tuning.
"""

from __future__ import annotations

import numpy as np
import pytest

from mcts_lesson.games import Nim, TicTacToe
from mcts_lesson.mcts import (
    MatchResult,
    MinimaxPlayer,
    Node,
    RandomPlayer,
    UCTPlayer,
    backup,
    best_child,
    convergence_study,
    count_nodes,
    default_policy,
    expand,
    final_child,
    play_game,
    play_match,
    tree_policy,
    uct_search,
    uct_search_transpositions,
)


# ---------------------------------------------------------------------------------------------
# arguments
# ---------------------------------------------------------------------------------------------
def test_searching_a_finished_game_raises():
    with pytest.raises(ValueError, match="finished"):
        uct_search(Nim(0, 3), 10, rng=0)
    with pytest.raises(ValueError, match="finished"):
        uct_search(TicTacToe.from_string("xxxoo...."), 10, rng=0)
    with pytest.raises(ValueError, match="finished"):
        uct_search_transpositions(Nim(0, 3), 10, rng=0)


@pytest.mark.parametrize("kwargs, match", [
    ({"iterations": 0}, "iterations"),
    ({"iterations": 2.5}, "iterations"),
    ({"iterations": None}, "budget"),
    ({"iterations": 10, "c": -1.0}, "exploration"),
    ({"iterations": 10, "c": float("nan")}, "exploration"),
    ({"iterations": 10, "final": "best"}, "final"),
    ({"iterations": 10, "max_extra": -1}, "max_extra"),
    ({"iterations": 10, "record_every": 0}, "record_every"),
    ({"iterations": None, "seconds": 0.0}, "seconds"),
])
def test_bad_arguments_raise_value_error(kwargs, match):
    with pytest.raises(ValueError, match=match):
        uct_search(Nim(5, 3), rng=0, **kwargs)


@pytest.mark.parametrize("kwargs", [
    {"iterations": None}, {"iterations": 0}, {"seconds": -1.0}, {"c": -0.5},
    {"final": "most-visited"},
])
def test_uct_player_checks_its_arguments(kwargs):
    with pytest.raises(ValueError):
        UCTPlayer(**kwargs)


def test_reused_root_must_match_the_state():
    result = uct_search(Nim(6, 3), 50, rng=0)
    with pytest.raises(ValueError, match="root state"):
        uct_search(Nim(5, 3), 50, rng=0, root=result.root)


# ---------------------------------------------------------------------------------------------
# the phases, one by one
# ---------------------------------------------------------------------------------------------
def test_phases_by_hand_on_a_tiny_nim():
    import random

    rand = random.Random(0)
    root = Node(Nim(3, 2))  # moves 1 and 2; player 0 to move
    assert root.player == 1 and root.untried and not root.children
    leaf = tree_policy(root, 1.0, rand)  # the root is expandable: expand it
    assert leaf.parent is root and leaf.move in (1, 2) and leaf.player == 0
    assert len(root.children) == 1 and len(root.untried) == 1
    winner = default_policy(leaf.state, rand)
    backup(leaf, winner)
    assert root.N == leaf.N == 1
    assert leaf.Q == (1.0 if winner == 0 else -1.0) and root.Q == -leaf.Q
    second = expand(root, rand)
    assert {leaf.move, second.move} == {1, 2} and not root.untried
    backup(second, default_policy(second.state, rand))
    # fully expanded: best_child now applies and returns one of the children
    assert best_child(root, 1.0) in root.children


def test_best_child_formula_and_exploration():
    root = Node(Nim(3, 3))
    a, b = Node(Nim(2, 3, 1), root, 1), Node(Nim(1, 3, 1), root, 2)
    root.children = [a, b]
    root.N, a.N, a.Q, b.N, b.Q = 20, 18, 9.0, 2, 0.0
    # c = 0: exploitation only, mean 0.5 beats 0.0
    assert best_child(root, 0.0) is a
    # c = 1: b's bonus sqrt(2 ln 20 / 2) = 1.73 beats a's 0.5 + sqrt(2 ln 20 / 18) = 1.08
    assert best_child(root, 1.0) is b


def test_default_policy_returns_the_winner_of_a_finished_game():
    import random

    assert default_policy(Nim(0, 3, to_move=1), random.Random(0)) == 0
    assert default_policy(TicTacToe.from_string("xxxoo...."), random.Random(0)) == 0
    assert default_policy(TicTacToe.from_string("xoxxoxoxo"), random.Random(0)) is None


# ---------------------------------------------------------------------------------------------
# statistics and the backup sign, from both seats
# ---------------------------------------------------------------------------------------------
def _check_tree_invariants(root: Node, iterations: int):
    """Every iteration adds one playout result to each node of one root-to-leaf path.

    So N(root) = iterations = Σ N(children); a non-root, non-terminal node's own expansion
    playout adds 1 to its N beyond its children's; and because the parent's reward is the
    negative of the child's, Q(v) + Σ Q(children) is that one playout's reward, in {−1, 0, 1}
    (and 0 at the root). A terminal node's mean is exactly ±1 or 0 by its winner.
    """
    assert root.N == iterations == sum(ch.N for ch in root.children)
    assert root.Q == -sum(ch.Q for ch in root.children)
    stack = list(root.children)
    while stack:
        v = stack.pop()
        stack.extend(v.children)
        assert v.player == 1 - v.state.to_move
        assert -v.N <= v.Q <= v.N
        if v.state.is_terminal():
            winner = v.state.winner()
            expected = 0.0 if winner is None else (1.0 if winner == v.player else -1.0)
            assert v.Q == expected * v.N
        else:
            assert v.N == 1 + sum(ch.N for ch in v.children)
            assert v.Q + sum(ch.Q for ch in v.children) in (-1.0, 0.0, 1.0)


@pytest.mark.parametrize("state", [
    Nim(7, 3), Nim(7, 3, to_move=1), Nim(12, 3, to_move=1),
    TicTacToe(), TicTacToe.from_string("x........"), TicTacToe.from_string("xo.x.o..."),
])
def test_tree_statistics_are_consistent(state):
    result = uct_search(state, 500, rng=3)
    _check_tree_invariants(result.root, 500)
    assert result.tree_size == count_nodes(result.root)
    assert sum(result.visits.values()) == 500
    assert result.iterations == 500
    assert set(result.visits) == set(state.legal_moves())  # 500 >> 9: every move tried


@pytest.mark.parametrize("to_move", [0, 1])
def test_exact_values_at_forced_outcomes_from_both_seats(to_move):
    # One stick: taking it wins at once, so every playout through that move scores +1.
    result = uct_search(Nim(1, 3, to_move=to_move), 20, rng=0)
    assert result.move == 1 and result.values == {1: 1.0}
    # Two sticks, take at most 1: the only move lets the opponent take the last stick.
    result = uct_search(Nim(2, 1, to_move=to_move), 20, rng=0)
    assert result.values == {1: -1.0}


@pytest.mark.parametrize("to_move", [0, 1])
@pytest.mark.parametrize("sticks", [5, 6, 7, 9, 10, 11])
def test_uct_finds_the_winning_nim_move_for_either_player(sticks, to_move):
    # n % 4 != 0: the only winning move takes n % 4 sticks (closed form, seed 003 §4).
    result = uct_search(Nim(sticks, 3, to_move=to_move), 3000, rng=sticks)
    assert result.move == sticks % 4
    assert result.values[result.move] > 0  # positive for the player who is to move here


@pytest.mark.parametrize("board, winning", [
    ("xx.oo....", {2}),  # x to move completes the top row
    ("xx.oo...x", {5}),  # o to move completes the middle row
    ("xo.xo....", {6}),  # x to move completes the left column
])
def test_uct_takes_an_immediate_win_for_either_side(board, winning):
    state = TicTacToe.from_string(board)
    assert {m for m in state.legal_moves() if state.play(m).winner() == state.to_move} == winning
    result = uct_search(state, 1000, rng=1)
    assert result.move in winning
    assert result.values[result.move] == 1.0


@pytest.mark.parametrize("board, block", [
    ("xx..o....", 2),  # o to move must block x's top row
    ("oo.x....x", 2),  # x to move must block o's top row
])
def test_uct_blocks_from_either_side(board, block):
    state = TicTacToe.from_string(board)
    result = uct_search(state, 2000, rng=2)
    assert result.move == block


# ---------------------------------------------------------------------------------------------
# final-move rules, budgets, history, reuse
# ---------------------------------------------------------------------------------------------
def test_same_seed_same_search_and_generator_accepted():
    a = uct_search(TicTacToe(), 300, rng=11)
    b = uct_search(TicTacToe(), 300, rng=np.random.default_rng(11))
    assert a.visits == b.visits and a.values == b.values and a.move == b.move


def test_final_rules_pick_the_max_and_the_robust_child():
    for final in ("max", "robust"):
        result = uct_search(Nim(10, 3), 200, rng=5, final=final)
        chosen = final_child(result.root, final)
        assert result.move == chosen.move
    result = uct_search(Nim(10, 3), 200, rng=5, final="max")
    assert result.values[result.move] == max(result.values.values())
    result = uct_search(Nim(10, 3), 200, rng=5, final="robust")
    assert result.visits[result.move] == max(result.visits.values())


def test_max_robust_searches_on_until_agreement_or_cap():
    agreed = 0
    for seed in range(30):
        result = uct_search(TicTacToe(), 60, rng=seed, final="max-robust", max_extra=500)
        assert 0 <= result.extra_iterations <= 500
        assert result.iterations == 60 + result.extra_iterations
        if result.extra_iterations < 500:
            agreed += 1
            assert final_child(result.root, "max") is final_child(result.root, "robust")
    assert agreed > 0


def test_seconds_budget_stops_the_search():
    result = uct_search(Nim(30, 3), seconds=0.05, rng=0)
    assert result.iterations >= 1 and result.move in (1, 2, 3)
    result = uct_search(Nim(30, 3), 5, seconds=60.0, rng=0)
    assert result.iterations == 5  # whichever budget ends first


def test_record_every_gives_snapshots():
    result = uct_search(TicTacToe(), 250, rng=0, record_every=50)
    assert [s.iteration for s in result.history] == [50, 100, 150, 200, 250]
    for snap in result.history:
        assert sum(snap.visits.values()) == snap.iteration
        assert snap.robust_move == max(snap.visits, key=lambda m: (snap.visits[m],
                                                                    snap.values[m]))
    last = result.history[-1]
    assert last.visits == result.visits and last.tree_size == result.tree_size


def test_continuing_a_tree_equals_one_longer_search_in_counts():
    first = uct_search(Nim(9, 3), 300, rng=1)
    more = uct_search(Nim(9, 3), 200, rng=2, root=first.root)
    assert more.root is first.root
    assert more.root.N == 500 and sum(more.visits.values()) == 500
    assert more.tree_size == count_nodes(more.root)


def test_uct_player_reuses_its_subtree():
    player = UCTPlayer(200, reuse_tree=True, rng=0)
    state = TicTacToe()
    move = player(state)
    first_root = player.last_result.root
    after = state.play(move)
    reply = after.legal_moves()[0]
    nxt = after.play(reply)
    kept = next(ch for ch in first_root.children if ch.move == move)
    kept = next((g for g in kept.children if g.move == reply), None)
    kept_visits = 0 if kept is None else kept.N
    player(nxt)
    assert player.last_result.root.N == kept_visits + 200
    if kept is not None:
        assert player.last_result.root is kept and kept.parent is None
    # without reuse, every search starts from scratch
    fresh = UCTPlayer(200, rng=0)
    fresh(state)
    fresh(nxt)
    assert fresh.last_result.root.N == 200


def test_with_annotations_gives_visit_shares():
    player = UCTPlayer(300, rng=0)
    move, notes = player.with_annotations(TicTacToe.from_string("xo......."))
    assert move in notes and set(notes) == set(player.last_result.visits)
    assert all(text.endswith("%") for text in notes.values())
    shares = player.last_result.visit_shares()
    assert abs(sum(shares.values()) - 1.0) < 1e-12


# ---------------------------------------------------------------------------------------------
# transpositions and the convergence study
# ---------------------------------------------------------------------------------------------
def test_transpositions_share_one_node_per_state():
    result = uct_search_transpositions(Nim(25, 3), 3000, rng=0, record_every=1000)
    # states: sticks 0..25 with either player to move, at most 2 * 26
    assert result.tree_size <= 52
    assert result.move == 1  # 25 % 4 == 1
    # a root child can also be reached by a longer path (25-3 = 25-1-1-1 with the same
    # player to move), so its shared count can include visits from other root moves
    assert sum(result.visits.values()) >= 3000
    assert len(result.history) == 3


def test_convergence_study_shapes_and_meaning():
    study = convergence_study(Nim(9, 3), {1}, 400, 100, 5, rng=0)
    assert list(study.iterations) == [100, 200, 300, 400]
    assert study.robust_ok.shape == study.shares.shape == (5, 4)
    assert study.robust_ok[:, -1].all()  # 9 sticks: small, solved long before 400
    assert ((study.shares >= 0) & (study.shares <= 1)).all()
    with pytest.raises(ValueError):
        convergence_study(Nim(9, 3), set(), 400, 100, 5)


# ---------------------------------------------------------------------------------------------
# players and matches
# ---------------------------------------------------------------------------------------------
def test_play_match_alternates_colours():
    # Nim(5, 3) is won by the first player with perfect play: A (perfect) wins the games
    # it starts (0, 2, 4) and loses the others to a perfect B.
    result = play_match(MinimaxPlayer(), MinimaxPlayer(), 5, rng=0, start=lambda: Nim(5, 3))
    assert result == MatchResult(wins=3, draws=0, losses=2)
    assert result.games == 5 and result.score == 0.6


def test_play_game_and_random_player():
    winner, moves = play_game(RandomPlayer(), RandomPlayer(), TicTacToe(), rng=4, record=True)
    state = TicTacToe()
    for move in moves:
        state = state.play(move)
    assert state.is_terminal() and state.winner() == winner
    with pytest.raises(ValueError):
        play_match(RandomPlayer(), RandomPlayer(), 0)


# ---------------------------------------------------------------------------------------------
# strength on tic-tac-toe (the requirement of chapter 5)
# ---------------------------------------------------------------------------------------------
def test_uct_1000_picks_optimal_moves_where_a_mistake_is_possible():
    """≥ 97% optimal moves on a seeded sample of positions that have a losing alternative.

    Positions: every reachable non-terminal position where some legal move changes the game
    value (a move outside ``minimax.best_moves``). A sample of 200 keeps the test at a few
    seconds; with a true rate of 99% or more, the chance of 7 or more failures in 200 (the
    threshold) is below 0.5% (binomial), and the seed is fixed in any case.
    """
    from mcts_lesson.minimax import best_moves, reachable_states

    candidates = []
    for state in reachable_states(TicTacToe()):
        if state.is_terminal():
            continue
        best = best_moves(state)
        if len(best) < len(state.legal_moves()):
            candidates.append((state, best))
    rng = np.random.default_rng(2024)
    sample = [candidates[i] for i in rng.choice(len(candidates), 200, replace=False)]
    hits = sum(uct_search(s, 1000, rng=rng).move in best for s, best in sample)
    assert hits / len(sample) >= 0.97, f"{hits}/{len(sample)} optimal"
    # both seats are represented in the sample
    assert {s.to_move for s, _ in sample} == {0, 1}


def test_uct_1000_never_loses_to_random():
    result = play_match(UCTPlayer(1000), RandomPlayer(), 60, rng=7)
    assert result.losses == 0, result


def test_uct_draws_against_the_perfect_player():
    """UCT(2000) draws every game against perfect play (a random optimal move each turn).

    At 1000 iterations UCT loses about 3% of such games (6 of 200 measured, all after an edge
    opening where o's losing replies are deep), so a claim of "never loses" needs the larger
    budget: UCT(2000) drew 200 of 200 in the same measurement. 30 games keep this test at
    about 2 s; at 1000 iterations a loss in 30 games would be expected more often than not.
    """
    result = play_match(UCTPlayer(2000), MinimaxPlayer(), 30, rng=8)
    assert result == MatchResult(wins=0, draws=30, losses=0), result


# ---------------------------------------------------------------------------------------------
# exercise checks and figures
# ---------------------------------------------------------------------------------------------
def test_exercise_checks_accept_the_package_and_reject_mistakes(capsys):
    from mcts_lesson.checks import mcts as checks

    assert checks.check_backup(backup)
    assert checks.check_best_child(best_child)
    assert checks.check_node_count(checks_count)
    assert not checks.check_node_count(lambda n, m: 2 ** n)

    def one_sided_backup(v, winner):  # the classic bug: no sign flip
        while v is not None:
            v.N += 1
            v.Q += 0.0 if winner is None else (1.0 if winner == 0 else -1.0)
            v = v.parent

    assert not checks.check_backup(one_sided_backup)
    assert "sign must alternate" in capsys.readouterr().out

    def greedy(v, c):
        return max(v.children, key=lambda ch: ch.Q / ch.N)

    assert not checks.check_best_child(greedy)

    def stub(*args):
        raise NotImplementedError("Student exercise: ...")

    assert not checks.check_backup(stub)
    assert "Not done yet" in capsys.readouterr().out


def checks_count(n, m):
    """T(n) = 1 + Σ_{k=1}^{min(m,n)} T(n-k), T(0) = 1, written independently of the check."""
    return 1 if n == 0 else 1 + sum(checks_count(n - k, m) for k in range(1, min(m, n) + 1))


def test_figures_draw():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    from mcts_lesson.figures import mcts as figures

    result = uct_search(Nim(7, 3), 60, rng=0)
    fig = figures.tree_figure(result.root, max_depth=2, title="t")
    assert isinstance(fig, Figure) and fig.axes[0].get_xlabel()
    study = convergence_study(Nim(6, 3), {2}, 100, 20, 3, rng=0)
    fig2 = figures.convergence_figure({"n=6": study}, title="t")
    assert fig2.axes[0].get_legend() is not None
    plt.close("all")


def test_uct_plays_on_the_board_widget_with_visit_shares():
    from mcts_lesson.play import TicTacToeBoard

    player = UCTPlayer(300, rng=0)
    board = TicTacToeBoard(player.with_annotations)
    board.click(0)  # x in the corner; UCT answers as o
    assert board.state.board.count(".") == 7 and board.status == "Your move"
    grid = board.children[1]
    shown = [b.description for b in grid.children if b.description.endswith("%")]
    assert len(shown) == 7  # one share on each empty cell (the chosen cell is now taken)
    shares = player.last_result.visit_shares()
    assert shares[player.last_result.move] == max(shares.values())
