"""A sensible human-like heuristic, as numba kernels: card values for a seat,
a score for every legal action, and a position evaluation.

It serves three masters: the `greedy` baseline (always the best-scored
action), the ISMCTS rollout policy (mostly the best, sometimes a random one),
and the evaluation that scores a rollout cut short. It reads only what the
deciding seat may know when given that seat's observation: its own hand, the
cards it has seen elsewhere (LOC), and public counts — never KIND_COUNT of
another seat, which an observation blanks out.
"""

from . import _jit  # noqa: F401 -- first: cached kernels built from older sources are cleared

import numpy as np
from numba import njit

from engine import cards as C
from engine.kernels import (
    ASK, A_BINOCULARS, A_CARD, A_DECLARE, A_DISPOSE, A_DONE, A_DRAW, A_END_TURN, A_KIND,
    A_LOCAL_GUIDE, A_MAP, A_NO, A_RECYCLE, A_SEAT, A_SMUGGLE, A_STEAL_FROM, A_TRADE_TO,
    A_TRADING_POST, A_TRAVEL, A_TRAVEL_CARD, A_UPGRADE, A_YES, CARD_KIND, CENTER, CHARACTER,
    DECLINED, GIVE, HAND_SIZE, KIND_COUNT, LOC, LOC_DISCARD, LOC_OUT, N_ASK, N_GIVE, OWN, PHASE,
    PH_DISCARD, PH_DISPOSE_WITH, PH_MAIN, PH_MOUSETRAP, PH_RECYCLE_PAY, PH_STEAL_PAY,
    PH_TP_GIVE, PH_TP_PICK, PH_TRADE_ASK, PH_TRADE_GIVE, PLAYERS, REQUIRED, TARGET, destination,
    forbidden_count, hand_limit, is_event, is_forbidden, kind_count, recycle_cost,
)

NUM_CARDS = C.NUM_CARDS
# Special items in R11.5 order: what one in hand is worth, roughly.
SPECIAL_VALUE = np.array([5.0, 2.0, 3.0, 2.5, 1.5, 3.0, 1.0, 1.0, 1.0])


@njit(cache=True, inline='always')
def requires(country, kind):
    return REQUIRED[country, 0] == kind or REQUIRED[country, 1] == kind or REQUIRED[country, 2] == kind


@njit(cache=True)
def kind_value(S, seat, kind, held):
    """What one more card of `kind` is worth to `seat` holding `held` of them."""
    if kind < C.NUM_ITEM_KINDS:
        dest = destination(S, seat)
        value = 0.4
        if requires(dest, kind):
            value = 10.0 if held == 0 else 0.8
        if S[OWN + seat] >= 0 and requires(S[CENTER], kind):
            # needed later for the center, and kept through the first travel
            # only if it is a second copy or not needed now
            need_now = 1 if requires(dest, kind) else 0
            if held < need_now + 1:
                value = max(value, 4.0)
        return value
    if kind == C.KIND_PASSPORT:
        return 12.0 if held == 0 else 0.3
    if kind == C.KIND_POSTCARD:
        return 3.0 + 3.0 * held  # the fourth one wins (R9.4)
    if kind >= C.FIRST_FORBIDDEN_KIND:
        return -6.0
    value = SPECIAL_VALUE[kind - C.FIRST_SPECIAL_KIND]
    if kind == C.KIND_BRIBE or kind == C.KIND_DECLARATION:
        value = 5.0 if forbidden_count(S, seat) > 0 else 1.0
    return value


@njit(cache=True)
def card_value(S, seat, card):
    """What `card` is worth in `seat`'s hand (held: counted without it)."""
    kind = CARD_KIND[card]
    held = kind_count(S, seat, kind)
    if S[LOC + card] == seat:
        held -= 1
    return kind_value(S, seat, kind, held)


@njit(cache=True)
def cheapest_card(S, seat, payable_only):
    """The value of the least valuable card of seat's hand; with
    `payable_only`, among the cards that may pay a cost (not forbidden, R9.3).
    A forbidden item is worth less than nothing."""
    best = 1e9
    for c in range(NUM_CARDS):
        if S[LOC + c] == seat and not (payable_only and is_forbidden(c)):
            v = card_value(S, seat, c)
            if v < best:
                best = v
    return best


@njit(cache=True)
def cheapest_payment(S, seat, cost):
    """Value of the `cost` least valuable payable cards of seat's hand (1 or 2).
    The second card is valued once the first is gone: of two copies of a
    needed item, only one is spare."""
    low1 = 1e9
    first = -1
    for c in range(NUM_CARDS):
        if S[LOC + c] == seat and not is_forbidden(c):
            v = max(card_value(S, seat, c), 0.0)
            if v < low1:
                low1 = v
                first = c
    if cost == 1 or first < 0:
        return low1
    low2 = 1e9
    for c in range(NUM_CARDS):
        if c != first and S[LOC + c] == seat and not is_forbidden(c):
            kind = CARD_KIND[c]
            held = kind_count(S, seat, kind) - 1 - (1 if kind == CARD_KIND[first] else 0)
            v = max(kind_value(S, seat, kind, held), 0.0)
            if v < low2:
                low2 = v
    return low1 + low2


@njit(cache=True)
def known_value_in(S, seat, holder):
    """Value to `seat` of the cards it knows in `holder`'s hand, and their number."""
    total = 0.0
    count = 0
    for c in range(NUM_CARDS):
        if S[LOC + c] == holder:
            total += kind_value(S, seat, CARD_KIND[c], kind_count(S, seat, CARD_KIND[c]))
            count += 1
    return total, count


@njit(cache=True)
def progress(S, seat):
    """How close `seat` is to winning, in rough 'points' (also the evaluation)."""
    dest = destination(S, seat)
    score = 0.0
    if S[OWN + seat] < 0:
        score += 35.0
    for i in range(3):
        k = REQUIRED[dest, i]
        if S[KIND_COUNT + seat * C.NUM_KINDS + k] > 0:
            score += 9.0
    if S[KIND_COUNT + seat * C.NUM_KINDS + C.KIND_PASSPORT] > 0:
        score += 5.0
    if S[KIND_COUNT + seat * C.NUM_KINDS + C.FIRST_SPECIAL_KIND] > 0:
        score += 4.0  # a Credit Card covers a missing item
    postcards = S[KIND_COUNT + seat * C.NUM_KINDS + C.KIND_POSTCARD]
    score += 7.0 * postcards + 6.0 * max(postcards - 1, 0)
    score -= 6.0 * forbidden_count(S, seat)
    return score


# The hand-set evaluation's softmax temperature, in `progress` points.
TEMPERATURE = 12.0


@njit(cache=True)
def evaluate(S, rewards):
    """Write into rewards[seat] an estimated win chance for every seat: a softmax
    of `progress` / TEMPERATURE (on a full state, e.g. a determinized world)."""
    n = S[PLAYERS]
    for s in range(n):
        rewards[s] = progress(S, s)
    softmax_in_place(rewards, n, TEMPERATURE)


@njit(cache=True, inline='always')
def softmax_in_place(scores, n, temperature):
    """scores[:n] become the softmax of scores[:n] / temperature."""
    top = -1e9
    for s in range(n):
        if scores[s] > top:
            top = scores[s]
    total = 0.0
    for s in range(n):
        scores[s] = np.exp((scores[s] - top) / temperature)
        total += scores[s]
    for s in range(n):
        scores[s] /= total


@njit(cache=True)
def kind_chances(S, seat, holder, out):
    """out[kind]: chance, as `seat` sees it, that `holder` holds a card of
    that kind: 1 when seat knows of one there; else 0.12 per copy somewhere
    seat does not know of (not its hand, a hand, the discard pile or out of
    the game) per unseen card in holder's hand, at most 1. One pass over the
    cards serves every kind: a trade's ask scores all of them at once
    (`score_asks`). S is seat's observation, or a full state (a sampled
    world), where every card's place is known: 1 for a kind holder holds
    there, else 0."""
    unseen_in_hand = S[HAND_SIZE + holder]
    for k in range(C.NUM_KINDS):
        out[k] = 0.0  # copies counted so far; -inf once one is known in holder's hand
    for c in range(NUM_CARDS):
        kind = CARD_KIND[c]
        loc = S[LOC + c]
        if loc == holder:
            unseen_in_hand -= 1
            if kind >= 0:
                out[kind] = -np.inf
        elif kind >= 0 and loc != seat and loc != LOC_DISCARD and loc != LOC_OUT and not 0 <= loc < 6:
            out[kind] += 1.0  # (events have kind -1: no kind, and no index)
    for k in range(C.NUM_KINDS):
        out[k] = 1.0 if out[k] < 0.0 else min(1.0, 0.12 * out[k] * unseen_in_hand)


@njit(cache=True, inline='always')
def ask_score(S, seat, kind, chance):
    """How good asking for `kind` looks to `seat`, the trade's offerer."""
    return kind_value(S, seat, kind, kind_count(S, seat, kind)) * chance


@njit(cache=True)
def score_asks(S, legal, n, seat, scores, chances):
    """scores[i] = score_action(S, legal[i], seat) for a trade's ask
    (PH_TRADE_ASK), with the target's kind chances computed once."""
    kind_chances(S, seat, S[TARGET], chances)
    for i in range(n):
        action = legal[i]
        if action >= A_KIND:
            scores[i] = ask_score(S, seat, action - A_KIND, chances[action - A_KIND])
        else:
            scores[i] = score_action(S, action, seat)


@njit(cache=True)
def score_action(S, action, seat):
    """How good `action` looks to `seat`, the decider (higher is better)."""
    phase = S[PHASE]
    if phase == PH_MAIN:
        return score_main(S, action, seat)
    if action >= A_CARD and action < A_KIND:
        c = action - A_CARD
        if phase in (PH_RECYCLE_PAY, PH_STEAL_PAY, PH_DISCARD, PH_DISPOSE_WITH, PH_TP_GIVE, PH_TRADE_GIVE):
            return -card_value(S, seat, c)
        if phase == PH_TP_PICK:
            return card_value(S, seat, c) - cheapest_card(S, seat, True)
        return card_value(S, seat, c)  # taking a card
    if action >= A_KIND:
        chances = np.empty(C.NUM_KINDS, np.float64)
        kind_chances(S, seat, S[TARGET], chances)
        return ask_score(S, seat, action - A_KIND, chances[action - A_KIND])
    if action == A_DONE:
        if phase == PH_TRADE_ASK:
            return 50.0  # one kind asked: every extra kind makes a yes less likely
        if phase == PH_TRADE_GIVE:
            return -1.0
        return 0.0
    if action == A_YES or action == A_NO:
        if phase == PH_MOUSETRAP:
            return 1.0 if action == A_YES else 0.0
        if action == A_NO:
            return 0.0
        return trade_gain(S, seat) - 1.0
    if action >= A_SEAT:
        return progress(S, action - A_SEAT)  # smuggle to the leader
    return 0.0


@njit(cache=True)
def trade_gain(S, seat):
    """Value to `seat` (the offer's target) of accepting the pending offer."""
    gain = 0.0
    for i in range(S[N_GIVE]):
        c = S[GIVE + i]
        gain += kind_value(S, seat, CARD_KIND[c], kind_count(S, seat, CARD_KIND[c]))
    for i in range(S[N_ASK]):
        kind = S[ASK + i]
        gain -= kind_value(S, seat, kind, kind_count(S, seat, kind) - 1)
    return gain


@njit(cache=True)
def score_main(S, action, a):
    if action == A_TRAVEL:
        return 100.0
    if A_TRAVEL_CARD <= action < A_DISPOSE:
        kind = REQUIRED[destination(S, a), action - A_TRAVEL_CARD]
        if kind_count(S, a, kind) == 0:
            return 99.0
        return 90.0 + (15.0 if S[OWN + a] >= 0 and requires(S[CENTER], kind) else 0.0)
    if action == A_DRAW:
        size = S[HAND_SIZE + a]
        hand_bonus = 2.0 if size < 4 else (-2.0 if size >= hand_limit(S, a) else 0.0)  # a full hand discards
        return (5.0 if S[CHARACTER + a] == C.JETSETTER else 3.0) + hand_bonus
    if action == A_RECYCLE:
        best = 0.0
        for c in range(NUM_CARDS):
            if S[LOC + c] == LOC_DISCARD and not is_event(c):
                v = card_value(S, a, c)
                if v > best:
                    best = v
        return best - cheapest_payment(S, a, recycle_cost(S, a)) - 1.0
    if A_TRADE_TO <= action < A_STEAL_FROM:
        t = action - A_TRADE_TO
        best = 1.5  # an unseen card, on average
        for c in range(NUM_CARDS):
            if S[LOC + c] == t:
                v = card_value(S, a, c)
                if v > best:
                    best = v
        return best - cheapest_card(S, a, False) - 2.0 - 1.5 * S[DECLINED]
    if A_STEAL_FROM <= action < A_TRAVEL:
        t = action - A_STEAL_FROM
        known_total, known = known_value_in(S, a, t)
        unseen = S[HAND_SIZE + t] - known
        expected = (known_total + unseen * 1.8) / max(S[HAND_SIZE + t], 1)
        cost = 0.0 if S[CHARACTER + a] == C.PICKPOCKET else max(cheapest_card(S, a, True), 0.0)
        return expected - cost + 0.3 * progress(S, t) / 20.0
    if A_DISPOSE <= action < A_SMUGGLE:
        return 6.0
    if A_SMUGGLE <= action < A_LOCAL_GUIDE:
        return 8.0
    if action == A_LOCAL_GUIDE:
        return 4.0
    if action == A_TRADING_POST:
        return 3.0
    if A_MAP <= action < A_UPGRADE:
        t = action - A_MAP
        if t == a:
            return -5.0
        return progress(S, t) / 8.0
    if action == A_UPGRADE:
        return 5.0
    if A_DECLARE <= action < A_BINOCULARS:
        return 7.0
    if A_BINOCULARS <= action < A_END_TURN:
        return 1.0
    return 0.0  # END_TURN


@njit(cache=True)
def best_action(S, legal, n, seat):
    """The best-scored of the n legal actions (the lowest id on ties)."""
    scores = np.empty(n, np.float64)
    if S[PHASE] == PH_TRADE_ASK:
        score_asks(S, legal, n, seat, scores, np.empty(C.NUM_KINDS, np.float64))
    else:
        for i in range(n):
            scores[i] = score_action(S, legal[i], seat)
    best = legal[0]
    best_score = -1e18
    for i in range(n):
        s = scores[i]
        if s > best_score:
            best_score = s
            best = legal[i]
    return best
