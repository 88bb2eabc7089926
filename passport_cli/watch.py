"""`passport watch`: a game between bots, told step by step as it is played.

Every seat is a bot at a table (arena/match.py) that decides from its seat's
view alone, as in `passport play`. The spectator is told each record step
in words (narrate) and shown the table whenever a turn begins: by default
only what every seat knows (narrate.PUBLIC, R7.4), with --reveal every hand
and every card. The table records every action, so --save writes the record
that `passport replay` steps through, with the same step numbers as shown here.

Reproducible: the deal comes from the seed and each seat's bot is seeded
from (seed, seat), so the same options play the same game.
"""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Callable

from bots.names import searches
from engine import cards as C

from .play.session import SEAT_NAMES
from .safe_text import path_text
from .table import render as T
from .table import view as V
from .table.narrate import PUBLIC, listing, narrate_step


def new_table(levels: list[str], extensions: int, seed: int | None, round_cap: int,
              think: float | None = None, books: bool = True):
    """A new game's table: one bot per level, named Ana, Bo, ..., each seeded
    from the game's seed and its seat; with `books`, hard and the expert
    play the package's opening book of this table (as in `passport play`)."""
    from arena.match import Table, bot_seats, derive_seed, make_player
    from engine import Config

    from .play.start import opening_books
    if seed is None:
        seed = secrets.randbits(48)
    config = Config(len(levels), extensions, seed, round_cap)
    seeds = [derive_seed("watch", seed, seat, bits=62) for seat in range(len(levels))]
    found = opening_books(config, think) if books else {}
    return Table(config, bot_seats(levels, SEAT_NAMES[:len(levels)]),
                 [make_player(level, s, think, book=found.get(level))
                  for level, s in zip(levels, seeds)])


class Watch:
    """A bot game being played and told: the table, the console."""

    def __init__(self, table, console, *, reveal: bool, delay: float,
                 save: Path | None = None, status: Callable | None = None,
                 sleep: Callable[[float], None] | None = None) -> None:
        self.table = table
        self.game = table.game
        self.names = table.names
        self.levels = [seat.level for seat in table.seats]
        self.console = console
        self.viewer = None if reveal else PUBLIC
        self.delay = delay
        self.save_path = save
        self.status = status
        self.sleep = sleep or time.sleep

    def opening(self) -> list[str]:
        """The words before the first table: who plays, the settings, who starts."""
        game, names = self.game, self.names
        players = [f"{name} ({level})" for name, level in zip(names, self.levels)]
        extensions = ", ".join(game.config.extension_names) or "none"
        start = game.start_seat
        shown = ("Every hand is shown (--reveal)." if self.viewer is None else
                 "You see what every player knows; --reveal shows every hand.")
        return [
            f"{listing(players)} play. Extensions: {extensions}.",
            f"Seed {game.config.seed} (--seed {game.config.seed} plays this game again).",
            f"{names[start]} starts: {C.COUNTRIES[game.own_country(start)]} is the own "
            f"country closest to the center, {C.COUNTRIES[game.center]} (R3.5).",
            shown + " Ctrl-C stops.",
        ]

    def run(self) -> int:
        """Play and tell the game to its end; return the exit code (130: Ctrl-C)."""
        T.render_opening(self.console, self.opening())
        try:
            self.play()
        except KeyboardInterrupt:
            T.render_note(self.console, f"Interrupted in round {self.game.round}; "
                                        "the game was not finished.")
            self.save()
            return 130
        finally:
            self.table.close()
        if self.table.forfeit is not None:
            seat, fault = self.table.forfeit
            T.render_note(self.console, f"{self.names[seat]}'s program forfeited the game in "
                                        f"round {self.game.round}: {fault}.")
            return 0 if self.save() else 1
        headline, hands = V.end_summary(self.game, self.names)
        T.render_end(self.console, headline, hands, self.game.outcome.rounds)
        return 0 if self.save() else 1

    def play(self) -> None:
        game, table = self.game, self.table
        turn = None
        later: list[tuple[int, list[str]]] = []  # a refill: told after its turn's table
        while not table.over:
            if (game.round, game.active) != turn:
                turn = (game.round, game.active)
                T.render_table(self.console, V.table_view(game, self.viewer, self.names))
                for number, lines in later:
                    T.render_step(self.console, number, lines)
                later = []
            told = len(table.steps)
            self.step()
            for number, step in enumerate(table.steps[told:], told + 1):
                lines = narrate_step(step, self.names, self.viewer)
                if step.type == "refill":
                    later.append((number, lines))
                elif lines:
                    T.render_step(self.console, number, lines)
                    self.pause()
        for number, lines in later:
            T.render_step(self.console, number, lines)

    def step(self) -> None:
        """The decider's bot moves, from its seat's view only (never the game);
        a spinner shows while a searching bot thinks."""
        seat = self.game.decider
        if self.status is not None and searches(self.levels[seat]):
            with self.status(f"{self.names[seat]} is thinking…"):
                self.table.step()
        else:
            self.table.step()

    def pause(self) -> None:
        if self.delay > 0:
            self.sleep(self.delay)

    def save(self) -> bool:
        """Write the record if --save asked for it; False if it could not be written."""
        if self.save_path is None:
            return True
        from engine.record import RecordError

        from .play.saves import write_save
        try:
            write_save(self.table.document(), self.save_path)
        except RecordError as error:
            T.render_note(self.console, f"The game record could not be saved: {error}.")
            return False
        shown = path_text(self.save_path)
        T.render_note(self.console, f"Game record saved to {shown} "
                                    f"(passport replay {shown} steps through it).")
        return True
