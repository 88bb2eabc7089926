"""Hand beliefs (bots/_beliefs.py): reweighed worlds stay worlds the seat
cannot tell from the real one, and the weights really move the cards."""

import random

import numpy as np
import pytest

from engine import Config, Game
from engine import kernels as L
from engine import cards as C
from engine import kernels
from engine.kernels import CARD_KIND, LOC_HIDDEN, determinize
from bots import _beliefs as B


def greedy_positions(players, extensions, seed, every=9):
    from bots.difficulty import make_bot
    game = Game.new(players=players, extensions=extensions, seed=seed, round_cap=60)
    bots = [make_bot("greedy", seed + s) for s in range(players)]
    rnd = random.Random(seed)
    step = 0
    while not game.over:
        seat = game.decider
        legal = game.legal_actions()
        # greedy play with some random moves, so steals, trades and shuffles all happen
        action = rnd.choice(legal) if rnd.random() < 0.3 else bots[seat].choose(game.view(seat))
        game.apply(action)
        step += 1
        if step % every == 0 and not game.over:
            yield game


def reweighed(game, seat, seed, log_weights, sweeps=6):
    obs = game.observation(seat)
    world = np.empty(L.STATE_SIZE, np.int64)
    assert determinize(obs, seat, seed, world)
    table = np.zeros((6, C.NUM_CARDS))
    B.belief_table(obs, seat, log_weights, table)
    B.reweigh_hands(world, obs, seat, table, np.array([seed], np.int64), sweeps, B.belief_scratch())
    return obs, world


def check_world(obs, world, seat):
    """The world is complete, consistent, and the seat's view of it is `obs`."""
    game = Game(Config(players=int(obs[L.PLAYERS]), extensions=int(obs[L.EXT]),
                       round_cap=int(obs[L.ROUND_CAP])), world)
    assert np.array_equal(game.observation(seat), obs)
    counts = np.zeros((6, C.NUM_KINDS), np.int64)
    for c in range(C.NUM_CARDS):
        loc = world[L.LOC + c]
        if loc < 6:
            counts[loc, CARD_KIND[c]] += 1
            assert not C.FIRST_EVENT <= c < C.FIRST_SPECIAL, "an event in a hand (R9.1)"
    assert np.array_equal(counts.ravel(), world[L.KIND_COUNT:L.KIND_COUNT + 6 * C.NUM_KINDS])
    draw = game.draw_pile()
    assert sorted(draw) == sorted(c for c in range(C.NUM_CARDS) if world[L.LOC + c] == L.LOC_DRAW)
    pooled = [c for c in range(C.NUM_CARDS) if obs[L.NEW + c] >> seat & 1]
    for t in range(game.players):  # the seat's shuffle pool lies where it knows it lies
        assert sum(world[L.LOC + c] == t for c in pooled) == obs[L.HAND_NEW + seat * 6 + t]
    top = int(obs[L.DRAW_NEW + seat])
    assert sorted(draw[:top]) == sorted(c for c in pooled if world[L.LOC + c] == L.LOC_DRAW)


EXTREME = np.tile(np.array([3.0, -2.0, -3.0, 4.0, 5.0, -4.0, 2.0, 3.0, -3.0, 2.0, -2.0]), (B.ROUND_BUCKETS, 1))


@pytest.mark.parametrize("players,extensions", [(2, 0), (4, 31), (6, 31), (3, 15)])
def test_reweighed_worlds_keep_the_observation(players, extensions):
    checked = 0
    for k, game in enumerate(greedy_positions(players, extensions, seed=players * 10 + extensions)):
        seat = k % players
        for weights in (B.belief_weights(players), EXTREME):
            obs, world = reweighed(game, seat, 1000 + k, weights)
            check_world(obs, world, seat)
            checked += 1
    assert checked > 20


def rival_share(category, log_weights, sweeps, samples=60):
    """Share of the hidden cards of `category` (for the holder) that the
    sampled worlds put in rivals' hands, over some 4-player positions."""
    held = total = 0
    for k, game in enumerate(greedy_positions(4, 31, seed=5)):
        if k % 3:
            continue
        for i in range(samples // 10):
            obs, world = reweighed(game, 0, 7 * k + i, log_weights, sweeps)
            for t in range(1, 4):
                for c in range(C.NUM_CARDS):
                    if obs[L.LOC + c] == LOC_HIDDEN and B.card_category(obs, t, c) == category:
                        total += 1
                        held += world[L.LOC + c] == t
    return held / total


def test_weights_move_the_cards_they_name():
    """A heavy postcard weight puts more postcards in rivals' hands, a light
    one fewer; no sweeps leaves the uniform deal."""
    plain = rival_share(B.CAT_POSTCARD, EXTREME, sweeps=0)
    heavy = rival_share(B.CAT_POSTCARD, EXTREME, sweeps=6)
    light = rival_share(B.CAT_POSTCARD, -EXTREME, sweeps=6)
    assert light < plain - 0.03 and heavy > plain + 0.1, (light, plain, heavy)


def test_the_columns_of_a_card_name_what_the_seat_knows_of_it():
    """A card's weight columns: its category for the rival, then whether the
    seat last saw it in that rival's hand, and whether the rival asked for
    its kind this turn (postcards apart: asking for one says it collects
    them), and whether it declined an offer asking for its kind."""
    from tests.engine.rules_helpers import PASSPORT, POSTCARD, arrange, cards, country, kind, offer
    boots, tent, cam = cards("Hiking Boots#1", "Tent#1", "Camera#1")
    game = arrange(players=2, extensions=C.EXT_POSTCARDS,
                   hands={0: [PASSPORT[0], cam, POSTCARD[0]], 1: [PASSPORT[1], boots, tent, POSTCARD[1]]},
                   own={0: country("Japan"), 1: country("Peru")}, center=country("Egypt"))
    game.state[L.KNOWN + boots] = 0b11  # seat 0 once saw the Boots in seat 1's hand
    kernels.remember(game.state, 0)
    game.state[L.KNOWN + boots] = 0b10  # ... and has lost track of them since
    game.state[L.ACTIVE] = 1
    game.state[L.DECIDER] = 1
    offer(game, 0, [tent], [kind("Camera"), kind("Postcard")], reply=False)
    obs = game.observation(0)
    out = np.empty(B.WEIGHT_COLUMNS, np.int64)

    def columns(card):
        return sorted(out[:B.pair_columns(obs, 0, 1, card, out)])

    assert columns(boots) == [B.CAT_NEED_NOW, B.REMEMBERED]            # Peru needs Boots (R11.2)
    assert columns(cam) == [B.CAT_OTHER_ITEM, B.ASKED_FOR]
    assert columns(POSTCARD[1]) == [B.CAT_POSTCARD, B.ASKED_FOR_POSTCARD]
    assert columns(PASSPORT[1]) == [B.CAT_PASSPORT]
    seat1 = game.observation(1)  # seat 0 declined: seat 1 sees it refused a Camera
    assert sorted(out[:B.pair_columns(seat1, 1, 0, cam, out)]) == sorted(
        [B.card_category(seat1, 0, cam), B.REFUSED_ITS_KIND])
