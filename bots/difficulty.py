"""The difficulty ladder, each level a character sheet, and the factory
that builds any bot by name.

A level is its search settings at every table (`LevelSettings`,
bots/search_settings.py). What every level does is the search's code (the
planner's payments and discards, no choice the planner rules out, no offer
it would decline from the other side); each line here is what sets a level
apart, with why in a sentence and, in quotes, the entry of the decision log
(docs/experiments.md) that holds its measurements. The ladder's figures
are in docs/strength.md: in duels each level scores at least 60% against
the one below. Budget alone is a weak step, so each level also knows more
than the one below ("The ladder at 20, 200, 2,000 and 40,000 iterations").
"""

from __future__ import annotations

from dataclasses import asdict, fields

from engine import Phase
from engine.cards import ALL_EXTENSIONS

from .baselines import RULE_BOTS
from .ismcts import CheatingIsmctsBot, IsmctsBot, PartlyCheatingIsmctsBot
from .search_settings import LevelSettings, SearchSettings
from .names import (
    BOOK_LEVELS, CHEATER, LEVELS, BotNameError, check_names, level_of, phases_seen_of, plays_book,
    variant_of,
)

# The expert thinks for `think` seconds a move, counted in iterations at a
# nominal speed rather than by the clock, so that the same seed and the same
# view give the same move on any machine: about what `passport bench ismcts`
# measures for its search ("A `--think` second counts 40,000 iterations").
NOMINAL_ITERATIONS_PER_SECOND = 40_000
EXPERT_THINK = 1.0

# Easy, a beginner: a tiny search with short, noisy rollouts that explores
# more ("Twentyfold budget steps").
EASY = LevelSettings(SearchSettings(
    iterations=20, rollout_depth=4, epsilon=0.6, exploration=1.0,
    answerable_offers=True,  # only offers its target could accept ("Offers a target could accept")
))

# Medium, a casual player: ten times easy's budget, clean rollouts.
_MEDIUM = SearchSettings(
    iterations=200, rollout_depth=20,
    infer_travel=True,        # a rival who did not travel lacks a card ("Reading missed travels")
    travel_first=True,        # a seat that can travel travels ("A seat that can travel travels")
    # from three players up: without it, searching seats steal from each
    # other to the round cap ("Medium with the planner's move as a prior")
    planner_prior=1.0,
    answerable_offers=True,   # ("Offers a target could accept")
    guessed_hands=True,       # rollout rivals do not see its hand ("The same for medium")
)
MEDIUM = LevelSettings(_MEDIUM, duel=_MEDIUM.changed(planner_prior=0.0))  # in duels stealing wins

# Hard, a good player: ten times medium's budget.
_HARD_DUEL = SearchSettings(
    iterations=2_000, rollout_depth=20, infer_travel=True, travel_first=True,
    answerable_offers=True,   # ("The same for hard's and the expert's duels")
)
HARD = LevelSettings(_HARD_DUEL.changed(
    # from three players up it scores its rollouts as the expert does; its
    # duels keep the hand-set score, where the fitted one made it the
    # expert's equal ("Hard scores with the fitted evaluation from three players up")
    rollout_depth=10, evaluation="fitted",
    planner_prior=8.0,        # its games would drag on in steals ("Hard with a prior of 8 from three players up")
    # most of its offers could be accepted there either way ("The same for
    # hard's and the expert's duels")
    answerable_offers=False,
), duel=_HARD_DUEL)


def expert_settings(think: float = EXPERT_THINK) -> LevelSettings:
    """The expert, `think` seconds' worth of search (a clock cap at three
    times that keeps a slow machine from stalling): what it knows makes it
    the strongest, and it spares a person's wait."""
    search = SearchSettings(
        iterations=max(int(think * NOMINAL_ITERATIONS_PER_SECOND), 50), seconds=3.0 * think,
        rollout_depth=10, evaluation="fitted",  # ("A fitted evaluation")
        belief_sweeps=2,          # hands sampled as players keep them ("Beliefs with the fitted evaluation")
        infer_travel=True, travel_first=True,   # as medium
        reachable_worlds=True,    # no world the rules could not reach ("Worlds no game reaches")
        guessed_hands=True,       # ("Rollout rivals who do not see the seat's hand")
        keep_refusals=True,       # a rival says no again within its turn ("Rivals keep their refusals")
        duel_offer_margin=0.02,   # a duel's rival declines nearly every offer ("An offer margin in duels")
        # a person's wait: a move's later decisions go on in its tree on a
        # quarter of the budget ("Going on in the tree of the move"), a
        # quarter after a declined offer ("A quarter of the budget after a
        # declined offer", "Less search for the offers after a declined
        # one"), and it stops on a lead ("Stopping on a lead")
        reuse_tree=True, inner_share=0.25, declined_share=0.25, declined_inner_share=0.25,
        decided_share=0.25,
    )
    return LevelSettings(
        search,
        duel=search.changed(answerable_offers=True),  # ("The same for hard's and the expert's duels")
        # without postcards to race for, searching seats steal at nearly
        # every turn, and a fixed prior fades as the budget grows ("A prior
        # in step with the budget without postcards")
        prior_without_postcards=4.0,
    )


# A person waits for a hint: its search (the expert's) also stops at this
# share of the expert's thinking time of clock, so that a hint at the
# default `--think 1` takes under a second even where a position's
# iterations are slow ("A hint's clock cap"). The expert's own moves keep
# their budget in iterations (the same move on any machine).
HINT_CLOCK_SHARE = 0.85


def hint_settings(think: float | None = None) -> LevelSettings:
    """The search behind `hint`: the expert's, `think` seconds' worth, with
    a clock cap of HINT_CLOCK_SHARE of `think` (README, "Speed")."""
    settings = expert_settings(think) if think else expert_settings()
    return settings.changed(seconds=HINT_CLOCK_SHARE * (think or EXPERT_THINK))


LEVEL_SETTINGS = dict(zip(LEVELS, (EASY, MEDIUM, HARD, expert_settings()), strict=True))


def level_settings(level: str, think: float | None = None) -> LevelSettings:
    """The search settings of a level; `think` changes only the expert's."""
    return expert_settings(think) if level == "expert" and think else LEVEL_SETTINGS[level]


# The search settings a variant name may change: all but whether the search
# sees every hand, which only a cheater's name says, and a level's prior
# without postcards (`LevelSettings`).
_SETTING_NAMES = (frozenset(f.name for f in fields(SearchSettings)) - {"sees_everything"}
                  | {"prior_without_postcards"})
# The least value of a number a variant sets (0 for the others): a search
# needs a move's worth of budget.
_LEAST = {"iterations": 1}


def phases_seen(name: str) -> tuple[Phase, ...]:
    """The phases at which cheater-LEVEL@PHASE[/PHASE...] sees every hand;
    BotNameError, one sentence, for a label that is no decision's phase."""
    labels = {phase.label: phase for phase in Phase if phase != Phase.OVER}
    for label in phases_seen_of(name):
        if label not in labels:
            raise BotNameError(f"{name!r}: {label!r} is not a phase of a decision; "
                               f"choose from {', '.join(labels)}")
    return tuple(labels[label] for label in phases_seen_of(name))


def settings_of(name: str, think: float | None = None) -> LevelSettings:
    """The search settings of a searching bot by name: its level's, with
    the changes a variant name (LEVEL+SETTING=VALUE, bots/names.py) makes;
    BotNameError, one sentence, for a setting that does not exist or a
    value it cannot take (or, for cheater-LEVEL@PHASE, a phase that does
    not exist)."""
    phases_seen(name)
    settings = level_settings(level_of(name), think)
    changes = {}
    for key, text in variant_of(name):
        if key not in _SETTING_NAMES:
            raise BotNameError(f"{name!r}: {key!r} is not a search setting a variant may change "
                               f"(see SearchSettings in bots/search_settings.py)")
        current = getattr(settings if key == "prior_without_postcards" else settings.search, key)
        value = _setting_value(name, key, text, current)
        least = _LEAST.get(key, 0)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not value >= least:
            raise BotNameError(f"{name!r}: {key} must be at least {least}, not {text}")
        changes[key] = value
    if not changes:
        return settings
    try:
        changed = settings.changed(**changes)
        for players, extensions in ((2, ALL_EXTENSIONS), (4, ALL_EXTENSIONS), (4, 0)):
            changed.at_table_of(players, extensions).params(players)  # the kernel's own checks
    except (TypeError, ValueError) as error:
        raise BotNameError(f"{name!r}: {error}") from None
    return changed


def _setting_value(name: str, key: str, text: str, current):
    """A variant's value for `key`, read as the type of the level's value."""
    try:
        if isinstance(current, bool):
            if text not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError
            return text in ("true", "1", "yes")
        if isinstance(current, int):
            return int(text)
        if isinstance(current, float) or (current is None and key == "seconds"):
            return None if text == "none" else float(text)
        return text
    except ValueError:
        raise BotNameError(f"{name!r}: {key} takes a {type(current).__name__} "
                           f"like {current!r}, not {text!r}") from None


def iterations_per_move(name: str, think: float | None = None) -> int | None:
    """The search budget of a bot by name (a cheater's is its level's), or
    None for a bot that does not search. Tournament files record it, so that
    a run is never resumed with other budgets than it started with."""
    return settings_of(name, think).iterations if level_of(name) in LEVELS else None


def search_settings_of(name: str, think: float | None = None, players: int | None = None,
                       extensions: int | None = None) -> dict | None:
    """Every search setting of a bot by name, as plain data (a cheater's are
    its level's): those in effect in a game of `players` seats with the
    extensions of bit mask `extensions` when both are given
    (`LevelSettings.at_table_of`), else the level's at every table; for a bot that does not search, its
    version ({"version": N}) from the second on, else None. Tournament files
    record them, so that a run is never resumed with other bots than it
    started with."""
    level = level_of(name)
    if level not in LEVELS:
        # a rule-based bot: its version, from the second on (the files written
        # before versions were recorded hold the first as no settings)
        version = RULE_BOTS[name].VERSION if name in RULE_BOTS else 1
        return None if version == 1 else {"version": version}
    if (players is None) != (extensions is None):
        raise ValueError("a table is its players and its extensions: give both or neither")
    settings = settings_of(name, think)
    return asdict(settings if players is None else settings.at_table_of(players, extensions))


def make_bot(name: str, seed: int = 0, think: float | None = None, measurement: bool = False,
             book=None):
    """A bot by name: random, greedy, planner, easy, medium, hard, expert. With
    `measurement` (tournaments only), also `cheater-LEVEL`: that level's
    search on the true state, to measure what hidden information costs, and
    `cheater-LEVEL@PHASE`, which sees the true state at that phase's
    decisions only. Hard and the expert play `book`'s moves where they have
    them (BOOK_LEVELS; an openings.Book). An outside program (cmd:COMMAND)
    is no bot: the arena seats it (arena.match.bot_players)."""
    check_names([name], measurement)
    if plays_book(name):
        if book is None:
            raise ValueError(f"{name} plays an opening book, and none was given")
        return IsmctsBot(level_settings(level_of(name), think), seed, name, book=book)
    if variant_of(name):
        return IsmctsBot(settings_of(name, think), seed, name)
    if phases_seen_of(name):
        return PartlyCheatingIsmctsBot(settings_of(name, think), phases_seen(name), seed, name)
    if name.startswith(CHEATER):
        return CheatingIsmctsBot(level_settings(level_of(name), think), seed, name)
    if name in RULE_BOTS:
        return RULE_BOTS[name](seed, name)
    return IsmctsBot(level_settings(name, think), seed, name,
                     book=book if name in BOOK_LEVELS else None)
