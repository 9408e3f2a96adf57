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
# # Chapter 2 — Bandits, regret and UCB1
#
# *From Buffon's needle to Monte Carlo Tree Search, part 2 of 9.*
# Sources: the textbook chapter "Monte Carlo game methods" (seed 000), §8.3.1–8.3.2 (the
# bandit model, regret, Lai–Robbins, UCB1); the MCTS blog post (seed 001), on Hoeffding's
# inequality; the tsumego thesis (seed 002), §3 (ε-greedy).
#
# ## What you will learn
# - The **multi-armed bandit**: repeated choices between options whose payoffs you must learn
#   while you collect them — the *exploration–exploitation* trade-off in its simplest form.
# - How to score a strategy by its **regret**, and why good strategies have regret growing
#   like $\ln n$ rather than like $n$.
# - Where UCB1's exploration bonus $\sqrt{2\ln n / T_j}$ comes from (Hoeffding's inequality),
#   checked by experiment.
# - How random, greedy, ε-greedy, UCB1 and Thompson sampling really compare, including where
#   the textbook favourite UCB1 loses — every claim checked by an `assert`.
# - What the theory promises: Auer et al.'s upper bound for UCB1 and Lai and Robbins' lower
#   bound, drawn over the measured curves.
#
# **How to use this notebook.** Run the cells from top to bottom. Every experiment is seeded,
# so you will see exactly the numbers printed here. The whole notebook runs in well under a
# minute. Exercises at the end are checked by functions that tell you what to fix.

# %%
import math

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from mcts_lesson import bandits
from mcts_lesson.checks import bandits as checks
from mcts_lesson.figures import bandits as figures
from mcts_lesson.widgets import interactive_plot, progress_bar

# %% [markdown]
# ## 1. The bandit problem and regret
#
# A gambler faces a slot machine with $k$ arms (seed 000, §8.3.1). Pulling arm $i$ at its
# $t$-th pull pays a random reward $X_{i,t}$; the rewards of one arm are independent draws
# from one distribution with mean $\mu_i$, and different arms are independent of each other.
# The gambler has $n$ pulls in total and wants as much reward as possible. To find the best
# arm she must try arms (**explore**); to earn she must pull the arm that looks best
# (**exploit**). Every pull spent exploring a bad arm costs money; every pull not spent
# exploring risks settling on the wrong arm.
#
# A **policy** decides the next arm from the past pulls and rewards. Write $T_j(n)$ for the
# number of times arm $j$ was pulled among the first $n$ pulls, $\mu^* = \max_i \mu_i$ and
# $\Delta_j = \mu^* - \mu_j$ for the **gap** of arm $j$. The textbook (§8.3.2) measures a policy
# by its **regret** after $n$ pulls:
#
# $$\rho = n\mu^* - \sum_{j=1}^{k} \mathbb{E}[T_j(n)]\,\mu_j
#        = \sum_{j=1}^{k} \Delta_j\,\mathbb{E}[T_j(n)] ,$$
#
# the expected reward lost against someone who knew the best arm from the start. The second
# form says it plainly: every pull of arm $j$ costs $\Delta_j$.
#
# In a simulation we know the means, so for one run with choices $a_1, \dots, a_n$ we record
# the **pseudo-regret** $n\mu^* - \sum_{t=1}^{n}\mu_{a_t}$ — the loss *given the choices*,
# without the luck of the draws. Averaged over many runs it estimates $\rho$. (Seed 000 also
# writes the regret as $\max_i \mathbb{E}[\sum_{t=1}^n X_{i,t}] - \mathbb{E}[\sum_i
# \sum_{t=1}^{T_i(n)} X_{i,t}]$, best arm's expected total minus our expected total: the
# same number, since each pull of arm $i$ earns $\mu_i$ on average.)
#
# Our running example is a 5-armed **Bernoulli** bandit: arm $j$ pays 1 with probability
# $\mu_j$ and 0 otherwise (think: a move that wins a random game with probability $\mu_j$).

# %%
MEANS = np.array([0.9, 0.8, 0.7, 0.5, 0.3])
GAPS = bandits.gaps(MEANS)
print("means μ_j:", MEANS)
print("gaps  Δ_j:", GAPS.round(3))

# Five pulls by hand: arms 0, 3, 1, 0, 0 lose 0 + 0.4 + 0.1 + 0 + 0
print("cumulative pseudo-regret of pulls [0, 3, 1, 0, 0]:",
      bandits.pseudo_regret(MEANS, [0, 3, 1, 0, 0]).round(3))

# %% [markdown]
# The simplest policy pulls a uniformly random arm every time. Each pull then costs the
# average gap, so its regret is exactly linear: $\rho = n \cdot \overline{\Delta}$. Let us check
# the simulator against that. `bandits.simulate(policy, means, horizon, runs, rng=...)` plays
# `runs` independent games of `horizon` pulls each — all runs at once, with NumPy arrays of
# shape `(runs, k)`, so only the time steps are a Python loop — and returns per-run
# cumulative pseudo-regret of shape `(runs, horizon)`.

# %%
random_result = bandits.simulate(bandits.RandomPolicy(), MEANS, horizon=1_000, runs=500,
                                 rng=2024)
final = random_result.regret[:, -1]
se = final.std(ddof=1) / math.sqrt(random_result.runs)
print(f"regret shape {random_result.regret.shape}")
print(f"random policy, n = 1000: mean regret {final.mean():.1f} ± {se:.1f} (standard error); "
      f"theory n·mean(Δ) = {1000 * GAPS.mean():.1f}")
assert abs(final.mean() - 1000 * GAPS.mean()) < 4 * se

# The rewards actually collected differ from run to run by luck, but on average they are
# n·μ* minus the pseudo-regret (Bernoulli rewards: standard deviation at most sqrt(n/4)).
luck = random_result.total_reward - (1000 * MEANS.max() - final)
print(f"collected reward minus (n·μ* − pseudo-regret): mean {luck.mean():+.2f}, "
      f"spread (SD) {luck.std(ddof=1):.1f} per run")
assert abs(luck.mean()) < 4 * math.sqrt(1000 / 4 / random_result.runs)
print(f"spread (SD) of the pseudo-regret itself: {final.std(ddof=1):.1f} per run")
assert luck.std(ddof=1) > 1.5 * final.std(ddof=1)

# %% [markdown]
# The luck of the draws is zero on average but adds more noise than the choices themselves
# do (here about twice the spread). Pseudo-regret leaves it out, so the same number of runs
# gives sharper curves; that is why every plot below uses it.

# %% [markdown]
# A policy whose regret grows linearly keeps paying a fixed price per pull forever: it never
# learns. Lai and Robbins (1985) showed that for any reasonable ("consistent") policy the
# regret must grow at least like $\ln n$ — the textbook calls a policy whose regret stays
# below $C\ln n$ one that has found the balance between exploration and exploitation. The
# rest of the chapter is about getting from $n$ to $\ln n$.

# %% [markdown]
# ## 2. Hoeffding's inequality: how far can a sample mean be off?
#
# Before choosing between arms we need to know how much to trust an arm's average. Seed 001
# derives UCB1's exploration term from **Hoeffding's inequality**: if $X_1, \dots, X_N$ are
# independent, take values in $[0, 1]$ and have mean $\mu$, their average $\bar X$ satisfies,
# for every $u > 0$,
#
# $$P\left(\mu > \bar X + u\right) \le e^{-2Nu^2}.$$
#
# The chance that the true mean lies more than $u$ above what we measured falls
# exponentially in the number of samples $N$ and in $u^2$. Let us test it with Bernoulli(0.5)
# samples: draw many sample means of size $N$, count how often $\mu - \bar X > u$.

# %%
P, TRIALS = 0.5, 200_000
U = np.linspace(0.02, 0.5, 25)
tails = {size: bandits.hoeffding_tail_frequency(P, size, U, TRIALS, rng=7) for size in (10, 40)}
fig = figures.hoeffding_tails(U, tails, p=P, trials=TRIALS)
plt.show()

# %%
for size, freq in tails.items():
    bound = np.exp(-2 * size * U**2)
    # Each frequency is a binomial proportion: its standard error is at most
    # sqrt(b(1-b)/TRIALS) when the true tail b is below the bound, so 4 of those is slack.
    slack = 4 * np.sqrt(np.minimum(bound, 0.25) / TRIALS)
    assert np.all(freq <= bound + slack)
    i = int(np.argmin(np.abs(U - 0.2)))
    print(f"N = {size:2d}, u = {U[i]:.2f}: measured {freq[i]:.4f}, bound {bound[i]:.4f} "
          f"({bound[i] / freq[i]:.0f} times larger)")
    assert freq[i] < bound[i] / 5
print("checked: every measured tail lies under Hoeffding's bound (within sampling error)")

# %% [markdown]
# The bound holds everywhere, and it is far from tight: at $u = 0.2$ the measured tail is
# less than a fifth of the bound for both sample sizes. (The steps in the measured curve
# come from $\bar X$ taking only the values $0, 1/N, 2/N, \dots$) Hoeffding's bound needs
# nothing but independence and the range $[0, 1]$, which is why it fits every bandit with
# such rewards.
#
# ### Where $\sqrt{2\ln n / T}$ comes from
# Suppose arm $j$ has been pulled $T_j$ times out of $n$ pulls in total. We want a margin $u$
# such that the true mean exceeds $\bar X_j + u$ only with a tiny probability that shrinks as
# the game goes on, say $n^{-4}$. Set Hoeffding's bound equal to it and solve:
#
# $$e^{-2T_j u^2} = n^{-4} \iff 2T_j u^2 = 4\ln n \iff u = \sqrt{\frac{2\ln n}{T_j}} .$$
#
# This is the exploration bonus of UCB1 (seed 000 writes it $c_{t,s}=\sqrt{2\ln t / s}$ and
# quotes exactly these $t^{-4}$ tail bounds). The **upper confidence bound**
# $\bar X_j + \sqrt{2\ln n/T_j}$ is an optimistic but plausible value for $\mu_j$. It shrinks
# as the arm is pulled more ($T_j$ grows) and creeps up, slowly, for an arm that is left
# alone ($\ln n$ grows), so no arm is given up for good.

# %%
n, T = 1_000, 25
u = math.sqrt(2 * math.log(n) / T)
print(f"n = {n}, T_j = {T}: bonus u = {u:.4f}; exp(-2 T_j u²) = {math.exp(-2 * T * u * u):.3e}"
      f" = n^-4 = {n ** -4.0:.3e}")
assert math.isclose(math.exp(-2 * T * u * u), n**-4.0)

# %% [markdown]
# ## 3. Five policies
#
# All policies below see, for each arm, its pull count $T_j$ and average reward $\bar X_j$.
#
# - **Random**: a uniformly random arm every time (the baseline above).
# - **Greedy**: pull each arm once, then always the arm with the best average. Pure
#   exploitation: one unlucky first reward can hide the best arm for ever.
# - **ε-greedy** (seed 002, Algorithm 3.1): with probability $\varepsilon$ a uniformly random
#   arm, otherwise the greedy one — so the greedy arm gets probability
#   $1-\varepsilon+\varepsilon/k$ and each other arm $\varepsilon/k$, as in the seed's formula
#   (which writes $m$ for the number of choices).
#   With a **fixed** $\varepsilon$ it never stops exploring. Seed 002 **decays** it as
#   $\varepsilon = 1/k$, where its $k$ counts the samples drawn so far (not arms); we write this
#   `EpsilonGreedy(1.0, decay="1/t")`, i.e. $\varepsilon_t = \min(1, 1/t)$. Auer et al. (2002)
#   analyse $\varepsilon_t = \min(1, c\,k/(d^2 t))$, which needs a lower bound $d$ on the
#   smallest gap; `EpsilonGreedy(50, decay="1/t")` is that schedule with $k=5$, $d=0.1$,
#   $c=0.1$. Their logarithmic guarantee is proved for a large enough $c$; our small $c$ is a
#   tuned choice outside it, so its result below is an empirical one, for this bandit only.
# - **UCB1** (seed 000, Algorithm 2): pull each arm once, then the arm with the largest index
#   $$I_j = \bar X_j + c\sqrt{\frac{2\ln n}{T_j}},$$
#   with $n$ the number of pulls so far. Auer et al.'s UCB1 and seeds 000 and 001 use $c = 1$;
#   seed 002 writes the same index with $c = 2$. **Every result below states its $c$.**
# - **Thompson sampling** (Thompson 1933; not in the seeds): keep a Beta posterior for each
#   arm's mean, $\mathrm{Beta}(1 + \text{successes}, 1 + \text{failures})$, draw one plausible
#   mean per arm from it, and pull the arm whose draw is largest. Exploration happens because
#   uncertain arms sometimes draw high values.
#
# Ties (equal indices, common with 0/1 rewards) are broken uniformly at random, never by arm
# number. Here is UCB1's index for three arms after 12 pulls:

# %%
means_so_far = np.array([0.75, 0.60, 0.50])
pulls_so_far = np.array([8, 3, 1])
n = int(pulls_so_far.sum())
bonus = np.sqrt(2 * math.log(n) / pulls_so_far)
index = bandits.ucb1_index(means_so_far, pulls_so_far, n, c=1.0)
for j in range(3):
    print(f"arm {j}: X̄ = {means_so_far[j]:.2f}, T = {pulls_so_far[j]}, bonus = {bonus[j]:.3f},"
          f" index = {index[j]:.3f}")
print("UCB1 (c = 1) pulls arm", int(np.argmax(index)))
assert np.allclose(index, means_so_far + bonus)

# %% [markdown]
# Arm 2 has the worst average but has been tried once only; its large bonus makes it the one
# UCB1 tries next.
#
# ## 4. Regret curves
#
# Now every policy plays the 5-armed bandit for $n = 10^4$ pulls, 300 times each.

# %%
POLICIES = [
    bandits.RandomPolicy(),
    bandits.Greedy(),
    bandits.EpsilonGreedy(0.1),
    bandits.EpsilonGreedy(1.0, decay="1/t"),    # seed 002's schedule
    bandits.EpsilonGreedy(50.0, decay="1/t"),   # Auer et al.'s ε_n-greedy, d = 0.1
    bandits.UCB1(c=1.0),
    bandits.ThompsonSampling(),
]
HORIZON, RUNS = 10_000, 300
generator = np.random.default_rng(2024)
done = progress_bar(total=len(POLICIES), description="policies simulated")
results = {}
for i, policy in enumerate(POLICIES):
    results[policy.name] = bandits.simulate(policy, MEANS, HORIZON, RUNS, rng=generator)
    done(i + 1)

# %% [markdown]
# The figure shows the mean regret with a 95% confidence band, on a linear time axis (left)
# and a logarithmic one (right), where $\ln n$ growth is a straight line. The dashed line is
# Auer et al.'s upper bound for UCB1 with $c=1$; the dotted one is the Lai–Robbins rate (both
# explained below). The regret axis is cut just above the learning policies, so the random
# policy and most of the bound leave the picture early.

# %%
learners = [r for name, r in results.items() if name != "random"]
fig = figures.regret_curves(list(results.values()),
                            ymax=1.2 * max(r.mean_regret[-1] for r in learners))
plt.show()


# %%
def regret_at(result, n):
    """Mean regret after n pulls and its standard error."""
    values = result.regret[:, n - 1]
    return values.mean(), values.std(ddof=1) / math.sqrt(values.size)


def stuck_fraction(result):
    """Fraction of runs whose most-pulled arm is not the best one."""
    return float(np.mean(result.pulls.argmax(axis=1) != np.argmax(result.means)))


def late_slope(result, start, end):
    """Mean regret added per pull between pulls start and end."""
    return float((result.regret[:, end - 1] - result.regret[:, start - 1]).mean() / (end - start))


print(f"{'policy':32s} {'n=100':>8s} {'n=1000':>8s} {'n=10000':>14s} {'stuck':>6s}")
for name, result in results.items():
    cells = [regret_at(result, n) for n in (100, 1_000, 10_000)]
    print(f"{name:32s} {cells[0][0]:8.1f} {cells[1][0]:8.1f} {cells[2][0]:8.1f} ± "
          f"{cells[2][1]:4.1f} {stuck_fraction(result):6.1%}")

# %% [markdown]
# What the curves show (each statement is checked in the next cell):
#
# 1. **Random** grows linearly at the mean gap per pull (section 1).
# 2. **Greedy** looks good at first, then keeps growing linearly: in some runs the best arm
#    had an unlucky first pull, and greedy never returns to it ("stuck" counts runs whose
#    most-pulled arm is not arm 0; for the random policy that is naturally 4 runs in 5).
# 3. **Seed 002's decaying schedule** $\varepsilon_t = 1/t$ explores only about $\ln n$ times
#    in total, far too little: it behaves like greedy, with as many stuck runs and the same
#    linear growth.
# 4. **UCB1** ($c=1$) never gets stuck, and its regret bends over on the linear axis — but at
#    these horizons it is *not* the best policy: the fixed ε = 0.1 is ahead of it at
#    $n = 1000$ (though behind at $10^4$), the well-tuned decaying ε-greedy is lower at
#    $10^4$, and **Thompson sampling** is lowest of all, by a wide margin.
# 5. UCB1 stays far below its **theoretical upper bound**; the bound is correct but loose.

# %%
uc = results["UCB1 (c=1)"]
ts = results["Thompson sampling"]
greedy = results["greedy"]
seed002 = results["ε-greedy (ε_t=min(1, 1/t))"]
auer = results["ε-greedy (ε_t=min(1, 50/t))"]

# 2: greedy starts well (ahead of UCB1 at n = 100) ...
assert regret_at(uc, 100)[0] - regret_at(greedy, 100)[0] > 4 * math.hypot(
    regret_at(uc, 100)[1], regret_at(greedy, 100)[1])
# 2 and 3: greedy and the 1/t schedule get stuck in a sizeable share of runs, UCB1 never does
assert stuck_fraction(greedy) > 0.05 and stuck_fraction(seed002) > 0.05
assert stuck_fraction(uc) == 0 and stuck_fraction(ts) == 0
# ... and their regret keeps growing much faster than UCB1's over the last half
for linear in (greedy, seed002):
    assert late_slope(linear, 5_000, 10_000) > 2 * late_slope(uc, 5_000, 10_000)
# 4: ε = 0.1 ahead of UCB1 at n = 1000, behind at 10^4; at n = 10^4
# Thompson < tuned decaying ε-greedy < UCB1 (c=1); each comparison by more than 4 SE
eps01 = results["ε-greedy (ε=0.1)"]
for better, worse, n in ((eps01, uc, 1_000), (uc, eps01, HORIZON)):
    (m1, s1), (m2, s2) = regret_at(better, n), regret_at(worse, n)
    assert m2 - m1 > 4 * math.hypot(s1, s2)
for better, worse in ((ts, auer), (auer, uc)):
    (m1, s1), (m2, s2) = regret_at(better, HORIZON), regret_at(worse, HORIZON)
    assert m2 - m1 > 4 * math.hypot(s1, s2)
# 5: UCB1 under Auer et al.'s bound at every n
n_all = np.arange(1, HORIZON + 1)
assert np.all(uc.mean_regret <= bandits.ucb1_regret_bound(MEANS, n_all))
bound = float(bandits.ucb1_regret_bound(MEANS, HORIZON))
print(f"UCB1 (c=1) at n = 10^4: regret {uc.mean_regret[-1]:.1f}, Auer et al.'s bound "
      f"{bound:.1f} ({uc.mean_regret[-1] / bound:.0%} of it)")

# %% [markdown]
# Another view of the same runs: the fraction of runs pulling the best arm at each step
# (smoothed over 100 steps). Greedy and the $1/t$ schedule level off at about three runs in
# four. The fixed ε = 0.1 levels off at its ceiling $1 - \varepsilon + \varepsilon/k = 92\%$:
# it keeps spending 8% of its pulls on random other arms. UCB1 climbs slowly, Thompson
# sampling fastest.

# %%
shown = [greedy, seed002, results["ε-greedy (ε=0.1)"], uc, ts]
fig = figures.optimal_fraction(shown)
plt.show()

# %%
def first_reaching(result, level, window=100):
    """First n at which the moving average of the optimal fraction reaches level (or None)."""
    smooth = np.convolve(result.optimal_fraction, np.ones(window) / window, mode="valid")
    hits = np.flatnonzero(smooth >= level)
    return int(hits[0]) + window if hits.size else None


for result in shown:
    reach = first_reaching(result, 0.9)
    print(f"{result.policy:28s} optimal pulls over the last 1000 steps: "
          f"{result.optimal_fraction[-1000:].mean():.1%}; reaches 90% "
          + ("never" if reach is None else f"at n = {reach}"))
ceiling = 1 - 0.1 + 0.1 / len(MEANS)
assert 0.9 < results["ε-greedy (ε=0.1)"].optimal_fraction[-1000:].mean() <= ceiling + 0.002
assert all(0.7 < r.optimal_fraction[-1000:].mean() < 0.8 for r in (greedy, seed002))
assert first_reaching(greedy, 0.9) is None and first_reaching(seed002, 0.9) is None
assert first_reaching(ts, 0.9) < min(first_reaching(r, 0.9) for r in shown[2:4])

# %% [markdown]
# ### The theory, with the textbook's two typos corrected
#
# **Upper bound for UCB1** (Auer, Cesa-Bianchi & Fischer 2002, Theorem 1). For rewards in
# $[0, 1]$ and $c = 1$, every sub-optimal arm satisfies
#
# $$\mathbb{E}[T_j(n)] \le \frac{8\ln n}{\Delta_j^2} + 1 + \frac{\pi^2}{3},
# \qquad\text{so}\qquad
# \rho \le \sum_{j:\Delta_j>0} \frac{8\ln n}{\Delta_j} + \Big(1+\frac{\pi^2}{3}\Big)\sum_j \Delta_j .$$
#
# Seed 000 prints the first as $8/(\Delta_j^2\ln n)$, which would *shrink* with $n$ — a typo.
#
# **Lower bound** (Lai & Robbins 1985). For every consistent policy and every sub-optimal
# arm,
#
# $$\mathbb{E}[T_j(n)] \ge \left(\frac{1}{D(P_j\,\|\,P^*)} + o(1)\right)\ln n ,$$
#
# where $D$ is the Kullback–Leibler divergence between arm $j$'s reward distribution and the
# best arm's; for Bernoulli arms
# $D(p\,\|\,q) = p\ln\frac{p}{q} + (1-p)\ln\frac{1-p}{1-q}$. Seed 000 prints $\le$: it is a
# *lower* bound. Summing $\Delta_j\,\mathbb{E}[T_j(n)]$ gives the dotted line: no policy can
# beat $\sum_j \Delta_j \ln n / D(\mu_j\|\mu^*)$ *in the long run*.
#
# But look at the plot: Thompson sampling is **below** the dotted line at $n = 10^4$. This is
# not a contradiction. Lai–Robbins is a statement about the limit of $\rho(n)/\ln n$; the
# $o(1)$ term can be sizeable at any finite $n$, so the curve is a rate, not a floor at every
# $n$. UCB1 with $c = 1$, on the other hand, is above it by a wide margin.

# %%
lr = float(bandits.lai_robbins_regret(MEANS, HORIZON))
print(f"Lai–Robbins rate at n = 10^4: {lr:.1f};  Thompson {ts.mean_regret[-1]:.1f} ± "
      f"{regret_at(ts, HORIZON)[1]:.1f};  UCB1 (c=1) {uc.mean_regret[-1]:.1f}")
assert ts.mean_regret[-1] + 4 * regret_at(ts, HORIZON)[1] < lr
assert uc.mean_regret[-1] > 2 * lr

# %% [markdown]
# ### Pulls of each arm against $\ln n$
#
# The bounds are really about $\mathbb{E}[T_j(n)]$, one arm at a time. Plotted against
# $\ln n$, logarithmic growth is a straight line. Solid: UCB1's mean pulls of each sub-optimal
# arm; dashed: Auer et al.'s bound for that arm; dotted: the Lai–Robbins rate.

# %%
fig = figures.pulls_vs_log_n(uc)
plt.show()

# %%
pulls = uc.mean_pulls()
growth = {}
for j in range(1, len(MEANS)):
    auer_bound = bandits.ucb1_pulls_bound(GAPS[j], n_all)
    lai_robbins = bandits.lai_robbins_pulls(MEANS[j], MEANS.max(), HORIZON)
    per_decade = [(pulls[10**e - 1, j] - pulls[10 ** (e - 1) - 1, j]) for e in (3, 4)]
    growth[j] = per_decade[1] / per_decade[0]
    print(f"arm {j} (Δ = {GAPS[j]:.1f}): T_j(10^4) = {pulls[-1, j]:6.1f}; bound "
          f"{auer_bound[-1]:7.1f}; Lai–Robbins rate {lai_robbins:6.1f}; added per decade "
          f"{per_decade[0]:6.1f} then {per_decade[1]:6.1f} (×{growth[j]:.1f})")
    assert np.all(pulls[:, j] <= auer_bound)
    assert pulls[-1, j] > lai_robbins
    assert growth[j] < 10  # linear growth would add ten times more per decade
assert growth[1] > growth[2] > growth[3] > growth[4]  # smaller gap, later to straighten
assert growth[3] < 1.5 and growth[4] < 1.5
print(f"arm 1's share of all pulls: {pulls[999, 1] / 1_000:.1%} at n = 10^3, "
      f"{pulls[-1, 1] / HORIZON:.1%} at n = 10^4")
assert pulls[999, 1] / 1_000 > 0.15 and pulls[-1, 1] / HORIZON < 0.1

# %% [markdown]
# Every arm stays under its bound and above the Lai–Robbins rate (UCB1 with $c=1$ explores
# more than an optimal policy must). With logarithmic growth each decade of $n$ adds the same
# number of pulls; linear growth would add ten times more each decade. The arms with large
# gaps (0.4 and 0.6) are nearly there: their pulls per decade grow by less than half from one
# decade to the next, and their curves are close to straight lines. The smaller the gap, the
# later the curve straightens: for the arm closest to the best ($\Delta = 0.1$) the pulls per
# decade still more than triple, and its curve bends upwards. It grows more slowly than $n$
# (its share of all pulls falls from about a fifth at $n=10^3$ to under a tenth at $n=10^4$),
# but $10^4$ pulls are not enough for UCB1 to settle on a gap this small: "logarithmic" hides
# a constant of order $1/\Delta^2$.
#
# ## 5. Telling the truth: a tuned ε-greedy against UCB1
#
# The table in section 4 hints at something textbooks rarely show: a **fixed** ε can beat
# UCB1. Let us tune ε for a horizon of 1,000 pulls and then look further ahead.

# %%
EPSILONS = [0.01, 0.02, 0.05, 0.1, 0.2]
short = {eps: bandits.simulate(bandits.EpsilonGreedy(eps), MEANS, 1_000, RUNS, rng=11)
         for eps in EPSILONS}
short_ucb = bandits.simulate(bandits.UCB1(c=1.0), MEANS, 1_000, RUNS, rng=12)
for eps, result in short.items():
    print(f"ε = {eps:<5g} regret at n = 1000: {regret_at(result, 1_000)[0]:5.1f}")
print(f"UCB1 (c=1) regret at n = 1000: {regret_at(short_ucb, 1_000)[0]:5.1f}")
good = [regret_at(short[eps], 1_000)[0] for eps in (0.01, 0.02, 0.05)]
assert max(good) < 1.25 * min(good) and max(good) < 0.5 * regret_at(short_ucb, 1_000)[0]

# %% [markdown]
# Any ε from 0.01 to 0.05 is about equally good at $n=1000$ (within 25% of each other), and
# all of them have less than half the regret of UCB1 with $c = 1$. Take ε = 0.05 and play
# 30,000 pulls (200 runs each):

# %%
LONG = 30_000
eps_long = bandits.simulate(bandits.EpsilonGreedy(0.05), MEANS, LONG, 200, rng=13)
ucb_long = bandits.simulate(bandits.UCB1(c=1.0), MEANS, LONG, 200, rng=14)
fig = figures.regret_curves([eps_long, ucb_long], bounds=False)
plt.show()

# %%
for n in (1_000, 10_000, LONG):
    (e, se_e), (u_, se_u) = regret_at(eps_long, n), regret_at(ucb_long, n)
    print(f"n = {n:6d}: ε-greedy (ε=0.05) {e:6.1f} ± {se_e:4.1f}   UCB1 (c=1) {u_:6.1f} ± {se_u:4.1f}")
floor = 0.05 * GAPS.mean()
slope_eps = late_slope(eps_long, 20_000, LONG)
slope_ucb = late_slope(ucb_long, 20_000, LONG)
increments = eps_long.regret[:, LONG - 1] - eps_long.regret[:, 19_999]
se_slope = increments.std(ddof=1) / math.sqrt(increments.size) / 10_000
print(f"regret per pull over the last 10,000 pulls: ε-greedy {slope_eps:.4f} "
      f"(ε·mean(Δ) = {floor:.4f}), UCB1 {slope_ucb:.4f}")

(e, se_e), (u_, se_u) = regret_at(eps_long, 1_000), regret_at(ucb_long, 1_000)
assert u_ - e > 4 * math.hypot(se_e, se_u)          # ε-greedy ahead at n = 1000
(e, se_e), (u_, se_u) = regret_at(eps_long, LONG), regret_at(ucb_long, LONG)
assert e - u_ > 4 * math.hypot(se_e, se_u)          # UCB1 ahead at n = 30000
assert abs(slope_eps - floor) < 4 * se_slope         # linear growth at rate ε·mean(Δ)
assert slope_ucb < slope_eps / 3
# the last n at which ε-greedy's mean regret is still at most UCB1's; above it for good after
crossing = int(np.flatnonzero(eps_long.mean_regret <= ucb_long.mean_regret)[-1]) + 1
print(f"ε-greedy's mean regret is above UCB1's for every n > {crossing}")
assert 10_000 < crossing < 20_000
lead = eps_long.mean_regret - ucb_long.mean_regret
assert 0 < lead[19_999] < lead[24_999] < lead[LONG - 1]             # UCB1's lead widens
assert late_slope(ucb_long, 10_000, 20_000) > slope_ucb            # UCB1's slope falls

# %% [markdown]
# Both halves of the story are true:
#
# - At $n = 1000$ the tuned ε-greedy has **less than half** UCB1's regret. UCB1 with $c=1$ is
#   cautious: its bonus is built to be right with probability $1 - n^{-4}$, so it keeps
#   checking arms it could already dismiss.
# - But a fixed ε pays $\varepsilon\cdot\overline{\Delta}$ per pull **for ever** — every
#   exploration step picks a random arm whatever it has learnt. The measured slope matches
#   $0.05 \times \overline{\Delta} = 0.013$ per pull, while UCB1's slope keeps falling (like
#   $1/n$ for $\ln n$ growth). The mean curves cross for the last time between $10^4$ and
#   $2\cdot 10^4$ pulls, and from then on UCB1's lead keeps widening.
#
# Which one is "better" depends on the horizon you care about and on what you know: the good
# ε depends on the problem and the horizon; UCB1 needs no tuning to be *guaranteed*
# logarithmic. In Monte Carlo Tree Search every node is a bandit whose horizon is the number
# of simulations through it, and which keeps growing — one reason MCTS uses UCB-type rules.
#
# ## 6. The exploration constant $c$
#
# UCB1's guarantee is for $c = 1$; seed 002 uses $c = 2$; in practice $c$ is tuned. Here is
# UCB1's regret for a range of $c$ (200 runs of $10^4$ pulls each):

# %%
C_VALUES = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0, 1.5, 2.0]
done = progress_bar(total=len(C_VALUES), description="values of c simulated")
by_c = []
for i, c in enumerate(C_VALUES):
    by_c.append(bandits.simulate(bandits.UCB1(c=c), MEANS, HORIZON, 200, rng=100 + i))
    done(i + 1)
final_by_c = [float(r.regret[:, -1].mean()) for r in by_c]
fig = figures.regret_against_c(C_VALUES, by_c)
plt.show()

# %%
for c, result, value in zip(C_VALUES, by_c, final_by_c, strict=True):
    print(f"c = {c:<4g} regret at n = 10^4: {value:6.1f}   stuck runs: {stuck_fraction(result):5.1%}")
best_c = C_VALUES[int(np.argmin(final_by_c))]
print("smallest regret at c =", best_c)
regret_of = dict(zip(C_VALUES, final_by_c, strict=True))
stuck_of = {c: stuck_fraction(r) for c, r in zip(C_VALUES, by_c, strict=True)}
assert 0.2 <= best_c <= 0.5
assert regret_of[2.0] > 2 * regret_of[1.0] and regret_of[1.0] > 3 * regret_of[best_c]
assert regret_of[2.0] > 10 * regret_of[best_c]
assert stuck_of[0.0] > 0.2 and stuck_of[0.1] > 0.2
assert 0 < stuck_of[0.2] <= 3 / 200 and 0 < stuck_of[0.4] <= 3 / 200
assert all(stuck_of[c] == 0 for c in C_VALUES if c >= 0.5)
slope_of = {c: late_slope(r, 5_000, HORIZON) for c, r in zip(C_VALUES, by_c, strict=True)}
assert min(slope_of[0.0], slope_of[0.1]) > 5 * slope_of[best_c]

# %% [markdown]
# The curve is U-shaped:
#
# - **Too little exploration** ($c \le 0.1$; $c = 0$ *is* greedy): a fifth or more of the
#   runs lock onto a wrong arm, and regret keeps growing linearly (over the last 5,000 pulls
#   more than five times as fast as at the best $c$).
# - **Too much** ($c \ge 1$): every arm is re-checked long after it is known to be bad; the
#   regret is logarithmic but with a large constant. Seed 002's $c = 2$ has more than twice
#   the regret of $c=1$ here, $c = 1$ several times that of the best $c$, and $c=2$ more than
#   ten times.
# - The best $c$ for *this* bandit and *this* horizon is around 0.3. It is not a universal
#   constant: a harder bandit (smaller gaps) or a longer horizon moves it. Just below and
#   above it a run occasionally still spends most of its pulls on a wrong arm (1–3 runs of
#   200 for $c$ = 0.2 and 0.4); from $c = 0.5$ up, none did. Use the dashboard below to
#   explore.
#
# ## 7. Explore: a regret dashboard
#
# Set the arm means (comma-separated probabilities), the horizon, UCB1's $c$, ε for a fixed
# ε-greedy and the number of runs, then press **Run**. The plot compares UCB1, ε-greedy and
# Thompson sampling with the two theory curves (the dashed bound is for $c=1$ only). Things to
# try:
# - Two arms 0.5 and 0.45. How long until any policy separates them? How does the
#   Lai–Robbins line compare?
# - Make UCB1's $c$ small (0.1) on the default bandit and increase the runs: the band widens
#   because a few runs get stuck.
# - Find an ε that beats UCB1 at horizon 1,000, then raise the horizon to 20,000.

# %%
def dashboard(means, horizon, c, epsilon, runs):
    """Simulate three policies with the chosen settings and draw their regret curves."""
    try:
        arm_means = [float(x) for x in means.split(",")]
    except ValueError:
        raise ValueError(f"means must be comma-separated numbers, got {means!r}") from None
    rng = np.random.default_rng(2024)
    chosen = [bandits.UCB1(c=c), bandits.EpsilonGreedy(epsilon), bandits.ThompsonSampling()]
    runs_of = [bandits.simulate(p, arm_means, horizon, runs, rng=rng) for p in chosen]
    return figures.regret_curves(runs_of)


interactive_plot(
    dashboard,
    manual=True,
    means=widgets.Text(value="0.9, 0.8, 0.7, 0.5, 0.3", description="arm means"),
    horizon=widgets.SelectionSlider(options=[500, 1_000, 2_000, 5_000, 10_000, 20_000],
                                    value=2_000, description="horizon"),
    c=widgets.FloatSlider(value=1.0, min=0.0, max=3.0, step=0.1, description="UCB1 c"),
    epsilon=widgets.FloatSlider(value=0.05, min=0.0, max=0.5, step=0.01, description="ε"),
    runs=widgets.SelectionSlider(options=[20, 50, 100, 200, 500], value=100,
                                 description="runs"),
)

# %% [markdown]
# ## 8. Exercises
#
# ### Exercise 1 — the UCB1 index
# Write `my_ucb1_index(means, counts, n, c)` returning the array of indices
# $\bar X_j + c\sqrt{2\ln n / T_j}$ for NumPy arrays `means` and `counts` of the same shape
# (every count at least 1) and the total number of pulls `n`.

# %%
def my_ucb1_index(means, counts, n, c=1.0):
    """UCB1 index of every arm: mean + c * sqrt(2 ln n / count)."""
    bonus = ...  # the exploration bonus, one value per arm
    raise NotImplementedError("Student exercise: return the UCB1 indices")


checks.check_ucb1_index(my_ucb1_index)


# %% tags=["solution"] jupyter={"source_hidden": true}
# Solution
def my_ucb1_index(means, counts, n, c=1.0):
    """UCB1 index of every arm: mean + c * sqrt(2 ln n / count)."""
    bonus = c * np.sqrt(2 * np.log(n) / np.asarray(counts, dtype=float))
    return np.asarray(means, dtype=float) + bonus


checks.check_ucb1_index(my_ucb1_index)

# %% [markdown]
# ### Exercise 2 — regret by hand
# A bandit has three arms with means $\mu = (0.6, 0.5, 0.2)$. A policy pulls the arms
# $0, 1, 2, 1, 0, 0$ (in this order). What is its pseudo-regret after these 6 pulls?
# Work it out on paper with $\rho = \sum_j \Delta_j T_j(n)$, then type the number.

# %%
regret_by_hand = ...  # your number

checks.check_regret_by_hand(regret_by_hand, means=[0.6, 0.5, 0.2], arms=[0, 1, 2, 1, 0, 0])

# %% tags=["solution"] jupyter={"source_hidden": true}
# Solution: gaps (0, 0.1, 0.4), pulls T = (3, 2, 1): ρ = 0·3 + 0.1·2 + 0.4·1 = 0.6
# (equivalently 6·0.6 − (3·0.6 + 2·0.5 + 1·0.2) = 3.6 − 3.0).
regret_by_hand = 0 * 3 + 0.1 * 2 + 0.4 * 1
print(f"ρ = {regret_by_hand:.2f}")
checks.check_regret_by_hand(regret_by_hand, means=[0.6, 0.5, 0.2], arms=[0, 1, 2, 1, 0, 0])

# %% [markdown]
# ### Exercise 3 — choose $c$ from a plot
# Look at the right panel of the figure in section 6. Which value of $c$ would you use for
# this bandit and a horizon of $10^4$ pulls? (The check accepts a value whose measured regret
# is within 1.5 times the smallest one on the grid.)

# %%
my_c = ...  # your choice

checks.check_choice_of_c(my_c, C_VALUES, final_by_c)

# %% tags=["solution"] jupyter={"source_hidden": true}
# Solution: the bottom of the U, read off the plot (here c = 0.3). Smaller values risk runs
# that never find the best arm; larger ones over-explore.
my_c = 0.3
checks.check_choice_of_c(my_c, C_VALUES, final_by_c)

# %% [markdown]
# ## Summary
# - A bandit policy is judged by its **regret** $\rho = \sum_j \Delta_j\,\mathbb{E}[T_j(n)]$:
#   the reward lost to not knowing the best arm. Random and greedy play (and seed 002's
#   $1/t$ schedule) lose a fixed amount per pull in the long run; good policies lose only
#   $O(\ln n)$.
# - **Hoeffding's inequality** bounds how far a sample mean can fall below the truth;
#   asking for probability $n^{-4}$ gives UCB1's bonus $\sqrt{2\ln n/T_j}$.
# - **UCB1** ($c=1$) is guaranteed logarithmic (Auer et al.: $8\ln n/\Delta_j^2 + 1 + \pi^2/3$
#   pulls per bad arm) and never got stuck here — but at moderate horizons a tuned ε-greedy
#   beats it, and **Thompson sampling** beats both. Lai–Robbins' $\ln n / D(\mu_j\|\mu^*)$ is
#   the best possible *rate*, not a floor at every $n$.
# - The constant $c$ matters by an order of magnitude: $c=2$ (seed 002) over-explores, small
#   $c$ risks getting stuck. State $c$ whenever you quote a result.
#
# **Next:** chapter 3 builds games and their trees. In chapter 5, every node of a search tree
# becomes a bandit whose arms are the moves, and UCB1 becomes UCT.
