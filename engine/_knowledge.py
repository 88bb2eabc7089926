"""Observation and determinization kernels (R7.4, docs/engine.md "Knowledge").

`observe` blanks out of a state everything one seat does not know.
`determinize` deals the blanked cards back at random, so a search can play
on in a world that agrees with everything the seat knows and with nothing
it does not.
"""

import numpy as np
from numba import njit

from . import cards as C
from ._core import (
    CARD_KIND, NUM_CARDS, fisher_yates, is_forbidden, kind_count, payable_above, splitmix_next,
)
from ._legal import legal_actions
from ._layout import (
    ACTIVE, ASK, ASKED, A_KIND, A_NO, BOX, BOX_HEAD, BOX_KNOWN, BOX_SIZE, CENTER, DECIDER, DISCARD,
    DISCARD_SIZE, DRAW, DRAW_HEAD, DRAW_NEW, DRAW_SIZE, EXT, HAND_NEW, HAND_SIZE, KIND_COUNT,
    KNOWN, LAST, LAST_SEEN, LOC, LOC_DRAW, LOC_LOOK, LOOK, MAX_PLAYERS, NEED, NEW, NUM_ACTIONS,
    N_ASK, N_LOOK, N_TAKEN, OWN, PHASE, PH_DISCARD, PH_DISPOSE_WITH, PH_LG_TAKE, PH_OVER,
    PH_RECYCLE_PAY, PH_STEAL_PAY, PH_TP_GIVE, PH_TP_PICK, PH_TRADE_ASK, PH_TRADE_REPLY, PLAYERS,
    REFUSED, RNG, STATE_SIZE, TAKEN, TARGET, VISITED,
)

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


# A deal plan (`deal_plan`): everything about dealing the hidden cards of one
# observation that does not depend on chance, worked out once, so that a
# search's every sampled world (`deal`) only draws and writes. Rows of the
# int64 plan array, NUM_CARDS wide:
PLAN_SLOT_SEAT = 0    # per hidden place: a hand's seat, -1 a draw-pile slot, -2 a look position
PLAN_SLOT_INDEX = 1   # its index in the state (pile and look places)
PLAN_SLOT_POOL = 2    # 1 where this seat's shuffle pool lies (R3.4)
PLAN_CARDS = 3        # rows 3, 4: each pool's hidden cards other than events, ascending
PLAN_EVENTS = 5       # rows 5, 6: each pool's hidden events, ascending
PLAN_COUNTRIES = 7    # countries seen nowhere, which fill the box's unknown part
PLAN_COUNTS = 8       # the counts below
PLAN_FILLED = 9       # working rows: the card dealt to each place,
PLAN_SHUFFLED = 10    # a list being shuffled,
PLAN_RNG = 11         # and the deal's SplitMix64 state
PLAN_ROWS = 12
# Columns of the PLAN_COUNTS row (a pool's column is its pool 0 column + pool):
N_SLOTS = 0           # hidden places
N_CARDS_0 = 1         # 1, 2: each pool's hidden cards other than events
N_EVENTS_0 = 3        # 3, 4: each pool's hidden events
PILE_PLACES_0 = 5     # 5, 6: each pool's hidden places in the piles (events may lie only there)
POOL_PLACES_0 = 7     # 7, 8: each pool's hidden places
N_COUNTRIES = 9       # countries seen nowhere
N_UNKNOWN_BOX = 10    # unknown places at the top of the box
FITS = 11             # 1 when a world fits the observation


@njit(cache=True)
def new_deal_plan():
    """Arrays for `deal_plan`: the plan, and the base world it deals into."""
    return np.empty((PLAN_ROWS, NUM_CARDS), np.int64), np.empty(STATE_SIZE, np.int64)


@njit(cache=True)
def deal_plan(obs, seat, plan, base):
    """Work out how to deal the cards `seat` has not seen (its observation
    `obs`, an output of `observe`): the hidden places, the cards of each
    shuffle pool, the countries that may fill the box, into `plan`; into
    `base`, the observation with the rivals' hand composition rebuilt from
    the cards seen there. Returns False when no world fits `obs`."""
    base[:] = obs[:]
    counts = plan[PLAN_COUNTS]
    counts[:] = 0
    n = obs[PLAYERS]
    me = 1 << seat
    slot_seat = plan[PLAN_SLOT_SEAT]
    slot_index = plan[PLAN_SLOT_INDEX]
    slot_pool = plan[PLAN_SLOT_POOL]
    held = plan[PLAN_FILLED]  # scratch here: cards this seat has seen in each hand
    for t in range(n):
        held[t] = 0
    for c in range(NUM_CARDS):
        loc = obs[LOC + c]
        if loc < n:
            held[loc] += 1
    slots = 0
    for t in range(n):
        if t == seat:
            continue
        pooled = obs[HAND_NEW + seat * MAX_PLAYERS + t]
        unseen = obs[HAND_SIZE + t] - held[t]
        if unseen < 0 or slots + unseen > NUM_CARDS:
            return False  # (FITS stays 0) more places than the plan's rows hold
        for j in range(unseen):
            slot_seat[slots] = t
            slot_index[slots] = 0
            slot_pool[slots] = 1 if j < pooled else 0
            slots += 1
    for i in range(slots):
        counts[POOL_PLACES_0 + slot_pool[i]] += 1
    for i in range(obs[DRAW_SIZE]):
        slot = DRAW + (obs[DRAW_HEAD] + i) % NUM_CARDS
        if obs[slot] == HIDDEN:
            if slots == NUM_CARDS:
                return False
            pool = 1 if i < obs[DRAW_NEW + seat] else 0
            slot_seat[slots] = -1
            slot_index[slots] = slot
            slot_pool[slots] = pool
            counts[PILE_PLACES_0 + pool] += 1
            counts[POOL_PLACES_0 + pool] += 1
            slots += 1
    for i in range(obs[N_LOOK]):
        if obs[LOOK + i] == HIDDEN:
            if slots == NUM_CARDS:
                return False
            slot_seat[slots] = -2
            slot_index[slots] = LOOK + i
            slot_pool[slots] = 0
            counts[PILE_PLACES_0] += 1
            counts[POOL_PLACES_0] += 1
            slots += 1
    counts[N_SLOTS] = slots
    for c in range(NUM_CARDS):
        if obs[LOC + c] != LOC_HIDDEN:
            continue
        pool = 1 if obs[NEW + c] & me else 0
        if C.FIRST_EVENT <= c < C.FIRST_SPECIAL:
            plan[PLAN_EVENTS + pool, counts[N_EVENTS_0 + pool]] = c
            counts[N_EVENTS_0 + pool] += 1
        else:
            plan[PLAN_CARDS + pool, counts[N_CARDS_0 + pool]] = c
            counts[N_CARDS_0 + pool] += 1
    # Every hidden place takes one hidden card of its pool; events lie only
    # in the piles (R9.1). (The pools' places add up to all the places.)
    fits = True
    for pool in range(2):
        events = counts[N_EVENTS_0 + pool]
        if events > counts[PILE_PLACES_0 + pool] or counts[POOL_PLACES_0 + pool] != counts[N_CARDS_0 + pool] + events:
            fits = False
    # Hand composition: the observation blanked the rivals' rows; they start
    # from the cards seen there, and `deal` adds the dealt ones. This seat's
    # own row is exact, and the rows of seats beyond the table are empty.
    for t in range(n):
        if t != seat:
            for k in range(C.NUM_KINDS):
                base[KIND_COUNT + t * C.NUM_KINDS + k] = 0
    for c in range(NUM_CARDS):
        loc = obs[LOC + c]
        if loc < n and loc != seat:
            base[KIND_COUNT + loc * C.NUM_KINDS + CARD_KIND[c]] += 1
    # the box: countries seen nowhere fill its unknown top part at random
    in_play = plan[PLAN_SHUFFLED]  # scratch here
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
    m = 0
    for k in range(C.NUM_COUNTRIES):
        if in_play[k] == 0:
            plan[PLAN_COUNTRIES, m] = k
            m += 1
    counts[N_COUNTRIES] = m
    counts[N_UNKNOWN_BOX] = unknown_box
    counts[FITS] = 1 if fits and unknown_box <= m else 0
    return counts[FITS] == 1


@njit(cache=True, inline='always')
def place(plan, out, i, card):
    """Write `card` into the plan's hidden place i of the world `out`: a
    hand (its seat alone knows the card), a draw-pile slot (no one does)
    or a look position (the seat playing the card does)."""
    t = plan[PLAN_SLOT_SEAT, i]
    if t >= 0:
        out[LOC + card] = t
        out[KNOWN + card] = 1 << t
        out[KIND_COUNT + t * C.NUM_KINDS + CARD_KIND[card]] += 1
    else:
        out[plan[PLAN_SLOT_INDEX, i]] = card
        out[LOC + card] = LOC_DRAW if t == -1 else LOC_LOOK
        out[KNOWN + card] = 0 if t == -1 else 1 << out[ACTIVE]


@njit(cache=True)
def deal(plan, base, seed, out):
    """Write into `out` one world of the plan's observation (`deal_plan`):
    the hidden cards dealt uniformly at random into the hidden places (each
    pool's events first, uniformly among its pile places), the unknown part
    of the box shuffled, a fresh RNG. The plan must fit (`deal_plan`)."""
    out[:] = base[:]
    counts = plan[PLAN_COUNTS]
    rng = plan[PLAN_RNG]
    rng[0] = seed
    slots = counts[N_SLOTS]
    slot_seat = plan[PLAN_SLOT_SEAT]
    slot_pool = plan[PLAN_SLOT_POOL]
    filled = plan[PLAN_FILLED]
    shuffled = plan[PLAN_SHUFFLED]
    for i in range(slots):
        filled[i] = -1
    for pool in range(2):
        free = counts[PILE_PLACES_0 + pool]
        for e in range(counts[N_EVENTS_0 + pool]):
            k = np.int64(splitmix_next(rng, 0) % np.uint64(free))
            for i in range(slots):
                if slot_seat[i] < 0 and filled[i] < 0 and slot_pool[i] == pool:
                    if k == 0:
                        filled[i] = plan[PLAN_EVENTS + pool, e]
                        break
                    k -= 1
            free -= 1
        m = counts[N_CARDS_0 + pool]
        for i in range(m):
            shuffled[i] = plan[PLAN_CARDS + pool, i]
        fisher_yates(shuffled, 0, m, rng, 0)
        k = 0
        for i in range(slots):
            if filled[i] < 0 and slot_pool[i] == pool:
                filled[i] = shuffled[k]
                k += 1
    active = base[ACTIVE]
    trading_post = base[PHASE] == PH_TP_PICK or base[PHASE] == PH_TP_GIVE
    taken = 0
    for i in range(slots):
        c = filled[i]
        place(plan, out, i, c)
        if slot_seat[i] == active and trading_post and taken < base[N_TAKEN]:
            out[TAKEN + taken] = c  # the Trading Post's takings are among the hidden cards
            taken += 1
    m = counts[N_COUNTRIES]
    for i in range(m):
        shuffled[i] = plan[PLAN_COUNTRIES, i]
    fisher_yates(shuffled, 0, m, rng, 0)
    for i in range(counts[N_UNKNOWN_BOX]):
        out[BOX + (base[BOX_HEAD] + i) % C.NUM_COUNTRIES] = shuffled[i]
    out[RNG] = np.int64(splitmix_next(rng, 0))


# Deals `determinize` tries before it keeps a world `unreachable` rejects
# (in real games a few percent of deals are such worlds; docs/engine.md
# "Knowledge").
DETERMINIZE_TRIES = 64


@njit(cache=True)
def unreachable(S):
    """Is the unfinished game S one the rules never reach? R8 ends a game
    at once when a player holds 4 postcards, counted after each card
    arrives, so no seat holds 4 while the game goes on, except the player
    of a Trading Post whose exchange is not complete (counted when the
    group is). `deal` fills hidden places without this rule: a uniform
    deal may hand a rival 4 postcards the seat has not seen."""
    if S[PHASE] == PH_OVER or not S[EXT] & C.EXT_POSTCARDS:
        return False
    trading_post = S[PHASE] == PH_TP_PICK or S[PHASE] == PH_TP_GIVE
    for s in range(S[PLAYERS]):
        if trading_post and s == S[ACTIVE]:
            continue
        if kind_count(S, s, C.KIND_POSTCARD) >= 4:
            return True
    return False


@njit(cache=True, inline='always')
def choosable(card, last):
    """May `card` be paid or discarded after `last` in an increasing-id
    payment (R5.2, R4.4, R9.3: no forbidden item; no event is in a hand)?"""
    return card > last and not is_forbidden(card) and not (C.FIRST_EVENT <= card < C.FIRST_SPECIAL)


@njit(cache=True)
def swap_places(plan, out, i, j):
    """Exchange the cards `deal` put into hidden places i and j."""
    filled = plan[PLAN_FILLED]
    for p in (i, j):
        t = plan[PLAN_SLOT_SEAT, p]
        if t >= 0:
            out[KIND_COUNT + t * C.NUM_KINDS + CARD_KIND[filled[p]]] -= 1
    ci, cj = filled[i], filled[j]
    filled[i], filled[j] = cj, ci
    place(plan, out, i, cj)
    place(plan, out, j, ci)


@njit(cache=True)
def let_decider_act(plan, out):
    """Make the world `deal` wrote into `out` one where the seat to decide
    can take the pending step of a move it began, which a uniform deal for
    another seat need not be: the payer of a recycle, a steal or a Dispose,
    or a seat discarding, holds too few cards it may still choose (R5.2,
    R5.4, R9.3, R4.4), or a Local Guide shows only events (R9.2). Hidden
    cards change places within their pool (no event goes into a hand) until
    it can, if a world of the plan allows it: returns whether it can."""
    phase, decider = out[PHASE], out[DECIDER]
    slots = plan[PLAN_COUNTS, N_SLOTS]
    filled = plan[PLAN_FILLED]
    seat_of = plan[PLAN_SLOT_SEAT]
    pool_of = plan[PLAN_SLOT_POOL]
    if phase == PH_LG_TAKE:
        for i in range(slots):
            if seat_of[i] == -2 and C.FIRST_EVENT <= filled[i] < C.FIRST_SPECIAL:
                for j in range(slots):  # an event goes to a draw-pile place of its pool
                    if (seat_of[j] == -1 and pool_of[j] == pool_of[i]
                            and not C.FIRST_EVENT <= filled[j] < C.FIRST_SPECIAL):
                        swap_places(plan, out, i, j)
                        return True  # one card to take is enough
        return False
    if phase == PH_RECYCLE_PAY or phase == PH_DISCARD:
        last, need = out[LAST], out[NEED]
    elif phase == PH_STEAL_PAY or phase == PH_DISPOSE_WITH:
        last, need = np.int64(-1), np.int64(1)
    else:
        return False
    have = payable_above(out, decider, last)
    for i in range(slots):
        if have >= need:
            break
        if seat_of[i] != decider or choosable(filled[i], last):
            continue
        for j in range(slots):
            if seat_of[j] != decider and pool_of[j] == pool_of[i] and choosable(filled[j], last):
                swap_places(plan, out, i, j)
                have += 1
                break
    return have >= need


@njit(cache=True)
def determinize(obs, seat, seed, out):
    """Write into `out` a full state whose observation for `seat` equals `obs`
    (an output of `observe`): hidden cards dealt uniformly at random into the
    hidden places, the unknown part of the box shuffled, a fresh RNG. A deal
    the rules could not have reached is dealt again: one `unreachable`
    tells, or one where the seat to decide, another seat in the middle of a
    move, cannot take its next step. So the world is uniform over the
    reachable ones; should DETERMINIZE_TRIES deals all be unreachable, the
    last is kept, made one where the seat to decide can act
    (`let_decider_act`). Returns False (and leaves `out` unspecified) when
    no world fits `obs`."""
    plan, base = new_deal_plan()
    if not deal_plan(obs, seat, plan, base):
        return False
    legal = np.empty(NUM_ACTIONS, np.int64)
    rng = np.empty(1, np.int64)
    rng[0] = seed
    stuck = False
    for _ in range(DETERMINIZE_TRIES):
        deal(plan, base, seed, out)
        stuck = out[PHASE] != PH_OVER and legal_actions(out, legal) == 0
        if not stuck and not unreachable(out):
            break
        seed = np.int64(splitmix_next(rng, 0))
    return let_decider_act(plan, out) if stuck else True
