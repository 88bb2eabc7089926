"""A polite stop: SIGTERM handled as Ctrl-C, so long runs save what they did.

`kill PID` (SIGTERM) normally ends a process at once: `finally` blocks don't
run, a results file misses its last games and worker processes are left
running with no parent. Inside `terminate_as_interrupt()` SIGTERM raises
KeyboardInterrupt instead, so the same clean-up as for Ctrl-C runs.
"""

from __future__ import annotations

import contextlib
import signal


def _interrupt(_signum, _frame):
    raise KeyboardInterrupt


@contextlib.contextmanager
def terminate_as_interrupt():
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
