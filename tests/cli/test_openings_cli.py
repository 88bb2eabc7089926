"""`passport openings build` and `show`, typed as a person would."""

from dataclasses import replace

import pytest
from click.testing import CliRunner

from bots.difficulty import level_settings

from openings import opening_key, read_book
from passport_cli.main import cli
from passport_cli.runs.openings import BuildSettings, deep_settings

BUILD = ["openings", "build", "--players", "2", "--level", "hard", "--depth", "1", "--seed", "4"]


@pytest.mark.slow
def test_a_build_writes_a_book_that_goes_on_and_shows_its_entries(passport, tmp_path):
    out = tmp_path / "book.msgpack"
    first = passport(*BUILD, "--games", "2", "--out", out)
    assert first.exit_code == 0, first.output
    book = read_book(out)
    assert book.games == 2 and book.positions and sum(book.positions.values()) >= 4
    assert book.built_with["level"] == "hard" and book.built_with["depth"] == 1
    on = passport(*BUILD, "--games", "3", "--out", out)
    assert on.exit_code == 0, on.output
    longer = read_book(out)
    assert longer.games == 3
    assert all(longer.positions[key] >= count for key, count in book.positions.items())

    # the same build in one go, with two workers, gives the same book
    again = tmp_path / "again.msgpack"
    assert passport(*BUILD, "--games", "3", "--workers", "2", "--out", again).exit_code == 0
    assert read_book(again).entries == longer.entries

    key = max(longer.positions, key=longer.positions.get)
    shown = passport("openings", "show", "--book", out, key)
    assert shown.exit_code == 0, shown.output
    assert shown.output.startswith(f"Key: {key}")
    assert "of the visits, win chance" in shown.output
    assert "Not in the book." in passport("openings", "show", "--book", out, "v1 | p9").output


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_builds_deep_search_multiplies_the_budget_of_its_table(level, players):
    # hard's duels search with settings of their own: the depth multiplies those
    table = level_settings(level).at_table_of(players, 0)
    deep = deep_settings(BuildSettings(level, players, 0, 7, 0))
    assert deep == replace(
        table, iterations=7 * table.iterations,
        seconds=None if table.seconds is None else 7 * table.seconds)


def test_a_book_built_at_a_think_is_the_experts_at_that_think_only(passport, tmp_path):
    from openings import BookSettingsError
    from passport_cli.runs.openings import used_with

    out = tmp_path / "book.msgpack"
    built = passport("openings", "build", "--players", "2", "--level", "expert", "--depth", "1",
                     "--think", "0.002", "--games", "1", "--out", out)
    assert built.exit_code == 0, built.output
    book = read_book(out)
    assert book.built_with["settings"]["iterations"] == level_settings("expert", 0.002).iterations
    assert deep_settings(BuildSettings("expert", 2, 0, 3, 0, 0.002)).iterations == \
        3 * level_settings("expert", 0.002).iterations
    book.check_built_with(used_with("expert", 2, 0, 0.002))
    with pytest.raises(BookSettingsError):
        book.check_built_with(used_with("expert", 2, 0))  # the expert at its default budget
    hard = passport(*BUILD, "--think", "0.5", "--games", "1", "--out", tmp_path / "hard.msgpack")
    assert hard.exit_code == 2 and "--think sets the expert's budget" in hard.output
    assert not (tmp_path / "hard.msgpack").exists()


def test_a_book_of_other_settings_or_damaged_is_refused_in_one_line(passport, tmp_path):
    out = tmp_path / "book.msgpack"
    assert passport(*BUILD, "--games", "1", "--out", out).exit_code == 0
    other = passport(*BUILD, "--games", "2", "--depth", "3", "--out", out)
    assert other.exit_code == 1
    assert other.output == "Error: the book was built with other depth (1, not 3); build one " \
                           "for these.\n"
    bad = tmp_path / "bad.msgpack"
    bad.write_bytes(b"\x93\x01")
    shown = passport("openings", "show", "--book", bad, "x")
    assert shown.exit_code == 1 and shown.output.count("\n") == 1 and "corrupt msgpack" in shown.output
    assert passport("openings", "show", "--book", out).exit_code == 2  # neither KEY nor a save


def test_show_from_a_save_finds_the_decision_it_stopped_at(tmp_path):
    home = tmp_path / "home"
    env = {"NO_COLOR": "1", "COLUMNS": "80", "PASSPORT_HOME": str(home)}
    runner = CliRunner()
    played = runner.invoke(cli, ["play", "--bots", "1", "--difficulty", "easy", "--seed", "3"],
                           input="", env=env)
    assert played.exit_code == 0, played.output
    [save] = (home / "saves").iterdir()
    book = tmp_path / "book.msgpack"
    built = runner.invoke(cli, [*BUILD, "--games", "1", "--out", str(book)], env=env)
    assert built.exit_code == 0, built.output
    shown = runner.invoke(cli, ["openings", "show", "--book", str(book), "--from-save", str(save)],
                          env=env)
    assert shown.exit_code == 0, shown.output
    from passport_cli.play.saves import read_save, resume_save
    table, _ = resume_save(read_save(save), save)
    key = opening_key(table.game.view(table.game.decider))
    assert shown.output.startswith(f"Key: {key}")
    # without --book, the book the package ships for hard at that table
    from openings import shipped_path
    shipped = runner.invoke(cli, ["openings", "show", "--from-save", str(save)], env=env)
    assert shipped.exit_code == 0, shipped.output
    assert shipped.output.startswith(f"Key: {key}")
    by_key = runner.invoke(cli, ["openings", "show", key], env=env)
    assert by_key.output == shipped.output
    in_book = read_book(shipped_path("hard", 2, 0)).positions.get(key, 0) > 0
    assert ("Not in the book." in shipped.output) == (not in_book)
    none = runner.invoke(cli, ["openings", "show", "--level", "expert", key], env=env)
    assert none.exit_code == 1 and "ships no book of expert for 2 players" in none.output
    odd = runner.invoke(cli, ["openings", "show", "not a key"], env=env)
    assert odd.exit_code == 1 and "is not a book's key" in odd.output


def test_the_books_the_package_ships_fit_todays_bots():
    # a level whose settings change must ship books built again (docs/openings.md)
    import re

    from engine import Config, Game
    from engine.cards import ALL_EXTENSIONS
    from openings import BOOKS_DIR
    from passport_cli.runs.openings import used_with

    shipped = sorted(BOOKS_DIR.glob("*.msgpack"))
    # hard's books at 2, 3 and 4 players, without extensions and with all (docs/openings.md)
    assert [path.name for path in shipped] == sorted(
        f"hard-{players}p-x{mask}.msgpack" for players in (2, 3, 4) for mask in (0, ALL_EXTENSIONS))
    for path in shipped:
        level, players, mask = re.fullmatch(r"(\w+)-(\d)p-x(\d+)\.msgpack", path.name).groups()
        book = read_book(path)
        book.check_built_with(used_with(level, int(players), int(mask)))
        assert book.games >= 100 and book.built_with["depth"] >= 50
        for seed in range(20):  # the book's moves are legal where it has them
            game = Game(Config(int(players), int(mask), seed))
            view = game.view(game.decider)
            assert all(action in view.legal_actions for action, _, _ in book.moves(view))
