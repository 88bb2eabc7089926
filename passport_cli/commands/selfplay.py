"""`passport selfplay`: random games written out as game records."""

from pathlib import Path

import click


def _checked_by_engine(check):
    """A click callback that lets the engine judge a value.

    The engine owns the limits (players 2..6, extension names, round cap), so
    the CLI does not restate them; its ConfigError becomes a one-line usage
    error naming the option, with exit code 2."""

    def callback(ctx, param, value):
        from engine import ConfigError
        try:
            return check(value)
        except ConfigError as error:
            raise click.BadParameter(str(error), ctx=ctx, param=param) from None

    return callback


def _players(value):
    from engine import Config
    return Config(players=value).players


def _extensions(value):
    from engine import parse_extensions
    return parse_extensions(value)


def _round_cap(value):
    from engine import Config
    return Config(round_cap=value).round_cap


@click.command()
@click.option("--games", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many games to play.")
@click.option("--players", type=int, default=4, show_default=True,
              callback=_checked_by_engine(_players), help="Seats per game, 2 to 6.")
@click.option("--extensions", default="all", show_default=True,
              callback=_checked_by_engine(_extensions),
              help="all, none, or a comma list of: events, specials, forbidden, "
                   "postcards, characters.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the run; every game's seed is derived from it.")
@click.option("--out", "out_dir", required=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Directory for the records (created if needed).")
@click.option("--format", "fmt", type=click.Choice(["json", "msgpack"]), default="json",
              show_default=True, help="Record file format.")
@click.option("--round-cap", type=int, default=200, show_default=True,
              callback=_checked_by_engine(_round_cap),
              help="Round after which a game ends without a winner.")
@click.pass_obj
def selfplay(app, games, players, extensions, seed, out_dir, fmt, round_cap):
    """Play uniformly random games; write one game record per game.

    Records go to OUT/game-0001.json, game-0002.json, ... (or .msgpack).
    The same --seed gives the same games, move for move, on every machine."""
    from ..render import SelfplayProgress, render_selfplay
    from ..selfplay import run_selfplay
    from ..warmup import prepare_engine

    with app.status("Preparing the engine (first run only)…"):
        prepare_engine()
    with SelfplayProgress(app.console, games) as progress:
        run = run_selfplay(games, players, extensions, seed, out_dir, fmt, round_cap,
                           on_game=progress.advance)
    render_selfplay(app.console, run)
