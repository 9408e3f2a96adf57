"""Tests for mcts_lesson.bandits (chapter 2).

Statistical tests use fixed seeds and a tolerance of 4 standard errors computed from theory
(stated next to each test): a correct implementation fails one of them with probability
about 6e-5, a wrong formula is off by far more.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcts_lesson import bandits
from mcts_lesson.bandits import (
    UCB1,
    ArmStats,
    EpsilonGreedy,
    Greedy,
    RandomPolicy,
    ThompsonSampling,
    argmax_random_ties,
    bernoulli_kl,
    simulate,
)

Z = 4.0  # tolerance in standard errors
MEANS = np.array([0.9, 0.8, 0.6, 0.3])
POLICIES = [RandomPolicy(), Greedy(), EpsilonGreedy(0.1), EpsilonGreedy(2.0, decay="1/t"),
            UCB1(), UCB1(c=2.0), ThompsonSampling()]


# ---------------------------------------------------------------------------------------------
# The result's bookkeeping


@pytest.mark.parametrize("policy", POLICIES, ids=repr)
def test_result_shapes_and_bookkeeping_agree(policy):
    runs, horizon = 7, 60
    result = simulate(policy, MEANS, horizon, runs, rng=3)
    assert result.regret.shape == (runs, horizon)
    assert result.arms.shape == (runs, horizon)
    assert result.pulls.shape == (runs, MEANS.size)
    assert result.optimal_fraction.shape == (horizon,)
    assert (result.runs, result.horizon) == (runs, horizon)
    for r in range(runs):
        np.testing.assert_allclose(result.regret[r], bandits.pseudo_regret(MEANS, result.arms[r]))
        np.testing.assert_array_equal(result.pulls[r], np.bincount(result.arms[r], minlength=4))
    np.testing.assert_allclose(result.optimal_fraction, np.mean(result.arms == 0, axis=0))
    np.testing.assert_allclose(result.mean_pulls()[-1], result.pulls.mean(axis=0))
    assert np.all(np.diff(result.regret, axis=1) >= 0)


def test_pseudo_regret_by_hand():
    # means (0.5, 0.8); pulls 0, 1, 1, 0, 1 lose 0.3, 0, 0, 0.3, 0
    np.testing.assert_allclose(bandits.pseudo_regret([0.5, 0.8], [0, 1, 1, 0, 1]),
                               [0.3, 0.3, 0.3, 0.6, 0.6])
    with pytest.raises(ValueError, match=r"integers in 0\.\.1"):
        bandits.pseudo_regret([0.5, 0.8], [0, 2])


def test_same_seed_same_result_and_generator_accepted():
    a = simulate(UCB1(), MEANS, 200, 20, rng=11)
    b = simulate(UCB1(), MEANS, 200, 20, rng=np.random.default_rng(11))
    c = simulate(UCB1(), MEANS, 200, 20, rng=12)
    np.testing.assert_array_equal(a.arms, b.arms)
    assert not np.array_equal(a.arms, c.arms)


def test_progress_callback_reaches_the_horizon():
    seen = []
    simulate(UCB1(), MEANS, 250, 3, rng=0, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 250 and len(seen) <= 101


@pytest.mark.parametrize("policy", [Greedy(), EpsilonGreedy(0.5), UCB1(), ThompsonSampling()],
                         ids=repr)
def test_index_policies_play_every_arm_once_first_in_random_order(policy):
    runs, k = 2000, MEANS.size
    result = simulate(policy, MEANS, k, runs, rng=5)
    assert np.all(np.sort(result.arms, axis=1) == np.arange(k))
    # the first arm is uniform over k: binomial(runs, 1/k) counts, 4 standard deviations
    first = np.bincount(result.arms[:, 0], minlength=k)
    sd = math.sqrt(runs * (1 / k) * (1 - 1 / k))
    assert np.all(np.abs(first - runs / k) < Z * sd), first


def test_ucb1_with_c_zero_is_greedy():
    # Same index (the empirical mean), same tie-breaking, same random stream.
    a = simulate(UCB1(c=0.0), MEANS, 300, 50, rng=9)
    b = simulate(Greedy(), MEANS, 300, 50, rng=9)
    np.testing.assert_array_equal(a.arms, b.arms)


# ---------------------------------------------------------------------------------------------
# Statistical checks against theory


def test_random_policy_regret_is_n_times_mean_gap():
    # Each step loses Δ_A with A uniform: mean m = mean(Δ), variance v = var(Δ), independent.
    # Mean regret over R runs at n: n·m ± sqrt(n·v/R).
    runs, n = 400, 500
    result = simulate(RandomPolicy(), MEANS, n, runs, rng=1)
    gap = bandits.gaps(MEANS)
    se = math.sqrt(n * gap.var() / runs)
    assert abs(result.mean_regret[-1] - n * gap.mean()) < Z * se


def test_epsilon_one_explores_uniformly_after_the_first_round():
    # Initial round costs ΣΔ exactly, then n − k uniform pulls as above.
    runs, n, k = 400, 500, MEANS.size
    result = simulate(EpsilonGreedy(epsilon=1.0), MEANS, n, runs, rng=2)
    gap = bandits.gaps(MEANS)
    np.testing.assert_allclose(result.regret[:, k - 1], gap.sum())
    se = math.sqrt((n - k) * gap.var() / runs)
    assert abs(result.mean_regret[-1] - gap.sum() - (n - k) * gap.mean()) < Z * se


def test_fixed_epsilon_greedy_regret_grows_linearly_at_rate_eps_over_k_times_gaps():
    # Two arms, Δ = 0.6, ε = 0.2. Once the greedy arm is the best one (long before n = 2000
    # with this gap), each step loses Δ with probability p = ε/2: increments over 4000 steps
    # have mean 4000·p·Δ and per-run variance 4000·Δ²·p(1−p).
    means, eps, runs = [0.8, 0.2], 0.2, 200
    result = simulate(EpsilonGreedy(eps), means, 6000, runs, rng=4)
    increase = result.regret[:, 5999] - result.regret[:, 1999]
    p, delta, steps = eps / 2, 0.6, 4000
    se = math.sqrt(steps * delta**2 * p * (1 - p) / runs)
    assert abs(increase.mean() - steps * p * delta) < Z * se


@pytest.mark.parametrize("rewards,sigma", [("bernoulli", 1.0), ("gaussian", 0.7)])
def test_rewards_have_the_arm_means(rewards, sigma):
    # Given the choices, total reward has mean Σ μ_{a_t} = n μ* − regret and variance
    # Σ μ(1−μ) ≤ n/4 (Bernoulli) or n σ² (Gaussian).
    runs, n = 300, 400
    result = simulate(UCB1(), MEANS, n, runs, rng=6, rewards=rewards, sigma=sigma)
    expected = n * MEANS.max() - result.regret[:, -1]
    var = n / 4 if rewards == "bernoulli" else n * sigma**2
    assert abs(np.mean(result.total_reward - expected)) < Z * math.sqrt(var / runs)
    if rewards == "bernoulli":
        np.testing.assert_array_equal(result.total_reward, np.round(result.total_reward))


def test_ucb1_pulls_stay_under_auer_bound():
    # Theorem 1 (Auer et al. 2002) for c = 1: E[T_j(n)] ≤ 8 ln n/Δ² + 1 + π²/3. The bound is
    # loose; the test catches an index that explores far too much (e.g. without the 1/T_j).
    runs, n = 200, 3000
    result = simulate(UCB1(c=1.0), MEANS, n, runs, rng=8)
    gap = bandits.gaps(MEANS)
    for j in range(1, MEANS.size):
        pulls = result.pulls[:, j]
        se = pulls.std(ddof=1) / math.sqrt(runs)
        assert pulls.mean() <= bandits.ucb1_pulls_bound(gap[j], n) + Z * se


def test_ucb1_pulls_of_a_bad_arm_grow_logarithmically_not_linearly():
    # Logarithmic growth adds the same number of pulls per decade of n (increment ratio → 1);
    # linear growth multiplies the increment by 10 per decade. Measured mean increments
    # (300 runs, standard errors about 2-5 pulls): 101 from 10^2 to 10^3, 177 from 10^3 to
    # 10^4, ratio 1.7 (still settling towards its logarithmic regime). The test separates the
    # two hypotheses at their geometric middle, sqrt(10) ≈ 3.2.
    means, runs = [0.7, 0.5], 300
    result = simulate(UCB1(), means, 10_000, runs, rng=10)
    pulls = result.mean_pulls()[:, 1]
    ratio = (pulls[9999] - pulls[999]) / (pulls[999] - pulls[99])
    assert pulls[9999] > pulls[999] and ratio < math.sqrt(10), ratio


def _naive_ucb1_regret(means, horizon, rng) -> float:
    """One run of UCB1 (c = 1) written the plain way, one pull at a time (a reference)."""
    k = len(means)
    counts, sums = [0] * k, [0.0] * k
    best, regret = max(means), 0.0
    for n in range(horizon):  # n pulls made so far
        untried = [j for j in range(k) if counts[j] == 0]
        if untried:
            arm = untried[int(rng.integers(len(untried)))]
        else:
            index = [sums[j] / counts[j] + math.sqrt(2 * math.log(n) / counts[j])
                     for j in range(k)]
            top = max(index)
            tied = [j for j in range(k) if index[j] == top]
            arm = tied[int(rng.integers(len(tied)))]
        counts[arm] += 1
        sums[arm] += float(rng.random() < means[arm])
        regret += best - means[arm]
    return regret


def test_vectorised_ucb1_agrees_with_a_plain_implementation():
    # Same algorithm, different random streams: compare mean regret at n = 300 over 200 runs
    # each, difference within 4 standard errors of the difference.
    means, n, runs = [0.7, 0.6, 0.3], 300, 200
    rng = np.random.default_rng(21)
    plain = np.array([_naive_ucb1_regret(means, n, rng) for _ in range(runs)])
    fast = simulate(UCB1(), means, n, runs, rng=22).regret[:, -1]
    se = math.sqrt(plain.var(ddof=1) / runs + fast.var(ddof=1) / runs)
    assert abs(plain.mean() - fast.mean()) < Z * se


def test_thompson_beats_ucb1_on_a_close_pair():
    # An empirical claim the notebook makes: on (0.9, 0.8) Thompson sampling's regret at
    # n = 2000 is lower than UCB1's (c = 1). Difference of means, 4 standard errors.
    runs, n = 300, 2000
    ts = simulate(ThompsonSampling(), [0.9, 0.8], n, runs, rng=13).regret[:, -1]
    ucb = simulate(UCB1(), [0.9, 0.8], n, runs, rng=14).regret[:, -1]
    se = math.sqrt(ts.var(ddof=1) / runs + ucb.var(ddof=1) / runs)
    assert ucb.mean() - ts.mean() > Z * se


def test_gaussian_thompson_runs_and_learns():
    result = simulate(ThompsonSampling(), [1.0, 0.0], 500, 100, rng=15, rewards="gaussian",
                      sigma=1.0)
    assert result.optimal_fraction[-50:].mean() > 0.9


# ---------------------------------------------------------------------------------------------
# Tie-breaking


def test_argmax_random_ties_is_uniform_over_the_maxima():
    runs = 3000
    values = np.tile(np.array([[1.0], [3.0], [3.0], [2.0], [3.0]]), (1, runs))
    values[:, :10] = [[5.0], [0.0], [0.0], [0.0], [0.0]]  # some rows without a tie
    arms = argmax_random_ties(values, rng=0)
    assert np.all(arms[:10] == 0)
    counts = np.bincount(arms[10:], minlength=5)
    assert counts[0] == counts[3] == 0
    m = runs - 10
    sd = math.sqrt(m * (1 / 3) * (2 / 3))
    assert np.all(np.abs(counts[[1, 2, 4]] - m / 3) < Z * sd), counts


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 20), st.integers(0, 2**32 - 1))
def test_argmax_random_ties_always_returns_a_maximum(k, runs, seed):
    rng = np.random.default_rng(seed)
    values = rng.integers(0, 3, size=(k, runs)).astype(float)  # many ties
    arms = argmax_random_ties(values, rng)
    assert np.all(values[arms, np.arange(runs)] == values.max(axis=0))


def test_argmax_random_ties_rejects_bad_shapes():
    with pytest.raises(ValueError, match="shape"):
        argmax_random_ties(np.zeros(3))
    with pytest.raises(ValueError, match="NaN"):
        argmax_random_ties(np.array([[0.0], [np.nan]]))


# ---------------------------------------------------------------------------------------------
# Policies and indices


def test_ucb1_index_formula():
    assert bandits.ucb1_index([0.5], [2], 4, c=1.0)[0] == pytest.approx(
        0.5 + math.sqrt(math.log(4)))
    assert bandits.ucb1_index([0.5], [2], 4, c=2.0)[0] == pytest.approx(
        0.5 + 2 * math.sqrt(math.log(4)))
    with pytest.raises(ValueError, match="at least one pull"):
        bandits.ucb1_index([0.5, 0.2], [1, 0], 4)
    with pytest.raises(ValueError, match="same shape"):
        bandits.ucb1_index([0.5, 0.2], [1], 4)


def test_ucb1_policy_index_matches_the_formula():
    rng = np.random.default_rng(1)
    stats = ArmStats(runs=5, k=3)
    for _ in range(20):
        stats.update(rng.integers(3, size=5), rng.random(5))
    stats.update(np.zeros(5, dtype=int), np.zeros(5))
    stats.update(np.ones(5, dtype=int), np.zeros(5))
    stats.update(np.full(5, 2), np.zeros(5))
    index = UCB1(c=1.5).index(stats, rng)
    np.testing.assert_allclose(
        index, bandits.ucb1_index(stats.means, stats.counts, stats.n, c=1.5))
    np.testing.assert_allclose(stats.counts.sum(axis=0), stats.n)


def test_epsilon_schedules():
    assert EpsilonGreedy(0.1).epsilon_at(1000) == 0.1
    seed_002 = EpsilonGreedy(1.0, decay="1/t")
    assert [seed_002.epsilon_at(t) for t in (1, 2, 4)] == [1.0, 0.5, 0.25]
    assert EpsilonGreedy(20.0, decay="1/t").epsilon_at(10) == 1.0


@pytest.mark.parametrize("make", [
    lambda: EpsilonGreedy(1.5), lambda: EpsilonGreedy(-0.1), lambda: EpsilonGreedy(0.1, "exp"),
    lambda: UCB1(c=-1.0), lambda: UCB1(c=float("nan"))])
def test_bad_policy_parameters(make):
    with pytest.raises(ValueError):
        make()


@pytest.mark.parametrize("kwargs,match", [
    ({"means": []}, "at least one arm"),
    ({"means": [0.5, 1.2]}, r"\[0, 1\]"),
    ({"means": [[0.5, 0.2]]}, "1-D"),
    ({"means": [0.5, float("nan")]}, "finite"),
    ({"horizon": 0}, "horizon must be at least 1"),
    ({"horizon": 2.5}, "horizon must be a positive integer"),
    ({"runs": 0}, "runs must be at least 1"),
    ({"policy": "UCB1"}, "Policy"),
    ({"rewards": "poisson"}, "rewards must be one of"),
    ({"sigma": 0.0, "rewards": "gaussian"}, "sigma must be a positive number"),
])
def test_simulate_rejects_bad_arguments(kwargs, match):
    args = {"policy": UCB1(), "means": [0.5, 0.4], "horizon": 10, "runs": 2} | kwargs
    with pytest.raises(ValueError, match=match):
        simulate(**args)


def test_gaussian_means_may_lie_outside_unit_interval():
    result = simulate(UCB1(), [2.0, -1.0], 20, 2, rng=0, rewards="gaussian")
    assert result.regret.shape == (2, 20)


# ---------------------------------------------------------------------------------------------
# Theory curves and Hoeffding


def test_bernoulli_kl_values():
    assert bernoulli_kl(0.3, 0.3) == 0.0
    expected = 0.5 * math.log(0.5 / 0.25) + 0.5 * math.log(0.5 / 0.75)
    assert bernoulli_kl(0.5, 0.25) == pytest.approx(expected)
    assert bernoulli_kl(0.0, 0.5) == pytest.approx(math.log(2))
    assert np.isinf(bernoulli_kl(0.5, 1.0))


@given(st.floats(0, 1), st.floats(0.001, 0.999))
def test_bernoulli_kl_pinsker(p, q):
    # Pinsker's inequality: D(p‖q) ≥ 2 (p − q)²
    assert bernoulli_kl(p, q) >= 2 * (p - q) ** 2 - 1e-12


def test_bounds():
    gap = 0.2
    assert bandits.ucb1_pulls_bound(gap, 1) == pytest.approx(1 + math.pi**2 / 3)
    assert bandits.ucb1_pulls_bound(gap, math.e) == pytest.approx(8 / gap**2 + 1 + math.pi**2 / 3)
    means = [0.9, 0.7, 0.4]
    n = np.array([10.0, 1000.0])
    expected = 8 * np.log(n) * (1 / 0.2 + 1 / 0.5) + (1 + math.pi**2 / 3) * 0.7
    np.testing.assert_allclose(bandits.ucb1_regret_bound(means, n), expected)
    kl1, kl2 = bernoulli_kl(0.7, 0.9), bernoulli_kl(0.4, 0.9)
    np.testing.assert_allclose(bandits.lai_robbins_regret(means, n),
                               (0.2 / kl1 + 0.5 / kl2) * np.log(n))
    np.testing.assert_allclose(bandits.lai_robbins_pulls(0.7, 0.9, n), np.log(n) / kl1)
    with pytest.raises(ValueError):
        bandits.ucb1_pulls_bound(0.0, 10)
    with pytest.raises(ValueError):
        bandits.lai_robbins_pulls(0.9, 0.9, 10)


def _binomial_lower_tail(n: int, p: float, below: float) -> float:
    """Exact P(Binomial(n, p) < below)."""
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1) if i < below)


def test_hoeffding_frequencies_match_the_exact_tail_and_respect_the_bound():
    # frequency of p − X̄ > u is binomial(trials, q) / trials with q the exact tail:
    # standard error sqrt(q(1−q)/trials).
    p, size, trials = 0.4, 30, 20_000
    u = np.array([0.05, 0.1, 0.2])
    freq = bandits.hoeffding_tail_frequency(p, size, u, trials, rng=0)
    for f, ui in zip(freq, u, strict=True):
        exact = _binomial_lower_tail(size, p, size * (p - ui) - 1e-9)
        assert abs(f - exact) < Z * math.sqrt(exact * (1 - exact) / trials) + 1e-12
        assert exact <= math.exp(-2 * size * ui**2)


# ---------------------------------------------------------------------------------------------
# Exercise checks and figures (the layers the notebook uses)


def test_exercise_checks(capsys):
    from mcts_lesson.checks import bandits as checks

    def right(means, counts, n, c=1.0):
        return means + c * np.sqrt(2 * np.log(n) / counts)

    def no_two(means, counts, n, c=1.0):
        return means + c * np.sqrt(np.log(n) / counts)

    def stub(means, counts, n, c=1.0):
        raise NotImplementedError("Student exercise")

    assert checks.check_ucb1_index(right)
    assert not checks.check_ucb1_index(no_two)
    assert "factor 2" in capsys.readouterr().out
    assert not checks.check_ucb1_index(stub)
    assert "Not done yet" in capsys.readouterr().out

    means, arms = [0.6, 0.5, 0.2], [0, 1, 2, 1, 0, 0]
    assert checks.check_regret_by_hand(0.6, means, arms)
    assert not checks.check_regret_by_hand(3.0, means, arms)  # the reward, not the regret
    assert "expected reward" in capsys.readouterr().out
    assert not checks.check_regret_by_hand(..., means, arms)

    c_values, regret = [0.1, 0.3, 1.0, 2.0], [300.0, 26.0, 200.0, 550.0]
    assert checks.check_choice_of_c(0.3, c_values, regret)
    assert checks.check_choice_of_c(0.28, c_values, regret)  # nearest grid point
    assert not checks.check_choice_of_c(2.0, c_values, regret)
    assert "smaller c" in capsys.readouterr().out
    assert not checks.check_choice_of_c(..., c_values, regret)


def test_figures_draw_labelled_axes():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from mcts_lesson.figures import bandits as figures

    results = [simulate(p, MEANS, 50, 5, rng=0) for p in (UCB1(), EpsilonGreedy(0.1))]
    u = np.array([0.1, 0.2])
    figs = [
        figures.hoeffding_tails(u, {10: np.array([0.3, 0.1])}, p=0.5, trials=100),
        figures.regret_curves(results),
        figures.regret_curves(results, bounds=False, ymax=10.0),
        figures.pulls_vs_log_n(results[0]),
        figures.regret_against_c([1.0, 2.0], [results[0], results[0]]),
        figures.optimal_fraction(results),
    ]
    for fig in figs:
        for ax in fig.axes:
            assert ax.get_xlabel() and ax.get_ylabel()
        plt.close(fig)
    with pytest.raises(ValueError):
        figures.regret_curves([])
