"""The fits of the bots' measured weights (arena/fitting.py): the
evaluation's conditional logit and the beliefs' correction rounds."""

import numpy as np
import pytest

from arena import fitting as F
from bots.kernels import FIRST_CHARACTER_FEATURE, NUM_FEATURES, ROUND_BUCKETS, belief_weights


def test_fit_recovers_known_weights():
    rng = np.random.default_rng(3)
    true = rng.normal(0, 1, NUM_FEATURES)
    x = rng.normal(0, 1, (6000, 6, NUM_FEATURES))
    masks = np.ones((6000, 6), bool)
    masks[:3000, 4:] = False
    z = np.where(masks, x @ true, -np.inf)
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    winners = np.array([rng.choice(6, p=row) for row in p])
    w = F.fit(x, masks, winners, ridge=0.1)
    assert np.abs(w - true).max() < 0.2
    assert F.log_likelihood(x @ w, masks, winners) > F.log_likelihood(x @ (0 * w), masks, winners)


def test_the_fit_runs_on_played_games():
    with_characters = F.fit_evaluation(6, 5)
    assert with_characters.training > with_characters.held_out > 0
    assert with_characters.weights[FIRST_CHARACTER_FEATURE:].any()
    assert F.weight_lines(with_characters)[-1].startswith("weights = np.array([")
    without = F.fit_evaluation(6, 5, characters=False)
    assert without.training == with_characters.training
    assert not without.weights[FIRST_CHARACTER_FEATURE:].any()
    line = F.weight_lines(without)[-1]
    assert line.startswith("EVALUATION_WEIGHTS = np.array([")
    assert np.allclose([float(v) for v in line.split("[")[1].rstrip("])").split(",")],
                       without.weights, atol=5e-4)
    assert without.uniform < 0 and without.fitted < 0 and without.hand_set < 0


def test_the_fit_plays_games_of_the_bot_it_is_given(monkeypatch):
    seated = []
    real = F.make_bot
    monkeypatch.setattr(F, "make_bot", lambda name, seed: seated.append(name) or real(name, seed))
    F.positions(2, 5, "planner")
    assert seated and set(seated) == {"planner"}


def test_a_fit_whose_games_had_no_winner_says_so_in_one_sentence(monkeypatch):
    monkeypatch.setattr(F, "positions", lambda games, seed, bot: F.Positions(
        np.zeros((0, 6, NUM_FEATURES)), np.zeros((0, 6), bool), np.zeros(0, np.int64),
        np.zeros((0, 6))))
    with pytest.raises(ValueError, match=r"^no game of the 1 fitted on, or of those kept aside, "
                                         r"had a winner; fit on more games$"):
        F.fit_evaluation(1, 5)


def test_the_belief_fit_compares_real_and_sampled_shares():
    found = F.belief_positions(2, 4, 7)
    assert found and all(obs.shape == state.shape for obs, state in found)
    total, real, sampled = F.shares(found, belief_weights(4), 2, 1, 7)
    assert total.sum() > 0 and (real <= total).all() and (sampled <= total + 1e-9).all()


def test_each_belief_round_samples_with_the_weights_the_round_before_corrected():
    found = F.belief_positions(2, 4, 7)
    rounds = list(F.belief_rounds(found, 2, 2, 1, 7))
    assert [r.round for r in rounds] == [0, 1, 2]
    assert not rounds[0].log_weights.any()  # the uniform deal first
    for before, after in zip(rounds, rounds[1:]):
        assert np.allclose(after.log_weights, before.log_weights + before.correction)
    assert len(rounds[0].share_lines()) == ROUND_BUCKETS
    assert rounds[0].share_lines()[0].startswith("  rounds 1-4: real/sampled needed now ")
