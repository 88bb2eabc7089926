"""bots/calibration.py: the reliability table, its error and Brier score,
games rated by the bots that searched them, and the resumable file."""

import json
from pathlib import Path

import pytest

from bots.calibration import (
    CHANCE_MAPS, CalibrationError, CalibrationGame, CalibrationSettings, Sample, brier_score,
    calibration_error, chance, chance_map, deciles, fit_chance_map, load_games, play_game, run_calibration,
    summary,
)
from engine import parse_extensions
from engine.cards import ALL_EXTENSIONS, EXT_POSTCARDS

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


def test_a_game_rates_only_the_searching_seats_moves():
    settings = CalibrationSettings(bots=("easy", "greedy"), games=1, seed=4, round_cap=30)
    game = play_game(1, settings)
    assert game.samples and {s.seat for s in game.samples} == {0}
    assert all(0.0 <= s.rating <= 1.0 for s in game.samples)
    assert play_game(1, settings) == game  # seeded


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


@pytest.mark.parametrize("budget", [250, 1_000, 4_000, 10_000, 40_000, 100_000])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_chance_map_keeps_order_and_ends(players, budget):
    ratings = [i / 200 for i in range(201)]
    chances = [chance(r, players, budget) for r in ratings]
    assert chances == sorted(chances)
    assert chance(0.0, players, budget) == 0.0 and chance(1.0, players, budget) == 1.0
    assert chances != ratings  # duels and larger tables each have their maps


def test_a_search_uses_the_map_fitted_nearest_its_budget():
    ALL = ALL_EXTENSIONS
    assert chance_map(4, 40_000) == CHANCE_MAPS[4, ALL, 40_000] == chance_map(3, 10_000)
    assert chance_map(6, 1_000) == CHANCE_MAPS[4, ALL, 1_000] == chance_map(4, 4_000)
    assert chance_map(2, 40_000) == CHANCE_MAPS[2, ALL, 1_000] == chance_map(2, 250)  # duels have one


def test_a_table_of_other_extensions_has_its_map_where_one_was_fitted():
    ALL, NO_POSTCARDS = ALL_EXTENSIONS, ALL_EXTENSIONS & ~EXT_POSTCARDS
    assert chance_map(4, 1_000, 0) == CHANCE_MAPS[4, 0, 1_000] != chance_map(4, 1_000, ALL)
    assert chance_map(3, 40_000, 0) == CHANCE_MAPS[4, 0, 1_000]  # its table's nearest budget
    assert chance_map(4, 1_000, NO_POSTCARDS) == CHANCE_MAPS[4, NO_POSTCARDS, 1_000]
    assert chance_map(4, 40_000, EXT_POSTCARDS) == CHANCE_MAPS[4, ALL, 40_000]  # none of its own
    assert chance_map(2, 1_000, 0) == CHANCE_MAPS[2, ALL, 1_000]
    assert chance(0.5, 4, 1_000, 0) == chance(0.5, 4, 1_000, 0) != chance(0.5, 4, 1_000)


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


@pytest.mark.parametrize("path", MEASURED, ids=lambda p: p.name)
def test_a_measured_file_holds_todays_bots_and_its_summary(path):
    """docs/strength.md quotes these files: each loads with the settings it
    records (so its bots search as today's levels do) and its summary is
    what its samples give."""
    document = json.loads(path.read_text(encoding="utf-8"))
    recorded = document["settings"]
    settings = CalibrationSettings(bots=tuple(recorded["bots"]), games=len(document["games"]),
                                   seed=recorded["seed"], round_cap=recorded["round_cap"],
                                   extensions=parse_extensions(recorded["extensions"]),
                                   think=recorded["think"])
    games = load_games(path, settings)
    assert set(games) == set(range(1, settings.games + 1))
    samples = [s for n in sorted(games) for s in games[n].samples]
    expected = summary(samples, len(games), settings.bots, settings.think, settings.extensions)
    assert document["summary"] == json.loads(json.dumps(expected))


def test_the_fit_command_fits_the_experts_seats_by_table_and_budget(tmp_path, capsys):
    from bots.calibration import _fit_command
    settings = CalibrationSettings(bots=("expert", "easy"), games=1, seed=4, round_cap=8, think=0.002)
    path = tmp_path / "calibration.json"
    samples = run_calibration(settings, path)
    _fit_command([str(path)])
    out = capsys.readouterr().out.splitlines()
    mine = [s for s in samples if s.seat == 0]  # the expert's; easy's are not fitted
    assert mine and len(mine) < len(samples)
    assert out[0] == f"# {path}: expert, {len(mine):,} ratings of 1 games"
    assert out[1] == f"(2, 31, 80): {fit_chance_map(mine)},"  # 0.002 s at 40,000 iterations a second
