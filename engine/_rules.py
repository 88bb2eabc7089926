"""Decision kernels: setup, the legal actions of a state, and applying one.

The contract (action ids, phases, canonical orders) is docs/engine.md; the
rules are RULES.md, cited by section. `legal_actions` and `apply_action` are
the two hot entry points of every search.
"""

import numpy as np
from numba import njit

from . import cards as C
from ._core import (
    forget_pool, forget_pool_if_hand_has_it, learn,
    splitmix_next,
    CARD_KIND, NUM_CARDS, REQUIRED, all_seats, below, check_postcards,
    discard_push, discard_remove, draw_one, draw_pop, draw_push_bottom,
    end_game, forbidden_count, forget_hand, hand_add, hand_remove,
    hand_to_discard, hand_to_hand, holds, is_event, is_forbidden, kind_count,
    kth_card, log_row, lowest_of_kind, payable_above, payable_count,
    replace_own_country, reshuffle_if_empty, reveal_hand, shuffle_list,
)
from ._layout import *  # noqa: F401,F403 -- the layout constants are the vocabulary here

DISTANCE_RANK = np.array(C.DISTANCE_RANK, dtype=np.int64)
EXTENSION_FLAG = np.array([C.extension_of(c) for c in range(C.NUM_CARDS)], dtype=np.int64)


@njit(cache=True, inline='always')
def extension_flag(card):
    return EXTENSION_FLAG[card]


# ---- setup (R3, docs/engine.md "Setup") ----------------------------------------

@njit(cache=True)
def new_game(S, players, extensions, seed, round_cap, log):
    """Fill S with the start of a game; the first decision is then pending."""
    S[:] = 0
    for i in range(STATE_SIZE - CHARACTER):
        S[CHARACTER + i] = -1
    S[PLAYERS] = players
    S[EXT] = extensions
    S[ROUND_CAP] = round_cap
    S[RNG] = seed
    S[STRIKE] = -1
    S[WINNER] = -1
    S[TARGET] = -1
    S[LAST] = -1
    everyone = all_seats(S)
    for i in range(MAX_PLAYERS * (C.NUM_KINDS + 1)):
        S[HAND_SIZE + i] = 0  # HAND_SIZE and KIND_COUNT are adjacent
    for i in range(STATE_SIZE - NEW):
        S[NEW + i] = 0  # no shuffle pools yet
    for c in range(NUM_CARDS):
        S[LOC + c] = LOC_OUT
        S[KNOWN + c] = everyone
    scratch = np.empty(NUM_CARDS, np.int64)
    # 1. characters (R3.4, R9.5)
    if extensions & C.EXT_CHARACTERS:
        for i in range(C.NUM_CHARACTERS):
            S[CHARACTER + i] = i
        shuffle_list(S, CHARACTER, C.NUM_CHARACTERS)
        for s in range(players, MAX_PLAYERS):
            S[CHARACTER + s] = -1
    # 2. countries (R3.2)
    for i in range(C.NUM_COUNTRIES):
        S[BOX + i] = i
    shuffle_list(S, BOX, C.NUM_COUNTRIES)
    for s in range(players):
        S[OWN + s] = S[BOX + s]
    S[CENTER] = S[BOX + players]
    S[BOX_HEAD] = players + 1
    S[BOX_SIZE] = C.NUM_COUNTRIES - players - 1
    # 3. passports (R3.1)
    for i in range(12):
        scratch[i] = C.FIRST_PASSPORT + i
    for i in range(11, 0, -1):
        j = below(S, i + 1)
        t = scratch[i]
        scratch[i] = scratch[j]
        scratch[j] = t
    for s in range(players):
        S[KNOWN + scratch[s]] = 1 << s
        hand_add(S, scratch[s], s)
    # 4. items and starting hands (R3.3)
    for i in range(C.NUM_ITEMS):
        S[DRAW + i] = i
        S[LOC + i] = LOC_DRAW
        S[KNOWN + i] = 0
    S[DRAW_HEAD] = 0
    S[DRAW_SIZE] = C.NUM_ITEMS
    shuffle_list(S, DRAW, C.NUM_ITEMS)
    for s in range(players):
        for _ in range(3):
            c = draw_pop(S)
            S[KNOWN + c] = 1 << s
            hand_add(S, c, s)
    # 5. extension cards are shuffled in after the deal (R3.4)
    n = 0
    while S[DRAW_SIZE] > 0:
        scratch[n] = draw_pop(S)
        n += 1
    for c in range(C.FIRST_EVENT, NUM_CARDS):
        if extensions & extension_flag(c):
            scratch[n] = c
            S[KNOWN + c] = 0
            S[LOC + c] = LOC_DRAW
            n += 1
    for i in range(n):
        S[DRAW + i] = scratch[i]
    S[DRAW_HEAD] = 0
    S[DRAW_SIZE] = n
    shuffle_list(S, DRAW, n)
    # 6. start seat: own country closest to the center (R3.5)
    best = 0
    for s in range(1, players):
        if DISTANCE_RANK[S[OWN + s], S[CENTER]] < DISTANCE_RANK[S[OWN + best], S[CENTER]]:
            best = s
    S[START_SEAT] = best
    S[ACTIVE] = best
    S[TURN] = 0
    begin_turn(S, log)


# ---- turn structure (R4) ----------------------------------------------------

@njit(cache=True, inline='always')
def character_of(S, seat):
    return S[CHARACTER + seat]


@njit(cache=True, inline='always')
def hand_limit(S, seat):
    return 9 if S[CHARACTER + seat] == C.BACKPACKER else 7  # R4.4, R9.5


@njit(cache=True)
def begin_turn(S, log):
    a = S[ACTIVE]
    if S[STRIKE] == a:
        S[STRIKE] = -1  # R9.1 Airline Strike ends as its drawer starts a turn
    S[DECLINED] = 0
    S[ACTIONS_LEFT] = 1
    S[ACTIONS_TAKEN] = 0
    log_row(log, LOG_TURN, a, S[TURN], 0)
    if S[HAND_SIZE + a] == 0:  # R4.1
        for _ in range(3):
            draw_one(S, a, log)
            if S[PHASE] == PH_OVER:
                return
    S[PHASE] = PH_MAIN
    S[DECIDER] = a


@njit(cache=True)
def end_turn(S, log):
    n = S[PLAYERS]
    if S[TURN] // n + 1 >= S[ROUND_CAP] and S[TURN] % n == n - 1:
        end_game(S, -1, REASON_ROUND_CAP)  # R8
        return
    S[TURN] += 1
    S[ACTIVE] = (S[ACTIVE] + 1) % n
    begin_turn(S, log)


@njit(cache=True)
def free_play_possible(S, a):
    """R9.2: Customs Declaration or Binoculars can still be played."""
    if holds(S, a, C.DECLARATION) and forbidden_count(S, a) > 0:
        return True
    if holds(S, a, C.BINOCULARS):
        for t in range(S[PLAYERS]):
            if t != a and S[HAND_SIZE + t] > 0:
                return True
    return False


@njit(cache=True)
def resume_main(S, log):
    a = S[ACTIVE]
    if S[ACTIONS_LEFT] > 0 or free_play_possible(S, a):
        S[PHASE] = PH_MAIN
        S[DECIDER] = a
    else:
        end_turn(S, log)


@njit(cache=True)
def check_hand_limits(S, log):
    """R4.4: seats over their limit discard, from the active seat clockwise."""
    n = S[PLAYERS]
    while S[LIMIT_CHECKED] < n:
        s = (S[ACTIVE] + S[LIMIT_CHECKED]) % n
        over = S[HAND_SIZE + s] - hand_limit(S, s)
        if over > 0:
            S[PHASE] = PH_DISCARD
            S[DECIDER] = s
            S[DISCARDER] = s
            S[NEED] = over
            S[LAST] = -1
            return
        S[LIMIT_CHECKED] += 1
    resume_main(S, log)


@njit(cache=True)
def end_action(S, log):
    S[ACTIONS_LEFT] -= 1
    S[ACTIONS_TAKEN] += 1
    S[LIMIT_CHECKED] = 0
    check_hand_limits(S, log)


# ---- travel (R6) ------------------------------------------------------------

@njit(cache=True)
def destination(S, seat):
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


@njit(cache=True)
def travel(S, a, card_for, log):
    reveal_hand(S, a, log)
    dest = destination(S, a)
    for i in range(3):
        if i == card_for:
            used = C.CREDIT_CARD
        else:
            used = lowest_of_kind(S, a, REQUIRED[dest, i], -1, -1)
        hand_to_discard(S, used, log)
    if forbidden_count(S, a) > 0:
        hand_to_discard(S, C.BRIBE, log)  # R6: the Bribe must be used
    own = S[OWN + a]
    if own >= 0:
        S[VISITED + a] = own
        S[OWN + a] = -1
        log_row(log, LOG_COUNTRY, own, P_TABLE + a, P_VISITED + a)
        draw_one(S, a, log)
        if S[PHASE] != PH_OVER:
            end_action(S, log)
    else:
        log_row(log, LOG_COUNTRY, S[CENTER], P_CENTER, P_VISITED + a)
        end_game(S, a, REASON_CENTER)


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
        cost = 1 if character_of(S, a) == C.COLLECTOR else 2
        if payable >= cost:
            k = push(out, k, A_RECYCLE)
        if S[DECLINED] < 3 and S[HAND_SIZE + a] > 0:
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


# ---- applying an action ---------------------------------------------------------

@njit(cache=True)
def apply_action(S, action, log):
    """Apply a legal action to S (the caller checks legality)."""
    phase = S[PHASE]
    a = S[ACTIVE]
    if phase == PH_MAIN:
        apply_main(S, a, action, log)
    elif phase == PH_RECYCLE_PAY:
        c = action - A_CARD
        hand_to_discard(S, c, log)
        S[LAST] = c
        S[NEED] -= 1
        if S[NEED] == 0:
            S[PHASE] = PH_RECYCLE_TAKE
    elif phase == PH_RECYCLE_TAKE:
        c = action - A_CARD
        discard_remove(S, c)
        hand_add(S, c, a)
        log_row(log, LOG_MOVE, c, P_DISCARD, P_HAND + a)
        if not check_postcards(S):
            end_action(S, log)
    elif phase == PH_TRADE_GIVE:
        if action == A_DONE:
            start_asking(S)
        else:
            c = action - A_CARD
            S[GIVE + S[N_GIVE]] = c
            S[N_GIVE] += 1
            learn(S, c, all_seats(S))  # shown face up as it is offered (R5.3)
            S[LAST] = c
            if S[N_GIVE] == 3:
                start_asking(S)
    elif phase == PH_TRADE_ASK:
        if action == A_DONE:
            make_offer(S)
        else:
            kind = action - A_KIND
            S[ASK + S[N_ASK]] = kind
            S[N_ASK] += 1
            S[LAST] = kind
            if S[N_ASK] == 3:
                make_offer(S)
    elif phase == PH_TRADE_REPLY:
        if action == A_YES:
            exchange(S, a, log)
        else:
            S[DECLINED] += 1  # R5.3: a declined offer is not an action
            S[PHASE] = PH_MAIN
            S[DECIDER] = a
    elif phase == PH_STEAL_PAY:
        hand_to_discard(S, action - A_CARD, log)
        after_steal_paid(S, log)
    elif phase == PH_MOUSETRAP:
        if action == A_YES:
            hand_to_discard(S, C.MOUSETRAP, log)
            end_turn(S, log)  # R9.2: the thief's turn ends at once
        else:
            steal(S, a, log)
    elif phase == PH_DISPOSE_WITH:
        hand_to_discard(S, S[FORBIDDEN_CARD], log)  # R9.3
        hand_to_discard(S, action - A_CARD, log)
        end_action(S, log)
    elif phase == PH_SMUGGLE_TO:
        f = S[FORBIDDEN_CARD]
        hand_to_hand(S, f, action - A_SEAT, all_seats(S), log)  # R9.5, face up
        end_action(S, log)
    elif phase == PH_LG_TAKE:
        local_guide_take(S, a, action - A_CARD, log)
    elif phase == PH_TP_PICK:
        if action == A_DONE:
            trading_post_finish(S, a, log)
        else:
            c = action - A_CARD
            for p in range(S[N_LOOK]):
                if S[LOOK + p] == c:
                    S[LOOK_PICK] = p
            S[PHASE] = PH_TP_GIVE
    elif phase == PH_TP_GIVE:
        trading_post_swap(S, a, action - A_CARD, log)
    elif phase == PH_DISCARD:
        c = action - A_CARD
        hand_to_discard(S, c, log)  # R4.4
        S[LAST] = c
        S[NEED] -= 1
        if S[NEED] == 0:
            S[LIMIT_CHECKED] += 1
            check_hand_limits(S, log)


@njit(cache=True)
def apply_main(S, a, action, log):
    if action == A_DRAW:  # R5.1, the Jetsetter draws 2 (R9.5)
        draws = 2 if character_of(S, a) == C.JETSETTER else 1
        for _ in range(draws):
            draw_one(S, a, log)
            if S[PHASE] == PH_OVER:
                return
        end_action(S, log)
    elif action == A_RECYCLE:  # R5.2
        S[NEED] = 1 if character_of(S, a) == C.COLLECTOR else 2
        S[LAST] = -1
        S[PHASE] = PH_RECYCLE_PAY
    elif action < A_STEAL_FROM:  # R5.3
        S[TARGET] = action - A_TRADE_TO
        S[N_GIVE] = 0
        S[N_ASK] = 0
        S[LAST] = -1
        S[PHASE] = PH_TRADE_GIVE
    elif action < A_TRAVEL:  # R5.4
        S[TARGET] = action - A_STEAL_FROM
        if character_of(S, a) == C.PICKPOCKET:
            after_steal_paid(S, log)
        else:
            S[PHASE] = PH_STEAL_PAY
    elif action < A_DISPOSE:  # R6
        travel(S, a, action - A_TRAVEL - 1, log)
    elif action < A_SMUGGLE:  # R9.3
        S[FORBIDDEN_CARD] = C.FIRST_FORBIDDEN + action - A_DISPOSE
        S[PHASE] = PH_DISPOSE_WITH
    elif action < A_LOCAL_GUIDE:  # R9.5
        S[FORBIDDEN_CARD] = C.FIRST_FORBIDDEN + action - A_SMUGGLE
        S[PHASE] = PH_SMUGGLE_TO
    elif action == A_LOCAL_GUIDE:
        hand_to_discard(S, C.LOCAL_GUIDE, log)
        fill_look(S, a, log)
        for i in range(S[N_LOOK]):
            if not is_event(S[LOOK + i]):
                S[PHASE] = PH_LG_TAKE
                return
        local_guide_take(S, a, -1, log)
    elif action == A_TRADING_POST:
        hand_to_discard(S, C.TRADING_POST, log)
        fill_look(S, a, log)
        S[N_TAKEN] = 0
        S[LAST] = -1
        trading_post_continue(S, a, log)
    elif action < A_UPGRADE:  # R9.2 Poorly Drawn Map
        hand_to_discard(S, C.POORLY_DRAWN_MAP, log)
        replace_own_country(S, action - A_MAP, log)
        end_action(S, log)
    elif action == A_UPGRADE:
        hand_to_discard(S, C.UPGRADE, log)
        S[ACTIONS_LEFT] = 2
    elif action < A_BINOCULARS:  # R9.2 Customs Declaration, free
        hand_to_discard(S, C.DECLARATION, log)
        hand_to_discard(S, C.FIRST_FORBIDDEN + action - A_DECLARE, log)
        resume_main(S, log)
    elif action < A_END_TURN:  # R9.2 Binoculars, free
        t = action - A_BINOCULARS
        hand_to_discard(S, C.BINOCULARS, log)
        log_row(log, LOG_BINOCULARS, a, t, 0)
        for c in range(NUM_CARDS):
            if S[LOC + c] == t:
                learn(S, c, 1 << a)
        resume_main(S, log)
    else:
        end_turn(S, log)


# ---- trades (R5.3) ----------------------------------------------------------------

@njit(cache=True)
def start_asking(S):
    S[PHASE] = PH_TRADE_ASK
    S[LAST] = -1


@njit(cache=True)
def make_offer(S):
    S[PHASE] = PH_TRADE_REPLY
    S[DECIDER] = S[TARGET]


@njit(cache=True)
def exchange(S, a, log):
    t = S[TARGET]
    everyone = all_seats(S)
    # The asked cards must come from t's hand as it was before the exchange.
    got0 = lowest_of_kind(S, t, S[ASK], -1, -1)
    got1 = -1
    got2 = -1
    if S[N_ASK] > 1:
        got1 = lowest_of_kind(S, t, S[ASK + 1], got0, -1)
    if S[N_ASK] > 2:
        got2 = lowest_of_kind(S, t, S[ASK + 2], got0, got1)
    for i in range(S[N_GIVE]):
        hand_to_hand(S, S[GIVE + i], t, everyone, log)
    for got in (got0, got1, got2):
        if got >= 0:
            hand_to_hand(S, got, a, everyone, log)
    if check_postcards(S):
        return
    bonus = 2 if character_of(S, a) == C.DIPLOMAT else 1
    for _ in range(bonus):
        draw_one(S, a, log)
        if S[PHASE] == PH_OVER:
            return
    end_action(S, log)


# ---- steals (R5.4) ----------------------------------------------------------------

@njit(cache=True)
def after_steal_paid(S, log):
    if S[EXT] & C.EXT_SPECIALS:
        S[PHASE] = PH_MOUSETRAP  # asked whether or not a Mousetrap is held
        S[DECIDER] = S[TARGET]
    else:
        steal(S, S[ACTIVE], log)


@njit(cache=True)
def steal(S, a, log):
    t = S[TARGET]
    card = kth_card(S, t, below(S, S[HAND_SIZE + t]))
    both = (1 << a) | (1 << t)
    forget_pool_if_hand_has_it(S, t, both)
    hand_to_hand(S, card, a, both, log)
    S[KNOWN + card] = both
    forget_hand(S, t, both)  # no one else knows which card left t's hand
    if not check_postcards(S):
        end_action(S, log)


# ---- Local Guide and Trading Post (R9.2) -----------------------------------------------

@njit(cache=True)
def fill_look(S, a, log):
    n = min(3, S[DRAW_SIZE])  # fewer than 3: they see what there is
    S[N_LOOK] = n
    # Others can't follow which cards the looker keeps or puts back.
    for o in range(S[PLAYERS]):
        if o != a and (S[DRAW_NEW + o] > 0 or S[HAND_NEW + o * MAX_PLAYERS + a] > 0):
            forget_pool(S, o)
    for i in range(n):
        learn(S, S[DRAW + S[DRAW_HEAD]], 1 << a)
        c = draw_pop(S)
        S[LOOK + i] = c
        S[LOC + c] = LOC_LOOK
        S[KNOWN + c] = 1 << a
        log_row(log, LOG_MOVE, c, P_DRAW, P_LOOK)


@njit(cache=True)
def look_to_bottom(S, a, log):
    for i in range(S[N_LOOK]):
        c = S[LOOK + i]
        if c >= 0:
            draw_push_bottom(S, c)
            S[KNOWN + c] = 1 << a  # only the looker knows the bottom cards
            log_row(log, LOG_MOVE, c, P_LOOK, P_DRAW_BOTTOM)
    S[N_LOOK] = 0


@njit(cache=True)
def local_guide_take(S, a, card, log):
    if card >= 0:
        for i in range(S[N_LOOK]):
            if S[LOOK + i] == card:
                S[LOOK + i] = -1
        hand_add(S, card, a)
        S[KNOWN + card] = 1 << a
        log_row(log, LOG_MOVE, card, P_LOOK, P_HAND + a)
        if check_postcards(S):
            return
    had_look = S[N_LOOK] > 0
    look_to_bottom(S, a, log)
    if had_look:
        reshuffle_if_empty(S, log)
    end_action(S, log)


@njit(cache=True)
def trading_post_continue(S, a, log):
    if tp_can_give(S, a):
        for p in range(S[LAST] + 1, S[N_LOOK]):
            if not is_event(S[LOOK + p]):
                S[PHASE] = PH_TP_PICK
                return
    trading_post_finish(S, a, log)


@njit(cache=True)
def trading_post_swap(S, a, given, log):
    p = S[LOOK_PICK]
    taken = S[LOOK + p]
    hand_add(S, taken, a)
    S[KNOWN + taken] = 1 << a
    log_row(log, LOG_MOVE, taken, P_LOOK, P_HAND + a)
    hand_remove(S, given, a)
    S[LOC + given] = LOC_LOOK
    S[LOOK + p] = given
    log_row(log, LOG_MOVE, given, P_HAND + a, P_LOOK)
    S[TAKEN + S[N_TAKEN]] = taken
    S[N_TAKEN] += 1
    S[LAST] = p
    forget_hand(S, a, 1 << a)  # others can't tell which card went into the pile
    S[KNOWN + given] = 1 << a
    trading_post_continue(S, a, log)


@njit(cache=True)
def trading_post_finish(S, a, log):
    look_to_bottom(S, a, log)
    if not check_postcards(S):
        end_action(S, log)


# ---- random play (benchmarks, tests) -----------------------------------------------

@njit(cache=True)
def play_random(S, policy_rng, max_steps, log):
    """Play uniformly random legal actions until the game ends or max_steps
    decisions; policy_rng is int64[1] SplitMix64 state. Returns the steps."""
    out = np.empty(NUM_ACTIONS, np.int64)
    steps = 0
    while steps < max_steps and S[PHASE] != PH_OVER:
        n = legal_actions(S, out)
        action = out[np.int64(splitmix_next(policy_rng, 0) % np.uint64(n))]
        apply_action(S, action, log)
        steps += 1
    return steps
