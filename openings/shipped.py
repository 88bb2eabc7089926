"""The books that ship inside the package, in openings/books/: one file per
level, players and extensions it was built for, named
LEVEL-Np-xMASK.msgpack (MASK: the extensions' bit mask, engine.Config).
Which of them a game may use is for the program that seats the bots to
say: a book is only good for the settings it records (`Book.built_with`)."""

from __future__ import annotations

from pathlib import Path

BOOKS_DIR = Path(__file__).parent / "books"


def shipped_path(level: str, players: int, extensions: int) -> Path:
    """Where the package keeps the book of `level` for games of `players`
    seats with the extensions of bit mask `extensions` (it may not exist)."""
    return BOOKS_DIR / f"{level}-{players}p-x{extensions}.msgpack"


def shipped_book(level: str, players: int, extensions: int):
    """The book the package ships for `level` at that table; BookError, one
    sentence, when it ships none or the file can't be read."""
    from .book import BookError, read_book

    path = shipped_path(level, players, extensions)
    if not path.exists():
        raise BookError(f"the package ships no book of {level} for {players} players "
                        f"with these extensions; give one with --book")
    return read_book(path)
