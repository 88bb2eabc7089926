"""Rich output for runs of many games (selfplay, tournament): progress bars
and the selfplay summary. Nothing here computes. A bot may be an outside
program, cmd:COMMAND, whose words are shown as text (safe_text.py)."""

from __future__ import annotations

import sys
import time

from rich.console import Console
from rich.progress import (
    BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn,
)
from rich.table import Table

from ..safe_text import markup, path_text, shown

REASON_WORDS = {"center": "reached the center", "postcards": "collected the postcards",
                "round_cap": "round cap (no winner)"}


def entries_text(bots) -> str:
    """'easy, greedy ×3' for the bots easy, greedy, greedy, greedy, for a
    Rich markup sentence (a cmd:COMMAND escaped: safe_text.markup)."""
    counts: dict[str, int] = {}
    for name in bots:
        counts[name] = counts.get(name, 0) + 1
    return markup(", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items()))


class GamesProgress:
    """A progress bar over games on a terminal. Piped or redirected, a line
    on stderr instead, each time another 5% of the games is played or a
    minute has passed, and at the end, so that a long run can be followed
    from its log; the results on stdout stay clean. `progress_class` may
    add to Rich's Progress."""

    progress_class = Progress
    LINE_EVERY = 60.0      # seconds, at most, between two progress lines
    LINE_SHARE = 0.05      # or this share of the games

    def __init__(self, console: Console, total: int, completed: int = 0, log=None,
                 **extra) -> None:
        self._progress = self.progress_class(
            TextColumn("Playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            TextColumn("left"), TimeRemainingColumn(),
            console=console, transient=True, disable=not console.is_terminal, **extra)
        self._task = self._progress.add_task("games", total=total, completed=completed)
        self._lines = None if console.is_terminal else (log or sys.stderr)
        self._total, self._done, self._started = total, completed, time.monotonic()
        self._first = completed  # games a resumed run found done: not in its speed
        self._last_line, self._last_done = self._started, completed
        self._extra = extra

    def __enter__(self):
        self._progress.start()
        return self

    def __exit__(self, *exc) -> None:
        self._progress.stop()

    def advance(self, _result=None) -> None:
        self._progress.advance(self._task)
        self._done += 1
        if self._lines is None:
            return
        now = time.monotonic()
        if (self._done == self._total or now - self._last_line >= self.LINE_EVERY
                or self._done - self._last_done >= max(1, self.LINE_SHARE * self._total)):
            self._last_line, self._last_done = now, self._done
            print(self.progress_line(now - self._started), file=self._lines, flush=True)

    def progress_line(self, elapsed: float) -> str:
        """One line of progress: games played of all, the time taken, and,
        once a game of this run has finished, games a minute and the time left."""
        line = f"{self._done}/{self._total} games played, {_duration(elapsed)}"
        played = self._done - self._first
        if played > 0 and elapsed > 0:
            per_minute = played / elapsed * 60
            left = (self._total - self._done) / per_minute * 60
            line += f", {per_minute:.1f} games a minute" if per_minute < 100 else \
                f", {per_minute:.0f} games a minute"
            if self._done < self._total:
                line += f", about {_duration(left)} left"
        return line


def _duration(seconds: float) -> str:
    """65.2 -> '1m05s'; 3725 -> '1h02m05s'."""
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m{seconds:02d}s" if hours else f"{minutes}m{seconds:02d}s"


class SelfplayProgress(GamesProgress):
    """Self-play games played out of all."""


def render_selfplay(console: Console, run) -> None:
    """The summary of a self-play run (passport_cli.runs.selfplay.SelfplayRun)."""
    games = len(run.results)
    extensions = ", ".join(run.extensions) or "none"
    console.print(f"[bold]{games} game{'s' if games != 1 else ''}[/], {run.players} players "
                  f"({entries_text(run.bots)}), extensions: {extensions}, seed {run.seed}")
    table = Table("How the game ended", "Games", "Winners", box=None, padding=(0, 2, 0, 0))

    def named(seat):  # which bot won, when the seats hold different bots
        return f" ({run.bots[seat]})" if len(set(run.bots)) > 1 else ""

    by_reason = sorted(run.winners_by_reason.items(),
                       key=lambda item: (-item[1].total(), item[0]))
    for reason, winners in by_reason:
        won = sorted((seat, count) for seat, count in winners.items() if seat is not None)
        seats = ", ".join(f"seat {seat}{named(seat)} ×{count}" for seat, count in won)
        table.add_row(shown(REASON_WORDS.get(reason, reason)), str(winners.total()),
                      shown(seats or "—"))
    console.print(table)
    console.print(f"Median rounds: {run.median_rounds:g}")
    # Not wrapped: a path broken over two lines can't be copied.
    console.print(shown(f"Records: {path_text(run.out_dir)} "
                        f"({games} {run.fmt} file{'s' if games != 1 else ''})"), soft_wrap=True)
