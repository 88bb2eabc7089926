"""arena/calibration.py: the reliability table, its error and Brier score,
games rated by the bots that searched them, the resumable file, and the
chance maps fitted on such files."""

import json
from pathlib import Path

import pytest

from arena.calibration import (
    CalibrationError, CalibrationGame, CalibrationSettings, Sample, brier_score, calibration_error,
    deciles, fit_chance_map, fit_chance_maps, load_games, play_game, read_run, run_calibration,
    shown_samples, summary,
)
from bots.chances import chance
from engine.cards import ALL_EXTENSIONS

MEASURED = sorted((Path(__file__).parents[2] / "docs" / "calibration").glob("*.json"))


def samples(*pairs):
    return [Sample(1, 0, rating, outcome) for rating, outcome in pairs]


def test_deciles_group_by_rating_and_a_rating_of_one_falls_in_the_last():
    table = deciles(samples((0.05, 0.0), (0.07, 1.0), (0.55, 1.0), (1.0, 1.0)))
    assert [(d.low, d.samples) for d in table] == [(0.0, 2), (0.5, 1), (0.9, 1)]
    assert table[0].mean_rating == pytest.approx(0.06) and table[0].share_won == 0.5
    with pytest.raises(ValueError):
        deciles(samples((1.2, 1.0)))


def test_a_calibrated_set_has_no_error_and_an_overconfident_one_has():
    honest = samples(*[(0.25, 1.0)] + [(0.25, 0.0)] * 3 + [(0.75, 1.0)] * 3 + [(0.75, 0.0)])
    assert calibration_error(deciles(honest)) == pytest.approx(0.0)
    overconfident = samples((0.9, 0.0), (0.9, 1.0))
    assert calibration_error(deciles(overconfident)) == pytest.approx(0.4)
    assert brier_score(overconfident) == pytest.approx((0.81 + 0.01) / 2)


def test_a_draw_counts_a_share_of_the_win():
    game = CalibrationGame.of(3, None, [(0, 0.3), (2, 0.6)], players=4)
    assert [s.outcome for s in game.samples] == [0.25, 0.25]
    game = CalibrationGame.of(3, 2, [(0, 0.3), (2, 0.6)], players=4)
    assert [s.outcome for s in game.samples] == [0.0, 1.0]


@pytest.mark.slow
def test_a_game_rates_only_the_searching_seats_moves():
    settings = CalibrationSettings(bots=("easy", "greedy"), games=1, seed=4, round_cap=30)
    game = play_game(1, settings)
    assert game.samples and {s.seat for s in game.samples} == {0}
    assert all(0.0 <= s.rating <= 1.0 for s in game.samples)
    assert play_game(1, settings) == game  # seeded


@pytest.mark.slow
def test_a_run_resumes_its_file_and_refuses_another_runs(tmp_path):
    path = tmp_path / "calibration.json"
    settings = CalibrationSettings(bots=("easy", "greedy"), games=2, seed=4, round_cap=30)
    first = run_calibration(settings, path)
    assert set(load_games(path, settings)) == {1, 2}
    seen = []
    assert run_calibration(settings, path, on_game=seen.append) == first and seen == []
    document = json.loads(path.read_text())
    assert document["summary"]["samples"] == document["summary"]["levels"]["easy"]["samples"] == len(first)
    with pytest.raises(CalibrationError, match="other settings"):
        load_games(path, CalibrationSettings(bots=("easy", "greedy"), games=2, seed=5, round_cap=30))
    document["games"][0]["samples"][0][1] = 7.0
    path.write_text(json.dumps(document))
    with pytest.raises(CalibrationError, match="not one of this run"):
        load_games(path, settings)
    path.write_text("{")
    with pytest.raises(CalibrationError, match="not a calibration file"):
        load_games(path, settings)


def test_settings_need_a_searching_bot_and_known_names():
    with pytest.raises(CalibrationError, match="searching level"):
        CalibrationSettings(bots=("greedy", "planner"), games=1)
    with pytest.raises(CalibrationError):
        CalibrationSettings(bots=("hard", "nobody"), games=1)


def test_a_fitted_map_rises_and_pools_what_does_not():
    data = samples(*[(0.15, 0.0)] * 3 + [(0.15, 1.0)] + [(0.35, 0.0)] * 4 + [(0.85, 1.0)] * 2)
    knots = fit_chance_map(data, bins=10)
    # 0.15 (1 won of 4) and 0.35 (none of 4) disagree with the order: pooled, 1 of 8
    assert knots == ((0.25, 0.125), (0.85, 1.0))
    ys = [y for _, y in knots]
    assert ys == sorted(ys)


def test_the_summary_keeps_each_searching_bot_apart_and_maps_the_experts_alone():
    bots = ("expert", "medium", "planner", "medium")
    samples = [Sample(1, 0, 0.9, 1.0), Sample(1, 1, 0.2, 0.0), Sample(1, 3, 0.6, 0.0),
               Sample(2, 0, 0.3, 0.0), Sample(2, 3, 0.3, 1.0)]
    result = summary(samples, 2, bots, think=None, extensions=ALL_EXTENSIONS)
    assert list(result["levels"]) == ["expert", "medium"]  # the planner does not search
    expert, medium = result["levels"]["expert"], result["levels"]["medium"]
    assert expert["samples"] == 2 and medium["samples"] == 3  # both medium seats, no one else's
    assert medium["brier"] == pytest.approx((0.04 + 0.36 + 0.49) / 3)
    assert medium["calibrated_error"] is None  # no one is shown medium's chances
    shown = [Sample(1, 0, chance(0.9, 4, 40_000), 1.0), Sample(2, 0, chance(0.3, 4, 40_000), 0.0)]
    assert expert["calibrated_brier"] == pytest.approx(brier_score(shown))
    at_a_tenth = summary(samples, 2, bots, think=0.025, extensions=ALL_EXTENSIONS)["levels"]["expert"]
    assert at_a_tenth["brier"] == expert["brier"] != at_a_tenth["calibrated_brier"] != expert["calibrated_brier"]


def test_there_are_calibration_files():
    assert MEASURED, "docs/calibration/ holds no calibration file"


@pytest.mark.parametrize("path", MEASURED, ids=lambda p: p.name)
def test_a_measured_file_holds_todays_bots_and_its_summary(path):
    """docs/strength.md quotes these files: each loads with the settings it
    records (so its bots search as today's levels do) and its summary is
    what its samples give."""
    document = json.loads(path.read_text(encoding="utf-8"))
    settings, games = read_run(path)
    assert set(games) == set(range(1, settings.games + 1))
    samples = [s for n in sorted(games) for s in games[n].samples]
    expected = summary(samples, len(games), settings.bots, settings.think, settings.extensions)
    assert document["summary"] == json.loads(json.dumps(expected))


@pytest.mark.slow
def test_the_maps_are_fitted_on_the_experts_seats_by_table_and_budget(tmp_path):
    settings = CalibrationSettings(bots=("expert", "easy"), games=1, seed=4, round_cap=8, think=0.002)
    path = tmp_path / "calibration.json"
    samples = run_calibration(settings, path)
    [found] = shown_samples(path)
    mine = [s for s in samples if s.seat == 0]  # the expert's; easy's are not fitted
    assert mine and len(mine) < len(samples)
    assert (found.bot, found.games, list(found.samples)) == ("expert", 1, mine)
    assert found.key == (2, 31, 80)  # 0.002 s at 40,000 iterations a second
    assert fit_chance_maps([found, found]) == {(2, 31, 80): fit_chance_map(mine + mine)}


def test_a_file_that_holds_no_run_is_refused_in_one_sentence(tmp_path):
    path = tmp_path / "calibration.json"
    run_calibration(CalibrationSettings(bots=("easy", "greedy"), games=1, seed=4, round_cap=8), path)
    document = json.loads(path.read_text())
    del document["settings"]["seed"]
    path.write_text(json.dumps(document))
    with pytest.raises(CalibrationError, match="its settings are not a calibration run's"):
        read_run(path)
    path.write_text("[]")
    with pytest.raises(CalibrationError, match="not a calibration file of version 1"):
        shown_samples(path)
