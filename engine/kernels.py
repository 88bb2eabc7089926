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

from ._layout import *  # noqa: E402,F401,F403 -- the layout is part of this surface
from ._layout import NUM_ACTIONS, PHASE, PH_OVER  # noqa: E402
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
