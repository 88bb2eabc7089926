"""`passport selfplay`: random games, one valid record per game, reproducible."""

import pytest

from engine.record import check_record, read_record, replay
from passport_cli.runs.selfplay import game_seed


def selfplay(passport, out, *extra):
    return passport("selfplay", "--out", out, "--round-cap", "12", *extra)


def test_writes_one_checked_record_per_game(passport, tmp_path):
    out = tmp_path / "games"
    result = selfplay(passport, out, "--games", "3", "--players", "3",
                      "--extensions", "all", "--seed", "5")
    assert result.exit_code == 0, result.output
    paths = sorted(out.iterdir())
    assert [p.name for p in paths] == ["game-0001.json", "game-0002.json", "game-0003.json"]
    for number, path in enumerate(paths, 1):
        doc = read_record(path)
        check_record(doc, str(path))
        assert doc["config"]["players"] == 3
        assert doc["config"]["round_cap"] == 12
        assert len(doc["config"]["extensions"]) == 5
        assert doc["config"]["seed"] == game_seed(5, number)
        assert [seat["player"] for seat in doc["seats"]] == ["bot:random"] * 3
        assert doc["result"]["reason"] in ("center", "postcards", "round_cap")
    # The engine replays the record to the same end: the steps are the game.
    assert replay(read_record(paths[0])).outcome.reason == read_record(paths[0])["result"]["reason"]
    assert "3 games" in result.output
    assert "Median rounds" in result.output
    assert str(out) in result.output


def test_msgpack_records(passport, tmp_path):
    result = selfplay(passport, tmp_path, "--games", "2", "--players", "2",
                      "--extensions", "events,postcards", "--format", "msgpack")
    assert result.exit_code == 0, result.output
    paths = sorted(tmp_path.iterdir())
    assert [p.name for p in paths] == ["game-0001.msgpack", "game-0002.msgpack"]
    for path in paths:
        doc = read_record(path)
        check_record(doc, str(path))
        assert doc["config"]["extensions"] == ["events", "postcards"]


def test_same_seed_same_games_other_seed_other_games(passport, tmp_path):
    runs = {}
    for name, seed in (("a", 9), ("b", 9), ("c", 10)):
        result = selfplay(passport, tmp_path / name, "--games", "2", "--seed", seed)
        assert result.exit_code == 0, result.output
        runs[name] = [p.read_bytes() for p in sorted((tmp_path / name).iterdir())]
    assert runs["a"] == runs["b"]
    assert all(x != y for x, y in zip(runs["a"], runs["c"]))


@pytest.mark.parametrize("args,option", [
    (["--players", "7"], "--players"),
    (["--players", "1"], "--players"),
    (["--extensions", "bogus"], "--extensions"),
    (["--extensions", "events,bogus"], "--extensions"),
    (["--round-cap", "0"], "--round-cap"),
    (["--games", "0"], "--games"),
    (["--format", "xml"], "--format"),
])
def test_bad_option_is_a_one_line_usage_error(passport, tmp_path, args, option):
    out = tmp_path / "games"
    result = passport("selfplay", "--out", out, *args)
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and option in errors[0]
    assert "Traceback" not in result.output
    assert not out.exists()


def test_out_must_not_be_a_file(passport, tmp_path):
    a_file = tmp_path / "taken"
    a_file.write_text("")
    result = passport("selfplay", "--out", a_file)
    assert result.exit_code == 2
    assert "is a file" in result.output


def test_selfplay_seats_an_outside_program(passport, tmp_path):
    import sys
    from pathlib import Path

    from engine.record import read_record, replay
    example = Path(__file__).parents[2] / "examples" / "random_agent.py"
    out = tmp_path / "agents"
    result = passport("selfplay", "--bots", f"cmd:{sys.executable} {example},greedy",
                      "--games", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    for path in sorted(out.iterdir()):
        doc = read_record(path)
        assert doc["seats"][0]["player"] == f"bot:cmd:{sys.executable} {example}"
        assert replay(doc).over
