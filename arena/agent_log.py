"""What an outside program said and did in one game, kept for its organizer:
the transcript of the messages both ways and what it wrote on stderr.

    log = AgentLog()
    agent = OutsideAgent("cmd:python bot.py", log=log)   # fills it as it plays
    paths = log.write(Path("logs"), "game-0007-seat-1")  # {"transcript": ..., "stderr": ...}

Each part is capped at LOG_BYTES: a program that floods its stderr costs the
host no more than that, and the file says where it was cut and how much was
left out. The text is the program's own, each line as it came: what is not
UTF-8 is replaced, and the characters a terminal acts on are written as
escapes (arena/text.py: ESC as \\x1b), so that reading a log in a
terminal or a pager runs nothing and shows no line that is not there.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from .files import write_text_atomically
from .text import escaped

LOG_BYTES = 1_000_000  # bytes kept of each part of a program's log of one game
SENT, RECEIVED = ">", "<"  # the transcript's marks: host to agent, agent to host


class _Capped:
    """Lines of text up to LOG_BYTES (UTF-8), then a count of what was left out."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.lines: list[str] = []
        self.size = 0
        self.left_out = 0  # bytes not kept

    def add(self, line: str) -> None:
        size = len(line.encode("utf-8")) + 1
        if self.left_out or self.size + size > self.limit:
            self.left_out += size
            return
        self.lines.append(line)
        self.size += size

    def text(self) -> str:
        cut = (f"[cut: this log keeps {self.limit:,} bytes; {self.left_out:,} more bytes were "
               "not kept]\n" if self.left_out else "")
        return "".join(line + "\n" for line in self.lines) + cut


class AgentLog:
    """One program's messages and stderr in one game (see the module docstring)."""

    def __init__(self, limit: int = LOG_BYTES) -> None:
        self.transcript = _Capped(limit)
        self.stderr = _Capped(limit)
        self._stderr_partial = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def sent(self, line: str) -> None:
        """A message the host sent (one JSON line)."""
        self.transcript.add(f"{SENT} {escaped(line)}")

    def received(self, line: str) -> None:
        """A line the program wrote on its stdout, whatever it holds."""
        self.transcript.add(f"{RECEIVED} {escaped(line)}")

    def wrote_stderr(self, data: bytes) -> None:
        """Bytes the program wrote on stderr (any piece of its output)."""
        lines = (self._stderr_partial + self._decoder.decode(data)).split("\n")
        self._stderr_partial = lines.pop()
        for line in lines:
            self.stderr.add(escaped(line.rstrip("\r")))

    def write(self, directory: Path, stem: str) -> dict[str, str]:
        """Write the two files, DIR/STEM.transcript.txt and DIR/STEM.stderr.txt
        (readable by their owner only: a transcript holds what the seat was
        shown); their names, relative to `directory`. OSError if they can't be."""
        rest = self._stderr_partial + self._decoder.decode(b"", final=True)
        if rest:
            self.stderr.add(escaped(rest))
        self._stderr_partial = ""
        names = {"transcript": f"{stem}.transcript.txt", "stderr": f"{stem}.stderr.txt"}
        # its owner's alone where it is made here (a Ray worker's machine)
        Path(directory).mkdir(mode=0o700, parents=True, exist_ok=True)
        write_text_atomically(Path(directory) / names["transcript"], self.transcript.text(),
                              private=True)
        write_text_atomically(Path(directory) / names["stderr"], self.stderr.text(), private=True)
        return names
