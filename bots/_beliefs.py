"""Beliefs about hidden hands: players keep what they need, and cards stay
where they were last seen.

`determinize` deals the cards a seat has not seen uniformly into the places
it cannot see. Real hands are not uniform:
- a card the seat saw in a hand before losing track of it (a steal by
  someone else, Lost Luggage: the engine's memory, docs/engine.md "Memory")
  is most likely still there;
- a player keeps its passport, the items of its next destination and its
  postcards, and sheds forbidden items and cards it has no use for;
- early on, the extension cards are still mostly in the draw pile (R3.4
  shuffles them in after the deal).

`reweigh_hands` moves a uniformly dealt world towards that belief with
Metropolis swaps: it exchanges two hidden cards (same shuffle pool, no event
into a hand) with probability min(1, w_after / w_before), where a world's
weight is the product over the rivals' hidden cards of a weight per round
bucket and category of the card for that rival (and one more when the seat
last saw the card in that rival's hand). The chain's target is that product
distribution restricted to the worlds the seat's knowledge allows, so every
sampled world stays consistent with the observation; only how often each
one comes up changes. The categories read only public facts (the rival's
destination, the round) and the seat's own memory, never a hidden card.

The weights (BELIEF_LOG_WEIGHTS) are measured, not guessed: see
`bots/calibrate_beliefs.py`, which compares how often each category lies in
real rivals' hands with how often it does in sampled worlds.
"""

import numpy as np
from numba import njit

from engine import cards as C
from engine._core import CARD_KIND, NUM_CARDS, REQUIRED, splitmix_next
from engine._knowledge import LOC_HIDDEN, last_seen_in
from engine._layout import (
    ASKED, REFUSED, DRAW, DRAW_HEAD, DRAW_SIZE, CENTER, KIND_COUNT, KNOWN, LOC, LOC_DRAW, NEW, OWN, PHASE,
    PH_TP_GIVE, PH_TP_PICK, PLAYERS, TURN,
)

# Categories of a card for the seat that might hold it.
(CAT_NEED_NOW, CAT_NEED_LATER, CAT_OTHER_ITEM, CAT_PASSPORT, CAT_POSTCARD, CAT_SPECIAL,
 CAT_FORBIDDEN) = range(7)
NUM_CATEGORIES = 7
ROUND_BUCKETS = 4  # rounds 1-4, 5-8, 9-12, 13 on
# Weight columns after the categories, for facts about one (rival, card) pair:
REMEMBERED = NUM_CATEGORIES           # the seat last saw the card in this rival's hand
ASKED_FOR = NUM_CATEGORIES + 1        # the rival asked for this card's kind this turn (not a postcard)
ASKED_FOR_POSTCARD = NUM_CATEGORIES + 2  # the card is a postcard, and the rival asked for one
REFUSED_ITS_KIND = NUM_CATEGORIES + 3    # the rival declined an offer asking for this card's kind
WEIGHT_COLUMNS = NUM_CATEGORIES + 4
COLUMN_NAMES = ("needed now", "needed later", "other item", "passport", "postcard",
                "special item", "forbidden item", "seen there last", "asked for its kind",
                "asked for a postcard", "refused its kind")

# log(weight) per round bucket and column (the categories, then REMEMBERED),
# for each number of players; 0 everywhere is the uniform deal. Measured with
# `python -m bots.calibrate_beliefs --players P --games 150 --rounds 12
# --samples 4 --sweeps 4`.
BELIEF_LOG_WEIGHTS = {
    2: np.array([
        [-0.01, -0.10, -0.31, 4.26, -1.44, -1.45, -2.15, 4.17, -3.19, 0.00, 0.31],
        [0.27, 0.17, -0.69, 4.31, -0.43, -0.88, -2.03, 3.96, -2.90, 1.78, -0.53],
        [0.41, 0.42, -0.86, 4.45, -0.00, -0.67, -1.88, 4.02, -1.38, 1.81, -0.50],
        [0.50, 0.85, -1.21, 3.87, 0.03, -0.62, -1.28, 3.81, -1.24, 1.45, -1.10],
    ]),
    3: np.array([
        [-0.02, -0.13, -0.27, 3.56, -1.15, -1.45, -2.09, 3.71, -1.37, 0.00, -0.11],
        [0.35, 0.27, -0.76, 3.28, -0.51, -0.81, -2.21, 3.74, -2.91, 1.10, -0.56],
        [0.48, 0.60, -1.19, 2.91, -0.14, -0.95, -1.73, 3.13, -1.84, 1.34, -0.60],
        [0.72, 0.88, -1.59, 2.18, -0.00, -0.92, -2.17, 2.63, -1.51, 1.16, -0.98],
    ]),
    4: np.array([
        [0.02, 0.07, -0.34, 3.06, -1.17, -1.38, -2.10, 4.00, -0.82, 1.30, 0.08],
        [0.32, 0.33, -1.08, 2.88, -0.37, -0.90, -1.75, 3.79, -1.18, 1.13, -0.16],
        [0.61, 0.45, -1.27, 2.08, -0.05, -0.88, -1.64, 3.07, -1.66, 0.66, 0.27],
        [0.94, 0.31, -1.46, 1.48, 0.12, -1.21, -1.77, 2.60, -0.82, 1.19, 0.03],
    ]),
    5: np.array([
        [0.14, 0.22, -0.37, 2.71, -1.32, -1.44, -1.86, 4.68, -0.99, 0.00, -0.28],
        [0.45, 0.35, -1.19, 2.37, -0.42, -0.91, -1.58, 4.06, -0.86, 1.44, -0.10],
        [0.60, 0.50, -1.04, 1.27, 0.15, -1.06, -1.47, 3.33, -1.52, 1.46, 0.23],
        [0.87, 0.83, -1.34, 1.52, 0.58, -1.01, -2.04, 3.32, -1.58, 1.71, 0.34],
    ]),
    6: np.array([
        [0.31, 0.20, -0.27, 2.38, -1.33, -1.57, -2.04, 4.55, -1.09, 2.12, 0.07],
        [0.81, 0.56, -1.31, 1.60, -0.33, -1.03, -2.13, 4.24, -1.64, 1.79, -0.53],
        [0.69, 0.68, -1.37, 1.35, 0.67, -1.00, -1.88, 4.18, -1.65, 1.65, 0.31],
        [0.83, 0.87, -1.53, 1.26, 0.77, -1.11, -2.17, 3.36, -1.99, 1.25, 0.56],
    ]),
}


def belief_weights(players):
    """The weight table for a game of `players` seats."""
    return BELIEF_LOG_WEIGHTS[players]


@njit(cache=True)
def card_category(S, seat, card):
    """What `card` would be to `seat`: public facts only (destinations, kinds)."""
    kind = CARD_KIND[card]
    own = S[OWN + seat]
    dest = own if own >= 0 else S[CENTER]
    if kind < C.NUM_ITEM_KINDS:
        if REQUIRED[dest, 0] == kind or REQUIRED[dest, 1] == kind or REQUIRED[dest, 2] == kind:
            return CAT_NEED_NOW
        center = S[CENTER]
        if own >= 0 and (REQUIRED[center, 0] == kind or REQUIRED[center, 1] == kind
                         or REQUIRED[center, 2] == kind):
            return CAT_NEED_LATER
        return CAT_OTHER_ITEM
    if kind == C.KIND_PASSPORT:
        return CAT_PASSPORT
    if kind == C.KIND_POSTCARD:
        return CAT_POSTCARD
    if kind >= C.FIRST_FORBIDDEN_KIND:
        return CAT_FORBIDDEN
    return CAT_SPECIAL


@njit(cache=True)
def pair_columns(obs, seat, rival, card, out):
    """The weight columns that apply to `card` lying in `rival`'s hand, as
    `seat` sees it (its observation `obs`): written to out, count returned."""
    out[0] = card_category(obs, rival, card)
    m = 1
    if last_seen_in(obs, seat, card) == rival:
        out[m] = REMEMBERED
        m += 1
    kind = CARD_KIND[card]
    if obs[ASKED + rival] >> kind & 1:
        out[m] = ASKED_FOR_POSTCARD if kind == C.KIND_POSTCARD else ASKED_FOR
        m += 1
    if obs[REFUSED + rival] >> kind & 1:
        out[m] = REFUSED_ITS_KIND
        m += 1
    return m


@njit(cache=True)
def round_bucket(S):
    return min((S[TURN] // S[PLAYERS]) // 4, ROUND_BUCKETS - 1)


@njit(cache=True)
def reweigh_hands(S, obs, root_seat, log_weights, rng, sweeps):
    """Move the determinized world S (of `obs`, root_seat's observation)
    towards the belief, by `sweeps` Metropolis proposals per hidden card.
    S stays a world `obs` allows."""
    rows = np.full(6, round_bucket(obs), np.int64)
    reweigh_hands_by_row(S, obs, root_seat, log_weights, rows, rng, sweeps)


@njit(cache=True)
def reweigh_hands_by_row(S, obs, root_seat, log_weights, rows, rng, sweeps):
    """reweigh_hands with log_weights[rows[t]] the weights of rival t."""
    n = S[PLAYERS]
    if obs[PHASE] == PH_TP_PICK or obs[PHASE] == PH_TP_GIVE:
        return  # the Trading Post's takings are tied to their places (determinize)
    me = 1 << root_seat
    cards = np.empty(NUM_CARDS, np.int64)   # hidden cards that may move
    slot = np.empty(NUM_CARDS, np.int64)    # their DRAW ring index, or -1 in a hand
    in_hand = 0
    m = 0
    for c in range(NUM_CARDS):
        if obs[LOC + c] != LOC_HIDDEN:
            continue
        loc = S[LOC + c]
        if 0 <= loc < n:
            cards[m] = c
            slot[m] = -1
            m += 1
            in_hand += 1
        elif loc == LOC_DRAW:
            cards[m] = c
            slot[m] = -2  # found below
            m += 1
    if in_hand == 0 or m < 2:
        return
    for i in range(S[DRAW_SIZE]):
        ring = DRAW + (S[DRAW_HEAD] + i) % NUM_CARDS
        c = S[ring]
        for j in range(m):
            if cards[j] == c:
                slot[j] = ring
                break
    weight = np.zeros((6, NUM_CARDS), np.float64)
    columns = np.empty(WEIGHT_COLUMNS, np.int64)
    for t in range(n):
        if t == root_seat:
            continue
        for j in range(m):
            c = cards[j]
            for k in range(pair_columns(obs, root_seat, t, c, columns)):
                weight[t, c] += log_weights[rows[t], columns[k]]
    hand_cards = np.empty(NUM_CARDS, np.int64)
    h = 0
    for j in range(m):
        if slot[j] == -1:
            hand_cards[h] = j
            h += 1
    for _ in range(sweeps * m):  # each hidden card is drawn about `sweeps` times
        i = hand_cards[np.int64(splitmix_next(rng, 0) % np.uint64(h))]
        j = np.int64(splitmix_next(rng, 0) % np.uint64(m))
        a = cards[i]
        b = cards[j]
        if i == j or (obs[NEW + a] & me) != (obs[NEW + b] & me):
            continue
        if C.FIRST_EVENT <= b < C.FIRST_SPECIAL:
            continue  # events lie only in the piles (R9.1)
        ta = S[LOC + a]
        tb = S[LOC + b]
        if ta == tb:
            continue
        delta = weight[ta, b] - weight[ta, a]
        if slot[j] == -1:
            delta += weight[tb, a] - weight[tb, b]
        if delta < 0.0:
            r = np.float64(splitmix_next(rng, 0) >> np.uint64(11)) / 9007199254740992.0
            if r >= np.exp(delta):
                continue
        # swap a (in hand ta) and b (in hand tb, or in the draw pile)
        S[KIND_COUNT + ta * C.NUM_KINDS + CARD_KIND[a]] -= 1
        S[KIND_COUNT + ta * C.NUM_KINDS + CARD_KIND[b]] += 1
        S[LOC + b] = ta
        S[KNOWN + b] = 1 << ta
        if slot[j] == -1:
            S[KIND_COUNT + tb * C.NUM_KINDS + CARD_KIND[b]] -= 1
            S[KIND_COUNT + tb * C.NUM_KINDS + CARD_KIND[a]] += 1
            S[LOC + a] = tb
            S[KNOWN + a] = 1 << tb
        else:
            S[LOC + a] = LOC_DRAW
            S[KNOWN + a] = 0
            S[slot[j]] = a
            slot[i] = slot[j]
            slot[j] = -1
            # a left the hand list, b joined it at the same index
            for k in range(h):
                if hand_cards[k] == i:
                    hand_cards[k] = j
                    break
