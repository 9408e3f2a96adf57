"""Monte Carlo Tree Search with the UCT selection rule (chapters 5 and 6).

The code follows seed 000 Algorithm 3 (UCTSEARCH) phase by phase, one function per phase:

* :func:`tree_policy` (selection): walk down from the root, choosing children with
  :func:`best_child`, until a node that is terminal or still has untried moves;
* :func:`expand` (expansion): add one child for an untried move, chosen at random;
* :func:`default_policy` (simulation): play uniformly random moves to the end of the game;
* :func:`backup` (backpropagation): add the result to every node on the path to the root.

Values and the backup sign
--------------------------
A node ``v`` stores ``N(v)``, its number of visits, and ``Q(v)``, the sum of the playout
rewards **from the viewpoint of the player who made the move into v** (``v.player``): +1 for a
win of that player, 0 for a draw, −1 for a loss. Because the players alternate, the reward
for a node's parent is the negative of the reward for the node; this is seed 000's
``Δ ← −Δ`` in BACKUP (negamax backup). We compute the sign by comparing the winner with
``v.player`` at each node, which is the same thing for alternating games and cannot go wrong
if a game ever lets a player move twice. With this convention the parent simply takes the
*maximum* of ``Q/N + exploration`` over its children, for either player: the pitfall of
scoring every node from one fixed player's side (which makes the search explore the worst
moves for the opponent) cannot happen.

Selection (seed 000 BESTCHILD, seed 001's UCT formula)::

    best_child(v, c) = argmax_{v' child of v}  Q(v')/N(v') + c · sqrt(2 ln N(v) / N(v'))

Rewards here lie in [−1, 1], a range of 2; seed 001's code scores wins 1, draws 0.5 and
losses 0 (a range of 1) and uses no constant, which is ``c = 2`` on our scale. Our default is
``c = 1`` (seed 000's constant on the ±1 scale). ``ln N(v)`` is computed once per selection
step. Unvisited children never take part in selection: a node is only passed to
:func:`best_child` once fully expanded.

Randomness
----------
Every search takes ``rng`` (int seed, ``numpy.random.Generator`` or None, see
:mod:`mcts_lesson._rng`). Drawing one number at a time from a NumPy Generator costs about a
microsecond, which would dominate a random playout, so each search draws one 63-bit seed
from the Generator and seeds a private :class:`random.Random` with it. That instance is used
for every expansion choice and playout move of that search. No global random state is used;
the same ``rng`` gives the same search.

Final move (seed 000 §8.3.3)
----------------------------
``final="max"``: the child with the highest mean ``Q/N`` (seed 000's ``BESTCHILD(v0, 0)``);
``"robust"``: the most visited child (seed 001's code, seed 002 §3); ``"max-robust"``: if the
two differ, keep searching, up to ``max_extra`` further iterations, until they agree (the
rule the Go program ERICA used). Ties are broken by the order in which children were expanded,
which is a uniformly random permutation, so ties are broken at random.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from mcts_lesson._rng import as_generator

__all__ = [
    "FINAL_RULES",
    "Convergence",
    "GraphNode",
    "MatchResult",
    "MinimaxPlayer",
    "Node",
    "RandomPlayer",
    "RootSnapshot",
    "SearchResult",
    "UCTPlayer",
    "backup",
    "best_child",
    "convergence_study",
    "count_nodes",
    "default_policy",
    "expand",
    "final_child",
    "play_game",
    "play_match",
    "tree_policy",
    "uct_search",
    "uct_search_transpositions",
]

FINAL_RULES = ("max", "robust", "max-robust")


# --------------------------------------------------------------------------------------------
# The tree
# --------------------------------------------------------------------------------------------
class Node:
    """One node of the search tree.

    Attributes
    ----------
    state : the game state ``s(v)``;
    move : the move ``a(v)`` that led here from the parent (None at the root);
    parent : the parent node (None at the root);
    player : the player who made ``move``, i.e. ``1 - state.to_move``; ``Q`` is from their side;
    children : list of child nodes, in the (random) order they were expanded;
    untried : moves not expanded yet;
    N, Q : visit count and total reward (from ``player``'s viewpoint).
    """

    __slots__ = ("N", "Q", "children", "move", "parent", "player", "state", "untried")

    def __init__(self, state, parent: Node | None = None, move=None):
        self.state = state
        self.parent = parent
        self.move = move
        self.player = 1 - state.to_move
        self.children: list[Node] = []
        self.untried = list(state.legal_moves())
        self.N = 0
        self.Q = 0.0

    @property
    def mean(self) -> float:
        """``Q/N``: the mean reward for ``player`` (0.0 before the first visit)."""
        return self.Q / self.N if self.N else 0.0

    def is_fully_expanded(self) -> bool:
        return not self.untried

    def __repr__(self) -> str:
        return (f"Node(move={self.move!r}, player={self.player}, N={self.N}, "
                f"Q={self.Q:g}, children={len(self.children)}, untried={len(self.untried)})")


def count_nodes(node: Node) -> int:
    """Number of nodes in the subtree rooted at ``node`` (iterative, no recursion limit)."""
    count, stack = 0, [node]
    while stack:
        v = stack.pop()
        count += 1
        stack.extend(v.children)
    return count


# --------------------------------------------------------------------------------------------
# The four phases (seed 000 Algorithm 3)
# --------------------------------------------------------------------------------------------
def best_child(v: Node, c: float) -> Node:
    """BESTCHILD(v, c): ``argmax_{v'} Q(v')/N(v') + c·sqrt(2 ln N(v) / N(v'))``.

    ``v`` must be fully expanded, so every child has ``N(v') ≥ 1``. The factor
    ``c·sqrt(2 ln N(v))`` is computed once per call, leaving ``Q/N + k/sqrt(N)`` per child.
    The first maximum in expansion order wins (a random tie-break, see module docs).
    """
    k = c * math.sqrt(2.0 * math.log(v.N))
    sqrt = math.sqrt
    best, best_value = None, -math.inf
    for child in v.children:
        n = child.N
        value = child.Q / n + k / sqrt(n)
        if value > best_value:
            best, best_value = child, value
    return best


def expand(v: Node, rand: random.Random) -> Node:
    """EXPAND(v): add a child for one untried move (a uniformly random one) and return it.

    The chosen move is swapped to the end of ``untried`` and popped (constant time).
    """
    untried = v.untried
    i = int(rand.random() * len(untried))
    untried[i], untried[-1] = untried[-1], untried[i]
    move = untried.pop()
    child = Node(v.state.play(move), v, move)
    v.children.append(child)
    return child


def tree_policy(v: Node, c: float, rand: random.Random) -> Node:
    """TREEPOLICY(v): descend with BESTCHILD until a node to expand; expand it.

    Returns the new child, or a terminal node reached inside the tree.
    """
    while v.children or v.untried:  # v is not terminal
        if v.untried:
            return expand(v, rand)
        v = best_child(v, c)
    return v


def default_policy(state, rand: random.Random):
    """DEFAULTPOLICY(s): play uniformly random legal moves to the end; return the winner.

    Returns 0, 1 or None (draw). The reward for a node follows from the winner in
    :func:`backup`.
    """
    moves = state.legal_moves()  # empty exactly when the game is over
    while moves:
        state = state.play(moves[int(rand.random() * len(moves))])
        moves = state.legal_moves()
    return state.winner()


def backup(v: Node, winner) -> None:
    """BACKUP(v, Δ): for v and every ancestor, ``N ← N + 1`` and ``Q ← Q + Δ(v)``.

    ``Δ(v) = +1`` if ``winner == v.player``, ``−1`` if the other player won, ``0`` for a
    draw; along an alternating path this is seed 000's ``Δ ← −Δ``.
    """
    while v is not None:
        v.N += 1
        if winner is not None:  # a draw adds 0
            v.Q += 1.0 if v.player == winner else -1.0
        v = v.parent


def final_child(root: Node, rule: str) -> Node:
    """The child a final-move rule picks: ``"max"`` (highest mean, then visits) or
    ``"robust"`` (most visits, then highest mean)."""
    if not root.children:
        raise ValueError("the root has no children yet: run at least one iteration")
    if rule == "max":
        return max(root.children, key=lambda v: (v.Q / v.N, v.N))
    if rule == "robust":
        return max(root.children, key=lambda v: (v.N, v.Q / v.N))
    raise ValueError(f"final-move rule must be 'max' or 'robust' here, got {rule!r}")


# --------------------------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RootSnapshot:
    """Root statistics after ``iteration`` iterations (see ``record_every``)."""

    iteration: int
    visits: dict
    values: dict
    tree_size: int
    robust_move: object
    max_move: object


@dataclass
class SearchResult:
    """What :func:`uct_search` returns.

    ``move``: the chosen move; ``visits`` and ``values``: per root move, ``N`` and the mean
    reward ``Q/N`` in [−1, 1] for the player to move at the root; ``tree_size``: nodes in the
    tree (root included); ``iterations``: iterations run by this call (extra ones of
    max-robust included); ``extra_iterations``: those added by max-robust; ``seconds``: wall
    time; ``history``: snapshots when ``record_every`` was given; ``root``: the tree itself.
    """

    move: object
    visits: dict
    values: dict
    tree_size: int
    iterations: int
    extra_iterations: int = 0
    seconds: float = 0.0
    c: float = 1.0
    final: str = "robust"
    history: list = field(default_factory=list, repr=False)
    root: Node | None = field(default=None, repr=False)

    def visit_shares(self) -> dict:
        """``N(v')/Σ N`` per root move: how much of the search went to each move."""
        total = sum(self.visits.values())
        return {m: n / total for m, n in self.visits.items()}


def _snapshot(root: Node, iteration: int, tree_size: int) -> RootSnapshot:
    return RootSnapshot(
        iteration=iteration,
        visits={v.move: v.N for v in root.children},
        values={v.move: v.Q / v.N for v in root.children},
        tree_size=tree_size,
        robust_move=final_child(root, "robust").move,
        max_move=final_child(root, "max").move,
    )


def _check_search_options(iterations, seconds, c, final, max_extra) -> None:
    """Raise ``ValueError`` naming the first bad search option (shared by search and player)."""
    if iterations is None and seconds is None:
        raise ValueError("give a budget: iterations=..., seconds=... or both")
    if iterations is not None and (isinstance(iterations, bool) or int(iterations) != iterations
                                   or iterations < 1):
        raise ValueError(f"iterations must be a positive integer, got {iterations!r}")
    if seconds is not None and not seconds > 0:
        raise ValueError(f"seconds must be positive, got {seconds!r}")
    if not (c >= 0 and math.isfinite(c)):
        raise ValueError(f"the exploration constant c must be finite and >= 0, got {c!r}")
    if final not in FINAL_RULES:
        raise ValueError(f"final must be one of {FINAL_RULES}, got {final!r}")
    if max_extra < 0:
        raise ValueError(f"max_extra must be >= 0, got {max_extra!r}")


def uct_search(state, iterations: int | None = None, *, c: float = 1.0, rng=None,
               seconds: float | None = None, final: str = "robust", max_extra: int = 0,
               record_every: int | None = None, root: Node | None = None) -> SearchResult:
    """UCTSEARCH(s0) of seed 000 Algorithm 3: build a tree from ``state``; return the move.

    Parameters
    ----------
    state
        A game state (see :mod:`mcts_lesson.games`) that is not terminal.
    iterations
        Number of iterations (TREEPOLICY, DEFAULTPOLICY, BACKUP). At least one of
        ``iterations`` and ``seconds`` is required; with both, the search stops at whichever
        comes first.
    c
        Exploration constant in ``Q/N + c·sqrt(2 ln N(v)/N(v'))`` (rewards in [−1, 1]).
    rng
        Int seed, ``numpy.random.Generator`` or None.
    seconds
        Wall-clock budget in seconds (checked every iteration).
    final
        ``"robust"`` (most visits), ``"max"`` (highest mean) or ``"max-robust"`` (search on,
        up to ``max_extra`` more iterations, until the two agree; then the robust child).
    record_every
        If given, a :class:`RootSnapshot` is stored every ``record_every`` iterations.
    root
        A tree from an earlier search whose root state equals ``state`` (tree reuse, seed
        001's "memory"); the search continues from its statistics.
    """
    if state.is_terminal():
        raise ValueError(f"cannot search a finished game: {state!r}")
    _check_search_options(iterations, seconds, c, final, max_extra)
    if record_every is not None and record_every < 1:
        raise ValueError(f"record_every must be a positive integer, got {record_every!r}")
    rand = random.Random(int(as_generator(rng).integers(2**63)))

    if root is None:
        root = Node(state)
        tree_size = 1
    else:
        if root.state != state:
            raise ValueError("the reused tree's root state differs from the state searched")
        root.parent = None
        tree_size = count_nodes(root)

    limit = math.inf if iterations is None else int(iterations)
    deadline = math.inf if seconds is None else time.perf_counter() + seconds
    clock = time.perf_counter
    history = []
    start = clock()
    done = 0
    while done < limit:
        leaf = tree_policy(root, c, rand)
        if leaf.N == 0:  # a new node (a terminal node already in the tree is revisited)
            tree_size += 1
        backup(leaf, default_policy(leaf.state, rand))
        done += 1
        if record_every is not None and done % record_every == 0:
            history.append(_snapshot(root, done, tree_size))
        if seconds is not None and clock() >= deadline:
            break

    extra = 0
    if final == "max-robust":
        while extra < max_extra and final_child(root, "max") is not final_child(root, "robust"):
            leaf = tree_policy(root, c, rand)
            if leaf.N == 0:
                tree_size += 1
            backup(leaf, default_policy(leaf.state, rand))
            extra += 1
    chosen = final_child(root, "max" if final == "max" else "robust")
    return SearchResult(
        move=chosen.move,
        visits={v.move: v.N for v in root.children},
        values={v.move: v.Q / v.N for v in root.children},
        tree_size=tree_size,
        iterations=done + extra,
        extra_iterations=extra,
        seconds=clock() - start,
        c=c,
        final=final,
        history=history,
        root=root,
    )


# --------------------------------------------------------------------------------------------
# UCT with statistics shared across transpositions (chapter 6)
# --------------------------------------------------------------------------------------------
class GraphNode:
    """One *state* of the search graph: shared by every path that reaches the state.

    ``edges`` lists ``(move, node)`` pairs for the expanded moves; the other fields are as in
    :class:`Node`. Two different parents can point to the same GraphNode.
    """

    __slots__ = ("N", "Q", "edges", "player", "state", "untried")

    def __init__(self, state):
        self.state = state
        self.player = 1 - state.to_move
        self.edges: list[tuple] = []
        self.untried = list(state.legal_moves())
        self.N = 0
        self.Q = 0.0


def uct_search_transpositions(state, iterations: int, *, c: float = 1.0, rng=None,
                              record_every: int | None = None) -> SearchResult:
    """UCT on the graph of *states*: one set of statistics per distinct state.

    The same four phases as :func:`uct_search`, with two changes. Expansion looks the new
    state up in a table first; if the state is already known (reached earlier by another
    move order, a *transposition*), the edge points to the existing node and its statistics
    are reused. Backup follows the path of this iteration (a node may have several
    parents). Selection uses ``Q(v')/N(v') + c·sqrt(2 ln N(v)/N(v'))`` with the shared
    counts. In Nim with ``n`` sticks there are only ``2(n+1)`` states (sticks left × player
    to move), whereas the tree of move sequences grows exponentially with ``n``.

    The games here never repeat a position within a game (the graph has no cycles), which
    this function relies on. ``tree_size`` in the result is the number of distinct states.
    """
    if state.is_terminal():
        raise ValueError(f"cannot search a finished game: {state!r}")
    if isinstance(iterations, bool) or int(iterations) != iterations or iterations < 1:
        raise ValueError(f"iterations must be a positive integer, got {iterations!r}")
    if not (c >= 0 and math.isfinite(c)):
        raise ValueError(f"the exploration constant c must be finite and >= 0, got {c!r}")
    if record_every is not None and record_every < 1:
        raise ValueError(f"record_every must be a positive integer, got {record_every!r}")
    rand = random.Random(int(as_generator(rng).integers(2**63)))
    root = GraphNode(state)
    table = {state: root}
    history = []
    sqrt, log = math.sqrt, math.log
    start = time.perf_counter()
    for done in range(1, int(iterations) + 1):
        v, path = root, [root]
        while v.edges or v.untried:  # tree policy on the graph
            if v.untried:  # expand: one random untried move
                untried = v.untried
                i = int(rand.random() * len(untried))
                untried[i], untried[-1] = untried[-1], untried[i]
                move = untried.pop()
                child_state = v.state.play(move)
                child = table.get(child_state)
                if child is None:
                    child = table[child_state] = GraphNode(child_state)
                v.edges.append((move, child))
                path.append(child)
                break
            k = c * sqrt(2.0 * log(v.N))
            best, best_value = None, -math.inf
            for _, child in v.edges:
                n = child.N
                value = child.Q / n + k / sqrt(n)
                if value > best_value:
                    best, best_value = child, value
            v = best
            path.append(v)
        winner = default_policy(path[-1].state, rand)
        for node in path:  # backup along this iteration's path
            node.N += 1
            if winner is not None:
                node.Q += 1.0 if node.player == winner else -1.0
        if record_every is not None and done % record_every == 0:
            history.append(_graph_snapshot(root, done, len(table)))
    robust = max(root.edges, key=lambda e: (e[1].N, e[1].Q / e[1].N))
    return SearchResult(
        move=robust[0],
        visits={m: v.N for m, v in root.edges},
        values={m: v.Q / v.N for m, v in root.edges},
        tree_size=len(table),
        iterations=int(iterations),
        seconds=time.perf_counter() - start,
        c=c,
        final="robust",
        history=history,
        root=None,
    )


def _graph_snapshot(root: GraphNode, iteration: int, size: int) -> RootSnapshot:
    return RootSnapshot(
        iteration=iteration,
        visits={m: v.N for m, v in root.edges},
        values={m: v.Q / v.N for m, v in root.edges},
        tree_size=size,
        robust_move=max(root.edges, key=lambda e: (e[1].N, e[1].Q / e[1].N))[0],
        max_move=max(root.edges, key=lambda e: (e[1].Q / e[1].N, e[1].N))[0],
    )


# --------------------------------------------------------------------------------------------
# Convergence experiments
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Convergence:
    """Result of :func:`convergence_study`.

    ``iterations``: checkpoints (multiples of ``record_every``); ``robust_ok`` and
    ``max_ok``: boolean arrays of shape ``(seeds, checkpoints)``, whether the robust / max
    child is an optimal move; ``shares``: the visit share of the optimal moves, same shape;
    ``tree_size``: nodes (or states) at each checkpoint, same shape; ``seconds``: wall time
    of each run.
    """

    iterations: object
    robust_ok: object
    max_ok: object
    shares: object
    tree_size: object
    seconds: object


def convergence_study(state, optimal, iterations: int, record_every: int, seeds: int,
                      *, c: float = 1.0, rng=None, transpositions: bool = False,
                      progress: Callable[[int], None] | None = None) -> Convergence:
    """Run ``seeds`` independent searches from ``state`` and record, every ``record_every``
    iterations, whether the robust and max children are in ``optimal`` (a set of moves).

    One search of ``iterations`` iterations gives the whole curve, because the root
    statistics after ``k`` iterations are exactly those of a search stopped at ``k``.
    All runs draw from one generator made from ``rng``.
    """
    optimal = frozenset(optimal)
    if not optimal:
        raise ValueError("optimal must name at least one move")
    if seeds < 1:
        raise ValueError(f"seeds must be at least 1, got {seeds!r}")
    if record_every < 1 or iterations < record_every:
        raise ValueError("need 1 <= record_every <= iterations, got "
                         f"record_every={record_every!r}, iterations={iterations!r}")
    generator = as_generator(rng)
    points = iterations // record_every
    robust_ok = np.zeros((seeds, points), dtype=bool)
    max_ok = np.zeros((seeds, points), dtype=bool)
    shares = np.zeros((seeds, points))
    sizes = np.zeros((seeds, points), dtype=np.int64)
    seconds = np.zeros(seeds)
    for run in range(seeds):
        if transpositions:
            result = uct_search_transpositions(state, iterations, c=c, rng=generator,
                                               record_every=record_every)
        else:
            result = uct_search(state, iterations, c=c, rng=generator,
                                record_every=record_every)
        seconds[run] = result.seconds
        for j, snap in enumerate(result.history[:points]):
            robust_ok[run, j] = snap.robust_move in optimal
            max_ok[run, j] = snap.max_move in optimal
            total = sum(snap.visits.values())
            shares[run, j] = sum(n for m, n in snap.visits.items() if m in optimal) / total
            sizes[run, j] = snap.tree_size
        if progress is not None:
            progress(run + 1)
    checkpoints = record_every * np.arange(1, points + 1)
    return Convergence(checkpoints, robust_ok, max_ok, shares, sizes, seconds)


# --------------------------------------------------------------------------------------------
# Players and matches
# --------------------------------------------------------------------------------------------
class _Player:
    """A player is called as ``player(state, rng=None) -> move``.

    ``rng`` given to the call (``play_match`` passes its own) takes precedence over the
    generator made from the constructor's ``rng``.
    """

    name = "player"

    def __init__(self, rng=None):
        self.rng = as_generator(rng)

    def _generator(self, rng):
        return self.rng if rng is None else as_generator(rng)

    def __repr__(self) -> str:
        return self.name


class RandomPlayer(_Player):
    """Plays a uniformly random legal move."""

    name = "random"

    def __call__(self, state, rng=None):
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no legal move in a finished game: {state!r}")
        return moves[int(self._generator(rng).integers(len(moves)))]


class MinimaxPlayer(_Player):
    """A perfect player: a uniformly random move among ``minimax.best_moves(state)``.

    Solved positions are kept in a table across calls, so a match solves each position once.
    """

    name = "minimax"

    def __init__(self, rng=None):
        super().__init__(rng)
        self._table: dict = {}

    def __call__(self, state, rng=None):
        from mcts_lesson.minimax import best_moves

        moves = sorted(best_moves(state, self._table))
        if not moves:
            raise ValueError(f"no legal move in a finished game: {state!r}")
        return moves[int(self._generator(rng).integers(len(moves)))]


class UCTPlayer(_Player):
    """UCT with a budget of ``iterations`` and/or ``seconds`` per move.

    With ``reuse_tree=True`` the player keeps its tree between moves (seed 001's "memory"):
    at the next call it looks for the new state among the grandchildren (its own move, then
    the opponent's) and the children of the last root, and continues from that subtree;
    otherwise, and at the start of a new game, it builds a new tree. ``last_result`` holds
    the last :class:`SearchResult` (e.g. for showing visit shares).
    """

    def __init__(self, iterations: int | None = 1000, *, seconds: float | None = None,
                 c: float = 1.0, final: str = "robust", max_extra: int = 0,
                 reuse_tree: bool = False, rng=None):
        super().__init__(rng)
        _check_search_options(iterations, seconds, c, final, max_extra)
        self.iterations, self.seconds, self.c = iterations, seconds, c
        self.final, self.max_extra, self.reuse_tree = final, max_extra, reuse_tree
        self.last_result: SearchResult | None = None
        self._root: Node | None = None

    @property
    def name(self) -> str:
        budget = (f"{self.iterations}" if self.seconds is None
                  else f"{self.seconds:g}s" if self.iterations is None
                  else f"{self.iterations}/{self.seconds:g}s")
        return f"UCT({budget}{', reuse' if self.reuse_tree else ''})"

    def _find(self, state) -> Node | None:
        root = self._root
        if root is None:
            return None
        if root.state == state:
            return root
        for child in root.children:
            if child.state == state:
                return child
            for grandchild in child.children:
                if grandchild.state == state:
                    return grandchild
        return None

    def __call__(self, state, rng=None):
        root = self._find(state) if self.reuse_tree else None
        result = uct_search(state, self.iterations, c=self.c, rng=self._generator(rng),
                            seconds=self.seconds, final=self.final, max_extra=self.max_extra,
                            root=root)
        self.last_result = result
        if self.reuse_tree:
            self._root = result.root
        return result.move

    def with_annotations(self, state, rng=None):
        """``(move, annotations)``: the move and each root move's visit share as text.

        The form ``play.TicTacToeBoard`` accepts for an opponent.
        """
        move = self(state, rng)
        shares = self.last_result.visit_shares()
        return move, {m: f"{100 * s:.0f}%" for m, s in shares.items()}


def play_game(first, second, state, rng=None, *, record: bool = False):
    """Play ``state`` to the end, ``first`` moving for the player to move at ``state``.

    Returns the winner (0, 1 or None), or ``(winner, moves)`` with ``record=True``.
    """
    generator = as_generator(rng)
    players = {state.to_move: first, 1 - state.to_move: second}
    moves = []
    while not state.is_terminal():
        move = players[state.to_move](state, generator)
        moves.append(move)
        state = state.play(move)
    return (state.winner(), moves) if record else state.winner()


@dataclass(frozen=True)
class MatchResult:
    """Outcome of a match, from player A's viewpoint."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """``(wins + draws/2) / games``."""
        return (self.wins + 0.5 * self.draws) / self.games


def play_match(player_a, player_b, games: int, rng=None, *, start=None,
               progress: Callable[[int], None] | None = None) -> MatchResult:
    """Play ``games`` games between A and B, alternating who moves first (A first in game 0).

    ``start`` is a zero-argument callable returning the initial state (default: an empty
    tic-tac-toe board). All randomness comes from ``rng``, which is passed to both players.
    Returns wins, draws and losses for A.
    """
    if isinstance(games, bool) or int(games) != games or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if start is None:
        from mcts_lesson.games import TicTacToe

        start = TicTacToe
    generator = as_generator(rng)
    wins = draws = losses = 0
    for game in range(int(games)):
        state = start()
        a_first = game % 2 == 0
        first, second = (player_a, player_b) if a_first else (player_b, player_a)
        a_seat = state.to_move if a_first else 1 - state.to_move
        winner = play_game(first, second, state, generator)
        if winner is None:
            draws += 1
        elif winner == a_seat:
            wins += 1
        else:
            losses += 1
        if progress is not None:
            progress(game + 1)
    return MatchResult(wins, draws, losses)
