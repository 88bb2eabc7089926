"""The turn structure (R4): starting a turn, ending an action, the hand limit
(R4.4), and ending the turn or the game at the round cap (R8)."""

from numba import njit

from . import cards as C
from ._core import (
    draw_one, end_game, forbidden_count, holds, log_row,
)
from ._layout import (
    ACTIONS_LEFT, ACTIONS_TAKEN, ACTIVE, CHARACTER, DECIDER, DECLINED, DISCARDER, HAND_SIZE, LAST,
    LIMIT_CHECKED, LOG_TURN, NEED, PHASE, PH_DISCARD, PH_MAIN, PH_OVER, PLAYERS, REASON_ROUND_CAP,
    ROUND_CAP, STRIKE, TURN,
)


# ---- turn structure (R4) ----------------------------------------------------

@njit(cache=True, inline='always')
def character_of(S, seat):
    return S[CHARACTER + seat]


@njit(cache=True, inline='always')
def hand_limit(S, seat):
    """The most cards `seat` may hold after an action: R4.4, the Backpacker 9 (R9.5)."""
    return 9 if S[CHARACTER + seat] == C.BACKPACKER else 7


@njit(cache=True, inline='always')
def recycle_cost(S, seat):
    """Cards `seat` pays to recycle: R5.2, the Collector 1 (R9.5)."""
    return 1 if S[CHARACTER + seat] == C.COLLECTOR else 2


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
