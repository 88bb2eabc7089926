"""The difficulty ladder and the factory that builds any bot by name."""

from __future__ import annotations

from dataclasses import asdict, fields, replace

from engine import Phase
from engine.cards import ALL_EXTENSIONS

from .baselines import RULE_BOTS
from .ismcts import IsmctsBot, PartlyCheatingIsmctsBot, SearchSettings
from .names import (
    CHEATER, LEVELS, BotNameError, check_names, level_of, phases_seen_of, plays_book, variant_of,
)

# The levels that play an opening book's moves where it has them (docs/openings.md).
BOOK_LEVELS = ("hard", "expert")

# The expert thinks for `think` seconds a move, counted in iterations at a
# nominal speed rather than by the clock, so that the same seed and the same
# view give the same move on any machine. The nominal speed is about what
# `passport bench ismcts` measures for the expert's search on the
# development machine, so a `--think 1` move takes about a second of clock
# there (docs/experiments.md has the rows measured at an earlier rate). A
# clock cap at three times the budget keeps a slow machine from stalling.
NOMINAL_ITERATIONS_PER_SECOND = 40_000
EXPERT_THINK = 1.0


def expert_settings(think: float = EXPERT_THINK) -> SearchSettings:
    """The expert: the strongest settings, `think` seconds' worth of search.
    Every decision in its tree is a node, its rivals' too, and each seat
    picks its own best move (max^n): a rival is modelled as a player who
    searches, not as the rollout policy. Against three planners, four
    players, every extension, that won 48.0% against 37.0% with rivals
    played by the rollout policy on the same 200 games at 4,000 iterations
    a move (+11 points paired), +8.7 and +4.5 points over two sets of 400
    games at 1,000, in runs that took less time; against three greedy bots
    it made no difference shown (-2.0 +- 5.9 points paired over 400 games),
    and an SPRT at four players against the expert with rivals by policy
    accepted that it is not 5 points weaker (28.1% over 52 deals, H1;
    docs/experiments.md, "Rivals searched, not played by the rollout
    policy").

    It scores the positions its rollouts reach with the fitted evaluation
    (bots/_evaluation.py), after 10 rollout decisions rather than 20: 4
    players, all extensions, 1,000 iterations a move against three greedy
    bots, the fitted score won 72.3% against 67.3% with the hand-set one on
    one set of 400 deals and 70.5% against 60.8% on another; the shorter
    rollout then 75.5% and 72.8% on the same deals (docs/experiments.md).

    It samples rivals' hands from beliefs (`belief_sweeps`, bots/_beliefs.py):
    with the fitted evaluation they won 78.0%, 78.2% and 76.7% against
    75.5%, 72.8% and 72.8% without them on three sets of 400 deals at 1,000
    iterations (+4.0 points pooled, paired), which lifts the fair expert to
    0.87 of the cheater's win rate; with the hand-set evaluation they made
    no measurable difference (docs/experiments.md).

    In two-player games it offers a trade only when the search rates the
    offer `duel_offer_margin` above its best other move (bots/ismcts.py,
    `IsmctsBot._worth_playing`): a duel's rival declines nearly every offer.

    Like every level, it pays and discards the planner's sets and makes no
    choice the planner rules out (`planned_choices`, bots/ismcts.py); like
    medium and hard, it travels whenever it can (`travel_first`): its fitted
    evaluation alone rated staying home with a full hand above a travel to
    its own country (docs/bots.md).

    At a table of three or more without postcards it searches with the
    planner's move as a prior of 4 for every 1,000 iterations of its budget
    (`prior_without_postcards`): with every extension but postcards, a
    person's game against three experts at the full budget (the planner
    standing in for the person, 8 games) lasted a median 58.5 rounds with
    106 steals a game without it, 37 rounds with 55 steals with it; medium's
    and hard's last 25 and 30.5. Paired SPRTs against three
    planners at 1,000 iterations accepted that it is not 5 points weaker:
    every other extension, H1 after 231 deals (-1.4 +- 3.5 points over
    289); no extension, H1 after 709 deals (-1.5 +- 2.3 over 837;
    docs/experiments.md, "A person's table without postcards").

    A decision that completes its own move (an offer's cards and kinds, what
    a recycle takes) goes on in the subtree of the move it began
    (`reuse_tree`) and searches up to a quarter of the budget there
    (`inner_share`), the subtree's visits counted: a bot turn that composes
    offers costs about one search per offer rather than one per card and
    kind, and an expert decision took a median 0.08 s instead of 0.75 s in
    `passport bench play`. At 4,000 iterations a move (a tenth of the
    budget), SPRTs against the expert without them accepted that it is not
    5 points weaker: in duels (50.6% over 130 deals, H1 at deal 68) and
    against three of it (27.1% over 35 deals, fair share 25%, H1 at deal 33;
    docs/experiments.md).

    Inside its search, a rival declines an offer asking for a kind it
    declined to give since its turn began (`keep_refusals`): a rival that
    has just said no to a kind says no again, so the expert stops offering
    the same trade to the same seat. At 4,000 iterations a move, an SPRT at
    four players against the expert without it accepted that it is not 5
    points weaker (25.8% over 65 deals, H1 at deal 65; docs/experiments.md).

    A main decision after an offer of its turn was declined searches a
    quarter of the budget (`declined_share`): the position was searched
    whole a moment before. In `passport bench play` the longest wait when
    bots moved fell from 7.5 s and 7.0 s to 3.8 s and 4.1 s (seeds 0, 1); at
    4,000 iterations a move, an SPRT at four players against the expert
    without it accepted that it is not 5 points weaker (25.5% over 94 deals,
    H1 at deal 94; docs/experiments.md). The decisions that compose the
    turn's next offers (cards and kinds) then search a quarter of their
    inner share (`declined_inner_share`): a turn of three declined offers
    is what made the longest waits. At 1,000 iterations a move, SPRTs
    against the expert without it accepted that it is not 5 points weaker:
    at four players (24.4% over 157 deals, H1 at deal 157) and in duels
    (50.0% over 122 deals, H1 at deal 122; docs/experiments.md).

    Like every level, before it offers a trade it composes the offer in a
    world sampled from its own view and answers the offer's mirror there
    (`mirror_checked_offers`): it makes only offers it would accept from
    the other side. Its mirrors were then accepted by 97.0% of replies at
    four players and 100% in duels (77.4% and 75.2% without); at 1,000
    iterations, paired SPRTs against planners accepted that it is not 5
    points weaker (+1.1 +- 4.0 and +1.2 +- 2.4 points; docs/experiments.md,
    "Offers checked against their mirror"). A turn's offer costs one more
    search, the mirror's answer. In duels, like the other levels, it makes
    only offers its target could accept in some world sampled from its view
    (`answerable_offers`): half of its offers in duels asked for cards the
    target could not hold, and at 1,000 iterations a paired SPRT against
    the planner accepted that it is not 5 points weaker for it (+0.0 +- 2.0
    points over 327 deals; docs/experiments.md, "Offers a target could
    accept"). At four players, where it offers little, it keeps its
    questions.

    Its search stops once the most visited move leads the next by more
    than a quarter of the iterations left (`decided_share`): over 362
    decisions of four `passport bench play` games at the full budget, that
    kept the move of 98.9% of them with 24% fewer iterations. At 1,000
    iterations a move, SPRTs against the expert without it accepted that
    it is not 5 points weaker: in duels (49.0% over 175 deals, H1 at deal
    175) and at four players (23.8% over 192 deals, H1 at deal 192;
    docs/experiments.md, "Stopping on a lead").

    It samples only worlds the rules could have reached
    (`reachable_worlds`): a uniform deal sometimes hands a rival 4
    postcards the expert has not seen, a game R8 would have ended, and in
    such a world the search sees that rival win as soon as the next card
    arrives unless a steal takes a postcard back (docs/engine.md, "Worlds
    the rules reach"). Against three planners at 1,000 iterations a paired
    SPRT accepted that it is not 5 points weaker (+1.0 +- 2.5 points over
    500 deals), and at the full budget it won 46.2% against 45.2% on the
    same 400 games; in duels the same SPRT accepted it too (-0.3 +- 1.9
    points over 500 deals; docs/experiments.md, "Worlds no
    game reaches").

    In its rollouts a seat finds the cards it wants in other hands as it
    would know them (`guessed_hands`): a copy it has seen there, else a
    guess that does not read where the sampled world put the cards it has
    not seen (bots/_rollout.py). Every sampled world keeps the expert's
    true hand, so rollout rivals reading the sampled hands asked and stole
    as if they saw it. At 1,000 iterations against the planner, paired by
    deal against the expert without it: +3.1 +- 2.6 points over 500 deals
    in duels, +1.2 +- 3.0 over 400 at four players, and paired SPRTs
    accepted that it is not 5 points weaker (H1 after 58 and 141 deals;
    docs/experiments.md, "Rollout rivals who do not see the seat's
    hand")."""
    settings = SearchSettings(iterations=max(int(think * NOMINAL_ITERATIONS_PER_SECOND), 50),
                              seconds=3.0 * think, rollout_depth=10, infer_travel=True,
                              evaluation="fitted", belief_sweeps=2,
                              duel_offer_margin=0.02, planned_choices=True,
                              reuse_tree=True, inner_share=0.25, keep_refusals=True,
                              declined_share=0.25, travel_first=True,
                              declined_inner_share=0.25, decided_share=0.25,
                              prior_without_postcards=4.0, mirror_checked_offers=True,
                              reachable_worlds=True, guessed_hands=True)
    return replace(settings, duel=replace(settings, answerable_offers=True))


# A person waits for a hint: its search (the expert's) also stops at this
# share of the expert's thinking time of clock, so that a hint at the
# default `--think 1` takes under a second even where a position's
# iterations are slow. The expert's own moves keep their budget in
# iterations (the same move on any machine); a hint cut short by the clock
# still rests on most of its budget.
HINT_CLOCK_SHARE = 0.85


def hint_settings(think: float | None = None) -> SearchSettings:
    """The search behind `hint`: the expert's, `think` seconds' worth, with
    a clock cap of HINT_CLOCK_SHARE of `think` (README, "Speed")."""
    settings = expert_settings(think) if think else expert_settings()
    return settings.changed(seconds=HINT_CLOCK_SHARE * (think or EXPERT_THINK))


# The ladder (docs/strength.md, "The difficulty ladder"): in two-player
# duplicate matches each level must score at least 60% against the one below.
# Budget alone is a weak step there (a tenfold budget scored 55-65% in
# pilots, a fourfold one 55.2%), and the expert's edge over hard is mostly
# what it knows (+14.5 points paired), so medium searches ten times easy's
# budget with clean rollouts, hard ten times medium's, and the expert twenty
# times hard's with its knowledge; with hard at a quarter of the expert's
# budget the expert-hard step was not shown (docs/experiments.md). Easy also
# plays noisy, short rollouts, explores more and does not read its rivals'
# missed travels. Every level pays and discards the planner's sets and makes
# no choice the planner rules out (`planned_choices`): in duels, medium so
# scored 61.0% against medium without it (400 games), and the levels pass
# the sanity suite (tests/bots/sanity.py) that they failed without it.
# From three players up, medium and hard search with the planner's move as
# a prior (1 for medium, 8 for hard's larger search): without it, they steal
# from each other at nearly every turn and their games without extensions
# drag towards the round cap; with it they end, and it is not weaker (SPRTs
# at four players, with every extension and without; docs/bots.md). In
# duels stealing is what wins, and they keep none. From medium up a seat
# that can travel travels (`travel_first`; easy, a beginner, may dawdle).
# From three players up hard scores its rollouts as the expert does, with
# the fitted evaluation after 10 decisions: against three planners that won
# 44.2% and 43.0% against 33.8% and 33.5% on two sets of 400 games (+10.5
# and +9.5 points paired). Its duels keep the hand-set score after 20
# (`HARD_DUEL`): there the fitted hard matched the expert (the expert scored
# 37.5% against it over 24 games, and an SPRT of 55% against 65% accepted
# 55% after 12 deals), so the ladder's last step would be gone
# (docs/experiments.md, "Hard with the expert's evaluation"). Every level
# checks each offer against its mirror before making it
# (`mirror_checked_offers`): a bot then offers no trade it would decline
# from the other side, as a person expects; with it 85-100% of the mirrors
# of the levels' offers were accepted (55-90% without), and paired SPRTs
# against planners accepted that no level is 5 points weaker (easy gained
# 3 points; docs/experiments.md, "Offers checked against their mirror").
# Easy and medium, and hard and the expert in duels (`expert_settings`),
# make only offers their target could accept in some world sampled from
# their view (`answerable_offers`): in duels a third of the offers they
# chose asked for cards the target could hold in none, which a person
# reads as nonsense, and two in three of medium's offers could not be
# accepted (under half with it); paired SPRTs against planners accepted
# that no one of them is 5 points weaker for it (medium about 2 in duels,
# none at four players; hard's duels -0.2 points;
# docs/experiments.md, "Offers a target could accept"). From three players
# up hard keeps its questions: there its target could accept 83% of its
# offers either way (a count of 4 games), and no SPRT measured it.
# Medium's rollout seats, like the expert's, find a card in another hand
# only as they would know it (`guessed_hands`, `expert_settings`): paired by
# deal against medium without it, each against the planner(s), +3.5 +- 4.6
# points over 300 duels and -0.4 +- 2.6 over 500 four-player deals, and
# paired SPRTs accepted that it is not 5 points weaker (H1 after 105 and 432
# deals; docs/experiments.md, "Rollout rivals who do not see the seat's
# hand"). Hard keeps its rollouts: with `guessed_hands`, paired by deal
# against hard, each against the planner(s), it showed no gain (+0.0 +-
# 3.3 points over 400 duels, +0.2 +- 5.2 over the 200 of hard's row; four
# players +1.2 +- 4.3 over 200 deals and -6.2 +- 5.7 over the 100 of hard's
# row), and a change to hard's settings means building its books again.
HARD_DUEL = SearchSettings(iterations=2_000, rollout_depth=20, infer_travel=True,
                           planned_choices=True, planner_prior=8.0, planner_prior_from=3,
                           travel_first=True, mirror_checked_offers=True, answerable_offers=True)
LEVEL_SETTINGS = dict(zip(LEVELS, (
    SearchSettings(iterations=20, rollout_depth=4, epsilon=0.6, exploration=1.0,  # easy
                   planned_choices=True, mirror_checked_offers=True, answerable_offers=True),
    SearchSettings(iterations=200, rollout_depth=20, infer_travel=True, planned_choices=True,     # medium
                   planner_prior=1.0, planner_prior_from=3, travel_first=True,
                   mirror_checked_offers=True, answerable_offers=True, guessed_hands=True),
    replace(HARD_DUEL, rollout_depth=10, evaluation="fitted", answerable_offers=False,  # hard
            duel=HARD_DUEL),
    expert_settings(),                                                               # expert
), strict=True))


def level_settings(level: str, think: float | None = None) -> SearchSettings:
    """The search settings of a level; `think` changes only the expert's."""
    return expert_settings(think) if level == "expert" and think else LEVEL_SETTINGS[level]


# The search settings a variant name may change: all but whether the search
# sees every hand, which only a cheater's name says.
_SETTING_NAMES = frozenset(f.name for f in fields(SearchSettings)) - {"sees_everything", "duel"}
# The least value of a number a variant sets (0 for the others): a search
# needs a move's worth of budget, a card choice a child, the evaluation's
# softmax a positive temperature.
_LEAST = {"iterations": 1, "width": 1, "trees": 1, "temperature": 1e-6}


def phases_seen(name: str) -> tuple[Phase, ...]:
    """The phases at which cheater-LEVEL@PHASE[/PHASE...] sees every hand;
    BotNameError, one sentence, for a label that is no decision's phase."""
    labels = {phase.label: phase for phase in Phase if phase != Phase.OVER}
    for label in phases_seen_of(name):
        if label not in labels:
            raise BotNameError(f"{name!r}: {label!r} is not a phase of a decision; "
                               f"choose from {', '.join(labels)}")
    return tuple(labels[label] for label in phases_seen_of(name))


def settings_of(name: str, think: float | None = None) -> SearchSettings:
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
                               f"(see SearchSettings in bots/ismcts.py)")
        value = _setting_value(name, key, text, getattr(settings, key))
        least = _LEAST.get(key, 0)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not value >= least:
            raise BotNameError(f"{name!r}: {key} must be at least {least}, not {text}")
        changes[key] = value
    if not changes:
        return settings
    try:
        changed = settings.changed(**changes)
        for players, extensions in ((2, ALL_EXTENSIONS), (4, ALL_EXTENSIONS), (4, 0)):
            changed.params(players, extensions)  # the kernel's own checks of the values
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


# Search settings added after results files began to be kept, with the value
# every bot had before them: a level's record names one only when the level
# sets another value, so the files of the levels that do not use it still
# describe today's bots.
ADDED_SETTINGS = {"planned_choices": False, "planner_prior": 0.0, "rollout_policy": "heuristic",
                  "planned_offers": False, "inner_share": 1.0, "trees": 1,
                  "reuse_tree": False, "keep_refusals": False, "declined_share": 1.0,
                  "planner_prior_from": 2, "travel_first": False,
                  "declined_inner_share": 1.0, "decided_share": 1.0, "duel": None,
                  "prior_without_postcards": 0.0, "fourth_postcard_both_sides": False,
                  "mirror_checked_offers": False, "answerable_offers": False,
                  "reachable_worlds": False, "guessed_hands": False,
                  "guessed_asks": False, "viewed_choices": False, "rival_prior": 0.0,
                  "postcard_counts": False, "rollout_denial": 0,
                  "rollout_steal_hand": 3, "rollout_characters": False}


def search_settings_of(name: str, think: float | None = None, players: int | None = None,
                       extensions: int | None = None) -> dict | None:
    """Every search setting of a bot by name, as plain data (a cheater's are
    its level's), as in effect in a game of `players` seats with the
    extensions of bit mask `extensions` when both are given
    (`SearchSettings.at_table_of`); for a bot that does not search, its
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
    settings = asdict(settings if players is None else settings.at_table_of(players, extensions))
    for key, before in ADDED_SETTINGS.items():
        if settings[key] == before:
            del settings[key]
    return settings


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
        from .ismcts import CheatingIsmctsBot
        return CheatingIsmctsBot(level_settings(level_of(name), think), seed, name)
    if name in RULE_BOTS:
        return RULE_BOTS[name](seed, name)
    return IsmctsBot(level_settings(name, think), seed, name,
                     book=book if name in BOOK_LEVELS else None)
