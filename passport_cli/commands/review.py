"""`passport review`: your game replayed, with the expert's view of each move."""

from pathlib import Path

import click

from ..options import look_options, think_option
from ..safe_text import as_text


@click.command()
@click.argument("record", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seat", type=click.IntRange(min=0), default=None,
              help="The seat to review (default: the person's seat of a passport play game).")
@think_option("The expert's time per decision reviewed.  [default: 0.25]")
@look_options
@click.pass_obj
def review(app, record, seat, think, no_color, ascii_only):
    """Review a game, the way chess sites do: it is replayed from your seat's
    view, and at each of your turns the expert searches what you knew then.
    You get the curve of your win chance over the game and the moves that
    cost most, each with the move the expert would have played."""
    app.configure(no_color=no_color, ascii=ascii_only)
    from ..review import ReviewError, load, review as review_game
    from ..runs.review import ReviewProgress, render_review
    from ..warmup import get_ready

    get_ready(app)
    try:
        load(record, seat)
    except ReviewError as error:
        raise click.ClickException(as_text(error)) from None
    with ReviewProgress(app.console) as progress:
        result = review_game(record, seat, think or 0.25, progress.advance)
    render_review(app.console, result)
