"""Rich rendering for `passport play`: the hand, the menus, the commands' answers.

Nothing here computes or reads a game: every function takes the plain data of
`play/hand.py` (or lists of sentences) and prints it; the table and the end
of a game are drawn by table/render.py. Everything fits 80 columns. Input
is read elsewhere, with a plain `input()`, after the screen is printed:
Rich's live displays are used only while bots think, never during a prompt.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.console import Console, Group
from rich.live import Live
from rich.padding import Padding
from rich.spinner import Spinner
from rich.table import Table
from rich.text import Text

from ..safe_text import as_text, shown
from ..table.render import plain, render_commands, render_lines, render_note
from .hand import HandView, Menu, TrackedKind


FLAG_STYLE = {"forbidden": "bold red", "passport": "green"}
# A note that warns (the option gives away the only passport or a card the
# person needs) stands out; its words say the same without colour.
WARNING = "bold yellow"
# A sentence of the recap that tells the person lost a card or their own
# country (table/narrate.py's sentences): a steal ("Ana stole Camera from
# you."), Lost Luggage ("You passed Camera to Bo."), Customs Check ("You
# lost Camera (caught ..."), Civil Unrest or a Poorly Drawn Map ("Your own
# country Japan went back to the box; ...").
LOSS = re.compile(r" stole .+ from you\.$|^You passed |^You lost |^Your own country ")


def warns(note: str) -> bool:
    return "only passport" in note or "needed" in note or note.startswith("you would give")
# Two columns of options only when there are many and every label is short.

TWO_COLUMNS_FROM, SHORT_LABEL = 11, 37


def render_intro(console: Console, lines: list[str]) -> None:
    console.rule("[bold]Passport[/]")
    for line in lines:
        render_note(console, line)


def render_recap(console: Console, title: str, lines: list[str]) -> None:
    """Sentences under a heading ("Since your last turn"); a loss of the
    person's (LOSS) stands out, marked "Lost:"."""
    if not lines:
        return
    console.print(shown(title, "bold"))
    render_lines(console, [Text.assemble(("Lost: ", WARNING), as_text(line))
                           if LOSS.search(line) else line for line in lines], indent=2)


def render_hand(console: Console, view: HandView) -> None:
    cards = "1 card" if view.size == 1 else f"{view.size} cards"
    console.print(f"[bold]Your hand[/] ({cards}, limit {view.limit})")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for group in view.groups:
        line = Text()
        for i, card in enumerate(group.cards):
            if i:
                line.append(", ")
            mark = "⚠ " if card.flag == "forbidden" else ""
            line.append(mark + card.words, style=FLAG_STYLE.get(card.flag, ""))
            if card.index:
                line.append(f" {card.index}", style="dim")
        if group.note:
            line.append(("  " if group.cards else "") + f"({as_text(group.note)})", style="italic")
        grid.add_row(Text("  " + group.title, style="bold"), line)
    console.print(grid)
    if view.ready:
        console.print(shown(view.ready, "bold green"))


def render_menu(console: Console, menu: Menu) -> None:
    render_lines(console, [shown(menu.title, "bold")])
    render_lines(console, menu.context, indent=2)
    numbers, labels = [], []
    for choice in menu.choices:
        label = shown(choice.label)
        if choice.note:
            label.append(f" ({as_text(choice.note)})",
                         style=WARNING if warns(choice.note) else "dim")
        numbers.append(Text(f"{choice.number:>2}."))
        labels.append(plain(console, label))
    rows = (len(labels) + 1) // 2
    widest = max((cell_len(n.plain) + 1 + cell_len(t.plain) for n, t in zip(numbers, labels)),
                 default=0)
    # two columns for a long list, when both fit whole (1 + left + 3 + right)
    two = (len(labels) >= TWO_COLUMNS_FROM and all(len(t.plain) <= SHORT_LABEL for t in labels)
           and 1 + 2 * widest + 3 <= console.width)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, justify="right")
    grid.add_column()  # a long label wraps between words, under its own start
    if two:
        grid.add_column(width=1)
        grid.add_column(no_wrap=True, justify="right")
        grid.add_column()
        for r in range(rows):
            right = [numbers[r + rows], labels[r + rows]] if r + rows < len(labels) else ["", ""]
            grid.add_row(numbers[r], labels[r], "", *right)
    else:
        for number, label in zip(numbers, labels):
            grid.add_row(number, label)
    console.print(Padding(grid, (0, 0, 0, 1), expand=False))


def render_log(console: Console, turns: list[tuple[str, list[str]]]) -> None:
    """The whole game so far: (heading, sentences) per turn."""
    if not turns:
        console.print("Nothing has happened yet.")
    for heading, lines in turns:
        console.print(shown(heading, "bold"))
        render_lines(console, lines, indent=2)


def render_tracker(console: Console, rows: list[TrackedKind]) -> None:
    """The card tracker: each kind's copies as the person knows them."""
    table = Table(box=None, pad_edge=False, show_edge=False, title_justify="left",
                  title="[bold]Where the cards are[/], as far as you know")
    for heading in ("Kind", "In game", "Yours", "Seen with", "Discarded", "Unseen"):
        table.add_column(heading, justify="left" if heading in ("Kind", "Seen with") else "right",
                         overflow="fold")
    for row in rows:
        seen = shown(", ".join(f"{name} {n}" for name, n in row.seen) or "-")  # names as text
        table.add_row(row.kind, str(row.copies), str(row.yours or "-"), seen,
                      str(row.discarded or "-"), str(row.unseen or "-"))
    console.print(table)
    render_lines(console, ["Unseen: in the draw pile or in a hand you have not seen."])


def render_discard(console: Console, cards: list[str]) -> None:
    if not cards:
        console.print("The discard pile is empty.")
        return
    if len(cards) == 1:
        console.print("[bold]Discard pile[/], 1 card:")
    else:
        console.print(f"[bold]Discard pile[/], {len(cards)} cards, oldest first "
                      "(the last is on top):")
    render_lines(console, [", ".join(cards)], indent=2)


def render_hint(console: Console, lines: list[str]) -> None:
    console.print("[bold]Hint[/] (the expert bot's search from what you know):")
    render_lines(console, lines, indent=2)


def render_help(console: Console, commands: list[tuple[str, str]]) -> None:
    console.print("[bold]At any prompt[/] type the number of an option, or the start of "
                  "its text (e.g. [bold]draw[/]), or one of:")
    render_commands(console, commands)


def render_rules(console: Console, sections: list, more: list[str]) -> None:
    from rich.markdown import Markdown
    for section in sections:
        console.print(Markdown(plain(console, section.markdown)))
    if more:
        render_lines(console, [f"Also in: {', '.join(more)} (type rules and a section, e.g. "
                               f"rules {more[0]})."])


class BotActivity:
    """While bots play: a spinner naming who thinks, above it the moves so far.

    A transient live display, on interactive terminals only; it is gone before
    the next prompt, whose recap repeats the moves ("Since your last turn")."""

    KEEP = 8  # moves shown above the spinner

    def __init__(self, console: Console, spinner: str = "dots") -> None:
        self.console = console
        self.spinner = spinner
        self.lines: list[str] = []
        self.who = ""
        self._live = None

    def _renderable(self):
        lines = [shown("  " + line, "dim") for line in self.lines[-self.KEEP:]]
        return Group(*lines, Spinner(self.spinner, text=shown(f"{self.who} is thinking…")))

    def thinking(self, who: str) -> None:
        self.who = who
        if self._live is None and self.console.is_terminal and not self.console.is_dumb_terminal:
            self._live = Live(self._renderable(), console=self.console, transient=True,
                              refresh_per_second=12)
            self._live.start()
        elif self._live is not None:
            self._live.update(self._renderable())

    def told(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        if self._live is not None:
            self._live.update(self._renderable())

    def stop(self) -> None:
        if self._live is not None:
            self._live.stop()
            self._live = None
        self.lines = []
