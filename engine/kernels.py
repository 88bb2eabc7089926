"""The engine's public kernel surface: what search code running inside numba uses.

    from engine.kernels import STATE_SIZE, PHASE, legal_actions, apply_action, ...

`Game` wraps these kernels for Python. A search that plays thousands of
moves a second calls them directly on state arrays of its own, inside its
own njit loop; this module is everything such code may use, and the
engine's `_` modules stay private behind it. Every function is a numba
kernel working on the flat int64 state described in `engine/_layout.py`,
whose names are re-exported here:

- the layout: STATE_SIZE, the field offsets (PLAYERS, PHASE, DECIDER,
  ACTIVE, TARGET, LOC, KNOWN, KIND_COUNT, HAND_SIZE, OWN, CENTER, ...), the
  phases PH_*, the action ids A_* and NUM_ACTIONS, the card places LOC_*,
  the game-over reasons REASON_*, MAX_PLAYERS, MAX_DECLINED_OFFERS;
- card tables as arrays numba reads: CARD_KIND[card] is a card's kind,
  REQUIRED[country, i] the i-th item kind a country asks for;
- the rules: `new_game`, `legal_actions` (ids increasing), `apply_action`
  (the caller checks legality), `destination`, `travel_options`,
  `hand_limit`, `recycle_cost`, `kind_count`, `forbidden_count`,
  `payable_count`, `copies_in_play`, `is_event`, `is_forbidden`;
- hidden information (R7.4, docs/engine.md "Knowledge"): `observe`;
  `new_deal_plan`, `deal_plan` and `deal`, which sample the hidden cards of
  an observation (`determinize` does both at once, and deals again a
  world the rules could not have reached, which a bare `deal` may give:
  one `unreachable` finds, or one where the seat to decide, another seat
  in the middle of a move, cannot take its next step); LOC_HIDDEN and HIDDEN,
  what an observation shows in place of what its seat does not know;
  `last_seen_in`, a seat's memory of where it last saw a card;
- random numbers: `splitmix_next` (docs/engine.md "Random numbers");
- `play_random`, a whole uniformly random playout;
- `note_offers` and `remember`, the public memory `Game.apply` keeps of
  trade offers and of where cards were last seen (docs/engine.md, "Memory");
  a search's simulated moves leave it as it was at the root.

A move log is an int64 array of shape (rows, 4); search code passes
`np.zeros((1, 4), np.int64)`, which records nothing.

Importing this module first clears cached machine code compiled from other
sources of the engine (engine/kernel_cache.py): numba's cache only checks
the file that defines each kernel. A package whose kernels call these (the
bots) does the same for itself, with `depends_on=(ENGINE_DIR,)`.
"""

from .kernel_cache import ENGINE_DIR, drop_stale_kernels

drop_stale_kernels(ENGINE_DIR)

import numpy as np  # noqa: E402 -- after the cache check, before any kernel loads
from numba import njit  # noqa: E402

from ._layout import (  # noqa: E402,F401 -- the layout is part of this surface
    ACTIONS_LEFT, ACTIONS_TAKEN, ACTIVE, ASK, ASKED, A_BINOCULARS, A_CARD, A_DECLARE, A_DISPOSE,
    A_DONE, A_DRAW, A_END_TURN, A_KIND, A_LOCAL_GUIDE, A_MAP, A_NO, A_RECYCLE, A_SEAT, A_SMUGGLE,
    A_STEAL_FROM, A_TRADE_TO, A_TRADING_POST, A_TRAVEL, A_TRAVEL_CARD, A_UPGRADE, A_YES, BOX,
    BOX_HEAD, BOX_KNOWN, BOX_SIZE, CENTER, CHARACTER, DECIDER, DECLINED, DISCARD, DISCARDER,
    DISCARD_SIZE, DRAW, DRAW_HEAD, DRAW_NEW, DRAW_SIZE, END_REASONS, EXT, FORBIDDEN_CARD, GIVE,
    HAND_NEW, HAND_SIZE, HEADER_SIZE, KIND_COUNT, KNOWN, LAST, LAST_SEEN, LIMIT_CHECKED, LOC,
    LOC_DISCARD, LOC_DRAW, LOC_EVENT, LOC_LOOK, LOC_OUT, LOG_BINOCULARS, LOG_COUNTRY, LOG_EVENT,
    LOG_MOVE, LOG_REVEAL, LOG_REVEALED, LOG_SHUFFLE, LOG_SHUFFLED, LOG_TURN, LOOK, LOOK_PICK,
    MAX_DECLINED_OFFERS, MAX_PLAYERS, NEED, NEW, NUM_ACTIONS, NUM_CARDS, NUM_COUNTRIES, NUM_KINDS,
    N_ASK, N_GIVE, N_LOOK, N_TAKEN, OWN, PHASE, PH_DISCARD,
    PH_DISPOSE_WITH, PH_LG_TAKE, PH_MAIN, PH_MOUSETRAP, PH_OVER, PH_RECYCLE_PAY, PH_RECYCLE_TAKE,
    PH_SMUGGLE_TO, PH_STEAL_PAY, PH_TP_GIVE, PH_TP_PICK, PH_TRADE_ASK, PH_TRADE_GIVE,
    PH_TRADE_REPLY, PLAYERS, P_BOX, P_CENTER, P_DISCARD, P_DRAW, P_DRAW_BOTTOM, P_EVENT, P_HAND,
    P_LOOK, P_OUT, P_TABLE, P_VISITED, REASON, REASON_CENTER, REASON_NONE, REASON_POSTCARDS,
    REASON_ROUND_CAP, REFUSED, RNG, ROUND_CAP, START_SEAT, STATE_SIZE, STRIKE, TAKEN, TARGET, TURN,
    VISITED, WINNER,
)
from ._core import (  # noqa: E402,F401
    CARD_KIND, REQUIRED, copies_in_play, forbidden_count, is_event, is_forbidden, kind_count,
    payable_count, splitmix_next,
)
from ._turns import hand_limit, recycle_cost  # noqa: E402,F401
from ._legal import destination, legal_actions, travel_options  # noqa: E402,F401
from ._apply import apply_action, mirror_offer  # noqa: E402,F401
from ._setup import new_game  # noqa: E402,F401
from ._knowledge import (  # noqa: E402,F401
    DETERMINIZE_TRIES, HIDDEN, LOC_HIDDEN, deal, deal_plan, determinize, last_seen_in,
    new_deal_plan, note_offers, observe, remember, unreachable,
)


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
