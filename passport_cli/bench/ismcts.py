"""ISMCTS speed: search iterations per second on one core, from typical
4-player all-extension positions. A benchmark, not a test (STYLE.md 11).

Positions come from games of four greedy bots (seeded, so every run times
the same positions): each is a main decision of the seat to move, taken
every few decisions. The search runs with the expert's settings but a fixed
number of iterations, so each position's time is comparable; the reported
speed is the median over positions.
"""

from __future__ import annotations

import platform
import statistics
import time


def typical_positions(count: int, seed: int = 0):
    """`count` seat views at main decisions of greedy 4-player games."""
    from bots.baselines import GreedyBot
    from engine import Game, Phase

    views = []
    game_seed = seed
    while len(views) < count:
        game = Game.new(players=4, extensions="all", seed=game_seed)
        bots = [GreedyBot(s) for s in range(4)]
        decisions = 0
        while not game.over and len(views) < count:
            seat = game.decider
            view = game.view(seat)
            if game.phase == Phase.MAIN and len(view.legal_actions) > 1:
                decisions += 1
                if decisions % 6 == 0:
                    views.append(view)
            game.apply(bots[seat].choose(view))
        game_seed += 1
    return views


def searching_settings(bot: str = "expert"):
    """The search settings of the bot named `bot` (a level or a variant of
    one); BotNameError, one sentence, for a name that is no searching bot."""
    from bots.difficulty import settings_of
    from bots.names import BotNameError, check_names, searches

    check_names([bot], measurement=True)
    if not searches(bot) or bot.startswith("cheater"):
        raise BotNameError(f"{bot!r} is no searching level or variant of one")
    return settings_of(bot)


def run_ismcts_bench(positions: int, iterations: int, settings=None) -> dict:
    """Time the search (the expert's, or `settings`, a level's) from each
    position; iterations per second, median."""
    import numba

    from bots.ismcts import IsmctsBot

    from .engine import single_core

    # the whole budget every time: stopping early would time a different tree size
    settings = (settings or searching_settings()).changed(
        iterations=iterations, seconds=None, stop_when_decided=False)
    table = settings.search  # the expert's at four players with every extension, the positions' table
    views = typical_positions(positions)
    IsmctsBot(settings.changed(iterations=50)).analyse(views[0], 0)  # load the kernels
    speeds = []
    with single_core() as cpu:
        for i, view in enumerate(views):
            bot = IsmctsBot(settings, seed=i)
            start = time.perf_counter()
            bot.analyse(view, i)
            speeds.append(bot.last_iterations / (time.perf_counter() - start))
    return {
        "benchmark": "ismcts",
        "positions": len(views),
        "iterations_per_position": iterations,
        "iterations_per_second": statistics.median(speeds),
        "slowest_position": min(speeds),
        "fastest_position": max(speeds),
        "settings": {"rollout_depth": table.rollout_depth, "epsilon": table.epsilon,
                     "exploration": table.exploration, "evaluation": table.evaluation,
                     "belief_sweeps": table.belief_sweeps},
        "cpu": cpu,
        "python": platform.python_version(),
        "numba": numba.__version__,
    }
