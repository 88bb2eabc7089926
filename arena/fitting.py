"""The fits of the bots' measured weights, on games the bots play.

The evaluation (`passport lab fit-evaluation`): greedy games (or, with
`bot="planner"`, planner games) at every number of players with all the
extensions, and at two tables with fewer; every main decision's position
is labelled with the game's winner, and the conditional logit
P(s wins) = softmax_s(w . features(s)) is fitted by Newton's method. The
features include each seat's character; without `characters` their columns
are left out of the fit and weighed 0, as in the search's
EVALUATION_WEIGHTS (fitted with them, the search was no better:
docs/experiments.md). Games kept aside rate the fit: the mean
log-likelihood of the true winner under the fitted evaluation, the hand-set
one (softmax of `progress` / TEMPERATURE) and a uniform guess.

The beliefs (`passport lab fit-beliefs`): greedy games with all the
extensions; at every main decision of seat 0, which of the cards it has not
seen lie in each rival's hand. For each round bucket and column of
BELIEF_LOG_WEIGHTS it compares the real share with the share in worlds
sampled as the search samples them (dealt from seat 0's observation, moved
towards the beliefs, dealt again while they break the travel inference),
and corrects log(weight) by log(real / sampled) until they agree.

Both read the bots' kernels through their public face, bots.kernels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, NamedTuple

import numpy as np

from bots.difficulty import make_bot
from bots.kernels import (
    COLUMN_NAMES, FEATURE_NAMES, FIRST_CHARACTER_FEATURE, INFERENCE_TRIES, NUM_FEATURES,
    ROUND_BUCKETS, TEMPERATURE, WEIGHT_COLUMNS, belief_scratch, belief_table,
    breaks_travel_inference, certain_travellers, features, pair_columns, progress, reweigh_hands,
    round_bucket,
)
from engine import MAX_PLAYERS, Game, Phase
from engine import kernels as L

# The tables of the evaluation's games, in turn: (players, extensions).
EVALUATION_TABLES = [(p, "all") for p in (2, 3, 4, 4, 5, 6)] + [(4, "none"), (3, "postcards")]
# The games kept aside: a third as many as those fitted on, dealt from other seeds.
HELD_OUT_SHARE = 3
HELD_OUT_SEEDS = 10_000_000


def _play(bot: str, players: int, extensions, seed: int, bot_seeds: list[int],
          at_main: Callable[[Game], None]) -> Game:
    """A game dealt by `seed`, `bot` in every seat (seat s's seeded
    bot_seeds[s]); `at_main(game)` at each main decision, before its move.
    Returns the game, over."""
    game = Game.new(players=players, extensions=extensions, seed=seed)
    seats = [make_bot(bot, bot_seed) for bot_seed in bot_seeds]
    while not game.over:
        if game.phase == Phase.MAIN:
            at_main(game)
        game.apply(seats[game.decider].choose(game.view(game.decider)))
    return game


# ---- the evaluation ---------------------------------------------------------------------

class Positions(NamedTuple):
    """The main decisions of games that had a winner, one row each."""
    features: np.ndarray   # [positions, MAX_PLAYERS, NUM_FEATURES], 0 for empty seats
    seats: np.ndarray      # [positions, MAX_PLAYERS] bool: the seats of the table
    winners: np.ndarray    # [positions]: the seat that won the game
    hand_set: np.ndarray   # [positions, MAX_PLAYERS]: each seat's `progress`


def positions(games: int, seed: int, bot: str = "greedy") -> Positions:
    """The positions of `games` games of `bot` in every seat (game g at
    EVALUATION_TABLES in turn, dealt by seed + g). A game that ends
    without a winner gives none."""
    feats, masks, winners, scores = [], [], [], []
    f = np.empty(NUM_FEATURES)
    for g in range(games):
        players, extensions = EVALUATION_TABLES[g % len(EVALUATION_TABLES)]
        kept = []

        def keep(game: Game) -> None:
            S = game.snapshot()
            x = np.zeros((MAX_PLAYERS, NUM_FEATURES))
            h = np.zeros(MAX_PLAYERS)
            for s in range(players):
                features(S, s, f)
                x[s] = f
                h[s] = progress(S, s)
            kept.append((x, h))

        game = _play(bot, players, extensions, seed + g,
                     [seed * 7 + g * 10 + s for s in range(players)], keep)
        winner = game.outcome.winner
        if winner is None:
            continue
        for x, h in kept:
            feats.append(x)
            masks.append(np.arange(MAX_PLAYERS) < players)
            winners.append(winner)
            scores.append(h)
    return Positions(np.array(feats).reshape(-1, MAX_PLAYERS, NUM_FEATURES),
                     np.array(masks).reshape(-1, MAX_PLAYERS), np.array(winners, np.int64),
                     np.array(scores).reshape(-1, MAX_PLAYERS))


def log_likelihood(scores, masks, winners) -> float:
    """Mean log P(true winner) under softmax(scores) over each position's seats."""
    z = np.where(masks, scores, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float(np.mean(logp[np.arange(len(winners)), winners]))


def fit(x, masks, winners, ridge=1.0, steps=30) -> np.ndarray:
    """Newton's method for the conditional logit, with an L2 ridge."""
    features_count = x.shape[2]
    w = np.zeros(features_count)
    rows = np.arange(len(winners))
    for _ in range(steps):
        z = np.where(masks, x @ w, -np.inf)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("ps,psf->pf", p, x)
        grad = (x[rows, winners] - mean).sum(axis=0) - ridge * w
        centred = x - mean[:, None, :]
        hess = np.einsum("ps,psf,psg->fg", p, centred, centred) + ridge * np.eye(features_count)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-6:
            break
    return w


@dataclass(frozen=True)
class EvaluationFit:
    """The fitted weights and how well they predict the winner of games kept aside."""
    weights: np.ndarray   # one per FEATURE_NAMES (the characters' 0 when left out)
    characters: bool      # whether the characters' columns were fitted
    training: int         # positions fitted on
    held_out: int         # positions of the games kept aside
    fitted: float         # held-out mean log-likelihood of the winner: the fitted weights'
    hand_set: float       # the hand-set score's
    uniform: float        # a uniform guess's


def fit_evaluation(games: int = 600, seed: int = 1, bot: str = "greedy",
                   characters: bool = True) -> EvaluationFit:
    """The evaluation's weights fitted on `games` games of `bot` (dealt
    from `seed`), rated on a third as many kept aside. ValueError, one
    sentence, where either set has no game with a winner."""
    train = positions(games, seed, bot)
    test = positions(max(1, games // HELD_OUT_SHARE), seed + HELD_OUT_SEEDS, bot)
    if not len(train.winners) or not len(test.winners):
        raise ValueError(f"no game of the {games} fitted on, or of those kept aside, had a "
                         "winner; fit on more games")
    columns = NUM_FEATURES if characters else FIRST_CHARACTER_FEATURE
    w = np.zeros(NUM_FEATURES)
    w[:columns] = fit(train.features[:, :, :columns], train.seats, train.winners)
    return EvaluationFit(
        weights=w, characters=characters, training=len(train.winners),
        held_out=len(test.winners),
        fitted=log_likelihood(test.features @ w, test.seats, test.winners),
        hand_set=log_likelihood(test.hand_set / TEMPERATURE, test.seats, test.winners),
        uniform=float(np.mean(-np.log(test.seats.sum(axis=1)))))


def weight_lines(result: EvaluationFit) -> list[str]:
    """The weights, one line a feature, then as a line to paste into
    bots/_evaluation.py (EVALUATION_WEIGHTS: fitted without the characters)."""
    lines = [f"  {value:+.3f}  {name}" for name, value in zip(FEATURE_NAMES, result.weights)]
    name = "weights" if result.characters else "EVALUATION_WEIGHTS"
    lines.append(f"{name} = np.array([" + ", ".join(f"{v:.3f}" for v in result.weights) + "])")
    return lines


# ---- the beliefs ------------------------------------------------------------------------

def belief_positions(games: int, players: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """(observation, true state) at seat 0's main decisions of `games`
    greedy games with all the extensions (game g dealt by seed + g)."""
    found = []

    def keep(game: Game) -> None:
        if game.decider == 0:
            found.append((game.observation(0), game.snapshot()))

    for g in range(games):
        _play("greedy", players, "all", seed + g, [seed + g * 10 + s for s in range(players)], keep)
    return found


def shares(found, log_weights, samples: int, sweeps: int, seed: int):
    """Per (round bucket, column): hidden (card, rival) pairs, how many of
    them the real state puts in that rival's hand, and the mean number
    sampled worlds do (`samples` worlds a position, sampled as the search
    samples, with `sweeps` sweeps towards the beliefs and its travel
    inference)."""
    total = np.zeros((ROUND_BUCKETS, WEIGHT_COLUMNS))
    real = np.zeros_like(total)
    sampled = np.zeros_like(total)
    world = np.empty(L.STATE_SIZE, np.int64)
    rng = np.array([seed], np.int64)
    scratch = belief_scratch()
    for k, (obs, state) in enumerate(found):
        bucket = round_bucket(obs)
        hidden = np.flatnonzero(obs[L.LOC:L.KNOWN] == L.LOC_HIDDEN)
        columns = np.empty(WEIGHT_COLUMNS, np.int64)
        table = np.zeros((MAX_PLAYERS, L.NUM_CARDS))
        belief_table(obs, 0, log_weights, table)
        certain = np.ones(MAX_PLAYERS, np.int64)
        certain_travellers(obs, 0, certain)
        places = []
        for i in range(samples):
            for attempt in range(INFERENCE_TRIES):
                L.determinize(obs, 0, seed * 7919 + k * 131 + i * 17 + attempt, world)
                reweigh_hands(world, obs, 0, table, rng, sweeps, scratch)
                if not breaks_travel_inference(world, certain):
                    break
            places.append(world[L.LOC:L.KNOWN].copy())
        for t in range(1, int(obs[L.PLAYERS])):
            for c in hidden:
                for column in columns[:pair_columns(obs, 0, t, c, columns)]:
                    total[bucket, column] += 1
                    real[bucket, column] += state[L.LOC + c] == t
                    sampled[bucket, column] += np.mean([p[c] == t for p in places])
    return total, real, sampled


@dataclass(frozen=True)
class BeliefRound:
    """One round of the belief fit: the weights it sampled with, and the shares it measured."""
    round: int
    log_weights: np.ndarray  # [ROUND_BUCKETS, WEIGHT_COLUMNS]
    total: np.ndarray        # hidden (card, rival) pairs per bucket and column
    real: np.ndarray         # of them, in that rival's hand
    sampled: np.ndarray      # of them, in sampled worlds (a mean)

    @property
    def correction(self) -> np.ndarray:
        """log(real / sampled) per bucket and column (one more of each, so
        that an empty cell corrects nothing)."""
        return np.log((self.real + 1) / (self.sampled + 1))

    def share_lines(self) -> list[str]:
        """The real and sampled share of each column in rivals' hands, a line a bucket."""
        lines = []
        for b in range(ROUND_BUCKETS):
            cells = [f"{name} {self.real[b, k] / max(self.total[b, k], 1):.2f}"
                     f"/{self.sampled[b, k] / max(self.total[b, k], 1):.2f}"
                     for k, name in enumerate(COLUMN_NAMES)]
            rounds = f"{4 * b + 1}{'+' if b == ROUND_BUCKETS - 1 else f'-{4 * b + 4}'}"
            lines.append(f"  rounds {rounds}: real/sampled " + ", ".join(cells))
        return lines


def belief_rounds(found, rounds: int, samples: int, sweeps: int,
                  seed: int) -> Iterator[BeliefRound]:
    """The fit's rounds 0 to `rounds` on the positions `found`: the first
    samples the uniform deal (every log weight 0), each next one the weights
    corrected by the round before. The last round's weights are the fit."""
    log_weights = np.zeros((ROUND_BUCKETS, WEIGHT_COLUMNS))
    for r in range(rounds + 1):
        done = BeliefRound(r, log_weights, *shares(found, log_weights, samples, sweeps, seed + r))
        yield done
        log_weights = log_weights + done.correction
