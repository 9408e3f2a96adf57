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
# # Chapter 4 — Flat Monte Carlo evaluation
#
# Chapter 3 solved games exactly by visiting every position. That is hopeless for large
# games. Chapter 1 suggested the way out: when a quantity is an average, *sample* it. This
# chapter judges each move by the average result of random games played after it, *flat
# Monte Carlo*, and then asks the question that leads to MCTS: is the average the right
# thing to estimate?
#
# **What you will learn**
#
# 1. Monte Carlo evaluation of a position (seed 000 §8.2.2) and the flat planner of seed
#    000 §8.3: for move $i$, $n_i$ random playouts and $w_i$ wins; the estimate
#    $w_i / n_i$ and its standard error.
# 2. The estimates converge at the $1/\sqrt{n}$ rate of chapter 1 — but to the *random-play
#    average*, which is not the game value. You will see a tic-tac-toe position where flat
#    Monte Carlo confidently prefers a losing move.
# 3. Seed 004's argument (one winning move among 100) and its random-tree experiment,
#    rerun here at a size that takes seconds, compared honestly with the paper's figures.

# %%
import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from mcts_lesson.checks.games import check_flat_estimate
from mcts_lesson.figures.games import (
    flat_mc_convergence_figure,
    flat_mc_estimates_figure,
    random_tree_agreement_figure,
)
from mcts_lesson.games import ExplicitTree, Nim, RandomTree, TicTacToe, random_playout
from mcts_lesson.minimax import (
    balanced_p_win,
    best_moves,
    expected_playout_reward,
    flat_monte_carlo,
    move_values,
    random_tree_study,
    reachable_states,
    solve,
)
from mcts_lesson.widgets import interactive_plot, progress_bar

# %% [markdown]
# ## 1. Evaluating a move by random playouts
#
# Seed 000 §8.2.2 evaluates a position without any knowledge of the game: from the
# position, both sides play *uniformly random* legal moves until the game ends (a
# **playout**), and the results of many playouts are averaged. The flat planner of §8.3
# does this for each of the $k$ moves available: move $i$ gets $n_i$ playouts, of which
# $w_i$ are won by the player who chose it, and the move with the largest
#
# $$ \hat p_i = \frac{w_i}{n_i} $$
#
# is played. The seed calls $w_i/n_i$ the probability of winning.
#
# **Which number exactly?** Seed 000 adds $\Delta$ to $w_i$ for a win and subtracts it for
# a loss, and then reads $w_i/n_i$ as a probability. With rewards $\pm 1$ that ratio is a
# *mean reward* in $[-1, 1]$, not a probability (SYLLABUS erratum). In this course
# $w_i$ counts a win as 1, a draw as 1/2 and a loss as 0, so **$w_i/n_i$ is a win rate in
# $[0, 1]$**; the mean of $\pm 1$ rewards is $2\,w_i/n_i - 1$ (`result.mean_reward`).
#
# Each playout's reward $X$ lies in $[0, 1]$, so by chapter 1 the estimate has standard
# error $\sigma_i / \sqrt{n_i}$ with $\sigma_i \le 1/2$. `flat_monte_carlo` reports it,
# estimated from the sample. On Nim with 10 sticks and $m = 3$ (the winning move is to take
# 2, leaving a multiple of 4):

# %%
nim = Nim(10, 3)
result = flat_monte_carlo(nim, playouts_per_move=2000, rng=2024)
for move, (rate, se) in result.as_dict().items():
    print(f"take {move}: win rate {rate:.3f} ± {se:.3f}")
print("flat Monte Carlo plays:", result.move, "| minimax's best moves:", sorted(best_moves(nim)))

# %% [markdown]
# Here it finds the right move. What does it converge to as $n_i \to \infty$? Not the game
# value but the **expected result of random play** after the move. For small games that
# expectation can be computed exactly, by averaging over the moves instead of sampling
# them: with $E(s)$ the win rate of random play for the player to move at $s$,
#
# $$ E(s) = \frac{1}{|A(s)|} \sum_{a \in A(s)} \bigl(1 - E(T(s, a))\bigr), $$
#
# and $E = 1, \tfrac12, 0$ at a won, drawn, lost finished game (`expected_playout_reward`).
# The table compares, for Nim with $m = 3$, the move flat Monte Carlo would choose with
# *infinitely many* playouts (the largest $1 - E$) against minimax:

# %%
print(" n  limit's choice  optimal moves  gap between the two best limits")
wrong = []
for n in range(4, 25):
    state = Nim(n, 3)
    limits = {m: 1 - expected_playout_reward(state.play(m)) for m in state.legal_moves()}
    top = max(limits.values())
    choice = sorted(m for m in limits if limits[m] > top - 1e-12)  # exact ties kept together
    optimal = best_moves(state)
    ordered = sorted(limits.values())
    print(f"{n:2d}  {choice!s:14}  {sorted(optimal)!s:13}  {ordered[-1] - ordered[-2]:.1e}")
    if not set(choice) <= optimal:
        wrong.append(n)
print("n where even infinitely many playouts may choose a losing move:", wrong)
assert wrong == [n for n in range(14, 25) if n % 4]  # every winnable n from 14 on

# %% [markdown]
# Two things happen as $n$ grows. The differences between the moves' averages shrink
# fast (last column), so more and more playouts are needed to tell the moves apart: each
# estimate has a standard error of about $0.5/\sqrt{n_i}$, a difference of two of them
# about $0.71/\sqrt{n_i}$, so separating a gap $g$ by two standard errors takes
# $n_i \approx 2/g^2$ playouts per move. And for $n = 14$ to 24, in *every* position that can
# be won (all $n$ that are not multiples of 4), even the exact averages rank a losing move
# first: sampling more cannot fix that.
#
# ## 2. Tic-tac-toe: flat Monte Carlo prefers a losing move
#
# We looked for such a position in tic-tac-toe by checking *every* reachable position that
# is not lost for the player to move (searching is cheap: 4,520 unfinished positions):
# compute each move's exact limit $1 - E(T(s,a))$ and its minimax value, and keep the
# positions where the best limit belongs to a losing move.

# %%
limits_table, values_table = {}, {}
traps = []
unfinished = [s for s in reachable_states(TicTacToe()) if not s.is_terminal()]
for s in unfinished:
    values = move_values(s, values_table)
    if max(values.values()) < 0:
        continue  # lost anyway
    limits = {m: 1 - expected_playout_reward(s.play(m), limits_table) for m in s.legal_moves()}
    favourite = max(limits, key=limits.get)
    if values[favourite] == -1:
        best_kept = max(limits[m] for m in values if values[m] == max(values.values()))
        traps.append((limits[favourite] - best_kept, s, favourite))
print(f"unfinished positions: {len(unfinished):,}; traps (the limit prefers a losing move "
      f"although the position is not lost): {len(traps)}")
margin, trap, favourite = max(traps, key=lambda t: (t[0], t[1].board))
print(trap)
print("to move:", "xo"[trap.to_move], "| limit's favourite:", favourite,
      f"| ahead of the best non-losing move by {margin:.3f}")
assert len(unfinished) == 4520 and trap.board == ".x.o.x..." and favourite == 6

# %% [markdown]
# In this position (`o` to move, with `o` on the left edge and `x` on the top and right
# edges) the exact values are:

# %%
exact_values = move_values(trap)
exact_limits = {m: 1 - expected_playout_reward(trap.play(m)) for m in trap.legal_moves()}
for m in trap.legal_moves():
    print(f"cell {m}: minimax value for o {exact_values[m]:+d}, random-play win rate {exact_limits[m]:.3f}")
print("after o plays 6, x's winning replies:", sorted(best_moves(trap.play(6))))

# %% [markdown]
# Cell 6 gives `o` two in the left column and the best random-play win rate (0.5), but it
# loses: `x` answers at 0, blocking that column and threatening the top row; `o` must block
# at 2; `x` blocks `o`'s diagonal at 4 and now threatens both 7 and 8:

# %%
line = trap.play(6).play(0).play(2).play(4)
print(line)
print("o to move, values of its moves:", move_values(line))
assert set(move_values(line).values()) == {-1} and best_moves(trap.play(6).play(0).play(2)) == {4}

# %% [markdown]
# Random play rarely finds such a sequence, so the move's average stays high. Only 2 and 8
# keep the draw. Now flat Monte Carlo itself, with 2,000 playouts per move:

# %%
trap_result = flat_monte_carlo(trap, 2000, rng=2024)
fig = flat_mc_estimates_figure(trap_result, exact_values, exact=exact_limits,
                               title="Flat Monte Carlo on .x.o.x... (o to move), "
                                     "2,000 playouts per move")
plt.show()
rates = dict(zip(trap_result.moves, trap_result.win_rate, strict=True))
errors = dict(zip(trap_result.moves, trap_result.stderr, strict=True))
print("flat Monte Carlo plays", trap_result.move, "with win rate", f"{rates[6]:.3f} ± {errors[6]:.3f}")
print("best drawing move:", f"{max(rates[2], rates[8]):.3f}")
assert trap_result.move == 6 and exact_values[6] == -1
assert rates[6] - max(rates[2], rates[8]) > 4 * np.hypot(errors[6], max(errors[2], errors[8]))

# %% [markdown]
# The losing move wins the vote by more than four standard errors (asserted). More
# playouts only make flat Monte Carlo *more sure* of the wrong answer: the estimates
# converge to the dashed lines, the random-play averages, where the losing move 6 has the
# highest line (colours as before: grey keeps the draw, red loses). On the right, the
# errors shrink like $1/\sqrt{n}$, inside the envelope of chapter 1.

# %%
def running_win_rates(state, n, rng):
    """Running w_i/n_i of each move over n playouts (win 1, draw 1/2, loss 0)."""
    me = state.to_move
    out = {}
    for move in state.legal_moves():
        child = state.play(move)
        rewards = np.empty(n)
        for k in range(n):
            winner = random_playout(child, rng)
            rewards[k] = 0.5 if winner is None else float(winner == me)
        out[move] = np.cumsum(rewards) / np.arange(1, n + 1)
    return out


n_max = 4000
running = running_win_rates(trap, n_max, np.random.default_rng(7))
fig = flat_mc_convergence_figure(np.arange(1, n_max + 1), running, exact_limits, exact_values,
                                 title=f"Running estimates on .x.o.x..., one run of "
                                       f"{n_max:,} playouts per move")
plt.show()
# At n = 100, 400, 1600 and 4000 every move's error is within 4.5 standard errors of a
# mean of n rewards in [0, 1] (sd at most 1/2): 24 checks, a false alarm about once in
# 6,000 runs if the estimates behave as chapter 1 says.
for n in (100, 400, 1600, 4000):
    worst = max(abs(series[n - 1] - exact_limits[m]) for m, series in running.items())
    print(f"n = {n:4d}: largest error {worst:.4f}, 4.5 standard errors {4.5 * 0.5 / np.sqrt(n):.4f}")
    assert worst < 4.5 * 0.5 / np.sqrt(n)

# %% [markdown]
# Explore: how many playouts does it take before the ranking settles, and does it settle
# on the right move? (Grey bars are moves that keep the draw, red bars lose; the black
# marks are the limits.)

# %%
def draw_trap(playouts_per_move, seed):
    result = flat_monte_carlo(trap, playouts_per_move, rng=seed)
    return flat_mc_estimates_figure(
        result, exact_values, exact=exact_limits,
        title=f"{playouts_per_move:,} playouts per move (seed {seed}): "
              f"flat Monte Carlo plays {result.move}")


interactive_plot(
    draw_trap,
    playouts_per_move=widgets.IntSlider(value=50, min=10, max=3000, step=10,
                                        continuous_update=False, description="playouts"),
    seed=widgets.IntSlider(value=0, min=0, max=20, continuous_update=False, description="seed"),
)

# %% [markdown]
# ## 3. One winning move among 100 (seed 004 §2.2.2)
#
# Seed 004 makes the point with an extreme example: player A has 100 moves, one wins and
# 99 lose. Random play wins 1% of the time, yet the position is a certain win: A will pick
# the winning move. Averaging over the moves *evaluates a position as if the player to move
# chose at random*.
#
# `ExplicitTree` writes a small game as a nested list (inner lists are positions, $+1$
# means player 0 wins, $-1$ player 1 wins). Seed 004's position, with player 0 (A) to move:

# %%
one_in_hundred = [+1] + [-1] * 99            # player 0 to move: one win among 100
position = ExplicitTree(one_in_hundred)
print("random-play win rate of the position:", expected_playout_reward(position))
print("minimax value for player 0:", solve(position))
result = flat_monte_carlo(position, 20, rng=0)
print("flat Monte Carlo plays", result.move, "with win rate", result.win_rate[result.move])
assert abs(expected_playout_reward(position) - 0.01) < 1e-12 and solve(position) == 1
assert result.move == 0

# %% [markdown]
# At the root, flat Monte Carlo compares moves one by one and finds the winning move
# easily. The trouble comes when such a position sits *one move deeper*, where flat Monte
# Carlo only sees its average. Player 0 chooses:
#
# * **move 0** leads to a position where player 1 has 100 replies: 99 of them lose for
#   player 1, one wins. Random play: player 0 wins 99%. With best play player 1 finds the
#   winning reply, so move 0 **loses**.
# * **move 1** leads to a position where player 1 has a single reply, after which player 0
#   faces seed 004's position: one winning move among 100. Random play: 1%. With best play
#   move 1 **wins**.

# %%
game = ExplicitTree([
    [+1] * 99 + [-1],                        # move 0: player 1 replies, one reply wins for 1
    [one_in_hundred],                        # move 1: one forced reply, then seed 004's position
])
result = flat_monte_carlo(game, 1000, rng=4)
for move, (rate, se) in result.as_dict().items():
    print(f"move {move}: flat win rate {rate:.3f} ± {se:.3f}, minimax value {move_values(game)[move]:+d}")
print("flat Monte Carlo plays", result.move, "| minimax plays", sorted(best_moves(game)))
assert result.move == 0 and best_moves(game) == frozenset({1})
limits = [1 - expected_playout_reward(game.play(m)) for m in game.legal_moves()]
print("limits with infinitely many playouts:", [round(x, 6) for x in limits])
assert np.allclose(limits, [0.99, 0.01])

# %% [markdown]
# No number of playouts fixes this: the limits are 0.99 and 0.01 (printed above). To get it right, an
# algorithm must notice that in move 1's subtree one reply is much better than the
# others, and *evaluate that position by its best move, not by its average*. That needs a
# tree of statistics, not a flat list.
#
# ## 4. Seed 004's experiment: random game trees
#
# Seed 004 §4.2 generates complete binary game trees with random leaves, $+1$ (A wins) or
# $-1$ (B wins), solves them with minimax, and measures how often the Monte Carlo average
# agrees with minimax: 400 trees of depth 20, 100,000 playouts each; it reports about 98%
# agreement at depth 10 and about 25% at depth 20 (its Fig. 3, read from its text).
#
# Two facts make such trees cheap here. A random playout below a root move of a *complete*
# tree ends at a uniformly random leaf of that subtree, so `flat_monte_carlo` samples
# leaves directly (`RandomTree`). And minimax on the leaf array is vectorised
# (`random_tree_values`), level by level.
#
# **First, leaves $+1$ or $-1$ with probability 1/2.** We measure how often the two root
# moves have *different* minimax values, i.e. how often the choice matters at all:

# %%
depths = [2, 4, 6, 8, 10, 12, 14, 16]
trees = 200
fair = random_tree_study(depths, trees, playouts_per_move=1000, p_win=0.5, rng=2024,
                         progress=progress_bar(len(depths), "p = 1/2"))
print("depth:                          ", depths)
print("trees where the choice matters: ", fair.decided.tolist())
print("flat MC move optimal (all trees):", fair.optimal_any.tolist())
assert fair.decided[-3:].sum() == 0 and fair.optimal_any[-1] == trees

# %% [markdown]
# With fair leaves the question dies out with depth: the probability that a node is a win
# for the player to move drifts towards 0 or 1 from level to level, so a deep tree is
# decided before the first move, *both* root moves have the same value, and any choice
# "agrees" with minimax (from depth 12 on, in every one of our trees). An agreement rate of
# 25% at depth 20 cannot come from the root choice on such trees; we could not reconstruct
# the paper's measure from its text.
#
# **Balanced trees.** To make the choice matter at every depth we draw leaves with the
# probability that keeps a node's winning chance constant from level to level:
# $q \mapsto 1-(1-q^2)^2$ (two levels: the opponent, then you) has the fixed point
# $q^* = (\sqrt5 - 1)/2 \approx 0.618$, so leaves are $+1$ with probability 0.618 or 0.382
# depending on who moves last (`balanced_p_win`). We count only trees where one root move
# wins and the other loses, and ask how often flat Monte Carlo picks the winner, with
# 50,000 playouts per move (the paper's 100,000 per tree), and in the limit of infinitely
# many playouts (the subtree with the larger share of $+1$ leaves).

# %%
print("leaf probability:", {d: round(balanced_p_win(d), 3) for d in (2, 3)})
balanced = random_tree_study(depths, trees, playouts_per_move=50_000, rng=2025,
                             progress=progress_bar(len(depths), "balanced"))
share = balanced.agree / balanced.decided
print("trees where the choice matters:", balanced.decided.tolist())
print("flat MC picks the winning move:", [f"{x:.2f}" for x in share])
print("... in the limit (∞ playouts): ", [f"{x:.2f}" for x in balanced.agree_limit / balanced.decided])
assert balanced.decided.min() > 0.3 * trees
assert share[0] == 1.0 and share[-1] < 0.75

# %%
fig = random_tree_agreement_figure(
    depths,
    {
        "50,000 playouts per move": balanced.agree,
        "∞ playouts (exact subtree means)": balanced.agree_limit,
    },
    balanced.decided,
    trees_per_depth=trees,
    chance=[0.5] * len(depths),
    paper={10: 0.98, 20: 0.25},
)
plt.show()

# %% [markdown]
# **What reproduces and what does not.** The paper's qualitative finding reproduces:
# as the tree gets deeper, flat Monte Carlo's choice agrees less and less with minimax
# (asserted above: from 100% at depth 2 to under 75% at depth 16 on trees where the choice
# matters), and the infinite-playout curve shows that this is not a matter of sampling
# noise: the averages themselves stop pointing to the winning move, and the agreement
# falls towards a coin flip (50%). The paper's numbers do not reproduce as such: on its
# trees with fair leaves the root choice rarely matters at depth 10 or more, and for a
# choice between two moves 25% is below what guessing achieves. Our depths stop at 16 so
# that the notebook runs in seconds (a depth-20 tree has a million leaves).
#
# ## Exercise — a flat estimate for one move
#
# Write `estimate(state, move, n, rng)`: play `move`, then `n` random playouts with
# `random_playout(child, rng)` (which returns the winner: 0, 1 or `None`), and return the
# win rate of the player who played `move`, counting a draw as 1/2. The check compares your
# numbers with the exact limits on three positions.

# %%
def estimate(state, move, n, rng):
    """Win rate (win 1, draw 1/2, loss 0) of `move` for the player to move, by n playouts."""
    # child = ...; me = state.to_move; total = ...
    raise NotImplementedError("Student exercise: estimate one move by random playouts")


check_flat_estimate(estimate)

# %% tags=["solution"] jupyter={"source_hidden": true}
def estimate(state, move, n, rng):
    """Win rate (win 1, draw 1/2, loss 0) of `move` for the player to move, by n playouts."""
    child = state.play(move)
    me = state.to_move
    total = 0.0
    for _ in range(n):
        winner = random_playout(child, rng)
        total += 0.5 if winner is None else float(winner == me)
    return total / n


check_flat_estimate(estimate)

# %% [markdown]
# ## Summary
#
# * Flat Monte Carlo scores move $i$ by $w_i/n_i$ over random playouts (here a win rate in
#   $[0, 1]$, draws counting 1/2). The estimates converge at the $1/\sqrt{n}$ rate of
#   chapter 1.
# * They converge to the **average over random play**, not to the game value. A position
#   with one winning move among 100 averages 1% although it is won (seed 004); in
#   tic-tac-toe, flat Monte Carlo prefers the losing move 6 in `.x.o.x...`, and more
#   playouts only make it surer; in Nim with $m = 3$ even the exact averages pick a losing
#   move in every winnable position from $n = 14$ to 24.
# * On random game trees where the choice matters, flat Monte Carlo's agreement with
#   minimax falls towards a coin flip as the tree deepens; seed 004's qualitative claim
#   reproduces, its exact percentages do not.
#
# **The question UCT answers.** Flat Monte Carlo spends its playouts evenly and averages
# over every reply, good or bad. Could we instead spend more playouts on the moves that
# look best, and evaluate each position by its *best* replies rather than by all of them —
# growing a tree as we go — while never quite giving up on a move that might be better?
# That is the bandit problem of chapter 2 asked at every node of a tree: **how should a
# budget of playouts be allocated, move by move and level by level, so that the estimates
# converge to the minimax value?** Chapter 5 answers with UCT: UCB1 at every node of a
# growing search tree.
