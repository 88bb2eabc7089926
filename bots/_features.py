"""A seat's position as numbers: the input of the learned networks (_network.py).

`seat_features(S, viewer, out, scratch, False)` reads only what `viewer`
may know (R7.4):
its own hand, the cards of other hands whose place it knows (bit `viewer`
of KNOWN), the discard pile's cards it knows, and the public fields (seats,
hand sizes, countries, round, piles' sizes). So the features of a full state
equal those of the viewer's observation of it (engine `observe`) and of any
world dealt from that observation: training reads the games' states, the
search reads its sampled worlds, and neither learns a hidden card. Rivals
come in turn order from the viewer, so a network sees the table as the seat
does. The policy network reads these: it rates the seat's own decision.

With `everything`, every card counts as known: the seat's position in a
full state, which is what the value network reads (trained on the states of
played games, it scores the search's sampled worlds, as the fitted
evaluation does).

`action_class(S, action)` sorts a main decision's actions into the classes
the policy network rates (POLICY_CLASSES); seats are named by their place
after the decider in turn order.
"""

from . import _jit  # noqa: F401 -- first: cached kernels built from older sources are cleared

import numpy as np
from numba import njit

from engine import cards as C
from engine.kernels import (
    A_DRAW, A_END_TURN, A_RECYCLE, A_STEAL_FROM, A_TRADE_TO, A_TRAVEL, A_TRAVEL_CARD, ACTIVE,
    CARD_KIND, CHARACTER, DISCARD_SIZE, DRAW_SIZE, EXT, HAND_SIZE, KIND_COUNT, KNOWN, LOC,
    LOC_DISCARD, MAX_PLAYERS, NUM_CARDS, NUM_KINDS, OWN, PLAYERS, REQUIRED, ROUND_CAP, STRIKE, TURN,
    destination, forbidden_count, hand_limit, travel_options,
)

# ---- the seat's own position --------------------------------------------------------------
OWN_NAMES = (
    "own country visited",
    "1 item of the destination", "2 items of the destination", "3 items of the destination",
    "items of the center, once visited (thirds)",
    "a passport", "Mom's Credit Card",
    "postcards (thirds)", "2 postcards", "3 postcards",
    "forbidden items", "a Bribe",
    "cards in hand (sevenths)", "cards over the hand limit",
    "ready to travel",
    "turns until its turn (share of the table)",
    "missing kinds known in the discard pile (thirds)",
    "missing kinds known in another hand (thirds)",
    "other special cards",
    "the Backpacker", "the Smuggler", "the Collector", "the Pickpocket", "the Diplomat",
    "the Jetsetter",
)
# ---- each other seat, in turn order from the viewer (MAX_PLAYERS - 1 slots) ----------------
RIVAL_NAMES = (
    "seated",
    "own country visited",
    "known items of its destination (thirds)",
    "a known passport",
    "known postcards (thirds)",
    "cards in hand (sevenths)",
    "a known Mom's Credit Card",
    "holds a kind the viewer misses (known)",
)
# ---- the table ----------------------------------------------------------------------------
TABLE_NAMES = (
    "round (share of the round cap)",
    "draw pile (share of the cards)",
    "discard pile (share of the cards)",
    "an Airline Strike in force",
    "2 players", "3 players", "4 players", "5 players", "6 players",
    "extension: events", "extension: specials", "extension: forbidden items",
    "extension: postcards", "extension: characters",
)

FEATURE_NAMES = (OWN_NAMES
                 + tuple(f"seat +{r}: {name}" for r in range(1, MAX_PLAYERS) for name in RIVAL_NAMES)
                 + TABLE_NAMES)
NUM_FEATURES = len(FEATURE_NAMES)
NUM_OWN = len(OWN_NAMES)
NUM_RIVAL = len(RIVAL_NAMES)
FIRST_TABLE = NUM_OWN + (MAX_PLAYERS - 1) * NUM_RIVAL
FIRST_CHARACTER = OWN_NAMES.index("the Backpacker")  # C.BACKPACKER is 0

# ---- the policy's classes of a main decision ----------------------------------------------
POLICY_CLASSES = (("draw", "recycle")
                  + tuple(f"trade with seat +{r}" for r in range(1, MAX_PLAYERS))
                  + tuple(f"steal from seat +{r}" for r in range(1, MAX_PLAYERS))
                  + ("travel", "a special card", "end the turn"))
NUM_CLASSES = len(POLICY_CLASSES)
CLASS_TRADE = POLICY_CLASSES.index("trade with seat +1") - 1  # + r
CLASS_STEAL = POLICY_CLASSES.index("steal from seat +1") - 1  # + r
CLASS_TRAVEL = POLICY_CLASSES.index("travel")
CLASS_SPECIAL = POLICY_CLASSES.index("a special card")
CLASS_END = POLICY_CLASSES.index("end the turn")


@njit(cache=True)
def action_class(S, action):
    """The policy class (POLICY_CLASSES) of a main decision's action by the
    decider of S."""
    if action == A_DRAW:
        return 0
    if action == A_RECYCLE:
        return 1
    n = S[PLAYERS]
    decider = S[ACTIVE]
    if A_TRADE_TO <= action < A_TRADE_TO + MAX_PLAYERS:
        return CLASS_TRADE + (action - A_TRADE_TO - decider) % n
    if A_STEAL_FROM <= action < A_STEAL_FROM + MAX_PLAYERS:
        return CLASS_STEAL + (action - A_STEAL_FROM - decider) % n
    if A_TRAVEL <= action < A_TRAVEL_CARD + 3:
        return CLASS_TRAVEL
    if action == A_END_TURN:
        return CLASS_END
    return CLASS_SPECIAL


@njit(cache=True)
def feature_scratch():
    """The scratch `seat_features` counts kinds in, made once by its caller."""
    return np.zeros((MAX_PLAYERS + 2, NUM_KINDS), np.int64)


@njit(cache=True)
def seat_features(S, viewer, out, scratch, everything):
    """Write into out[NUM_FEATURES] what `viewer` knows of S (a full state
    or its observation: the same numbers from either), or with `everything`
    its position in the full state S. `scratch` is `feature_scratch()`'s,
    so that the search allocates nothing here."""
    for f in range(NUM_FEATURES):
        out[f] = 0.0
    n = S[PLAYERS]
    me = 1 << viewer
    # the kinds the viewer knows in each other hand, and in the discard
    # pile; and those it misses for its next travel
    scratch[:, :] = 0
    known = scratch[:MAX_PLAYERS]
    discarded = scratch[MAX_PLAYERS]
    missing = scratch[MAX_PLAYERS + 1]
    for c in range(NUM_CARDS):
        if not everything and not S[KNOWN + c] & me:
            continue
        loc = S[LOC + c]
        if 0 <= loc < n and loc != viewer:
            known[loc, CARD_KIND[c]] += 1
        elif loc == LOC_DISCARD:
            discarded[CARD_KIND[c]] += 1
    row = KIND_COUNT + viewer * NUM_KINDS
    dest = destination(S, viewer)
    visited = S[OWN + viewer] < 0
    items = 0  # R6: the destination's three items and a passport
    for i in range(3):
        k = REQUIRED[dest, i]
        if S[row + k] > 0:
            items += 1
        else:
            missing[k] = 1
    if S[row + C.KIND_PASSPORT] == 0:
        missing[C.KIND_PASSPORT] = 1
    in_discard = 0
    elsewhere = 0
    for k in range(NUM_KINDS):
        if missing[k]:
            if discarded[k] > 0:
                in_discard += 1
            for t in range(n):
                if known[t, k] > 0:
                    elsewhere += 1
                    break
    out[0] = 1.0 if visited else 0.0
    if items >= 1:
        out[items] = 1.0
    out[4] = items / 3.0 if visited else 0.0
    out[5] = 1.0 if S[row + C.KIND_PASSPORT] > 0 else 0.0
    out[6] = 1.0 if S[row + C.FIRST_SPECIAL_KIND] > 0 else 0.0
    postcards = S[row + C.KIND_POSTCARD]
    out[7] = postcards / 3.0
    out[8] = 1.0 if postcards == 2 else 0.0
    out[9] = 1.0 if postcards >= 3 else 0.0
    out[10] = forbidden_count(S, viewer)
    out[11] = 1.0 if S[row + C.KIND_BRIBE] > 0 else 0.0
    hand = S[HAND_SIZE + viewer]
    out[12] = hand / 7.0
    out[13] = max(hand - hand_limit(S, viewer), 0)
    out[14] = 1.0 if travel_options(S, viewer) != 0 else 0.0
    out[15] = ((viewer - S[ACTIVE]) % n) / n
    out[16] = in_discard / 3.0
    out[17] = elsewhere / 3.0
    specials = 0
    for k in range(C.FIRST_SPECIAL_KIND + 1, C.FIRST_FORBIDDEN_KIND):
        specials += S[row + k]
    out[18] = specials
    character = S[CHARACTER + viewer]
    if character >= 0:
        out[FIRST_CHARACTER + character] = 1.0
    for r in range(1, n):
        t = (viewer + r) % n
        base = NUM_OWN + (r - 1) * NUM_RIVAL
        out[base] = 1.0
        out[base + 1] = 1.0 if S[OWN + t] < 0 else 0.0
        their = destination(S, t)
        held = 0
        for i in range(3):
            if known[t, REQUIRED[their, i]] > 0:
                held += 1
        out[base + 2] = held / 3.0
        out[base + 3] = 1.0 if known[t, C.KIND_PASSPORT] > 0 else 0.0
        out[base + 4] = known[t, C.KIND_POSTCARD] / 3.0
        out[base + 5] = S[HAND_SIZE + t] / 7.0
        out[base + 6] = 1.0 if known[t, C.FIRST_SPECIAL_KIND] > 0 else 0.0
        for k in range(NUM_KINDS):
            if missing[k] and known[t, k] > 0:
                out[base + 7] = 1.0
                break
    out[FIRST_TABLE] = (S[TURN] // n) / max(S[ROUND_CAP], 1)
    out[FIRST_TABLE + 1] = S[DRAW_SIZE] / NUM_CARDS
    out[FIRST_TABLE + 2] = S[DISCARD_SIZE] / NUM_CARDS
    out[FIRST_TABLE + 3] = 1.0 if S[STRIKE] >= 0 else 0.0
    out[FIRST_TABLE + 4 + n - 2] = 1.0
    for e in range(5):
        if S[EXT] & (1 << e):
            out[FIRST_TABLE + 9 + e] = 1.0
