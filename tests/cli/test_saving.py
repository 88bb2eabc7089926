"""No game of `passport play` is lost: the game is
saved after every completed move, the end is saved and counted before it is
shown, and a stop whose save fails says what is lost and exits 1.
(Signals and kills in a real terminal: test_play_terminal.py; games
started side by side: test_save_names.py.)"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from passport_cli.main import cli
from tests.saves import GAME, TO_THE_END, finished_rows, save_of


pytestmark = pytest.mark.usefixtures("easy_bots_ready")


def invoke(home: Path, *args, input=""):
    env = {"NO_COLOR": "1", "COLUMNS": "80", "PASSPORT_HOME": str(home)}
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env,
                              prog_name="passport")


@pytest.fixture
def failing_saves(monkeypatch):
    """Every save of a game's own file fails from now on (its first, made
    when the game starts, works)."""
    from engine.record import RecordError
    from passport_cli.play import saves
    real = saves.write_save

    def write_save(doc, path, make_folder=True):
        if not Path(path).name.startswith("."):
            raise RecordError(f"{path}: can't be written (No space left on device)")
        real(doc, path, make_folder)

    monkeypatch.setattr(saves, "write_save", write_save)


@pytest.mark.parametrize("typed", ["1\n1\nquit\n", "1\n1\n"])
def test_a_stop_whose_save_fails_says_what_is_lost_and_exits_1(home, failing_saves, typed):
    result = invoke(home, "play", *GAME, input=typed)
    assert result.exit_code == 1, result.output
    words = " ".join(result.output.split())
    assert words.count("The game could not be saved") == 2  # the first failure, and the stop
    assert "No space left on device" in words
    assert "keeps the game as it stood in round 1: the moves since are lost." in words
    assert "Resume it with" not in words
    doc = json.loads(save_of(home).read_text())
    assert doc["steps"] == []  # the deal alone, as it was made


def test_a_finished_game_whose_record_fails_exits_1(home, failing_saves):
    result = invoke(home, "play", *GAME, input=TO_THE_END)
    assert result.exit_code == 1, result.output[-2000:]
    assert "Game over" in result.output
    assert "The game record could not be saved" in " ".join(result.output.split())


def test_the_end_is_saved_and_counted_before_it_is_shown(home, monkeypatch):
    from passport_cli.table import render

    def broken(*args, **kwargs):
        raise RuntimeError("the end screen broke")

    monkeypatch.setattr(render, "render_end", broken)
    result = invoke(home, "play", *GAME, input=TO_THE_END)
    assert result.exit_code == 1 and isinstance(result.exception, RuntimeError)
    assert json.loads(save_of(home).read_text())["result"]["reason"] == "center"
    assert len(finished_rows(home)) == 1


def test_an_autosave_keeps_every_completed_move(home, monkeypatch):
    """Ended at once (as by kill -KILL) after two moves: the file has them."""
    from passport_cli.play import session

    def killed(self, stop):
        return 137  # nothing saved on the way out

    monkeypatch.setattr(session.Session, "stop", killed)
    result = invoke(home, "play", *GAME, input="1\n1\n")
    assert result.exit_code == 137
    doc = json.loads(save_of(home).read_text())
    mine = [step for step in doc["steps"] if step["seat"] == 0]
    assert len(mine) == 2 and time.time() - save_of(home).stat().st_mtime < 60


def test_a_save_is_its_owners_alone(home, tmp_path):
    """A save holds the seed, from which every hidden card follows: an
    outside program run as another user (--agent-user) must not read it,
    nor a copy the person saves elsewhere."""
    copy = tmp_path / "copy.json"
    result = invoke(home, "play", *GAME, input=f"1\nsave {copy}\nquit\n")
    assert result.exit_code == 0, result.output
    for path in (save_of(home), home / "saves", copy):
        assert path.stat().st_mode & 0o077 == 0, f"{path} may be read by others"
