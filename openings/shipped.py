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
