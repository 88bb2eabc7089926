"""The person's record across games: every finished `passport play` game in
a local SQLite database ($PASSPORT_HOME/history.sqlite3), read by
`passport stats`.

Keeping the record must never cost a game: a damaged, locked or unwritable
database is reported in one sentence (`HistoryError`) and the game, already
saved as its record file, is not touched. The database is a file like any
other: a row that does not hold what this module writes (a NULL, a number
where a word belongs, a result that is no result, a text of a page) is
left out and counted, never shown (`Games.damaged`).
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from ..options import MAX_PLAYERS, MIN_PLAYERS
from ..safe_text import path_text
from .saves import passport_home

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    save TEXT PRIMARY KEY,      -- the game's record file: one row per game
    finished REAL NOT NULL,     -- seconds since the epoch
    seed INTEGER NOT NULL,
    players INTEGER NOT NULL,
    extensions TEXT NOT NULL,   -- "events,postcards" or "none"
    levels TEXT NOT NULL,       -- the bots' levels in seat order: "easy,hard"
    result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
    reason TEXT,                -- center, postcards, or NULL at the round cap
    rounds INTEGER NOT NULL,
    take_backs INTEGER NOT NULL DEFAULT 0  -- moves the person took back (undo)
)
"""
# The columns a database written before take-backs were counted lacks, with
# their definitions: added when a game is next recorded (read as 0 before).
ADDED_COLUMNS = {"take_backs": "INTEGER NOT NULL DEFAULT 0"}
COLUMNS = ("save", "finished", "seed", "players", "extensions", "levels", "result", "reason",
           "rounds", "take_backs")
NO_GAMES = "No finished games yet: play one with passport play."
LOCK_WAIT = 2.0  # seconds to wait for a database another program is writing


class HistoryError(Exception):
    """The record of games can't be read or written; `str()` is one sentence."""


def _unusable(path: Path, error: Exception) -> HistoryError:
    return HistoryError(f"The record of your games in {path_text(path)} can't be used: {error}.")


class NoGamesYet(HistoryError):
    """No game has been recorded yet."""


@dataclass(frozen=True)
class Played:
    save: str
    finished: float
    seed: int
    players: int
    extensions: str
    levels: str
    result: str
    reason: str | None
    rounds: int
    take_backs: int = 0


def database_path() -> Path:
    return passport_home() / "history.sqlite3"


def _connect(path: Path, create: bool) -> sqlite3.Connection:
    try:
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        elif not path.exists():
            raise NoGamesYet(NO_GAMES)
        connection = sqlite3.connect(path, timeout=LOCK_WAIT)
        connection.execute(SCHEMA)
        return connection
    except (sqlite3.Error, OSError) as error:
        raise _unusable(path, error) from None


def record(game: Played, path: Path | None = None) -> None:
    """Add a finished game (once: the same save file again replaces its row)."""
    path = path or database_path()
    connection = _connect(path, create=True)
    try:
        with connection:
            present = _columns(connection)
            for column, definition in ADDED_COLUMNS.items():
                if column not in present:
                    connection.execute(f"ALTER TABLE games ADD COLUMN {column} {definition}")
            connection.execute(f"INSERT OR REPLACE INTO games ({', '.join(COLUMNS)}) "
                               f"VALUES ({', '.join('?' * len(COLUMNS))})",
                               tuple(getattr(game, column) for column in COLUMNS))
    except sqlite3.Error as error:
        raise _unusable(path, error) from None
    finally:
        connection.close()


def _columns(connection: sqlite3.Connection) -> set[str]:
    """The columns the games table has (an older database lacks ADDED_COLUMNS)."""
    return {row[1] for row in connection.execute("PRAGMA table_info(games)")}


@dataclass(frozen=True)
class Games:
    rows: list[Played]  # every finished game, oldest first
    damaged: int        # rows that don't hold a game as `record` writes it: left out


# A text longer than this in a row is no save path, level list or reason.
LONGEST_TEXT = 1000


def _played(row: tuple) -> Played | None:
    """The row as a game, or None if it is not one as `record` writes it."""
    save, finished, seed, players, extensions, levels, result, reason, rounds, take_backs = row
    texts = [save, extensions, levels] + ([reason] if reason is not None else [])
    numbers = [seed, players, rounds, take_backs]
    if not (all(isinstance(t, str) and 0 < len(t) <= LONGEST_TEXT for t in texts)
            and all(isinstance(n, int) for n in numbers)
            and isinstance(finished, (int, float)) and finished == finished
            and MIN_PLAYERS <= players <= MAX_PLAYERS and rounds >= 0 and take_backs >= 0
            and result in ("win", "loss", "draw")):
        return None
    return Played(*row)


def games(path: Path | None = None) -> list[Played]:
    """Every finished game, oldest first (damaged rows left out)."""
    return read_games(path).rows


def read_games(path: Path | None = None) -> Games:
    """Every finished game, oldest first, and how many rows were damaged."""
    path = path or database_path()
    connection = _connect(path, create=False)
    try:
        present = _columns(connection)
        chosen = [f"0 AS {column}" if column in ADDED_COLUMNS and column not in present
                  else column for column in COLUMNS]
        rows = connection.execute(f"SELECT {', '.join(chosen)} FROM games").fetchall()
    except (sqlite3.Error, ValueError, OverflowError) as error:  # (a text that is no UTF-8)
        raise _unusable(path, error) from None
    finally:
        connection.close()
    played = [game for game in map(_played, rows) if game is not None]
    played.sort(key=lambda game: game.finished)
    return Games(played, len(rows) - len(played))


def finished_game(game, me: int, levels: list[str], save: Path, take_backs: int = 0) -> Played:
    """The row of a finished game (engine Game) played from seat `me`, who
    took back `take_backs` moves."""
    outcome = game.outcome
    result = "draw" if outcome.winner is None else "win" if outcome.winner == me else "loss"
    return Played(str(save), time.time(), int(game.config.seed), game.players,
                  ",".join(game.config.extension_names) or "none", ",".join(levels), result,
                  outcome.reason if outcome.winner is not None else None, outcome.rounds,
                  take_backs)


@dataclass(frozen=True)
class Tally:
    games: int
    wins: int
    losses: int
    draws: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def tally(rows: list[Played]) -> Tally:
    return Tally(len(rows), sum(r.result == "win" for r in rows),
                 sum(r.result == "loss" for r in rows), sum(r.result == "draw" for r in rows))


def by(rows: list[Played], key) -> dict[str, Tally]:
    """Tallies per value of `key(row)`, in order of first appearance."""
    groups: dict[str, list[Played]] = {}
    for row in rows:
        groups.setdefault(key(row), []).append(row)
    return {name: tally(group) for name, group in groups.items()}


def streaks(rows: list[Played]) -> tuple[int, int]:
    """(wins in a row up to the last game, the longest run of wins)."""
    current = best = 0
    for row in rows:
        current = current + 1 if row.result == "win" else 0
        best = max(best, current)
    return current, best


def difficulty(row: Played) -> str:
    """'medium' when every bot had that level, else the levels: 'easy, hard'."""
    levels = row.levels.split(",")
    return levels[0] if len(set(levels)) == 1 else ", ".join(levels)
