"""`passport calibrate`: how honest the searching bots' win chances are."""

from pathlib import Path

import click

from bots.names import BOT_NAMES

from ..options import (
    FileProblem, check_bots, extensions_option, json_option, round_cap_option, think_option,
)
from ..safe_text import path_text, shown
from ..stopping import terminate_as_interrupt


@click.command()
@click.option("--bots", metavar="LIST", required=True, callback=check_bots,
              help=f"The bot of each seat, comma-separated: {', '.join(BOT_NAMES)}. Every "
                   "searching seat's ratings are measured (e.g. expert,greedy,planner,greedy).")
@click.option("--games", type=click.IntRange(min=1), default=20, show_default=True,
              help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the run; every game and every bot is seeded from it.")
@extensions_option("all")
@round_cap_option()
@think_option("The expert's thinking time per move.  [default: 1]")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Calibration file (JSON), saved after every game; if it exists, the "
                   "run resumes it, playing only the games it lacks.")
@json_option()
@click.pass_context
def calibrate(ctx, bots, games, seed, extensions, round_cap, think, out, as_json):
    """Measure how honest the bots' win chances are.

    The searching bots play whole games; each move they play after a search
    is one sample: the win chance they gave that move (what `hint` shows),
    and whether their seat went on to win. Prints the samples by deciles of
    the chance given, the share of them won, the calibration error (the
    mean gap, weighted by samples) and the Brier score."""
    import json

    from arena.calibration import CalibrationError, CalibrationSettings, run_calibration, summary

    from ..runs.calibrate import render_calibration
    from ..runs.render import GamesProgress
    from ..warmup import get_ready

    app = ctx.obj
    try:
        settings = CalibrationSettings(bots=tuple(bots), games=games, seed=seed,
                                       extensions=extensions, round_cap=round_cap, think=think)
    except CalibrationError as error:
        raise click.BadParameter(str(error), ctx=ctx, param_hint="'--bots'") from None
    get_ready(app)
    try:
        with terminate_as_interrupt(), GamesProgress(app.console, games) as progress:
            samples = run_calibration(settings, out, on_game=progress.advance)
    except CalibrationError as error:
        raise FileProblem(str(error)) from None
    except KeyboardInterrupt:
        saved = (f"; they are saved in {path_text(out)}: run the same command to resume"
                 if out else "")
        app.console.print(shown(f"Interrupted{saved}."), soft_wrap=True)
        ctx.exit(130)
    result = summary(samples, games, settings.bots, settings.think, settings.extensions)
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        render_calibration(app.console, result, settings.bots, out)
