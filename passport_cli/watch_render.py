"""Rich rendering for `passport watch` and `passport replay`: numbered steps,
the heading of a replay screen, the replay commands.

Like play_render (whose table, intro and end these commands share), nothing
here reads a game: every function prints plain data. Everything fits 80
columns.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .play_render import render_lines

NUMBER_WIDTH = 5  # "1234 " : step numbers up to 9999, then the sentences


def render_opening(console: Console, lines: list[str]) -> None:
    """The title rule, then sentences wrapped to the width."""
    console.rule("[bold]Passport[/]")
    render_lines(console, lines)


def render_step(console: Console, number: int, lines: list[str]) -> None:
    """One record step: its number, then its sentences with a hanging indent."""
    if not lines:
        return
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", width=NUMBER_WIDTH, no_wrap=True)
    grid.add_column()
    for i, line in enumerate(lines):
        grid.add_row(Text(str(number) if i == 0 else "", style="dim"), Text(line))
    console.print(grid)


def render_step_heading(console: Console, heading: str, lines: list[str]) -> None:
    """The top of a replay screen: where we are, then what happened in the step."""
    console.print(f"[bold]{escape(heading)}[/]")
    render_lines(console, lines or ["(nothing this view may see)"], indent=2)


def render_outcome(console: Console, sentence: str) -> None:
    """How the game ended (or where its record stops), in bold."""
    render_lines(console, [Text(sentence, style="bold")])



