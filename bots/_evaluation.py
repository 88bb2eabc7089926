"""A measured evaluation: each seat's win chance from features of its position.

The search scores the position where a rollout stops. `_heuristic.progress`
is a hand-set score; this module's score is a conditional logit fitted to
who actually went on to win: P(seat s wins) = softmax over seats of
w . features(s). `passport lab fit-evaluation` measures the weights
(EVALUATION_WEIGHTS) from the positions of many played games, and reports
how well each score predicts the winner on games it did not fit.

The features read a full state (a sampled world in the search), so they may
use every hand; they say nothing a seat could not see when the state is its
own sampled world.
"""

from . import _jit  # noqa: F401 -- first: cached kernels built from older sources are cleared

import numpy as np
from numba import njit

from engine import cards as C
from engine.kernels import (
    ACTIVE, CHARACTER, HAND_SIZE, KIND_COUNT, OWN, PLAYERS, REQUIRED, STRIKE, destination, forbidden_count,
)

from ._heuristic import softmax_in_place

FEATURE_NAMES = (
    "own country visited",
    "1 item of the destination", "2 items of the destination", "3 items of the destination",
    "items of the center, once visited",
    "a passport", "Mom's Credit Card",
    "1 postcard", "2 postcards", "3 postcards",
    "forbidden items", "a Bribe, with a forbidden item",
    "cards in hand",
    "turns until its own turn (0 = to move), of the table",
    "ready to travel",
    # its character (R9.5), one column each, in engine.cards order
    "the Backpacker", "the Smuggler", "the Collector", "the Pickpocket", "the Diplomat",
    "the Jetsetter",
)
FIRST_CHARACTER_FEATURE = FEATURE_NAMES.index("the Backpacker")  # C.BACKPACKER is 0
NUM_FEATURES = len(FEATURE_NAMES)

# Measured with `passport lab fit-evaluation --games 480 --seed 1
# --no-characters` (42,607 positions of 480 greedy games): on 14,908 held-out positions the mean
# log-likelihood of the true winner is -1.203, against -1.376 for the
# hand-set score and -1.408 for a uniform guess.
# That fit leaves out the character features: they weigh 0 here (fitted
# with them, the search was no better: docs/experiments.md).
EVALUATION_WEIGHTS = np.array([1.293, 0.068, 0.338, 0.568, 0.416, 0.297, 0.550, 0.196, 0.511,
                               1.806, -0.863, 0.744, 0.361, -0.386, 0.272, 0.0, 0.0, 0.0, 0.0, 0.0,
                               0.0])


@njit(cache=True)
def features(S, seat, out):
    """Write the features of `seat` in the full state S into out[NUM_FEATURES]."""
    row = KIND_COUNT + seat * C.NUM_KINDS
    dest = destination(S, seat)
    visited = 1.0 if S[OWN + seat] < 0 else 0.0
    items = 0
    for i in range(3):
        if S[row + REQUIRED[dest, i]] > 0:
            items += 1
    credit = 1 if S[row + C.FIRST_SPECIAL_KIND] > 0 else 0
    forbidden = forbidden_count(S, seat)
    bribe = 1 if S[row + C.KIND_BRIBE] > 0 else 0
    passport = 1 if S[row + C.KIND_PASSPORT] > 0 else 0
    postcards = S[row + C.KIND_POSTCARD]
    n = S[PLAYERS]
    for f in range(NUM_FEATURES):
        out[f] = 0.0
    out[0] = visited
    if items >= 1:
        out[items] = 1.0
    out[4] = items * visited
    out[5] = passport
    out[6] = credit
    if 1 <= postcards <= 3:
        out[6 + postcards] = 1.0
    out[10] = forbidden
    out[11] = 1.0 if bribe and forbidden > 0 else 0.0
    out[12] = S[HAND_SIZE + seat]
    out[13] = ((seat - S[ACTIVE]) % n) / n
    free = forbidden == 0 or bribe
    out[14] = 1.0 if (passport and free and items + min(credit, 1) >= 3 and S[STRIKE] < 0) else 0.0
    character = S[CHARACTER + seat]
    if character >= 0:
        out[FIRST_CHARACTER_FEATURE + character] = 1.0


@njit(cache=True)
def evaluate_fitted(S, rewards, weights, f):
    """Write into rewards[seat] every seat's estimated win chance in S
    (f: scratch of NUM_FEATURES floats, so the search allocates nothing here)."""
    n = S[PLAYERS]
    for s in range(n):
        features(S, s, f)
        score = 0.0
        for i in range(NUM_FEATURES):
            score += weights[i] * f[i]
        rewards[s] = score
    softmax_in_place(rewards, n, 1.0)
