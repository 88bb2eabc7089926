"""A sequential probability ratio test for tournaments: candidate against baseline.

    test = Sprt(s0=0.50, s1=0.55)                     # the candidate's score, H0 and H1
    state = test.state(deal_scores(bots, results))  # llr, bounds, verdict

Why a test and not a fixed number of games. A change to a bot is a yes/no
question -- is the candidate at least s1, or at most s0? -- and Wald's SPRT
answers it with the fewest games on average for the error rates asked
(alpha: accepting H1 when H0 holds; beta: the converse). Fishtest accepts
every change to Stockfish this way.

What one sample is. The duplicate format plays each deal once from every
seating (arena/tournament.py); the candidate's mean score over the games of
one deal is one sample, and the deals are independent. In a two-player
match the sample takes the five values 0, 1/4, 1/2, 3/4, 1: fishtest's
pentanomial model, where a pair of games with swapped seats is one
observation, so the correlation the shared cards create inside a pair is
accounted for, not ignored. With more players, the same holds for the P
games of a deal. The score is the standings' (arena/standings.py): a win 1, a
draw 1/players, a loss 0, averaged over the candidate's seats.

The statistic. The generalized SPRT (as fishtest's) needs no model of the
samples' distribution: under each hypothesis it takes the distribution of
largest likelihood whose mean is that hypothesis's score, among those on the
values seen (plus the extremes 0 and 1 with a tiny weight, so any score in
(0, 1) is possible), and the log-likelihood ratio of the two. H1 is
accepted when it reaches log((1 - beta) / alpha), H0 when it falls to
log(beta / (1 - alpha)).

Bounds in Elo. In a duel the hypotheses may be stated as fishtest states
them, as logistic Elo differences of the candidate over the baseline:
`elo0=0,elo1=5` (`elo_sprt`) is the test of the scores 1/(1 + 10^(-elo/400)),
0.5 and 0.5072. Only the statement is in Elo; the statistic is the same
generalized SPRT on the deals' scores. (Fishtest's default, normalized
Elo, states a hypothesis on the score over its spread, which a test of a
fixed score cannot take.)

Deterministic with any number of workers: the test is run on the completed
deals in deal order, one deal at a time, and stops at the first deal whose
prefix decides; games that finished later do not change the verdict.

Paired: two bots against the same field. When the candidate and a
reference bot each played the same deals against the same other entries
(two results files of one seed and table, differing in the first entry),
one sample is the difference of their deal scores, a - b in [-1, 1],
tested as (1 + a - b) / 2 in [0, 1] with bounds given as differences
(`paired_test`): "is the candidate no more than 5 points worse than the
reference against three planners" is --sprt=-0.05,0. The test is of the
difference itself, with the deal as the unit; how much luck the two runs
share depends on the bots (against three planners their deal scores
correlated by only 0.12, docs/strength.md). `passport lab paired CANDIDATE
REFERENCE --sprt D0,D1` runs it on the deals both files have completed, in
deal order, so it can be run while both tournaments are still playing
(arena/paired.py reads the two results files).

The arithmetic is free of engine and bots.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from .elo import elo_of_score, score_of_elo
from .standings import seat_scores

# The weight given to the extremes 0 and 1 besides the samples seen: small
# enough to change no decision of a real run, large enough that neither
# hypothesis is ever impossible.
PSEUDO_COUNT = 1e-3
VERDICTS = ("H1", "H0", None)  # H1 accepted, H0 accepted, undecided


class SprtError(ValueError):
    """Bounds that make no test; a one-line message."""


ELO_FORM = "elo0=E0,elo1=E1 (and alpha=A,beta=B if not 0.05), e.g. elo0=0,elo1=5"


def parse_sprt(text: str) -> Sprt:
    """'0.5,0.55' -> Sprt(0.5, 0.55); 'S0,S1,ALPHA,BETA' sets the error rates
    too; 'elo0=0,elo1=5' (with alpha= and beta= if wanted) states the
    hypotheses in logistic Elo (`elo_sprt`)."""
    if "=" in text:
        return elo_sprt(**_named_bounds(text))
    return Sprt(*_bounds(text, "S0,S1 or S0,S1,ALPHA,BETA (e.g. 0.5,0.55), or " + ELO_FORM))


def _named_bounds(text: str) -> dict[str, float]:
    """'elo0=0,elo1=5' -> {'elo0': 0.0, 'elo1': 5.0}; SprtError naming the form if not."""
    named: dict[str, float] = {}
    for part in text.split(","):
        key, _, value = part.partition("=")
        key = key.strip().lower()
        try:
            number = float(value.strip())
        except ValueError:
            number = math.nan
        if key not in ("elo0", "elo1", "alpha", "beta") or key in named or not math.isfinite(number):
            raise SprtError(f"{text!r} is not {ELO_FORM}")
        named[key] = number
    if "elo0" not in named or "elo1" not in named:
        raise SprtError(f"{text!r} is not {ELO_FORM}")
    return named


def elo_sprt(elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05) -> Sprt:
    """The test whose H0 is a logistic Elo difference elo0 of the candidate
    over the baseline and H1 elo1 (a duel's; see the module docstring)."""
    if not elo0 < elo1:
        raise SprtError(f"elo0 must be below elo1 ({elo0:g} is not below {elo1:g})")
    for name, elo in (("elo0", elo0), ("elo1", elo1)):
        if not 0.0 < score_of_elo(elo) < 1.0:
            raise SprtError(f"{name} {elo:g} is too far from 0: its score rounds to 0 or 1")
    return Sprt(score_of_elo(elo0), score_of_elo(elo1), alpha, beta, elo=(elo0, elo1))


def _bounds(text: str, form: str) -> list[float]:
    """Two or four comma-separated numbers; SprtError naming `form` if not."""
    try:
        numbers = [float(part.strip()) for part in text.split(",")]
    except ValueError:
        numbers = []
    if len(numbers) not in (2, 4):
        raise SprtError(f"{text!r} is not {form}")
    return numbers


def constrained_mle(values: Sequence[float], weights: Sequence[float], mean: float) -> list[float]:
    """The probabilities on `values` that maximize sum(w * log p) subject to
    sum(p) = 1 and sum(p * value) = mean (weights: the empirical frequencies,
    summing to 1; mean strictly between min and max of values).

    The maximum is p_i = w_i / (1 + lam * (v_i - mean)) for the lam that
    makes the mean right; that equation's left side falls as lam grows, so
    bisection on the interval where every p_i is positive finds it."""
    low_value, high_value = min(values), max(values)
    if not low_value < mean < high_value:
        raise SprtError(f"mean {mean} is not strictly between {low_value} and {high_value}")
    deviations = [v - mean for v in values]
    low, high = -1.0 / (high_value - mean), 1.0 / (mean - low_value)

    def excess(lam: float) -> float:
        return sum(w * d / (1.0 + lam * d) for w, d in zip(weights, deviations))

    # The ends are poles: step in from them by a relative hair.
    span = high - low
    low, high = low + span * 1e-12, high - span * 1e-12
    for _ in range(100):
        middle = 0.5 * (low + high)
        if excess(middle) > 0.0:
            low = middle
        else:
            high = middle
    lam = 0.5 * (low + high)
    probabilities = [w / (1.0 + lam * d) for w, d in zip(weights, deviations)]
    total = sum(probabilities)
    return [p / total for p in probabilities]


def log_likelihood_ratio(samples: Sequence[float], s0: float, s1: float) -> float:
    """The generalized SPRT's log-likelihood ratio of mean s1 against s0 for
    samples in [0, 1] (see the module docstring); 0 with no samples."""
    counts: dict[float, int] = {}
    for sample in samples:
        counts[_checked(sample)] = counts.get(sample, 0) + 1
    return _llr_of_counts(counts, len(samples), s0, s1)


def _checked(sample: float) -> float:
    if not 0.0 <= sample <= 1.0:
        raise SprtError(f"a sample must be a score from 0 to 1, not {sample}")
    return float(sample)


def _llr_of_counts(counts: dict[float, int], n: int, s0: float, s1: float) -> float:
    if n == 0:
        return 0.0
    weighted = dict(counts)
    for extreme in (0.0, 1.0):
        weighted[extreme] = weighted.get(extreme, 0) + PSEUDO_COUNT
    total = sum(weighted.values())
    values = list(weighted)
    weights = [weighted[v] / total for v in values]
    p0 = constrained_mle(values, weights, s0)
    p1 = constrained_mle(values, weights, s1)
    return n * sum(w * math.log(a / b) for w, a, b in zip(weights, p1, p0))


@dataclass(frozen=True)
class SprtState:
    """Where a test stands after `deals` samples."""
    deals: int
    llr: float
    lower: float
    upper: float
    verdict: str | None  # "H1", "H0" or None while undecided

    def to_json(self) -> dict:
        return {"deals": self.deals, "llr": self.llr, "lower": self.lower,
                "upper": self.upper, "verdict": self.verdict}


@dataclass(frozen=True)
class Sprt:
    """H0: the candidate's score is s0; H1: it is s1 (s0 < s1, both in (0, 1));
    alpha and beta: the error rates of accepting H1 and H0 wrongly; elo:
    the bounds as stated in Elo, if they were (`elo_sprt`)."""
    s0: float
    s1: float
    alpha: float = 0.05
    beta: float = 0.05
    # (elo0, elo1) when the bounds were stated as Elo differences (`elo_sprt`,
    # for duels only), kept as stated: a score turned back into Elo is a
    # hair off.
    elo: tuple[float, float] | None = None

    @property
    def elo0(self) -> float:
        """H0 as a logistic Elo difference (what s0 means in a duel)."""
        return elo_of_score(self.s0) if self.elo is None else self.elo[0]

    @property
    def elo1(self) -> float:
        """H1 as a logistic Elo difference."""
        return elo_of_score(self.s1) if self.elo is None else self.elo[1]

    def __post_init__(self):
        for name in ("s0", "s1", "alpha", "beta"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 < value < 1:
                raise SprtError(f"{name} must be a number strictly between 0 and 1, not {value!r}")
        if not self.s0 < self.s1:
            raise SprtError(f"s0 must be below s1 ({self.s0} is not below {self.s1})")
        if self.elo is not None and tuple(map(score_of_elo, self.elo)) != (self.s0, self.s1):
            raise SprtError(f"the Elo bounds {self.elo} are not the scores {self.s0}, {self.s1}")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def state(self, samples: Iterable[float]) -> SprtState:
        """The test run on `samples` in order: it stops at the first prefix
        that decides, so a verdict never changes as samples are added."""
        counts: dict[float, int] = {}
        llr = 0.0
        used = 0
        for sample in samples:
            sample = _checked(sample)
            counts[sample] = counts.get(sample, 0) + 1
            used += 1
            llr = _llr_of_counts(counts, used, self.s0, self.s1)
            if llr >= self.upper:
                return SprtState(used, llr, self.lower, self.upper, "H1")
            if llr <= self.lower:
                return SprtState(used, llr, self.lower, self.upper, "H0")
        return SprtState(used, llr, self.lower, self.upper, None)

    def to_json(self) -> dict:
        """The bounds as plain data; "elo0" and "elo1" too if stated in Elo."""
        return {"s0": self.s0, "s1": self.s1, "alpha": self.alpha, "beta": self.beta,
                **({} if self.elo is None else {"elo0": self.elo0, "elo1": self.elo1})}

    @classmethod
    def from_json(cls, data: dict) -> Sprt:
        """The test `to_json` gave (a results file's settings), in Elo if it
        was; SprtError, one sentence, for data that is not one."""
        try:
            if "elo0" in data:
                return elo_sprt(data["elo0"], data["elo1"], data["alpha"], data["beta"])
            return cls(data["s0"], data["s1"], data["alpha"], data["beta"])
        except (KeyError, TypeError):
            raise SprtError("an SPRT's settings hold s0, s1, alpha and beta (elo0 and elo1 "
                            "when stated in Elo)") from None


def candidate_and_baseline(entries: Sequence[str]) -> tuple[str, str]:
    """The names an SPRT compares: the first entry is the candidate, and the
    entries must hold exactly one other name, the baseline."""
    names = list(dict.fromkeys(entries))
    if len(names) != 2:
        raise SprtError("an SPRT compares two bots: list the candidate first and the baseline "
                        f"in the other seats, not {len(names)} different bot{'s' * (len(names) != 1)}")
    return names[0], names[1]


def deal_score(candidate: str, games: Sequence) -> float:
    """The candidate's mean score over its seats in the games of one deal
    (objects with `seats` and `winner`): a win 1, a draw 1/players, a forfeit
    as arena/standings.py scores it."""
    total = seats = 0
    for game in games:
        scores = seat_scores(game)
        for seat, name in enumerate(game.seats):
            if name == candidate:
                seats += 1
                total += scores[seat]
    return total / seats


def deal_scores(entries: Sequence[str], games: Iterable) -> list[float]:
    """The candidate's score in each deal, for the deals 1, 2, ... whose games
    are all in `games` (objects with `number`, `seats` and `winner`, numbered
    in (deal, rotation) order as arena/tournament.py does); it stops at the
    first deal not yet complete."""
    candidate, _ = candidate_and_baseline(entries)
    players = len(entries)
    by_number = {game.number: game for game in games}
    scores = []
    while True:
        deal = len(scores) + 1
        numbers = range((deal - 1) * players + 1, deal * players + 1)
        if not all(number in by_number for number in numbers):
            return scores
        scores.append(deal_score(candidate, [by_number[number] for number in numbers]))


class SprtRun:
    """A test followed while a tournament's games arrive in any order: the
    samples are the complete deals' scores in deal order (`deal_scores`),
    added as each deal's last game comes in; once decided, it stays decided."""

    def __init__(self, test: Sprt, entries: Sequence[str], games: Iterable = ()):
        self.test = test
        self.candidate, self.baseline = candidate_and_baseline(entries)
        self._entries = tuple(entries)
        self._waiting: dict[int, object] = {}
        self._next_deal = 1
        self._counts: dict[float, int] = {}
        self.state = SprtState(0, 0.0, test.lower, test.upper, None)
        for game in games:
            self.add(game)

    def add(self, game) -> SprtState:
        """Count a finished game (an object with number, seats and winner)."""
        self._waiting[game.number] = game
        players = len(self._entries)
        while self.state.verdict is None:
            numbers = range((self._next_deal - 1) * players + 1, self._next_deal * players + 1)
            if not all(number in self._waiting for number in numbers):
                break
            sample = deal_score(self.candidate, [self._waiting.pop(number) for number in numbers])
            self._counts[sample] = self._counts.get(sample, 0) + 1
            used = self.state.deals + 1
            llr = _llr_of_counts(self._counts, used, self.test.s0, self.test.s1)
            verdict = "H1" if llr >= self.test.upper else "H0" if llr <= self.test.lower else None
            self.state = SprtState(used, llr, self.test.lower, self.test.upper, verdict)
            self._next_deal += 1
        return self.state

    def to_json(self) -> dict:
        """The bounds, the two names and where the test stands; in a duel
        also the bounds as logistic Elo ("elo0", "elo1")."""
        duel = len(self._entries) == 2
        return {**self.test.to_json(), "candidate": self.candidate, "baseline": self.baseline,
                **({"elo0": self.test.elo0, "elo1": self.test.elo1} if duel else {}),
                **self.state.to_json()}



def paired_samples(candidate: Sequence[float], reference: Sequence[float]) -> list[float]:
    """The paired test's samples: (1 + a - b) / 2 for the candidate's and the
    reference's scores a and b on the same deals, for the deals both have."""
    return [(1.0 + _checked(a) - _checked(b)) / 2.0 for a, b in zip(candidate, reference)]


def paired_sprt(d0: float, d1: float, alpha: float = 0.05, beta: float = 0.05) -> Sprt:
    """The test of `paired_samples` whose H0 is a difference of scores d0
    and H1 a difference d1 (each in (-1, 1))."""
    for name, value in (("d0", d0), ("d1", d1)):
        if not -1.0 < value < 1.0:
            raise SprtError(f"{name} must be a difference of scores strictly between -1 and 1, "
                            f"not {value}")
    return Sprt((1.0 + d0) / 2.0, (1.0 + d1) / 2.0, alpha, beta)


def parse_sprt_differences(text: str) -> list[float]:
    """'-0.05,0' -> [-0.05, 0.0]; 'D0,D1,ALPHA,BETA' sets the error rates too."""
    numbers = _bounds(text, "D0,D1 or D0,D1,ALPHA,BETA (e.g. -0.05,0)")
    paired_sprt(*numbers)  # checks them
    return numbers
