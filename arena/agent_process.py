"""One outside program, contained: its process tree, its pipes, its time.

    process = AgentProcess(["python", "bot.py"], deadline)  # started, or AgentFault
    process.send({"type": "ping"}, deadline)
    message = process.receive(deadline)                     # a JSON object with a type
    process.close()                                          # its whole tree is ended

The host reads and writes an agent's pipes itself, without a thread:
every pipe is non-blocking and each read or write waits in poll() for at
most the time left. So a write to an agent that does not read ends at its
deadline (the agent forfeits, "timed out"), nothing is read ahead of what
the game needs (an agent that floods its output waits on a full pipe, not
in the host's memory), and no close waits on a pipe that some other
process holds open. What is buffered is bounded: one line of at most
MAX_LINE bytes not yet complete, at most MAX_PENDING messages read before
they were asked for (requests not answered yet among them), and the last
KEPT lines of `info` and of stderr.

An agent may send a request (`answers`: a `version`) at any time: the
host answers it once the message it is writing, if any, is written.

Every line is parsed within limits (engine.files.parse_json: its length,
nesting, numbers and values); a line past them is the agent's fault, a
`bad message`, never the host's crash.

The program runs under a keeper (arena/_agent_keeper.py), in a session of
its own, with a clean environment (`agent_environment`), as another user
if the host says so (`run_agents_as`). After its game the keeper ends every
process the program started: its process group and, on Linux, also those
that left the group or the session (setsid, double forks), since the
keeper is their subreaper. If the host dies, the keeper ends the tree too.
"""

from __future__ import annotations

import collections
import json
import os
import select
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from engine.files import LimitError, parse_json

MAX_LINE = 1 << 20      # bytes in one message from an agent
LINE_VALUES = 100_000   # JSON values in one message from an agent
SHOWN = 300             # characters of a bad message, an info or a stderr line kept
KEPT = 20               # info messages and stderr lines kept, the latest
MAX_PENDING = 4         # messages read before they were asked for; beyond, reading waits
QUIT_TIME = 1.0         # seconds an agent is given to exit after `quit`
KEEPER = Path(__file__).with_name("_agent_keeper.py")
KEEPER_TIME = 8.0       # seconds the keeper may take to end a tree (its GRACE and KILL_TIME)
CHUNK = 1 << 16
# Messages an agent may send besides its answers; the host keeps the last KEPT.
CHATTER = frozenset({"info"})
# The host's environment variables an agent is given: where programs are,
# the locale, the time zone, and where numba keeps the compiled engine (so
# that `passport agent` starts in time). Nothing else: not the host's
# command, its paths, its tokens or its seeds.
PASSED_ENVIRONMENT = ("PATH", "LANG", "LANGUAGE", "TZ", "NUMBA_CACHE_DIR")


class AgentFault(Exception):
    """An agent broke the protocol; it forfeits the game it was playing.
    `reason`: crashed, timed out, bad message or illegal action; `sent`:
    what it sent, when that is the fault (for a crash, the last lines it
    wrote on stderr)."""

    def __init__(self, reason: str, detail: str, sent: str | None = None):
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail
        self.sent = sent

    def to_json(self) -> dict:
        return {"reason": self.reason, "detail": self.detail, "sent": self.sent}


class AgentSpecError(ValueError):
    """An agent that can't be run as asked (a `cmd:` entry that names no
    program, a user that does not exist or can't be taken); one line."""


def shown(text: str) -> str:
    """`text` cut to SHOWN characters, saying how long it was."""
    return text if len(text) <= SHOWN else text[:SHOWN] + f"... ({len(text)} characters)"


def _head(data: bytes) -> str:
    """The start of a line too long to read, at most SHOWN characters."""
    return data[:SHOWN].decode("utf-8", "replace") + "..."


def _last(text: str) -> str:
    """The end of `text`, at most SHOWN characters."""
    return text if len(text) <= SHOWN else "..." + text[-(SHOWN - 3):]


# ---- how this host runs agents: as which user, with what environment ----------------

@dataclass(frozen=True)
class AgentUser:
    """The user an agent runs as: its name, uid, primary group and home."""
    name: str
    uid: int
    gid: int
    home: str


_agent_user: AgentUser | None = None


def run_agents_as(name: str | None) -> AgentUser | None:
    """Run every agent this process starts from now on as user `name` (its
    primary group only, its home as HOME), or as this process's own user
    (None). Starting a program as another user needs root: AgentSpecError,
    one sentence, otherwise, or for a user that does not exist."""
    global _agent_user
    _agent_user = None if name is None else agent_user_named(name)
    return _agent_user


def agent_user() -> AgentUser | None:
    """The user agents run as (run_agents_as); None: this process's own."""
    return _agent_user


def agent_user_named(name: str) -> AgentUser | None:
    """The user `name`, checked to be one this process can run agents as;
    None when it is this process's own user. AgentSpecError otherwise."""
    try:
        import pwd
    except ImportError:
        raise AgentSpecError("running a program as another user is not supported on this "
                             "system") from None
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        raise AgentSpecError(f"there is no user named {name!r} on this machine") from None
    if entry.pw_uid == os.geteuid():
        return None
    if os.geteuid() != 0:
        raise AgentSpecError(f"only root can start a program as another user ({name}): run "
                             "the host as root, or the program on another machine")
    return AgentUser(entry.pw_name, entry.pw_uid, entry.pw_gid, entry.pw_dir)


def agent_environment(user: AgentUser | None = None) -> dict[str, str]:
    """The environment an agent starts with: PASSED_ENVIRONMENT and LC_*
    from the host's, HOME (the user's, when it runs as another), USER and
    LOGNAME for another user, and PYTHONUNBUFFERED=1 (a Python agent's
    answers are not held in its buffer)."""
    environment = {key: value for key, value in os.environ.items()
                   if key in PASSED_ENVIRONMENT or key.startswith("LC_")}
    environment["HOME"] = user.home if user is not None else os.environ.get("HOME", "/")
    if user is not None:
        environment["USER"] = environment["LOGNAME"] = user.name
    environment["PYTHONUNBUFFERED"] = "1"
    return environment


# ---- one running agent -----------------------------------------------------------------

class AgentProcess:
    """One running agent: JSON lines in and out, each wait bounded (see the
    module docstring). Every method but `close` raises AgentFault."""

    def __init__(self, command: list[str], deadline: float, user: AgentUser | None = None,
                 log=None, answers: dict[str, dict] | None = None):
        """Start `command` (as `user`, if given), by `deadline` (time.monotonic());
        `log` (arena.agent_log.AgentLog), if given, keeps every line both ways
        and its stderr; `answers`: the host's answer to each request the
        agent may send at any time, by the request's type."""
        self.command = command
        self.log = log
        self.agent_pid: int | None = None
        self.exit_code: int | None = None
        self.info_tail: collections.deque[str] = collections.deque(maxlen=KEPT)
        self.stderr_lines: collections.deque[str] = collections.deque(maxlen=KEPT)
        self._stderr_partial = bytearray()
        self._buffer = bytearray()          # stdout not yet a whole line
        self._pending: collections.deque[dict] = collections.deque()
        # The answer to each request, by type (`version`, arena/agents.py),
        # and the answers to requests read and not answered yet.
        self.answers: dict[str, dict] = dict(answers or {})
        self._owed: collections.deque[dict] = collections.deque()
        self._status_buffer = bytearray()
        self._chatter = 0                   # info messages since the last other message
        self._failed: str | None = None     # why the keeper could not start the program
        self._closing = False               # what the agent sends now is not judged
        self._closed = False
        control_read, self._control = os.pipe()
        self._status, status_write = os.pipe()
        ids = ("-", "-") if user is None else (str(user.uid), str(user.gid))
        try:
            self._keeper = subprocess.Popen(
                [sys.executable, "-I", "-S", str(KEEPER), str(control_read), str(status_write),
                 *ids, *command],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                pass_fds=(control_read, status_write), env=agent_environment(user))
        except OSError as error:
            os.close(self._control)
            os.close(self._status)
            raise AgentFault("crashed", f"{shlex.join(command)} could not start "
                             f"({error.strerror or error})") from None
        finally:
            os.close(control_read)
            os.close(status_write)
        self._in = self._keeper.stdin.fileno()
        self._out = self._keeper.stdout.fileno()
        self._err = self._keeper.stderr.fileno()
        self._open = {self._out, self._err, self._status}  # readable ends not at their end yet
        for fd in (self._in, self._out, self._err, self._status):
            os.set_blocking(fd, False)
        try:
            self._started(deadline)
        except AgentFault:
            self.close()
            raise

    def _started(self, deadline: float) -> None:
        while self.agent_pid is None:
            if self._status not in self._open:
                why = self._failed or "its keeper ended"
                raise AgentFault("crashed", f"{shlex.join(self.command)} could not start ({why})")
            if not self._wait(deadline, writing=False) and time.monotonic() >= deadline:
                raise AgentFault("timed out", "it did not start in the time given")

    # -- the pipes --

    def _wait(self, deadline: float, writing: bool) -> set[int]:
        """Wait until the agent's stdin takes more (if `writing`) or something
        can be read, by `deadline`; read what can be. The descriptors ready."""
        poller = select.poll()
        if writing:
            poller.register(self._in, select.POLLOUT)
        for fd in self._open:
            if fd != self._out or len(self._pending) + len(self._owed) < MAX_PENDING:
                poller.register(fd, select.POLLIN)
        timeout = max(0.0, deadline - time.monotonic())
        ready = {fd for fd, _ in poller.poll(timeout * 1000)}
        for fd in ready & self._open:
            data = self._read(fd)
            if fd == self._out:
                self._take_output(data)
            elif fd == self._err:
                self._take_stderr(data)
            else:
                self._take_status(data)
        return ready

    def _read(self, fd: int) -> bytes:
        try:
            data = os.read(fd, CHUNK)
        except BlockingIOError:
            return b""
        except OSError:
            data = b""
        if not data:
            self._open.discard(fd)
        return data

    def _take_output(self, data: bytes) -> None:
        searched = len(self._buffer)  # the bytes before have no newline
        self._buffer += data
        start = 0
        while True:
            end = self._buffer.find(b"\n", max(start, searched))
            if end < 0:
                break
            self._take_line(bytes(self._buffer[start:end]))
            start = end + 1
        del self._buffer[:start]
        if len(self._buffer) > MAX_LINE and not self._closing:
            raise AgentFault("bad message", f"a line of over {MAX_LINE:,} bytes",
                             _head(self._buffer))

    def _take_line(self, line: bytes) -> None:
        if self.log is not None:
            self.log.received(line[:MAX_LINE].decode("utf-8", "replace").rstrip("\r"))
        if self._closing:
            return
        if len(line) > MAX_LINE:
            raise AgentFault("bad message", f"a line of over {MAX_LINE:,} bytes", _head(line))
        text = line.decode("utf-8", "replace").rstrip("\r")
        try:
            message = parse_json(line, max_items=LINE_VALUES)
        except LimitError as error:
            raise AgentFault("bad message", f"not JSON: {error}", shown(text)) from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise AgentFault("bad message", "not an object with a type", shown(text))
        if message["type"] in CHATTER:
            self._chatter += 1
            self.info_tail.append(shown(text))
            return
        if message["type"] in self.answers:  # a request, answered after what is being written
            self._chatter += 1
            self._owed.append(self.answers[message["type"]])
            return
        self._chatter = 0
        self._pending.append(message)

    def _take_stderr(self, data: bytes) -> None:
        if self.log is not None:
            self.log.wrote_stderr(data)
        searched = len(self._stderr_partial)
        self._stderr_partial += data
        start = 0
        while True:
            end = self._stderr_partial.find(b"\n", max(start, searched))
            if end < 0:
                break
            self._keep_stderr_line(self._stderr_partial[start:end])
            start = end + 1
        del self._stderr_partial[:start]
        if len(self._stderr_partial) > 4 * SHOWN:  # a line that goes on: keep its start
            self._keep_stderr_line(self._stderr_partial)
            self._stderr_partial.clear()

    def _keep_stderr_line(self, line: bytearray) -> None:
        self.stderr_lines.append(shown(bytes(line[:4 * SHOWN]).decode("utf-8", "replace")
                                       .rstrip("\r")))

    def _take_status(self, data: bytes) -> None:
        self._status_buffer += data
        while b"\n" in self._status_buffer:
            end = self._status_buffer.find(b"\n")
            line = bytes(self._status_buffer[:end]).decode("utf-8", "replace")
            word, _, rest = line.partition(" ")
            del self._status_buffer[:end + 1]
            if word == "started":
                self.agent_pid = int(rest)
            elif word == "failed":
                self._failed = rest
            elif word == "exited":
                self.exit_code = int(rest)

    @property
    def stderr_tail(self) -> list[str]:
        """The last lines the agent wrote on stderr (each cut to SHOWN)."""
        partial = self._stderr_partial.decode("utf-8", "replace")
        return list(self.stderr_lines) + ([shown(partial)] if partial else [])

    # -- messages --

    def send(self, message: dict, deadline: float) -> None:
        """Write `message` as one line, all of it by `deadline`; what the
        agent writes meanwhile is read (its info kept, its answers held),
        and its requests are answered after it."""
        self._write(message, deadline)
        self._answer_requests(deadline)

    def _answer_requests(self, deadline: float) -> None:
        while self._owed and not self._closing:
            self._write(self._owed.popleft(), deadline)

    def _write(self, message: dict, deadline: float) -> None:
        line = json.dumps(message, separators=(",", ":"))
        if self.log is not None:
            self.log.sent(line)
        data = memoryview((line + "\n").encode("utf-8"))
        while data:
            if self.exit_code is not None:  # a process it started may hold its input open
                raise self._crash()
            ready = self._wait(deadline, writing=True)
            if self._in in ready:
                try:
                    written = os.write(self._in, data[:CHUNK])
                except BlockingIOError:
                    continue
                except OSError:
                    raise self._crash() from None
                data = data[written:]
            elif time.monotonic() >= deadline:
                raise AgentFault("timed out", "it did not read its input in the time given")

    def receive(self, deadline: float, chatter_limit: int) -> dict:
        """The next message that is not info, by `deadline`; over
        `chatter_limit` info messages before it is a fault."""
        self._chatter = 0
        while not self._pending:
            if self._chatter > chatter_limit:
                raise AgentFault("bad message", f"over {chatter_limit:,} info messages in a row")
            if self._out not in self._open:
                raise self._crash()
            if self.exit_code is not None:
                # It exited; a process it started may hold its output open:
                # what it wrote before it exited is in the pipe already.
                self._drain(deadline)
                if not self._pending:
                    raise self._crash()
                break
            if not self._wait(deadline, writing=False) and time.monotonic() >= deadline:
                raise AgentFault("timed out", "no answer in the time given")
            self._answer_requests(deadline)
        self._answer_requests(deadline)
        return self._pending.popleft()

    def _drain(self, deadline: float) -> None:
        """Read what can be read now, until nothing is ready or `deadline`."""
        while self._wait(time.monotonic(), writing=False) and time.monotonic() < deadline:
            pass

    def _crash(self) -> AgentFault:
        """The fault of an agent that closed its output or its input: how
        it exited, and the last lines it wrote on stderr."""
        deadline = time.monotonic() + QUIT_TIME
        self._closing = True  # its last words may be anything: the crash is the fault
        while self.exit_code is None and self._status in self._open and time.monotonic() < deadline:
            self._wait(deadline, writing=False)
        self._drain(deadline)
        if self.exit_code is None:
            detail = "it closed its output"
        elif self.exit_code < 0:
            detail = f"it was ended by signal {-self.exit_code}"
        else:
            detail = f"it exited with code {self.exit_code}"
        tail = "\n".join(self.stderr_tail)
        return AgentFault("crashed", detail, _last(tail) if tail else None)

    def close(self) -> None:
        """Ask the agent to quit and give it QUIT_TIME to; then end every
        process of its tree (the keeper does) and close the pipes."""
        if self._closed:
            return
        self._closed = True
        deadline = time.monotonic() + QUIT_TIME
        self._closing = True  # what it sends now changes nothing
        try:
            if self.exit_code is None and self.agent_pid is not None:
                self.send({"type": "quit"}, deadline)
            while self.exit_code is None and self._status in self._open:
                if not self._wait(deadline, writing=False) and time.monotonic() >= deadline:
                    break
        except AgentFault:
            pass  # its tree is ended below all the same
        os.close(self._control)  # the keeper ends the tree
        try:
            self._keeper.wait(KEEPER_TIME)
        except subprocess.TimeoutExpired:
            self._keeper.kill()
            self._keeper.wait()
        for stream in (self._keeper.stdin, self._keeper.stdout, self._keeper.stderr):
            try:
                stream.close()
            except OSError:
                pass
        os.close(self._status)
