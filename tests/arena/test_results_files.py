"""The results files behind docs/strength.md (docs/results/*.json).

Each row of strength.md's tables names the results file its games are in.
These tests check that every such file is a results file of today's bots:
it loads with the settings it records, and `load_results` refuses a file
whose bots searched with other settings (budgets or knowledge) than the
levels have now (bots/difficulty.py), so a change to a level that would
leave a documented row describing other bots fails here until the row is
measured again (or its file is moved out). The summary stored in a file
must also be what its games give, and the files in docs/results/ and
docs/calibration/ are those strength.md names."""

import json
import re
from pathlib import Path

import pytest

from arena.sprt import Sprt
from arena.tournament import TournamentSettings, load_results, results_summary
from engine.game import parse_extensions
from tests.arena.test_calibration import MEASURED

DOCS = Path(__file__).parents[2] / "docs"
RESULTS = sorted((DOCS / "results").glob("*.json"))


def settings_of(document: dict) -> TournamentSettings:
    """The settings a file records, its SPRT (if the run was one) included;
    a run of LEVEL+book, with the book the package ships for its level and
    table (a book built again leaves the file describing another)."""
    s = document["settings"]
    test = None if "sprt" not in s else Sprt.from_json(s["sprt"])
    extensions = parse_extensions(s["extensions"])
    book = None
    if "book" in s:
        from openings import read_book, shipped_path
        book = read_book(shipped_path(s["book"]["built_with"]["level"], s["players"], extensions))
    return TournamentSettings(bots=tuple(s["bots"]), deals=s["deals"], seed=s["seed"],
                              extensions=extensions, round_cap=s["round_cap"], think=s["think"],
                              sprt=test, book=book)


def test_there_are_results_files():
    assert RESULTS, "docs/results/ holds no results file"


def named_files(text: str) -> dict[str, re.Pattern]:
    """The .json files a text names, each with its pattern: `sN` in a name
    stands for any seed (`expert-4p-sN.json`)."""
    return {name: re.compile(re.escape(name).replace("sN", r"s\d+"))
            for name in re.findall(r"[\w+-]+\.json", text)}


def test_the_files_are_those_the_figures_name():
    """Every results file a row of docs/strength.md names is here (so the
    tests here read it), and every file here backs a figure there."""
    text = (DOCS / "strength.md").read_text(encoding="utf-8")
    here = [path.name for path in RESULTS + MEASURED]
    rows = named_files("\n".join(line for line in text.splitlines() if line.startswith("|")))
    assert rows, "no row of docs/strength.md names a results file"
    assert [cited for cited, row in rows.items() if not any(row.fullmatch(name) for name in here)] == []
    named = named_files(text).values()
    assert [name for name in here if not any(p.fullmatch(name) for p in named)] == []


@pytest.mark.parametrize("path", RESULTS, ids=lambda p: p.name)
def test_a_results_file_holds_games_of_todays_bots(path):
    document = json.loads(path.read_text(encoding="utf-8"))
    settings = settings_of(document)
    games = load_results(path, settings)  # raises on other budgets or a bad entry
    assert len(games) == len(document["games"]) > 0
    assert document["results"] == json.loads(json.dumps(results_summary(settings, games.values())))


def test_a_file_of_an_older_rule_based_bot_is_refused(monkeypatch):
    from arena.tournament import ResultsFileError
    from bots.baselines import PlannerBot
    path = next(p for p in RESULTS if p.name.startswith("planner-greedy"))
    settings = settings_of(json.loads(path.read_text(encoding="utf-8")))
    assert load_results(path, settings)  # today's planner: the file holds its games
    asked = PlannerBot.VERSION + 1
    monkeypatch.setattr(PlannerBot, "VERSION", asked)  # as after a change to how it plays
    with pytest.raises(ResultsFileError, match=rf"search settings of planner: .*in the file, (version )?{asked} asked"):
        load_results(path, settings)
