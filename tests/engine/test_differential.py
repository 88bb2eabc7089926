"""The numba kernels and the plain-Python reference model agree step by step:
same seed and same actions give the same legal actions, the same decider and
the same place for every card and country."""

import random

import pytest

from engine import Game
from engine.reference import ReferenceGame
from tests.sweeps import sweep

CONFIGS = [(p, ext) for p in (2, 3, 4, 5, 6) for ext in (0, 1, 2, 4, 8, 16, 31)]


def countries_of(game: Game) -> dict:
    return {
        "own": [game.own_country(s) if game.own_country(s) is not None else -1
                for s in range(game.players)],
        "center": game.center,
        "box": game.box(),
        "visited": [game.visited(s) for s in range(game.players)],
    }


@pytest.mark.parametrize("players,extensions", sweep(CONFIGS, quick={(2, 0), (4, 31)}))
def test_kernels_agree_with_the_reference(players, extensions):
    for seed in range(4):
        game = Game.new(players=players, extensions=extensions, seed=seed, round_cap=60)
        ref = ReferenceGame(players, extensions, seed, round_cap=60)
        assert game.start_seat == ref.start_seat
        rnd = random.Random(seed * 7 + players)
        while True:
            legal = game.legal_actions()
            assert legal == ref.legal_actions()
            assert game.decider == ref.decider
            assert game.card_places() == ref.card_places()
            assert countries_of(game) == ref.countries()
            if game.over:
                assert ref.over and game.outcome.reason == ref.reason
                assert (game.outcome.winner if game.outcome.winner is not None else -1) == ref.winner
                break
            action = rnd.choice(legal)
            game.apply(action)
            ref.apply(action)
