"""A table of seats playing one game: the one way every command plays a game.

    table = Table(config, seats=[Seat("Ana", "bot:hard"), Seat("You", "human")],
                  players=[make_bot("hard", seed), None])
    while not table.over:
        if table.decider_is_person:
            steps = table.apply(action_the_person_chose)
        else:
            steps = table.step()   # the decider's bot chooses from its seat's view
    result = table.result(number=1)

A table holds the game, its record (a GameRecorder, unless the caller wants
none) and a player for every seat that a program plays. A player is any
object with `choose(view) -> action id`; it is handed its seat's view
(`Game.view`, R7.4) and nothing else, so it cannot see another hand even by
mistake. A seat without a player (a person at the terminal) is decided by
the caller through `apply`. Every action goes through `apply`, which records
it, counts it and holds Ctrl-C back until game and record agree.

`passport play`, `watch`, `selfplay` and `tournament` seat their tables
here; each derives its seeds with `derive_seed`, under a purpose of its own.
"""

from __future__ import annotations

import hashlib
import secrets
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol, Sequence

from engine import Config, Game, SeatView, whole_state_view
from engine.steps import Step


def _listens(player) -> bool:
    """Whether a player is an outside program, told every step (arena/agents.py)."""
    return hasattr(player, "observe")


def derive_seed(purpose: str, *parts, bits: int = 53) -> int:
    """The seed of one use of a run's randomness: the top `bits` bits of the
    blake2b hash of "passport-PURPOSE:PART:PART...".

    Hashed, not added, so runs with nearby seeds share nothing; 53 bits by
    default, so a JSON reader that keeps numbers as doubles (JavaScript)
    reads a record's seed exactly. The purposes in use: "tournament" (run
    seed, deal, what for), "selfplay" (run seed, game, what for), "watch"
    (game seed, seat) and "play" (game seed, seat, decisions so far), the
    last two at 62 bits: bot seeds that no record holds; "consistency" (run
    seed, game, what for: arena/consistency.py)."""
    text = ":".join([f"passport-{purpose}", *map(str, parts)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - bits)


RUN_SEED_BITS = 63  # a run seed drawn for a run started without one


def secret_seed() -> int:
    """A run seed that no other program can know or work out: 63 bits from
    the operating system's source of secure randomness. A run given no seed
    gets one, so that its deals and bots follow from no public fact (an
    outside program at the table knows the code, and can read the command
    line of every process on the machine: docs/agent-protocol.md)."""
    return secrets.randbits(RUN_SEED_BITS)


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, and `human` or `bot:NAME` (docs/record-format.md, `seats`)."""
    name: str
    player: str

    @classmethod
    def bot(cls, name: str, bot: str) -> Seat:
        return cls(name, f"bot:{bot}")

    @property
    def level(self) -> str | None:
        """The bot's name (a level, greedy, random, cheater-LEVEL), None for a person."""
        return self.player.split(":", 1)[1] if self.player.startswith("bot:") else None

    def record(self) -> dict:
        return {"name": self.name, "player": self.player}


class Player(Protocol):
    """Anything that decides for a seat from that seat's view."""

    def choose(self, view: SeatView) -> int: ...


class Reseeded:
    """A bot made anew for every move, seeded by `seed_of()` at that moment:
    the decisions that complete a move it began (the cards of its offer, what
    its recycle takes) go to the same bot, which goes on in its search tree
    (`SearchSettings.reuse_tree`). A game in which each move's seed depends
    only on the game's seed, the seat and the number of decisions so far
    plays on after a save and a resume exactly as it would have without the
    break (a move half made when the game was saved is made again from its
    start: `Table.restart_bot_move`); a bot that kept one generator across
    moves would not."""

    def __init__(self, name: str, seed_of: Callable[[], int], think: float | None = None,
                 book=None):
        self.name = name
        self.seed_of = seed_of
        self.think = think
        self.book = book  # an opening book, for the levels that play one (make_bot)
        self._bot = None

    def choose(self, view: SeatView) -> int:
        from bots.difficulty import make_bot
        bot = self._bot
        if bot is None or not getattr(bot, "continues", lambda view: False)(view):
            bot = self._bot = make_bot(self.name, self.seed_of(), self.think, book=self.book)
        return bot.choose(view)


@dataclass(frozen=True)
class GameResult:
    """How one game of a run ended (a run numbers its games from 1)."""
    number: int
    seats: tuple[str, ...]      # who played each seat: a bot name, or "human"
    winner: int | None          # the winning seat; None when the round cap ended the game
    reason: str                 # center, postcards or round_cap
    rounds: int
    steps: int                  # decisions taken
    forfeit: int | None = None  # the seat whose program broke the protocol (reason "forfeit")
    fault: dict | None = None   # why: AgentFault.to_json()
    # Each outside program's seat: its time (arena.agents.time_use) and,
    # when logs were kept, the names of its log files (arena/agent_log.py).
    agents: dict[int, dict] | None = None


@contextmanager
def interrupts_deferred():
    """Hold Ctrl-C back while the game and its record change together, so an
    interrupt never leaves a move applied but not recorded."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = []
    previous = signal.signal(signal.SIGINT, lambda *_: caught.append(True))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


class Table:
    """One game at a table: the game, its record, and a player per seat."""

    def __init__(self, config: Config, seats: Sequence[Seat],
                 players: Sequence[Player | None], *, record: bool = True,
                 recorder=None) -> None:
        """A new game of `config` (or, with `recorder`, the game that recorder
        holds, e.g. a resumed save), seated as `seats`; `players[s]` decides
        for seat s, None where the caller does (a person). Without `record`,
        nothing is recorded (a tournament that keeps no records)."""
        if len(seats) != config.players or len(players) != config.players:
            raise ValueError(f"a {config.players}-player game needs {config.players} seats "
                             f"and players, not {len(seats)} and {len(players)}")
        self.seats = list(seats)
        if recorder is None and (record or any(_listens(player) for player in players)):
            # Outside programs (arena/agents.py) are told every step: they need the record.
            from engine.record import GameRecorder
            recorder = GameRecorder(Game(config), seats=[seat.record() for seat in seats])
        self.recorder = recorder
        self.game = recorder.game if recorder is not None else Game(config)
        self.forfeit: tuple[int, Exception] | None = None  # (seat, its AgentFault)
        # Engine decisions so far, a half-made step's included (a resumed save).
        self.decisions = 0
        if recorder is not None:
            self.decisions = sum(len(step.engine_actions) for step in recorder.steps)
            pending = recorder.pending
            self.decisions += len(pending["engine_actions"]) if pending else 0
        self.players: list = []
        self.listeners: list[int] = []
        self.take_seats(players)

    def take_seats(self, players: Sequence[Player | None]) -> None:
        """Seat `players` (`players[s]` decides for seat s, None where the
        caller does); an outside program among them is told the game so far."""
        if len(players) != self.game.players:
            raise ValueError(f"a {self.game.players}-player game needs "
                             f"{self.game.players} players, not {len(players)}")
        if self.listeners:
            raise ValueError("this table's outside programs are seated already")
        self.players = list(players)
        self.listeners = [seat for seat, player in enumerate(players) if _listens(player)]
        if self.listeners:
            if self.recorder is None:
                raise ValueError("an outside program needs a table that keeps a record")
            from engine.seen import step_seen_by
            setup = self.recorder.document()["setup"]
            for seat in self.listeners:
                player = self.players[seat]
                self._guard(seat, lambda: player.begin(seat, self.game.config, self.names, setup))
                for step in self.recorder.steps:  # a resumed game: what happened so far
                    self._guard(seat, lambda: player.observe(step_seen_by(step, seat)))
            if self.game.over:
                self._tell_end()

    @property
    def over(self) -> bool:
        """The game ended, or a seat's program forfeited it."""
        return self.game.over or self.forfeit is not None

    def _guard(self, seat: int, call) -> None:
        """Run a call to seat's outside program; a protocol fault forfeits the
        game. Once a game is forfeited, nothing more is told."""
        if self.forfeit is not None:
            return
        from .agents import AgentFault
        try:
            call()
        except AgentFault as fault:
            self.forfeit = (seat, fault)
            self._tell_end()

    def _tell_end(self) -> None:
        """Tell every outside program how the game ended, and let it go."""
        if self.forfeit is not None:
            end = {"winner": None, "reason": "forfeit", "rounds": self.game.round,
                   "forfeit": self.forfeit[0]}
        else:
            outcome = self.game.outcome
            end = {"winner": outcome.winner, "reason": outcome.reason, "rounds": outcome.rounds}
        from .agents import AgentFault
        for seat in self.listeners:
            player = self.players[seat]
            if self.forfeit is None or self.forfeit[0] != seat:
                try:
                    player.end(end)
                except AgentFault:
                    pass  # the game is over: a program that fails now changes nothing
            player.close()

    def close(self) -> None:
        """Stop every outside program still running (a game left unfinished)."""
        for seat in self.listeners:
            self.players[seat].close()

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def steps(self) -> list[Step]:
        """The record steps so far (none when nothing is recorded)."""
        return self.recorder.steps if self.recorder is not None else []

    @property
    def decider_is_person(self) -> bool:
        """Whether the pending decision is the caller's (a seat without a player)."""
        return not self.over and self.players[self.game.decider] is None

    def view(self, seat: int) -> SeatView:
        """What `seat`'s player is shown: its seat's view (R7.4). A cheater,
        which exists only to measure what hidden information costs, is
        shown the whole state instead."""
        if getattr(self.players[seat], "sees_everything", False):
            return whole_state_view(self.game, seat)
        return self.game.view(seat)

    def step(self) -> list[Step]:
        """The decider's player chooses from its view; the choice is applied
        (`apply`). Returns the record steps it closed."""
        seat = self.game.decider
        player = self.players[seat]
        if player is None:
            raise ValueError(f"seat {seat} has no player here: apply its choice instead")
        if self.forfeit is not None:
            raise ValueError("the game was forfeited")
        if seat not in self.listeners:  # a bot of ours: nothing to forfeit
            return self.apply(player.choose(self.view(seat)))
        chosen = []
        self._guard(seat, lambda: chosen.append(player.choose(self.view(seat))))
        return self.apply(chosen[0]) if chosen else []

    def apply(self, action: int) -> list[Step]:
        """Apply and record a legal action (IllegalActionError, a ValueError,
        changing nothing, if it is not legal); return the record steps it
        closed. Ctrl-C waits until game and record agree."""
        told = len(self.steps)
        with interrupts_deferred():
            if self.recorder is not None:
                self.recorder.apply(action)
            else:
                self.game.apply(action)
            self.decisions += 1
        closed = self.steps[told:]
        if self.listeners:
            from engine.seen import step_seen_by
            for step in closed:
                for seat in self.listeners:
                    player = self.players[seat]
                    self._guard(seat, lambda: player.observe(step_seen_by(step, seat)))
            if self.game.over and self.forfeit is None:
                self._tell_end()
        return closed

    def take_back(self, count: int) -> None:
        """Undo the last `count` decisions of the step being decided
        (GameRecorder.take_back); the caller makes sure no other seat has
        seen them."""
        if self.recorder is None:
            raise ValueError("this table keeps no record: nothing can be taken back")
        with interrupts_deferred():
            self.recorder.take_back(count)
            self.decisions -= count

    def rewound(self, steps: int) -> Table:
        """A table of this game as it stood after its first `steps` record
        steps (GameRecorder.rewound), with the same seats and no players
        yet (`take_seats`): a take-back of whole moves. Not when an outside
        program is seated: it has been told the moves (ValueError)."""
        if self.recorder is None:
            raise ValueError("this table keeps no record: nothing can be taken back")
        if self.listeners:
            raise ValueError("an outside program has been told these moves: they can't be "
                             "taken back")
        return Table(self.game.config, self.seats, [None] * self.game.players,
                     recorder=self.recorder.rewound(steps))

    def restart_bot_move(self) -> int:
        """Take back the decisions of a bot's move that is half made (the
        cards of an offer chosen so far, a recycle's payment), so that the bot
        makes it again from its start, as one search tree (`Reseeded`).
        Nothing of such a move has been shown to another seat. Returns the
        decisions taken back."""
        from bots.ismcts import MOVE_GOES_ON
        pending = None if self.recorder is None else self.recorder.pending
        if (pending is None or self.over or self.seats[pending["seat"]].level is None
                or self.game.decider != pending["seat"] or self.game.phase not in MOVE_GOES_ON):
            return 0
        count = len(pending["engine_actions"])
        self.take_back(count)
        return count

    def play(self) -> None:
        """Play to the end; every seat must have a player."""
        while not self.over:
            self.step()

    def result(self, number: int = 1) -> GameResult:
        """How the finished game ended, as game `number` of its run."""
        seats = tuple(seat.level or "human" for seat in self.seats)
        if self.forfeit is not None:
            seat, fault = self.forfeit
            return GameResult(number, seats, None, "forfeit", self.game.round, self.decisions,
                              seat, fault.to_json())
        outcome = self.game.outcome
        if outcome is None:
            raise ValueError("the game is not over")
        return GameResult(number, seats, outcome.winner, outcome.reason, outcome.rounds,
                          self.decisions)

    def document(self) -> dict:
        """The game's record so far (docs/record-format.md)."""
        if self.recorder is None:
            raise ValueError("this table keeps no record")
        document = self.recorder.document()
        if self.forfeit is not None:
            # Readers ignore fields they do not know (docs/record-format.md): who forfeited, why.
            seat, fault = self.forfeit
            document["forfeit"] = {"seat": seat, **fault.to_json()}
        return document


def record_path(directory, number: int, count: int, suffix: str = ".json",
                rotation: int | None = None) -> Path:
    """Where a run of `count` games (or deals) writes the record of number
    `number`: DIR/game-0001.json, or, for a deal replayed under every seat
    rotation, DIR/deal-0001-rotation-2.json, so the replays of a deal sort
    together. Numbers are wider when the run has more."""
    width = max(4, len(str(count)))
    stem = (f"game-{number:0{width}d}" if rotation is None
            else f"deal-{number:0{width}d}-rotation-{rotation}")
    return Path(directory) / f"{stem}{suffix}"


def make_player(name: str, seed: int, think: float | None = None, *, measurement: bool = False,
                agent_time: float | None = None, book=None, clock=None,
                logged: bool = False) -> Player:
    """A seat's player by name: for cmd:COMMAND an outside program
    (arena/agents.py), which gets `agent_time` seconds a decision and, with
    `clock` (arena.agents.Clock), a game clock, keeps its seed to itself,
    and with `logged` keeps a log of its game (arena/agent_log.py); else
    the bot `bots.difficulty.make_bot` builds (cheater-LEVEL only with
    `measurement`; hard and the expert play `book`)."""
    from bots.difficulty import make_bot
    from bots.names import is_agent
    if is_agent(name):
        from .agent_log import AgentLog
        from .agents import MOVE_TIME, OutsideAgent
        return OutsideAgent(name, MOVE_TIME if agent_time is None else agent_time, clock=clock,
                            log=AgentLog() if logged else None)
    return make_bot(name, seed, think, measurement=measurement, book=book)


def bot_players(names: Sequence[str], seeds: Sequence[int], think: float | None = None,
                measurement: bool = False, agent_time: float | None = None,
                book=None, clock=None, logged: bool = False) -> list[Player]:
    """One player per seat (`make_player`): `names[s]` seeded `seeds[s]`;
    LEVEL+book plays `book`."""
    from bots.names import plays_book
    return [make_player(name, seed, think, measurement=measurement, agent_time=agent_time,
                        book=book if plays_book(name) else None, clock=clock, logged=logged)
            for name, seed in zip(names, seeds, strict=True)]


def bot_seats(names: Sequence[str], seat_names: Sequence[str]) -> list[Seat]:
    """Seats for bots: seat s named `seat_names[s]`, played by bot `names[s]`."""
    return [Seat.bot(seat_name, name) for seat_name, name in zip(seat_names, names, strict=True)]

