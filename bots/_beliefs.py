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

`reweigh_hands` moves a uniformly dealt world towards that belief. It first
deals every card the seat last saw in a rival's hand back into that hand,
then runs a few Metropolis swaps: it exchanges two hidden cards (same
shuffle pool, no event into a hand) with probability min(1, w_after /
w_before), where a world's weight is the product over the rivals' hidden
cards of a weight per round bucket and column: the card's category for that
rival, and facts about the pair (the seat last saw the card there; the rival
asked for, or refused to give, its kind). The chain's target is that product
distribution over the worlds the seat's knowledge allows; the chain is short,
so its start matters too, and the calibration measures the sampler as it
runs. Every sampled world stays consistent with the observation; only how
often each one comes up changes. The columns read only public facts (the
rival's destination, the round, trade offers) and the seat's own memory,
never a hidden card.

The weights (BELIEF_LOG_WEIGHTS) are measured, not guessed: see
`passport lab fit-beliefs` (arena/fitting.py), which compares how often
each category lies in real rivals' hands with how often it does in
sampled worlds.
"""

from . import _jit  # noqa: F401 -- first: cached kernels built from older sources are cleared

import numpy as np
from numba import njit

from engine import cards as C
from engine.kernels import (
    CARD_KIND, LOC_HIDDEN, NUM_CARDS, destination, last_seen_in, splitmix_next,
    ASKED, REFUSED, DRAW, DRAW_HEAD, DRAW_SIZE, CENTER, KIND_COUNT, KNOWN, LOC, LOC_DRAW, NEW, OWN, PHASE,
    PH_TP_GIVE, PH_TP_PICK, PLAYERS, TURN,
)

from ._heuristic import requires

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
# `passport lab fit-beliefs --players P --games 150 --rounds 12
# --samples 4 --sweeps 2`.
BELIEF_LOG_WEIGHTS = {
    2: np.array([
        [-0.12, -0.20, -0.42, 4.84, -1.53, -1.62, -2.25, 3.88, -3.61, 0.00, 0.62],
        [0.19, 0.09, -0.76, 4.98, -0.49, -0.96, -2.33, 3.78, -2.68, 1.79, -0.36],
        [0.31, 0.34, -0.88, 4.93, -0.08, -0.67, -1.76, 3.65, -1.61, 1.90, -0.56],
        [0.48, 0.73, -1.24, 3.90, 0.05, -0.58, -1.35, 3.39, -1.54, 1.38, -1.05],
    ]),
    3: np.array([
        [-0.14, -0.25, -0.37, 4.16, -1.28, -1.52, -2.15, 2.69, -1.17, 0.00, -0.36],
        [0.31, 0.21, -0.84, 3.60, -0.52, -0.87, -2.25, 2.87, -2.51, 0.91, -0.37],
        [0.49, 0.61, -1.24, 3.00, -0.15, -0.97, -1.86, 2.43, -1.75, 1.36, -0.53],
        [0.73, 0.95, -1.61, 2.08, 0.01, -0.95, -2.30, 1.96, -1.38, 1.14, -1.00],
    ]),
    4: np.array([
        [-0.07, 0.01, -0.42, 3.49, -1.29, -1.50, -2.18, 2.59, -1.01, 1.56, 0.13],
        [0.27, 0.38, -1.13, 3.11, -0.41, -0.98, -1.86, 2.54, -1.18, 1.09, -0.18],
        [0.58, 0.45, -1.25, 1.93, -0.01, -0.84, -1.56, 2.01, -1.56, 0.60, 0.20],
        [0.85, 0.35, -1.40, 1.32, 0.17, -1.13, -1.56, 1.70, -0.70, 1.13, 0.10],
    ]),
    5: np.array([
        [0.09, 0.22, -0.43, 3.12, -1.49, -1.64, -2.12, 2.78, -1.09, 0.00, -0.20],
        [0.38, 0.38, -1.23, 2.50, -0.41, -0.95, -1.67, 2.36, -0.77, 1.56, -0.20],
        [0.54, 0.51, -0.99, 1.13, 0.22, -1.02, -1.48, 2.09, -1.37, 1.43, 0.21],
        [0.71, 0.82, -1.22, 1.29, 0.66, -0.91, -1.90, 1.90, -1.22, 1.64, 0.30],
    ]),
    6: np.array([
        [0.31, 0.20, -0.28, 2.73, -1.53, -1.87, -2.48, 2.50, -0.97, 2.40, -0.19],
        [0.68, 0.61, -1.24, 1.56, -0.23, -1.00, -2.41, 2.18, -1.36, 1.78, -0.54],
        [0.55, 0.64, -1.21, 1.04, 0.78, -0.88, -1.66, 2.09, -1.28, 1.30, 0.13],
        [0.61, 0.83, -1.32, 1.09, 0.76, -0.89, -2.03, 1.73, -1.40, 0.88, 0.35],
    ]),
}


def belief_weights(players):
    """The weight table for a game of `players` seats."""
    return BELIEF_LOG_WEIGHTS[players]


@njit(cache=True)
def card_category(S, seat, card):
    """What `card` would be to `seat`: public facts only (destinations, kinds)."""
    kind = CARD_KIND[card]
    if kind < C.NUM_ITEM_KINDS:
        if requires(destination(S, seat), kind):
            return CAT_NEED_NOW
        if S[OWN + seat] >= 0 and requires(S[CENTER], kind):
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
def belief_table(obs, root_seat, log_weights, out):
    """out[t, c]: weight of hidden card c lying in rival t's hand, as
    root_seat sees it (its observation `obs`); 1 for a pile place. Computed
    once per search, as plain factors, so a proposal needs no exp()."""
    out[:, :] = 0.0
    bucket = round_bucket(obs)
    columns = np.empty(WEIGHT_COLUMNS, np.int64)
    for t in range(obs[PLAYERS]):
        if t == root_seat:
            continue
        for c in range(NUM_CARDS):
            if obs[LOC + c] == LOC_HIDDEN:
                for k in range(pair_columns(obs, root_seat, t, c, columns)):
                    out[t, c] += log_weights[bucket, columns[k]]
    for t in range(6):
        for c in range(NUM_CARDS):
            out[t, c] = np.exp(out[t, c])


SCRATCH_ROWS = 5


@njit(cache=True)
def belief_scratch():
    """The working arrays of `reweigh_hands`, allocated once per search."""
    return np.empty((SCRATCH_ROWS, NUM_CARDS), np.int64)


@njit(cache=True)
def reweigh_hands(S, obs, root_seat, weight, rng, sweeps, scratch):
    """Move the determinized world S (of `obs`, root_seat's observation)
    towards the belief `weight` (from `belief_table`), by `sweeps`
    Metropolis proposals per hidden card. S stays a world `obs` allows.
    `scratch` (from `belief_scratch`) holds the working lists, so a sampled
    world costs no allocation."""
    n = S[PLAYERS]
    if obs[PHASE] == PH_TP_PICK or obs[PHASE] == PH_TP_GIVE:
        return  # the Trading Post's takings are tied to their places (determinize)
    me = 1 << root_seat
    cards = scratch[0]          # hidden cards that may move
    slot = scratch[1]           # their DRAW ring index, or -1 in a hand
    index_of = scratch[2]       # a draw-pile card's index in `cards`
    hand_cards = scratch[3]     # indices (in `cards`) of the cards in hands
    hand_position = scratch[4]  # where an index stands in hand_cards
    index_of[:] = -1
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
            index_of[c] = m
            m += 1
    if in_hand == 0 or m < 2:
        return
    for i in range(S[DRAW_SIZE]):
        ring = DRAW + (S[DRAW_HEAD] + i) % NUM_CARDS
        j = index_of[S[ring]]
        if j >= 0:
            slot[j] = ring
    h = 0
    for j in range(m):
        if slot[j] == -1:
            hand_cards[h] = j
            hand_position[j] = h
            h += 1
    # Start the chain from a good guess: every card the seat last saw in a
    # rival's hand is dealt back there (swapped with one of that hand's other
    # unseen cards of the same pool), so the chain need not find it by chance.
    for j in range(m):
        b = cards[j]
        t = last_seen_in(obs, root_seat, b)
        if t < 0 or t == root_seat or S[LOC + b] == t:
            continue
        chosen = -1
        seen = 0
        for k in range(h):
            i = hand_cards[k]
            a = cards[i]
            if (S[LOC + a] == t and last_seen_in(obs, root_seat, a) != t
                    and (obs[NEW + a] & me) == (obs[NEW + b] & me)):
                seen += 1  # reservoir sampling: a uniform choice in one pass
                if np.int64(splitmix_next(rng, 0) % np.uint64(seen)) == 0:
                    chosen = i
        if chosen >= 0:
            swap_cards(S, cards, slot, hand_cards, hand_position, chosen, j)
    for _ in range(sweeps * m):  # each hidden card is drawn about `sweeps` times
        i = hand_cards[below(rng, h)]
        j = below(rng, m)
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
        # accept with probability min(1, after / before)
        after = weight[ta, b]
        before = weight[ta, a]
        if slot[j] == -1:
            after *= weight[tb, a]
            before *= weight[tb, b]
        if after < before:
            r = np.float64(splitmix_next(rng, 0) >> np.uint64(11)) / 9007199254740992.0
            if r * before >= after:
                continue
        swap_cards(S, cards, slot, hand_cards, hand_position, i, j)


@njit(cache=True, inline='always')
def below(rng, n):
    """A random number in 0..n-1 (n < 2**32) by multiply-shift: no division
    in the proposal loop, and the bias is below 2**-32 per draw."""
    return np.int64(((splitmix_next(rng, 0) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, inline='always')
def swap_cards(S, cards, slot, hand_cards, hand_position, i, j):
    """Swap hidden card cards[i] (in a hand) with cards[j] (in another hand,
    or in the draw pile at ring index slot[j]), keeping the lists in step."""
    a = cards[i]
    b = cards[j]
    ta = S[LOC + a]
    tb = S[LOC + b]
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
        k = hand_position[i]  # a left the hand list; b joins it at the same place
        hand_cards[k] = j
        hand_position[j] = k
