"""Results files of anyone's making: a tournament's (`passport tournament
--out`, resumed, read for a paired SPRT, and made a report of), a pool's
(`--pool`) and a calibration's. A damaged or crafted file is refused in one
sentence (ResultsFileError, CalibrationError) or read; it never raises
anything else, and a report is made of any tournament file that is read."""

import functools
import json

import pytest
from click.testing import CliRunner
from hypothesis import event, given
from hypothesis import strategies as st

from arena.calibration import CalibrationError, CalibrationSettings, load_games
from arena.pool import PoolSettings
from arena.tournament import (
    ResultsFileError, TournamentSettings, load_results, results_file_document, results_file_games,
    run_tournament, save_results,
)

from passport_cli.main import cli
from passport_cli.runs.report import report_page

from .conftest import FUZZ

SETTINGS = TournamentSettings(bots=("random", "greedy"), deals=2, seed=5, round_cap=30)
POOL = PoolSettings(bots=("random", "greedy", "planner"), players=2, deals=1, seed=5,
                    round_cap=30)
CALIBRATION = CalibrationSettings(bots=("easy", "random"), games=2, seed=5, round_cap=20)

ODD = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.integers(-3, 9),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=6),
    st.lists(st.integers(-2, 3), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.integers(0, 60).map(lambda depth: "[" * depth + "]" * depth),  # spliced as raw text below
)


@functools.lru_cache(maxsize=2)
def tournament_text(folder: str, settings: TournamentSettings = SETTINGS) -> str:
    path = f"{folder}/results-{len(settings.tables)}.json"
    save_results(path, settings, run_tournament(settings))
    with open(path, encoding="utf-8") as text:
        return text.read()


def paths(value, at=()):
    """Every place in a JSON value: the keys or indexes that lead to it."""
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, at + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, at + (index,))


def replaced(document, at, new):
    if not at:
        return new
    inner = document
    for step in at[:-1]:
        inner = inner[step]
    inner[at[-1]] = new
    return document


def damaged_text(text: str, data) -> str:
    """The text with one value replaced, or its bytes cut or changed."""
    how = data.draw(st.sampled_from(("value", "cut", "byte", "deep")))
    if how == "value":
        document = json.loads(text)
        places = list(paths(document))
        at = places[data.draw(st.integers(0, len(places) - 1))]
        new = data.draw(ODD)
        if isinstance(new, str) and new.startswith("["):
            return json.dumps(replaced(document, at, "@@")).replace('"@@"', new, 1)
        return json.dumps(replaced(document, at, new))
    if how == "cut":
        return text[:data.draw(st.integers(0, len(text)))]
    if how == "deep":
        depth = data.draw(st.sampled_from((33, 1000, 100_000)))
        return text.replace('"games"', '"deep": ' + "[" * depth + "]" * depth + ', "games"', 1)
    index = data.draw(st.integers(0, len(text) - 1))
    return text[:index] + data.draw(st.sampled_from(("9" * 5000, "\x00", "{", "]", "NaN", "é"))) + text[index + 1:]


def read_or_refused(*reads) -> None:
    """Each read of a file reads it or refuses it in one sentence (ResultsFileError)."""
    for read in reads:
        try:
            read()
            event("read")
        except ResultsFileError as error:
            assert "\n" not in str(error)
            event("refused")


@FUZZ
@given(st.data())
def test_a_damaged_tournament_results_file_is_refused_in_one_sentence_or_read(tmp_path_factory, data):
    folder = tmp_path_factory.getbasetemp()
    path = folder / "damaged.json"
    path.write_text(damaged_text(tournament_text(str(folder)), data), encoding="utf-8")
    read_or_refused(lambda: load_results(path, SETTINGS), lambda: results_file_games(path),
                    lambda: report_page(results_file_document(path)))


@FUZZ
@given(st.data())
def test_a_damaged_pool_results_file_is_refused_in_one_sentence_or_read(tmp_path_factory, data):
    """Its tables and each game's table too; a pool's file is never read as
    one table's, damaged or not."""
    folder = tmp_path_factory.getbasetemp()
    path = folder / "damaged-pool.json"
    path.write_text(damaged_text(tournament_text(str(folder), POOL), data), encoding="utf-8")
    read_or_refused(lambda: load_results(path, POOL), lambda: results_file_games(path))
    with pytest.raises(ResultsFileError) as refused:
        load_results(path, SETTINGS)
    assert "\n" not in str(refused.value)


@functools.lru_cache(maxsize=1)
def calibration_text(folder: str) -> str:
    from arena.calibration import run_calibration
    path = f"{folder}/calibration.json"
    run_calibration(CALIBRATION, path)
    with open(path, encoding="utf-8") as text:
        return text.read()


@FUZZ
@given(st.data())
def test_a_damaged_calibration_file_is_refused_in_one_sentence_or_read(tmp_path_factory, data):
    folder = tmp_path_factory.getbasetemp()
    path = folder / "damaged-calibration.json"
    path.write_text(damaged_text(calibration_text(str(folder)), data), encoding="utf-8")
    try:
        load_games(path, CALIBRATION)
        event("read")
    except CalibrationError as error:
        assert "\n" not in str(error)
        event("refused")


@pytest.mark.parametrize("inside", ["[" * 100_000 + "]" * 100_000, "9" * 5000, "-" + "9" * 41])
def test_tournament_out_refuses_a_crafted_results_file_in_one_sentence(tmp_path, inside):
    out = tmp_path / "results.json"
    crafted = '{"format": "passport-tournament", "version": 1, "deep": ' + inside + ', "games": []}'
    out.write_text(crafted)
    shown = CliRunner().invoke(cli, ["tournament", "--bots", "random,greedy", "--games", "2",
                                     "--out", str(out)], env={"NO_COLOR": "1", "COLUMNS": "80"})
    assert shown.exit_code != 0 and not isinstance(shown.exception, (RecursionError, ValueError))
    assert shown.output.count("\n") == 1 and "not a tournament results file" in shown.output
    assert out.read_text() == crafted


@pytest.mark.parametrize("field, value", [("players", {"\n": 0}), ("bots", ["a\nb", "c"]),
                                          ("deals", "9\n9")])
def test_a_file_value_with_a_line_break_is_refused_in_one_line(tmp_path_factory, field, value):
    folder = tmp_path_factory.getbasetemp()
    document = json.loads(tournament_text(str(folder)))
    document["settings"][field] = value
    path = folder / "line-break.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ResultsFileError) as refused:
        load_results(path, SETTINGS)
    assert "\n" not in str(refused.value) and "\\n" in str(refused.value)
