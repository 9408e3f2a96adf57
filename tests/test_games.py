"""Tests for mcts_lesson.games: the state interface, Nim, tic-tac-toe, random trees."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcts_lesson.games import (
    MAX_LEAVES,
    GameState,
    Nim,
    RandomTree,
    TicTacToe,
    random_playout,
)

# ------------------------------------------------------------------------------- Nim


def test_nim_basics():
    s = Nim(5, 3)
    assert s.legal_moves() == (1, 2, 3)
    assert s.to_move == 0 and not s.is_terminal() and s.winner() is None
    t = s.play(2)
    assert (t.sticks, t.max_take, t.to_move) == (3, 3, 1)
    assert s.sticks == 5, "play must not change the old state"
    assert Nim(2, 3).legal_moves() == (1, 2)
    end = Nim(1, 3).play(1)
    assert end.is_terminal() and end.legal_moves() == ()
    assert end.winner() == 0, "player 0 took the last stick"
    assert Nim(0, 3, to_move=0).winner() == 1


def test_nim_equality_hash_repr():
    assert Nim(4, 3, 1) == Nim(5, 3).play(1)
    assert hash(Nim(4, 3, 1)) == hash(Nim(5, 3).play(1))
    assert Nim(4, 3, 0) != Nim(4, 3, 1)
    assert Nim(4, 3) != Nim(4, 2)
    assert eval(repr(Nim(4, 3, 1))) == Nim(4, 3, 1)
    assert "4 sticks" in str(Nim(4, 3))
    assert "<pre>" in Nim(4, 3)._repr_html_()


def test_nim_accepts_numpy_integer_moves():
    assert Nim(5, 3).play(np.int64(2)) == Nim(3, 3, 1)


@pytest.mark.parametrize(("args", "message"), [
    ((-1, 3), "sticks"),
    ((5, 0), "max_take"),
    ((5, -2), "max_take"),
    ((2.5, 3), "sticks"),
    ((5, 3, 2), "to_move"),
])
def test_nim_bad_parameters(args, message):
    with pytest.raises(ValueError, match=message):
        Nim(*args)


@pytest.mark.parametrize("move", [0, 4, -1, 1.0, "1", None, True])
def test_nim_illegal_moves_name_the_move(move):
    with pytest.raises(ValueError, match=f"illegal move {move!r}"):
        Nim(5, 3).play(move)


def test_nim_move_on_finished_game():
    with pytest.raises(ValueError, match="game is over"):
        Nim(0, 3).play(1)
    with pytest.raises(ValueError, match="illegal move 3"):
        Nim(2, 3).play(3)  # only 2 sticks left


def test_nim_is_immutable():
    s = Nim(5, 3)
    with pytest.raises(AttributeError):
        s.sticks = 4


# ------------------------------------------------------------------------------- tic-tac-toe


def test_tictactoe_empty_board():
    s = TicTacToe()
    assert s.legal_moves() == tuple(range(9))
    assert s.to_move == 0 and s.winner() is None and not s.is_terminal()
    assert s.board == "." * 9
    assert s == TicTacToe.from_string(".........")


def test_tictactoe_play_and_win():
    s = TicTacToe()
    for move in (0, 3, 1, 4):
        s = s.play(move)
    assert s.board == "xx.oo...." and s.to_move == 0
    assert s.legal_moves() == (2, 5, 6, 7, 8)
    won = s.play(2)
    assert won.is_terminal() and won.winner() == 0 and won.legal_moves() == ()
    with pytest.raises(ValueError, match="game is over"):
        won.play(5)


def test_tictactoe_draw():
    s = TicTacToe.from_string("xoxxo.ox.")  # 4 x and 3 o: o to move
    assert s.to_move == 1
    s = s.play(8)
    assert s.board == "xoxxo.oxo" and not s.is_terminal()
    s = s.play(5)
    assert s.is_terminal() and s.winner() is None


def test_tictactoe_str_repr_html():
    s = TicTacToe.from_string("xo.\n.x.\n..o")
    assert str(s) == "x o .\n. x .\n. . o"
    assert eval(repr(s)) == s
    assert "<table" in s._repr_html_()


@pytest.mark.parametrize("move", [-1, 9, 2.0, "4", None])
def test_tictactoe_illegal_move_names_it(move):
    with pytest.raises(ValueError, match=f"illegal move {move!r}"):
        TicTacToe().play(move)


def test_tictactoe_occupied_cell():
    with pytest.raises(ValueError, match="illegal move 4: cell 4 is already taken"):
        TicTacToe().play(4).play(4)


@pytest.mark.parametrize(("board", "message"), [
    ("x" * 8, "9 cells"),
    ("x........o", "9 cells"),
    ("x...a....", "unknown character"),
    ("xx.......", "impossible counts"),
    ("o........", "impossible counts"),
    ("xxxooo...", "both x and o"),
    ("xxx.oo.o.", "o moved after"),
    ("ooo.xx.xx", "x moved after"),
    ("xxx...xxx", "impossible counts"),
    ("xxxoooxxo", "both x and o"),
])
def test_tictactoe_malformed_boards(board, message):
    with pytest.raises(ValueError, match=message):
        TicTacToe.from_string(board)


def test_tictactoe_two_lines_through_the_last_move():
    # x: top row and left column share cell 0, so one last move at 0 completed both.
    s = TicTacToe.from_string("xxxxooxoo")
    assert s.winner() == 0 and s.is_terminal()


def _reachable_from_empty():
    seen = {TicTacToe()}
    frontier = [TicTacToe()]
    while frontier:
        nxt = []
        for s in frontier:
            for m in s.legal_moves():
                c = s.play(m)
                if c not in seen:
                    seen.add(c)
                    nxt.append(c)
        frontier = nxt
    return seen


def test_from_string_accepts_exactly_the_reachable_positions():
    """All 3**9 strings: from_string accepts a board iff it occurs in some game."""
    reachable = {s.board: s for s in _reachable_from_empty()}
    assert len(reachable) == 5478
    accepted = 0
    for cells in itertools.product("xo.", repeat=9):
        board = "".join(cells)
        try:
            s = TicTacToe.from_string(board)
        except ValueError:
            assert board not in reachable, board
            continue
        accepted += 1
        r = reachable[board]  # KeyError would mean an unreachable board was accepted
        assert (s.to_move, s.winner(), s.is_terminal(), s.legal_moves()) == (
            r.to_move, r.winner(), r.is_terminal(), r.legal_moves())
        assert s == r and hash(s) == hash(r)
    assert accepted == 5478


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 8), max_size=12))
def test_tictactoe_random_move_sequences_keep_invariants(choices):
    s = TicTacToe()
    for choice in choices:
        moves = s.legal_moves()
        if not moves:
            break
        s = s.play(moves[choice % len(moves)])
        b = s.board
        nx, no = b.count("x"), b.count("o")
        assert nx - no in (0, 1) and s.to_move == (nx + no) % 2
        assert s.is_terminal() == (not s.legal_moves())
        assert TicTacToe.from_string(b) == s
        assert TicTacToe.from_string(b).winner() == s.winner()
        if s.winner() is not None:
            assert s.winner() == 1 - s.to_move, "the winner made the last move"


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 40), st.integers(1, 6), st.lists(st.integers(0, 100), max_size=50))
def test_nim_random_move_sequences_keep_invariants(n, m, choices):
    s = Nim(n, m)
    taken = 0
    for i, choice in enumerate(choices):
        moves = s.legal_moves()
        if not moves:
            break
        assert moves == tuple(range(1, min(m, s.sticks) + 1))
        move = moves[choice % len(moves)]
        taken += move
        s = s.play(move)
        assert s.sticks == n - taken and s.to_move == (i + 1) % 2
    assert s.is_terminal() == (s.sticks == 0) == (not s.legal_moves())


def test_random_playout_tictactoe_matches_exact_probabilities():
    """Exact outcome probabilities of uniform random play, by enumeration, vs playouts."""

    def exact(s):
        if s.is_terminal():
            return {s.winner(): Fraction(1)}
        moves = s.legal_moves()
        out = {}
        for m in moves:
            for w, p in exact(s.play(m)).items():
                out[w] = out.get(w, 0) + p / len(moves)
        return out

    probs = exact(TicTacToe())
    n = 20000
    rng = np.random.default_rng(7)
    results = [random_playout(TicTacToe(), rng) for _ in range(n)]
    for w in (0, 1, None):
        p = float(probs[w])
        freq = sum(r == w for r in results) / n
        # 4 binomial standard errors: a false alarm about once in 15,000 runs
        assert abs(freq - p) < 4 * (p * (1 - p) / n) ** 0.5, (w, freq, p)
    assert abs(float(probs[0]) - 0.585) < 0.001  # the textbook 58.5% for x


def test_random_playout_is_reproducible_and_ends():
    assert random_playout(Nim(30, 3), 5) == random_playout(Nim(30, 3), 5)
    assert random_playout(Nim(0, 3), 1) == 1
    assert random_playout(TicTacToe.from_string("xxxoo...."), 0) == 0


# ------------------------------------------------------------------------------- random trees


def test_random_tree_structure_and_values():
    root = RandomTree(3, 4, rng=11)
    assert root.to_move == 0 and root.legal_moves() == (0, 1, 2)
    assert root.leaves.shape == (81,) and set(np.unique(root.leaves)) <= {-1, 1}
    node = root.play(2).play(0)
    assert node.to_move == 0 and node.level == 2 and node.index == 6
    np.testing.assert_array_equal(node.leaves, root.leaves[54:63])
    leaf = node.play(1).play(2)
    assert leaf.is_terminal() and leaf.legal_moves() == ()
    assert leaf.winner() == (0 if root.leaves[6 * 9 + 1 * 3 + 2] == 1 else 1)
    with pytest.raises(ValueError, match="game is over"):
        leaf.play(0)
    with pytest.raises(ValueError, match="illegal move 3"):
        root.play(3)
    assert root.play(1) == root.play(1) and hash(root.play(1)) == hash(root.play(1))
    assert root.play(1) != root.play(2)
    assert RandomTree(3, 4, rng=11) != root, "different tree objects are different games"


def test_random_tree_is_seeded_and_balanced():
    a = RandomTree(2, 16, rng=3).leaves
    b = RandomTree(2, 16, rng=np.random.default_rng(3)).leaves
    np.testing.assert_array_equal(a, b)
    n = a.size
    # the fraction of +1 leaves is 1/2 within 4 standard errors (sd 1/(2 sqrt n))
    assert abs((a == 1).mean() - 0.5) < 4 * 0.5 / n**0.5
    assert (RandomTree(2, 10, rng=1, p_win=1.0).leaves == 1).all()


@pytest.mark.parametrize(("args", "message"), [
    ((0, 3), "branching"),
    ((2, -1), "depth"),
    ((2, 27), "MAX_LEAVES"),
    ((10, 8), "MAX_LEAVES"),
    ((3, 17), "MAX_LEAVES"),
    ((2.0, 3), "branching"),
])
def test_random_tree_bad_parameters(args, message):
    with pytest.raises(ValueError, match=message):
        RandomTree(*args)


def test_random_tree_chunked_generation_is_seeded():
    # more leaves than one generation chunk (2**20): the same seed gives the same tree
    a = RandomTree(2, 21, rng=9).leaves
    assert a.size == 2**21 and set(np.unique(a)) == {-1, 1}
    np.testing.assert_array_equal(a, RandomTree(2, 21, rng=9).leaves)
    assert MAX_LEAVES == 2**26


def test_random_tree_from_leaves():
    root = RandomTree.from_leaves([1] + [-1] * 99, 100)
    assert root.depth == 1 and len(root.legal_moves()) == 100
    assert root.play(0).winner() == 0 and root.play(5).winner() == 1
    with pytest.raises(ValueError, match="power"):
        RandomTree.from_leaves([1, -1, 1], 2)
    with pytest.raises(ValueError, match=r"\+1"):
        RandomTree.from_leaves([1, 0], 2)


def test_random_tree_depth_zero_is_a_leaf():
    root = RandomTree(2, 0, rng=0)
    assert root.is_terminal() and root.winner() in (0, 1)


# ------------------------------------------------------------------------------- the interface


def test_gamestate_is_the_common_base_and_abstract():
    for s in (Nim(3, 2), TicTacToe(), RandomTree(2, 2, rng=0)):
        assert isinstance(s, GameState)
    with pytest.raises(TypeError):
        GameState()


def test_a_new_game_needs_only_the_five_methods():
    from subtraction_game import make_subtraction_game

    Countdown = make_subtraction_game((1, 2))
    assert random_playout(Countdown(7), 0) in (0, 1)
    assert "<pre>" in Countdown(3)._repr_html_()


# ------------------------------------------------------------------------------- the play widget


def test_board_perfect_player_never_loses_to_random_clicks():
    from mcts_lesson.play import TicTacToeBoard, perfect_player

    rng = np.random.default_rng(4)
    results = []
    for human in (0, 1):
        board = TicTacToeBoard(perfect_player(rng=1), human_plays=human)
        for _ in range(25):
            board.new_game()
            while not board.state.is_terminal():
                assert board.status == "Your move" and board.state.to_move == human
                moves = board.state.legal_moves()
                board.click(moves[int(rng.integers(len(moves)))])
            results.append(board.status)
            assert board.status in ("Draw", "You lose")
    assert "You lose" in results  # random play does lose to the perfect player


def test_board_ignores_bad_clicks_and_shows_annotations():
    from mcts_lesson.play import TicTacToeBoard

    def first_free(state):
        moves = state.legal_moves()
        return moves[0], {m: f"{m}!" for m in moves}

    board = TicTacToeBoard(first_free)
    board.click(4)
    assert board.state.board == "o...x...."
    board.click(4)  # occupied: ignored
    board.click(0)
    assert board.state.board == "o...x...."
    assert board._cells[1].description == "1!" and board._cells[0].description == "O"
    assert repr(board).startswith("TicTacToeBoard (you play x): Your move")
    with pytest.raises(ValueError, match="human_plays"):
        TicTacToeBoard(first_free, human_plays=2)
    with pytest.raises(ValueError, match="opponent"):
        TicTacToeBoard(None)


def test_board_reports_illegal_opponent_move():
    from mcts_lesson.play import TicTacToeBoard

    board = TicTacToeBoard(lambda state: 99)
    board.click(0)
    assert "illegal move 99" in board.status


# ------------------------------------------------------------------------------- explicit trees


def test_explicit_tree():
    from mcts_lesson.games import ExplicitTree

    root = ExplicitTree([[1, -1], 0, [[-1, 1]]])
    assert root.legal_moves() == (0, 1, 2) and root.to_move == 0
    assert root.play(1).is_terminal() and root.play(1).winner() is None
    a = root.play(0)
    assert a.to_move == 1 and a.legal_moves() == (0, 1)
    assert a.play(0).winner() == 0 and a.play(1).winner() == 1
    deep = root.play(2).play(0)
    assert deep.to_move == 0 and deep.play(1).winner() == 0 and deep.play(1).path == (2, 0, 1)
    assert root.play(0) == root.play(0) and root.play(0) != root.play(2)
    with pytest.raises(ValueError, match="illegal move 3"):
        root.play(3)
    with pytest.raises(ValueError, match="game is over"):
        root.play(1).play(0)
    for bad, where in (([1, 2], r"\(1,\)"), ([[], 1], r"\(0,\)"), ([1, "x"], r"\(1,\)"),
                       ([True], r"\(0,\)")):
        with pytest.raises(ValueError, match=where):
            ExplicitTree(bad)
