"""The bots that do not search: `random` (uniform over legal actions),
`greedy` (the one-ply heuristic of `_heuristic.py`, best-scored action) and
`planner` (the rule-based player of `_planner.py`). Each checks the view it
is given (`check_view`: free for a view the engine made) before a kernel
reads it: StateError (a ValueError) for a view that is not one of a seat to
decide."""

from __future__ import annotations

import numpy as np

from engine import SeatView, check_view


class RandomBot:
    """Uniform over the legal actions; seeded."""

    # A change to how a rule-based bot plays raises its VERSION: results
    # files record it (bots.difficulty.search_settings_of), so a file of the
    # old bot is refused rather than taken for today's.
    VERSION = 1

    def __init__(self, seed: int = 0, name: str = "random"):
        self.name = name
        self._rng = np.random.default_rng(seed)

    def choose(self, view: SeatView) -> int:
        legal = check_view(view, deciding=True).legal_actions
        return legal[int(self._rng.integers(len(legal)))]


class GreedyBot:
    """Travel when it can, chase the missing items of its next destination,
    recycle or steal for them, offer and accept trades that help it, get rid
    of forbidden items, use special items sensibly — one ply, no search."""

    VERSION = 1

    def __init__(self, seed: int = 0, name: str = "greedy"):
        self.name = name
        self._buffer = np.empty(256, np.int64)

    def choose(self, view: SeatView) -> int:
        from ._heuristic import best_action
        view = check_view(view, deciding=True)
        legal = view.legal_actions
        n = len(legal)
        self._buffer[:n] = legal
        return int(best_action(view.observation, self._buffer, n, view.seat))


class PlannerBot:
    """Plans for its next destination, keeps what the center will need,
    chooses payments and offers as sets, trades without feeding a rival
    close to winning, races for postcards and denies them; no search."""

    VERSION = 2  # 2: plays a recycle that takes its fourth postcard through to the win

    def __init__(self, seed: int = 0, name: str = "planner"):
        self.name = name
        self._buffer = np.empty(256, np.int64)
        self._scratch = np.zeros(24, np.int64)

    def choose(self, view: SeatView) -> int:
        from ._planner import planner_action
        view = check_view(view, deciding=True)
        legal = view.legal_actions
        n = len(legal)
        self._buffer[:n] = legal
        return int(planner_action(view.observation, self._buffer, n, view.seat, self._scratch))


RULE_BOTS = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot}
