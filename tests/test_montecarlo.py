"""Tests of mcts_lesson.montecarlo (chapter 1).

Statistical tests use fixed seeds, and their tolerances come from the standard error the
theory gives: ``Z = 4`` standard errors, which a correct estimator exceeds with probability
about 6e-5 per check, while a wrong formula (a factor of 2, a missing square root) misses by
far more.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcts_lesson import montecarlo as mc
from mcts_lesson._rng import as_generator

Z = 4.0


@pytest.mark.parametrize(("length", "spacing"), [(1.0, 1.0), (0.5, 1.0), (1.0, 2.5), (3.0, 1.0)])
def test_buffon_estimate_within_standard_errors(length, spacing):
    result = mc.buffon_needle(400_000, length, spacing, rng=12)
    assert abs(result.pi_estimate - math.pi) < Z * result.std_error
    p = mc.crossing_probability(length, spacing)
    binomial_se = math.sqrt(p * (1 - p) / result.n)
    assert abs(result.crossing_rate - p) < Z * binomial_se


def test_result_fields_are_consistent():
    r = mc.buffon_needle(10_000, 1.0, 2.0, rng=3)
    assert 0 < r.crossings <= r.n == 10_000
    assert r.pi_estimate == pytest.approx(2 * r.n * 1.0 / (r.crossings * 2.0))  # π ≈ 2nl/(md)
    low, high = r.ci95
    assert low < r.pi_estimate < high
    assert high - r.pi_estimate == pytest.approx(1.959964 * r.std_error, rel=1e-6)
    assert "needles crossed a line" in str(r)


def test_delta_method_standard_error_matches_spread_and_interval_covers():
    # 400 independent estimates from 10^4 needles each. The sample SD of 400 values has a
    # relative standard error of 1/sqrt(2*399) ≈ 3.5%, so 4 SE is 14%. Coverage of a 95%
    # interval over 400 runs has SE sqrt(.95*.05/400) ≈ 0.011, so 4 SE is 0.044.
    rng = np.random.default_rng(2024)
    results = [mc.buffon_needle(10_000, 1.0, 1.0, rng=rng) for _ in range(400)]
    estimates = np.array([r.pi_estimate for r in results])
    reported = np.mean([r.std_error for r in results])
    assert estimates.std(ddof=1) == pytest.approx(reported, rel=Z * 0.035)
    covered = np.mean([r.ci95[0] <= math.pi <= r.ci95[1] for r in results])
    assert abs(covered - 0.95) < Z * 0.011


def test_long_needle_formula_matches_geometry():
    # throw_needles decides crossings from the end points, independently of the formula.
    for length in (0.7, 1.0, 2.0, 5.0):
        needles = mc.throw_needles(200_000, length, 1.0, lines=20, rng=5)
        p = mc.crossing_probability(length, 1.0)
        se = math.sqrt(p * (1 - p) / 200_000)
        assert abs(needles.crosses.mean() - p) < Z * se


def test_needle_geometry():
    needles = mc.throw_needles(1000, 0.8, 1.0, rng=1)
    lengths = np.hypot(needles.x1 - needles.x0, needles.y1 - needles.y0)
    assert np.allclose(lengths, 0.8)
    assert np.all(needles.y1 >= needles.y0)


def test_constant_is_continuous_at_l_equals_d_and_increasing():
    assert mc.buffon_constant(1.0, 1.0) == pytest.approx(2.0)
    assert mc.buffon_constant(1.0 + 1e-9, 1.0) == pytest.approx(2.0, abs=1e-6)
    assert mc.crossing_probability(1.0, 1.0) == pytest.approx(2 / math.pi)


@given(st.floats(0.01, 50), st.floats(0.01, 50), st.floats(1.001, 3))
@settings(max_examples=200, deadline=None)
def test_crossing_probability_is_a_probability_increasing_in_length(length, spacing, factor):
    p = mc.crossing_probability(length, spacing)
    assert 0 < p <= 1
    assert mc.crossing_probability(length * factor, spacing) >= p


def test_chunking_does_not_change_the_distribution():
    small = mc.buffon_needle(200_001, 1.0, 1.0, rng=8, chunk_size=1_000)
    assert small.n == 200_001
    assert abs(small.pi_estimate - math.pi) < Z * small.std_error


def test_same_seed_same_result_and_generator_is_consumed():
    assert mc.buffon_needle(5000, rng=11) == mc.buffon_needle(5000, rng=11)
    g = np.random.default_rng(11)
    first, second = mc.buffon_needle(5000, rng=g), mc.buffon_needle(5000, rng=g)
    assert first == mc.buffon_needle(5000, rng=11)
    assert first != second  # the generator advanced (equal counts would be a 1-in-100 fluke)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n": 0}, "n must be at least 1"),
        ({"n": -5}, "n must be at least 1"),
        ({"n": 10.5}, "n must be a whole number"),
        ({"n": "100"}, "n must be a whole number"),
        ({"n": True}, "n must be a whole number"),
        ({"n": 10, "needle_length": 0}, "needle_length must be a positive"),
        ({"n": 10, "needle_length": -1}, "needle_length must be a positive"),
        ({"n": 10, "line_spacing": float("nan")}, "line_spacing must be a positive"),
        ({"n": 10, "line_spacing": "wide"}, "line_spacing must be a positive"),
    ],
)
def test_bad_arguments_raise_clear_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        mc.buffon_needle(**kwargs)


def test_rng_argument_forms():
    assert isinstance(as_generator(None), np.random.Generator)
    g = np.random.default_rng(1)
    assert as_generator(g) is g
    with pytest.raises(TypeError, match="rng must be"):
        as_generator(1.5)
    with pytest.raises(ValueError, match="non-negative"):
        as_generator(-1)


def test_running_estimate_ends_at_the_batch_estimate():
    run = mc.running_pi(50_000, 1.0, 1.0, rng=4)
    assert run.estimate.shape == run.std_error.shape == (50_000,)
    assert run.count[-1] == 50_000
    assert abs(run.estimate[-1] - math.pi) < Z * run.std_error[-1]
    low, high = run.band()
    finite = np.isfinite(run.estimate)
    assert np.all(low[finite] <= high[finite])


@pytest.mark.parametrize(("f", "exact"), [(lambda x: x**2, 1 / 3), (np.sin, 1 - math.cos(1))])
def test_integration_estimators_are_unbiased(f, exact):
    for estimator in (mc.hit_or_miss, mc.sample_mean):
        est = estimator(f, 200_000, rng=21)
        assert abs(est.value - exact) < Z * est.std_error


def test_sample_mean_has_the_smaller_variance_and_it_matches_theory():
    # For f(x) = x² on [0,1]: Var(hit-or-miss indicator) = I(1-I) = 2/9 and
    # Var(f(U)) = 1/5 - 1/9 = 4/45. n·SE² estimates these; with n = 10^5 the relative
    # sampling error of a variance estimate is below 1%, so 5% is a loose, safe margin.
    n = 100_000
    hm = mc.hit_or_miss(lambda x: x**2, n, rng=1)
    sm = mc.sample_mean(lambda x: x**2, n, rng=1)
    assert n * hm.std_error**2 == pytest.approx(2 / 9, rel=0.05)
    assert n * sm.std_error**2 == pytest.approx(4 / 45, rel=0.05)


def test_integration_on_another_interval():
    est = mc.sample_mean(np.exp, 100_000, a=-1.0, b=2.0, rng=2)
    assert abs(est.value - (math.e**2 - math.exp(-1))) < Z * est.std_error
    hm = mc.hit_or_miss(np.exp, 100_000, a=-1.0, b=2.0, f_max=math.e**2, rng=2)
    assert abs(hm.value - (math.e**2 - math.exp(-1))) < Z * hm.std_error


def test_hit_or_miss_rejects_functions_outside_the_box():
    with pytest.raises(ValueError, match="0 ≤ f"):
        mc.hit_or_miss(lambda x: 2 * x, 100)
    with pytest.raises(ValueError, match="one value per point"):
        mc.sample_mean(lambda x: 1.0, 100)
    with pytest.raises(ValueError, match="a < b"):
        mc.sample_mean(np.sin, 100, a=1.0, b=0.0)


def test_error_falls_like_one_over_root_n():
    # Each RMS value over 200 repeats has a relative SE near 1/sqrt(400) = 5%; over a log-range
    # of ln(256) in n the fitted slope then has an SE of about 0.015, so 0.08 is > 5 SE.
    ns = [100, 400, 1600, 6400, 25600]

    def estimator(n, rng):
        return mc.hit_or_miss(lambda x: x**2, n, rng=rng)

    errors = mc.rms_error(estimator, 1 / 3, ns, repeats=200, rng=9)
    slope, _ = mc.fit_loglog_slope(ns, errors)
    assert slope == pytest.approx(-0.5, abs=0.08)


def test_fit_loglog_slope_is_exact_on_a_power_law():
    x = np.array([1.0, 10.0, 100.0])
    slope, intercept = mc.fit_loglog_slope(x, 3.0 * x**-0.5)
    assert slope == pytest.approx(-0.5)
    assert intercept == pytest.approx(math.log(3.0))
    with pytest.raises(ValueError):
        mc.fit_loglog_slope([1, 2], [1, -1])


def test_unit_ball_volumes():
    assert mc.unit_ball_volume(1) == pytest.approx(2.0)
    assert mc.unit_ball_volume(2) == pytest.approx(math.pi)
    assert mc.unit_ball_volume(3) == pytest.approx(4 * math.pi / 3)
    assert mc.unit_ball_volume(10) == pytest.approx(math.pi**5 / 120)


def test_ball_volume_estimators():
    for d in (2, 5, 8):
        est = mc.ball_volume_monte_carlo(d, 300_000, rng=d)
        assert abs(est.value - mc.unit_ball_volume(d)) < Z * est.std_error
    # The midpoint rule converges (deterministically) as the grid is refined.
    errors = [abs(mc.ball_volume_midpoint(2, k).value - math.pi) for k in (10, 100, 1000)]
    assert errors[0] > errors[1] > errors[2]
    assert mc.ball_volume_midpoint(2, 1000).n == 1_000_000


def test_grid_size_is_the_largest_within_budget():
    for d in range(1, 11):
        for budget in (1, 7, 1000, 200_000):
            k = mc.grid_size(d, budget)
            assert k**d <= budget < (k + 1) ** d


def test_dimension_study_uses_equal_budgets():
    study = mc.dimension_study(range(1, 7), budget=20_000, rng=1)
    assert study.dims.tolist() == [1, 2, 3, 4, 5, 6]
    assert np.all(study.evaluations <= 20_000)
    assert np.allclose(study.exact, [mc.unit_ball_volume(d) for d in range(1, 7)])
    # Monte Carlo errors are within Z of their own standard errors.
    assert np.all(np.abs(study.mc_estimate - study.exact) <= Z * study.mc_std_error + 1e-12)


def test_exercise_checks_accept_solutions_and_reject_mistakes(capsys):
    from mcts_lesson.checks import montecarlo as checks

    def right(m, n, length, spacing):
        return 2 * n * length / (m * spacing)

    assert checks.check_pi_from_counts(right)
    assert not checks.check_pi_from_counts(lambda m, n, length, spacing: m / n)
    assert not checks.check_pi_from_counts(lambda m, n, length, spacing: (1, 2))

    def stub(m, n, length, spacing):
        raise NotImplementedError("Student exercise")

    assert not checks.check_pi_from_counts(stub)
    assert "Not done yet" in capsys.readouterr().out

    def good_mean(f, n, rng):
        values = f(rng.random(n))
        return values.mean(), values.std(ddof=1) / np.sqrt(n)

    def divides_by_n(f, n, rng):
        values = f(rng.random(n))
        return values.mean(), values.std(ddof=1) / n

    assert checks.check_sample_mean(good_mean)
    assert not checks.check_sample_mean(divides_by_n)
    assert "not by n" in capsys.readouterr().out

    want = checks.needles_for_standard_error(0.001)
    assert want == math.ceil(math.pi**2 * (1 - 2 / math.pi) / ((2 / math.pi) * 1e-6))
    assert checks.check_needles_needed(want)
    assert not checks.check_needles_needed(want / 2)
    assert not checks.check_needles_needed("many")
    assert not checks.check_needles_needed(...)
