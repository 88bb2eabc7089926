"""Action ids: encode/decode round-trip and readable text for every legal action."""

import random

from engine import Game
from engine import _layout as L
from engine.actions import decode, encode


def test_encode_decode_round_trip():
    for action in range(L.NUM_ACTIONS):
        d = decode(action)
        assert encode(d.name, d.arg) == action


def test_every_legal_action_has_text():
    for seed in range(10):
        game = Game.new(players=2 + seed % 5, extensions="all", seed=seed, round_cap=30)
        rnd = random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            texts = [game.action_text(a) for a in legal]
            assert all(texts) and len(set(texts)) == len(texts), texts
            game.apply(rnd.choice(legal))
