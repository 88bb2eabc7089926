"""`passport report` and `passport tournament --report`: a results file as
one HTML page, read back with the standard library's parser as a browser
would: well formed, every part there, nothing that reaches a network, and
every text from the file escaped."""

import json
import re
from collections import Counter
from html.parser import HTMLParser

import pytest

from passport_cli.runs.report import report_page
from tests.arena.throwaway import agent

# Cheap bots, one deal, a short round cap: a run takes a second or two.
THREE = ["--bots", "random,greedy,planner", "--games", "1", "--round-cap", "30", "--seed", "3"]
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Page(HTMLParser):
    """A page read as a browser reads it: the tags, which ones are left
    open or closed out of order, the rows of its tables, its text, and
    the values of its attributes."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.open, self.misnested, self.tags = [], [], Counter()
        self.rows, self.row, self.cell, self.text, self.attributes = [], None, None, [], []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags[tag] += 1
        self.attributes.extend(attrs)
        if tag not in VOID:
            self.open.append(tag)
        if tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []

    def handle_startendtag(self, tag, attrs):
        self.tags[tag] += 1
        self.attributes.extend(attrs)

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.misnested.append((tag, list(self.open)))
            return
        self.open.pop()
        if tag in ("td", "th") and self.row is not None:
            self.row.append(" ".join(" ".join(self.cell).split()))
            self.cell = None
        elif tag == "tr":
            self.rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        self.text.append(data)
        if self.cell is not None:
            self.cell.append(data)

    @property
    def words(self) -> str:
        return " ".join(" ".join(self.text).split())

    def row_of(self, first: str) -> list[str]:
        return next(row for row in self.rows if row and row[0] == first)


def well_formed(text: str) -> Page:
    """The page read, checked to be whole and to reach nothing outside."""
    page = Page(text)
    assert page.misnested == [] and page.open == []
    assert text.startswith("<!DOCTYPE html>") and page.tags["html"] == 1
    lowered = text.lower()
    assert "<script" not in lowered and "http://" not in lowered and "https://" not in lowered
    assert "url(" not in lowered and "@import" not in lowered
    names = {name for name, _ in page.attributes}
    assert not names & {"src", "href", "srcset", "action", "data"}
    return page


def test_a_three_bot_run_makes_a_page_with_every_part(passport, tmp_path):
    results, page_file = tmp_path / "run.json", tmp_path / "run-report.html"
    result = passport("tournament", *THREE, "--out", results, "--report", page_file)
    assert result.exit_code == 0, result.output
    assert f"Report: {page_file}" in result.stdout
    document = json.loads(results.read_text())
    assert document["command"][:2] == ["passport", "tournament"]
    assert document["command"][2:] == [*THREE, "--out", str(results), "--report", str(page_file)]
    page = well_formed(page_file.read_text())
    words = page.words
    assert "Tournament: random, greedy, planner" in words
    assert "passport tournament --bots random,greedy,planner --games 1" in words
    summary = document["results"]
    standings = {row[0]: row for row in page.rows if len(row) == 10}
    for name, row in summary["bots"].items():
        cells = standings[name]
        assert cells[1:4] == [str(row["games"]), str(row["wins"]), str(row["draws"])]
        assert cells[4] == f"{row['win_rate']:.1%}" and cells[6] == f"{row['score']:.1%}"
        assert cells[-1] == f"{row['rating']['mu']:.1f} ± {row['rating']['sigma']:.1f}"
    # the crosstable: one row per bot, its own column a dot, the others a score and its LOS
    assert page.row_of("Row against column") == ["Row against column", "random", "greedy",
                                                 "planner"]
    crosstable = {row[0]: row for row in page.rows if len(row) == 4}
    meeting = summary["pairwise"]["planner"]["random"]
    assert crosstable["planner"][1].startswith(f"{meeting['score']:.1%} LOS ")
    assert crosstable["random"][1] == "·" and words.count("LOS ") == 6
    for reason, count in summary["endings"].items():
        words_of = {"center": "at the center", "postcards": "by postcards",
                    "round_cap": "at the round cap (no winner)"}[reason]
        assert page.row_of(words_of) == [words_of, str(count)]
    # charts: score, win rate, endings, and a histogram whose bars hold every game
    assert page.tags["svg"] == 4 and "Games by their number of rounds" in words
    bars = re.findall(r"\d+(?:–\d+)? rounds: (a game|\d+ games)", words)
    assert sum(1 if n == "a game" else int(n.split()[0]) for n in bars) == 3
    assert "Seed 3" in words  # named on the command line, so not a secret
    # `passport report` of the file: the same page, beside it by default
    again = passport("report", results)
    assert again.exit_code == 0, again.output
    html = (tmp_path / "run.html").read_text()
    assert html.replace(" from run.json.", ".") == page_file.read_text()


def test_an_old_file_without_its_command_still_loads_and_reports(passport, tmp_path):
    results = tmp_path / "old.json"
    unseeded = [word for word in THREE if word not in ("--seed", "3")]
    assert passport("tournament", *unseeded, "--out", results).exit_code == 0
    document = json.loads(results.read_text())
    seed = document["settings"]["seed"]
    del document["command"]
    results.write_text(json.dumps(document))
    out = tmp_path / "page.html"
    assert passport("report", results, "--out", out).exit_code == 0
    words = well_formed(out.read_text()).words
    assert "The command: not recorded" in words
    assert str(seed) not in words and "Seed kept in the results file" in words
    # a run resumes it as before (more deals), and stores its command line then
    resumed = passport("tournament", *unseeded, "--out", results, "--games", "2", "--json")
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(results.read_text())["command"][-1] == "--json"


def crashing_agent(tmp_path) -> str:
    """An outside program whose file name holds <, &, and both quotes, that
    plays its first action until round 2 and then crashes."""
    return agent(tmp_path, """\
        if m["type"] == "decide" and m["state"]["round"] >= 2:
            print("about to fail <b>&", file=sys.stderr, flush=True)
            raise SystemExit(3)
        """, name='''my<bot>&"q".py''')


def test_a_duel_with_a_crashing_program_shows_its_forfeits_and_time_escaped(passport, tmp_path):
    name = crashing_agent(tmp_path)
    results, out = tmp_path / "duel.json", tmp_path / "duel.html"
    result = passport("tournament", "--bots", f"{name},random", "--games", "1", "--seed", "4",
                      "--round-cap", "30", "--out", results, "--report", out)
    assert result.exit_code == 0, result.output
    text = out.read_text()
    page = well_formed(text)
    words = page.words
    assert "my<bot>" not in text and "about to fail <b>" not in text
    assert "my&lt;bot&gt;&amp;&quot;q&quot;.py&#x27;" in text
    assert f"Tournament: {name}, random" in words
    # a duel: no crosstable, the head-to-head line instead
    assert "Row against column" not in words and f"{name} against random: score " in words
    document = json.loads(results.read_text())
    forfeits = document["results"]["forfeits"]
    assert len(forfeits) == 2 and {f["reason"] for f in forfeits} == {"crashed"}
    assert "Forfeits by cause: crashed ×2." in words
    rows = [row[:4] for row in page.rows if len(row) == 6 and row[0] != "Game"]
    assert rows == [[str(f["game"]), str(f["seat"]), name, "crashed"] for f in forfeits]
    assert "about to fail <b>&" in words
    use = document["results"]["time"][name]
    time_rows = [row for row in page.rows if row[0] == name and len(row) == 7]
    assert time_rows == [[name, "2", str(use["decisions"]), f"{use['total']:,.1f} s",
                          f"{use['mean'] * 1000:,.1f} ms", f"{use['max']:,.2f} s",
                          f"{use['most_in_a_game']:,.1f} s"]]
    per_game = [row for row in page.rows if len(row) == 8 and row[2] == name]
    assert len(per_game) == 2  # the program's own time in each game
    assert page.tags["svg"] == 5  # score, win rate, endings, lengths, time per game
    assert page.tags["circle"] == 2 + 2 + 2  # a dot per bot per interval chart, per game


def test_a_summary_with_parts_missing_or_unknown_is_still_a_page():
    settings = {"players": 2, "bots": ["a<b", "c"], "games": 2, "deals": 1}
    games = [{"game": 1, "seats": ["a<b", "c"], "rounds": "many"}, "not a game"]
    document = {"settings": settings, "games": games, "command": "not a list",
                "results": {"bots": {"a<b": {"games": 2, "score": "high", "rating": None},
                                     "c": None},
                            "elo": {"difference": 35.2, "low": -10.0, "high": 80.9,
                                    "los": 0.91, "pairs": 1, "note": "<i>"},
                            "pool": [1, 2], "tables": {"x": "y"}, "endings": {"center": "x"},
                            "sprt": {"llr": 0.5}, "time": [], "forfeits": "none"}}
    page = well_formed(report_page(document, "a&b.json"))
    words = page.words
    assert "Tournament: a<b, c" in words and "from a&b.json" in words
    assert page.row_of("a<b")[1:4] == ["2", "—", "—"]
    assert "Elo difference +35 (interval -10 to +81)." in words
    assert "note <i>" in words and "pairs 1" in words
    assert "The command: not recorded" in words and "pool" not in words
    assert page.tags["svg"] == 1  # the Elo's: no interval, ending or length could be drawn


def test_an_interrupted_run_reports_the_games_it_played(passport, tmp_path, monkeypatch):
    import arena.tournament as tournament

    def interrupted(settings, *, done, on_result, **options):
        on_result(tournament.play_scheduled(settings, tournament.schedule(settings)[0]))
        raise KeyboardInterrupt

    monkeypatch.setattr(tournament, "run_tournament", interrupted)
    out = tmp_path / "cut.html"
    result = passport("tournament", *THREE, "--report", out)
    assert result.exit_code == 130
    assert f"Report of the games played: {out}" in result.stdout
    words = well_formed(out.read_text()).words
    assert "incomplete: 1 of 3 games played" in words


@pytest.mark.parametrize("content, problem", [
    (None, "can't be read"),
    ("{not json", "not a tournament results file"),
    ('{"format": "passport-tournament", "version": 1, "settings": {}, "games": []}',
     "its settings name no bots"),
])
def test_a_missing_or_damaged_file_gets_one_sentence(passport, tmp_path, content, problem):
    results = tmp_path / "r.json"
    if content is not None:
        results.write_text(content)
    result = passport("report", results)
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: {results}: {problem}")
    assert not (tmp_path / "r.html").exists()


def test_a_report_never_overwrites_the_results_file(passport, tmp_path):
    results = tmp_path / "r.json"
    refused = passport("tournament", "--bots", "random,greedy", "--games", "1", "--seed", "1",
                       "--out", results, "--report", tmp_path / "." / "r.json")
    assert refused.exit_code == 2 and "would overwrite the results file" in refused.output
    assert not results.exists()
