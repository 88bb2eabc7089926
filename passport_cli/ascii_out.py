"""ASCII-only output for terminals that can't show Unicode (`passport play --ascii`).

Rich draws boxes, spinners, bullets and our suit symbols with Unicode. In
ASCII mode the console writes through `AsciiStdout`, which spells every such
character the ASCII way, so no stray symbol can reach the terminal whatever
code printed it.
"""

from __future__ import annotations

import sys
import unicodedata

# Characters worth a better spelling than their plain-letter decomposition.
SPELLING = {
    "♠": "S", "♥": "H", "♣": "C", "♦": "D", "—": "-", "–": "-", "…": "...", "•": "*",
    "·": "-", "›": ">", "▶": ">", "→": "->", "←": "<-", "✓": "+", "✔": "+", "✗": "x",
    "⚠": "!", "×": "x", "‘": "'", "’": "'", "“": '"', "”": '"', "━": "-", "─": "-",
    "│": "|", "┃": "|", "═": "=", "▌": "|", "█": "#",
}


def to_ascii(text: str) -> str:
    """`text` with every non-ASCII character spelled in ASCII ('?' as a last resort)."""
    if text.isascii():
        return text
    out = []
    for char in text:
        if char.isascii():
            out.append(char)
        elif char in SPELLING:
            out.append(SPELLING[char])
        else:
            plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
            out.append(plain or "?")
    return "".join(out)


def _stdout():
    # A Rich live display swaps sys.stdout for a proxy that prints through
    # the console, which writes here: unwrap it, as Rich's own Console does,
    # or the text would go round in circles.
    return getattr(sys.stdout, "rich_proxied_file", sys.stdout)


class AsciiStdout:
    """A text stream over the current `sys.stdout` that writes ASCII only.

    It looks `sys.stdout` up at every write, so test runners that swap it
    (click's CliRunner) still capture the output."""

    def write(self, text: str) -> int:
        _stdout().write(to_ascii(text))
        return len(text)

    def flush(self) -> None:
        _stdout().flush()

    def isatty(self) -> bool:
        return _stdout().isatty()

    def fileno(self) -> int:
        return _stdout().fileno()

    @property
    def encoding(self) -> str:
        return "ascii"
