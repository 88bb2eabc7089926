"""`passport lab`: the measurement tools behind docs/strength.md and the
bots' measured weights."""

from pathlib import Path

import click

from bots.names import BOT_NAMES

from ..options import (
    PLAYERS_RANGE, FileProblem, check_players, checked_by, extensions_option, think_option,
)

FILES = click.Path(exists=True, dir_okay=False, path_type=Path)
# A fit deals its games and seeds its bots from sums and multiples of its
# seed (arena/fitting.py): 32 bits keep each one a seed the engine takes.
FIT_SEED = click.IntRange(0, 2**32 - 1)
# The bots whose games the evaluation is fitted on: the baselines that play to win.
FITTED_ON = ("greedy", "planner")


def _sprt_differences(value):
    from arena.sprt import parse_sprt_differences
    return parse_sprt_differences(value)


def _mirrored_bot(value):
    from arena.consistency import check_bot
    return check_bot(value.strip().lower())


@click.group()
def lab():
    """Measurement tools: tests and fits on the files of long runs, and on
    games played for the purpose.

    `paired` and `fit-chances` read the files that `passport tournament
    --out` and `passport calibrate --out` write (docs/strength.md has the
    commands behind every figure); `consistency` plays games to turn a
    bot's offers around; `fit-evaluation` and `fit-beliefs` play games to
    fit the weights the searching bots use."""


@lab.command()
@click.argument("candidate", type=FILES)
@click.argument("reference", type=FILES)
@click.option("--sprt", "bounds", required=True, metavar="D0,D1[,ALPHA,BETA]",
              callback=checked_by(_sprt_differences),
              help="The differences of score for H0 and H1, e.g. -0.05,0: is the candidate "
                   "no more than 5 points worse than the reference?")
def paired(candidate, reference, bounds):
    """The paired test of two tournament results files.

    CANDIDATE and REFERENCE are runs of the same deals (seed, players,
    extensions, round cap, think) against the same other entries, differing
    in the first entry. One sample is one deal: the candidate's score minus
    the reference's. The test reads the deals both files have completed, in
    deal order, so it can run while both tournaments still play."""
    import math
    import statistics

    from arena.paired import paired_test
    from arena.sprt import SprtError

    try:
        state, a, b = paired_test(candidate, reference, *bounds)
    except SprtError as error:
        raise FileProblem(str(error)) from None
    if not a:
        click.echo("No deal is complete in both files yet.")
        return
    differences = [x - y for x, y in zip(a, b)]
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(len(a)) if len(a) > 1 else float("nan")
    verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}[state.verdict]
    click.echo(f"{len(a)} deals in both files: candidate {100 * statistics.fmean(a):.1f}%, "
               f"reference {100 * statistics.fmean(b):.1f}%, difference {100 * mean:+.1f} "
               f"± {100 * half:.1f} points")
    click.echo(f"{verdict} after {state.deals} deals (LLR {state.llr:.2f}, "
               f"bounds {state.lower:.2f}, {state.upper:.2f})")


@lab.command("fit-chances")
@click.argument("files", nargs=-1, required=True, type=FILES)
def fit_chances(files):
    """Fit the expert's chance maps on calibration files.

    Prints the entries of CHANCE_MAPS (bots/chances.py) fitted on the
    expert's seats of the FILES: one map for each table (duels, or three
    players and more; the extensions' bit mask) and budget they hold,
    pooling the files that share them."""
    from arena.calibration import CalibrationError, fit_chance_maps, shown_samples

    from ..safe_text import as_text

    found = []
    try:
        for path in files:
            found.extend(shown_samples(path))
    except CalibrationError as error:
        raise FileProblem(str(error)) from None
    for entry in found:
        click.echo(f"# {as_text(entry.path)}: {entry.bot}, {len(entry.samples):,} ratings "
                   f"of {entry.games} games")
    for (table, extensions, iterations), knots in fit_chance_maps(found).items():
        click.echo(f"({table}, {extensions}, {iterations:_}): {knots},")


@lab.command()
@click.option("--bot", required=True, callback=checked_by(_mirrored_bot),
              help=f"The bot whose offers are mirrored: {', '.join(BOT_NAMES)}, or "
                   "LEVEL+SETTING=VALUE (docs/bots.md).")
@click.option("--players", type=int, default=4, show_default=True, callback=check_players,
              help=f"Seats per game, {PLAYERS_RANGE}.")
@click.option("--games", type=click.IntRange(min=1), default=20, show_default=True,
              help="Games to play; the bot sits at the next seat each game.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the run; every game and every bot is seeded from it.")
@think_option("The expert's thinking time per move.  [default: 1]")
@click.option("--field", default="planner", show_default=True, callback=checked_by(_mirrored_bot),
              help="The bot at every other seat.")
@extensions_option("all")
@click.option("--replies", type=click.IntRange(min=1), default=1, show_default=True,
              help="Fresh bots asked about each mirror, each with its own seed.")
@click.option("--count", is_flag=True,
              help="Only count the bot's offers and those its target could accept.")
def consistency(bot, players, games, seed, think, field, extensions, replies, count):
    """Does a bot accept, from the other side, the trades it offers?

    Plays games of the bot at one seat against --field, and whenever the
    bot has offered a trade its target could accept, asks --replies fresh
    bots of its name for their answer to the offer's mirror: the target
    offers the bot the same exchange as its turn begins. A bot whose trade
    values are the same on both sides accepts every mirror, up to the bonus
    card, which the mirror gives to the other side. The reply bots see only
    the bot's seat, as in a game."""
    from arena.consistency import mirror_replies, offer_counts, summary
    from engine import Config

    names = ", ".join(Config(extensions=extensions).extension_names) or "none"
    heading = (f"{bot} against {field}, {players} players, extensions {names}, {games} games "
               f"(seed {seed}):")
    if count:
        made, answerable = offer_counts(bot, players, games, seed, think, field, extensions)
        share = f" ({100 * answerable / made:.1f}%)" if made else ""
        click.echo(heading)
        click.echo(f"{made} offers made; its target could accept {answerable}{share}")
        return
    rows = mirror_replies(bot, players, games, seed, think, field, extensions, replies)
    click.echo(heading)
    for line in summary(rows):
        click.echo(line)


@lab.command("fit-evaluation")
@click.option("--games", type=click.IntRange(min=1), default=600, show_default=True,
              help="Games fitted on (a third as many more are kept aside to rate the fit).")
@click.option("--seed", type=FIT_SEED, default=1, show_default=True,
              help="Seed of the games and their bots.")
@click.option("--bot", type=click.Choice(FITTED_ON), default="greedy", show_default=True,
              help="The bot in every seat of the games fitted on.")
@click.option("--no-characters", is_flag=True,
              help="Leave the characters' columns out of the fit (weighed 0), as in "
                   "EVALUATION_WEIGHTS.")
def fit_evaluation(games, seed, bot, no_characters):
    """Fit the search's evaluation to who actually won.

    Plays games of --bot at every number of players, keeps every main
    decision's position, labels it with the game's winner, and fits each
    seat's win chance as a softmax over seats of weights times features of
    its position. Prints the weights, a line to paste into
    bots/_evaluation.py, and on the games kept aside the mean
    log-likelihood of the true winner under the fitted evaluation, the
    hand-set one and a uniform guess."""
    from arena import fitting

    try:
        result = fitting.fit_evaluation(games, seed, bot, characters=not no_characters)
    except ValueError as error:  # no game had a winner
        raise click.BadParameter(str(error), param_hint="'--games'") from None
    click.echo(f"{result.training} training positions, {result.held_out} test positions")
    for line in fitting.weight_lines(result):
        click.echo(line)
    click.echo(f"held-out mean log-likelihood of the winner: fitted {result.fitted:.4f}, "
               f"hand-set {result.hand_set:.4f}, uniform {result.uniform:.4f}")


@lab.command("fit-beliefs")
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True,
              help="Greedy games whose positions are fitted on.")
@click.option("--players", type=int, default=4, show_default=True, callback=check_players,
              help=f"Seats per game, {PLAYERS_RANGE}: the weights are for that many.")
@click.option("--rounds", type=click.IntRange(min=0), default=6, show_default=True,
              help="Correction rounds.")
@click.option("--samples", type=click.IntRange(min=1), default=8, show_default=True,
              help="Worlds sampled per position.")
@click.option("--sweeps", type=click.IntRange(min=0), default=3, show_default=True,
              help="Sweeps of each sampled world towards the beliefs, as the search's "
                   "belief_sweeps.")
@click.option("--seed", type=FIT_SEED, default=1000, show_default=True,
              help="Seed of the games, their bots and the samples.")
def fit_beliefs(games, players, rounds, samples, sweeps, seed):
    """Fit the search's beliefs about rivals' hands (BELIEF_LOG_WEIGHTS).

    From greedy games with all the extensions it collects, at every main
    decision of seat 0, which of the cards seat 0 has not seen lie in each
    rival's hand. For each round bucket and kind of card it compares the
    real share with the share in worlds sampled as the search samples them,
    and corrects the weight until they agree. Prints each round's largest
    correction, the shares before and after, and the table to paste into
    bots/_beliefs.py."""
    import numpy as np

    from arena.fitting import belief_positions, belief_rounds

    found = belief_positions(games, players, seed)
    click.echo(f"{len(found)} positions from {games} games")
    for done in belief_rounds(found, rounds, samples, sweeps, seed):
        click.echo(f"round {done.round}: largest |log(real/sampled)| = "
                   f"{np.abs(done.correction).max():.3f}")
        if done.round in (0, rounds):
            for line in done.share_lines():
                click.echo(line)
    with np.printoptions(precision=2, suppress=True):
        click.echo(f"BELIEF_LOG_WEIGHTS[{players}] =")
        click.echo(repr(np.round(done.log_weights, 2)))
