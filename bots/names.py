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
    "expert": "the strongest in duels, hard's equal at four players; hint asks it",
}
# The bots that do not search: uniform random, the one-ply heuristic, and
# the rule-based planner.
BASELINES = ("random", "greedy", "planner")
BOT_NAMES = BASELINES + LEVELS
# cheater-LEVEL: LEVEL's search on the true state, which sees every hand.
# Tournaments accept it, to measure what hidden information costs; nothing
# else does.
CHEATER = "cheater-"
# cheater-LEVEL@PHASE[/PHASE...]: a cheater that sees every hand only at the
# decisions of the phases named (engine.actions.Phase labels, docs/engine.md
# "Phases and their legal actions"; e.g. cheater-expert@main) and its seat's
# view at the others: where in a turn hidden information costs. Tournaments
# accept it.
SEES_AT = "@"
# The levels that play an opening book's moves where it has them
# (docs/openings.md).
BOOK_LEVELS = ("hard", "expert")
# LEVEL+book: LEVEL playing an opening book's moves where it has them.
# Tournaments accept it, with the book to use, to measure what a book is
# worth.
BOOKED = "+book"
BOOKED_NAMES = tuple(level + BOOKED for level in BOOK_LEVELS)
MEASUREMENT_BOTS = tuple(CHEATER + level for level in LEVELS) + BOOKED_NAMES
# LEVEL+SETTING=VALUE[+SETTING=VALUE...]: LEVEL with some of its search
# settings changed at every table (bots/search_settings.py), e.g.
# medium+planner_prior=1: a change to a level tested against the level by a
# tournament's SPRT before any code changes. Tournaments accept it.
VARIANT = "+"
# cmd:COMMAND: an outside program that plays through the agent protocol
# (arena/agents.py, docs/agent-protocol.md). Where a list of bots allows it.
AGENT = "cmd:"


class BotNameError(ValueError):
    """A name that is no bot (or a list that is not a list of names); one line."""


def level_of(name: str) -> str:
    """The level a bot name searches at: 'hard' for hard, cheater-hard,
    hard+book and hard+planner_prior=8."""
    return name.removeprefix(CHEATER).split(SEES_AT)[0].removesuffix(BOOKED).split(VARIANT)[0]


def phases_seen_of(name: str) -> tuple[str, ...]:
    """The phases at which cheater-LEVEL@PHASE[/PHASE...] sees every hand, as
    written: ('main',) for cheater-expert@main; () for any other name (its
    syntax only: bots.difficulty.make_bot checks the phases)."""
    if not name.startswith(CHEATER) or SEES_AT not in name:
        return ()
    level, phases = name.removeprefix(CHEATER).split(SEES_AT, 1)
    parts = tuple(phases.split("/"))
    return parts if level in LEVELS and all(parts) else ()


def variant_of(name: str) -> tuple[tuple[str, str], ...]:
    """The settings a variant name changes, as written: ('planner_prior',
    '8') for hard+planner_prior=8; () for any other name (its syntax only:
    bots.difficulty.settings_of checks the settings)."""
    level, *parts = name.split(VARIANT)
    if level not in LEVELS or not parts:
        return ()
    changes = tuple(tuple(part.split("=", 1)) for part in parts)
    if all(len(c) == 2 and c[0].isidentifier() and c[1] for c in changes):
        return changes
    return ()


def plays_book(name: str) -> bool:
    """Whether `name` is LEVEL+book, a level playing an opening book."""
    return name.endswith(BOOKED)


def is_agent(name: str) -> bool:
    """Whether `name` is an outside program (cmd:COMMAND)."""
    return name.startswith(AGENT)


def searches(name: str) -> bool:
    """Whether the bot `name` searches (a level or a cheater), so it thinks a while."""
    return level_of(name) in LEVELS


def check_names(names, measurement: bool = False, agents: bool = False) -> None:
    """BotNameError for the first name that is no bot (cheater-LEVEL is one
    only with `measurement`, cmd:COMMAND only with `agents`)."""
    known = BOT_NAMES + (MEASUREMENT_BOTS if measurement else ())
    for name in names:
        if agents and is_agent(name):
            if not name[len(AGENT):].strip():
                raise BotNameError(f"{name!r} names no program (write e.g. cmd:python mybot.py)")
        elif name not in known and not (measurement and (variant_of(name) or phases_seen_of(name))):
            raise BotNameError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}"
                               + (" (or cheater-LEVEL, cheater-LEVEL@PHASE, "
                                  + " or ".join(BOOKED_NAMES)
                                  + " and LEVEL+SETTING=VALUE, for measurement)"
                                  if measurement else "")
                               + (" or cmd:COMMAND, an outside program" if agents else ""))


def parse_bots(text: str, measurement: bool = False, agents: bool = False) -> tuple[str, ...]:
    """'expert,greedy,greedy' -> ('expert', 'greedy', 'greedy'); names checked
    (cheater-LEVEL too with `measurement`; with `agents`, cmd:COMMAND, whose
    command is kept as written, and may not hold a comma)."""
    names = []
    for part in text.split(","):
        part = part.strip()
        if agents and part[:len(AGENT)].lower() == AGENT:
            names.append(AGENT + part[len(AGENT):].strip())
        else:
            names.append(part.lower())
    if not all(names):
        raise BotNameError(f"{text!r} is not a comma-separated list of bot names")
    check_names(names, measurement, agents)
    return tuple(names)


def parse_choices(text: str, known: tuple[str, ...], noun: str,
                  agents: bool = False) -> list[str]:
    """'easy,Hard' -> ['easy', 'hard'], each one of `known` (or, with
    `agents`, cmd:COMMAND); BotNameError naming the first that is not
    ('wizard' is not a level; ...)."""
    chosen = []
    for part in text.split(","):
        part = part.strip()
        if agents and part[:len(AGENT)].lower() == AGENT:
            chosen.append(AGENT + part[len(AGENT):].strip())
            check_names(chosen[-1:], agents=True)
        else:
            chosen.append(part.lower())
    unknown = [name for name in chosen if name not in known and not (agents and is_agent(name))]
    if unknown:
        raise BotNameError(f"{unknown[0]!r} is not a {noun}; choose from {', '.join(known)} "
                           + ("or cmd:COMMAND, an outside program " if agents else "")
                           + "(or one per bot, comma-separated)")
    return chosen
