"""Every game of `passport play` has a save file of its own:
games started in the same second, even by programs side by side, never
share one, and each finished game is one row of `passport stats`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TO_THE_END = "1\ny\n" * 600  # draw, say yes: seed 3 ends in round 16, won by Ana
GAMES = 12
# 2026-01-01 00:00:00 UTC: every game below starts in this very second.
SECOND = 1767225600.0
# `passport play` with the save's clock stopped at SECOND.
STOPPED_CLOCK = f"""
import sys, time, types
from passport_cli.play import saves
saves.time = types.SimpleNamespace(time=lambda: {SECOND}, localtime=time.localtime,
                                   strftime=time.strftime)
from passport_cli.main import cli
cli(sys.argv[1:], prog_name="passport")
"""


pytestmark = pytest.mark.usefixtures("easy_bots_ready")


def a_deal() -> dict:
    from arena.match import Seat, Table
    from engine import Config
    table = Table(Config(2, 0, 3), [Seat("You", "human"), Seat.bot("Ana", "easy")], [None, None])
    return table.document()


def test_saves_made_in_the_same_second_at_once_have_names_of_their_own(tmp_path, monkeypatch):
    from passport_cli.play.saves import create_save
    monkeypatch.setenv("PASSPORT_HOME", str(tmp_path))
    doc = a_deal()
    made: list[Path] = []
    start = threading.Barrier(GAMES)

    def make(number: int) -> None:
        start.wait()
        made.append(create_save({**doc, "game": number}, now=SECOND))

    threads = [threading.Thread(target=make, args=(n,)) for n in range(GAMES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(made)) == GAMES
    assert sorted(json.loads(path.read_text())["game"] for path in made) == list(range(GAMES))
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == sorted(p.name for p in made)


@pytest.mark.slow
def test_twelve_games_started_in_the_same_second_keep_twelve_saves_and_rows(tmp_path):
    from engine.record import read_record
    from passport_cli.play import history

    home = tmp_path / "home"
    env = dict(os.environ, PASSPORT_HOME=str(home), NO_COLOR="1", COLUMNS="80", TZ="UTC",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    games = [subprocess.Popen([sys.executable, "-c", STOPPED_CLOCK, "play", "--seed", "3",
                               "--bots", "1", "--difficulty", "easy"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, env=env, cwd=str(ROOT), text=True)
             for _ in range(GAMES)]
    outputs = [game.communicate(TO_THE_END, timeout=600)[0] for game in games]
    for game, output in zip(games, outputs):
        assert game.returncode == 0, output[-2000:]
    saves = sorted((home / "saves").iterdir())
    assert {p.name for p in saves} == {"game-20260101-000000.json"} | {
        f"game-20260101-000000-{n}.json" for n in range(2, GAMES + 1)}
    rows = history.games(home / "history.sqlite3")
    assert sorted(row.save for row in rows) == [str(p) for p in saves]
    assert all(read_record(p)["result"]["reason"] == "center" for p in saves)


def test_a_game_being_played_is_not_resumed_by_another_program(tmp_path):
    """Two programs on one file would each overwrite the other's moves."""
    from passport_cli.play.saves import GameLock
    save = tmp_path / "game.json"
    first, second = GameLock(save), GameLock(save)
    assert first.take()
    assert not second.take()
    first.release()
    assert not first.path.exists()
    assert second.take()
    second.release()


@pytest.mark.slow
def test_resuming_a_game_played_elsewhere_is_refused_in_one_sentence(tmp_path):
    from passport_cli.play.saves import GameLock
    home = tmp_path / "home"
    env = dict(os.environ, PASSPORT_HOME=str(home), NO_COLOR="1", COLUMNS="80",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    play = [sys.executable, "-m", "passport_cli", "play"]
    started = subprocess.run(play + ["--seed", "3", "--bots", "1", "--difficulty", "easy"],
                             input="1\n", env=env, capture_output=True, text=True, timeout=120)
    assert started.returncode == 0, started.stdout + started.stderr
    [save] = (home / "saves").glob("game-*.json")
    before = save.read_text()
    elsewhere = GameLock(save)
    assert elsewhere.take()  # another passport play has it
    refused = subprocess.run(play + ["--resume", str(save)], input="1\nquit\n", env=env,
                             capture_output=True, text=True, timeout=120)
    elsewhere.release()
    assert refused.returncode == 2
    assert refused.stderr.strip() == (f"Can't resume {save}: another passport play is playing "
                                      "that game; stop it there first.")
    assert save.read_text() == before
    resumed = subprocess.run(play + ["--resume", str(save)], input="quit\n", env=env,
                             capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert sorted(p.name for p in (home / "saves").iterdir()) == [save.name]  # no lock left
