"""`passport stats` and the record of finished games it reads
(passport_cli/play/history.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from passport_cli.main import cli
from passport_cli.play import history

TO_THE_END = "1\ny\n" * 600  # draw, say yes: seed 3 ends in round 16, won by Ana


pytestmark = pytest.mark.usefixtures("easy_bots_ready")


@pytest.fixture
def run(tmp_path):
    def invoke(*args, input=""):
        env = {"NO_COLOR": "1", "COLUMNS": "80", "PASSPORT_HOME": str(tmp_path / "home")}
        return CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env,
                                  prog_name="passport")
    return invoke


def test_every_finished_game_is_counted(run, tmp_path):
    assert run("stats").output.strip() == "No finished games yet: play one with passport play."
    for _ in range(2):
        result = run("play", "--seed", 3, "--bots", 1, "--difficulty", "easy", input=TO_THE_END)
        assert result.exit_code == 0 and "Game over" in result.output, result.output[-2000:]
        # after the game, how each player's went, from the record's public steps
        summary = " ".join(result.output[result.output.index("How the game went"):].split())
        assert re.search(r"You: \d+ offers? \(\d+ accepted\), \d+ steals?; .+ short of \w+\.",
                         summary)
        ana = re.search(r"Ana: (\d+) offers? \((\d+) accepted\), (\d+) steals?; won\.", summary)
        from engine.record import read_record
        saved = re.search(r"Game record saved to (\S+\.json)", " ".join(result.output.split()))
        steps = read_record(saved.group(1))["steps"]
        types = [(step["seat"], step["action"]["type"], step["action"].get("accept"))
                 for step in steps]
        offers = [i for i, (seat, kind, _) in enumerate(types) if seat == 1 and kind == "offer"]
        assert int(ana.group(1)) == len(offers)
        assert int(ana.group(2)) == sum(types[i + 1][1:] == ("reply", True) for i in offers)
        assert int(ana.group(3)) == sum(t[:2] == (1, "steal") for t in types)
    stopped = run("play", "--seed", 3, "--bots", 1, "--difficulty", "easy", input="quit\n")
    assert stopped.exit_code == 0  # a game stopped before its end is not counted
    result = run("stats")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "2 games: 0 won, 2 lost, 0 at the round cap (0% won)" in out
    assert "Wins in a row now: 0; longest run: 0" in out
    assert any(line.split() == ["easy", "2", "0", "2", "0", "0%"] for line in out.splitlines())
    rows = history.games(tmp_path / "home" / "history.sqlite3")
    assert len({row.save for row in rows}) == 2 and {row.reason for row in rows} == {"center"}


def test_a_damaged_record_never_stops_a_game(run, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "history.sqlite3").write_bytes(b"this is not a database" * 100)
    result = run("play", "--seed", 3, "--bots", 1, "--difficulty", "easy", input=TO_THE_END)
    assert result.exit_code == 0
    out = " ".join(result.output.split())
    assert "Game over" in out and "Game record saved to" in out
    assert "The record of your games in" in out and "can't be used" in out
    result = run("stats")
    assert result.exit_code == 1 and "can't be used" in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_streaks_and_groups():
    def played(result, levels="medium", players=4):
        return history.Played("x", 0.0, 1, players, "none", levels, result, None, 10)
    rows = [played("win"), played("win", "easy,hard"), played("loss"), played("win"),
            played("win", players=2), played("draw")]
    assert history.streaks(rows) == (0, 2)
    assert history.streaks(rows[:-1]) == (2, 2)
    groups = history.by(rows, history.difficulty)
    assert list(groups) == ["medium", "easy, hard"]
    assert (groups["medium"].games, groups["medium"].wins, groups["medium"].draws) == (5, 3, 1)


def test_after_a_game_the_same_table_can_play_again(run):
    first = run("play", "--seed", 3, "--bots", 1, "--difficulty", "easy", input=TO_THE_END)
    out = first.output
    asked = out.index("Type again for another game")
    assert out.count("You play against Ana (easy)") == 1
    answered = out[:asked].count("> ")  # the lines the first game read
    typed = "".join(TO_THE_END.splitlines(keepends=True)[:answered]) + "again\nquit\n"
    again = run("play", "--seed", 3, "--bots", 1, "--difficulty", "easy", input=typed)
    assert again.exit_code == 0, again.output[-2000:]
    second = again.output[again.output.index("Type again for another game"):]
    assert "You play against Ana (easy)" in second and "Stopped." in second
    assert "Seed 3:" in out and "Seed " not in second  # the seed only once a game has ended
    saved = re.findall(r"The game is saved to (\S+\.json)", " ".join(again.output.split()))
    assert len(saved) == 2 and saved[0] != saved[1]
    assert json.loads(Path(saved[1]).read_text())["config"]["seed"] != 3  # a new deal


def test_a_move_typed_after_the_end_is_asked_again_and_enter_stops(run):
    first = run("play", "--seed", 3, "--bots", 1, "--difficulty", "easy", input=TO_THE_END)
    answered = first.output[:first.output.index("Type again for another game")].count("> ")
    typed = "".join(TO_THE_END.splitlines(keepends=True)[:answered]) + "1\ndraw\n\n"
    after = run("play", "--seed", 3, "--bots", 1, "--difficulty", "easy", input=typed)
    assert after.exit_code == 0, after.output[-2000:]
    out = " ".join(after.output.split())
    assert out.count("The game is over: type again for another, or press Enter to stop.") == 2
    assert out.count("You play against Ana (easy)") == 1


def test_a_game_with_take_backs_is_counted_as_such(run, tmp_path):
    """`undo` during a game: the record of games keeps how many moves were
    taken back, and stats says so; the end of the game says it too."""
    offer = "offer a trade to ana\n1\ndone\n1\ndone\n"  # seed 3: Ana declines
    result = run("play", "--seed", 3, "--bots", 1, "--difficulty", "easy",
                 input=offer + "undo\n" + TO_THE_END)
    assert result.exit_code == 0 and "Game over" in result.output, result.output[-2000:]
    assert "You took back a move in this game (undo)." in " ".join(result.output.split())
    [row] = history.games(tmp_path / "home" / "history.sqlite3")
    assert row.take_backs == 1
    assert "With take-backs (undo): a game, a move taken back" in run("stats").output


def test_a_record_of_games_from_before_take_backs_is_read_and_then_extended(tmp_path):
    """A database written without the take_backs column: read as games
    without take-backs, and the column is added when a game is recorded."""
    import sqlite3
    path = tmp_path / "history.sqlite3"
    old = history.SCHEMA.replace(",\n    take_backs INTEGER NOT NULL DEFAULT 0  "
                                 "-- moves the person took back (undo)", "")
    assert "take_backs" not in old
    with sqlite3.connect(path) as connection:
        connection.execute(old)
        connection.execute("INSERT INTO games VALUES ('a.json', 1.0, 3, 2, 'none', 'easy', "
                           "'win', 'center', 12)")
    connection.close()
    [row] = history.games(path)
    assert (row.save, row.result, row.take_backs) == ("a.json", "win", 0)
    history.record(history.Played("b.json", 2.0, 4, 2, "none", "hard", "loss", "center", 9, 3),
                   path)
    assert [(r.save, r.take_backs) for r in history.games(path)] == [("a.json", 0), ("b.json", 3)]
