"""`passport play`: play a game against bots at the terminal."""

from pathlib import Path

import click

from bots.names import LEVELS, BotNameError, parse_choices
# Options that set up a new game: a resumed game brings its own.
NEW_GAME_OPTIONS = ("bots", "difficulty", "extensions", "seed", "name")


def _extensions(ctx, param, value):
    # Not options.check_extensions: that one also loads the tournament code
    # (and its rating library), a fifth of a second of the start.
    from engine import ConfigError, parse_extensions
    try:
        return parse_extensions(value)
    except ConfigError as error:
        raise click.BadParameter(str(error), ctx=ctx, param=param) from None


def level_list(known, noun):
    """A click callback reading LEVEL[,LEVEL...] where each is one of `known`."""
    def check(ctx, param, value):
        try:
            return parse_choices(value, known, noun)
        except BotNameError as error:
            raise click.BadParameter(str(error), ctx=ctx, param=param) from None
    return check


_difficulty = level_list(LEVELS, "level")


def _name(ctx, param, value):
    value = " ".join(value.split())
    if not value or len(value) > 20:
        raise click.BadParameter("give a name of 1 to 20 characters", ctx=ctx, param=param)
    return value


@click.command()
@click.option("--bots", type=click.IntRange(1, 5), default=3, show_default=True,
              help="How many bots you play against (1 to 5).")
@click.option("--difficulty", default="medium", show_default=True, callback=_difficulty,
              metavar="LEVEL[,LEVEL...]",
              help="easy, medium, hard or expert; or one level per bot, comma-separated.")
@click.option("--extensions", default="none", show_default=True, callback=_extensions,
              help="all, none, or a comma list of: events, specials, forbidden, "
                   "postcards, characters.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Seed of the deal (and of the bots): the same seed, the same game. "
                   "[default: a random one, printed at the start]")
@click.option("--name", default="You", show_default=True, callback=_name, help="Your name.")
@click.option("--think", type=click.FloatRange(min=0.01), default=None, metavar="SECONDS",
              help="How long the expert (and a hint) thinks per move, in seconds of "
                   "search at the bots' nominal speed.  [default: 1]")
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="Play on a saved game.")
@click.option("--no-color", is_flag=True, help="No colours (NO_COLOR is honoured too).")
@click.option("--ascii", "ascii_only", is_flag=True,
              help="ASCII only: no Unicode suits, boxes or symbols.")
@click.pass_context
def play(ctx, bots, difficulty, extensions, seed, name, think, resume, no_color, ascii_only):
    """Play Passport against bots. You sit at seat 0 of a new game.

    At every decision you get the table, your hand and numbered options:
    type a number or the start of an option's words. Type help at any prompt
    for the commands (hint, rules, log, save, quit, ...).

    Games are saved in $PASSPORT_HOME/saves (default ~/.local/share/passport/saves):
    when you quit, at end of input (exit code 0), on Ctrl-C (exit code 130),
    and at the end, as a game record. Resume with --resume FILE.
    """
    if resume is not None:
        given = [f"--{option}" for option in NEW_GAME_OPTIONS
                 if ctx.get_parameter_source(option) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"--resume plays the saved game with its own seats and "
                                   f"settings; leave out {', '.join(given)}.")
    elif len(difficulty) not in (1, bots):
        raise click.BadParameter(f"names {len(difficulty)} levels for {bots} bots; give one "
                                 "level, or one per bot", ctx=ctx, param_hint="'--difficulty'")

    app = ctx.obj
    app.configure(no_color=no_color, ascii=ascii_only)
    from ..play_start import start
    ctx.exit(start(app, bots=bots, levels=difficulty, extensions=extensions, seed=seed,
                   name=name, think=think, resume=resume))
