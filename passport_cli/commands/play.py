"""`passport play`: play a game against bots at the terminal."""

from pathlib import Path

import click

from bots.names import LEVEL_WORDS, LEVELS, is_agent

from ..options import (
    agent_user_option, deal_seed_option, difficulty_option, extensions_option, look_options,
    think_option,
)
from ..safe_text import NAME_LENGTH, YOU, person_name

# Options that set up a new game: a resumed game brings its own.
NEW_GAME_OPTIONS = ("bots", "extensions", "seed", "name")




def _name(ctx, param, value):
    try:
        return person_name(value)
    except ValueError as error:
        raise click.BadParameter(str(error), ctx=ctx, param=param) from None


HELP = f"""Play Passport against bots. You sit at seat 0 of a new game.

At every decision you get the table, your hand and numbered options:
type a number or the start of an option's words. Type help at any prompt
for the commands (hint, rules, log, save, back, cancel, quit, ...).

Games are saved in $PASSPORT_HOME/saves (default ~/.local/share/passport/saves),
each in a file of its own, as a game record: after every move, and as they
stand when you quit, at end of input (exit code 0), on Ctrl-C (130),
SIGTERM (143) or SIGHUP (129), and at the end. When the save of a stop
fails, the game says so and exits 1. Resume with --resume FILE.

The levels of --difficulty:

\b
{chr(10).join(f"{level:<7} {words}" for level, words in LEVEL_WORDS.items())}

Hard and the expert play their first moves from the opening books that ship
with the package, where one was built for the game's players and extensions
(docs/openings.md); --no-book has them search those moves too.

A bot may also be an outside program, cmd:COMMAND (docs/agent-protocol.md).
"""


@click.command(help=HELP)
@click.option("--bots", type=click.IntRange(1, 5), default=3, show_default=True,
              help="How many bots you play against (1 to 5).")
@difficulty_option(LEVELS, "level", agents=True)
@agent_user_option()
@extensions_option("none")
@deal_seed_option("Seed of the deal (and of the bots): the same seed, the same game.",
                  "when the game ends")
@click.option("--name", default=YOU, show_default=True, callback=_name,
              help=f"Your name at the table: 1 to {NAME_LENGTH} characters, without control "
                   "or bidi characters (tabs, newlines, escape codes, U+202E ...).")
@think_option("How long the expert (and a hint) thinks per move, in seconds of "
              "search at the bots' nominal speed.  [default: 1]")
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="Play on a saved game.")
@click.option("--book", "book_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="FILE", help="An opening book (passport openings build) for this game's "
              "players and extensions, instead of the one the package ships for its level: "
              "hard or the expert plays its moves (hint shows the expert's).")
@click.option("--no-book", is_flag=True, default=False,
              help="Bots search their first moves too, without the package's opening books.")
@click.option("--tutorial", is_flag=True, default=False,
              help="A first game that teaches: a set deal against two easy bots, with a "
                   "short lesson at the first decision of each kind.")
@look_options
@click.pass_context
def play(ctx, bots, difficulty, extensions, seed, name, think, resume, book_path, no_book,
         tutorial, no_color, ascii_only):
    """`passport play`; its help is HELP."""
    if tutorial:
        given = [f"--{option.removesuffix('_path')}"
                 for option in ("bots", "difficulty", "extensions", "seed", "resume", "book_path")
                 if ctx.get_parameter_source(option) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"--tutorial plays its own deal and table; leave out "
                                   f"{', '.join(given)}.")
        from ..play.lessons import TUTORIAL_BOTS, TUTORIAL_LEVEL, TUTORIAL_SEED
        bots, difficulty, extensions, seed = TUTORIAL_BOTS, [TUTORIAL_LEVEL], 0, TUTORIAL_SEED
    if no_book and book_path is not None:
        raise click.UsageError("--book plays a book and --no-book none; give one of them.")
    if resume is not None:
        given = [f"--{option}" for option in NEW_GAME_OPTIONS
                 if ctx.get_parameter_source(option) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise click.UsageError(f"--resume plays the saved game with its own seats and "
                                   f"settings; leave out {', '.join(given)}.")
        named = ctx.get_parameter_source("difficulty") == click.core.ParameterSource.COMMANDLINE
        if named and not all(is_agent(level) for level in difficulty):
            raise click.UsageError("--resume plays the saved game with its own bots; "
                                   "--difficulty may only name the outside programs it seats.")
        difficulty = difficulty if named else []
    elif len(difficulty) not in (1, bots):
        raise click.BadParameter(f"names {len(difficulty)} levels for {bots} bots; give one "
                                 "level, or one per bot", ctx=ctx, param_hint="'--difficulty'")

    app = ctx.obj
    app.configure(no_color=no_color, ascii=ascii_only)
    from ..play.start import start
    ctx.exit(start(app, bots=bots, levels=difficulty, extensions=extensions, seed=seed,
                   name=name, think=think, resume=resume, book_path=book_path,
                   shipped_books=not no_book, lessons=tutorial))
