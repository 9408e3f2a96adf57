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
# # Chapter 1 — Monte Carlo estimation
#
# *From Buffon's needle to Monte Carlo Tree Search, part 1 of 9.*
# Source: the textbook chapter "Monte Carlo game methods", §8.2.1. (The course cites its five
# source texts as *seed 000* to *seed 004*; the README lists them. Not to be confused with
# the random seeds, like `rng=1777`, that make each experiment repeatable.)
#
# ## What you will learn
# - The idea every later chapter uses: turn a quantity into the **expected value of a random
#   experiment**, repeat the experiment, and average.
# - How to estimate π by dropping needles (Buffon, 1777), and how to attach an honest
#   **standard error** and **95% interval** to the estimate.
# - Why the error shrinks like $1/\sqrt{N}$ — so each extra digit costs 100× more samples.
# - Two ways to integrate by Monte Carlo (hit-or-miss and the sample mean) and why one is
#   always at least as precise as the other.
# - Why Monte Carlo beats a grid in high dimension, which is why it suits games whose trees are
#   far too large to enumerate.
#
# **How to use this notebook.** Run the cells from top to bottom (Shift-Enter). Every random
# experiment takes a seed, so you will see exactly the numbers printed here; change a seed to
# see another run. Exercises at the end are checked by a function that tells you what to fix.

# %%
import math

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from mcts_lesson import montecarlo as mc
from mcts_lesson.checks import montecarlo as checks
from mcts_lesson.figures import montecarlo as figures
from mcts_lesson.widgets import interactive_plot

# %% [markdown]
# ## 1. Two kinds of Monte Carlo problems
#
# The textbook sorts Monte Carlo problems into two kinds:
#
# 1. **Deterministic problems** — a number such as π or an integral. We *invent* a random
#    experiment whose probability or mean equals that number, then sample it.
# 2. **Random processes** — a queue, a spreading epidemic, a game played to the end by random
#    moves. Here we simply *simulate* the process by its own probability rules and observe it.
#
# Either way the recipe has four parts: a probability model whose answer is the quantity we
# want; a way to draw random samples from it; an average of the samples; and — the part most
# often forgotten — **an estimate of the error of that average**.
#
# Game-playing programs use the second kind: to judge a position they play many random games
# from it and average the results (chapter 4). This chapter practises on the first kind, where
# we know the right answer and can watch the method work.

# %% [markdown]
# ## 2. Buffon's needle
#
# Draw parallel lines a distance $d$ apart. Drop a needle of length $l \le d$ at random. Let
# $x$ be the distance from the needle's centre to the nearest line and $\varphi$ the angle
# between needle and lines. "At random" means $x$ is uniform on $[0, d/2]$ and $\varphi$ is
# uniform on $[0, \pi]$, independently. The needle crosses a line exactly when
#
# $$x \le \tfrac{l}{2}\sin\varphi .$$
#
# So the crossing probability is the area under $\tfrac{l}{2}\sin\varphi$ divided by the area
# of the rectangle $[0,\pi]\times[0, d/2]$:
#
# $$P = \frac{\int_0^\pi \tfrac{l}{2}\sin\varphi\,d\varphi}{\pi d/2} = \frac{l}{\pi d/2}
#     = \frac{2l}{\pi d}.$$
#
# If $m$ of $n$ needles cross, the observed rate $\hat P = m/n$ estimates $P$, and solving for π:
#
# $$\pi \approx \frac{2\,n\,l}{m\,d}.$$
#
# Two details of our simulation (`mcts_lesson.montecarlo`):
# - **No π inside.** Drawing $\varphi = \pi U$ would use π to estimate π. Instead we pick a
#   random point in the quarter disc and take its direction: $\sin\varphi = v/\sqrt{u^2+v^2}$.
# - **Long needles** ($l > d$) are allowed. A long needle can cross several lines; we count
#   it once if it crosses *at least one*. The condition $x \le \tfrac{l}{2}\sin\varphi$ is
#   the same, but once $\tfrac{l}{2}\sin\varphi$ exceeds $d/2$ every $x$ qualifies, so the
#   integrand becomes $\min(\tfrac{l}{2}\sin\varphi,\ d/2)$. Integrating it gives
#   $P = \frac{2}{\pi}\left[\arccos\frac{d}{l} + \frac{l}{d}\left(1-\sqrt{1-d^2/l^2}\right)\right]$,
#   which equals $2l/(\pi d)$ at $l = d$ and is still a constant divided by π, so π can still
#   be estimated from $\hat P$.
#
# Here are 200 needles with $l = d$; red ones cross a line.

# %%
needles = mc.throw_needles(200, needle_length=1.0, line_spacing=1.0, lines=5, rng=1777)
print(f"{needles.crosses.sum()} of {needles.crosses.size} needles cross a line; "
      f"theory says P = 2/π = {2 / math.pi:.3f}")
figures.needles_figure(needles)
plt.show()

# %% [markdown]
# Now a real experiment: a million needles. `buffon_needle` returns the count and the estimate
# with its standard error and a 95% interval (explained in the next section).

# %%
result = mc.buffon_needle(1_000_000, needle_length=1.0, line_spacing=1.0, rng=1777)
print(result)
print(f"true π = {math.pi:.5f}; error = {result.pi_estimate - math.pi:+.5f} "
      f"= {(result.pi_estimate - math.pi) / result.std_error:+.2f} standard errors")
assert abs(result.pi_estimate - math.pi) < 4 * result.std_error

# %% [markdown]
# A million needles and we have only two or three correct digits. That is typical of Monte
# Carlo, and the next section says exactly why.

# %% [markdown]
# ## 3. How wrong is the estimate? The standard error
#
# The count $m$ is binomial, so $\hat P = m/n$ has standard deviation
# $\sqrt{P(1-P)/n}$. The estimate is a smooth function of it, $\hat\pi = K/\hat P$ with
# $K = 2l/d$. The **delta method** linearises that function around $P$:
#
# $$\operatorname{SE}(\hat\pi) \approx \left|\frac{d}{dP}\frac{K}{P}\right|
#   \sqrt{\frac{P(1-P)}{n}} = \frac{K}{P^2}\sqrt{\frac{P(1-P)}{n}}
#   = \pi\,\sqrt{\frac{1-P}{nP}} .$$
#
# Plugging in the observed $\hat P$ gives the standard error printed above, and
# $\hat\pi \pm 1.96\,\operatorname{SE}$ is an approximate 95% confidence interval (for a
# normally distributed estimate, 95% of the probability lies within 1.96 standard deviations
# of the mean; with thousands of needles $\hat\pi$ is very nearly normal). The band
# below shows it after every needle: it narrows like $1/\sqrt n$, and the estimate wanders
# inside it.

# %%
run = mc.running_pi(100_000, needle_length=1.0, line_spacing=1.0, rng=7)
figures.running_estimate_figure(run, title="Running estimate of π with its 95% band "
                                           "(100,000 needles, l = d = 1)")
plt.show()

# %% [markdown]
# Does the interval really cover π 95% of the time? Repeat the whole experiment many times
# and count.

# %%
rng = np.random.default_rng(42)
repeats = [mc.buffon_needle(10_000, rng=rng) for _ in range(1000)]
covered = np.mean([r.ci95[0] <= math.pi <= r.ci95[1] for r in repeats])
spread = np.std([r.pi_estimate for r in repeats], ddof=1)
print("1000 experiments of 10,000 needles each:")
print(f"  intervals that contain π: {covered:.1%}  (should be close to 95%)")
print(f"  SD of the 1000 estimates: {spread:.4f};  "
      f"average reported SE: {np.mean([r.std_error for r in repeats]):.4f}")
# 1000 runs give a coverage with SE sqrt(.95 * .05 / 1000) ≈ 0.007; allow 4 SE.
assert abs(covered - 0.95) < 4 * 0.007

# %% [markdown]
# ## 4. The $1/\sqrt{N}$ law
#
# The standard error $\pi\sqrt{(1-P)/(nP)}$ is a constant times $n^{-1/2}$. On log-log axes the
# error against $n$ is therefore a straight line of slope $-1/2$. We measure the actual
# root-mean-square error over 200 repeats at each $n$ and fit the slope.

# %%
ns = np.array([100, 316, 1_000, 3_162, 10_000, 31_623, 100_000])


def buffon_estimate(n, rng):
    return mc.buffon_needle(n, rng=rng).pi_estimate


buffon_errors = mc.rms_error(buffon_estimate, math.pi, ns, repeats=200, rng=11)
slope, _ = mc.fit_loglog_slope(ns, buffon_errors)
print(f"fitted slope: {slope:.3f}  (theory: -0.5)")
# Each RMS value over 200 repeats has a relative SE of about 5%; over three decades of n
# that puts the fitted slope's SE near 0.01. A tolerance of 0.05 is 5 SE.
assert abs(slope + 0.5) < 0.05
figures.error_figure(ns, {"Buffon's needle": buffon_errors}, repeats=200)
plt.show()

# %% [markdown]
# **Reading the slope.** $-1/2$ means: 100× more needles for one more correct digit. A million
# needles gave an SE of about 0.0024; to reach 0.000024 we would need $10^{10}$ needles. Monte
# Carlo is slow to converge — but, as section 6 shows, this rate stays the same in any
# dimension, while a grid's gets worse.

# %% [markdown]
# ## 5. Monte Carlo integration: hit-or-miss and the sample mean
#
# To compute $I = \int_0^1 f(x)\,dx$ for $0 \le f \le 1$, the textbook throws $N$ points
# uniformly into the unit square and counts the $n$ that fall under the curve
# ("hit-or-miss"). (Careful with the letters: in this section $N$ is the number of points and
# $n$ the number of hits.) With $\xi_1, \xi_2$ two independent random numbers, uniform on
# $[0, 1]$, as the coordinates of one point:
#
# $$\eta = \begin{cases}1 & \xi_1 \le f(\xi_2)\\ 0 & \text{otherwise}\end{cases},\qquad
# E[\eta] = \int_0^1 f(x)\,dx = I,\qquad I \approx \frac{n}{N}.$$
#
# A second estimator averages the function values themselves, $\hat I = \frac1N\sum f(U_i)$
# ("sample mean"). Both are unbiased. Their variances per sample are
#
# $$\operatorname{Var}(\eta) = I - I^2, \qquad \operatorname{Var}(f(U)) = \int_0^1 f^2 - I^2 .$$
#
# Because $0 \le f \le 1$ implies $f^2 \le f$, the sample mean's variance is never larger:
# hit-or-miss throws away information when it reduces $f(x)$ to a yes/no answer. Let us see it
# for $f(x) = x^2$, where $I = 1/3$, $\operatorname{Var}(\eta) = 2/9$ and
# $\operatorname{Var}(f(U)) = 1/5 - 1/9 = 4/45$.

# %%
def f(x):
    return x**2


print("hit-or-miss:", mc.hit_or_miss(f, 10_000, rng=3))
print("sample mean:", mc.sample_mean(f, 10_000, rng=3))
print(f"theory: SE ratio = sqrt((2/9) / (4/45)) = {math.sqrt((2 / 9) / (4 / 45)):.3f}")

# %%
rng = np.random.default_rng(5)
hm_values = np.array([mc.hit_or_miss(f, 2_000, rng=rng).value for _ in range(2000)])
sm_values = np.array([mc.sample_mean(f, 2_000, rng=rng).value for _ in range(2000)])
ratio = hm_values.std(ddof=1) / sm_values.std(ddof=1)
print(f"observed SD ratio over 2000 repeats: {ratio:.3f}")
# The ratio of two SDs from 2000 samples each has a relative SE of about 1/sqrt(2000) ≈ 2.2%.
assert abs(ratio / math.sqrt((2 / 9) / (4 / 45)) - 1) < 4 * 0.022
figures.estimator_spread_figure(hm_values, sm_values, exact=1 / 3, n=2_000)
plt.show()

# %% [markdown]
# Theory says the sample mean is 1.58× more precise here (this run measured the ratio
# printed above), which is worth $1.58^2 \approx 2.5$× as many samples. Both still converge
# at the same $N^{-1/2}$ rate:

# %%
int_ns = np.array([100, 1_000, 10_000, 100_000])
int_errors = {
    "hit-or-miss": mc.rms_error(lambda n, rng: mc.hit_or_miss(f, n, rng=rng), 1 / 3, int_ns,
                                repeats=200, rng=8),
    "sample mean": mc.rms_error(lambda n, rng: mc.sample_mean(f, n, rng=rng), 1 / 3, int_ns,
                                repeats=200, rng=9),
}
for name, errors in int_errors.items():
    print(f"{name:12s} fitted slope {mc.fit_loglog_slope(int_ns, errors)[0]:.3f}")
    assert abs(mc.fit_loglog_slope(int_ns, errors)[0] + 0.5) < 0.06  # about 5 SE, as above
figures.error_figure(int_ns, int_errors, repeats=200)
plt.show()

# %% [markdown]
# ## 6. The curse of dimension — and why Monte Carlo escapes it
#
# The textbook's key remark: with $N$ samples the Monte Carlo error depends on $N$ (like
# $1/\sqrt N$) and on the variance of what we average, **but not on the dimension of the
# integral**. A grid does depend on it: with a budget of $N$ points, a grid in $d$ dimensions
# has only $k = N^{1/d}$ points per axis. The midpoint rule's error typically falls like the
# square of the spacing, $k^{-2} = N^{-2/d}$ (for a function with a jump, such as "inside the
# ball or not", it can be as slow as $k^{-1} = N^{-1/d}$). Either way the *rate* gets worse
# as $d$ grows, and $N^{-2/d}$ is slower than Monte Carlo's $N^{-1/2}$ as soon as $d > 4$.
#
# We estimate the volume of the unit ball in $d = 1,\dots,10$ dimensions,
# $V_d = \pi^{d/2}/\Gamma(d/2+1)$, with at most 200,000 evaluations each: a midpoint grid with
# $k^d \le 200{,}000$ points, and Monte Carlo with exactly as many random points in
# $[-1,1]^d$.

# %%
study = mc.dimension_study(range(1, 11), budget=200_000, rng=2024)
print(" d  points   exact V_d   grid error   MC error   MC SE")
for row in zip(study.dims, study.evaluations, study.exact, study.grid_relative_error,
               study.mc_relative_error, study.mc_relative_std_error, strict=True):
    print("{:2d} {:7,d}   {:9.5f}   {:9.2%}  {:9.2%}  {:6.2%}".format(*row))
figures.dimension_figure(study)
plt.show()

# %% [markdown]
# What the table shows:
# - The "points" column goes up and down because a grid must have a whole number $k$ of
#   points per axis: $k^d \le 200{,}000$ gives $k = 447$ at $d = 2$, $58$ at $d = 3$, and only
#   $k = 3$ at $d = 9$ (19,683 points, since $4^9$ would exceed the budget) and $d = 10$.
#   Monte Carlo gets exactly as many points as the grid in each row.
# - In $d = 1$ both are exact (every point of $[-1,1]$ is in the "ball"); in $d = 2, 3$ the
#   grid wins clearly.
# - From $d = 4$ on, Monte Carlo is more accurate with the same budget, and the grid becomes
#   erratic: with 3 or 4 points per axis its answer depends on where the few cell centres
#   happen to fall ($122\%$ off at $d = 8$, where $k = 4$).
# - Monte Carlo's relative error also grows with $d$, for two reasons: the ball fills a
#   shrinking fraction $V_d/2^d$ of the cube ($0.25\%$ at $d = 10$), which raises the
#   relative variance of the estimate, and the budget shrinks with the grid's ($19{,}683$
#   points at $d = 9$, which is why $d = 9$ is worse than $d = 10$).
#
# The table compares one budget per dimension. The *rates* are the real story: below we
# refine the grid in $d = 2, 3, 4, 6$ and fit the slope of its error against the number of
# points, as we did for Monte Carlo in section 4.

# %%
grid_slopes = {}
for d in (2, 3, 4, 6):
    ks = np.unique(np.geomspace(max(2, round(1000 ** (1 / d))), mc.grid_size(d, 400_000),
                                12).astype(int))
    errors = np.array([abs(mc.ball_volume_midpoint(d, int(k)).value - mc.unit_ball_volume(d))
                       for k in ks]) / mc.unit_ball_volume(d)
    grid_slopes[d] = mc.fit_loglog_slope(ks.astype(float) ** d, errors)[0]
    print(f"d = {d}: grid error ~ N^{grid_slopes[d]:.2f}  (N^(-2/d) = N^{-2 / d:.2f}; "
          f"Monte Carlo: N^-0.50)")
slopes = [grid_slopes[d] for d in (2, 3, 4, 6)]
assert slopes == sorted(slopes)  # flatter (less negative) as d grows
assert grid_slopes[2] < -0.5 < grid_slopes[6]  # faster than Monte Carlo at d = 2, slower at 6

# %% [markdown]
# The grid's convergence gets slower with every added dimension, close to the $N^{-2/d}$ of
# the midpoint rule (the fits are rough: the ball's boundary makes the error jump about as
# $k$ changes). Monte Carlo's $N^{-1/2}$ does not change. Game trees are the extreme case:
# far too many positions to lay any grid over them, so we sample. That is where this course
# is heading.

# %%
small, large = study.dims <= 3, study.dims >= 4
assert np.all(study.grid_relative_error[small & (study.dims > 1)]
              < study.mc_relative_std_error[small & (study.dims > 1)])
assert np.all(study.grid_relative_error[large] > 2 * study.mc_relative_std_error[large])
print("checked: the grid beats Monte Carlo's standard error for d = 2, 3 and is more than "
      "twice worse for every d ≥ 4")

# %% [markdown]
# ## 7. Explore: Buffon's needle interactively
#
# Move the sliders: the number of needles, the ratio $l/d$ of needle length to line spacing,
# and the seed. Things to try:
# - Change only the seed. How far does the estimate move at 1,000 needles? At 100,000?
# - Which $l/d$ gives the narrowest band for the same number of needles? (Hint: the SE is
#   $\pi\sqrt{(1-P)/(nP)}$, smallest when $P$ is large.) What happens for $l > d$?

# %%
interactive_plot(
    figures.buffon_dashboard,
    n=widgets.SelectionSlider(options=[100, 1_000, 10_000, 100_000], value=10_000,
                              description="needles"),
    ratio=widgets.FloatSlider(value=1.0, min=0.2, max=3.0, step=0.1, description="l / d"),
    seed=widgets.IntSlider(value=0, min=0, max=20, description="seed"),
)

# %% [markdown]
# ## 8. Exercises
#
# ### Exercise 1 — π from a count
# Write `estimate_pi(crossings, n, needle_length, line_spacing)` returning the estimate of π
# from $m$ crossings in $n$ throws (assume $l \le d$).

# %%
def estimate_pi(crossings, n, needle_length, line_spacing):
    """Estimate π from `crossings` of `n` needles of length l on lines d apart (l ≤ d)."""
    # Solve P = 2l / (πd) for π, with P replaced by the observed rate crossings / n.
    ...
    raise NotImplementedError("Student exercise: return the estimate of π")


checks.check_pi_from_counts(estimate_pi)


# %% tags=["solution"] jupyter={"source_hidden": true}
# Solution
def estimate_pi(crossings, n, needle_length, line_spacing):
    """Estimate π from `crossings` of `n` needles of length l on lines d apart (l ≤ d)."""
    return 2 * n * needle_length / (crossings * line_spacing)


checks.check_pi_from_counts(estimate_pi)


# %% [markdown]
# ### Exercise 2 — the sample-mean estimator
# Write `my_sample_mean(f, n, rng)` that estimates $\int_0^1 f(x)\,dx$ from `n` uniform points
# drawn with `rng.random(n)` and returns the pair `(estimate, standard_error)`.

# %%
def my_sample_mean(f, n, rng):
    """Return (estimate, standard error) of the integral of f over [0, 1] from n points."""
    x = ...  # n uniform points in [0, 1]
    raise NotImplementedError("Student exercise: average f(x) and compute its standard error")


checks.check_sample_mean(my_sample_mean)


# %% tags=["solution"] jupyter={"source_hidden": true}
# Solution
def my_sample_mean(f, n, rng):
    """Return (estimate, standard error) of the integral of f over [0, 1] from n points."""
    values = f(rng.random(n))
    return values.mean(), values.std(ddof=1) / np.sqrt(n)


checks.check_sample_mean(my_sample_mean)

# %% [markdown]
# ### Exercise 3 — plan an experiment
# With $l = d$, how many needles do you need for a standard error of $0.001$ in $\hat\pi$?
# Use the formula of section 3 with the true $P = 2/\pi$ (an answer within 10% counts).

# %%
needles_needed = ...  # your number

checks.check_needles_needed(needles_needed)

# %% tags=["solution"] jupyter={"source_hidden": true}
# Solution: SE = π·sqrt((1 − P)/(nP))  ⇒  n = π²(1 − P)/(P·SE²)
P = 2 / math.pi
needles_needed = math.pi**2 * (1 - P) / (P * 0.001**2)
print(f"{needles_needed:,.0f} needles")
checks.check_needles_needed(needles_needed)

# %% [markdown]
# ## Summary
# - Monte Carlo turns a number into the mean of a random experiment: π from needle
#   crossings, an integral from random points.
# - Always report the **standard error**; $\hat\theta \pm 1.96\,\mathrm{SE}$ covers the truth
#   about 95% of the time (we counted).
# - Error falls like $N^{-1/2}$ (fitted slopes ≈ −0.5): one more digit costs 100× the samples.
# - A better estimator (sample mean vs hit-or-miss) changes the constant, not the rate.
# - The rate does not depend on dimension; grids do. Huge spaces — like game trees — are
#   Monte Carlo's home ground.
#
# **Next:** chapter 2 asks a new question. If each sample costs something and we may *choose*
# which experiment to sample next, how should we choose? That is the multi-armed bandit, and
# its answer, UCB1, is the heart of Monte Carlo Tree Search.
#
# ---
# ### For teachers: the automatic checks of this notebook
# Teachers validate the course with `make test`, which re-runs every notebook with
# [nbval](https://nbval.readthedocs.io) in *strict* mode: each cell's printed text must match
# the saved output exactly (pictures are not compared). That is why every experiment here is
# seeded. A cell may carry one of these markers (as a cell tag, or a first-line comment):
# - `nbval-ignore-output` / `# NBVAL_IGNORE_OUTPUT`: run the cell but do not compare its output
#   (used only for output that changes from run to run, such as timings);
# - `raises-exception` / `# NBVAL_RAISES_EXCEPTION`: the cell is expected to raise an error.
#
# Timings are printed as "12.3 ms" and memory addresses as `0x…`; the sanitiser
# `notebooks/nbval_sanitize.cfg` replaces just those before comparing.
