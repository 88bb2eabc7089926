"""Text from outside is shown as text on every screen: a name, a record's
values, a file name and the rows of the database of finished games reach
the terminal with their control and bidi characters written as escapes,
and Rich never reads them as markup (no MarkupError, no hyperlink), piped
or on a terminal with colours."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from passport_cli.main import cli
from tests.saves import GAME, TO_THE_END, finished_rows, save_of
from tests.sweeps import sweep


# What Rich itself writes on a terminal: colours (SGR), the cursor hidden
# and shown, a line erased, the cursor moved up or to a column by a live
# display. Anything else from ESC on, and any C1 or bidi control, came from
# a text that was not shown as text.
RICH_CODES = re.compile(r"\x1b\[[0-9;]*m|\x1b\[\?25[lh]|\x1b\[2K|\x1b\[[0-9]*[AG]|\r")
UNSHOWN = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                     "\u2066-\u2069]")


def only_text(output: str) -> None:
    """`output` drives the terminal no further than Rich's own colours do."""
    assert "\x1b]8;" not in output, "a hyperlink (OSC 8)"
    found = UNSHOWN.search(RICH_CODES.sub("", output))
    assert found is None, repr(output[max(0, found.start() - 60):found.start() + 60])


pytestmark = pytest.mark.usefixtures("easy_bots_ready")


def invoke(home: Path, *args, input="", colour=False):
    """`passport ARGS` with typed input: piped without colour, or (`colour`)
    as on a terminal with colours, where Rich would write markup's links."""
    env = {"COLUMNS": "80", "PASSPORT_HOME": str(home)}
    env.update({"FORCE_COLOR": "1", "TERM": "xterm-256color", "NO_COLOR": None} if colour
               else {"NO_COLOR": "1", "FORCE_COLOR": None})
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env,
                              prog_name="passport")


# ---- a name never costs the game ------------------------------------------------------------

@pytest.mark.parametrize("name", sweep(["[/]", "[link=http://x.y]Ed", "[bold]Ed", ":smile:"],
                                       quick={"[link=http://x.y]Ed"}))
@pytest.mark.parametrize("colour", [False, True])
def test_a_name_in_markup_plays_to_the_end_saved_and_counted(home, name, colour):
    result = invoke(home, "play", *GAME, "--name", name, input=TO_THE_END, colour=colour)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output and "Game record saved to" in result.output
    only_text(result.output)
    assert name in re.sub(r"\x1b\[[0-9;]*m", "", result.output)  # as typed, not as markup
    assert len(finished_rows(home)) == 1
    assert json.loads(save_of(home).read_text())["seats"][0]["name"] == name


@pytest.mark.parametrize("name", ["Ed\x1b[2J", "Ed\tEd", "Ed\nEd", "Ed\u202eyks", "Ed\x9b2J",
                                  "E" * 21, "  "])
def test_a_name_with_control_or_bidi_characters_is_refused_in_one_sentence(home, name):
    result = invoke(home, "play", *GAME, "--name", name)
    assert result.exit_code == 2
    assert "Invalid value for '--name'" in result.output
    assert ("without control or bidi characters" in result.output
            or "a name of 1 to 20 characters" in result.output)
    only_text(result.output)
    assert not (home / "saves").exists()


def test_the_help_says_what_a_name_may_be(home):
    words = " ".join(invoke(home, "play", "--help").output.split())
    assert "1 to 20 characters, without control or bidi characters" in words


@pytest.mark.parametrize("name", sweep(["[/]", "[link=https://example.com]x",
                                        "Ana\x1b]8;;https://example.com\x1b\\x\x1b]8;;\x1b\\",
                                        "\u202eanA", "Ana\x9b2J\x9d0;x\x07", "A" * 200],
                                       quick={"Ana\x9b2J\x9d0;x\x07"}))
def test_a_shared_saves_names_are_shown_as_text_to_the_end(home, name):
    invoke(home, "play", *GAME, input="1\n")
    path = save_of(home)
    doc = json.loads(path.read_text())
    doc["seats"][1]["name"] = name
    path.write_text(json.dumps(doc))
    result = invoke(home, "play", "--resume", path, input=TO_THE_END, colour=True)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output
    only_text(result.output)
    assert len(finished_rows(home)) == 1
    for command in (("replay", path, "--print"), ("replay", path, "--step", 3)):
        shown = invoke(home, *command, colour=True)
        assert shown.exit_code == 0, shown.output[-2000:]
        only_text(shown.output)


# ---- the database of finished games is anyone's file -------------------------------------

def damaged_database(home: Path, rows: list[tuple]) -> None:
    """A database whose table was made by another program: no types, no checks."""
    home.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(home / "history.sqlite3") as connection:
        connection.execute("CREATE TABLE games (save, finished, seed, players, extensions, "
                           "levels, result, reason, rounds)")
        connection.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    connection.close()


GOOD = ("a.json", 1.0, 1, 2, "none", "easy", "win", "center", 10)


@pytest.mark.parametrize("colour", [False, True])
def test_stats_shows_the_databases_words_as_text(home, colour):
    damaged_database(home, [
        GOOD,
        ("b\x1b[2J.json", 2.0, 1, 2, "events\x1b]0;title\x07", "[link=https://example.com]hard",
         "loss", None, 12),
        ("c.json", 3.0, 1, 3, "[/]", "medium,[/]", "win", "postcards", 9),
        ("d.json", 4.0, 1, 4, "\u202eenon", "\x9b2Jeasy", "draw", None, 200),
    ])
    result = invoke(home, "stats", colour=colour)
    assert result.exit_code == 0, result.output
    only_text(result.output)
    words = re.sub(r"\x1b\[[0-9;]*m", "", result.output)
    assert "4 games: 2 won, 1 lost, 1 at the round cap" in words
    assert "[link=https://example.com]hard" in words and "events\\x1b]0;title\\x07" in words
    assert "\\u202eenon" in words and "medium, [/]" in words


def test_stats_leaves_out_the_rows_that_hold_no_game(home):
    damaged_database(home, [
        GOOD,
        ("b.json", 2.0, 1, 2, "none", None, "win", None, 10),          # NULL levels
        ("c.json", 3.0, 1, "[/]", "none", "easy", "win", None, 10),    # a word for players
        ("d.json", 4.0, 1, 2, "none", "easy", "\x1b[2J", None, 10),   # no result
        (None, 5.0, 1, 2, "none", "easy", "win", None, 10),            # no save
        ("f.json", "soon", 1, 2, "none", "easy", "win", None, 10),     # a word for a time
        ("g.json", 6.0, 1, 2, "none", "e" * 5000, "win", None, 10),    # a page for levels
        ("h.json", 7.0, 1, 2, "none", b"easy", "loss", None, 10),      # bytes
    ])
    result = invoke(home, "stats")
    assert result.exit_code == 0, result.output
    only_text(result.output)
    assert "7 rows of the record of your games do not hold a game and are left out" in \
        " ".join(result.output.split())
    assert "1 game: 1 won, 0 lost, 0 at the round cap (100% won)" in result.output


def test_stats_of_a_database_of_damaged_rows_only(home):
    damaged_database(home, [("b.json", 2.0, 1, 2, "none", None, "win", None, 10)])
    result = invoke(home, "stats")
    assert result.exit_code == 0, result.output
    assert "1 row of the record of your games does not hold a game and is left out" in \
        " ".join(result.output.split())
    assert "No finished games yet" in result.output


def test_a_database_error_is_one_sentence_as_text(home):
    home.mkdir(parents=True)
    with sqlite3.connect(home / "history.sqlite3") as connection:  # a schema no games table fits
        connection.execute("CREATE TABLE games (\"x\x1b[2J\")")
    connection.close()
    result = invoke(home, "stats")
    assert result.exit_code == 1
    assert "can't be used" in result.output and "Traceback" not in result.output
    only_text(result.output)


def test_openings_show_an_entry_without_visits(home, tmp_path):
    from engine import Game
    from openings import Book, action_class, opening_key, write_book
    from passport_cli.runs.openings import used_with

    view = next(v for v in (Game.new(players=2, seed=s).view(0) for s in range(30))
                if opening_key(v) is not None)
    key = opening_key(view)
    book = Book(used_with("hard", 2, 0) | {"depth": 1, "seed": 0})
    book.add(key, {action_class(view, view.legal_actions[0]): (0, 0.0)})
    path = tmp_path / "book.msgpack"
    write_book(book, path)
    result = invoke(home, "openings", "show", "--book", path, key)
    assert result.exit_code == 0, result.output
    assert "no visits, no win chance" in result.output


# ---- file names and record values in messages ----------------------------------------------

ODD = "x\x1b[2J\x9b31m\u202eevil"


@pytest.mark.parametrize("command", [("replay",), ("review",), ("play", "--resume")])
def test_a_file_name_with_control_characters_is_echoed_as_text(home, tmp_path, command):
    result = invoke(home, *command, tmp_path / f"{ODD}.json")
    assert result.exit_code != 0
    only_text(result.output)
    assert "x\\x1b[2J\\x9b31m\\u202eevil" in result.output


def test_a_record_value_with_c1_controls_is_echoed_as_text(home, tmp_path):
    invoke(home, "play", *GAME, input="1\n")
    doc = json.loads(save_of(home).read_text())
    doc["steps"][0]["action"]["type"] = "dr\x9b2J\x9d0;x\x07aw"
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(doc))
    for command in (("replay", path), ("review", path), ("play", "--resume", path)):
        result = invoke(home, *command)
        assert result.exit_code != 0 and "Traceback" not in result.output
        only_text(result.output)


@pytest.mark.parametrize("folder,shown", [
    ("h\x1b[2Jome", "$'{parent}/h\\x1b[2Jome/saves/"),
    ("a\nb", "$'{parent}/a\\x0ab/saves/"),
    ("my games", "'{parent}/my games/saves/"),
])
def test_a_save_path_is_shown_as_one_shell_word(tmp_path, folder, shown):
    home = tmp_path / folder
    result = invoke(home, "play", *GAME, input="1\nquit\n")
    assert result.exit_code == 0, result.output
    only_text(result.output)
    path = save_of(home)
    expected = shown.format(parent=tmp_path) + path.name + "'"
    words = " ".join(result.output.split())
    assert f"Game saved to {expected}" in words
    assert f"passport play --resume {expected}" in words


# ---- a tournament's names are the command line's: shown as text ----------------------------

@pytest.mark.parametrize("colour", [False, True])
def test_a_tournament_of_a_program_with_markup_and_escapes_in_its_name(home, tmp_path, colour):
    name = "cmd:python3 -c pass [/] [link=http://x.y]Z \x1b]0;title\x07"
    out = tmp_path / "results\x1b[2J.json"
    result = invoke(home, "tournament", "--bots", f"{name},random", "--games", "1",
                    "--seed", "1", "--sprt", "0.4,0.6", "--out", out, colour=colour)
    assert result.exit_code == 0, result.output
    assert "forfeited 2 games" in result.output and "[/]" in result.output
    only_text(result.output)
