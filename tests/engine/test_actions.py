"""Action ids: encode/decode round-trip and readable text for every legal action."""

import random

from engine import Game
from engine import _layout as L
from engine import cards as C
from engine.actions import ACTION_TEXTS, Phase, decode, encode


def test_encode_decode_round_trip():
    for action in range(L.NUM_ACTIONS):
        d = decode(action)
        assert encode(d.name, d.arg) == action


def test_every_legal_action_has_text():
    """Words name cards as people do ('take Sunscreen', not 'Sunscreen#2'), so
    two legal actions share their words only when they choose the two copies
    of one item; any other two read differently."""
    for seed in range(10):
        game = Game.new(players=2 + seed % 5, extensions="all", seed=seed, round_cap=30)
        rnd = random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            texts = [game.action_text(a) for a in legal]
            assert all(texts) and not any("#" in text for text in texts), texts
            meanings = {}
            for action, text in zip(legal, texts):
                d = decode(action)
                same_item = (d.name, C.card_kind(d.arg)) if d.name == "card" and d.arg < C.NUM_ITEMS else action
                assert meanings.setdefault(text, same_item) == same_item, texts
            assert [a.text for a in game.actions()] == texts
            assert [a.id for a in game.actions()] == legal
            game.apply(rnd.choice(legal))


def test_the_table_of_action_texts_is_what_each_phase_offers():
    """ACTION_TEXTS (and the table of docs/agent-protocol.md made from it)
    names exactly the actions each phase offers in play, and each action's
    words are its entry filled in."""
    offered = set()
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
    for seed in range(20):
        game = Game.new(players=2 + seed % 5, extensions="all", seed=seed, round_cap=60)
        rnd = random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            for action in legal:
                d = decode(action)
                offered.add((game.phase, d.name))
                template = ACTION_TEXTS[game.phase][d.name]
                text = game.action_text(action, names)
                fixed = template.split("{")[0]
                assert text.startswith(fixed) and text.endswith(template.split("}")[-1])
            game.apply(rnd.choice(legal))
    assert offered == {(phase, name) for phase, texts in ACTION_TEXTS.items() for name in texts}
    assert set(ACTION_TEXTS) == set(Phase) and not ACTION_TEXTS[Phase.OVER]
