"""Setting up a game (R3, docs/engine.md "Setup"), in the documented order of
random draws, so the reference model can follow it exactly."""

import numpy as np
from numba import njit

from . import cards as C
from ._core import (
    NUM_CARDS, all_seats, draw_pop, fisher_yates, hand_add, shuffle_list,
)
from ._turns import begin_turn
from ._layout import (
    ACTIVE, BOX, BOX_HEAD, BOX_SIZE, CENTER, CHARACTER, DRAW, DRAW_HEAD, DRAW_SIZE, EXT, HAND_SIZE,
    KNOWN, LAST, LOC, LOC_DRAW, LOC_OUT, MAX_PLAYERS, NEW, OWN, PLAYERS, RNG, ROUND_CAP,
    START_SEAT, STATE_SIZE, STRIKE, TARGET, TURN, WINNER,
)


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
    fisher_yates(scratch, 0, 12, S, RNG)
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
