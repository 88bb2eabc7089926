"""Getting the bots ready: their kernels compiled into numba's cache, or
loaded from it. Every search level runs the same kernel (the settings are
an array it reads), so one tiny search warms easy to expert."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from typing import Callable, ContextManager, Iterable

from .names import searches

BOTS_DIR = Path(__file__).parent


def _view():
    from engine import Game
    game = Game.new(players=4, extensions="all", seed=0)
    return game.view(game.decider)


def _greedy_bot() -> None:
    from .baselines import GreedyBot
    GreedyBot().choose(_view())


def _planner_bot() -> None:
    from .baselines import PlannerBot
    PlannerBot().choose(_view())


def _search_bots() -> None:
    from .difficulty import LEVEL_SETTINGS
    from .ismcts import IsmctsBot
    settings = LEVEL_SETTINGS["easy"].changed(iterations=16, seconds=None)
    IsmctsBot(settings).analyse(_view(), 0)


# (what a person is told, the work, the bots that need it)
STEPS: list[tuple[str, Callable[[], None], Callable[[str], bool]]] = [
    ("the greedy bot's heuristic", _greedy_bot, lambda name: name == "greedy"),
    ("the planner's rules", _planner_bot, lambda name: name == "planner"),
    ("the search bots' ISMCTS, easy to expert", _search_bots, searches),
]


def warm(names: Iterable[str] | None = None,
         on_step: Callable[[str], ContextManager] | None = None) -> None:
    """Run the steps the bots `names` need (every step when None); note the
    cache warm once every step has run."""
    from engine.kernel_cache import ENGINE_DIR, mark_warm
    wanted = None if names is None else set(names)
    for label, step, needed_by in STEPS:
        if wanted is None or any(needed_by(name) for name in wanted):
            with on_step(label) if on_step is not None else nullcontext():
                step()
    if wanted is None:
        mark_warm(BOTS_DIR, depends_on=(ENGINE_DIR,))


def is_warm() -> bool:
    from engine.kernel_cache import ENGINE_DIR, is_warm as stamped
    return stamped(BOTS_DIR, depends_on=(ENGINE_DIR,))
