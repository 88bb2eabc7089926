"""Where `passport play` keeps its games, and how a saved game is loaded.

A save is the game record (engine/record.py, docs/record-format.md) of the
game so far: `engine_actions` for every step and a `pending` step when it was
saved in the middle of a decision, so replaying the actions from the seed
rebuilds exactly the same state — hidden cards and random numbers included.
Its `seats` field names the seats and who plays them (`human` or
`bot:<level>`), which is all `--resume` needs to seat the same players;
the person's seat also counts the moves they took back (`take_backs`,
an extra field that other readers ignore), once they have.

Games go to `$PASSPORT_HOME/saves/` when PASSPORT_HOME is set (tests use
it), else to `$XDG_DATA_HOME/passport/saves/`, by default
`~/.local/share/passport/saves/`. A finished game stays there as its record.
A new game's file has a name of its own (`create_save`), and while a game
is played no other `passport play` may resume it (`GameLock`): two
programs never write one file. A save is its owner's alone (mode 0600, in
a folder of mode 0700 when the game makes it): its seed tells every hidden
card, and an outside program run as another user must not read it.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import secrets
import time
from pathlib import Path

from ..safe_text import as_text, path_text, seat_name

# The field of the person's seat that counts their take-backs (`undo`), and
# the most a save may hold (a count beyond any game's moves is no count).
TAKE_BACKS = "take_backs"
MOST_TAKE_BACKS = 1_000_000

class SaveError(ValueError):
    """A save that can't be resumed; `str()` is one sentence for the player."""


def passport_home() -> Path:
    """PASSPORT_HOME, else the XDG data directory's `passport`."""
    if os.environ.get("PASSPORT_HOME"):
        return Path(os.environ["PASSPORT_HOME"]).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or os.path.join("~", ".local", "share")
    return Path(data).expanduser() / "passport"


def saves_dir() -> Path:
    return passport_home() / "saves"


def create_save(doc: dict, now: float | None = None) -> Path:
    """Write a new game's first save under a name no other game has, and
    return its path: saves/game-20250131-142501.json, or -2, -3 ... when
    other games took that name (games started in the same second, even by
    programs running side by side). The whole record is written beside it
    first, then linked under the name, which fails when the name is taken:
    the file never exists half written, and never holds two games. Where
    the file system has no hard links, the name is taken by creating it
    exclusively, then the record moved over it. RecordError (one sentence)
    if it can't be written."""
    from engine.record import RecordError
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    folder = saves_dir()
    draft = folder / f".game-{stamp}.{os.getpid()}.{secrets.token_hex(4)}.json"
    write_save(doc, draft)
    try:
        for number in itertools.count(1):
            path = folder / (f"game-{stamp}.json" if number == 1 else f"game-{stamp}-{number}.json")
            try:
                _claim(draft, path)
                return path
            except FileExistsError:
                continue
    except OSError as error:
        raise RecordError(f"{path_text(path)}: can't be written "
                          f"({error.strerror or error})") from None
    finally:
        draft.unlink(missing_ok=True)


def _claim(draft: Path, path: Path) -> None:
    """Give `draft`'s contents the name `path` if no file has it (else FileExistsError)."""
    try:
        os.link(draft, path)
        return
    except FileExistsError:
        raise
    except OSError:  # no hard links on this file system: claim the name, then fill it
        pass
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    os.replace(draft, path)


def write_save(doc: dict, path: Path, make_folder: bool = True) -> None:
    """Write the record (atomically and private: engine.record.write_record);
    RecordError if it can't. The folder is made when `make_folder` (the
    game's own save in saves/); a copy the person names goes only into a
    folder that exists."""
    from engine.record import RecordError, write_record
    if not make_folder and not path.parent.is_dir():
        raise RecordError(f"{path.parent}: no such folder")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise RecordError(f"{path.parent}: can't be created ({error.strerror or error})") from None
    write_record(doc, path, private=True)


def read_save(path: Path, programs: list[str] = ()) -> dict:
    """The saved document, checked: a `passport play` game that is not over.
    A seat of an outside program (cmd:COMMAND) is resumed only when
    `programs` names those programs, in seat order: resuming runs their
    commands, and a command read from a file is not run unasked.

    Raises SaveError (one sentence) for a missing, corrupt, foreign,
    wrong-version, finished or forfeited file, or for programs not named.
    Reads only; needs no kernels."""
    import shlex

    from bots.names import AGENT, LEVELS
    from engine.record import RecordError, read_record
    try:
        doc = read_record(path)
    except RecordError as error:
        raise SaveError(f"Can't resume {error}.") from None
    seats = doc.get("seats")
    if not seats:
        raise SaveError(f"Can't resume {path_text(path)}: it is a game record without seats, "
                        "not a game saved by passport play.")
    humans = [i for i, seat in enumerate(seats) if seat.get("player") == "human"]
    players = [seat.get("player") for seat in seats]
    seated = [p.removeprefix("bot:") for p in players
              if isinstance(p, str) and p.startswith(f"bot:{AGENT}")]
    bots_ok = all(p == "human" or p in {f"bot:{level}" for level in LEVELS}
                  or (isinstance(p, str) and p.startswith(f"bot:{AGENT}")) for p in players)
    if len(humans) != 1 or not bots_ok or not all(isinstance(s.get("name"), str) for s in seats):
        raise SaveError(f"Can't resume {path_text(path)}: its seats are not one person and bots of "
                        f"level {', '.join(LEVELS)} or outside programs.")
    taken = seats[humans[0]].get(TAKE_BACKS, 0)
    if isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken <= MOST_TAKE_BACKS:
        raise SaveError(f"Can't resume {path_text(path)}: its count of take-backs "
                        f"(seats[{humans[0]}].{TAKE_BACKS}) is not a whole number from 0 to "
                        f"{MOST_TAKE_BACKS:,}.")
    if doc["result"].get("reason") is not None or doc.get("forfeit") is not None:
        raise SaveError(f"Can't resume {path_text(path)}: that game is over; start a new one "
                        "with passport play.")
    if list(programs) != seated:
        if not seated:
            raise SaveError(f"Can't resume {path_text(path)} with --difficulty: it seats no "
                            "outside program, and its bots' levels are its own.")
        named = ",".join(seated)
        raise SaveError(f"Can't resume {path_text(path)} without naming the outside programs "
                        f"it seats, since resuming runs them: add --difficulty "
                        f"{shlex.quote(named)}.")
    return doc


def resume_save(doc: dict, path: Path):
    """(the table replayed to where the save stopped, the person's seat);
    SaveError if the engine does not reproduce the saved steps. The table's
    players are the session's to seat."""
    from arena.match import Seat, Table
    from engine.record import RecordError, resume
    try:
        recorder = resume(doc, str(path))
    except RecordError as error:
        raise SaveError(f"Can't resume {error}.") from None
    seats = [Seat(seat_name(seat["name"]), seat["player"]) for seat in doc["seats"]]
    table = Table(recorder.game.config, seats, [None] * len(seats), recorder=recorder)
    human = next(i for i, seat in enumerate(seats) if seat.player == "human")
    return table, human


class SaveFile:
    """The one file a game of `passport play` is saved to, and what it holds:
    the number of record steps and the round of the last save that worked
    (None before any; the steps None too once the game on file is of
    another line of play, after an `undo`). A new game's file is made by `SaveFile.create`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.steps: int | None = None
        self.round: int | None = None

    @classmethod
    def create(cls, doc: dict, steps: int, round_: int) -> SaveFile:
        """A new game's file, holding `doc` (`create_save`); RecordError if it can't be made."""
        kept = cls(create_save(doc))
        kept.steps, kept.round = steps, round_
        return kept

    def write(self, doc: dict, steps: int, round_: int) -> str | None:
        """Save `doc` (a game of `steps` record steps, in round `round_`) over
        the file; None when it is written, else why not, in a few words."""
        from engine.record import RecordError
        try:
            write_save(doc, self.path)
        except RecordError as error:
            return as_text(error)
        self.steps, self.round = steps, round_
        return None

    def lost(self) -> str:
        """What a save that failed now loses, in one sentence."""
        if self.round is None:
            return "Nothing of this game is kept."
        return (f"{path_text(self.path)} keeps the game as it stood in round {self.round}: "
                "the moves since are lost.")


class GameLock:
    """While a game is played, no other `passport play` plays it: an
    exclusive lock (flock) on a file beside its save, `.NAME.lock`, taken
    when the game starts or is resumed and removed when it stops. The lock
    of a program that died is gone with it (the kernel drops it), so only a
    game being played is refused. On systems without flock, no lock."""

    def __init__(self, save: Path) -> None:
        self.path = save.with_name(f".{save.name}.lock")
        self._fd: int | None = None

    def take(self) -> bool:
        """Lock the game; False if another program holds its lock."""
        try:
            import fcntl
        except ImportError:
            return True
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError:  # no file can be made beside the save: no lock
                return True
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            try:  # the file locked must still be the one named: a releaser may have removed it
                if os.fstat(fd).st_ino == os.stat(self.path).st_ino:
                    self._fd = fd
                    return True
            except FileNotFoundError:
                pass
            os.close(fd)

    def release(self) -> None:
        """Remove the lock file (while it is still held), then let it go."""
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        os.close(self._fd)
        self._fd = None
