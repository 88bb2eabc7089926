"""`passport tournament --pool`, typed as a person would: more bots than
seats, one crosstable, one results file that survives a kill, a folder
per table, and one-line refusals."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


POOL = ["--pool", "random,greedy,planner", "--players", "2", "--games", "1", "--seed", "3",
        "--round-cap", "30"]
EXAMPLE = Path(__file__).parents[2] / "examples" / "random_agent.py"


def one_error_line(result, *words):
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "Traceback" not in result.output, result.output
    assert all(word in errors[0] for word in words), errors[0]


def test_a_pool_for_people(passport):
    result = passport("tournament", *POOL)
    assert result.exit_code == 0, result.output
    assert " ".join(result.stdout.split()).startswith(
        "Pool (round robin): random, greedy, planner; 3 tables × 1 deal × 2 seatings = 6 games "
        "2 players, extensions: all, seed 3, round cap 30")
    lines = result.stdout.splitlines()
    assert lines[3].split()[:2] == ["Bot", "Games"]
    rows = {line.split()[0]: line.split() for line in lines[4:7]}
    assert set(rows) == {"random", "greedy", "planner"}
    assert {row[1] for row in rows.values()} == {"4"}  # two tables of two seatings each
    start = next(i for i, line in enumerate(lines) if line.startswith("Head to head"))
    header, *table = [line.split() for line in lines[start + 2:start + 6]]
    assert header == ["random", "greedy", "planner"]
    # a row's own column is a dot; the others hold a score and a likelihood
    assert [row[0] for row in table] == header
    assert [row.index("·") for row in table] == [1, 3, 5] and all("%" in row[2] for row in table)
    assert any(line.startswith("Endings: ") for line in lines)
    assert all(len(line) <= 80 for line in lines)


def test_a_gauntlet_seats_the_first_bot_at_every_table(passport):
    result = passport("tournament", "--pool", "planner,greedy,random,easy", "--players", "3",
                      "--gauntlet", "--games", "1", "--round-cap", "10", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["settings"]["pairing"] == "gauntlet"
    shown = passport("tournament", "--pool", "planner,greedy,random,easy", "--players", "3",
                     "--gauntlet", "--games", "1", "--round-cap", "10")
    assert " ".join(shown.stdout.split()).startswith(
        "Pool (gauntlet of planner): planner, greedy, random, easy; 3 tables × 1 deal × "
        "3 seatings = 9 games")
    assert data["settings"]["tables"] == [["planner", "greedy", "random"],
                                          ["planner", "greedy", "easy"],
                                          ["planner", "random", "easy"]]
    assert data["games_played"] == data["settings"]["games"] == 9
    assert data["bots"]["planner"]["games"] == 9 and data["bots"]["easy"]["games"] == 6


def test_the_crosstable_is_that_of_the_games_in_the_file(passport, tmp_path):
    out = tmp_path / "pool.json"
    result = passport("tournament", *POOL, "--out", out, "--json")
    assert result.exit_code == 0, result.output
    summary, saved = json.loads(result.stdout), json.loads(out.read_text())
    assert saved["results"] == summary and set(saved) == {"format", "version", "settings",
                                                           "command", "results", "games"}
    assert [g["table"] for g in saved["games"]] == [1, 1, 2, 2, 3, 3]
    for a, row in summary["pairwise"].items():
        for b, met in row.items():
            games = [g for g in saved["games"] if {a, b} == set(g["seats"])]
            won = [g for g in games if g["winner"] is not None
                   and g["seats"][g["winner"]] == a]
            drawn = [g for g in games if g["winner"] is None]
            assert (met["games"], met["wins"]) == (len(games), len(won)) == (2, len(won))
            assert met["score"] == (len(won) + len(drawn) / 2) / 2


@pytest.mark.slow
def test_a_pool_killed_mid_run_resumes_to_the_results_of_a_run_never_stopped(passport,
                                                                             tmp_path):
    """SIGKILL, not Ctrl-C: no chance to save on the way out; the file
    still holds whole games, and the same command plays only the rest.
    (Saved at most once a second: 360 quick games take a few seconds.)"""
    out = tmp_path / "killed.json"
    args = ["tournament", "--pool", "planner,greedy,random", "--players", "2",
            "--games", "60", "--seed", "5", "--out", str(out)]
    run = subprocess.Popen([sys.executable, "-m", "passport_cli", *args],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           cwd=Path(__file__).parents[2])
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and run.poll() is None:
            if out.exists() and json.loads(out.read_text())["games"]:
                break
            time.sleep(0.02)
        os.kill(run.pid, signal.SIGKILL)
    finally:
        run.wait()
    kept = len(json.loads(out.read_text())["games"])
    assert 0 < kept < 360, "the run was not killed mid-way"
    resumed = passport(*args, "--json")
    assert resumed.exit_code == 0, resumed.output
    whole = passport(*args[:-2], "--out", tmp_path / "whole.json", "--json")
    assert json.loads(resumed.stdout) == json.loads(whole.stdout)
    assert json.loads(resumed.stdout)["games_played"] == 360
    assert json.loads(out.read_text())["games"] == json.loads(
        (tmp_path / "whole.json").read_text())["games"]


def test_an_outside_program_in_a_pool_logs_per_table(passport, tmp_path):
    agent = f"cmd:{sys.executable} {EXAMPLE}"
    records, logs = tmp_path / "records", tmp_path / "logs"
    result = passport("tournament", "--pool", f"{agent},greedy,random", "--players", "2",
                      "--games", "1", "--seed", "2", "--round-cap", "30", "--agent-time", "5",
                      "--clock", "5+0.1", "--records", records, "--logs", logs,
                      "--out", tmp_path / "pool.json")
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert f"Time of {agent}: " in said and "in 4 games" in said
    assert sorted(p.name for p in records.iterdir()) == ["table-01", "table-02", "table-03"]
    assert sum(1 for _ in records.rglob("*.json")) == 6
    # the program sits at the first two tables only, a log of each of its games
    assert sorted(p.relative_to(logs).as_posix() for p in logs.rglob("*.transcript.txt")) == [
        f"table-0{t}/deal-0001-rotation-{r}-seat-{(r) % 2}.transcript.txt"
        for t in (1, 2) for r in (0, 1)]
    saved = json.loads((tmp_path / "pool.json").read_text())
    assert saved["settings"]["clock"] == "5+0.1" and saved["settings"]["agent_time"] == 5.0


@pytest.mark.parametrize("args, words", [
    (["--pool", "greedy,random,greedy", "--players", "2"], ["--pool", "greedy is named 2 times"]),
    (["--pool", "greedy,random", "--players", "3"],
     ["--pool", "tables of 3 need a pool of at least 3"]),
    (["--pool", "greedy,random,planner", "--players", "2", "--sprt", "0.5,0.6"],
     ["--sprt tests one bot against another at one table"]),
    (["--pool", "greedy,random,planner", "--bots", "greedy,random", "--players", "2"],
     ["give --bots", "or --pool", "not both"]),
    (["--pool", "greedy,random,planner"], ["--players", "--pool needs --players"]),
    (["--bots", "greedy,random", "--gauntlet"], ["--gauntlet", "give --pool"]),
])
def test_a_pool_that_makes_no_run_is_refused_in_one_line(passport, tmp_path, args, words):
    out = tmp_path / "results.json"
    one_error_line(passport("tournament", *args, "--games", "1", "--out", out), *words)
    assert not out.exists()


def test_a_damaged_pool_file_is_refused_untouched(passport, tmp_path):
    out = tmp_path / "pool.json"
    assert passport("tournament", *POOL, "--out", out).exit_code == 0
    document = json.loads(out.read_text())
    document["games"][2]["table"] = 9
    out.write_text(json.dumps(document))
    before = out.read_bytes()
    one_error_line(passport("tournament", *POOL, "--out", out), str(out),
                   "game entry 3 is not a game of this tournament (deal 1, rotation 0, table 9)")
    assert out.read_bytes() == before
    ordinary = passport("tournament", "--bots", "random,greedy", "--games", "1", "--seed", "3",
                        "--round-cap", "30", "--out", out)
    one_error_line(ordinary, "holds a pool: resume it with --pool")


@pytest.mark.slow
def test_two_workers_play_a_pool_as_one_does(passport, tmp_path):
    one = passport("tournament", *POOL, "--json")
    two = passport("tournament", *POOL, "--workers", "2", "--json")
    assert two.exit_code == 0, two.output
    assert json.loads(two.stdout) == json.loads(one.stdout)


def test_a_pools_results_file_makes_a_report_but_no_paired_test(passport, tmp_path):
    """`passport report` reads a pool's file (its games checked against its
    tables); a paired test, which compares two runs against one field, refuses it."""
    from arena.tournament import ResultsFileError, results_file_document, results_file_games
    out = tmp_path / "pool.json"
    assert passport("tournament", *POOL, "--out", out).exit_code == 0
    report = passport("report", out, "--out", tmp_path / "pool.html")
    assert report.exit_code == 0, report.output
    page = (tmp_path / "pool.html").read_text()
    assert "<h2>Head to head</h2>" in page and "round-robin" in page
    assert len(results_file_document(out)["games"]) == 6
    with pytest.raises(ResultsFileError, match="a pool's results file"):
        results_file_games(out)
    document = json.loads(out.read_text())
    document["games"][0]["seats"] = ["random", "random"]  # no table seats a bot twice
    out.write_text(json.dumps(document))
    with pytest.raises(ResultsFileError, match="game entry 1 is not a game of its tournament"):
        results_file_document(out)
