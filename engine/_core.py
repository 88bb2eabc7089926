"""Kernel building blocks: the RNG, card moves, piles, drawing and events.

Everything here is numba-compiled and works on the flat state of
`_layout.py`. The decision kernels (`_legal`, `_apply`, `_setup`) are built
on top of them; `engine/kernels.py` is the public face of all of them.
Rule sections cite engine/RULES.md.
"""

import numpy as np
from numba import njit

from . import cards as C
from ._layout import (
    BOX, BOX_HEAD, BOX_KNOWN, BOX_SIZE, DECIDER, DISCARD, DISCARD_SIZE,
    DRAW, DRAW_HEAD, DRAW_NEW, DRAW_SIZE, EXT, HAND_NEW, HAND_SIZE, KIND_COUNT,
    KNOWN, LOC, MAX_PLAYERS, NEW,
    LOC_DISCARD, LOC_DRAW, LOC_EVENT, LOC_LOOK, LOC_OUT, LOG_COUNTRY, LOG_EVENT,
    LOG_MOVE, LOG_REVEAL, LOG_REVEALED, LOG_SHUFFLE, LOG_SHUFFLED, OWN, PHASE,
    PH_OVER, PLAYERS, P_BOX, P_DISCARD, P_DRAW, P_EVENT, P_HAND, P_LOOK,
    P_TABLE, REASON, REASON_POSTCARDS, RNG, STRIKE, WINNER,
)

NUM_CARDS = C.NUM_CARDS
NUM_KINDS = C.NUM_KINDS
CARD_KIND = np.array(C.CARD_KINDS, dtype=np.int64)
REQUIRED = np.array(C.REQUIRED_KINDS, dtype=np.int64)

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


# ---- random numbers (docs/engine.md, "Random numbers") --------------------

@njit(cache=True, inline='always')
def splitmix_next(rng, i):
    """Advance the SplitMix64 state held in rng[i] (int64 bits); return 64 bits."""
    s = np.uint64(rng[i]) + _GOLDEN
    rng[i] = np.int64(s)
    z = (s ^ (s >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline='always')
def below(S, n):
    """A random integer in [0, n) from the game's RNG."""
    return np.int64(splitmix_next(S, RNG) % np.uint64(n))


# ---- small queries --------------------------------------------------------

@njit(cache=True, inline='always')
def all_seats(S):
    return (1 << S[PLAYERS]) - 1


@njit(cache=True, inline='always')
def kind_count(S, seat, kind):
    return S[KIND_COUNT + seat * NUM_KINDS + kind]


@njit(cache=True, inline='always')
def holds(S, seat, card):
    return S[LOC + card] == seat


@njit(cache=True, inline='always')
def forbidden_count(S, seat):
    base = KIND_COUNT + seat * NUM_KINDS + C.FIRST_FORBIDDEN_KIND
    return S[base] + S[base + 1] + S[base + 2]


@njit(cache=True, inline='always')
def payable_count(S, seat):
    """Cards that may pay a cost or be discarded: all but forbidden ones (R9.3)."""
    return S[HAND_SIZE + seat] - forbidden_count(S, seat)


@njit(cache=True)
def copies_in_play(S, kind):
    """Cards of `kind` in this game: all but those left out at setup (R3)."""
    n = 0
    for c in range(NUM_CARDS):
        if CARD_KIND[c] == kind and S[LOC + c] != LOC_OUT:
            n += 1
    return n


@njit(cache=True, inline='always')
def is_event(card):
    return C.FIRST_EVENT <= card < C.FIRST_SPECIAL


@njit(cache=True, inline='always')
def is_forbidden(card):
    return C.FIRST_FORBIDDEN <= card < C.FIRST_POSTCARD


@njit(cache=True)
def payable_above(S, seat, card):
    """Non-forbidden cards in seat's hand with an id above `card`."""
    n = 0
    for c in range(card + 1, NUM_CARDS):
        if S[LOC + c] == seat and not is_forbidden(c):
            n += 1
    return n


@njit(cache=True)
def kth_card(S, seat, k):
    """The k-th card of seat's hand in increasing id order."""
    for c in range(NUM_CARDS):
        if S[LOC + c] == seat:
            if k == 0:
                return c
            k -= 1
    return -1


@njit(cache=True)
def kth_payable_card(S, seat, k):
    for c in range(NUM_CARDS):
        if S[LOC + c] == seat and not is_forbidden(c):
            if k == 0:
                return c
            k -= 1
    return -1


@njit(cache=True)
def lowest_of_kind(S, seat, kind, skip1, skip2):
    """Lowest-id card of `kind` in seat's hand, other than skip1 and skip2."""
    for c in range(NUM_CARDS):
        if S[LOC + c] == seat and CARD_KIND[c] == kind and c != skip1 and c != skip2:
            return c
    return -1


# ---- the move log ---------------------------------------------------------

@njit(cache=True, inline='always')
def log_row(log, a, b, c, d):
    """Append one row to the move log; a one-row log records nothing."""
    if log.shape[0] > 1:
        n = log[0, 0] + 1
        if n < log.shape[0]:
            log[n, 0] = a
            log[n, 1] = b
            log[n, 2] = c
            log[n, 3] = d
            log[0, 0] = n
        else:
            log[0, 1] = 1


@njit(cache=True, inline='always')
def log_place(S, card):
    loc = S[LOC + card]
    if loc < 6:
        return P_HAND + loc
    if loc == LOC_DRAW:
        return P_DRAW
    if loc == LOC_DISCARD:
        return P_DISCARD
    if loc == LOC_LOOK:
        return P_LOOK
    return P_EVENT


# ---- knowledge (R7.4, docs/engine.md "Knowledge") ---------------------------

@njit(cache=True)
def learn(S, card, seats):
    """The seats in the bit mask `seats` now know where `card` is. Call it
    before the card moves: a pool card leaves its pool's count where it lies."""
    pooled = S[NEW + card] & seats
    if pooled:
        loc = S[LOC + card]
        for o in range(S[PLAYERS]):
            if pooled >> o & 1:
                if loc < 6:
                    S[HAND_NEW + o * MAX_PLAYERS + loc] -= 1
                else:
                    S[DRAW_NEW + o] -= 1
        S[NEW + card] &= ~seats
    S[KNOWN + card] |= seats


@njit(cache=True)
def forget_pool(S, seat):
    """`seat` can no longer tell pool cards from others: it forgets the pool."""
    keep = ~(1 << seat)
    for c in range(NUM_CARDS):
        S[NEW + c] &= keep
    for t in range(MAX_PLAYERS):
        S[HAND_NEW + seat * MAX_PLAYERS + t] = 0
    S[DRAW_NEW + seat] = 0


@njit(cache=True)
def forget_pool_if_hand_has_it(S, holder, spared):
    """Before an unseen card leaves `holder`'s hand: every seat outside the
    mask `spared` that has pool cards among holder's unseen ones forgets its pool."""
    for o in range(S[PLAYERS]):
        if not spared >> o & 1 and S[HAND_NEW + o * MAX_PLAYERS + holder] > 0:
            forget_pool(S, o)


# ---- hands and piles ------------------------------------------------------

@njit(cache=True, inline='always')
def hand_add(S, card, seat):
    """Put a card into a hand; the caller has made its new holder `learn` it."""
    S[LOC + card] = seat
    S[HAND_SIZE + seat] += 1
    S[KIND_COUNT + seat * NUM_KINDS + CARD_KIND[card]] += 1


@njit(cache=True, inline='always')
def hand_remove(S, card, seat):
    S[HAND_SIZE + seat] -= 1
    S[KIND_COUNT + seat * NUM_KINDS + CARD_KIND[card]] -= 1


@njit(cache=True)
def discard_push(S, card):
    """Put a card face up on the discard pile (public, R7.4)."""
    learn(S, card, all_seats(S))
    S[DISCARD + S[DISCARD_SIZE]] = card
    S[DISCARD_SIZE] += 1
    S[LOC + card] = LOC_DISCARD


@njit(cache=True)
def discard_remove(S, card):
    """Take a card out of the discard pile from wherever it lies (R5.2)."""
    n = S[DISCARD_SIZE]
    i = 0
    while S[DISCARD + i] != card:
        i += 1
    while i < n - 1:
        S[DISCARD + i] = S[DISCARD + i + 1]
        i += 1
    S[DISCARD_SIZE] = n - 1


@njit(cache=True, inline='always')
def draw_pop(S):
    card = S[DRAW + S[DRAW_HEAD]]
    S[DRAW_HEAD] = (S[DRAW_HEAD] + 1) % NUM_CARDS
    S[DRAW_SIZE] -= 1
    return card


@njit(cache=True, inline='always')
def draw_push_bottom(S, card):
    S[DRAW + (S[DRAW_HEAD] + S[DRAW_SIZE]) % NUM_CARDS] = card
    S[DRAW_SIZE] += 1
    S[LOC + card] = LOC_DRAW


@njit(cache=True)
def hand_to_discard(S, card, log):
    seat = S[LOC + card]
    learn(S, card, all_seats(S))
    hand_remove(S, card, seat)
    discard_push(S, card)
    log_row(log, LOG_MOVE, card, P_HAND + seat, P_DISCARD)


@njit(cache=True)
def hand_to_hand(S, card, dest, seen_by, log):
    """Move a card between hands; the seats in mask `seen_by` (and the
    receiver) see which card it is."""
    seat = S[LOC + card]
    learn(S, card, seen_by | (1 << dest))
    hand_remove(S, card, seat)
    hand_add(S, card, dest)
    log_row(log, LOG_MOVE, card, P_HAND + seat, P_HAND + dest)


@njit(cache=True)
def reveal_hand(S, seat, log):
    """Show a whole hand to everyone (travel, Customs Check; R7.4)."""
    everyone = all_seats(S)
    log_row(log, LOG_REVEAL, seat, S[HAND_SIZE + seat], 0)
    for c in range(NUM_CARDS):
        if S[LOC + c] == seat:
            learn(S, c, everyone)
            log_row(log, LOG_REVEALED, c, seat, 0)


@njit(cache=True)
def forget_hand(S, seat, keep_bits):
    """Seats outside keep_bits no longer know which cards `seat` holds."""
    for c in range(NUM_CARDS):
        if S[LOC + c] == seat:
            S[KNOWN + c] &= keep_bits


# ---- the end of the game --------------------------------------------------

@njit(cache=True)
def end_game(S, winner, reason):
    S[WINNER] = winner
    S[REASON] = reason
    S[PHASE] = PH_OVER
    S[DECIDER] = -1


@njit(cache=True)
def check_postcards(S):
    """R9.4: a player holding 4 postcards wins at once. True if the game ended."""
    if S[EXT] & C.EXT_POSTCARDS:
        for s in range(S[PLAYERS]):
            if kind_count(S, s, C.KIND_POSTCARD) >= 4:
                end_game(S, s, REASON_POSTCARDS)
                return True
    return False


# ---- shuffling and drawing (R7) --------------------------------------------

@njit(cache=True)
def fisher_yates(values, base, n, rng, rng_index):
    """Shuffle values[base:base+n] in place with the SplitMix64 state held in
    rng[rng_index] (docs/engine.md: i from n-1 down to 1, j = below(i+1))."""
    for i in range(n - 1, 0, -1):
        j = np.int64(splitmix_next(rng, rng_index) % np.uint64(i + 1))
        t = values[base + i]
        values[base + i] = values[base + j]
        values[base + j] = t


@njit(cache=True)
def shuffle_list(S, base, n):
    """Fisher-Yates shuffle of S[base:base+n] with the game's RNG."""
    fisher_yates(S, base, n, S, RNG)


@njit(cache=True)
def shuffle_discard_into_draw(S, log):
    """R7.1: the discard pile, oldest first, shuffled, is the new draw pile."""
    n = S[DISCARD_SIZE]
    for i in range(n):
        S[DRAW + i] = S[DISCARD + i]
    S[DRAW_HEAD] = 0
    S[DRAW_SIZE] = n
    S[DISCARD_SIZE] = 0
    shuffle_list(S, DRAW, n)
    log_row(log, LOG_SHUFFLE, n, 0, 0)
    # Everyone knows the set, no one the order (R7.4): the new pile is every
    # seat's pool; unseen cards of the old pool can no longer be told apart.
    everyone = all_seats(S)
    for c in range(NUM_CARDS):
        S[NEW + c] = 0
    for i in range(MAX_PLAYERS * MAX_PLAYERS):
        S[HAND_NEW + i] = 0
    for o in range(MAX_PLAYERS):
        S[DRAW_NEW + o] = n if o < S[PLAYERS] else 0
    for i in range(n):
        c = S[DRAW + i]
        S[LOC + c] = LOC_DRAW
        S[KNOWN + c] = 0
        S[NEW + c] = everyone
        log_row(log, LOG_SHUFFLED, c, i, 0)


@njit(cache=True)
def reshuffle_if_empty(S, log):
    if S[DRAW_SIZE] == 0 and S[DISCARD_SIZE] > 0:
        shuffle_discard_into_draw(S, log)


@njit(cache=True)
def non_events_to_draw(S):
    """Cards in the draw and discard piles that are not events (R7.2)."""
    n = S[DRAW_SIZE] + S[DISCARD_SIZE]
    for e in range(C.FIRST_EVENT, C.FIRST_SPECIAL):
        loc = S[LOC + e]
        if loc == LOC_DRAW or loc == LOC_DISCARD:
            n -= 1
    return n


@njit(cache=True)
def pool_card_drawn(S, card, drawer):
    """The top card goes to `drawer`: it learns it; a seat that had it in its
    pool now counts it among the drawer's unseen cards."""
    pooled = S[NEW + card]
    if pooled:
        for o in range(S[PLAYERS]):
            if pooled >> o & 1 and o != drawer:
                S[DRAW_NEW + o] -= 1
                S[HAND_NEW + o * MAX_PLAYERS + drawer] += 1
    learn(S, card, 1 << drawer)


@njit(cache=True)
def draw_one(S, seat, log):
    """One draw by `seat`, with events and their replacement draws (R7, R9.1)."""
    while True:
        if non_events_to_draw(S) == 0:
            return
        if S[DRAW_SIZE] == 0:
            shuffle_discard_into_draw(S, log)
        card = S[DRAW + S[DRAW_HEAD]]
        if not is_event(card):
            pool_card_drawn(S, card, seat)
            draw_pop(S)
            hand_add(S, card, seat)
            log_row(log, LOG_MOVE, card, P_DRAW, P_HAND + seat)
            if check_postcards(S):
                return
            reshuffle_if_empty(S, log)
            return
        learn(S, card, all_seats(S))
        draw_pop(S)
        S[LOC + card] = LOC_EVENT
        log_row(log, LOG_EVENT, card, seat, 0)
        reshuffle_if_empty(S, log)
        resolve_event(S, card, seat, log)
        discard_push(S, card)
        log_row(log, LOG_MOVE, card, P_EVENT, P_DISCARD)
        if S[PHASE] == PH_OVER:
            return


# ---- countries ------------------------------------------------------------

@njit(cache=True)
def replace_own_country(S, seat, log):
    """The seat's own country goes to the bottom of the box and the box's
    top country replaces it (Civil Unrest, Poorly Drawn Map; R9.1, R9.2)."""
    old = S[OWN + seat]
    S[BOX + (S[BOX_HEAD] + S[BOX_SIZE]) % C.NUM_COUNTRIES] = old
    S[BOX_SIZE] += 1
    S[BOX_KNOWN] = min(S[BOX_KNOWN] + 1, S[BOX_SIZE])
    log_row(log, LOG_COUNTRY, old, P_TABLE + seat, P_BOX)
    new = S[BOX + S[BOX_HEAD]]
    S[BOX_HEAD] = (S[BOX_HEAD] + 1) % C.NUM_COUNTRIES
    S[BOX_SIZE] -= 1
    S[BOX_KNOWN] = min(S[BOX_KNOWN], S[BOX_SIZE])
    S[OWN + seat] = new
    log_row(log, LOG_COUNTRY, new, P_BOX, P_TABLE + seat)


# ---- events (R9.1) ----------------------------------------------------------

@njit(cache=True)
def resolve_event(S, event, drawer, log):
    n = S[PLAYERS]
    if event == C.CIVIL_UNREST:
        for k in range(n):
            s = (drawer + k) % n
            if S[OWN + s] >= 0:
                replace_own_country(S, s, log)
    elif event == C.LOST_LUGGAGE:
        lost_luggage(S, drawer, log)
    elif event == C.AIRLINE_STRIKE:
        S[STRIKE] = drawer
    else:
        customs_check(S, drawer, log)


@njit(cache=True)
def lost_luggage(S, drawer, log):
    """Every player passes one random card to the left, all at once."""
    n = S[PLAYERS]
    for t in range(n):
        forget_pool_if_hand_has_it(S, t, 1 << t)
    chosen = np.full(6, -1, np.int64)
    for k in range(n):
        s = (drawer + k) % n
        if S[HAND_SIZE + s] > 0:
            chosen[s] = kth_card(S, s, below(S, S[HAND_SIZE + s]))
    for k in range(n):
        s = (drawer + k) % n
        if chosen[s] >= 0:
            hand_to_hand(S, chosen[s], (s + 1) % n, 1 << s, log)
    # Each seat knows only the card it gave and its own hand now (R7.4).
    for c in range(NUM_CARDS):
        loc = S[LOC + c]
        if loc < 6:
            S[KNOWN + c] = 1 << loc
    for s in range(n):
        if chosen[s] >= 0:
            S[KNOWN + chosen[s]] |= 1 << s
    check_postcards(S)


@njit(cache=True)
def customs_check(S, drawer, log):
    """Every hand is shown; holders of forbidden items lose a random other card."""
    n = S[PLAYERS]
    for k in range(n):
        s = (drawer + k) % n
        if S[HAND_SIZE + s] == 0:
            continue
        reveal_hand(S, s, log)
        payable = payable_count(S, s)
        if forbidden_count(S, s) > 0 and payable > 0:
            hand_to_discard(S, kth_payable_card(S, s, below(S, payable)), log)
