"""Rich rendering of what `passport play`, `watch` and `replay` share: the
table, the end of a game, sentences and notes, numbered steps, the heading
of a replay screen, lists of commands.

Nothing here computes or reads a game: every function prints plain data
(table/view.py, lists of sentences). Everything fits 80 columns.
"""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from .view import TableView


NUMBER_WIDTH = 5  # "1234 " : step numbers up to 9999, then the sentences


def _box(console: Console):
    return box.ASCII if console.encoding == "ascii" else box.SIMPLE_HEAD


def render_table(console: Console, view: TableView) -> None:
    turn = f"Round {view.round} · {view.active}"
    console.rule(f"[bold]{escape(turn)}[/]")
    console.print(f"[bold]Center:[/] {escape(view.center)} "
                  f"({escape(', '.join(view.center_needs))})")
    table = Table(box=_box(console), padding=(0, 1), expand=False, show_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("Hand", justify="right")
    # No min_width here: when a long cards column makes Rich (15) narrow this
    # column below its minimum, it widens it again afterwards and the table
    # overflows 80 columns, cutting off the cards' last letters.
    table.add_column("Heading for")
    table.add_column(view.cards_title, min_width=16, overflow="fold")
    for row in view.seats:
        marker = "▶ " if row.active else "  "
        who = Text(marker + row.name, style="bold" if row.you else "")
        if row.you and row.name.lower() != "you":
            who.append(" (you)")
        if row.character:
            who.append(f"\n  {row.character}", style="dim")
        heading = Text(row.heading_for, style="bold")
        heading.append("\n" + ", ".join(row.needs))
        if row.visited:
            heading.append(f"\n✓ visited {', '.join(row.visited)}", style="green")
        known = ("(your own)" if row.you and not view.own_listed
                 else ", ".join(row.known) or "-")
        table.add_row(who, str(row.hand_size), heading, Text(known))
    console.print(table)
    top = ", ".join(view.discard_top)
    more = "… " if view.discard_size > len(view.discard_top) else ""
    discard = f"{view.discard_size} ({more}{top} on top)" if view.discard_size else "empty"
    console.print(f"Draw pile: {view.draw_size}  ·  Box: {view.box_size}  ·  "
                  f"Discard pile: {escape(discard)}")
    if view.strike:
        console.print(f"[bold]Airline Strike:[/] nobody may travel until "
                      f"{escape(view.strike)}'s next turn.")


def render_end(console: Console, headline: str, hands: list[tuple[str, list[str], list[str]]],
               rounds: int) -> None:
    console.rule("[bold]Game over[/]")
    console.print(f"[bold]{escape(headline)}[/]")
    table = Table(box=_box(console), padding=(0, 1), show_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("Traveled to")
    table.add_column("Final hand")
    for name, visited, hand in hands:
        table.add_row(name, ", ".join(visited) or "-", ", ".join(hand) or "(empty)")
    console.print(table)
    console.print(f"Rounds played: {rounds}")


def render_note(console: Console, text: str, style: str = "") -> None:
    """One message; never broken into lines, so that a path in it stays whole."""
    console.print(Text(text, style=style), soft_wrap=True)


def render_lines(console: Console, lines: list[str], indent: int = 0) -> None:
    """Sentences, each wrapped to the width with a hanging indent."""
    for line in lines:
        line = Text(line) if isinstance(line, str) else line
        if indent:
            console.print(Padding(line, (0, 0, 0, indent), expand=False))
        else:
            console.print(line)


def render_commands(console: Console, commands: list[tuple[str, str]]) -> None:
    """A two-column list of prompt commands and what they do."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for name, words in commands:
        grid.add_row(Text("  " + name, style="bold"), Text(words))
    console.print(grid)


# ---- numbered steps (watch, replay) ----------------------------------------------------

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
