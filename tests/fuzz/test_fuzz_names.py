"""Names on every screen: random text — any unicode,
Rich markup, escape sequences, C1 and bidi controls, very long — as the
seats' names of a finished and an unfinished game, in the files they come
from (a save, a record, the database of finished games), shown by every
screen that shows names: play's table, hand, menus, log and end, narration,
review, replay, stats and watch, on a console that is piped and on one that
is a terminal with colours. No screen raises, and nothing it writes drives
the terminal further than Rich's own colours do: no ESC sequence but SGR,
no C1 or bidi control, no hyperlink (OSC 8)."""

from __future__ import annotations

import copy
import io
import json
import os
import re
import sqlite3
from pathlib import Path

from hypothesis import event, given
from hypothesis import strategies as st
from rich.console import Console

from arena.match import Seat, Table
from bots.difficulty import make_bot
from engine import Config
from engine import cards as C

from .conftest import FUZZ, saved_games

# What Rich writes itself on a terminal with colours: SGR codes.
SGR = re.compile(r"\x1b\[[0-9;]*m")
UNSHOWN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                     "\u2066-\u2069]")
HOSTILE = ["[/]", "[link=https://example.com]", "[bold red]", "[/bold]", ":smile:", "\\",
           "[", "]", "\x1b[2J", "\x1b]0;title\x07", "\x1b]8;;https://example.com\x1b\\",
           "\x1b\\", "\x9b31m", "\x9d0;t\x9c", "\x07", "\r", "\n", "\t", "\x00", "\x7f",
           "\u202e", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c", "\u2028", "\u0301",
           "\u200d", "\ufeff", "😀", "漢字", "Ana", "You", "you", " ", "%s", "{0}"]
# A record holds names of 1 to 200 characters: engine.record refuses the
# others, in one sentence, which is shown as text too (a few cases).
NAMES = st.one_of(
    st.text(min_size=1, max_size=30),
    st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(min_size=1, max_size=4)), min_size=1,
             max_size=8).map("".join),
    st.text(min_size=150, max_size=200),
)
REFUSED_NAMES = ("", "\x1b[2J" * 50 + "\u202e")




def consoles():
    """A console as when piped, and one as a terminal with colours."""
    return [Console(file=io.StringIO(), width=80, color_system=None, force_terminal=False),
            Console(file=io.StringIO(), width=80, color_system="truecolor",
                    force_terminal=True, legacy_windows=False)]


def only_text(console: Console) -> None:
    out = console.file.getvalue()
    assert "\x1b]8;" not in out, "a hyperlink (OSC 8)"
    if console.color_system is None:
        assert "\x1b" not in out
    found = UNSHOWN.search(SGR.sub("", out))
    assert found is None, repr(out[max(0, found.start() - 60):found.start() + 60])


def named(doc: dict, names: list[str], folder: Path) -> Path:
    """`doc` with these seat names, written as a save file."""
    doc = copy.deepcopy(doc)
    for seat, name in zip(doc["seats"], names):
        seat["name"] = name
    path = folder / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def play_screens(console, doc: dict, path: Path, finished: bool) -> None:
    """passport play's screens of a save: the opening words, the table,
    the hand, the menu, the card tracker, a hint's lines, the log; the end of a finished
    game, with its save and its row in the tally."""
    from bots.ismcts import MoveEstimate
    from passport_cli.play import render as R
    from passport_cli.play.saves import resume_save
    from passport_cli.play.hint import hint_lines
    from passport_cli.play.session import Session, Stop
    from passport_cli.play.start import opening, since_last_turn
    table, me = resume_save(doc, path)
    session = Session(table, me, path, console)
    R.render_intro(console, opening(session, resumed=True))
    if finished:
        assert session.finish() == 0
        return
    R.render_recap(console, "Since your last turn", since_last_turn(session))
    session.screen()  # the table, its warnings of rivals near a win, the hand
    menu = session.menu()
    R.render_menu(console, menu)
    session.command("cards", "", menu)  # the card tracker: who holds what, by name
    estimates = [MoveEstimate(choice.action, 10 - i, 0.5) for i, choice in enumerate(menu.choices)]
    R.render_hint(console, hint_lines(estimates, menu, 100, table.game.players, 100,
                                      extensions=table.game.config.extensions))
    R.render_log(console, session.log())
    assert session.stop(Stop(0, "Stopped.")) == 0


def forfeit_screens(console, doc: dict, path: Path, names: list[str]) -> None:
    """An outside program's forfeit, its words the names (what it sent):
    in play, mid-game, and in watch, at a table seated under the names."""
    from arena.agents import AgentFault
    from passport_cli.play.saves import resume_save
    from passport_cli.play.session import Session
    from passport_cli.watch import Watch
    fault = AgentFault(names[1], names[2], names[0])
    table, me = resume_save(doc, path)
    table.forfeit = (1, fault)
    Session(table, me, path, console).forfeited()
    table = Table(Config(3, C.ALL_EXTENSIONS, 7), [Seat.bot(name, "random") for name in names],
                  [make_bot("random", seed=s) for s in range(3)])
    table.forfeit = (2, fault)
    Watch(table, console, reveal=False, delay=0).run()


def replay_screens(console, doc: dict, path: Path) -> None:
    from passport_cli.replay import Recording, Replayer
    from passport_cli.table.narrate import PUBLIC
    recording = Recording(doc, path)
    for viewer in (None, PUBLIC, 1):
        replayer = Replayer(recording, console, viewer)
        replayer.print_step(recording.last)
        replayer.print_step(min(3, recording.last))
    typed = iter(["s 2", "j 2", "x[/]\x1b", "q"])
    Replayer(recording, console, 0, read=lambda _prompt: next(typed)).interact()


def review_screen(console, doc: dict, path: Path) -> None:
    """The review of a game, its decisions told with the names (the search left out)."""
    from engine import Game
    from passport_cli.review import Review, Reviewed, load
    from passport_cli.runs.review import render_review
    _, seat, names = load(path, None)
    config = doc["config"]
    game = Game.new(config["players"], config["extensions"], config["seed"], config["round_cap"])
    texts = [game.action_text(action, names) for action in game.legal_actions()]
    decisions = [Reviewed(1, texts[0], 0.3, texts[-1], 0.6), Reviewed(2, texts[-1], None, texts[0], 0.5)]
    render_review(console, Review(names[seat], config["players"], decisions, names[1]))


def stats_screen(console, names: list[str], folder: Path) -> None:
    """`passport stats` of a database whose words are the names."""
    from passport_cli.play import history
    from passport_cli.runs.stats import render_stats
    path = folder / "history.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (save, finished, seed, players, extensions, "
                           "levels, result, reason, rounds)")
        connection.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            (names[0], 1.0, 1, 2, names[1], names[2], "win", names[0], 3),
            ("b.json", 2.0, 1, 3, "none", f"easy,{names[1]}", "loss", None, 9),
            ("c.json", 3.0, 1, 2, names[2], "hard", names[0], None, 9)])
    connection.close()
    found = history.read_games(path)
    render_stats(console, found.rows, found.damaged)


def watch_screen(console, names: list[str]) -> None:
    """A game between bots seated under the names, told to its round cap."""
    from passport_cli.watch import Watch
    seats = [Seat.bot(name, "random") for name in names[:2]]
    table = Table(Config(2, C.ALL_EXTENSIONS, 7, 2), seats,
                  [make_bot("random", seed=s) for s in range(2)])
    assert Watch(table, console, reveal=True, delay=0).run() == 0


SCREENS = ["play", "end", "forfeit", "replay", "review", "stats", "watch"]


@FUZZ
@given(st.lists(NAMES, min_size=3, max_size=3), st.sampled_from(SCREENS), st.booleans(),
       st.integers(0, 31))
def test_names_on_every_screen_are_shown_as_text(tmp_path_factory, names, screen, colour,
                                                 refused):
    if refused < len(REFUSED_NAMES):
        names[refused] = REFUSED_NAMES[refused]
    from engine.record import RecordError
    from passport_cli.play.saves import SaveError
    from passport_cli.review import ReviewError
    from passport_cli.safe_text import as_text
    folder = tmp_path_factory.mktemp("names")
    console = consoles()[colour]
    home = os.environ.get("PASSPORT_HOME")
    os.environ["PASSPORT_HOME"] = str(folder)
    try:
        finished, unfinished = saved_games()
        doc = finished if screen in ("end", "review") else unfinished
        path = named(doc, names, folder)
        doc = json.loads(path.read_text(encoding="utf-8"))
        if screen in ("play", "end"):
            play_screens(console, doc, path, finished=screen == "end")
        elif screen == "forfeit":
            forfeit_screens(console, doc, path, names)
        elif screen == "replay":
            replay_screens(console, doc, path)
        elif screen == "review":
            review_screen(console, doc, path)
        elif screen == "stats":
            stats_screen(console, names, folder)
        else:
            watch_screen(console, names)
        event(f"screen: {screen}")
    except (RecordError, SaveError, ReviewError) as error:  # printed as the commands print it
        console.file.write(as_text(error) + "\n")
        event("refused: " + str(error).split(": ")[-1][:40])
    finally:
        if home is None:
            os.environ.pop("PASSPORT_HOME", None)
        else:
            os.environ["PASSPORT_HOME"] = home
    only_text(console)
