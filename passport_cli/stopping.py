"""A polite stop: SIGTERM and SIGHUP handled as Ctrl-C, so long runs and
games save what they did.

`kill PID` (SIGTERM) and a closed terminal (SIGHUP) normally end a process
at once: `finally` blocks don't run, a game or a results file misses what
was played since its last save and worker processes are left running with
no parent. Inside `terminate_as_interrupt()` either signal is handled the
way Ctrl-C is at that moment: where Ctrl-C raises KeyboardInterrupt, they
raise `Stopped` (a KeyboardInterrupt that knows its signal), so the same
clean-up runs; where code holds Ctrl-C back while it changes two things
together (arena.match.interrupts_deferred), they are held back with it.
`signal_of` tells a caught interrupt's signal, for the exit code (128 +
the signal's number, as a shell reports it), and `last_received` whether
one came at all (after SIGHUP the terminal may be gone). `held()` keeps
all three signals waiting while a save is written.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading

# The signals that ask a process to stop, besides Ctrl-C's SIGINT (SIGHUP:
# the terminal closed). Windows has no SIGHUP.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                     if hasattr(signal, name))
# The exit code of a program stopped by a hang-up (SIGHUP is 1 wherever it exists).
HANGUP_CODE = 128 + getattr(signal, "SIGHUP", 1)

# The stop signals that came inside the last `terminate_as_interrupt`, in
# order (those `held()` kept waiting too): the last one tells an interrupt
# that a held-back Ctrl-C raised later in its place.
_received: list[int] = []


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Ctrl-C raises KeyboardInterrupt."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def signal_of(interrupt: KeyboardInterrupt) -> int:
    """The signal behind a caught interrupt: SIGTERM or SIGHUP when one of
    them raised it (or was held back and raised it later), else SIGINT."""
    if isinstance(interrupt, Stopped):
        return interrupt.signum
    return _received[-1] if _received else signal.SIGINT


def exit_code(interrupt: KeyboardInterrupt) -> int:
    """128 + the interrupt's signal: 130 for Ctrl-C, 143 SIGTERM, 129 SIGHUP."""
    return 128 + signal_of(interrupt)


def _as_interrupt(signum, frame):
    _received.append(signum)
    handler = signal.getsignal(signal.SIGINT)
    if callable(handler) and handler is not signal.default_int_handler:
        handler(signal.SIGINT, frame)  # held back (or handled) as Ctrl-C is now
    else:
        raise Stopped(signum)


@contextlib.contextmanager
def terminate_as_interrupt():
    """Inside, SIGTERM and SIGHUP stop the program as Ctrl-C does (above);
    the previous handlers come back after. (Signals reach the main thread
    only: elsewhere this changes nothing.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _received.clear()
    previous = {signum: signal.signal(signum, _as_interrupt) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def held():
    """Inside, Ctrl-C, SIGTERM and SIGHUP wait, so that a save is never cut
    short; the first that came is raised when the block ends (KeyboardInterrupt,
    or `Stopped`), unless the block raised something else."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    signums = (signal.SIGINT, *STOP_SIGNALS)
    previous = {signum: signal.signal(signum, lambda signum, _frame: came.append(signum))
                for signum in signums}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    _received.extend(signum for signum in came if signum != signal.SIGINT)
    if came:
        raise KeyboardInterrupt if came[0] == signal.SIGINT else Stopped(came[0])


def last_received() -> int | None:
    """The last SIGTERM or SIGHUP that came inside the last
    `terminate_as_interrupt`, whatever it stopped (it may have come while
    a save was held, or while the program stopped for another reason)."""
    return _received[-1] if _received else None


def silence_output() -> None:
    """Send what is left to print to /dev/null: after SIGHUP the terminal
    may be gone, and writing to it (even Python's last flush) would fail."""
    null = os.open(os.devnull, os.O_WRONLY)
    for fd in (1, 2):
        with contextlib.suppress(OSError):
            os.dup2(null, fd)
    os.close(null)
