"""Passport's bots for another host: the agent side of the agent protocol
(docs/agent-protocol.md), which `passport agent --bot LEVEL` runs.

    serve("hard", seed=1, think=None, lines=sys.stdin, out=sys.stdout)

A bot decides from its seat's whole view: its search deals worlds from the
engine's observation, which also holds the seat's memory of refused offers
and of shuffled cards. A host of version 2 tells all of it in each
decision's `state` (engine.seen.state_seen_by), which the agent turns back
into the observation (engine.seen.view_from_state); a host that sends the
observation itself (`view`, engine.seen.view_seen_by) is read from that,
and one of version 1 is asked for it in the agent's `hello` ("view": true),
since its state leaves the memory out. Either is checked whole before any
kernel reads it: the host's message, like any that crosses this boundary,
may be wrong.

Each game gets a bot made anew with the same seed: the same game played
again with the same seed gets the same moves, and a table that seats
`cmd:passport agent --bot medium --seed 5` plays exactly as one that seats
medium with seed 5.

Every line the host sends is read within the protocol's limits (at most
MAX_LINE bytes, parsed by engine.files.parse_json) and every field this
side uses is checked before it is used: a message that breaks the protocol
is one HostError sentence, never a traceback.
"""

from __future__ import annotations

import json
from typing import Callable, Iterable

from bots.difficulty import make_bot
from bots.names import check_names
from engine import Config, ConfigError, StateError, parse_extensions
from engine.files import LimitError, parse_json
from engine.seen import view_from_seen, view_from_state

from .agent_process import LINE_VALUES, MAX_LINE
from .agents import PROTOCOL, VERSIONS

SAID = 60  # characters of a value the host sent, quoted in an error


class HostError(ValueError):
    """The host broke the protocol; one sentence saying how."""


def serve(name: str, seed: int, think: float | None, lines, out,
          book_of: Callable[[Config], object] | None = None) -> None:
    """Play bot `name` (one of BOT_NAMES) for the host whose messages are
    the lines of `lines` (a binary or text stream, such as
    sys.stdin.buffer, or any iterable of lines), answering on `out`, until
    `quit` or the end of the input; hard and the expert play the opening
    book `book_of` gives for each new game's settings (None: they search).
    HostError, with nothing more answered, on a message that is not the
    protocol's; the games played so far are not affected."""
    check_names([name])
    agent = _Agent(name, seed, think, out, book_of)
    for number, line in enumerate(_lines(lines), 1):
        if len(line.rstrip(b"\r\n" if isinstance(line, bytes) else "\r\n")) > MAX_LINE:
            raise HostError(f"message {number} is longer than the {MAX_LINE:,} bytes a line "
                            "may hold")
        if not line.strip():
            continue
        try:
            message = parse_json(line, max_items=LINE_VALUES)
        except LimitError as error:
            raise HostError(f"message {number} is not JSON ({error})") from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise HostError(f"message {number} is not a JSON object with a type")
        if not agent.answer(message):
            return


def _lines(source) -> Iterable:
    """The lines of `source`; from a stream, none read whole past MAX_LINE
    (a longer one is cut just past it, and refused)."""
    readline = getattr(source, "readline", None)
    if readline is None:
        yield from source
        return
    while True:
        line = readline(MAX_LINE + 3)  # room for "\r\n" and one more: the line is too long
        if not line:
            return
        yield line


def _said(value) -> str:
    """A value the host sent, quoted and cut short."""
    text = repr(value)
    return text if len(text) <= SAID else text[:SAID] + "..."


def _cut(text: str) -> str:
    return text if len(text) <= 4 * SAID else text[:4 * SAID] + "..."


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _version(hello: dict) -> int:
    """The version an agent speaks with the host of `hello`: the highest of
    VERSIONS the host speaks (its `versions`, or its `version` alone)."""
    protocol, version, versions = hello.get("protocol"), hello.get("version"), hello.get("versions")
    spoken = versions if isinstance(versions, list) else [version]
    both = [v for v in VERSIONS if any(_whole(s) and s == v for s in spoken)]
    if protocol != PROTOCOL or not both:
        raise HostError(f"the host speaks {_said(protocol)} version {_said(version)}, not "
                        f"{PROTOCOL!r} version {' or '.join(map(str, VERSIONS))}")
    return max(both)


class _Agent:
    def __init__(self, name: str, seed: int, think: float | None, out, book_of=None):
        self.name, self.seed, self.think, self.out = name, seed, think, out
        self.book_of = book_of
        self.config: Config | None = None
        self.seat: int | None = None
        self.bot = None
        self.version: int | None = None  # the version the host and this agent speak

    def send(self, message: dict) -> None:
        self.out.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.out.flush()

    def answer(self, message: dict) -> bool:
        """Answer one message; False once told to quit."""
        kind = message["type"]
        if kind == "hello":
            self.version = _version(message)
            hello = {"type": "hello", "version": self.version, "name": f"passport {self.name}"}
            self.send(hello if self.version >= 2 else {**hello, "view": True})
        elif kind == "new_game":
            self.begin(message)
        elif kind == "decide":
            self.send({"type": "action", "id": self.decide(message)})
        elif kind == "ping":
            self.send({"type": "pong"})
        elif kind == "game_over":
            self.config = self.seat = self.bot = None
        elif kind == "quit":
            return False
        elif kind != "observe":  # the view at each decision holds all a step told
            raise HostError(f"{_said(kind)} is not a message of the agent protocol")
        return True

    def begin(self, message: dict) -> None:
        players, seat = message.get("players"), message.get("seat")
        extensions, round_cap = message.get("extensions"), message.get("round_cap")
        if not (isinstance(extensions, list) and all(isinstance(e, str) for e in extensions)):
            raise HostError("new_game names its extensions as a list of names")
        if not (_whole(players) and _whole(round_cap)):
            raise HostError("new_game gives its players and round_cap as whole numbers")
        try:
            self.config = Config(players=players, extensions=parse_extensions(extensions),
                                 round_cap=round_cap)
        except (ConfigError, TypeError, ValueError) as error:
            raise HostError(f"new_game's settings can't be played: {_cut(str(error))}") from None
        if not (_whole(seat) and 0 <= seat < players):
            raise HostError(f"new_game's seat {_said(seat)} is not a seat of a {players}-player "
                            "game")
        self.seat = seat
        book = self.book_of(self.config) if self.book_of is not None else None
        self.bot = make_bot(self.name, self.seed, self.think, book=book)

    def decide(self, message: dict) -> int:
        if self.bot is None:
            raise HostError("a decision came before new_game")
        actions = message.get("actions")
        if not (isinstance(actions, list)
                and all(isinstance(a, dict) and _whole(a.get("id")) for a in actions)):
            raise HostError("a decision lists its actions as objects with an id")
        legal = [a.get("id") for a in actions]
        try:
            if "view" in message:
                view = view_from_seen(self.config, message["view"], legal)
            elif self.version == 1:
                raise HostError("a decision came without the seat's view, which this agent "
                                "asked for in its hello (docs/agent-protocol.md)")
            elif "state" in message:
                view = view_from_state(self.config, message["state"], legal)
            else:
                raise HostError("a decision came without its state (docs/agent-protocol.md)")
        except StateError as error:
            what = "view" if "view" in message else "state"
            raise HostError(f"a decision's {what} can't be used: {_cut(str(error))}") from None
        if view.seat != self.seat:
            raise HostError(f"a decision for seat {view.seat} came to seat {self.seat}")
        return self.bot.choose(view)
