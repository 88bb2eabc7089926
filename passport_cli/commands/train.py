"""`passport train`: self-play games for the learned networks, and their fit
(arena/training.py, docs/training.md)."""

import time
from pathlib import Path

import click

from ..options import FileProblem, backend_options, check_backend, think_option

FOLDERS = click.Path(file_okay=False, path_type=Path)


@click.group()
def train():
    """The expert's learned networks: self-play games, then a fit.

    `games` plays the expert against itself and keeps, per main decision,
    what each seat knows, who won and where the search's visits went;
    `fit` fits the value and policy networks to a run's games and writes
    them to a file the search reads (`--networks`, or in place of the
    shipped ones). Fitting needs scikit-learn: pip install
    'passport-game[train]'."""


@train.command()
@click.option("--out", "directory", type=FOLDERS, required=True,
              help="The run's folder: its settings and one file per part of "
                   "10 games; a run started again plays only the parts it lacks.")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True,
              help="Games in the run.")
@click.option("--bot", default="expert", show_default=True,
              help="The bot in every seat: a searching level, or a variant such as "
                   "expert+learned_value=1+networks=FILE (networks of an earlier round).")
@think_option("The expert's search per move, in seconds at the nominal speed "
              "(0.00625 is 250 iterations).  [default: 250 iterations' worth]")
@click.option("--seed", type=int, default=0, show_default=True,
              help="The run's seed: every game's deal and bots are derived from it.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Parts played at once, each in a process of its own (or Ray task).")
@backend_options
def games(directory, games, bot, think, seed, workers, backend, address):
    """Play self-play games into a run's folder."""
    from arena.training import TRAINING_THINK, TrainingError, TrainingSettings, generate

    check_backend(backend, address)
    try:
        settings = TrainingSettings(bot=bot, think=think or TRAINING_THINK, games=games, seed=seed)
        started = time.monotonic()
        parts = settings.parts

        def told(part):
            click.echo(f"part {part + 1} of {parts} done "
                       f"({time.monotonic() - started:.0f} s)")

        played = generate(settings, directory, workers=workers, backend=backend,
                          address=address, on_part=told)
    except TrainingError as error:
        raise FileProblem(str(error)) from None
    click.echo(f"{played} parts played; the run in {directory} has all {parts}.")


@train.command()
@click.argument("directory", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", "path", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The networks' file to write (msgpack).")
@click.option("--hidden", type=click.IntRange(1, 64), default=16, show_default=True,
              help="Hidden units of each network.")
@click.option("--alpha", type=click.FloatRange(min=0), default=1.0, show_default=True,
              help="The L2 penalty of the fit.")
@click.option("--search-share", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="The value's target: a seat's result, mixed with this share of the "
                   "search's estimate of its win chance at the position.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="The fit's seed: the same rows and seed give the same weights.")
def fit(directory, path, hidden, alpha, search_share, seed):
    """Fit the value and policy networks to the games of DIRECTORY."""
    from arena.training import TrainingError, fit_networks, load_rows, rate, run_settings
    from bots.networks import Networks, write_networks

    try:
        fitted_on = load_rows(directory, held_out=False)
        aside = load_rows(directory, held_out=True)
        games = run_settings(directory)
        started = time.monotonic()
        networks = fit_networks(fitted_on, hidden=hidden, seed=seed, alpha=alpha,
                                search_share=search_share)
    except ImportError:
        raise click.ClickException("fitting needs scikit-learn: "
                                   "pip install 'passport-game[train]'") from None
    except TrainingError as error:
        raise FileProblem(str(error)) from None
    rating = rate(networks, aside)
    trained = {"run": str(directory), "games": games, "hidden": hidden, "alpha": alpha,
               "search_share": search_share, "seed": seed,
               "value_positions": fitted_on.positions, "policy_rows": len(fitted_on.policy_x),
               "held_out": rating, "seconds": round(time.monotonic() - started, 1)}
    networks = Networks(networks.value, networks.policy, trained)
    try:
        write_networks(networks, path)
    except OSError as error:
        raise FileProblem(f"{path}: can't be written ({error.strerror or error})") from None
    click.echo(f"Fitted on {fitted_on.positions} positions and {len(fitted_on.policy_x)} "
               f"decisions in {trained['seconds']} s; written to {path}.")
    if rating["value_log_likelihood"] is not None:
        click.echo(f"Held out: the value's log-likelihood of the winner "
                   f"{rating['value_log_likelihood']:.3f} (the fitted evaluation "
                   f"{rating['fitted_log_likelihood']:.3f}, a uniform guess "
                   f"{rating['uniform_log_likelihood']:.3f}; {rating['value_positions']} positions)")
    if "policy_cross_entropy" in rating:
        click.echo(f"Held out: the policy's cross-entropy {rating['policy_cross_entropy']:.3f}, "
                   f"its likeliest class the most visited in "
                   f"{100 * rating['policy_top_class_agreement']:.1f}% of "
                   f"{rating['policy_rows']} decisions")
