"""`passport replay`: step through a saved game record."""

import sys
from pathlib import Path

import click

from ..options import look_options
from ..safe_text import as_text, path_text


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", type=click.IntRange(min=0), default=None, metavar="N",
              help="Show what seat N saw (seats count from 0).")
@click.option("--all", "show_all", is_flag=True, help="Show every hand and name every card.")
@click.option("--step", type=click.IntRange(min=0), default=None, metavar="K",
              help="Print step K (0 is the deal) and stop; with --interactive, start there.")
@click.option("--print", "print_all", is_flag=True,
              help="Print the whole game, even on a terminal.")
@click.option("--interactive", is_flag=True,
              help="Step through at a prompt even when input is not a terminal.")
@look_options
@click.pass_context
def replay(ctx, file, seat, show_all, step, print_all, interactive, no_color, ascii_only):
    """Step through the game record FILE (.json or .msgpack).

    Any record will do: a game saved by passport play, or the records of
    selfplay, tournament --records and watch --save. Without --seat or --all
    you see what every player knows.

    On a terminal it asks what to show: n (or Enter) next step, b back,
    j K jump to step K, s N seat N's view, p public view, a all cards,
    q quit. Otherwise (or with --print) it prints the whole game.
    """
    if seat is not None and show_all:
        raise click.UsageError("--seat and --all are two views; give one of them.")
    if print_all and (interactive or step is not None):
        raise click.UsageError("--print prints the whole game; leave out "
                               f"{'--interactive' if interactive else '--step'}.")
    app = ctx.obj
    app.configure(no_color=no_color, ascii=ascii_only)
    from engine.record import RecordError

    from ..table.narrate import PUBLIC
    from ..replay import Replayer, load
    from ..warmup import kernels_cached, prepare_engine
    try:
        if not kernels_cached(search_bots=False):
            with app.status("Preparing the engine (first run only)…"):
                prepare_engine()
        recording = load(file)
    except RecordError as error:
        print(f"Can't replay {as_text(error)}.", file=sys.stderr)
        ctx.exit(2)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        ctx.exit(130)
    problem = None
    if seat is not None and seat >= recording.config.players:
        problem = (f"{path_text(file)} has seats 0 to {recording.config.players - 1}, "
                   f"not seat {seat}.")
    elif step is not None and step > recording.last:
        problem = f"{path_text(file)} has steps 0 (the deal) to {recording.last}, not step {step}."
    if problem:
        print(f"Can't replay: {problem}", file=sys.stderr)
        ctx.exit(2)
    viewer = None if show_all else PUBLIC if seat is None else seat
    replayer = Replayer(recording, app.console, viewer)
    on_terminal = sys.stdin.isatty() and app.console.is_terminal
    try:
        if interactive or (on_terminal and not print_all and step is None):
            ctx.exit(replayer.interact(step or 0))
        elif step is not None:
            replayer.print_step(step)
        else:
            replayer.print_game()
    except KeyboardInterrupt:
        app.console.print("Interrupted.")
        ctx.exit(130)
