"""The fitted evaluation (bots/_evaluation.py); its fit: tests/arena/test_fitting.py."""

import numpy as np
import pytest

from engine import kernels as L
from engine import cards as C
from engine.kernels import REQUIRED
from bots import _evaluation as E
from bots.difficulty import make_bot
from bots.ismcts import IsmctsBot
from bots.search_settings import SearchSettings
from tests.engine.arrange import arrange


def item_cards(kind):
    return [c for c in range(C.NUM_CARDS) if C.CARD_KINDS[c] == kind]


def test_features_read_the_hand():
    S = arrange(players=3, extensions=C.ALL_EXTENSIONS).state  # the same seed gives the same countries
    need = [int(k) for k in REQUIRED[S[L.OWN + 0]]]
    hand = [item_cards(need[0])[0], item_cards(need[1])[0], C.FIRST_PASSPORT,
            C.FIRST_POSTCARD, C.FIRST_POSTCARD + 1]
    game = arrange(players=3, extensions=C.ALL_EXTENSIONS,
                   hands={0: hand, 1: [C.FIRST_FORBIDDEN], 2: []}, active=1)
    f = np.empty(E.NUM_FEATURES)
    E.features(game.state, 0, f)
    named = dict(zip(E.FEATURE_NAMES, f))
    assert named["2 items of the destination"] == 1 and named["1 item of the destination"] == 0
    assert named["a passport"] == 1 and named["2 postcards"] == 1 and named["1 postcard"] == 0
    assert named["cards in hand"] == 5 and named["ready to travel"] == 0
    assert named["turns until its own turn (0 = to move), of the table"] == pytest.approx(2 / 3)
    E.features(game.state, 1, f)
    named = dict(zip(E.FEATURE_NAMES, f))
    assert named["forbidden items"] == 1 and named["a passport"] == 0
    assert named["turns until its own turn (0 = to move), of the table"] == 0


def test_evaluation_is_a_distribution_that_favours_the_better_hand():
    game = arrange(players=2, extensions=C.ALL_EXTENSIONS,
                   hands={0: [C.FIRST_POSTCARD, C.FIRST_POSTCARD + 1, C.FIRST_POSTCARD + 2], 1: [0]})
    rewards = np.zeros(6)
    E.evaluate_fitted(game.state, rewards, E.EVALUATION_WEIGHTS, np.empty(E.NUM_FEATURES))
    assert rewards[:2].sum() == pytest.approx(1.0)
    assert rewards[0] > 0.7  # three postcards against a single item


def test_a_search_with_the_fitted_evaluation_plays_legal_moves():
    from engine import Game
    game = Game.new(players=3, extensions="all", seed=11)
    bot = IsmctsBot(SearchSettings(iterations=200, evaluation="fitted"), seed=1)
    for _ in range(30):
        if game.over:
            break
        view = game.view(game.decider)
        action = bot.choose(view) if game.decider == 0 else make_bot("greedy", 2).choose(view)
        assert action in view.legal_actions
        game.apply(action)


def test_an_unknown_evaluation_is_refused():
    with pytest.raises(ValueError, match="unknown evaluation"):
        SearchSettings(evaluation="magic").params(4)


def test_the_characters_are_features_that_the_evaluation_does_not_weigh():
    """Fitted with each seat's character too, the search was no better
    (docs/experiments.md): the fitted evaluation leaves those columns at 0."""
    from bots import _ismcts as K
    game = arrange(players=3, extensions=C.ALL_EXTENSIONS)
    f = np.empty(E.NUM_FEATURES)
    for seat in range(3):
        E.features(game.state, seat, f)
        ones = np.flatnonzero(f[E.FIRST_CHARACTER_FEATURE:])
        assert list(ones) == [game.state[L.CHARACTER + seat]]
    assert E.FEATURE_NAMES[E.FIRST_CHARACTER_FEATURE + C.PICKPOCKET] == "the Pickpocket"
    assert not E.EVALUATION_WEIGHTS[E.FIRST_CHARACTER_FEATURE:].any()
    block = slice(K.P_EVALUATION_WEIGHTS, K.P_EVALUATION_WEIGHTS + E.NUM_FEATURES)
    plain = SearchSettings(evaluation="fitted").params(4)[block]
    assert np.array_equal(plain, E.EVALUATION_WEIGHTS)
    assert not SearchSettings().params(4)[block].any()  # the hand-set evaluation reads no weights
