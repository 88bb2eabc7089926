"""R7.4: a seat's observation holds what it may know, and nothing more."""

import random

import numpy as np
import pytest

from engine import Game, StateError
from engine import _layout as L
from engine import kernels
from engine.steps import Shuffle
from engine import cards as C
from engine._knowledge import LOC_HIDDEN, let_decider_act
from engine._validate import check_state
from tests.engine.rules_helpers import postcards_hidden_in_a_big_hand
from tests.sweeps import sweep


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


@pytest.mark.slow
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
            shuffles += sum(1 for e in log.entries if isinstance(e, Shuffle))
            step += 1
            if step % 13 == 0 and not game.over:
                check_pools(game)
                seat = step % game.players
                world = game.determinize(seat, step)
                check_pools(world) if seat == 0 else None
                assert np.array_equal(world.observation(seat), game.observation(seat))
    assert shuffles > 20  # the scenario really exercises reshuffled piles


def test_a_seat_remembers_a_hand_it_has_lost_track_of():
    """R7.4: after a random steal, a third seat no longer knows where the
    victim's cards are, but it remembers where it last saw them; its memory is
    its own (observations show no other seat's), and a card seen going to a
    public place is no longer remembered in a hand."""
    from engine._knowledge import last_seen_in
    from tests.engine.rules_helpers import PASSPORT, act, arrange, cards
    cam, umb, tent = cards("Camera#1", "Umbrella#1", "Tent#1")
    game = arrange(players=3, hands={0: [PASSPORT[0], cam], 1: [umb, tent], 2: [PASSPORT[2]]})
    for c in (umb, tent):
        game.state[L.KNOWN + c] = 0b111  # seat 1's hand was shown to everyone
    kernels.remember(game.state, 0)
    act(game, "steal", 1)
    act(game, "card", cam)  # seat 0 pays with the Camera and takes one of them
    obs = game.observation(2)
    assert not game.knows(2, umb) and not game.knows(2, tent)
    assert last_seen_in(obs, 2, umb) == 1 and last_seen_in(obs, 2, tent) == 1
    assert last_seen_in(obs, 2, cam) == -1  # the Camera went to the discard pile, face up
    (stolen,) = set(game.hand(0)) - {PASSPORT[0]}
    assert last_seen_in(game.observation(0), 0, stolen) == 0  # the thief saw it arrive
    for seat in (0, 1):  # nothing of another seat's memory is in seat 2's observation
        assert all(last_seen_in(obs, seat, c) == -1 for c in range(C.NUM_CARDS))


def test_the_kinds_a_seat_asked_for_are_noted_until_its_next_turn():
    """R5.3: trade offers are public; the kinds asked for in a seat's latest
    turn are kept in the state, in every seat's observation."""
    from tests.engine.rules_helpers import PASSPORT, arrange, cards, kind, offer
    cam, umb, tent = cards("Camera#1", "Umbrella#1", "Tent#1")
    game = arrange(players=2, hands={0: [PASSPORT[0], cam], 1: [PASSPORT[1], umb, tent]})
    offer(game, 1, [cam], [kind("Tent")], reply=False)
    asked = 1 << kind("Tent")
    assert game.observation(1)[L.ASKED + 0] == asked and game.observation(0)[L.ASKED + 0] == asked
    game.apply(game.legal_actions()[0])  # seat 0 takes its action (draws); seat 1's turn
    while game.active == 1 and not game.over:
        assert game.observation(1)[L.ASKED + 0] == asked  # still known while others play
        game.apply(L.A_DRAW if L.A_DRAW in game.legal_actions() else game.legal_actions()[0])
    assert game.active == 0 and game.state[L.ASKED + 0] == 0  # a new turn starts with none noted


def test_an_observation_no_world_fits_is_refused():
    """One more hidden card in a rival's hand than there are hidden cards:
    no world fits, and determinize says so instead of dealing garbage."""
    game = Game.new(players=3, extensions=31, seed=4)
    seat = game.decider
    obs = game.observation(seat)
    rival = (seat + 1) % 3
    hidden = sum(1 for c in range(C.NUM_CARDS) if obs[L.LOC + c] == LOC_HIDDEN)
    obs[L.HAND_SIZE + rival] += hidden + 1
    assert not kernels.determinize(obs, seat, np.int64(1), np.empty_like(obs))
    from engine.game import determinized
    with pytest.raises(StateError, match="no way of dealing the cards it does not show"):
        determinized(game.config, obs, seat, 1)


def test_unreachable_tells_a_postcard_win_the_game_missed():
    """R8: the game ends when a player holds 4 postcards, so an unfinished
    game where one does is not a world any game reaches."""
    game = postcards_hidden_in_a_big_hand()
    assert not kernels.unreachable(game.state)  # 3 postcards: the game goes on
    S = game.state.copy()
    S[L.KIND_COUNT + 1 * C.NUM_KINDS + C.KIND_POSTCARD] += 1  # seat 1 counted with a fourth
    assert kernels.unreachable(S)
    S[L.PHASE], S[L.ACTIVE] = L.PH_TP_GIVE, 1
    assert not kernels.unreachable(S)  # its Trading Post is counted when complete
    S[L.ACTIVE] = 0
    assert kernels.unreachable(S)      # another seat's Trading Post is no excuse
    S[L.PHASE] = L.PH_OVER
    assert not kernels.unreachable(S)  # a game that ended is what R8 ends


def test_determinize_deals_only_worlds_the_rules_reach():
    """A bare `deal` of this observation gives seat 1 four postcards in many
    worlds; `determinize` deals those again, so none of its worlds does."""
    game = postcards_hidden_in_a_big_hand()
    obs = game.observation(0)
    plan, base = kernels.new_deal_plan()
    assert kernels.deal_plan(obs, 0, plan, base)
    out = np.empty_like(game.state)
    dealt = 0
    for seed in range(200):
        kernels.deal(plan, base, np.int64(seed), out)
        dealt += kernels.unreachable(out)
        world = game.determinize(0, seed)
        assert not kernels.unreachable(world.state)
        assert np.array_equal(world.observation(0), obs)
    assert dealt > 40  # the test position does deal such worlds


def replayed(players: int, seed: int, steps: int) -> Game:
    """The all-extension game of `seed` after `steps` random decisions."""
    game = Game.new(players=players, extensions="all", seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


# Worlds dealt for a seat that is not deciding, in the middle of another
# seat's move, that were no state of the game (random all-extension games:
# players, seed, decisions, seat, world seed, phase).
MID_MOVE = [
    (2, 0, 122, 1, 0, "recycle-pay"),        # the payer holds no card it may still pay
    (3, 1, 223, 0, 2, "steal-pay"),
    (5, 3, 293, 1, 0, "dispose-with"),
    (5, 18, 823, 0, 1, "discard"),
    (4, 17, 178, 0, 2, "local-guide-take"),  # only events set aside
    (2, 0, 140, 1, 0, "dispose-with"),       # the forbidden item named in another hand
    (5, 3, 222, 0, 0, "smuggle-to"),
    (2, 0, 330, 0, 0, "main"),               # a finished Trading Post's takings unknown
]


@pytest.mark.parametrize("players, seed, steps, seat, world_seed, phase", MID_MOVE)
def test_a_world_dealt_mid_move_is_a_state_of_the_game(players, seed, steps, seat, world_seed,
                                                       phase):
    game = replayed(players, seed, steps)
    assert game.phase_name == phase and game.decider != seat
    world = game.determinize(seat, world_seed)
    check_state(world.state, players, C.ALL_EXTENSIONS, 200)  # so the decider has an action
    assert np.array_equal(world.observation(seat), game.observation(seat))


@pytest.mark.parametrize("players", sweep([2, 3, 4, 5, 6], quick={3}))
def test_every_world_dealt_for_every_seat_is_a_state_of_the_game(players):
    """At every decision of random games, a world for each seat passes the
    checks a state from outside passes, the seat to decide has a legal
    action in it, and its seat sees in it what it sees in the game."""
    game = Game.new(players=players, extensions="all", seed=100 + players, round_cap=40)
    rng = random.Random(players)
    step = 0
    while not game.over:
        for seat in range(players):
            world = game.determinize(seat, step)
            check_state(world.state, players, C.ALL_EXTENSIONS, 40)
            assert np.array_equal(world.observation(seat), game.observation(seat))
        game.apply(rng.choice(game.legal_actions()))
        step += 1


@pytest.mark.parametrize("players, seed, steps, seat", [
    (2, 0, 122, 1), (3, 1, 223, 0), (5, 18, 823, 0), (4, 17, 178, 0)])
def test_a_deal_where_the_decider_cannot_act_is_made_one_where_it_can(players, seed, steps,
                                                                       seat):
    """`determinize` deals again a world where the seat to decide cannot
    take its next step; should every try give one, it changes the last
    (`let_decider_act`) into a world of the observation where it can."""
    game = replayed(players, seed, steps)
    obs = game.observation(seat)
    plan, base = kernels.new_deal_plan()
    assert kernels.deal_plan(obs, seat, plan, base)
    world, seen = np.empty_like(obs), np.empty_like(obs)
    legal = np.empty(L.NUM_ACTIONS, np.int64)
    stuck = 0
    for world_seed in range(300):
        kernels.deal(plan, base, np.int64(world_seed), world)
        if kernels.legal_actions(world, legal) > 0:
            continue
        stuck += 1
        assert let_decider_act(plan, world)
        check_state(world, players, C.ALL_EXTENSIONS, 200)
        kernels.observe(world, seat, seen)
        assert np.array_equal(seen, obs)
    assert stuck > 0  # the position does deal such worlds
