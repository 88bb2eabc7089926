"""`passport selfplay`: games between bots, written out as game records."""

from pathlib import Path

import click

from bots.names import BOT_NAMES

from ..options import (
    PLAYERS_RANGE, agent_user_option, check_play_bots, check_players, extensions_option, round_cap_option,
    run_seed_option, seats,
)


@click.command()
@click.option("--games", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many games to play.")
@click.option("--players", type=int, default=None, callback=check_players,
              help=f"Seats per game, {PLAYERS_RANGE}.  [default: one per --bots entry, else 4]")
@click.option("--bots", metavar="LIST", default=None, callback=check_play_bots,
              help=f"The bot of each seat, comma-separated: {', '.join(BOT_NAMES)}, or "
                   "cmd:COMMAND, an outside program (docs/agent-protocol.md) "
                   "(e.g. greedy,random,random).  [default: random in every seat]")
@extensions_option("all")
@run_seed_option("Seed of the run; every game's seed is derived from it.")
@agent_user_option()
@click.option("--out", "out_dir", required=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Directory for the records (created if needed).")
@click.option("--format", "fmt", type=click.Choice(["json", "msgpack"]), default="json",
              show_default=True, help="Record file format.")
@round_cap_option()
@click.pass_obj
def selfplay(app, games, players, bots, extensions, seed, out_dir, fmt, round_cap):
    """Play games between bots; write one game record per game.

    Records go to OUT/game-0001.json, game-0002.json, ... (or .msgpack).
    The same --seed gives the same games, move for move, on every machine."""
    from ..runs.render import SelfplayProgress, render_selfplay
    from ..runs.selfplay import run_selfplay
    from ..warmup import get_ready

    players, bots = seats(players, bots)
    get_ready(app)
    with SelfplayProgress(app.console, games) as progress:
        run = run_selfplay(games, players, extensions, seed, out_dir, fmt, round_cap,
                           bots=bots, on_game=progress.advance)
    render_selfplay(app.console, run)
