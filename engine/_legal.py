"""Legal actions of a state (docs/engine.md "Phases"), always listed in
increasing id order. This and `_apply.apply_action` are the hot entry points
of every search."""

import numpy as np
from numba import njit

from . import cards as C
from ._core import (
    NUM_CARDS, REQUIRED, forbidden_count, holds, is_event,
    is_forbidden, kind_count, payable_above, payable_count,
)
from ._turns import character_of, recycle_cost
from ._layout import (
    ACTIONS_LEFT, ACTIONS_TAKEN, ACTIVE, ASK, A_BINOCULARS, A_CARD, A_DECLARE, A_DISPOSE, A_DONE,
    A_DRAW, A_END_TURN, A_KIND, A_LOCAL_GUIDE, A_MAP, A_NO, A_RECYCLE, A_SEAT, A_SMUGGLE,
    A_STEAL_FROM, A_TRADE_TO, A_TRADING_POST, A_TRAVEL, A_UPGRADE, A_YES, CENTER, DECLINED,
    DISCARDER, EXT, HAND_SIZE, LAST, LOC, LOC_DISCARD, LOOK, MAX_DECLINED_OFFERS, NEED, N_ASK,
    N_GIVE, N_LOOK, N_TAKEN, OWN, PHASE, PH_DISCARD, PH_DISPOSE_WITH, PH_LG_TAKE, PH_MAIN,
    PH_MOUSETRAP, PH_RECYCLE_PAY, PH_RECYCLE_TAKE, PH_SMUGGLE_TO, PH_STEAL_PAY, PH_TP_GIVE,
    PH_TP_PICK, PH_TRADE_ASK, PH_TRADE_GIVE, PH_TRADE_REPLY, PLAYERS, STRIKE, TAKEN, TARGET,
)


# ---- travel (R6) ------------------------------------------------------------

@njit(cache=True, inline='always')
def destination(S, seat):
    """The country `seat` travels to next: its own, then the center (R6)."""
    own = S[OWN + seat]
    return own if own >= 0 else S[CENTER]


@njit(cache=True)
def travel_options(S, a):
    """Bit 0: travel with the 3 items; bit 1+i: the Credit Card stands in for item i."""
    if S[STRIKE] >= 0 or kind_count(S, a, C.KIND_PASSPORT) == 0:
        return 0
    if forbidden_count(S, a) > 0 and not holds(S, a, C.BRIBE):
        return 0
    dest = destination(S, a)
    h0 = kind_count(S, a, REQUIRED[dest, 0]) > 0
    h1 = kind_count(S, a, REQUIRED[dest, 1]) > 0
    h2 = kind_count(S, a, REQUIRED[dest, 2]) > 0
    options = 0
    if h0 and h1 and h2:
        options |= 1
    if holds(S, a, C.CREDIT_CARD):
        if h1 and h2:
            options |= 2
        if h0 and h2:
            options |= 4
        if h0 and h1:
            options |= 8
    return options


# ---- legal actions ------------------------------------------------------------

@njit(cache=True, inline='always')
def push(out, n, action):
    out[n] = action
    return n + 1


@njit(cache=True)
def legal_main(S, out):
    a = S[ACTIVE]
    n = S[PLAYERS]
    k = 0
    if S[ACTIONS_LEFT] > 0:
        payable = payable_count(S, a)
        k = push(out, k, A_DRAW)
        if payable >= recycle_cost(S, a):
            k = push(out, k, A_RECYCLE)
        if S[DECLINED] < MAX_DECLINED_OFFERS and S[HAND_SIZE + a] > 0:
            for t in range(n):
                if t != a and S[HAND_SIZE + t] > 0:
                    k = push(out, k, A_TRADE_TO + t)
        if payable > 0 or character_of(S, a) == C.PICKPOCKET:
            for t in range(n):
                if t != a and S[HAND_SIZE + t] > 0:
                    k = push(out, k, A_STEAL_FROM + t)
        options = travel_options(S, a)
        for i in range(4):
            if options & (1 << i):
                k = push(out, k, A_TRAVEL + i)
        for f in range(3):
            if holds(S, a, C.FIRST_FORBIDDEN + f) and payable > 0:
                k = push(out, k, A_DISPOSE + f)
        if character_of(S, a) == C.SMUGGLER:
            for f in range(3):
                if holds(S, a, C.FIRST_FORBIDDEN + f):
                    k = push(out, k, A_SMUGGLE + f)
        if holds(S, a, C.LOCAL_GUIDE):
            k = push(out, k, A_LOCAL_GUIDE)
        if holds(S, a, C.TRADING_POST):
            k = push(out, k, A_TRADING_POST)
        if holds(S, a, C.POORLY_DRAWN_MAP):
            for t in range(n):
                if S[OWN + t] >= 0:
                    k = push(out, k, A_MAP + t)
        if holds(S, a, C.UPGRADE) and S[ACTIONS_TAKEN] == 0 and S[ACTIONS_LEFT] == 1:
            k = push(out, k, A_UPGRADE)
    if holds(S, a, C.DECLARATION):
        for f in range(3):
            if holds(S, a, C.FIRST_FORBIDDEN + f):
                k = push(out, k, A_DECLARE + f)
    if holds(S, a, C.BINOCULARS):
        for t in range(n):
            if t != a and S[HAND_SIZE + t] > 0:
                k = push(out, k, A_BINOCULARS + t)
    if S[ACTIONS_LEFT] == 0:
        k = push(out, k, A_END_TURN)
    return k


@njit(cache=True)
def legal_ordered_payment(S, seat, out, k):
    """Cards of an increasing-id payment or discard with NEED cards still due."""
    need = S[NEED]
    above = payable_above(S, seat, S[LAST])
    for c in range(S[LAST] + 1, NUM_CARDS):
        if S[LOC + c] == seat and not is_forbidden(c):
            above -= 1  # payable cards above c
            if above >= need - 1:
                k = push(out, k, A_CARD + c)
    return k


@njit(cache=True)
def look_card_order(S, out3):
    """Look positions sorted by card id, so legal actions come out increasing."""
    m = S[N_LOOK]
    for i in range(m):
        out3[i] = i
    for i in range(1, m):
        j = i
        while j > 0 and S[LOOK + out3[j - 1]] > S[LOOK + out3[j]]:
            t = out3[j]
            out3[j] = out3[j - 1]
            out3[j - 1] = t
            j -= 1


@njit(cache=True)
def was_taken(S, card):
    for i in range(S[N_TAKEN]):
        if S[TAKEN + i] == card:
            return True
    return False


@njit(cache=True)
def tp_can_give(S, a):
    """Trading Post: a card a held before playing it, still in hand."""
    return S[HAND_SIZE + a] > S[N_TAKEN]


@njit(cache=True)
def legal_actions(S, out):
    """Write the legal action ids of S into out (int64[NUM_ACTIONS]), increasing;
    return how many. Zero once the game is over."""
    phase = S[PHASE]
    a = S[ACTIVE]
    k = 0
    if phase == PH_MAIN:
        return legal_main(S, out)
    if phase == PH_RECYCLE_PAY or phase == PH_DISCARD:
        seat = S[DISCARDER] if phase == PH_DISCARD else a
        return legal_ordered_payment(S, seat, out, 0)
    if phase == PH_RECYCLE_TAKE:
        for c in range(NUM_CARDS):
            if S[LOC + c] == LOC_DISCARD and not is_event(c):  # R5.2
                k = push(out, k, A_CARD + c)
        return k
    if phase == PH_TRADE_GIVE:
        if S[N_GIVE] > 0:
            k = push(out, k, A_DONE)
        for c in range(S[LAST] + 1, NUM_CARDS):
            if S[LOC + c] == a:
                k = push(out, k, A_CARD + c)
        return k
    if phase == PH_TRADE_ASK:
        if S[N_ASK] > 0:
            k = push(out, k, A_DONE)
        ext = S[EXT]
        for kind in range(max(S[LAST], 0), C.NUM_KINDS):
            if kind == C.KIND_POSTCARD and not ext & C.EXT_POSTCARDS:
                continue
            if C.FIRST_SPECIAL_KIND <= kind < C.FIRST_FORBIDDEN_KIND and not ext & C.EXT_SPECIALS:
                continue
            if kind >= C.FIRST_FORBIDDEN_KIND and not ext & C.EXT_FORBIDDEN:
                continue
            k = push(out, k, A_KIND + kind)
        return k
    if phase == PH_TRADE_REPLY:
        if can_accept(S):
            k = push(out, k, A_YES)
        return push(out, k, A_NO)
    if phase == PH_STEAL_PAY or phase == PH_DISPOSE_WITH:
        for c in range(NUM_CARDS):
            if S[LOC + c] == a and not is_forbidden(c):
                k = push(out, k, A_CARD + c)
        return k
    if phase == PH_MOUSETRAP:
        if holds(S, S[TARGET], C.MOUSETRAP):
            k = push(out, k, A_YES)
        return push(out, k, A_NO)
    if phase == PH_SMUGGLE_TO:
        for t in range(S[PLAYERS]):
            if t != a:
                k = push(out, k, A_SEAT + t)
        return k
    if phase == PH_LG_TAKE or phase == PH_TP_PICK:
        if phase == PH_TP_PICK:
            k = push(out, k, A_DONE)
        order = np.empty(3, np.int64)
        look_card_order(S, order)
        for i in range(S[N_LOOK]):
            p = order[i]
            c = S[LOOK + p]
            if is_event(c):
                continue
            if phase == PH_TP_PICK and p <= S[LAST]:
                continue
            k = push(out, k, A_CARD + c)
        return k
    if phase == PH_TP_GIVE:
        for c in range(NUM_CARDS):
            if S[LOC + c] == a and not was_taken(S, c):
                k = push(out, k, A_CARD + c)
        return k
    return 0


@njit(cache=True)
def can_accept(S):
    """R5.3: the receiver can accept only holding every asked card."""
    t = S[TARGET]
    for i in range(S[N_ASK]):
        kind = S[ASK + i]
        need = 0
        for j in range(S[N_ASK]):
            if S[ASK + j] == kind:
                need += 1
        if kind_count(S, t, kind) < need:
            return False
    return True
