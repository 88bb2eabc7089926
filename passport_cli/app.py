"""The application object every command receives: it owns the one Rich console.

Rich is imported the first time a command asks for the console, so building
the root group (and `passport --help`) costs nothing.
"""

from __future__ import annotations

import contextlib


class Application:
    """What the commands share: the console they print to, and a status line."""

    def __init__(self) -> None:
        self._console = None
        self.no_color = False
        self.ascii = False

    def configure(self, *, no_color: bool = False, ascii: bool = False) -> None:
        """Ask for a console without colour and/or with ASCII output only.

        Call it before the first use of `console` (`passport play` does)."""
        if self._console is not None:
            raise RuntimeError("configure the console before using it")
        self.no_color, self.ascii = no_color, ascii

    @property
    def console(self):
        """The Rich console on stdout; honours NO_COLOR and COLUMNS."""
        if self._console is None:
            from rich.console import Console
            # No automatic highlighting: numbers and paths in our sentences
            # are not code, and colouring them at random reads as emphasis.
            options = {"highlight": False}
            if self.no_color:
                options["no_color"] = True
            if self.ascii:
                from .ascii_out import AsciiStdout
                options.update(file=AsciiStdout(), emoji=False, safe_box=True)
            self._console = Console(**options)
        return self._console

    def status(self, message: str):
        """A spinner with `message` while a slow step runs, on terminals only.

        Off a terminal (pipes, CliRunner) it shows nothing, so machine-readable
        output such as `bench engine --json` stays clean. `message` is shown
        as text, never read as markup."""
        if not self.console.is_terminal:
            return contextlib.nullcontext()
        from .safe_text import shown
        return self.console.status(shown(message), spinner="line" if self.ascii else "dots")
