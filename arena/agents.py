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
import shlex
import time

from bots.names import AGENT, is_agent
from engine.seen import decision_seen_by, setup_seen_by, view_seen_by

from .agent_process import QUIT_TIME, AgentFault, AgentProcess, AgentSpecError, agent_user, shown

PROTOCOL = "passport-agent"
VERSION = 2          # the protocol's version: docs/agent-protocol.md, "Versions"
VERSIONS = (1, 2)    # the versions a host speaks; an agent answers hello with one
MOVE_TIME = 10.0    # seconds an agent may take for one decision, by default
START_TIME = 10.0   # seconds an agent may take to start and say hello
MAX_CHATTER = 1000  # info messages before one answer; more is a fault


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


class OutsideAgent:
    """A player whose decisions an outside program makes (see the module
    docstring). The table calls `begin`, `observe`, `choose` and `end`; each
    raises AgentFault when the agent breaks the protocol. Each message must
    be taken in, and each answer given, within `move_time` seconds; the
    program starts and says hello within `start_time`."""

    def __init__(self, name: str, move_time: float = MOVE_TIME, start_time: float = START_TIME):
        self.name = name
        self.command = agent_command(name)
        self.move_time = float(move_time)
        self.start_time = float(start_time)
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
        self.process = AgentProcess(self.command, deadline, agent_user(),
                                    answers={"version": VERSION_MESSAGE})
        self.process.send({"type": "hello", "protocol": PROTOCOL, "version": VERSION,
                           "versions": list(VERSIONS)}, deadline)
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
        asked = decision_seen_by(view, self.seat_names)
        if self.wants_view:
            asked["view"] = view_seen_by(view)
        deadline = self._deadline()  # the time to take the question in counts
        self._running().send({"type": "decide", **asked, "time_left": self.move_time}, deadline)
        answer = self.process.receive(deadline, MAX_CHATTER)
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
