"""`passport watch`: a game between bots, told step by step as it is played.

Every seat is a bot that decides from `game.view(seat)` alone, as in
`passport play`. The spectator is told each record step in words (narrate)
and shown the table whenever a turn begins: by default only what every seat
knows (narrate.PUBLIC, R7.4), with --reveal every hand and every card.
Every action goes through a GameRecorder, so --save writes the record that
`passport replay` steps through, with the same step numbers as shown here.

Reproducible: the deal comes from the seed and each seat's bot is seeded
from (seed, seat), so the same options play the same game.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from pathlib import Path
from typing import Callable

from engine import cards as C

from . import play_render as R
from . import play_view as V
from . import watch_render as W
from .narrate import PUBLIC, listing, narrate_step
from .play import BOT_NAMES, interrupts_deferred

# Bots that search: only they think long enough to deserve a spinner.
SEARCH_LEVELS = frozenset({"easy", "medium", "hard", "expert"})


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat`: hashed, so nearby game seeds share nothing."""
    digest = hashlib.blake2b(f"passport-watch:{game_seed}:{seat}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2


def new_game(levels: list[str], extensions: int, seed: int | None, round_cap: int):
    """(recorder of a new game, seat names): one bot per level, named Ana, Bo, ..."""
    from engine import Game
    from engine.record import GameRecorder
    if seed is None:
        seed = secrets.randbits(48)
    names = list(BOT_NAMES[:len(levels)])
    game = Game.new(players=len(levels), extensions=extensions, seed=seed, round_cap=round_cap)
    seats = [{"name": name, "player": f"bot:{level}"} for name, level in zip(names, levels)]
    return GameRecorder(game, seats=seats), names


class Watch:
    """A bot game being played and told: the recorder, the bots, the console."""

    def __init__(self, recorder, names: list[str], levels: list[str], console, *,
                 reveal: bool, delay: float, think: float | None = None,
                 save: Path | None = None, status: Callable | None = None,
                 sleep: Callable[[float], None] | None = None) -> None:
        from bots.difficulty import make_bot
        self.recorder = recorder
        self.game = recorder.game
        self.names = names
        self.levels = levels
        self.console = console
        self.viewer = None if reveal else PUBLIC
        self.delay = delay
        self.save_path = save
        self.status = status
        self.sleep = sleep or time.sleep
        seed = self.game.config.seed
        self.bots = [make_bot(level, seat_seed(seed, seat), think)
                     for seat, level in enumerate(levels)]

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
        W.render_opening(self.console, self.opening())
        try:
            self.play()
        except KeyboardInterrupt:
            R.render_note(self.console, f"Interrupted in round {self.game.round}; "
                                        "the game was not finished.")
            self.save()
            return 130
        headline, hands = V.end_summary(self.game, self.names)
        R.render_end(self.console, headline, hands, self.game.outcome.rounds)
        return 0 if self.save() else 1

    def play(self) -> None:
        game, recorder = self.game, self.recorder
        turn = None
        later: list[tuple[int, list[str]]] = []  # a refill: told after its turn's table
        while not game.over:
            if (game.round, game.active) != turn:
                turn = (game.round, game.active)
                R.render_table(self.console, V.table_view(game, self.viewer, self.names))
                for number, lines in later:
                    W.render_step(self.console, number, lines)
                later = []
            action = self.choose(game.decider)
            with interrupts_deferred():  # a move is never applied but not recorded
                told = len(recorder.steps)
                recorder.apply(action)
            for number, step in enumerate(recorder.steps[told:], told + 1):
                lines = narrate_step(step, self.names, self.viewer)
                if step["action"]["type"] == "refill":
                    later.append((number, lines))
                elif lines:
                    W.render_step(self.console, number, lines)
                    self.pause()
        for number, lines in later:
            W.render_step(self.console, number, lines)

    def choose(self, seat: int) -> int:
        """The bot's action, from its seat's view only (never the game)."""
        view = self.game.view(seat)
        if self.status is not None and self.levels[seat] in SEARCH_LEVELS:
            with self.status(f"{self.names[seat]} is thinking…"):
                return self.bots[seat].choose(view)
        return self.bots[seat].choose(view)

    def pause(self) -> None:
        if self.delay > 0:
            self.sleep(self.delay)

    def save(self) -> bool:
        """Write the record if --save asked for it; False if it could not be written."""
        if self.save_path is None:
            return True
        from engine.record import RecordError

        from .saves import write_save
        try:
            write_save(self.recorder.document(), self.save_path)
        except RecordError as error:
            R.render_note(self.console, f"The game record could not be saved: {error}.")
            return False
        R.render_note(self.console, f"Game record saved to {self.save_path} "
                                    f"(passport replay {self.save_path} steps through it).")
        return True
