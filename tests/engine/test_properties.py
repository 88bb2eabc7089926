"""Property tests (hypothesis): invariants that hold after every step of any game."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, IllegalActionError
from engine import _layout as L
from engine import cards as C

games = st.fixed_dictionaries({
    "players": st.integers(2, 6),
    "extensions": st.integers(0, C.ALL_EXTENSIONS),
    "seed": st.integers(0, 2**63 - 1),
    "choices": st.lists(st.integers(0, 10**6), min_size=1, max_size=400),
})

PAYMENT_PHASES = (L.PH_RECYCLE_PAY, L.PH_STEAL_PAY, L.PH_DISCARD, L.PH_DISPOSE_WITH)


def play(spec):
    """Yield (game, action) along the game that `spec`'s choices describe."""
    game = Game.new(players=spec["players"], extensions=spec["extensions"],
                    seed=spec["seed"], round_cap=50)
    for choice in spec["choices"]:
        if game.over:
            return
        actions = game.legal_actions()
        yield game, actions[choice % len(actions)]


@settings(max_examples=40, deadline=None)
@given(games)
def test_every_card_in_exactly_one_place(spec):
    cards = None
    for game, action in play(spec):
        game.apply(action)
        listed = game.draw_pile() + game.discard_pile() + game.look()
        for s in range(game.players):
            listed += game.hand(s)
        assert len(listed) == len(set(listed)), "a card lies in two places"
        if cards is None:
            cards = sorted(listed)
        # between decisions no card is in transit: the same cards, all placed
        assert sorted(listed) == cards


@settings(max_examples=40, deadline=None)
@given(games)
def test_hand_limits_and_forbidden_items(spec):
    for game, action in play(spec):
        actions = game.legal_actions()
        if game.phase in PAYMENT_PHASES:
            # R9.3: forbidden items never pay a cost nor go for the hand limit
            for a in actions:
                card = a - L.A_CARD
                assert not C.FIRST_FORBIDDEN <= card < C.FIRST_POSTCARD
        if game.phase == L.PH_MAIN:
            for s in range(game.players):  # R4.4
                limit = 9 if game.character(s) == C.BACKPACKER else 7
                assert game.hand_size(s) <= limit
        game.apply(action)


@settings(max_examples=40, deadline=None)
@given(games)
def test_legal_actions_never_empty_before_the_end(spec):
    for game, action in play(spec):
        assert game.legal_actions()
        assert game.decider >= 0
        game.apply(action)


@settings(max_examples=25, deadline=None)
@given(games)
def test_same_seed_and_actions_same_game(spec):
    actions, states = [], []
    for game, action in play(spec):
        actions.append(action)
        game.apply(action)
        states.append(game.snapshot())
    again = Game.new(players=spec["players"], extensions=spec["extensions"],
                     seed=spec["seed"], round_cap=50)
    for action, state in zip(actions, states):
        again.apply(action)
        assert np.array_equal(again.state, state)


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 5), st.integers(0, 2**63 - 1))
def test_determinize_keeps_the_observation(spec, observer, seed):
    game = None
    for game, action in play(spec):
        game.apply(action)
    if game is None:
        return
    seat = observer % game.players
    world = game.determinize(seat, seed)
    assert np.array_equal(world.observation(seat), game.observation(seat))
    # the sampled world is a real game: its own invariants hold
    for s in range(game.players):
        assert world.hand_size(s) == len(world.hand(s))
        assert all(not C.FIRST_EVENT <= c < C.FIRST_SPECIAL for c in world.hand(s))
    if game.decider == seat:
        assert world.legal_actions() == game.legal_actions()


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, L.NUM_ACTIONS - 1))
def test_illegal_actions_raise_and_change_nothing(spec, wrong):
    for game, action in play(spec):
        if wrong not in game.legal_actions():
            before = game.snapshot()
            try:
                game.apply(wrong)
            except IllegalActionError as error:
                assert isinstance(error, ValueError)
            else:
                raise AssertionError("an illegal action was accepted")
            assert np.array_equal(game.state, before)
        game.apply(action)


def check_pools(game):
    """The shuffle-pool bookkeeping matches where the pool cards really are."""
    S = game.state
    draw = game.draw_pile()
    for o in range(game.players):
        bit = 1 << o
        pooled = [c for c in range(C.NUM_CARDS) if S[L.NEW + c] & bit]
        for c in pooled:
            assert not game.knows(o, c), "a pool card is one the seat sees"
            assert S[L.LOC + c] < 6 or S[L.LOC + c] == L.LOC_DRAW
        for t in range(game.players):
            in_hand = sum(1 for c in pooled if S[L.LOC + c] == t)
            assert in_hand == S[L.HAND_NEW + o * 6 + t]
        top = int(S[L.DRAW_NEW + o])
        assert sorted(draw[:top]) == sorted(c for c in pooled if S[L.LOC + c] == L.LOC_DRAW)


@settings(max_examples=40, deadline=None)
@given(games)
def test_shuffle_pools_are_exact(spec):
    for game, action in play(spec):
        game.apply(action)
        check_pools(game)
