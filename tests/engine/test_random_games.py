"""Random games under every configuration end cleanly, with the invariants held."""

import random

import pytest

from engine import Game
from engine import cards as C
from engine import _layout as L
from tests.sweeps import sweep

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


@pytest.mark.parametrize("players,extensions", sweep(CONFIGS, quick={(2, 0), (4, 31)}))
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


def kernel_state_is_consistent(S) -> bool:
    """Every card in exactly one place, and the counts agree with the places."""
    places = {}
    for i in range(S[L.DRAW_SIZE]):
        places.setdefault(int(S[L.DRAW + (S[L.DRAW_HEAD] + i) % C.NUM_CARDS]), []).append("draw")
    for i in range(S[L.DISCARD_SIZE]):
        places.setdefault(int(S[L.DISCARD + i]), []).append("discard")
    for c in range(C.NUM_CARDS):
        loc = S[L.LOC + c]
        if loc < 6:
            places.setdefault(c, []).append(f"hand{loc}")
    if any(len(p) != 1 for p in places.values()):
        return False
    for s in range(S[L.PLAYERS]):
        if S[L.HAND_SIZE + s] != sum(1 for p in places.values() if p == [f"hand{s}"]):
            return False
    return True


@pytest.mark.parametrize("players", sweep(range(2, 7), quick={4}))
def test_thousands_of_kernel_games(players):
    """1,400 uniformly random games per player count (200 for each of: no
    extension, each extension alone, all five) end or reach the round cap."""
    import numpy as np

    from engine import kernels

    S = np.zeros(L.STATE_SIZE, np.int64)
    log = np.zeros((1, 4), np.int64)
    policy = np.zeros(1, np.int64)
    reasons = set()
    for extensions in (0, 1, 2, 4, 8, 16, 31):
        for seed in range(200):
            kernels.new_game(S, players, extensions, seed, 100, log)
            policy[0] = seed
            kernels.play_random(S, policy, 10**7, log)
            assert S[L.PHASE] == L.PH_OVER
            assert kernel_state_is_consistent(S)
            reasons.add(int(S[L.REASON]))
    assert L.REASON_ROUND_CAP in reasons
