"""The rollout policy: a fast, full-information version of the heuristic.

Rollouts play out a *determinized* world, where every hand is a sample the
bot drew itself, so the policy may read every seat's hand composition
(KIND_COUNT) directly: that makes each decision a handful of array reads
instead of the observation-respecting scans of `_heuristic.py`.

Plan of a main decision: travel if possible; shed forbidden items; recycle a
missing item lying in the discard pile; ask a seat that holds a missing item
(trade, or steal from a small hand); play a helpful special; else draw. The
missing items are those of the next destination, plus postcards for a seat
already holding two (the postcard race, R9.4).

Who holds a missing item is read from the sampled hands, or, with `guess`,
as the seat would know it (`seems_to_hold`): the copies it has seen there,
and for the rest a guess that does not read where the sampled world put
them. Every world the search samples keeps the root seat's true hand, so a
rival reading the sampled hands finds the root's cards in every world: it
asks and steals as if it saw the root's hand (R7.4 says it does not).
"""

from . import _jit  # noqa: F401 -- first: cached kernels built from older sources are cleared

import numpy as np
from numba import njit

from engine import cards as C
from engine.kernels import (
    ACTIONS_LEFT, A_CARD, A_DECLARE, A_DISPOSE, A_DONE, A_DRAW, A_END_TURN, A_KIND,
    A_LOCAL_GUIDE, A_NO, A_RECYCLE, A_SEAT, A_SMUGGLE, A_STEAL_FROM, A_TRADE_TO, A_TRAVEL,
    A_TRAVEL_CARD, A_UPGRADE, A_YES, CARD_KIND, DECIDER, DECLINED, EXT, HAND_SIZE, KNOWN, LOC,
    LOC_DISCARD, LOC_DRAW, MAX_PLAYERS, NUM_ACTIONS, PHASE, PH_LG_TAKE, PH_MAIN, PH_MOUSETRAP,
    PH_RECYCLE_TAKE, PH_SMUGGLE_TO, PH_TP_PICK, PH_TRADE_ASK, PH_TRADE_GIVE, PH_TRADE_REPLY,
    PLAYERS, REQUIRED, TARGET, destination, kind_count, splitmix_next,
)

from ._heuristic import card_value, progress, trade_gain

NUM_CARDS = C.NUM_CARDS
assert NUM_ACTIONS <= 192, "legal_bits holds 192 actions"


@njit(cache=True)
def missing_kinds(S, seat, out):
    """Kinds `seat` still needs for its next travel (and postcards when it
    races for them); returns how many were written to out."""
    dest = destination(S, seat)
    m = 0
    if kind_count(S, seat, C.KIND_PASSPORT) == 0:
        out[m] = C.KIND_PASSPORT
        m += 1
    for i in range(3):
        k = REQUIRED[dest, i]
        if kind_count(S, seat, k) == 0:
            out[m] = k
            m += 1
    if S[EXT] & C.EXT_POSTCARDS and kind_count(S, seat, C.KIND_POSTCARD) >= 2:
        out[m] = C.KIND_POSTCARD
        m += 1
    return m


@njit(cache=True)
def in_discard(S, kind):
    """Is a card of this item kind (or a passport) in the discard pile?"""
    if kind < C.NUM_ITEM_KINDS:
        # an item kind's copies are cards kind and kind + NUM_ITEM_KINDS (engine/cards.py)
        return S[LOC + kind] == LOC_DISCARD or S[LOC + kind + C.NUM_ITEM_KINDS] == LOC_DISCARD
    if kind == C.KIND_PASSPORT:
        for c in range(C.FIRST_PASSPORT, C.FIRST_EVENT):
            if S[LOC + c] == LOC_DISCARD:
                return True
    return False


@njit(cache=True)
def is_legal(legal, n, action):
    for i in range(n):
        if legal[i] == action:
            return True
    return False


@njit(cache=True, inline='always')
def legal_bits(legal, n):
    """The legal actions as a 192-bit set in three words (NUM_ACTIONS <= 192),
    so a main decision's many legality checks cost a bit test each instead of
    a scan of the list."""
    w0 = np.uint64(0)
    w1 = np.uint64(0)
    w2 = np.uint64(0)
    for i in range(n):
        x = legal[i]
        if x < 64:
            w0 |= np.uint64(1) << np.uint64(x)
        elif x < 128:
            w1 |= np.uint64(1) << np.uint64(x - 64)
        else:
            w2 |= np.uint64(1) << np.uint64(x - 128)
    return w0, w1, w2


@njit(cache=True, inline='always')
def has(bits, action):
    w0, w1, w2 = bits
    if action < 64:
        return (w0 >> np.uint64(action)) & np.uint64(1) != 0
    if action < 128:
        return (w1 >> np.uint64(action - 64)) & np.uint64(1) != 0
    return (w2 >> np.uint64(action - 128)) & np.uint64(1) != 0


@njit(cache=True)
def extreme_card(S, legal, n, seat, highest):
    """The legal CARD action whose card is worth most (or least) to seat."""
    best = legal[0]
    best_value = -1e18 if highest else 1e18
    for i in range(n):
        a = legal[i]
        if a < A_CARD or a >= A_KIND:
            continue
        v = card_value(S, seat, a - A_CARD)
        if (highest and v > best_value) or (not highest and v < best_value):
            best_value = v
            best = a
    return best


@njit(cache=True)
def seems_to_hold(S, a, t, kind, rng):
    """Does seat `a`, by what it has seen, find a card of `kind` in t's hand?
    Yes when it has seen one there (KNOWN); else yes by chance, the chance
    that one of the copies it has not placed lies in t's hand, each card it
    has not placed (in a hand or the draw pile) equally likely to be any
    of those: where the sampled world put them is not read."""
    me = np.int64(1) << a
    unseen_t = 0
    unseen = 0
    copies = 0
    for c in range(NUM_CARDS):
        loc = S[LOC + c]
        if loc == a or not (loc < MAX_PLAYERS or loc == LOC_DRAW):
            continue
        if S[KNOWN + c] & me:
            if loc == t and CARD_KIND[c] == kind:
                return True
            continue
        unseen += 1
        if loc == t:
            unseen_t += 1
        if CARD_KIND[c] == kind:
            copies += 1
    if copies == 0 or unseen_t == 0:
        return False
    chance = 1.0 - (1.0 - unseen_t / unseen) ** copies
    return np.float64(splitmix_next(rng, 0) >> np.uint64(11)) / 9007199254740992.0 < chance


@njit(cache=True, inline='always')
def finds(S, a, t, kind, rng, guess):
    """Does seat `a` look for `kind` in t's hand: the sampled hand, or with
    `guess` what `a` knows of it (`seems_to_hold`)?"""
    if guess:
        return seems_to_hold(S, a, t, kind, rng)
    return kind_count(S, t, kind) > 0


# A seat steals a missing item from a hand of at most this many cards (a
# steal takes a card at random, R5.4), and asks for it in a trade from a
# larger hand.
STEAL_HAND = 3


@njit(cache=True)
def main_action(S, legal, n, a, missing, m, rng, guess):
    bits = legal_bits(legal, n)
    # travel first (R6); a plain travel keeps the Credit Card
    if has(bits, A_TRAVEL):
        return A_TRAVEL
    for i in range(3):
        if has(bits, A_TRAVEL_CARD + i):
            return A_TRAVEL_CARD + i
    for f in range(3):
        if has(bits, A_DECLARE + f):
            return A_DECLARE + f
    for f in range(3):
        if has(bits, A_SMUGGLE + f):
            return A_SMUGGLE + f
        if has(bits, A_DISPOSE + f):
            return A_DISPOSE + f
    if S[ACTIONS_LEFT] == 0:
        return A_END_TURN
    if has(bits, A_UPGRADE):
        return A_UPGRADE
    for i in range(m):
        if in_discard(S, missing[i]) and has(bits, A_RECYCLE):
            return A_RECYCLE
    players = S[PLAYERS]
    for i in range(m):
        k = missing[i]
        for j in range(1, players):
            t = (a + j) % players
            if finds(S, a, t, k, rng, guess):
                if S[HAND_SIZE + t] <= STEAL_HAND and has(bits, A_STEAL_FROM + t):
                    return A_STEAL_FROM + t
                if S[DECLINED] < 2 and has(bits, A_TRADE_TO + t):
                    return A_TRADE_TO + t
    if has(bits, A_LOCAL_GUIDE):
        return A_LOCAL_GUIDE
    return A_DRAW


@njit(cache=True)
def rollout_action(S, legal, n, rng, epsilon, missing, guess):
    """One decision of the rollout policy for the seat to move, uniformly
    random with chance `epsilon`; with `guess`, a seat finds cards in other
    hands as it would know them (`seems_to_hold`)."""
    if n == 1:
        return legal[0]
    r = np.float64(splitmix_next(rng, 0) >> np.uint64(11)) / 9007199254740992.0
    if r < epsilon:
        return legal[np.int64(splitmix_next(rng, 0) % np.uint64(n))]
    phase = S[PHASE]
    seat = S[DECIDER]
    if phase == PH_MAIN:
        return main_action(S, legal, n, seat, missing, missing_kinds(S, seat, missing), rng, guess)
    if phase == PH_TRADE_GIVE:
        if is_legal(legal, n, A_DONE):
            return A_DONE
        return extreme_card(S, legal, n, seat, False)
    if phase == PH_TRADE_ASK:
        if is_legal(legal, n, A_DONE):
            return A_DONE
        m = missing_kinds(S, seat, missing)
        target = S[TARGET]
        for i in range(m):
            if finds(S, seat, target, missing[i], rng, guess):
                return A_KIND + missing[i]
        return A_KIND + (missing[0] if m > 0 else 0)
    if phase == PH_TRADE_REPLY:
        if is_legal(legal, n, A_YES) and trade_gain(S, seat) > 0.0:
            return A_YES
        return A_NO
    if phase == PH_MOUSETRAP:
        return legal[0]  # YES when it is legal: it comes first
    if phase == PH_RECYCLE_TAKE or phase == PH_LG_TAKE:
        return extreme_card(S, legal, n, seat, True)
    if phase == PH_TP_PICK:
        return A_DONE
    if phase == PH_SMUGGLE_TO:
        best = legal[0]
        best_progress = -1e18
        for i in range(n):
            p = progress(S, legal[i] - A_SEAT)
            if p > best_progress:
                best_progress = p
                best = legal[i]
        return best
    # paying, discarding, disposing with, putting back: the least valuable card
    return extreme_card(S, legal, n, seat, False)
