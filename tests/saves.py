"""What `passport play` leaves in a PASSPORT_HOME: its save and its rows of
finished games."""
from pathlib import Path

# One game of `passport play` to its end: a bot at easy, and the answers
# that take it there.
GAME = ("--seed", 3, "--bots", 1, "--difficulty", "easy")
TO_THE_END = "1\ny\n" * 600  # draw, say yes: seed 3 ends in round 16, won by Ana


def save_of(home: Path) -> Path:
    """The one save in `home`."""
    [path] = sorted((home / "saves").glob("*.json"))
    return path


def finished_rows(home: Path) -> list:
    """`passport stats`'s rows in `home`."""
    from passport_cli.play import history
    return history.games(home / "history.sqlite3")
