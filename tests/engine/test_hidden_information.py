"""R7.4: a seat's observation holds what it may know, and nothing more."""

import random

import numpy as np
import pytest

from engine import Game
from engine import _layout as L
from engine import kernels
from engine.steps import Shuffle
from engine import cards as C
from engine._knowledge import LOC_HIDDEN
from tests.engine.rules_helpers import postcards_hidden_in_a_big_hand


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
    from engine.game import determinized
    with pytest.raises(ValueError, match="inconsistent"):
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
