"""`passport watch`: bots play a game while you look on."""

from pathlib import Path

import click

from bots.names import BOT_NAMES

from ..options import (
    MAX_PLAYERS, MIN_PLAYERS, PLAYERS_RANGE, agent_user_option, deal_seed_option,
    difficulty_option, extensions_option, look_options, round_cap_option, think_option,
)



def _save(ctx, param, value):
    if value is not None and value.suffix.lower() not in (".json", ".msgpack"):
        raise click.BadParameter(f"{value}: a record is a .json or .msgpack file",
                                 ctx=ctx, param=param)
    return value


@click.command()
@click.option("--bots", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=4,
              show_default=True,
              help=f"How many bots play ({PLAYERS_RANGE} seats).")
@difficulty_option(BOT_NAMES, "bot", agents=True)
@agent_user_option()
@extensions_option("all")
@deal_seed_option("Seed of the deal and the bots: the same seed, the same game.",
                  "at the start")
@click.option("--reveal", is_flag=True,
              help="Show every hand and name every card (else only what every player knows).")
@click.option("--delay", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Pause after each step.  [default: 0.5 on a terminal, else 0]")
@think_option("How long the expert thinks per move.  [default: 1]")
@round_cap_option()
@click.option("--no-book", is_flag=True, default=False,
              help="Hard and the expert search their first moves too, without the package's "
                   "opening books.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              callback=_save, metavar="FILE",
              help="Write the game record to FILE (.json or .msgpack) for passport replay.")
@look_options
@click.pass_context
def watch(ctx, bots, difficulty, extensions, seed, reveal, delay, think, round_cap, no_book, save,
          no_color, ascii_only):
    """Watch bots play a game, step by step.

    Each step is told in words and the table is drawn at the start of every
    turn. Without --reveal you see only what every player at the table knows
    (a card someone draws is "a card"); with --reveal every hand is shown.
    Ctrl-C stops (exit code 130).
    """
    if len(difficulty) not in (1, bots):
        raise click.BadParameter(f"names {len(difficulty)} levels for {bots} bots; give one "
                                 "level, or one per bot", ctx=ctx, param_hint="'--difficulty'")
    app = ctx.obj
    app.configure(no_color=no_color, ascii=ascii_only)
    levels = difficulty * bots if len(difficulty) == 1 else difficulty
    if delay is None:
        delay = 0.5 if app.console.is_terminal else 0.0
    from ..warmup import get_ready
    from ..watch import Watch, new_table
    try:
        get_ready(app)
        table = new_table(levels, extensions, seed, round_cap, think, books=not no_book)
        session = Watch(table, app.console, reveal=reveal, delay=delay, save=save,
                        status=app.status)
    except KeyboardInterrupt:
        app.console.print("Interrupted before the game began.")
        ctx.exit(130)
    ctx.exit(session.run())
