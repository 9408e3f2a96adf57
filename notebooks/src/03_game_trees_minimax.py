# ---
# jupyter:
#   jupytext:
#     formats: ipynb,src//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Chapter 3 — Game trees and minimax
#
# Chapters 1 and 2 estimated numbers by sampling and chose between slot machines. A game
# is harder: the outcome of a move depends on what the *opponent* does next, and on what
# you do after that. This chapter solves small games *exactly*, so that the following
# chapters have a ground truth to measure Monte Carlo methods against.
#
# **What you will learn**
#
# 1. How a two-player game fits the decision-process model of seed 000 §8.1, and the small
#    state interface (`legal_moves`, `play`, `is_terminal`, `to_move`, `winner`) that every
#    search in this course uses.
# 2. Matchstick Nim, its game tree, and why the player to move loses exactly when
#    `n % (m + 1) == 0`.
# 3. Minimax in its *negamax* form, by hand and in code, and why it always finds the
#    value of a finite game (seed 004 §2.2.1).
# 4. How fast the full game tree grows (seed 003's study, with a correction to its
#    numbers), and how alpha-beta pruning and a transposition table cut the work.
# 5. Tic-tac-toe, solved: its counts, its value, and a board to play against the perfect
#    player.

# %%
import math

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from mcts_lesson.checks.games import check_subtraction_game, check_tree_size
from mcts_lesson.figures.games import nim_tree_figure, node_count_figure
from mcts_lesson.games import GameState, Nim, TicTacToe
from mcts_lesson.minimax import (
    alphabeta,
    best_moves,
    count_games,
    negamax,
    negamax_tt,
    reachable_states,
    solve,
)
from mcts_lesson.play import TicTacToeBoard, perfect_player
from mcts_lesson.timing import format_seconds, timed
from mcts_lesson.widgets import interactive_plot

# %% [markdown]
# ## 1. A game is a decision process
#
# Seed 000 §8.1 describes a *Markov decision process* by five ingredients,
# $\{T, S, A(i), P(\cdot \mid i, a), r(i, a)\}$: the decision times $T$, the states $S$,
# the actions $A(i)$ available in state $i$, the transition probabilities
# $P(j \mid i, a)$ of landing in state $j$, and the reward $r(i, a)$. "Markov" means the
# next state and the reward depend only on the current state and action, not on the
# history.
#
# **Matchstick Nim** (seed 003 §2): $n$ sticks lie on the table; the players take turns
# removing between 1 and $m$ sticks; whoever takes the last stick wins. In the five-tuple:
#
# | ingredient | in Nim |
# | --- | --- |
# | decision times $T$ | the turns $0, 1, 2, \dots$ until the sticks run out (at most $n$) |
# | states $S$ | (sticks left, player to move) |
# | actions $A(i)$ | take $k$ sticks, $1 \le k \le \min(m, \text{sticks left})$ |
# | transitions $P(j \mid i, a)$ | deterministic: probability 1 for (sticks $- k$, the other player) |
# | reward $r(i, a)$ | 0 on every move, except +1 for the move that takes the last stick |
#
# Two things differ from a one-player MDP: there are two decision makers with opposite
# goals (a win for one is a loss for the other, *zero-sum*), and the transitions are
# deterministic. What is left is a **game tree**: the positions as nodes, the moves as
# edges.
#
# In code a position is a *state object*. Here is Nim with 5 sticks and at most 3 per move:

# %%
state = Nim(5, 3)
print(state)
print("legal moves:", state.legal_moves())
after = state.play(2)
print(after)
print(repr(after), "| finished:", after.is_terminal(), "| winner:", after.winner())

# %% [markdown]
# States are *immutable*: `play` returns a new state and leaves the old one alone, so a
# search can try a move and simply forget it. Players are numbered 0 and 1, player 0 moves
# first. A finished game reports its winner; an illegal move is refused with a message that
# names it:

# %%
try:
    Nim(2, 3).play(3)
except ValueError as error:
    print("ValueError:", error)

# %% [markdown]
# ### The state interface
#
# Every search in this course (minimax here, flat Monte Carlo in chapter 4, UCT in chapter
# 5) talks to a game only through five members, the `GameState` interface (it follows the
# `GameState` class of seed 001):
#
# | member | meaning |
# | --- | --- |
# | `to_move` | the player to move, 0 or 1 |
# | `legal_moves()` | a tuple of legal moves, ascending; empty when the game is over |
# | `play(move)` | the new state after `move`; `ValueError` if it is illegal |
# | `is_terminal()` | is the game over? |
# | `winner()` | 0 or 1, or `None` for a draw or an unfinished game |
#
# plus equality and hashing by position, so positions can be stored in dictionaries. To add
# a game you write these and nothing else. Here is a complete (tiny) game written in a
# dozen lines: *Countdown*, where a counter starts at `n`, each turn subtracts 1 or 2, and
# whoever reaches 0 wins. (It is Nim with `m = 2`, in disguise.)

# %%
class Countdown(GameState):
    """A counter starts at n; each turn subtracts 1 or 2; reaching 0 wins."""

    __slots__ = ("n", "to_move")

    def __init__(self, n, to_move=0):
        self.n, self.to_move = n, to_move

    def legal_moves(self):
        return tuple(k for k in (1, 2) if k <= self.n)

    def play(self, move):
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move!r}")
        return Countdown(self.n - move, 1 - self.to_move)

    def is_terminal(self):
        return self.n == 0

    def winner(self):
        return 1 - self.to_move if self.n == 0 else None

    def __eq__(self, other):
        return (self.n, self.to_move) == (other.n, other.to_move)

    def __hash__(self):
        return hash((self.n, self.to_move))


# The package's solver works on it unchanged, and agrees with Nim(n, 2):
countdown_values = [solve(Countdown(n)) for n in range(10)]
print("Countdown values for n = 0..9:", countdown_values)
assert countdown_values == [solve(Nim(n, 2)) for n in range(10)]

# %% [markdown]
# (The values are +1 when the player to move wins with best play, −1 when they lose;
# section 3 explains how `solve` gets them.)
#
# ## 2. The game tree of a small Nim
#
# Draw every position reachable from `Nim(4, 2)`: the root is the start, each edge is a
# move (labelled with the sticks taken), the leaves are finished games (0 sticks). Circles
# are positions where player 0 moves, squares where player 1 moves. The colour is the
# result of perfect play *for the player to move there*, which the next sections compute.

# %%
fig = nim_tree_figure(4, 2)
plt.show()

# %% [markdown]
# Read the tree from the bottom. At a leaf (0 sticks) the player to move has *lost*: the
# opponent just took the last stick. A position is a win for the player to move if **some**
# move leads to a position that is lost for the opponent, and a loss if **every** move
# leads to a position that is won for the opponent. That rule, applied from the leaves up,
# colours the whole tree. Try other sizes (the tree grows quickly; it is drawn up to 200
# positions):

# %%
interactive_plot(
    nim_tree_figure,
    sticks=widgets.IntSlider(value=5, min=0, max=7, description="sticks n"),
    max_take=widgets.IntSlider(value=2, min=1, max=3, description="max take m"),
)

# %% [markdown]
# ### The closed form
#
# With at most $m$ sticks per move, the player to move **loses exactly when
# $n \bmod (m+1) = 0$**. Why:
#
# * $n = 0$: the game is over and the player to move has lost. $0 \bmod (m+1) = 0$.
# * If $n \bmod (m+1) = 0$ and $n > 0$, every move takes $k \in \{1,\dots,m\}$ sticks and
#   leaves $n - k$, which is *not* a multiple of $m+1$. The opponent then takes
#   $(n-k) \bmod (m+1) = m + 1 - k$ sticks, restoring a multiple of $m+1$. Whatever you do,
#   you face a multiple of $m+1$ again, until you face 0.
# * If $n \bmod (m+1) = r \ne 0$, take $r$ sticks: the opponent faces a multiple of $m+1$.
#
# So the winning move takes $n \bmod (m+1)$ sticks. The solver agrees for every
# $n \le 40$ and $m \le 6$:

# %%
table = {}
mismatches = [
    (n, m)
    for m in range(1, 7)
    for n in range(0, 41)
    if solve(Nim(n, m), table) != (-1 if n % (m + 1) == 0 else 1)
]
print("positions checked:", 6 * 41, "| mismatches:", mismatches)
assert not mismatches
print("best moves in Nim(10, 3):", sorted(best_moves(Nim(10, 3))), "(10 % 4 = 2)")
print("best moves in Nim(8, 3): ", sorted(best_moves(Nim(8, 3))), "(lost: every move keeps value −1)")

# %% [markdown]
# ## 3. Minimax, by hand and in code
#
# Seed 004 §2.2.1 argues that *every* finite two-player game has a value: label the leaves
# with their results (+1 if player A wins, −1 if B wins) and pass values up the tree; where
# A moves take the maximum of the children, where B moves the minimum. The root's value
# then says who wins with perfect play. That is the **minimax** algorithm. With draws the
# same works with three values, +1, 0, −1.
#
# **By hand.** In the first tree above (`Nim(4, 2)`), the bottom leaves are lost for the player to
# move (value −1 from their side). A position with 1 stick has one move, to a leaf that is
# lost for the opponent, so it is won (+1). With 2 sticks you can move to 1 stick (won for
# the opponent) or to 0 (lost for the opponent): take 2, value +1. With 3 sticks both moves
# reach 2 or 1 stick, both won for the opponent: value −1. With 4 sticks, take 1 and leave
# 3: value +1. Matches the colours, and $4 \bmod 3 = 1$.
#
# **Negamax.** Scoring every position from the viewpoint of the *player to move* makes both
# players maximisers: a position worth $v$ to me is worth $-v$ to my opponent. With $r(s)$
# the result of a finished game for the player to move and $T(s, a)$ the position after
# move $a$,
#
# $$
# V(s) = \begin{cases} r(s) & \text{if } s \text{ is finished}, \\
# \max_{a \in A(s)} \; -V\bigl(T(s, a)\bigr) & \text{otherwise.} \end{cases}
# $$
#
# In code it is as short as the formula:

# %%
def my_negamax(state):
    """Value of `state` for the player to move: +1 win, 0 draw, -1 loss."""
    if state.is_terminal():
        winner = state.winner()
        return 0 if winner is None else (1 if winner == state.to_move else -1)
    return max(-my_negamax(state.play(move)) for move in state.legal_moves())


print("Nim(n, 2), n = 0..4:", [my_negamax(Nim(n, 2)) for n in range(5)])  # the hand analysis
print("Nim(n, 3), n = 0..8:", [my_negamax(Nim(n, 3)) for n in range(9)])
assert [my_negamax(Nim(n, 2)) for n in range(5)] == [-1, 1, 1, -1, 1]
assert all(my_negamax(Nim(n, 3)) == negamax(Nim(n, 3)).value for n in range(12))

# %% [markdown]
# The package's `negamax` is the same recursion; it also counts the positions it visits.
# `alphabeta` adds pruning and `solve` a table of solved positions (end of section 4).
#
# ## 4. How big is the tree? Seed 003's study
#
# Seed 003 runs minimax on Nim with $m = 3$ and reports how the number of nodes and the
# time grow with $n$. Let us count. Full negamax visits every node of the game tree, the
# root and the leaves included. Write $N(n)$ for that number from $n$ sticks: the root, plus
# the trees below each of its $\min(m, n)$ children,
#
# $$ N(0) = 1, \qquad N(n) = 1 + \sum_{k=1}^{\min(m,\,n)} N(n-k). $$
#
# For $n \le m$ every sequence of takes is possible and $N(n) = 2^n$ (1, 2, 4, 8 for
# $m = 3$). Seed 003 writes the same recurrence, $T(n) = 1 + \sum_{i=1}^{m} T(n-i)$ (its
# equation (1)), but starts it with $T(i) = 1$ for $0 \le i \le m$ (equation (3)), as if a
# position with at most $m$ sticks were a leaf. Both are computed below, together with the
# nodes the package's search actually visits.

# %%
M = 3
N_MAX = 30


def tree_size_recurrence(n_max, m, start):
    """N(0..n_max) from N(n) = 1 + sum_{k=1}^{m} N(n-k), given N(0..m) = start."""
    values = list(start)
    for n in range(len(values), n_max + 1):
        values.append(1 + sum(values[n - k] for k in range(1, m + 1)))
    return values


ours = tree_size_recurrence(N_MAX, M, [2**i for i in range(M + 1)])
papers = tree_size_recurrence(N_MAX, M, [1] * (M + 1))

ns = list(range(0, 21))
full_nodes = [negamax(Nim(n, M)).nodes for n in ns]
assert full_nodes == ours[: len(ns)]
print("negamax nodes, n = 0..20:", full_nodes)

# %% [markdown]
# The search agrees with our recurrence for every $n \le 20$ (asserted). Now put the
# numbers seed 003 prints next to both recurrences:

# %%
printed = {20: 133_079, 21: 252_396, 26: 6_301_680}
print(f"{'n':>3} {'seed 003 printed':>17} {'seed 003 recurrence':>20} {'our count':>12}")
for n, value in printed.items():
    print(f"{n:>3} {value:>17,} {papers[n]:>20,} {ours[n]:>12,}")
assert all(papers[n] != value and ours[n] != value for n, value in printed.items())

# %% [markdown]
# **The printed counts do not follow from the paper's own recurrence** with $T(i) = 1$ for
# $i \le m$ (which gives 69,748 at $n = 20$), nor do they equal our count of the full tree
# (266,079). We cannot tell how the paper counted. (A curiosity we cannot explain either:
# each printed number ends in the same digits as our count — …079, …396, …301,680.) What
# does reproduce is the *growth*: the paper reports that the count grows by about 1.9 per
# extra stick. Our recurrence grows like $\lambda^n$ where $\lambda$ is the largest root of
# $x^{m+1} - 2x^m + 1 = 0$ (subtract the recurrence for $n-1$ from the one for $n$, as the
# paper does in its equation (4), to get $N(n) = 2N(n-1) - N(n-m-1)$):

# %%
roots = np.roots([1, -2] + [0] * (M - 1) + [1])
growth = max(r.real for r in roots if abs(r.imag) < 1e-12 and abs(r.real - 1) > 1e-9)
ratio_printed = printed[21] / printed[20]
print(f"growth factor lambda for m = 3: {growth:.4f}")
print(f"our N(21)/N(20) = {ours[21] / ours[20]:.4f}; printed 252,396/133,079 = {ratio_printed:.4f}")
assert abs(ours[21] / ours[20] - growth) < 1e-3
bound_fails = [n for n in range(M, N_MAX + 1) if papers[n] > 2 ** (n - M)]
print("n where seed 003's recurrence breaks its bound T(n) <= 2^(n-m):", bound_fails)
assert bound_fails == list(range(4, 13)) and ours[20] > 2**17

# %% [markdown]
# For $m = 3$ the homogeneous part is the tribonacci recurrence and $\lambda \approx 1.839$.
#
# A second slip: the paper concludes $T(n) \le 2T(n-1)$ for $n \ge m$ and hence
# $T(n) \le 2^{n-m}$, but $T(n) = 2T(n-1) - T(n-m-1)$ only holds once the recurrence
# applies at both $n$ and $n - 1$, i.e. for $n \ge m + 2$. At $n = m + 1$ its own numbers
# give $T(4) = 4 > 2\,T(3) = 2$, and the bound fails for $n = 4, \dots, 12$ (printed
# above); it holds from $n = 13$ on, because $\lambda < 2$. For the real tree it fails
# too: $N(20) = 266{,}079 > 2^{17} = 131{,}072$. The honest summary is "grows like
# $\lambda^n$ with $\lambda \approx 1.84$", close to the paper's "about 1.9 per stick".
#
# ### Time, alpha-beta and transpositions
#
# Timing the full search shows the same exponential (best of two runs per $n$, on this
# machine). We fit $\log t = a + n \log \lambda_t$ by least squares over $n = 12..21$ and
# extrapolate. At the same time we count the nodes visited by two improvements:
#
# * **alpha-beta pruning** stops examining a position's moves as soon as one of them proves
#   the position at least as good as anything the opponent would allow; here, as soon as a
#   winning move is found, since +1 cannot be beaten;
# * a **transposition table** remembers solved positions. In Nim, taking 1 then 2 sticks
#   reaches the same position as 2 then 1; with the table it is solved once. Nim with $n$
#   sticks has at most $2(n+1)$ distinct positions (sticks left, player to move).

# %%
time_ns = list(range(12, 22))
seconds = [timed(negamax, Nim(n, M), repeat=2)[1] for n in time_ns]
slope, intercept = np.polyfit(time_ns, np.log(seconds), 1)
time_growth = math.exp(slope)
fit_ns = np.arange(12, 27)
fit_seconds = np.exp(intercept + slope * fit_ns)
print("full negamax on Nim(20, 3):", format_seconds(seconds[time_ns.index(20)]))
print("extrapolated to Nim(26, 3):", format_seconds(float(fit_seconds[-1])))

pruned_nodes = [alphabeta(Nim(n, M)).nodes for n in ns]
table_nodes = [negamax_tt(Nim(n, M)).nodes for n in ns]
print("alpha-beta nodes, n = 0..20:", pruned_nodes)
print("transposition-table nodes:  ", table_nodes)
assert all(t <= 2 * (n + 1) for n, t in zip(ns, table_nodes, strict=True))

fig = node_count_figure(
    ns,
    {"full negamax": full_nodes, "alpha-beta": pruned_nodes, "transposition table": table_nodes},
    time_ns,
    seconds,
    paper_printed=printed,
    paper_recurrence=papers[: len(ns)],
    growth=time_growth,
    fit_ns=fit_ns,
    fit_seconds=fit_seconds,
)
plt.show()

# %% [markdown]
# The fitted growth factor of the time is shown in the legend; it should be near
# $\lambda \approx 1.84$, since the time per node is roughly constant (it is a measurement,
# so it varies a little from run to run). The paper's times (0.484 s at $n = 20$, more than
# 20 s at $n = 26$) are for a different program on a different machine; only the
# exponential shape is comparable.
#
# Alpha-beta (squares) still grows exponentially, at a smaller rate per stick (printed
# below, measured over the last four sticks); the transposition table (triangles) makes
# the work *linear* in $n$. With it, even $n = 30$, whose full tree has over a hundred
# million nodes, is solved from a few dozen positions:

# %%
pruned_rate = (pruned_nodes[20] / pruned_nodes[16]) ** (1 / 4)
print(f"growth per stick, n = 16..20: full tree {ours[20] / ours[19]:.3f}, alpha-beta {pruned_rate:.3f}")
assert pruned_rate < growth - 0.1
print(f"full tree of Nim(30, 3): {ours[30]:,} nodes")
assert ours[30] > 10**8
result, seconds_30 = timed(negamax_tt, Nim(30, M))
print("transposition table:", result, "in", format_seconds(seconds_30))
assert result.nodes <= 2 * 31
print("best moves:", sorted(best_moves(Nim(30, M))), "(30 % 4 = 2)")

# %% [markdown]
# ## 5. Tic-tac-toe, solved
#
# `TicTacToe()` is the empty board; `x` is player 0 and moves first; moves are cell
# indices 0–8 in reading order. `TicTacToe.from_string` reads a position (the side to move
# follows from the counts) and refuses boards that cannot occur in a game:

# %%
position = TicTacToe.from_string("x.o" ".x." "...")
print(position)
print("o to move:", position.to_move == 1, "| legal moves:", position.legal_moves())
print("best moves for o:", sorted(best_moves(position)), "| value for o:", solve(position))
assert best_moves(position) == frozenset({8}) and solve(position) == 0
for bad in ["xxo.....", "xx.......", "xxxooo..."]:
    try:
        TicTacToe.from_string(bad)
    except ValueError as error:
        print("ValueError:", error)

# %% [markdown]
# x threatens the diagonal 0–4–8, so o must block at cell 8: that is the only move that
# keeps the draw (value 0), every other move loses.
#
# Now the whole game. The numbers below are computed, not quoted; the tests check them
# against an independent enumeration written from the rules.

# %%
root = TicTacToe()
states = reachable_states(root)
terminal = [s for s in states if s.is_terminal()]
games = count_games(root)
full = negamax(root)
pruned = alphabeta(root)
with_table = negamax_tt(root)
print(f"distinct reachable positions: {len(states):,} ({len(terminal):,} of them finished)")
print(f"complete games (move sequences): {games:,}")
print(f"nodes of the full game tree:     {full.nodes:,}")
print(f"nodes visited by alpha-beta:     {pruned.nodes:,}")
print(f"positions expanded with a table: {with_table.nodes:,}")
print("value of the empty board:", full.value, "(a draw)")
assert (len(states), len(terminal), games) == (5478, 958, 255168)
assert full.value == pruned.value == with_table.value == 0

# %% [markdown]
# The full tree has 549,946 nodes but only 5,478 different positions: most nodes are
# transpositions (the same position reached by moves in a different order).
#
# Seed 001 estimates the size of a search by $W^H$, the widest branching to the power of
# the depth: about $2.8 \times 10^{14}$ for eight queens, and for Go about
# $4 \times 10^{383}$, against roughly $2 \times 10^{170}$ legal Go positions (Tromp's
# count). The same crude bounds for tic-tac-toe, next to the exact counts above:

# %%
print(f"move sequences, at most 9! = {math.factorial(9):,}; complete games: {games:,}")
print(f"boards, at most 3^9 = {3**9:,}; positions that occur in a game: {len(states):,}")
assert games < math.factorial(9) and len(states) < 3**9

# %% [markdown]
# The bounds overcount (games stop at the first line; most boards cannot occur), but
# only by small factors here. For Go, even the exact count is far beyond any computer's
# memory, which is why the rest of the course turns to sampling.
#
# Perfect play from both sides is a draw, and the solver knows which moves keep the draw:

# %%
print("x's best first moves:", sorted(best_moves(root)))
print("o's best replies to a corner (x at 0):", sorted(best_moves(root.play(0))))
assert best_moves(root) == frozenset(range(9))
assert best_moves(root.play(0)) == frozenset({4})

# %% [markdown]
# Every first move draws; but after a corner, only the centre saves o.
#
# ### Play against the perfect player
#
# Click a cell to move. The perfect player chooses at random among its value-keeping
# moves and writes on every empty cell what that move would have given *it* with perfect
# play afterwards ("win", "draw", "loss"). Try to win (you cannot); try to lose on purpose
# and watch the labels change. Choose who starts with the toggle.

# %%
TicTacToeBoard(perfect_player(rng=2024), human_plays=0)

# %% [markdown]
# ## Exercises
#
# ### Exercise 1 — a new game: the subtraction game {1, 3, 4}
#
# In this Nim variant a move removes exactly 1, 3 or 4 sticks (never 2); taking the last
# stick wins. The class below is complete except for `legal_moves`. Write it (a tuple,
# ascending, only the takes that fit), then run the check: it also solves your game and
# compares the losing positions with the known pattern.

# %%
class SubtractionGame(GameState):
    """Remove 1, 3 or 4 sticks; whoever takes the last stick wins."""

    __slots__ = ("sticks", "to_move")
    ALLOWED = (1, 3, 4)

    def __init__(self, sticks, to_move=0):
        self.sticks, self.to_move = sticks, to_move

    def legal_moves(self):
        # ... which of ALLOWED fit in self.sticks?
        raise NotImplementedError("Student exercise: return the legal takes as a tuple")

    def play(self, move):
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move!r}")
        return type(self)(self.sticks - move, 1 - self.to_move)

    def is_terminal(self):
        return self.sticks == 0

    def winner(self):
        return 1 - self.to_move if self.sticks == 0 else None

    def __eq__(self, other):
        return (self.sticks, self.to_move) == (other.sticks, other.to_move)

    def __hash__(self):
        return hash((self.sticks, self.to_move))


check_subtraction_game(SubtractionGame)

# %% tags=["solution"] jupyter={"source_hidden": true}
class SubtractionGame(SubtractionGame):  # the solution: only legal_moves changes
    def legal_moves(self):
        return tuple(k for k in self.ALLOWED if k <= self.sticks)


check_subtraction_game(SubtractionGame)
print("losing positions below 30:",
      [n for n in range(30) if solve(SubtractionGame(n)) == -1])

# %% [markdown]
# ### Exercise 2 — predict a node count
#
# Without running a search, how many nodes does full negamax visit from `Nim(n, m)`?
# Write `tree_size(n, m)` (hint: section 4's recurrence, with $\min(m, n)$ children). The
# check compares your prediction with the search on 52 cases. Then predict `tree_size(12, 2)`
# before you look.

# %%
def tree_size(n, m):
    """Number of nodes in the full game tree of Nim(n, m), root and leaves included."""
    # ... N(0) = 1; N(n) = 1 + sum of N(n - k) for k = 1..min(m, n)
    raise NotImplementedError("Student exercise: count the nodes of the game tree")


check_tree_size(tree_size)

# %% tags=["solution"] jupyter={"source_hidden": true}
def tree_size(n, m):
    """Number of nodes in the full game tree of Nim(n, m), root and leaves included."""
    sizes = [1]
    for i in range(1, n + 1):
        sizes.append(1 + sum(sizes[i - k] for k in range(1, min(m, i) + 1)))
    return sizes[n]


check_tree_size(tree_size)
print("tree_size(12, 2) =", tree_size(12, 2))

# %% [markdown]
# ## Summary
#
# * A two-player game is a deterministic decision process with two opposed decision
#   makers; its positions and moves form a game tree. The course's games share one small
#   interface, and a new game needs only five members.
# * Minimax (negamax form: $V(s) = \max_a -V(T(s,a))$) gives every finite game its value.
#   Nim with $m$ per move is lost for the player to move exactly when $n \bmod (m+1) = 0$;
#   tic-tac-toe is a draw.
# * The full tree grows exponentially: for Nim with $m = 3$ by a factor
#   $\lambda \approx 1.839$ per stick, close to seed 003's "about 1.9"; seed 003's printed
#   node counts, however, match neither its own recurrence nor the tree.
# * Alpha-beta pruning and a transposition table cut the work dramatically (tic-tac-toe:
#   549,946 nodes, or 5,478 positions with a table).
#
# **What's next.** Exact search needs the whole tree, which for Go or even for a deep
# random game is out of reach. Chapter 4 tries the cheapest alternative: judge each move by
# the average result of random games played after it — *flat Monte Carlo* — and finds out
# where that average and the true value part ways.
