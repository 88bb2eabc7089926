"""Observation and determinization kernels (R7.4, docs/engine.md "Knowledge").

`observe` blanks out of a state everything one seat does not know.
`determinize` deals the blanked cards back at random, so a search can play
on in a world that agrees with everything the seat knows and with nothing
it does not.
"""

import numpy as np
from numba import njit

from . import cards as C
from ._core import CARD_KIND, NUM_CARDS, fisher_yates, splitmix_next
from ._layout import *  # noqa: F401,F403

LOC_HIDDEN = 11  # in an observation: somewhere this seat cannot see
HIDDEN = -1      # an unknown slot of the draw pile, the look, or the box


@njit(cache=True)
def note_offers(S, action):
    """Before `action` is applied: trade offers and their answers are public
    (R5.3). A kind named in an offer is noted among the kinds the active seat
    asked for; a declined offer's kinds among those its target refused."""
    if S[PHASE] == PH_TRADE_ASK and action >= A_KIND:
        S[ASKED + S[ACTIVE]] |= 1 << (action - A_KIND)
    elif S[PHASE] == PH_TRADE_REPLY and action == A_NO:
        for i in range(S[N_ASK]):
            S[REFUSED + S[TARGET]] |= 1 << S[ASK + i]


@njit(cache=True)
def remember(S, active_before):
    """After a move: update every seat's memory (LAST_SEEN) from what it knows
    now: a card it knows to be in a hand is remembered there, one it knows
    elsewhere is not remembered in a hand; a card it has lost track of keeps
    its memory. A seat whose turn has just begun starts with no offers noted."""
    if S[ACTIVE] != active_before:
        S[ASKED + S[ACTIVE]] = 0
        S[REFUSED + S[ACTIVE]] = 0
    for c in range(NUM_CARDS):
        known = S[KNOWN + c]
        if known == 0:
            continue
        loc = S[LOC + c]
        memory = S[LAST_SEEN + c]
        for o in range(S[PLAYERS]):
            if known >> o & 1:
                memory &= ~(15 << (4 * o))
                if loc < 6:
                    memory |= (loc + 1) << (4 * o)
        S[LAST_SEEN + c] = memory


@njit(cache=True, inline='always')
def last_seen_in(S, seat, card):
    """The hand `seat` last saw `card` in, -1 none (see `remember`)."""
    return ((S[LAST_SEEN + card] >> (4 * seat)) & 15) - 1


@njit(cache=True)
def observe(S, seat, out):
    """Write into `out` (int64[STATE_SIZE]) what `seat` knows of S."""
    out[:] = S[:]
    out[RNG] = 0
    n = S[PLAYERS]
    everyone = (1 << n) - 1
    me = 1 << seat
    for c in range(NUM_CARDS):
        known = S[KNOWN + c]
        loc = S[LOC + c]
        if known & me:
            # Other seats' knowledge is private; what is public stays public.
            out[KNOWN + c] = everyone if known == everyone else me | (1 << loc if loc < 6 else 0)
        else:
            out[LOC + c] = LOC_HIDDEN
            out[KNOWN + c] = 0
    for t in range(n):
        if t != seat:
            for k in range(C.NUM_KINDS):
                out[KIND_COUNT + t * C.NUM_KINDS + k] = 0
    # Only this seat's shuffle pool is part of what it knows.
    for c in range(NUM_CARDS):
        out[NEW + c] = S[NEW + c] & me
        out[LAST_SEEN + c] = S[LAST_SEEN + c] & (15 << (4 * seat))  # its memory, not others'
    for o in range(MAX_PLAYERS):
        if o != seat:
            out[DRAW_NEW + o] = 0
            for t in range(MAX_PLAYERS):
                out[HAND_NEW + o * MAX_PLAYERS + t] = 0
    for i in range(S[DRAW_SIZE]):
        slot = DRAW + (S[DRAW_HEAD] + i) % NUM_CARDS
        if not S[KNOWN + S[slot]] & me:
            out[slot] = HIDDEN
    for i in range(NUM_CARDS - S[DRAW_SIZE]):  # empty ring slots say nothing
        out[DRAW + (S[DRAW_HEAD] + S[DRAW_SIZE] + i) % NUM_CARDS] = HIDDEN
    for i in range(S[DISCARD_SIZE], NUM_CARDS):
        out[DISCARD + i] = HIDDEN
    for i in range(3):
        c = S[LOOK + i]
        if i >= S[N_LOOK] or (c >= 0 and not S[KNOWN + c] & me):
            out[LOOK + i] = HIDDEN
    if S[ACTIVE] != seat:
        for i in range(3):
            out[TAKEN + i] = HIDDEN  # which cards the Trading Post gave is private
    unknown_box = S[BOX_SIZE] - S[BOX_KNOWN]
    for i in range(C.NUM_COUNTRIES):
        if i < unknown_box or i >= S[BOX_SIZE]:
            out[BOX + (S[BOX_HEAD] + i) % C.NUM_COUNTRIES] = HIDDEN


# Rows of the working array of `determinize_with`.
(SLOT_SEAT, SLOT_INDEX, SLOT_POOL, FILLED, OTHERS, COUNTRIES_FREE, MISC) = range(7)
DEAL_SCRATCH_ROWS = 7


@njit(cache=True)
def deal_scratch():
    """The working array of `determinize_with`: a caller that samples many
    worlds (a search) allocates it once."""
    return np.empty((DEAL_SCRATCH_ROWS, NUM_CARDS), np.int64)


@njit(cache=True)
def determinize(obs, seat, seed, out):
    """Write into `out` a full state whose observation for `seat` equals `obs`
    (an output of `observe`): hidden cards dealt uniformly at random into the
    hidden places, the unknown part of the box shuffled, a fresh RNG."""
    return determinize_with(obs, seat, seed, out, deal_scratch())


@njit(cache=True)
def determinize_with(obs, seat, seed, out, scratch):
    """`determinize`, working in `scratch` (from `deal_scratch`)."""
    out[:] = obs[:]
    rng = scratch[MISC]         # rng[0]: the deal's SplitMix64 state
    rng[0] = seed
    held = scratch[MISC, 1:]    # held[t]: cards this seat has seen in t's hand
    n = obs[PLAYERS]
    # Hidden places: slot_seat >= 0 is a hand; -1 a draw-pile slot; -2 a look
    # position. slot_pool marks the places where this seat's shuffle pool lies.
    me = 1 << seat
    slot_seat = scratch[SLOT_SEAT]
    slot_index = scratch[SLOT_INDEX]
    slot_pool = scratch[SLOT_POOL]
    slots = 0
    for t in range(n):
        held[t] = 0
    for c in range(NUM_CARDS):
        loc = obs[LOC + c]
        if loc < n:
            held[loc] += 1
    for t in range(n):
        if t == seat:
            continue
        pooled = obs[HAND_NEW + seat * MAX_PLAYERS + t]
        for j in range(obs[HAND_SIZE + t] - held[t]):
            slot_seat[slots] = t
            slot_index[slots] = 0
            slot_pool[slots] = 1 if j < pooled else 0
            slots += 1
    # pile_free[pool]: pile places of that pool that no event has taken yet
    pile_free_0 = 0
    pile_free_1 = 0
    for i in range(obs[DRAW_SIZE]):
        slot = DRAW + (obs[DRAW_HEAD] + i) % NUM_CARDS
        if obs[slot] == HIDDEN:
            slot_seat[slots] = -1
            slot_index[slots] = slot
            slot_pool[slots] = 1 if i < obs[DRAW_NEW + seat] else 0
            if slot_pool[slots] == 1:
                pile_free_1 += 1
            else:
                pile_free_0 += 1
            slots += 1
    for i in range(obs[N_LOOK]):
        if obs[LOOK + i] == HIDDEN:
            slot_seat[slots] = -2
            slot_index[slots] = LOOK + i
            slot_pool[slots] = 0
            pile_free_0 += 1
            slots += 1
    filled = scratch[FILLED]
    for i in range(slots):
        filled[i] = -1
    others = scratch[OTHERS]
    hidden = 0
    for pool in range(2):
        # Events can only lie in the piles (R9.1): place them first, uniformly
        # among the pool's hidden pile places; then deal the rest uniformly.
        m = 0
        for c in range(NUM_CARDS):
            if obs[LOC + c] != LOC_HIDDEN or (1 if obs[NEW + c] & me else 0) != pool:
                continue
            hidden += 1
            if C.FIRST_EVENT <= c < C.FIRST_SPECIAL:
                free = pile_free_1 if pool == 1 else pile_free_0
                if free == 0:
                    return False
                k = np.int64(splitmix_next(rng, 0) % np.uint64(free))
                for i in range(slots):
                    if slot_seat[i] < 0 and filled[i] < 0 and slot_pool[i] == pool:
                        if k == 0:
                            filled[i] = c
                            break
                        k -= 1
                if pool == 1:
                    pile_free_1 -= 1
                else:
                    pile_free_0 -= 1
            else:
                others[m] = c
                m += 1
        fisher_yates(others, 0, m, rng, 0)
        k = 0
        for i in range(slots):
            if filled[i] < 0 and slot_pool[i] == pool:
                if k == m:
                    return False
                filled[i] = others[k]
                k += 1
        if k != m:
            return False
    if hidden != slots:
        return False
    active = obs[ACTIVE]
    taken = 0
    for i in range(slots):
        c = filled[i]
        t = slot_seat[i]
        if t >= 0:
            out[LOC + c] = t
            out[KNOWN + c] = 1 << t
            if t == active and obs[PHASE] in (PH_TP_PICK, PH_TP_GIVE) and taken < obs[N_TAKEN]:
                out[TAKEN + taken] = c  # the Trading Post's takings are among the hidden cards
                taken += 1
        elif t == -1:
            out[slot_index[i]] = c
            out[LOC + c] = LOC_DRAW
            out[KNOWN + c] = 0
        else:
            out[slot_index[i]] = c
            out[LOC + c] = LOC_LOOK
            out[KNOWN + c] = 1 << active
    # Hand composition follows from the places. The observation blanked the
    # rivals' rows; this seat's own row is already exact, and the rows of
    # seats beyond the table are empty.
    for t in range(n):
        if t != seat:
            for k in range(C.NUM_KINDS):
                out[KIND_COUNT + t * C.NUM_KINDS + k] = 0
    for c in range(NUM_CARDS):
        loc = out[LOC + c]
        if loc < n and loc != seat:
            out[KIND_COUNT + loc * C.NUM_KINDS + CARD_KIND[c]] += 1
    # the box: countries seen nowhere fill its unknown top part at random
    in_play = scratch[COUNTRIES_FREE]
    for k in range(C.NUM_COUNTRIES):
        in_play[k] = 0
    for t in range(n):
        if obs[OWN + t] >= 0:
            in_play[obs[OWN + t]] = 1
        if obs[VISITED + t] >= 0:
            in_play[obs[VISITED + t]] = 1
    in_play[obs[CENTER]] = 1
    unknown_box = obs[BOX_SIZE] - obs[BOX_KNOWN]
    for i in range(unknown_box, obs[BOX_SIZE]):
        in_play[obs[BOX + (obs[BOX_HEAD] + i) % C.NUM_COUNTRIES]] = 1
    free_countries = scratch[COUNTRIES_FREE, C.NUM_COUNTRIES:]  # the same row's second part
    m = 0
    for k in range(C.NUM_COUNTRIES):
        if in_play[k] == 0:
            free_countries[m] = k
            m += 1
    fisher_yates(free_countries, 0, m, rng, 0)
    for i in range(unknown_box):
        out[BOX + (obs[BOX_HEAD] + i) % C.NUM_COUNTRIES] = free_countries[i]
    out[RNG] = np.int64(splitmix_next(rng, 0))
    return True
