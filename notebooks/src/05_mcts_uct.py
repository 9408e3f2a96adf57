# ---
# jupyter:
#   jupytext:
#     formats: ipynb,src//py:percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Chapter 5 — Monte Carlo Tree Search and UCT
#
# *From Buffon's needle to Monte Carlo Tree Search, part 5 of 9.*
# Sources: the textbook chapter "Monte Carlo game methods" (seed 000), Algorithms 1 and 3 and
# the discussion of the final move; the MCTS blog post (seed 001): the four phases, the UCT
# formula and Hoeffding's inequality, reusing the tree between moves, and a match of UCT with
# 1000 against 100 iterations; the Go thesis (seed 002) §3, which reads visit counts as
# confidence.
#
# ## What you will learn
# - The four phases of Monte Carlo Tree Search — **selection, expansion, simulation,
#   backup** — as the functions `tree_policy`, `expand`, `default_policy` and `backup` of
#   seed 000 Algorithm 3, run one at a time on a small Nim.
# - Why each node stores its value **from the viewpoint of the player who moved into it**, so
#   that the reward flips sign at every level of the backup (and what goes wrong otherwise).
# - What the exploration constant $c$ in $\frac{Q}{N} + c\sqrt{2\ln N(v)/N(v')}$ does.
# - How quickly UCT finds the right move: the probability of choosing an optimal move and the
#   share of visits it gets, against the number of iterations, over 100 seeds.
# - Which child to play at the end (max, robust, max-robust), and what reusing the tree buys.
# - How strong UCT is at tic-tac-toe against a random player, a perfect player and a weaker
#   UCT — and how one wrong game rule in seed 001's code costs strength.
#
# Chapter 4 evaluated each move by random playouts and stopped there. UCT keeps going: it
# grows a tree, and inside the tree it chooses moves like a bandit algorithm (chapter 2), so
# the playouts concentrate on the lines that matter.

# %%
import inspect
import random
import re

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from mcts_lesson import mcts
from mcts_lesson.checks import mcts as checks
from mcts_lesson.figures import mcts as figures
from mcts_lesson.games import Nim, TicTacToe
from mcts_lesson.minimax import best_moves, reachable_states
from mcts_lesson.play import TicTacToeBoard
from mcts_lesson.widgets import interactive_plot, progress_bar

# %% [markdown]
# ## 1. The four phases
#
# A search keeps a tree whose root is the current position. Every node $v$ holds a state
# $s(v)$, the move $a(v)$ that led to it, a visit count $N(v)$ and a total reward $Q(v)$.
# One **iteration** (seed 000 Algorithm 3, seed 001 "Algorithm") does four things:
#
# 1. **Selection** (`tree_policy`): from the root, repeatedly step to the child with the
#    largest UCT value $\;\frac{Q(v')}{N(v')} + c\sqrt{\frac{2\ln N(v)}{N(v')}}\;$
#    (`best_child`) until reaching a node that still has an untried move, or a finished game.
# 2. **Expansion** (`expand`): add one child for an untried move (chosen at random).
# 3. **Simulation** (`default_policy`): from the new node, play uniformly random moves to the
#    end of the game. Nothing of this playout is stored in the tree.
# 4. **Backup** (`backup`): walk back to the root, adding 1 to $N$ and the result $\Delta$
#    to $Q$ of every node on the way.
#
# When the budget (iterations or seconds) runs out, the move of one root child is played.
# Here are the package's versions of the phases, which follow the pseudocode line by line.
# `rand` is a `random.Random` that each search seeds once from its `rng` argument (drawing
# single numbers from it is much faster than from a NumPy generator), and `untried` holds
# the moves not expanded yet.

# %%
for phase in (mcts.tree_policy, mcts.expand, mcts.best_child, mcts.default_policy,
              mcts.backup):
    source = inspect.getsource(phase)
    print(re.sub(r'\n\s+""".*?"""\n', "\n", source, count=1, flags=re.DOTALL))  # no docstring

# %% [markdown]
# ### The backup sign
#
# Nim and tic-tac-toe are two-player, zero-sum games: a win for one player is a loss for the
# other. Every node stores $Q$ **from the viewpoint of the player who made the move into it**
# (`node.player`): $+1$ for a playout that player won, $-1$ for a loss, $0$ for a draw.
# Walking up one level changes the player, so the reward changes sign — seed 000 writes this
# as $\Delta \leftarrow -\Delta$ in BACKUP; our `backup` gets the same signs by comparing the
# winner with `v.player` at each node. With this convention *every* node, whoever is to
# move, picks the child with the **largest** UCT value: a child's $Q/N$ is exactly what the
# player choosing it wants to maximise. Seed 001 says the same in words: on the opponent's
# turn the tree policy must assume the most dangerous reply.
#
# (If all nodes were scored from player 0's side, player 1's nodes would have to *minimise*;
# a search that forgets this explores the worst moves for the opponent — a classic bug in
# public MCTS code.)
#
# Let us run one iteration by hand on Nim with 5 sticks, taking at most $m = 3$ per move
# (seed 003's game: whoever takes the last stick wins).

# %%
rand = random.Random(1)          # one seeded generator for this demonstration
root = mcts.Node(Nim(5, 3))
print("root:", root.state)
leaf = mcts.tree_policy(root, 1.0, rand)       # selection + expansion
print("expanded: take", leaf.move, "->", leaf.state)
winner = mcts.default_policy(leaf.state, rand)  # simulation
print("random playout won by player", winner)
mcts.backup(leaf, winner)                       # backup
print("after backup:", root, "\n             ", leaf)
assert root.N == leaf.N == 1 and root.Q == -leaf.Q

# %% [markdown]
# The root stores its value for player 1 (who "moved into" the starting position), the new
# child for player 0, so their $Q$ have opposite signs. We run six more iterations: the next
# two expand the other two moves; after that the root is fully expanded and selection uses
# the UCT formula.

# %%
for _ in range(6):
    leaf = mcts.tree_policy(root, 1.0, rand)
    mcts.backup(leaf, mcts.default_policy(leaf.state, rand))
for child in sorted(root.children, key=lambda v: v.move):
    print(f"take {child.move}: N = {child.N}, Q = {child.Q:+.0f}, mean = {child.mean:+.2f}")
print("visits add up:", root.N, "=", sum(ch.N for ch in root.children))
assert root.N == 7 == sum(ch.N for ch in root.children)

# %% [markdown]
# ### Watching the tree grow
#
# `mcts.uct_search(state, iterations, c=..., rng=...)` runs the whole loop and returns the
# chosen move, per-move statistics and the tree. Below: Nim with 7 sticks ($m = 3$), whose
# only winning move is to take 3 (leaving a multiple of 4, chapter 3). Circles grow with the
# visits $N$ (printed beside them) and are coloured by the mean value for the player who moved
# into the node. After 5 iterations the tree is a handful of nodes with a visit or two each;
# after 40 it already leans towards "take 3"; after 400 nearly all visits are under it.

# %%
growth = {k: mcts.uct_search(Nim(7, 3), k, c=1.0, rng=0) for k in (5, 40, 400)}
for k, result in growth.items():
    print(f"{k:4d} iterations: visits {dict(sorted(result.visits.items()))}, "
          f"tree of {result.tree_size} nodes, chosen move {result.move}")
assert growth[40].move == growth[400].move == 3
assert growth[400].visits[3] > 0.9 * 400

# %%
fig, axes = plt.subplots(3, 1, figsize=(10, 11))
for ax, (k, result) in zip(axes, growth.items(), strict=True):
    figures.tree_figure(result.root, max_depth=3, ax=ax,
                        title=f"UCT tree for Nim(7, m=3) after {k} iterations (c = 1, seed 0)")
fig.tight_layout()
plt.show()

# %% [markdown]
# ### The constant $c$ and the reward scale
#
# The second term of the UCT value comes from Hoeffding's inequality (seed 001, chapter 2):
# for rewards in $[0, 1]$, the chance that the true mean exceeds the sample mean by
# $u = \sqrt{2\ln N(v)/N(v')}$ is at most $N(v)^{-4}$. Our rewards lie in $[-1, 1]$, a range
# twice as wide, so the same confidence needs twice the bonus. **In this course $c = 1$ on
# the $\pm1$ scale** (seed 000's constant); seed 001's code, which scores wins 1, draws ½ and
# losses 0 without any constant, corresponds to $c = 2$ on our scale; seed 002 uses $c = 2$ on
# its own reward scale. Every result below states its $c$.
#
# - $c = 0$: pure exploitation. A move that lost its first playout may never be tried again.
# - large $c$: nearly uniform exploration, the tree grows wide and shallow, like the flat
#   Monte Carlo of chapter 4.

# %% [markdown]
# ## 2. How fast does UCT find the right move?
#
# A single search can be lucky. To measure UCT we run it with **100 different seeds** and
# record, every few iterations, (a) whether the most visited root move is optimal and (b) the
# share of the root's visits that went to optimal moves. One long search gives the whole curve,
# because the statistics after $k$ iterations are exactly those of a search stopped at $k$
# (`record_every=k`). Optimal moves come from the exact solution (chapter 3).
#
# **Nim, $m = 3$.** With $n$ sticks and $n \bmod 4 \ne 0$, the only winning move takes
# $n \bmod 4$.

# %%
nim_studies = {}
update = progress_bar(total=3, description="Nim sizes")
for i, n in enumerate((6, 10, 13)):
    nim_studies[f"Nim n={n}"] = mcts.convergence_study(
        Nim(n, 3), {n % 4}, iterations=2000, record_every=20, seeds=100, c=1.0, rng=n)
    update(i + 1)

for label, study in nim_studies.items():
    rate = study.robust_ok.mean(axis=0)
    first = study.iterations[np.argmax(rate >= 0.95)] if (rate >= 0.95).any() else None
    print(f"{label}: P(optimal) = {rate[4]:.2f} at {study.iterations[4]} iterations, "
          f"{rate[-1]:.2f} at {study.iterations[-1]}; first reaches 0.95 at {first} iterations")

# %%
fig = figures.convergence_figure(nim_studies, title="UCT on Nim, m = 3, c = 1")
plt.show()

# %% [markdown]
# The larger the heap, the longer it takes: with more sticks the tree is deeper and a random
# playout from the root says little about who wins (both players blunder at random). For all
# three sizes, every one of the 100 runs chooses the winning move by 2000 iterations:

# %%
for label, study in nim_studies.items():
    assert study.robust_ok[:, -1].all(), label
last = {label: study.robust_ok.mean(axis=0) for label, study in nim_studies.items()}
assert (np.argmax(last["Nim n=6"] >= 0.95) <= np.argmax(last["Nim n=10"] >= 0.95)
        <= np.argmax(last["Nim n=13"] >= 0.95))

# %% [markdown]
# **Tic-tac-toe positions with known answers.** Two positions, one for each side:
#
# - `x........` (x in a corner, **o to move**): the only move that does not lose is the
#   centre, cell 4;
# - `x.......o` (x and o in opposite corners, **x to move**): x wins by taking cell 2 or 6.

# %%
ttt_positions = {"x........ (o to move)": TicTacToe.from_string("x........"),
                 "x.......o (x to move)": TicTacToe.from_string("x.......o")}
ttt_studies = {}
for label, state in ttt_positions.items():
    optimal = best_moves(state)
    print(label, "optimal moves:", sorted(optimal))
    ttt_studies[label] = mcts.convergence_study(state, optimal, iterations=1500,
                                                record_every=25, seeds=100, c=1.0, rng=7)
    rate = ttt_studies[label].robust_ok.mean(axis=0)
    print(f"   P(optimal) at 100 iterations: {rate[3]:.2f}, at 1500: {rate[-1]:.2f}")
assert sorted(best_moves(ttt_positions["x........ (o to move)"])) == [4]
assert sorted(best_moves(ttt_positions["x.......o (x to move)"])) == [2, 6]

# %%
fig = figures.convergence_figure(ttt_studies, title="UCT on tic-tac-toe, c = 1")
plt.show()

# %% [markdown]
# In both positions, whichever side is to move, the optimal moves gather the visits and are
# chosen in every run by 1500 iterations — the backup sign works from both seats:

# %%
for label, study in ttt_studies.items():
    assert study.robust_ok[:, -1].all(), label
    assert study.shares[:, -1].mean() > 0.5, label

# %% [markdown]
# ### The effect of $c$
#
# Pick $c$ and a heap size and press **Run** (50 seeds per curve, about a second). Compare with
# the reference $c = 1$. Try $c = 0.1$, $c = 0.3$ and $c = 4$: which values let some runs lock
# onto a wrong move early, and which spread the visits so widely that the most visited move
# settles later? Does the best $c$ depend on the heap size?

# %%
def draw_c_effect(c, sticks):
    studies = {}
    for value in sorted({1.0, c}):
        studies[value] = mcts.convergence_study(Nim(sticks, 3), {sticks % 4}, iterations=1000,
                                                record_every=20, seeds=50, c=value, rng=3)
    return figures.c_effect_figure(studies, title=f"Nim n={sticks}, m=3")


interactive_plot(draw_c_effect, manual=True,
                 c=widgets.FloatLogSlider(value=0.1, base=10, min=-2, max=1, step=0.1,
                                          description="c"),
                 sticks=widgets.Dropdown(options=[6, 9, 13, 17], value=13,
                                         description="sticks n"))

# %% [markdown]
# ## 3. Which move to play at the end?
#
# Seed 000 discusses three final-move rules:
#
# - **max child**: the child with the highest mean $Q/N$ (Algorithm 3 returns
#   $a(\text{BESTCHILD}(v_0, 0))$, i.e. the UCT value with $c = 0$);
# - **robust child**: the most visited child (seed 001's code, seed 002 §3, which reads the
#   visit share as the program's confidence);
# - **max-robust**: when the two disagree, keep searching until they agree. The Go program
#   ERICA did this and its win rate went from 47% to 55% (as quoted by seed 000). We cap the
#   extra iterations (`max_extra`, here equal to the budget) so a search always ends.
#
# We compare them on Nim with 13 sticks at small budgets, 100 seeds each.

# %%
budgets = [25, 50, 100, 200, 400]
rule_hits = {"max child": [], "robust child": [], "max-robust (≤ budget extra)": []}
disagree, extra_used = [], []
rules_rng = np.random.default_rng(13)
for budget in budgets:
    counts = dict.fromkeys(rule_hits, 0)
    extras, differ = [], 0
    for _ in range(100):
        seed = int(rules_rng.integers(2**32))
        both = mcts.uct_search(Nim(13, 3), budget, c=1.0, rng=seed)
        max_move = mcts.final_child(both.root, "max").move
        counts["max child"] += max_move == 1
        counts["robust child"] += both.move == 1
        differ += max_move != both.move
        mr = mcts.uct_search(Nim(13, 3), budget, c=1.0, rng=seed, final="max-robust",
                             max_extra=budget)
        counts["max-robust (≤ budget extra)"] += mr.move == 1
        extras.append(mr.extra_iterations)
    for rule in rule_hits:
        rule_hits[rule].append(counts[rule])
    disagree.append(differ)
    extra_used.append(np.mean(extras))
print("budget  max child  robust child  max-robust  max≠robust  mean extra iterations")
for j, budget in enumerate(budgets):
    print(f"{budget:6d}  " + "  ".join(f"{rule_hits[r][j]:>8d}/100" for r in rule_hits)
          + f"  {disagree[j]:6d}/100  {extra_used[j]:10.1f}")

# %%
fig = figures.final_rules_figure(budgets, rule_hits, 100,
                                 title="Final-move rules, Nim n=13, m=3, c=1")
plt.show()

# %% [markdown]
# With the same seed, "max child" and "robust child" come from the *same* tree, so their
# difference is only the rule. The two rules pick different moves in a minority of runs
# (column "max≠robust"), and max-robust settles those disagreements with very few extra
# iterations on average (less than 5% of the budget). Yet the three rules score alike here:
# the differences are a few runs out of 100, within the noise (the binomial standard error of
# a count near 50/100 is 5 runs). ERICA's gain was measured in Go; on Nim, what decides
# success is the budget, not the final rule.

# %%
for rule in rule_hits:  # every rule within two binomial standard errors of the robust child
    assert all(abs(h - r) <= 10 for h, r in zip(rule_hits[rule], rule_hits["robust child"],
                                               strict=True))
assert all(e < 0.05 * b for e, b in zip(extra_used, budgets, strict=True))
assert all(d < 50 for d in disagree)
assert rule_hits["robust child"][-1] > rule_hits["robust child"][0]

# %% [markdown]
# ## 4. Reusing the tree between moves
#
# Seed 001's first program keeps its tree: after its own move and the opponent's reply it
# continues from the matching grandchild instead of starting from nothing, so the statistics
# gathered about that line are not thrown away. `UCTPlayer(..., reuse_tree=True)` does the
# same. How much does it keep? We follow one game of two 200-iteration players, the first
# reusing its tree.

# %%
reuser, scratch = mcts.UCTPlayer(200, reuse_tree=True), mcts.UCTPlayer(200)
state, game_rng = TicTacToe(), np.random.default_rng(5)
while not state.is_terminal():
    player = reuser if state.to_move == 0 else scratch
    move = player(state, game_rng)
    if player is reuser:
        inherited = reuser.last_result.root.N - reuser.last_result.iterations
        print(f"x plays {move}: root had {inherited:3d} visits from earlier searches, "
              f"{reuser.last_result.root.N} after this one")
    state = state.play(move)
print(state, "\nwinner:", state.winner())

# %% [markdown]
# The inherited visits grow as the game goes on (the printout above): the later positions
# were already explored while searching earlier ones, so each search starts part of the way
# in, like a longer search. Does it play better? A match of 100 games, both players with 200
# iterations per move, colours alternating:

# %%
reuse_match = mcts.play_match(mcts.UCTPlayer(200, reuse_tree=True), mcts.UCTPlayer(200), 100,
                              rng=11)
print("reuse vs scratch (wins/draws/losses for reuse):", reuse_match)

# %% [markdown]
# Most games are draws: at 200 iterations both players are already strong at tic-tac-toe.
# The difference between the reuse player's wins and losses is within the noise of this many
# decisive games (less than two standard deviations of a fair coin, checked below), so at
# this budget we cannot claim that reuse helps. It matters when the budget is small compared
# with the game (chapter 8's Go problems), and it costs nothing: the subtree is kept, the
# rest is freed.

# %%
decisive = reuse_match.wins + reuse_match.losses
assert reuse_match.draws > 50
assert abs(reuse_match.wins - reuse_match.losses) < 2 * decisive**0.5

# %% [markdown]
# ## 5. Matches
#
# `play_match(a, b, games, rng)` plays games alternating who moves first (A first in game 0)
# and counts wins, draws and losses for A. Every player draws its randomness from the match's
# `rng`. Opponents: a uniformly **random** player, a **perfect** player (a random choice
# among `minimax.best_moves`), and UCT with only 100 iterations — seed 001 lets UCT(1000)
# play UCT(100).

# %%
matches = {
    "UCT(1000) vs random": (mcts.UCTPlayer(1000), mcts.RandomPlayer(), 40),
    "UCT(1000) vs perfect": (mcts.UCTPlayer(1000), mcts.MinimaxPlayer(), 20),
    "UCT(2000) vs perfect": (mcts.UCTPlayer(2000), mcts.MinimaxPlayer(), 20),
    "UCT(1000) vs UCT(100)": (mcts.UCTPlayer(1000), mcts.UCTPlayer(100), 40),
    "UCT(100) vs random": (mcts.UCTPlayer(100), mcts.RandomPlayer(), 40),
}
match_results = {}
update = progress_bar(total=len(matches), description="matches")
for i, (label, (a, b, games)) in enumerate(matches.items()):
    match_results[label] = mcts.play_match(a, b, games, rng=2024 + i)
    update(i + 1)
print(f"{'match (c = 1)':24} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} {'score':>6}")
for label, r in match_results.items():
    print(f"{label:24} {r.games:5d} {r.wins:5d} {r.draws:5d} {r.losses:6d} {r.score:6.2f}")

# %% [markdown]
# UCT with 1000 iterations never lost to the random player and won most of those games.
# Against perfect play it drew almost every game — but not all (look at the losses column). Against UCT(100) it scored at least half, with most games drawn. UCT with 2000
# iterations drew every game against the perfect player.

# %%
assert match_results["UCT(1000) vs random"].losses == 0
assert match_results["UCT(1000) vs random"].wins > match_results["UCT(1000) vs random"].draws
assert match_results["UCT(1000) vs perfect"].wins == 0
assert match_results["UCT(1000) vs perfect"].draws >= 18
assert match_results["UCT(1000) vs perfect"].losses >= 1
assert match_results["UCT(2000) vs perfect"].draws == 20
assert match_results["UCT(1000) vs UCT(100)"].score >= 0.5

# %% [markdown]
# **Where does UCT(1000) go wrong?** The perfect player may open anywhere (every first move
# keeps the draw). After x opens on an **edge**, o has four drawing replies and four losing
# ones, and the losing ones lose only after several precise x moves — a long way for random
# playouts to see. Here is o's reply to `...x.....` over 200 seeds, after 1000 and 2000
# iterations:

# %%
edge = TicTacToe.from_string("...x.....")
edge_study = mcts.convergence_study(edge, best_moves(edge), iterations=2000,
                                    record_every=1000, seeds=200, c=1.0, rng=31)
for j, it in enumerate(edge_study.iterations):
    print(f"o's reply to an edge opening, {it} iterations: optimal in "
          f"{edge_study.robust_ok[:, j].sum()}/200 runs")
assert edge_study.robust_ok[:, 1].sum() >= edge_study.robust_ok[:, 0].sum()

# %% [markdown]
# A few percent of wrong replies in such positions is enough to lose an occasional game
# against a perfect opponent; doubling the budget removes most of them. UCT converges to
# the minimax move, but "1000 iterations" is not a guarantee.

# %% [markdown]
# **A harder test: every position where a mistake is possible.** The matches above visit few
# positions. Chapter 3 enumerated all 5,478 reachable positions; many have a move that throws
# away the game value. On a seeded sample of 200 of them, how often does UCT(1000) choose an
# optimal move? (The test suite checks the same requirement, ≥ 97%, on its own sample.)

# %%
candidates = []
for s in reachable_states(TicTacToe()):
    if not s.is_terminal():
        best = best_moves(s)
        if len(best) < len(s.legal_moves()):
            candidates.append((s, best))
sample_rng = np.random.default_rng(55)
sample = [candidates[i] for i in sample_rng.choice(len(candidates), 200, replace=False)]
correct = [mcts.uct_search(s, 1000, c=1.0, rng=sample_rng).move in best for s, best in sample]
print(f"{len(candidates)} positions have a losing alternative; UCT(1000) chose an optimal "
      f"move in {sum(correct)}/{len(sample)} of a sample "
      f"(x to move in {sum(s.to_move == 0 for s, _ in sample)}, o in "
      f"{sum(s.to_move == 1 for s, _ in sample)})")
assert sum(correct) / len(sample) >= 0.97

# %% [markdown]
# ## 6. A lesson in testing game rules: seed 001's second program
#
# Seed 001's second tic-tac-toe program (`OXOState`) ends a game only when the board is
# **full**: after three in a row, play goes on. At the end, its `GetResult` scans the eight
# lines in a fixed order and credits the owner of the *first complete line it finds* — which
# need not be the player who completed a line first, and a full board may even hold lines for
# both players. Here are those rules, written as a game state with the same interface as
# ours:

# %%
LINE_ORDER = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
              (2, 4, 6))


class PlaysOnTicTacToe:
    """Tic-tac-toe with seed 001's OXOState rules: play on to a full board, then credit the
    first complete line in LINE_ORDER. A board is 9 characters 'x', 'o', '.'."""

    __slots__ = ("board", "to_move")

    def __init__(self, board, to_move):
        self.board, self.to_move = board, to_move

    @classmethod
    def from_state(cls, state):
        return cls(state.board, state.to_move)

    def legal_moves(self):
        return tuple(i for i, cell in enumerate(self.board) if cell == ".")

    def play(self, move):
        b = self.board
        return PlaysOnTicTacToe(b[:move] + "xo"[self.to_move] + b[move + 1:], 1 - self.to_move)

    def is_terminal(self):
        return "." not in self.board

    def winner(self):
        if not self.is_terminal():
            return None
        for a, b, c in LINE_ORDER:
            if self.board[a] != "." and self.board[a] == self.board[b] == self.board[c]:
                return "xo".index(self.board[a])
        return None


# %% [markdown]
# First, how often does a random playout under these rules report the wrong winner? We play
# 20,000 random games from the empty board to a full board and compare the seed's verdict with
# the true result (the player who completed a line first, or a draw).

# %%
def true_and_reported_winner(rng):
    state, true_winner = PlaysOnTicTacToe("." * 9, 0), None
    while not state.is_terminal():
        moves = state.legal_moves()
        mover = state.to_move
        state = state.play(moves[int(rng.random() * len(moves))])
        if true_winner is None and any(state.board[a] == state.board[b] == state.board[c]
                                       == "xo"[mover] for a, b, c in LINE_ORDER):
            true_winner = mover
    return true_winner, state.winner()


playout_rng = random.Random(2024)
outcomes = [true_and_reported_winner(playout_rng) for _ in range(20_000)]
wrong = sum(t != r for t, r in outcomes)
p_wrong = wrong / len(outcomes)
se = (p_wrong * (1 - p_wrong) / len(outcomes)) ** 0.5
print(f"wrong winner in {wrong} of {len(outcomes)} random playouts: {p_wrong:.3f} "
      f"± {1.96 * se:.3f} (95%), about 1 in {1 / p_wrong:.1f}")
assert 1 / 8 < p_wrong < 1 / 6

# %% [markdown]
# About one playout in seven gives UCT a wrong reward. What does that cost? A "buggy" UCT
# player searches with these rules (but of course plays its moves in the real game), with the
# same 1000 iterations and $c = 1$. We measure it on 100 of the positions above and in a
# match against the correct UCT.

# %%
def buggy_uct(state, rng=None):
    return mcts.uct_search(PlaysOnTicTacToe.from_state(state), 1000, c=1.0, rng=rng).move


bug_rng = np.random.default_rng(77)
bug_sample = sample[:100]
bug_correct = sum(buggy_uct(s, bug_rng) in best for s, best in bug_sample)
good_correct = sum(correct[:100])
print(f"optimal moves on the same 100 positions: correct rules {good_correct}/100, "
      f"seed 001's rules {bug_correct}/100")
bug_match = mcts.play_match(mcts.UCTPlayer(1000), buggy_uct, 20, rng=78)
bug_vs_random = mcts.play_match(buggy_uct, mcts.RandomPlayer(), 20, rng=79)
print("correct UCT vs buggy UCT (for the correct one):", bug_match)
print("buggy UCT vs random (for the buggy one):      ", bug_vs_random)
assert bug_correct < good_correct

# %% [markdown]
# The wrong rule costs a lot: on the same positions the search with seed 001's rules misses
# the optimal move far more often than the correct search (first line above), the correct
# UCT beats it in the match without losing a game, and the buggy player even dropped a game
# to the random player. The bug is silent: the program runs, plays legal moves and wins most
# games against a weak opponent. The defence is cheap tests of the game rules themselves —
# the course's `TicTacToe` is tested to end at the first line, and its reachable-position
# count (5,478, of which 958 finished) is checked against an independent enumeration
# (chapter 3).

# %%
assert bug_correct <= good_correct - 10
assert bug_match.wins > bug_match.losses == 0
assert bug_vs_random.losses >= 1

# %% [markdown]
# ## 7. Play against UCT
#
# You play x (or choose o). After each of its moves, UCT (1000 iterations, $c = 1$) writes on
# the empty cells the share of its root visits each move received in its last search — its
# "confidence" in the sense of seed 002 §3. Watch how the shares concentrate when one move is
# forced, and spread when several moves are equally good.

# %%
opponent = mcts.UCTPlayer(1000, c=1.0, rng=0)
board = TicTacToeBoard(opponent.with_annotations)
board

# %% [markdown]
# ## 8. Exercises
#
# ### Exercise 1 — backup
# Write `backup(v, winner)`: for `v` and each of its ancestors (follow `.parent` until
# `None`), add 1 to `N` and add the reward to `Q`: `+1` if `winner == node.player`, `−1` if
# the other player won, `0` for a draw (`winner is None`).

# %%
def my_backup(v, winner):
    """BACKUP(v, Δ) of seed 000 Algorithm 3, rewards from the viewpoint of node.player."""
    ...
    raise NotImplementedError("Student exercise: write backup")


checks.check_backup(my_backup)

# %% tags=["solution"] jupyter={"source_hidden": true}
def my_backup(v, winner):
    """BACKUP(v, Δ) of seed 000 Algorithm 3, rewards from the viewpoint of node.player."""
    while v is not None:
        v.N += 1
        if winner is not None:
            v.Q += 1.0 if winner == v.player else -1.0
        v = v.parent


checks.check_backup(my_backup)

# %% [markdown]
# ### Exercise 2 — the UCT formula
# Write `best_child(v, c)`: among `v.children` (all visited at least once), return the child
# with the largest $\frac{Q(v')}{N(v')} + c\sqrt{\frac{2\ln N(v)}{N(v')}}$. Break ties by
# taking the first maximum.

# %%
def my_best_child(v, c):
    """BESTCHILD(v, c) of seed 000 Algorithm 3."""
    ...
    raise NotImplementedError("Student exercise: write best_child")


checks.check_best_child(my_best_child)

# %% tags=["solution"] jupyter={"source_hidden": true}
def my_best_child(v, c):
    """BESTCHILD(v, c) of seed 000 Algorithm 3."""
    log_n = np.log(v.N)
    return max(v.children, key=lambda ch: ch.Q / ch.N + c * np.sqrt(2 * log_n / ch.N))


checks.check_best_child(my_best_child)

# %% [markdown]
# ### Exercise 3 — think
# 1. In section 2, Nim with 13 sticks needs more iterations than Nim with 6. Using the tree
#    pictures, explain why a random playout from the root of a large heap carries so little
#    information. (Chapter 6 measures this at 25 sticks.)
# 2. Replace the random player with `mcts.UCTPlayer(30)` in the match table. How few
#    iterations does UCT need before it stops losing to a random player?
# 3. Change `LINE_ORDER` in section 6 (put the diagonals first). Does the rate of wrong
#    winners change? Why?
#
# ## Summary
# - MCTS repeats four phases: select with a bandit rule, expand one node, simulate randomly,
#   back up. UCT is MCTS with UCB1 as the selection rule:
#   $\frac{Q}{N} + c\sqrt{2\ln N(v)/N(v')}$.
# - Storing values from the viewpoint of the player who moved into a node makes the backup a
#   sign flip and lets both players maximise; we checked it from both seats.
# - On small Nim heaps and tic-tac-toe positions, UCT with $c = 1$ found the optimal move in
#   all 100 runs within 2000 iterations; bigger heaps need more iterations.
# - The robust (most visited) child is the usual final move; on Nim the max child and
#   max-robust (ERICA's rule) scored the same within noise, because the rules rarely disagree.
# - UCT(1000) never lost to a random player and chose an optimal move in at least 97% of
#   sampled positions where a mistake is possible, yet it lost an occasional game to perfect
#   play (o's reply to an edge opening is hard); UCT(2000) drew every game.
# - A wrong game rule (seed 001's play-on-after-three-in-a-row) silently makes the search
#   weaker: test the rules, not only the search.
#
# **Next:** chapter 6 puts UCT beside minimax on seed 003's Nim experiment, where plain UCT
# struggles at 25 sticks, and shows how sharing statistics between transpositions fixes it.
