"""`passport lab`: the measurement tools behind docs/strength.md."""

from pathlib import Path

import click

from ..options import FileProblem, checked_by

FILES = click.Path(exists=True, dir_okay=False, path_type=Path)


def _sprt_differences(value):
    from arena.sprt import parse_sprt_differences
    return parse_sprt_differences(value)


@click.group()
def lab():
    """Measurement tools: tests and fits on the files of long runs.

    Each reads the files that `passport tournament --out` and `passport
    calibrate --out` write (docs/strength.md has the commands behind every
    figure)."""


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
