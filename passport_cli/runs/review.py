"""Rich output of `passport review`: a progress bar while it searches, then
the win-chance curve (plotext) and the moves that cost most."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from ..safe_text import YOU, shown
from ..table.render import render_lines


class ReviewProgress:
    """Decisions searched out of all, on terminals only."""

    def __init__(self, console: Console) -> None:
        self._progress = Progress(TextColumn("Reviewing"), BarColumn(), MofNCompleteColumn(),
                                  TimeElapsedColumn(), console=console, transient=True,
                                  disable=not console.is_terminal)
        self._task = self._progress.add_task("decisions", total=None)

    def __enter__(self):
        self._progress.start()
        return self

    def __exit__(self, *exc) -> None:
        self._progress.stop()

    def advance(self, done: int, total: int) -> None:
        self._progress.update(self._task, completed=done, total=total)


def chart(console: Console, chances: list[float]) -> str:
    """The win-chance curve, drawn by plotext to the console's width (ASCII
    and without colour when the console is)."""
    import plotext as plt
    plain = console.encoding == "ascii"
    plt.clf()
    plt.plot(list(range(1, len(chances) + 1)), [100 * c for c in chances],
             marker="*" if plain else "braille")
    width = min(console.width, 100)
    plt.plotsize(width, 14)
    plt.ylim(0, 100)
    turns = len(chances)  # ticks at whole turns, at most five of them
    ticks = sorted({round(1 + i * (turns - 1) / 4) for i in range(5)})
    plt.xticks(ticks, [str(tick) for tick in ticks])
    title = "Your win chance (%), the expert's estimate at each of your turns"
    plt.title(title if len(title) + 4 <= width else "Your win chance (%)")
    plt.xlabel("your turns")
    plt.theme("clear")
    if plain:
        plt.frame(False)
    return plt.uncolorize(plt.build()) if plain or console.no_color else plt.build()


def render_review(console: Console, result) -> None:
    from ..review import costly
    decisions = result.decisions
    if not decisions:
        render_lines(console, [f"{result.name} made no turn-level decision with a choice."])
        return
    console.print(Text.from_ansi(chart(console, [d.best_chance for d in decisions])))
    whose = "your" if result.name == YOU else f"{result.name}'s"
    render_lines(console, [shown(f"Reviewed {len(decisions)} of {whose} turns"
                                 + f"; {result.ending}.",
                                 "bold")])
    worst = costly(result)
    if not worst:
        render_lines(console, ["No move cost 5 points or more of win chance: well played."])
        return
    render_lines(console, [Text("The moves that cost most", style="bold")])
    lines = []
    for d in worst:
        played = f"about {d.played_chance:.0%}" if d.played_chance is not None else \
            "a move the expert did not search"
        lines.append(f"Round {d.round}: you chose to {d.played} ({played}); the expert would "
                     f"{d.best} (about {d.best_chance:.0%}).")
    render_lines(console, lines, indent=2)
