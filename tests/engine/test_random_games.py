"""Random games under every configuration end cleanly, with the invariants held."""

import random

import pytest

from engine import Game
from engine import cards as C
from engine import _layout as L

CONFIGS = [(p, ext) for p in range(2, 7) for ext in (0, 1, 2, 4, 8, 16, 31)]


def check_invariants(game: Game) -> None:
    places = game.card_places()
    # every card of the game is in exactly one place; hand sizes agree
    for s in range(game.players):
        assert game.hand_size(s) == sum(1 for p in places if p == s)
        assert game.hand_size(s) == len(game.hand(s))
    in_piles = sorted(game.draw_pile() + game.discard_pile() + game.look() +
                      [c for c in range(C.NUM_CARDS) if 0 <= places[c] < 6])
    assert len(in_piles) == len(set(in_piles))
    # hand limits hold whenever no one is discarding (R4.4)
    if game.phase in (L.PH_MAIN,) or game.over:
        for s in range(game.players):
            limit = 9 if game.character(s) == C.BACKPACKER else 7
            assert game.hand_size(s) <= limit


@pytest.mark.parametrize("players,extensions", CONFIGS)
def test_random_games_end_cleanly(players, extensions):
    for seed in range(3):
        game = Game.new(players=players, extensions=extensions, seed=seed, round_cap=40)
        rnd = random.Random(seed)
        while not game.over:
            actions = game.legal_actions()
            assert actions, "the legal-action list is empty before the end"
            game.apply(rnd.choice(actions))
            check_invariants(game)
        assert game.legal_actions() == []
        assert game.outcome.reason in ("center", "postcards", "round_cap")
