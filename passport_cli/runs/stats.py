"""Rich output of `passport stats` (the numbers come from play/history.py)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ..play import history
from ..safe_text import shown
from ..table.narrate import count_words


def render_stats(console: Console, rows: list, damaged: int = 0) -> None:
    """The tallies of `rows` (history.Played); `damaged` rows of the
    database were left out, and are counted here. Every text of the
    database is shown as text (safe_text.shown)."""
    if damaged:
        console.print(f"{damaged} row{'s' if damaged != 1 else ''} of the record of your games "
                      f"{'do' if damaged != 1 else 'does'} not hold a game and "
                      f"{'are' if damaged != 1 else 'is'} left out.")
    if not rows:
        console.print(history.NO_GAMES)
        return
    overall = history.tally(rows)
    current, best = history.streaks(rows)
    console.print(f"[bold]{overall.games} game{'s' if overall.games != 1 else ''}[/]: "
                  f"{overall.wins} won, {overall.losses} lost, {overall.draws} at the round cap "
                  f"({overall.win_rate:.0%} won)")
    console.print(f"Wins in a row now: {current}; longest run: {best}")
    taken = [row for row in rows if row.take_backs]
    if taken:
        moves = sum(row.take_backs for row in taken)
        console.print(f"With take-backs (undo): {count_words(len(taken), 'game')}, "
                      f"{count_words(moves, 'move')} taken back")
    for title, key in (("Difficulty", history.difficulty),
                       ("Players", lambda row: str(row.players)),
                       ("Extensions", lambda row: row.extensions.replace(",", ", "))):
        table = Table(title, "Games", "Won", "Lost", "Drawn", "Won %", box=None,
                      padding=(0, 2, 0, 0), title_justify="left")
        for name, t in history.by(rows, key).items():
            table.add_row(shown(name), str(t.games), str(t.wins), str(t.losses), str(t.draws),
                          f"{t.win_rate:.0%}")
        console.print()
        console.print(table)
