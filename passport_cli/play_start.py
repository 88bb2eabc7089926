"""Starting `passport play`: a new game or a saved one, the engine made ready,
the opening words, then the session (play.py) until the end or a stop."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

from engine import cards as C

from . import play_render as R
from .narrate import TURN_STEPS, listing, narrate
from .play import Seat, Session, new_seats


def start(app, *, bots: int, levels: list[str], extensions: int, seed: int | None,
          name: str, think: float | None, resume: Path | None) -> int:
    """Run a whole `passport play`; return the exit code (2: a save that can't be resumed)."""
    from .saves import SaveError, read_save, resume_save
    console = app.console
    try:
        doc = read_save(resume) if resume is not None else None
        levels_used = ([s["player"].split(":", 1)[1] for s in doc["seats"]
                        if s["player"] != "human"] if doc else levels)
        ready_engine(app, levels_used)
        if doc is not None:
            recorder, me = resume_save(doc, resume)
            seats = [Seat(s["name"], s["player"]) for s in doc["seats"]]
            path = resume
        else:
            recorder, seats, me, path = new_game(bots, levels, extensions, seed, name)
    except SaveError as error:
        print(str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        console.print("Interrupted before the game began; nothing was saved.")
        return 130
    session = Session(recorder, seats, me, path, console, think)
    R.render_intro(console, opening(session, resumed=doc is not None))
    if doc is not None:
        session.recap = since_last_turn(session)
    return session.play()


def ready_engine(app, levels: list[str]) -> None:
    """Compile the kernels on a first run, saying so; nothing when they are cached."""
    from .warmup import kernels_cached, prepare_bots, prepare_engine
    if kernels_cached():
        return
    ellipsis = "..." if app.ascii else "…"
    app.console.print(f"Preparing the engine (first run only){ellipsis}")
    with app.status("Compiling the rules and the bots (about a minute, once)"):
        prepare_engine()
        prepare_bots(sorted(set(levels)))


def new_game(bots: int, levels: list[str], extensions: int, seed: int | None, name: str):
    from engine import Game
    from engine.record import GameRecorder

    from .saves import new_save_path
    if seed is None:
        seed = secrets.randbits(48)
    if len(levels) == 1:
        levels = levels * bots
    seats = new_seats(name, levels)
    game = Game.new(players=len(seats), extensions=extensions, seed=seed)
    recorder = GameRecorder(game, seats=[seat.record() for seat in seats])
    return recorder, seats, 0, new_save_path()


def opening(session: Session, resumed: bool) -> list[str]:
    """The words before the first screen: who plays, the settings, who starts."""
    game, names, me = session.game, session.names, session.me
    bots = [f"{seat.name} ({seat.level})" for i, seat in enumerate(session.seats) if i != me]
    extensions = ", ".join(game.config.extension_names) or "none"
    if resumed:
        return [f"Resumed {session.path}: round {game.round}.",
                f"You play against {listing(bots)}. Extensions: {extensions}.",
                "Type help at any prompt; quit saves the game and stops."]
    start_seat = game.start_seat
    who = "You start" if start_seat == me else f"{names[start_seat]} starts"
    own = C.COUNTRIES[game.own_country(start_seat)]
    return [
        f"You play against {listing(bots)}. Extensions: {extensions}.",
        f"Seed {game.config.seed} (--seed {game.config.seed} deals this game again).",
        f"{who}: {own} is the own country closest to the center, "
        f"{C.COUNTRIES[game.center]} (R3.5).",
        f"The game is saved to {session.path}.",
        "Type help at any prompt; quit saves the game and stops.",
    ]


def since_last_turn(session: Session) -> list[str]:
    """After a resume: what happened since the person's last own turn step."""
    steps = session.recorder.steps
    last = max((i for i, s in enumerate(steps)
                if s["seat"] == session.me and s["action"]["type"] in TURN_STEPS
                and s["action"]["type"] != "refill"), default=-1)
    return narrate(steps[last + 1:], session.names, session.me)
