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


def make_bot(name: str, seed: int = 0, think: float | None = None):
    """A bot by name: random, greedy, easy, medium, hard, expert."""
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
