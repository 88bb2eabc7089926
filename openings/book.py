"""The book file: for each key (openings/key.py), each move's visits and
summed value from the deep searches of positions with that key.

    book = read_book(path)                    # BookError, one sentence, if it can't be used
    book.moves(view)                          # [(action id, visits, mean value)], legal ones only
    book.best(view, min_positions)            # the book move, or None
    book.add(key, {("draw", -1): (visits, value_sum), ...}); write_book(book, path)

A file is msgpack: {"format": FORMAT, "version": VERSION, "key_version":
KEY_VERSION, "view_version": ..., "built_with": {...}, "games": N (games
searched), "positions": {key: count}, "entries":
{key: [[name, arg, visits, value_sum], ...]}}. `built_with` records what
the book was built with (the engine's view version, the players and
extensions, the searching bot's settings); the book is used only where
those are today's (`BookSettingsError`).
"""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

import msgpack

from engine.actions import encode
from engine.files import LimitError, parse_msgpack, read_limited, write_atomically
from engine.seen import VIEW_VERSION

from .key import KEY_VERSION, class_action, opening_key

FORMAT = "passport-openings"
VERSION = 1


class BookError(ValueError):
    """A file that is not a usable book; one sentence."""


class BookSettingsError(BookError):
    """A book built for other settings than those it would be used with."""


Move = tuple[str, int]


class Book:
    """Moves by key: visits and summed value (a win 1) over the positions searched."""

    def __init__(self, built_with: dict):
        self.built_with = dict(built_with)
        self.entries: dict[str, dict[Move, list[float]]] = {}
        self.positions: dict[str, int] = {}  # positions searched per key
        self.games = 0  # games whose positions it holds (a build goes on from the next)

    def __len__(self) -> int:
        return len(self.entries)

    def add(self, key: str, moves: dict[Move, tuple[int, float]]) -> None:
        """Add one searched position's moves (visits, summed value) under `key`."""
        entry = self.entries.setdefault(key, {})
        for move, (visits, value) in moves.items():
            held = entry.setdefault(move, [0, 0.0])
            held[0] += int(visits)
            held[1] += float(value)
        self.positions[key] = self.positions.get(key, 0) + 1

    def entry(self, key: str) -> list[tuple[Move, int, float]]:
        """(move, visits, mean value) under `key`, most visited first."""
        moves = self.entries.get(key, {})
        return sorted(((move, int(v), s / v if v else math.nan) for move, (v, s) in moves.items()),
                      key=lambda row: (-row[1], row[0]))

    def moves(self, view) -> list[tuple[int, int, float]]:
        """(action id, visits, mean value) of the book's moves that are legal
        in `view`, most visited first; [] when its key is not in the book."""
        key = opening_key(view)
        if key is None:
            return []
        found = []
        for move, visits, value in self.entry(key):
            action = class_action(view, move)
            if action is not None:
                found.append((action, visits, value))
        return found

    def best(self, view, min_positions: int = 1) -> int | None:
        """The book's most visited legal move in `view`, when at least
        `min_positions` positions of its key were searched; else None."""
        key = opening_key(view)
        if key is None or self.positions.get(key, 0) < min_positions:
            return None
        moves = self.moves(view)
        return moves[0][0] if moves else None

    def identity(self) -> dict:
        """What tells this book from another, for a results file: a digest of
        its contents, the games it holds and what it was built with."""
        data = msgpack.packb(self.to_document(), use_bin_type=True)
        return {"digest": hashlib.sha256(data).hexdigest()[:16], "games": self.games,
                "built_with": self.built_with}

    def check_built_with(self, expected: dict) -> None:
        """BookSettingsError unless the book was built with `expected`."""
        for name, value in expected.items():
            if self.built_with.get(name) != value:
                raise BookSettingsError(
                    f"the book was built with other {name.replace('_', ' ')} "
                    f"({self.built_with.get(name)!r}, not {value!r}); build one for these")

    def to_document(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "key_version": KEY_VERSION,
                "view_version": VIEW_VERSION, "built_with": self.built_with, "games": self.games,
                "positions": dict(sorted(self.positions.items())),
                "entries": {key: [[name, arg, visits, value]
                                  for (name, arg), (visits, value) in sorted(moves.items())]
                            for key, moves in sorted(self.entries.items())}}


def write_book(book: Book, path) -> None:
    """Write the book to `path` (msgpack), replacing it atomically
    (engine.files.write_atomically); OSError when it can't be written."""
    write_atomically(Path(path), msgpack.packb(book.to_document(), use_bin_type=True))


def read_book(path) -> Book:
    """The book in `path`, checked whole: BookError naming the file and
    what is wrong when it is missing, not msgpack, not a book, of another
    version or keyed otherwise."""
    path = Path(path)
    try:
        data = read_limited(path)
    except OSError as error:
        raise BookError(f"{path}: can't be read ({error.strerror or error})") from None
    except LimitError as error:
        raise BookError(f"{path}: not an opening book ({error})") from None
    try:
        doc = parse_msgpack(data)
    except LimitError as error:
        raise BookError(f"{path}: not an opening book ({error})") from None
    return book_from_document(doc, str(path))


def book_from_document(doc, where: str) -> Book:
    """The Book a document describes, every field checked (BookError)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BookError(f"{where}: not a Passport opening book")
    if doc.get("version") != VERSION:
        raise BookError(f"{where}: book version {doc.get('version')!r} can't be read "
                        f"(this program reads version {VERSION})")
    if doc.get("key_version") != KEY_VERSION or doc.get("view_version") != VIEW_VERSION:
        raise BookSettingsError(f"{where}: the book's keys are of another version of Passport; "
                                "build it again")
    built_with, entries, positions = doc.get("built_with"), doc.get("entries"), doc.get("positions")
    if not (isinstance(built_with, dict) and isinstance(entries, dict)
            and isinstance(positions, dict)):
        raise BookError(f"{where}: a book holds built_with, positions and entries")
    games = doc.get("games")
    if not (_whole(games) and games >= 0):
        raise BookError(f"{where}: a book counts the games it holds as a whole number")
    book = Book(built_with)
    book.games = games
    for key, rows in entries.items():
        if not (isinstance(key, str) and isinstance(rows, list)):
            raise BookError(f"{where}: an entry is not a key with a list of moves")
        entry = {}
        for row in rows:
            if not (isinstance(row, list) and len(row) == 4 and isinstance(row[0], str)
                    and _whole(row[1]) and _whole(row[2]) and row[2] >= 0
                    and isinstance(row[3], (int, float)) and not isinstance(row[3], bool)
                    and math.isfinite(row[3])):
                raise BookError(f"{where}: a move of {key!r} is not [name, arg, visits, value]")
            name, arg = row[0], row[1]
            try:
                encode(name, arg)  # a seat's argument, counted from the decider, has a seat's range
            except ValueError:
                raise BookError(f"{where}: {name!r} {arg} is not a move of Passport") from None
            entry[(name, arg)] = [row[2], float(row[3])]
        book.entries[key] = entry
    for key, count in positions.items():
        if not (isinstance(key, str) and _whole(count) and count >= 0):
            raise BookError(f"{where}: positions counts whole numbers per key")
        book.positions[key] = count
    return book


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
