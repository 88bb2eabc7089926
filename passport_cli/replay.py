"""`passport replay`: step through a game record as one seat saw it, as every
player saw it (PUBLIC), or with every card shown.

Any record will do: a `passport play` save, selfplay or tournament records,
`watch --save`, or one written by another program from docs/record-format.md alone. The
engine first replays the whole record (engine.record.resume), which checks
every step, move and the result and yields each step's engine actions; then
the game is played again from its seed and the state after every step is
kept, so going back or jumping to a step costs nothing.

`Recording` computes plain data (sentences, a TableView); `Replayer` prints
it — the whole game, one step, or step by step at a prompt.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine import cards as C

from .safe_text import YOU, as_text, path_text, seat_name
from .table import render as T
from .table import view as V
from .table.narrate import PUBLIC, listing, narrate_step, turns

PROMPT = "replay> "
COMMANDS = [
    ("n or Enter", "the next step"),
    ("b", "back one step"),
    ("j K", "jump to step K (0 is the deal)"),
    ("s N", "the view of seat N: what that player saw"),
    ("p", "the public view: what every player knows"),
    ("a", "every card, every hand"),
    ("h", "this list"),
    ("q", "quit"),
]


@dataclass(frozen=True)
class Screen:
    """One step as a view shows it: where it is, what happened, the table after it."""
    heading: str
    lines: list[str]
    table: V.TableView
    end: str | None             # the outcome, on the last screen


class Recording:
    """A record replayed: its steps, and the game's state after each of them."""

    def __init__(self, doc: dict, path: Path) -> None:
        from engine import Game
        from engine.record import resume
        self.path = path
        self.doc = doc
        recorder = resume(doc, str(path))  # RecordError if the engine disagrees
        self.config = recorder.game.config
        seats = doc.get("seats") or [{} for _ in range(self.config.players)]
        # Seats are called by their saved names (a seat without one by its
        # number). A play save calls the person "You" unless they chose a
        # name: the replay then speaks to them, in every view.
        self.names = [seat_name(seat.get("name")) if str(seat.get("name", "")).strip()
                      else f"Seat {i}" for i, seat in enumerate(seats)]
        self.you = next((i for i, name in enumerate(self.names) if name == YOU), None)
        self.players = [seat_name(str(seat.get("player", "")).removeprefix("bot:"))
                        for seat in seats]
        self.steps = recorder.steps
        game = Game(self.config)
        self.states = [game.snapshot()]     # states[k]: after step k; 0 is the deal
        self.when = [(game.round, game.active)]  # (round, whose turn) as step k began
        for step in self.steps:
            self.when.append((game.round, game.active))
            for action in step.engine_actions:
                game.apply(action)
            self.states.append(game.snapshot())
        self.turn_of = [-1] + turns(self.steps)
        self.final = game

    @property
    def last(self) -> int:
        """The number of the last step (0: a record of the deal alone)."""
        return len(self.steps)

    def game(self, k: int):
        """The game as it stood after step k."""
        from engine import Game
        return Game(self.config, self.states[k].copy())

    def view_name(self, viewer: int | None) -> str:
        if viewer is None:
            return "every card"
        if viewer == PUBLIC:
            return "what every player knows"
        if viewer == self.you:
            return f"your view (seat {viewer})"
        return f"{self.names[viewer]}'s view (seat {viewer})"

    def lines(self, k: int, viewer: int | None) -> list[str]:
        """What happened in step k (0: the deal), as `viewer` saw it."""
        if k == 0:
            game = self.game(0)
            start = game.start_seat
            starts = "You start" if start == self.you else f"{self.names[start]} starts"
            return [f"The cards are dealt. {starts}: "
                    f"{C.COUNTRIES[game.own_country(start)]} is the own country closest "
                    f"to the center, {C.COUNTRIES[game.center]} (R3.5)."]
        return narrate_step(self.steps[k - 1], self.names, viewer, self.you)

    def heading(self, k: int) -> str:
        if k == 0:
            return f"Step 0 of {self.last} · the deal"
        round_, active = self.when[k]
        whose = "your" if active == self.you else f"{self.names[active]}'s"
        return f"Step {k} of {self.last} · round {round_} · {whose} turn"

    def table(self, k: int, viewer: int | None) -> V.TableView:
        """The table after step k, as `viewer` saw it."""
        return V.table_view(self.game(k), viewer, self.names, own_listed=True, you=self.you)

    def screen(self, k: int, viewer: int | None) -> Screen:
        end = self.outcome() if k == self.last else None
        return Screen(self.heading(k), self.lines(k, viewer), self.table(k, viewer), end)

    def outcome(self) -> str:
        """How the record ends, in one sentence."""
        if self.final.over:
            return V.end_summary(self.final, self.names, self.you)[0]
        pending = self.doc.get("pending")
        by = "you" if pending and pending["seat"] == self.you else (
            self.names[pending["seat"]] if pending else "")
        midway = (f", in the middle of a {pending['type']} by {by}"
                  if pending else "")
        return f"The record stops in round {self.final.round}{midway}: the game was not finished."

    def intro(self, viewer: int | None) -> list[str]:
        config = self.config
        seats = [f"{name} ({player})" if player else name
                 for name, player in zip(self.names, self.players)]
        return [f"The game of {path_text(self.path)}",
                f"{config.players} players: {listing(seats)}. Extensions: "
                f"{', '.join(config.extension_names) or 'none'}. Seed {config.seed}.",
                f"{self.last} steps. {self.outcome()}",
                f"Shown: {self.view_name(viewer)}."]


class Replayer:
    """Prints a Recording: whole, one step, or at a prompt."""

    def __init__(self, recording: Recording, console, viewer: int | None, read=input) -> None:
        self.recording = recording
        self.console = console
        self.viewer = viewer
        self.read = read

    def print_game(self) -> None:
        """Every step, with the table at the start of every turn."""
        rec, console = self.recording, self.console
        T.render_opening(console, rec.intro(self.viewer))
        T.render_table(console, rec.table(0, self.viewer))
        T.render_step(console, 0, rec.lines(0, self.viewer))
        turn = 0  # the first turn's table is the deal's
        for k in range(1, rec.last + 1):
            if rec.turn_of[k] != turn:
                turn = rec.turn_of[k]
                T.render_table(console, rec.table(k - 1, self.viewer))
            T.render_step(console, k, rec.lines(k, self.viewer))
        if rec.final.over:
            headline, hands = V.end_summary(rec.final, rec.names, rec.you)
            T.render_end(console, headline, hands, rec.final.outcome.rounds)
        else:
            T.render_lines(console, [rec.outcome()])

    def print_step(self, k: int) -> None:
        screen = self.recording.screen(k, self.viewer)
        T.render_step_heading(self.console, screen.heading, screen.lines)
        T.render_table(self.console, screen.table)
        if screen.end:
            T.render_outcome(self.console, screen.end)

    def interact(self, k: int = 0) -> int:
        """Step through at a prompt until q or the end of input; the exit code."""
        rec = self.recording
        T.render_opening(self.console, rec.intro(self.viewer))
        T.render_lines(self.console, ["Type n (or Enter) for the next step, b to go back, "
                                      "j K to jump, s N for seat N's view, p public, a all, "
                                      "h help, q to quit."])
        show = True
        while True:
            if show:
                self.print_step(k)
                T.render_note(self.console, f"Shown: {rec.view_name(self.viewer)}.", "dim")
            try:
                text = self.read(PROMPT)
            except EOFError:
                self.console.print()
                return 0
            command, _, argument = text.strip().lower().partition(" ")
            argument = argument.strip()
            show = True
            if command in ("", "n", "next"):
                if k == rec.last:
                    T.render_note(self.console, "That was the last step (b goes back, q quits).")
                    show = False
                else:
                    k += 1
            elif command in ("b", "back"):
                if k == 0:
                    T.render_note(self.console, "This is the deal, the first step.")
                    show = False
                else:
                    k -= 1
            elif command in ("j", "jump") or command.isdigit():
                target = argument if command in ("j", "jump") else command
                if target.isdigit() and int(target) <= rec.last:
                    k = int(target)
                else:
                    T.render_note(self.console, f"Jump to a step from 0 to {rec.last}: j 12.")
                    show = False
            elif command in ("s", "seat"):
                if argument.isdigit() and int(argument) < rec.config.players:
                    self.viewer = int(argument)
                else:
                    T.render_note(self.console, f"Name a seat from 0 to "
                                                f"{rec.config.players - 1}: s 1.")
                    show = False
            elif command in ("a", "all"):
                self.viewer = None
            elif command in ("p", "public"):
                self.viewer = PUBLIC
            elif command in ("q", "quit", "exit"):
                return 0
            elif command in ("h", "help", "?"):
                T.render_commands(self.console, COMMANDS)
                show = False
            else:
                T.render_note(self.console, f"No command {as_text(repr(text.strip()))}: "
                                            "type h for the list.")
                show = False


def load(path: Path) -> Recording:
    """The record at `path`, replayed; RecordError (one line) if it can't be."""
    from engine.record import read_record
    return Recording(read_record(path), path)
