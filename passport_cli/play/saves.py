"""Where `passport play` keeps its games, and how a saved game is loaded.

A save is the game record (engine/record.py, docs/record-format.md) of the
game so far: `engine_actions` for every step and a `pending` step when it was
saved in the middle of a decision, so replaying the actions from the seed
rebuilds exactly the same state — hidden cards and random numbers included.
Its `seats` field names the seats and who plays them (`human` or
`bot:<level>`), which is all `--resume` needs to seat the same players.

Games go to `$PASSPORT_HOME/saves/` when PASSPORT_HOME is set (tests use
it), else to `$XDG_DATA_HOME/passport/saves/`, by default
`~/.local/share/passport/saves/`. A finished game stays there as its record.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ..safe_text import as_text

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


def new_save_path(now: float | None = None) -> Path:
    """A fresh file name for a new game: saves/game-20250131-142501.json."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    folder = saves_dir()
    path = folder / f"game-{stamp}.json"
    number = 2
    while path.exists():
        path = folder / f"game-{stamp}-{number}.json"
        number += 1
    return path


def write_save(doc: dict, path: Path, make_folder: bool = True) -> None:
    """Write the record (atomically, engine.record.write_record); RecordError if
    it can't. The folder is made when `make_folder` (the game's own save in
    saves/); a copy the person names goes only into a folder that exists."""
    from engine.record import RecordError, write_record
    if not make_folder and not path.parent.is_dir():
        raise RecordError(f"{path.parent}: no such folder")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RecordError(f"{path.parent}: can't be created ({error.strerror or error})") from None
    write_record(doc, path)


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
        raise SaveError(f"Can't resume {path}: it is a game record without seats, "
                        "not a game saved by passport play.")
    humans = [i for i, seat in enumerate(seats) if seat.get("player") == "human"]
    players = [seat.get("player") for seat in seats]
    seated = [p.removeprefix("bot:") for p in players
              if isinstance(p, str) and p.startswith(f"bot:{AGENT}")]
    bots_ok = all(p == "human" or p in {f"bot:{level}" for level in LEVELS}
                  or (isinstance(p, str) and p.startswith(f"bot:{AGENT}")) for p in players)
    if len(humans) != 1 or not bots_ok or not all(isinstance(s.get("name"), str) for s in seats):
        raise SaveError(f"Can't resume {path}: its seats are not one person and bots of "
                        f"level {', '.join(LEVELS)} or outside programs.")
    if doc["result"].get("reason") is not None or doc.get("forfeit") is not None:
        raise SaveError(f"Can't resume {path}: that game is over; start a new one "
                        "with passport play.")
    if list(programs) != seated:
        if not seated:
            raise SaveError(f"Can't resume {path} with --difficulty: it seats no outside "
                            "program, and its bots' levels are its own.")
        named = ",".join(seated)
        raise SaveError(f"Can't resume {path} without naming the outside programs it seats, "
                        f"since resuming runs them: add --difficulty {shlex.quote(named)}.")
    return doc


def resume_save(doc: dict, path: Path):
    """(the table replayed to where the save stopped, the person's seat);
    SaveError if the engine does not reproduce the saved steps. The table's
    players are the session's to seat."""
    from bots.match import Seat, Table
    from engine.record import RecordError, resume
    try:
        recorder = resume(doc, str(path))
    except RecordError as error:
        raise SaveError(f"Can't resume {error}.") from None
    seats = [Seat(as_text(seat["name"]), seat["player"]) for seat in doc["seats"]]
    table = Table(recorder.game.config, seats, [None] * len(seats), recorder=recorder)
    human = next(i for i, seat in enumerate(seats) if seat.player == "human")
    return table, human
