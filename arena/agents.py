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

Faults are the agent's, never the table's: an agent that exits, does not
read what it is sent or answer in its time, writes what is not a JSON
object of the protocol (or is past the limits on a line), or names an
action that is not legal forfeits the game (`AgentFault`, caught by the
table). What it sent is kept, cut to a few hundred characters, so the
record says why. How the program is run and contained -- its own session,
a clean environment, another user if asked, every process it started
ended after its game, every read and write bounded in time and size -- is
arena/agent_process.py.
"""

from __future__ import annotations

import json
import math
import shlex
import time
from dataclasses import dataclass

from bots.names import AGENT, is_agent
from engine.seen import decision_seen_by, setup_seen_by, view_seen_by

from .agent_log import AgentLog
from .agent_process import QUIT_TIME, AgentFault, AgentProcess, AgentSpecError, agent_user, shown

PROTOCOL = "passport-agent"
VERSION = 2          # the protocol's version: docs/agent-protocol.md, "Versions"
VERSIONS = (1, 2)    # the versions a host speaks; an agent answers hello with one
MOVE_TIME = 10.0    # seconds an agent may take for one decision, by default
START_TIME = 10.0   # seconds an agent may take to start and say hello
MAX_CHATTER = 1000  # info messages before one answer; more is a fault
MAX_CLOCK = 24 * 3600.0  # seconds: the most a game clock's base or increment may be


# The host's answer to an agent's `version` request, whenever it comes: what
# its hello says.
VERSION_MESSAGE = {"type": "version", "protocol": PROTOCOL, "version": VERSION,
                   "versions": list(VERSIONS)}


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


@dataclass(frozen=True)
class Clock:
    """A game clock, as chess programs keep one (cutechess's tc=): `base`
    seconds for the whole game, and `increment` seconds added after each
    decision. Written "MINUTES+SECONDS": 5+0.1."""
    base: float
    increment: float = 0.0

    def __post_init__(self):
        if not (0 < self.base <= MAX_CLOCK and 0 <= self.increment <= MAX_CLOCK):
            raise ValueError(f"a clock of {self.base:g} s and {self.increment:g} s a move: "
                             f"the base must be over 0 and at most {MAX_CLOCK // 60:g} minutes, "
                             "the increment 0 or more")

    @classmethod
    def parse(cls, text: str) -> Clock:
        """'5+0.1' (minutes + seconds a move) or '5' as a Clock; ValueError,
        one sentence, for anything else."""
        minutes, plus, seconds = str(text).strip().partition("+")
        try:
            base, increment = float(minutes) * 60, float(seconds) if plus else 0.0
        except ValueError:
            raise ValueError(f"{text!r} is not a clock: write MINUTES+SECONDS, e.g. 5+0.1") from None
        if not (math.isfinite(base) and math.isfinite(increment)):
            raise ValueError(f"{text!r} is not a clock: write MINUTES+SECONDS, e.g. 5+0.1")
        return cls(base, increment)

    def __str__(self) -> str:
        return f"{self.base / 60:g}+{self.increment:g}"


def time_use(times: list[float]) -> dict:
    """An agent's decision times in one game: how many, their total, mean and
    longest, in seconds."""
    total = sum(times)
    return {"decisions": len(times), "total": round(total, 4),
            "mean": round(total / len(times), 4) if times else None,
            "max": round(max(times), 4) if times else None}


class OutsideAgent:
    """A player whose decisions an outside program makes (see the module
    docstring). The table calls `begin`, `observe`, `choose` and `end`; each
    raises AgentFault when the agent breaks the protocol. Each message must
    be taken in, and each answer given, within `move_time` seconds; the
    program starts and says hello within `start_time`."""

    def __init__(self, name: str, move_time: float = MOVE_TIME, start_time: float = START_TIME,
                 clock: Clock | None = None, log: AgentLog | None = None):
        """`clock`, if given, is a game clock besides the time a decision
        (`Clock`); `log` keeps the game's messages and stderr (AgentLog)."""
        self.name = name
        self.command = agent_command(name)
        self.move_time = float(move_time)
        self.start_time = float(start_time)
        self.clock = clock
        self.clock_left = clock.base if clock is not None else None  # seconds on its clock
        self.log = log
        self.decision_times: list[float] = []  # seconds each decision took, in order
        self.process: AgentProcess | None = None
        self.agent_name: str | None = None  # what the agent calls itself
        self.version: int | None = None  # the version it speaks, of VERSIONS
        self.seat_names: list[str] | None = None
        self.wants_view = False  # the agent asked for the engine's view in its hello
        self._info: list[str] = []    # kept from the last program run, once it is closed
        self._stderr: list[str] = []

    def start(self) -> None:
        """Start the program and shake hands (`hello` both ways)."""
        if self.process is not None:
            return
        deadline = time.monotonic() + self.start_time
        self.process = AgentProcess(self.command, deadline, agent_user(), self.log,
                                    answers={"version": VERSION_MESSAGE})
        self.process.send({**VERSION_MESSAGE, "type": "hello"}, deadline)
        reply = self.process.receive(deadline, MAX_CHATTER)
        version = reply.get("version")
        if reply.get("type") != "hello" or not (type(version) is int and version in VERSIONS):
            raise AgentFault("bad message", "expected hello with version "
                             + " or ".join(map(str, VERSIONS)), shown(json.dumps(reply)))
        self.version = version
        name = reply.get("name")
        self.agent_name = shown(name) if isinstance(name, str) and name else None
        self.wants_view = reply.get("view") is True

    def begin(self, seat: int, config, seat_names: list[str], setup: dict) -> None:
        """A new game: its settings, this seat, and the setup as it sees it."""
        self.start()
        self.seat_names = list(seat_names)
        self.process.send({"type": "new_game", "players": config.players,
                           "extensions": config.extension_names, "round_cap": config.round_cap,
                           "seat": seat, "seats": list(seat_names),
                           "setup": setup_seen_by(setup, seat), "move_time": self.move_time},
                          self._deadline())

    def _deadline(self) -> float:
        return time.monotonic() + self.move_time

    def _running(self) -> AgentProcess:
        if self.process is None:
            raise AgentFault("crashed", "the program is not running (told after its game ended)")
        return self.process

    def observe(self, step: dict) -> None:
        """A step as this seat saw it (engine.seen.step_seen_by)."""
        self._running().send({"type": "observe", "step": step}, self._deadline())

    def choose(self, view) -> int:
        """The program's action at `view`, within its time: the time a
        decision, and what its game clock has left (a clock that runs out
        is a fault, "timed out"). Its time counts from the question's
        first byte to the answer's last."""
        asked = decision_seen_by(view, self.seat_names)
        if self.wants_view:
            asked["view"] = view_seen_by(view)
        began = time.monotonic()
        allowed = self.move_time
        clocked = {}
        if self.clock is not None:
            allowed = min(allowed, self.clock_left)
            clocked = {"clock": {"left": round(self.clock_left, 3),
                                 "increment": self.clock.increment}}
        deadline = began + allowed  # the time to take the question in counts
        try:
            self._running().send({"type": "decide", **asked, "time_left": round(allowed, 3),
                                  **clocked}, deadline)
            answer = self.process.receive(deadline, MAX_CHATTER)
        except AgentFault as fault:
            if fault.reason == "timed out" and allowed < self.move_time:
                raise AgentFault("timed out", f"its game clock ran out ({self.clock.base:g} s a "
                                 f"game, {self.clock.increment:g} s a move)") from None
            raise
        took = time.monotonic() - began
        self.decision_times.append(took)
        if self.clock is not None:
            self.clock_left = max(0.0, self.clock_left - took) + self.clock.increment
        action = answer.get("id")
        if answer.get("type") != "action" or not isinstance(action, int) or isinstance(action, bool):
            raise AgentFault("bad message", "expected an action with an id",
                             shown(json.dumps(answer)))
        if action not in view.legal_actions:
            raise AgentFault("illegal action", f"{action} is not one of the legal actions",
                             shown(json.dumps(answer)))
        return action

    def end(self, result: dict) -> None:
        """The game is over: who won and why (a forfeit says whose)."""
        if self.process is not None:
            self.process.send({"type": "game_over", **result}, time.monotonic() + QUIT_TIME)

    def ping(self, timeout: float = START_TIME) -> float:
        """Seconds the agent took to answer a ping."""
        self.start()
        began = time.monotonic()
        self.process.send({"type": "ping"}, began + timeout)
        answer = self.process.receive(began + timeout, MAX_CHATTER)
        if answer.get("type") != "pong":
            raise AgentFault("bad message", "expected pong", shown(json.dumps(answer)))
        return time.monotonic() - began

    @property
    def info_tail(self) -> list[str]:
        """The last info messages the program sent (each cut to a few
        hundred characters), of the running program or the last one."""
        return list(self.process.info_tail) if self.process is not None else list(self._info)

    @property
    def stderr_tail(self) -> list[str]:
        """The last lines the program wrote on stderr (each cut to a few
        hundred characters), of the running program or the last one."""
        return self.process.stderr_tail if self.process is not None else list(self._stderr)

    def close(self) -> None:
        """Stop the program and every process it started."""
        if self.process is not None:
            process, self.process = self.process, None
            process.close()
            self._info, self._stderr = list(process.info_tail), process.stderr_tail
