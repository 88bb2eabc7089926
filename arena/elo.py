"""The Elo difference of a duel, from its deal pairs, as chess engine
testers (fishtest, cutechess, fastchess) compute it for paired games.

    estimate = duel_elo(pentanomial(deal_scores(bots, results)))  # arena/sprt.py
    estimate.elo, estimate.elo_low, estimate.elo_high, estimate.los

Why pairs. In a duel every deal is played twice with the seats swapped
(arena/tournament.py): a deal is a pair of games, and the first bot's deal
score takes the five values 0, 1/4, 1/2, 3/4, 1 (arena/sprt.py). The games
of a pair share their cards, so they are not independent; the pairs are.
So the pair is the unit, and the pentanomial counts n0..n4 of the five
values are all there is to know:

* the score per game m is the mean of the N pairs' scores;
* the variance of a pair's score is the mean of (score - m)^2 over the
  pairs, so the standard error of m is the square root of variance / N;
* the 95% interval is m -/+ 1.96 standard errors;
* m and each end of the interval become Elo by the logistic formula
  Elo(s) = -400 log10(1/s - 1): a score of 64% is +100 Elo;
* the likelihood of superiority (LOS) is Phi((m - 1/2) / standard error):
  how sure one may be that the first bot is the stronger.

A score of 0 or 1 is -inf or +inf Elo: an interval that reaches either
end is open on that side.

Every pair the same score v. Then the pairs show no spread and the normal
approximation has nothing to go on (it would give a zero-width interval
and a certain verdict after one pair). So the figures are the worst case's
instead, which needs no spread: with a mean score mu, one pair scores v
with a chance of at most mu / v (mu below v) or (1 - mu) / (1 - v) (mu
above v), and N pairs all do with at most that to the N-th. The interval
holds the mu for which that chance is at least 2.5% on either side,
[v c, 1 - (1 - v) c] with c = 0.025^(1/N); the LOS is one minus the
largest such chance among the mu up to 1/2: 1 - (1 / 2v)^N for v above
1/2, its mirror image below, and 1/2 at v = 1/2. Every pair won (v = 1)
so reads +inf Elo, 95% above Elo(0.025^(1/N)), and an LOS of 1 - 2^-N.

The arithmetic only: no engine, no bots.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from .standings import Z95

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)  # a deal pair's score: two games, each 0, 1/2 or 1
TAIL = 0.025  # each side's share of the 95% interval


def score_of_elo(elo: float) -> float:
    """The expected score per game of an Elo difference (logistic): 0.0
    for a difference so far below 0 that its power of ten overflows."""
    exponent = -elo / 400.0
    return 0.0 if exponent > 300.0 else 1.0 / (1.0 + 10.0 ** exponent)


def elo_of_score(score: float) -> float:
    """The logistic Elo difference of a score per game: -inf at 0, +inf at 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: 0, not -0, at 1/2


def pentanomial(scores: Iterable[float]) -> list[int]:
    """How many deal pairs scored 0, 1/4, 1/2, 3/4 and 1 (deal scores of a
    duel, arena/sprt.py `deal_scores`); ValueError for any other score."""
    counts = [0] * len(PAIR_SCORES)
    for score in scores:
        quarters = round(score * 4)
        if not 0 <= quarters <= 4 or abs(score * 4 - quarters) > 1e-9:
            raise ValueError(f"a deal pair's score is 0, 1/4, 1/2, 3/4 or 1, not {score}")
        counts[quarters] += 1
    return counts


@dataclass(frozen=True)
class EloEstimate:
    """The first bot's Elo difference over the second, with its 95% interval
    and likelihood of superiority, from `pairs` deal pairs (see the module
    docstring). With no pairs every figure is None; an infinite Elo is
    math.inf or -math.inf."""
    counts: tuple[int, ...]      # the pentanomial counts n0..n4
    score: float | None          # mean score per game
    pair_variance: float | None  # variance of one pair's score
    score_low: float | None      # the 95% interval of the score, within 0..1
    score_high: float | None
    los: float | None

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def elo(self) -> float | None:
        return None if self.score is None else elo_of_score(self.score)

    @property
    def elo_low(self) -> float | None:
        return None if self.score_low is None else elo_of_score(self.score_low)

    @property
    def elo_high(self) -> float | None:
        return None if self.score_high is None else elo_of_score(self.score_high)

    def to_json(self) -> dict:
        """Plain JSON data; an infinite Elo is None there, its side told by
        the score (0 or 1) or the interval's end it stands for."""
        def finite(value):
            return value if value is not None and math.isfinite(value) else None
        return {"pairs": self.pairs, "pentanomial": list(self.counts), "score": self.score,
                "pair_variance": self.pair_variance, "score_low": self.score_low,
                "score_high": self.score_high, "elo": finite(self.elo),
                "elo_low": finite(self.elo_low), "elo_high": finite(self.elo_high),
                "los": self.los}


def duel_elo(counts: Sequence[int]) -> EloEstimate:
    """The Elo estimate of the pentanomial `counts` n0..n4 (`pentanomial`)."""
    if len(counts) != len(PAIR_SCORES) or any(n < 0 for n in counts):
        raise ValueError(f"pentanomial counts are five counts n0..n4, not {list(counts)}")
    counts = tuple(int(n) for n in counts)
    pairs = sum(counts)
    if pairs == 0:
        return EloEstimate(counts, None, None, None, None, None)
    mean = sum(n * v for n, v in zip(counts, PAIR_SCORES)) / pairs
    variance = sum(n * (v - mean) ** 2 for n, v in zip(counts, PAIR_SCORES)) / pairs
    if max(counts) == pairs:  # every pair the same score: no spread
        return EloEstimate(counts, mean, 0.0, *_worst_case(mean, pairs))
    error = math.sqrt(variance / pairs)
    return EloEstimate(counts, mean, variance, max(0.0, mean - Z95 * error),
                       min(1.0, mean + Z95 * error), _phi((mean - 0.5) / error))


def _worst_case(value: float, pairs: int) -> tuple[float, float, float]:
    """The interval and the LOS when all `pairs` pairs scored `value`
    (module docstring)."""
    c = TAIL ** (1.0 / pairs)
    low, high = value * c, 1.0 - (1.0 - value) * c
    if value > 0.5:
        los = 1.0 - (0.5 / value) ** pairs
    elif value < 0.5:
        los = (0.5 / (1.0 - value)) ** pairs
    else:
        los = 0.5
    return low, high, los


def _phi(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
