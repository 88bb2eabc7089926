"""`passport train`: self-play rows, a resumable run, and a fit that the same
seed makes again."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from arena.training import (
    GAMES_PER_PART, TrainingError, TrainingSettings, fit_networks, generate, load_rows,
    part_path, play_part, rate,
)
from bots.kernels import NUM_CLASSES, NUM_SEAT_FEATURES, feature_scratch, seat_features
from engine.kernels import DECIDER, STATE_SIZE, observe
from bots.networks import read_networks
from passport_cli.main import cli

TINY = TrainingSettings(bot="expert", think=0.00125, games=3, seed=5)  # 50 iterations a move


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    directory = tmp_path_factory.mktemp("run")
    assert generate(TINY, directory) == 1
    return directory


def test_a_part_holds_states_and_their_rows(run):
    with np.load(part_path(run, 0)) as part:
        states, shares = part["policy_states"], part["policy_y"]
    rows = load_rows(run)
    assert rows.positions > 0 and len(rows.policy_x) == len(states) > 0
    assert rows.value_x.shape[1:] == (6, NUM_SEAT_FEATURES)
    assert rows.policy_y.shape[1] == NUM_CLASSES
    assert np.allclose(rows.policy_y.sum(axis=1), 1.0, atol=1e-5)
    assert np.array_equal(rows.policy_y, shares)
    # the seats that are not at the table are all zeros
    for x, players in zip(rows.value_x, rows.value_players):
        assert not x[players:].any() and x[:players].any()
    assert set(rows.value_winner) <= set(range(-1, 6))
    assert np.allclose(rows.value_fitted.sum(axis=1), 1.0)
    # the search's estimates, where the decider searched, are win chances
    searched = ~np.isnan(rows.value_estimates[:, 0])
    assert searched.any()
    for estimate, players in zip(rows.value_estimates[searched], rows.value_players[searched]):
        assert np.isclose(estimate[:players].sum(), 1.0, atol=1e-4)
        assert np.isnan(estimate[players:]).all()
    # a policy row is what its decider knew (R7.4): the same from its observation
    x = np.empty(NUM_SEAT_FEATURES)
    obs = np.empty(STATE_SIZE, np.int64)
    for S, row in zip(states[:20], rows.policy_x):
        observe(S, S[DECIDER], obs)
        seat_features(obs, S[DECIDER], x, feature_scratch(), False)
        assert np.allclose(x, row)


def test_a_part_that_is_not_one_is_one_sentence(tmp_path):
    (tmp_path / "part-00000.npz").write_bytes(b"junk")
    with pytest.raises(TrainingError, match="not a part of a training run"):
        load_rows(tmp_path)
    np.savez(tmp_path / "part-00000.npz", value_states=np.zeros((2, 5)), value_winner=np.zeros(2),
             value_estimates=np.zeros((2, 6)), policy_states=np.zeros((0, 5)),
             policy_y=np.zeros((0, NUM_CLASSES)))
    with pytest.raises(TrainingError, match="of this version"):
        load_rows(tmp_path)


def test_a_part_is_the_same_when_played_again(run):
    again = play_part(TINY, 0)
    with np.load(part_path(run, 0)) as kept:
        for name, array in again.items():
            assert np.array_equal(kept[name], array, equal_nan=True)


def test_a_run_goes_on_and_refuses_other_settings(run):
    assert generate(TINY, run) == 0  # nothing missing
    other = TrainingSettings(bot="expert", think=0.00125, games=3, seed=6)
    with pytest.raises(TrainingError, match="other settings"):
        generate(other, run)
    assert json.loads((run / "run.json").read_text())["seed"] == 5


def test_settings_are_checked():
    with pytest.raises(TrainingError, match="does not search"):
        TrainingSettings(bot="greedy")
    with pytest.raises(TrainingError, match="unknown bot"):
        TrainingSettings(bot="nobody")
    assert TrainingSettings(games=GAMES_PER_PART + 1).parts == 2


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_the_same_seed_fits_the_same_weights(run):
    rows = load_rows(run)
    a = fit_networks(rows, hidden=8, seed=1, max_iter=20)
    b = fit_networks(rows, hidden=8, seed=1, max_iter=20)
    c = fit_networks(rows, hidden=8, seed=2, max_iter=20)
    d = fit_networks(rows, hidden=8, seed=1, max_iter=20, search_share=0.5)
    assert np.array_equal(a.value.flat(), b.value.flat())
    assert not np.array_equal(a.value.flat(), d.value.flat())
    assert np.array_equal(a.policy.flat(), b.policy.flat())
    assert not np.array_equal(a.value.flat(), c.value.flat())
    rating = rate(a, rows)
    assert rating["value_log_likelihood"] is None or rating["value_log_likelihood"] < 0
    assert 0 <= rating["policy_top_class_agreement"] <= 1


def test_the_commands(run, tmp_path):
    runner = CliRunner()
    out = tmp_path / "nets.msgpack"
    result = runner.invoke(cli, ["train", "fit", str(run), "--out", str(out), "--hidden", "8"])
    assert result.exit_code == 0, result.output
    assert "Fitted on" in result.output
    nets = read_networks(out)
    assert nets.value.hidden == 8 and nets.trained["run"] == str(run)
    result = runner.invoke(cli, ["train", "games", "--out", str(run), "--games", "3",
                                 "--think", "0.00125", "--seed", "6"])
    assert result.exit_code == 2 and "other settings" in result.output
    result = runner.invoke(cli, ["train", "fit", str(tmp_path), "--out", str(out)])
    assert result.exit_code == 2 and "holds no games" in result.output
    result = runner.invoke(cli, ["train", "games", "--out", str(tmp_path / "one"), "--games", "1",
                                 "--think", "0.00125"])
    assert result.exit_code == 0, result.output
    assert "part 1 of 1 done" in result.output and part_path(tmp_path / "one", 0).exists()


@pytest.mark.slow
def test_ray_plays_the_parts_local_processes_play(ray_instance, run, tmp_path):
    """The same parts, as Ray tasks (`passport train games --backend ray`)."""
    assert generate(TINY, tmp_path, backend="ray") == 1
    with np.load(part_path(run, 0)) as local, np.load(part_path(tmp_path, 0)) as remote:
        for name in local.files:
            assert np.array_equal(local[name], remote[name], equal_nan=True)


def test_a_folder_that_cannot_be_written_is_one_sentence(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(TrainingError, match="can't be written"):
        generate(TINY, blocker / "run")
