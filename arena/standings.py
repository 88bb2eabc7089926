"""Standings of a tournament: win rates with confidence intervals, finishing
ranks and multiplayer ratings, per bot name.

Everything here works from finished games as plain data: each game is an
object with `number` (its place in the schedule), `seats` (the bot name in
each seat), `winner` (the winning seat, or None when the round cap ended
the game without a winner) and, if a seat forfeited, `forfeit`. No engine, no bots: only arithmetic.

What is counted, per bot *name*. A name that holds several seats (the three
greedy bots of `expert,greedy,greedy,greedy`) pools them: each seat of each
game is one "seat game" of that name. So `games` counts seat games and the
win rate is the chance that one seat played by the name wins, directly
comparable with 1/players, the rate of a bot no better than its opponents.

* Win rate: wins / seat games, with a 95% Wilson score interval. The seats
  of one game are not independent (at most one of them wins), and pooled
  seats are negatively correlated, so for pooled names the interval errs on
  the wide side.
* Finishing rank: Passport has a winner and no order among the others, so
  the winner is 1st and the rest share the remaining places, each getting
  their average: (2 + players) / 2, e.g. 3 of 4 players. A game without a
  winner ties everyone for all places: (1 + players) / 2, e.g. 2.5 of 4.
* Draws: seat games in games that ended at the round cap; counted apart,
  neither wins nor losses.
* Forfeits: a game an outside program broke off (arena/agents.py) is lost by
  its seat, and the other seats share the win: 1/(players - 1) each of the
  score (a win, in a duel), neither wins nor draws of the win rate.
* Score: the share of the wins a name took when a draw shares the win among
  the table, (wins + draws / players) / seat games -- in two-player games
  a draw is half a win, as in chess; the ladder's targets are stated in it.
  Its 95% interval is the normal approximation over the seat games' scores
  (1, 1/players or 0), which errs on the wide side for pooled names too.
* Rating: openskill's Plackett-Luce model; each game is a free-for-all in
  which the winner ranks 1 and the others tie at 2 (a draw ties everyone).
  Bots do not learn between games, so the model runs without skill drift
  (tau = 0): sigma then shrinks as evidence accumulates instead of levelling
  off. Games are rated in schedule order, so the ratings do not depend on
  which games happened to finish first. A name holding several seats has one
  skill shared by those seats: every seat is rated as a player of its own,
  starting from the name's rating, and the name takes the sum of its seats'
  changes (mu moves by the sum of their moves, the variance shrinks by the
  sum of their shrink factors) -- the one-step Bayesian update of a shared
  skill. With one seat per name this is exactly openskill's own update.
* Head to head (`pairwise`, for three names or more): for two names, each
  pair of their seats in a game is one meeting, won by the one that
  finished ahead (the winner ahead of everyone, a seat that forfeited
  behind everyone) and halved when they tie. The score is the share of the
  meetings won, halves counted; the likelihood of superiority the chance
  that the first is the stronger, from the meetings won and lost (chess
  engine testers' formula, ties left out).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Protocol, Sequence

from openskill.models import PlackettLuce

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


class FinishedGame(Protocol):
    number: int
    seats: Sequence[str]
    winner: int | None
    # The seat whose outside program broke the protocol (arena/agents.py),
    # None in a game played to its end; objects without it forfeit nothing.
    forfeit: int | None


def forfeited_by(game: FinishedGame) -> int | None:
    return getattr(game, "forfeit", None)


def seat_scores(game: FinishedGame) -> list[float]:
    """Each seat's score in a finished game: a win 1 and a loss 0; in a draw
    every seat 1/players; in a forfeited game the seat that forfeited 0 and
    the others 1/(players - 1) each, as chess gives a forfeit to the opponent."""
    players = len(game.seats)
    forfeit = forfeited_by(game)
    if forfeit is not None:
        return [0.0 if seat == forfeit else 1.0 / (players - 1) for seat in range(players)]
    if game.winner is None:
        return [1.0 / players] * players
    return [1.0 if seat == game.winner else 0.0 for seat in range(players)]


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of `wins` in `games`
    (95% by default); (0, 1) when there are no games."""
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be 0 to games ({games}), not {wins}")
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    # At 0 or all wins the formula's end is exactly 0 or 1; say so without rounding noise.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def finishing_ranks(players: int, winner: int | None, forfeit: int | None = None) -> list[float]:
    """Each seat's finishing rank: the winner 1, the others sharing the
    remaining places; everyone sharing all places in a game without a winner;
    in a forfeited game, the seat that forfeited last and the others sharing
    the places before it."""
    if forfeit is not None:
        return [float(players) if seat == forfeit else players / 2 for seat in range(players)]
    if winner is None:
        return [(1 + players) / 2] * players
    return [1.0 if seat == winner else (2 + players) / 2 for seat in range(players)]


@dataclass(frozen=True)
class Rating:
    """An openskill rating: skill mu, uncertainty sigma; ordinal = mu - 3 sigma,
    the conservative estimate openskill sorts by."""
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


UNRATED = Rating(PlackettLuce().mu, PlackettLuce().sigma)  # openskill's prior: 25, 25/3


def rate_games(games: Iterable[FinishedGame]) -> dict[str, Rating]:
    """Plackett-Luce ratings per bot name, from games rated in `number` order
    (see the module docstring for draws and names holding several seats)."""
    model = PlackettLuce(tau=0.0)
    ratings: dict[str, Rating] = {}
    for game in sorted(games, key=lambda g: g.number):
        for name in game.seats:
            ratings.setdefault(name, UNRATED)
        teams = [[model.rating(mu=ratings[name].mu, sigma=ratings[name].sigma)]
                 for name in game.seats]
        forfeit = forfeited_by(game)
        if forfeit is not None:
            ranks = [2 if seat == forfeit else 1 for seat in range(len(game.seats))]
        else:
            ranks = [1 if game.winner is None or seat == game.winner else 2
                     for seat in range(len(game.seats))]
        rated = model.rate(teams, ranks=ranks)
        moved: Counter = Counter()
        shrunk: Counter = Counter()
        for name, [after] in zip(game.seats, rated):
            before = ratings[name]
            moved[name] += after.mu - before.mu
            shrunk[name] += 1 - (after.sigma / before.sigma) ** 2
        for name in moved:
            before = ratings[name]
            ratings[name] = Rating(before.mu + moved[name],
                                   before.sigma * math.sqrt(max(1 - shrunk[name], model.kappa)))
    return ratings


@dataclass(frozen=True)
class Standing:
    """One bot name's results (see the module docstring for what is counted)."""
    name: str
    seats: int          # seats the name holds in every game
    games: int          # seat games played
    wins: int
    draws: int
    mean_rank: float | None  # None before the first game
    rating: Rating
    players: int        # seats at the table
    forfeits: int = 0   # seat games this name forfeited (an outside program's fault)
    forfeit_wins: int = 0  # seat games in which another seat forfeited

    @property
    def score(self) -> float | None:
        if not self.games:
            return None
        shared = self.forfeit_wins / (self.players - 1)
        return (self.wins + self.draws / self.players + shared) / self.games

    @property
    def score_interval(self) -> tuple[float, float]:
        """95% normal-approximation interval of the score, clipped to 0..1."""
        if self.games < 2:
            return 0.0, 1.0
        mean = self.score
        squares = (self.wins + self.draws / self.players ** 2
                   + self.forfeit_wins / (self.players - 1) ** 2) / self.games
        variance = max(squares - mean * mean, 0.0) * self.games / (self.games - 1)
        half = Z95 * math.sqrt(variance / self.games)
        return max(0.0, mean - half), min(1.0, mean + half)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def to_json(self) -> dict:
        low, high = self.interval
        score_low, score_high = self.score_interval
        return {"seats": self.seats, "games": self.games, "wins": self.wins,
                "draws": self.draws, "win_rate": self.win_rate, "ci_low": low,
                "ci_high": high, "score": self.score, "score_low": score_low,
                "score_high": score_high, "mean_rank": self.mean_rank,
                "rating": {"mu": self.rating.mu, "sigma": self.rating.sigma,
                           "ordinal": self.rating.ordinal},
                # only where a game was forfeited, so files of games played
                # to their end read as before
                **({"forfeits": self.forfeits, "forfeit_wins": self.forfeit_wins}
                   if self.forfeits or self.forfeit_wins else {})}


def standings(entries: Sequence[str], games: Iterable[FinishedGame],
              players: int | None = None) -> list[Standing]:
    """Every name of `entries` (the bot of each seat, as listed), best first:
    by win rate, then mean rank, then name. Names with no game yet are listed
    with zeros. `players`: the seats at each table, one per entry unless
    given (a pool's names, each listed once, sit at smaller tables)."""
    games = list(games)
    seat_games: Counter = Counter()
    wins: Counter = Counter()
    draws: Counter = Counter()
    rank_sums: Counter = Counter()
    forfeits: Counter = Counter()
    forfeit_wins: Counter = Counter()
    for game in games:
        forfeit = forfeited_by(game)
        ranks = finishing_ranks(len(game.seats), game.winner, forfeit)
        for seat, name in enumerate(game.seats):
            seat_games[name] += 1
            rank_sums[name] += ranks[seat]
            if forfeit is not None:
                (forfeits if seat == forfeit else forfeit_wins)[name] += 1
            elif game.winner is None:
                draws[name] += 1
            elif seat == game.winner:
                wins[name] += 1
    ratings = rate_games(games)
    table = []
    for name, seats in Counter(entries).items():
        n = seat_games[name]
        table.append(Standing(name, seats, n, wins[name], draws[name],
                              rank_sums[name] / n if n else None,
                              ratings.get(name, UNRATED), players or len(entries),
                              forfeits[name], forfeit_wins[name]))
    table.sort(key=lambda s: (-(s.win_rate or 0.0), s.mean_rank or 0.0, s.name))
    return table


@dataclass(frozen=True)
class Meetings:
    """How one name did against another, head to head (see `pairwise`)."""
    games: int   # meetings: pairs of their seats at one table
    wins: int    # the first finished ahead
    losses: int  # the second finished ahead

    @property
    def score(self) -> float | None:
        return (self.wins + (self.games - self.wins - self.losses) / 2) / self.games \
            if self.games else None

    @property
    def superiority(self) -> float | None:
        """The likelihood that the first is the stronger (ties left out)."""
        decided = self.wins + self.losses
        if not decided:
            return None
        return 0.5 * (1 + math.erf((self.wins - self.losses) / math.sqrt(2 * decided)))

    def to_json(self) -> dict:
        return {"games": self.games, "wins": self.wins, "losses": self.losses,
                "score": self.score, "superiority": self.superiority}


def pairwise(entries: Sequence[str], games: Iterable[FinishedGame]) -> dict[str, dict[str, Meetings]]:
    """Head to head: result[a][b] is how name a did against name b, for
    every two different names of `entries`, in entry order."""
    names = list(dict.fromkeys(entries))
    tally = {(a, b): [0, 0, 0] for a in names for b in names if a != b}
    for game in games:
        ranks = finishing_ranks(len(game.seats), game.winner, forfeited_by(game))
        for i, a in enumerate(game.seats):
            for j, b in enumerate(game.seats):
                if a == b or (a, b) not in tally:
                    continue
                counts = tally[a, b]
                counts[0] += 1
                counts[1] += ranks[i] < ranks[j]
                counts[2] += ranks[i] > ranks[j]
    return {a: {b: Meetings(*tally[a, b]) for b in names if b != a} for a in names}


class RunningTally:
    """Win rates while a tournament runs, updated one game at a time."""

    def __init__(self, entries: Sequence[str], games: Iterable[FinishedGame] = ()):
        self.names = list(dict.fromkeys(entries))
        self.seat_games: Counter = Counter()
        self.wins: Counter = Counter()
        for game in games:
            self.add(game)

    def add(self, game: FinishedGame) -> None:
        self.seat_games.update(game.seats)
        if game.winner is not None:
            self.wins[game.seats[game.winner]] += 1

    def win_rates(self) -> list[tuple[str, float | None]]:
        """(name, win rate so far or None before its first game), in entry order."""
        return [(name, self.wins[name] / self.seat_games[name] if self.seat_games[name] else None)
                for name in self.names]

    def intervals(self) -> list[tuple[str, float | None, float, float]]:
        """(name, win rate so far or None, and its 95% Wilson interval), in entry order."""
        return [(name, rate, *wilson_interval(self.wins[name], self.seat_games[name]))
                for name, rate in self.win_rates()]
