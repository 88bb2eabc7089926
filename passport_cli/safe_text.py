"""Text from outside, shown as text: the one place that says how.

A save or a record is anyone's file, and so is the database of finished
games; an outside program writes what it likes; a file name is whatever
its owner chose. Any of them may hold characters a terminal acts on
instead of showing them (arena/text.py says which). And Rich reads `[...]` in a
string as markup: `[/]` raises an error, `[link=URL]` makes a hyperlink.

- `as_text(value)`: the value as a string with each of those characters
  written as its escape (ESC as \\x1b, U+202E as \\u202e). Its result holds
  none of them, so calling it again changes nothing.
- `shown(value, style)`: that string as a Rich Text, which Rich never reads
  as markup. Every screen hands outside text to Rich this way.
- `markup(value)`: that string escaped for a Rich markup sentence.
- `path_text(path)`: a path as one word a shell reads back as that path.
- `person_name(value)`: the name a person gives (`passport play --name`),
  checked; `seat_name(value)`: a seat's name from a file, as shown.
"""

from __future__ import annotations

import shlex

from arena.text import UNSHOWN, escaped

# The longest name a person may give (`passport play --name`), and the
# longest a seat's name from a file is shown (room for a few escapes).
NAME_LENGTH = 20
# The name a person plays under unless they choose one; a seat of that
# name is spoken to as "you" (in play, review and replay).
YOU = "You"
SHOWN_NAME_LENGTH = 40


def as_text(value) -> str:
    """`value` as a string with every control and bidi character written as
    its escape (arena/text.py)."""
    return escaped(str(value))


def shown(value, style: str = ""):
    """`value` as a Rich Text (never read as markup), each control and bidi
    character written as its escape."""
    from rich.text import Text
    return Text(as_text(value), style=style)


def markup(value) -> str:
    """`value` for a Rich markup sentence: control and bidi characters
    written as escapes, and brackets escaped."""
    from rich.markup import escape
    return escape(as_text(value))


def path_text(path) -> str:
    """A path as a shell word that names it: as it is when it needs no
    quotes, in single quotes when it has spaces or other characters a shell
    reads, and as $'...' with escapes when it has characters a terminal acts
    on (a newline, ESC, a bidi control), which bash, zsh and ksh read back."""
    text = str(path)
    if not UNSHOWN.search(text):
        return shlex.quote(text)
    inside = text.replace("\\", "\\\\").replace("'", "\\'")
    return "$'" + escaped(inside) + "'"


def person_name(value: str) -> str:
    """The name a person gives (`passport play --name`), its runs of spaces
    made one; ValueError, in a few words, if it can't be a seat's name: it
    holds a control or bidi character (a tab, a newline, ESC, U+202E ...),
    or it is empty or longer than NAME_LENGTH characters."""
    if UNSHOWN.search(value):
        raise ValueError("give a name without control or bidi characters")
    name = " ".join(value.split())
    if not name or len(name) > NAME_LENGTH:
        raise ValueError(f"give a name of 1 to {NAME_LENGTH} characters")
    return name


def seat_name(value) -> str:
    """A seat's name from a file (a save, a record), as the table shows it:
    as text, its runs of spaces made one, cut to SHOWN_NAME_LENGTH
    characters with an ellipsis when longer."""
    text = " ".join(as_text(value).split())
    return text if len(text) <= SHOWN_NAME_LENGTH else text[:SHOWN_NAME_LENGTH - 1] + "…"
