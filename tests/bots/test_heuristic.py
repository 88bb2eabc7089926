"""The search's scoring helpers (bots/_heuristic.py) agree with their definitions."""

import numpy as np

from bots import _heuristic as H
from bots.baselines import GreedyBot
from engine import Game
from engine import kernels as L
from engine import cards as C
from engine.kernels import CARD_KIND


def trade_asks(players, games=6):
    """States at a trade's ask (PH_TRADE_ASK) in seeded greedy games: the
    offerer's observation (unseen cards hidden, as the greedy bot scores)
    and the full state (a sampled world, as the search scores)."""
    states = []
    for seed in range(games):
        game = Game.new(players=players, extensions="all", seed=seed)
        bots = [GreedyBot(s) for s in range(players)]
        while not game.over and len(states) < 80 * (seed + 1):
            if game.phase == L.PH_TRADE_ASK:
                view = game.view(game.decider)
                states.append((view.observation, view.legal_actions))
                states.append((game.snapshot(), view.legal_actions))
            game.apply(bots[game.decider].choose(game.view(game.decider)))
    return states


def kind_chance_by_definition(S, seat, holder, kind):
    """The chance as first written, one kind at a time: 1 when a card of the
    kind lies in holder's hand; else 0.12 per copy somewhere seat does not
    know (not its hand, a hand, the discard pile or out of the game) per
    unseen card in holder's hand, at most 1."""
    cards = range(C.NUM_CARDS)
    in_hand = [c for c in cards if S[L.LOC + c] == holder]
    if any(CARD_KIND[c] == kind for c in in_hand):
        return 1.0
    unseen = S[L.HAND_SIZE + holder] - len(in_hand)
    copies = sum(1 for c in cards if CARD_KIND[c] == kind
                 and S[L.LOC + c] not in (seat, L.LOC_DISCARD, L.LOC_OUT) and not 0 <= S[L.LOC + c] < 6)
    return min(1.0, 0.12 * copies * unseen)


def test_kind_chances_match_the_one_kind_definition():
    out = np.empty(C.NUM_KINDS)
    checked = 0
    for players in (2, 4):
        for S, _ in trade_asks(players, games=3):
            seat, holder = S[L.DECIDER], S[L.TARGET]
            H.kind_chances(S, seat, holder, out)
            for kind in range(C.NUM_KINDS):
                assert out[kind] == kind_chance_by_definition(S, seat, holder, kind)
            checked += 1
    assert checked > 50


def test_scoring_all_asks_at_once_equals_scoring_each():
    scores = np.empty(L.NUM_ACTIONS)
    chances = np.empty(C.NUM_KINDS)
    checked = 0
    for players in (2, 3, 5):
        for S, legal in trade_asks(players):
            seat = S[L.DECIDER]
            actions = np.array(legal, np.int64)
            H.score_asks(S, actions, len(actions), seat, scores, chances)
            for i, action in enumerate(actions):
                assert scores[i] == H.score_action(S, action, seat)
            checked += 1
    assert checked > 100
