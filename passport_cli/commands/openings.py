"""`passport openings`: build an opening book and show its entries (docs/openings.md)."""

import re
from pathlib import Path

import click

from bots.names import BOOK_LEVELS

from ..options import (
    PLAYERS_RANGE, backend_options, check_backend, check_players, extensions_option, think_option,
)
from ..safe_text import as_text, path_text, shown


@click.group()
def openings() -> None:
    """Build an opening book by deep search, and show what it holds."""


@openings.command()
@click.option("--players", type=int, default=2, show_default=True, callback=check_players,
              help=f"Seats per game, {PLAYERS_RANGE}.")
@extensions_option("none")
@click.option("--level", type=click.Choice(BOOK_LEVELS), default="expert", show_default=True,
              help="The bots that play the games, whose budget the depth multiplies.")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True,
              help="Games whose first decisions are searched (a build goes on to this many).")
@click.option("--depth", type=click.IntRange(min=1), default=50, show_default=True,
              help="Each deep search's budget, in multiples of the level's.")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="Seed of the build; every game's deal and search derive from it.")
@think_option("The expert's thinking time per move, for a book the expert plays at that --think "
              "(the games' bots and the depth's unit).  [default: 1]")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Games searched at once, one process each (with --backend ray and no "
                   "--address: the CPUs of the Ray instance started).")
@backend_options
@click.option("--out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The book file (msgpack); a build found there goes on.")
@click.pass_obj
def build(app, players, extensions, level, games, depth, seed, think, workers, backend, address, out):
    """Search the first decisions of games deeply and store them in a book.

    The games are played by the bots of --level; at the first decision of
    each of a seat's first two turns, a search of --depth times the level's
    budget is run from that seat's view, and its moves' visits and values
    are added under the position's key. The file is written after every
    game: run the command again to go on."""
    from arena.cluster import ClusterError
    from openings import Book, BookError, read_book, write_book

    from ..runs.openings import BuildSettings, build as build_book
    from ..runs.render import GamesProgress
    from ..warmup import prepare_bots, prepare_engine

    check_backend(backend, address)
    if think is not None and level != "expert":
        raise click.UsageError("--think sets the expert's budget; the other levels' are fixed.")
    settings = BuildSettings(level, players, extensions, depth, seed, think)
    expected = settings.built_with()
    try:
        book = read_book(out) if out.exists() else Book(expected)
        book.check_built_with(expected)
    except BookError as error:
        raise click.ClickException(f"{as_text(error)}.") from None
    if book.games >= games:
        app.console.print(shown(f"{path_text(out)} already holds {book.games} games."))
        return
    prepare_engine()
    prepare_bots([level])
    try:
        with GamesProgress(app.console, games, book.games) as progress:
            build_book(settings, games, book, workers, on_game=lambda _: progress.advance(),
                       on_book=lambda b: write_book(b, out), backend=backend, address=address)
    except ClusterError as error:
        raise click.ClickException(f"{as_text(error)}.") from None
    app.console.print(shown(f"{path_text(out)}: {book.games} games, "
                            f"{sum(book.positions.values())} positions under {len(book)} keys."),
                      soft_wrap=True)


@openings.command()
@click.argument("key", required=False)
@click.option("--book", "path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The book file.  [default: the one the package ships for --level and the "
                   "key's or the save's table]")
@click.option("--level", type=click.Choice(BOOK_LEVELS), default="hard", show_default=True,
              help="Whose book the package ships to show, without --book.")
@click.option("--from-save", "save", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Show the entry of the decision a saved game stopped at.")
@click.pass_obj
def show(app, key, path, level, save):
    """Show a book entry in words: KEY, or the decision a saved game stopped at."""
    from openings import BookError, read_book, shipped_book

    from ..runs.openings import entry_lines
    if (key is None) == (save is None):
        raise click.UsageError("give a KEY or --from-save SAVE, one of the two.")
    table = None
    if save is not None:
        from ..play.saves import SaveError, read_save, resume_save
        try:
            table, _ = resume_save(read_save(save), save)
        except SaveError as error:
            raise click.ClickException(as_text(error)) from None
    if path is None:
        if table is not None:
            players, extensions = table.game.config.players, table.game.config.extensions
        else:
            found = re.search(r"\| p(\d) \| x(\d+) \|", key)
            if found is None:
                raise click.ClickException(f"{as_text(repr(key))} is not a book's key (it names "
                                           "no players and extensions); give one that "
                                           "`passport openings show` or a book printed.")
            players, extensions = int(found[1]), int(found[2])
    try:
        book = read_book(path) if path is not None else shipped_book(level, players, extensions)
    except BookError as error:
        raise click.ClickException(f"{as_text(error)}.") from None
    if table is not None:
        game = table.game
        from openings import opening_key
        key = opening_key(game.view(game.decider)) if not game.over else None
        if key is None:
            raise click.ClickException("the saved game stopped at a decision the book has no key "
                                       "for (the book holds the first decision of each of a "
                                       "seat's first two turns).")
    for line in entry_lines(book, key):
        app.console.print(shown(line), soft_wrap=True)
