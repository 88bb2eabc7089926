"""Measure the belief weights of `_beliefs.py` (python -m bots.calibrate_beliefs).

From greedy games (4 players, all extensions) it collects, at every main
decision of seat 0, which of the cards seat 0 has not seen lie in each rival's
hand. For each round bucket and category it compares the real share with the
share in worlds sampled from seat 0's observation (`determinize`, then
`reweigh_hands`), and corrects log(weight) by log(real / sampled) until they
agree. It prints the table to paste into BELIEF_LOG_WEIGHTS, and how well
the uniform deal and the reweighed one predict the real hands (mean log
likelihood of the real places, higher is better).
"""

from __future__ import annotations

import argparse

import numpy as np

from engine import Game
from engine import kernels as L
from engine.kernels import LOC_HIDDEN, determinize

from . import _beliefs as B
from . import _ismcts as K
from .difficulty import make_bot


def collect(games: int, players: int, seed: int):
    """(observation, true state) at seat 0's main decisions of greedy games."""
    positions = []
    for g in range(games):
        game = Game.new(players=players, extensions="all", seed=seed + g)
        bots = [make_bot("greedy", seed + g * 10 + s) for s in range(players)]
        while not game.over:
            seat = game.decider
            if seat == 0 and game.phase == L.PH_MAIN:
                positions.append((game.observation(0), game.snapshot()))
            game.apply(bots[seat].choose(game.view(seat)))
    return positions


def shares(positions, log_weights, samples, sweeps, seed):
    """Per (bucket, category): hidden (card, rival) pairs, how many of them the
    real state puts in that rival's hand, and the mean number sampled worlds
    do (sampled as the search samples, with its travel inference)."""
    total = np.zeros((B.ROUND_BUCKETS, B.WEIGHT_COLUMNS))
    real = np.zeros_like(total)
    sampled = np.zeros_like(total)
    world = np.empty(L.STATE_SIZE, np.int64)
    rng = np.array([seed], np.int64)
    scratch = B.belief_scratch()
    for k, (obs, state) in enumerate(positions):
        bucket = B.round_bucket(obs)
        hidden = np.flatnonzero(obs[L.LOC:L.KNOWN] == LOC_HIDDEN)
        columns = np.empty(B.WEIGHT_COLUMNS, np.int64)
        table = np.zeros((6, L.NUM_CARDS))
        B.belief_table(obs, 0, log_weights, table)
        certain = np.ones(6, np.int64)
        K.certain_travellers(obs, 0, certain)
        places = []
        for i in range(samples):
            for attempt in range(K.INFERENCE_TRIES):  # the search's sampler, travel inference included
                determinize(obs, 0, seed * 7919 + k * 131 + i * 17 + attempt, world)
                B.reweigh_hands(world, obs, 0, table, rng, sweeps, scratch)
                if not K.breaks_travel_inference(world, certain):
                    break
            places.append(world[L.LOC:L.KNOWN].copy())
        for t in range(1, int(obs[L.PLAYERS])):
            for c in hidden:
                for column in columns[:B.pair_columns(obs, 0, t, c, columns)]:
                    total[bucket, column] += 1
                    real[bucket, column] += state[L.LOC + c] == t
                    sampled[bucket, column] += np.mean([p[c] == t for p in places])
    return total, real, sampled


def report(total, real, sampled):
    """Real and sampled share of each category in rivals' hands, per bucket."""
    for b in range(B.ROUND_BUCKETS):
        cells = [f"{name} {real[b, k] / max(total[b, k], 1):.2f}/{sampled[b, k] / max(total[b, k], 1):.2f}"
                 for k, name in enumerate(B.COLUMN_NAMES)]
        print(f"  rounds {4 * b + 1}{'+' if b == B.ROUND_BUCKETS - 1 else f'-{4 * b + 4}'}: real/sampled "
              + ", ".join(cells))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=6, help="correction rounds")
    parser.add_argument("--samples", type=int, default=8, help="worlds per position")
    parser.add_argument("--sweeps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    positions = collect(args.games, args.players, args.seed)
    print(f"{len(positions)} positions from {args.games} games")
    log_weights = np.zeros((B.ROUND_BUCKETS, B.WEIGHT_COLUMNS))
    for r in range(args.rounds + 1):
        total, real, sampled = shares(positions, log_weights, args.samples, args.sweeps, args.seed + r)
        ratio = (real + 1) / (sampled + 1)
        print(f"round {r}: largest |log(real/sampled)| = {np.abs(np.log(ratio)).max():.3f}")
        if r == 0 or r == args.rounds:
            report(total, real, sampled)
        if r < args.rounds:
            log_weights += np.log(ratio)
    np.set_printoptions(precision=2, suppress=True)
    print(f"BELIEF_LOG_WEIGHTS[{args.players}] =")
    print(repr(np.round(log_weights, 2)))


if __name__ == "__main__":
    main()
