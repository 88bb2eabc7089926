"""Rich rendering of what `passport play`, `watch` and `replay` share: the
table, the end of a game, sentences and notes, numbered steps, the heading
of a replay screen, lists of commands.

Nothing here computes or reads a game: every function prints plain data
(table/view.py, lists of sentences). Everything fits 80 columns. Names and
other words from files reach Rich only as Text, each control and bidi
character written as its escape (safe_text.py): a str given here is
always shown as text, never read as markup.
"""

from __future__ import annotations

import textwrap

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..safe_text import as_text, shown
from .view import CHARACTER_EFFECTS, TableView


NUMBER_WIDTH = 5  # "1234 " : step numbers up to 9999, then the sentences
# Each seat's name has its colour at the table (your own in bold too); under
# --no-color the names themselves, "(you)" and the ▶ of the player to move
# carry the same facts.
SEAT_COLOURS = ("cyan", "magenta", "yellow", "blue", "green", "red")


def seat_style(seat: int, you: bool) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] + (" bold" if you else "")


def _box(console: Console):
    return box.ASCII if console.encoding == "ascii" else box.SIMPLE_HEAD


# Characters that `--ascii` spells with more than one letter (ascii_out.py):
# text holding them is spelled before it is laid out, so that lines keep
# the width they were wrapped to.
WIDER_IN_ASCII = ("…", "→", "←")


def plain(console: Console, text):
    """`text` (a str or a Text) as the console will show it: spelled in ASCII
    beforehand on an ASCII console when the spelling is longer."""
    if console.encoding != "ascii":
        return text
    words = text if isinstance(text, str) else text.plain
    if not any(char in words for char in WIDER_IN_ASCII):
        return text
    from ..ascii_out import to_ascii
    return to_ascii(text) if isinstance(text, str) else Text(to_ascii(words), style=text.style)


# Rounds before the round cap from which the table warns that the game will
# end without a winner (R8, "Round limit").
CAP_WARNING_ROUNDS = 10


def render_table(console: Console, view: TableView) -> None:
    console.rule(shown(f"Round {view.round} of {view.round_cap} · {view.active}", "bold"))
    left = view.round_cap - view.round
    if view.active != "game over" and left < CAP_WARNING_ROUNDS:
        render_lines(console, [Text.assemble(
            ("Nearly out of time:", "bold yellow"),
            " this is the last round: if nobody wins in it, nobody wins." if left == 0 else
            f" {left} more round{'s' if left > 1 else ''} after this one; if nobody "
            f"has won after round {view.round_cap}, nobody wins.")])
    render_lines(console, [Text.assemble(("Center:", "bold"),
                                         f" {view.center} ({', '.join(view.center_needs)})")])
    table = _seat_table(console, view)
    if _fits(console, table):
        console.print(table)
    else:  # too narrow for four columns: a few lines per seat
        _render_seats(console, view)
    if view.threats:
        render_lines(console, [Text.assemble(("Watch out: ", "bold yellow"), as_text(line))
                               for line in view.threats])
    characters = [(row.character, "you" if row.you else as_text(row.name))
                  for row in view.seats if row.character]
    if characters:
        render_lines(console, [Text.assemble(("Characters: ", "bold"), "; ".join(
            f"{character} ({who}): {CHARACTER_EFFECTS[character]}"
            for character, who in characters) + ".")])
    top = ", ".join(view.discard_top)
    more = "… " if view.discard_size > len(view.discard_top) else ""
    discard = f"{view.discard_size} ({more}{top} on top)" if view.discard_size else "empty"
    render_lines(console, [f"Draw pile: {view.draw_size}  ·  Box: {view.box_size}  ·  "
                           f"Discard pile: {discard}"])
    if view.strike:
        render_lines(console, [Text.assemble(("Airline Strike:", "bold"), f" nobody may travel "
                                             f"until {as_text(view.strike)}'s next turn.")])


def _fits(console: Console, renderable) -> bool:
    """Whether `renderable` fits the console's width uncut (Rich may lay a
    table out wider than asked and crop it)."""
    import io
    probe = Console(width=console.width, file=io.StringIO(), color_system=None,
                    legacy_windows=False)
    probe.print(renderable, crop=False)
    return all(cell_len(line) <= console.width
               for line in probe.file.getvalue().splitlines())


def _known(view: TableView, row) -> str:
    return "(your own)" if row.you and not view.own_listed else ", ".join(row.known) or "-"


def _render_seats(console: Console, view: TableView) -> None:
    """The seats as sentences, for a terminal too narrow for the table; each
    seat's lines wrap under its name."""
    grid = Table.grid(padding=0)
    grid.add_column(no_wrap=True, width=2)
    grid.add_column()
    for seat, row in enumerate(view.seats):
        who = shown(row.name, seat_style(seat, row.you))
        if row.you and row.name.lower() != "you":
            who.append(" (you)")
        if row.character:
            who.append(f", {row.character}", style="dim")
        who.append(f": {row.hand_size} {'card' if row.hand_size == 1 else 'cards'}, heading for ")
        who.append(row.heading_for, style="bold")
        who.append(f" ({', '.join(row.needs)})")
        grid.add_row("▶ " if row.active else "", plain(console, who))
        if row.visited:
            grid.add_row("", Padding(Text(f"✓ visited {', '.join(row.visited)}", style="green"),
                                     (0, 0, 0, 2)))
        grid.add_row("", Padding(plain(console, Text(f"{view.cards_title}: {_known(view, row)}")),
                                 (0, 0, 0, 2)))
    console.print(grid)


def _seat_table(console: Console, view: TableView) -> Table:
    table = Table(box=_box(console), padding=(0, 1), expand=False, show_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("Hand", justify="right")
    # No min_width here: when a long cards column makes Rich (15) narrow this
    # column below its minimum, it widens it again afterwards and the table
    # overflows 80 columns, cutting off the cards' last letters.
    table.add_column("Heading for")
    table.add_column(view.cards_title, min_width=16, overflow="fold")
    for seat, row in enumerate(view.seats):
        who = Text("▶ " if row.active else "  ")
        who.append(as_text(row.name), style=seat_style(seat, row.you))
        if row.you and row.name.lower() != "you":
            who.append(" (you)")
        if row.character:
            who.append(f"\n  {row.character}", style="dim")
        heading = Text(row.heading_for, style="bold")
        heading.append("\n" + ", ".join(row.needs))
        if row.visited:
            heading.append(f"\n✓ visited {', '.join(row.visited)}", style="green")
        table.add_row(who, str(row.hand_size), heading, Text(_known(view, row)))
    return table


def render_end(console: Console, headline: str, hands: list[tuple[str, list[str], list[str]]],
               rounds: int) -> None:
    console.rule("[bold]Game over[/]")
    console.print(shown(headline, "bold"))
    table = Table(box=_box(console), padding=(0, 1), show_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("Traveled to")
    table.add_column("Final hand")
    for name, visited, hand in hands:
        table.add_row(shown(name), shown(", ".join(visited) or "-"),
                      shown(", ".join(hand) or "(empty)"))
    console.print(table)
    console.print(f"Rounds played: {rounds}")


def render_note(console: Console, text: str, style: str = "") -> None:
    """One message, wrapped between words; a word longer than the line (a
    path) is never broken, so that it can be copied whole."""
    text = plain(console, as_text(text))
    lines = textwrap.wrap(text, console.width, break_long_words=False,
                          break_on_hyphens=False) or [""]
    for line in lines:
        console.print(Text(line, style=style), soft_wrap=True)


def render_lines(console: Console, lines: list[str], indent: int = 0) -> None:
    """Sentences, each wrapped between words to the width, with an indent."""
    for line in lines:
        line = plain(console, as_text(line) if isinstance(line, str) else line)
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
        grid.add_row(Text(str(number) if i == 0 else "", style="dim"), shown(line))
    console.print(grid)


def render_step_heading(console: Console, heading: str, lines: list[str]) -> None:
    """The top of a replay screen: where we are, then what happened in the step."""
    console.print(shown(heading, "bold"))
    render_lines(console, lines or ["(nothing this view may see)"], indent=2)


def render_outcome(console: Console, sentence: str) -> None:
    """How the game ended (or where its record stops), in bold."""
    render_lines(console, [shown(sentence, "bold")])
