"""Outside programs at Passport's tables: the host side of the agent protocol
(docs/agent-protocol.md).

    agent = OutsideAgent("cmd:python examples/random_agent.py", move_time=5)
    table = Table(config, seats, [agent, make_bot("hard", 1), ...])
    table.play()        # the agent is told the game and asked for its moves
    table.result()      # .forfeit says who forfeited and why, if anyone did

An agent is a child process that reads one JSON object per line on its stdin
and writes one per line on its stdout. It is told only what its seat may know
(engine/seen.py, R7.4): the setup as its seat saw it, every step with the
cards it did not see left out, and at each decision the state it decides in
with its legal actions. It answers each decision with one of those actions.

Faults are the agent's, never the table's: an agent that exits, answers
after its time, writes what is not a JSON object of the protocol, or names
an action that is not legal forfeits the game (`AgentFault`, caught by the
table). What it sent is kept, cut to a few hundred characters, so the
record says why.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import subprocess
import threading
import time

from engine.seen import decision_seen_by, setup_seen_by, view_seen_by

from .names import AGENT, is_agent

PROTOCOL = "passport-agent"
VERSION = 1
MOVE_TIME = 10.0    # seconds an agent may take for one decision, by default
START_TIME = 10.0   # seconds an agent may take to start and say hello
QUIT_TIME = 1.0     # seconds an agent is given to exit after `quit`
MAX_LINE = 1 << 20  # characters in one message from an agent
SHOWN = 300         # characters of a bad message kept to say what was sent
# Messages an agent may send besides its answers; the host reads and drops them.
CHATTER = frozenset({"info"})
MAX_CHATTER = 1000  # such messages before one answer; more is a fault


class AgentFault(Exception):
    """An agent broke the protocol; it forfeits the game it was playing.
    `reason`: crashed, timed out, bad message or illegal action; `sent`:
    what it sent, when that is the fault."""

    def __init__(self, reason: str, detail: str, sent: str | None = None):
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail
        self.sent = sent

    def to_json(self) -> dict:
        return {"reason": self.reason, "detail": self.detail, "sent": self.sent}


class AgentSpecError(ValueError):
    """A `cmd:` entry that names no program; one line."""


def agent_command(name: str) -> list[str]:
    """'cmd:python my bot.py' -> ['python', 'my', 'bot.py'] (shell words)."""
    if not is_agent(name):
        raise AgentSpecError(f"{name!r} is not an outside program (write cmd:COMMAND)")
    try:
        words = shlex.split(name[len(AGENT):])
    except ValueError as error:
        raise AgentSpecError(f"{name!r}: the command can't be read ({error})") from None
    if not words:
        raise AgentSpecError(f"{name!r} names no program (write e.g. cmd:python mybot.py)")
    return words


def _shown(text: str) -> str:
    return text if len(text) <= SHOWN else text[:SHOWN] + f"... ({len(text)} characters)"


class AgentProcess:
    """One running agent: JSON lines in and out, each wait bounded."""

    def __init__(self, command: list[str]):
        self.command = command
        try:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, encoding="utf-8", errors="replace",
                bufsize=1, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        except OSError as error:
            raise AgentFault("crashed", f"{shlex.join(command)} could not start "
                             f"({error.strerror or error})") from None
        self.lines: queue.Queue = queue.Queue()
        reader = threading.Thread(target=self._read, daemon=True)
        reader.start()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            self.lines.put(line)
            if len(line) > MAX_LINE:  # the rest is not read: the game ends with this fault
                break
        self.lines.put(None)

    def send(self, message: dict) -> None:
        try:
            self.process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise AgentFault("crashed", self._ended()) from None

    def receive(self, deadline: float) -> dict:
        """The next message, by `deadline` (time.monotonic()); chatter dropped."""
        chatter = 0
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AgentFault("timed out", "no answer in the time given") from None
            if line is None:
                raise AgentFault("crashed", self._ended())
            if len(line) > MAX_LINE:
                raise AgentFault("bad message", f"a line of over {MAX_LINE} characters",
                                 _shown(line))
            try:
                message = json.loads(line)
            except json.JSONDecodeError:
                raise AgentFault("bad message", "not JSON", _shown(line.rstrip("\n"))) from None
            if not isinstance(message, dict) or not isinstance(message.get("type"), str):
                raise AgentFault("bad message", "not an object with a type",
                                 _shown(line.rstrip("\n")))
            if message["type"] in CHATTER:
                chatter += 1
                if chatter > MAX_CHATTER:
                    raise AgentFault("bad message", f"over {MAX_CHATTER} info messages in a row")
                continue
            return message

    def _ended(self) -> str:
        code = self.process.poll()
        if code is None:
            try:
                code = self.process.wait(QUIT_TIME)
            except subprocess.TimeoutExpired:
                return "it closed its output"
        return f"it exited with code {code}"

    def close(self) -> None:
        """Ask it to quit; stop it if it does not."""
        if self.process.poll() is None:
            try:
                self.send({"type": "quit"})
            except AgentFault:
                pass
            try:
                self.process.wait(QUIT_TIME)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass


class OutsideAgent:
    """A player whose decisions an outside program makes (see the module
    docstring). The table calls `begin`, `observe`, `choose` and `end`; each
    raises AgentFault when the agent breaks the protocol."""

    def __init__(self, name: str, move_time: float = MOVE_TIME, start_time: float = START_TIME):
        self.name = name
        self.command = agent_command(name)
        self.move_time = float(move_time)
        self.start_time = float(start_time)
        self.process: AgentProcess | None = None
        self.agent_name: str | None = None  # what the agent calls itself
        self.seat_names: list[str] | None = None
        self.wants_view = False  # the agent asked for the engine's view in its hello

    def start(self) -> None:
        """Start the program and shake hands (`hello` both ways)."""
        if self.process is not None:
            return
        self.process = AgentProcess(self.command)
        self.process.send({"type": "hello", "protocol": PROTOCOL, "version": VERSION})
        reply = self.process.receive(time.monotonic() + self.start_time)
        if reply.get("type") != "hello" or reply.get("version") != VERSION:
            raise AgentFault("bad message", f"expected hello with version {VERSION}",
                             _shown(json.dumps(reply)))
        name = reply.get("name")
        self.agent_name = name if isinstance(name, str) and name else None
        self.wants_view = reply.get("view") is True

    def begin(self, seat: int, config, seat_names: list[str], setup: dict) -> None:
        """A new game: its settings, this seat, and the setup as it sees it."""
        self.start()
        self.seat_names = list(seat_names)
        self.process.send({"type": "new_game", "players": config.players,
                           "extensions": config.extension_names, "round_cap": config.round_cap,
                           "seat": seat, "seats": list(seat_names),
                           "setup": setup_seen_by(setup, seat), "move_time": self.move_time})

    def _running(self) -> AgentProcess:
        if self.process is None:
            raise AgentFault("crashed", "the program is not running (told after its game ended)")
        return self.process

    def observe(self, step: dict) -> None:
        """A step as this seat saw it (engine.seen.step_seen_by)."""
        self._running().send({"type": "observe", "step": step})

    def choose(self, view) -> int:
        asked = decision_seen_by(view, self.seat_names)
        if self.wants_view:
            asked["view"] = view_seen_by(view)
        self._running().send({"type": "decide", **asked, "time_left": self.move_time})
        answer = self.process.receive(time.monotonic() + self.move_time)
        action = answer.get("id")
        if answer.get("type") != "action" or not isinstance(action, int) or isinstance(action, bool):
            raise AgentFault("bad message", "expected an action with an id",
                             _shown(json.dumps(answer)))
        if action not in view.legal_actions:
            raise AgentFault("illegal action", f"{action} is not one of the legal actions",
                             _shown(json.dumps(answer)))
        return action

    def end(self, result: dict) -> None:
        """The game is over: who won and why (a forfeit says whose)."""
        if self.process is not None:
            self.process.send({"type": "game_over", **result})

    def ping(self, timeout: float = START_TIME) -> float:
        """Seconds the agent took to answer a ping."""
        self.start()
        began = time.monotonic()
        self.process.send({"type": "ping"})
        answer = self.process.receive(began + timeout)
        if answer.get("type") != "pong":
            raise AgentFault("bad message", "expected pong", _shown(json.dumps(answer)))
        return time.monotonic() - began

    def close(self) -> None:
        if self.process is not None:
            self.process.close()
            self.process = None
