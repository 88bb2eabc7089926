"""Turning the commands' plain data into Rich output. Nothing here computes."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

REASON_WORDS = {"center": "reached the center", "postcards": "collected the postcards",
                "round_cap": "round cap (no winner)"}


def entries_text(bots) -> str:
    """'easy, greedy ×3' for the bots easy, greedy, greedy, greedy."""
    counts: dict[str, int] = {}
    for name in bots:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


class GamesProgress:
    """A progress bar over games, shown on terminals only (piped, or under
    CliRunner, nothing). `progress_class` may add to Rich's Progress."""

    progress_class = Progress

    def __init__(self, console: Console, total: int, completed: int = 0, **extra) -> None:
        self._progress = self.progress_class(
            TextColumn("Playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=console, transient=True, disable=not console.is_terminal, **extra)
        self._task = self._progress.add_task("games", total=total, completed=completed)

    def __enter__(self):
        self._progress.start()
        return self

    def __exit__(self, *exc) -> None:
        self._progress.stop()

    def advance(self, _result=None) -> None:
        self._progress.advance(self._task)


class SelfplayProgress(GamesProgress):
    """Self-play games played out of all."""


def render_selfplay(console: Console, run) -> None:
    """The summary of a self-play run (passport_cli.selfplay.SelfplayRun)."""
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
        table.add_row(REASON_WORDS.get(reason, reason), str(winners.total()), seats or "—")
    console.print(table)
    console.print(f"Median rounds: {run.median_rounds:g}")
    # Not wrapped: a path broken over two lines can't be copied.
    console.print(f"Records: {run.out_dir} ({games} {run.fmt} file{'s' if games != 1 else ''})",
                  soft_wrap=True)


def render_bench(console: Console, result: dict) -> None:
    """The figures of `passport bench engine` (passport_cli.bench.run_engine_bench)."""
    work = result["workload"]
    console.print(f"[bold]Engine speed[/]: random {work['players']}-player games, "
                  f"extensions {work['extensions']}, round cap {work['round_cap']}")
    table = Table("Engine", "Decisions/s", "Repetitions", "Decisions timed", box=None,
                  padding=(0, 2, 0, 0),
                  caption=f"median over repetitions of {work['games_per_repetition']} games",
                  caption_justify="left")
    for name, label in (("numba", "numba kernels"), ("reference", "Python reference")):
        row = result[name]
        table.add_row(label, f"{row['steps_per_second']:,.0f}", str(row["repetitions"]),
                      f"{row['steps']:,}")
    console.print(table)
    console.print(f"Ratio: the kernels are {result['ratio']:,.0f}× as fast as the reference")
    fresh = result["fresh_process"]
    console.print(f"Fresh process: {fresh['seconds']:.2f} s (median of {fresh['repetitions']}) "
                  "to import, load the kernels from the cache and play one game")
    console.print(f"  engine ready {fresh['engine_ready_seconds']:.2f} s, "
                  f"game {fresh['game_seconds']:.2f} s ({fresh['steps']:,} decisions)")
    if fresh["cache_misses"]:
        console.print("[bold]Warning[/]: the fresh process compiled kernels instead of "
                      "loading them; its time includes the compiler.")
    machine = result["machine"]
    cpu = f"pinned to CPU {machine['cpu']}" if machine["cpu"] is not None else "not pinned"
    console.print(f"Python {machine['python']}, numba {machine['numba']}, {cpu}")


def render_ismcts_bench(console: Console, result: dict) -> None:
    """The `passport bench ismcts` figures."""
    console.print(f"ISMCTS speed: {result['positions']} typical 4-player positions, every "
                  f"extension, {result['iterations_per_position']:,} iterations each")
    console.print(f"  median   {result['iterations_per_second']:>10,.0f} iterations/s")
    console.print(f"  slowest  {result['slowest_position']:>10,.0f} iterations/s")
    console.print(f"  fastest  {result['fastest_position']:>10,.0f} iterations/s")
    s = result["settings"]
    console.print(f"  settings: rollout depth {s['rollout_depth']}, width {s['width']}, "
                  f"epsilon {s['epsilon']}, exploration {s['exploration']}; "
                  f"Python {result['python']}, numba {result['numba']}, CPU {result['cpu']}")
