"""Starting `passport play`: a new game or a saved one, the engine made ready,
the opening words, then the session (session.py) until the end or a stop."""

from __future__ import annotations

import secrets
import sys
from contextlib import suppress
from pathlib import Path

from arena.agents import MOVE_TIME
from bots.names import LEVEL_WORDS, is_agent
from openings import BookError
from engine import cards as C

from ..safe_text import as_text, path_text
from ..stopping import (
    HANGUP_CODE, exit_code, last_received, silence_output, terminate_as_interrupt,
)
from ..table.narrate import TURN_STEPS, listing, narrate
from ..table import render as T
from ..warmup import get_ready
from .saves import GameLock, SaveError, read_save, resume_save
from .session import Session, new_seats


def start(app, *, bots: int, levels: list[str], extensions: int, seed: int | None,
          name: str, think: float | None, resume: Path | None, book_path: Path | None = None,
          shipped_books: bool = True, lessons: bool = False) -> int:
    """Run a whole `passport play`; return the exit code (2: a save that
    can't be resumed or a game that can't be saved; 1: a save that failed
    at the end; 128 + the signal: stopped by Ctrl-C, SIGTERM or SIGHUP).
    SIGTERM and SIGHUP stop it as Ctrl-C does (stopping.py): the game is saved."""
    with terminate_as_interrupt():
        try:
            code = _start(app, bots=bots, levels=levels, extensions=extensions, seed=seed,
                          name=name, think=think, resume=resume, book_path=book_path,
                          shipped_books=shipped_books, lessons=lessons)
        except KeyboardInterrupt as interrupt:  # after a game ended, asked for another
            code = exit_code(interrupt)
    came = last_received()
    if code == 0 and came is not None:  # it came while the game stopped for another reason
        code = 128 + came
    if HANGUP_CODE in (code, 128 + (came or 0)):  # the terminal may be gone
        silence_output()
    return code


def _start(app, *, bots, levels, extensions, seed, name, think, resume, book_path,
           shipped_books, lessons) -> int:
    locks: list[GameLock] = []  # the game being played: no other program resumes it
    try:
        return _play(app, bots=bots, levels=levels, extensions=extensions, seed=seed,
                     name=name, think=think, resume=resume, book_path=book_path,
                     shipped_books=shipped_books, locks=locks, lessons=lessons)
    finally:
        for lock in locks:
            lock.release()


def _play(app, *, bots, levels, extensions, seed, name, think, resume, book_path,
          shipped_books, locks, lessons) -> int:
    from engine.record import RecordError

    console = app.console
    try:
        doc = read_save(resume, levels) if resume is not None else None
        if doc is not None:
            locks.append(GameLock(resume))
            if not locks[-1].take():
                locks.pop()
                raise SaveError(f"Can't resume {path_text(resume)}: another passport play is "
                                "playing that game; stop it there first.")
        get_ready(app)
        if doc is not None:
            table, me = resume_save(doc, resume)
        else:
            table, me = new_game(bots, levels, extensions, seed, name)
        books = opening_books(table.game.config, think, book_path, shipped_books)
    except (SaveError, BookError) as error:
        print(as_text(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt as interrupt:
        with suppress(OSError):
            console.print("Interrupted before the game began; nothing was saved.")
        return exit_code(interrupt)
    while True:
        try:
            session = Session(table, me, resume if doc is not None else None, console, think,
                              books=books, lessons=lessons)
            if doc is None:
                session.create_save()
                locks.append(GameLock(session.path))
                locks[-1].take()  # the file is new: no other program knows it yet
        except RecordError as error:
            table.close()
            print(f"Can't start a game that can't be saved: {as_text(error)}. "
                  "PASSPORT_HOME names another folder for the saves.", file=sys.stderr)
            return 2
        except KeyboardInterrupt as interrupt:
            table.close()
            with suppress(OSError):
                console.print("Interrupted before the game began; nothing was saved."
                              if doc is None else "Interrupted; the save is as it was.")
            return exit_code(interrupt)
        if doc is not None:
            session.recap = since_last_turn(session)
        code = session.play(opening(session, resumed=doc is not None), dealt=doc is None)
        if code != 0 or not session.table.over or not play_again(console):
            return code
        # the same table, a new deal: the bots' levels and the person's name as they were
        seats = session.seats
        levels = [seat.level for s, seat in enumerate(seats) if s != me]
        for lock in locks:  # that game is over
            lock.release()
        locks.clear()
        table, me = new_game(len(levels), levels, table.game.config.extensions, None,
                             seats[me].name)
        doc = None
        lessons = False  # the tutorial is its first game


AGAIN = "again"


def opening_books(config, think: float | None, path: Path | None = None,
                  shipped: bool = True) -> dict:
    """The opening books of a game of `config`, by the level that plays
    them (bots.names.BOOK_LEVELS; the expert's also serves `hint`):
    the book at `path` for the level it was built for (BookError, one
    sentence, if it can't be used here), and with `shipped` the package's
    book of each other level, where one was built for this table and this
    level's settings (with another --think the expert searches instead)."""
    from bots.names import BOOK_LEVELS
    from openings import BookSettingsError, read_book, shipped_path

    from ..runs.openings import used_with

    books = {}
    if path is not None:
        try:
            book = read_book(path)
            level = book.built_with.get("level")
            if level not in BOOK_LEVELS:
                raise BookError(f"{path_text(path)}: the book names no level that plays a book "
                                f"({', '.join(BOOK_LEVELS)})")
            book.check_built_with(used_with(level, config.players, config.extensions, think))
        except BookError as error:
            raise BookError(f"Can't use the opening book: {error}.") from None
        books[level] = book
    for level in BOOK_LEVELS:
        found = shipped_path(level, config.players, config.extensions)
        if not shipped or level in books or not found.exists():
            continue
        try:
            book = read_book(found)
            book.check_built_with(used_with(level, config.players, config.extensions, think))
        except BookSettingsError:
            continue
        books[level] = book
    return books


def play_again(console) -> bool:
    """Whether the person, asked after a game, wants another at the same
    table: `again`, or Enter (or `quit`) to stop; anything else is asked again."""
    T.render_note(console, f"Type {AGAIN} for another game at the same table (a new deal), "
                           "or press Enter to stop.")
    while True:
        try:
            text = input("> ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return False
        if text in (AGAIN, "", "quit", "exit"):
            return text == AGAIN
        T.render_note(console, f"The game is over: type {AGAIN} for another, "
                               "or press Enter to stop.")


def new_game(bots: int, levels: list[str], extensions: int, seed: int | None, name: str):
    """(a new game's table, the person's seat)."""
    from arena.match import Table
    from engine import Config

    if seed is None:
        seed = secrets.randbits(48)
    if len(levels) == 1:
        levels = levels * bots
    seats = new_seats(name, levels)
    table = Table(Config(len(seats), extensions, seed), seats, [None] * len(seats))
    return table, 0


def opening(session: Session, resumed: bool) -> list[str]:
    """The words before the first screen: who plays, the settings, who starts."""
    game, names, me = session.game, session.names, session.me
    bots = [f"{seat.name} ({seat.level})" for i, seat in enumerate(session.seats) if i != me]
    extensions = ", ".join(game.config.extension_names) or "none"
    if resumed:
        return [f"Resumed {path_text(session.path)}: round {game.round}.",
                f"You play against {listing(bots)}. Extensions: {extensions}.",
                "Type help at any prompt; quit saves the game and stops."]
    start_seat = game.start_seat
    who = "You start" if start_seat == me else f"{names[start_seat]} starts"
    own = C.COUNTRIES[game.own_country(start_seat)]
    levels = dict.fromkeys(seat.level for i, seat in enumerate(session.seats) if i != me)
    return [
        f"You play against {listing(bots)}. Extensions: {extensions}.",
        *(f"{level.capitalize()}: {LEVEL_WORDS[level]}." for level in levels
          if not is_agent(level)),
        *(f"{level}: an outside program (docs/agent-protocol.md); it forfeits the game "
          f"if it breaks the protocol or takes over {MOVE_TIME:g} s a move." for level in levels
          if is_agent(level)),
        f"{who}: {own} is the own country closest to the center, "
        f"{C.COUNTRIES[game.center]} (R3.5).",
        f"The game is saved to {path_text(session.path)} after every move.",
        "Type help at any prompt; quit saves the game and stops.",
    ]


def since_last_turn(session: Session) -> list[str]:
    """After a resume: what happened since the person's last own turn step."""
    steps = session.table.steps
    last = max((i for i, s in enumerate(steps)
                if s.seat == session.me and s.type in TURN_STEPS
                and s.type != "refill"), default=-1)
    return narrate(steps[last + 1:], session.names, session.me)
