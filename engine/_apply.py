"""Applying a legal action: every phase's effect (docs/engine.md "Phases"),
with the rules cited by section of engine/RULES.md."""

import numpy as np
from numba import njit

from . import cards as C
from ._core import (
    CARD_KIND, NUM_CARDS, REQUIRED, all_seats, below, check_postcards, discard_remove,
    draw_one, draw_pop, draw_push_bottom, end_game, forbidden_count,
    forget_hand, forget_pool, forget_pool_if_hand_has_it, hand_add,
    hand_remove, hand_to_discard, hand_to_hand, is_event, kth_card, learn,
    log_row, lowest_of_kind, replace_own_country, reshuffle_if_empty,
    reveal_hand,
)
from ._turns import (
    character_of, check_hand_limits, end_action, end_turn, recycle_cost, resume_main,
)
from ._legal import destination, tp_can_give
from ._layout import (
    ACTIONS_LEFT, ACTIONS_TAKEN, ACTIVE, ASK, ASKED, A_BINOCULARS, A_CARD, A_DECLARE, A_DISPOSE,
    A_DONE, A_DRAW, A_END_TURN, A_KIND, A_LOCAL_GUIDE, A_MAP, A_RECYCLE, A_SEAT, A_SMUGGLE,
    A_STEAL_FROM, A_TRADE_TO, A_TRADING_POST, A_TRAVEL, A_UPGRADE, A_YES, CENTER, DECIDER,
    DECLINED, DRAW, DRAW_HEAD, DRAW_NEW, DRAW_SIZE, EXT, FORBIDDEN_CARD, GIVE, HAND_NEW, HAND_SIZE,
    KNOWN, LAST, LIMIT_CHECKED, LOC, LOC_LOOK, LOG_BINOCULARS, LOG_COUNTRY, LOG_MOVE, LOOK,
    LOOK_PICK, MAX_PLAYERS, NEED, N_ASK, N_GIVE, N_LOOK, N_TAKEN, OWN, PHASE, PH_DISCARD,
    PH_DISPOSE_WITH, PH_LG_TAKE, PH_MAIN, PH_MOUSETRAP, PH_OVER, PH_RECYCLE_PAY, PH_RECYCLE_TAKE,
    PH_SMUGGLE_TO, PH_STEAL_PAY, PH_TP_GIVE, PH_TP_PICK, PH_TRADE_ASK, PH_TRADE_GIVE,
    PH_TRADE_REPLY, PLAYERS, P_CENTER, P_DISCARD, P_DRAW, P_DRAW_BOTTOM, P_HAND, P_LOOK, P_TABLE,
    P_VISITED, REASON_CENTER, REFUSED, TAKEN, TARGET, VISITED,
)


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
        draw_and_end_action(S, a, 1, log)  # R6: the traveler draws a card
    else:
        log_row(log, LOG_COUNTRY, S[CENTER], P_CENTER, P_VISITED + a)
        end_game(S, a, REASON_CENTER)


@njit(cache=True, inline='always')
def draw_and_end_action(S, a, draws, log):
    """Seat `a` draws `draws` cards (events resolve on the way, R9.1), then
    its action ends, unless a draw ended the game."""
    for _ in range(draws):
        draw_one(S, a, log)
        if S[PHASE] == PH_OVER:
            return
    end_action(S, log)


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
            learn(S, action - A_CARD, all_seats(S))  # shown face up as it is offered (R5.3)
            if offer_add(S, N_GIVE, GIVE, action - A_CARD):
                start_asking(S)
    elif phase == PH_TRADE_ASK:
        if action == A_DONE or offer_add(S, N_ASK, ASK, action - A_KIND):
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
        draw_and_end_action(S, a, 2 if character_of(S, a) == C.JETSETTER else 1, log)
    elif action == A_RECYCLE:  # R5.2
        S[NEED] = recycle_cost(S, a)
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
        learn(S, S[FORBIDDEN_CARD], all_seats(S))  # the action names it (R7.4)
        S[PHASE] = PH_DISPOSE_WITH
    elif action < A_LOCAL_GUIDE:  # R9.5
        S[FORBIDDEN_CARD] = C.FIRST_FORBIDDEN + action - A_SMUGGLE
        learn(S, S[FORBIDDEN_CARD], all_seats(S))  # the action names it (R7.4)
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

@njit(cache=True, inline='always')
def offer_add(S, count, slots, value):
    """Add a card (count N_GIVE, slots GIVE) or a kind (N_ASK, ASK) to the
    offer being composed; True once it holds three, the most R5.3 allows."""
    S[slots + S[count]] = value
    S[count] += 1
    S[LAST] = value
    return S[count] == 3


@njit(cache=True)
def start_asking(S):
    S[PHASE] = PH_TRADE_ASK
    S[LAST] = -1


@njit(cache=True)
def make_offer(S):
    S[PHASE] = PH_TRADE_REPLY
    S[DECIDER] = S[TARGET]


@njit(cache=True, inline='always')
def asked_cards(S, t):
    """The cards of t's hand that answer the pending offer's asked kinds (R5.3):
    the lowest-id card of each kind, a different one for a kind asked again;
    -1 for a kind t cannot answer, and for the slots beyond N_ASK."""
    got0 = lowest_of_kind(S, t, S[ASK], -1, -1)
    got1 = -1
    got2 = -1
    if S[N_ASK] > 1:
        got1 = lowest_of_kind(S, t, S[ASK + 1], got0, -1)
    if S[N_ASK] > 2:
        got2 = lowest_of_kind(S, t, S[ASK + 2], got0, got1)
    return got0, got1, got2


@njit(cache=True)
def exchange(S, a, log):
    t = S[TARGET]
    everyone = all_seats(S)
    # The asked cards must come from t's hand as it was before the exchange.
    got0, got1, got2 = asked_cards(S, t)
    for i in range(S[N_GIVE]):
        hand_to_hand(S, S[GIVE + i], t, everyone, log)
    for got in (got0, got1, got2):
        if got >= 0:
            hand_to_hand(S, got, a, everyone, log)
    if check_postcards(S):
        return
    draw_and_end_action(S, a, 2 if character_of(S, a) == C.DIPLOMAT else 1, log)  # R9.5


@njit(cache=True)
def mirror_offer(S):
    """Turn the offer waiting for its answer around (R5.3): its target now
    offers the offerer, on its own turn, the same exchange: for the kinds of
    the cards it was offered, its lowest-id card of each kind it was asked
    for, shown to every seat as an offer's cards are. False, and S unchanged,
    if the target does not hold every asked card (it could not accept)."""
    a = S[ACTIVE]
    t = S[TARGET]
    got0, got1, got2 = asked_cards(S, t)
    if got0 < 0 or (S[N_ASK] > 1 and got1 < 0) or (S[N_ASK] > 2 and got2 < 0):
        return False
    gives = np.array([got0, got1, got2])[:S[N_ASK]]
    asks = np.empty(S[N_GIVE], np.int64)
    for i in range(S[N_GIVE]):
        asks[i] = CARD_KIND[S[GIVE + i]]
    gives.sort()  # an offer's cards and kinds are composed in increasing order
    asks.sort()
    for i in range(3):
        S[GIVE + i] = 0
        S[ASK + i] = 0
    for i in range(gives.shape[0]):
        learn(S, gives[i], all_seats(S))
        S[GIVE + i] = gives[i]
    for i in range(asks.shape[0]):
        S[ASK + i] = asks[i]
    S[N_GIVE] = gives.shape[0]
    S[N_ASK] = asks.shape[0]
    S[ASKED + t] = 0  # the offers noted since t's turn began (R5.3): this one
    S[REFUSED + t] = 0
    for i in range(asks.shape[0]):
        S[ASKED + t] |= 1 << asks[i]
    S[ACTIVE] = t
    S[TARGET] = a
    S[DECIDER] = a
    S[DECLINED] = 0  # the target's turn, as it begins (R4)
    S[ACTIONS_LEFT] = 1
    S[ACTIONS_TAKEN] = 0
    return True


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
    # What it took is read only while it is played (`was_taken`); listed
    # after it, it would be a private fact no other seat's world could hold.
    S[N_TAKEN] = 0
    look_to_bottom(S, a, log)
    if not check_postcards(S):
        end_action(S, log)
