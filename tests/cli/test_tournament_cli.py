"""`passport tournament`, typed as a person would: the table, --json, the
results file (resume, refusals) and one-line errors for bad options."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

# Fast bots, few deals, a short round cap: a run takes a fraction of a second.
QUICK = ["--bots", "greedy,random", "--games", "2", "--round-cap", "20", "--seed", "3"]
BOT_FIELDS = {"seats", "games", "wins", "draws", "win_rate", "ci_low", "ci_high",
              "score", "score_low", "score_high",
              "mean_rank", "rating"}


def test_table_for_people(passport):
    result = passport("tournament", *QUICK)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Tournament: greedy, random; 2 deals × 2 seatings = 4 games"
    assert "2 players, extensions: all, seed 3, round cap 20" in lines[1]
    header = lines[2].split()
    assert header == ["Bot", "Games", "Wins", "Draws", "Win", "rate", "95%", "CI", "Score",
                      "95%", "CI", "Rank", "Rating"]
    rows = {line.split()[0]: line.split() for line in lines[3:5]}
    assert set(rows) == {"greedy", "random"}
    assert rows["greedy"][1] == "4"  # games: one seat in each of the 4 games
    assert any(line.startswith("Endings: ") for line in lines)
    assert all(len(line) <= 80 for line in lines)


def test_a_narrow_terminal_gets_the_figures_in_lines_not_cut_cells():
    from click.testing import CliRunner

    from passport_cli.main import cli
    result = CliRunner().invoke(cli, ["tournament", *map(str, QUICK)],
                                env={"NO_COLOR": "1", "COLUMNS": "50"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "…" not in out and all(len(line) <= 50 for line in out.splitlines())
    said = " ".join(out.split())
    assert "greedy: 4 games," in said and "random: 4 games," in said
    assert "Bot Games Wins" not in said


def test_three_bots_are_also_shown_head_to_head(passport):
    result = passport("tournament", "--bots", "planner,greedy,random", "--games", "3",
                      "--seed", "3", "--round-cap", "30")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Head to head"))
    rows = {line.split()[0]: line for line in lines[start:start + 8]
            if line.split() and line.split()[0] in ("planner", "greedy", "random")}
    assert set(rows) == {"planner", "greedy", "random"}
    # a row's own column is a dot; the others hold a score and a likelihood
    assert rows["greedy"].split().count("·") == 1 and "%" in rows["greedy"]
    assert all(len(line) <= 80 for line in lines)


def test_piped_a_run_tells_its_progress_on_stderr(passport):
    # not a terminal: no progress bar, a line per 5% of the games instead
    result = passport("tournament", *QUICK)
    lines = result.stderr.splitlines()
    assert [line.split(" games")[0] for line in lines] == ["1/4", "2/4", "3/4", "4/4"]
    assert lines[-1].startswith("4/4 games played, 0m")
    assert "win rates so far: greedy " in lines[-1]
    assert "games played" not in result.stdout


def test_repeated_names_are_pooled(passport):
    result = passport("tournament", "--bots", "easy,greedy,greedy", "--games", "1",
                      "--round-cap", "10", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data["bots"]) != [] and set(data["bots"]) == {"easy", "greedy"}
    assert data["bots"]["greedy"]["seats"] == 2 and data["bots"]["greedy"]["games"] == 6
    assert data["bots"]["easy"]["seats"] == 1 and data["bots"]["easy"]["games"] == 3


def test_json_has_settings_and_every_figure(passport):
    result = passport("tournament", *QUICK, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # nothing but the JSON on stdout
    assert set(data) == {"settings", "games_played", "complete", "draws", "endings", "bots",
                         "elo"}
    assert data["settings"] == {"players": 2, "bots": ["greedy", "random"], "deals": 2,
                                "games": 4, "seed": 3,
                                "extensions": ["events", "specials", "forbidden",
                                               "postcards", "characters"],
                                "round_cap": 20, "think": None,
                                "iterations": {"greedy": None, "random": None},
                                "search": {"greedy": None, "random": None}}
    assert data["games_played"] == 4 and data["complete"] is True
    for row in data["bots"].values():
        assert set(row) == BOT_FIELDS
        assert set(row["rating"]) == {"mu", "sigma", "ordinal"}
        assert 0 <= row["ci_low"] <= row["win_rate"] <= row["ci_high"] <= 1
    wins = sum(row["wins"] for row in data["bots"].values())
    assert wins + data["draws"] == 4
    elo = data["elo"]  # greedy's over random, from the 2 deal pairs (arena/elo.py)
    assert set(elo) == {"bot", "opponent", "pairs", "pentanomial", "score", "pair_variance",
                        "score_low", "score_high", "elo", "elo_low", "elo_high", "los"}
    assert (elo["bot"], elo["opponent"], elo["pairs"]) == ("greedy", "random", 2)
    assert sum(elo["pentanomial"]) == 2 and elo["score"] == data["bots"]["greedy"]["score"]


def test_a_duel_says_its_elo_difference_in_a_line(passport):
    result = passport("tournament", "--bots", "planner,greedy", "--games", "6", "--seed", "1",
                      "--round-cap", "60")
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    data = json.loads(passport("tournament", "--bots", "planner,greedy", "--games", "6",
                               "--seed", "1", "--round-cap", "60", "--json").stdout)["elo"]
    assert data["elo_low"] is not None and data["elo_high"] is not None  # a finite interval here
    line = (f"Elo difference, planner over greedy: {data['elo']:+.1f} (95%: "
            f"{data['elo_low']:+.1f} to {data['elo_high']:+.1f}), likelihood of superiority "
            f"{data['los']:.1%}, from 6 deal pairs.")
    assert line in said
    assert all(len(line) <= 80 for line in result.stdout.splitlines())
    three = passport("tournament", "--bots", "planner,greedy,random", "--games", "1",
                     "--seed", "1", "--round-cap", "30")
    assert "Elo difference" not in three.stdout


@pytest.mark.parametrize("counts, said", [
    ([0, 0, 0, 0, 20], "+∞ (95%: above +277.4), likelihood of superiority >99.9%, from 20"),
    ([20, 0, 0, 0, 0], "-∞ (95%: below -277.4), likelihood of superiority <0.1%, from 20"),
    ([0, 0, 0, 1, 4], "(95%: above +318.8)"),
    ([1, 0, 0, 0, 1], "+0.0 (95%: anywhere), likelihood of superiority 50.0%, from 2 deal"),
    ([0, 0, 0, 0, 0], "greedy over random: — (no deal pair complete yet)."),
])
def test_an_infinite_or_missing_elo_is_said_so(counts, said):
    from arena.elo import duel_elo
    from passport_cli.runs.tournament import elo_text
    text = elo_text({"bot": "greedy", "opponent": "random", **duel_elo(counts).to_json()})
    assert said in text


def test_out_file_resumes_and_the_same_seed_gives_the_same_results(passport, tmp_path):
    out = tmp_path / "results.json"
    first = passport("tournament", *QUICK[:2], "--games", "1", *QUICK[4:], "--out", out)
    assert first.exit_code == 0, first.output
    assert f"Results: {out}" in first.output
    assert len(json.loads(out.read_text())["games"]) == 2
    # Asking for more deals with the same file plays only the missing games.
    more = passport("tournament", *QUICK, "--out", out)
    assert more.exit_code == 0, more.output
    assert "(2 were already there)" in more.output
    saved = json.loads(out.read_text())
    assert [g["game"] for g in saved["games"]] == [1, 2, 3, 4]
    fresh = passport("tournament", *QUICK, "--json")
    assert saved["results"] == json.loads(fresh.stdout)


def test_records_directory(passport, tmp_path):
    result = passport("tournament", *QUICK, "--records", tmp_path / "games")
    assert result.exit_code == 0, result.output
    assert len(list((tmp_path / "games").glob("deal-*-rotation-*.json"))) == 4
    assert "Records: " in result.output


def one_error_line(result, *words):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    for word in words:
        assert word in errors[0]
    return errors[0]


@pytest.mark.parametrize("args,option", [
    (["--bots", "greedy,grandmaster"], "--bots"),
    (["--bots", "greedy"], "--bots"),
    (["--bots", "greedy,,random"], "--bots"),
    (["--bots", "greedy,random", "--players", "3"], "--bots"),
    (["--bots", "greedy,random", "--players", "7"], "--players"),
    (["--bots", "greedy,random", "--games", "0"], "--games"),
    (["--bots", "greedy,random", "--workers", "0"], "--workers"),
    (["--bots", "greedy,random", "--extensions", "bogus"], "--extensions"),
    (["--bots", "greedy,random", "--round-cap", "0"], "--round-cap"),
    (["--bots", "greedy,random", "--think", "0"], "--think"),
    ([], "--bots"),
])
def test_bad_option_is_a_one_line_usage_error(passport, tmp_path, args, option):
    out = tmp_path / "results.json"
    result = passport("tournament", *args, "--out", out)
    one_error_line(result, option)
    assert not out.exists()


def test_corrupt_out_file_is_refused_untouched(passport, tmp_path):
    out = tmp_path / "results.json"
    out.write_text('{"format": "passport-tournament", "games": [')
    result = passport("tournament", *QUICK, "--out", out)
    one_error_line(result, str(out), "not a tournament results file")
    assert out.read_text() == '{"format": "passport-tournament", "games": ['


def test_out_file_of_other_settings_is_refused_untouched(passport, tmp_path):
    out = tmp_path / "results.json"
    assert passport("tournament", *QUICK, "--out", out).exit_code == 0
    before = out.read_bytes()
    result = passport("tournament", *QUICK, "--seed", "4", "--out", out)
    one_error_line(result, str(out), "other settings", "seed 3 in the file, 4 asked")
    assert out.read_bytes() == before


def test_selfplay_with_bots(passport, tmp_path):
    from engine.record import check_record, read_record
    result = passport("selfplay", "--out", tmp_path, "--bots", "greedy,random,random",
                      "--round-cap", "12")
    assert result.exit_code == 0, result.output
    assert "3 players (greedy, random ×2)" in result.output
    doc = read_record(tmp_path / "game-0001.json")
    check_record(doc)
    assert [s["player"] for s in doc["seats"]] == ["bot:greedy", "bot:random", "bot:random"]
    assert doc["selfplay"]["bots"] == ["greedy", "random", "random"]
    mismatch = passport("selfplay", "--out", tmp_path / "x", "--bots", "greedy,random",
                        "--players", "3")
    one_error_line(mismatch, "--bots")


def test_selfplay_without_a_seed_deals_from_a_secret_one(passport, tmp_path):
    def run(folder: str, *seed) -> dict:
        result = passport("selfplay", "--out", tmp_path / folder, "--bots", "greedy,random",
                          "--round-cap", "5", *seed)
        assert result.exit_code == 0, result.output
        return json.loads((tmp_path / folder / "game-0001.json").read_text())
    first, second = run("a"), run("b")
    assert first["setup"] != second["setup"]
    assert first["selfplay"]["run_seed"] != second["selfplay"]["run_seed"]
    assert run("c", "--seed", "4")["setup"] == run("d", "--seed", "4")["setup"]


def test_an_sprt_run_says_its_verdict(passport):
    args = ("tournament", "--bots", "greedy,random", "--extensions", "none", "--seed", "4",
            "--sprt", "0.5,0.7")
    result = passport(*args)
    assert result.exit_code == 0, result.output
    assert "at most 2000 deals" in result.output
    assert "SPRT of greedy against random" in result.output and "H1 accepted after" in result.output
    assert "Incomplete" not in result.output
    data = json.loads(passport(*args, "--json").stdout)
    assert data["sprt"]["verdict"] == "H1" and data["games_played"] == 2 * data["sprt"]["deals"]
    assert data["settings"]["sprt"] == {"s0": 0.5, "s1": 0.7, "alpha": 0.05, "beta": 0.05}


def test_an_sprt_in_elo_says_its_bounds_in_elo(passport):
    args = ("tournament", "--bots", "planner,greedy", "--extensions", "none", "--seed", "1",
            "--games", "300", "--sprt", "elo0=0,elo1=100")
    result = passport(*args)
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    # 100 Elo is the score 1/(1 + 10^-0.25) = 0.640065
    assert ("SPRT of planner against greedy: Elo +0.0 (H0) or +100.0 (H1), scores 0.5 and "
            "0.6401, α 0.05, β 0.05:") in said
    data = json.loads(passport(*args, "--json").stdout)
    assert data["settings"]["sprt"]["elo1"] == 100.0
    assert data["sprt"]["s1"] == pytest.approx(0.640065, abs=1e-6)
    assert f"after {data['sprt']['deals']} deals (LLR {data['sprt']['llr']:.2f}, bounds -2.94 and 2.94)" in said
    # bounds stated as scores are said in Elo too in a duel: 0.6 is +70.4
    scores = passport("tournament", "--bots", "greedy,random", "--extensions", "none",
                      "--seed", "4", "--sprt", "0.5,0.6")
    assert "score 0.5 (H0) or 0.6 (H1), Elo +0.0 and +70.4," in " ".join(scores.stdout.split())


@pytest.mark.parametrize("bounds, problem", [
    ("elo0=0", "elo0=E0,elo1=E1"), ("elo0=0,elo1=five", "elo0=E0,elo1=E1"),
    ("elo0=5,elo1=0", "below"), ("elo0=0,elo1=5,alpha=2", "alpha must be"),
])
def test_malformed_elo_bounds_are_a_one_line_usage_error(passport, bounds, problem):
    result = passport("tournament", "--bots", "greedy,random", "--sprt", bounds)
    assert result.exit_code == 2 and "--sprt" in result.output and problem in result.output
    assert "Traceback" not in result.output


def test_elo_bounds_need_a_duel(passport):
    result = passport("tournament", "--bots", "greedy,random,random", "--sprt", "elo0=0,elo1=5")
    assert result.exit_code == 2 and "for duels" in result.output


def test_an_sprt_needs_bounds_and_two_bots(passport):
    result = passport("tournament", "--bots", "greedy,random", "--sprt", "0.7,0.5")
    assert result.exit_code == 2 and "--sprt" in result.output and "below" in result.output
    result = passport("tournament", "--bots", "greedy,random,easy", "--sprt", "0.3,0.4")
    assert result.exit_code == 2 and "two bots" in result.output


# ---- outside programs (arena/agents.py) ----------------------------------------------

def agent_script(tmp_path, name, body):
    path = tmp_path / name
    path.write_text("import json, sys\n"
                    "for line in sys.stdin:\n"
                    "    m = json.loads(line)\n"
                    "    if m['type'] == 'hello':\n"
                    "        print(json.dumps({'type': 'hello', 'name': 'x', 'version': 1}), flush=True)\n"
                    + body, encoding="utf-8")
    return path


def test_an_outside_program_plays_a_tournament(passport, tmp_path):
    import sys
    from pathlib import Path
    example = Path(__file__).parents[2] / "examples" / "random_agent.py"
    out = tmp_path / "agents.json"
    bots = f"cmd:{sys.executable} {example},greedy"
    result = passport("tournament", "--bots", bots, "--games", "2", "--seed", "5",
                      "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games_played"] == 4 and "forfeit" not in data["endings"]
    assert data["settings"]["agent_time"] == 10.0
    assert set(data["bots"]) == {f"cmd:{sys.executable} {example}", "greedy"}
    again = passport("tournament", "--bots", bots, "--games", "2", "--seed", "5",
                     "--out", str(out), "--json")
    assert again.exit_code == 0 and json.loads(again.stdout) == data  # resumed: nothing to play


def test_a_program_that_breaks_the_protocol_forfeits_and_the_run_goes_on(passport, tmp_path):
    import sys
    crash = agent_script(tmp_path, "crash.py", "    if m['type'] == 'decide':\n        sys.exit(2)\n")
    out = tmp_path / "crash.json"
    result = passport("tournament", "--bots", f"cmd:{sys.executable} {crash},greedy",
                      "--games", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "4 forfeited by an outside program" in " ".join(result.stdout.split())
    assert "forfeited 4 games: it lost them" in " ".join(result.stdout.split())
    saved = json.loads(out.read_text())
    assert {g["forfeit"]["reason"] for g in saved["games"]} == {"crashed"}
    assert saved["results"]["bots"]["greedy"]["score"] == 1.0
    again = passport("tournament", "--bots", f"cmd:{sys.executable} {crash},greedy",
                     "--games", "2", "--out", str(out), "--json")
    assert again.exit_code == 0, again.output  # a file with forfeits resumes


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("line, detail", [
    ("'[' * 200_000", "more than 100,000 values"),
    ("'9' * 5_000", "more than 40 digits"),
])
def test_a_line_past_the_limits_is_a_forfeit_and_every_game_is_kept(passport, tmp_path, workers,
                                                                   line, detail):
    import sys
    bad = agent_script(tmp_path, "bad.py", "    if m['type'] == 'decide':\n"
                                           f"        print({line}, flush=True)\n")
    out = tmp_path / "bad.json"
    result = passport("tournament", "--bots", f"cmd:{sys.executable} {bad},greedy",
                      "--games", "2", "--workers", workers, "--out", str(out))
    assert result.exit_code == 0, result.output
    saved = json.loads(out.read_text())
    assert len(saved["games"]) == 4
    assert {(g["forfeit"]["reason"], detail in g["forfeit"]["detail"])
            for g in saved["games"]} == {("bad message", True)}


@pytest.mark.parametrize("bots, message", [
    ("cmd:,greedy", "names no program"),
    ("cmd:python 'open,greedy", "can't be read"),
])
def test_a_bad_outside_program_is_refused_in_one_line(passport, bots, message):
    result = passport("tournament", "--bots", bots, "--games", "1")
    assert result.exit_code == 2 and message in result.stderr


def test_address_needs_the_ray_backend(passport):
    result = passport("tournament", *QUICK, "--address", "127.0.0.1:6379")
    assert result.exit_code == 2 and "--address is the Ray cluster's" in result.stderr


def test_a_book_is_given_to_the_bots_that_play_one(passport, tmp_path):
    missing = passport("tournament", "--bots", "hard+book,hard", "--games", "1",
                       "--extensions", "events")
    assert missing.exit_code == 2
    assert "the package ships no book of hard for 2 players with these extensions" in missing.output
    both = passport("tournament", "--bots", "hard+book,expert+book", "--games", "1")
    assert both.exit_code == 2 and "in runs of their own" in both.output
    bad = tmp_path / "book.msgpack"
    bad.write_bytes(b"no")
    result = passport("tournament", "--bots", "hard+book,hard", "--games", "1", "--book", bad)
    assert result.exit_code == 2
    assert result.output.startswith("Error: Can't use the opening book: ")


def test_without_a_book_given_a_level_plays_the_one_the_package_ships(passport, tmp_path):
    from openings import read_book, shipped_path
    out = tmp_path / "run.json"
    result = passport("tournament", "--bots", "hard+book,greedy", "--games", "1", "--round-cap", "3",
                      "--extensions", "none", "--out", out)
    assert result.exit_code == 0, result.output
    recorded = json.loads(out.read_text())["settings"]["book"]
    assert recorded == read_book(shipped_path("hard", 2, 0)).identity()


# ---- hidden information against a program on the same machine (docs/agent-protocol.md)

REPO = Path(__file__).parents[2]
SPY = REPO / "tests" / "arena" / "spy_agent.py"
SYSTEM_PYTHON = "/usr/bin/python3"  # any user may run it; the venv's may be in a private home
PASSED = {"PATH", "HOME", "LANG", "LANGUAGE", "TZ", "NUMBA_CACHE_DIR", "PYTHONUNBUFFERED",
          "USER", "LOGNAME"}


@pytest.fixture
def open_folder():
    """A folder every user may enter and read: what keeps a run's secrets
    in it is the mode of the files the run writes, nothing else."""
    base = Path(tempfile.mkdtemp(prefix="passport-spy-"))
    base.chmod(0o755)
    yield base
    shutil.rmtree(base, ignore_errors=True)


def spy_tournament(base: Path, *options) -> tuple[list[dict], Path]:
    """`passport tournament` started as a person starts it (a process of its
    own), the spy agent (tests/arena/spy_agent.py) against greedy, 2 deals,
    with a results file and records in `base`; the spy's reports (one per
    game it played) and the run's folder."""
    spy = base / "spy_agent.py"
    shutil.copyfile(SPY, spy)
    spy.chmod(0o644)
    reports = base / "reports"
    reports.mkdir()
    reports.chmod(0o1777)
    run = base / "run"
    run.mkdir()
    run.chmod(0o755)
    python = SYSTEM_PYTHON if os.access(SYSTEM_PYTHON, os.X_OK) else sys.executable
    done = subprocess.run(
        [sys.executable, "-m", "passport_cli", "tournament",
         "--bots", f"cmd:{python} {spy} {reports},greedy", "--games", "2", "--round-cap", "30",
         "--out", str(run / "results.json"), "--records", str(run / "records"), "--json",
         *options],
        capture_output=True, text=True, timeout=600, cwd=REPO,
        env={**os.environ, "PASSPORT_SPY_MARKER": "the host's own secret"})
    assert done.returncode == 0, done.stderr
    found = [json.loads(path.read_text()) for path in sorted(reports.iterdir())]
    assert len(found) == 4  # one per game: 2 deals, 2 seatings
    return found, run


def hands_the_spy_can_name(reports: list[dict], run: Path) -> dict[str, list]:
    """For each record of the run whose deal follows from a number the spy
    found (the run's seed, or the deal's own seed), every hand of that deal,
    as the engine deals it from that number."""
    from arena.match import derive_seed
    from engine import Config, Game
    from engine.record import GameRecorder

    found = {n for report in reports for n in report["numbers"]}
    named = {}
    for path in sorted((run / "records").iterdir()):
        record = json.loads(path.read_text())
        deal, config = record["tournament"]["deal"], record["config"]
        dealt = found | {derive_seed("tournament", n, deal, "deal") for n in found}
        if config["seed"] in dealt:
            game = Game(Config(players=config["players"], extensions=31, seed=config["seed"],
                               round_cap=config["round_cap"]))
            named[path.name] = GameRecorder(game).document()["setup"]["hands"]
    return named


@pytest.mark.slow
def test_a_seed_on_the_command_line_tells_a_program_every_hand(open_folder):
    """The spy's teeth: run as the host's user with --seed given, it finds
    the seed on the host's command line and every hand follows from it."""
    reports, run = spy_tournament(open_folder, "--seed", "12345")
    assert any("12345" in line for report in reports for line in report["ancestor_command_lines"])
    named = hands_the_spy_can_name(reports, run)
    assert len(named) == 4
    for name, hands in named.items():
        assert hands == json.loads((run / "records" / name).read_text())["setup"]["hands"]


@pytest.mark.slow
def test_without_a_seed_no_command_line_or_environment_tells_one(open_folder):
    """As the host's own user (no root needed): the run's seed is on no
    command line of the host or the keeper, not in the program's
    environment (which is the short list, without the host's variables);
    the results file is its owner's alone and so are the records."""
    reports, run = spy_tournament(open_folder)
    results = json.loads((run / "results.json").read_text())
    seed = str(results["settings"]["seed"])
    for report in reports:
        assert len(report["ancestors"]) >= 2  # the keeper, the host
        assert not any(seed in line for line in report["ancestor_command_lines"])
        assert set(report["own_environment"]) <= PASSED
        assert "PASSPORT_SPY_MARKER" not in report["own_environment"]
        assert report["own_environment"]["PYTHONUNBUFFERED"] == "1"
        # The host's own user can read its files: that is why a program you
        # don't trust runs as another user (the test below).
        assert str(run / "results.json") in report["files_read"]
    assert (run / "results.json").stat().st_mode & 0o777 == 0o600
    assert (run / "records").stat().st_mode & 0o777 == 0o700


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: the documented way to seat a program "
                    "you don't trust runs it as another user (--agent-user), which only root "
                    "can start")
def test_a_program_run_as_documented_for_one_you_dont_trust_learns_no_hidden_card(open_folder):
    """As docs/agent-protocol.md says to run a program you don't trust: as
    another user (nobody), no --seed. The spy reads every command line and
    environment it can, its own environment, and every file named on a
    command line (the results file, the records) or in the host's saves:
    no number it found deals any game of the run, and it read no file of
    the run and no environment but its own."""
    reports, run = spy_tournament(open_folder, "--agent-user", "nobody")
    assert {report["uid"] for report in reports} == {65534}
    assert hands_the_spy_can_name(reports, run) == {}
    for report in reports:
        assert not [path for path in report["files_read"] if path.startswith(str(run))]
        assert not any(report["ancestor_environments_read"])
        assert set(report["own_environment"]) <= PASSED
        assert report["own_environment"]["USER"] == "nobody"
        assert str(run / "results.json") in report["refused"]
        assert str(run / "records") in report["refused"]


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: only root starts a program as "
                    "another user (--agent-user)")
def test_records_others_may_read_are_refused_for_programs_run_as_another_user(passport,
                                                                              open_folder):
    records = open_folder / "records"
    records.mkdir(mode=0o755)
    result = passport("tournament", "--bots", f"cmd:{SYSTEM_PYTHON} {SPY} {open_folder},greedy",
                      "--games", "1", "--agent-user", "nobody", "--records", str(records))
    assert result.exit_code == 2
    assert "other users may read it" in " ".join(result.stderr.split())
    assert list(records.iterdir()) == []


def test_deals_differ_between_runs_without_a_seed_and_repeat_with_one(passport, tmp_path):
    def setups(*seed) -> list:
        records = tmp_path / f"records-{len(list(tmp_path.iterdir()))}"
        result = passport("tournament", "--bots", "greedy,random", "--games", "2",
                          "--round-cap", "10", "--records", str(records), "--json", *seed)
        assert result.exit_code == 0, result.output
        return [json.loads(path.read_text())["setup"] for path in sorted(records.iterdir())]
    assert setups() != setups()
    assert setups("--seed", "8") == setups("--seed", "8")


def test_a_run_without_a_seed_resumes_with_the_secret_one_in_its_file(passport, tmp_path):
    out = tmp_path / "secret.json"
    first = passport("tournament", "--bots", "greedy,random", "--games", "1", "--round-cap", "10",
                     "--out", str(out), "--json")
    assert first.exit_code == 0, first.output
    seed = json.loads(out.read_text())["settings"]["seed"]
    assert out.stat().st_mode & 0o777 == 0o600
    again = passport("tournament", "--bots", "greedy,random", "--games", "2", "--round-cap", "10",
                     "--out", str(out), "--json")
    assert again.exit_code == 0, again.output
    data = json.loads(again.stdout)
    assert data["settings"]["seed"] == seed and data["games_played"] == 4


def test_agent_user_needs_root_or_says_so_in_one_line(passport):
    result = passport("tournament", "--bots", "greedy,random", "--games", "1",
                      "--agent-user", "no-such-user-here")
    assert result.exit_code == 2 and "no user named 'no-such-user-here'" in result.stderr
    if os.geteuid() != 0:
        result = passport("tournament", "--bots", "greedy,random", "--games", "1",
                          "--agent-user", "nobody")
        assert result.exit_code == 2 and "only root can start a program as another user" in (
            " ".join(result.stderr.split()))
