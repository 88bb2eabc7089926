"""`passport stats`: your record across the games you played to the end."""

import click

from ..options import look_options


@click.command()
@look_options
@click.pass_obj
def stats(app, no_color, ascii_only):
    """Your record in passport play: wins by difficulty, players and
    extensions, and your streaks. Every game played to its end counts; the
    record is kept in $PASSPORT_HOME/history.sqlite3."""
    app.configure(no_color=no_color, ascii=ascii_only)
    from ..play import history
    from ..runs.stats import render_stats
    from ..safe_text import as_text
    try:
        found = history.read_games()
    except history.NoGamesYet as error:
        app.console.print(str(error))
        return
    except history.HistoryError as error:
        raise click.ClickException(as_text(error)) from None
    render_stats(app.console, found.rows, found.damaged)
