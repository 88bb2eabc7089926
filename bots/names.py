"""The bots' names, defined once, and the parsers of lists of them.

It imports nothing: `passport --help` and the commands' option checks read
it without loading the engine or numba.
"""

from __future__ import annotations

# The search levels, weakest first (their settings: bots/difficulty.py).
LEVELS = ("easy", "medium", "hard", "expert")
# What each level means to a person choosing an opponent, one line each
# (`passport play --help`, the start of a game, the README).
LEVEL_WORDS = {
    "easy": "a beginner: a very short search, and often a random move",
    "medium": "a casual player: a short search, 200 playouts a move",
    "hard": "a good player: 10 times medium's search; beats it in 3 duels of 5",
    "expert": "the strongest: about a second of search a move; hint asks it",
}
# The bots that do not search: uniform random, the one-ply heuristic, and
# the rule-based planner.
BASELINES = ("random", "greedy", "planner")
BOT_NAMES = BASELINES + LEVELS
# cheater-LEVEL: LEVEL's search on the true state, which sees every hand.
# Tournaments accept it, to measure what hidden information costs; nothing
# else does.
CHEATER = "cheater-"
MEASUREMENT_BOTS = tuple(CHEATER + level for level in LEVELS)


class BotNameError(ValueError):
    """A name that is no bot (or a list that is not a list of names); one line."""


def level_of(name: str) -> str:
    """The level a bot name searches at: 'hard' for hard and cheater-hard."""
    return name.removeprefix(CHEATER)


def searches(name: str) -> bool:
    """Whether the bot `name` searches (a level or a cheater), so it thinks a while."""
    return level_of(name) in LEVELS


def check_names(names, measurement: bool = False) -> None:
    """BotNameError for the first name that is no bot (cheater-LEVEL is one
    only with `measurement`)."""
    known = BOT_NAMES + (MEASUREMENT_BOTS if measurement else ())
    unknown = [name for name in names if name not in known]
    if unknown:
        raise BotNameError(f"unknown bot {unknown[0]!r}; choose from {', '.join(BOT_NAMES)}"
                           + (" (or cheater-LEVEL, for measurement)" if measurement else ""))


def parse_bots(text: str, measurement: bool = False) -> tuple[str, ...]:
    """'expert,greedy,greedy' -> ('expert', 'greedy', 'greedy'); names checked
    (cheater-LEVEL too with `measurement`)."""
    names = tuple(part.strip().lower() for part in text.split(","))
    if not all(names):
        raise BotNameError(f"{text!r} is not a comma-separated list of bot names")
    check_names(names, measurement)
    return names


def parse_choices(text: str, known: tuple[str, ...], noun: str) -> list[str]:
    """'easy,Hard' -> ['easy', 'hard'], each one of `known`; BotNameError
    naming the first that is not ('wizard' is not a level; ...)."""
    chosen = [part.strip().lower() for part in text.split(",")]
    unknown = [name for name in chosen if name not in known]
    if unknown:
        raise BotNameError(f"{unknown[0]!r} is not a {noun}; choose from {', '.join(known)} "
                           "(or one per bot, comma-separated)")
    return chosen
