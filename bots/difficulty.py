"""The difficulty ladder and the factory that builds any bot by name."""

from __future__ import annotations

from .baselines import GreedyBot, RandomBot
from .ismcts import IsmctsBot, SearchSettings

LEVELS = {
    "easy": SearchSettings(iterations=200, rollout_depth=10, epsilon=0.3),
    "medium": SearchSettings(iterations=1500, rollout_depth=20),
    "hard": SearchSettings(iterations=8000, rollout_depth=20),
    "expert": SearchSettings(iterations=1_000_000, seconds=1.0, rollout_depth=20),
}
BOT_NAMES = ("random", "greedy") + tuple(LEVELS)


def make_bot(name: str, seed: int = 0, think: float | None = None, measurement: bool = False):
    """A bot by name: random, greedy, easy, medium, hard, expert. With
    `measurement` (tournaments only), also `cheater-LEVEL`: that level's
    search on the true state, to measure what hidden information costs."""
    if measurement and name.startswith("cheater-"):
        from .ismcts import CheatingIsmctsBot
        level = name.removeprefix("cheater-")
        if level not in LEVELS:
            raise ValueError(f"unknown bot {name!r}")
        settings = LEVELS[level]
        if think is not None and level == "expert":
            from dataclasses import replace
            settings = replace(settings, seconds=think)
        return CheatingIsmctsBot(settings, seed, name)
    if name == "random":
        return RandomBot(seed, name)
    if name == "greedy":
        return GreedyBot(seed, name)
    if name not in LEVELS:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
    settings = LEVELS[name]
    if think is not None and name == "expert":
        from dataclasses import replace
        settings = replace(settings, seconds=think)
    return IsmctsBot(settings, seed, name)
