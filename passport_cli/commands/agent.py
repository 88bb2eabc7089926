"""`passport agent`: one of Passport's bots for another program, by the agent protocol."""

import click

from bots.names import BOT_NAMES

from ..options import think_option


@click.command()
@click.option("--bot", "name", type=click.Choice(BOT_NAMES, case_sensitive=False),
              default="hard", show_default=True, help="The bot that plays.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="The bot's seed; each game starts the bot anew with it.")
@think_option("Seconds the expert thinks a move, at the bots' nominal speed.")
@click.option("--no-book", is_flag=True, default=False,
              help="Hard and the expert search their first moves too, without the package's "
                   "opening books.")
def agent(name, seed, think, no_book):
    """Play a bot for another program: the agent protocol on stdin and stdout.

    The host (a GUI, a web table, a research harness, or `passport
    tournament --bots 'cmd:passport agent --bot hard'`) sends one JSON
    object per line and gets one back for each decision
    (docs/agent-protocol.md). The bot decides from each decision's state,
    the seat's whole view in named fields, or from the engine's own view
    where the host sends it. Nothing but protocol lines is written on
    stdout; a message that breaks the protocol ends the program with one
    line on stderr and exit code 2. Run `passport warm`
    once first: a host gives an agent only a few seconds to start. Hard
    and the expert play the package's opening book of each game's table
    where one ships for their settings, as in `passport play`."""
    import sys

    from arena.serve import HostError, serve

    from ..play.start import opening_books
    from ..warmup import prepare_bots, prepare_engine

    def book_of(config):
        return None if no_book else opening_books(config, think).get(name.lower())

    prepare_engine()
    prepare_bots([name.lower()])
    try:
        serve(name.lower(), seed, think, sys.stdin.buffer, sys.stdout, book_of)
    except HostError as error:
        click.echo(f"passport agent: {error}", err=True)
        sys.exit(2)
