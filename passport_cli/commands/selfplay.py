"""`passport selfplay`: games between bots, written out as game records."""

from pathlib import Path

import click

from ..options import check_bots, check_extensions, check_players, check_round_cap, seats


@click.command()
@click.option("--games", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many games to play.")
@click.option("--players", type=int, default=None, callback=check_players,
              help="Seats per game, 2 to 6.  [default: one per --bots entry, else 4]")
@click.option("--bots", metavar="LIST", default=None, callback=check_bots,
              help="The bot of each seat, comma-separated: random, greedy, easy, medium, "
                   "hard, expert (e.g. greedy,random,random).  [default: random in every seat]")
@click.option("--extensions", default="all", show_default=True, callback=check_extensions,
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
              callback=check_round_cap, help="Round after which a game ends without a winner.")
@click.pass_obj
def selfplay(app, games, players, bots, extensions, seed, out_dir, fmt, round_cap):
    """Play games between bots; write one game record per game.

    Records go to OUT/game-0001.json, game-0002.json, ... (or .msgpack).
    The same --seed gives the same games, move for move, on every machine."""
    from ..render import SelfplayProgress, render_selfplay
    from ..selfplay import run_selfplay
    from ..warmup import prepare_bots, prepare_engine

    players, bots = seats(players, bots)
    with app.status("Preparing the engine (first run only)…"):
        prepare_engine()
        prepare_bots(bots)
    with SelfplayProgress(app.console, games) as progress:
        run = run_selfplay(games, players, extensions, seed, out_dir, fmt, round_cap,
                           bots=bots, on_game=progress.advance)
    render_selfplay(app.console, run)
