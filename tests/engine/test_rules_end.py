"""Scenario tests of R8 (end of the game), R9.4 (postcards) and R10.5 (round cap)."""

from engine import Game
from engine import _layout as L
from engine import cards as C
from tests.engine.rules_helpers import (
    POSTCARD, POSTCARDS, SPECIALS, PASSPORT, act, arrange, cards, kind, offer,
)

P1, P2, P3, P4, P5, P6 = POSTCARD
CAM, TENT = cards("Camera#1", "Tent#1")


def assert_won(game, seat, reason):
    assert game.over and game.outcome.winner == seat and game.outcome.reason == reason
    assert game.legal_actions() == [] and game.decider == -1


def test_r8_r9_4_fourth_postcard_by_a_draw_wins_at_once():
    game = arrange(players=2, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0], P1, P2, P3], 1: [PASSPORT[1]]}, draw=[P4, CAM])
    act(game, "draw")
    assert_won(game, 0, "postcards")
    assert game.draw_pile()[0] == CAM
    assert game.outcome.rounds == 1


def test_r9_4_three_postcards_do_not_win():
    game = arrange(players=2, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0], P1, P2], 1: [PASSPORT[1]]}, draw=[P3])
    act(game, "draw")
    assert not game.over and game.active == 1


def test_r9_4_credit_card_is_not_a_postcard():
    game = arrange(players=2, extensions=POSTCARDS | SPECIALS,
                   hands={0: [PASSPORT[0], P1, P2, P3], 1: [PASSPORT[1]]}, draw=[C.CREDIT_CARD])
    act(game, "draw")
    assert not game.over and C.CREDIT_CARD in game.hand(0)


def test_r8_fourth_postcard_by_a_trade_wins_before_the_bonus_draw():
    game = arrange(players=2, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0], P1, P2, P3, CAM], 1: [PASSPORT[1], P4]}, draw=[TENT])
    offer(game, 1, [CAM], [kind("Postcard")], reply=True)
    assert_won(game, 0, "postcards")
    assert game.draw_pile()[0] == TENT and TENT not in game.hand(0)


def test_r9_4_postcard_win_on_another_player_s_turn():
    game = arrange(players=3, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0], P4], 1: [PASSPORT[1], CAM], 2: [PASSPORT[2], P1, P2, P3]})
    offer(game, 2, [P4], [kind("Passport")], reply=True)
    assert_won(game, 2, "postcards")


def test_r8_trade_postcards_are_counted_when_the_exchange_is_complete():
    # seat 1 holds 3 postcards, gets one and gives one: it never holds 4
    game = arrange(players=2, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0], P4], 1: [PASSPORT[1], P1, P2, P3]}, draw=[CAM])
    offer(game, 1, [P4], [kind("Postcard")], reply=True)
    assert not game.over
    assert game.hand(1) == sorted([PASSPORT[1], P2, P3, P4])
    assert game.hand(0) == sorted([PASSPORT[0], P1, CAM])


def test_r9_4_fourth_postcard_by_a_steal_wins():
    game = arrange(players=2, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0], P1, P2, P3, CAM], 1: [P4]})
    act(game, "steal", 1)
    act(game, "card", CAM)
    assert_won(game, 0, "postcards")


def test_r9_4_fourth_postcard_by_a_recycle_wins():
    game = arrange(players=2, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0], P1, P2, P3, CAM], 1: [PASSPORT[1]]}, discard=[P4])
    act(game, "recycle")
    act(game, "card", CAM)
    act(game, "card", P1)
    act(game, "card", P4)
    assert not game.over                               # paid P1: back to 3
    game = arrange(players=2, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0], P1, P2, P3, CAM], 1: [PASSPORT[1]]}, discard=[P4])
    act(game, "recycle")
    act(game, "card", CAM)
    act(game, "card", PASSPORT[0])
    act(game, "card", P4)
    assert_won(game, 0, "postcards")


def test_r8_r10_5_round_cap_ends_with_no_winner_at_the_end_of_the_cap_round():
    for players in (2, 3):
        game = Game.new(players=players, extensions=0, seed=11, round_cap=2)
        start = game.start_seat
        for turn in range(2 * players):
            assert not game.over
            assert game.active == (start + turn) % players
            assert game.round == turn // players + 1
            act(game, "draw")
            while game.phase_name == "discard":
                game.apply(game.legal_actions()[0])
        assert game.over
        assert game.outcome.winner is None and game.outcome.reason == "round_cap"
        assert game.outcome.rounds == 2
        assert game.legal_actions() == []


def test_r8_round_cap_one_round():
    game = Game.new(players=4, extensions=0, seed=2, round_cap=1)
    for _ in range(3):
        act(game, "draw")
    assert not game.over
    act(game, "draw")
    assert game.over and game.outcome.reason == "round_cap" and game.outcome.rounds == 1


def test_r8_a_win_in_the_last_turn_of_the_cap_round_is_a_win():
    game = arrange(players=2, extensions=POSTCARDS,
                   hands={0: [PASSPORT[0]], 1: [PASSPORT[1], P1, P2, P3]}, draw=[CAM, P4])
    game.state[L.ROUND_CAP] = 1
    act(game, "draw")
    assert not game.over and game.active == 1
    act(game, "draw")
    assert_won(game, 1, "postcards")
