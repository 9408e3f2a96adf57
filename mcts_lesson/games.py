"""Two-player games as immutable states: the interface every search in the course uses.

A *game state* knows whose turn it is, which moves are legal, what position each move leads
to, and, once the game is over, who won. That is all that minimax (chapter 3), flat Monte
Carlo (chapter 4) and UCT (chapter 5) need; the interface follows the ``GameState`` class of
seed 001 and the move model of seed 000 §8.1 (a state :math:`s`, the legal actions
:math:`A(s)`, a deterministic transition :math:`s' = T(s, a)` and a reward at the end).

The games here:

* :class:`Nim` -- matchstick Nim of seed 003: ``sticks`` on the table, each turn take
  ``1..max_take``; whoever takes the last stick wins.
* :class:`TicTacToe` -- noughts and crosses on bitmasks; ``x`` (player 0) moves first and a
  game ends at the first complete line or on a full board.
* :class:`RandomTree` -- a complete ``branching``-ary game tree of depth ``depth`` with
  random +1/−1 leaves, the test bed of seed 004 §4.2.
* :class:`ExplicitTree` -- a small game written out as a nested list.

and :func:`random_playout`, which plays uniformly random legal moves to the end.

Conventions shared by every game
--------------------------------
* Players are numbered 0 and 1; player 0 moves first. ``state.to_move`` is the player to
  move.
* ``state.legal_moves()`` is a tuple in ascending order, empty exactly when the game is over.
* ``state.play(move)`` returns a *new* state; the old one is unchanged. An illegal move, or
  any move on a finished game, raises ``ValueError`` naming the move.
* ``state.winner()`` is 0 or 1 for a won game and ``None`` for a draw or a game in progress.
* States are immutable and hashable and compare equal when they describe the same position,
  so they can be keys of a transposition table (chapter 3) or of a search tree (chapter 5).

Public constructors validate their arguments; the internal path that ``play`` uses does not,
so that a search can create millions of states cheaply.
"""

from __future__ import annotations

import html
import math
import operator
from abc import ABC, abstractmethod

import numpy as np

from mcts_lesson._rng import as_generator

__all__ = ["ExplicitTree", "GameState", "Nim", "RandomTree", "TicTacToe", "random_playout"]

_new = object.__new__
_set = object.__setattr__


def _check_int(name: str, value, minimum: int) -> int:
    """Return ``value`` as an int, or raise ValueError if it is not an integer >= minimum."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise ValueError(f"{name} must be an integer, got {value!r}") from None
    if number < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {number}")
    return number


class GameState(ABC):
    """The interface a two-player, zero-sum, perfect-information game implements.

    To add a game, subclass ``GameState`` and write five things:

    ``to_move``
        attribute (or property): the player to move, 0 or 1. Player 0 moves first.
    ``legal_moves()``
        a tuple of the legal moves in ascending order; the empty tuple when the game is over.
    ``play(move)``
        a *new* state after ``move``; raise ``ValueError`` naming the move if it is illegal
        or the game is over.
    ``is_terminal()``
        whether the game is over.
    ``winner()``
        0 or 1 if that player has won, ``None`` for a draw or an unfinished game.

    plus ``__eq__`` and ``__hash__`` by position (states are immutable). The base class
    supplies ``_repr_html_`` (the ``str`` in a ``<pre>`` block) for notebooks.

    Everything in :mod:`mcts_lesson.minimax` and :mod:`mcts_lesson.mcts` uses only these.
    """

    __slots__ = ()

    to_move: int

    @abstractmethod
    def legal_moves(self) -> tuple:
        """The legal moves, ascending; empty when the game is over."""

    @abstractmethod
    def play(self, move) -> GameState:
        """The state after ``move`` (a new object); ValueError for an illegal move."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def winner(self) -> int | None:
        """0 or 1 for the winner; None for a draw or an unfinished game."""

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"


class _Frozen:
    """Mixin: refuse attribute assignment (the package's states are immutable)."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} states are immutable")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} states are immutable")


def _as_move(move):
    """An integer move as a Python int (NumPy integers accepted), or the input unchanged."""
    if isinstance(move, bool):
        return move
    try:
        return operator.index(move)
    except TypeError:
        return move


# --------------------------------------------------------------------------------------------
# Nim
# --------------------------------------------------------------------------------------------


class Nim(_Frozen, GameState):
    """Matchstick Nim (seed 003 §2): take 1 to ``max_take`` sticks; taking the last one wins.

    Parameters
    ----------
    sticks
        Sticks on the table, ``n >= 0``.
    max_take
        The most sticks one move may take, ``m >= 1``.
    to_move
        The player to move (0 or 1), 0 by default.

    A move is the number of sticks taken, ``1 .. min(m, n)``. At ``n = 0`` the game is over
    and the player who just moved (``1 - to_move``) took the last stick and won.

    Closed form: the player to move loses (against perfect play) exactly when
    ``n % (m + 1) == 0``; otherwise the winning move takes ``n % (m + 1)`` sticks.

    >>> Nim(5, 3).legal_moves()
    (1, 2, 3)
    >>> Nim(5, 3).play(1)
    Nim(sticks=4, max_take=3, to_move=1)
    """

    __slots__ = ("max_take", "sticks", "to_move")

    def __init__(self, sticks: int, max_take: int, to_move: int = 0):
        sticks = _check_int("sticks", sticks, 0)
        max_take = _check_int("max_take", max_take, 1)
        if to_move not in (0, 1) or isinstance(to_move, bool):
            raise ValueError(f"to_move must be 0 or 1, got {to_move!r}")
        _set(self, "sticks", sticks)
        _set(self, "max_take", max_take)
        _set(self, "to_move", int(to_move))

    @classmethod
    def _make(cls, sticks: int, max_take: int, to_move: int) -> Nim:
        state = _new(cls)
        _set(state, "sticks", sticks)
        _set(state, "max_take", max_take)
        _set(state, "to_move", to_move)
        return state

    def legal_moves(self) -> tuple:
        return tuple(range(1, min(self.max_take, self.sticks) + 1))

    def play(self, move) -> Nim:
        if type(move) is not int:
            move = _as_move(move)
        if type(move) is not int or not 1 <= move <= min(self.max_take, self.sticks):
            if self.sticks == 0:
                raise ValueError(f"cannot take {move!r}: the game is over (no sticks left)")
            raise ValueError(
                f"illegal move {move!r}: take between 1 and "
                f"{min(self.max_take, self.sticks)} sticks (there are {self.sticks})"
            )
        return Nim._make(self.sticks - move, self.max_take, 1 - self.to_move)

    def is_terminal(self) -> bool:
        return self.sticks == 0

    def winner(self) -> int | None:
        return 1 - self.to_move if self.sticks == 0 else None

    def __eq__(self, other):
        if not isinstance(other, Nim):
            return NotImplemented
        return (self.sticks, self.max_take, self.to_move) == (
            other.sticks, other.max_take, other.to_move)

    def __hash__(self):
        return hash((Nim, self.sticks, self.max_take, self.to_move))

    def __repr__(self):
        return f"Nim(sticks={self.sticks}, max_take={self.max_take}, to_move={self.to_move})"

    def __str__(self):
        sticks = "|" * self.sticks if self.sticks else "(none)"
        if self.sticks == 0:
            status = f"player {self.winner()} took the last stick and won"
        else:
            status = f"player {self.to_move} to take 1..{min(self.max_take, self.sticks)}"
        return f"{sticks}  {self.sticks} stick{'s' * (self.sticks != 1)}, {status}"


# --------------------------------------------------------------------------------------------
# Tic-tac-toe
# --------------------------------------------------------------------------------------------

#: The 8 lines (3 rows, 3 columns, 2 diagonals) as 9-bit masks; bit ``i`` is cell ``i``.
LINES: tuple[int, ...] = tuple(
    sum(1 << cell for cell in line)
    for line in (
        (0, 1, 2), (3, 4, 5), (6, 7, 8),
        (0, 3, 6), (1, 4, 7), (2, 5, 8),
        (0, 4, 8), (2, 4, 6),
    )
)
#: For each cell, the line masks through it (a move can complete only these).
LINES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(line for line in LINES if line >> cell & 1) for cell in range(9)
)
_FULL = (1 << 9) - 1
#: legal moves for each 9-bit mask of occupied cells, precomputed (512 tuples)
_FREE_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(cell for cell in range(9) if not occupied >> cell & 1) for occupied in range(512)
)


def _has_line(mask: int) -> bool:
    return any(mask & line == line for line in LINES)


class TicTacToe(_Frozen, GameState):
    """Tic-tac-toe on two 9-bit masks; ``x`` is player 0 and moves first.

    Cells are numbered 0-8 in row-major order; a move is the index of an empty cell::

        0 1 2
        3 4 5
        6 7 8

    ``TicTacToe()`` is the empty board; :meth:`from_string` reads a position such as
    ``"x.o.x...."``. The game ends at the first complete line (the player who drew it wins)
    or on a full board (a draw). The board is available as :attr:`board` (a 9-character
    string) and the masks as ``x_mask`` and ``o_mask``.
    """

    __slots__ = ("_done", "_winner", "o_mask", "to_move", "x_mask")

    def __init__(self):
        _set(self, "x_mask", 0)
        _set(self, "o_mask", 0)
        _set(self, "to_move", 0)
        _set(self, "_winner", None)
        _set(self, "_done", False)

    @classmethod
    def from_string(cls, s: str) -> TicTacToe:
        """The position written as 9 characters ``x``, ``o``, ``.`` in row-major order.

        Whitespace (e.g. newlines between rows) is ignored and upper case is accepted.
        The side to move follows from the counts: ``x`` to move if there are as many ``x``
        as ``o``, ``o`` to move if there is one ``x`` more. Raises ``ValueError`` for a
        string that is not a position reachable in a game: wrong length, unknown
        characters, impossible counts, lines for both sides, a line for the side that did
        not move last.

        >>> print(TicTacToe.from_string("xo.x.o..."))
        x o .
        x . o
        . . .
        """
        if not isinstance(s, str):
            raise ValueError(f"a board must be a string of 9 characters, got {type(s).__name__}")
        cells = "".join(s.split()).lower()
        if len(cells) != 9:
            raise ValueError(f"a board needs 9 cells (x, o or .), got {len(cells)} in {s!r}")
        unknown = sorted(set(cells) - set("xo."))
        if unknown:
            raise ValueError(f"unknown character(s) {', '.join(map(repr, unknown))} in board "
                             f"{s!r}: use only 'x', 'o' and '.'")
        x = sum(1 << i for i, c in enumerate(cells) if c == "x")
        o = sum(1 << i for i, c in enumerate(cells) if c == "o")
        nx, no = cells.count("x"), cells.count("o")
        if not 0 <= nx - no <= 1:
            raise ValueError(f"impossible counts in {s!r}: {nx} x and {no} o (x moves first, "
                             "so there must be as many x as o or one more)")
        x_lines = [line for line in LINES if x & line == line]
        o_lines = [line for line in LINES if o & line == line]
        if x_lines and o_lines:
            raise ValueError(f"impossible board {s!r}: both x and o have a line")
        if x_lines and nx == no:
            raise ValueError(f"impossible board {s!r}: x has a line but o moved after it")
        if o_lines and nx != no:
            raise ValueError(f"impossible board {s!r}: o has a line but x moved after it")
        # Two lines of one side that share no cell would need 6 marks of that side, which
        # the counts above already exclude, so every remaining board occurs in some game
        # (tests/test_games.py checks this on all 3**9 strings).
        winner = 0 if x_lines else 1 if o_lines else None
        done = winner is not None or (x | o) == _FULL
        return cls._make(x, o, (nx + no) % 2, winner, done)

    @classmethod
    def _make(cls, x: int, o: int, to_move: int, winner, done: bool) -> TicTacToe:
        state = _new(cls)
        _set(state, "x_mask", x)
        _set(state, "o_mask", o)
        _set(state, "to_move", to_move)
        _set(state, "_winner", winner)
        _set(state, "_done", done)
        return state

    @property
    def board(self) -> str:
        """The position as 9 characters ``x``, ``o``, ``.`` (row-major)."""
        return "".join(
            "x" if self.x_mask >> i & 1 else "o" if self.o_mask >> i & 1 else "."
            for i in range(9)
        )

    def legal_moves(self) -> tuple:
        if self._done:
            return ()
        return _FREE_CELLS[self.x_mask | self.o_mask]

    def play(self, move) -> TicTacToe:
        if type(move) is not int:
            move = _as_move(move)
        x, o = self.x_mask, self.o_mask
        if self._done or type(move) is not int or not 0 <= move <= 8 or (x | o) >> move & 1:
            if self._done:
                raise ValueError(f"cannot play {move!r}: the game is over")
            if type(move) is int and 0 <= move <= 8:
                raise ValueError(f"illegal move {move!r}: cell {move} is already taken")
            raise ValueError(f"illegal move {move!r}: a move is an empty cell index 0-8")
        bit = 1 << move
        if self.to_move == 0:
            x |= bit
            mine = x
        else:
            o |= bit
            mine = o
        won = False
        for line in LINES_THROUGH[move]:
            if mine & line == line:
                won = True
                break
        winner = self.to_move if won else None
        return TicTacToe._make(x, o, 1 - self.to_move, winner, won or (x | o) == _FULL)

    def is_terminal(self) -> bool:
        return self._done

    def winner(self) -> int | None:
        return self._winner

    def __eq__(self, other):
        if not isinstance(other, TicTacToe):
            return NotImplemented
        return self.x_mask == other.x_mask and self.o_mask == other.o_mask

    def __hash__(self):
        return (self.x_mask << 9) | self.o_mask

    def __repr__(self):
        return f"TicTacToe.from_string({self.board!r})"

    def __str__(self):
        b = self.board
        return "\n".join(" ".join(b[r * 3:r * 3 + 3]) for r in range(3))

    def _repr_html_(self) -> str:
        b = self.board
        rows = "".join(
            "<tr>" + "".join(
                f'<td style="width:1.6em;height:1.6em;text-align:center;'
                f'border:1px solid #888;font-family:monospace">'
                f"{b[r * 3 + c] if b[r * 3 + c] != '.' else '&nbsp;'}</td>"
                for c in range(3)) + "</tr>"
            for r in range(3)
        )
        return f'<table style="border-collapse:collapse">{rows}</table>'


# --------------------------------------------------------------------------------------------
# Random game trees (seed 004 §4.2)
# --------------------------------------------------------------------------------------------

#: The largest number of leaves a RandomTree may have (one byte each: 64 MiB).
MAX_LEAVES = 1 << 26
_CHUNK = 1 << 20


class _TreeData:
    """Shared, read-only data of one random tree: branching, depth and the leaf values."""

    __slots__ = ("branching", "depth", "leaves")

    def __init__(self, branching: int, depth: int, leaves: np.ndarray):
        self.branching = branching
        self.depth = depth
        self.leaves = leaves


class RandomTree(_Frozen, GameState):
    """A node of a complete ``branching``-ary game tree of depth ``depth`` with ±1 leaves.

    This is the synthetic game of seed 004 §4.2 (which used binary trees, ``branching=2``):
    player 0 moves at the root, the players alternate, a move is a child index
    ``0 .. branching-1``, and after ``depth`` moves the game ends at a leaf whose value is
    +1 (player 0 wins) or −1 (player 1 wins). There are no draws.

    ``RandomTree(branching, depth, rng)`` draws the :math:`b^d` leaf values i.i.d., +1 with
    probability ``p_win`` (1/2 by default), from ``as_generator(rng)`` and returns the root.
    A node is stored as ``(level, index)``: the leaves below node ``index`` at level ``k``
    are the ``b^{d-k}`` consecutive entries from ``index · b^{d-k}``. The leaf values are one
    ``int8`` array shared by every node of the tree, so a tree costs :math:`b^d` bytes; trees
    with more than ``MAX_LEAVES`` (:math:`2^{26}`, 64 MiB) leaves are refused with
    ``ValueError``.

    Two nodes are equal when they are the same node of the same tree object.
    """

    __slots__ = ("_tree", "index", "level", "to_move")

    def __init__(self, branching: int, depth: int, rng=None, *, p_win: float = 0.5):
        branching = _check_int("branching", branching, 1)
        depth = _check_int("depth", depth, 0)
        if not 0.0 <= p_win <= 1.0:
            raise ValueError(f"p_win must be a probability in [0, 1], got {p_win!r}")
        if branching > 1 and depth * math.log2(branching) > math.log2(MAX_LEAVES):
            raise ValueError(
                f"a tree with branching {branching} and depth {depth} has {branching}**{depth} "
                f"leaves, more than the limit MAX_LEAVES = 2**26 (one byte per leaf)")
        generator = as_generator(rng)
        n = branching**depth
        leaves = np.empty(n, dtype=np.int8)
        # draw in chunks so the temporary uniforms never take more than 8 MiB
        for start in range(0, n, _CHUNK):
            stop = min(n, start + _CHUNK)
            leaves[start:stop] = np.where(generator.random(stop - start) < p_win, 1, -1)
        self._init_root(_TreeData(branching, depth, leaves))

    @classmethod
    def from_leaves(cls, leaves, branching: int) -> RandomTree:
        """The root of the tree with the given leaf values (±1, length ``branching**depth``).

        Useful to build a particular tree by hand, e.g. seed 004 §2.2.2's position with one
        winning move among 100: ``RandomTree.from_leaves([1] + [-1] * 99, 100)``.
        """
        branching = _check_int("branching", branching, 1)
        values = np.asarray(leaves)
        if values.ndim != 1 or values.size == 0:
            raise ValueError("leaves must be a non-empty 1-D sequence of +1/-1 values")
        if not np.all((values == 1) | (values == -1)):
            raise ValueError("every leaf value must be +1 (player 0 wins) or -1 (player 1 wins)")
        if values.size > MAX_LEAVES:
            raise ValueError(f"{values.size} leaves is more than MAX_LEAVES = 2**26")
        depth = 0
        size = 1
        while size < values.size:
            size *= branching
            depth += 1
            if branching == 1:
                break
        if size != values.size:
            raise ValueError(f"{values.size} leaves is not a power of branching={branching}")
        root = _new(cls)
        root._init_root(_TreeData(branching, depth, values.astype(np.int8)))
        return root

    def _init_root(self, tree: _TreeData) -> None:
        _set(self, "_tree", tree)
        _set(self, "level", 0)
        _set(self, "index", 0)
        _set(self, "to_move", 0)

    @property
    def branching(self) -> int:
        return self._tree.branching

    @property
    def depth(self) -> int:
        """The depth of the whole tree (moves from the root to a leaf)."""
        return self._tree.depth

    @property
    def leaves(self) -> np.ndarray:
        """The values (+1/−1) of the leaves below this node, left to right (read-only view)."""
        tree = self._tree
        width = tree.branching ** (tree.depth - self.level)
        view = tree.leaves[self.index * width:(self.index + 1) * width]
        view.flags.writeable = False
        return view

    def legal_moves(self) -> tuple:
        if self.level == self._tree.depth:
            return ()
        return tuple(range(self._tree.branching))

    def play(self, move) -> RandomTree:
        tree = self._tree
        if self.level == tree.depth:
            raise ValueError(f"cannot play {move!r}: the game is over (this node is a leaf)")
        if type(move) is not int:
            move = _as_move(move)
        if type(move) is not int or not 0 <= move < tree.branching:
            raise ValueError(f"illegal move {move!r}: a move is a child index "
                             f"0..{tree.branching - 1}")
        child = _new(RandomTree)
        _set(child, "_tree", tree)
        _set(child, "level", self.level + 1)
        _set(child, "index", self.index * tree.branching + move)
        _set(child, "to_move", 1 - self.to_move)
        return child

    def is_terminal(self) -> bool:
        return self.level == self._tree.depth

    def winner(self) -> int | None:
        if self.level != self._tree.depth:
            return None
        return 0 if self._tree.leaves[self.index] > 0 else 1

    def __eq__(self, other):
        if not isinstance(other, RandomTree):
            return NotImplemented
        return (self._tree is other._tree and self.level == other.level
                and self.index == other.index)

    def __hash__(self):
        return hash((id(self._tree), self.level, self.index))

    def __repr__(self):
        return (f"<RandomTree node level={self.level} index={self.index} of a "
                f"{self._tree.branching}-ary tree of depth {self._tree.depth}>")

    def __str__(self):
        if self.is_terminal():
            return f"leaf {self.index}: player {self.winner()} wins"
        return (f"node at level {self.level} of {self._tree.depth} (index {self.index}), "
                f"player {self.to_move} to move")


class ExplicitTree(_Frozen, GameState):
    """A game given as a nested list: inner lists are positions, integers are results.

    ``ExplicitTree([[1, -1], [-1, -1]])``: player 0 chooses a sublist (move 0 or 1), then
    player 1 chooses an entry; a leaf ``+1`` means player 0 wins, ``-1`` player 1 wins,
    ``0`` a draw. Positions may have different numbers of moves and leaves may sit at any
    depth, so small textbook examples (seed 004 §2.2.2) can be written down directly. A
    node is the path of moves from the root; nodes are equal when they are the same path in
    the same tree object.
    """

    __slots__ = ("_node", "_root", "path", "to_move")

    def __init__(self, tree):
        _set(self, "_root", _validate_tree(tree, ()))
        _set(self, "_node", self._root)
        _set(self, "path", ())
        _set(self, "to_move", 0)

    def legal_moves(self) -> tuple:
        node = self._node
        return () if isinstance(node, int) else tuple(range(len(node)))

    def play(self, move) -> ExplicitTree:
        node = self._node
        if isinstance(node, int):
            raise ValueError(f"cannot play {move!r}: the game is over (this node is a leaf)")
        if type(move) is not int:
            move = _as_move(move)
        if type(move) is not int or not 0 <= move < len(node):
            raise ValueError(f"illegal move {move!r}: a move is a child index 0..{len(node) - 1}")
        child = _new(ExplicitTree)
        _set(child, "_root", self._root)
        _set(child, "_node", node[move])
        _set(child, "path", (*self.path, move))
        _set(child, "to_move", 1 - self.to_move)
        return child

    def is_terminal(self) -> bool:
        return isinstance(self._node, int)

    def winner(self) -> int | None:
        node = self._node
        if not isinstance(node, int) or node == 0:
            return None
        return 0 if node > 0 else 1

    def __eq__(self, other):
        if not isinstance(other, ExplicitTree):
            return NotImplemented
        return self._root is other._root and self.path == other.path

    def __hash__(self):
        return hash((id(self._root), self.path))

    def __repr__(self):
        return f"<ExplicitTree node at path {self.path}, player {self.to_move} to move>"

    def __str__(self):
        if self.is_terminal():
            result = {1: "player 0 wins", -1: "player 1 wins", 0: "draw"}[self._node]
            return f"leaf at path {self.path}: {result}"
        return (f"node at path {self.path}: player {self.to_move} to move, "
                f"{len(self._node)} moves")


def _validate_tree(tree, path):
    """A tuple-of-tuples copy of ``tree``; ValueError naming the path of a bad entry."""
    if isinstance(tree, bool):
        raise ValueError(f"leaf at path {path} must be +1, 0 or -1, got {tree!r}")
    if isinstance(tree, int | np.integer):
        if tree not in (-1, 0, 1):
            raise ValueError(f"leaf at path {path} must be +1, 0 or -1, got {tree!r}")
        return int(tree)
    if isinstance(tree, list | tuple):
        if not tree:
            raise ValueError(f"position at path {path} has no moves: use a leaf value instead")
        return tuple(_validate_tree(sub, (*path, i)) for i, sub in enumerate(tree))
    raise ValueError(f"entry at path {path} must be a list of moves or a leaf value, "
                     f"got {type(tree).__name__}")


# --------------------------------------------------------------------------------------------
# Random playouts
# --------------------------------------------------------------------------------------------


def random_playout(state: GameState, rng=None) -> int | None:
    """Play uniformly random legal moves from ``state`` to the end; return the winner.

    Returns 0 or 1 for the winning player, ``None`` for a draw. This is the "default policy"
    of Monte Carlo evaluation (seed 000 §8.2.2): every legal move has the same chance,
    whatever the position. The move index is ``floor(u · len(moves))`` for a uniform
    ``u`` in [0, 1) (uniforms are drawn from ``rng`` in batches of 32, which is much faster
    than one call per move; ``u · k < k`` always holds in floating point for ``k`` < 2**53).
    """
    generator = as_generator(rng)
    moves = state.legal_moves()
    uniforms = ()
    k = 0
    while moves:
        if k == len(uniforms):  # draw uniforms in batches: one NumPy call per 32 moves
            uniforms = generator.random(32).tolist()
            k = 0
        state = state.play(moves[int(uniforms[k] * len(moves))])
        k += 1
        moves = state.legal_moves()
    return state.winner()
