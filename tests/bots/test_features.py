"""The learned networks' input (bots/_features.py): what a seat knows, and
nothing more (R7.4)."""

import numpy as np
import pytest

from engine import Game
from engine import kernels as L
from bots._features import (
    CLASS_END, CLASS_STEAL, CLASS_TRADE, CLASS_TRAVEL, FEATURE_NAMES, NUM_CLASSES, NUM_FEATURES,
    POLICY_CLASSES, action_class, feature_scratch, seat_features,
)
from bots.difficulty import make_bot


def features_of(S, seat, everything=False):
    out = np.empty(NUM_FEATURES)
    seat_features(S, seat, out, feature_scratch(), everything)
    return out


def positions(players, extensions, seed, every=7):
    """States of a greedy game, every `every` decisions."""
    game = Game.new(players=players, extensions=extensions, seed=seed)
    bots = [make_bot("greedy", seed * 10 + s) for s in range(players)]
    k = 0
    while not game.over:
        if k % every == 0:
            yield game.snapshot()
        game.apply(bots[game.decider].choose(game.view(game.decider)))
        k += 1


@pytest.mark.parametrize("players,extensions,seed", [(4, "none", 1), (4, "all", 2), (2, "all", 3),
                                                    (6, "all", 4), (3, "postcards", 5)])
def test_features_are_what_the_seat_knows(players, extensions, seed):
    """The features of a full state equal those of the seat's observation of
    it and of worlds dealt from that observation, whose other hands differ."""
    obs = np.empty(L.STATE_SIZE, np.int64)
    world = np.empty(L.STATE_SIZE, np.int64)
    checked = differing = 0
    for S in positions(players, extensions, seed):
        for seat in range(players):
            expected = features_of(S, seat)
            L.observe(S, seat, obs)
            assert np.array_equal(features_of(obs, seat), expected)
            for w in range(3):
                assert L.determinize(obs, seat, 1000 * seed + w, world)
                assert np.array_equal(features_of(world, seat), expected)
                differing += not np.array_equal(world[L.LOC:L.LOC + L.NUM_CARDS],
                                                S[L.LOC:L.LOC + L.NUM_CARDS])
            checked += 1
    assert checked > 20 and differing > 0  # the worlds did hide something


def test_a_seats_position_in_a_whole_state_reads_every_hand():
    """With everything, the features are the seat's position in the full
    state: a rival's unseen items count, as the value network scores a
    sampled world; without, they do not."""
    knows_less = 0
    for S in positions(4, "none", 9):
        for seat in range(4):
            whole = features_of(S, seat, True)
            told = features_of(S, seat)
            everyone = S.copy()
            everyone[L.KNOWN:L.KNOWN + L.NUM_CARDS] = (1 << 4) - 1
            assert np.array_equal(whole, features_of(everyone, seat))
            knows_less += not np.array_equal(whole, told)
    assert knows_less > 0


def test_features_see_what_a_seat_was_shown():
    """A card of a rival's hand counts once the seat knows where it is, not before."""
    S = next(positions(4, "none", 7))
    rival = 1
    passport = next(c for c in range(L.NUM_CARDS) if S[L.LOC + c] == rival
                    and L.CARD_KIND[c] == 16)  # every seat is dealt a passport (R3.1)
    S[L.KNOWN + passport] &= ~1  # seat 0 does not know it
    unseen = features_of(S, 0)
    S[L.KNOWN + passport] |= 1
    seen = features_of(S, 0)
    column = FEATURE_NAMES.index("seat +1: a known passport")
    assert unseen[column] == 0 and seen[column] == 1


def test_names_and_classes():
    assert len(FEATURE_NAMES) == NUM_FEATURES and len(set(FEATURE_NAMES)) == NUM_FEATURES
    assert len(POLICY_CLASSES) == NUM_CLASSES


def test_action_classes_name_seats_from_the_decider():
    game = Game.new(players=4, extensions="none", seed=3)
    S = game.snapshot()
    me = S[L.ACTIVE]
    assert action_class(S, L.A_DRAW) == 0 and action_class(S, L.A_RECYCLE) == 1
    for r in (1, 2, 3):
        seat = (me + r) % 4
        assert action_class(S, L.A_TRADE_TO + seat) == CLASS_TRADE + r
        assert action_class(S, L.A_STEAL_FROM + seat) == CLASS_STEAL + r
    assert action_class(S, L.A_TRAVEL) == CLASS_TRAVEL
    assert action_class(S, L.A_END_TURN) == CLASS_END


def test_the_searchs_own_worlds_keep_what_the_seat_knows():
    """The worlds the expert's search samples (beliefs, inference and all:
    `sample_world`) give the searching seat the features of its view, so
    the policy's prior at the root reads nothing the seat could not see."""
    from bots import _ismcts as K
    from bots._beliefs import belief_scratch, belief_table
    from bots.difficulty import LEVEL_SETTINGS
    settings = LEVEL_SETTINGS["expert"].at_table_of(4, 31)
    params = settings.params(4)
    world = np.empty(L.STATE_SIZE, np.int64)
    obs = np.empty(L.STATE_SIZE, np.int64)
    rng = np.array([12345], np.int64)
    checked = 0
    for S in positions(4, "all", 11, every=9):
        seat = S[L.DECIDER]
        L.observe(S, seat, obs)
        plan, base = L.new_deal_plan()
        assert L.deal_plan(obs, seat, plan, base)
        belief = np.zeros((6, L.NUM_CARDS))
        belief_table(obs, seat, params[K.P_BELIEF_WEIGHTS:K.P_VALUE_NETWORK].copy().reshape(
            (K.ROUND_BUCKETS, K.WEIGHT_COLUMNS)), belief)
        certain = np.ones(6, np.int64)
        K.certain_travellers(obs, seat, certain)
        expected = features_of(obs, seat)
        for _ in range(3):
            K.sample_world(world, obs, seat, params, plan, base, belief, belief_scratch(), certain, rng)
            assert np.array_equal(features_of(world, seat), expected)
            checked += 1
    assert checked > 10
