"""Text from a file, shown as text.

A record or a save is anyone's file: a seat's name in it could hold escape
sequences that clear the screen or retitle the window. Every string the app
shows from a file goes through `as_text`, which writes each control
character as its escape (ESC as \\x1b), so it can never drive the terminal.
"""

from __future__ import annotations

import re

# C0 and C1 control characters and DEL: every one a terminal may act on.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def as_text(value) -> str:
    """`value` as a string with every control character written as its escape."""
    return CONTROL.sub(lambda match: f"\\x{ord(match.group()):02x}", str(value))
