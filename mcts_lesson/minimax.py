"""Solving games exactly (minimax) and estimating moves by random playouts (flat Monte Carlo).

Every finite two-player zero-sum game with perfect information has a *value* (seed 004
§2.2.1): label each finished position by its result and work backwards; the player to move
picks the child that is best for them. Scoring every position from the viewpoint of the
player to move (+1 win, 0 draw, −1 loss) makes both players maximisers, the *negamax* form:

.. math::

    V(s) = \\begin{cases}
        r(s) & \\text{if } s \\text{ is terminal,} \\\\
        \\max_{a \\in A(s)} \\; -V(T(s, a)) & \\text{otherwise,}
    \\end{cases}

where :math:`r(s)` is the result for the player to move at :math:`s` and :math:`T(s, a)`
the position after move :math:`a`. Three ways to compute it, with the same value:

* :func:`negamax` -- the plain recursion over the whole game tree (counts every node);
* :func:`alphabeta` -- the same recursion, skipping children that cannot change the result;
* :func:`solve` -- the recursion with a transposition table (a dict of solved positions),
  so each *distinct* position is solved once.

Flat Monte Carlo (seed 000 §8.2.2 and the flat planner of §8.3) instead plays random games
after each move and compares averages: :func:`flat_monte_carlo`. Chapter 4 shows where the
average and the value disagree; :func:`expected_playout_reward` computes the average that
infinitely many playouts would converge to.

Only NumPy and the standard library are used.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from mcts_lesson._rng import as_generator
from mcts_lesson.games import GameState, RandomTree, random_playout

__all__ = [
    "GOLDEN",
    "FlatMonteCarloResult",
    "RandomTreeStudy",
    "SearchResult",
    "alphabeta",
    "balanced_p_win",
    "best_moves",
    "count_games",
    "expected_playout_reward",
    "flat_monte_carlo",
    "move_values",
    "negamax",
    "negamax_tt",
    "random_tree_study",
    "random_tree_values",
    "reachable_states",
    "solve",
]


@dataclass(frozen=True)
class SearchResult:
    """The game value from the viewpoint of the player to move, and the nodes visited.

    ``value`` is +1 (the player to move wins with perfect play), 0 (draw) or −1 (loss);
    ``nodes`` counts every state the search visited, the root and the leaves included.
    """

    value: int
    nodes: int


def terminal_value(state: GameState) -> int:
    """The result of a finished game for the player to move: +1, 0 (draw) or −1.

    In all the course's games the player who just moved is the one who can have won, so a
    decided game is −1 for the player to move; the general form is kept for new games.
    """
    winner = state.winner()
    if winner is None:
        return 0
    return 1 if winner == state.to_move else -1


def _check_state(state) -> None:
    if not isinstance(state, GameState):
        raise ValueError(f"expected a game state (a GameState), got {type(state).__name__}")


# --------------------------------------------------------------------------------------------
# Exact searches
# --------------------------------------------------------------------------------------------


def negamax(state: GameState) -> SearchResult:
    """Plain negamax over the full game tree: no pruning, no table.

    ``nodes`` is the size of the game tree below ``state``: with :math:`N(s)` the count,
    :math:`N(s) = 1` at a finished game and :math:`N(s) = 1 + \\sum_a N(T(s, a))` otherwise.
    For Nim with ``n`` sticks and at most ``m`` per move this is
    :math:`N(0) = 1,\\; N(n) = 1 + \\sum_{k=1}^{\\min(m, n)} N(n-k)`; for tic-tac-toe from the
    empty board it is 549,946. The work grows with the tree, exponentially in the depth.
    """
    _check_state(state)
    count = 0

    def search(s: GameState) -> int:
        nonlocal count
        count += 1
        moves = s.legal_moves()
        if not moves:
            return terminal_value(s)
        best = -2
        for move in moves:
            value = -search(s.play(move))
            if value > best:
                best = value
        return best

    value = search(state)
    return SearchResult(value, count)


def alphabeta(state: GameState) -> SearchResult:
    """Negamax with alpha-beta pruning; the same value as :func:`negamax`, fewer nodes.

    ``search(s, α, β)`` returns the exact value when it lies strictly inside ``(α, β)``, a
    number ``≤ α`` when the true value is ``≤ α`` and one ``≥ β`` when it is ``≥ β``. The
    moment a child gives ``value ≥ β`` the remaining children are skipped: the opponent
    already has a better choice elsewhere, so this position will not be reached. Values lie
    in [−1, 1], so the root window is (−1, 1): a winning move ends the search at once.
    Children are searched in the order ``legal_moves()`` gives.
    """
    _check_state(state)
    count = 0

    def search(s: GameState, alpha: int, beta: int) -> int:
        nonlocal count
        count += 1
        moves = s.legal_moves()
        if not moves:
            return terminal_value(s)
        best = -2
        for move in moves:
            value = -search(s.play(move), -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    value = search(state, -1, 1)
    return SearchResult(value, count)


def negamax_tt(state: GameState, table: dict | None = None) -> SearchResult:
    """Negamax with a transposition table: each distinct position is expanded once.

    Positions reached by different move orders (transpositions) are solved the first time
    and then read from ``table`` (a dict ``state -> value``, filled in place if given).
    ``nodes`` counts the positions *expanded*, i.e. the distinct positions reachable from
    ``state`` that were not already in the table; for tic-tac-toe from the empty board that is
    every one of its 5,478 positions, against 549,946 nodes of the full tree.
    """
    _check_state(state)
    if table is None:
        table = {}
    count = 0

    def search(s: GameState) -> int:
        nonlocal count
        known = table.get(s)
        if known is not None:
            return known
        count += 1
        moves = s.legal_moves()
        if not moves:
            value = terminal_value(s)
        else:
            value = -2
            for move in moves:
                child = -search(s.play(move))
                if child > value:
                    value = child
        table[s] = value
        return value

    value = search(state)
    return SearchResult(value, count)


def solve(state: GameState, table: dict | None = None) -> int:
    """The game value of ``state`` for the player to move (+1, 0, −1), memoised.

    Uses :func:`negamax_tt`; pass the same ``table`` dict to reuse solved positions between
    calls (as :func:`best_moves` does). Fast on Nim with 30+ sticks (``2·(n+1)`` distinct
    positions at most) and on all of tic-tac-toe (5,478 positions).
    """
    return negamax_tt(state, table).value


def move_values(state: GameState, table: dict | None = None) -> dict:
    """``{move: value}`` where value is the game value *for the player to move* after it.

    That is :math:`-V(T(s, a))` for every legal move :math:`a`; the game value is the
    maximum. Raises ``ValueError`` on a finished game (there are no moves).
    """
    _check_state(state)
    if state.is_terminal():
        raise ValueError(f"the game is over, there are no moves to evaluate: {state!r}")
    if table is None:
        table = {}
    return {move: -solve(state.play(move), table) for move in state.legal_moves()}


def best_moves(state: GameState, table: dict | None = None) -> frozenset:
    """All moves that keep the game value: ``{a : -V(T(s, a)) = V(s)}``.

    At a lost position every move keeps the value −1, so every legal move is returned.
    Raises ``ValueError`` on a finished game.

    >>> from mcts_lesson.games import Nim
    >>> sorted(best_moves(Nim(10, 3)))   # 10 % 4 == 2: take 2, leaving a multiple of 4
    [2]
    """
    values = move_values(state, table)
    best = max(values.values())
    return frozenset(move for move, value in values.items() if value == best)


def reachable_states(state: GameState) -> list:
    """Every distinct state reachable from ``state`` (itself included), breadth first.

    Tic-tac-toe from the empty board: 5,478 states, 958 of them finished games.
    """
    _check_state(state)
    seen = {state}
    order = [state]
    queue = deque([state])
    while queue:
        s = queue.popleft()
        for move in s.legal_moves():
            child = s.play(move)
            if child not in seen:
                seen.add(child)
                order.append(child)
                queue.append(child)
    return order


def count_games(state: GameState) -> int:
    """The number of complete games (move sequences to a finished game) from ``state``.

    :math:`G(s) = 1` at a finished game, :math:`G(s) = \\sum_a G(T(s, a))` otherwise; memoised
    on positions, since the count depends only on the position. Tic-tac-toe: 255,168.
    """
    _check_state(state)
    table: dict = {}

    def games(s: GameState) -> int:
        known = table.get(s)
        if known is not None:
            return known
        moves = s.legal_moves()
        total = sum(games(s.play(m)) for m in moves) if moves else 1
        table[s] = total
        return total

    return games(state)


def random_tree_values(root: RandomTree) -> np.ndarray:
    """Minimax values (+1 player 0 wins, −1 player 1 wins) of ``root``'s children, vectorised.

    Works level by level on the leaf array: a node where player 0 moves takes the maximum of
    its children, one where player 1 moves the minimum. About a thousand times faster than
    :func:`solve` on a tree with a million leaves. For a root that is a leaf, raises
    ``ValueError``. The root's own value (for player 0) is ``max`` or ``min`` of the result
    as ``root.to_move`` is 0 or 1.
    """
    if not isinstance(root, RandomTree):
        raise ValueError(f"expected a RandomTree node, got {type(root).__name__}")
    if root.is_terminal():
        raise ValueError("a leaf has no children to evaluate")
    b = root.branching
    values = root.leaves.astype(np.int8)
    # the player moving at the parents of the current bottom level
    level = root.depth - 1
    while values.size > b:
        grouped = values.reshape(-1, b)
        values = grouped.max(axis=1) if level % 2 == 0 else grouped.min(axis=1)
        level -= 1
    return values.astype(int)


# --------------------------------------------------------------------------------------------
# Flat Monte Carlo
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FlatMonteCarloResult:
    """Per-move playout statistics of :func:`flat_monte_carlo` (arrays aligned with ``moves``).

    Rewards are from the viewpoint of the player to move at the evaluated position: a win
    counts 1, a draw 1/2, a loss 0.

    ``visits``
        :math:`n_i`, playouts after move :math:`i`.
    ``wins``
        :math:`w_i`, wins plus half the draws.
    ``win_rate``
        :math:`w_i / n_i`, a number in [0, 1]: the *win rate* (seed 000 §8.3 writes it
        ``P(win)``). It is **not** the mean of ±1 rewards; that mean is ``2·win_rate − 1``,
        in [−1, 1], available as ``mean_reward`` (SYLLABUS erratum on seed 000 §8.3).
    ``stderr``
        The standard error of ``win_rate``: the sample standard deviation of the per-playout
        rewards (0, 1/2 or 1) divided by :math:`\\sqrt{n_i}`.
    ``move``
        The move with the highest win rate (ties broken at random).
    """

    moves: tuple
    visits: np.ndarray
    wins: np.ndarray
    win_rate: np.ndarray
    stderr: np.ndarray
    move: object

    @property
    def mean_reward(self) -> np.ndarray:
        """The mean of ±1 rewards (win +1, draw 0, loss −1): ``2·win_rate − 1``."""
        return 2.0 * self.win_rate - 1.0

    def as_dict(self) -> dict:
        """``{move: (win_rate, stderr)}`` for printing."""
        return {m: (float(r), float(e))
                for m, r, e in zip(self.moves, self.win_rate, self.stderr, strict=True)}


def flat_monte_carlo(state: GameState, playouts_per_move: int, rng=None, *,
                     progress: Callable[[int], None] | None = None) -> FlatMonteCarloResult:
    """Evaluate each legal move by ``playouts_per_move`` uniformly random playouts.

    For move :math:`i` (seed 000 §8.3, the flat planner): play it, finish the game with
    :func:`~mcts_lesson.games.random_playout`, and count the result for the player to move
    now: :math:`n_i` playouts, :math:`w_i` wins (a draw counts 1/2). The estimate
    :math:`\\hat p_i = w_i / n_i` converges to the expected playout result
    (:func:`expected_playout_reward`) with standard error :math:`\\approx \\sigma_i/\\sqrt{n_i}`,
    like any Monte Carlo mean (chapter 1). The chosen move maximises :math:`\\hat p_i`.

    On a :class:`~mcts_lesson.games.RandomTree` a uniformly random playout below child
    :math:`i` ends at a uniformly random leaf of that subtree (every level has the same
    number of children), so the leaves are drawn directly: the same distribution, vectorised.

    ``progress``, if given, is called with the number of moves done so far.
    """
    _check_state(state)
    if isinstance(playouts_per_move, bool) or not isinstance(playouts_per_move, int | np.integer):
        raise ValueError(f"playouts_per_move must be an integer, got {playouts_per_move!r}")
    if playouts_per_move < 1:
        raise ValueError(f"playouts_per_move must be at least 1, got {playouts_per_move}")
    moves = state.legal_moves()
    if not moves:
        raise ValueError(f"the game is over, there are no moves to evaluate: {state!r}")
    generator = as_generator(rng)
    n = int(playouts_per_move)
    me = state.to_move
    wins = np.zeros(len(moves))
    squares = np.zeros(len(moves))
    for i, move in enumerate(moves):
        child = state.play(move)
        if isinstance(child, RandomTree):
            leaves = child.leaves
            sample = leaves[generator.integers(0, leaves.size, size=n)]
            # leaf +1 means player 0 wins
            rewards = (sample > 0) if me == 0 else (sample < 0)
            wins[i] = np.count_nonzero(rewards)
            squares[i] = wins[i]
        else:
            total = 0.0
            for _ in range(n):
                winner = random_playout(child, generator)
                total += 0.5 if winner is None else float(winner == me)
                if winner is None:
                    squares[i] += 0.25
                elif winner == me:
                    squares[i] += 1.0
            wins[i] = total
        if progress is not None:
            progress(i + 1)
    visits = np.full(len(moves), n)
    rate = wins / n
    if n > 1:
        variance = np.maximum(squares / n - rate**2, 0.0) * n / (n - 1)
        stderr = np.sqrt(variance / n)
    else:
        stderr = np.full(len(moves), math.inf)
    best = np.flatnonzero(rate == rate.max())
    move = moves[int(best[generator.integers(best.size)])] if best.size > 1 else moves[best[0]]
    return FlatMonteCarloResult(moves, visits, wins, rate, stderr, move)


def expected_playout_reward(state: GameState, table: dict | None = None) -> float:
    """The exact win rate of uniformly random playouts from ``state``, for the player to move.

    What :func:`flat_monte_carlo`'s ``win_rate`` converges to with infinitely many playouts:
    :math:`E(s) = \\frac{1}{|A(s)|}\\sum_a \\bigl(1 - E(T(s, a))\\bigr)` (the reward of the
    player to move after ``a`` is the complement of the child's), with :math:`E(s)` equal to
    1, 1/2 or 0 at a won, drawn or lost finished game. Memoised on positions; feasible for
    games with up to some hundred thousand positions (all of tic-tac-toe, Nim).
    """
    _check_state(state)
    if table is None:
        table = {}

    def expected(s: GameState) -> float:
        known = table.get(s)
        if known is not None:
            return known
        moves = s.legal_moves()
        if not moves:
            value = (terminal_value(s) + 1) / 2
        else:
            value = sum(1.0 - expected(s.play(m)) for m in moves) / len(moves)
        table[s] = value
        return value

    return expected(state)


# --------------------------------------------------------------------------------------------
# Seed 004's experiment: flat Monte Carlo against minimax on random trees
# --------------------------------------------------------------------------------------------

#: (√5 − 1)/2: the leaf probability that keeps binary game trees balanced (see below).
GOLDEN = (math.sqrt(5.0) - 1.0) / 2.0


def balanced_p_win(depth: int) -> float:
    """Leaf probability of +1 that keeps the root of a binary tree of ``depth`` undecided.

    With leaves +1 with probability ``p``, a node where player 0 moves wins (for player 0)
    with probability :math:`1-(1-q)^2`, one where player 1 moves with probability
    :math:`q^2`, where ``q`` is the children's probability. Two levels compose to
    :math:`q \\mapsto 1-(1-q^2)^2` (MIN below MAX), whose fixed point in (0, 1) is
    :math:`q^* = (\\sqrt5-1)/2 ≈ 0.618`; for MAX below MIN the fixed point is
    :math:`1 - q^* ≈ 0.382`. Started at the fixed point, every level keeps it; started
    anywhere else (e.g. ``p = 1/2``), the probability runs off to 0 or 1 and deep trees are
    decided before the first move. The parents of the leaves are at level ``depth − 1``,
    where player ``(depth − 1) % 2`` moves: for even ``depth`` they are MIN nodes.
    """
    depth = int(depth)
    if depth < 1:
        raise ValueError(f"depth must be at least 1, got {depth}")
    return GOLDEN if depth % 2 == 0 else 1.0 - GOLDEN


@dataclass(frozen=True)
class RandomTreeStudy:
    """Counts per depth from :func:`random_tree_study` (arrays aligned with ``depths``).

    ``decided``: trees whose two root moves have different minimax values (the choice
    matters); ``agree``: of those, how often flat Monte Carlo chose the winning move;
    ``agree_limit``: the same for infinitely many playouts (the move whose subtree has the
    larger fraction of +1 leaves; an exact tie counts 1/2); ``optimal_any``: over all
    trees, how often flat Monte Carlo's move was minimax-optimal.
    """

    depths: np.ndarray
    trees: int
    playouts_per_move: int
    p_win: np.ndarray
    decided: np.ndarray
    agree: np.ndarray
    agree_limit: np.ndarray
    optimal_any: np.ndarray


def random_tree_study(depths, trees: int, playouts_per_move: int, *, p_win="balanced",
                      rng=None, progress: Callable[[int], None] | None = None
                      ) -> RandomTreeStudy:
    """Seed 004 §4.2(1): flat Monte Carlo's root choice against minimax on random binary trees.

    For each depth ``d``, draw ``trees`` complete binary trees with ±1 leaves (+1 with
    probability ``p_win``: a number, or ``"balanced"`` for :func:`balanced_p_win`), solve
    each with :func:`random_tree_values`, run :func:`flat_monte_carlo` with
    ``playouts_per_move`` playouts per root move, and count agreements (see
    :class:`RandomTreeStudy`). ``progress`` is called with the number of depths done.
    """
    depths = np.asarray(list(depths), dtype=int)
    if depths.size == 0 or depths.min() < 1:
        raise ValueError("depths must be a non-empty list of depths >= 1")
    if trees < 1:
        raise ValueError(f"trees must be at least 1, got {trees}")
    generator = as_generator(rng)
    ps, decided, agree, limit, optimal = [], [], [], [], []
    for k, d in enumerate(depths):
        p = balanced_p_win(d) if isinstance(p_win, str) and p_win == "balanced" else p_win
        if isinstance(p, str):
            raise ValueError(f"p_win must be a probability or 'balanced', got {p_win!r}")
        n_decided = n_agree = n_optimal = 0
        n_limit = 0.0
        for _ in range(trees):
            root = RandomTree(2, int(d), generator, p_win=p)
            values = random_tree_values(root)
            result = flat_monte_carlo(root, playouts_per_move, generator)
            n_optimal += values[result.move] == values.max()
            if values[0] == values[1]:
                continue
            n_decided += 1
            winner = int(np.argmax(values))
            n_agree += result.move == winner
            half = root.leaves.size // 2
            means = (np.count_nonzero(root.leaves[:half] == 1),
                     np.count_nonzero(root.leaves[half:] == 1))
            n_limit += 1.0 if means[winner] > means[1 - winner] else (
                0.5 if means[0] == means[1] else 0.0)
        ps.append(p)
        decided.append(n_decided)
        agree.append(n_agree)
        limit.append(n_limit)
        optimal.append(n_optimal)
        if progress is not None:
            progress(k + 1)
    return RandomTreeStudy(depths, trees, playouts_per_move, np.array(ps), np.array(decided),
                           np.array(agree), np.array(limit), np.array(optimal))
