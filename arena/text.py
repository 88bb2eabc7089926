"""Text from outside, written so that a terminal shows it and acts on none
of it: the one definition of which characters those are.

A save, a record, a results file or an outside program's output is anyone's
text, and may hold characters a terminal acts on instead of showing them:
ESC and the other C0 controls (ESC starts the sequences that clear the
screen, retitle the window or make a hyperlink), DEL, the C1 controls
U+0080-U+009F (U+009B and U+009D start the same sequences on terminals that
read 8-bit controls), the bidirectional controls, which make a terminal
show the rest of a line in another order (U+202E prints "gpj.exe" for
"exe.jpg"), and the line and paragraph separators, which some terminals and
pagers break lines at. `escaped(text)` writes each as its escape (ESC as
\\x1b, U+202E as \\u202e). What shows outside text shows it through this:
passport_cli/safe_text.py on every screen, arena/agent_log.py in the logs
of outside programs. Importing it loads nothing else.
"""

from __future__ import annotations

import re

UNSHOWN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
                     "\u2028\u2029]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xff else f"\\u{code:04x}"


def escaped(text: str) -> str:
    """`text` with each character of UNSHOWN written as its escape; calling
    it again changes nothing."""
    return UNSHOWN.sub(_escape, text)
