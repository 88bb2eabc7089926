"""The engine's kernel entry points, gathered: setup, legal actions, applying an
action, and a whole random playout (for benchmarks and tests).

The contract (action ids, phases, canonical orders) is docs/engine.md; the
rules are RULES.md. The work is split by what it does: `_setup`, `_turns`,
`_legal`, `_apply` on top of `_core` (cards, piles, events, knowledge).
"""

import numpy as np
from numba import njit

from ._apply import apply_action
from ._core import splitmix_next
from ._layout import NUM_ACTIONS, PHASE, PH_OVER
from ._legal import legal_actions
from ._setup import new_game

__all__ = ["apply_action", "legal_actions", "new_game", "play_random"]


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
