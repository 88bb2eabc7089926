"""Passport's opening book: keys for the first decisions of a game, and the
book that stores what deep searches found for them (docs/openings.md).
It stores and looks up; it imports only the engine."""

from .book import Book, BookError, BookSettingsError, read_book, write_book
from .key import BOOK_ROUNDS, KEY_VERSION, SEAT_ACTIONS, action_class, class_action, opening_key
from .shipped import BOOKS_DIR, shipped_book, shipped_path

__all__ = ["BOOKS_DIR", "BOOK_ROUNDS", "Book", "BookError", "BookSettingsError", "KEY_VERSION",
           "SEAT_ACTIONS", "action_class", "class_action", "opening_key", "read_book",
           "shipped_book", "shipped_path", "write_book"]
