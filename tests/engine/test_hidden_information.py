"""R7.4: a seat's observation holds what it may know, and nothing more."""

import random

import numpy as np
import pytest

from engine import Game
from engine import _layout as L
from engine import cards as C
from engine._knowledge import LOC_HIDDEN


def random_positions(players, extensions, seeds=range(6), every=5):
    for seed in seeds:
        game = Game.new(players=players, extensions=extensions, seed=seed, round_cap=40)
        rnd = random.Random(seed)
        step = 0
        while not game.over:
            game.apply(rnd.choice(game.legal_actions()))
            step += 1
            if step % every == 0 and not game.over:
                yield game


@pytest.mark.parametrize("players,extensions", [(2, 0), (4, 31), (6, 31), (3, 2)])
def test_observation_shows_only_known_cards(players, extensions):
    for game in random_positions(players, extensions):
        for seat in range(players):
            obs = game.observation(seat)
            for c in range(C.NUM_CARDS):
                loc = game.state[L.LOC + c]
                if loc == seat:
                    assert obs[L.LOC + c] == seat  # its own hand, always
                elif 0 <= loc < 6:
                    shown = obs[L.LOC + c]
                    assert shown == (loc if game.knows(seat, c) else LOC_HIDDEN)
            assert obs[L.RNG] == 0
            for t in range(players):  # others' hand composition is not given away
                if t != seat:
                    assert not obs[L.KIND_COUNT + t * C.NUM_KINDS:
                                   L.KIND_COUNT + (t + 1) * C.NUM_KINDS].any()


@pytest.mark.parametrize("players,extensions", [(2, 0), (4, 31), (5, 31)])
def test_determinize_depends_on_the_observation_only(players, extensions):
    """Two states that look the same to a seat give the same sampled worlds."""
    for game in random_positions(players, extensions, every=9):
        seat = game.decider
        other = game.determinize(seat, 12345)  # same observation, other hidden cards
        assert np.array_equal(other.observation(seat), game.observation(seat))
        for seed in (1, 2):
            assert np.array_equal(game.determinize(seat, seed).state,
                                  other.determinize(seat, seed).state)


def test_drawn_card_is_private():
    game = Game.new(players=3, extensions=0, seed=4)
    seat = game.active
    top = game.draw_pile()[0]
    game.apply(L.A_DRAW)
    assert top in game.hand(seat)
    assert game.knows(seat, top)
    assert not any(game.knows(s, top) for s in range(3) if s != seat)


def test_mousetrap_question_is_asked_without_a_mousetrap():
    """R7.4/R9.2: the victim is asked whether or not it holds a Mousetrap."""
    for seed in range(40):
        game = Game.new(players=2, extensions=C.EXT_SPECIALS, seed=seed)
        a = game.active
        victim = 1 - a
        if C.MOUSETRAP in game.hand(victim):
            continue
        game.apply(L.A_STEAL_FROM + victim)
        if game.phase == L.PH_STEAL_PAY:
            game.apply(game.legal_actions()[0])
        assert game.phase == L.PH_MOUSETRAP and game.decider == victim
        assert game.legal_actions() == [L.A_NO]
        return
    raise AssertionError("no seed without a Mousetrap in the victim's hand")


def test_shuffle_pools_hold_over_long_games():
    """After reshuffles, determinize keeps every seat's pool knowledge exact."""
    from tests.engine.test_properties import check_pools
    shuffles = 0
    for seed in range(24):
        game = Game.new(players=2 + seed % 5, extensions=31 if seed % 3 else 0,
                        seed=seed, round_cap=120)
        rnd = random.Random(seed)
        step = 0
        while not game.over:
            log = game.apply(rnd.choice(game.legal_actions()))
            shuffles += sum(1 for e in log.entries if isinstance(e, tuple) and e[0] == "shuffle")
            step += 1
            if step % 13 == 0 and not game.over:
                check_pools(game)
                seat = step % game.players
                world = game.determinize(seat, step)
                check_pools(world) if seat == 0 else None
                assert np.array_equal(world.observation(seat), game.observation(seat))
    assert shuffles > 20  # the scenario really exercises reshuffled piles
