"""Fit the search's evaluation (bots/_evaluation.py) to who actually won.

    python -m bots.fit_evaluation --games 600 --seed 1

plays greedy games (all extensions, 2 to 6 players, and base games; with
`--bot planner`, planner games), keeps
every main decision's position, labels it with the game's winner, and fits
the conditional logit P(s wins) = softmax_s(w . features(s)) by Newton's
method. It prints the weights, with each seat's character among the
features (an evaluation that weighs them is no better in the search:
docs/experiments.md); with `--no-characters` the characters' columns are
left out of the fit and weighed 0, as in EVALUATION_WEIGHTS, which it
prints to paste there. On games kept aside it prints the mean
log-likelihood of the true winner under the fitted evaluation and under
the hand-set one (softmax of `progress` / TEMPERATURE).
"""

from __future__ import annotations

import argparse

import numpy as np

from engine import Game
from engine import kernels as L

from ._evaluation import FEATURE_NAMES, FIRST_CHARACTER_FEATURE, NUM_FEATURES, features
from ._heuristic import TEMPERATURE, progress
from .difficulty import make_bot

CONFIGS = [(p, "all") for p in (2, 3, 4, 4, 5, 6)] + [(4, "none"), (3, "postcards")]


def positions(games: int, seed: int, bot: str = "greedy"):
    """(features [positions, 6, F], seat mask [positions, 6], winner [positions],
    hand-set scores [positions, 6]) from `games` games of `bot` in every seat."""
    feats, masks, winners, scores = [], [], [], []
    f = np.empty(NUM_FEATURES)
    for g in range(games):
        players, extensions = CONFIGS[g % len(CONFIGS)]
        game = Game.new(players=players, extensions=extensions, seed=seed + g)
        bots = [make_bot(bot, seed * 7 + g * 10 + s) for s in range(players)]
        kept = []
        while not game.over:
            if game.phase == L.PH_MAIN:
                S = game.snapshot()
                x = np.zeros((6, NUM_FEATURES))
                h = np.zeros(6)
                for s in range(players):
                    features(S, s, f)
                    x[s] = f
                    h[s] = progress(S, s)
                kept.append((x, h))
            game.apply(bots[game.decider].choose(game.view(game.decider)))
        winner = game.outcome.winner
        if winner is None:
            continue
        for x, h in kept:
            feats.append(x)
            m = np.zeros(6, bool)
            m[:players] = True
            masks.append(m)
            winners.append(winner)
            scores.append(h)
    return np.array(feats), np.array(masks), np.array(winners), np.array(scores)


def log_likelihood(scores, masks, winners):
    """Mean log P(true winner) under softmax(scores) over each position's seats."""
    z = np.where(masks, scores, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float(np.mean(logp[np.arange(len(winners)), winners]))


def fit(x, masks, winners, ridge=1.0, steps=30):
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


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy", choices=("greedy", "planner"),
                        help="the bot in every seat of the games fitted on")
    parser.add_argument("--no-characters", action="store_true",
                        help="leave the characters' columns out of the fit (weighed 0)")
    args = parser.parse_args(argv)
    train = positions(args.games, args.seed, args.bot)
    test = positions(args.games // 3, args.seed + 10_000_000, args.bot)
    print(f"{len(train[2])} training positions, {len(test[2])} test positions")
    columns = FIRST_CHARACTER_FEATURE if args.no_characters else NUM_FEATURES
    w = np.zeros(NUM_FEATURES)
    w[:columns] = fit(train[0][:, :, :columns], train[1], train[2])
    for name, value in zip(FEATURE_NAMES, w):
        print(f"  {value:+.3f}  {name}")
    name = "EVALUATION_WEIGHTS" if args.no_characters else "weights"
    print(f"{name} = np.array([" + ", ".join(f"{v:.3f}" for v in w) + "])")
    x, masks, winners, hand_set = test
    fitted = log_likelihood(x @ w, masks, winners)
    manual = log_likelihood(hand_set / TEMPERATURE, masks, winners)
    uniform = float(np.mean(-np.log(masks.sum(axis=1))))
    print(f"held-out mean log-likelihood of the winner: fitted {fitted:.4f}, "
          f"hand-set {manual:.4f}, uniform {uniform:.4f}")


if __name__ == "__main__":
    main()
