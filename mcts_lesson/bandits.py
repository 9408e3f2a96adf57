"""Multi-armed bandits, regret and UCB1 (chapter 2).

Follows seed 000 §8.3.1–8.3.2 (the k-armed bandit, regret, Lai–Robbins, UCB1 and its bound),
seed 001 (Hoeffding's inequality as the origin of the exploration term) and seed 002 §3
(epsilon-greedy with the decaying schedule ε = 1/k). Two formulas printed in seed 000 are
typos; this module uses the original papers' forms (see :func:`ucb1_pulls_bound` and
:func:`lai_robbins_pulls`).

The model
---------
A bandit has ``k`` arms. Pulling arm ``j`` gives an independent reward with mean ``μ_j``:
Bernoulli(``μ_j``) by default, or Normal(``μ_j``, ``σ²``). Write ``μ* = max_j μ_j``,
``Δ_j = μ* − μ_j`` (the *gap*) and ``T_j(n)`` for the number of pulls of arm ``j`` among the
first ``n``. The regret of a policy after ``n`` pulls is (seed 000, §8.3.2)

    ρ(n) = n μ* − Σ_j E[T_j(n)] μ_j = Σ_j Δ_j E[T_j(n)].

For one run with choices ``a_1, ..., a_n`` the *pseudo-regret* is ``n μ* − Σ_t μ_{a_t}``
(the expected loss given the choices, without the reward noise); its average over runs is an
unbiased estimate of ``ρ(n)``. :func:`simulate` records it for every run and every ``n``.

Policies
--------
A policy is a small object with ``select(stats, rng) -> arms``; it sees per-run statistics
(:class:`ArmStats`, arrays of shape ``(k, runs)``) and returns one arm per run, so one call plays a step of every run at once.
Index policies (:class:`IndexPolicy`) only define ``index(stats, rng)``, an array of shape
``(k, runs)``; the base class plays every arm once first, then takes the argmax with ties
broken uniformly at random (:func:`argmax_random_ties`).

Only NumPy and the standard library are used.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from mcts_lesson._rng import as_generator

__all__ = [
    "UCB1",
    "ArmStats",
    "BanditResult",
    "EpsilonGreedy",
    "Greedy",
    "IndexPolicy",
    "Policy",
    "RandomPolicy",
    "ThompsonSampling",
    "argmax_random_ties",
    "bernoulli_kl",
    "gaps",
    "hoeffding_tail_frequency",
    "lai_robbins_pulls",
    "lai_robbins_regret",
    "pseudo_regret",
    "simulate",
    "ucb1_index",
    "ucb1_pulls_bound",
    "ucb1_regret_bound",
]

REWARD_MODELS = ("bernoulli", "gaussian")


# --------------------------------------------------------------------------------------------
# Small helpers


def _check_means(means, rewards: str = "bernoulli") -> np.ndarray:
    """Validate arm means and return them as a 1-D float array."""
    if rewards not in REWARD_MODELS:
        raise ValueError(f"rewards must be one of {REWARD_MODELS}, got {rewards!r}")
    means = np.asarray(means, dtype=float)
    if means.ndim != 1:
        raise ValueError(f"means must be a 1-D sequence of arm means, got shape {means.shape}")
    if means.size == 0:
        raise ValueError("a bandit needs at least one arm; means is empty")
    if not np.all(np.isfinite(means)):
        raise ValueError(f"arm means must be finite numbers, got {means.tolist()}")
    if rewards == "bernoulli" and (means.min() < 0 or means.max() > 1):
        raise ValueError("Bernoulli arm means are probabilities and must lie in [0, 1], "
                         f"got {means.tolist()}")
    return means


def _check_positive_int(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")
    return int(value)


def gaps(means) -> np.ndarray:
    """The gaps ``Δ_j = μ* − μ_j`` (zero for every optimal arm)."""
    means = np.asarray(means, dtype=float)
    return means.max() - means


def argmax_random_ties(values: np.ndarray, rng=None) -> np.ndarray:
    """Argmax over arms for every run, ties broken uniformly at random.

    ``values[j, r]`` is the value of arm ``j`` in run ``r`` (shape ``(k, runs)``: arms along
    axis 0, as in :class:`ArmStats`); returns the chosen arm of every run, shape ``(runs,)``.
    Index order never decides a tie (that would favour low arm numbers in every experiment).

    Vectorised without a loop over runs: ``tied = values == max``; one weighted sum over arms,
    ``w = Σ_j tied_j (K + j)`` with ``K > Σ_j j``, tells both whether a run has a tie
    (``w ≥ 2K``) and, where it has not, which arm is the maximum (``w − K``). Random numbers
    are drawn only for the runs with a tie: ``argmax(uniform · tied)`` there.
    """
    rng = as_generator(rng)
    values = np.asarray(values)
    if values.ndim != 2 or values.shape[0] == 0:
        raise ValueError(f"values must have shape (k, runs) with k ≥ 1, got {values.shape}")
    if np.issubdtype(values.dtype, np.floating) and np.isnan(values).any():
        raise ValueError("values contain NaN, which has no maximum")
    return _argmax_ties(values, rng)


@functools.lru_cache(maxsize=64)
def _tie_weights(k: int) -> tuple[int, np.ndarray]:
    big = k * (k - 1) // 2 + 1
    # the weighted sum is below k·(big + k) < k³/2 + 2k²: use the smallest integer type it fits
    largest = k * (big + k)
    dtype = np.int16 if largest < 2**15 else np.int32 if largest < 2**31 else np.int64
    weights = np.arange(big, big + k, dtype=dtype)[:, None]
    weights.flags.writeable = False
    return big, weights


def _argmax_ties(values: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """:func:`argmax_random_ties` without the argument checks (called at every step)."""
    k = values.shape[0]
    tied = values == np.maximum.reduce(values, axis=0)
    big, weights = _tie_weights(k)
    weighted = np.add.reduce(tied * weights, axis=0, dtype=weights.dtype)
    # weighted = big·(number tied) + Σ tied arms; where exactly one is tied, the arm is:
    arms = weighted.astype(np.intp)
    arms -= big
    with_ties = np.flatnonzero(weighted >= 2 * big)
    if with_ties.size:
        noise = rng.random((k, with_ties.size))
        noise *= tied.take(with_ties, axis=1)
        arms[with_ties] = noise.argmax(axis=0)
    return arms


# --------------------------------------------------------------------------------------------
# Statistics the policies see


class ArmStats:
    """Per-arm statistics of ``runs`` independent runs after ``n`` pulls each.

    Arrays have shape ``(k, runs)``: ``x[j, r]`` is about arm ``j`` in run ``r``. (Arms along
    axis 0 make the reductions over arms, done at every step, plain element-wise operations
    over contiguous rows.)

    * ``n``: pulls made so far in each run (an int, the same for every run);
    * ``counts``: ``T_j(n)``, stored as floats;
    * ``sums``: total reward collected from each arm;
    * ``means``: ``X̄_j = sums / counts`` (0 for an arm never pulled);
    * ``inv_sqrt_counts``: ``1/sqrt(T_j(n))`` (``inf`` for an arm never pulled), kept up to
      date so that a UCB-type index costs two array operations per step;
    * ``rewards`` and ``sigma``: the reward model (``"bernoulli"``, or ``"gaussian"`` with
      standard deviation ``sigma``), for policies that model the rewards;
    * ``scratch``: a ``(k, runs)`` array a policy may use as working space within one step.
    """

    __slots__ = ("_columns", "_flat", "counts", "inv_sqrt_counts", "k", "means", "n", "rewards",
                 "runs", "scratch", "sigma", "sums")

    def __init__(self, runs: int, k: int, *, rewards: str = "bernoulli", sigma: float = 1.0):
        self.runs, self.k, self.n = runs, k, 0
        self.rewards, self.sigma = rewards, sigma
        self.counts = np.zeros((k, runs))
        self.sums = np.zeros((k, runs))
        self.means = np.zeros((k, runs))
        self.inv_sqrt_counts = np.full((k, runs), np.inf)
        self.scratch = np.empty((k, runs))  # working space a policy may overwrite each step
        self._columns = np.arange(runs)
        self._flat = tuple(a.reshape(-1) for a in (self.counts, self.sums, self.means,
                                                   self.inv_sqrt_counts))

    def update(self, arms: np.ndarray, rewards: np.ndarray) -> None:
        """Record that run ``r`` pulled ``arms[r]`` and received ``rewards[r]``."""
        flat = arms * self.runs + self._columns  # positions of (arms[r], r) in the flat arrays
        counts, sums, means, inv_sqrt_counts = self._flat  # views of the (k, runs) arrays
        new_counts = counts[flat] + 1.0
        new_sums = sums[flat] + rewards
        counts[flat] = new_counts
        sums[flat] = new_sums
        means[flat] = new_sums / new_counts
        inv_sqrt_counts[flat] = np.sqrt(new_counts) ** -1
        self.n += 1


# --------------------------------------------------------------------------------------------
# Policies


class Policy:
    """A bandit policy: ``select(stats, rng)`` returns one arm per run (shape ``(runs,)``)."""

    name = "policy"

    def select(self, stats: ArmStats, rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


class RandomPolicy(Policy):
    """Pull an arm uniformly at random at every step (regret ``n · mean_j Δ_j``)."""

    name = "random"

    def select(self, stats, rng):
        return rng.integers(stats.k, size=stats.runs)


class IndexPolicy(Policy):
    """Pull every arm once (in random order), then the arm with the largest index.

    Subclasses define ``index(stats, rng)`` returning an array of shape ``(k, runs)``; it is
    only called once every arm has been pulled at least once. Ties go to a uniformly random
    arm among the maxima.
    """

    def index(self, stats: ArmStats, rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def select(self, stats, rng):
        if stats.n < stats.k:  # initial round: a uniformly random arm not yet pulled
            return _argmax_ties(-stats.counts, rng)
        return _argmax_ties(self.index(stats, rng), rng)


class Greedy(IndexPolicy):
    """Each arm once, then always the best empirical mean ``X̄_j`` (pure exploitation)."""

    name = "greedy"

    def index(self, stats, rng):
        return stats.means


class EpsilonGreedy(IndexPolicy):
    """With probability ``ε_t`` a uniformly random arm, otherwise the greedy arm.

    As in seed 002, Algorithm 3.1, the random arm is drawn from all ``k`` arms, so the greedy
    arm is played with probability ``1 − ε_t + ε_t/k`` and every other arm with ``ε_t/k``.
    Every arm is played once first, as for the other index policies.

    * ``decay=None``: a fixed ``ε_t = epsilon`` (must lie in [0, 1]).
    * ``decay="1/t"``: ``ε_t = min(1, epsilon / t)`` at step ``t = n + 1``. ``epsilon=1`` is
      seed 002's schedule ``ε = 1/k`` (``k`` counting samples); a larger ``epsilon`` such as
      ``c·k/d²`` gives Auer et al.'s (2002) ε_n-greedy, which has logarithmic regret when
      ``d`` is at most the smallest gap.
    """

    DECAYS = (None, "1/t")

    def __init__(self, epsilon: float = 0.1, decay: str | None = None):
        if decay not in self.DECAYS:
            raise ValueError(f"decay must be one of {self.DECAYS}, got {decay!r}")
        epsilon = float(epsilon)
        if not math.isfinite(epsilon) or epsilon < 0:
            raise ValueError(f"epsilon must be a non-negative number, got {epsilon}")
        if decay is None and epsilon > 1:
            raise ValueError(f"a fixed epsilon is a probability in [0, 1], got {epsilon}")
        self.epsilon, self.decay = epsilon, decay
        self.name = (f"ε-greedy (ε={epsilon:g})" if decay is None
                     else f"ε-greedy (ε_t=min(1, {epsilon:g}/t))")

    def epsilon_at(self, t: int) -> float:
        """The exploration probability ``ε_t`` used at step ``t`` (1-based)."""
        if self.decay is None:
            return self.epsilon
        return min(1.0, self.epsilon / t)

    def index(self, stats, rng):
        return stats.means

    def select(self, stats, rng):
        arms = super().select(stats, rng)
        if stats.n < stats.k:
            return arms
        eps = self.epsilon_at(stats.n + 1)
        if eps > 0:
            explore = rng.random(stats.runs) < eps
            m = np.count_nonzero(explore)
            if m:
                arms[explore] = rng.integers(stats.k, size=m)
        return arms


def ucb1_index(means, counts, n, c: float = 1.0) -> np.ndarray:
    """UCB1's index ``X̄_j + c · sqrt(2 ln n / T_j)`` (Auer, Cesa-Bianchi & Fischer 2002).

    ``means`` and ``counts`` are arrays of the same shape (``counts ≥ 1``), ``n`` the total
    number of pulls so far. ``c = 1`` is the original UCB1 (seeds 000 and 001); seed 002 uses
    ``c = 2``. The term comes from Hoeffding's inequality: ``P(μ_j > X̄_j + u) ≤ exp(−2 T_j u²)``
    equals ``n^{-4}`` when ``u = sqrt(2 ln n / T_j)``.
    """
    means = np.asarray(means, dtype=float)
    counts = np.asarray(counts, dtype=float)
    if means.shape != counts.shape:
        raise ValueError(f"means and counts must have the same shape, got {means.shape} "
                         f"and {counts.shape}")
    if np.any(counts < 1):
        raise ValueError("every arm needs at least one pull before its UCB1 index exists")
    if n < 1:
        raise ValueError(f"n (total pulls so far) must be at least 1, got {n}")
    if c < 0:
        raise ValueError(f"the exploration constant c must be non-negative, got {c}")
    return means + c * np.sqrt(2.0 * math.log(n) / counts)


class UCB1(IndexPolicy):
    """UCB1 (seed 000, Algorithm 2): each arm once, then ``argmax_j X̄_j + c·sqrt(2 ln n / T_j)``.

    ``n`` is the number of pulls made so far. With ``c = 1`` (the default, as in Auer et al.
    2002 and seeds 000/001) Theorem 1 of Auer et al. bounds ``E[T_j(n)]`` for rewards in
    [0, 1]; see :func:`ucb1_pulls_bound`. Seed 002 uses ``c = 2``.
    """

    def __init__(self, c: float = 1.0):
        c = float(c)
        if not math.isfinite(c) or c < 0:
            raise ValueError(f"the exploration constant c must be a non-negative number, got {c}")
        self.c = c
        self.name = f"UCB1 (c={c:g})"

    def index(self, stats, rng):
        # Same as ucb1_index(stats.means, stats.counts, stats.n, self.c), in two in-place
        # operations on the cached 1/sqrt(T_j).
        out = np.multiply(stats.inv_sqrt_counts, self.c * math.sqrt(2.0 * math.log(stats.n)),
                          out=stats.scratch)
        out += stats.means
        return out


class ThompsonSampling(IndexPolicy):
    """Thompson sampling (Thompson 1933; Agrawal & Goyal 2012): a modern policy not in the seeds.

    Each step draws a plausible mean for every arm from its posterior and plays the largest:

    * Bernoulli rewards: uniform prior, posterior ``Beta(1 + S_j, 1 + T_j − S_j)`` with ``S_j``
      the number of successes;
    * Gaussian rewards with known ``σ``: flat prior, posterior ``Normal(X̄_j, σ²/T_j)``.

    Its regret matches the Lai–Robbins lower bound asymptotically for Bernoulli arms
    (Kaufmann, Korda & Munos 2012). Each arm is played once first, like the others.
    """

    name = "Thompson sampling"

    def index(self, stats, rng):
        if stats.rewards == "bernoulli":
            return rng.beta(1.0 + stats.sums, 1.0 + stats.counts - stats.sums)
        return stats.means + stats.sigma * stats.inv_sqrt_counts * rng.standard_normal(
            stats.means.shape)


# --------------------------------------------------------------------------------------------
# Simulation


@dataclass(frozen=True, eq=False)
class BanditResult:
    """What :func:`simulate` returns (``R`` runs, horizon ``H``, ``k`` arms).

    Attributes
    ----------
    policy : str
        The policy's name (it includes its parameters, e.g. ``"UCB1 (c=1)"``).
    means : ndarray (k,)
        The arm means ``μ_j``.
    rewards : str
        ``"bernoulli"`` or ``"gaussian"``.
    arms : ndarray (R, H)
        ``arms[r, t-1]`` is the arm run ``r`` pulled at step ``t``.
    regret : ndarray (R, H)
        Cumulative pseudo-regret ``regret[r, n-1] = n μ* − Σ_{t ≤ n} μ_{a_t}``.
    pulls : ndarray (R, k)
        ``T_j(H)`` for every run.
    optimal_fraction : ndarray (H,)
        Over runs, the fraction that pulled an optimal arm at step ``t``.
    total_reward : ndarray (R,)
        The rewards actually collected (with their noise) in each run.
    """

    policy: str
    means: np.ndarray
    rewards: str
    arms: np.ndarray
    regret: np.ndarray
    pulls: np.ndarray
    optimal_fraction: np.ndarray
    total_reward: np.ndarray

    @property
    def runs(self) -> int:
        return self.regret.shape[0]

    @property
    def horizon(self) -> int:
        return self.regret.shape[1]

    @property
    def mean_regret(self) -> np.ndarray:
        """Regret averaged over runs, an estimate of ``ρ(n)`` for ``n = 1..H``."""
        return self.regret.mean(axis=0)

    def mean_pulls(self) -> np.ndarray:
        """Average ``T_j(n)`` over runs, shape ``(H, k)``: an estimate of ``E[T_j(n)]``."""
        k = self.means.size
        per_step = np.stack([np.count_nonzero(self.arms == j, axis=0) for j in range(k)],
                            axis=1)
        return np.cumsum(per_step, axis=0) / self.runs


def simulate(policy: Policy, means, horizon: int, runs: int, rng=None, *,
             rewards: str = "bernoulli", sigma: float = 1.0,
             progress: Callable[[int], None] | None = None) -> BanditResult:
    """Play ``policy`` on a k-armed bandit for ``horizon`` steps, ``runs`` times independently.

    Parameters
    ----------
    policy
        A :class:`Policy`, e.g. ``UCB1(c=1.0)`` or ``EpsilonGreedy(epsilon=0.1)``.
    means
        The arm means ``μ_1..μ_k``. Bernoulli arms by default (means in [0, 1]).
    horizon, runs
        Steps per run (``n`` goes up to ``horizon``) and number of independent runs.
    rng
        Int seed, ``numpy.random.Generator`` or ``None``.
    rewards
        ``"bernoulli"`` (reward 1 with probability ``μ_j``, else 0) or ``"gaussian"``
        (reward ``μ_j + σ·Z``).
    sigma
        Standard deviation of Gaussian rewards.
    progress
        Optional callback ``progress(steps_done)``, called about 100 times.

    All runs advance together: one Python loop over time, NumPy operations over the
    ``(k, runs)`` statistics. Index policies play each arm once first; a horizon shorter than
    ``k`` simply ends during that round. Returns a :class:`BanditResult` whose ``regret`` (shape
    ``(runs, horizon)``) is the cumulative pseudo-regret ``n μ* − Σ_{t≤n} μ_{a_t}``.
    """
    if not isinstance(policy, Policy):
        raise ValueError(f"policy must be a bandit Policy such as UCB1(), got {policy!r}")
    means = _check_means(means, rewards)
    horizon = _check_positive_int(horizon, "horizon")
    runs = _check_positive_int(runs, "runs")
    sigma = float(sigma)
    if not (math.isfinite(sigma) and sigma > 0):
        raise ValueError(f"sigma must be a positive number, got {sigma}")
    rng = as_generator(rng)

    k = means.size
    gap = gaps(means)
    stats = ArmStats(runs, k, rewards=rewards, sigma=sigma)
    history = np.empty((horizon, runs), dtype=np.int16 if k < 2**15 else np.int64)
    regret = np.empty((horizon, runs))  # filled row by row, returned transposed
    previous = np.zeros(runs)
    every = -(-horizon // 100)  # ceil: at most 100 calls
    bernoulli = rewards == "bernoulli"
    for t in range(horizon):
        arms = policy.select(stats, rng)
        if bernoulli:
            reward = rng.random(runs) < means.take(arms)  # bool; adds as 0/1
        else:
            reward = means.take(arms) + sigma * rng.standard_normal(runs)
        stats.update(arms, reward)
        history[t] = arms
        previous = np.add(previous, gap.take(arms), out=regret[t])
        if progress is not None and ((t + 1) % every == 0 or t + 1 == horizon):
            progress(t + 1)

    best = np.flatnonzero(gap == 0)
    if best.size == 1:
        optimal = np.count_nonzero(history == best[0], axis=1)
    else:
        optimal = np.count_nonzero((gap == 0).take(history), axis=1)
    return BanditResult(policy=policy.name, means=means, rewards=rewards, arms=history.T,
                        regret=regret.T, pulls=stats.counts.T.astype(np.int64),
                        optimal_fraction=optimal / runs,
                        total_reward=stats.sums.sum(axis=0))


def pseudo_regret(means, arms) -> np.ndarray:
    """Cumulative pseudo-regret of one sequence of choices: ``n μ* − Σ_{t≤n} μ_{a_t}``."""
    means = _check_means(means, "gaussian")
    arms = np.asarray(arms)
    if arms.ndim != 1 or arms.size == 0:
        raise ValueError("arms must be a non-empty 1-D sequence of arm numbers")
    if not np.issubdtype(arms.dtype, np.integer) or arms.min() < 0 or arms.max() >= means.size:
        raise ValueError(f"arms must be integers in 0..{means.size - 1}, got {arms.tolist()}")
    return np.cumsum(gaps(means)[arms])


# --------------------------------------------------------------------------------------------
# Theory curves


def bernoulli_kl(p, q) -> np.ndarray:
    """Kullback–Leibler divergence ``D(Bern(p) ‖ Bern(q)) = p ln(p/q) + (1−p) ln((1−p)/(1−q))``.

    Uses ``0 ln 0 = 0``; infinite when ``q ∈ {0, 1}`` and ``p ≠ q``.
    """
    p = np.asarray(p, dtype=float)
    q = np.asarray(q, dtype=float)
    if np.any((p < 0) | (p > 1) | (q < 0) | (q > 1)):
        raise ValueError("Bernoulli parameters must lie in [0, 1]")
    with np.errstate(divide="ignore", invalid="ignore"):
        a = np.where(p > 0, p * np.log(p / q), 0.0)
        b = np.where(p < 1, (1 - p) * np.log((1 - p) / (1 - q)), 0.0)
    return a + b


def _log_n(n) -> np.ndarray:
    n = np.asarray(n, dtype=float)
    if np.any(n < 1):
        raise ValueError("n (number of pulls) must be at least 1")
    return np.log(n)


def ucb1_pulls_bound(gap, n) -> np.ndarray:
    """Auer, Cesa-Bianchi & Fischer (2002), Theorem 1: ``E[T_j(n)] ≤ 8 ln n / Δ_j² + 1 + π²/3``.

    For UCB1 with ``c = 1`` and rewards in [0, 1], for every sub-optimal arm (``Δ_j > 0``).
    Seed 000 prints ``8/(Δ_j² ln n)``, a typo (SYLLABUS errata).
    """
    gap = np.asarray(gap, dtype=float)
    if np.any(gap <= 0):
        raise ValueError("the UCB1 bound is for sub-optimal arms, whose gap Δ_j is positive")
    return 8.0 * _log_n(n) / gap**2 + 1.0 + math.pi**2 / 3.0


def ucb1_regret_bound(means, n) -> np.ndarray:
    """Auer et al.'s regret bound for UCB1 (``c = 1``), summed over arms:

    ``ρ(n) ≤ Σ_{j: Δ_j > 0} 8 ln n / Δ_j + (1 + π²/3) Σ_j Δ_j``.
    """
    gap = gaps(_check_means(means))
    sub = gap[gap > 0]
    log_n = _log_n(n)
    return 8.0 * log_n * np.sum(1.0 / sub) + (1.0 + math.pi**2 / 3.0) * gap.sum()


def lai_robbins_pulls(p, p_star, n) -> np.ndarray:
    """Lai & Robbins (1985) asymptotic *lower* bound for Bernoulli arms: ``ln n / D(p ‖ p*)``.

    Every consistent policy has ``E[T_j(n)] ≥ (1/D(P_j‖P*) + o(1)) ln n``. Seed 000 prints the
    inequality the wrong way round (SYLLABUS errata). Only the growth rate is meaningful: at a
    finite ``n`` the ``o(1)`` term may be of either sign.
    """
    kl = bernoulli_kl(p, p_star)
    if np.any(kl <= 0):
        raise ValueError("the Lai–Robbins rate is for sub-optimal arms (p < p_star)")
    return _log_n(n) / kl


def lai_robbins_regret(means, n) -> np.ndarray:
    """The Lai–Robbins asymptotic lower-bound rate on regret: ``Σ_{Δ_j>0} Δ_j ln n / D(μ_j ‖ μ*)``."""
    means = _check_means(means)
    gap = gaps(means)
    sub = gap > 0
    coefficient = float(np.sum(gap[sub] / bernoulli_kl(means[sub], means.max())))
    return coefficient * _log_n(n)


# --------------------------------------------------------------------------------------------
# Hoeffding's inequality


def hoeffding_tail_frequency(p: float, sample_size: int, u, trials: int, rng=None) -> np.ndarray:
    """Estimate ``P(μ > X̄ + u)`` for the mean ``X̄`` of ``sample_size`` Bernoulli(``p``) draws.

    Draws ``trials`` sample means and returns, for each ``u``, the fraction with
    ``p − X̄ > u``. Hoeffding's inequality (seed 001) bounds it by ``exp(−2 N u²)``.
    """
    if not 0 <= p <= 1:
        raise ValueError(f"p must lie in [0, 1], got {p}")
    sample_size = _check_positive_int(sample_size, "sample_size")
    trials = _check_positive_int(trials, "trials")
    u = np.asarray(u, dtype=float)
    if np.any(u <= 0):
        raise ValueError("u must be positive")
    rng = as_generator(rng)
    successes = np.sort(rng.binomial(sample_size, p, size=trials))
    # p − S/N > u  ⇔  S < N(p − u); the small margin keeps S = N(p − u) exactly (equality) out
    # of the tail despite rounding in N(p − u).
    threshold = sample_size * (p - u) - 1e-9
    return np.searchsorted(successes, threshold, side="left") / trials
